"""The solved win-probability table: saving, loading and looking up values.

A table is a compressed ``.npz`` file holding the grid, the win probabilities as 16-bit
fractions (shape phase x time x field x score, see :mod:`wp_model`), the chart it was
solved for (as CSV text) and the figures of the solve (JSON).
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path
from typing import Any

import numpy as np
from numpy.typing import NDArray

from nuffle.errors import InputError
from nuffle.games.football_strategy.chart import Chart, parse_chart
from nuffle.games.football_strategy.wp_model import Grid

QUANTUM = 65535.0
TABLE_NAME = "wp_table.npz"


def chart_digest(chart: Chart) -> str:
    """A short fingerprint of a chart's cells."""
    return hashlib.sha256(chart.to_csv().encode("utf-8")).hexdigest()[:16]


@dataclass
class WPTable:
    """Win probabilities of the model's states, from the offense's side."""

    grid: Grid
    values: NDArray[np.float64]
    chart: Chart
    figures: dict[str, Any] = field(default_factory=dict)

    def __post_init__(self) -> None:
        if self.values.shape != self.grid.shape:
            raise InputError(f"table shape {self.values.shape} does not match grid {self.grid.shape}")

    def save(self, path: str | Path) -> None:
        """Write the table as a compressed .npz file."""
        packed = np.round(np.clip(self.values, 0.0, 1.0) * QUANTUM).astype(np.uint16)
        arrays: dict[str, Any] = {
            f"grid_{key}": np.asarray(value, dtype=np.int32)
            for key, value in self.grid.to_dict().items()
        }
        arrays["values"] = packed
        arrays["chart"] = np.asarray(self.chart.to_csv())
        arrays["figures"] = np.asarray(json.dumps(self.figures, sort_keys=True))
        with Path(path).open("wb") as handle:
            np.savez_compressed(handle, **arrays)


def _read(handle: Any, source: str) -> WPTable:
    with np.load(handle) as data:
        try:
            grid = Grid.from_dict(
                {key: data[f"grid_{key}"].tolist() for key in ("times", "balls", "to_gos", "max_score")}
            )
            values = data["values"].astype(np.float64) / QUANTUM
            chart = parse_chart(str(data["chart"]), f"{source} (chart)")
            figures = json.loads(str(data["figures"]))
        except KeyError as exc:
            raise InputError(f"{source}: not a win-probability table (missing {exc})") from None
    return WPTable(grid, values, chart, figures)


def load_table(path: str | Path | None = None) -> WPTable:
    """Load a table file, or the table shipped with nuffle when ``path`` is None."""
    if path is None:
        resource = resources.files("nuffle").joinpath("data", "football_strategy", TABLE_NAME)
        with resource.open("rb") as handle:
            return _read(handle, "nuffle default table")
    with Path(path).open("rb") as handle:
        return _read(handle, str(path))


def default_table_path() -> Path:
    """Where the shipped table lives in a source checkout."""
    return Path(str(resources.files("nuffle").joinpath("data", "football_strategy", TABLE_NAME)))
