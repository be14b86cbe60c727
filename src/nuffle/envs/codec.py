"""The action codec: every legal engine action <-> one index of a flat `Discrete` space.

The flat space is a grid of rows x targets (`index = row * targets + target`):

* rows 0 .. 46 are the `ActionType`s themselves (row == int(type)), all but the Wizard's
  (`USE_FIREBALL`, `USE_LIGHTNING_BOLT`, league play): those have no index, so the environments
  mask them out (calling on the Wizard is always optional, so another action is always legal);
* then one row per (joint type, own roster slot) for the actions that carry a player *and* a
  square: `PLACE_PLAYER` (set-up), `MOVE` with a named player (Quick Snap, Blitz kick-off,
  Kick-off Return) and `THROW_TEAM_MATE` (the thrown team-mate);
* targets 0 .. H*W-1 are canonical board cells (`y * W + x`, the observer attacking to the
  right); an action on a player who stands on the pitch uses his cell;
* the next 2 * (W + H) + 4 targets are the ring of squares just off the pitch (a push into the
  crowd), in canonical row-major order;
* the next 2 * R targets are dugout slots for players off the pitch (own roster slots first,
  then the opponent's); the last target means "no argument".

The mapping depends on the position (a player's cell is where he stands), and at every
decision each legal action has exactly one index and each masked index exactly one action.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import Protocol

import numpy as np

from nuffle.core.actions import Action, ActionType, LegalActions
from nuffle.core.board import board_for
from nuffle.core.errors import NuffleError
from nuffle.core.state import GameState
from nuffle.envs.layout import side_layout

#: The engine's action types outside the flat space (see the module docstring).
OUTSIDE_TYPES = frozenset({ActionType.USE_FIREBALL, ActionType.USE_LIGHTNING_BOLT})
#: The action types with a row, in row order (row == int(type)).
CODEC_TYPES = tuple(t for t in ActionType if t not in OUTSIDE_TYPES)
N_TYPES = len(CODEC_TYPES)
assert all(int(t) == i for i, t in enumerate(CODEC_TYPES)), "the types outside come last"

#: Types whose argument is a player (he is addressed by his cell or his dugout slot).
PLAYER_TYPES = frozenset(
    {ActionType.RESERVE_PLAYER, ActionType.SELECT_PLAYER, ActionType.USE_SKILL}
    | {t for t in ActionType if t.starts_action}
)
#: Types that may carry a player and a square together; each gets one row per roster slot.
JOINT_TYPES = (ActionType.PLACE_PLAYER, ActionType.MOVE, ActionType.THROW_TEAM_MATE)
_JOINT_INDEX = {t: i for i, t in enumerate(JOINT_TYPES)}
_IS_PLAYER_TYPE = np.zeros(N_TYPES, dtype=bool)
for _t in PLAYER_TYPES:
    _IS_PLAYER_TYPE[int(_t)] = True


class Squares(Protocol):
    """Who stands on a square: a player id, or a negative value."""

    def __getitem__(self, square: int, /) -> int: ...


class Position(Protocol):
    """What `decode` and `index_of` read of a position: each side's player ids, who stands on
    each square and where each player is (a `GameState`, or a native game's reader)."""

    @property
    def ranges(self) -> tuple[range, range]: ...

    @property
    def grid(self) -> Squares: ...

    @property
    def pos(self) -> Squares: ...


class CodecError(NuffleError, ValueError):
    """An index that names no action, or an engine action the codec cannot place."""


@dataclass(frozen=True)
class RowInfo:
    """What one row of the action grid means."""

    type: ActionType
    slot: int  # own roster slot for a joint row, -1 for a plain type row


class ActionCodec:
    """The flat action space of one board variant (shared by both sides)."""

    def __init__(self, players: int) -> None:
        board = board_for(players)
        self.players = players
        self.height = board.height
        self.width = board.width
        self.cells = board.height * board.width
        self.squares = self.cells + 2 * (board.height + board.width) + 4
        self.roster = board.variant.roster_size
        self.targets = self.squares + 2 * self.roster + 1
        self.none_target = self.targets - 1
        self.rows = N_TYPES + len(JOINT_TYPES) * self.roster
        self.size = self.rows * self.targets
        self._square_cache: tuple[dict[int, tuple[object, np.ndarray]], ...] = ({}, {})
        self.row_info = tuple(
            [RowInfo(t, -1) for t in CODEC_TYPES]
            + [RowInfo(t, k) for t in JOINT_TYPES for k in range(self.roster)]
        )

    # --- encoding -------------------------------------------------------------------------

    def indices(self, s: GameState, legal: LegalActions, side: int) -> np.ndarray:
        """The indices of every legal action of `side`. Raises CodecError if the engine offers
        an action the codec cannot place."""
        return self.grouped(s, legal, side)[0]

    def grouped(self, s: GameState, legal: LegalActions, side: int) -> tuple[np.ndarray, list[int]]:
        """(indices, group ends): the legal indices of `side`, one engine action group (one
        action type) after the other, and where each group ends in them; groups of a type
        outside the space (the Wizard's) are left out."""
        xy_target = _xy_targets(self.players, side)
        sq_cell = _square_cells(self.players, side)
        t_n = self.targets
        flat: list[int] = []
        ends: list[int] = []
        big: list[np.ndarray] = []  # large groups as arrays, placed after `flat`
        for g in legal.groups:
            t = g.type
            row = int(t)
            if row >= N_TYPES:  # a type outside the space (the Wizard's): masked out
                continue
            players, squares = g.players, g.squares
            if players:
                if squares:
                    j = _JOINT_INDEX.get(t)
                    if j is None:
                        raise CodecError(f"{t.name} carries a player and a square; no codec row for it")
                    start = s.ranges[side].start
                    slots = [p - start for p in players]
                    if min(slots) < 0 or max(slots) >= self.roster:
                        raise CodecError(f"{t.name} names a player outside {side}'s roster: {players}")
                    rows = (np.array(slots, dtype=np.int64) + (N_TYPES + j * self.roster)) * t_n
                    big.append((rows[:, None] + self._square_targets(side, squares)[None, :]).ravel())
                    continue
                if not _IS_PLAYER_TYPE[row]:
                    raise CodecError(f"{t.name} names a player but the codec addresses it by square")
                pos = s.pos
                base = row * t_n
                if all(pos[p] >= 0 for p in players):
                    flat.extend([base + sq_cell[pos[p]] for p in players])
                else:
                    flat.extend([base + c for c in self._player_targets(s, side, players)])
            elif squares:
                if _IS_PLAYER_TYPE[row]:
                    raise CodecError(f"{t.name} carries a square but the codec addresses it by player")
                if len(squares) > 32:
                    big.append(self._square_targets(side, squares) + row * t_n)
                    continue
                base = row * t_n
                flat.extend([base + c for c in _targets(xy_target, squares)])
            else:
                flat.append(row * t_n + self.none_target)
            ends.append(len(flat))
        idx = np.array(flat, dtype=np.int64)
        if big:
            for arr in big:
                ends.append(ends[-1] + len(arr) if ends else len(arr))
            idx = np.concatenate([idx, *big])
        return idx, ends

    def _square_targets(self, side: int, squares: tuple[tuple[int, int], ...]) -> np.ndarray:
        """The targets of a long tuple of squares as an array; the engine hands the same tuple
        object for the same squares (set-up halves, kick targets), so it is cached by identity."""
        cache = self._square_cache[side]
        hit = cache.get(id(squares))
        if hit is not None and hit[0] is squares:
            return hit[1]
        arr = np.array(_targets(_xy_targets(self.players, side), squares), dtype=np.int64)
        if len(cache) >= 64:
            cache.clear()
        cache[id(squares)] = (squares, arr)  # holding the tuple keeps its id from being reused
        return arr

    def _player_targets(self, s: Position, side: int, players: tuple[int, ...] | list[int]) -> list[int]:
        """Targets of players: their cell on the pitch, else their dugout slot."""
        sq_cell = _square_cells(self.players, side)
        own = s.ranges[side]
        opp = s.ranges[1 - side]
        out = []
        for p in players:
            q = s.pos[p]
            if q >= 0:
                out.append(sq_cell[q])
            elif p in own:
                out.append(self.squares + p - own.start)
            else:
                out.append(self.squares + self.roster + p - opp.start)
        return out

    def legal_cell_table(self, first: int, dump: int) -> np.ndarray:
        """index -> `first` + its board cell when its target is a cell, else `dump`: the flat
        spatial positions of the `legal_cells` layer (`first` = layer * H * W)."""
        t = np.arange(self.size, dtype=np.int64) % self.targets
        return np.where(t < self.cells, first + t, dump)

    def index_of(self, action: Action, s: Position, side: int) -> int:
        """The index of one engine action of `side` (for instance a bot's choice, to imitate
        it); raises CodecError if the action has no index. Legality is not checked here."""
        t = action.type
        row = int(t)
        if action.player is not None and action.square is not None:
            j = _JOINT_INDEX.get(t)
            slot = action.player - s.ranges[side].start
            if j is None or not 0 <= slot < self.roster:
                raise CodecError(f"{action} has no index: no row for a player and a square of {t.name}")
            row = N_TYPES + j * self.roster + slot
            return row * self.targets + _targets(_xy_targets(self.players, side), (action.square,))[0]
        if action.player is not None:
            if not _IS_PLAYER_TYPE[row]:
                raise CodecError(f"{action} has no index: {t.name} is addressed by square")
            return row * self.targets + self._player_targets(s, side, (action.player,))[0]
        if action.square is not None:
            if _IS_PLAYER_TYPE[row]:
                raise CodecError(f"{action} has no index: {t.name} is addressed by player")
            return row * self.targets + _targets(_xy_targets(self.players, side), (action.square,))[0]
        return row * self.targets + self.none_target

    def mask(self, indices: np.ndarray) -> np.ndarray:
        """The flat bool mask with `indices` set."""
        m = np.zeros(self.size, dtype=np.bool_)
        m[indices] = True
        return m

    # --- decoding -------------------------------------------------------------------------

    def decode(self, index: int, s: Position, side: int) -> Action:
        """The engine action that `index` names for `side` in position `s`.

        Raises CodecError if the index is out of range or names nothing here (an empty cell
        for a player action, a dugout slot with no player). Legality is not checked here."""
        if not 0 <= index < self.size:
            raise CodecError(f"action index {index} is out of range 0..{self.size - 1}")
        row, target = divmod(index, self.targets)
        info = self.row_info[row]
        lay = side_layout(self.players, side)
        if info.slot >= 0:
            if target >= self.squares:
                raise CodecError(f"action index {index} ({info.type.name}) needs a square, not {target}")
            pid = s.ranges[side].start + info.slot
            return Action(info.type, pid, lay.xy[target])
        t = info.type
        if target == self.none_target:
            return Action(t)
        if _IS_PLAYER_TYPE[row]:
            if target < self.cells:
                pid = s.grid[int(lay.square[target])]
                if pid < 0:
                    raise CodecError(f"action index {index} ({t.name}) names empty cell {lay.xy[target]}")
                return Action(t, pid)
            if target < self.squares:
                raise CodecError(f"action index {index} ({t.name}) names an off-pitch square, not a player")
            slot = target - self.squares
            rng = s.ranges[side] if slot < self.roster else s.ranges[1 - side]
            pid = rng.start + slot % self.roster
            if pid not in rng:
                raise CodecError(f"action index {index} ({t.name}) names dugout slot {slot} with no player")
            return Action(t, pid)
        if target >= self.squares:
            raise CodecError(f"action index {index} ({t.name}) needs a square, got target {target}")
        return Action(t, None, lay.xy[target])

    def describe(self, index: int) -> str:
        """A position-free name for an index, e.g. 'MOVE cell (3, 1)' or 'PLACE_PLAYER#2 cell (0, 0)'."""
        if not 0 <= index < self.size:
            raise CodecError(f"action index {index} is out of range 0..{self.size - 1}")
        row, target = divmod(index, self.targets)
        info = self.row_info[row]
        name = info.type.name if info.slot < 0 else f"{info.type.name}#{info.slot}"
        if target == self.none_target:
            return name
        if target < self.cells:
            y, x = divmod(target, self.width)
            return f"{name} cell ({x}, {y})"
        if target < self.squares:
            return f"{name} off-pitch square {target - self.cells}"
        slot = target - self.squares
        who = "own" if slot < self.roster else "opponent"
        return f"{name} {who} dugout slot {slot % self.roster}"

    # --- factored view ----------------------------------------------------------------------

    def factored(self, mask: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """The mask as (row mask of shape (rows,), target masks of shape (rows, targets)), for
        autoregressive policies: pick a row, then a target of that row."""
        grid = np.asarray(mask, dtype=np.bool_).reshape(self.rows, self.targets)
        rows = np.asarray(grid.any(axis=1))
        return rows, grid

    def join(self, row: int, target: int) -> int:
        """The flat index of (row, target)."""
        if not (0 <= row < self.rows and 0 <= target < self.targets):
            raise CodecError(f"(row {row}, target {target}) is outside the {self.rows} x {self.targets} grid")
        return row * self.targets + target


@cache
def _xy_targets(players: int, side: int) -> dict[tuple[int, int], int]:
    """Engine `(x, y)` (on the pitch or on the ring around it) -> square target."""
    lay = side_layout(players, side)
    b = lay.board
    return {b.xy(sq): int(lay.target[sq]) for sq in range(b.size)}


@cache
def _square_cells(players: int, side: int) -> list[int]:
    """Padded engine square -> canonical cell (-1 off the pitch), as a list."""
    cells: list[int] = side_layout(players, side).cell.tolist()
    return cells


def _targets(xy_target: dict[tuple[int, int], int], squares: tuple[tuple[int, int], ...]) -> list[int]:
    try:
        return [xy_target[q] for q in squares]
    except KeyError as e:
        raise CodecError(f"a square lies beyond the ring around the pitch: {e.args[0]}") from None
