"""Running games and matches between agents, with win/draw/loss and points statistics."""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, field

import numpy as np

from nuffle.games.football_strategy.agents import Agent
from nuffle.games.football_strategy.chart import Chart
from nuffle.games.football_strategy.engine import FootballGame, IllegalAction, PlayReport
from nuffle.games.football_strategy.state import Formation, Side
from nuffle.stats import wilson

#: z-value of a two-sided 95% confidence interval.
Z95 = 1.959963984540054


@dataclass(frozen=True)
class GameResult:
    """Final score of one game."""

    home: str
    away: str
    home_points: int
    away_points: int
    plays: int


def play_game(
    home: Agent,
    away: Agent,
    chart: Chart | None = None,
    seed: int | None = None,
    on_events: Callable[[list[str]], None] | None = None,
    on_report: Callable[[PlayReport], None] | None = None,
) -> GameResult:
    """Play one full game; ``on_events`` receives every line of play-by-play as it happens."""
    game = FootballGame(chart, seed)
    agents = {Side.HOME: home, Side.AWAY: away}
    for side, agent in agents.items():
        agent.start_game(side, game.chart)
    if on_events is not None:
        on_events(list(game.events))
    while not game.over:
        state = game.state
        if state.clock_running:
            caller = None
            for side in (state.offense, state.defense):
                if game.can_call_timeout(side) and agents[side].wants_timeout(state.copy()):
                    caller = side
                    break
            events = game.huddle(caller)
        else:
            offense, defense = agents[state.offense], agents[state.defense]
            formation = offense.choose_formation(state.copy())
            if formation not in game.legal_formations():
                raise IllegalAction(f"{offense.name} chose illegal formation {formation.value}")
            if formation is Formation.FIELD_GOAL:
                report = game.snap(formation, None, None)
            else:
                offense_call = offense.call_offense(state.copy(), formation)
                defense_call = defense.call_defense(state.copy(), formation)
                report = game.snap(formation, offense_call, defense_call)
            for agent in agents.values():
                agent.observe(report)
            if on_report is not None:
                on_report(report)
            events = report.events
        if on_events is not None and events:
            on_events(events)
    home_points, away_points = game.state.score
    return GameResult(home.name, away.name, home_points, away_points, game.state.plays)


@dataclass
class MatchSummary:
    """Results of a match from the first agent's (``name_a``) point of view."""

    name_a: str
    name_b: str
    points_for: list[int] = field(default_factory=list)
    points_against: list[int] = field(default_factory=list)

    @property
    def games(self) -> int:
        """Games played."""
        return len(self.points_for)

    @property
    def wins(self) -> int:
        """Games the first agent won."""
        return sum(a > b for a, b in zip(self.points_for, self.points_against, strict=True))

    @property
    def draws(self) -> int:
        """Drawn games."""
        return sum(a == b for a, b in zip(self.points_for, self.points_against, strict=True))

    @property
    def losses(self) -> int:
        """Games the first agent lost."""
        return self.games - self.wins - self.draws

    def win_rate_interval(self) -> tuple[float, float, float]:
        """Win rate and its 95% Wilson score interval (low, rate, high)."""
        return wilson_interval(self.wins, self.games)

    def margin_interval(self) -> tuple[float, float, float]:
        """Mean points margin per game and its 95% normal interval (low, mean, high)."""
        margins = np.subtract(self.points_for, self.points_against, dtype=np.float64)
        return mean_interval(margins)

    def points_interval(self, own: bool = True) -> tuple[float, float, float]:
        """Mean points scored by the first agent (or by its opponent) with a 95% interval."""
        points = self.points_for if own else self.points_against
        return mean_interval(np.asarray(points, dtype=np.float64))

    def lines(self) -> list[str]:
        """A human-readable report."""
        low, rate, high = self.win_rate_interval()
        m_low, margin, m_high = self.margin_interval()
        f_low, scored, f_high = self.points_interval(True)
        a_low, conceded, a_high = self.points_interval(False)
        return [
            f"{self.name_a} vs {self.name_b}: {self.games} games",
            f"  wins {self.wins}, draws {self.draws}, losses {self.losses}",
            f"  win rate {rate:.1%} (95% CI {low:.1%} to {high:.1%})",
            f"  points per game {scored:.2f} (95% CI {f_low:.2f} to {f_high:.2f}) "
            f"against {conceded:.2f} (95% CI {a_low:.2f} to {a_high:.2f})",
            f"  margin per game {margin:+.2f} (95% CI {m_low:+.2f} to {m_high:+.2f})",
        ]


def wilson_interval(successes: int, trials: int) -> tuple[float, float, float]:
    """Proportion and 95% Wilson score interval as (low, proportion, high)."""
    if trials == 0:
        return (0.0, 0.0, 1.0)
    low, high = wilson(successes, trials, Z95)
    return (low, successes / trials, high)


def mean_interval(values: np.ndarray) -> tuple[float, float, float]:
    """Mean and 95% normal-approximation interval as (low, mean, high)."""
    if values.size == 0:
        return (0.0, 0.0, 0.0)
    mean = float(values.mean())
    if values.size == 1:
        return (mean, mean, mean)
    half = Z95 * float(values.std(ddof=1)) / math.sqrt(values.size)
    return (mean - half, mean, mean + half)


def game_seed(seed: int, index: int) -> int:
    """Seed of game ``index`` of a match played with ``seed``."""
    return int(np.random.SeedSequence([seed, index]).generate_state(1)[0])


def run_match(
    agent_a: Agent,
    agent_b: Agent,
    games: int,
    seed: int = 0,
    chart: Chart | None = None,
    progress: Callable[[MatchSummary], None] | None = None,
) -> MatchSummary:
    """Play ``games`` games, the first agent at home in even-numbered games, away in odd.

    Agents keep their state between games (so a learning agent learns across the match).
    ``progress`` is called with the running summary after each game.
    """
    summary = MatchSummary(agent_a.name, agent_b.name)
    for index in range(games):
        a_home = index % 2 == 0
        home, away = (agent_a, agent_b) if a_home else (agent_b, agent_a)
        result = play_game(home, away, chart, game_seed(seed, index))
        own, other = (
            (result.home_points, result.away_points)
            if a_home
            else (result.away_points, result.home_points)
        )
        summary.points_for.append(own)
        summary.points_against.append(other)
        if progress is not None:
            progress(summary)
    return summary
