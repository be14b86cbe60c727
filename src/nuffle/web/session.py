"""One live game on the server: the engine game, its seats, bots, dice log and public state."""

from __future__ import annotations

import asyncio
import json
from dataclasses import dataclass, field
from typing import Any

from nuffle.agents.base import Agent
from nuffle.core.actions import Action, ActionType
from nuffle.core.decision import DecisionKind
from nuffle.core.dice import GROUP_THRESHOLD, Chance, Dice, Outcome, Roller, SampledRoller, sample
from nuffle.core.errors import InputError
from nuffle.core.game import Game
from nuffle.core.types import BlockFace
from nuffle.formations import formation_names

SIDES = ("home", "away")
LOG_LIMIT = 400  # log lines kept in memory
LOG_SHOWN = 150  # log lines in a full state


class DiceLogRoller(SampledRoller):
    """A sampled roller that also notes every roll it makes, for the page's dice log."""

    def __init__(self) -> None:
        self.rolls: list[str] = []

    def resolve(self, event: Chance, rng: int) -> tuple[Outcome, int]:
        outcome, rng = sample(event, rng)
        self.rolls.append(describe_roll(event, outcome))
        return outcome, rng

    def copy(self) -> Roller:
        # Clones made for odds and paths must not write into this game's log.
        return SampledRoller()


def describe_roll(event: Chance, outcome: Outcome) -> str:
    """A log line for one roll, e.g. 'D6 (dodge) 3+: 5'."""
    name = event.describe()
    if event.kind == Dice.BLOCK:
        faces = outcome if isinstance(outcome, tuple) else (outcome,)
        shown = ", ".join(BlockFace(f).name.replace("_", " ").lower() for f in faces)
        return f"{name}: {shown}"
    if event.kind == Dice.D6 and event.group == GROUP_THRESHOLD:
        return f"{name} {event.n}+: {outcome}"
    return f"{name}: {outcome}"


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
    log: list[str] = field(default_factory=list)  # the last LOG_LIMIT lines
    log_end: int = 0  # lines ever logged: the number of the next line
    version: int = 0
    saved: int = 0  # actions already in the database
    error: str | None = None  # why a bot stopped, if one did
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    listeners: set[asyncio.Event] = field(default_factory=set)
    bot_task: asyncio.Task[None] | None = None
    _cache: tuple[int, str] | None = None

    @property
    def roller(self) -> DiceLogRoller:
        """The game's logging roller."""
        r = self.game.roller
        assert isinstance(r, DiceLogRoller)
        return r

    def is_bot(self, side: int) -> bool:
        """Whether `side` is played by a bot."""
        return self.seats[SIDES[side]].bot is not None

    def apply(self, action: Action) -> None:
        """Step the engine (IllegalActionError leaves everything unchanged) and log it."""
        text = self.game.describe(action)
        side = self.game.current_decider
        self.roller.rolls.clear()
        self.game.step(action)
        self.log.append(f"{side}: {text}")
        self.log.extend(f"  roll {r}" for r in self.roller.rolls)
        self.log_end += 1 + len(self.roller.rolls)
        self.roller.rolls.clear()
        if len(self.log) > LOG_LIMIT:
            del self.log[: len(self.log) - LOG_LIMIT]
        self.version += 1

    def notify(self) -> None:
        """Wake every websocket listener."""
        for ev in self.listeners:
            ev.set()

    def state(self, odds: dict[str, Any] | None = None) -> dict[str, Any]:
        """The public state: the engine's `to_json()` (seed hidden), the decision, the legal
        actions (`legal_groups`), the last log lines and what the page needs."""
        out = self._public(odds)
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
        d = g.decision()
        out["formations"] = []
        if formation_fits(g):
            kind = "defense" if d.side == g.state.kicking else "offense"
            try:
                out["formations"] = formation_names(g.config.board, kind)
            except ValueError:
                out["formations"] = []
        out["legal"] = legal_groups(g)
        out["error"] = self.error
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
        """The public state as JSON text, with the last LOG_SHOWN log lines."""
        first, lines = self.log_since(0)
        return f'{self._body(odds_fn)[:-1]}, "log_from": {first}, "log": {json.dumps(lines)}}}'

    def push_text(self, odds_fn: Any, since: int) -> tuple[str, int]:
        """A websocket state message for a watcher that has had the log up to line `since`:
        the state with only the log lines it has not had; also the new `since`."""
        first, lines = self.log_since(since)
        text = (f'{{"type": "state", "state": {self._body(odds_fn)[:-1]}, "log_from": {first}, '
                f'"log": {json.dumps(lines)}}}}}')
        return text, self.log_end
