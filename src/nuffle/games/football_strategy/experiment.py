"""The paper's "shown strategy" experiment: can an opponent who sees the mix exploit it?

A :class:`StrategyPeeker` is shown the Nash agent's mixed strategy before every call and
plays the pure best response to it. For every situation the peeker faces we record how much
that best response beats the game value of the snap's matrix; equilibrium play means it never
does (beyond round-off).
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from nuffle.games.football_strategy.agents import Agent
from nuffle.games.football_strategy.chart import Chart
from nuffle.games.football_strategy.match import game_seed, mean_interval, play_game
from nuffle.games.football_strategy.nash import NashAgent
from nuffle.games.football_strategy.state import Formation, GameState, Side
from nuffle.gametheory import best_response


@dataclass
class PeekLog:
    """Gains of the best response over the game value, one entry per call the peeker made."""

    offense_gains: list[float] = field(default_factory=list)
    defense_gains: list[float] = field(default_factory=list)
    situations: set[tuple[object, ...]] = field(default_factory=set)

    @property
    def max_gain(self) -> float:
        """Largest gain seen on either side of the ball (minus infinity if none)."""
        gains = self.offense_gains + self.defense_gains
        return max(gains) if gains else float("-inf")


class StrategyPeeker(Agent):
    """Sees ``target``'s mixed strategy each snap and plays the pure best response to it.

    Formations and timeouts are decided like a Nash agent (its own instance), so only the
    play calls differ.
    """

    name = "peeker"

    def __init__(self, target: NashAgent, log: PeekLog, seed: int | None = None) -> None:
        super().__init__(seed)
        self.target = target
        self.log = log
        self.planner = NashAgent(target.config, seed)

    def start_game(self, side: Side, chart: Chart) -> None:
        super().start_game(side, chart)
        self.planner.start_game(side, chart)

    def choose_formation(self, state: GameState) -> Formation:
        return self.planner.choose_formation(state)

    def wants_timeout(self, state: GameState) -> bool:
        return self.planner.wants_timeout(state)

    def _note(self, state: GameState, formation: Formation) -> None:
        self.log.situations.add(
            (formation, state.possession == self.side, *self.target._key(state, formation))
        )

    def call_offense(self, state: GameState, formation: Formation) -> int:
        matrix, solution = self.target.solve(state, formation)
        reply = best_response(matrix, solution.col_strategy, player="row")
        self.log.offense_gains.append(reply.payoff - solution.value)
        self._note(state, formation)
        return reply.action + 1

    def call_defense(self, state: GameState, formation: Formation) -> int:
        matrix, solution = self.target.solve(state, formation)
        reply = best_response(matrix, solution.row_strategy, player="col")
        self.log.defense_gains.append(solution.value - reply.payoff)
        self._note(state, formation)
        return reply.action


def shown_strategy_experiment(games: int = 100, seed: int = 0) -> tuple[PeekLog, list[int]]:
    """Play ``games`` games of a Nash agent against a peeker; return the log and margins.

    Margins are the Nash agent's points minus the peeker's, one per game.
    """
    log = PeekLog()
    nash = NashAgent(seed=seed)
    peeker = StrategyPeeker(nash, log, seed=seed + 1)
    margins: list[int] = []
    for index in range(games):
        nash_home = index % 2 == 0
        home, away = (nash, peeker) if nash_home else (peeker, nash)
        result = play_game(home, away, seed=game_seed(seed, index))
        margin = result.home_points - result.away_points
        margins.append(margin if nash_home else -margin)
    return log, margins


def summary_lines(log: PeekLog, margins: list[int]) -> list[str]:
    """Human-readable summary of an experiment."""
    values = np.asarray(margins, dtype=np.float64)
    low, mean, high = mean_interval(values)
    wins, losses = int((values > 0).sum()), int((values < 0).sum())
    return [
        f"games {len(margins)}, distinct situations {len(log.situations)}, "
        f"peeker calls {len(log.offense_gains) + len(log.defense_gains)}",
        f"largest gain of the peeker's best response over the game value: {log.max_gain:.3g}",
        f"Nash agent wins {wins}, draws {len(margins) - wins - losses}, losses {losses}; "
        f"margin per game {mean:+.2f} (95% CI {low:+.2f} to {high:+.2f})",
    ]
