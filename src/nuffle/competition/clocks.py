"""Clocks: how long a bot may think, and its overage bank.

A bot's *turn* clock runs over all its decisions in one of its own team turns; every other
decision (the opponent's turn, set-ups, kick-offs) has its own *opponent decision* clock.
`init` bounds the answer to hello and `end` the answer to the end of the game. Time past a
clock is first taken from the optional `overage` bank; past that, the bot is late (delay of
game). A bot that has still not answered `grace` seconds after that is disqualified."""

from __future__ import annotations

from dataclasses import asdict, dataclass, fields
from typing import Any

from nuffle.core.errors import InputError


@dataclass(frozen=True)
class Clocks:
    """Time limits in seconds (defaults follow Bot Bowl)."""

    turn: float = 120.0
    opponent_decision: float = 5.0
    init: float = 20.0
    end: float = 10.0
    overage: float = 0.0
    grace: float = 10.0

    def __post_init__(self) -> None:
        for f in fields(self):
            value = getattr(self, f.name)
            if isinstance(value, bool) or not isinstance(value, int | float):
                raise InputError(f"clock {f.name!r} must be a number of seconds, not {value!r}")
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
        self.late_turn: object = None  # the turn whose clock ran out (its decisions are random)

    def budget(self, turn_key: object | None) -> tuple[str, float]:
        """The clock that applies to a decision and the seconds left on it (before the bank).

        `turn_key` identifies the bot's own team turn, or is None for any other decision."""
        if turn_key is None:
            return "opponent_decision", self.clocks.opponent_decision
        if turn_key != self.turn_key:
            self.turn_key = turn_key
            self.turn_left = self.clocks.turn
        return "turn", self.turn_left

    def spend(self, clock: str, seconds: float) -> bool:
        """Charge `seconds` of thinking to `clock` (then the bank); False if both ran out."""
        left = self.turn_left if clock == "turn" else self.clocks.opponent_decision
        over = seconds - left
        if clock == "turn":
            self.turn_left = max(0.0, left - seconds)
        if over <= 0:
            return True
        taken = min(over, self.bank)
        self.bank -= taken
        return over - taken <= 0

    def left(self, clock: str) -> dict[str, float]:
        """The clocks left, as a decision request reports them."""
        left = self.turn_left if clock == "turn" else self.clocks.opponent_decision
        return {"clock_left": round(left, 3), "overage_left": round(self.bank, 3)}
