"""The procedure protocol: small state machines kept on the game state's stack.

The engine calls `run` on the top procedure while nobody has to decide. A procedure advances
by pushing children (`s.push`), asking for a chance event (`s.request`), waiting for a side's
decision (`s.wait`) or finishing (`s.pop`). A decision arrives through `act`, and `legal`
lists what may be decided. Children hand results back in `s.ret` / `s.ret_die`.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from typing import ClassVar

from nuffle.core.actions import Action, LegalActions
from nuffle.core.decision import Decision
from nuffle.core.errors import StateError
from nuffle.core.state import GameState


class Procedure(ABC):
    """Base class of every rule procedure. Subclasses declare `__slots__` for their fields."""

    __slots__ = ("phase",)
    _fields: ClassVar[tuple[str, ...]] = ("phase",)
    #: The skill a waiting decision of this procedure offers, if it is about one skill.
    decision_skill: ClassVar[str | None] = None

    def __init_subclass__(cls) -> None:
        super().__init_subclass__()
        names: list[str] = []
        for klass in reversed(cls.__mro__):
            for name in klass.__dict__.get("__slots__", ()):
                if name not in names:
                    names.append(name)
        cls._fields = tuple(names)
        # Each class compiles its own copy/key on first use (never a parent's: other slots).
        for method in ("copy", "key"):
            if method not in cls.__dict__:
                setattr(cls, method, Procedure.__dict__[method])

    def __init__(self) -> None:
        self.phase = 0

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
    exec("\n".join(copy_lines) + "\n" + "\n".join(key_lines), scope)
    for method in ("copy", "key"):
        if cls.__dict__.get(method, _STUB) in (_STUB, Procedure.__dict__[method]):  # keep one it writes
            setattr(cls, method, scope[method])
