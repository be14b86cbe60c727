"""A rollout: T steps of N environments, as tensors, filled step by step."""

from __future__ import annotations

from dataclasses import dataclass

import torch

from nuffle.rl.vec import Obs


@dataclass
class Rollout:
    """Observations, masks, actions and what followed them, shaped (T, N, ...)."""

    spatial: torch.Tensor
    non_spatial: torch.Tensor
    masks: torch.Tensor  # bool
    actions: torch.Tensor  # int64
    log_probs: torch.Tensor
    values: torch.Tensor
    rewards: torch.Tensor
    dones: torch.Tensor

    @staticmethod
    def empty(steps: int, obs: Obs) -> Rollout:
        """Room for `steps` steps of the batch `obs` looks like."""
        n = obs["spatial"].shape[0]

        def z(*shape: int, dtype: torch.dtype = torch.float32) -> torch.Tensor:
            return torch.zeros((steps, n, *shape), dtype=dtype)

        return Rollout(z(*obs["spatial"].shape[1:]), z(*obs["non_spatial"].shape[1:]),
                       z(*obs["action_mask"].shape[1:], dtype=torch.bool), z(dtype=torch.int64),
                       z(), z(), z(), z())

    def put_obs(self, t: int, obs: Obs) -> None:
        """Copy step `t`'s observations in (numpy writes the tensors' memory: the batched
        environment's arrays are read-only views, which torch.from_numpy would warn about)."""
        self.spatial[t].numpy()[...] = obs["spatial"]
        self.non_spatial[t].numpy()[...] = obs["non_spatial"]
        self.masks[t].numpy()[...] = obs["action_mask"]

    def flat(self, name: str) -> torch.Tensor:
        """Field `name` with the (T, N) axes merged."""
        x: torch.Tensor = getattr(self, name)
        return x.flatten(0, 1)
