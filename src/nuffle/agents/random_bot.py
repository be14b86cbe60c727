"""The random bot: a uniformly random action type, then a uniformly random player or square.

For set-up it places its players in a randomly chosen predefined formation. The play itself is
`nuffle.random_player.RandomPlayer` (a layer below, for test support and invariant checks).
"""

from __future__ import annotations

from nuffle.agents.base import Agent
from nuffle.agents.registry import register
from nuffle.random_player import RandomPlayer


class RandomBot(RandomPlayer, Agent):
    """Plays uniformly at random (type first, then player/square); sets up in formations."""

    name = "random"


register("random", RandomBot)
