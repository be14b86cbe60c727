"""Playoffs after the regular season: a knockout of the table's top N (2, 4, 8 or 16), seeded
1 v N, 2 v N-1, ... in bracket order (the top two seeds meet only in the final), the better
seed at home. Each round's fixtures are written when the round before it is complete, and
`league play` plays them like any round. A drawn knockout match goes to the team that inflicted
more casualties in it, then to the better seed (the engine plays no overtime; docs/RULES_NOTES.md).
The table counts the regular season only."""

from __future__ import annotations

from typing import Any

from nuffle.league.report import standings
from nuffle.league.schedule import derived_seed
from nuffle.league.store import LeagueError, Store

SIZES = (2, 4, 8, 16)


def settings(store: Store) -> dict[str, Any]:
    """The playoffs' setting: `top`, `from_round` (their first round), `seeds` (entry ids, best
    first); {} before they start."""
    out: dict[str, Any] = store.setting("playoffs", {})
    return out


def bracket_order(n: int) -> list[int]:
    """Seeds (1 = best) in bracket order: consecutive pairs meet in the first round, and
    consecutive winners in the next (1, 8, 4, 5, 2, 7, 3, 6 for eight)."""
    order = [1, 2]
    while len(order) < n:
        size = 2 * len(order)
        order = [s for prev in order for s in (prev, size + 1 - prev)]
    return order


def start(store: Store, top: int) -> list[tuple[int, int, int, int]]:
    """Write the first knockout round of the table's `top` teams; returns its fixtures
    (round, home, away, seed). LeagueError if the season is not over or they started."""
    if top not in SIZES:
        raise LeagueError(f"--top must be 2, 4, 8 or 16, not {top}")
    fixtures = store.fixtures()
    if not fixtures:
        raise LeagueError(f"{store.path}: the season has not started")
    left = sum(1 for f in fixtures if not f.played)
    if settings(store):
        raise LeagueError(f"{store.path}: the playoffs have already started")
    if left:
        raise LeagueError(f"{store.path}: the season is not over ({left} matches left); play it first")
    table = standings(store)
    if top > len(table):
        raise LeagueError(f"--top {top}: the league has only {len(table)} entries")
    ids = {e.name: e.id for e in store.entries()}
    seeds = [ids[r["name"]] for r in table[:top]]
    first = max(f.round for f in fixtures) + 1
    order = bracket_order(top)
    league_seed = int(store.setting("seed"))
    rows = [(first, seeds[order[i] - 1], seeds[order[i + 1] - 1],
             derived_seed(league_seed, "playoff", first, i // 2)) for i in range(0, top, 2)]
    store.schedule_more(rows, {"playoffs": {"top": top, "from_round": first, "seeds": seeds}})
    return rows


def winner(match: dict[str, Any], seeds: list[int]) -> int:
    """The entry id that goes through: the better score (a conceding team loses), then more
    casualties inflicted, then the better seed."""
    home, away = int(match["home"]), int(match["away"])
    if match.get("conceded") is not None:
        return away if match["conceded"] == 0 else home
    for a, b in (match["score"], match["cas"]):
        if a != b:
            return home if a > b else away
    return min((home, away), key=seeds.index)


def advance(store: Store) -> bool:
    """Write the next knockout round if the last one is complete; False when there is none to
    write (no playoffs, a round still to play, or the champion decided)."""
    po = settings(store)
    if not po:
        return False
    fixtures = store.fixtures()
    last = max(f.round for f in fixtures)
    if last < po["from_round"] or any(not f.played for f in fixtures if f.round == last):
        return False
    ids = [f.id for f in fixtures if f.round == last]
    matches = {m["fixture"]: m for m in store.matches()}
    winners = [winner(matches[i], po["seeds"]) for i in ids]
    if len(winners) < 2:
        return False
    league_seed = int(store.setting("seed"))
    rows = []
    for k in range(0, len(winners), 2):
        a, b = sorted(winners[k:k + 2], key=po["seeds"].index)  # the better seed at home
        rows.append((last + 1, a, b, derived_seed(league_seed, "playoff", last + 1, k // 2)))
    store.schedule_more(rows, {})
    return True


def bracket(store: Store) -> dict[str, Any]:
    """The playoffs so far: `seeds` (names, best first), `rounds` (each a list of matches: home,
    away, score, cas and winner, or unplayed), `champion` (a name, or None)."""
    po = settings(store)
    if not po:
        return {}
    names = {e.id: e.name for e in store.entries()}
    matches = {m["fixture"]: m for m in store.matches()}
    rounds: dict[int, list[dict[str, Any]]] = {}
    for f in store.fixtures():
        if f.round < po["from_round"]:
            continue
        row: dict[str, Any] = {"home": names[f.home], "away": names[f.away], "played": f.played}
        if f.played:
            m = matches[f.id]
            row.update(score=m["score"], cas=m["cas"], winner=names[winner(m, po["seeds"])])
        rounds.setdefault(f.round, []).append(row)
    ordered = [rounds[r] for r in sorted(rounds)]
    final = ordered[-1] if len(ordered) == int(po["top"]).bit_length() - 1 else []
    champion = final[0].get("winner") if len(final) == 1 else None
    return {"top": po["top"], "seeds": [names[i] for i in po["seeds"]], "rounds": ordered,
            "champion": champion}
