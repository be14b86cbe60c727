"""The agent interface and the baseline agents: uniform random and greedy.

An agent is told its side and the chart at the start of each game, then asked for the
offense's formation and call, the defense's call, and whether to call a timeout. It sees only
public information: a copy of the game state and the reports of finished plays.
"""

from __future__ import annotations

import abc

import numpy as np

from nuffle.errors import StateError
from nuffle.games.football_strategy import rules
from nuffle.games.football_strategy.chart import (
    NUM_DEFENSES,
    NUM_PLAYS,
    Chart,
    Outcome,
    OutcomeKind,
)
from nuffle.games.football_strategy.engine import PlayReport, legal_formations
from nuffle.games.football_strategy.state import KICK_CALL, Formation, GameState, Side

#: Greedy counts a fumble or interception as this many yards lost.
GREEDY_TURNOVER_YARDS = 40
#: The simple fourth-down rule kicks a field goal at this success chance or better...
SIMPLE_FIELD_GOAL_CHANCE = 0.5
#: ...and goes for it with this many yards to go or fewer once past this spot.
SIMPLE_GO_FOR_IT_YARDS = 2
SIMPLE_GO_FOR_IT_SPOT = 45


class Agent(abc.ABC):
    """Base class of every Football Strategy player."""

    name = "agent"

    def __init__(self, seed: int | None = None) -> None:
        self.rng = np.random.default_rng(seed)
        self.side = Side.HOME
        self.chart: Chart | None = None

    def start_game(self, side: Side, chart: Chart) -> None:
        """Called before each game with the side this agent plays and the chart in use."""
        self.side = side
        self.chart = chart

    @property
    def game_chart(self) -> Chart:
        """The chart of the current game (start_game must have been called)."""
        if self.chart is None:
            raise StateError(f"{self.name}: start_game was not called")
        return self.chart

    @abc.abstractmethod
    def choose_formation(self, state: GameState) -> Formation:
        """Declare the offense's formation (this agent has the ball)."""

    @abc.abstractmethod
    def call_offense(self, state: GameState, formation: Formation) -> int:
        """Secretly pick an offensive call 1-21 (21 is the kick) for ``formation``."""

    @abc.abstractmethod
    def call_defense(self, state: GameState, formation: Formation) -> int:
        """Secretly pick a defense 0-9 (A-J) against ``formation``."""

    def wants_timeout(self, state: GameState) -> bool:
        """Whether to call a timeout now (asked only while the clock runs)."""
        return False

    def observe(self, report: PlayReport) -> None:
        """See the result of a finished snap (both calls are public afterwards)."""
        return None


def simple_fourth_down(state: GameState) -> Formation:
    """A plain coach's rule: kick a likely field goal, go for it on short yardage, else punt."""
    if state.down < 4:
        return Formation.NORMAL
    if (
        Formation.FIELD_GOAL in legal_formations(state)
        and rules.field_goal_probability(state.ball_on) >= SIMPLE_FIELD_GOAL_CHANCE
    ):
        return Formation.FIELD_GOAL
    if state.to_go <= SIMPLE_GO_FOR_IT_YARDS and state.ball_on >= SIMPLE_GO_FOR_IT_SPOT:
        return Formation.NORMAL
    return Formation.PUNT


class RandomAgent(Agent):
    """Calls every play uniformly at random (chart plays on offense, any defense).

    Formations follow :func:`simple_fourth_down`; from punt formation it always punts.
    """

    name = "random"

    def choose_formation(self, state: GameState) -> Formation:
        return simple_fourth_down(state)

    def call_offense(self, state: GameState, formation: Formation) -> int:
        if formation is Formation.PUNT:
            return KICK_CALL
        return int(self.rng.integers(1, NUM_PLAYS + 1))

    def call_defense(self, state: GameState, formation: Formation) -> int:
        return int(self.rng.integers(NUM_DEFENSES))


def raw_yards(outcome: Outcome) -> int:
    """Plain yards of a chart outcome, with a turnover counted as a fixed loss."""
    if outcome.is_turnover:
        return -GREEDY_TURNOVER_YARDS
    if outcome.kind is OutcomeKind.INCOMPLETE:
        return 0
    if outcome.kind is OutcomeKind.OFFENSIVE_PENALTY:
        return -outcome.yards
    return outcome.yards


def yards_matrix(chart: Chart) -> np.ndarray:
    """20x10 matrix of raw yards for every play against every defense."""
    return np.array(
        [
            [raw_yards(chart.outcome(play, d)) for d in range(NUM_DEFENSES)]
            for play in range(1, NUM_PLAYS + 1)
        ],
        dtype=np.float64,
    )


class GreedyAgent(Agent):
    """Calls the play with the best expected yards against a uniformly random opponent.

    On offense that is the chart play with the highest row mean; on defense the column with
    the lowest mean. Formations follow :func:`simple_fourth_down`; it always punts from punt
    formation.
    """

    name = "greedy"

    def start_game(self, side: Side, chart: Chart) -> None:
        super().start_game(side, chart)
        yards = yards_matrix(chart)
        self.best_play = int(np.argmax(yards.mean(axis=1))) + 1
        self.best_defense = int(np.argmin(yards.mean(axis=0)))

    def choose_formation(self, state: GameState) -> Formation:
        return simple_fourth_down(state)

    def call_offense(self, state: GameState, formation: Formation) -> int:
        return KICK_CALL if formation is Formation.PUNT else self.best_play

    def call_defense(self, state: GameState, formation: Formation) -> int:
        return self.best_defense
