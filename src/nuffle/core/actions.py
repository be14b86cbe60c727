"""Actions as frozen values, grouped legal-action sets, and the illegal-action error."""

from __future__ import annotations

import warnings
from collections.abc import Iterable, Iterator
from enum import IntEnum
from typing import NamedTuple

from nuffle.core.errors import InputError, NuffleError

Square = tuple[int, int]


class ActionType(IntEnum):
    """Every kind of decision a coach can make."""

    # pre-match and set-up
    KICK = 0
    RECEIVE = 1
    PLACE_PLAYER = 2
    RESERVE_PLAYER = 3
    END_SETUP = 4
    PLACE_BALL = 5
    SELECT_PLAYER = 6
    DECLINE = 7
    # declaring a player action in a team turn
    START_MOVE = 8
    START_BLOCK = 9
    START_BLITZ = 10
    START_PASS = 11
    START_HANDOFF = 12
    START_FOUL = 13
    START_THROW_TEAM_MATE = 14
    END_TURN = 15
    # steps inside a player action
    MOVE = 16
    BLOCK = 17
    PASS = 18
    HANDOFF = 19
    FOUL = 20
    THROW_TEAM_MATE = 21
    END_ACTION = 22
    # re-rolls and choices inside rolls
    USE_REROLL = 23
    USE_SKILL = 24
    SELECT_ATTACKER_DOWN = 25
    SELECT_BOTH_DOWN = 26
    SELECT_PUSHED = 27
    SELECT_DEFENDER_STUMBLES = 28
    SELECT_DEFENDER_DOWN = 29
    PUSH = 30
    FOLLOW_UP = 31
    USE_APOTHECARY = 32
    USE_BRIBE = 33
    # skill actions and choices
    LEAP = 34  # Leap to a square within two
    STAB = 35  # Stab an adjacent opponent instead of blocking
    CHAINSAW = 36  # use the Chainsaw on an adjacent opponent instead of blocking
    MULTIPLE_BLOCK = 37  # block two adjacent opponents (square = the first)
    HYPNOTIC_GAZE = 38  # gaze at an adjacent opponent
    START_BOMB = 39  # declare a Bombardier action
    BOMB = 40  # throw a bomb at a square
    HAIL_MARY = 41  # Hail Mary Pass to any square
    DUMP_OFF = 42  # quick pass before being blocked (square = the target)
    USE_PRO = 43  # use Pro to try to re-roll
    SELECT_ARMOUR = 44  # apply a skill's effect to the armour roll
    SELECT_INJURY = 45  # apply a skill's effect to the injury roll
    SELECT_SQUARE = 46  # choose a square for a skill (template direction, Side Step, ...)
    # the Wizard inducement (league play; not in the environments' action space)
    USE_FIREBALL = 47  # the wizard casts a Fireball (its target square comes next)
    USE_LIGHTNING_BOLT = 48  # the wizard casts a Lightning Bolt (its target player comes next)

    # The categories (set on every member below, from the sets there: plain attributes, as
    # the engine asks them at every step):
    starts_action: bool  # declares a player action (it starts a new action log)
    moving_action: bool  # declares a player action in which the player may move
    selects_face: bool  # picks a block die face
    uses_reroll: bool  # re-rolls a failed roll (a skill, a team re-roll or Pro)


# The categories behind the attributes above: one place, so they cannot disagree.
_MOVING: frozenset[ActionType] = frozenset({
    ActionType.START_MOVE, ActionType.START_BLITZ, ActionType.START_PASS,
    ActionType.START_HANDOFF, ActionType.START_FOUL, ActionType.START_THROW_TEAM_MATE,
})
_STARTS: frozenset[ActionType] = _MOVING | {ActionType.START_BLOCK, ActionType.START_BOMB}
_FACES: frozenset[ActionType] = frozenset({
    ActionType.SELECT_ATTACKER_DOWN, ActionType.SELECT_BOTH_DOWN, ActionType.SELECT_PUSHED,
    ActionType.SELECT_DEFENDER_STUMBLES, ActionType.SELECT_DEFENDER_DOWN,
})
_REROLLS: frozenset[ActionType] = frozenset({ActionType.USE_SKILL, ActionType.USE_REROLL, ActionType.USE_PRO})
for _t in ActionType:
    _t.starts_action = _t in _STARTS
    _t.moving_action = _t in _MOVING
    _t.selects_face = _t in _FACES
    _t.uses_reroll = _t in _REROLLS
del _t

#: The types that declare a player action, in enum order.
START_ACTIONS: tuple[ActionType, ...] = tuple(t for t in ActionType if t.starts_action)

#: The block-die face choices, indexed by `BlockFace`.
SELECT_FACE: tuple[ActionType, ...] = tuple(t for t in ActionType if t.selects_face)


class Action(NamedTuple):
    """One decision: a type, optionally a player id and a target square `(x, y)`."""

    type: ActionType
    player: int | None = None
    square: Square | None = None

    def __str__(self) -> str:
        parts = [getattr(self.type, "name", repr(self.type))]
        if self.player is not None:
            parts.append(f"player={self.player}")
        if self.square is not None:
            parts.append(f"square={self.square}")
        return " ".join(parts)

    def __eq__(self, other: object) -> bool:
        if other.__class__ is not Action and isinstance(other, tuple):
            warnings.warn("comparing an Action with a plain tuple is deprecated (it will be unequal "
                          "in 2.0): compare with Action(type, player, square)", DeprecationWarning,
                          stacklevel=2)
        return tuple.__eq__(self, other)

    def __ne__(self, other: object) -> bool:
        equal = self.__eq__(other)
        return equal if equal is NotImplemented else not equal

    def to_list(self) -> list[object]:
        """Compact JSON form: [type name, player or null, [x, y] or null]."""
        return [
            self.type.name,
            self.player,
            list(self.square) if self.square is not None else None,
        ]

    @staticmethod
    def from_list(raw: object) -> Action:
        """Parse the compact JSON form; raises ValueError naming the problem."""
        if not isinstance(raw, list) or len(raw) != 3:
            raise InputError(f"an action must be [type, player, square], got {raw!r}")
        name, player, square = raw
        if not isinstance(name, str) or name not in ActionType.__members__:
            raise InputError(f"unknown action type {name!r}")
        if player is not None and (not isinstance(player, int) or isinstance(player, bool)):
            raise InputError(f"action player must be an integer id or null, got {player!r}")
        sq: Square | None = None
        if square is not None:
            if (
                not isinstance(square, list)
                or len(square) != 2
                or not all(isinstance(v, int) and not isinstance(v, bool) for v in square)
            ):
                raise InputError(f"action square must be [x, y] or null, got {square!r}")
            sq = (square[0], square[1])
        return Action(ActionType[name], player, sq)


class ActionChoice:
    """A group of legal actions of one type: every listed player with every listed square.

    An empty `players` means the actions carry no player; an empty `squares` means no square.
    `probabilities`, when given, is the success chance of reaching each square (assisted
    moves), aligned with `squares`. Immutable: the fields are read-only tuples.
    """

    __slots__ = ("_players", "_probabilities", "_squares", "_type")

    def __init__(
        self,
        type: ActionType,
        players: tuple[int, ...] = (),
        squares: tuple[Square, ...] = (),
        probabilities: tuple[float, ...] = (),
    ) -> None:
        self._type = type
        self._players = players
        self._squares = squares
        self._probabilities = probabilities

    @property
    def type(self) -> ActionType:
        """The action type of the group."""
        return self._type

    @property
    def players(self) -> tuple[int, ...]:
        """The players the actions may name (empty: none)."""
        return self._players

    @property
    def squares(self) -> tuple[Square, ...]:
        """The squares the actions may target (empty: none)."""
        return self._squares

    @property
    def probabilities(self) -> tuple[float, ...]:
        """Success chances aligned with `squares` (assisted moves), or empty."""
        return self._probabilities

    def __iter__(self) -> Iterator[Action]:
        t = self._type
        players: tuple[int | None, ...] = self._players or (None,)
        squares: tuple[Square | None, ...] = self._squares or (None,)
        for p in players:
            for s in squares:
                yield Action(t, p, s)

    def __len__(self) -> int:
        return max(1, len(self._players)) * max(1, len(self._squares))

    def __eq__(self, other: object) -> bool:
        return (
            isinstance(other, ActionChoice)
            and self._type == other._type
            and self._players == other._players
            and self._squares == other._squares
        )

    def __hash__(self) -> int:
        return hash((self._type, self._players, self._squares))

    def __repr__(self) -> str:
        return f"ActionChoice({self._type.name}, players={self._players}, squares={self._squares})"

    def allows(self, action: Action) -> bool:
        """Whether `action` is one of this group's actions."""
        if action.type != self._type:
            return False
        if self._players:
            if action.player not in self._players:
                return False
        elif action.player is not None:
            return False
        if self._squares:
            return action.square in self._squares
        return action.square is None


class LegalActions:
    """The legal actions at a decision point, grouped by action type: an immutable value.

    `groups` is a tuple of immutable `ActionChoice` groups, so whoever holds it (a bot, a view, the
    live game checking the next action against it) cannot change what another holder sees.
    """

    __slots__ = ("_groups",)

    def __init__(self, groups: Iterable[ActionChoice]) -> None:
        self._groups = groups if type(groups) is tuple else tuple(groups)

    @property
    def groups(self) -> tuple[ActionChoice, ...]:
        """The groups, one or more per legal action type."""
        return self._groups

    def copy(self) -> LegalActions:
        """The same value (it is immutable, so nothing needs copying)."""
        return self

    def __eq__(self, other: object) -> bool:
        return isinstance(other, LegalActions) and self._groups == other._groups

    def __hash__(self) -> int:
        return hash(self._groups)

    def __iter__(self) -> Iterator[Action]:
        for g in self._groups:
            yield from g

    def __contains__(self, action: object) -> bool:
        if not isinstance(action, Action):
            return False
        for g in self._groups:  # a loop, not any(...): every step asks this
            if g.allows(action):
                return True
        return False

    def __len__(self) -> int:
        return sum(len(g) for g in self._groups)

    def __bool__(self) -> bool:
        return bool(self._groups)

    def types(self) -> list[ActionType]:
        """The action types that have at least one legal action."""
        return [g._type for g in self._groups]

    def group(self, kind: ActionType) -> ActionChoice | None:
        """The group of `kind`, if legal."""
        for g in self._groups:
            if g._type == kind:
                return g
        return None

    def __repr__(self) -> str:
        return f"LegalActions({self._groups!r})"


class IllegalActionError(NuffleError, ValueError):
    """An action that is not legal now; the game state is left unchanged."""


class MalformedActionError(IllegalActionError, TypeError):
    """An `Action` whose fields have the wrong types (e.g. a type given as a string)."""


def action_problem(action: object) -> str | None:
    """What is malformed about `action` (wrong field types), or None if it is well formed."""
    if not isinstance(action, Action):
        return f"{action!r} is not an Action"
    kind, player, square = action
    if not isinstance(kind, ActionType):
        hint = f" (ActionType.{kind})" if isinstance(kind, str) and kind in ActionType.__members__ else ""
        return f"the action type must be an ActionType{hint}, got {kind!r}"
    if player is not None and (not isinstance(player, int) or isinstance(player, bool)):
        return f"the action's player must be an integer id or None, got {player!r}"
    if square is not None and not (
        isinstance(square, tuple)
        and len(square) == 2
        and all(isinstance(v, int) and not isinstance(v, bool) for v in square)
    ):
        return f"the action's square must be a tuple (x, y) of integers or None, got {square!r}"
    return None
