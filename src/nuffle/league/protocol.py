"""The manager protocol ("nuffle-manager", version 1): a league asks a program in any language
for its team's decisions between matches, one JSON object per line over the program's stdin
and stdout, like the bot protocol (docs/PROTOCOL.md). docs/LEAGUE.md describes the messages and
the JSON Schema is shipped as nuffle/data/competition/manager.schema.json.

League to manager: `hello` (protocol, version, revision, name, seed), then per decision
`manage` with an `id`, the `decision` ("improvement", "roster", "inducements", and since
revision 2 "winnings" and "journeymen" for a manager that asks for them), the `team` (its file,
history included) and the decision's details (since revision 3 a roster decision also gives
the `limits`); finally `bye`. Manager to league: `ready`
(answers hello; its optional `decisions` lists the later decisions it answers), `choice`
(answers an improvement or a winnings decision: the index of the option taken), `roster`
(answers a roster decision: shirt numbers to `fire` and purchases to `buy`), `inducements`
(answers an inducements decision: what to `take`), `keep` (answers a journeymen decision: the
shirt numbers to hire).
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from nuffle.core.errors import InputError
from nuffle.league.inducing import Induce
from nuffle.league.management import KINDS, MAX_STAFF, Purchase, price
from nuffle.league.team import Improvement, LeaguePlayer, LeagueTeam

PROTOCOL = "nuffle-manager"
VERSION = 1
#: Changes within a version only add; 2 added the winnings and journeymen decisions, asked only
#: of a manager whose `ready` lists them in `decisions`.
REVISION = 3
#: The decisions a manager answers only when its `ready` lists them.
OPTIONAL_DECISIONS = ("winnings", "journeymen")
WINNINGS_OPTIONS = ("keep", "reroll")


class ManagerProtocolError(InputError):
    """A manager message that does not follow the protocol (the text names what is wrong)."""


def hello(name: str, seed: int) -> dict[str, Any]:
    """The first message."""
    return {"type": "hello", "protocol": PROTOCOL, "version": VERSION, "revision": REVISION, "name": name,
            "seed": seed}


def parse_ready(msg: dict[str, Any]) -> frozenset[str]:
    """The optional decisions a `ready` message asks for (unknown names are ignored)."""
    if msg.get("type") != "ready":
        raise ManagerProtocolError(f"expected 'ready', got {json.dumps(msg)[:80]}")
    wanted = msg.get("decisions", [])
    if not isinstance(wanted, list) or not all(isinstance(d, str) for d in wanted):
        raise ManagerProtocolError(f"'decisions' must be a list of decision names, not {wanted!r}")
    return frozenset(wanted) & frozenset(OPTIONAL_DECISIONS)


def winnings_request(id_: int, team: LeagueTeam, roll: int, winnings: int) -> dict[str, Any]:
    """Ask the winner whether it re-rolls its winnings D6 (`options`: keep, reroll)."""
    return {"type": "manage", "id": id_, "decision": "winnings", "team": team.to_dict(), "roll": roll,
            "winnings": winnings, "options": list(WINNINGS_OPTIONS)}


def journeymen_request(id_: int, team: LeagueTeam, journeymen: Sequence[LeaguePlayer],
                       cost: int) -> dict[str, Any]:
    """Ask which of the match's Journeymen the team hires for good, at `cost` each."""
    return {"type": "manage", "id": id_, "decision": "journeymen", "team": team.to_dict(),
            "journeymen": [p.to_dict() for p in journeymen], "cost": cost}


def parse_keep(msg: dict[str, Any], id_: int) -> list[int]:
    """The shirt numbers a `keep` message hires."""
    if msg.get("type") != "keep" or msg.get("id") != id_:
        raise ManagerProtocolError(f"expected a 'keep' for request {id_}, got {json.dumps(msg)[:80]}")
    keep = msg.get("keep", [])
    if not isinstance(keep, list) or not all(_int(n) for n in keep):
        raise ManagerProtocolError(f"'keep' must be a list of shirt numbers, not {keep!r}")
    return list(keep)


def improvement_request(id_: int, team: LeagueTeam, player: LeaguePlayer, roll: tuple[int, int],
                        options: Sequence[Improvement]) -> dict[str, Any]:
    """Ask which improvement `player` takes."""
    return {"type": "manage", "id": id_, "decision": "improvement", "team": team.to_dict(),
            "player": player.number, "roll": list(roll), "options": [o.to_dict() for o in options]}


def roster_request(id_: int, team: LeagueTeam) -> dict[str, Any]:
    """Ask whom to fire and what to buy, with today's prices and (revision 3) the limits:
    each positional's most, the roster's 16, the most re-rolls, staff and apothecaries."""
    from nuffle.core.teams import MAX_PLAYERS, MAX_REROLLS, race

    r = race(team.race)
    prices = {k: price(team, Purchase(k)) for k in KINDS if k != "player"}
    players = {p.name: p.cost for p in r.positionals}
    limits = {"players": {p.name: p.max_qty for p in r.positionals}, "roster": MAX_PLAYERS,
              "reroll": MAX_REROLLS, "apothecary": 1 if r.apothecary else 0,
              "assistant_coach": MAX_STAFF, "cheerleader": MAX_STAFF}
    return {"type": "manage", "id": id_, "decision": "roster", "team": team.to_dict(),
            "prices": {**prices, "players": players}, "limits": limits}


def inducements_request(id_: int, team: LeagueTeam, opponent: LeagueTeam, budget: int,
                        offer: Sequence[tuple[Induce, int]]) -> dict[str, Any]:
    """Ask what to induce for the next match."""
    return {"type": "manage", "id": id_, "decision": "inducements", "team": team.to_dict(),
            "opponent": opponent.to_dict(), "budget": budget,
            "offer": [{**i.to_dict(), "cost": c} for i, c in offer]}


def parse_inducements(msg: dict[str, Any], id_: int) -> list[Induce]:
    """The inducements an `inducements` message takes."""
    if msg.get("type") != "inducements" or msg.get("id") != id_:
        raise ManagerProtocolError(f"expected 'inducements' for request {id_}, got {json.dumps(msg)[:80]}")
    take = msg.get("take", [])
    if not isinstance(take, list):
        raise ManagerProtocolError(f"'take' must be a list of inducements, not {take!r}")
    out = []
    for t in take:
        ok = isinstance(t, dict) and isinstance(t.get("item"), str) and all(
            isinstance(t.get(k, ""), str) for k in ("name", "skill"))
        if not ok:
            raise ManagerProtocolError(
                f"an inducement must be {{'item', 'name', 'skill'}} strings, not {t!r}")
        out.append(Induce(t["item"], t.get("name", ""), t.get("skill", "")))
    return out


def _int(v: Any) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


def parse_choice(msg: dict[str, Any], id_: int, n: int) -> int:
    """The option index a `choice` message takes; ManagerProtocolError if it is not one."""
    if msg.get("type") != "choice" or msg.get("id") != id_:
        raise ManagerProtocolError(f"expected a 'choice' for request {id_}, got {json.dumps(msg)[:80]}")
    index = msg.get("choice")
    if not isinstance(index, int) or isinstance(index, bool) or not 0 <= index < n:
        raise ManagerProtocolError(f"'choice' must be an option index from 0 to {n - 1}, not {index!r}")
    return index


def parse_roster(msg: dict[str, Any], id_: int) -> tuple[list[int], list[Purchase]]:
    """The players to fire and the purchases of a `roster` message."""
    if msg.get("type") != "roster" or msg.get("id") != id_:
        raise ManagerProtocolError(f"expected a 'roster' for request {id_}, got {json.dumps(msg)[:80]}")
    fire, buy = msg.get("fire", []), msg.get("buy", [])
    if not isinstance(fire, list) or not all(_int(n) for n in fire):
        raise ManagerProtocolError(f"'fire' must be a list of shirt numbers, not {fire!r}")
    if not isinstance(buy, list):
        raise ManagerProtocolError(f"'buy' must be a list of purchases, not {buy!r}")
    items = []
    for b in buy:
        if not isinstance(b, dict) or b.get("kind") not in KINDS:
            raise ManagerProtocolError(f"a purchase must be {{'kind': one of {', '.join(KINDS)}}}, not {b!r}")
        position = b.get("position", "")
        if b["kind"] == "player" and not isinstance(position, str):
            raise ManagerProtocolError(f"a player purchase needs a 'position' name, not {position!r}")
        items.append(Purchase(b["kind"], position if b["kind"] == "player" else ""))
    return list(fire), items


def schema() -> dict[str, Any]:
    """The manager protocol's JSON Schema (draft 2020-12)."""
    from importlib import resources

    text = resources.files("nuffle.data").joinpath("competition/manager.schema.json").read_text()
    data: dict[str, Any] = json.loads(text)
    return data
