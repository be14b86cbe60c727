"""`BloodBowlParallel`: the PettingZoo Parallel form of the self-play environment.

Blood Bowl is turn-based: one coach decides at a time. Each `step(actions)` takes the action
of the agent that decides now (the one whose `action_mask` has legal entries) and ignores the
other agent's (its mask is all False; any value, or none, will do). Observations, rewards,
terminations, truncations and infos are reported for both agents at every step.
`action_space(agent).sample()` draws a legal action for the agent that decides, so the
canonical random loop runs as it is; `illegal_action="ignore"` skips an illegal action (as the
Gymnasium environment does) instead of raising `EnvError`.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import ParallelEnv

from nuffle.core.errors import InputError
from nuffle.envs.aec_env import AGENTS, BloodBowlAEC


class BloodBowlParallel(ParallelEnv):  # type: ignore[misc]
    """Agents 'home' and 'away' stepping together; takes `BloodBowlAEC`'s options (board,
    teams, reward, assisted moves, render mode, `setup` bot, `max_steps`, `engine`,
    `illegal_action` and `features`)."""

    metadata = {"render_modes": ["ansi", "rgb_array"], "name": "nuffle_bloodbowl_parallel_v0",
                "render_fps": 4}

    def __init__(self, **kwargs: Any) -> None:
        self.aec = BloodBowlAEC(**kwargs)
        self.possible_agents = list(AGENTS)
        self.agents: list[str] = []
        self.render_mode = self.aec.render_mode

    def observation_space(self, agent: str) -> spaces.Dict:
        return self.aec.observation_space(agent)

    def action_space(self, agent: str) -> spaces.Discrete:
        return self.aec.action_space(agent)

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None
              ) -> tuple[dict[str, dict[str, np.ndarray]], dict[str, dict[str, Any]]]:
        self.aec.reset(seed=seed, options=options)
        self.agents = list(self.aec.agents)
        return self._observations(), self._infos()

    def step(self, actions: dict[str, Any]) -> tuple[
            dict[str, dict[str, np.ndarray]], dict[str, float], dict[str, bool], dict[str, bool],
            dict[str, dict[str, Any]]]:
        aec = self.aec
        mover = aec.agent_selection
        if mover not in actions:
            raise InputError(f"no action for {mover!r}, the agent that decides now")
        aec.step(actions[mover])
        rewards = {a: float(aec.rewards[a]) for a in self.agents}
        terms = {a: bool(aec.terminations[a]) for a in self.agents}
        truncs = {a: bool(aec.truncations[a]) for a in self.agents}
        obs, infos = self._observations(), self._infos()
        for a, info in aec.infos.items():
            if a in infos:
                infos[a]["events"] = info.get("events", {})
                if info.get("illegal_action"):
                    infos[a]["illegal_action"] = True
        if any(terms.values()) or any(truncs.values()):
            self.agents = []
        return obs, rewards, terms, truncs, infos

    def render(self) -> Any:
        return self.aec.render()

    def close(self) -> None:
        self.aec.close()

    def _observations(self) -> dict[str, dict[str, np.ndarray]]:
        return {a: self.aec.observe(a) for a in self.agents}

    def _infos(self) -> dict[str, dict[str, Any]]:
        return {a: {} for a in self.agents}


def parallel_env(**kwargs: Any) -> BloodBowlParallel:
    """PettingZoo-style constructor: `nuffle.envs.parallel_env.parallel_env(board=1)`."""
    return BloodBowlParallel(**kwargs)
