"""A policy network as the batched environment's opponent: every row waiting for it decided by
one forward pass (`nuffle.envs.batched_core`'s batch-policy interface).

The batched environment writes, for all the rows where the opponent decides, the observation
its side sees and the mask of its legal actions (in C++), then asks `decide` for one index per
row: the most likely legal action (`greedy`), or one sampled from the masked policy with the
row's uniform draw (inverse of the cumulative distribution over the legal actions; the draws
come from each row's opponent stream, so a seed gives the same games with any number of
workers). Set-up decisions go to the C++ scripted set-up where the policy was trained with
the scripted set-up bot (`setup='scripted'`), else to the policy itself. A network trained with
observation features gets them too (`features`): the batched environment appends them to each
row's `non_spatial`, computed in Python on a copy of the row's match.
"""

from __future__ import annotations

import numpy as np
import torch

from nuffle.core.errors import InputError
from nuffle.envs.extra_features import ExtraFeatures
from nuffle.rl.networks import ActorCritic


class NetOpponent:
    """`net` deciding many rows at once (see the module docstring). The network is used as it
    is, not copied: the trainer's self-play opponent is a copy it updates in place (`sync`)."""

    def __init__(self, net: ActorCritic, greedy: bool = False, setup: str | None = None,
                 name: str = "policy", features: ExtraFeatures | None = None) -> None:
        wanted = features.size if features is not None else 0
        if net.spec.extra != wanted:
            raise InputError(f"{name}: its network reads {net.spec.extra} observation features, "
                             f"{'none' if features is None else features.name} gives {wanted}")
        self.features = features
        self.net = net.eval()
        self.board = net.spec.board
        self.greedy = greedy
        self.setup = setup
        self.name = name

    def decide(self, spatial: np.ndarray, non_spatial: np.ndarray, legal: np.ndarray,
               uniforms: np.ndarray) -> np.ndarray:
        """One legal action index per row, of k rows: observations, legal indices (k, width)
        padded with -1, uniform draws. Greedy: the first most likely legal index, in the
        codec's order (as `PolicyAgent`)."""
        with torch.no_grad():
            logits, _ = self.net(torch.from_numpy(spatial), torch.from_numpy(non_spatial))
            idx = torch.from_numpy(legal)
            valid = idx >= 0
            mine = logits.gather(1, idx.clamp(min=0)).masked_fill(~valid, float("-inf"))
            best = mine.argmax(dim=1)
            if self.greedy:
                pick = best
            else:
                cdf = torch.softmax(mine, dim=1).cumsum(dim=1)
                target = torch.from_numpy(uniforms).to(cdf.dtype)[:, None] * cdf[:, -1:]
                pick = torch.searchsorted(cdf, target, right=True)[:, 0].clamp_(max=idx.shape[1] - 1)
                ok = valid.gather(1, pick[:, None])[:, 0]  # rounding at the top end: the best action
                pick = torch.where(ok, pick, best)
            return idx.gather(1, pick[:, None])[:, 0].numpy()

    def forked(self) -> None:
        """In a forked worker of the batched environment, before its first pass: one torch
        thread (a thread pool the parent had is not usable in a forked child, and the workers
        are the parallelism)."""
        torch.set_num_threads(1)

    def sync(self, net: ActorCritic) -> None:
        """Copy `net`'s weights into this opponent's network, in place (so forked workers
        sharing its memory see them too)."""
        with torch.no_grad():
            for mine, theirs in zip(self.net.state_dict().values(), net.state_dict().values(), strict=True):
                mine.copy_(theirs)
