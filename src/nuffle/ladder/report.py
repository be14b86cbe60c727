"""Ladder reports: the summary of a ladder's games as JSON, Markdown and a PNG of the ratings.

The JSON report keeps every game, so `nuffle ladder --report FILE` recomputes the whole summary
(and can redraw the chart) from it later.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import numpy as np

from nuffle.core.errors import InputError, InputTypeError
from nuffle.files import write_text
from nuffle.ladder.ratings import fit_bradley_terry, nash_average, score_matrix, win_rates

FORMAT = "nuffle-ladder/1"


def _blank() -> dict[str, Any]:
    return {"games": 0, "wins": 0, "draws": 0, "losses": 0, "td_for": 0, "td_against": 0,
            "cas_for": 0, "cas_against": 0}


def _count(row: dict[str, Any], mine: int, theirs: int, cas: int, cas_against: int) -> None:
    row["games"] += 1
    row["wins" if mine > theirs else "draws" if mine == theirs else "losses"] += 1
    row["td_for"] += mine
    row["td_against"] += theirs
    row["cas_for"] += cas
    row["cas_against"] += cas_against


def summarise(entries: list[str], games: list[dict[str, Any]], config: dict[str, Any]) -> dict[str, Any]:
    """The whole report: per-entry table with the home/away split, score-rate matrix,
    Bradley-Terry ratings with 95% intervals and Nash averaging."""
    n = len(entries)
    rows: list[dict[str, Any]] = [{"entry": e, "all": _blank(), "home": _blank(), "away": _blank()}
                                  for e in entries]
    results: list[tuple[int, int, float]] = []
    venue = {"home_wins": 0, "draws": 0, "away_wins": 0}
    for g in games:
        h, a = int(g["home"]), int(g["away"])
        if not (0 <= h < n and 0 <= a < n):
            raise InputError(f"game {g} names an entry outside 0..{n - 1}")
        sh, sa = g["score"]
        ch, ca = g["casualties"]
        for who, where, mine, theirs, c1, c2 in ((h, "home", sh, sa, ch, ca), (a, "away", sa, sh, ca, ch)):
            _count(rows[who]["all"], mine, theirs, c1, c2)
            _count(rows[who][where], mine, theirs, c1, c2)
        results.append((h, a, 1.0 if sh > sa else 0.5 if sh == sa else 0.0))
        venue["home_wins" if sh > sa else "draws" if sh == sa else "away_wins"] += 1
    wins = score_matrix(n, results)
    rates = win_rates(wins)
    met = wins + wins.T  # games between each pair: a pairing not played has no score rate
    bt = fit_bradley_terry(wins)
    nash = nash_average(rates)
    for i, row in enumerate(rows):
        for part in ("all", "home", "away"):
            r = row[part]
            k = max(1, r["games"])
            r["score_rate"] = (r["wins"] + 0.5 * r["draws"]) / k
            for key in ("td_for", "td_against", "cas_for", "cas_against"):
                r[f"{key}_per_game"] = r[key] / k
        lo, hi = bt.interval(i)
        row["rating"] = {"elo": float(bt.elo[i]), "low": lo, "high": hi}
        row["nash"] = {"weight": float(nash.mixture[i]), "rating": float(nash.rating[i])}
    return {
        "format": FORMAT,
        "config": config,
        "entries": entries,
        "table": rows,
        "score_rate": [[float(rates[i, j]) if met[i, j] > 0 else None for j in range(n)] for i in range(n)],
        "venue": venue,
        "games": games,
    }


def write_json(report: dict[str, Any], path: str | Path) -> None:
    """Save a report (whole or not at all); ValueError naming the file if it cannot be written."""
    write_text(Path(path), json.dumps(report, indent=1) + "\n")


def read_json(path: str | Path) -> dict[str, Any]:
    """Load a report and recompute its summary from the games it holds; ValueError naming the
    file if it cannot be read or is not a whole ladder report."""
    name = str(path)
    try:
        data = json.loads(Path(path).read_text(encoding="utf-8"))
    except UnicodeDecodeError:
        raise InputError(f"cannot read ladder report {name!r}: it is not UTF-8 text") from None
    except RecursionError:
        raise InputError(f"cannot read ladder report {name!r}: it is nested too deeply") from None
    except (OSError, json.JSONDecodeError) as exc:
        raise InputError(f"cannot read ladder report {name!r}: {exc}") from None
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise InputError(f"{name!r} is not a ladder report ({FORMAT})")
    try:
        entries, games, config = data["entries"], data["games"], data.get("config", {})
        if not (isinstance(entries, list) and all(isinstance(e, str) for e in entries)
                and isinstance(games, list) and isinstance(config, dict)):
            raise InputTypeError("'entries' must list names, 'games' must be a list, 'config' an object")
        for g in games:
            if not isinstance(g, dict) or not all(_ints(g.get(k), n) for k, n in _GAME_FIELDS.items()):
                raise InputTypeError(f"a game must have integer {', '.join(_GAME_FIELDS)}, got {g!r:.80}")
        return summarise(list(entries), list(games), dict(config))
    except (KeyError, TypeError, ValueError) as exc:
        raise InputError(f"ladder report {name!r} is incomplete or malformed: {exc}") from None


_GAME_FIELDS = {"home": 0, "away": 0, "seed": 0, "score": 2, "casualties": 2}


def _ints(value: Any, n: int) -> bool:
    """Whether `value` is an int (n == 0) or a list of `n` non-negative ints."""
    if n == 0:
        return type(value) is int
    return isinstance(value, list) and len(value) == n and all(type(v) is int and v >= 0 for v in value)


def _rate(rate: float | None) -> str:
    """A score-rate cell: none for a pairing not played (a partial ladder)."""
    return "none" if rate is None else f"{rate:.2f}"


def _wdl(r: dict[str, Any]) -> str:
    return f"{r['wins']}/{r['draws']}/{r['losses']}"


def markdown(report: dict[str, Any]) -> str:
    """The report as Markdown tables."""
    cfg = report["config"]
    rows = sorted(report["table"], key=lambda r: -r["rating"]["elo"])
    out = [f"# Ladder: {len(report['entries'])} entries, {len(report['games'])} games",
           "",
           f"Board {cfg.get('board', '?')}, {cfg.get('pairs', '?')} paired seeds per match-up "
           f"(each seed played with both venues), first seed {cfg.get('seed', '?')}."
           + (f" Played by {cfg['ruleset']}." if cfg.get("ruleset", "lrb6") != "lrb6" else "")
           + (" Partial: the run was interrupted before every game was played."
              if cfg.get("partial") else ""),
           "",
           "| entry | rating (95%) | Nash weight | Nash rating | W/D/L | score rate | TD for/against "
           "per game | CAS for/against per game | home W/D/L | away W/D/L |",
           "|---|---|---|---|---|---|---|---|---|---|"]
    for r in rows:
        a, rt, nh = r["all"], r["rating"], r["nash"]
        out.append(
            f"| {r['entry']} | {rt['elo']:+.0f} ({rt['low']:+.0f} to {rt['high']:+.0f}) | "
            f"{nh['weight']:.2f} | {nh['rating']:+.3f} | {_wdl(a)} | {a['score_rate']:.3f} | "
            f"{a['td_for_per_game']:.2f} / {a['td_against_per_game']:.2f} | "
            f"{a['cas_for_per_game']:.2f} / {a['cas_against_per_game']:.2f} | "
            f"{_wdl(r['home'])} | {_wdl(r['away'])} |")
    v = report["venue"]
    out += ["", f"Venue: home side won {v['home_wins']}, drew {v['draws']}, away side won "
            f"{v['away_wins']}.", "", "Score rate of the row entry against the column entry "
            "(none: the pairing was not played):", ""]
    names = report["entries"]
    out.append("| | " + " | ".join(names) + " |")
    out.append("|---" * (len(names) + 1) + "|")
    for i, name in enumerate(names):
        cells = ["-" if i == j else _rate(report["score_rate"][i][j]) for j in range(len(names))]
        out.append(f"| {name} | " + " | ".join(cells) + " |")
    out += ["", "Ratings: Bradley-Terry on the Elo scale (mean 0; draws count half), 95% "
            "intervals from the fit's curvature. Nash: equilibrium weights of the win-rate "
            "game and each entry's margin against that mixture."]
    return "\n".join(out) + "\n"


def plot(report: dict[str, Any], path: str | Path) -> None:
    """Draw the ratings with their 95% intervals and the Nash weights to a PNG."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    rows = sorted(report["table"], key=lambda r: r["rating"]["elo"])
    names = [r["entry"] for r in rows]
    elo = np.array([r["rating"]["elo"] for r in rows])
    lo = np.array([r["rating"]["low"] for r in rows])
    hi = np.array([r["rating"]["high"] for r in rows])
    weight = [r["nash"]["weight"] for r in rows]
    height = 1.0 + 0.45 * len(rows)
    fig, (ax, bx) = plt.subplots(1, 2, figsize=(10, height), sharey=True,
                                 gridspec_kw={"width_ratios": [3, 1]})
    y = np.arange(len(rows))
    ax.errorbar(elo, y, xerr=[elo - lo, hi - elo], fmt="o", capsize=4)
    ax.set_yticks(y, names)
    ax.axvline(0.0, color="grey", lw=0.5)
    ax.set_xlabel("Bradley-Terry rating (Elo scale, 95% interval)")
    bx.barh(y, weight)
    bx.set_xlim(0, 1)
    bx.set_xlabel("Nash weight")
    fig.suptitle(f"Ladder: {len(report['games'])} games")
    fig.tight_layout()
    fig.savefig(path, dpi=100)
    plt.close(fig)
