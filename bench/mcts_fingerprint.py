"""Compare fixed-seed, fixed-iteration searches between two versions of the search (see
`nuffle.agents.mcts.fingerprint`): same fingerprints, same search. Usage:

    python bench/mcts_fingerprint.py --out old.json      # on the old code
    python bench/mcts_fingerprint.py --compare old.json  # on the new code

`--engine native` searches games of the native engine (the C++ loop; `--python-loop`: the
Python loop on them), so the C++ loop can be compared with fingerprints written on the Python
engine.
"""

from __future__ import annotations

import argparse
import json
import sys

from nuffle.agents.mcts.fingerprint import CONFIGS, fingerprints


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description="fingerprints of fixed searches: write or compare")
    ap.add_argument("--boards", type=int, nargs="+", default=[1, 3, 5, 11])
    ap.add_argument("--positions", type=int, default=3)
    ap.add_argument("--iterations", type=int, default=300)
    ap.add_argument("--configs", nargs="+", default=list(CONFIGS), choices=list(CONFIGS))
    ap.add_argument("--engine", choices=("python", "native"), default=None,
                    help="the games' engine (default: NUFFLE_ENGINE, else python)")
    ap.add_argument("--python-loop", action="store_true", help="on native games, the Python loop")
    ap.add_argument("--out", help="write the fingerprints here")
    ap.add_argument("--compare", help="compare with the fingerprints in this file")
    args = ap.parse_args(argv)
    got = fingerprints(tuple(args.boards), args.positions, args.iterations, tuple(args.configs),
                       engine=args.engine, native=not args.python_loop)
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
