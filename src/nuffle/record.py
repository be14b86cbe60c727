"""Match records: JSON with configuration, teams, seed, actions and explicit chance outcomes.

Replaying a record reproduces the game exactly; `verify` checks the stored final fingerprint.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import replace
from pathlib import Path
from typing import Any

from nuffle.core.actions import Action, IllegalActionError
from nuffle.core.dice import ExplicitRoller, RollerError, SampledRoller
from nuffle.core.game import Game
from nuffle.core.teams import team_from_dict, team_to_dict
from nuffle.core.types import CHANCE

FORMAT = "nuffle-record"
VERSION = 1


class RecordError(ValueError):
    """A record file is malformed, tampered with, or does not replay."""


def fingerprint(game: Game) -> str:
    """A stable digest of the whole game state."""
    return hashlib.sha256(repr(game.state.key()).encode()).hexdigest()


def to_record(game: Game) -> dict[str, Any]:
    """The record of a game so far."""
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
    """Write a game's record as JSON."""
    Path(path).write_text(json.dumps(to_record(game)))


def _require(cond: bool, message: str) -> None:
    if not cond:
        raise RecordError(message)


def replay(record: dict[str, Any]) -> Game:
    """Rebuild a game from a record; raises RecordError naming the first problem."""
    _require(isinstance(record, dict), "a record must be a JSON object")
    _require(record.get("format") == FORMAT, f"not a nuffle record (format is {record.get('format')!r})")
    _require(record.get("version") == VERSION, f"unsupported record version {record.get('version')!r}")
    config = record.get("config")
    if not isinstance(config, dict):
        raise RecordError("'config' must be an object")
    board = config.get("board")
    if not isinstance(board, int):
        raise RecordError("'config.board' must be an integer")
    explicit = config.get("roller") == "explicit"
    seed = record.get("seed")
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise RecordError("'seed' must be an integer")
    teams = record.get("teams")
    if not isinstance(teams, dict) or "home" not in teams or "away" not in teams:
        raise RecordError("'teams' must hold 'home' and 'away'")
    try:
        home = team_from_dict(teams["home"], "teams.home")
        away = team_from_dict(teams["away"], "teams.away")
        game = Game.new(home, away, seed=seed, board=board, roller=ExplicitRoller(),
                        assisted_moves=bool(config.get("assisted_moves", False)))
    except (ValueError, TypeError) as exc:
        raise RecordError(str(exc)) from exc
    game.config = replace(game.config, home=home.race, away=away.race,
                          roller="explicit" if explicit else "sampled")
    entries = record.get("entries")
    if not isinstance(entries, list):
        raise RecordError("'entries' must be a list")
    # Chance nodes whose outcome the record lists ("c" entries) take it; all others are
    # sampled from the state's generator exactly as the original sampled roller did.
    for i, entry in enumerate(entries):
        _require(isinstance(entry, list) and len(entry) == 2 and entry[0] in ("a", "c"),
                 f"entry {i} must be [\"a\", action] or [\"c\", outcome]")
        kind, value = entry
        try:
            if kind == "a":
                while game.decider == CHANCE:
                    game.sample_chance()
                game.step(Action.from_list(value))
            else:
                outcome = tuple(value) if isinstance(value, list) else value
                game.apply_chance(outcome)
        except (IllegalActionError, RollerError, ValueError) as exc:
            raise RecordError(f"entry {i} does not replay: {exc}") from exc
    if not explicit:
        while game.decider == CHANCE:
            game.sample_chance()
    game.roller = ExplicitRoller() if explicit else SampledRoller()
    final = record.get("final")
    if final is not None:
        _require(isinstance(final, dict), "'final' must be an object")
        s = game.state
        score = [s.teams[0].score, s.teams[1].score]
        if final.get("score") is not None and final.get("score") != score:
            raise RecordError(f"the record says the score was {final.get('score')} but it replays as {score}")
        fp = final.get("fingerprint")
        if fp is not None and fp != fingerprint(game):
            raise RecordError("the replayed final state differs from the recorded fingerprint")
    return game


def load(path: str | Path) -> Game:
    """Read and replay a record file; raises RecordError with a clear message."""
    p = Path(path)
    try:
        text = p.read_text()
    except OSError as exc:
        raise RecordError(f"cannot read {p}: {exc.strerror or exc}") from exc
    try:
        record = json.loads(text)
    except json.JSONDecodeError as exc:
        raise RecordError(f"{p} is not valid JSON: {exc.msg} at line {exc.lineno}") from exc
    return replay(record)
