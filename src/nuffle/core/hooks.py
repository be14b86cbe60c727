"""The skill mechanism: named hook points in the rules and the handlers skills attach to them.

A rule procedure declares each place where skills may act as a `Point`, next to the code that
consults it, and asks it with the skills of the players involved:

    DODGE_MODIFIER: Point[[GameState, int, int, int], int] = Point(
        "movement.dodge_modifier", "fn(s, pid, start, dest) -> int")
    mod += DODGE_MODIFIER.total(s.info[pid].skills, s, pid, start, dest)

A skill's rules live in one module of `nuffle.core.skill_rules` and attach handlers:

    @DODGE_MODIFIER.on(Skill.TWO_HEADS)
    def _two_heads(s, pid, start, dest): return 1

Procedures never test for a particular skill where a point exists, so adding a skill means
writing its handlers (and, when the rules need a new kind of decision, a point at the place in
the sequence where the rules put it). A skill counts as implemented once it has a handler.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Generic, ParamSpec, TypeVar

from nuffle.core.errors import InputError
from nuffle.core.skills import Skill

P = ParamSpec("P")
R = TypeVar("R")

_POINTS: dict[str, Point[..., Any]] = {}
_WHERE: dict[Skill, list[str]] = {}


class Point(Generic[P, R]):
    """One place in the rules where skills may act; `signature` documents the handler call.

    Typed by its handlers: a `Point[[GameState, int], int]` takes handlers
    `fn(s: GameState, pid: int) -> int`, and asking it needs those arguments."""

    __slots__ = ("_cache", "_holders", "handlers", "name", "signature")

    def __init__(self, name: str, signature: str) -> None:
        if name in _POINTS:
            raise InputError(f"hook point {name!r} is declared twice")
        self.name = name
        self.signature = signature
        self.handlers: dict[Skill, Callable[P, R]] = {}
        self._cache: dict[frozenset[Skill], tuple[Callable[P, R], ...]] = {}
        self._holders: tuple[object, tuple[int, ...]] | None = None
        _POINTS[name] = self

    def on(self, *skills: Skill) -> Callable[[Callable[P, R]], Callable[P, R]]:
        """Decorator attaching a handler for each of `skills` at this point."""

        def register(fn: Callable[P, R]) -> Callable[P, R]:
            for sk in skills:
                if sk in self.handlers:
                    raise InputError(f"{sk.name} already has a handler at {self.name}")
                self.handlers[sk] = fn
                _WHERE.setdefault(sk, []).append(self.name)
            self._cache.clear()
            self._holders = None
            return fn

        return register

    def fns(self, skills: frozenset[Skill]) -> tuple[Callable[P, R], ...]:
        """Handlers for the skills in `skills`, in skill order (cached per skill set)."""
        found = self._cache.get(skills)
        if found is None:
            found = tuple(self.handlers[k] for k in sorted(skills) if k in self.handlers)
            self._cache[skills] = found
        return found

    def holders(self, info: tuple[Any, ...]) -> tuple[int, ...]:
        """Ids of the players in a match's `info` (PlayerInfo records) with a handler here,
        cached for the last `info` seen (clones of a match share it)."""
        c = self._holders
        if c is not None and c[0] is info:
            return c[1]
        ids = tuple(p.pid for p in info if self.fns(p.skills))
        self._holders = (info, ids)
        return ids

    def total(self: Point[P, int], skills: frozenset[Skill], *args: P.args, **kwargs: P.kwargs) -> int:
        """Sum of the handlers' results (modifiers)."""
        n = 0
        for fn in self.fns(skills):
            n += fn(*args, **kwargs)
        return n

    def any(self, skills: frozenset[Skill], *args: P.args, **kwargs: P.kwargs) -> bool:
        """Whether any handler returns a true value; handlers after the first that does are not
        called. As `fire`: call handlers in order until one takes over (pushes a procedure)."""
        for fn in self.fns(skills):
            if fn(*args, **kwargs):
                return True
        return False

    fire = any

    def first(self, skills: frozenset[Skill], *args: P.args, **kwargs: P.kwargs) -> R | None:
        """The first handler result that is not None, or None."""
        for fn in self.fns(skills):
            r = fn(*args, **kwargs)
            if r is not None:
                return r
        return None

    def each(self, skills: frozenset[Skill], *args: P.args, **kwargs: P.kwargs) -> None:
        """Call every handler (for effects such as adding legal choices)."""
        for fn in self.fns(skills):
            fn(*args, **kwargs)


def points() -> dict[str, Point[..., Any]]:
    """Every declared hook point by name."""
    return dict(_POINTS)


def implemented() -> frozenset[Skill]:
    """Skills that have at least one handler (after `nuffle.core.skill_rules` is imported)."""
    import nuffle.core.skill_rules  # noqa: F401  (registers every handler)

    return frozenset(_WHERE)


def where(skill: Skill) -> list[str]:
    """Names of the points where `skill` has handlers."""
    import nuffle.core.skill_rules  # noqa: F401

    return list(_WHERE.get(skill, ()))
