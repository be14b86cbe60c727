"""Fingerprints of fixed-seed, fixed-iteration searches: what the search computes, not how fast.

A fingerprint holds a search's chosen action, every root edge's visits and value, the root's
visits and value, the size of the table and the sum of all visits in it; two versions of the
search that compute the same thing give the same fingerprints (`bench/mcts_fingerprint.py`
compares them; tests/golden/mcts_fingerprints.json holds a few for the test; re-record them only when
the search is meant to change, e.g. its heuristic).
"""

from __future__ import annotations

from typing import Any

from nuffle.agents.mcts.search import Search, SearchConfig, in_team_turn
from nuffle.core.game import Game
from nuffle.random_player import midgame_states

#: Configurations fingerprinted: each setting that changes what a search does.
CONFIGS: dict[str, dict[str, Any]] = {
    "default": {},
    "puct": {"policy": "puct"},
    "sample": {"chance": "sample"},
    "exact0": {"exact_limit": 0},
    # random rollouts valuing every leaf, mixed with nothing, independent streams
    "rollouts": {"rollouts": 5, "rollout": "random", "mix": 1.0, "crn": False, "rollout_at": "all"},
    "tutorial": {"heuristic": "tutorial", "priors": "uniform"},
    "macro": {"macro": True},
}


def positions(board: int, count: int, seed: int = 1, engine: str | None = None) -> list[Game]:
    """Mid-game positions as the speed bench picks them (games of `engine`, as `Game.from_state`
    chooses)."""
    states = midgame_states(seed, count * 3, board=board, every=11)
    games = [Game.from_state(s, engine=engine) for s in states]
    return [g for g in games if in_team_turn(g) and len(g.legal_actions()) > 1][:count]


def fingerprint(search: Search, game: Game, iterations: int) -> dict[str, Any]:
    """One search's results, as plain data (values rounded to 12 digits)."""
    root = search.run(game.view(), iterations=iterations)
    edges = sorted(root.edges.items())
    return {
        "choice": str(max(root.edges.values(), key=lambda e: e.visits).action),
        "root": [root.visits, round(root.value, 12), root.solved],
        "edges": [[i, str(e.action), e.visits, round(e.value, 12), len(e.children)] for i, e in edges],
        "table": search.table_size(),
        "visits": search.visit_sum(),
        "iterations": search.iterations,
    }


def fingerprints(boards: tuple[int, ...], count: int, iterations: int,
                 configs: tuple[str, ...] = tuple(CONFIGS), engine: str | None = None,
                 native: bool = True) -> dict[str, Any]:
    """Every configuration on `count` positions per board, keyed 'board/position/config'; a
    second search after the first one's choice (same turn) shows tree reuse. `engine`: the
    games' engine; `native`: on native games, the C++ loop where it runs the configuration
    (False: the Python loop)."""
    out: dict[str, Any] = {}
    for board in boards:
        for i, g in enumerate(positions(board, count, engine=engine)):
            for name in configs:
                search = Search(SearchConfig(**CONFIGS[name]), seed=17 + i, native=native)
                rec: dict[str, Any] = {"first": fingerprint(search, g, iterations)}
                action = search.choose(g.view(), iterations=iterations)
                nxt = g.clone()
                if action in nxt.legal_actions():
                    nxt.step(action)
                    if in_team_turn(nxt) and len(nxt.legal_actions()) > 1:
                        rec["reuse"] = fingerprint(search, nxt, iterations)
                        rec["reused"] = search.reused
                out[f"{board}/{i}/{name}"] = rec
    return out
