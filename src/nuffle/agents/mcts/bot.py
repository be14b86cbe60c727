"""The search bots: `MCTSBot` ("mcts") and the one-step look-ahead `LookaheadBot` ("lookahead").

Both decide team-turn decisions themselves and leave set-up (by formation) and kick-off
decisions to the scripted bot, so that no search is spent placing players one by one.
"""

from __future__ import annotations

import time

from nuffle.agents.base import Agent
from nuffle.agents.macro import MacroWalker
from nuffle.agents.mcts.evaluation import heuristic as heuristic_named
from nuffle.agents.mcts.policy import own, side_relative
from nuffle.agents.mcts.search import Search, SearchConfig, check_budget, in_team_turn
from nuffle.agents.mcts.tree import Node, print_tree
from nuffle.agents.scripted import ScriptedBot
from nuffle.core.actions import Action
from nuffle.core.dice import ExplicitRoller
from nuffle.core.errors import InputError
from nuffle.core.game import Game
from nuffle.core.native_game import NativeGame
from nuffle.core.types import CHANCE

#: The search's defaults, which the bot's options share.
_D = SearchConfig()


class MCTSBot(Agent):
    """Monte Carlo tree search over views (see `Search`), `seconds` or `iterations` per
    decision (iterations, when given, win: a fixed seed then gives a fixed search).

    With `macro`, the search moves players to any reachable square in one action; where the
    match itself has no assisted moves, the bot walks the chosen square's safest path one step
    per decision. Under a time budget the search stops early once its choice is settled
    (`stop_early`, see `SearchConfig`)."""

    name = "mcts"

    def __init__(self, seed: int = 0, seconds: float = 1.0, iterations: int = 0,
                 policy: str = _D.policy, c: float = _D.c, heuristic: str = _D.heuristic,
                 rollouts: int = _D.rollouts, rollout: str = _D.rollout, mix: float = _D.mix,
                 chance: str = _D.chance, exact_limit: int = _D.exact_limit, priors: str = _D.priors,
                 reuse: bool = _D.reuse, macro: bool = _D.macro, stop_early: bool = _D.stop_early,
                 crn: bool = _D.crn, rollout_at: str = _D.rollout_at) -> None:
        if iterations:
            seconds = 0.0
        check_budget(iterations, seconds)
        self.seconds = seconds
        self.iterations = iterations
        self.search = Search(SearchConfig(policy=policy, c=c, heuristic=heuristic, rollouts=rollouts,
                                          rollout=rollout, mix=mix, chance=chance, exact_limit=exact_limit,
                                          priors=priors, reuse=reuse, macro=macro,
                                          stop_early=stop_early, crn=crn, rollout_at=rollout_at), seed)
        self.helper = ScriptedBot(seed)
        self.walker = MacroWalker()  # the rest of a macro move being walked
        self.side = 0
        # what the searches cost, over the bot's life: searched decisions, their iterations
        # and their wall-clock seconds
        self.searches = 0
        self.searched_iterations = 0
        self.search_seconds = 0.0

    def new_game(self, view: Game, side: int) -> None:
        self.side = side
        self.helper.new_game(view, side)
        self.walker.reset()

    def act(self, view: Game) -> Action:
        if not in_team_turn(view):
            self.walker.reset()
            return self.helper.act(view)
        legal = view.legal_actions()
        nxt = self.walker.next(view, legal)
        if nxt is not None:
            return nxt
        if len(legal) == 1:
            return next(iter(legal))
        t0 = time.perf_counter()
        action = self.search.choose(view, self.iterations, self.seconds)
        self.search_seconds += time.perf_counter() - t0
        self.searches += 1
        self.searched_iterations += self.search.iterations
        if action not in legal:  # a macro move the match does not allow: walk it
            return self.walker.start(view, action)
        return action

    def print_tree(self, depth: int = 2, top: int = 5) -> None:
        """Print the last search's tree (`tree.print_tree`)."""
        if self.search.root is None:
            print("no search yet")
            return
        root: Node = self.search.root
        print_tree(root, depth, top, describe=root.game.describe)


class LookaheadBot(Agent):
    """One-step look-ahead: each legal action valued by the heuristic's expectation over the
    action's outcomes up to the next decision (exact when at most `exact_limit` states, else
    the mean of `samples` samples); ties go to a seeded, side-neutral order. On a native game
    it runs in C++ (`NativeLoop.lookahead`: the same choice, the same draws)."""

    name = "lookahead"

    def __init__(self, seed: int = 0, heuristic: str = "clock", exact_limit: int = 64,
                 samples: int = 4) -> None:
        if exact_limit < 0 or samples < 1:
            raise InputError(f"exact_limit must be >= 0 and samples >= 1, not {exact_limit}, {samples}")
        self.value = heuristic_named(heuristic)
        self.exact_limit = exact_limit
        self.samples = samples
        self.search = Search(SearchConfig(heuristic=heuristic), seed)
        self.helper = ScriptedBot(seed)
        self.side = 0

    def new_game(self, view: Game, side: int) -> None:
        self.side = side
        self.helper.new_game(view, side)

    def act(self, view: Game) -> Action:
        if not in_team_turn(view):
            return self.helper.act(view)
        legal = list(view.legal_actions())
        if len(legal) == 1:
            return legal[0]
        if self.search.native and isinstance(view, NativeGame):
            loop = self.search.native_loop(view)
            return legal[loop.lookahead(self.search.rng, view, self.exact_limit, self.samples)]
        side = view.decider
        s = view.state
        salt = self.search.salt
        best = None
        best_key = None
        for a in legal:
            v = own(self.expectation(view, a), side)
            k = (v, hash((salt, side_relative(s, side, a))))
            if best_key is None or k > best_key:
                best, best_key = a, k
        assert best is not None
        return best

    def expectation(self, view: Game, action: Action) -> float:
        """The heuristic's expected home value after `action` (up to the next decision)."""
        g = view.clone()
        g.roller = ExplicitRoller()
        g.history = []
        g.step(action)
        if g.state.decider != CHANCE:
            return self.value(g.state)
        if self.exact_limit:
            try:
                return sum(float(p) * self.value(h.state) for h, p in g.transitions(None, self.exact_limit))
            except ValueError:
                pass
        total = 0.0
        for _ in range(self.samples):
            total += self.value(self.search._sample(g.clone()).state)
        return total / self.samples
