"""Exact transition distributions: explore the chance nodes after a decision and solve them.

The positions reachable through chance events form a finite Markov chain: chance nodes are
transient, decision (or game-over) positions absorb. Without cycles the probabilities simply
flow forward; a ball bouncing between players can revisit a chance node, so each strongly
connected group of chance nodes is solved exactly as a small linear system over Fractions.
"""

from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING

from nuffle.core.errors import InputError
from nuffle.core.records import EntryKind, HistoryEntry
from nuffle.core.types import CHANCE

if TYPE_CHECKING:
    from nuffle.core.game import Game

Key = tuple[object, ...]


def explore(start: Game, max_states: int) -> list[tuple[Fraction, Game]]:
    """The absorption distribution from `start` (a clone with an explicit roller)."""
    return [(p, g) for p, g, _ in explore_keyed(start, max_states)]


def explore_keyed(start: Game, max_states: int) -> list[tuple[Fraction, Game, Key]]:
    """`explore`, each next game with its state's key (`GameState.key()`, computed on the way:
    a search indexing states by key need not compute it again). `start` is not changed."""
    first = start.state.key()
    games: list[Game] = [start]
    keys: list[Key] = [first]
    index: dict[Key, int] = {first: 0}
    edges: list[list[tuple[Fraction, int]]] = [[]]
    todo = [0]
    while todo:
        i = todo.pop()
        game = games[i]
        if game.state.decider != CHANCE:
            continue
        out = edges[i]
        for outcome, q in game.chance_outcomes():
            child = game.clone()
            child.history.append(HistoryEntry(EntryKind.CHANCE, outcome))
            child._resolve(outcome)  # a listed outcome: no need to validate it
            key = child.state.key()
            j = index.get(key)
            if j is None:
                j = len(games)
                if j > max_states:
                    raise InputError(f"outcomes() enumerated more than {max_states} states")
                index[key] = j
                games.append(child)
                keys.append(key)
                edges.append([])
                todo.append(j)
            out.append((q, j))
    mass = _flow(edges, [g.state.decider == CHANCE for g in games])
    return [(mass[i], games[i], keys[i]) for i in sorted(mass) if games[i].state.decider != CHANCE]


def _flow(edges: list[list[tuple[Fraction, int]]], transient: list[bool]) -> dict[int, Fraction]:
    """Probability of ending in each absorbing node, starting with all mass on node 0."""
    comps = _components(edges, transient)  # reverse topological order
    comp_of = {}
    for c, nodes in enumerate(comps):
        for n in nodes:
            comp_of[n] = c
    mass: dict[int, Fraction] = {0: Fraction(1)}
    absorbed: dict[int, Fraction] = {}
    for c in range(len(comps) - 1, -1, -1):  # topological order: sources first
        nodes = comps[c]
        if len(nodes) == 1 and not transient[nodes[0]]:
            n = nodes[0]
            if n in mass:
                absorbed[n] = absorbed.get(n, Fraction(0)) + mass.pop(n)
            continue
        incoming = [mass.pop(n, Fraction(0)) for n in nodes]
        if not any(incoming):
            continue
        visits = _visits(nodes, incoming, edges, comp_of, c)
        for n, v in zip(nodes, visits, strict=True):
            for q, j in edges[n]:
                if comp_of[j] != c:
                    mass[j] = mass.get(j, Fraction(0)) + v * q
    return absorbed


def _visits(nodes: list[int], incoming: list[Fraction], edges: list[list[tuple[Fraction, int]]],
            comp_of: dict[int, int], c: int) -> list[Fraction]:
    """Expected visits of each node of one component: solve v = m + v Q (Q inside it)."""
    k = len(nodes)
    pos = {n: i for i, n in enumerate(nodes)}
    inner = [[(q, pos[j]) for q, j in edges[n] if comp_of[j] == c] for n in nodes]
    if k == 1 and not inner[0]:
        return incoming
    # (I - Q)^T v = m over Fractions on sparse rows. The matrix is reduced to upper triangular
    # form first, each column's pivot the row with the fewest entries (little fill-in: the
    # states of a component reach few others), the multipliers kept by row; then the incoming
    # mass (large denominators) goes through the multipliers and back-substitution. Eliminating
    # above the pivot as well, with the mass carried along, took 70 times as long on a
    # component of 898 states.
    rows: list[dict[int, Fraction]] = [{r: Fraction(1)} for r in range(k)]
    for i in range(k):
        for q, j in inner[i]:
            v = rows[j].get(i, Fraction(0)) - q
            if v:
                rows[j][i] = v
            else:
                rows[j].pop(i, None)
    holders: list[set[int]] = [set() for _ in range(k)]  # column -> the rows (by id) having it
    for r, row in enumerate(rows):
        for col in row:
            holders[col].add(r)
    pivots: list[int] = []  # the pivot row (by id) of each column
    steps: list[list[tuple[int, Fraction]]] = []  # each column's (row id, multiplier)
    done: set[int] = set()
    for col in range(k):
        piv = min((r for r in holders[col] if r not in done), key=lambda r: (len(rows[r]), r))
        done.add(piv)
        pivots.append(piv)
        row = rows[piv]
        p = row[col]
        step = []
        for r in [r for r in holders[col] if r not in done]:
            target = rows[r]
            f = target[col] / p
            step.append((r, f))
            for cc, y in row.items():
                v = target.get(cc, Fraction(0)) - f * y
                if v:
                    target[cc] = v
                    holders[cc].add(r)
                else:
                    target.pop(cc, None)
                    holders[cc].discard(r)
        steps.append(step)
    rhs = list(incoming)
    for col in range(k):
        b = rhs[pivots[col]]
        if b:
            for r, f in steps[col]:
                rhs[r] -= f * b
    visits = [Fraction(0)] * k
    for col in range(k - 1, -1, -1):
        row = rows[pivots[col]]
        total = rhs[pivots[col]]
        for cc, y in row.items():
            if cc != col:
                total -= y * visits[cc]
        visits[col] = total / row[col]
    return visits


def _components(edges: list[list[tuple[Fraction, int]]], transient: list[bool]) -> list[list[int]]:
    """Strongly connected components (iterative Tarjan), in reverse topological order."""
    n = len(edges)
    order = [0] * n
    low = [0] * n
    seen = [False] * n
    on_stack = [False] * n
    stack: list[int] = []
    comps: list[list[int]] = []
    counter = 0
    for root in range(n):
        if seen[root]:
            continue
        work = [(root, 0)]
        while work:
            v, i = work.pop()
            if i == 0:
                seen[v] = True
                order[v] = low[v] = counter
                counter += 1
                stack.append(v)
                on_stack[v] = True
            succ = edges[v] if transient[v] else []
            if i < len(succ):
                work.append((v, i + 1))
                w = succ[i][1]
                if not seen[w]:
                    work.append((w, 0))
                elif on_stack[w]:
                    low[v] = min(low[v], order[w])
                continue
            if low[v] == order[v]:
                comp = []
                while True:
                    w = stack.pop()
                    on_stack[w] = False
                    comp.append(w)
                    if w == v:
                        break
                comps.append(comp)
            if work:
                parent = work[-1][0]
                low[parent] = min(low[parent], low[v])
    return comps
