"""The search tree: decision nodes (one per distinct state) joined by action edges, each edge a
chance node over the states its action can lead to, and `print_tree` to show it.

Values are the home side's, in [-1, 1]; a node's `side` (0 home, 1 away) maximises or minimises
them. A chance edge's value is the probability-weighted mean of its children's values: the exact
expectation when its children come from `Game.outcomes`, the visit-weighted mean when sampled.
"""

from __future__ import annotations

from collections.abc import Callable

from nuffle.core.actions import Action
from nuffle.core.dice import Chance, Outcome
from nuffle.core.game import Game


class Node:
    """A decision (or a leaf: end of the game, end of the searched turn).

    `actions` are the legal actions in expansion order with their `priors`; `edges` maps an
    index into `actions` to its expanded edge. A node is `solved` when searching it further
    cannot change its value (a final leaf, or every action expanded and solved)."""

    __slots__ = ("actions", "edges", "final", "game", "priors", "side", "solved", "tried", "value",
                 "visits")

    def __init__(self, game: Game, side: int, value: float, final: bool) -> None:
        self.game = game
        self.side = side
        self.value = value
        self.final = final
        self.solved = final
        self.visits = 0
        self.actions: list[Action] = []
        self.priors: list[float] = []
        self.edges: dict[int, Edge] = {}
        self.tried = 0  # how many actions, in order, have an edge (UCT expands in order)

    @property
    def expanded(self) -> bool:
        """Whether every action has an edge."""
        return len(self.edges) == len(self.actions)

    def best_value(self) -> float:
        """The value of the best expanded edge for the side to decide (own value if none)."""
        if not self.edges:
            return self.value
        vals = [e.value for e in self.edges.values()]
        return max(vals) if self.side == 0 else min(vals)


class Edge:
    """An action taken at a node: a chance node over the states it leads to.

    `probs[i]` is the exact probability of `children[i]` (or 0.0 where sampled), `counts[i]`
    how often it was sampled. `exact` edges weigh by probability, the others by counts."""

    __slots__ = ("action", "after", "chance", "children", "counts", "exact", "prior", "probs",
                 "solved", "value", "visits")

    def __init__(self, action: Action, prior: float, exact: bool) -> None:
        self.action = action
        self.prior = prior
        self.exact = exact
        # a sampled edge: the state its action leads to (at a chance node) and the chance
        # steps sampled from it
        self.after: Game | None = None
        self.chance: ChanceStep | None = None
        self.children: list[Node] = []
        self.probs: list[float] = []
        self.counts: list[int] = []
        self.visits = 0
        self.value = 0.0
        self.solved = False

    def add(self, child: Node, prob: float) -> int:
        """Add an outcome (merged with an equal one already there); returns its index."""
        for i, c in enumerate(self.children):
            if c is child:
                self.probs[i] += prob
                return i
        self.children.append(child)
        self.probs.append(prob)
        self.counts.append(0)
        return len(self.children) - 1

    def refresh(self, weighting: str = "auto") -> None:
        """Recompute the value from the children (exact expectation or sample mean) and
        whether it is solved (exact, every child solved)."""
        total = 0.0
        acc = 0.0
        if self.exact and weighting != "counts":
            solved = True
            for c, p in zip(self.children, self.probs, strict=True):
                acc += p * c.value
                total += p
                if not c.solved:
                    solved = False
            self.solved = solved
        else:
            for c, n in zip(self.children, self.counts, strict=True):
                acc += n * c.value
                total += n
            self.solved = False
        if total > 0:
            self.value = acc / total


class ChanceStep:
    """A sampled edge's chance events as a tree of the raw outcomes sampled so far: the event
    pending after the outcomes leading here, and where each outcome sampled next led (the
    next step, or the decision node at the end). Sampling a sequence of outcomes seen before
    then needs no engine at all: the events and transitions do not depend on the generator."""

    __slots__ = ("event", "next")

    def __init__(self, event: Chance) -> None:
        self.event = event
        self.next: dict[Outcome, ChanceStep | Node] = {}


def _describe(node: Node, edge: Edge, describe: Callable[[Action], str] | None) -> str:
    return describe(edge.action) if describe is not None else str(edge.action)


def print_tree(root: Node, depth: int = 2, top: int = 5, out: Callable[[str], None] = print,
               describe: Callable[[Action], str] | None = None) -> None:
    """Print the tree to `depth` levels, the `top` most visited edges of each node, with visit
    counts and home values; outcomes of a chance edge are listed with their probabilities."""

    def walk(node: Node, level: int, indent: str) -> None:
        edges = sorted(node.edges.values(), key=lambda e: -e.visits)[:top]
        for e in edges:
            tag = "exact" if e.exact else "sampled"
            out(f"{indent}{_describe(node, e, describe)}  N={e.visits} V={e.value:.3f} "
                f"({tag}, {len(e.children)} outcome{'s' if len(e.children) != 1 else ''})")
            if level + 1 >= depth:
                continue
            for c, p, n in zip(e.children, e.probs, e.counts, strict=True):
                weight = f"p={p:.3f}" if e.exact else f"n={n}"
                who = ("end" if c.final else ("home" if c.side == 0 else "away"))
                out(f"{indent}  -> {weight} {who} N={c.visits} V={c.value:.3f}")
                walk(c, level + 1, indent + "     ")

    out(f"root ({'home' if root.side == 0 else 'away'} to act) N={root.visits} V={root.value:.3f}")
    walk(root, 0, "  ")
