"""Soak: many random games on every board with the conformance invariants after every step.

    python bench/soak.py --games 200          # per board and pairing

Not part of CI (CI runs 500 games in tests/test_conformance.py).
"""

from __future__ import annotations

import argparse
import sys
import time

from nuffle.conformance import conformance_game


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100, help="games per board and pairing")
    parser.add_argument("--seed", type=int, default=10_000)
    args = parser.parse_args()
    failures = 0
    t0 = time.perf_counter()
    total = 0
    for board in (11, 7, 5, 3, 1):
        for home, away in (("human", "orc"), ("orc", "human"), ("human", "human"), ("orc", "orc")):
            for seed in range(args.seed, args.seed + args.games):
                total += 1
                try:
                    conformance_game(seed, board, home, away, clone_checks=3)
                except Exception as exc:  # report every failure, keep going
                    failures += 1
                    sys.stdout.write(f"FAIL board={board} {home}-{away} seed={seed}: {exc!r}\n")
    elapsed = time.perf_counter() - t0
    sys.stdout.write(f"{total} games, {failures} failures, {elapsed:.1f} s\n")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
