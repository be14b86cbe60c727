"""Observation features the extra-features tests plug in (importable as `margin_features:MARGIN`
once this folder is on the path): the observing side's score margin and the touchdowns so far."""

from __future__ import annotations

from nuffle import Game
from nuffle.envs.extra_features import ExtraFeatures


def margin(view: Game, side: int) -> list[float]:
    """[my touchdowns - theirs, touchdowns in all] as `side` sees the score."""
    score = view.result.score
    mine, theirs = (score.home, score.away) if side == 0 else (score.away, score.home)
    return [mine - theirs, mine + theirs]


MARGIN = ExtraFeatures("score-margin-v1", 2, margin)
