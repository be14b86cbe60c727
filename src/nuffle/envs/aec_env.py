"""`BloodBowlAEC`: a PettingZoo AEC environment where both coaches are learners (self-play)."""

from __future__ import annotations

from typing import Any

import numpy as np
from gymnasium import spaces
from gymnasium.utils import seeding
from pettingzoo import AECEnv

from nuffle.envs.core import EnvError, MatchDriver, Team
from nuffle.envs.gym_env import observation_space
from nuffle.envs.rewards import EventTracker, StepEvents, make_reward

AGENTS = ("home", "away")


class BloodBowlAEC(AECEnv):  # type: ignore[misc]
    """Agents 'home' and 'away'; `agent_selection` is whoever decides next (a coach often
    decides many times in a row). Observations are canonical for each agent and carry its
    action mask (all zero when it does not decide). Rewards come from each side's events."""

    metadata = {"render_modes": ["ansi"], "name": "nuffle_bloodbowl_v0", "is_parallelizable": False,
                "render_fps": 4}

    def __init__(
        self,
        board: int = 11,
        home: Team = "human",
        away: Team = "orc",
        reward: Any = "win",
        assisted_moves: bool = False,
        render_mode: str | None = None,
    ) -> None:
        super().__init__()
        if render_mode is not None and render_mode != "ansi":
            raise EnvError(f"unknown render_mode {render_mode!r}: choose 'ansi' or None")
        self.driver = MatchDriver(board, home, away, assisted_moves)
        self.reward_fn = make_reward(reward)
        self.render_mode = render_mode
        self.possible_agents = list(AGENTS)
        self.agents: list[str] = []
        self._obs_space = observation_space(self.driver)
        self._act_space = spaces.Discrete(self.driver.codec.size)
        self._np_random, _ = seeding.np_random(None)
        self.trackers: list[EventTracker] = []

    def observation_space(self, agent: str) -> spaces.Dict:
        return self._obs_space

    def action_space(self, agent: str) -> spaces.Discrete:
        return self._act_space

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        if seed is not None:
            self._np_random, _ = seeding.np_random(seed)
        game = self.driver.new_game(int(self._np_random.integers(2**31 - 1)))
        self.agents = list(AGENTS)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self.trackers = [EventTracker(game, 0), EventTracker(game, 1)]
        self.agent_selection = AGENTS[game.decider] if game.decider in (0, 1) else AGENTS[0]

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        if agent not in AGENTS:
            raise EnvError(f"unknown agent {agent!r}: choose 'home' or 'away'")
        return self.driver.observe(AGENTS.index(agent))

    def action_masks(self, agent: str | None = None) -> np.ndarray:
        """The legal actions of `agent` (default: the one to act) as a bool array."""
        side = AGENTS.index(agent or self.agent_selection)
        m = np.zeros(self.driver.codec.size, dtype=bool)
        m[self.driver.indices(side)] = True
        return m

    def step(self, action: Any) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        side = AGENTS.index(agent)
        act = self.driver.action_for(action, side)
        self._cumulative_rewards[agent] = 0.0
        events = [StepEvents(), StepEvents()]
        self.driver.apply(act, side, [(self.trackers[0], events[0]), (self.trackers[1], events[1])])
        game = self.driver.live()
        if game.is_over:
            for i in (0, 1):
                self.trackers[i].finish(game, events[i])
            self.terminations = dict.fromkeys(self.agents, True)
        for i, name in enumerate(AGENTS):
            self.rewards[name] = float(self.reward_fn(events[i]))
            self.infos[name] = {"events": events[i].as_dict()}
        if not game.is_over:
            self.agent_selection = AGENTS[game.decider]
        self._accumulate_rewards()

    def render(self) -> str | None:
        if self.render_mode == "ansi":
            return self.driver.live().board_text()
        return None

    def close(self) -> None:
        pass


def env(**kwargs: Any) -> BloodBowlAEC:
    """PettingZoo-style constructor: `nuffle.envs.aec_env.env(board=1)`."""
    return BloodBowlAEC(**kwargs)
