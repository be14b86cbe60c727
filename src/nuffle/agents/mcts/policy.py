"""Tree policies: UCT (the side to decide maximises its own value, so the away side minimises
the home value) and PUCT with priors, and the priors and side-neutral expansion order."""

from __future__ import annotations

import math

from nuffle.agents.mcts.tree import Edge, Node
from nuffle.core.actions import Action, ActionType
from nuffle.core.state import GameState

A = ActionType


def own(value: float, side: int) -> float:
    """A home value seen by `side` (higher is better for it): exactly negated for away."""
    return value if side == 0 else -value


def uct_select(node: Node, c: float) -> int | None:
    """The index of the action UCT picks: the next untried action in expansion order, else the
    unsolved edge maximising own value + c * sqrt(ln N / n). None if every edge is solved."""
    if node.tried < len(node.actions):
        return node.tried
    log_n = math.log(max(1, node.visits))
    sqrt = math.sqrt
    away = node.side != 0  # own(): the away side's value is the negated home value
    best = None
    best_score = -math.inf
    for i, e in node.edges.items():
        if e.solved:
            continue
        n = e.visits
        score = (-e.value if away else e.value) + c * sqrt(log_n / (n if n > 1 else 1))
        if score > best_score:
            best, best_score = i, score
    return best


def puct_select(node: Node, c: float, fpu: float = 0.1) -> int | None:
    """The index PUCT picks: maximise own value + c * P * sqrt(N) / (1 + n), where an untried
    action is valued at the node's own value less `fpu` (first-play urgency). None if every
    action is expanded and solved."""
    sqrt_n = math.sqrt(max(1, node.visits))
    base = own(node.best_value(), node.side) - fpu
    best = None
    best_score = -math.inf
    edges = node.edges
    for i, prior in enumerate(node.priors):
        e = edges.get(i)
        if e is None:
            score = base + c * prior * sqrt_n
        elif e.solved:
            continue
        else:
            score = own(e.value, node.side) + c * prior * sqrt_n / (1 + e.visits)
        if score > best_score:
            best, best_score = i, score
    return best


def most_visited(node: Node) -> Edge:
    """The final choice: the most visited edge (ties: the better value, then expansion order),
    unless a solved edge is worth strictly more to the side than every other edge. A solved
    edge's value is exact and the search never visits it again (a sure touchdown is solved at
    its first visit), so its visit count says nothing about it."""
    best = None
    key = None
    top = None  # the best-valued edge
    top_v = second_v = -math.inf
    side = node.side
    for i, e in node.edges.items():
        v = own(e.value, side)
        k = (e.visits, v, -i)
        if key is None or k > key:
            best, key = e, k
        if v > top_v:
            top, top_v, second_v = e, v, top_v
        elif v > second_v:
            second_v = v
    assert best is not None, "the root has no expanded action"
    if top is not None and top.solved and top_v > second_v:
        return top
    return best


# --- priors --------------------------------------------------------------------------------

_TYPE_PRIOR = {
    A.END_TURN: 0.3,
    A.END_ACTION: 0.6,
    A.START_MOVE: 1.0,
    A.START_BLOCK: 1.4,
    A.START_BLITZ: 1.3,
    A.START_PASS: 0.8,
    A.START_HANDOFF: 0.9,
    A.START_FOUL: 0.5,
    A.BLOCK: 1.4,
    A.USE_REROLL: 1.2,
    A.SELECT_DEFENDER_DOWN: 1.5,
    A.SELECT_DEFENDER_STUMBLES: 1.4,
    A.SELECT_PUSHED: 1.1,
    A.SELECT_BOTH_DOWN: 0.8,
    A.SELECT_ATTACKER_DOWN: 0.3,
}


def _forward(s: GameState, side: int, square: tuple[int, int] | None) -> float:
    if square is None:
        return 0.0
    w = s.board.width - 1
    return square[0] / w if side == 0 else (w - square[0]) / w


def heuristic_priors(s: GameState, side: int, actions: list[Action]) -> list[float]:
    """Priors from action types (blocks and blitzes first, ending the turn last) and, for
    moves, progress toward the end zone `side` attacks; normalised to sum to 1. They depend
    on nothing but the side's own view of the pitch, so mirrored positions get mirrored priors."""
    carrier = s.carrier()
    out = []
    for a in actions:
        p = _TYPE_PRIOR.get(a.type, 1.0)
        if a.type == A.MOVE:
            p *= 0.7 + 0.6 * _forward(s, side, a.square)
        if a.player is not None and a.player == carrier:
            p *= 1.3
        out.append(p)
    total = sum(out)
    return [p / total for p in out]


def uniform_priors(s: GameState, side: int, actions: list[Action]) -> list[float]:
    """Equal priors."""
    n = len(actions)
    return [1.0 / n] * n


def side_relative(s: GameState, side: int, a: Action) -> tuple[int, int, int, int]:
    """An action in the deciding side's own frame: its type, the player's index in his team
    (own or other), and the square seen from the side's own end: equal for mirrored actions."""
    first = s.ranges[side][0] if s.ranges[side] else 0
    other = s.ranges[1 - side][0] if s.ranges[1 - side] else 0
    pid = -1
    if a.player is not None:
        pid = a.player - first if s.pteam[a.player] == side else 1000 + a.player - other
    if a.square is None:
        return (int(a.type), pid, -1, -1)
    x, y = a.square
    if side == 1:
        x = s.board.width - 1 - x
    return (int(a.type), pid, x, y)
