"""`BloodBowlAEC`: a PettingZoo AEC environment where both coaches are learners (self-play)."""

from __future__ import annotations

from typing import Any

import numpy as np
from gymnasium import spaces
from gymnasium.utils import seeding
from pettingzoo import AECEnv

from nuffle.core.decision import DecisionKind
from nuffle.core.ruleset import Ruleset
from nuffle.envs.core import EnvError, MatchDriver, Team
from nuffle.envs.gym_env import DEFAULT_MAX_STEPS, DEFAULT_SETUP, MaskDiscrete, observation_space
from nuffle.envs.opponent import Opponent
from nuffle.envs.render import check_render_mode, render_frame
from nuffle.envs.rewards import EventTracker, StepEvents, make_reward

AGENTS = ("home", "away")


class AgentLegalDiscrete(MaskDiscrete):
    """One agent's action space: `sample()` without a mask draws among the actions that agent
    may take now (so `env.action_space(agent).sample()` is a valid action for the agent that
    decides, and the flat index 0 for the other, whose action is not used); with a mask it
    samples as usual."""

    def __init__(self, n: int, env: BloodBowlAEC, agent: str) -> None:
        super().__init__(n)
        self._env = env
        self._agent = agent

    def sample(self, mask: Any = None, probability: Any = None) -> np.int64:
        if mask is None and probability is None:
            env = self._env
            legal = env.action_masks(self._agent) if env.agents else np.zeros(self.n, dtype=np.bool_)
            return super().sample(mask=legal)  # an all-False mask gives index 0
        return super().sample(mask=mask, probability=probability)


class BloodBowlAEC(AECEnv):  # type: ignore[misc]
    """Agents 'home' and 'away'; `agent_selection` is whoever decides next (a coach often
    decides many times in a row). Observations are canonical for each agent and carry its
    action mask (all False when it does not decide). Rewards come from each side's events.
    `action_space(agent).sample()` draws a legal action for the agent that decides. An illegal
    action raises `EnvError`; with `illegal_action="ignore"` it is skipped instead (rewards 0,
    `infos[agent]["illegal_action"]` True), as in `BloodBowlEnv`.

    `setup` (a bot spec, default 'scripted'; None: the agents set up) makes both sides' set-up
    decisions, so the agents only play; `max_steps` (default `DEFAULT_MAX_STEPS`; None: no
    limit) truncates the episode after that many agent steps, both sides' together. `engine`
    as in `BloodBowlEnv` ('python' or 'native'; default: native where it is built), and
    `features` (the user's observation features, appended to each agent's `non_spatial`);
    `ruleset` as in `BloodBowlEnv`."""

    metadata = {"render_modes": ["ansi", "rgb_array"], "name": "nuffle_bloodbowl_v0",
                "is_parallelizable": False, "render_fps": 4}

    def __init__(
        self,
        board: int = 11,
        home: Team = "human",
        away: Team = "orc",
        reward: Any = "win",
        assisted_moves: bool = False,
        render_mode: str | None = None,
        setup: Any = DEFAULT_SETUP,
        max_steps: int | None = DEFAULT_MAX_STEPS,
        engine: str | None = None,
        illegal_action: str = "raise",
        features: Any = None,
        ruleset: str | Ruleset = "lrb6",
    ) -> None:
        super().__init__()
        check_render_mode(render_mode)
        if illegal_action not in ("raise", "ignore"):
            raise EnvError(f"illegal_action must be 'raise' or 'ignore', got {illegal_action!r}")
        self.illegal_action = illegal_action
        if max_steps is not None and (isinstance(max_steps, bool) or not isinstance(max_steps, int)
                                      or max_steps < 1):
            raise EnvError(f"max_steps must be a positive integer or None, got {max_steps!r}")
        if setup is not None and not isinstance(setup, str):
            raise EnvError(f"setup must be a bot spec (a string) or None, got {setup!r}")
        self.max_steps = max_steps
        self.helpers = (Opponent(setup), Opponent(setup)) if setup is not None else None
        self.steps = 0
        self.driver = MatchDriver(board, home, away, assisted_moves, engine, features, ruleset)
        self.reward_fn = make_reward(reward)
        self.render_mode = render_mode
        self.possible_agents = list(AGENTS)
        self.agents: list[str] = []
        self._obs_space = observation_space(self.driver)
        self._act_spaces = {a: AgentLegalDiscrete(self.driver.codec.size, self, a) for a in AGENTS}
        self._np_random, _ = seeding.np_random(None)
        self.trackers: list[EventTracker] = []

    def observation_space(self, agent: str) -> spaces.Dict:
        return self._obs_space

    def action_space(self, agent: str) -> spaces.Discrete:
        if agent not in AGENTS:
            raise EnvError(f"unknown agent {agent!r}: choose 'home' or 'away'")
        return self._act_spaces[agent]

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
        self.steps = 0
        if self.helpers is not None:
            for side, helper in enumerate(self.helpers):
                helper.new_game(game, side, seed=int(self._np_random.integers(2**31 - 1)))
        self._set_up([StepEvents(), StepEvents()])
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
        try:
            act = self.driver.action_for(action, side)
        except EnvError:
            if self.illegal_action == "raise" or not self._act_spaces[agent].contains(action):
                raise
            self._skip_illegal(agent)  # nothing changes in the match
            return
        self._cumulative_rewards[agent] = 0.0
        events = [StepEvents(), StepEvents()]
        self.driver.apply(act, side, [(self.trackers[0], events[0]), (self.trackers[1], events[1])])
        self._set_up(events)
        self.steps += 1
        game = self.driver.live()
        if game.is_over:
            for i in (0, 1):
                self.trackers[i].finish(game, events[i])
            self.terminations = dict.fromkeys(self.agents, True)
        elif self.max_steps is not None and self.steps >= self.max_steps:
            self.truncations = dict.fromkeys(self.agents, True)
        for i, name in enumerate(AGENTS):
            self.rewards[name] = float(self.reward_fn(events[i]))
            self.infos[name] = {"events": events[i].as_dict()}
        if not game.is_over:
            self.agent_selection = AGENTS[game.decider]
        self._accumulate_rewards()

    def _skip_illegal(self, agent: str) -> None:
        """`illegal_action="ignore"`: an illegal action is skipped (the same agent still decides,
        every reward 0, `infos[agent]["illegal_action"]` True), as `BloodBowlEnv` does."""
        self._cumulative_rewards[agent] = 0.0
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self.infos = {a: {"events": StepEvents().as_dict()} for a in self.agents}
        self.infos[agent]["illegal_action"] = True

    def render(self) -> Any:
        if self.render_mode == "ansi":
            return self.driver.live().board_text()
        if self.render_mode == "rgb_array":
            return render_frame(self.driver.live().state)
        return None

    def _set_up(self, events: list[StepEvents]) -> None:
        """Let the set-up bot take every set-up decision now (its events go to `events`)."""
        if self.helpers is None:
            return
        game = self.driver.live()
        pairs = [(self.trackers[0], events[0]), (self.trackers[1], events[1])]
        while not game.is_over and game.decision().kind is DecisionKind.SETUP:
            side = game.decider
            self.driver.apply(self.helpers[side].act(game), side, pairs)

    def close(self) -> None:
        pass


def env(**kwargs: Any) -> BloodBowlAEC:
    """PettingZoo-style constructor: `nuffle.envs.aec_env.env(board=1)`."""
    return BloodBowlAEC(**kwargs)
