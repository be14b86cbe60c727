"""Learn grod's purpose values by CMA-ES against a fixed pool of opponents (`nuffle.ladder.es_tuning`).

    python bench/grod_es.py --board 11 --popsize 12 --pairs 30 --generations 30 \
        --max-minutes 40 --out es.json --log es.csv

The search moves log-multipliers of the named values (default: every value and modifier but
`score`, `carrier_min_prob` and `move_min_prob`); a candidate's fitness is its mean points
against `--opponent` (repeated: the mean over that pool) over `--pairs` paired seeds, the same
seeds for every opponent and every candidate of a
generation and fresh ones each generation, all below the held-out range. After each generation
the distribution mean is written to `--out` (a values file for `grod?values=FILE`) and a row
to the CSV `--log`. Needs the `cma` package (nuffle's `[ladder]` extra).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from nuffle.agents.grod.values import read_overrides
from nuffle.cli_errors import error
from nuffle.core.errors import InputError
from nuffle.ladder.es_tuning import EsConfig, Generation, default_names, run_es


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--names", default="", help="comma-separated values to search (default: see above)")
    ap.add_argument("--opponent", action="append", default=None,
                    help="an opponent's bot spec; repeat for a pool (fitness: the mean over the "
                         "pool, on the same seeds); default scripted")
    ap.add_argument("--board", type=int, default=11)
    ap.add_argument("--race-pair", default="human,human", help="HOME,AWAY teams of every game")
    ap.add_argument("--start", help="values file to start from (default: the data file)")
    ap.add_argument("--popsize", type=int, default=12)
    ap.add_argument("--pairs", type=int, default=16, help="seeds (two games each) a candidate a generation")
    ap.add_argument("--generations", type=int, default=20)
    ap.add_argument("--sigma0", type=float, default=0.3, help="initial step size of the log-multipliers")
    ap.add_argument("--bound", type=float, default=2.0, help="log-multipliers are clipped to +-bound")
    ap.add_argument("--seed", type=int, default=1, help="the search's random seed (1 or more)")
    ap.add_argument("--first-seed", type=int, default=100_000, help="first game seed")
    ap.add_argument("--engine", default="native", choices=("native", "python"))
    ap.add_argument("--workers", type=int, default=1)
    ap.add_argument("--max-minutes", type=float, help="stop after the generation that passes this")
    ap.add_argument("--out", required=True, type=Path, help="values file to write")
    ap.add_argument("--log", required=True, type=Path, help="CSV log to write")
    ap.add_argument("--best-out", type=Path, help="values file of each generation's best candidate")
    args = ap.parse_args(argv)

    try:
        names = [n.strip() for n in args.names.split(",") if n.strip()] or default_names()
        races = tuple(r.strip() for r in args.race_pair.split(","))
        if len(races) != 2:
            raise InputError(f"--race-pair must be HOME,AWAY, got {args.race_pair!r}")
        config = EsConfig(names=tuple(names), opponents=tuple(args.opponent or ["scripted"]),
                          board=args.board,
                          races=(races[0], races[1]), popsize=args.popsize, pairs=args.pairs,
                          generations=args.generations, sigma0=args.sigma0, bound=args.bound,
                          seed=args.seed, first_seed=args.first_seed, engine=args.engine,
                          workers=args.workers,
                          max_seconds=None if args.max_minutes is None else 60 * args.max_minutes,
                          start=read_overrides(args.start) if args.start else {})

        def report(row: Generation) -> None:
            print(f"gen {row.generation}: candidates {row.candidates_mean:.3f} (best {row.best:.3f}), "
                  f"mean {row.mean_fitness:.3f}, start {row.start_fitness:.3f}, sigma {row.sigma:.3f}, "
                  f"{row.games_total} games, {row.wall_seconds:.0f} s wall, {row.cpu_seconds:.0f} s CPU",
                  flush=True)

        run_es(config, args.out, args.log, on_generation=report, best_out=args.best_out)
    except InputError as exc:
        return error(str(exc))
    return 0


if __name__ == "__main__":
    sys.exit(main())
