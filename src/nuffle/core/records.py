"""The named records of the game API: chance outcomes, transitions and history entries.

Each is a `NamedTuple`, so code that unpacks the old plain pairs goes on working; every pair puts
the thing first and its probability second."""

from __future__ import annotations

from enum import StrEnum
from fractions import Fraction
from typing import TYPE_CHECKING, Any, NamedTuple

if TYPE_CHECKING:
    from nuffle.core.game import Game


class Outcome(NamedTuple):
    """One outcome of a pending chance event (`Game.chance_outcomes`): the `value` to hand to
    `Game.apply_chance` and its exact `probability`."""

    value: Any
    probability: Fraction


class Transition(NamedTuple):
    """One next position of an action or a chance node (`Game.transitions`): the `game` reached
    at the next decision (or the end) and its exact `probability`."""

    game: Game
    probability: Fraction


class EntryKind(StrEnum):
    """What a history entry records: a decision ('a') or a chance outcome ('c')."""

    ACTION = "a"
    CHANCE = "c"


class HistoryEntry(NamedTuple):
    """One entry of `Game.history`: its `kind` and its `value` (an `Action` for a decision, the
    outcome for a chance event). Equal to the plain `(kind, value)` pair of earlier versions."""

    kind: EntryKind
    value: Any
