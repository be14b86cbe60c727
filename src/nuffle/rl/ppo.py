"""PPO with action masks: GAE advantages, then several epochs of clipped minibatch updates."""

from __future__ import annotations

import torch
from torch import nn

from nuffle.rl.config import TrainConfig
from nuffle.rl.losses import gae, ppo_loss
from nuffle.rl.networks import ActorCritic, masked_dist
from nuffle.rl.rollout import Rollout


def make_optimizer(net: ActorCritic, cfg: TrainConfig) -> torch.optim.Optimizer:
    """Adam, as PPO usually uses."""
    return torch.optim.Adam(net.parameters(), lr=cfg.lr, eps=1e-5)


def update(net: ActorCritic, opt: torch.optim.Optimizer, roll: Rollout, last_values: torch.Tensor,
           cfg: TrainConfig, generator: torch.Generator | None = None) -> dict[str, float]:
    """`ppo_epochs` passes over the rollout in `ppo_minibatches` shuffled minibatches."""
    adv, returns = gae(roll.rewards, roll.values, roll.dones, last_values, cfg.gamma, cfg.gae_lambda)
    spatial, ns, masks = roll.flat("spatial"), roll.flat("non_spatial"), roll.flat("masks")
    actions, old_logp = roll.flat("actions"), roll.flat("log_probs")
    adv, returns = adv.flatten(), returns.flatten()
    n = actions.shape[0]
    size = max(1, n // cfg.ppo_minibatches)
    parts: dict[str, float] = {"policy_loss": 0.0, "value_loss": 0.0, "entropy": 0.0}
    count = 0
    for _ in range(cfg.ppo_epochs):
        order = torch.randperm(n, generator=generator)
        for start in range(0, n, size):
            idx = order[start:start + size]
            a = adv[idx]
            a = (a - a.mean()) / (a.std(unbiased=False) + 1e-8) if len(idx) > 1 else a
            logits, values = net(spatial[idx], ns[idx])
            dist = masked_dist(logits, masks[idx])
            loss = ppo_loss(dist.log_prob(actions[idx]), old_logp[idx], a, values, returns[idx],
                            dist.entropy(), cfg.ppo_clip, cfg.value_coef, cfg.entropy_coef)
            opt.zero_grad()
            loss.total.backward()
            nn.utils.clip_grad_norm_(net.parameters(), cfg.max_grad_norm)
            opt.step()
            parts["policy_loss"] += loss.policy.item()
            parts["value_loss"] += loss.value.item()
            parts["entropy"] += loss.entropy.item()
            count += 1
    return {k: v / max(1, count) for k, v in parts.items()}
