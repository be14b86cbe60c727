"""The observation encoder and action mask in C++ (`nuffle._native.Encoder`), for native games.

It writes the same spatial layers, non-spatial features, decision one-hot, action indices and
mask as `ObservationEncoder` and `ActionCodec` (the reference, on any game), straight from a
`NativeGame`'s C++ state into numpy arrays the caller owns. Nothing about the observation's
shape is written twice: the C++ encoder is built from the tables here, which are those of
`features`, `layout`, `codec` and `observation`; a layer or feature the C++ does not compute is
refused when it is built.
"""

from __future__ import annotations

from functools import cache
from typing import Any

import numpy as np

from nuffle.core.engines import native_module
from nuffle.core.game import Game
from nuffle.core.native_game import NativeGame
from nuffle.core.native_state import native_board
from nuffle.envs import observation as obs
from nuffle.envs.codec import JOINT_TYPES, N_TYPES, PLAYER_TYPES, ActionCodec
from nuffle.envs.decision import n_decision_kinds
from nuffle.envs.layout import side_layout
from nuffle.envs.ruleset_layout import LRB6_LAYOUT, RulesetLayout


def encoder_spec(players: int, layout: RulesetLayout = LRB6_LAYOUT) -> dict[str, Any]:
    """What the C++ encoder of board `players` is built from: the layer and feature names of
    `layout` in their order, the enum families by value, the key skills and prayers, and both
    sides' layout tables."""
    geometry = []
    for side in (0, 1):
        lay = side_layout(players, side)
        geometry.append((lay.cell.tolist(), lay.col.tolist(), lay.target.tolist()))
    return {
        "layers": [name for name, _ in layout.spatial],
        "features": [name for name, _ in layout.non_spatial],
        "n_decisions": n_decision_kinds(),
        "weather": sorted(obs._WEATHER.items()),
        "ball_states": sorted(obs._BALL_STATE.items()),
        "acting_kinds": sorted((int(t), name) for t, name in obs._ACTING_KIND.items()),
        "moving_kinds": sorted(int(t) for t in obs._MOVING_KINDS),
        "key_skills": [(int(sk), f"skill_{sk.name.lower()}", f"acting_skill_{sk.name.lower()}")
                       for sk in layout.key_skills],
        "prayers": layout.prayer_features(),
        "geometry": geometry,
    }


def codec_spec(codec: ActionCodec) -> dict[str, Any]:
    """The action grid of `codec` for the C++ mask."""
    return {
        "types": N_TYPES, "rows": codec.rows, "targets": codec.targets, "cells": codec.cells,
        "squares": codec.squares, "roster": codec.roster,
        "joint_types": [int(t) for t in JOINT_TYPES],
        "player_types": sorted(int(t) for t in PLAYER_TYPES),
    }


@cache
def _native_encoder(players: int, layout: RulesetLayout) -> Any:
    codec = codec_spec(ActionCodec(players))
    return native_module().Encoder(native_board(players), encoder_spec(players, layout), codec)


class NativeEncoder:
    """The C++ observation and mask of one board variant, for either side of a `NativeGame`,
    in the layout of a ruleset (`ruleset_layout`; LRB6's by default)."""

    def __init__(self, players: int, layout: RulesetLayout = LRB6_LAYOUT) -> None:
        self.players = players
        self.layout = layout
        self._enc = _native_encoder(players, layout)
        self.spatial_shape: tuple[int, int, int] = tuple(self._enc.spatial_shape)
        self.non_spatial_size: int = self._enc.non_spatial_size
        self.mask_size: int = self._enc.mask_size

    def buffers(self) -> dict[str, np.ndarray]:
        """New arrays of the right dtype and shape: `spatial`, `non_spatial`, `action_mask`
        and `indices` (the legal indices fill its first entries)."""
        return {
            "spatial": np.empty(self.spatial_shape, dtype=np.float32),
            "non_spatial": np.empty(self.non_spatial_size, dtype=np.float32),
            "action_mask": np.empty(self.mask_size, dtype=np.bool_),
            "indices": np.empty(self.mask_size, dtype=np.int64),
        }

    def observe(self, game: Game, side: int, spatial: np.ndarray, non_spatial: np.ndarray,
                mask: np.ndarray, indices: np.ndarray | None = None) -> int:
        """Write the observation of `game` seen by `side` into `spatial` and `non_spatial`, the
        mask of its legal actions into `mask` (all False when `side` does not decide) and, when
        given, the legal indices in the codec's order into the first entries of `indices`;
        returns how many indices are legal. Every array is the caller's and is overwritten
        (no copy is made); a wrong dtype, shape or layout raises naming the array, and a game of
        the Python engine is refused (EnvError)."""
        if not isinstance(game, NativeGame):
            from nuffle.envs.core import EnvError  # envs.core imports this module

            raise EnvError("the C++ encoder observes games of the native engine only "
                           "(Game.new(..., engine='native'))")
        return int(self._enc.observe(game.native_state, side, spatial, non_spatial, mask, indices))

    def time_encoding(self, games: list[NativeGame], moves: list[tuple[int, int, int]],
                      rounds: int = 5) -> tuple[float, float]:
        """(encode_ns, step_ns) per position, best of `rounds`, timed inside C++ with nothing of
        Python between calls: the encoding the batched environment does (legal indices, the
        observation into the position's own arrays cleared by what it set last, the mask by
        index) and the engine's step of `moves[i]` = (type, player, flat square) in `games[i]`
        (the move checked by listing the legal actions, then the engine run on)."""
        states = [g.native_state for g in games]
        encode, step = native_module().time_encoding(self._enc, states, moves, rounds)
        return float(encode), float(step)
