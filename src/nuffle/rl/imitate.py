"""Behaviour cloning: pretrain a policy to pick the recorded bot's action among the legal ones
(cross-entropy on masked logits); PPO (`nuffle rl train --init`) then fine-tunes it. A dataset
recorded with observation features trains a network that reads them (its checkpoint names them,
as `rl train --features` does)."""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path

import numpy as np
import torch
from torch.nn import functional as F

from nuffle.core.errors import InputError
from nuffle.envs.codec import ActionCodec
from nuffle.envs.observation import ObservationEncoder
from nuffle.rl import checkpoint
from nuffle.rl.config import TrainConfig
from nuffle.rl.dataset import Dataset
from nuffle.rl.networks import build_network, masked_logits


def batch_masks(data: Dataset, idx: np.ndarray, size: int) -> torch.Tensor:
    """The bool masks of samples `idx`, rebuilt from their legal indices."""
    mask = torch.zeros((len(idx), size), dtype=torch.bool)
    for row, i in enumerate(idx):
        mask[row, torch.from_numpy(data.legal[data.offsets[i]:data.offsets[i + 1]].astype(np.int64))] = True
    return mask


def clone(data: Dataset, out: str | Path, cfg: TrainConfig, epochs: int = 10, batch: int = 256,
          val_fraction: float = 0.1, on_epoch: Callable[[dict[str, float]], None] | None = None,
          keep_epochs: bool = False, init: str | Path | None = None) -> dict[str, float]:
    """Train `cfg`'s network on `data`; saves `out/best.pt` (best validation accuracy) and
    `out/last.pt` (and `out/epoch{N}.pt` after every epoch with `keep_epochs`, for a learning
    curve); `init` starts from a checkpoint's weights (the same network) instead of random ones,
as a DAgger round does; returns the last epoch's figures (with `seconds`, the wall-clock since
the start)."""
    if epochs < 1 or batch < 1 or not 0 <= val_fraction < 1:
        raise InputError("epochs and batch must be positive and val-fraction in [0, 1)")
    if data.board != cfg.board:
        raise InputError(f"the dataset is for board {data.board}, the network for board {cfg.board}")
    cfg.setup = data.setup
    cfg.features = data.features  # the network reads what the recording saw
    reads = ObservationEncoder(cfg.board).non_spatial_size + cfg.net_spec().extra
    if data.non_spatial.shape[1] != reads:
        raise InputError(f"the dataset's observations have {data.non_spatial.shape[1]} non-spatial values, "
                         f"a board-{cfg.board} network with features {cfg.features or 'none'} reads {reads}")
    torch.manual_seed(cfg.seed)
    torch.set_num_threads(cfg.threads)
    net = build_network(cfg.net_spec())
    if init is not None:
        begun = checkpoint.load(init, board=cfg.board)
        if begun.config.features != cfg.features:
            raise InputError(f"--init {init} was trained with observation features "
                             f"{begun.config.features or 'none'}, the dataset has {cfg.features or 'none'}")
        try:
            net.load_state_dict(begun.net.state_dict())
        except RuntimeError:
            raise InputError(f"{init} is another network than the one asked for ({cfg.net_spec()})") from None
    size = ActionCodec(cfg.board).size
    opt = torch.optim.Adam(net.parameters(), lr=cfg.lr)
    rng = np.random.default_rng(cfg.seed)
    order = rng.permutation(len(data))
    n_val = int(len(data) * val_fraction)
    val, train = order[:n_val], order[n_val:]
    out = Path(out)
    best = -1.0
    row: dict[str, float] = {}
    started = time.monotonic()
    for epoch in range(1, epochs + 1):
        net.train()
        rng.shuffle(train)
        total, correct, count = 0.0, 0, 0
        for start in range(0, len(train), batch):
            idx = train[start:start + batch]
            logits, _ = net(torch.from_numpy(data.spatial[idx].astype(np.float32)),
                            torch.from_numpy(data.non_spatial[idx]))
            logits = masked_logits(logits, batch_masks(data, idx, size))
            target = torch.from_numpy(data.actions[idx])
            loss = F.cross_entropy(logits, target)
            opt.zero_grad()
            loss.backward()
            opt.step()
            total += loss.item() * len(idx)
            correct += int((logits.argmax(1) == target).sum())
            count += len(idx)
        row = {"epoch": epoch, "loss": total / max(1, count), "accuracy": correct / max(1, count)}
        row["val_accuracy"] = accuracy(net, data, val, size, batch) if n_val else row["accuracy"]
        row["seconds"] = time.monotonic() - started
        checkpoint.save(out / "last.pt", net, cfg, 0, 0, None, {"imitation": row})
        if keep_epochs:
            checkpoint.save(out / f"epoch{epoch}.pt", net, cfg, 0, 0, None, {"imitation": row})
        if row["val_accuracy"] > best:
            best = row["val_accuracy"]
            checkpoint.save(out / "best.pt", net, cfg, 0, 0, None, {"imitation": row})
        if on_epoch is not None:
            on_epoch(row)
    return row


def accuracy(net: torch.nn.Module, data: Dataset, idx: np.ndarray, size: int, batch: int = 512) -> float:
    """How often the network's most likely legal action is the recorded one."""
    net.eval()
    correct = 0
    with torch.no_grad():
        for start in range(0, len(idx), batch):
            part = idx[start:start + batch]
            logits, _ = net(torch.from_numpy(data.spatial[part].astype(np.float32)),
                            torch.from_numpy(data.non_spatial[part]))
            logits = masked_logits(logits, batch_masks(data, part, size))
            correct += int((logits.argmax(1) == torch.from_numpy(data.actions[part])).sum())
    return correct / max(1, len(idx))
