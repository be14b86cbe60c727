"""The procedure protocol: small state machines kept on the game state's stack.

The engine calls `run` on the top procedure while nobody has to decide. A procedure advances
by pushing children (`s.push`), asking for a chance event (`s.request`), waiting for a side's
decision (`s.wait`) or finishing (`s.pop`). A decision arrives through `act`, and `legal`
lists what may be decided. Children hand results back in the state's named hand-over fields
(`s.ok`, `s.last_die`, `s.reactor`, `s.square`, `s.last_square`, `s.extra_moves`).

Each procedure class names itself with a stable `frame` id and its phases with a `Phases`
class, so that a saved position (core/position.py) speaks of frames and phases by name.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from typing import ClassVar, Final

from nuffle.core.actions import Action, LegalActions
from nuffle.core.decision import Decision
from nuffle.core.errors import InputTypeError, StateError
from nuffle.core.skills import Skill
from nuffle.core.state import GameState


class Phases:
    """The named phases of a procedure: upper-case int constants, START = 0 (where a new frame
    begins). A subclass per procedure adds its own; their names are what saved positions write.

    Plain int constants rather than `enum.IntEnum`: procedures read phases in the engine's
    hottest loop, and on Python 3.11 looking up an IntEnum member costs several times a class
    constant (its metaclass defines `__getattr__`). `name_of` / `value_of` convert."""

    START: Final = 0
    _by_value: ClassVar[dict[int, str]] = {0: "START"}
    _by_name: ClassVar[dict[str, int]] = {"START": 0}

    def __init_subclass__(cls) -> None:
        super().__init_subclass__()
        by_name: dict[str, int] = {}
        for klass in reversed(cls.__mro__):
            for name, value in vars(klass).items():
                if name.isupper() and type(value) is int:
                    by_name[name] = value
        by_value: dict[int, str] = {}
        for name, value in by_name.items():
            if value in by_value:
                raise InputTypeError(f"{cls.__name__}: phases {by_value[value]} and {name} share {value}")
            by_value[value] = name
        cls._by_name = by_name
        cls._by_value = by_value

    @classmethod
    def name_of(cls, value: int) -> str | None:
        """The name of phase `value`, or None if it has none."""
        return cls._by_value.get(value)

    @classmethod
    def value_of(cls, name: str) -> int | None:
        """The value of the phase called `name`, or None if there is none."""
        return cls._by_name.get(name)

    @classmethod
    def names(cls) -> tuple[str, ...]:
        """Every phase name, in value order."""
        return tuple(cls._by_value[v] for v in sorted(cls._by_value))


#: Every procedure class by its frame id (filled as the classes are defined).
FRAMES: dict[str, type[Procedure]] = {}


class Procedure(ABC):
    """Base class of every rule procedure. Subclasses declare `__slots__` for their fields, a
    stable `frame` id (never reused, unchanged by renaming the class) and their `phases`; a
    class without its own `frame` (one a test defines) cannot be saved in a position."""

    __slots__ = ("phase",)
    _fields: ClassVar[tuple[str, ...]] = ("phase",)
    #: The stable id saved positions name this procedure by.
    frame: ClassVar[str] = ""
    #: The names of this procedure's phases.
    phases: ClassVar[type[Phases]] = Phases
    #: The skill a waiting decision of this procedure offers, if it is about one skill.
    decision_skill: ClassVar[Skill | None] = None

    def __init_subclass__(cls) -> None:
        super().__init_subclass__()
        names: list[str] = []
        for klass in reversed(cls.__mro__):
            for name in klass.__dict__.get("__slots__", ()):
                if name not in names:
                    names.append(name)
        cls._fields = tuple(names)
        frame = cls.__dict__.get("frame")
        if frame:  # without one (a class a test defines) positions cannot hold it
            if frame in FRAMES and FRAMES[frame].__qualname__ != cls.__qualname__:
                owner = FRAMES[frame].__qualname__
                raise InputTypeError(f"frame id {frame!r} of {cls.__qualname__} is {owner}'s")
            FRAMES[frame] = cls
        # Each class compiles its own copy/key on first use (never a parent's: other slots).
        for method in ("copy", "key"):
            if method not in cls.__dict__:
                setattr(cls, method, Procedure.__dict__[method])

    def __init__(self) -> None:
        self.phase = Phases.START

    @abstractmethod
    def run(self, s: GameState) -> None:
        """Advance until a child, chance event, decision or the end is reached."""

    def legal(self, s: GameState) -> LegalActions:
        """Legal decisions while waiting (only called after `s.wait`)."""
        return LegalActions([])

    def act(self, s: GameState, action: Action) -> None:
        """Apply a decision that `legal` allowed."""
        raise StateError(f"{type(self).__name__} takes no decisions")

    def decision_detail(self, s: GameState) -> Decision:
        """The player (and roll, block, skill) the waiting decision concerns; by default the
        procedure's `pid` slot, if it has one, and its class's `decision_skill`. A new record at
        each call (`Game.decision()` fills in its kind and side)."""
        pid = getattr(self, "pid", -1)
        return Decision(player=pid if pid >= 0 else None, skill=self.decision_skill)

    def explain(self, s: GameState, action: Action) -> str | None:
        """Why `action` is illegal here, when the procedure can say more than the default."""
        return None

    def copy(self) -> Procedure:
        """An independent copy (lists are copied, everything else is immutable)."""
        _compile_copy_and_key(type(self))  # on first use; later calls go to the compiled one
        return self.copy()

    def key(self) -> tuple[object, ...]:
        """Canonical contents for equality and hashing."""
        _compile_copy_and_key(type(self))
        return self.key()

    def __repr__(self) -> str:
        inner = ", ".join(f"{n}={getattr(self, n)!r}" for n in self._fields)
        return f"{type(self).__name__}({inner})"


_STUB = object()


def _compile_copy_and_key(cls: type[Procedure]) -> None:
    """Give `cls` a `copy` and a `key` written out over its slots (on their first use, so
    importing the engine stays cheap): clones copy procedure frames
    all the time, and straight-line attribute access is several times faster than a loop of
    getattr/setattr. A field holding a list is copied (and keyed as a tuple); other values are
    immutable and shared."""
    copy_lines = ["def copy(self):", "    c = _new(cls)"]
    key_items = ["name"]
    for i, f in enumerate(cls._fields):
        copy_lines.append(f"    v = self.{f}")
        copy_lines.append(f"    c.{f} = v.copy() if type(v) is list else v")
        key_items.append(f"(tuple(v{i}) if type(v{i}) is list else v{i})")
    copy_lines.append("    return c")
    key_lines = ["def key(self):"]
    key_lines += [f"    v{i} = self.{f}" for i, f in enumerate(cls._fields)]
    key_lines.append(f"    return ({', '.join(key_items)},)")
    scope: dict[str, object] = {"_new": object.__new__, "cls": cls, "name": cls.__name__}
    source = "\n".join(copy_lines) + "\n" + "\n".join(key_lines)
    # compiled first: CPython 3.11 ends a `python -m` run by SIGINT, whatever its exit code, once
    # a KeyboardInterrupt was raised inside exec() of a string, even one caught (a Ctrl-C landing
    # here on a procedure's first use made `nuffle play --games` exit -2 instead of 130)
    exec(compile(source, f"<{cls.__name__}.copy and .key>", "exec"), scope)
    for method in ("copy", "key"):
        if cls.__dict__.get(method, _STUB) in (_STUB, Procedure.__dict__[method]):  # keep one it writes
            setattr(cls, method, scope[method])
