"""Buying inducements before a league match (RULES §16.6): the team with the lower Team Value
gets the difference as its budget (treasury gold is added only in a league with petty cash,
`nuffle.league.runner.prepare` [?]) and its manager chooses from
the offer: Bloodweiser Babes, Bribes, Extra Team Training, a Halfling Master Chef, Igor,
Wandering Apothecaries, a Wizard (each within its limit and the roster's rules), star players who play
for the race (at most two) and mercenaries (a positional with Loner and, for 50,000 more, one
Normal skill). A choice the team may not make (over the budget, past a limit, unknown) is
skipped and noted: the documented penalty. Without petty cash only the underdog induces, so
both teams never induce the same star.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from nuffle.core import inducements as I
from nuffle.core import league as L
from nuffle.core.skills import Skill, skill_from_name
from nuffle.core.teams import (
    MAX_PLAYERS,
    MAX_STARS,
    Inducements,
    PlayerSpec,
    TeamSpec,
    implemented_skills,
    race,
)
from nuffle.league.team import LeagueTeam

RULESET = "lrb6"  # the rules a league match is played by (`Game.new`'s default)


@dataclass(frozen=True, slots=True)
class Induce:
    """One inducement: `item` is babes, bribes, training, chef, igor, apothecaries, wizard, star (with
    the star's `name`) or mercenary (with the positional's `name` and an optional `skill`)."""

    item: str
    name: str = ""
    skill: str = ""

    def to_dict(self) -> dict[str, str]:
        """JSON form."""
        out = {"item": self.item}
        if self.name:
            out["name"] = self.name
        if self.skill:
            out["skill"] = self.skill
        return out


def budget(team: LeagueTeam, opponent: LeagueTeam) -> int:
    """The inducement budget of `team` against `opponent`: the TV difference if it is lower."""
    return max(0, opponent.team_value() - team.team_value())


def offer(team: LeagueTeam, ruleset: str = RULESET) -> list[tuple[Induce, int]]:
    """Everything `team` may induce in a match of `ruleset` (one of each; counted items may be
    taken up to their limit) with its cost: its stars are the ruleset's."""
    r = race(team.race)
    out: list[tuple[Induce, int]] = []
    for item in I.LIMITS:
        if (item == "igor" and r.apothecary) or (item == "apothecaries" and not r.apothecary):
            continue
        out.append((Induce(item), I.cost(item, r.key)))
    have = implemented_skills()
    for name, star in sorted(I.ruleset_stars(ruleset).items()):
        if r.key in star.races and not star.unknown and star.position.skills <= have:
            out.append((Induce("star", name), star.position.cost))
    for pos in r.positionals:
        out.append((Induce("mercenary", pos.name), I.mercenary_cost(pos, False)))
    return out


def induce_price(team: LeagueTeam, choice: Induce, ruleset: str = RULESET) -> int:
    """What the inducement `choice` (one `induce` bought) cost `team`."""
    prices = {(i.item, i.name): c for i, c in offer(team, ruleset)}
    extra = I.MERCENARY_SKILL_FEE if choice.item == "mercenary" and choice.skill else 0
    return prices[(choice.item, choice.name)] + extra


def induce(team: LeagueTeam, spec: TeamSpec, money: int, choices: list[Induce],
           notes: list[str], ruleset: str = RULESET) -> tuple[TeamSpec, list[Induce]]:
    """`spec` with the inducements chosen, in order, while the budget and the limits allow (only
    what `offer` has for `ruleset`); returns the spec and what was bought."""
    r = race(team.race)
    counts = {k: 0 for k in I.LIMITS}
    players = list(spec.players)
    free = [n for n in team.free_numbers() if n not in {p.number for p in players}]
    bought: list[Induce] = []
    prices = {(i.item, i.name): c for i, c in offer(team, ruleset)}
    for choice in choices:
        why = ""
        if not isinstance(choice, Induce) or (choice.item, choice.name) not in prices:
            why = f"{choice!r} is not on offer"
        else:
            price = prices[(choice.item, choice.name)]
            skill: Skill | None = None
            if choice.item == "mercenary" and choice.skill:
                pos = r.positional(choice.name)
                assert pos is not None
                try:
                    skill = skill_from_name(choice.skill)
                except ValueError:
                    skill = None
                if skill is None or L.skill_gain(pos, skill) is not L.Gain.NORMAL or skill in pos.skills \
                        or skill not in implemented_skills():
                    why = f"a {choice.name} mercenary may not take {choice.skill!r}"
                price += I.MERCENARY_SKILL_FEE
            if not why and price > money:
                what = f"{choice.item} {choice.name}".strip()
                why = f"{what} costs {price:,}, the budget left is {money:,}"
            elif not why and choice.item in I.LIMITS and counts[choice.item] >= I.LIMITS[choice.item]:
                why = f"at most {I.LIMITS[choice.item]} {choice.item}"
            elif not why and choice.item in ("star", "mercenary") and len(players) >= MAX_PLAYERS:
                why = f"the team already fields {MAX_PLAYERS} players"
            elif not why and choice.item in ("star", "mercenary") and not free:
                why = "no shirt number is left"
            elif not why and choice.item == "star":
                stars = [p.position.name for p in players if p.position.race == "star"]
                if choice.name in stars or len(stars) >= MAX_STARS:
                    why = f"at most {MAX_STARS} different star players"
            elif not why and choice.item == "mercenary":
                pos = r.positional(choice.name)
                assert pos is not None
                if sum(1 for p in players if p.position.name == pos.name) >= pos.max_qty:
                    why = f"no room for another {choice.name} ({pos.max_qty} at most)"
        if why:
            notes.append(f"inducement skipped: {why}")
            continue
        money -= price
        bought.append(choice)
        if choice.item in I.LIMITS:
            counts[choice.item] += 1
            continue
        number = free.pop(0)
        if choice.item == "star":
            pos = I.stars()[choice.name].position
            players.append(PlayerSpec(pos, number, pos.name))
        else:
            pos = r.positional(choice.name)
            assert pos is not None
            extra = frozenset({Skill.LONER} | ({skill} if skill is not None else set())) - pos.skills
            players.append(PlayerSpec(pos, number, f"Mercenary {pos.name} #{number}", extra))
    induced = Inducements(babes=counts["babes"], bribes=counts["bribes"], training=counts["training"],
                          chef=bool(counts["chef"]), igor=bool(counts["igor"]),
                          apothecaries=counts["apothecaries"], wizard=bool(counts["wizard"]))
    return replace(spec, players=tuple(players), inducements=induced), bought
