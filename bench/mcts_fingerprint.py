"""Fingerprints of fixed-seed, fixed-iteration searches: what the search computes, not how fast.

Each record names a position (board, index), a configuration and the search's results: the
chosen action, every root edge's visits and value, the root's visits and value, the size of
the table and the sum of all visits in it. Two versions of the search that compute the same
thing write the same file. Usage:

    python bench/mcts_fingerprint.py --out old.json      # on the old code
    python bench/mcts_fingerprint.py --compare old.json  # on the new code
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from nuffle.agents.mcts.search import Search, SearchConfig, in_team_turn
from nuffle.core.game import Game
from nuffle.testing import midgame_states

CONFIGS: dict[str, dict[str, Any]] = {
    "default": {},
    "puct": {"policy": "puct"},
    "sample": {"chance": "sample"},
    "exact0": {"exact_limit": 0},
    "rollouts": {"rollouts": 5},
    "tutorial": {"heuristic": "tutorial", "priors": "uniform"},
    "macro": {"macro": True},
}


def positions(board: int, count: int, seed: int = 1) -> list[Game]:
    """Mid-game positions as the speed bench picks them."""
    games = [Game.from_state(s) for s in midgame_states(seed, count * 3, board=board, every=11)]
    return [g for g in games if in_team_turn(g) and len(g.legal_actions()) > 1][:count]


def fingerprint(search: Search, game: Game, iterations: int) -> dict[str, Any]:
    """One search's results, as plain data."""
    root = search.run(game.view(), iterations=iterations)
    edges = sorted(root.edges.items())
    return {
        "choice": str(max(root.edges.values(), key=lambda e: e.visits).action),
        "root": [root.visits, repr(root.value), root.solved],
        "edges": [[i, str(e.action), e.visits, repr(e.value), len(e.children)] for i, e in edges],
        "table": len(search.table),
        "visits": sum(n.visits for n in search.table.values()),
        "iterations": search.iterations,
    }


def run(boards: tuple[int, ...], count: int, iterations: int,
        configs: tuple[str, ...] = tuple(CONFIGS)) -> dict[str, Any]:
    """Every configuration on `count` positions per board; a second search of each position
    after the first one's choice shows tree reuse."""
    out: dict[str, Any] = {}
    for board in boards:
        for i, g in enumerate(positions(board, count)):
            for name in configs:
                search = Search(SearchConfig(**CONFIGS[name]), seed=17 + i)
                first = fingerprint(search, g, iterations)
                rec = {"first": first}
                action = search.choose(g.view(), iterations=iterations)
                nxt = g.clone()
                if action in nxt.legal_actions():
                    nxt.step(action)
                    if in_team_turn(nxt) and len(nxt.legal_actions()) > 1:
                        rec["reuse"] = fingerprint(search, nxt, iterations)
                        rec["reused"] = search.reused
                out[f"{board}/{i}/{name}"] = rec
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--boards", type=int, nargs="+", default=[1, 3, 5, 11])
    ap.add_argument("--positions", type=int, default=3)
    ap.add_argument("--iterations", type=int, default=300)
    ap.add_argument("--out", help="write the fingerprints here")
    ap.add_argument("--compare", help="compare with the fingerprints in this file")
    args = ap.parse_args(argv)
    got = run(tuple(args.boards), args.positions, args.iterations)
    if args.out:
        with open(args.out, "w") as f:
            json.dump(got, f, indent=1, sort_keys=True)
    if args.compare:
        with open(args.compare) as f:
            want = json.load(f)
        bad = [k for k in sorted(set(want) | set(got)) if want.get(k) != got.get(k)]
        for k in bad:
            print(f"differs: {k}")
        print(f"{len(got) - len(bad)}/{len(got)} searches identical")
        return 1 if bad else 0
    return 0


if __name__ == "__main__":
    sys.exit(main())
