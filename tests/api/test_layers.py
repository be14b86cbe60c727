"""Layering: the engine loads nothing from the layers above it, even with assisted moves."""

from __future__ import annotations

import subprocess
import sys

_SCRIPT = """
import random, sys
import nuffle.core
from nuffle.core.game import Game
game = Game.new("human", "orc", seed=3, board=5, assisted_moves=True)
rng = random.Random(3)
steps = 0
while not game.is_over and steps < 3000:
    game.step(rng.choice(list(game.legal_actions())))
    steps += 1
print(steps)
bad = sorted(m for m in sys.modules if m.startswith(("nuffle.analysis", "nuffle.agents", "nuffle.cli",
             "nuffle.envs", "nuffle.web", "nuffle.competition", "nuffle.play", "nuffle.teams",
             "nuffle.report")))
print(",".join(bad))
"""


def test_core_and_assisted_moves_load_nothing_from_above() -> None:
    out = subprocess.run([sys.executable, "-c", _SCRIPT], capture_output=True, text=True, check=True)
    steps, bad = out.stdout.strip().split("\n") if "\n" in out.stdout.strip() else (out.stdout.strip(), "")
    assert int(steps) > 100
    assert bad == "", f"the engine imported {bad}"


def test_public_names_are_exported() -> None:
    import nuffle

    for name in ("Game", "Action", "ActionType", "play", "make_agent", "SampledRoller",
                 "ScriptedRoller", "ExplicitRoller", "DecisionKind", "MatchConfig"):
        assert getattr(nuffle, name) is not None
