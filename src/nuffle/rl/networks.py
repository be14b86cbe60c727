"""Actor-critic networks over the environments' observations, and masked action sampling.

`PaperNet` is the FFAI paper's network: a convolutional stream (16 filters 3x3, then 32 filters
2x2, stride 1, padded) over the spatial layers, a fully connected layer of 25 over the
non-spatial features, both concatenated into one hidden layer, then an actor head over every
flat action and a critic head. `ConvNet` is the larger, configurable one: a deeper convolutional
trunk whose per-cell action logits come from a 1x1 convolution (one channel per action row), so
its size does not grow with the action space on the large boards.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Any

import torch
from torch import nn
from torch.nn import functional as F

from nuffle.core.errors import InputError
from nuffle.envs.codec import ActionCodec
from nuffle.envs.observation import ObservationEncoder

#: The logit given to illegal actions: exp() of it is exactly 0 in float32, and it stays finite
#: so that entropies and log-probabilities have no NaN.
ILLEGAL_LOGIT = -1e8


@dataclass(frozen=True)
class NetSpec:
    """What a network is, enough to rebuild it from a checkpoint."""

    kind: str = "paper"  # 'paper' or 'conv'
    board: int = 1
    hidden: int = 128
    channels: tuple[int, ...] = field(default=(64, 64, 64))
    extra: int = 0  # the user's observation features at the end of non_spatial (extra_features)

    def to_dict(self) -> dict[str, Any]:
        d = asdict(self)
        d["channels"] = list(self.channels)
        return d

    @staticmethod
    def from_dict(d: dict[str, Any]) -> NetSpec:
        return NetSpec(kind=str(d["kind"]), board=int(d["board"]), hidden=int(d["hidden"]),
                       channels=tuple(int(c) for c in d["channels"]), extra=int(d.get("extra", 0)))


class ActorCritic(nn.Module):
    """Maps (spatial, non_spatial) batches to (flat action logits, state values)."""

    spec: NetSpec
    critic: nn.Linear  # the value head (the critic warm-up trains it alone)

    def forward(self, spatial: torch.Tensor, non_spatial: torch.Tensor) -> tuple[torch.Tensor, torch.Tensor]:
        raise NotImplementedError  # pragma: no cover - every network defines it


class PaperNet(ActorCritic):
    """The FFAI paper's actor-critic network (see the module docstring)."""

    def __init__(self, spec: NetSpec) -> None:
        super().__init__()
        self.spec = spec
        enc, codec = ObservationEncoder(spec.board), ActionCodec(spec.board)
        c, h, w = enc.spatial_shape
        self.conv1 = nn.Conv2d(c, 16, 3, stride=1, padding="same")
        self.conv2 = nn.Conv2d(16, 32, 2, stride=1)  # padded by one on the right and bottom
        self.fc_ns = nn.Linear(enc.non_spatial_size + spec.extra, 25)
        self.hidden = nn.Linear(32 * h * w + 25, spec.hidden)
        self.actor = nn.Linear(spec.hidden, codec.size)
        self.critic = nn.Linear(spec.hidden, 1)

    def forward(self, spatial: torch.Tensor, non_spatial: torch.Tensor) -> tuple[torch.Tensor, torch.Tensor]:
        x = F.relu(self.conv2(F.pad(F.relu(self.conv1(spatial)), (0, 1, 0, 1))))
        y = F.relu(self.fc_ns(non_spatial))
        z = F.relu(self.hidden(torch.cat([x.flatten(1), y], dim=1)))
        return self.actor(z), self.critic(z).squeeze(-1)


class ConvNet(ActorCritic):
    """A deeper convolutional actor-critic with a spatial action head (see the module docstring)."""

    def __init__(self, spec: NetSpec) -> None:
        super().__init__()
        self.spec = spec
        enc, codec = ObservationEncoder(spec.board), ActionCodec(spec.board)
        c = enc.spatial_shape[0]
        self.rows, self.targets, self.cells = codec.rows, codec.targets, codec.cells
        ns = enc.non_spatial_size + spec.extra
        layers: list[nn.Module] = []
        prev = c
        for ch in spec.channels:
            layers += [nn.Conv2d(prev, ch, 3, padding="same"), nn.ReLU()]
            prev = ch
        self.trunk = nn.Sequential(*layers)
        self.ns_in = nn.Linear(ns, prev)  # non-spatial features broadcast over the board
        self.cell_head = nn.Conv2d(prev, self.rows, 1)
        self.hidden = nn.Linear(2 * prev + ns, spec.hidden)
        self.other_head = nn.Linear(spec.hidden, self.rows * (self.targets - self.cells))
        self.critic = nn.Linear(spec.hidden, 1)

    def forward(self, spatial: torch.Tensor, non_spatial: torch.Tensor) -> tuple[torch.Tensor, torch.Tensor]:
        b = spatial.shape[0]
        x = self.trunk[0](spatial) if len(self.trunk) else spatial
        x = x + self.ns_in(non_spatial)[:, :, None, None]
        for layer in list(self.trunk)[1:]:
            x = layer(x)
        cells = self.cell_head(x).flatten(2)  # (B, rows, H*W), cell y*W+x
        pooled = torch.cat([x.mean(dim=(2, 3)), x.amax(dim=(2, 3)), non_spatial], dim=1)
        z = F.relu(self.hidden(pooled))
        other = self.other_head(z).view(b, self.rows, self.targets - self.cells)
        logits = torch.cat([cells, other], dim=2).reshape(b, self.rows * self.targets)
        return logits, self.critic(z).squeeze(-1)


NETWORKS: dict[str, type[ActorCritic]] = {"paper": PaperNet, "conv": ConvNet}


def build_network(spec: NetSpec) -> ActorCritic:
    """The network `spec` names (raises ValueError for an unknown kind)."""
    if spec.kind not in NETWORKS:
        raise InputError(f"unknown network {spec.kind!r}: choose one of {', '.join(NETWORKS)}")
    if spec.hidden < 1 or any(c < 1 for c in spec.channels) or spec.extra < 0:
        raise InputError(f"network sizes must be positive: {spec}")
    return NETWORKS[spec.kind](spec)


def masked_logits(logits: torch.Tensor, mask: torch.Tensor) -> torch.Tensor:
    """`logits` with every action outside the bool `mask` set to ILLEGAL_LOGIT."""
    return torch.where(mask, logits, torch.full_like(logits, ILLEGAL_LOGIT))


def masked_dist(logits: torch.Tensor, mask: torch.Tensor) -> torch.distributions.Categorical:
    """The policy over the legal actions only (illegal ones have probability exactly 0)."""
    return torch.distributions.Categorical(logits=masked_logits(logits, mask))


def to_tensors(obs: dict[str, Any], device: str = "cpu") -> tuple[torch.Tensor, torch.Tensor, torch.Tensor]:
    """(spatial, non_spatial, bool mask) tensors of a batched observation dict."""
    spatial = torch.as_tensor(obs["spatial"], dtype=torch.float32, device=device)
    ns = torch.as_tensor(obs["non_spatial"], dtype=torch.float32, device=device)
    mask = torch.as_tensor(obs["action_mask"], device=device).bool()
    return spatial, ns, mask
