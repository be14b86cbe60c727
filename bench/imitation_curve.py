"""A training attempt's curve: points a game against scripted (95% interval over pairs) over
training examples and over wall-clock, from `nuffle strength --json` results.

    python bench/imitation_curve.py docs/strength/b11_grod_clone.csv --out docs/strength/b11_grod_clone.png

The CSV has one row per measured model: `label`, `examples` (training examples seen, i.e.
decisions times epochs), `minutes` (wall-clock since the attempt began: recording and
training), `json` (the strength result, relative to the CSV; or, for a result kept only as a
table row, `points`, `lo`, `hi`, `games`, `wdl`, `td`) and `baseline` (1: drawn as a horizontal
reference line, not a point of the curve). Prints the table as Markdown.
"""

from __future__ import annotations

import argparse
import csv
import json
from pathlib import Path
from typing import Any


def read_points(table: Path) -> list[dict[str, Any]]:
    """The CSV's rows with each result's points, interval, games and W/D/L."""
    rows = []
    with table.open() as f:
        for r in csv.DictReader(f):
            row: dict[str, Any] = {"label": r["label"], "examples": int(r["examples"] or 0),
                                   "minutes": float(r["minutes"] or 0), "baseline": r.get("baseline") == "1"}
            if r.get("json"):
                res = json.loads((table.parent / r["json"]).read_text())
                lo, hi = res["points_rate_95"]
                a = res["all"]
                row.update(points=res["points_rate"], lo=lo, hi=hi, games=res["games"],
                           wdl=f"{a['wins']}/{a['draws']}/{a['losses']}",
                           td=f"{a['td_for_per_game']:.2f} / {a['td_against_per_game']:.2f}")
            else:  # a result quoted from a table (no JSON kept): points, lo, hi, games, wdl, td
                row.update(points=float(r["points"]), lo=float(r["lo"]), hi=float(r["hi"]),
                           games=int(r["games"]), wdl=r["wdl"], td=r["td"])
            rows.append(row)
    return rows


def markdown(rows: list[dict[str, Any]]) -> str:
    """The rows as a Markdown table."""
    out = ["| model | training examples seen | wall-clock (min) | games | W/D/L | points a game (95%) "
           "| TD for / against a game |", "|---|---|---|---|---|---|---|"]
    for r in rows:
        out.append(f"| {r['label']} | {r['examples']:,} | {r['minutes']:.0f} | {r['games']} | {r['wdl']} "
                   f"| {r['points']:.3f} ({r['lo']:.3f}-{r['hi']:.3f}) | {r['td']} |")
    return "\n".join(out)


def plot(rows: list[dict[str, Any]], out: Path, title: str) -> None:
    """Two panels, over examples and over minutes; baselines as dashed lines."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    curve = [r for r in rows if not r["baseline"]]
    fig, axes = plt.subplots(1, 3, figsize=(15, 4))
    for ax, key, xlabel in ((axes[0], "examples", "thousand training examples seen (decisions x epochs)"),
                            (axes[1], "minutes", "wall-clock minutes (recording + training)")):
        xs = [r[key] / (1000 if key == "examples" else 1) for r in curve]
        ys = [r["points"] for r in curve]
        err = [[r["points"] - r["lo"] for r in curve], [r["hi"] - r["points"] for r in curve]]
        ax.errorbar(xs, ys, yerr=err, marker="o", capsize=4, label="grod clone")
        for r, style in zip((r for r in rows if r["baseline"]), ("--", ":", "-."), strict=False):
            ax.axhline(r["points"], linestyle=style, color="grey", label=f"{r['label']} {r['points']:.3f}")
        ax.axhline(0.5, color="black", linewidth=0.5)
        ax.set_xlabel(xlabel)
        ax.set_xlim(left=0)
        ax.set_ylim(-0.02, 1)
        ax.set_ylabel("points a game against scripted")
        ax.grid(alpha=0.3)
    axes[0].legend(fontsize=8, loc="upper left")
    # touchdowns move before points do: for and against a game, over examples
    ax = axes[2]
    for i, name in enumerate(("for", "against")):
        ax.plot([r["examples"] / 1000 for r in curve], [float(r["td"].split(" / ")[i]) for r in curve],
                marker="o", label=f"clone's TD {name}")
        for r, style in zip((r for r in rows if r["baseline"]), ("--", ":", "-."), strict=False):
            ax.axhline(float(r["td"].split(" / ")[i]), linestyle=style, color=f"C{i}", alpha=0.6,
                       label=f"{r['label']} TD {name}")
    ax.set_xlabel("thousand training examples seen (decisions x epochs)")
    ax.set_xlim(left=0)
    ax.set_ylabel("touchdowns a game against scripted")
    ax.grid(alpha=0.3)
    ax.legend(fontsize=7)
    fig.suptitle(title)
    fig.tight_layout()
    out.parent.mkdir(parents=True, exist_ok=True)
    fig.savefig(out, dpi=100)


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("table", type=Path, help="the CSV of measured models")
    p.add_argument("--out", type=Path, required=True, help="the PNG to write")
    p.add_argument("--title", default="Board 11, Human v Human: behaviour cloning of grod against scripted")
    args = p.parse_args()
    rows = read_points(args.table)
    plot(rows, args.out, args.title)
    print(markdown(rows))


if __name__ == "__main__":
    main()
