"""Critic warm-up: fit the value head alone before a pretrained policy starts to change.

A behaviour-cloned policy comes with an untrained value head. Its first advantages are noise,
and its value loss, large under the shaped reward, pulls the shared layers away from what the
cloning learnt. For the first `critic_warmup` learner steps the trainer calls `update` here
instead of the algorithm's: only the value head's weights move, so the policy acts exactly as
it was loaded.
"""

from __future__ import annotations

import math

import torch

from nuffle.rl.config import TrainConfig
from nuffle.rl.losses import nstep_returns
from nuffle.rl.networks import ActorCritic, masked_dist
from nuffle.rl.rollout import Rollout

#: gradient steps on each rollout (the value head is linear: a few steps per batch suffice)
PASSES = 4


def make_optimizer(net: ActorCritic, cfg: TrainConfig) -> torch.optim.Optimizer:
    """Adam over the value head's weights only, at the run's learning rate but at least 1e-3
    (a cloned policy is fine-tuned at a low rate; the fresh head should not learn as slowly)."""
    return torch.optim.Adam(net.critic.parameters(), lr=max(cfg.lr, 1e-3))


def update(net: ActorCritic, opt: torch.optim.Optimizer, roll: Rollout, last_values: torch.Tensor,
           cfg: TrainConfig) -> dict[str, float]:
    """`PASSES` steps of the value loss (against n-step returns) on the value head; the loss
    parts as the algorithms report them (the policy loss is 0: the policy is not trained)."""
    returns = nstep_returns(roll.rewards, roll.dones, last_values, cfg.gamma).flatten()
    spatial, ns = roll.flat("spatial"), roll.flat("non_spatial")
    value_loss = math.nan
    for _ in range(PASSES):
        _, values = net(spatial, ns)
        loss = (returns - values).pow(2).mean()
        net.zero_grad()
        loss.backward()
        opt.step()
        value_loss = loss.item()
    net.zero_grad()
    with torch.no_grad():
        entropy = masked_dist(net(spatial, ns)[0], roll.flat("masks")).entropy().mean().item()
    return {"policy_loss": 0.0, "value_loss": value_loss, "entropy": entropy}
