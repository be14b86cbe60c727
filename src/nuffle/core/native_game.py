"""A match on the native engine (`nuffle._native`): `NativeGame` is a `Game` whose rules run in
C++ (see native/README.md).

`Game.new(..., engine="native")`, `Game.from_state` / `Game.from_position` with
`engine="native"` (or `NUFFLE_ENGINE=native`) build one; the parity harness and tests also use
`NativeGame.start` and `NativeGame.from_state`. Every public `Game` method works: decisions,
chance and the engine loop run natively, and `state` is a Python snapshot of the position
(cached until the game changes; a `NativeSnapshot`: setting its attributes raises
`ReadOnlyStateError`, and `to_position`, `clone` and `view` read the engine itself). All three
rollers play: sampled (the state's own generator), explicit (the game stops at chance nodes)
and scripted (the `ScriptedRoller`'s queue moves into the engine, `nuffle._native.Script`, and
stays the roller's `queue`). Every frame is ported; a frame the Python engine gains without
its port would raise the one-line `NotPortedError` naming it and leave the game as it was.
"""

from __future__ import annotations

import sys
from dataclasses import replace
from fractions import Fraction
from functools import cache
from typing import Any

from nuffle.core.actions import Action, ActionChoice, ActionType, IllegalActionError, LegalActions, Square
from nuffle.core.board import Board
from nuffle.core.decision import NO_DECISION, Decision, DecisionKind
from nuffle.core.dice import (
    Chance,
    Dice,
    ExplicitRoller,
    Outcome,
    Roller,
    RollerError,
    SampledRoller,
    ScriptedRoller,
    check_rng,
    is_valid_outcome,
    sample,
    seed_state,
)
from nuffle.core.engines import NATIVE, native_module
from nuffle.core.errors import InputError, InputTypeError, StateError
from nuffle.core.game import Game
from nuffle.core.match_config import MatchConfig, mix, view_config
from nuffle.core.native_state import native_board, state_data
from nuffle.core.position import PositionError, position_to_dict
from nuffle.core.procedures.base import FRAMES, Procedure
from nuffle.core.records import EntryKind, HistoryEntry, Result
from nuffle.core.ruleset import NATIVE as NATIVE_RULESETS
from nuffle.core.ruleset import Ruleset, native_id
from nuffle.core.skills import Skill
from nuffle.core.state import GameState, Options
from nuffle.core.teams import TeamSpec
from nuffle.core.types import (
    CHANCE,
    DECIDERS,
    NOBODY,
    BallState,
    Decider,
    Event,
    RollKind,
    Status,
    Weather,
)

__all__ = ["NativeGame", "NativeSnapshot", "ReadOnlyStateError", "frame_kinds", "state_from_data"]

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


#: The enum an event's second argument is, where the Python engine logs one (state.note).
_LOG_ENUMS: dict[int, type[Any]] = {Event.ROLL: RollKind, Event.WEATHER: Weather}


def _log_entry(e: list[int]) -> tuple[Any, ...]:
    """One event-log entry as the Python engine holds it: the event and its enum argument as
    enum members (so both engines write a position's log alike)."""
    event = Event(e[0])
    kind = _LOG_ENUMS.get(event)
    return (event, e[1], e[2] if kind is None else kind(e[2]), e[3])


class ReadOnlyStateError(StateError, AttributeError):
    """A write to a native game's `state`, a snapshot the engine does not read back."""


class NativeSnapshot(GameState):
    """A native game's `state`: a Python snapshot of the engine's position whose attributes
    cannot be set (`ReadOnlyStateError`); build a game from a changed copy instead (`copy()`,
    then `Game.from_state(..., engine='native')` or `NativeGame.reload`). Its lists are the
    snapshot's own: changing one changes neither the game nor its positions."""

    __slots__ = ()

    def __setattr__(self, name: str, value: object) -> None:
        if name in _PLUMBING:  # the copy-on-write mark `copy()` sets on its source
            object.__setattr__(self, name, value)
            return
        raise ReadOnlyStateError(
            f"a native game's state is a read-only snapshot (cannot set {name!r}): change a copy "
            f"(state.copy()) and continue from it with Game.from_state(copy, engine='native')")


#: The rulesets the native engine plays, by name (`ruleset.NATIVE`).
NATIVE_NAMES = tuple(r.name for r in NATIVE_RULESETS)
_PLUMBING = frozenset({"shared"})


def _freeze(s: GameState) -> NativeSnapshot:
    """`s` itself, made a read-only snapshot."""
    object.__setattr__(s, "__class__", NativeSnapshot)
    assert isinstance(s, NativeSnapshot)
    return s


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
        if p["marks"] != s.info[pid].marks:  # BB2020: a prayer's gift (procedures/prayers.py)
            _marked(s, pid, p)
    for side, t in enumerate(data["teams"]):
        ts = s.teams[side]
        for name in ("rerolls", "bonus_reroll", "turn", "score", "bribes", "apothecaries", "fame",
                     "igor", "wizard", "prayers", "prayed", "drive_reroll", "weather_mage"):
            setattr(ts, name, t[name])
        for name in ("reroll_used", "blitz_used", "pass_used", "handoff_used", "foul_used", "coach_ejected"):
            setattr(ts, name, bool(t[name]))
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
    s.log = [_log_entry(e) for e in data["log"]]
    s.fans = tuple(data["fans"])
    return s


def _marked(s: GameState, pid: int, p: dict[str, Any]) -> None:
    """Player `pid` as the native state has him since a prayer's gift was given or taken back."""
    skills = s.rules.skill_set(frozenset(Skill(k) for k in p["skills"]))
    values = tuple((Skill(k), v) for k, v in p["values"])  # Bad Habits' Loner (2+)
    new = replace(s.info[pid], ma=p["ma"], av=p["av"], skills=skills, values=values, marks=p["marks"])
    s.info = (*s.info[:pid], new, *s.info[pid + 1:])


_SAMPLED, _EXPLICIT, _SCRIPTED = 0, 1, 2
_STATE_SLOTS = tuple(GameState.__slots__)
_new_game = object.__new__
_UNHELD = 3  # sys.getrefcount of a snapshot only the game holds (the slot, the local, the call)


def _roller_mode(roller: Roller) -> int:
    """How a native game rolls with `roller`; InputError for a roller it cannot run."""
    if isinstance(roller, ScriptedRoller):
        return _SCRIPTED
    if isinstance(roller, ExplicitRoller):
        return _EXPLICIT
    if type(roller) is SampledRoller:
        return _SAMPLED
    if not isinstance(roller, Roller):
        raise InputTypeError(f"roller must be a Roller (SampledRoller, ScriptedRoller, ExplicitRoller), "
                             f"got {roller!r}")
    raise InputError(f"the native engine rolls with a SampledRoller, ScriptedRoller or ExplicitRoller, "
                     f"not a {type(roller).__name__}")


@cache
def _xy_table(board: Board) -> tuple[Square, ...]:
    """Every flat square's `(x, y)` of `board` (the legal actions' squares, read in bulk)."""
    return tuple(board.xy(q) for q in range(board.size))


class NativeGame(Game):
    """A match whose rules run in C++, with the whole public `Game` API.

    `state` is a snapshot of the position in Python objects, rebuilt after each change: read it
    freely; it is read-only (setting an attribute raises `ReadOnlyStateError`)."""

    __slots__ = ("_fresh", "_mode", "_native", "_roller", "_snap", "_template")

    def __init__(self, template: GameState, native: Any, explicit: bool = False,
                 roller: Roller | None = None, config: MatchConfig | None = None,
                 secret: int | None = None) -> None:
        """A game over the native state `native` of the match `template` describes (a Python
        state of the same match: teams, players, board, rules), not advanced."""
        self._template = template
        self._native = native
        self._snap: GameState | None = None
        self._fresh = False
        self._legal = None
        self.history = []
        self.roller = roller or (ExplicitRoller() if explicit else SampledRoller())
        if config is None:
            config = MatchConfig(template.specs[0].race, template.specs[1].race, None,
                                 template.board.variant.players, roller=self._roller.name,
                                 assisted_moves=template.options.assisted_moves, ruleset=template.rules.name)
        self.config = config
        self._secret = mix(config.seed or 0, 0x5EC2E7) if secret is None else secret

    @staticmethod
    def from_state(state: GameState, config: MatchConfig | None = None, roller: Roller | None = None,
                   engine: str | None = None, *, explicit: bool = False,
                   secret: int | None = None, adopt: bool = False) -> NativeGame:
        """A native game continuing from a Python position, run to the next decision (or chance
        node, with an explicit roller or `explicit`). The position is copied into the engine;
        with `adopt` (what `Game.from_state(..., engine='native')` does, as the Python engine
        takes its state over) the state object itself becomes the game's snapshot (`state`) and
        follows the game from then on. Only the built-in rulesets are native (`ruleset.NATIVE`).
        `config` and `roller` as in `Game.from_state`; `engine` must be 'native' or None."""
        if engine not in (None, NATIVE):
            raise InputError(f"NativeGame.from_state runs on the native engine, not {engine!r}")
        if native_id(state.rules) is None:  # the native tables are the built-in ones (frames.hpp)
            changed = " (a built-in ruleset with other tables)" if state.rules.name in NATIVE_NAMES else ""
            raise InputError(f"the native engine plays the rulesets {', '.join(NATIVE_NAMES)} only, "
                             f"not {state.rules.name!r}{changed}")
        if roller is not None:
            _roller_mode(roller)  # refuse a roller the native engine cannot run before building
        module = native_module()
        try:
            native = module.State.load(native_board(state.board.variant.players), state_data(state))
        except (ValueError, TypeError) as exc:  # a value the native state cannot hold
            raise PositionError(f"the native engine cannot hold this position: {exc}") from None
        if config is not None and roller is not None and config.roller != roller.name:
            config = replace(config, roller=roller.name)
        game = NativeGame(state.copy(), native, explicit, roller, config, secret)
        if adopt:  # taken over, as Game.from_state does: it shows the game from now on, read-only
            game._snap = _freeze(state.copy() if isinstance(state, NativeSnapshot) else state)
        game._advance()
        return game

    @staticmethod
    def start(home: str | TeamSpec, away: str | TeamSpec, seed: int = 0, board: int = 11,
              assisted_moves: bool = False, explicit: bool = False,
              ruleset: str | Ruleset = "lrb6") -> NativeGame:
        """A new match (race keys or team specs, as `Game.new` takes them) on the native engine."""
        game = Game.new(home, away, seed=seed, board=board, assisted_moves=assisted_moves,
                        roller=ExplicitRoller() if explicit else None, engine=NATIVE, ruleset=ruleset)
        assert isinstance(game, NativeGame)
        return game

    # --- the roller, the engine loop ---------------------------------------------------------

    @property
    def roller(self) -> Roller:
        """The roller resolving chance events (assigning one switches the engine's mode; a
        scripted roller's queue moves into the engine and stays its `queue`)."""
        return self._roller

    @roller.setter
    def roller(self, roller: Roller) -> None:
        mode = _roller_mode(roller)
        if mode == _SCRIPTED:
            assert isinstance(roller, ScriptedRoller)
            if not isinstance(roller.queue, native_module().Script):
                script = native_module().Script()
                script.extend(roller.queue)
                roller.queue = script
        self._roller = roller
        self._mode = mode

    def _call(self, plain: Any, scripted: Any, *args: Any) -> None:
        """One call into the engine with this game's roller (the state is unchanged on any
        error); scripted outcomes go into the history, and a script that cannot resolve the
        next event raises the roller's own RollerError with the game at that chance node."""
        try:
            if self._mode == _SCRIPTED:
                taken = scripted(*args, self._roller.queue)  # type: ignore[attr-defined]
                self.history.extend(HistoryEntry(EntryKind.CHANCE, o if isinstance(o, int) else tuple(o))
                                    for o in taken)
            else:
                plain(*args, self._mode == _EXPLICIT)
        finally:
            self._changed()
        if self._mode == _SCRIPTED and self._native.decider == CHANCE:
            s = self.state
            assert s.pending is not None
            self._roller.resolve(s.pending, s.rng)  # raises RollerError saying why
            raise RollerError(f"the scripted roller could not resolve {s.pending.describe()}")

    def _advance(self) -> None:
        self._call(self._native.advance, self._native.advance_scripted)

    # --- decisions ---------------------------------------------------------------------------

    @property
    def engine(self) -> str:
        """'native'."""
        return NATIVE

    @property
    def native_state(self) -> Any:
        """The engine's own state (`nuffle._native.State`), for C++ readers such as the
        environments' encoder; changing it directly bypasses the game's bookkeeping."""
        return self._native

    @property
    def decider(self) -> Decider:
        """As `Game.decider`: HOME, AWAY, CHANCE or NOBODY (game over)."""
        return DECIDERS[int(self._native.decider)]

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
            xy = _xy_table(self._template.board).__getitem__
            groups: list[ActionChoice] = []
            raw = self._native.legal_actions()
            for kind, players, squares, probs in raw:
                groups.append(ActionChoice(ActionType(kind), tuple(players), tuple(map(xy, squares)),
                                           tuple(probs)))
            self._legal = LegalActions(groups)
        return self._legal

    def step(self, action: Action) -> None:
        """Apply a decision; raises IllegalActionError (the Python engine's message, state
        unchanged) if it is not legal."""
        self._check_action(action)
        sq = -1 if action.square is None else self._template.board.sq(*action.square)
        player = -1 if action.player is None else action.player
        n = len(self.history)
        self.history.append(HistoryEntry(EntryKind.ACTION, action))
        try:
            self._call(self._native.step, self._native.step_scripted, int(action.type), player, sq)
        except RollerError:
            raise
        except BaseException:
            del self.history[n:]
            raise

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

    # --- explicit chance ---------------------------------------------------------------------

    def _pending(self) -> Chance:
        event = self.state.pending if self.decider == CHANCE else None
        if event is None:
            raise IllegalActionError("there is no pending chance event")
        return event

    def apply_chance(self, outcome: Outcome) -> None:
        """Resolve the pending chance event with `outcome` and continue."""
        event = self._pending()
        if isinstance(outcome, list):
            outcome = tuple(outcome)
        if not is_valid_outcome(event, outcome):
            raise IllegalActionError(f"{outcome!r} is not an outcome of {event.describe()}")
        n = len(self.history)
        self.history.append(HistoryEntry(EntryKind.CHANCE, outcome))
        try:
            self._resolve(outcome)
        except RollerError:
            raise
        except BaseException:
            del self.history[n:]
            raise

    def sample_chance(self) -> Outcome:
        """Resolve the pending chance event from the state's own generator (as a sampled
        roller would) without recording it; returns the outcome."""
        event = self._pending()
        before = self._native.rng
        outcome, self._native.rng = sample(event, before)
        try:
            self._resolve(outcome)
        except RollerError:
            raise
        except BaseException:
            self._native.rng = before
            self._changed()
            raise
        return outcome

    def _resolve(self, outcome: Outcome) -> None:
        self._call(self._native.resolve, self._native.resolve_scripted, outcome)

    # --- copies, views, the position ---------------------------------------------------------

    def _copy(self, native: Any, roller: Roller, config: MatchConfig, mode: int | None = None) -> NativeGame:
        """A game of this match over `native`; `mode`: the roller's (as `_roller_mode` says),
        when the caller knows it (a copy of this game's own roller)."""
        g = NativeGame.__new__(NativeGame)
        g._template = self._template
        g._native = native
        g._snap = None
        g._fresh = False
        if mode is None:
            g.roller = roller
        else:
            g._roller = roller
            g._mode = mode
        g.config = config
        g.history = self.history.copy()
        g._legal = self._legal
        g._secret = self._secret
        return g

    def _roller_copy(self) -> Roller:
        """An independent copy of the roller (a scripted one's queue stays a native Script)."""
        roller = self._roller
        if isinstance(roller, ScriptedRoller):
            copy = ScriptedRoller()
            copy.queue = roller.queue.copy()
            return copy
        return roller.copy()

    def clone(self) -> NativeGame:
        """An exact, independent copy that continues identically (same dice)."""
        # `_copy` written out: a search clones at every node
        g = _new_game(NativeGame)
        g._template = self._template
        g._native = self._native.clone()
        g._snap = None
        g._fresh = False
        g._mode = mode = self._mode
        g._roller = self._roller_copy() if mode == _SCRIPTED else self._roller.copy()
        g.config = self.config
        g.history = self.history.copy()
        g._legal = self._legal
        g._secret = self._secret
        return g

    def _outcomes(self, action: Action | None, max_states: int) -> list[tuple[Fraction, Game]]:
        """As `Game.transitions`, enumerated in C++ (`State.outcomes`, transitions.hpp): the exact
        distribution `[(probability, next_game)]` of taking `action` (or, at a chance node, of
        resolving it) up to the next decision or the end. Each next game keeps this game's
        roller, its history ends with the action and the chance outcomes of the first path to
        it, and its event log is that path's. Raises IllegalActionError for an illegal action
        and ValueError (InputError) past `max_states` states; this game is untouched."""
        if action is not None:
            self._check_action(action)
            kind = int(action.type)
            player = -1 if action.player is None else action.player
            sq = -1 if action.square is None else self._template.board.sq(*action.square)
            head = [*self.history, HistoryEntry(EntryKind.ACTION, action)]
        elif self.decider != CHANCE:
            raise IllegalActionError("transitions() without an action needs a chance node")
        else:
            kind = player = sq = -1
            head = self.history
        raw = self._native.outcomes(kind, player, sq, min(max(max_states, 0), 2**31 - 1), True, True)
        result: list[tuple[Fraction, Game]] = []
        for num, den, native, path in raw:
            g = self._copy(native, self._roller_copy(), self.config, self._mode)
            g.history = head + [HistoryEntry(EntryKind.CHANCE, o) for o in path]
            g._legal = None
            result.append((Fraction(num, den), g))
        return result

    def with_assisted_moves(self, on: bool = True) -> NativeGame:
        """A clone whose match offers assisted moves (or, with `on` False, has none)."""
        g = self.clone()
        g._offer_assisted_moves(on)
        return g

    def _offer_assisted_moves(self, on: bool) -> None:
        if self._template.options.assisted_moves != on:
            data = self._native.dump()
            data["assisted_moves"] = int(on)
            self._native = type(self._native).load(self._native.board, data)
            template = self._template.copy()
            template.options = Options(assisted_moves=on)
            self._template = template
            self._changed()

    def view(self, assisted_moves: bool | None = None) -> NativeGame:
        """A copy for a decider (as `Game.view`): its dice are reseeded from a secret the holder
        cannot read, so they are not the live game's future dice."""
        legal = self.legal_actions()
        native = self._native.clone()
        native.rng = mix(self._secret, self._native.rng, len(self.history))
        explicit = self._roller.explicit
        v = self._copy(native, ExplicitRoller() if explicit else SampledRoller(),
                       view_config(self.config, explicit))
        v._legal = legal.copy()
        v._secret = mix(native.rng, self._secret, 0x51EE)
        if assisted_moves is not None:
            v._offer_assisted_moves(assisted_moves)
        return v

    def reseed(self, seed: int) -> None:
        """Replace the state's random generator with one seeded from `seed`."""
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise InputTypeError(f"seed must be an integer, not {seed!r}")
        self._native.rng = seed_state(seed)
        self._changed()

    @property
    def rng(self) -> int:
        """The generator's state, as `Game.rng` (set in the engine)."""
        return int(self._native.rng)

    @rng.setter
    def rng(self, value: int) -> None:
        self._native.rng = check_rng(value)
        self._changed()

    def reload(self, state: GameState) -> None:
        """Continue from `state` (a changed copy of this game's snapshot: e.g. players given
        skills by a test before the match starts) as from its own position; the snapshot is
        `state` from now on. Raises PositionError if the native state cannot hold it."""
        try:
            native = type(self._native).load(self._native.board, state_data(state))
        except (ValueError, TypeError) as exc:
            raise PositionError(f"the native engine cannot hold this position: {exc}") from None
        self._native = native
        self._template = state.copy()
        self._snap = _freeze(state)
        self._changed()

    def data(self) -> dict[str, Any]:
        """The position as the bridge's plain data (`native_state.state_data`'s shape)."""
        return self._native.dump()  # type: ignore[no-any-return]

    @property
    def state(self) -> GameState:
        """A Python snapshot of the position: one object per game, brought up to date in place
        after each change (so `s = game.state` held across steps stays current, as on the
        Python engine). It is read-only: setting an attribute raises `ReadOnlyStateError`, and
        what it holds is never read back (to_position, clone and view read the engine)."""
        snap = self._snap
        if snap is None:
            snap = self._snap = _freeze(state_from_data(self._template, self.data()))
            self._fresh = True
        elif not self._fresh:
            self._refresh(snap)
        return snap

    @state.setter
    def state(self, value: GameState) -> None:
        raise InputError("a native game's state is a read-only snapshot: build a game from a changed "
                         "position with Game.from_state(state, engine='native')")

    def _refresh(self, snap: GameState) -> None:
        """Rewrite the snapshot object in place from the engine's position."""
        new = state_from_data(self._template, self.data())
        for name in _STATE_SLOTS:
            object.__setattr__(snap, name, getattr(new, name))
        self._fresh = True

    def _changed(self) -> None:
        """After a change of the position: the legal actions are listed afresh; a snapshot
        someone holds is brought up to date now, one nobody holds at its next reading."""
        self._legal = None
        snap = self._snap
        if snap is not None:
            self._fresh = False
            if sys.getrefcount(snap) > _UNHELD:
                self._refresh(snap)

    def to_position(self) -> dict[str, Any]:
        """The whole position as JSON-ready data (`Game.from_position` reads it back), read
        from the engine (as `clone` and `view` are), the same bytes the Python engine writes."""
        return position_to_dict(state_from_data(self._template, self.data()))

    @property
    def result(self) -> Result:
        """How the match stands, as `Game.result`."""
        teams = self.data()["teams"]
        home, away = teams[0]["score"], teams[1]["score"]
        winner = None
        if self.is_over and home != away:
            winner = "home" if home > away else "away"
        return Result(home, away, winner, self.is_over)
