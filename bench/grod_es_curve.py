"""The curve of a CMA-ES run over grod's values (`bench/grod_es.py`'s CSV log): fitness (mean
points a game against the opponent on each generation's training seeds) per generation and
over wall-clock, with reference levels as horizontal lines.

    python bench/grod_es_curve.py docs/strength/b11_grod_es.csv --out docs/strength/b11_grod_es.png \
        --level "grod, held out (400 games)=0.662" --level "scripted=0.5" \
        --final docs/strength/b11_grod_es_scripted_400.json

`--final` (repeatable) marks a held-out strength result (`nuffle strength --json`) of the learned
values at the run's end, with its 95% interval; `--opponents NAME,NAME` names a pool's opponents
(the log's `mean_vs_k` columns) to draw the mean's points against each. Prints one line of figures.
"""

from __future__ import annotations

import argparse
import csv
import json
from pathlib import Path
from typing import Any


def read_log(path: Path) -> list[dict[str, float]]:
    """The log's rows as numbers."""
    with path.open() as fh:
        return [{k: float(v) for k, v in r.items()} for r in csv.DictReader(fh)]


def plot(rows: list[dict[str, float]], levels: list[tuple[str, float]], finals: list[dict[str, Any]],
         out: Path, title: str, ylabel: str = "points a game against scripted",
         opponents: list[str] | None = None) -> None:
    """Two panels: over generations and over wall-clock minutes."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, axes = plt.subplots(1, 2, figsize=(13, 4.5))
    for ax, xs, xlabel in ((axes[0], [r["generation"] + 1 for r in rows], "generation"),
                           (axes[1], [r["wall_seconds"] / 60 for r in rows], "wall-clock minutes")):
        ax.fill_between(xs, [r["worst"] for r in rows], [r["best"] for r in rows], alpha=0.15,
                        label="candidates: worst to best")
        ax.plot(xs, [r["candidates_mean"] for r in rows], marker=".", label="candidates' mean")
        ax.plot(xs, [r["mean_fitness"] for r in rows], marker="o", label="distribution mean")
        ax.plot(xs, [r["start_fitness"] for r in rows], marker="x", linestyle=":", color="grey",
                label="grod (start values), same seeds")
        for k, name in enumerate(opponents or []):  # a pool's log: the mean against each opponent
            if f"mean_vs_{k}" in rows[0]:
                ax.plot(xs, [r[f"mean_vs_{k}"] for r in rows], linestyle="--", linewidth=0.9,
                        label=f"distribution mean v {name}")
        for (name, level), style in zip(levels, ("--", "-.", ":"), strict=False):
            ax.axhline(level, linestyle=style, color="black", linewidth=0.8, label=f"{name} {level:.3f}")
        for final, colour in zip(finals, ("red", "purple", "brown"), strict=False):
            lo, hi = final["points_rate_95"]
            p = final["points_rate"]
            ax.errorbar([xs[-1]], [p], yerr=[[p - lo], [hi - p]], marker="s", color=colour, capsize=4,
                        label=f"learned values v {final['opponent']}, held out {p:.3f} "
                              f"({final['games']} games)")
        ax.set_xlabel(xlabel)
        ax.set_ylabel(ylabel)
        ax.set_ylim(0, 1)
        ax.grid(alpha=0.3)
    axes[0].legend(fontsize=7, loc="lower left")
    fig.suptitle(title)
    fig.tight_layout()
    out.parent.mkdir(parents=True, exist_ok=True)
    fig.savefig(out, dpi=100)


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("log", type=Path, help="the run's CSV log")
    p.add_argument("--out", type=Path, required=True, help="the PNG to write")
    p.add_argument("--level", action="append", default=[], help="NAME=POINTS, a horizontal line")
    p.add_argument("--final", type=Path, action="append", default=[],
                   help="a held-out strength result (JSON) to mark at the end; repeatable")
    p.add_argument("--opponents", default="", help="a pool's opponents, NAME,NAME (the log's order): "
                                                   "draws the mean's points against each")
    p.add_argument("--ylabel", default="points a game against scripted")
    p.add_argument("--title", default="Board 11, Human v Human: CMA-ES over grod's values against scripted")
    args = p.parse_args()
    rows = read_log(args.log)
    levels = [(name, float(v)) for name, _, v in (lv.rpartition("=") for lv in args.level)]
    finals = [json.loads(f.read_text()) for f in args.final]
    opponents = [o for o in args.opponents.split(",") if o]
    plot(rows, levels, finals, args.out, args.title, args.ylabel, opponents)
    last = rows[-1]
    print(f"{len(rows)} generations, {int(last['games_total'])} games, "
          f"{last['wall_seconds'] / 60:.1f} min wall, "
          f"{last['cpu_seconds'] / 3600:.2f} CPU-hours; last: candidates {last['candidates_mean']:.3f}, "
          f"mean {last['mean_fitness']:.3f}, start {last['start_fitness']:.3f}, sigma {last['sigma']:.3f}")


if __name__ == "__main__":
    main()
