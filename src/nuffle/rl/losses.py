"""Returns, advantages and the A2C and PPO losses, as plain functions on tensors.

Rollouts are (T, N) tensors: T steps of N environments. `dones[t]` is 1 when the episode ended
at step t (the next observation starts a new episode), so nothing is bootstrapped across it.
"""

from __future__ import annotations

from typing import NamedTuple

import torch


def nstep_returns(rewards: torch.Tensor, dones: torch.Tensor, last_values: torch.Tensor,
                  gamma: float) -> torch.Tensor:
    """A2C's n-step returns: R_t = r_t + gamma (1 - done_t) R_{t+1}, with R_T = V(s_T)."""
    out = torch.zeros_like(rewards)
    running = last_values
    for t in range(rewards.shape[0] - 1, -1, -1):
        running = rewards[t] + gamma * (1.0 - dones[t]) * running
        out[t] = running
    return out


def gae(rewards: torch.Tensor, values: torch.Tensor, dones: torch.Tensor, last_values: torch.Tensor,
        gamma: float, lam: float) -> tuple[torch.Tensor, torch.Tensor]:
    """Generalised advantage estimation: (advantages, returns = advantages + values)."""
    adv = torch.zeros_like(rewards)
    running = torch.zeros_like(last_values)
    next_values = last_values
    for t in range(rewards.shape[0] - 1, -1, -1):
        live = 1.0 - dones[t]
        delta = rewards[t] + gamma * live * next_values - values[t]
        running = delta + gamma * lam * live * running
        adv[t] = running
        next_values = values[t]
    return adv, adv + values


class Loss(NamedTuple):
    """A loss to minimise and its parts (for the logs)."""

    total: torch.Tensor
    policy: torch.Tensor
    value: torch.Tensor
    entropy: torch.Tensor


def a2c_loss(log_probs: torch.Tensor, values: torch.Tensor, returns: torch.Tensor, entropy: torch.Tensor,
             value_coef: float, entropy_coef: float) -> Loss:
    """Advantage actor-critic: policy + value_coef * value - entropy_coef * entropy, where
    policy = -mean(log pi(a|s) A) with A = R - V held constant and value = mean((R - V)^2)."""
    advantages = (returns - values).detach()
    policy = -(log_probs * advantages).mean()
    value = (returns - values).pow(2).mean()
    ent = entropy.mean()
    return Loss(policy + value_coef * value - entropy_coef * ent, policy, value, ent)


def ppo_loss(log_probs: torch.Tensor, old_log_probs: torch.Tensor, advantages: torch.Tensor,
             values: torch.Tensor, returns: torch.Tensor, entropy: torch.Tensor, clip: float,
             value_coef: float, entropy_coef: float) -> Loss:
    """PPO's clipped surrogate: -mean(min(ratio A, clip(ratio, 1 - eps, 1 + eps) A)), plus the
    value error and the entropy bonus as in A2C."""
    ratio = torch.exp(log_probs - old_log_probs)
    surrogate = torch.min(ratio * advantages, ratio.clamp(1.0 - clip, 1.0 + clip) * advantages)
    policy = -surrogate.mean()
    value = (returns - values).pow(2).mean()
    ent = entropy.mean()
    return Loss(policy + value_coef * value - entropy_coef * ent, policy, value, ent)
