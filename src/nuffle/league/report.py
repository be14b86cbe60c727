"""The league table and the season report: standings (3 points a win, 1 a draw; ties broken by
touchdown difference, casualty difference, touchdowns scored, then name), the SPP leaders,
deaths and casualties, every match's score and gate, and every team's TV over the season (JSON,
Markdown and a PNG plot)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from nuffle.league.store import Store

POINTS = {"win": 3, "draw": 1, "loss": 0}


def standings(store: Store) -> list[dict[str, Any]]:
    """The table, best first."""
    entries = store.entries()
    rows: dict[int, dict[str, Any]] = {
        e.id: {"name": e.name, "points": 0, "played": 0, "wins": 0, "draws": 0, "losses": 0,
               "td_for": 0, "td_against": 0, "cas_for": 0, "cas_against": 0, "tv": e.team.team_value()}
        for e in entries}
    for m in store.matches():
        for side, id_ in ((0, m["home"]), (1, m["away"])):
            r = rows[id_]
            mine, theirs = m["score"][side], m["score"][1 - side]
            r["played"] += 1
            r["td_for"] += mine
            r["td_against"] += theirs
            r["cas_for"] += m["cas"][side]
            r["cas_against"] += m["cas"][1 - side]
            kind = "win" if mine > theirs else "draw" if mine == theirs else "loss"
            r[{"win": "wins", "draw": "draws", "loss": "losses"}[kind]] += 1
            r["points"] += POINTS[kind]
    return sorted(rows.values(), key=lambda r: (-r["points"], -(r["td_for"] - r["td_against"]),
                                                -(r["cas_for"] - r["cas_against"]), -r["td_for"], r["name"]))


def season(store: Store) -> dict[str, Any]:
    """The season report as JSON-ready data."""
    entries = store.entries()
    names = {e.id: e.name for e in entries}
    fixtures = store.fixtures()
    leaders: list[dict[str, Any]] = []
    deaths = []
    for e in entries:
        for p in e.team.players + e.team.graveyard:
            if p.spp:
                leaders.append({"team": e.name, "number": p.number, "name": p.name,
                                "position": p.position.name, "spp": p.spp, "title": p.title, **p.record})
        for p in e.team.graveyard:
            deaths.append({"team": e.name, "number": p.number, "name": p.name, "result": p.injuries[-1]})
    leaders.sort(key=lambda r: (-r["spp"], r["team"], r["number"]))
    matches = store.matches()
    injuries = sum(len(m["postmatch"][side]["injuries"]) for m in matches for side in ("home", "away"))
    return {
        "league": {"seed": store.setting("seed"), "board": store.setting("board"),
                   "double": store.setting("double"), "rounds": max((f.round for f in fixtures), default=0),
                   "played": len(matches), "fixtures": len(fixtures)},
        "standings": standings(store),
        "spp_leaders": leaders[:10],
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


def markdown(report: dict[str, Any]) -> str:
    """The season report in Markdown."""
    lg = report["league"]
    lines = [f"# League season (seed {lg['seed']}, board {lg['board']})", "",
             f"{lg['played']} of {lg['fixtures']} matches played over {lg['rounds']} rounds.", "",
             "## Table", "",
             "| # | team | P | W | D | L | TD | TD against | CAS | CAS against | points | TV |",
             "|---|---|---|---|---|---|---|---|---|---|---|---|"]
    for i, r in enumerate(report["standings"], 1):
        lines.append(f"| {i} | {r['name']} | {r['played']} | {r['wins']} | {r['draws']} | {r['losses']} | "
                     f"{r['td_for']} | {r['td_against']} | {r['cas_for']} | {r['cas_against']} | "
                     f"{r['points']} | {r['tv']:,} |")
    lines += ["", "## SPP leaders", "", "| team | player | position | SPP | title |", "|---|---|---|---|---|"]
    for p in report["spp_leaders"]:
        lines.append(f"| {p['team']} | {p['name']} | {p['position']} | {p['spp']} | {p['title']} |")
    cas = report["casualties"]
    lines += ["", "## Casualties and deaths", "",
              f"{cas['total']} casualties, {cas['casualty_results']} casualty-table results, "
              f"{cas['deaths']} deaths.", ""]
    for d in report["deaths"]:
        lines.append(f"* {d['name']} ({d['team']}), casualty result {d['result']}")
    g = report["gates"]
    lines += ["", "## Matches and gates", "",
              f"Gate: {g['total']:,} fans over {g['matches']} matches (mean {g['mean']:,}, largest "
              f"{g['largest']:,}).", "", "| round | home | score | away | gate |", "|---|---|---|---|---|"]
    for m in report["matches"]:
        gate = f"{m['gate']:,}" if m["gate"] is not None else "-"
        score = f"{m['score'][0]}-{m['score'][1]}"
        lines.append(f"| {m['round']} | {m['home']} | {score} | {m['away']} | {gate} |")
    lines += ["", "## Team value", "", "![TV over the season](tv.png)", ""]
    return "\n".join(lines)


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
