"""Training logs: rows of figures to a CSV file and, when tensorboard is installed, TensorBoard."""

from __future__ import annotations

import csv
import warnings
from collections import deque
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from nuffle.rl.vec import Episode

COLUMNS = ("steps", "episodes", "seconds", "steps_per_s", "td_per_episode", "td_against", "win_rate",
           "draw_rate", "loss_rate", "episode_length", "policy_loss", "value_loss", "entropy",
           "curriculum_level")


class EpisodeWindow:
    """The most recent finished episodes (100 by default), summarised for the logs."""

    def __init__(self, size: int = 100) -> None:
        self.episodes: deque[Episode] = deque(maxlen=size)
        self.total = 0

    def add(self, episodes: Iterable[Episode]) -> None:
        for e in episodes:
            self.episodes.append(e)
            self.total += 1

    def summary(self) -> dict[str, float]:
        eps = self.episodes
        n = len(eps)
        if not n:
            return {}
        return {
            "td_per_episode": sum(e.touchdowns for e in eps) / n,
            "td_against": sum(e.against for e in eps) / n,
            "win_rate": sum(e.result == 1 for e in eps) / n,
            "draw_rate": sum(e.result == 0 for e in eps) / n,
            "loss_rate": sum(e.result == -1 for e in eps) / n,
            "episode_length": sum(e.length for e in eps) / n,
        }


class RunLog:
    """Appends rows to `out/log.csv` (the header once) and mirrors them to `out/tb`."""

    def __init__(self, out: Path, tensorboard: bool = True) -> None:
        self.path = out / "log.csv"
        new = not self.path.exists() or self.path.stat().st_size == 0
        self._file = self.path.open("a", newline="")
        self._csv = csv.DictWriter(self._file, fieldnames=COLUMNS, extrasaction="ignore")
        if new:
            self._csv.writeheader()
        self._tb: Any = None
        if tensorboard:
            try:
                with warnings.catch_warnings():
                    warnings.simplefilter("ignore")
                    from torch.utils.tensorboard import SummaryWriter
                self._tb = SummaryWriter(str(out / "tb"))
            except ImportError:
                self._tb = None

    def write(self, row: dict[str, float]) -> None:
        self._csv.writerow({k: (round(v, 6) if isinstance(v, float) else v) for k, v in row.items()})
        self._file.flush()
        if self._tb is not None:
            step = int(row["steps"])
            for k, v in row.items():
                if k != "steps":
                    self._tb.add_scalar(k, v, step)
            self._tb.flush()

    def close(self) -> None:
        self._file.close()
        if self._tb is not None:
            self._tb.close()


def read_log(path: Path) -> list[dict[str, float]]:
    """The rows of a log.csv as floats (empty cells left out)."""
    with path.open(newline="") as f:
        return [{k: float(v) for k, v in row.items() if v not in ("", None)} for row in csv.DictReader(f)]
