"""Rewards: the events a learner's step produced, and reward functions over them.

The engine reports positions, not a stream of named events, so `EventTracker` derives events
by comparing the position before and after each engine decision (the learner's own and every
opponent decision in between). A reward function maps the summed `StepEvents` to a float.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, fields
from typing import Any

from nuffle.core.actions import ActionType
from nuffle.core.game import Game
from nuffle.core.state import GameState
from nuffle.core.types import Status
from nuffle.envs.decision import acting_action


@dataclass
class StepEvents:
    """What happened, from the learner's point of view, since its previous decision."""

    win: int = 0
    loss: int = 0
    draw: int = 0
    touchdowns: int = 0
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
        for f in fields(self):
            setattr(self, f.name, getattr(self, f.name) + getattr(other, f.name))

    def as_dict(self) -> dict[str, float]:
        """The events as a plain dict."""
        return {f.name: getattr(self, f.name) for f in fields(self)}


EVENT_NAMES = tuple(f.name for f in fields(StepEvents))

_MOVING = frozenset({ActionType.MOVE, ActionType.LEAP})


class EventTracker:
    """Turns consecutive positions into `StepEvents` for one side."""

    __slots__ = ("carrier", "col", "side", "snap_pos", "snap_score", "snap_status", "width")

    def __init__(self, game: Game, side: int) -> None:
        self.side = side
        b = game.state.board
        self.width = b.width
        self.col = [b.width - 1 - x if side else x for x in b.xs]
        self.snap_pos: list[int] = []
        self.snap_status: list[int] = []
        self.snap_score = (0, 0)
        self.carrier = -1
        self.snapshot(game.state)

    def snapshot(self, s: GameState) -> None:
        """Remember the position before an engine decision."""
        self.snap_pos = s.pos.copy()
        self.snap_status = s.status.copy()
        self.snap_score = (s.teams[0].score, s.teams[1].score)
        self.carrier = s.carrier()

    def after(self, game: Game, actor: int, action_type: ActionType, out: StepEvents) -> None:
        """Add the events of the decision just taken by `actor` (0/1) to `out`; re-snapshot."""
        s = game.state
        side = self.side
        opp = 1 - side
        score = (s.teams[0].score, s.teams[1].score)
        out.touchdowns += score[side] - self.snap_score[side]
        out.touchdowns_against += score[opp] - self.snap_score[opp]
        pteam = s.pteam
        before_pos, before_status = self.snap_pos, self.snap_status
        learner_turn = s.active == side or actor == side
        changed = s.status != before_status
        for p in s.ranges[opp] if changed else ():
            was, now = before_status[p], s.status[p]
            if was == now:
                continue
            if now == Status.KO and was != Status.KO:
                out.knockouts += 1
            elif now == Status.CASUALTY and was != Status.CASUALTY:
                out.casualties += 1
            if was == Status.STANDING and now != Status.STANDING and now != Status.SENT_OFF:
                if actor == side:
                    out.knockdowns += 1
                    sq = before_pos[p]
                    if s.pos[p] < 0 and sq >= 0 and _on_edge(s, sq):
                        out.crowd_pushes += 1
                elif action_type in _MOVING:
                    out.opponent_falls += 1
        old, new = self.carrier, s.carrier()
        old_own = old >= 0 and pteam[old] == side
        new_own = new >= 0 and pteam[new] == side
        if new_own and not old_own:
            out.ball_gained += 1
        if old >= 0 and pteam[old] == opp and new != old and learner_turn and actor == side:
            out.fumbles_caused += 1
        if new_own and old_own and new != old:
            pa = acting_action(s)
            kind = pa.kind if pa is not None else None
            if action_type in (ActionType.HANDOFF,) or kind == ActionType.START_HANDOFF:
                out.handoffs += 1
            else:
                out.completions += 1
        elif new_own and old < 0 and actor == side and action_type in (
            ActionType.PASS, ActionType.HAIL_MARY, ActionType.DUMP_OFF, ActionType.USE_REROLL,
            ActionType.USE_SKILL, ActionType.USE_PRO, ActionType.DECLINE,
        ):
            out.completions += 1
        if old_own and new == old and old >= 0:
            a, b = before_pos[old], s.pos[old]
            if a >= 0 and b >= 0:
                out.ball_progress += (self.col[b] - self.col[a]) / max(1, self.width - 1)
        self.snap_pos = s.pos.copy()
        self.snap_status = s.status.copy()
        self.snap_score = score
        self.carrier = new

    def finish(self, game: Game, out: StepEvents) -> None:
        """Add the result to `out` when the game is over."""
        if not game.is_over:
            return
        winner = game.result["winner"]
        if winner is None:
            out.draw += 1
        elif (winner == "home") == (self.side == 0):
            out.win += 1
        else:
            out.loss += 1


def _on_edge(s: GameState, sq: int) -> bool:
    b = s.board
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
PRESETS: dict[str, dict[str, float]] = {"win": WIN_LOSS, "ffai": FFAI}


class WeightedReward:
    """A reward that is a weighted sum of event counts."""

    def __init__(self, weights: Mapping[str, float]) -> None:
        unknown = sorted(set(weights) - set(EVENT_NAMES))
        if unknown:
            raise ValueError(f"unknown reward event {unknown[0]!r}: choose from {', '.join(EVENT_NAMES)}")
        self.weights = dict(weights)

    def __call__(self, events: StepEvents) -> float:
        return float(sum(w * getattr(events, k) for k, w in self.weights.items()))


def make_reward(spec: Any) -> RewardFn:
    """A reward function from a preset name ('win', 'ffai'), a dict of event weights, or a
    callable taking `StepEvents`; raises ValueError naming a bad spec."""
    if spec is None:
        return WeightedReward(WIN_LOSS)
    if isinstance(spec, str):
        if spec not in PRESETS:
            raise ValueError(f"unknown reward preset {spec!r}: choose one of {', '.join(PRESETS)}")
        return WeightedReward(PRESETS[spec])
    if isinstance(spec, Mapping):
        return WeightedReward(spec)
    if callable(spec):
        fn: RewardFn = spec
        return fn
    raise ValueError(f"reward must be a preset name, a dict of event weights or a callable, got {spec!r}")
