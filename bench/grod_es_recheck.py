"""Re-check grod values files (`bench/grod_es.py`'s `--out` / `--best-out`) on fresh training
seeds before any held-out run: each values file (or `grod`, the data file's values) against each
opponent over `--pairs` paired seeds from `--first-seed`, all below the held-out range.

    python bench/grod_es_recheck.py es.json es_best.json grod --opponent grod --opponent scripted \
        --first-seed 300000 --pairs 100 --json

Prints, per values file and opponent, the mean points a game with its 95% interval over pairs
(as `nuffle strength` computes it), and the paired difference from the first file given.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from typing import Any

from nuffle.cli_errors import error
from nuffle.core.errors import InputError
from nuffle.ladder.es_tuning import EsConfig, pair_scores_by_opponent
from nuffle.stats import mean_interval


def diff_interval(a: list[float], b: list[float]) -> tuple[float, float, float]:
    """The mean paired difference a - b over seeds and its 95% interval (normal, sample sd)."""
    d = [x - y for x, y in zip(a, b, strict=True)]
    n = len(d)
    mean = sum(d) / n
    sd = (sum((x - mean) ** 2 for x in d) / (n - 1)) ** 0.5 if n > 1 else 0.0
    half = 1.96 * sd / n ** 0.5
    return mean, mean - half, mean + half


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("values", nargs="+", help="values files for grod?values=FILE, or grod")
    ap.add_argument("--opponent", action="append", default=None, help="repeat for several (default grod)")
    ap.add_argument("--board", type=int, default=11)
    ap.add_argument("--first-seed", type=int, default=300_000)
    ap.add_argument("--pairs", type=int, default=100)
    ap.add_argument("--engine", default="native", choices=("native", "python"))
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args(argv)
    specs = [v if v == "grod" else f"grod?values={v}" for v in args.values]
    try:
        config = EsConfig(names=("cage",), opponents=tuple(args.opponent or ["grod"]), board=args.board,
                          pairs=args.pairs, generations=1, first_seed=args.first_seed, engine=args.engine)
        config.check()  # refuses held-out seeds before any game
        t0 = time.perf_counter()
        scores, cpu = pair_scores_by_opponent(specs, config, range(args.first_seed,
                                                                   args.first_seed + args.pairs))
    except InputError as exc:
        return error(str(exc))
    rows: list[dict[str, Any]] = []
    for k in range(len(specs)):
        for o, opp in enumerate(config.opponents):
            xs = scores[k][o]
            lo, hi = mean_interval(xs)
            row: dict[str, Any] = {"values": args.values[k], "against": opp, "pairs": len(xs),
                                   "points_rate": sum(xs) / len(xs), "points_rate_95": [lo, hi]}
            if k:
                d, dlo, dhi = diff_interval(xs, scores[0][o])
                row["minus_first"] = {"mean": d, "95": [dlo, dhi]}
            rows.append(row)
    out = {"board": args.board, "seeds": [args.first_seed, args.first_seed + args.pairs - 1],
           "engine": args.engine, "rows": rows, "cpu_seconds": cpu,
           "wall_seconds": time.perf_counter() - t0}
    if args.json:
        print(json.dumps(out))
    else:
        for r in rows:
            lo, hi = r["points_rate_95"]
            extra = ""
            if "minus_first" in r:
                m = r["minus_first"]
                extra = f"  minus first {m['mean']:+.3f} ({m['95'][0]:+.3f} to {m['95'][1]:+.3f})"
            print(f"{r['values']} v {r['against']}: {r['points_rate']:.3f} ({lo:.3f}-{hi:.3f}) over "
                  f"{r['pairs']} pairs{extra}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
