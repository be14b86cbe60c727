"""Self-play through the PettingZoo environment: the learner coaches one side of `BloodBowlAEC`,
a past checkpoint from the run's pool the other.

At each reset the learner's side is drawn and the opponent is drawn from the pool folder: the
newest snapshot half of the time, any older one otherwise (so the learner keeps beating its
past selves, not only its latest). Set-up decisions of both sides go to the setup bot, as in
the single-learner environment. To the trainer it looks like the Gymnasium environment:
reset(seed) and step(index) with the learner's observation, reward, termination and events.
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import numpy as np
import torch

from nuffle.agents.base import Agent
from nuffle.agents.registry import make_agent
from nuffle.core.decision import DecisionKind
from nuffle.core.errors import InputError
from nuffle.envs.aec_env import AGENTS, BloodBowlAEC
from nuffle.rl import checkpoint
from nuffle.rl.networks import ActorCritic
from nuffle.rl.policy_bot import pick

Obs = dict[str, np.ndarray]


class SelfPlayEnv:
    """One learner against the pool, over the AEC environment (see the module docstring)."""

    def __init__(self, spec: Any, seed: int) -> None:
        self.spec = spec
        self.pool = Path(spec.pool)
        self.aec = BloodBowlAEC(board=spec.board, home=spec.home, away=spec.away, reward=spec.reward,
                                assisted_moves=spec.assisted_moves, setup=None, max_steps=None,
                                features=spec.features)
        self.rng = random.Random(seed)
        self.generator = torch.Generator().manual_seed(seed)
        self.side = 0
        self.opponent: ActorCritic | None = None
        self.helpers: list[Agent] = []
        self._cache: dict[str, ActorCritic] = {}
        self._events: dict[str, float] = {}
        self._reward = 0.0

    def _draw_opponent(self) -> ActorCritic:
        snapshots = sorted(self.pool.glob("*.pt"))
        if not snapshots:
            raise InputError(f"the self-play pool {self.pool} has no checkpoint")
        path = snapshots[-1] if self.rng.random() < 0.5 else self.rng.choice(snapshots)
        key = str(path)
        if key not in self._cache:
            if len(self._cache) > 8:
                self._cache.clear()
            self._cache[key] = checkpoint.load(path, board=self.spec.board).net
        return self._cache[key]

    def reset(self, seed: int | None = None) -> tuple[Obs, dict[str, Any]]:
        aec = self.aec
        aec.reset(seed=seed if seed is not None else self.rng.randrange(2**31 - 1))
        self.side = self.rng.randrange(2)
        self.opponent = self._draw_opponent()
        game = aec.driver.live()
        self.helpers = []
        if self.spec.setup:
            for side in (0, 1):
                helper = make_agent(self.spec.setup, seed=self.rng.randrange(2**31 - 1))
                helper.new_game(game.view(), side)
                self.helpers.append(helper)
        self._events, self._reward = {}, 0.0
        self._advance()
        return self._observe(), self._info()

    def step(self, action: int) -> tuple[Obs, float, bool, bool, dict[str, Any]]:
        aec = self.aec
        me = AGENTS[self.side]
        self._events, self._reward = {}, 0.0
        aec.step(int(action))
        self._collect(me)
        self._advance()
        done = aec.terminations[me]
        return self._observe(), self._reward, bool(done), False, self._info()

    def close(self) -> None:
        self.aec.close()

    # --- internals ------------------------------------------------------------------------

    def _collect(self, me: str) -> None:
        """Add the learner's reward and events of the step just taken (whoever took it)."""
        self._reward += float(self.aec.rewards[me])
        for k, v in self.aec.infos[me].get("events", {}).items():
            self._events[k] = self._events.get(k, 0.0) + v

    def _advance(self) -> None:
        """Play the opponent's decisions and every set-up decision until the learner decides."""
        aec = self.aec
        me = AGENTS[self.side]
        game = aec.driver.live()
        while not aec.terminations[me]:
            side = AGENTS.index(aec.agent_selection)
            if self.helpers and game.decision().kind is DecisionKind.SETUP:
                action = self.helpers[side].act(game.view())
                aec.step(aec.driver.codec.index_of(action, aec.driver.position(), side))
            elif side != self.side:
                aec.step(self._opponent_index(aec.agent_selection))
            else:
                return
            self._collect(me)

    def _opponent_index(self, agent: str) -> int:
        obs = self.aec.observe(agent)
        assert self.opponent is not None
        legal = self.aec.driver.indices(AGENTS.index(agent))
        return pick(self.opponent, obs, legal, False, self.generator)

    def _observe(self) -> Obs:
        return self.aec.observe(AGENTS[self.side])

    def _info(self) -> dict[str, Any]:
        return {"events": dict(self._events), "side": self.side}
