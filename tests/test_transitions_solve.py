"""The exact absorption solve of `core.transitions` (`_flow`): on random chance graphs with
cycles (strongly connected groups of transient states, as a ball bouncing between players makes)
it gives exactly what a dense solve of the absorbing Markov chain gives."""

from __future__ import annotations

import random
from fractions import Fraction

import pytest

from nuffle.core.transitions import _flow

Edges = list[list[tuple[Fraction, int]]]


def _chain(rng: random.Random, transient: int, absorbing: int) -> tuple[Edges, list[bool]]:
    """Node 0 first; transient nodes 0..transient-1 each with 1-4 outcomes of dice-like
    probabilities (sixths, eighths, 36ths) to random nodes, cycles included."""
    n = transient + absorbing
    edges: Edges = []
    for _ in range(transient):
        parts = rng.choice((6, 8, 36))
        cuts = sorted(rng.sample(range(1, parts), rng.randint(0, min(3, parts - 1))))
        shares = [b - a for a, b in zip([0, *cuts], [*cuts, parts], strict=True)]
        edges.append([(Fraction(s, parts), rng.randrange(n)) for s in shares])
    edges += [[] for _ in range(absorbing)]
    # every transient node reaches an absorbing one: the last transient node leads out
    edges[transient - 1] = [(Fraction(1), transient + rng.randrange(absorbing))]
    for i in range(transient - 1):  # and each other one may fall through to the next
        if not any(j >= transient or j > i for _q, j in edges[i]):
            edges[i][0] = (edges[i][0][0], i + 1)
    return edges, [i < transient for i in range(n)]


def _dense(edges: Edges, transient: list[bool]) -> dict[int, Fraction]:
    """The absorption probabilities from node 0 by a dense Gauss-Jordan solve of
    v (I - Q) = e0 over every transient node, then v R."""
    t = [i for i, x in enumerate(transient) if x]
    at = {n: i for i, n in enumerate(t)}
    k = len(t)
    a = [[Fraction(int(r == c)) for c in range(k)] + [Fraction(int(r == at[0]))] for r in range(k)]
    for i, n in enumerate(t):  # column i of (I - Q)^T is row i of I - Q
        for q, j in edges[n]:
            if transient[j]:
                a[at[j]][i] -= q
    for col in range(k):
        piv = next(r for r in range(col, k) if a[r][col])
        a[col], a[piv] = a[piv], a[col]
        p = a[col][col]
        a[col] = [x / p for x in a[col]]
        for r in range(k):
            if r != col and a[r][col]:
                f = a[r][col]
                a[r] = [x - f * y for x, y in zip(a[r], a[col], strict=True)]
    visits = {n: a[at[n]][k] for n in t}
    out: dict[int, Fraction] = {}
    for n in t:
        for q, j in edges[n]:
            if not transient[j] and visits[n]:
                out[j] = out.get(j, Fraction(0)) + visits[n] * q
    return out


@pytest.mark.parametrize("seed", range(40))
def test_the_sparse_solve_equals_a_dense_one(seed: int) -> None:
    rng = random.Random(seed)
    edges, transient = _chain(rng, rng.randint(2, 60), rng.randint(1, 6))
    got = _flow(edges, transient)
    assert got == _dense(edges, transient)
    assert sum(got.values()) == 1
