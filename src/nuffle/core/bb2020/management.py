"""Team management between BB2020 games (RULES.md §16.4): hiring a rookie at the roster's cost
(at most 16 players, within the positional's maximum), firing (free, no refund), and buying a
re-roll (double the roster price after creation, at most 8), an apothecary (where the roster
allows one), an assistant coach or a cheerleader, all from the treasury. A player with a
lasting injury may be temporarily retired (`retire`). Each returns a new team, or raises one
PostGameError line and changes nothing.
"""

from __future__ import annotations

from dataclasses import replace
from enum import Enum

from nuffle.core.bb2020.advancement import must_spend
from nuffle.core.bb2020.league_team import (
    MAX_PLAYERS,
    MAX_REROLLS,
    Player2020,
    PostGameError,
    Team2020,
    creation,
    new_player,
)


class Staff(Enum):
    """What a team may buy besides players."""

    REROLL = "reroll"
    APOTHECARY = "apothecary"
    ASSISTANT_COACH = "assistant_coach"
    CHEERLEADER = "cheerleader"


def staff_price(team: Team2020, item: Staff) -> int:
    """What `item` costs `team` now."""
    if item is Staff.REROLL:
        return team.reroll_price
    return creation()[item.value]


def staff_problem(team: Team2020, item: Staff) -> str:
    """Why `team` may not buy `item` now; '' if it may."""
    price = staff_price(team, item)
    if price > team.treasury:
        return (f"{team.name}: cannot afford a {item.value.replace('_', ' ')} "
                f"({price:,}; treasury {team.treasury:,})")
    if item is Staff.REROLL and team.rerolls >= MAX_REROLLS:
        return f"{team.name}: already has the maximum of {MAX_REROLLS} re-rolls"
    if item is Staff.APOTHECARY:
        if not team.team.apothecary:
            return f"{team.name}: {team.team.name} teams may not have an apothecary"
        if team.apothecary:
            return f"{team.name}: already has an apothecary"
    return ""


def buy(team: Team2020, item: Staff) -> Team2020:
    """`team` after buying `item`; PostGameError if it may not."""
    why = staff_problem(team, item)
    if why:
        raise PostGameError(why)
    team = replace(team, treasury=team.treasury - staff_price(team, item))
    if item is Staff.REROLL:
        return replace(team, rerolls=team.rerolls + 1)
    if item is Staff.APOTHECARY:
        return replace(team, apothecary=True)
    if item is Staff.ASSISTANT_COACH:
        return replace(team, assistant_coaches=team.assistant_coaches + 1)
    return replace(team, cheerleaders=team.cheerleaders + 1)


def hire_problem(team: Team2020, position: str) -> str:
    """Why `team` may not hire a rookie `position` now; '' if it may."""
    pos = team.team.positional(position)
    if pos is None:
        return (f"{team.name}: {team.team.name} has no positional {position!r} "
                f"(choose one of {', '.join(p.name for p in team.team.positionals)})")
    if len(team.players) >= MAX_PLAYERS:
        return f"{team.name}: already has {MAX_PLAYERS} players"
    have = sum(1 for p in team.players if p.position.name == pos.name)
    if have >= pos.max_qty:
        return f"{team.name}: already has {have} of {pos.name} (the limit is {pos.max_qty})"
    if pos.cost > team.treasury:
        return f"{team.name}: cannot afford a {pos.name} ({pos.cost:,}; treasury {team.treasury:,})"
    return ""


def hire(team: Team2020, position: str, name: str | None = None) -> Team2020:
    """`team` after hiring a rookie `position` (the lowest shirt number never worn); PostGameError
    if it may not."""
    why = hire_problem(team, position)
    if why:
        raise PostGameError(why)
    pos = team.team.positional(position)
    assert pos is not None
    player = new_player(pos, team.free_number(), name)
    return replace(team, treasury=team.treasury - pos.cost, players=(*team.players, player))


def hire_journeyman(team: Team2020, journeyman: Player2020) -> Team2020:
    """`team` after hiring for good a Journeyman who played (`PostGameReport.journeymen`) at
    his positional's cost: he keeps the match's SPP and injuries (and no Loner, which only
    Journeymen have); his match number if nobody of the team ever wore it, else the lowest
    free one. PostGameError if the team may not hire him."""
    pos = journeyman.position
    why = hire_problem(team, pos.name)
    if why:
        raise PostGameError(why)
    used = {p.number for p in (*team.players, *team.graveyard, *team.departed)}
    number = journeyman.number if journeyman.number not in used else team.free_number()
    name = journeyman.name if number == journeyman.number else f"Journeyman #{number}"
    player = replace(journeyman, number=number, name=name)
    return replace(team, treasury=team.treasury - pos.cost, players=(*team.players, player))


def fire(team: Team2020, number: int) -> Team2020:
    """`team` without player `number` (no refund; his number is not given again)."""
    gone = team.player(number)
    return replace(team, players=tuple(p for p in team.players if p.number != number),
                   departed=(*team.departed, gone))


def retire(team: Team2020, number: int, retired: bool = True) -> Team2020:
    """`team` with player `number` temporarily retired (or recalled, `retired=False`): a
    retired player sits games out and leaves the current team value, but still counts in the
    team value and against the 16-player and positional limits (RULES §16.4). Only a player
    with a lasting problem (a niggling or lasting injury) may retire."""
    p = team.player(number)
    if retired and not (p.niggles or p.reductions):
        raise PostGameError(f"{team.name}: {p.name} (#{number}) has no lasting injury to retire with")
    return team.with_player(replace(p, retired=retired))


def unspent_problem(team: Team2020) -> str:
    """The first player who must still spend SPP (RULES §16.3: once he can afford a random
    characteristic improvement); '' if none."""
    for p in team.players:
        if must_spend(p):
            return (f"{team.name}: {p.name} (#{p.number}) has {p.spp} SPP and must spend them "
                    "(he can afford a characteristic improvement)")
    return ""
