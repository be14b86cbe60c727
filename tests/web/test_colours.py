# mypy: disable-error-code="attr-defined,dict-item,import-not-found,no-any-return,type-arg,union-attr"
"""Team colours: for every pair of races both teams contrast with each other and the pitch, and
their writing reads on the page's white panels."""

from __future__ import annotations

import json
from pathlib import Path

from fastapi.testclient import TestClient

from nuffle.core.teams import races
from nuffle.web.colours import team_colours
from nuffle.web.replay import frames

GRASS = ("#3d8b3d", "#37803a")  # the pitch's squares (board.js)


def _rgb(c: str) -> tuple[int, int, int]:
    return int(c[1:3], 16), int(c[3:5], 16), int(c[5:7], 16)


def _apart(a: str, b: str) -> float:
    """A weighted RGB distance ("redmean"), computed here apart from the module's own."""
    (r1, g1, b1), (r2, g2, b2) = _rgb(a), _rgb(b)
    rm = (r1 + r2) / 2
    red, blue = (2 + rm / 256) * (r1 - r2) ** 2, (2 + (255 - rm) / 256) * (b1 - b2) ** 2
    return (red + 4 * (g1 - g2) ** 2 + blue) ** 0.5


def _wcag(a: str, b: str) -> float:
    def lum(c: str) -> float:
        vs = [v / 255 for v in _rgb(c)]
        lin = [v / 12.92 if v <= 0.03928 else ((v + 0.055) / 1.055) ** 2.4 for v in vs]
        return 0.2126 * lin[0] + 0.7152 * lin[1] + 0.0722 * lin[2]
    hi, lo = sorted((lum(a), lum(b)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


def test_every_pair_of_races_contrasts_with_each_other_the_pitch_and_white() -> None:
    for home in races():
        for away in races():
            c = team_colours(home, away)
            h, a = c["fill"]["home"], c["fill"]["away"]
            assert _apart(h, a) >= 150, (home, away, c)
            for fill in (h, a):
                assert min(_apart(fill, g) for g in GRASS) >= 100, (home, away, fill)
            for text in c["text"].values():
                assert _wcag(text, "#ffffff") >= 4.5, (home, away, text)


def test_vampires_against_goblins_are_not_white_on_white() -> None:
    c = team_colours("vampire", "goblin")
    assert c["fill"]["away"] != "#f0f0f0" and _wcag(c["text"]["away"], "#ffffff") >= 4.5
    assert team_colours("human", "orc")["fill"] == {"home": "#c43c2c", "away": "#2a5ea8"}  # their own


def test_the_state_and_a_replay_carry_the_colours(client: TestClient) -> None:
    g = client.post("/api/games", json={"mode": "hotseat", "home": "vampire", "away": "goblin",
                                        "board": 11}).json()
    state = client.get(f"/api/games/{g['id']}").json()
    assert state["colours"] == team_colours("vampire", "goblin")
    record = json.loads((Path(__file__).parents[1] / "golden" / "board-1.json").read_text())
    assert frames(record)["colours"] == team_colours("human", "orc")
