"""The search computes what it did before it was made faster: fixed-seed, fixed-iteration
searches give the fingerprints recorded from the original search (tests/golden)."""

from __future__ import annotations

import json
from pathlib import Path

from nuffle.agents.mcts.fingerprint import fingerprints

GOLDEN = Path(__file__).parent.parent / "golden" / "mcts_fingerprints.json"


def test_searches_match_the_original_search() -> None:
    want = json.loads(GOLDEN.read_text())
    got = fingerprints((1, 3, 5, 11), 1, 120, ("default", "sample", "exact0", "rollouts"))
    assert sorted(got) == sorted(want)
    for key in want:
        assert got[key] == want[key], f"the search {key} differs from the original"
