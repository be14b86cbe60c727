"""A trained policy as a bot: `policy?model=runs/b1/best.pt` (or a bundled name such as `b1`).

The bot encodes its view exactly as the environment encoded the learner's observations
(canonical, so it plays home or away; with the observation features it was trained on), masks
the illegal actions and samples the policy (or takes its most likely action with
`greedy=true`). Set-up decisions go to the bot the policy was
trained with for them (its config's `setup`), as in training.

A policy trained with assisted moves sees every position as an assisted-moves match offers
it; where the match has none, the bot walks the chosen square's safest path one step per
decision (`nuffle.agents.macro`).
"""

from __future__ import annotations

import numpy as np
import torch

from nuffle.agents.base import Agent
from nuffle.agents.macro import MacroWalker, assisted
from nuffle.agents.registry import make_agent, register
from nuffle.core.actions import Action
from nuffle.core.decision import DecisionKind
from nuffle.core.errors import InputError
from nuffle.core.game import Game
from nuffle.envs.core import MatchDriver
from nuffle.rl import checkpoint
from nuffle.rl.networks import ActorCritic
from nuffle.rl.policy_opponent import NetOpponent

#: The rules every policy is trained on (the environments' observation layout is LRB6's).
POLICY_RULESET = "lrb6"


class PolicyAgent(Agent):
    """Plays a checkpoint's policy (see the module docstring)."""

    name = "policy"

    def __init__(self, model: str, greedy: bool = False, seed: int = 0) -> None:
        loaded = checkpoint.load(model)
        self.model = model
        self.net = loaded.net
        self.board = loaded.net.spec.board
        self.boards = (self.board,)
        self.greedy = greedy
        self.generator = torch.Generator().manual_seed(seed)
        self.helper_name = loaded.config.setup or None
        self.helper = make_agent(loaded.config.setup, seed=seed) if loaded.config.setup else None
        self.assisted_moves = loaded.config.assisted_moves
        self.walker = MacroWalker()
        self.features = loaded.config.extra_features()  # the observation features it was trained on
        self.driver: MatchDriver | None = None

    def new_game(self, view: Game, side: int) -> None:
        super().new_game(view, side)
        if view.config.board != self.board:
            raise checkpoint.CheckpointError(
                f"policy {self.model} was trained for board {self.board}, not board {view.config.board}")
        if view.config.ruleset != POLICY_RULESET:
            raise checkpoint.CheckpointError(f"policy {self.model} was trained on {POLICY_RULESET}, "
                                             f"not {view.config.ruleset}: it plays LRB6 matches only")
        self.driver = MatchDriver(self.board, "human", "human", self.assisted_moves, features=self.features)
        self.driver.attach(self._seen(view), same_match=False)
        self.walker.reset()
        if self.helper is not None:
            self.helper.new_game(view, side)

    def act(self, view: Game) -> Action:
        if self.driver is None:
            self.new_game(view, view.decider)
        driver = self.driver
        assert driver is not None
        if self.helper is not None and view.decision().kind is DecisionKind.SETUP:
            return self.helper.act(view)
        legal = view.legal_actions()
        step = self.walker.next(view, legal)
        if step is not None:
            return step
        seen = self._seen(view)
        driver.attach(seen, same_match=True)
        side = self.side
        obs = driver.observe(side)
        index = pick(self.net, obs, driver.indices(side), self.greedy, self.generator)
        action = driver.codec.decode(index, driver.position(), side)
        if seen is not view and action not in legal:  # a macro move the match does not allow
            return self.walker.start(view, action)
        return action

    def batch_policy(self) -> NetOpponent | None:
        """This policy as the batched environment's opponent (one forward pass for every row
        where it decides; its observation features, if any, computed for those rows), or None
        where only this bot can play it: a policy trained with assisted moves, or one whose
        set-up bot is not the scripted one (C++ has that one)."""
        if self.assisted_moves or self.helper_name not in (None, "scripted"):
            return None
        return NetOpponent(self.net, self.greedy, self.helper_name, name=f"policy {self.model}",
                           features=self.features)

    def _seen(self, view: Game) -> Game:
        """The position as the policy was trained to see it (with or without assisted moves)."""
        return assisted(view) if self.assisted_moves else view

    def end_game(self, result: dict[str, object]) -> None:
        if self.helper is not None:
            self.helper.end_game(result)


def pick(net: ActorCritic, obs: dict[str, np.ndarray], legal: np.ndarray, greedy: bool,
         generator: torch.Generator) -> int:
    """The policy's action index among the `legal` indices of one observation: sampled (or the
    most likely); the softmax runs over the legal actions only, which is the masked policy."""
    with torch.no_grad():
        logits, _ = net(torch.from_numpy(obs["spatial"])[None], torch.from_numpy(obs["non_spatial"])[None])
        legal_t = torch.from_numpy(legal.astype(np.int64, copy=False))
        mine = logits[0, legal_t]
        if greedy:
            return int(legal[int(torch.argmax(mine))])
        return int(legal[int(torch.multinomial(torch.softmax(mine, 0), 1, generator=generator))])


def _factory(seed: int = 0, model: str = "", greedy: bool = False, threads: int = 1) -> PolicyAgent:
    if threads < 1:
        raise InputError(f"bot 'policy': threads must be at least 1, got {threads}")
    torch.set_num_threads(threads)  # one thread: a bot shares its machine with the match and others
    return PolicyAgent(model, greedy=greedy, seed=seed)


register("policy", _factory)
