"""The search computes what it is recorded to compute: fixed-seed, fixed-iteration
searches give the fingerprints recorded in tests/golden (first from the original search, to
show the speed-up changed nothing; re-recorded when the heuristic changed on purpose)."""

from __future__ import annotations

import json
from pathlib import Path

from nuffle.agents.mcts.fingerprint import fingerprints

GOLDEN = Path(__file__).parent.parent / "golden" / "mcts_fingerprints.json"


def test_searches_match_the_recorded_fingerprints() -> None:
    want = json.loads(GOLDEN.read_text())
    got = fingerprints((1, 3, 5, 11), 1, 120, ("default", "sample", "exact0", "rollouts"))
    assert sorted(got) == sorted(want)
    for key in want:
        assert got[key] == want[key], f"the search {key} differs from its recorded fingerprint"
