"""A fingerprint of the observation and action layout of one board: what a trained network's
inputs and outputs mean. Checkpoints store it and refuse to load under another layout. The
user's observation features (`nuffle.envs.extra_features`) are part of the layout: their name
and size enter the hash; without them the hash is what it always was. So is a ruleset's own
layout (`ruleset_layout`: BB2020's): its name and its layers and features enter the hash, LRB6's
hash is unchanged."""

from __future__ import annotations

import hashlib
import json
from functools import cache
from typing import TYPE_CHECKING

from nuffle.envs.codec import CODEC_TYPES, JOINT_TYPES, PLAYER_TYPES, ActionCodec
from nuffle.envs.decision import DECISION_NAMES
from nuffle.envs.layout import side_layout
from nuffle.envs.ruleset_layout import LRB6_LAYOUT, RulesetLayout

if TYPE_CHECKING:
    from nuffle.envs.extra_features import ExtraFeatures


def layout_description(board: int, features: ExtraFeatures | None = None,
                       layout: RulesetLayout = LRB6_LAYOUT) -> dict[str, object]:
    """Everything the hash covers: layer and feature names in order, the grid, the decision
    one-hot, the action types and the codec's rows and targets, the name and size of the
    user's observation features when there are any, and the ruleset layout's name when it is
    not LRB6's."""
    return _described(board, None if features is None else (features.name, features.size), layout)


def _described(board: int, named: tuple[str, int] | None,
               layout: RulesetLayout = LRB6_LAYOUT) -> dict[str, object]:
    lay = side_layout(board, 0)
    codec = ActionCodec(board)
    described: dict[str, object] = {
        "board": board,
        "grid": [lay.height, lay.width],
        "spatial": [name for name, _ in layout.spatial],
        "non_spatial": [name for name, _ in layout.non_spatial],
        "decisions": list(DECISION_NAMES),
        "action_types": [t.name for t in CODEC_TYPES],
        "joint_types": [t.name for t in JOINT_TYPES],
        "player_types": sorted(t.name for t in PLAYER_TYPES),
        "rows": codec.rows,
        "targets": codec.targets,
    }
    if named is not None:
        described["extra_features"] = {"name": named[0], "size": named[1]}
    if layout != LRB6_LAYOUT:
        described["ruleset_layout"] = layout.name
    return described


def layout_hash(board: int, features: ExtraFeatures | None = None,
                layout: RulesetLayout = LRB6_LAYOUT) -> str:
    """A short hex digest of `layout_description(board, features, layout)`."""
    return _digest(board, None if features is None else (features.name, features.size), layout)


@cache
def _digest(board: int, named: tuple[str, int] | None, layout: RulesetLayout) -> str:
    text = json.dumps(_described(board, named, layout), sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()[:16]
