"""Rewards: the events a learner's step produced, and reward functions over them.

`EventTracker` reads the engine's event log (`GameState.log`: every decision taken, and the
pick-ups, catches and touchdowns it caused) after each engine decision -- the learner's own
and every opponent decision in between -- for touchdowns, completed passes and hand-offs.
The engine logs no event for knock-downs, injuries, falls, turnovers of the ball or ball
movement, so those are derived by comparing the position before and after the decision.
A reward function maps the summed `StepEvents` to a float. On a native game the tracker reads
the engine's state directly (`State.places`, `State.log`), never the Python snapshot.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping
from dataclasses import dataclass, fields
from itertools import islice
from typing import Any

from nuffle.core.actions import START_ACTIONS, ActionType
from nuffle.core.errors import InputError
from nuffle.core.game import Game
from nuffle.core.native_game import NativeGame
from nuffle.core.state import GameState
from nuffle.core.types import Event, Status


@dataclass(slots=True)
class StepEvents:
    """What happened, from the learner's point of view, since its previous decision."""

    win: int = 0
    loss: int = 0
    draw: int = 0
    touchdowns: int = 0  # the learner's touchdowns (scored by play: the log's SCORE events)
    touchdowns_against: int = 0
    knockouts: int = 0  # opponents knocked out
    casualties: int = 0  # opponents made casualties
    crowd_pushes: int = 0  # opponents pushed into the crowd by the learner's blocks
    completions: int = 0  # the learner's passes caught by a team-mate
    handoffs: int = 0  # the learner's hand-offs caught by a team-mate
    fumbles_caused: int = 0  # the opposing ball carrier lost the ball in the learner's turn
    knockdowns: int = 0  # opposing players knocked down in the learner's turn
    opponent_falls: int = 0  # opposing players who fell moving in their own turn (dodge, GFI, leap)
    ball_progress: float = 0.0  # columns the learner's carrier gained towards the end zone / (W - 1)
    ball_gained: int = 0  # the learner's team took possession of the ball

    def add(self, other: StepEvents) -> None:
        """Accumulate `other` into this record."""
        for name in EVENT_NAMES:
            setattr(self, name, getattr(self, name) + getattr(other, name))

    def as_dict(self) -> dict[str, float]:
        """The events as a plain dict."""
        return {name: getattr(self, name) for name in EVENT_NAMES}


EVENT_NAMES = tuple(f.name for f in fields(StepEvents))

_MOVING = frozenset({ActionType.MOVE, ActionType.LEAP})
_STARTS = frozenset(int(t) for t in START_ACTIONS)
_ENDS_THROW = _STARTS | {int(ActionType.END_TURN)}
#: Decisions that send the ball to a team-mate: a catch after one completes it.
_THROWS = {int(ActionType.PASS): "pass", int(ActionType.HAIL_MARY): "pass",
           int(ActionType.DUMP_OFF): "pass", int(ActionType.HANDOFF): "handoff"}
_DECISION, _CATCH, _SCORE = int(Event.DECISION), int(Event.CATCH), int(Event.SCORE)


class EventTracker:
    """Turns the engine's log and consecutive positions into `StepEvents` for one side."""

    __slots__ = ("board", "carrier", "col", "opponents", "pteam", "seen", "side", "snap_pos", "snap_status",
                 "throw", "width")

    def __init__(self, game: Game, side: int) -> None:
        self.side = side
        s = game.state  # the match's fixed facts: board, teams
        b = s.board
        self.board = b
        self.pteam = list(s.pteam)
        self.opponents = s.ranges[1 - side]
        self.width = b.width
        self.col = [b.width - 1 - x if side else x for x in b.xs]
        self.snap_pos: list[int] = []
        self.snap_status: list[int] = []
        self.carrier = -1
        pos, status, carrier, log = _read(game)
        self.seen = len(log)  # log entries already read
        self.throw: tuple[int, str] | None = None  # (side, "pass"/"handoff") of a ball in flight
        self.snap_pos, self.snap_status, self.carrier = pos.copy(), status.copy(), carrier

    def snapshot(self, s: GameState) -> None:
        """Remember the position before an engine decision."""
        self.snap_pos = s.pos.copy()
        self.snap_status = s.status.copy()
        self.carrier = s.carrier()

    def after(self, game: Game, actor: int, action_type: ActionType, out: StepEvents) -> None:
        """Add the events of the decision just taken by `actor` (0/1) to `out`; re-snapshot."""
        pos, status, new, log = _read(game)
        side = self.side
        pteam = self.pteam
        # the engine clears its log when a player action starts, then logs the decision
        start = 0 if int(action_type) in _STARTS or self.seen > len(log) else self.seen
        for entry in islice(log, start, None):
            ev = entry[0]
            if ev == _DECISION:
                kind = _THROWS.get(entry[1])
                if kind is not None:
                    self.throw = (actor, kind)
                elif entry[1] in _ENDS_THROW:
                    self.throw = None
            elif ev == _SCORE:
                if pteam[entry[1]] == side:
                    out.touchdowns += 1
                else:
                    out.touchdowns_against += 1
            elif ev == _CATCH and entry[3]:
                throw = self.throw
                if throw is not None and throw[0] == side and pteam[entry[1]] == side:
                    if throw[1] == "handoff":
                        out.handoffs += 1
                    else:
                        out.completions += 1
                self.throw = None
        self.seen = len(log)
        # no events for these: compare positions
        opp = 1 - side
        before_pos, before_status = self.snap_pos, self.snap_status
        if status != before_status:
            for p in self.opponents:
                was, now = before_status[p], status[p]
                if was == now:
                    continue
                if now == Status.KO:
                    out.knockouts += 1
                elif now == Status.CASUALTY:
                    out.casualties += 1
                if was == Status.STANDING and now != Status.STANDING and now != Status.SENT_OFF:
                    if actor == side:
                        out.knockdowns += 1
                        sq = before_pos[p]
                        if pos[p] < 0 and sq >= 0 and _on_edge(self.board, sq):
                            out.crowd_pushes += 1
                    elif action_type in _MOVING:
                        out.opponent_falls += 1
            self.snap_status = status.copy()
        old = self.carrier
        if old != new:
            old_own = old >= 0 and pteam[old] == side
            if new >= 0 and pteam[new] == side and not old_own:
                out.ball_gained += 1
            if old >= 0 and pteam[old] == opp and actor == side:
                out.fumbles_caused += 1
        elif old >= 0 and pteam[old] == side:
            a, b = before_pos[old], pos[old]
            if a >= 0 and b >= 0 and a != b:
                out.ball_progress += (self.col[b] - self.col[a]) / max(1, self.width - 1)
        if pos != before_pos:
            self.snap_pos = pos.copy()
        self.carrier = new

    def finish(self, game: Game, out: StepEvents) -> None:
        """Add the result to `out` when the game is over."""
        if not game.is_over:
            return
        winner = game.result.winner
        if winner is None:
            out.draw += 1
        elif (winner == "home") == (self.side == 0):
            out.win += 1
        else:
            out.loss += 1


def _read(game: Game) -> tuple[list[int], list[int], int, list[Any]]:
    """(squares, statuses, ball carrier, event log) of `game` now: a native game's straight
    from its engine state (lists made for the caller), a Python game's its state's own lists."""
    if isinstance(game, NativeGame):
        st = game.native_state
        pos, status, carrier = st.places()
        return pos, status, carrier, st.log
    s = game.state
    return s.pos, s.status, s.carrier(), s.log


def _on_edge(b: Any, sq: int) -> bool:
    x, y = b.xs[sq], b.ys[sq]
    return x in (0, b.width - 1) or y in (0, b.height - 1)


RewardFn = Callable[[StepEvents], float]

#: +1 for a win, -1 for a loss, 0 otherwise.
WIN_LOSS: dict[str, float] = {"win": 1.0, "loss": -1.0}
#: The shaping of the FFAI paper (Justesen et al. 2019).
FFAI: dict[str, float] = {
    "win": 5.0,
    "loss": -5.0,
    "touchdowns": 4.0,
    "touchdowns_against": -4.0,
    "knockouts": 3.0,
    "crowd_pushes": 3.0,
    "completions": 3.0,
    "fumbles_caused": 2.0,
    "knockdowns": 2.0,
    "handoffs": 2.0,
    "opponent_falls": 1.0,
    "ball_progress": 1.0,
    "ball_gained": 1.0,
}
#: Touchdowns only, scored and conceded: the measure the learning targets are stated in.
TOUCHDOWNS: dict[str, float] = {"touchdowns": 1.0, "touchdowns_against": -1.0}
PRESETS: dict[str, dict[str, float]] = {"win": WIN_LOSS, "ffai": FFAI, "touchdowns": TOUCHDOWNS}


def _finite(w: Any) -> bool:
    """Whether `w` is a finite int or float (not a bool, a string, NaN or an infinity)."""
    if isinstance(w, bool) or not isinstance(w, int | float):
        return False
    try:
        return math.isfinite(float(w))
    except OverflowError:  # an int beyond a float's range
        return False


class WeightedReward:
    """A reward that is a weighted sum of event counts."""

    def __init__(self, weights: Mapping[str, float]) -> None:
        unknown = sorted(set(weights) - set(EVENT_NAMES))
        if unknown:
            raise InputError(f"unknown reward event {unknown[0]!r}: choose from {', '.join(EVENT_NAMES)}")
        for name, w in weights.items():
            if not _finite(w):
                raise InputError(f"reward weight {name!r} must be a finite number, got {w!r:.40}")
        self.weights = {name: float(w) for name, w in weights.items()}

    def __call__(self, events: StepEvents) -> float:
        return float(sum(w * getattr(events, k) for k, w in self.weights.items()))


def make_reward(spec: Any) -> RewardFn:
    """A reward function from a preset name ('win', 'ffai', 'touchdowns'), a dict of event weights, or a
    callable taking `StepEvents`; raises ValueError naming a bad spec."""
    if spec is None:
        return WeightedReward(WIN_LOSS)
    if isinstance(spec, str):
        if spec not in PRESETS:
            raise InputError(f"unknown reward preset {spec!r}: choose one of {', '.join(PRESETS)}")
        return WeightedReward(PRESETS[spec])
    if isinstance(spec, Mapping):
        return WeightedReward(spec)
    if callable(spec):
        fn: RewardFn = spec
        return fn
    raise InputError(f"reward must be a preset name, a dict of event weights or a callable, got {spec!r}")
