"""Time per play decision of the Nash agent, with and without its solution cache.

Usage: python bench/football_decision_time.py [GAMES] [SEED]   (defaults: 20 games, seed 1)
Records every situation the agent meets in GAMES games against the random agent, then times
the full decision for each (formation choice, offense call and the defense's call), first
with an empty cache each time (the worst case: every matrix is built and solved) and then
with the cache the agent builds in play.
"""

from __future__ import annotations

import sys
import time

import numpy as np

from nuffle.games.football_strategy.agents import RandomAgent
from nuffle.games.football_strategy.chart import load_chart
from nuffle.games.football_strategy.match import game_seed, play_game
from nuffle.games.football_strategy.nash import NashAgent
from nuffle.games.football_strategy.state import Formation, GameState, Side


class Recorder(RandomAgent):
    """A random opponent that records the states it is asked about."""

    def __init__(self, seed: int) -> None:
        super().__init__(seed)
        self.states: list[GameState] = []

    def call_defense(self, state: GameState, formation: Formation) -> int:
        self.states.append(state)
        return super().call_defense(state, formation)

    def call_offense(self, state: GameState, formation: Formation) -> int:
        self.states.append(state)
        return super().call_offense(state, formation)


def decide_offense(agent: NashAgent, state: GameState) -> Formation:
    """The offense's whole decision: formation, then the call."""
    agent.side = state.possession
    formation = agent.choose_formation(state)
    if formation is not Formation.FIELD_GOAL:
        agent.call_offense(state, formation)
    return formation


def decide_defense(agent: NashAgent, state: GameState, formation: Formation) -> None:
    """The defense's decision against a declared formation."""
    agent.side = state.possession.other
    if formation is not Formation.FIELD_GOAL:
        agent.call_defense(state, formation)


def report(label: str, times: list[float]) -> None:
    """Print percentiles of a list of milliseconds."""
    ms = np.asarray(times)
    sys.stdout.write(
        f"  {label}: {len(ms)} decisions, mean {ms.mean():.2f} ms, median {np.median(ms):.2f} "
        f"ms, p99 {np.percentile(ms, 99):.2f} ms, max {ms.max():.2f} ms\n"
    )


def main() -> None:
    """Collect situations, time decisions and print percentiles in milliseconds."""
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 20
    seed = int(sys.argv[2]) if len(sys.argv) > 2 else 1
    recorder = Recorder(seed)
    for index in range(games):
        play_game(NashAgent(seed=seed), recorder, seed=game_seed(seed, index))
    states = recorder.states
    chart = load_chart()
    for label, cache_size in (
        ("cold: no cache, every matrix built and solved", 0),
        ("warm: with the cache the agent keeps in play", 50_000),
    ):
        offense = NashAgent(seed=seed, cache_size=cache_size)
        defense = NashAgent(seed=seed, cache_size=cache_size)
        offense.start_game(Side.HOME, chart)
        defense.start_game(Side.AWAY, chart)
        times: dict[str, list[float]] = {"offense": [], "offense, 4th down": [], "defense": []}
        for state in states:
            start = time.perf_counter()
            formation = decide_offense(offense, state)
            middle = time.perf_counter()
            decide_defense(defense, state, formation)
            end = time.perf_counter()
            key = "offense, 4th down" if state.down == 4 else "offense"
            times[key].append((middle - start) * 1000)
            times["defense"].append((end - middle) * 1000)
        sys.stdout.write(f"{label}:\n")
        for key, values in times.items():
            report(key, values)


if __name__ == "__main__":
    main()
