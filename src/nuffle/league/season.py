"""The season report's parts per team and per player, read from what the league stored (the
ledger, each match's post-match report, the teams' files), never worked out again from the
rules: every team's treasury at the start and the end with its movement by ledger kind, its Fan
Factor at the start and the end, the inducements it bought, its level-ups with the skill taken,
its MVPs, its players' lasting injuries and deaths and its manager's penalties; and the category
leaders (touchdowns, casualties, completions, SPP) over every player's league record, ties
shared."""

from __future__ import annotations

from typing import Any

from nuffle.core import league as L
from nuffle.core.ruleset import ruleset
from nuffle.league.inducing import RULESET
from nuffle.league.store import Entry, Store
from nuffle.league.team import LeaguePlayer, LeagueTeam
from nuffle.report.text import CASUALTY_NAMES

#: The leaders' categories: a player's record figure (`LeaguePlayer.record`), or his SPP.
CATEGORIES = ("touchdowns", "casualties", "completions", "spp")
LEADER_RANKS = 5  # each category lists the players ranked this high or higher (ties included)
SIDES = ("home", "away")
PRE_MATCH, POST_MATCH = "pre-match", "post-match"


def _people(entry: Entry) -> list[LeaguePlayer]:
    """Everyone who played for the team and is in its file: the roster, the dead, those who left."""
    t: LeagueTeam = entry.team
    return t.players + t.graveyard + t.released


def _player_name(entry: Entry, number: int) -> str:
    return next((p.name for p in _people(entry) if p.number == number), f"#{number}")


def casualty_name(d68: int) -> str:
    """A casualty-table result by its rulebook name under the league's ruleset ('Dead', '-1 MA')."""
    return CASUALTY_NAMES[ruleset(RULESET).casualty_of(d68)]


def _side_reports(store: Store) -> list[tuple[dict[str, Any], int, dict[str, Any]]]:
    """(match, entry id, that side's post-match report) for both sides of every played match."""
    out = []
    for m in store.matches():
        for side, entry in zip(SIDES, (m["home"], m["away"]), strict=True):
            out.append((m, entry, m["postmatch"].get(side, {})))
    return out


def teams(store: Store) -> list[dict[str, Any]]:
    """Every entry's season, in the order they joined (see the module's docstring)."""
    entries = store.entries()
    ledger = store.ledger()
    sides = _side_reports(store)
    return [_team(e, [r for r in ledger if r["entry"] == e.id],
                  [(m, rep) for m, i, rep in sides if i == e.id]) for e in entries]


def _team(entry: Entry, ledger: list[dict[str, Any]],
          sides: list[tuple[dict[str, Any], dict[str, Any]]]) -> dict[str, Any]:
    t = entry.team
    return {"name": entry.name, "race": t.race, "played": len(sides),
            "treasury": _treasury(t.treasury, ledger),
            "fan_factor": _fan_factor(t.fan_factor, sides),
            "inducements": _inducements(ledger),
            "level_ups": [{"round": r["round"], "number": r["number"], "name": r["name"],
                           "gain": r["detail"].get("gain"), "skill": r["detail"].get("skill"),
                           "roll": r["detail"].get("roll"), "gold": r["gold"]}
                          for r in ledger if r["kind"] == "level_up"],
            "mvps": [{"round": m["round"], "number": rep["mvp"], "name": _player_name(entry, rep["mvp"])}
                     for m, rep in sides if rep.get("mvp")],
            "injuries": _injuries(sides),
            "penalties": _penalties(sides)}


def _treasury(end: int, ledger: list[dict[str, Any]]) -> dict[str, Any]:
    """The treasury at the start (the ledger's `created` row; None for a team whose file kept no
    ledger then), at the end, and what each ledger kind changed it by over the season."""
    start = next((r["treasury"] for r in ledger if r["kind"] == "created"), None)
    movement: dict[str, int] = {}
    for r in ledger:
        if r["kind"] != "created" and r["treasury"]:
            movement[r["kind"]] = movement.get(r["kind"], 0) + r["treasury"]
    return {"start": start, "end": end, "change": None if start is None else end - start,
            "movement": movement}


def _fan_factor(end: int, sides: list[tuple[dict[str, Any], dict[str, Any]]]) -> dict[str, Any]:
    """The Fan Factor at the end (the team file's), its change after each match (the post-match
    reports'), and at the start: the end less those changes."""
    changes = [{"round": m["round"], "change": rep.get("fan_factor_change", 0)} for m, rep in sides]
    return {"start": end - sum(c["change"] for c in changes), "end": end,
            "changes": [c for c in changes if c["change"]]}


def _inducements(ledger: list[dict[str, Any]]) -> dict[str, Any]:
    """What the team induced (the ledger's `inducement` rows, paid from the inducement budget)
    and the treasury gold spent on them (`petty_cash` rows)."""
    bought = [{"round": r["round"], **r["detail"], "gold": r["gold"]}
              for r in ledger if r["kind"] == "inducement"]
    petty = sum(r["gold"] for r in ledger if r["kind"] == "petty_cash")
    return {"bought": bought, "gold": sum(b["gold"] for b in bought), "petty_cash": petty}


def _injuries(sides: list[tuple[dict[str, Any], dict[str, Any]]]) -> list[dict[str, Any]]:
    """The casualty-table results with a lasting effect (a missed match, a niggle, a
    characteristic lost, death: the engine's `lasting`), by player, in the order suffered."""
    out = []
    for m, rep in sides:
        for inj in rep.get("injuries", []):
            effect = L.lasting(inj["result"])
            if effect.mng or effect.dead:
                out.append({"round": m["round"], "number": inj["number"], "name": inj["name"],
                            "result": inj["result"], "casualty": casualty_name(inj["result"]),
                            "dead": effect.dead})
    return out


def _penalties(sides: list[tuple[dict[str, Any], dict[str, Any]]]) -> list[dict[str, Any]]:
    """The manager's penalties, as the matches noted them: before the match (an inducement
    skipped, a manager program's fault) and after it (an illegal improvement replaced, a
    purchase, firing or Journeyman skipped)."""
    out = []
    for m, rep in sides:
        for note in rep.get("prematch", {}).get("notes", []):
            out.append({"round": m["round"], "fixture": m["fixture"], "when": PRE_MATCH, "note": note})
        for note in rep.get("penalties", []):
            out.append({"round": m["round"], "fixture": m["fixture"], "when": POST_MATCH, "note": note})
    return out


def leaders(store: Store, ranks: int = LEADER_RANKS) -> dict[str, list[dict[str, Any]]]:
    """Per category, the players ranked `ranks` or higher by their league record (best first;
    tied players share a rank, and all who tie at the last rank are listed); a player with
    none in a category is not ranked in it."""
    people = [(e, p) for e in store.entries() for p in _people(e)]
    out: dict[str, list[dict[str, Any]]] = {}
    for category in CATEGORIES:
        rows: list[dict[str, Any]] = [
            {"team": e.name, "number": p.number, "name": p.name, "position": p.position.name,
             "value": p.spp if category == "spp" else p.record.get(category, 0)} for e, p in people]
        rows = sorted((r for r in rows if r["value"] > 0),
                      key=lambda r: (-r["value"], r["team"], r["number"]))
        ranked: list[dict[str, Any]] = []
        for i, r in enumerate(rows):
            rank = ranked[-1]["rank"] if ranked and ranked[-1]["value"] == r["value"] else i + 1
            if rank > ranks:
                break
            ranked.append({"rank": rank, **r, "tied": False})
        for r in ranked:
            r["tied"] = sum(1 for o in ranked if o["rank"] == r["rank"]) > 1
        out[category] = ranked
    return out
