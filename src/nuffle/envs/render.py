"""Frames of the pitch for `render_mode="rgb_array"`: numpy images for recorded videos.

A frame is a `uint8` array of shape (H * CELL, W * CELL, 3), drawn with numpy alone: striped
grass, darker end zones, a white halfway line, home players red and away players blue (a full
square standing, a low bar prone, a hollow square stunned), and the ball as a yellow dot, on a
player's square when carried.
"""

from __future__ import annotations

import numpy as np

from nuffle.core.state import GameState
from nuffle.core.types import BallState, Status
from nuffle.envs.core import EnvError

RENDER_MODES = ("ansi", "rgb_array")
CELL = 16  # pixels a square

_GRASS = (np.array([58, 140, 60], np.uint8), np.array([52, 128, 54], np.uint8))
_END_ZONE = np.array([36, 96, 40], np.uint8)
_TEAM = (np.array([205, 40, 40], np.uint8), np.array([40, 80, 210], np.uint8))
_BALL = np.array([250, 215, 40], np.uint8)


def check_render_mode(mode: str | None) -> None:
    """Raise `EnvError` naming `mode` unless it is None or one of `RENDER_MODES`."""
    if mode is not None and mode not in RENDER_MODES:
        raise EnvError(f"unknown render_mode {mode!r}: choose one of {', '.join(RENDER_MODES)} or None")


def _background(width: int, height: int) -> np.ndarray:
    img = np.empty((height * CELL, width * CELL, 3), np.uint8)
    for x in range(width):
        img[:, x * CELL:(x + 1) * CELL] = _END_ZONE if x in (0, width - 1) else _GRASS[x % 2]
    img[::CELL, :] = img[::CELL, :] // 2 + 20  # faint square lines
    img[:, ::CELL] = img[:, ::CELL] // 2 + 20
    img[:, (width // 2) * CELL] = 220  # the halfway line
    return img


def render_frame(s: GameState) -> np.ndarray:
    """The pitch of position `s` as an RGB image (see the module's docstring)."""
    b = s.board
    img = _background(b.width, b.height)
    for pid in range(len(s.info)):
        sq = s.pos[pid]
        if sq < 0:
            continue
        x, y = b.xy(sq)
        top, left = y * CELL, x * CELL
        cell = img[top:top + CELL, left:left + CELL]
        colour = _TEAM[s.pteam[pid]]
        status = Status(s.status[pid])
        if status is Status.PRONE:
            cell[CELL // 2:CELL - 3, 2:CELL - 2] = colour
        elif status is Status.STUNNED:
            cell[2:CELL - 2, 2:CELL - 2] = colour
            cell[5:CELL - 5, 5:CELL - 5] = colour // 3
        else:
            cell[2:CELL - 2, 2:CELL - 2] = colour
    if s.ball_state in (BallState.CARRIED, BallState.ON_GROUND, BallState.IN_AIR) and s.ball >= 0:
        x, y = b.xy(s.ball)
        if 0 <= x < b.width and 0 <= y < b.height:
            c = CELL // 2
            img[y * CELL + c - 3:y * CELL + c + 3, x * CELL + c - 3:x * CELL + c + 3] = _BALL
    return img
