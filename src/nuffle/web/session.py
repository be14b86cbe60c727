"""One live game on the server: the engine game, its seats, bots, match report and public state."""

from __future__ import annotations

import asyncio
import json
import time
from dataclasses import dataclass, field
from typing import Any

from nuffle.agents.base import Agent
from nuffle.core.actions import Action, ActionType
from nuffle.core.decision import DecisionKind
from nuffle.core.errors import InputError
from nuffle.core.game import Game
from nuffle.core.procedures.setup import setup_counts, setup_problem
from nuffle.core.procedures.turn import Turn
from nuffle.formations import formation_names
from nuffle.report import MatchReport, Names
from nuffle.report.prompt import prompt
from nuffle.web.colours import team_colours
from nuffle.web.store import LeagueLink
from nuffle.web.turn_clock import TurnClock

SIDES = ("home", "away")
OWNER = "owner"  # the seat row of a bot-v-bot game's creator (who may abort it)
LOG_LIMIT = 400  # log lines kept in memory
LOG_SHOWN = 150  # log lines in a full state


def action_to_json(action: Action) -> dict[str, Any]:
    """An action as the object the actions endpoint accepts."""
    return {
        "type": action.type.name,
        "player": action.player,
        "square": None if action.square is None else list(action.square),
    }


def legal_groups(game: Game) -> list[dict[str, Any]]:
    """The legal actions as the engine groups them: each group `{"type", "players", "squares"}`
    stands for every listed player with every listed square (an empty list: no player, or no
    square). A set-up is one group of ~15 players and ~200 squares, not 3,000 objects."""
    return [{"type": grp.type.name, "players": list(grp.players), "squares": [list(sq) for sq in grp.squares]}
            for grp in game.legal_actions().groups]


def expand_legal(groups: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Every action object (as the actions endpoint takes it) that `legal_groups` stands for."""
    return [{"type": g["type"], "player": p, "square": sq}
            for g in groups for p in (g["players"] or [None]) for sq in (g["squares"] or [None])]


def scoreboard(game: Game) -> dict[str, dict[str, Any]]:
    """Per side, what the scoreboard shows, read off the engine's team state: the team's name
    and race, score, turn, whether this is its turn, re-rolls left (and a Leader's), whether a
    re-roll was used this turn, the blitz, pass, hand-off and foul used this turn, apothecaries
    and bribes left."""
    s = game.state
    playing = next((p.side for p in reversed(s.stack) if isinstance(p, Turn)), None)
    out = {}
    for side, name in enumerate(SIDES):
        t, spec = s.teams[side], s.specs[side]
        out[name] = {
            "name": spec.name, "race": spec.race, "score": t.score, "turn": t.turn,
            "its_turn": playing == side, "rerolls": t.rerolls, "leader_reroll": t.bonus_reroll,
            "reroll_used": t.reroll_used,
            "used": {"blitz": t.blitz_used, "pass": t.pass_used, "handoff": t.handoff_used,
                     "foul": t.foul_used},
            "apothecaries": t.apothecaries, "bribes": t.bribes,
        }
    return out


def formation_fits(game: Game) -> bool:
    """Whether a named formation may set up the deciding side now: any set-up where players may
    be placed (in a Perfect Defence it only moves the players already on the pitch)."""
    d, legal = game.decision(), game.legal_actions()
    return (d.kind == DecisionKind.SETUP and d.side is not None
            and legal.group(ActionType.PLACE_PLAYER) is not None)


def action_from_json(raw: Any) -> Action:
    """Parse an action object ({type, player, square}) or its compact list; ValueError if bad."""
    if isinstance(raw, list):
        return Action.from_list(raw)
    if not isinstance(raw, dict):
        raise InputError(f"an action must be an object with 'type', 'player', 'square', got {raw!r}")
    unknown = set(raw) - {"type", "player", "square"}
    if unknown:
        raise InputError(f"unknown action field(s): {', '.join(sorted(unknown))}")
    return Action.from_list([raw.get("type"), raw.get("player"), raw.get("square")])


@dataclass
class Seat:
    """Who plays one side: a bot spec (a bot seat) or a token hash (a human seat)."""

    race: str
    bot: str | None = None
    token_hash: str | None = None


@dataclass
class LiveGame:
    """A game the server runs: the engine game, the seats and what the page shows."""

    id: str
    mode: str
    game: Game
    seats: dict[str, Seat]
    delay: float = 0.0
    agents: dict[int, Agent] = field(default_factory=dict)
    report: MatchReport | None = None  # the match report (`nuffle.report`), made at the first action
    log: list[str] = field(default_factory=list)  # the last LOG_LIMIT lines of the report
    log_end: int = 0  # lines ever logged: the number of the next line
    version: int = 0
    saved: int = 0  # actions already in the database
    error: str | None = None  # why a bot stopped, if one did
    ended: str | None = None  # 'aborted' or 'expired' if the game was ended before its end
    touched: float = 0.0  # wall-clock time of the last stored action (for expiry)
    owner_hash: str | None = None  # a bot-v-bot game's owner token hash
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    listeners: set[asyncio.Event] = field(default_factory=set)
    bot_task: asyncio.Task[None] | None = None
    clock: TurnClock | None = None  # the turn timer, if the game has one
    league: LeagueLink | None = None  # the league fixture it plays (`nuffle.web.league_seats`)
    _cache: tuple[int, str] | None = None

    def is_bot(self, side: int) -> bool:
        """Whether `side` is played by a bot."""
        return self.seats[SIDES[side]].bot is not None

    def apply(self, action: Action) -> None:
        """Step the engine (IllegalActionError leaves everything unchanged) and add the match
        report's new lines to the log."""
        if self.report is None:  # made before the first step, it reads the pre-match events too
            self.report = MatchReport(self.game, keep=False)
        self.report.step(self.game, action)
        self.note(self.report.last_lines)
        self.tick()

    def note(self, lines: list[str]) -> None:
        """Add lines to the log and count a change (the server's own lines come here too: a
        turn timer that ran out)."""
        self.log.extend(lines)
        self.log_end += len(lines)
        if len(self.log) > LOG_LIMIT:
            del self.log[: len(self.log) - LOG_LIMIT]
        self.version += 1

    def tick(self) -> None:
        """Let the turn timer follow the game (after every change, and on the server's sweep)."""
        if self.clock is not None:
            humans = frozenset(i for i in range(2) if not self.is_bot(i))
            self.clock.update(self.game, humans, time.monotonic())

    def clock_json(self) -> dict[str, Any] | None:
        """The turn timer as the page shows it, read now (not cached with the state)."""
        return self.clock.to_json(time.monotonic(), SIDES) if self.clock is not None else None

    def notify(self) -> None:
        """Wake every websocket listener."""
        for ev in self.listeners:
            ev.set()

    def state(self, odds: dict[str, Any] | None = None) -> dict[str, Any]:
        """The public state: the engine's `to_json()` (seed hidden), the decision, the legal
        actions (`legal_groups`), the last log lines and what the page needs."""
        out = self._public(odds)
        out["clock"] = self.clock_json()
        out["log_from"], out["log"] = self.log_since(0)
        return out

    def _public(self, odds: dict[str, Any] | None) -> dict[str, Any]:
        g = self.game
        out = g.to_json()
        out["config"] = dict(out["config"], seed=None)  # the seed would tell the future dice
        b = g.state.board
        out["id"] = self.id
        out["mode"] = self.mode
        out["version"] = self.version
        out["pitch"] = {"width": b.width, "height": b.height, "wide_rows": b.variant.wide_rows,
                        "turns_per_half": b.variant.turns_per_half}
        out["seats"] = {s: ("bot:" + seat.bot if seat.bot else "human") for s, seat in self.seats.items()}
        out["races"] = {s: seat.race for s, seat in self.seats.items()}
        out["colours"] = team_colours(self.seats["home"].race, self.seats["away"].race)
        d = g.decision()
        out["formations"] = []
        if formation_fits(g):
            kind = "defense" if d.side == g.state.kicking else "offense"
            try:
                out["formations"] = formation_names(g.config.board, kind)
            except ValueError:
                out["formations"] = []
        out["legal"] = legal_groups(g)
        out["teams"] = scoreboard(g)
        out["setup"] = None
        if d.kind == DecisionKind.SETUP and d.side is not None:  # the set-up rules' own counts
            # The engine says whether the set-up may end now (BB2020's Swarming may exceed 11).
            may_end = ActionType.END_SETUP in g.legal_actions().types()
            out["setup"] = {**setup_counts(g.state, d.side)._asdict(), "may_end": may_end,
                            "problem": None if may_end else setup_problem(g.state, d.side)}
        out["wizard"] = g.state.rules.wizard  # the Wizard's second spell: "lightning_bolt" or "zap"
        # The decision in words, from a view (public data only): players, roll, choices, odds.
        out["prompt"] = prompt(g.view(), Names(g.state)).to_json() if d.side is not None else None
        out["error"] = self.error
        out["ended"] = self.ended
        out["delay"] = self.delay
        out["odds"] = odds or {}
        return out

    def log_since(self, since: int) -> tuple[int, list[str]]:
        """(number of the first line, lines): the log lines from line `since` on, at most the
        last LOG_SHOWN (lines are numbered from 0 at the start of the game)."""
        first = max(since, self.log_end - min(len(self.log), LOG_SHOWN))
        return first, self.log[len(self.log) - (self.log_end - first):] if first < self.log_end else []

    def _body(self, odds_fn: Any) -> str:
        """The public state without the log, as JSON text (cached per version: every watcher
        of a game gets the same text, made once)."""
        if self._cache is not None and self._cache[0] == self.version:
            return self._cache[1]
        d = self.game.decision()
        odds = None
        if odds_fn is not None and d.side is not None and not self.is_bot(d.side):
            odds = odds_fn(self.game)
        text = json.dumps(self._public(odds))
        self._cache = (self.version, text)
        return text

    def state_text(self, odds_fn: Any = None) -> str:
        """The public state as JSON text, with the last LOG_SHOWN log lines and the turn timer."""
        first, lines = self.log_since(0)
        return (f'{self._body(odds_fn)[:-1]}, "clock": {json.dumps(self.clock_json())}, '
                f'"log_from": {first}, "log": {json.dumps(lines)}}}')

    def push_text(self, odds_fn: Any, since: int) -> tuple[str, int]:
        """A websocket state message for a watcher that has had the log up to line `since`:
        the state with only the log lines it has not had; also the new `since`."""
        first, lines = self.log_since(since)
        text = (f'{{"type": "state", "state": {self._body(odds_fn)[:-1]}, '
                f'"clock": {json.dumps(self.clock_json())}, "log_from": {first}, '
                f'"log": {json.dumps(lines)}}}}}')
        return text, self.log_end
