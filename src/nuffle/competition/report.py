"""Tournament reports: standings (3 points a win, 1 a draw), touchdowns, casualties, penalties
and disqualifications, the list of games with their records, and ratings; JSON and Markdown."""

from __future__ import annotations

from typing import Any

from nuffle.ladder.ratings import fit_bradley_terry, score_matrix

POINTS = {"win": 3, "draw": 1, "loss": 0}


def game_winner(game: dict[str, Any]) -> str | None:
    """The name of a game's winner (None for a draw or when nobody won)."""
    side = game["winner"]
    return None if side is None else game[side]


def standings(names: list[str], games: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """One row per bot, best first (points, then touchdown difference, touchdowns, name)."""
    counts = ("points", "played", "wins", "draws", "losses", "td_for", "td_against", "cas_for",
              "cas_against", "disqualified", "penalties")
    rows: dict[str, dict[str, Any]] = {n: {"name": n, **dict.fromkeys(counts, 0)} for n in names}
    for g in games:
        winner = game_winner(g)
        nobody = g["outcome"] == "both_disqualified"
        for i, side in enumerate(("home", "away")):
            row = rows[g[side]]
            row["played"] += 1
            row["td_for"] += g["score"][i]
            row["td_against"] += g["score"][1 - i]
            row["cas_for"] += g["casualties"][i]
            row["cas_against"] += g["casualties"][1 - i]
            row["disqualified"] += g[side] in g["disqualified"]
            row["penalties"] += sum(1 for p in g["penalties"] if p["side"] == side)
            if winner is None and not nobody:
                row["draws"] += 1
                row["points"] += POINTS["draw"]
            elif winner == g[side]:
                row["wins"] += 1
                row["points"] += POINTS["win"]
            else:
                row["losses"] += 1
    out = list(rows.values())
    out.sort(key=lambda r: (-r["points"], -(r["td_for"] - r["td_against"]), -r["td_for"], r["name"]))
    return out


def _score(g: dict[str, Any], name: str) -> float:
    winner = game_winner(g)
    if winner is None:
        return 0.0 if g["outcome"] == "both_disqualified" else 0.5
    return 1.0 if winner == name else 0.0


def ratings(names: list[str], games: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Ratings on the Elo scale with 95% intervals over every game (draws count half; games
    both bots forfeited are left out), best first: the ladder's Bradley-Terry fit
    (`nuffle.ladder.ratings.fit_bradley_terry`), centred on 0."""
    index = {n: i for i, n in enumerate(names)}
    results = [(index[g["home"]], index[g["away"]], _score(g, g["home"])) for g in games
               if g["outcome"] != "both_disqualified"]
    if len(names) < 2:
        return [{"name": n, "rating": 0.0, "low": 0.0, "high": 0.0} for n in names]
    bt = fit_bradley_terry(score_matrix(len(names), results))
    out: list[dict[str, Any]] = []
    for i, n in enumerate(names):
        low, high = bt.interval(i)
        out.append({"name": n, "rating": round(float(bt.elo[i]), 1), "low": round(low, 1),
                    "high": round(high, 1)})
    out.sort(key=lambda r: (-r["rating"], r["name"]))
    return out


def build(meta: dict[str, Any], names: list[str], games: list[dict[str, Any]]) -> dict[str, Any]:
    """The whole report from the played games (round robin first, then any final)."""
    rr = [g for g in games if g["stage"] == "round-robin"]
    finals = [g for g in games if g["stage"] == "final"]
    table = standings(names, rr)
    report: dict[str, Any] = {"tournament": meta, "standings": table, "final": None,
                              "champion": table[0]["name"] if table else None}
    if finals:
        pair = [finals[0]["home"], finals[0]["away"]]
        final_table = standings(pair, finals)
        report["final"] = {"standings": final_table, "games": [g["index"] for g in finals]}
        top = final_table[0]
        tied = final_table[1]["points"] == top["points"]
        # A tied final goes to the better round-robin finisher.
        report["champion"] = table[0]["name"] if tied else top["name"]
    report["games"] = games
    report["penalties"] = [{"game": g["index"], **p} for g in games for p in g["penalties"]]
    report["ratings"] = ratings(names, games)
    return report


def markdown(report: dict[str, Any]) -> str:
    """The report as Markdown: standings, final, ratings, penalties and games."""
    meta = report["tournament"]
    seed = "seed kept secret until the last game" if meta["seed"] is None else f"seed {meta['seed']}"
    lines = [f"# {meta['name']}", "",
             f"{meta['format']}, {meta['games_per_pair']} games per pair, board {meta['board']}, "
             f"{seed}, {len(report['games'])} games. Champion: **{report['champion']}**.",
             "", "## Standings", "",
             "| # | bot | pts | W | D | L | TD+ | TD- | CAS+ | CAS- | DQ | penalties |",
             "|---|---|---|---|---|---|---|---|---|---|---|---|"]
    for i, r in enumerate(report["standings"], 1):
        lines.append(f"| {i} | {r['name']} | {r['points']} | {r['wins']} | {r['draws']} | {r['losses']} | "
                     f"{r['td_for']} | {r['td_against']} | {r['cas_for']} | {r['cas_against']} | "
                     f"{r['disqualified']} | {r['penalties']} |")
    if report["final"]:
        lines += ["", "## Final", ""]
        for r in report["final"]["standings"]:
            lines.append(f"- {r['name']}: {r['points']} points ({r['wins']}W {r['draws']}D {r['losses']}L, "
                         f"{r['td_for']}-{r['td_against']})")
    lines += ["", "## Ratings (Bradley-Terry, Elo scale, 95% interval)", "",
              "| bot | rating | interval |", "|---|---|---|"]
    for r in report["ratings"]:
        lines.append(f"| {r['name']} | {r['rating']:+.0f} | {r['low']:+.0f} .. {r['high']:+.0f} |")
    lines += ["", "## Penalties", ""]
    if not report["penalties"]:
        lines.append("None.")
    for p in report["penalties"]:
        who = f"{p['bot'] or 'engine'} ({p['side'] or '-'})"
        lines.append(f"- game {p['game']}: {who} {p['kind']}: {p['detail']}")
    lines += ["", "## Games", "", "| game | stage | home | away | score | result | record | match report |",
              "|---|---|---|---|---|---|---|---|"]
    for g in report["games"]:
        result = g["outcome"] if g["outcome"] != "played" else (game_winner(g) or "draw")
        if g["outcome"] == "forfeit":
            result = f"forfeit, {game_winner(g)} wins"
        record = f"[{g['record']}]({g['record']})" if g.get("record") else "-"
        told = f"[{g['match_report']}]({g['match_report']})" if g.get("match_report") else "-"
        lines.append(f"| {g['index']} | {g['stage']} | {g['home']} | {g['away']} | "
                     f"{g['score'][0]}-{g['score'][1]} | {result} | {record} | {told} |")
    return "\n".join(lines) + "\n"
