"""Replay frames for the page's replay viewer: one compact position per decision of a record.

The record is first verified with `nuffle.record.replay`; the frames are then built by stepping
a fresh game through the same entries, keeping after each action the players' squares and
states, the ball, score, turn, the per-team scoreboard (`teams`, as the game page's state has
it) and the decision that followed, plus the match report's lines (`nuffle.report`) for what
that action did.
"""

from __future__ import annotations

from typing import Any

from nuffle.core.actions import Action
from nuffle.core.dice import ExplicitRoller, SampledRoller
from nuffle.core.game import Game
from nuffle.core.ruleset import Ruleset
from nuffle.core.types import CHANCE
from nuffle.record import RecordError, record_team, replay
from nuffle.report import MatchReport
from nuffle.web.colours import team_colours
from nuffle.web.session import scoreboard

MAX_ENTRIES = 50_000


def _frame(game: Game, lines: list[str]) -> dict[str, Any]:
    s = game.state
    b = s.board
    return {
        "players": [[*b.xy(s.pos[p.pid]), s.status[p.pid], s.pflags[p.pid]] if s.pos[p.pid] >= 0
                    else [None, None, s.status[p.pid], s.pflags[p.pid]] for p in s.info],
        "ball": list(b.xy(s.ball)) if s.ball >= 0 else None,
        "score": [s.teams[0].score, s.teams[1].score],
        "turn": [s.teams[0].turn, s.teams[1].turn],
        "rerolls": [s.teams[0].rerolls, s.teams[1].rerolls],
        "half": s.half,
        "weather": s.weather,
        "decision": game.decision().to_json(),
        "teams": scoreboard(game),
        "report": lines,
    }


def frames(record: Any, ruleset: Ruleset | None = None) -> dict[str, Any]:
    """Every position of a record (RecordError if it does not verify); `ruleset` as for
    `nuffle.record.replay` (a draft's record, on a server that plays drafts)."""
    final = replay(record, ruleset=ruleset)  # verifies the whole record first, fingerprint included
    entries = record["entries"]
    if len(entries) > MAX_ENTRIES:
        raise RecordError(f"the record has {len(entries)} entries; the viewer shows at most {MAX_ENTRIES}")
    explicit = record["config"].get("roller") == "explicit"
    teams, rules = record["teams"], final.state.rules
    game = Game.new(record_team(teams["home"], "home", rules), record_team(teams["away"], "away", rules),
                    seed=record["seed"], board=record["config"]["board"],
                    roller=ExplicitRoller() if explicit else SampledRoller(),
                    assisted_moves=bool(record["config"].get("assisted_moves", False)), ruleset=rules)
    start = game.to_json()
    report = MatchReport(game)
    out = [_frame(game, [])]
    turns: list[int] = []
    last_turn = (0, 0, 0)
    pending: list[str] = []  # lines of chance outcomes given before the next action
    for kind, value in entries:
        if kind == "c":
            game.apply_chance(tuple(value) if isinstance(value, list) else value)
            report.after(game)
            pending += report.last_lines
            continue
        while game.decider == CHANCE and not explicit:
            game.sample_chance()
            report.after(game)
            pending += report.last_lines
        report.step(game, Action.from_list(value))
        out.append(_frame(game, pending + report.last_lines))
        pending = []
        s = game.state
        turn = (s.half, s.teams[0].turn, s.teams[1].turn)
        if turn != last_turn:
            turns.append(len(out) - 1)
            last_turn = turn
    start["frames"] = out
    start["colours"] = team_colours(str(teams["home"].get("race", "")), str(teams["away"].get("race", "")))
    start["turns"] = turns
    start["final"] = final.result.to_dict()
    start["pitch"] = {"width": game.state.board.width, "height": game.state.board.height,
                      "wide_rows": game.state.board.variant.wide_rows,
                      "turns_per_half": game.state.board.variant.turns_per_half}
    return start
