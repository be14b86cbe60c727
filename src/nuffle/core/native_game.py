"""A match on the native engine (`nuffle._native`) behind the public `Game` API, for what the
native engine has ported (see native/README.md).

`Game.new(engine="native")` still refuses (the native engine does not play whole matches
yet); the parity harness (`nuffle.parity`) and tests build native games with `NativeGame.start`
or `NativeGame.from_state`. Dice are sampled from the state's own generator (as a
`SampledRoller`), or left to the caller at chance nodes (`explicit=True`). A frame that is not
ported raises `NotPortedError` naming it and leaves the game as it was.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from nuffle.core.actions import (
    Action,
    ActionChoice,
    ActionType,
    IllegalActionError,
    LegalActions,
    MalformedActionError,
    action_problem,
)
from nuffle.core.decision import NO_DECISION, Decision, DecisionKind
from nuffle.core.dice import Chance, Dice, ExplicitRoller, Outcome, seed_state
from nuffle.core.engines import NATIVE, native_module
from nuffle.core.errors import InputError
from nuffle.core.native_state import native_board, state_data
from nuffle.core.position import PositionError, position_to_dict
from nuffle.core.procedures.base import FRAMES, Procedure
from nuffle.core.procedures.match import Match
from nuffle.core.ruleset import LRB6
from nuffle.core.skills import Skill
from nuffle.core.state import GameState
from nuffle.core.teams import TeamSpec
from nuffle.core.types import NOBODY, SIDE_NAMES, BallState, Event, RollKind, Status, Weather

__all__ = ["NativeGame", "frame_kinds", "state_from_data"]

_ENUMS: dict[str, type[Any]] = {
    "RollKind": RollKind,
    "ActionType": ActionType, "Skill": Skill, "Status": Status, "Dice": Dice,
    "Weather": Weather, "BallState": BallState, "DecisionKind": DecisionKind,
}


@cache
def frame_kinds() -> dict[str, tuple[tuple[str, str, str], ...]]:
    """Per frame id, its fields as the native engine lays them out: (name, kind, enum class)."""
    return {frame: tuple(fields) for frame, _cls, fields, _ported in native_module().FRAMES}


def _field_value(kind: str, enum: str, v: Any) -> Any:
    if kind == "bool":
        return bool(v)
    if kind == "enum":
        return _ENUMS[enum](v)
    if kind == "list":
        return list(v)
    if kind == "tuple":
        return tuple(v)
    return v


def _procedure(entry: list[Any]) -> Procedure:
    frame, phase, values = entry
    cls = FRAMES[frame]
    proc = object.__new__(cls)
    proc.phase = phase
    for (name, kind, enum), v in zip(frame_kinds()[frame], values, strict=True):
        setattr(proc, name, _field_value(kind, enum, v))
    return proc


def state_from_data(template: GameState, data: dict[str, Any]) -> GameState:
    """A Python state equal to the native state `data` (`State.dump()`) describes, built on a
    copy of `template` (a state of the same match: its teams, players and board), its event
    log included."""
    s = template.copy()
    b = s.board
    s.grid = list(b.template)
    for pid, p in enumerate(data["players"]):
        s.pos[pid] = p["square"]
        s.status[pid] = p["status"]
        s.pflags[pid] = p["flags"]
        if p["square"] >= 0:
            s.grid[p["square"]] = pid
    for side, t in enumerate(data["teams"]):
        ts = s.teams[side]
        for name in ("rerolls", "bonus_reroll", "turn", "score", "bribes", "apothecaries", "fame",
                     "igor"):
            setattr(ts, name, t[name])
        for name in ("reroll_used", "blitz_used", "pass_used", "handoff_used", "foul_used"):
            setattr(ts, name, bool(t[name]))
    for side, t in enumerate(data["teams"]):  # p3: the Wizard's spell
        s.teams[side].wizard = t["wizard"]
    s.fans = (data["fans"][0], data["fans"][1])
    s.stats = (tuple(data["teams"][0]["stats"][: len(s.stats[0])]),
               tuple(data["teams"][1]["stats"][: len(s.stats[1])]))
    for name in ("ball", "ball_state", "weather", "half", "first_kicker", "kicking", "active", "rng",
                 "decider", "waiting", "touchdown", "last_die", "reactor", "square", "last_square",
                 "extra_moves"):
        setattr(s, name, data[name])
    s.ok = bool(data["ok"])
    s.turnover = bool(data["turnover"])
    s.crowd = list(data["crowd"])
    s.pstats = tuple(data["pstats"])
    s.stack = [_procedure(e) for e in data["stack"]]
    s.shared = 0
    pending = data["pending"]
    s.pending = None if pending is None else Chance(Dice(pending[0]), pending[1], pending[2], pending[3])
    out = data["outcome"]
    s.outcome = tuple(out) if isinstance(out, list) else out
    s.log = [(Event(e[0]), e[1], e[2], e[3]) for e in data["log"]]
    return s


class NativeGame:
    """A match whose rules run in C++; the same public methods as `Game` for what is ported."""

    __slots__ = ("_explicit", "_legal", "_native", "_template")

    def __init__(self, template: GameState, native: Any, explicit: bool = False) -> None:
        self._template = template
        self._native = native
        self._explicit = explicit
        self._legal: LegalActions | None = None

    @staticmethod
    def from_state(state: GameState, explicit: bool = False) -> NativeGame:
        """A native game continuing from a Python position (copied), run to the next decision
        (or chance node, if `explicit`). Only the LRB6 rules are native."""
        if state.rules is not LRB6:  # p3: the native tables are LRB6's (frames.hpp, generated)
            changed = " (LRB6 with other tables)" if state.rules.name == LRB6.name else ""
            raise InputError(f"the native engine plays the LRB6 rules only, not {state.rules.name!r}"
                             f"{changed}")
        module = native_module()
        try:
            native = module.State.load(native_board(state.board.variant.players), state_data(state))
        except (ValueError, TypeError) as exc:  # evlog: the bridge's refusal, one line
            raise PositionError(f"the native engine cannot hold this position: {exc}") from None
        game = NativeGame(state.copy(), native, explicit)
        game._run(native.advance, explicit)
        return game

    @staticmethod
    def start(home: str | TeamSpec, away: str | TeamSpec, seed: int = 0, board: int = 11,
              assisted_moves: bool = False, explicit: bool = False) -> NativeGame:
        """A new match between two shipped teams (as `Game.new` builds it) on the native engine."""
        from nuffle.core.game import Game  # the same teams, players and generator as Game.new

        shell = Game.new(home, away, seed=seed, board=board, assisted_moves=assisted_moves,
                         roller=ExplicitRoller()).state
        s = GameState.new(shell.board, shell.specs, shell.info, shell.rng, shell.options, shell.rules)
        s.rng = seed_state(seed)
        s.stack.append(Match())
        return NativeGame.from_state(s, explicit)

    def _run(self, call: Any, *args: Any) -> None:
        """Call into the engine (its errors are NotPortedError and IllegalActionError, the state
        unchanged); the legal actions are listed afresh afterwards."""
        try:
            call(*args)
        finally:
            self._legal = None

    @property
    def engine(self) -> str:
        """'native'."""
        return NATIVE

    @property
    def decider(self) -> int:
        """0 home, 1 away, 2 chance, 3 nobody (game over)."""
        return int(self._native.decider)

    @property
    def current_decider(self) -> str:
        """Who must act now: 'home', 'away', 'chance' or 'nobody'."""
        return SIDE_NAMES[self.decider]

    @property
    def is_over(self) -> bool:
        """Whether the match has ended."""
        return self.decider == NOBODY

    def top_frame(self) -> str | None:
        """The frame id of the procedure on top of the stack."""
        return self._native.top_frame()  # type: ignore[no-any-return]

    def legal_actions(self) -> LegalActions:
        """The legal actions of the side to decide (empty at chance nodes and at the end)."""
        if self._legal is None:
            xy = self._template.board.xy
            groups: list[ActionChoice] = []
            raw = self._native.legal_actions()
            for kind, players, squares, probs in raw:
                groups.append(ActionChoice(ActionType(kind), tuple(players), tuple(xy(q) for q in squares),
                                           tuple(probs)))
            self._legal = LegalActions(groups)
        return self._legal

    def step(self, action: Action) -> None:
        """Apply a decision; raises IllegalActionError (state unchanged) if it is not legal."""
        problem = action_problem(action)  # evlog: wrong types refused as Game.step refuses them
        if problem is not None:
            raise MalformedActionError(problem)
        if action not in self.legal_actions():
            raise IllegalActionError(f"{action} is illegal: it is not among the legal actions of "
                                     f"{self.current_decider}")
        sq = -1 if action.square is None else self._template.board.sq(*action.square)
        player = -1 if action.player is None else action.player
        self._run(self._native.step, int(action.type), player, sq, self._explicit)

    def apply_chance(self, outcome: Outcome) -> None:
        """Resolve the pending chance event with `outcome` and continue."""
        if isinstance(outcome, list):  # evlog: as Game.apply_chance takes a list of dice
            outcome = tuple(outcome)
        self._run(self._native.resolve, outcome, self._explicit)

    def decision(self) -> Decision:
        """What is being decided now (as `Game.decision`)."""
        side = self.decider
        if side > 1:
            return NO_DECISION
        d = self._native.decision_detail()

        def opt(v: int) -> int | None:
            return None if v < 0 else v

        sq = d["square"]
        return Decision(
            kind=DecisionKind(self._native.waiting), side=side, player=opt(d["player"]),
            target=opt(d["target"]),
            skill=None if d["skill"] < 0 else Skill(d["skill"]),
            roll=None if d["roll"] < 0 else RollKind(d["roll"]), need=opt(d["need"]),
            dice=opt(d["dice"]), faces=tuple(d["faces"]),
            action=None if d["action"] < 0 else ActionType(d["action"]), moved=opt(d["moved"]),
            square=None if sq < 0 else self._template.board.xy(sq),
        )

    def clone(self) -> NativeGame:
        """An exact, independent copy."""
        return NativeGame(self._template, self._native.clone(), self._explicit)

    def data(self) -> dict[str, Any]:
        """The position as the bridge's plain data (`native_state.state_data`'s shape)."""
        return self._native.dump()  # type: ignore[no-any-return]

    @property
    def state(self) -> GameState:
        """A Python snapshot of the position (a new copy at each call), its event log included."""
        return state_from_data(self._template, self.data())

    def to_position(self) -> dict[str, Any]:
        """The whole position as JSON-ready data (`Game.from_position` reads it back)."""
        return position_to_dict(self.state)

    @property
    def result(self) -> dict[str, Any]:
        """Score and winner, as `Game.result`."""
        teams = self.data()["teams"]
        home, away = teams[0]["score"], teams[1]["score"]
        winner = None
        if self.is_over and home != away:
            winner = "home" if home > away else "away"
        return {"score": {"home": home, "away": away}, "winner": winner, "over": self.is_over}
