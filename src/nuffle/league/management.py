"""What a coach may buy, hire and fire between matches, paid from the treasury (RULES §16.3):
re-rolls at double the roster price, players at their cost within the roster limits and 16
players, an apothecary (where the roster allows), assistant coaches and cheerleaders. Fan Factor
is never bought after creation. Every purchase either applies whole or raises TeamError naming
the reason, changing nothing.
"""

from __future__ import annotations

from dataclasses import dataclass

from nuffle.core.teams import MAX_PLAYERS, MAX_REROLLS, TeamError, plural, race
from nuffle.league.team import APOTHECARY_VALUE, STAFF_VALUE, LeaguePlayer, LeagueTeam

MAX_STAFF = 10  # assistant coaches or cheerleaders a team may hold [?]


@dataclass(frozen=True, slots=True)
class Purchase:
    """One thing to buy: `kind` is 'player' (with `position`), 'reroll', 'apothecary',
    'assistant_coach' or 'cheerleader'."""

    kind: str
    position: str = ""


KINDS = ("player", "reroll", "apothecary", "assistant_coach", "cheerleader")


def price(team: LeagueTeam, item: Purchase) -> int:
    """What `item` costs `team` now (after creation)."""
    if item.kind == "reroll":
        return 2 * team.reroll_cost
    if item.kind == "apothecary":
        return APOTHECARY_VALUE
    if item.kind in ("assistant_coach", "cheerleader"):
        return STAFF_VALUE
    if item.kind == "player":
        pos = race(team.race).positional(item.position)
        if pos is None:
            raise TeamError(f"{team.name}: {race(team.race).name} has no positional {item.position!r}")
        return pos.cost
    raise TeamError(f"unknown purchase {item.kind!r} (one of {', '.join(KINDS)})")


def problem(team: LeagueTeam, item: Purchase) -> str:
    """Why `team` may not buy `item` now; '' if it may."""
    try:
        cost = price(team, item)
    except TeamError as exc:
        return str(exc)
    if cost > team.treasury:
        return f"{team.name}: cannot afford {describe(item)} ({cost:,}; treasury {team.treasury:,})"
    if item.kind == "reroll" and team.rerolls >= MAX_REROLLS:
        return f"{team.name}: already has the maximum of {MAX_REROLLS} re-rolls"
    if item.kind == "apothecary":
        if not race(team.race).apothecary:
            return f"{team.name}: {race(team.race).name} teams may not have an apothecary"
        if team.apothecary:
            return f"{team.name}: already has an apothecary"
    if item.kind in ("assistant_coach", "cheerleader"):
        have = team.assistant_coaches if item.kind == "assistant_coach" else team.cheerleaders
        if have >= MAX_STAFF:
            return f"{team.name}: already has {MAX_STAFF} {item.kind.replace('_', ' ')}s"
    if item.kind == "player":
        if len(team.players) >= MAX_PLAYERS:
            return f"{team.name}: already has {MAX_PLAYERS} players"
        pos = race(team.race).positional(item.position)
        assert pos is not None  # price() checked it
        n = sum(1 for p in team.players if p.position.name == pos.name)
        if n >= pos.max_qty:
            return f"{team.name}: already has {n} {plural(pos.name, n)} (the limit is {pos.max_qty})"
        if not team.free_numbers():
            return f"{team.name}: no shirt number is left (a number is never given to a second player)"
    return ""


def describe(item: Purchase) -> str:
    """'a re-roll', 'a Blitzer', ..."""
    return f"a {item.position}" if item.kind == "player" else f"a {item.kind.replace('_', ' ')}"


def buy(team: LeagueTeam, item: Purchase) -> None:
    """Buy `item` for `team` from its treasury; TeamError (nothing changed) if it may not."""
    why = problem(team, item)
    if why:
        raise TeamError(why)
    team.treasury -= price(team, item)
    if item.kind == "reroll":
        team.rerolls += 1
    elif item.kind == "apothecary":
        team.apothecary = True
    elif item.kind == "assistant_coach":
        team.assistant_coaches += 1
    elif item.kind == "cheerleader":
        team.cheerleaders += 1
    else:
        pos = race(team.race).positional(item.position)
        assert pos is not None
        number = team.free_numbers()[0]
        team.players.append(LeaguePlayer(pos, number, f"{pos.name} #{number}"))


def fire(team: LeagueTeam, number: int) -> LeaguePlayer:
    """Release a player (no refund; he joins the team's `released`, keeping his number);
    TeamError if the team has no such player."""
    p = team.player(number)
    team.release(p)
    return p
