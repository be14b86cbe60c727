"""Game state of Football Strategy: sides, formations, calls and the scoreboard."""

from __future__ import annotations

import enum
from dataclasses import dataclass, field

from nuffle.games.football_strategy import rules
from nuffle.games.football_strategy.chart import PLAY_NAMES

#: Offensive call numbers 1-20 are chart plays; KICK_CALL is the quick kick in normal
#: formation and the punt in punt formation. Matrix row ``i`` is call ``i + 1``.
KICK_CALL = 21
NUM_CALLS = 21


class Side(enum.IntEnum):
    """The two teams."""

    HOME = 0
    AWAY = 1

    @property
    def other(self) -> Side:
        """The opposing side."""
        return Side(1 - self.value)

    @property
    def label(self) -> str:
        """Lower-case name for messages."""
        return self.name.lower()


class Formation(enum.Enum):
    """What the offense declares, openly, before each snap."""

    NORMAL = "normal"
    PUNT = "punt"
    FIELD_GOAL = "field_goal"


def call_name(call: int, formation: Formation) -> str:
    """Human-readable name of an offensive call in a formation."""
    if call == KICK_CALL:
        return "Punt" if formation is Formation.PUNT else "Quick Kick"
    name = f"{call} {PLAY_NAMES[call - 1]}"
    return f"fake punt: {name}" if formation is Formation.PUNT else name


@dataclass
class GameState:
    """Everything public about a game in progress.

    ``ball_on`` counts yards from the offense's own goal line (1-99); the line to gain is
    ``ball_on + to_go``. ``clock_running`` means the huddle before the next snap will run
    time off unless someone calls a timeout.
    """

    possession: Side = Side.AWAY
    ball_on: int = 25
    down: int = 1
    to_go: int = rules.FIRST_DOWN_YARDS
    quarter: int = 1
    seconds_left: int = rules.QUARTER_SECONDS
    clock_running: bool = False
    score: list[int] = field(default_factory=lambda: [0, 0])
    timeouts: list[int] = field(default_factory=lambda: [rules.TIMEOUTS_PER_HALF] * 2)
    opening_receiver: Side = Side.AWAY
    game_over: bool = False
    plays: int = 0

    @property
    def offense(self) -> Side:
        """The side with the ball."""
        return self.possession

    @property
    def defense(self) -> Side:
        """The side without the ball."""
        return self.possession.other

    @property
    def yards_to_goal(self) -> int:
        """Yards from the ball to the goal line the offense attacks."""
        return rules.FIELD_LENGTH - self.ball_on

    @property
    def half(self) -> int:
        """1 for quarters 1-2, 2 for quarters 3-4."""
        return 1 if self.quarter <= 2 else 2

    @property
    def game_seconds_left(self) -> int:
        """Seconds left in the whole game."""
        return self.seconds_left + (rules.QUARTERS - self.quarter) * rules.QUARTER_SECONDS

    @property
    def half_seconds_left(self) -> int:
        """Seconds left in the current half."""
        return self.seconds_left + (2 * self.half - self.quarter) * rules.QUARTER_SECONDS

    def margin(self, side: Side) -> int:
        """``side``'s score minus its opponent's."""
        return self.score[side] - self.score[side.other]

    def copy(self) -> GameState:
        """An independent copy."""
        return GameState(
            possession=self.possession,
            ball_on=self.ball_on,
            down=self.down,
            to_go=self.to_go,
            quarter=self.quarter,
            seconds_left=self.seconds_left,
            clock_running=self.clock_running,
            score=list(self.score),
            timeouts=list(self.timeouts),
            opening_receiver=self.opening_receiver,
            game_over=self.game_over,
            plays=self.plays,
        )
