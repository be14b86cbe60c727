"""Ratings with intervals from game results: a Bradley-Terry fit (draws count half a win).

`rate` is the one entry point the reports use, so a shared rating model can replace this fit
without touching them."""

from __future__ import annotations

import math
from typing import Any

ELO = 400 / math.log(10)  # ratings on the Elo scale: 400 points = 10:1 odds


def rate(
    results: list[tuple[str, str, float]], names: list[str], iterations: int = 500
) -> list[dict[str, Any]]:
    """Ratings of `names` from `(a, b, score of a)` results (1 win, 0.5 draw, 0 loss).

    The fit is a maximum a posteriori Bradley-Terry model with one virtual draw against an
    average player (so unbeaten or winless bots get finite ratings); each interval is the
    95% normal interval from the model's curvature. Ratings are centred on 0."""
    strength = {n: 1.0 for n in names}
    wins = {n: 0.5 for n in names}  # the virtual draw
    pairs: dict[tuple[str, str], int] = {}
    for a, b, score in results:
        wins[a] += score
        wins[b] += 1 - score
        key = (a, b) if a < b else (b, a)
        pairs[key] = pairs.get(key, 0) + 1
    for _ in range(iterations):
        new = {}
        for n in names:
            denom = 1 / (strength[n] + 1.0)  # the virtual game against strength 1
            for (a, b), count in pairs.items():
                if n in (a, b):
                    other = b if n == a else a
                    denom += count / (strength[n] + strength[other])
            new[n] = wins[n] / denom
        mean = math.exp(sum(math.log(v) for v in new.values()) / len(new))
        delta = max(abs(new[n] / mean - strength[n]) for n in names)
        strength = {n: v / mean for n, v in new.items()}
        if delta < 1e-10:
            break
    out: list[dict[str, Any]] = []
    for n in names:
        info = strength[n] / (strength[n] + 1) ** 2
        for (a, b), count in pairs.items():
            if n in (a, b):
                other = b if n == a else a
                p = strength[n] / (strength[n] + strength[other])
                info += count * p * (1 - p)
        rating = ELO * math.log(strength[n])
        half = 1.96 * ELO / math.sqrt(info)
        out.append({"name": n, "rating": round(rating, 1),
                    "low": round(rating - half, 1), "high": round(rating + half, 1)})
    out.sort(key=lambda r: (-r["rating"], r["name"]))
    return out
