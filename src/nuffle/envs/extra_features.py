"""Observation features a user adds: a function of the learner's view, appended to every
observation's `non_spatial` vector by the single, PettingZoo and batched environments, and by
the `policy` bot that plays what was trained on them (docs/ENVS.md "Your own observation
features").

`ExtraFeatures(name, size, fn)`: `fn(view, side)` gets a view of the match (a copy: writing to
it changes nothing) and the observing side (0 home, 1 away; observations are canonical, so
`side` says which team is "mine") and returns `size` finite numbers. The `name` is the
features' identity: it and `size` enter the layout hash (`nuffle.envs.layout_hash`), so a
checkpoint trained with them is refused without them, and with other features. A training run
names them by import path, `"package.module:NAME"` (`nuffle rl train --features`), which its
checkpoints store and the `policy` bot imports again.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import numpy as np

from nuffle.core.game import Game
from nuffle.envs.core import EnvError


@dataclass(frozen=True)
class ExtraFeatures:
    """`size` numbers `fn(view, side)` computes, appended to `non_spatial` (module docstring)."""

    name: str
    size: int
    fn: Callable[[Game, int], Any]

    def __post_init__(self) -> None:
        if not isinstance(self.name, str) or not self.name.strip():
            raise EnvError(f"observation features need a non-empty name, got {self.name!r}")
        if isinstance(self.size, bool) or not isinstance(self.size, int) or self.size < 1:
            raise EnvError(f"observation features {self.name!r}: size must be a positive integer, "
                           f"got {self.size!r}")
        if not callable(self.fn):
            raise EnvError(f"observation features {self.name!r}: fn must be callable, got {self.fn!r}")

    def compute(self, view: Game, side: int) -> np.ndarray:
        """`fn(view, side)` as float32 of shape (size,); EnvError when it is not that, or not finite."""
        try:
            values = np.asarray(self.fn(view, side), dtype=np.float32)
        except (TypeError, ValueError) as e:
            raise EnvError(f"observation features {self.name!r} returned something that is not "
                           f"numbers: {e}") from None
        if values.shape != (self.size,):
            raise EnvError(f"observation features {self.name!r} returned shape {values.shape}, "
                           f"not ({self.size},)")
        if not np.isfinite(values).all():
            raise EnvError(f"observation features {self.name!r} returned a non-finite value")
        return values


def load_features(path: str) -> ExtraFeatures:
    """The `ExtraFeatures` at import path `"package.module:NAME"`; EnvError naming what failed."""
    module_name, sep, attr = path.partition(":") if isinstance(path, str) else ("", "", "")
    if not sep or not module_name or not attr:
        raise EnvError(f"observation features are named 'package.module:NAME', got {path!r}")
    try:
        module = importlib.import_module(module_name)
    except Exception as e:  # any import failure of the user's module is one line
        raise EnvError(f"observation features {path!r}: cannot import {module_name} "
                       f"({type(e).__name__}: {e})") from None
    found = getattr(module, attr, None)
    if not isinstance(found, ExtraFeatures):
        raise EnvError(f"observation features {path!r}: {module_name} has no ExtraFeatures named {attr}")
    return found


def resolve_features(features: Any) -> ExtraFeatures | None:
    """`features` as the environments take it: None, an `ExtraFeatures`, or its import path."""
    if features is None or isinstance(features, ExtraFeatures):
        return features
    if isinstance(features, str):
        return load_features(features)
    raise EnvError(f"features must be an ExtraFeatures, its import path or None, got {features!r:.60}")
