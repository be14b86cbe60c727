"""`Sb3BatchedEnv`: the batched environment behind stable-baselines3's `VecEnv` interface, so
sb3-contrib's MaskablePPO trains on it (`env_method("action_masks")` gives each row's mask).

stable-baselines3 has its own vector interface (not `gymnasium.vector.VectorEnv`): it resets an
ended environment in the same step too, with the ended episode's last observation in
`infos[i]["terminal_observation"]` and a truncation flagged as `infos[i]["TimeLimit.truncated"]`.
Needs the `sb3` extra.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np
from stable_baselines3.common.vec_env import VecEnv
from stable_baselines3.common.vec_env.base_vec_env import VecEnvIndices, VecEnvStepReturn

from nuffle.core.errors import NuffleError
from nuffle.envs.batched import BatchedVectorEnv
from nuffle.envs.sb3_extractor import MaskFreeExtractor

__all__ = ["MaskFreeExtractor", "RowAttributeError", "Sb3BatchedEnv"]


class RowAttributeError(NuffleError, AttributeError):
    """An attribute or per-row method that the batched environment's rows do not have separately
    (an AttributeError, which stable-baselines3 expects there)."""


class Sb3BatchedEnv(VecEnv):
    """A `BatchedVectorEnv` (made from `kwargs`, or given as `env`) as an SB3 `VecEnv`."""

    def __init__(self, env: BatchedVectorEnv | None = None, **kwargs: Any) -> None:
        self.env = env if env is not None else BatchedVectorEnv(**kwargs)
        self.render_mode = None
        self._actions: np.ndarray | None = None
        super().__init__(self.env.num_envs, self.env.single_observation_space, self.env.single_action_space)

    def reset(self) -> dict[str, np.ndarray]:
        seed = self._seeds[0]
        obs, _ = self.env.reset(seed=seed)
        self._reset_seeds()
        return {k: v.copy() for k, v in obs.items()}

    def step_async(self, actions: np.ndarray) -> None:
        self._actions = np.asarray(actions)

    def step_wait(self) -> VecEnvStepReturn:
        assert self._actions is not None
        obs, reward, terminated, truncated, infos = self.env.step(self._actions)
        done = terminated | truncated
        out: list[dict[str, Any]] = [{} for _ in range(self.num_envs)]
        for i in np.flatnonzero(done):
            out[i]["terminal_observation"] = infos["final_obs"][i]
            out[i]["TimeLimit.truncated"] = bool(truncated[i])
        return {k: v.copy() for k, v in obs.items()}, reward.copy(), done, out

    def close(self) -> None:
        self.env.close()

    def action_masks(self) -> np.ndarray:
        """Every row's mask, (num_envs, n) bools."""
        return self.env.action_masks()

    def _rows(self, indices: VecEnvIndices) -> Sequence[int]:
        if indices is None:
            return range(self.num_envs)
        if isinstance(indices, int):
            return [indices]
        return list(indices)

    def get_attr(self, attr_name: str, indices: VecEnvIndices = None) -> list[Any]:
        value = getattr(self, attr_name) if attr_name == "render_mode" else getattr(self.env, attr_name)
        return [value for _ in self._rows(indices)]

    def set_attr(self, attr_name: str, value: Any, indices: VecEnvIndices = None) -> None:
        raise RowAttributeError(f"the batched environment's rows share their attributes: "
                             f"cannot set {attr_name!r}")

    def env_method(self, method_name: str, *method_args: Any, indices: VecEnvIndices = None,
                   **method_kwargs: Any) -> list[Any]:
        if method_name == "action_masks":
            masks = self.env.action_masks()
            return [masks[i] for i in self._rows(indices)]
        raise RowAttributeError(f"the batched environment has no per-row method {method_name!r}")

    def env_is_wrapped(self, wrapper_class: type, indices: VecEnvIndices = None) -> list[bool]:
        return [False for _ in self._rows(indices)]
