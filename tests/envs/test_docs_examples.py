"""docs/ENVS.md lists every layer and feature and has its examples (tests/test_docs_run.py runs
them, with every other block of the docs)."""

import re
from pathlib import Path

from nuffle.envs.observation import NON_SPATIAL, SPATIAL_LAYERS

DOC = Path(__file__).resolve().parents[2] / "docs" / "ENVS.md"
BLOCKS = re.findall(r"```python\n(.*?)```", DOC.read_text(), flags=re.S)


def test_doc_lists_every_layer_and_feature():
    text = DOC.read_text()
    for name, _ in SPATIAL_LAYERS + NON_SPATIAL:
        assert f"`{name}`" in text, name


def test_doc_lists_bb2020s_layout():
    from nuffle.core.ruleset import BB2020
    from nuffle.envs.ruleset_layout import layout_for

    text = DOC.read_text()
    layout = layout_for(BB2020)
    for name, _ in layout.extra_layers + layout.extra_features[:3]:
        assert f"`{name}`" in text, name
    for prayer in layout.prayers:
        slug = layout.prayer_features()[layout.prayers.index(prayer)][1][len("prayer_"):-len("_own")]
        assert f"`{slug}`" in text, prayer


def test_doc_has_the_examples():
    joined = "\n".join(BLOCKS)
    assert "MaskablePPO" in joined and "torch" in joined and len(BLOCKS) >= 4
