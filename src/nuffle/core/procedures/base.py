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
from nuffle.core.state import GameState


class Procedure(ABC):
    """Base class of every rule procedure. Subclasses declare `__slots__` for their fields."""

    __slots__ = ("phase",)
    _fields: ClassVar[tuple[str, ...]] = ("phase",)

    def __init_subclass__(cls) -> None:
        super().__init_subclass__()
        names: list[str] = []
        for klass in reversed(cls.__mro__):
            for name in klass.__dict__.get("__slots__", ()):
                if name not in names:
                    names.append(name)
        cls._fields = tuple(names)

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
        raise RuntimeError(f"{type(self).__name__} takes no decisions")

    def explain(self, s: GameState, action: Action) -> str | None:
        """Why `action` is illegal here, when the procedure can say more than the default."""
        return None

    def copy(self) -> Procedure:
        """An independent copy (lists are copied, everything else is immutable)."""
        c = object.__new__(type(self))
        for name in self._fields:
            value = getattr(self, name)
            if type(value) is list:
                value = value.copy()
            object.__setattr__(c, name, value)
        return c

    def key(self) -> tuple[object, ...]:
        """Canonical contents for equality and hashing."""
        vals: list[object] = [type(self).__name__]
        for name in self._fields:
            value = getattr(self, name)
            vals.append(tuple(value) if type(value) is list else value)
        return tuple(vals)

    def __repr__(self) -> str:
        inner = ", ".join(f"{n}={getattr(self, n)!r}" for n in self._fields)
        return f"{type(self).__name__}({inner})"
