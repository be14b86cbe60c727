"""The league table and the season report: standings (by default 3 points a win, 1 a draw; ties
broken by touchdown difference, casualty difference, touchdowns scored, then name; the league
may choose its points and tie-breaks, `league new --points --tiebreaks`), the category leaders,
every team's season (`nuffle.league.season`: treasury, Fan Factor, inducements, level-ups, MVPs,
lasting injuries and deaths, manager penalties), deaths and casualties, every match's score and
gate, and every team's TV over the season (JSON, Markdown (`report_md`) and a PNG plot)."""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from nuffle.league.report_md import markdown
from nuffle.league.season import leaders, teams
from nuffle.league.store import LeagueError, Store

POINTS = (3, 1, 0)  # the default points for a win, a draw and a loss
#: Tie-breaks (best first): each row's value, higher is better; `head_to_head` is the points won
#: in the matches among the tied teams only.
TIEBREAKS: dict[str, Callable[[dict[str, Any]], int]] = {
    "td_diff": lambda r: r["td_for"] - r["td_against"],
    "cas_diff": lambda r: r["cas_for"] - r["cas_against"],
    "td_for": lambda r: r["td_for"],
    "cas_for": lambda r: r["cas_for"],
    "wins": lambda r: r["wins"],
}
HEAD_TO_HEAD = "head_to_head"
DEFAULT_TIEBREAKS = ("td_diff", "cas_diff", "td_for")
NOTHING_PLAYED = "no match has been played yet"  # the report's note for a league before its first match


def check_scheme(points: Sequence[int], tiebreaks: Sequence[str]) -> None:
    """LeagueError unless `points` are three whole numbers (win >= draw >= loss >= 0) and
    every tie-break is known and named once."""
    if len(points) != 3 or not all(isinstance(p, int) for p in points) \
            or not points[0] >= points[1] >= points[2] >= 0:
        raise LeagueError(f"--points must be WIN,DRAW,LOSS whole numbers with win >= draw >= loss >= 0, "
                          f"not {','.join(map(str, points))}")
    known = [*TIEBREAKS, HEAD_TO_HEAD]
    for t in tiebreaks:
        if t not in known:
            raise LeagueError(f"unknown tie-break {t!r} (choose from {', '.join(known)})")
    if len(set(tiebreaks)) != len(tiebreaks):
        raise LeagueError(f"a tie-break is named twice in {','.join(tiebreaks)}")


def scheme(store: Store) -> tuple[tuple[int, int, int], tuple[str, ...]]:
    """The league's points for a win, draw and loss and its tie-breaks (settings of `league
    new`; a file from before them has 3-1-0 and the default tie-breaks)."""
    w, d, loss = store.setting("points", list(POINTS))
    return (int(w), int(d), int(loss)), tuple(store.setting("tiebreaks", list(DEFAULT_TIEBREAKS)))


def standings(store: Store, matches: list[dict[str, Any]] | None = None) -> list[dict[str, Any]]:
    """The table, best first: points (the league's scheme), then its tie-breaks in order, then
    name. `matches`: those counted (default: the regular season's played matches)."""
    points, tiebreaks = scheme(store)
    if matches is None:  # the regular season's: playoff rounds are not in the table
        playoffs_from = store.setting("playoffs", {}).get("from_round")
        matches = [m for m in store.matches() if playoffs_from is None or m["round"] < playoffs_from]
    played = matches
    entries = store.entries()
    rows: dict[int, dict[str, Any]] = {
        e.id: {"name": e.name, "points": 0, "played": 0, "wins": 0, "draws": 0, "losses": 0,
               "td_for": 0, "td_against": 0, "cas_for": 0, "cas_against": 0, "tv": e.team.team_value()}
        for e in entries}
    for m in played:
        for side, id_ in ((0, m["home"]), (1, m["away"])):
            r = rows[id_]
            kind = _outcome(m, side)
            r["played"] += 1
            r["td_for"] += m["score"][side]
            r["td_against"] += m["score"][1 - side]
            r["cas_for"] += m["cas"][side]
            r["cas_against"] += m["cas"][1 - side]
            r[("wins", "draws", "losses")[kind]] += 1
            r["points"] += points[kind]
    ids = {r["name"]: i for i, r in rows.items()}
    return _rank(list(rows.values()), ["points", *tiebreaks], played, points, ids)


def _outcome(m: dict[str, Any], side: int) -> int:
    """0 a win, 1 a draw, 2 a loss for `side` (a conceding team loses whatever the score)."""
    if m.get("conceded") is not None:
        return 2 if m["conceded"] == side else 0
    mine, theirs = m["score"][side], m["score"][1 - side]
    return 0 if mine > theirs else 1 if mine == theirs else 2


def _rank(rows: list[dict[str, Any]], criteria: list[str], matches: list[dict[str, Any]],
          points: tuple[int, int, int], ids: dict[str, int]) -> list[dict[str, Any]]:
    """`rows` ordered by the first criterion, each tied group by the next ones, then name."""
    if len(rows) <= 1 or not criteria:
        return sorted(rows, key=lambda r: r["name"])
    first, rest = criteria[0], criteria[1:]
    if first == HEAD_TO_HEAD:
        group = {ids[r["name"]] for r in rows}
        mini = dict.fromkeys(group, 0)
        for m in matches:
            if m["home"] in group and m["away"] in group:
                for side, id_ in ((0, m["home"]), (1, m["away"])):
                    mini[id_] += points[_outcome(m, side)]
        value: Callable[[dict[str, Any]], int] = lambda r: mini[ids[r["name"]]]  # noqa: E731
    elif first == "points":
        value = lambda r: r["points"]  # noqa: E731
    else:
        value = TIEBREAKS[first]
    out: list[dict[str, Any]] = []
    for v in sorted({value(r) for r in rows}, reverse=True):
        out += _rank([r for r in rows if value(r) == v], rest, matches, points, ids)
    return out


def season(store: Store) -> dict[str, Any]:
    """The season report as JSON-ready data."""
    entries = store.entries()
    names = {e.id: e.name for e in entries}
    fixtures = store.fixtures()
    spp: list[dict[str, Any]] = []
    deaths = []
    for e in entries:
        for p in e.team.players + e.team.graveyard:
            if p.spp:
                spp.append({"team": e.name, "number": p.number, "name": p.name,
                                "position": p.position.name, "spp": p.spp, "title": p.title, **p.record})
        for p in e.team.graveyard:
            deaths.append({"team": e.name, "number": p.number, "name": p.name, "result": p.injuries[-1]})
    spp.sort(key=lambda r: (-r["spp"], r["team"], r["number"]))
    matches = store.matches()
    injuries = sum(len(m["postmatch"][side]["injuries"]) for m in matches for side in ("home", "away"))
    return {
        "league": {"seed": store.setting("seed"), "board": store.setting("board"),
                   "double": store.setting("double"), "rounds": max((f.round for f in fixtures), default=0),
                   "played": len(matches), "fixtures": len(fixtures),
                   "note": None if matches else NOTHING_PLAYED},
        "standings": standings(store),
        "leaders": leaders(store),
        "teams": teams(store),
        "spp_leaders": spp[:10],
        "deaths": deaths,
        "casualties": {"total": sum(sum(m["cas"]) for m in matches), "casualty_results": injuries,
                       "deaths": len(deaths)},
        "matches": [{"round": m["round"], "home": names[m["home"]], "away": names[m["away"]],
                     "score": m["score"], "gate": m["gate"]} for m in matches],
        "gates": _gates(matches),
        "team_values": {names[k]: [[r, tv] for r, tv in v] for k, v in store.team_values().items()},
    }


def _gates(matches: list[dict[str, Any]]) -> dict[str, Any]:
    """The season's gates: total, mean and largest over the matches that recorded one."""
    gates = [m["gate"] for m in matches if m["gate"] is not None]
    return {"total": sum(gates), "matches": len(gates),
            "mean": round(sum(gates) / len(gates)) if gates else 0, "largest": max(gates, default=0)}


def plot(report: dict[str, Any], path: Path) -> None:
    """Every team's TV after each round, as a PNG."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(7, 4))
    for name, series in report["team_values"].items():
        ax.plot([r for r, _ in series], [tv / 1000 for _, tv in series], marker="o", label=name)
    ax.set_xlabel("round")
    ax.set_ylabel("team value (thousands)")
    if report["team_values"]:  # none before the schedule is written
        ax.legend(fontsize="small")
    fig.tight_layout()
    fig.savefig(path)
    plt.close(fig)


def write(store: Store, out: Path) -> dict[str, Any]:
    """Write report.json, report.md and tv.png into `out`; returns the report."""
    report = season(store)
    out.mkdir(parents=True, exist_ok=True)
    (out / "report.json").write_text(json.dumps(report, indent=1))
    (out / "report.md").write_text(markdown(report))
    plot(report, out / "tv.png")
    return report
