"""Clocks: how long a bot may think, and its overage bank.

A bot's *turn* clock runs over all its decisions in one of its own team turns, and its
*setup* clock over all its decisions in one of its set-ups; every other decision (the
opponent's turn, kick-offs) has its own *opponent decision* clock.
`init` bounds the answer to hello and `end` the answer to the end of the game. Time past a
clock is first taken from the optional `overage` bank; past that, the bot is late (delay of
game). A bot that has still not answered `grace` seconds after that is disqualified.

On top of these, `game` is a chess clock: all of a bot's thinking in one game (every decision,
on whichever clock) comes out of it, and a bot whose game clock runs out is disqualified
(`out_of_time`). It bounds a game's length whatever a bot does (docs/COMPETITION.md)."""

from __future__ import annotations

import math
from dataclasses import asdict, dataclass, fields
from typing import Any

from nuffle.core.errors import InputError

#: The longest clock a tournament may set (seconds).
MAX_SECONDS = 86_400.0
#: The clocks that run over a period of a bot's own decisions (a team turn, a set-up).
PERIOD_CLOCKS = ("turn", "setup")


@dataclass(frozen=True)
class Clocks:
    """Time limits in seconds (defaults follow Bot Bowl)."""

    turn: float = 120.0
    opponent_decision: float = 5.0
    init: float = 20.0
    end: float = 10.0
    overage: float = 0.0
    grace: float = 10.0
    setup: float = 60.0
    game: float = 3600.0

    def __post_init__(self) -> None:
        for f in fields(self):
            value = getattr(self, f.name)
            if isinstance(value, bool) or not isinstance(value, int | float):
                raise InputError(f"clock {f.name!r} must be a number of seconds, not {value!r}")
            if not math.isfinite(value) or value > MAX_SECONDS:
                raise InputError(f"clock {f.name!r} must be a finite number of seconds up to "
                                 f"{MAX_SECONDS} (a day), not {value!r}")
            if value < 0 or (value == 0 and f.name not in ("overage",)):
                raise InputError(f"clock {f.name!r} must be positive, not {value!r}")

    @staticmethod
    def from_dict(raw: dict[str, Any], source: str = "clocks") -> Clocks:
        """Clocks from a config table; raises ValueError naming an unknown or bad key."""
        known = {f.name for f in fields(Clocks)}
        for key in raw:
            if key not in known:
                raise InputError(f"{source}: unknown clock {key!r} (known: {', '.join(sorted(known))})")
        return Clocks(**{k: float(v) if isinstance(v, int) and not isinstance(v, bool) else v
                         for k, v in raw.items()})

    def to_dict(self) -> dict[str, float]:
        """The clocks as a JSON-ready dict."""
        return asdict(self)


class BotClock:
    """One bot's clocks during a game."""

    def __init__(self, clocks: Clocks) -> None:
        self.clocks = clocks
        self.bank = clocks.overage
        self.turn_key: object = None
        self.turn_left = clocks.turn
        self.late_turn: object = None  # the period whose clock ran out (the referee plays it)
        self.game_left = clocks.game  # the chess clock: all its thinking in this game

    def budget(self, turn_key: object | None, clock: str = "turn") -> tuple[str, float]:
        """The clock that applies to a decision and the seconds left on it (before the bank).

        `turn_key` identifies the bot's own period (a team turn, or a set-up when `clock` is
        "setup"), or is None for any other decision."""
        if turn_key is None:
            return "opponent_decision", self.clocks.opponent_decision
        if turn_key != self.turn_key:
            self.turn_key = turn_key
            self.turn_left = self.clocks.setup if clock == "setup" else self.clocks.turn
        return clock, self.turn_left

    def spend(self, clock: str, seconds: float) -> bool:
        """Charge `seconds` of thinking to `clock` (then the bank) and to the game clock;
        False if the clock and the bank ran out (the game clock is `out_of_time`'s)."""
        self.game_left = max(0.0, self.game_left - seconds)
        period = clock in PERIOD_CLOCKS
        left = self.turn_left if period else self.clocks.opponent_decision
        over = seconds - left
        if period:
            self.turn_left = max(0.0, left - seconds)
        if over <= 0:
            return True
        taken = min(over, self.bank)
        self.bank -= taken
        return over - taken <= 0

    @property
    def out_of_time(self) -> bool:
        """Whether the game clock ran out."""
        return self.game_left <= 0.0

    def left(self, clock: str) -> dict[str, float]:
        """The clocks left, as a decision request reports them."""
        left = self.turn_left if clock in PERIOD_CLOCKS else self.clocks.opponent_decision
        return {"clock_left": round(left, 3), "overage_left": round(self.bank, 3),
                "game_left": round(self.game_left, 3)}
