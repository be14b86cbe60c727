"""grod improved by rollouts, registered as "grod-rollouts": at each team-turn decision (which
player acts, and how) grod's best `candidates` options, and ending the turn, are each played out
`samples` times on copies of the position with sampled dice, grod playing both sides, to the end
of `horizon` team turns (2: the opponent's next turn too); the option whose outcomes are worth
most on average (score, ball, casualties) is played, grod's own choice unless another beats it
by more than `margin`. The options share their dice streams (common random numbers). Every other
decision is grod's. The search is C++ (`nuffle._native.GrodRollouts`,
native/include/nuffle/bots/grod_rollouts.hpp) and needs the native module; on a Python game
each decision's position is copied into the native engine first. docs/STRENGTH.md measures it.
"""

from __future__ import annotations

import math
import sys
from typing import Any

from nuffle.agents.base import Agent
from nuffle.agents.grod.native import grod_formations
from nuffle.agents.grod.values import Values, load_values
from nuffle.core.actions import Action, ActionType
from nuffle.core.engines import native_module
from nuffle.core.errors import InputError
from nuffle.core.game import Game
from nuffle.core.native_game import NativeGame
from nuffle.core.native_state import native_board, to_native

#: The options' allowed ranges (the C++ settings check the same).
LIMITS = {"candidates": (1, 16), "samples": (1, 10_000), "horizon": (1, 4)}
MAX_SECONDS = 60.0
MAX_Z = 10.0


def check_options(candidates: int, samples: int, seconds: float, horizon: int, margin: float,
                  z: float) -> None:
    """Raise InputError (one line) for an option out of range."""
    for name, value in (("candidates", candidates), ("samples", samples), ("horizon", horizon)):
        low, high = LIMITS[name]
        if not low <= value <= high:
            raise InputError(f"grod-rollouts: {name} must be {low}..{high}, not {value}")
    if not math.isfinite(seconds) or not 0 < seconds <= MAX_SECONDS:
        raise InputError(f"grod-rollouts: seconds must be > 0 and at most {MAX_SECONDS:g}, not {seconds}")
    if not math.isfinite(margin) or margin < 0:
        raise InputError(f"grod-rollouts: margin must be a finite number >= 0, not {margin}")
    if not math.isfinite(z) or not 0 <= z <= MAX_Z:
        raise InputError(f"grod-rollouts: z must be 0..{MAX_Z:g}, not {z}")


class GrodRolloutsBot(Agent):
    """grod with a rollout search over its team-turn options (see the module's docstring);
    `values` and `tweak` are grod's (`nuffle.agents.grod.values`)."""

    name = "grod-rollouts"

    def __init__(self, seed: int = 0, candidates: int = 3, samples: int = 64, seconds: float = 0.1,
                 horizon: int = 2, end_turn: bool = False, margin: float = 0.0, z: float = 2.0,
                 values: str = "", tweak: str = "") -> None:
        check_options(candidates, samples, seconds, horizon, margin, z)
        native_module()  # EngineUnavailableError, one line, where the native module is not built
        self.v: Values = load_values(values, tweak)
        self.settings = {"candidates": candidates, "samples": samples, "seconds": seconds,
                         "horizon": horizon, "end_turn": end_turn, "margin": margin, "z": z,
                         "seed": seed & 0xFFFF_FFFF_FFFF_FFFF}
        self.board = 0
        self.core: Any = None

    def _core_for(self, board: int) -> Any:
        if self.core is None or self.board != board:
            offense, defense = grod_formations(board)
            self.core = native_module().GrodRollouts(
                native_board(board), offense, defense, dict(self.v.table), sys.version_info >= (3, 12),
                **self.settings)
            self.board = board
        return self.core

    def new_game(self, view: Game, side: int) -> None:
        super().new_game(view, side)
        if self.core is not None:
            self.core.reset()

    def act(self, view: Game) -> Action:
        board = view.config.board
        core = self._core_for(board)
        native = view.native_state if isinstance(view, NativeGame) else to_native(view.state)
        kind, player, square = core.act(native)
        xy = None if square < 0 else view.state.board.xy(square)
        return Action(ActionType(kind), None if player < 0 else player, xy)

    def stats(self) -> dict[str, float]:
        """What the searches did this game: decisions searched, rounds, rollouts, decisions
        where another option than grod's was played, seconds spent searching."""
        return {} if self.core is None else dict(self.core.stats())
