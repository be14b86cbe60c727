"""Team colours for the web app, chosen so both teams contrast with each other and the pitch.

Each race has a first and a second colour (data/team_colours.json). The home team plays in the
first of its colours, then the spares, that stands out from every pitch square; the away team in
the first of its own, then the spares, that also stands out from the home colour. Writing in a
team's colour on the page's white panels uses `text`: the colour darkened until it reads there.
"""

from __future__ import annotations

import json
from functools import cache
from importlib import resources
from typing import Any

from nuffle.core.errors import StateError

#: the least colour distance (`distance`) between a team and any pitch square, and between teams
PITCH_MIN = 100.0
TEAM_MIN = 150.0
#: the least WCAG contrast ratio of team-coloured writing on white
TEXT_MIN = 4.5
WHITE = "#ffffff"


@cache
def _data() -> dict[str, Any]:
    text = resources.files("nuffle").joinpath("data/team_colours.json").read_text(encoding="utf-8")
    data: dict[str, Any] = json.loads(text)
    return data


def _rgb(hex_colour: str) -> tuple[int, int, int]:
    h = hex_colour.lstrip("#")
    return int(h[0:2], 16), int(h[2:4], 16), int(h[4:6], 16)


def distance(a: str, b: str) -> float:
    """A perceptual distance of two colours ("redmean" weighted RGB; 0 to about 765)."""
    (r1, g1, b1), (r2, g2, b2) = _rgb(a), _rgb(b)
    rm = (r1 + r2) / 2
    dr, dg, db = r1 - r2, g1 - g2, b1 - b2
    return float(((2 + rm / 256) * dr * dr + 4 * dg * dg + (2 + (255 - rm) / 256) * db * db) ** 0.5)


def _luminance(c: str) -> float:
    def lin(v: int) -> float:
        x = v / 255
        return x / 12.92 if x <= 0.03928 else float(((x + 0.055) / 1.055) ** 2.4)
    r, g, b = _rgb(c)
    return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b)


def contrast(a: str, b: str) -> float:
    """The WCAG contrast ratio of two colours (1 to 21)."""
    la, lb = sorted((_luminance(a), _luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


def _text(c: str) -> str:
    """`c` darkened step by step until writing in it reads on white."""
    r, g, b = _rgb(c)
    while contrast(f"#{r:02x}{g:02x}{b:02x}", WHITE) < TEXT_MIN:
        r, g, b = int(r * 0.85), int(g * 0.85), int(b * 0.85)
    return f"#{r:02x}{g:02x}{b:02x}"


def _first(candidates: list[str], avoid: list[tuple[str, float]]) -> str:
    for c in candidates:
        if all(distance(c, other) >= least for other, least in avoid):
            return c
    raise StateError("no team colour contrasts with the pitch and the other team")  # a data error


def team_colours(home: str, away: str) -> dict[str, dict[str, str]]:
    """{"fill": {home, away}, "text": {home, away}} for a match of races `home` and `away`
    (an unknown race takes the spare colours)."""
    data = _data()
    pitch = [(p, PITCH_MIN) for p in data["pitch"]]
    spare = list(data["spare"])
    h = _first([*data["races"].get(home, []), *spare], pitch)
    a = _first([*data["races"].get(away, []), *spare], [*pitch, (h, TEAM_MIN)])
    return {"fill": {"home": h, "away": a}, "text": {"home": _text(h), "away": _text(a)}}
