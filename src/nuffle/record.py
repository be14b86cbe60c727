"""Match records: JSON with configuration, teams, seed, actions and chance outcomes.

A sampled game's dice come back from its seed; an explicit or scripted game's outcomes are
listed in the record. Every record ends with a `final` block (finished or not, the score and a
fingerprint of the whole state), and replaying checks all three.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import replace
from pathlib import Path
from typing import Any, TypeGuard

from nuffle.core.actions import Action, IllegalActionError
from nuffle.core.dice import ExplicitRoller, Roller, RollerError, SampledRoller, ScriptedRoller
from nuffle.core.errors import NuffleError
from nuffle.core.game import Game
from nuffle.core.ruleset import LRB6, Ruleset, RulesetError
from nuffle.core.ruleset import ruleset as find_ruleset
from nuffle.core.teams import BB2020_TEAMS, TeamError, TeamSpec, rosters_for, team_from_dict, team_to_dict
from nuffle.core.types import CHANCE
from nuffle.files import parse_json, read_text, write_text
from nuffle.report import MatchReport

FORMAT = "nuffle-record"
VERSION = 1
ROLLERS = ("sampled", "explicit", "scripted")


class RecordError(NuffleError, ValueError):
    """A record file is malformed, tampered with, or does not replay."""


def fingerprint(game: Game) -> str:
    """A stable digest of the whole game state, the same on both engines: enum members count
    as their values (whether the Python engine holds a status as `Status.KO` or as 4 depends
    on how it got there, which the native engine cannot know)."""
    return hashlib.sha256(repr(_plain(game.state.key())).encode()).hexdigest()


def legacy_fingerprint(game: Game) -> str:
    """The digest records written before `fingerprint` ignored enum types hold (Python engine)."""
    return hashlib.sha256(repr(game.state.key()).encode()).hexdigest()


def _plain(value: object) -> object:
    """`value` with every int subclass but bool (IntEnum, IntFlag) as a plain int, in tuples."""
    if isinstance(value, tuple):
        return tuple(_plain(v) for v in value)
    if isinstance(value, int) and type(value) not in (int, bool):
        return int(value)
    return value


def to_record(game: Game) -> dict[str, Any]:
    """The record of a game so far (`final.over` says whether it finished)."""
    entries: list[list[Any]] = []
    for kind, value in game.history:
        if kind == "a":
            entries.append(["a", value.to_list()])
        else:
            entries.append(["c", list(value) if isinstance(value, tuple) else value])
    s = game.state
    return {
        "format": FORMAT,
        "version": VERSION,
        "config": {
            "board": game.config.board,
            "roller": game.config.roller,
            "assisted_moves": game.config.assisted_moves,
            "ruleset": game.config.ruleset,
        },
        "seed": game.config.seed,
        "teams": {"home": team_to_dict(s.specs[0]), "away": team_to_dict(s.specs[1])},
        "entries": entries,
        "final": {
            "score": [s.teams[0].score, s.teams[1].score],
            "over": game.is_over,
            "fingerprint": fingerprint(game),
        },
    }


def save(game: Game, path: str | Path) -> None:
    """Write a game's record as JSON; raises RecordError naming the file when it cannot be
    written (an existing file is then left as it was)."""
    try:
        write_text(Path(path), json.dumps(to_record(game)))
    except ValueError as exc:
        raise RecordError(str(exc)) from None


def _require(cond: bool, message: str) -> None:
    if not cond:
        raise RecordError(message)


def _is_int(v: object) -> TypeGuard[int]:
    return isinstance(v, int) and not isinstance(v, bool)


def _final(record: dict[str, Any]) -> tuple[bool, list[int], str]:
    """The record's `final` block, checked for shape: (over, score, fingerprint)."""
    final = record.get("final")
    _require(isinstance(final, dict),
             "the record has no 'final' block (finished flag, score, fingerprint): it is incomplete")
    assert isinstance(final, dict)
    over, score, fp = final.get("over"), final.get("score"), final.get("fingerprint")
    _require(isinstance(over, bool), f"'final.over' must be true or false, got {over!r}")
    if not (isinstance(score, list) and len(score) == 2 and all(_is_int(v) for v in score)):
        raise RecordError(f"'final.score' must be [home, away] integers, got {score!r}")
    _require(isinstance(fp, str) and len(fp) == 64,
             f"'final.fingerprint' must be a 64-character digest, got {fp!r}")
    return bool(over), [int(v) for v in score], str(fp)


def replay(record: dict[str, Any], reports: list[MatchReport] | None = None,
           ruleset: Ruleset | None = None) -> Game:
    """Rebuild a game from a record; raises RecordError naming the first problem. With a
    `reports` list, the game's match report (`nuffle.report`) is written while replaying and
    appended to it. The record is replayed by the ruleset it names (a playable one), or by
    `ruleset`, which it must name (a draft's record: `draft_ruleset(name)`). A ruleset with
    BB2020's characteristics rebuilds the BB2020 teams of the record from BB2020's rosters; a
    BB2020 team in a record of another ruleset is one line."""
    _require(isinstance(record, dict), "a record must be a JSON object")
    _require(record.get("format") == FORMAT, f"not a nuffle record (format is {record.get('format')!r})")
    _require(record.get("version") == VERSION, f"unsupported record version {record.get('version')!r}")
    config = record.get("config")
    if not isinstance(config, dict):
        raise RecordError("'config' must be an object")
    board = config.get("board")
    if not _is_int(board):
        raise RecordError(f"'config.board' must be an integer, got {board!r}")
    kind = config.get("roller", "sampled")
    _require(kind in ROLLERS, f"'config.roller' must be one of {', '.join(ROLLERS)}, got {kind!r}")
    seed = record.get("seed")
    if not _is_int(seed):
        raise RecordError(f"'seed' must be an integer, got {seed!r}")
    teams = record.get("teams")
    if not isinstance(teams, dict) or "home" not in teams or "away" not in teams:
        raise RecordError("'teams' must hold 'home' and 'away'")
    over, score, fp = _final(record)
    entries = record.get("entries")
    if not isinstance(entries, list):
        raise RecordError("'entries' must be a list")
    try:
        rules = record_ruleset(config, ruleset)
        home, away = (record_team(teams[side], f"teams.{side}", rules) for side in ("home", "away"))
        game = Game.new(home, away, seed=seed, board=board, roller=ExplicitRoller(),
                        assisted_moves=bool(config.get("assisted_moves", False)), ruleset=rules)
    except (ValueError, TypeError) as exc:
        raise RecordError(str(exc)) from exc
    report = None
    if reports is not None:
        report = MatchReport(game)
        reports.append(report)

    def _chance() -> None:
        game.sample_chance()
        if report is not None:
            report.after(game)

    sampled = kind == "sampled"
    # A sampled record lists only the outcomes that were given explicitly ("c" entries); the
    # others are drawn from the state's generator exactly as the original sampled roller did.
    # Explicit and scripted records list every outcome.
    for i, entry in enumerate(entries):
        _require(isinstance(entry, list) and len(entry) == 2 and entry[0] in ("a", "c"),
                 f"entry {i} must be [\"a\", action] or [\"c\", outcome]")
        what, value = entry
        try:
            if what == "a":
                while sampled and game.decider == CHANCE:
                    _chance()
                if report is None:
                    game.step(Action.from_list(value))
                else:
                    report.step(game, Action.from_list(value))
            else:
                game.apply_chance(tuple(value) if isinstance(value, list) else value)
                if report is not None:
                    report.after(game)
        except (IllegalActionError, RollerError, ValueError, TypeError) as exc:
            raise RecordError(f"entry {i} does not replay: {exc}") from exc
    while sampled and game.decider == CHANCE:
        _chance()
    roller: Roller = {"sampled": SampledRoller, "explicit": ExplicitRoller,
                      "scripted": ScriptedRoller}[kind]()
    game.roller = roller
    game.config = replace(game.config, home=home.race, away=away.race, roller=kind)
    s = game.state
    replayed = [s.teams[0].score, s.teams[1].score]
    if score != replayed:
        raise RecordError(f"the record says the score was {score} but it replays as {replayed}")
    if over != game.is_over:
        said = "finished" if over else "unfinished"
        raise RecordError(f"the record says the game is {said} but it replays "
                          f"{'to the end' if game.is_over else 'to an unfinished game'} "
                          f"(entries missing or added?)")
    if fp != fingerprint(game) and fp != legacy_fingerprint(game):
        raise RecordError("the replayed final state differs from the recorded fingerprint")
    return game


def record_ruleset(config: dict[str, Any], ruleset: Ruleset | None = None) -> Ruleset:
    """The ruleset a record's `config` names (lrb6 when it names none): a playable one, or
    `ruleset` when given, which it must name; RulesetError in one line otherwise."""
    name = config.get("ruleset", LRB6.name)
    if ruleset is None:
        return find_ruleset(name)
    if name != ruleset.name:
        raise RulesetError(f"this record is played by {name}, not {ruleset.name}: load it where {name} "
                           "is played")
    return ruleset


def record_team(raw: Any, source: str, rules: Ruleset) -> TeamSpec:
    """A team of a record (or a stored web game) played by `rules`: from BB2020's rosters when it
    names them and `rules` deals them; a BB2020 team under LRB6's rosters is one line."""
    if isinstance(raw, dict) and raw.get("ruleset") == BB2020_TEAMS and rosters_for(rules) != BB2020_TEAMS:
        raise TeamError(f"{source} is a BB2020 team: a match of {rules.name} plays LRB6's rosters")
    return team_from_dict(raw, source, rosters_for(rules))


def load(path: str | Path, reports: list[MatchReport] | None = None, ruleset: Ruleset | None = None) -> Game:
    """Read and replay a record file (`reports`, `ruleset`: as for `replay`); raises RecordError
    with a clear message naming it."""
    p = Path(path)
    try:
        record = parse_json(read_text(p), str(p))
    except ValueError as exc:
        raise RecordError(str(exc)) from None
    try:
        return replay(record, reports, ruleset)
    except RecordError as exc:
        raise RecordError(f"{p}: {exc}") from None
