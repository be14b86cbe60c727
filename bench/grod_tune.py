"""Tune the grod bot's purpose values by measurement (paired seeds, SPRT).

    python bench/grod_tune.py --names ball_loss,pending_share --pool human:scripted \
        --max-pairs 60 --out tuned.json

Each named value is tried up and down by --step against the current values, head to head
(no --pool) or each against the same --pool opponents on the same seeds; a change is kept only
when the SPRT accepts it. The result is a values file for `grod?values=FILE`.
"""

from __future__ import annotations

import argparse
import json
import sys

from nuffle.agents.grod.values import default_table, read_overrides
from nuffle.evaluation import Entry
from nuffle.ladder.schedule import parse_entry
from nuffle.ladder.tuning import Trial, tune


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--names", required=True, help="comma-separated value names to tune")
    ap.add_argument("--pool", default="", help="comma-separated fixed opponents (default: self-play)")
    ap.add_argument("--team", default="human", help="the race grod plays")
    ap.add_argument("--start", help="values file to start from (default: the data file)")
    ap.add_argument("--rounds", type=int, default=1)
    ap.add_argument("--step", type=float, default=0.25, help="relative change tried (default 0.25)")
    ap.add_argument("--delta", type=float, default=0.1, help="SPRT effect size on the pair statistic")
    ap.add_argument("--max-pairs", type=int, default=100, help="seeds per test at most")
    ap.add_argument("--board", type=int, default=11)
    ap.add_argument("--seed", type=int, default=50_000)
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--out", help="write the tuned values (changed ones only) to this JSON file")
    args = ap.parse_args(argv)

    defaults = default_table()
    start = {**defaults, **(read_overrides(args.start) if args.start else {})}
    names = [n.strip() for n in args.names.split(",") if n.strip()]
    pool: list[Entry] = [parse_entry(x) for x in args.pool.split(",") if x.strip()]

    def spec(values: dict[str, float]) -> str:
        changed = {k: v for k, v in values.items() if v != defaults[k]}
        if not changed:
            return "grod"
        return "grod?tweak=" + ",".join(f"{k}={v:g}" for k, v in sorted(changed.items()))

    def report(t: Trial) -> None:
        verdict = "kept" if t.accepted else "rejected"
        print(f"{t.change}: {verdict} after {t.pairs} seeds (mean pair statistic {t.mean:+.3f}, "
              f"LLR {t.llr:+.2f})", flush=True)

    final, _trials = tune(spec, start, names, team=args.team, pool=pool, rounds=args.rounds,
                         step=args.step, delta=args.delta, max_pairs=args.max_pairs,
                         board=args.board, seed=args.seed, workers=args.workers, on_trial=report)
    changed = {k: v for k, v in final.items() if v != defaults[k]}
    print("final changes from the data file:", changed or "none")
    if args.out:
        with open(args.out, "w") as fh:
            json.dump({"values": changed}, fh, indent=1)
            fh.write("\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
