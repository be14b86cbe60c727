"""The optional turn timer of a web game (`turn_seconds` when it is created).

Modelled on the competition's turn and set-up clocks: a human coach has `seconds` for each of
his team turns and for each of his set-ups; the clock runs only while he is the one deciding
(a block die the other coach picks, or a re-roll he is asked about in the other team's turn,
does not count against him) and is shown to both coaches. A bot's turns have no clock. At zero
the server acts for the late coach until that turn or set-up is over (`late_action`): it ends
the turn where it may, else ends the action under way, else declines what it is asked, else
takes a random legal answer; a set-up it cannot end yet is completed with a formation first.
A server restart starts the period that was running again with a full clock.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from nuffle.core.actions import Action, ActionType
from nuffle.core.decision import DecisionKind
from nuffle.core.game import Game
from nuffle.core.procedures.turn import Turn

MIN_SECONDS = 1
MAX_SECONDS = 3600
#: what the server answers for a coach out of time, first that is legal
LATE_ANSWERS = (ActionType.END_TURN, ActionType.END_SETUP, ActionType.END_ACTION, ActionType.DECLINE)
Period = tuple[str, int, int, int, int]


def period_of(game: Game) -> tuple[Period | None, int | None]:
    """The clock period the game is in and the side whose clock it is: a team turn (the side
    of the `Turn` under way) or a set-up (the side setting up); (None, None) between them (the
    coin toss, the kick-off, the end)."""
    if game.is_over:
        return None, None
    s = game.state
    d = game.decision()
    if d.kind == DecisionKind.SETUP and d.side is not None:
        return ("setup", s.half, d.side, s.teams[0].turn, s.teams[1].turn), d.side
    side = next((p.side for p in reversed(s.stack) if isinstance(p, Turn)), None)
    if side is None:
        return None, None
    return ("turn", s.half, side, s.teams[side].turn, 0), side


@dataclass
class TurnClock:
    """One game's turn timer: `seconds` a period; who it runs for and what is left."""

    seconds: float
    period: Period | None = None
    side: int | None = None  # whose clock runs in this period (None: none, a bot's or no period)
    left: float = 0.0  # seconds left when it last stopped
    since: float | None = None  # when it last started running (None: stopped)

    def update(self, game: Game, humans: frozenset[int], t: float) -> None:
        """Follow the game to time `t` (monotonic seconds): a new period starts a full clock
        for a human side; the clock runs while that side decides and stops while it does not."""
        key, side = period_of(game)
        if key != self.period:
            self.period, self.side, self.left, self.since = key, side if side in humans else None, \
                self.seconds, None
        if self.side is None:
            return
        deciding = game.decision().side == self.side
        if deciding and self.since is None:
            self.since = t
        elif not deciding and self.since is not None:
            self.left -= t - self.since
            self.since = None

    def remaining(self, t: float) -> float | None:
        """Seconds left at time `t` (None when no clock runs in this period)."""
        if self.side is None:
            return None
        return self.left - (t - self.since if self.since is not None else 0.0)

    def expired(self, t: float) -> bool:
        """Whether the clock of the coach deciding now has run out."""
        left = self.remaining(t)
        return left is not None and self.since is not None and left <= 0

    def to_json(self, t: float, sides: tuple[str, str]) -> dict[str, object] | None:
        """What the page shows: whose clock, the seconds a period, what is left, whether it runs."""
        left = self.remaining(t)
        if left is None or self.side is None:
            return None
        return {"side": sides[self.side], "seconds": self.seconds, "left": round(max(0.0, left), 2),
                "running": self.since is not None}


def late_action(game: Game, rng: random.Random, formed: bool = False) -> Action | None:
    """The server's answer for a coach out of time (`LATE_ANSWERS`, else a random legal action);
    None in a set-up that cannot end yet and has not had a formation (`formed`): the caller
    places one first."""
    legal = game.legal_actions()
    for kind in LATE_ANSWERS:
        if legal.group(kind) is not None:
            return Action(kind)
    if game.decision().kind == DecisionKind.SETUP and not formed:
        return None
    return rng.choice(list(legal))
