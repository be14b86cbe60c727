"""The league's ledger: one row for everything that changes a team's players or gold (a team
entering, inducements, winnings, spiralling expenses, level-ups, deaths, retirements, raised
players, Journeymen hired, firings and purchases), each with what it was worth and what it
changed the treasury by, so an entry's treasury is the sum of its rows' `treasury`."""

from __future__ import annotations

from typing import Any

from nuffle.core import league as L
from nuffle.league.inducing import Induce
from nuffle.league.postmatch import SideReport
from nuffle.league.store import LedgerRow
from nuffle.league.team import LeaguePlayer, LeagueTeam


def _find(team: LeagueTeam, number: int) -> LeaguePlayer | None:
    return next((p for p in team.players + team.graveyard + team.released if p.number == number), None)


def _row(entry: int, team: LeagueTeam, kind: str, number: int, gold: int, treasury: int = 0,
         **detail: Any) -> LedgerRow:
    p = _find(team, number)
    return LedgerRow(entry, kind, number, p.name if p is not None else f"#{number}", gold, treasury, detail)


def inducement_rows(entry: int, team: LeagueTeam, bought: list[tuple[Induce, int]],
                    petty_cash: int = 0) -> list[LedgerRow]:
    """What a team induced for a match (paid from its inducement budget), and the petty cash
    its treasury added to the budget (`league new --petty-cash`)."""
    out = [LedgerRow(entry, "inducement", None, team.name, cost, 0, i.to_dict()) for i, cost in bought]
    if petty_cash:
        out.append(LedgerRow(entry, "petty_cash", None, team.name, petty_cash, -petty_cash, {}))
    return out


def postmatch_rows(entry: int, before: LeagueTeam, after: LeagueTeam, rep: SideReport) -> list[LedgerRow]:
    """The rows of one team's post-match sequence (`before`: the team as it entered the match;
    `after`: as the sequence left it, before the manager fired and bought)."""
    out = [LedgerRow(entry, "winnings", None, after.name, rep.winnings, rep.winnings,
                     {"rolls": list(rep.winnings_rolls)})]
    if rep.expenses:
        paid = max(0, before.treasury + rep.winnings - rep.expenses) - before.treasury - rep.winnings
        out.append(LedgerRow(entry, "expenses", None, after.name, rep.expenses, paid, {}))
    for imp in rep.improvements:
        gain = L.Gain(imp["gain"])
        detail = {"roll": imp["roll"], "gain": imp["gain"]}
        if "skill" in imp:
            detail["skill"] = imp["skill"]
        out.append(_row(entry, after, "level_up", imp["number"], L.GAIN_VALUE[gain], **detail))
    for inj in rep.injuries:
        if L.lasting(inj["result"]).dead:
            p = _find(after, inj["number"])
            out.append(_row(entry, after, "death", inj["number"], p.value if p else 0, result=inj["result"]))
    for number in rep.left:
        p = _find(after, number)
        out.append(_row(entry, after, "retirement", number, p.value if p else 0, spp=p.spp if p else 0))
    for number in rep.raised:
        p = _find(after, number)
        out.append(_row(entry, after, "raised", number, p.position.cost if p else 0))
    for number in rep.kept:
        p = _find(after, number)
        cost = p.position.cost if p else 0
        out.append(_row(entry, after, "hire", number, cost, -cost, spp=p.spp if p else 0))
    return out
