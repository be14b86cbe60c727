"""What the arena shows: the leaderboard (Bradley-Terry ratings with 95% intervals over every
published ladder game, as the ladder and tournaments rate), a bot's page (its versions, games,
penalties and stderr) and one game. The same dictionaries feed `nuffle arena ... --json` and
the web API."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from nuffle.arena.store import VALIDATOR, Arena, NotFound, Version
from nuffle.ladder.ratings import fit_bradley_terry, score_matrix


def _points(g: dict[str, Any], home: bool) -> float | None:
    """The home (or away) side's points of a game: 1 a win, 0.5 a draw; None when both bots
    were disqualified (left out of the ratings)."""
    if g["outcome"] == "both_disqualified":
        return None
    if g["winner"] is None:
        return 0.5
    return 1.0 if (g["winner"] == "home") == home else 0.0


def _tally(rows: dict[int, dict[str, Any]], g: dict[str, Any]) -> None:
    for side, vid in (("home", g["home"]), ("away", g["away"])):
        row = rows.get(vid)
        if row is None:
            continue
        pts = _points(g, side == "home")
        row["played"] += 1
        row["wins"] += pts == 1.0
        row["draws"] += pts == 0.5
        row["losses"] += pts == 0.0 or pts is None
        row["penalties"] += sum(1 for p in g["penalties"] if p["side"] == side)
        row["disqualified"] += side in g["disqualified"]


def ratings(arena: Arena) -> dict[int, tuple[float, float, float]]:
    """(rating, low, high) on the Elo scale, centred on 0, of every version that has played a
    published ladder game."""
    games = arena.games("g.kind = 'ladder'")
    ids = sorted({g["home"] for g in games} | {g["away"] for g in games})
    if len(ids) < 2:
        return {}
    index = {v: i for i, v in enumerate(ids)}
    results = [(index[g["home"]], index[g["away"]], pts) for g in games
               if (pts := _points(g, True)) is not None]
    bt = fit_bradley_terry(score_matrix(len(ids), results))
    out = {}
    for v, i in index.items():
        low, high = bt.interval(i)
        out[v] = (round(float(bt.elo[i]), 1), round(low, 1), round(high, 1))
    return out


def _row(v: Version) -> dict[str, Any]:
    return {"name": v.bot, "version": v.number, "kind": v.kind, "language": v.language, "team": v.team,
            "rating": None, "low": None, "high": None, "played": 0, "wins": 0, "draws": 0, "losses": 0,
            "penalties": 0, "disqualified": 0}


def leaderboard(arena: Arena) -> dict[str, Any]:
    """The active entries, best rated first (unrated ones last), with the pending submissions
    and the latest published games."""
    entries = arena.entries()
    rows = {v.id: _row(v) for v in entries}
    for g in arena.games("g.kind = 'ladder'"):
        _tally(rows, g)
    rated = ratings(arena)
    for vid, row in rows.items():
        if vid in rated:
            row["rating"], row["low"], row["high"] = rated[vid]
    board = sorted(rows.values(),
                   key=lambda r: (r["rating"] is None, -(r["rating"] or 0.0), r["name"].casefold()))
    for rank, row in enumerate(board, 1):
        row["rank"] = rank
    labels = _labels(arena)
    return {"board": arena.board, "entries": board,
            "pending": [{"name": v.bot, "version": v.number} for v in arena.pending()],
            "games": [_game_row(g, labels) for g in arena.games("g.kind = 'ladder'")[:20]]}


def _labels(arena: Arena) -> dict[int | None, dict[str, Any]]:
    labels: dict[int | None, dict[str, Any]] = {None: {"name": VALIDATOR, "version": None}}
    for v in arena.versions():
        labels[v.id] = {"name": v.bot, "version": v.number}
    return labels


def _game_row(g: dict[str, Any], labels: dict[int | None, dict[str, Any]]) -> dict[str, Any]:
    return {"id": g["id"], "kind": g["kind"], "home": labels[g["home"]], "away": labels[g["away"]],
            "score": g["score"], "winner": g["winner"], "outcome": g["outcome"],
            "disqualified": g["disqualified"], "penalties": g["penalties"], "decisions": g["decisions"],
            "seconds": g["seconds"], "finished": g["finished"]}


def bot_page(arena: Arena, name: str) -> dict[str, Any]:
    """A bot's page: its versions (status, why refused, rating), its published games with
    their penalties, newest first."""
    row = arena.bot_row(name)
    versions = arena.versions("b.id = ?", (row["id"],))
    ids = {v.id for v in versions}
    rated = ratings(arena)
    labels = _labels(arena)
    marks = ",".join("?" * len(ids))
    games = [_game_row(g, labels) for g in arena.games(f"g.home IN ({marks}) OR g.away IN ({marks})",
                                                       (*ids, *ids))]
    out_versions = []
    for v in versions:
        tally = _row(v)
        for g in arena.games("g.kind = 'ladder' AND (g.home = ? OR g.away = ?)", (v.id, v.id)):
            _tally({v.id: tally}, g)
        r = rated.get(v.id)
        out_versions.append({"version": v.number, "status": v.status, "reason": v.reason,
                             "language": v.language, "team": v.team, "command": list(v.command),
                             "rating": r[0] if r else None, "low": r[1] if r else None,
                             "high": r[2] if r else None, "played": tally["played"], "wins": tally["wins"],
                             "draws": tally["draws"], "losses": tally["losses"],
                             "penalties": tally["penalties"]})
    return {"name": row["name"], "kind": row["kind"], "versions": out_versions, "games": games}


def game(arena: Arena, gid: int) -> dict[str, Any]:
    """One published game (NotFound if there is none)."""
    found = arena.games("g.id = ?", (gid,))
    if not found:
        raise NotFound(f"no published game {gid} in this arena")
    return _game_row(found[0], _labels(arena))


def game_file(arena: Arena, gid: int, what: str) -> Path:
    """The path of a published game's `record`, `report`, `stderr_home` or `stderr_away`."""
    found = arena.games("g.id = ?", (gid,))
    if not found:
        raise NotFound(f"no published game {gid} in this arena")
    name = found[0]["files"].get(what)
    if not isinstance(name, str):
        raise NotFound(f"game {gid} has no {what}")
    return arena.folder / "games" / name


def record(arena: Arena, gid: int) -> dict[str, Any]:
    """A published game's match record."""
    data: dict[str, Any] = json.loads(game_file(arena, gid, "record").read_text())
    return data
