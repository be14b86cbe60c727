"""The Nash play-calling agent (after McCulloch) and the tendency exploiter built on it.

Each snap the agent builds the utility matrix of the situation, solves it for a mixed Nash
equilibrium by linear programming and samples its call from its own side's strategy. On
fourth down it compares the solved values of a normal play, a play from punt formation and a
field-goal attempt. In the last minutes it folds the trailing side's yards-per-play need into
the utilities and calls timeouts by simple rules.
"""

from __future__ import annotations

from collections import OrderedDict

import numpy as np

from nuffle.errors import InputError
from nuffle.games.football_strategy import rules
from nuffle.games.football_strategy.agents import Agent, GreedyAgent, RandomAgent
from nuffle.games.football_strategy.chart import NUM_DEFENSES, Chart
from nuffle.games.football_strategy.engine import PlayReport, legal_formations
from nuffle.games.football_strategy.state import NUM_CALLS, Formation, GameState
from nuffle.games.football_strategy.utility import (
    NashConfig,
    field_goal_utility,
    in_clock_window,
    payoff_matrix,
    trailing_side,
)
from nuffle.gametheory import ZeroSumSolution, solve_zero_sum

#: Order in which equal formation values are preferred.
FORMATION_PREFERENCE = (Formation.NORMAL, Formation.PUNT, Formation.FIELD_GOAL)

SolvedGame = tuple[np.ndarray, ZeroSumSolution]


class NashAgent(Agent):
    """Plays the mixed Nash equilibrium of each snap's utility matrix.

    Solved situations are cached (keyed by everything the matrix depends on), so repeated
    situations cost nothing; ``cache_size=0`` disables the cache.
    """

    name = "nash"

    def __init__(
        self, config: NashConfig | None = None, seed: int | None = None, cache_size: int = 50_000
    ) -> None:
        super().__init__(seed)
        self.config = config if config is not None else NashConfig()
        self.cache_size = cache_size
        self._cache: OrderedDict[tuple[object, ...], SolvedGame] = OrderedDict()
        self._cache_chart: Chart | None = None

    # ------------------------------------------------------------ solving
    def _key(self, state: GameState, formation: Formation) -> tuple[object, ...]:
        key: tuple[object, ...] = (formation, state.ball_on, state.down, state.to_go)
        if in_clock_window(state, self.config):
            offense = state.offense
            key += (
                state.game_seconds_left,
                state.margin(offense),
                state.timeouts[offense],
                state.timeouts[offense.other],
            )
        return key

    def solve(self, state: GameState, formation: Formation) -> SolvedGame:
        """The utility matrix of ``formation`` in ``state`` and its equilibrium."""
        chart = self.game_chart
        if chart is not self._cache_chart:
            self._cache.clear()
            self._cache_chart = chart
        key = self._key(state, formation)
        cached = self._cache.get(key)
        if cached is not None:
            self._cache.move_to_end(key)
            return cached
        matrix = payoff_matrix(state, chart, formation, self.config)
        solved = (matrix, solve_zero_sum(matrix))
        if self.cache_size > 0:
            self._cache[key] = solved
            if len(self._cache) > self.cache_size:
                self._cache.popitem(last=False)
        return solved

    def formation_values(self, state: GameState) -> dict[Formation, float]:
        """Solved value (offense utility) of every legal formation in ``state``."""
        values: dict[Formation, float] = {}
        for formation in legal_formations(state):
            if formation is Formation.FIELD_GOAL:
                values[formation] = field_goal_utility(state, self.config)
            else:
                values[formation] = self.solve(state, formation)[1].value
        return values

    def _sample(self, strategy: np.ndarray) -> int:
        cumulative = np.cumsum(strategy)
        index = int(np.searchsorted(cumulative, self.rng.random() * cumulative[-1], "right"))
        return min(index, len(strategy) - 1)

    # ------------------------------------------------------------ decisions
    def final_kick(self, state: GameState) -> bool:
        """True when the half is about to end and a field goal in range is worth trying."""
        if Formation.FIELD_GOAL not in legal_formations(state):
            return False
        if state.half_seconds_left > self.config.final_kick_seconds:
            return False
        if state.half == 1:
            return True
        return state.margin(state.offense) >= -rules.FIELD_GOAL_POINTS

    def choose_formation(self, state: GameState) -> Formation:
        if self.final_kick(state):
            return Formation.FIELD_GOAL
        if state.down < 4:
            return Formation.NORMAL
        values = self.formation_values(state)
        return max(values, key=lambda f: (values[f], -FORMATION_PREFERENCE.index(f)))

    def offense_strategy(self, state: GameState, formation: Formation) -> np.ndarray:
        """Probabilities over the 21 offensive calls (row ``i`` is call ``i + 1``)."""
        return self.solve(state, formation)[1].row_strategy

    def defense_strategy(self, state: GameState, formation: Formation) -> np.ndarray:
        """Probabilities over the 10 defenses A-J."""
        return self.solve(state, formation)[1].col_strategy

    def call_offense(self, state: GameState, formation: Formation) -> int:
        return self._sample(self.offense_strategy(state, formation)) + 1

    def call_defense(self, state: GameState, formation: Formation) -> int:
        return self._sample(self.defense_strategy(state, formation))

    def wants_timeout(self, state: GameState) -> bool:
        """Simple rules: the trailing side stops the clock late in the game; an offense past
        midfield stops it late in the first half."""
        if state.timeouts[self.side] == 0:
            return False
        if state.half == 2:
            return in_clock_window(state, self.config) and trailing_side(state) == self.side
        return (
            state.offense == self.side
            and state.half_seconds_left <= self.config.half_timeout_seconds
            and state.ball_on >= rules.FIELD_LENGTH // 2
        )


class TendencyExploiter(NashAgent):
    """Learns the opponent's call frequencies and best-responds to them.

    It keeps, per formation, counts of the opponent's offensive calls and of its defenses
    (starting from one of each), and instead of the equilibrium plays the pure best response
    of the same utility matrix to those frequencies. Formations and timeouts are as for
    :class:`NashAgent`.
    """

    name = "exploiter"

    def __init__(
        self, config: NashConfig | None = None, seed: int | None = None, cache_size: int = 50_000
    ) -> None:
        super().__init__(config, seed, cache_size)
        self.offense_counts = {f: np.ones(NUM_CALLS) for f in (Formation.NORMAL, Formation.PUNT)}
        self.defense_counts = {f: np.ones(NUM_DEFENSES) for f in (Formation.NORMAL, Formation.PUNT)}

    def observe(self, report: PlayReport) -> None:
        if report.offense_call is None or report.defense_call is None:
            return
        if report.offense == self.side:
            self.defense_counts[report.formation][report.defense_call] += 1
        else:
            self.offense_counts[report.formation][report.offense_call - 1] += 1

    def call_offense(self, state: GameState, formation: Formation) -> int:
        matrix = self.solve(state, formation)[0]
        counts = self.defense_counts[formation]
        return int(np.argmax(matrix @ (counts / counts.sum()))) + 1

    def call_defense(self, state: GameState, formation: Formation) -> int:
        matrix = self.solve(state, formation)[0]
        counts = self.offense_counts[formation]
        return int(np.argmin((counts / counts.sum()) @ matrix))


def make_agent(name: str, seed: int | None = None, config: NashConfig | None = None) -> Agent:
    """Build an agent by name: nash, nash-wp, exploiter, greedy or random."""
    if name == "nash-wp":
        from nuffle.games.football_strategy.wp_agent import NashWPAgent

        return NashWPAgent(seed=seed)
    if name == "nash":
        return NashAgent(config, seed)
    if name == "exploiter":
        return TendencyExploiter(config, seed)
    if name == "greedy":
        return GreedyAgent(seed)
    if name == "random":
        return RandomAgent(seed)
    raise InputError(f"unknown agent {name!r}; choose from nash, nash-wp, exploiter, greedy, random")
