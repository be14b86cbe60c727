"""The search loop in C++ (`nuffle._native.MctsSearch`, native/include/nuffle/mcts/) behind
`Search.run` on a native game, and the tree it leaves, read through `Node` and `Edge`
proxies.

The C++ loop is the Python one step for step: the same selection, expansion order, chance
edges, transpositions, backups, solved nodes, tree reuse and timed stop, drawing from the
search's own `random.Random` (handed over and back by its state) and summing floats in the same
order, so a fixed seed and iteration budget give the Python search's tree (the fingerprints of
`fingerprint.py`; tests/native/test_native_mcts_cpp.py). Leaves are valued by the heuristic
and, with `rollouts`, random rollouts, in C++ too.
"""

from __future__ import annotations

import random
from typing import Any

from nuffle.agents.mcts.policy import _TYPE_PRIOR
from nuffle.agents.mcts.tree import Edge, Node
from nuffle.core.actions import Action, ActionType
from nuffle.core.decision import DecisionKind
from nuffle.core.dice import ExplicitRoller
from nuffle.core.engines import native_module
from nuffle.core.game import Game
from nuffle.core.native_game import NativeGame


def supports(config: Any) -> bool:
    """Whether the C++ loop runs `config` (a `SearchConfig`): every configuration (the one
    place to say otherwise, should a setting be added to the Python loop first)."""
    return config is not None


def usable(view: Game, config: Any) -> bool:
    """Whether a search of `view` with `config` runs in C++: a native game, a supported
    configuration."""
    return isinstance(view, NativeGame) and supports(config)


class NativeLoop:
    """One search's C++ loop and tree, on one board (rebuilt, tree lost, for another)."""

    def __init__(self, config: Any, salt: int, canon_rng: int, kickoff_kinds: frozenset[int],
                 view: NativeGame) -> None:
        board = view.native_state.board
        self.players = board.players
        self.xs = board.xs
        self.ys = board.ys
        self.core = native_module().MctsSearch(
            board, config.policy, config.c, config.heuristic, config.chance, config.exact_limit,
            config.priors, config.reuse, config.max_nodes,
            [(int(t), p) for t, p in _TYPE_PRIOR.items()], int(ActionType.MOVE),
            sorted(int(k) for k in kickoff_kinds), canon_rng, salt,
            config.rollouts, config.rollout, config.mix, config.crn, config.rollout_at,
            int(DecisionKind.SETUP), int(ActionType.END_ACTION), int(ActionType.END_TURN))
        self.game: NativeGame = view  # the last search's root game (a view of it)

    def fits(self, view: NativeGame) -> bool:
        """Whether `view` is on this loop's board."""
        return bool(view.native_state.board.players == self.players)

    def run(self, rng: random.Random, view: NativeGame, iterations: int, start: float,
            deadline: float, early: bool) -> Node:
        """Search from `view` with `rng` (its state goes to C++ and comes back advanced as the
        Python loop would leave it); returns the root."""
        version, words, gauss = rng.getstate()
        self.core.rng = list(words)
        try:
            self.core.run(view.native_state, iterations, start, deadline, early)
        finally:
            rng.setstate((version, tuple(self.core.rng), gauss))
        self.game = view
        return NativeNode(self, self.core.root)

    def lookahead(self, rng: random.Random, view: NativeGame, exact_limit: int, samples: int) -> int:
        """`LookaheadBot`'s choice in C++: the index of its action in `view`'s legal actions
        (`rng` handed over and back as in `run`)."""
        version, words, gauss = rng.getstate()
        self.core.rng = list(words)
        try:
            return int(self.core.lookahead(view.native_state, exact_limit, samples))
        finally:
            rng.setstate((version, tuple(self.core.rng), gauss))

    def action(self, raw: tuple[int, int, int]) -> Action:
        """An action of the tree as the game's `Action`."""
        t, p, q = raw
        return Action(ActionType(t), None if p < 0 else p, None if q < 0 else (self.xs[q], self.ys[q]))


class NativeNode(Node):
    """A node of the C++ tree (a snapshot of it when read, valid until the search runs
    again): `visits`, `value`, `solved`, `final` and `side` at once, `edges`, `actions`,
    `priors`, `tried` and `game` when first asked for (`game` is None for a leaf the table
    could not hold: its state is not kept)."""

    __slots__ = ("_id", "_loop")

    def __init__(self, loop: NativeLoop, i: int) -> None:
        self._loop = loop
        self._id = i
        self.visits, self.value, self.solved, self.final, self.side, _ = loop.core.node(i)

    def __getattr__(self, name: str) -> Any:
        """The fields read on demand (a slot not set yet)."""
        loop = self._loop
        if name == "edges":
            edges: dict[int, Edge] = {}
            for row in loop.core.edges(self._id):
                edges[row[0]] = NativeEdge(loop, row)
            self.edges = edges
            return edges
        if name in ("actions", "priors", "tried"):
            actions, priors, tried = loop.core.actions(self._id)
            self.actions = [loop.action(a) for a in actions]
            self.priors = list(priors)
            self.tried = tried
            return getattr(self, name)
        if name == "game":  # as the Python loop's: the node's state, explicit dice
            native = loop.core.state(self._id)
            root = loop.game
            game = None if native is None else root._copy(native, ExplicitRoller(), root.config)
            self.game = game  # type: ignore[assignment]  # None only for a leaf outside the table
            return game
        return object.__getattribute__(self, name)  # not read on demand: the usual error


class NativeEdge(Edge):
    """An edge of the C++ tree (a snapshot of it when read); `children` when first asked for."""

    __slots__ = ("_children", "_loop")

    def __init__(self, loop: NativeLoop, row: tuple[Any, ...]) -> None:
        _, action, visits, value, solved, exact, children, probs, counts, prior = row
        super().__init__(loop.action(action), prior, exact)
        del self.children  # read on demand
        self._loop = loop
        self._children = children
        self.visits = visits
        self.value = value
        self.solved = solved
        self.probs = list(probs)
        self.counts = list(counts)

    def __getattr__(self, name: str) -> Any:
        """`children` read on demand."""
        if name == "children":
            self.children = [NativeNode(self._loop, c) for c in self._children]
            return self.children
        return object.__getattribute__(self, name)  # not read on demand: the usual error
