"""BB2020 inducements (RULES.md §15, pre-game step 4): what each costs a team (Bribes and the
Biased Referee are cheaper for Bribery and Corruption, the Halfling Master Chef for the Halfling
Thimble Cup), who may take it (Wandering Apothecaries: a roster allowed an apothecary; the
Mortuary Assistant: Sylvanian Spotlight; the Plague Doctor: Favoured of Nurgle; Riotous
Rookies: Low Cost Linemen), its limit, and mercenaries (a positional of the team's roster for
this game, at its cost + 30,000, + 50,000 more for one Primary skill, with Loner (4+)).

A team's purchases gather in a `Cart` (a frozen value): `induce(cart, choice)` returns a new
cart, or raises one `PreGameError` line and changes nothing. The figures are data
(`data/bb2020/pregame.json`). Star players, (In)famous Coaching Staff and Special Plays cards
are not offered: no BB2020 data holds them. What an inducement does in the match is the
engines' (none plays BB2020 yet).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, replace
from enum import Enum
from typing import Any

from nuffle.core.bb2020.advancement import gained_label, skill_problem
from nuffle.core.bb2020.league_team import (
    LeagueStepError,
    Player2020,
    Team2020,
    figures,
    new_player,
    skill_base,
)
from nuffle.core.bb2020.rosters import Positional


class PreGameError(LeagueStepError):
    """A pre-game step that may not be taken (the message says why); nothing is changed."""


def rules() -> dict[str, Any]:
    """The pre-game figures of `data/bb2020/pregame.json`."""
    return figures("pregame")


class Item(Enum):
    """The inducements on offer (their keys in `pregame.json`), and a mercenary."""

    TEMP_CHEERLEADERS = "temp_cheerleaders"
    ASSISTANT_COACHES = "part_time_assistant_coaches"
    WEATHER_MAGE = "weather_mage"
    KEGS = "bloodweiser_kegs"
    TRAINING = "extra_team_training"
    BRIBES = "bribes"
    APOTHECARIES = "wandering_apothecaries"
    MORTUARY_ASSISTANT = "mortuary_assistant"
    PLAGUE_DOCTOR = "plague_doctor"
    RIOTOUS_ROOKIES = "riotous_rookies"
    MASTER_CHEF = "halfling_master_chef"
    WIZARD = "wizard"
    BIASED_REFEREE = "biased_referee"
    MERCENARY = "mercenary"


@dataclass(frozen=True, slots=True)
class Induce2020:
    """One inducement: an `item`; a mercenary names his `position` and may name one `skill`."""

    item: Item
    position: str = ""
    skill: str = ""

    def label(self) -> str:
        """How a report names it: "Bribes", "Mercenary Blitzer (+ Block)"."""
        if self.item is not Item.MERCENARY:
            return str(entry(self.item)["name"])
        return f"Mercenary {self.position}" + (f" (+ {self.skill})" if self.skill else "")


class Hired(Enum):
    """Who plays this game only."""

    JOURNEYMAN = "journeyman"
    MERCENARY = "mercenary"


@dataclass(frozen=True, slots=True)
class MatchPlayer:
    """A player for this game only: a Journeyman or a mercenary, with the skills the game adds
    (`extra`: Loner (4+), a mercenary's skill) and what he adds to the current team value
    (`value`: a Journeyman his positional's cost, a mercenary his price)."""

    player: Player2020
    kind: Hired
    extra: tuple[str, ...]
    value: int

    @property
    def number(self) -> int:
        """His shirt number for this game."""
        return self.player.number

    @property
    def skills(self) -> tuple[str, ...]:
        """His roster's skills and those the game adds."""
        return self.player.skills + self.extra

    def has(self, skill: str) -> bool:
        """Whether he has `skill` this game (by its name, with or without a value)."""
        return any(skill_base(s) == skill_base(skill) for s in self.skills)


def entry(item: Item) -> dict[str, Any]:
    """The data of an inducement (not of a mercenary)."""
    found: dict[str, Any] = rules()["inducements"][item.value]
    return found


def limit(item: Item) -> int:
    """The most of `item` a team may take (a mercenary: as many as the squad has room for)."""
    return int(rules()["match_squad"]) if item is Item.MERCENARY else int(entry(item)["max"])


def price(team: Team2020, choice: Induce2020) -> int:
    """What `choice` costs `team` (its special rules' prices; a mercenary: his positional's
    cost + 30,000, + 50,000 with a skill). PreGameError for a positional the team lacks."""
    r = rules()
    if choice.item is Item.MERCENARY:
        pos = team.team.positional(choice.position)
        if pos is None:
            raise PreGameError(f"{team.name}: {team.team.name} has no positional {choice.position!r} "
                               f"(choose one of {', '.join(p.name for p in team.team.positionals)})")
        return pos.cost + int(r["mercenary_fee"]) + (int(r["mercenary_skill_fee"]) if choice.skill else 0)
    data = entry(choice.item)
    reduced = [int(v) for rule, v in data.get("reduced", {}).items() if rule in team.team.special_rules]
    return min(reduced, default=int(data["cost"]))


def eligible(team: Team2020, item: Item) -> str:
    """Why `team` may never take `item`; '' if it may."""
    if item is Item.MERCENARY:
        return ""
    needs: dict[str, Any] = entry(item).get("requires", {})
    name = entry(item)["name"]
    if needs.get("apothecary") and not team.team.apothecary:
        return f"{team.name}: {name} only for a team allowed an apothecary, not {team.team.name}"
    rule = needs.get("special_rule")
    if rule is not None and rule not in team.team.special_rules:
        return f"{team.name}: {name} only for a team with the {rule} special rule"
    god = needs.get("favoured_of")
    if god is not None and team.favoured_of != god:
        return f"{team.name}: {name} only for a team Favoured of {god}"
    return ""


def offer(team: Team2020) -> list[tuple[Item, int]]:
    """Every inducement but mercenaries `team` may take, with its price (in data-file order)."""
    return [(i, price(team, Induce2020(i))) for i in Item
            if i is not Item.MERCENARY and not eligible(team, i)]


@dataclass(frozen=True, slots=True)
class Cart:
    """One team's inducements so far: the team, the Journeymen it fields, its free `budget`
    (the CTV gap and what the favourite spent from its treasury; the treasury is its own),
    what it bought, in order, its mercenaries and the gold spent."""

    team: Team2020
    journeymen: tuple[MatchPlayer, ...] = ()
    budget: int = 0
    bought: tuple[Induce2020, ...] = ()
    mercenaries: tuple[MatchPlayer, ...] = ()
    spent: int = 0

    @property
    def money(self) -> int:
        """What it may still spend: the budget left and the treasury."""
        return self.budget + self.team.treasury - self.spent

    @property
    def treasury_spent(self) -> int:
        """The part of the spending the treasury pays (the budget goes first)."""
        return max(0, self.spent - self.budget)

    def count(self, item: Item) -> int:
        """How many of `item` it bought."""
        return sum(1 for b in self.bought if b.item is item)

    def squad(self) -> list[Player2020 | MatchPlayer]:
        """Who may play: the players fit for the game, Journeymen and mercenaries."""
        return [*(p for p in self.team.players if p.fit), *self.journeymen, *self.mercenaries]

    def numbers(self) -> set[int]:
        """Shirt numbers taken: every player the team ever had, Journeymen and mercenaries."""
        t = self.team
        return {p.number for p in (*t.players, *t.graveyard, *t.departed)} \
            | {m.number for m in (*self.journeymen, *self.mercenaries)}


def loner(position: Positional, key: str) -> tuple[str, ...]:
    """The Loner a Journeyman (`key` "journeyman_skill") or mercenary ("mercenary_skill") adds:
    Loner (4+), none for a positional with a Loner of its own."""
    if any(s.startswith("Loner") for s in position.skill_labels()):
        return ()
    return (str(rules()[key]),)


def unused_numbers(taken: Iterable[int]) -> list[int]:
    """The shirt numbers from 1 to 99 nobody of `taken` wears, lowest first."""
    used = set(taken)
    return [n for n in range(1, 100) if n not in used]


def problem(cart: Cart, choice: Induce2020) -> str:
    """Why the team of `cart` may not take `choice` now; '' if it may."""
    team = cart.team
    why = eligible(team, choice.item)
    if why:
        return why
    try:
        cost = price(team, choice)
    except PreGameError as exc:
        return str(exc)
    if choice.item is not Item.MERCENARY:
        if choice.position or choice.skill:
            return f"{team.name}: only a mercenary names a positional or a skill"
        if cart.count(choice.item) >= limit(choice.item):
            return f"{team.name}: at most {limit(choice.item)} {entry(choice.item)['name']}"
    else:
        why = _mercenary_problem(cart, choice)
        if why:
            return why
    if cost > cart.money:
        budget, treasury = max(0, cart.budget - cart.spent), cart.team.treasury - cart.treasury_spent
        return (f"{team.name}: {choice.label()} costs {cost:,}; {cart.money:,} is left "
                f"(budget {budget:,}, treasury {treasury:,})")
    return ""


def _mercenary_problem(cart: Cart, choice: Induce2020) -> str:
    team = cart.team
    pos = team.team.positional(choice.position)
    assert pos is not None  # price() found it
    squad = cart.squad()
    most = int(rules()["match_squad"])
    if len(squad) >= most:
        return f"{team.name}: {most} players may play a game, the squad has {len(squad)}"
    same = sum(1 for p in squad if (p.player if isinstance(p, MatchPlayer) else p).position.name == pos.name)
    if same >= pos.max_qty:
        return f"{team.name}: {same} of {pos.name} play already (the limit is {pos.max_qty})"
    if not unused_numbers(cart.numbers()):
        return f"{team.name}: no shirt number is left for a mercenary"
    if choice.skill:
        why = skill_problem(new_player(pos, 0, f"a mercenary {pos.name}"), choice.skill, primary=True)
        if why:
            return f"{team.name}: a mercenary's skill is a Primary skill he may take: {why}"
    return ""


def induce(cart: Cart, choice: Induce2020) -> Cart:
    """`cart` with `choice` bought; PreGameError (the cart unchanged) if it may not be."""
    why = problem(cart, choice)
    if why:
        raise PreGameError(why)
    cost = price(cart.team, choice)
    cart = replace(cart, bought=(*cart.bought, choice), spent=cart.spent + cost)
    if choice.item is not Item.MERCENARY:
        return cart
    pos = cart.team.team.positional(choice.position)
    assert pos is not None
    number = unused_numbers(cart.numbers())[0]
    extra = loner(pos, "mercenary_skill")
    if choice.skill:
        extra = (*extra, gained_label(choice.skill.split(" (", 1)[0]))
    merc = MatchPlayer(new_player(pos, number, f"Mercenary {pos.name} #{number}"), Hired.MERCENARY, extra,
                       cost)
    return replace(cart, mercenaries=(*cart.mercenaries, merc))
