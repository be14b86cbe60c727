"""Tournament formats: the fixtures of a round robin with paired seeds, and the final.

Games of a pair come in twos: each seed is played twice with the sides swapped, so that
neither bot gains from the dice or from playing at home."""

from __future__ import annotations

from dataclasses import dataclass
from itertools import combinations

from nuffle.competition.referee import derived_seed


@dataclass(frozen=True)
class Fixture:
    """One game to play: its number, stage ('round-robin' or 'final'), bots and seed."""

    index: int
    stage: str
    home: str
    away: str
    seed: int


def _pair_games(a: str, b: str, games: int, stage: str, key: tuple[object, ...], start: int) -> list[Fixture]:
    out: list[Fixture] = []
    for k in range(games):
        seed = derived_seed(*key, k // 2)
        home, away = (a, b) if k % 2 == 0 else (b, a)
        out.append(Fixture(start + len(out), stage, home, away, seed))
    return out


def round_robin(names: list[str], games_per_pair: int, seed: int) -> list[Fixture]:
    """Every pair plays `games_per_pair` games: seed k//2, sides swapped on odd games."""
    out: list[Fixture] = []
    for a, b in combinations(names, 2):
        out += _pair_games(a, b, games_per_pair, "round-robin", (seed, "rr", a, b), len(out))
    return out


def final(first: str, second: str, games: int, seed: int, start: int) -> list[Fixture]:
    """The final between the top two of the round robin (the first named is home first)."""
    return _pair_games(first, second, games, "final", (seed, "final"), start)
