"""Plot of the constants fitted per situation class against the paper's defaults."""

from __future__ import annotations

from collections.abc import Sequence

from nuffle.games.football_strategy.utility import NashConfig
from nuffle.games.football_strategy.wp_fit import CONSTANTS, ClassFit


def plot_fits(fits: Sequence[ClassFit], path: str) -> None:
    """Bar chart: fitted constants per class (paper defaults dashed) and stage gaps."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    defaults = NashConfig()
    paper = [getattr(defaults, name) for name in CONSTANTS]
    figure, (top, bottom) = plt.subplots(2, 1, figsize=(11, 8), height_ratios=(3, 2))
    width = 0.8 / len(fits)
    for i, fit in enumerate(fits):
        xs = [c + (i - len(fits) / 2 + 0.5) * width for c in range(len(CONSTANTS))]
        top.bar(xs, [fit.constants[name] for name in CONSTANTS], width, label=fit.name)
    for c, value in enumerate(paper):
        top.hlines(value, c - 0.45, c + 0.45, colors="black", linestyles="dashed")
    top.set_xticks(range(len(CONSTANTS)), [n.replace("_", " ") for n in CONSTANTS], fontsize=8)
    top.set_ylabel("yards (dashed: paper's constants)")
    top.set_title("Constants fitted to the solved win probabilities, per situation class")
    top.legend(fontsize=7)
    names = [fit.name for fit in fits]
    rows = range(len(fits))
    bottom.barh([r + 0.2 for r in rows], [100 * f.paper_gap for f in fits], 0.4, label="paper's constants")
    bottom.barh([r - 0.2 for r in rows], [100 * f.fitted_gap for f in fits], 0.4, label="fitted constants")
    bottom.set_yticks(list(rows), names, fontsize=8)
    bottom.set_xlabel("win probability (%) a best responder gains per snap (0 for the true values)")
    bottom.legend(fontsize=8)
    figure.tight_layout()
    figure.savefig(path, dpi=110)
    plt.close(figure)
