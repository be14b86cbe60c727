"""A2C: one synchronous update from a rollout of t_max steps (n-step returns)."""

from __future__ import annotations

import torch
from torch import nn

from nuffle.rl.config import TrainConfig
from nuffle.rl.losses import a2c_loss, nstep_returns
from nuffle.rl.networks import ActorCritic, masked_dist
from nuffle.rl.rollout import Rollout


def make_optimizer(net: ActorCritic, cfg: TrainConfig) -> torch.optim.Optimizer:
    """RMSprop with the paper's settings."""
    return torch.optim.RMSprop(net.parameters(), lr=cfg.lr, eps=cfg.rms_eps, alpha=cfg.rms_alpha)


def update(net: ActorCritic, opt: torch.optim.Optimizer, roll: Rollout, last_values: torch.Tensor,
           cfg: TrainConfig) -> dict[str, float]:
    """One gradient step on the whole rollout; returns the loss parts."""
    returns = nstep_returns(roll.rewards, roll.dones, last_values, cfg.gamma)
    logits, values = net(roll.flat("spatial"), roll.flat("non_spatial"))
    dist = masked_dist(logits, roll.flat("masks"))
    loss = a2c_loss(dist.log_prob(roll.flat("actions")), values, returns.flatten(), dist.entropy(),
                    cfg.value_coef, cfg.entropy_coef)
    opt.zero_grad()
    loss.total.backward()
    nn.utils.clip_grad_norm_(net.parameters(), cfg.max_grad_norm)
    opt.step()
    return {"policy_loss": loss.policy.item(), "value_loss": loss.value.item(),
            "entropy": loss.entropy.item()}
