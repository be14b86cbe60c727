"""The named records of the game API: chance outcomes, transitions and history entries.

Each is a `NamedTuple`, so code that unpacks the old plain pairs goes on working; every pair puts
the thing first and its probability second."""

from __future__ import annotations

import warnings
from enum import StrEnum
from fractions import Fraction
from typing import TYPE_CHECKING, Any, NamedTuple

if TYPE_CHECKING:
    from nuffle.core.game import Game


class Outcome(NamedTuple):
    """One outcome of a pending chance event (`Game.chance_outcomes`): the `value` to hand to
    `Game.apply_chance` and its exact `probability`."""

    value: Any
    probability: Fraction


class Transition(NamedTuple):
    """One next position of an action or a chance node (`Game.transitions`): the `game` reached
    at the next decision (or the end) and its exact `probability`."""

    game: Game
    probability: Fraction


class EntryKind(StrEnum):
    """What a history entry records: a decision ('a') or a chance outcome ('c')."""

    ACTION = "a"
    CHANCE = "c"


class HistoryEntry(NamedTuple):
    """One entry of `Game.history`: its `kind` and its `value` (an `Action` for a decision, the
    outcome for a chance event). Equal to the plain `(kind, value)` pair of earlier versions."""

    kind: EntryKind
    value: Any


class Score(NamedTuple):
    """The score of a match: `home` and `away` touchdowns."""

    home: int
    away: int


class Result(dict[str, Any]):
    """How a match stands (`Game.result`): its `score`, its `winner` ('home', 'away', or None for
    a draw or an unfinished game) and whether it is `over`.

    Read the fields. It is still the dict of earlier versions (`{"score": {"home", "away"},
    "winner", "over"}`: JSON writes it as before and it equals that dict), but reading it by key,
    `result["winner"]`, is deprecated: use `result.winner`."""

    def __init__(self, home: int, away: int, winner: str | None, over: bool) -> None:
        super().__init__(score={"home": home, "away": away}, winner=winner, over=over)

    @property
    def score(self) -> Score:
        """The touchdowns of each side."""
        score = dict.__getitem__(self, "score")
        return Score(score["home"], score["away"])

    @property
    def winner(self) -> str | None:
        """'home', 'away', or None for a draw or an unfinished game."""
        winner: str | None = dict.__getitem__(self, "winner")
        return winner

    @property
    def over(self) -> bool:
        """Whether the match has ended."""
        return bool(dict.__getitem__(self, "over"))

    def __repr__(self) -> str:
        return f"Result(score={self.score!r}, winner={self.winner!r}, over={self.over!r})"

    def __getitem__(self, key: str) -> Any:
        warnings.warn(f"Game.result[{key!r}] is deprecated: read the field, result.{key} (a "
                      "Result record; result.score is a Score(home, away))", DeprecationWarning, stacklevel=2)
        return dict.__getitem__(self, key)

    def to_dict(self) -> dict[str, Any]:
        """The plain dict of earlier versions, for JSON: `{"score": {"home", "away"}, "winner",
        "over"}`."""
        return {"score": dict(self.score._asdict()), "winner": self.winner, "over": self.over}
