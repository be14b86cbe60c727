"""Checkpoints: a network, its training config and progress in one torch file, with clear errors
for a missing, corrupt or foreign file. Bundled policies are found by short name (`b1`)."""

from __future__ import annotations

import os
import tempfile
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path
from typing import Any

import torch

from nuffle.core.errors import NuffleError
from nuffle.envs.core import EnvError
from nuffle.envs.extra_features import load_features
from nuffle.envs.layout_hash import layout_hash
from nuffle.rl.config import TrainConfig
from nuffle.rl.networks import ActorCritic, NetSpec, build_network

FORMAT = "nuffle-policy"
VERSION = 1


class CheckpointError(NuffleError, ValueError):
    """A checkpoint that cannot be used (missing, corrupt, for another board, ...)."""


@dataclass
class Checkpoint:
    """A loaded checkpoint."""

    net: ActorCritic
    config: TrainConfig
    steps: int = 0
    episodes: int = 0
    optimizer: dict[str, Any] | None = None
    extra: dict[str, Any] = field(default_factory=dict)  # curriculum level, best score, ...
    path: str = ""


def bundled(name: str) -> Path | None:
    """The bundled policy `name` (`b1`, ...) under nuffle/data/policies, if there is one."""
    if not name or "/" in name or "\\" in name or name.endswith(".pt"):
        return None
    ref = resources.files("nuffle") / "data" / "policies" / f"{name}.pt"
    path = Path(str(ref))
    return path if path.is_file() else None


def resolve(model: str) -> Path:
    """The file `model` names: a path, or the name of a bundled policy."""
    if not model:
        raise CheckpointError("no model given: pass a checkpoint path or a bundled policy name (e.g. b1)")
    path = Path(model)
    if path.is_dir():
        for candidate in ("best.pt", "last.pt"):
            if (path / candidate).is_file():
                return path / candidate
        raise CheckpointError(f"checkpoint folder {model} has no best.pt or last.pt")
    if path.is_file():
        return path
    found = bundled(model)
    if found is not None:
        return found
    raise CheckpointError(f"checkpoint {model} not found (neither a file nor a bundled policy name)")


def save(path: str | Path, net: ActorCritic, config: TrainConfig, steps: int, episodes: int,
         optimizer: dict[str, Any] | None = None, extra: dict[str, Any] | None = None,
         half: bool = False) -> None:
    """Write a checkpoint atomically (a crash never leaves half a file); `half` stores the
    weights in float16."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    payload = {
        "format": FORMAT,
        "version": VERSION,
        "net_spec": net.spec.to_dict(),
        "layout": layout_hash(net.spec.board, config.extra_features()),
        "config": config.to_dict(),
        "state_dict": {k: (v.half() if half and v.is_floating_point() else v)
                       for k, v in net.state_dict().items()},
        "steps": int(steps),
        "episodes": int(episodes),
        "optimizer": optimizer,
        "extra": extra or {},
    }
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=".tmp-", suffix=".pt")
    os.close(fd)
    try:
        torch.save(payload, tmp)
        os.chmod(tmp, 0o644)
        os.replace(tmp, path)
    finally:
        if os.path.exists(tmp):
            os.unlink(tmp)


def export(model: str | Path, dest: str | Path) -> None:
    """Write `model`'s policy small, as bundled policies are: no optimizer state, and weights
    stored in float16 (loading turns them back into float32)."""
    c = load(model)
    save(dest, c.net, c.config, c.steps, c.episodes, None, c.extra, half=True)


def load(model: str | Path, board: int | None = None) -> Checkpoint:
    """Load a checkpoint (a path or a bundled name); `board` checks it was trained for that board."""
    path = resolve(str(model))
    try:
        payload = torch.load(path, map_location="cpu", weights_only=True)
    except Exception as e:
        # torch's first sentence says what failed; the advice after it is not for our users
        first = (str(e).strip().splitlines() or [""])[0].split(". ")[0].rstrip(".")
        if len(first) > 160:
            first = first[:160].rsplit(" ", 1)[0] + " ..."
        raise CheckpointError(f"{path} is not a readable checkpoint ({type(e).__name__}: {first})") from None
    if not isinstance(payload, dict) or payload.get("format") != FORMAT:
        raise CheckpointError(f"{path} is not a nuffle policy checkpoint")
    if payload.get("version") != VERSION:
        raise CheckpointError(
            f"{path} has checkpoint version {payload.get('version')!r}; this nuffle reads {VERSION}")
    try:
        config_dict = payload["config"]
        features = config_dict.get("features") if isinstance(config_dict, dict) else None
        if features is not None:  # the user's module: a failing import is not a corrupt file
            load_features(features)
    except EnvError as e:
        raise CheckpointError(f"{path} was trained with {e}") from None
    except (KeyError, TypeError) as e:
        raise CheckpointError(f"{path} is corrupt: {type(e).__name__}: {str(e).splitlines()[0]}") from None
    try:
        spec = NetSpec.from_dict(payload["net_spec"])
        config = TrainConfig.from_dict(config_dict)
        net = build_network(spec)
        net.load_state_dict(payload["state_dict"])
    except (KeyError, TypeError, ValueError, RuntimeError) as e:
        raise CheckpointError(f"{path} is corrupt: {type(e).__name__}: {str(e).splitlines()[0]}") from None
    if board is not None and spec.board != board:
        raise CheckpointError(f"policy {model} was trained for board {spec.board}, not board {board}")
    # A checkpoint without a layout hash predates it (the bundled policies): it is taken to
    # match the current layout, which the bundled policies' tests check by playing them.
    extra = config.extra_features()
    layout, expected = payload.get("layout"), layout_hash(spec.board, extra)
    if layout is not None and layout != expected:
        raise CheckpointError(
            f"{path} was trained for observation/action layout {layout}, but this nuffle's layout "
            f"for board {spec.board} is {expected}: retrain it, or use the nuffle "
            f"version (and observation features) it was trained with")
    if spec.extra != (extra.size if extra is not None else 0):
        raise CheckpointError(f"{path} is corrupt: its network reads {spec.extra} observation features, "
                              f"its config names {config.features or 'none'}")
    net.eval()
    return Checkpoint(net, config, int(payload.get("steps", 0)), int(payload.get("episodes", 0)),
                      payload.get("optimizer"), dict(payload.get("extra") or {}), str(path))
