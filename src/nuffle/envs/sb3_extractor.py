"""The features extractor of the stable-baselines3 recipes (docs/ENVS.md): the observation
without its action mask. Needs the `sb3` extra."""

from __future__ import annotations

from typing import Any

from gymnasium import spaces
from stable_baselines3.common.torch_layers import CombinedExtractor


class MaskFreeExtractor(CombinedExtractor):
    """SB3's `CombinedExtractor` over the observation's `spatial` and `non_spatial` parts only:
    the `action_mask` is for MaskablePPO's sampling, not an input of the network (with
    `MultiInputPolicy`'s default extractor it is flattened into the network's input, 48,355 of
    its 64,064 inputs on board 11). Pass it as
    `policy_kwargs={"features_extractor_class": MaskFreeExtractor}`."""

    def __init__(self, observation_space: spaces.Dict, **kwargs: Any) -> None:
        inputs = spaces.Dict({k: v for k, v in observation_space.spaces.items() if k != "action_mask"})
        super().__init__(inputs, **kwargs)
