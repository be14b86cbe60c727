"""Reinforcement-learning environments (needs the `[gym]` extra): Gymnasium ids
`nuffle/BloodBowl-{1,3,5,7,11}-v0`, registered on import, and PettingZoo AEC and Parallel
environments.

    import gymnasium, nuffle.envs
    env = gymnasium.make("nuffle/BloodBowl-1-v0", home="human", away="orc", opponent="random")
"""

from __future__ import annotations

from nuffle.envs.codec import ActionCodec, CodecError
from nuffle.envs.core import BOARDS, EnvError
from nuffle.envs.gym_env import DEFAULT_MAX_STEPS, DEFAULT_SETUP, BloodBowlEnv
from nuffle.envs.observation import ObservationEncoder
from nuffle.envs.registration import env_id, register_envs
from nuffle.envs.rewards import FFAI, WIN_LOSS, StepEvents
from nuffle.envs.vector import make_vector_env
from nuffle.envs.wrappers import EpisodeStatistics

register_envs()

__all__ = [
    "BOARDS",
    "DEFAULT_MAX_STEPS",
    "DEFAULT_SETUP",
    "FFAI",
    "WIN_LOSS",
    "ActionCodec",
    "BloodBowlEnv",
    "CodecError",
    "EnvError",
    "EpisodeStatistics",
    "ObservationEncoder",
    "StepEvents",
    "env_id",
    "make_vector_env",
    "register_envs",
]
