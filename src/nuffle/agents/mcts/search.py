"""The search: MCTS over views with exact chance nodes, transpositions and tree reuse.

One `Search` serves one bot. `run(view, ...)` searches the current team turn from the view's
position: nodes past the end of that turn (and the end of the game) are leaves, valued by the
heuristic (and, optionally, random rollouts). Chance edges are enumerated exactly with
`Game.outcomes` when they have at most `exact_limit` states and sampled by stepping otherwise.
Nodes are shared between paths that reach equal states (the state's key, the contents its hash
and equality use), and the table is kept between decisions of the same turn.
"""

from __future__ import annotations

import gc
import math
import random
import threading
import time
from dataclasses import dataclass

from nuffle.agents.mcts import native_search
from nuffle.agents.mcts.evaluation import ROLLOUT_POLICIES, heuristic, reply_rollout, rollout, turn_key
from nuffle.agents.mcts.policy import (
    heuristic_priors,
    most_visited,
    puct_select,
    side_relative,
    uct_select,
    uniform_priors,
)
from nuffle.agents.mcts.tree import ChanceStep, Edge, Node
from nuffle.core.actions import Action
from nuffle.core.decision import DecisionKind
from nuffle.core.dice import ExplicitRoller, SampledRoller, sample
from nuffle.core.errors import InputError
from nuffle.core.game import Game
from nuffle.core.native_game import NativeGame
from nuffle.core.transitions import explore_keyed
from nuffle.core.types import CHANCE, NOBODY

#: Decisions outside a team turn (set-up and kick-off): the search leaves them to formations
#: and the scripted bot, and a node reaching one is a leaf.
KICKOFF_KINDS = frozenset((
    DecisionKind.KICK_OR_RECEIVE, DecisionKind.SETUP, DecisionKind.KICK_TARGET,
    DecisionKind.KICK_DISTANCE, DecisionKind.TOUCHBACK, DecisionKind.HIGH_KICK,
    DecisionKind.QUICK_SNAP, DecisionKind.KICK_OFF_RETURN,
))

#: The generator value every state in the tree carries, so that equal positions are equal
#: states whatever dice led there (sampled steps reseed from the search's own generator).
CANON_RNG = 0x2545F4914F6CDD1D

#: How often (in iterations) a timed search checks whether its choice is settled.
EARLY_CHECK = 32

#: Headroom on the iterations the time left is expected to allow (the rate can rise as the
#: tree fills with solved and transposed nodes).
EARLY_MARGIN = 1.5

#: How fast a timed search's estimate of its finishing time follows the last decisions, and
#: the largest share of the budget it may take.
FINISH_RATE = 0.3
FINISH_CAP = 0.5

POLICIES = ("uct", "puct")
CHANCE_MODES = ("expect", "sample")
PRIORS = ("heuristic", "uniform")
ROLLOUT_AT = ("all", "end")


@dataclass(frozen=True)
class SearchConfig:
    """The search's settings. `rollouts`: random decisions played from each leaf before it is
    evaluated (0: the heuristic alone); `rollout`: 'random' (both sides at random from the
    leaf) or 'reply' (the searched turn ends at the leaf and the next is played at random);
    `mix`: a leaf's value is mix x the rollout's + (1 - mix) x the leaf's own heuristic value.
    `chance`: 'expect' values an enumerated chance edge at its exact expectation, 'sample' at
    the mean of the outcomes sampled by their probabilities. `exact_limit`: most states
    `Game.outcomes` may enumerate (0: always sample). `macro`: search with assisted moves (a
    move targets any reachable square). `stop_early`: under a time budget, stop once the most
    visited action's lead is larger than the iterations the time left could add (the choice
    can no longer change). `crn` (common random numbers): the k-th rollout of every leaf in
    one search plays the same random stream (dice and random choices), so that sibling
    leaves are compared on matched rollouts rather than on independent noise. `rollout_at`:
    which leaves the rollouts value: 'all', or only those where the searched turn has ended
    ('end': an ended turn, a turnover, a touchdown), the others by the heuristic alone.

    The rollout defaults (reply, mix 0.5, crn, end) are the setting measured in docs/SEARCH.md:
    `rollouts=20` with them wins 19-20 of 20 against random on every board; independent
    rollouts valuing every leaf let their noise pick the carrier's steps and drew on board 11."""

    policy: str = "uct"
    c: float = 0.4
    heuristic: str = "clock"
    rollouts: int = 0
    rollout: str = "reply"
    mix: float = 0.5
    chance: str = "expect"
    exact_limit: int = 8
    priors: str = "heuristic"
    reuse: bool = True
    macro: bool = False
    max_nodes: int = 300_000
    stop_early: bool = True
    crn: bool = True
    rollout_at: str = "end"

    def __post_init__(self) -> None:
        if self.policy not in POLICIES:
            raise InputError(f"unknown policy {self.policy!r}: choose one of {', '.join(POLICIES)}")
        if self.chance not in CHANCE_MODES:
            raise InputError(f"unknown chance mode {self.chance!r}: choose one of {', '.join(CHANCE_MODES)}")
        if self.rollout not in ROLLOUT_POLICIES:
            raise InputError(f"unknown rollout policy {self.rollout!r}: "
                             f"choose one of {', '.join(ROLLOUT_POLICIES)}")
        if self.rollout_at not in ROLLOUT_AT:
            raise InputError(f"unknown rollout_at {self.rollout_at!r}: choose one of {', '.join(ROLLOUT_AT)}")
        if self.priors not in PRIORS:
            raise InputError(f"unknown priors {self.priors!r}: choose one of {', '.join(PRIORS)}")
        heuristic(self.heuristic)
        for name in ("rollouts", "exact_limit", "max_nodes"):
            if getattr(self, name) < 0:
                raise InputError(f"{name} must be >= 0, not {getattr(self, name)}")
        if not (0.0 <= self.mix <= 1.0):
            raise InputError(f"mix must be between 0 and 1, not {self.mix}")
        if not math.isfinite(self.c) or self.c < 0:
            raise InputError(f"exploration constant c must be a finite number >= 0, not {self.c}")


def in_team_turn(game: Game) -> bool:
    """Whether a coach's decision belongs to a team turn (the search's domain)."""
    s = game.state
    return s.decider < 2 and s.active >= 0 and s.waiting not in KICKOFF_KINDS


def settled(root: Node, left: float) -> bool:
    """Whether `left` more iterations (times `EARLY_MARGIN`) could not change the most visited
    root action: its lead over every other action, expanded or not, is larger."""
    first = second = 0
    for e in root.edges.values():
        v = e.visits
        if v > first:
            first, second = v, first
        elif v > second:
            second = v
    return first - second > EARLY_MARGIN * left


MAX_SECONDS = 3600.0  # an hour per decision: a larger budget is a typo, not a plan
MAX_ITERATIONS = 10_000_000


def check_budget(iterations: int, seconds: float) -> None:
    """InputError (a ValueError) for a negative, missing or absurd budget."""
    if not 0 <= iterations <= MAX_ITERATIONS:
        raise InputError(f"iterations must be from 0 to {MAX_ITERATIONS}, not {iterations}")
    if not math.isfinite(seconds) or not 0 <= seconds <= MAX_SECONDS:
        raise InputError(f"seconds must be a number from 0 to {MAX_SECONDS:g}, not {seconds}")
    if iterations == 0 and seconds == 0:
        raise InputError("the search needs a budget: iterations > 0 or seconds > 0")


class Search:
    """MCTS for one bot (see the module docstring); `seed` fixes every random choice. On a
    native game the loop runs in C++ (`native_search`; the same tree, the same draws);
    `native=False` keeps the Python loop there too (to compare the two)."""

    def __init__(self, config: SearchConfig | None = None, seed: int = 0, native: bool = True) -> None:
        self.config = config or SearchConfig()
        self.native = native
        self.rng = random.Random(seed)
        self.salt = random.Random(seed ^ 0x5A17).getrandbits(32)
        self.value = heuristic(self.config.heuristic)
        self.priors = heuristic_priors if self.config.priors == "heuristic" else uniform_priors
        self.table: dict[tuple[object, ...], Node] = {}
        self.turn: tuple[int, int, int, int] | None = None
        self.root: Node | None = None
        self.iterations = 0  # of the last run
        self.reused = False  # whether the last run started from a node kept from before
        # How long a timed decision goes on after its search loop ends (mostly the collector's
        # pass over the tree, paused during the loop), averaged over the last decisions: a
        # timed search ends that much before its budget, so the whole decision keeps to it.
        self.finish = 0.0
        self._crn_base = 0  # the common rollout streams' seed, drawn per search (`crn`)
        self._crn_rng = random.Random(0)  # reseeded for each rollout with `crn`
        self._loop_end = 0.0
        self._fresh: Node | None = None  # the outcome the last descent added, if new
        self._native: native_search.NativeLoop | None = None  # the C++ loop, on native games

    # --- the public entry points --------------------------------------------------------------

    def run(self, view: Game, iterations: int = 0, seconds: float = 0.0) -> Node:
        """Search from `view` (a view or any game in a team turn; it is not changed) for
        `iterations` iterations, or else for `seconds` from the call (preparing the root,
        tree reuse and freeing the old tree included); returns the root. At least one
        iteration runs, whatever the budget: its choice is the first action in expansion
        order."""
        check_budget(iterations, seconds)
        start = time.perf_counter()  # the time budget covers the whole call, root included
        if not in_team_turn(view):
            raise InputError("the search runs in team turns only (set-up and kick-off are left "
                             "to formations)")
        if self.native and native_search.usable(view, self.config):
            return self._run_native(view, iterations, seconds, start)
        if self._native is not None:  # one tree at a time: the C++ one is dropped
            self._native.core.clear()
        # The tree is a few hundred thousand small objects that all stay alive during the
        # search: the cyclic collector would walk them again and again for nothing (up to
        # half the search's time), so it pauses until the search ends. The switch is the whole
        # process's: only a search in the main thread pauses it, never one in a thread beside
        # other work (the web server runs its bots in threads).
        collecting = gc.isenabled() and threading.current_thread() is threading.main_thread()
        if collecting:
            gc.disable()
        try:
            if self.config.crn and self.config.rollouts:  # no rollouts: no stream to number
                self._crn_base = self.rng.getrandbits(64)
            root = self._root(view)
            deadline = start + seconds - min(self.finish, FINISH_CAP * seconds)
            early = self.config.stop_early and not iterations
            n = 0
            while True:
                self._iterate(root)
                n += 1
                if root.solved:
                    break
                if iterations:
                    if n >= iterations:
                        break
                    continue
                now = time.perf_counter()
                if now >= deadline:
                    break
                if early and n % EARLY_CHECK == 0 and settled(root, n / (now - start) * (deadline - now)):
                    break
        finally:
            self._loop_end = time.perf_counter()
            if collecting:
                gc.enable()
        self.iterations = n
        self.root = root
        return root

    def _run_native(self, view: Game, iterations: int, seconds: float, start: float) -> Node:
        """`run` by the C++ loop (native_search.py): the same search, the same draws from
        `rng`, the same tree."""
        assert isinstance(view, NativeGame)
        g = view.with_assisted_moves() if self.config.macro else view
        loop = self.native_loop(g)
        self.table.clear()  # one tree at a time: the Python one is dropped
        self.turn = None
        deadline = start + seconds - min(self.finish, FINISH_CAP * seconds)
        try:
            early = self.config.stop_early and not iterations
            root = loop.run(self.rng, g, iterations, start, deadline, early)
        finally:
            self._loop_end = time.perf_counter()
        self.iterations = loop.core.iterations
        self.reused = loop.core.reused
        self.root = root
        return root

    def native_loop(self, view: NativeGame) -> native_search.NativeLoop:
        """The C++ loop for `view`'s board (made on first use, again for another board)."""
        loop = self._native
        if loop is None or not loop.fits(view):
            loop = native_search.NativeLoop(self.config, self.salt, CANON_RNG, KICKOFF_KINDS, view)
            self._native = loop
        return loop

    def table_size(self) -> int:
        """How many nodes the transposition table holds (either loop's)."""
        if self._native is not None and not self.table:
            return int(self._native.core.table_size)
        return len(self.table)

    def visit_sum(self) -> int:
        """The visits of the nodes in the table, summed (either loop's)."""
        if self._native is not None and not self.table:
            return int(self._native.core.visit_sum())
        return sum(n.visits for n in self.table.values())

    def choose(self, view: Game, iterations: int = 0, seconds: float = 0.0) -> Action:
        """The most visited action after a search from `view`. A timed search learns how
        long its decisions go on after the loop (`finish`) and ends that much earlier."""
        action = most_visited(self.run(view, iterations, seconds)).action
        if seconds and not iterations:
            spent = time.perf_counter() - self._loop_end
            self.finish += FINISH_RATE * (spent - self.finish)
        return action

    # --- building nodes -------------------------------------------------------------------------

    def _root(self, view: Game) -> Node:
        g = view.with_assisted_moves() if self.config.macro else view.clone()
        g.roller = ExplicitRoller()
        g.history = []
        g.rng = CANON_RNG  # through the game: a native game's snapshot is read-only
        s = g.state
        key = turn_key(s)
        self.reused = False
        if self.config.reuse and key == self.turn:
            node = self.table.get(s.key())
            if node is not None:
                self.reused = True
                return node
        self.table.clear()
        self.turn = key
        return self._node(g)

    def _node(self, g: Game, k: tuple[object, ...] | None = None) -> Node:
        """The node of `g`'s state (whose key is `k`, if known): the one in the table, or a
        new, evaluated one."""
        s = g.state
        if k is None:
            k = s.key()
        node = self.table.get(k)
        if node is not None:
            return node
        side = s.decider
        final = side == NOBODY or turn_key(s) != self.turn or s.waiting in KICKOFF_KINDS
        node = Node(g, side if side < 2 else 0, self._evaluate(g, final), final)
        if side == NOBODY or not self.config.rollouts:
            node.solved = final
        else:
            node.solved = False
        if len(self.table) < self.config.max_nodes:
            self.table[k] = node
        return node

    def _evaluate(self, g: Game, final: bool, visits: int = 0) -> float:
        """A new or revisited leaf's value: the heuristic, or a rollout (with `crn`, the
        rollout stream numbered `visits`, shared by every leaf of the search)."""
        s = g.state
        if s.decider == NOBODY or not self.config.rollouts or not (final or self.config.rollout_at == "all"):
            return self.value(s)
        r = g.clone()
        r.roller = SampledRoller()
        rng = self.rng
        if self.config.crn:
            rng = self._crn_rng
            rng.seed(self._crn_base + 0x9E3779B97F4A7C15 * visits)
        r.rng = rng.getrandbits(63) | 1
        if self.config.rollout == "reply" and self.turn is not None:
            end = reply_rollout(r, self.config.rollouts, rng, self.value, self.turn)
        else:
            end = rollout(r, self.config.rollouts, rng, self.value)
        mix = self.config.mix
        return end if mix == 1.0 else mix * end + (1.0 - mix) * self.value(s)

    def _prepare(self, node: Node) -> None:
        """List a node's actions with priors, in side-neutral expansion order: by prior, ties
        broken by a seeded hash of the action in the side's own frame (never board order)."""
        s = node.game.state
        side = node.side
        actions = list(node.game.legal_actions())
        priors = self.priors(s, side, actions)
        salt = self.salt
        order = sorted(range(len(actions)),
                       key=lambda i: (-priors[i], hash((salt, side_relative(s, side, actions[i])))))
        node.actions = [actions[i] for i in order]
        node.priors = [priors[i] for i in order]

    # --- one iteration ------------------------------------------------------------------------

    def _select(self, node: Node) -> int | None:
        if self.config.policy == "puct":
            return puct_select(node, self.config.c)
        return uct_select(node, self.config.c)

    def _iterate(self, root: Node) -> None:
        path: list[tuple[Node, Edge]] = []
        node = root
        seen = {id(root)}
        end: Node | None = None
        while not node.final:
            if not node.actions:
                self._prepare(node)
            i = self._select(node)
            if i is None:
                node.solved = True
                break
            edge = node.edges.get(i)
            if edge is None:
                path.append((node, self._expand(node, i)))
                break
            child = self._descend(node, edge)
            path.append((node, edge))
            if child is None or id(child) in seen:
                end = None
                break
            seen.add(id(child))
            if child is self._fresh:  # a new sampled outcome: evaluated, stop here
                child.visits += 1
                break
            node = child
        else:
            end = node
        if end is not None:
            if not end.solved:
                # a leaf valued by rollouts: one more rollout refines its mean
                end.value += (self._evaluate(end.game, True, end.visits + 1) - end.value) / (end.visits + 2)
            end.visits += 1
        self._backup(path)

    def _backup(self, path: list[tuple[Node, Edge]]) -> None:
        weighting = "counts" if self.config.chance == "sample" else "auto"
        for node, edge in reversed(path):
            edge.visits += 1
            edge.refresh(weighting)
            node.visits += 1
            node.value = node.best_value()
            if node.expanded:  # solved once every edge is
                for e in node.edges.values():
                    if not e.solved:
                        node.solved = False
                        break
                else:
                    node.solved = True
            else:
                node.solved = False

    def _expand(self, node: Node, i: int) -> Edge:
        """Create the edge of action `i` with its outcomes (all of them when enumerated)."""
        action = node.actions[i]
        node.tried = max(node.tried, i + 1)
        g = node.game.clone()
        g.step(action)
        limit = self.config.exact_limit
        if g.state.decider != CHANCE:
            edge = Edge(action, node.priors[i], exact=True)
            edge.add(self._node(g), 1.0)
        else:
            outs = None
            if limit:
                # as `g.outcomes(None, limit)`, without copying `g` first, and keeping the keys
                try:
                    outs = explore_keyed(g, limit)
                except ValueError:
                    outs = None
            if outs is not None:
                edge = Edge(action, node.priors[i], exact=True)
                for p, h, k in outs:
                    # resolving dice in explicit mode leaves the generator (canonical) alone
                    assert h.state.rng == CANON_RNG
                    edge.add(self._node(h, k), float(p))
            else:
                edge = Edge(action, node.priors[i], exact=False)
                edge.after = g
                edge.counts[edge.add(self._walk(edge), 0.0)] += 1
        node.edges[i] = edge
        if self.config.chance == "sample" and edge.exact:
            edge.counts[self._pick(edge.probs, [False] * len(edge.probs))] += 1
        return edge

    def _sample(self, g: Game) -> Game:
        """Resolve `g`'s pending dice (it waits at a chance node) with the search's generator."""
        g.rng = self.rng.getrandbits(63) | 1
        while g.state.decider == CHANCE:
            g.sample_chance()
        g.rng = CANON_RNG
        return g

    def _walk(self, edge: Edge) -> Node:
        """The node a sample of a sampled edge's dice leads to, exactly as `_sample` on a copy
        of the state after its action would give (the same generator draws, the same state);
        a sequence of outcomes sampled before is followed in the edge's chance steps instead
        of being resolved by the engine again."""
        after = edge.after
        assert after is not None
        if after.state.decider != CHANCE:
            return self._node(after.clone())
        start = self.rng.getrandbits(63) | 1
        first = edge.chance
        if first is None:
            assert after.state.pending is not None
            first = edge.chance = ChanceStep(after.state.pending)
        step = first
        rng = start
        while True:
            outcome, rng = sample(step.event, rng)
            nxt = step.next.get(outcome)
            if nxt is None:
                break
            if isinstance(nxt, Node):
                return nxt
            step = nxt
        # Not seen before: resolve the whole chain, noting the new steps on the way.
        room = len(self.table) < self.config.max_nodes
        g = after.clone()
        g.rng = start
        s = g.state
        step = first
        while True:
            outcome = g.sample_chance()
            if s.decider != CHANCE:
                break
            nxt = step.next.get(outcome)
            if nxt is None:
                assert s.pending is not None
                nxt = ChanceStep(s.pending)
                if room:
                    step.next[outcome] = nxt
            assert isinstance(nxt, ChanceStep)
            step = nxt
        g.rng = CANON_RNG
        node = self._node(g)
        if room:  # the table holds the node: `_node` would find it again
            step.next[outcome] = node
        return node

    def _pick(self, probs: list[float], skip: list[bool]) -> int:
        total = sum(p for p, k in zip(probs, skip, strict=True) if not k)
        r = self.rng.random() * total
        last = -1
        for j, (p, k) in enumerate(zip(probs, skip, strict=True)):
            if k:
                continue
            last = j
            r -= p
            if r < 0:
                return j
        return last

    def _descend(self, node: Node, edge: Edge) -> Node | None:
        """The child an iteration goes on to: an enumerated outcome drawn by its probability
        (solved outcomes skipped when the edge's value is the exact expectation), or a fresh
        sample."""
        if edge.exact:
            skip = [c.solved for c in edge.children]
            if self.config.chance == "sample":
                skip = [False] * len(skip)
            if all(skip):
                return None
            self._fresh = None
            j = self._pick(edge.probs, skip)
            edge.counts[j] += 1
            return edge.children[j]
        if edge.after is None:  # a sampled edge made outside `_expand`
            edge.after = node.game.clone()
            edge.after.step(edge.action)
        before = len(edge.children)
        child = self._walk(edge)
        edge.counts[edge.add(child, 0.0)] += 1
        self._fresh = child if len(edge.children) > before else None
        return child
