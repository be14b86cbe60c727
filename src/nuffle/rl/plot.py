"""Learning curves in the style of the FFAI paper's Fig. 4: touchdowns per episode against
steps, with the random and end-zone baselines of the board drawn as horizontal lines."""

from __future__ import annotations

import json
from importlib import resources
from pathlib import Path
from typing import Any

from nuffle.core.errors import InputError
from nuffle.rl.logs import read_log


def baselines(board: int) -> dict[str, float]:
    """The baselines of `board` (random, endzone, the paper's), empty when none are known."""
    raw = json.loads((resources.files("nuffle") / "data" / "rl_baselines.json").read_text())
    return {k: float(v) for k, v in raw.get(str(board), {}).items()}


def _log_of(run: Path) -> tuple[Path, int | None]:
    path = run / "log.csv" if run.is_dir() else run
    if not path.is_file():
        raise InputError(f"{run} has no log.csv")
    board = None
    ckpt = path.parent / "last.pt"
    if ckpt.is_file():
        from nuffle.rl.checkpoint import load

        board = load(ckpt).net.spec.board
    return path, board


def plot_runs(runs: list[Path], out: Path, title: str | None = None, board: int | None = None) -> None:
    """Draw every run's touchdowns per episode (and win rate, dashed, on the right axis)."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(7, 4.2))
    right = ax.twinx()
    boards: set[int] = set() if board is None else {board}  # baselines: given, or the runs' own
    for run in runs:
        path, run_board = _log_of(run)
        rows = [r for r in read_log(path) if "td_per_episode" in r]
        if not rows:
            raise InputError(f"{path} has no logged episodes yet")
        label = run_label(run)
        steps = [r["steps"] for r in rows]
        line: Any = ax.plot(steps, [r["td_per_episode"] for r in rows], label=f"{label}: touchdowns")[0]
        right.plot(steps, [r["win_rate"] for r in rows], linestyle="--", color=line.get_color(), alpha=0.6,
                   label=f"{label}: win rate")
        if run_board is not None:
            boards.add(run_board)
    for b in sorted(boards):
        for name, value in baselines(b).items():
            style = ":" if name.startswith("paper") else "-."  # dotted: the paper's
            ax.axhline(value, linestyle=style, color="grey", linewidth=1)
            paper = name.startswith("paper")  # the paper's figures labelled on the right
            ax.annotate(f"{name} ({value:g})", (0.99 if paper else 0.01, value),
                        xycoords=("axes fraction", "data"), fontsize=7, color="grey", va="bottom",
                        ha="right" if paper else "left")
    ax.set_xlabel("learner steps")
    ax.set_ylabel("touchdowns per episode (last 100 episodes)")
    right.set_ylabel("win rate (dashed)")
    right.set_ylim(0, 1.05)
    ax.set_ylim(bottom=0)
    ax.grid(alpha=0.3)
    ax.set_title(title or "Learning curve against the random bot")
    ax.legend(loc="lower center", fontsize=8)
    fig.tight_layout()
    out.parent.mkdir(parents=True, exist_ok=True)
    fig.savefig(out, dpi=120)
    plt.close(fig)


def run_label(run: Path) -> str:
    """A curve's name: a run folder's (also for its `log.csv`), else the CSV file's own name
    without `.csv` and a trailing `_log` (`docs/rl/b1_a2c_log.csv` is `b1_a2c`)."""
    if run.is_dir():
        return run.name
    if run.name == "log.csv":
        return run.parent.name
    return run.stem.removesuffix("_log")
