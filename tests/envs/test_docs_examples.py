"""The examples of docs/ENVS.md run, and its tables list every layer and feature."""

import re
from pathlib import Path

import pytest

from nuffle.envs.observation import NON_SPATIAL, SPATIAL_LAYERS

DOC = Path(__file__).resolve().parents[2] / "docs" / "ENVS.md"
BLOCKS = re.findall(r"```python\n(.*?)```", DOC.read_text(), flags=re.S)


def test_doc_lists_every_layer_and_feature():
    text = DOC.read_text()
    for name, _ in SPATIAL_LAYERS + NON_SPATIAL:
        assert f"`{name}`" in text, name


@pytest.mark.slow
@pytest.mark.parametrize("i", range(len(BLOCKS)))
def test_doc_example_runs(i):
    exec(compile(BLOCKS[i], f"{DOC}:block{i}", "exec"), {"__name__": "__doc_example__"})


def test_doc_has_the_examples():
    joined = "\n".join(BLOCKS)
    assert "MaskablePPO" in joined and "torch" in joined and len(BLOCKS) >= 4
