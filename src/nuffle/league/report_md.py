"""The season report (`nuffle.league.report.season`) in Markdown: report.md of `nuffle league
report`."""

from __future__ import annotations

from typing import Any

CATEGORY_TITLES = {"touchdowns": "Touchdowns", "casualties": "Casualties", "completions": "Completions",
                   "spp": "SPP"}
#: The ledger's kinds as the treasury's movement names them.
MOVEMENT_WORDS = {"winnings": "winnings", "expenses": "spiralling expenses", "purchase": "purchases",
                  "hire": "Journeymen hired", "petty_cash": "petty cash", "firing": "firings",
                  "inducement": "inducements", "level_up": "level-ups", "death": "deaths",
                  "retirement": "retirements", "raised": "raised players"}


def signed(gold: int) -> str:
    """Gold with its sign: +80,000, -60,000, 0."""
    return f"{gold:+,}" if gold else "0"


def treasury_line(t: dict[str, Any]) -> str:
    """'Treasury: 150,000 at the start, 230,000 at the end (+80,000: winnings +120,000, ...).'"""
    moves = ", ".join(f"{MOVEMENT_WORDS.get(k, k)} {signed(v)}" for k, v in t["movement"].items())
    if t["start"] is None:
        return (f"Treasury: {t['end']:,} at the end (the start is not in the ledger); "
                f"{moves or 'no movement'}.")
    return (f"Treasury: {t['start']:,} at the start, {t['end']:,} at the end "
            f"({signed(t['change'])}{': ' + moves if moves else ''}).")


def induced_name(i: dict[str, Any]) -> str:
    """An inducement in words: 'bribes', 'star Morg 'n' Thorg', 'mercenary Blitzer with Dodge'."""
    words = str(i["item"]) + (f" {i['name']}" if i.get("name") else "")
    return words + (f" with {i['skill']}" if i.get("skill") else "")


def gained(u: dict[str, Any]) -> str:
    """A level-up in words: 'Block (normal)', '+1 ST'."""
    return f"{u['skill']} ({u['gain']})" if u.get("skill") else f"+1 {str(u['gain']).upper()}"


def _team(t: dict[str, Any]) -> list[str]:
    ff = t["fan_factor"]
    ind = t["inducements"]
    lines = [f"### {t['name']} ({t['race']})", "", treasury_line(t["treasury"]),
             f"Fan Factor: {ff['start']} at the start, {ff['end']} at the end.", ""]

    def listing(title: str, items: list[str]) -> None:
        lines.append(f"{title}: {'; '.join(items) if items else 'none'}.")

    petty = f" (petty cash from the treasury: {ind['petty_cash']:,})" if ind["petty_cash"] else ""
    listing(f"Inducements bought ({ind['gold']:,} in all{petty})",
            [f"round {b['round']}: {induced_name(b)} {b['gold']:,}" for b in ind["bought"]])
    listing("Level-ups", [f"round {u['round']}: {player_label(u['name'], u['number'])} {gained(u)}"
                          for u in t["level_ups"]])
    listing("MVPs", [f"round {m['round']}: {player_label(m['name'], m['number'])}" for m in t["mvps"]])
    listing("Lasting injuries and deaths",
            [f"round {i['round']}: {player_label(i['name'], i['number'])} {i['casualty']} ({i['result']})"
             for i in t["injuries"]])
    listing("Manager penalties", [f"round {p['round']} ({p['when']}): {p['note']}" for p in t["penalties"]])
    return [*lines, ""]


def player_label(name: str, number: int) -> str:
    """A player by name, with his shirt number unless the name holds it: 'Blitzer #1', 'Grim (#4)'."""
    return name if f"#{number}" in name else f"{name} (#{number})"


def _leaders(leaders: dict[str, list[dict[str, Any]]]) -> list[str]:
    lines = ["## Category leaders", "", "Tied players share a rank (`2=`).", "",
             "| category | rank | player | position | team | figure |", "|---|---|---|---|---|---|"]
    for category, rows in leaders.items():
        title = CATEGORY_TITLES.get(category, category)
        if not rows:
            lines.append(f"| {title} | - | nobody yet | - | - | 0 |")
        for r in rows:
            rank = f"{r['rank']}=" if r["tied"] else str(r["rank"])
            lines.append(f"| {title} | {rank} | {player_label(r['name'], r['number'])} | {r['position']} | "
                         f"{r['team']} | {r['value']} |")
    return lines


def _summary(teams: list[dict[str, Any]]) -> list[str]:
    """One line a team: treasury and Fan Factor from the start to the end, and the counts."""
    lines = ["| team | treasury | change | Fan Factor | induced | level-ups | MVPs | lasting injuries "
             "| deaths | penalties |", "|---|---|---|---|---|---|---|---|---|---|"]
    for t in teams:
        tr, ff = t["treasury"], t["fan_factor"]
        start = "?" if tr["start"] is None else f"{tr['start']:,}"
        change = "-" if tr["change"] is None else signed(tr["change"])
        dead = sum(1 for i in t["injuries"] if i["dead"])
        lines.append(f"| {t['name']} | {start} -> {tr['end']:,} | {change} | {ff['start']} -> {ff['end']} | "
                     f"{t['inducements']['gold']:,} | {len(t['level_ups'])} | {len(t['mvps'])} | "
                     f"{len(t['injuries']) - dead} | {dead} | {len(t['penalties'])} |")
    return lines


def markdown(report: dict[str, Any]) -> str:
    """The season report in Markdown."""
    lg = report["league"]
    lines = [f"# League season (seed {lg['seed']}, board {lg['board']})", "",
             f"{lg['played']} of {lg['fixtures']} matches played over {lg['rounds']} rounds"
             f"{': ' + lg['note'] if lg.get('note') else ''}.", "",
             "## Table", "",
             "| # | team | P | W | D | L | TD | TD against | CAS | CAS against | points | TV |",
             "|---|---|---|---|---|---|---|---|---|---|---|---|"]
    for i, r in enumerate(report["standings"], 1):
        lines.append(f"| {i} | {r['name']} | {r['played']} | {r['wins']} | {r['draws']} | {r['losses']} | "
                     f"{r['td_for']} | {r['td_against']} | {r['cas_for']} | {r['cas_against']} | "
                     f"{r['points']} | {r['tv']:,} |")
    lines += ["", *_leaders(report["leaders"]), "", "## Teams", "", *_summary(report["teams"]), ""]
    for t in report["teams"]:
        lines += _team(t)
    lines += ["## SPP leaders", "", "| team | player | position | SPP | title |", "|---|---|---|---|---|"]
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
