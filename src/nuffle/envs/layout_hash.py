"""A fingerprint of the observation and action layout of one board: what a trained network's
inputs and outputs mean. Checkpoints store it and refuse to load under another layout."""

from __future__ import annotations

import hashlib
import json
from functools import cache

from nuffle.envs.codec import CODEC_TYPES, JOINT_TYPES, PLAYER_TYPES, ActionCodec
from nuffle.envs.decision import DECISION_NAMES
from nuffle.envs.features import NON_SPATIAL, SPATIAL_LAYERS
from nuffle.envs.layout import side_layout


def layout_description(board: int) -> dict[str, object]:
    """Everything the hash covers: layer and feature names in order, the grid, the decision
    one-hot, the action types and the codec's rows and targets."""
    lay = side_layout(board, 0)
    codec = ActionCodec(board)
    return {
        "board": board,
        "grid": [lay.height, lay.width],
        "spatial": [name for name, _ in SPATIAL_LAYERS],
        "non_spatial": [name for name, _ in NON_SPATIAL],
        "decisions": list(DECISION_NAMES),
        "action_types": [t.name for t in CODEC_TYPES],
        "joint_types": [t.name for t in JOINT_TYPES],
        "player_types": sorted(t.name for t in PLAYER_TYPES),
        "rows": codec.rows,
        "targets": codec.targets,
    }


@cache
def layout_hash(board: int) -> str:
    """A short hex digest of `layout_description(board)`."""
    text = json.dumps(layout_description(board), sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()[:16]
