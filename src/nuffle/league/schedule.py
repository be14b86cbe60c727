"""The season's schedule: a round robin by the circle method (every team plays once a round; a
bye when the count is odd), or a double round robin whose second half repeats the first with
the sides swapped and the same seeds (paired fixtures: neither team gains from the dice or from
playing at home)."""

from __future__ import annotations

import hashlib


def derived_seed(*parts: object) -> int:
    """A 63-bit seed digested from `parts`."""
    digest = hashlib.blake2b(repr(parts).encode(), digest_size=8).digest()
    return int.from_bytes(digest, "little") >> 1


def round_robin(ids: list[int], seed: int, double: bool = False) -> list[tuple[int, int, int, int]]:
    """(round, home, away, seed) for every match, rounds numbered from 1."""
    teams: list[int | None] = list(ids)
    if len(teams) % 2:
        teams.append(None)  # a bye
    n = len(teams)
    out: list[tuple[int, int, int, int]] = []
    for r in range(n - 1):
        for i in range(n // 2):
            a, b = teams[i], teams[n - 1 - i]
            if a is None or b is None:
                continue
            home, away = (a, b) if (r + i) % 2 == 0 else (b, a)
            out.append((r + 1, home, away, derived_seed(seed, "league", min(a, b), max(a, b))))
        teams = [teams[0], teams[-1], *teams[1:-1]]  # rotate all but the first
    if double:
        first = len(out)
        out += [(rnd + n - 1, away, home, s) for rnd, home, away, s in out[:first]]
    return out
