"""Advancement by spending SPP (RULES.md §16.3, TABLES §15): a player buys one of five
advancements, its SPP cost set by how many he already has (at most six):

* a random Primary or Secondary skill: the coach picks a category the player has that access
  to; two D6 one after the other on its 12-skill table (the first 1-3 picks rows 1-6, 4-6 rows
  7-12; the second the row), re-rolled while the skill is one he already has;
* a chosen Primary or Secondary skill of a category he has that access to;
* a random characteristic improvement: a D16 on the table; the coach improves one of the
  characteristics the result offers (none more than twice, none past MA 9, ST 8, AG/PA 1+,
  AV 11+); a result he cannot or will not use may be exchanged for a chosen Secondary skill
  (a 16, "any characteristic", only when he can use none).

Every choice is explicit (`Choice`); a characteristic improvement names the characteristics
the coach prefers, in order, and the Secondary skill he takes otherwise, and is refused before
any die is rolled unless every D16 result leaves him something. A choice that may not be taken
is one PostGameError line and changes nothing.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from nuffle.core.bb2020.league_team import (
    STATS,
    TARGETS,
    Advancement,
    Kind,
    LeagueDice,
    Player2020,
    PostGameError,
    Team2020,
    rules,
)
from nuffle.core.bb2020.rosters import BOUNDS
from nuffle.core.bb2020.skills import CATEGORIES, catalogue

SKILL_KINDS = {Kind.RANDOM_PRIMARY: (True, True), Kind.CHOSEN_PRIMARY: (True, False),
               Kind.RANDOM_SECONDARY: (False, True), Kind.CHOSEN_SECONDARY: (False, False)}  # primary, random
# The cost column of each kind (a random Secondary skill costs what a chosen Primary does).
COST_COLUMN = {Kind.RANDOM_PRIMARY: "random_primary", Kind.CHOSEN_PRIMARY: "chosen_primary",
               Kind.RANDOM_SECONDARY: "chosen_primary", Kind.CHOSEN_SECONDARY: "chosen_secondary",
               Kind.CHARACTERISTIC: "characteristic"}


@dataclass(frozen=True, slots=True)
class Choice:
    """What the coach buys: `category` for a random skill, `skill` for a chosen one; for a
    characteristic improvement `prefer` (characteristics in the order he wants them) and
    `otherwise` (the chosen Secondary skill taken when the roll offers none of them)."""

    kind: Kind
    category: str | None = None
    skill: str | None = None
    prefer: tuple[str, ...] = ()
    otherwise: str | None = None


def random_primary(category: str) -> Choice:
    """A random Primary skill of `category` (a letter of AGMPS)."""
    return Choice(Kind.RANDOM_PRIMARY, category=category)


def random_secondary(category: str) -> Choice:
    """A random Secondary skill of `category`."""
    return Choice(Kind.RANDOM_SECONDARY, category=category)


def chosen_primary(skill: str) -> Choice:
    """The Primary skill `skill`."""
    return Choice(Kind.CHOSEN_PRIMARY, skill=skill)


def chosen_secondary(skill: str) -> Choice:
    """The Secondary skill `skill`."""
    return Choice(Kind.CHOSEN_SECONDARY, skill=skill)


def characteristic(prefer: tuple[str, ...], otherwise: str | None = None) -> Choice:
    """A random characteristic improvement: the first of `prefer` the D16 offers and he may
    take, else the chosen Secondary skill `otherwise`."""
    return Choice(Kind.CHARACTERISTIC, prefer=tuple(prefer), otherwise=otherwise)


@dataclass(frozen=True, slots=True)
class AdvanceReport:
    """One advancement bought: what it gave, its SPP cost and the dice rolled for it."""

    number: int
    advancement: Advancement
    cost: int
    rolls: tuple[int, ...]


def cost(kind: Kind, level: int) -> int:
    """The SPP `kind` costs a player who has `level` advancements (0-5) (TABLES §15)."""
    table = rules()["advancement_costs"]
    if not 0 <= level < len(table):
        raise PostGameError(f"a player with {level} advancements cannot advance (at most {len(table)})")
    return int(table[level][COST_COLUMN[kind]])


def must_spend(player: Player2020) -> bool:
    """Whether he must spend SPP now: he can afford a random characteristic improvement at his
    level (RULES §16.3) and is not yet a Legend."""
    top = len(rules()["advancement_costs"])
    return player.level < top and player.spp >= cost(Kind.CHARACTERISTIC, player.level)


def gained_label(skill: str) -> str:
    """The skill as gained: a skill that carries a value gets its printed "(+1)"."""
    found = catalogue().get(skill)
    return f"{skill} (+1)" if found is not None and found.parameter == "+X" else skill


def skill_problem(player: Player2020, skill: str, primary: bool) -> str:
    """Why `player` may not gain `skill` as a Primary (`primary`) or Secondary skill; '' if he may."""
    found = catalogue().get(skill.split(" (", 1)[0])
    if found is None or found.trait:
        return f"{skill!r} is not a skill of the BB2020 catalogue (traits are never gained)"
    if player.has(found.name):
        return f"{player.name} (#{player.number}) already has {found.name}"
    access = player.position.primary if primary else player.position.secondary
    if found.category not in access:
        return (f"{found.name} is a {catalogue().categories[found.category]} skill, not one of "
                f"{player.position.name}'s {'primary' if primary else 'secondary'} categories "
                f"({access or 'none'})")
    return ""


def stat_problem(player: Player2020, stat: str) -> str:
    """Why `stat` may not be improved once more; '' if it may."""
    value = player.stat(stat)
    if value is None:
        return f"{player.name} has no {stat.upper()} characteristic"
    if player.improvements(stat) >= int(rules()["max_improvements_per_characteristic"]):
        return f"{stat.upper()} was improved twice already"
    low, high = BOUNDS[stat]
    if (value - 1 < low) if stat in TARGETS else (value + 1 > high):
        return f"{stat.upper()} is at its maximum"
    return ""


def characteristic_row(d16: int) -> tuple[tuple[str, ...], bool]:
    """The characteristics a D16 result offers and whether it may be exchanged for a chosen
    Secondary skill by choice."""
    for row in rules()["characteristic_table"]:
        if int(row["from"]) <= d16 <= int(row["to"]):
            return tuple(row["stats"]), bool(row["swap"])
    raise PostGameError(f"no characteristic improvement for a D16 of {d16}")


def resolve(player: Player2020, d16: int, prefer: tuple[str, ...],
            otherwise: str | None) -> Advancement | None:
    """What a D16 of `d16` gives under the preferences (None: nothing he may take)."""
    stats, swap = characteristic_row(d16)
    usable = [s for s in stats if not stat_problem(player, s)]
    for s in prefer:
        if s in usable:
            return Advancement(Kind.CHARACTERISTIC, stat=s)
    if otherwise is not None and (swap or not usable):
        return Advancement(Kind.CHARACTERISTIC, skill=gained_label(otherwise))
    return None


def choice_problem(player: Player2020, choice: Choice) -> str:
    """Why `player` may not buy `choice` now (checked before any die); '' if he may."""
    try:
        price = cost(choice.kind, player.level)
    except PostGameError:
        return f"{player.name} (#{player.number}) is a Legend: six advancements is the most"
    if player.spp < price:
        return (f"{player.name} (#{player.number}) has {player.spp} SPP; a "
                f"{choice.kind.value.replace('_', ' ')} costs {price} at his level")
    if choice.kind is Kind.CHARACTERISTIC:
        return _characteristic_problem(player, choice)
    primary, randomly = SKILL_KINDS[choice.kind]
    if randomly:
        letter = choice.category or ""
        access = player.position.primary if primary else player.position.secondary
        if letter not in CATEGORIES or letter not in access:
            return (f"{letter!r} is not one of {player.position.name}'s "
                    f"{'primary' if primary else 'secondary'} categories ({access or 'none'})")
        if all(player.has(s) for s in catalogue().table[letter]):
            return f"{player.name} (#{player.number}) has every {catalogue().categories[letter]} skill"
        return ""
    if choice.skill is None:
        return "a chosen skill names the skill (skill=...)"
    return skill_problem(player, choice.skill, primary)


def _characteristic_problem(player: Player2020, choice: Choice) -> str:
    bad = [s for s in choice.prefer if s not in STATS]
    if bad or len(set(choice.prefer)) < len(choice.prefer):
        return f"prefer lists characteristics ({', '.join(STATS)}) once each, not {choice.prefer!r}"
    if choice.otherwise is not None:
        why = skill_problem(player, choice.otherwise, primary=False)
        if why:
            return why
    for d16 in range(1, 17):
        if resolve(player, d16, choice.prefer, choice.otherwise) is None:
            stats, _ = characteristic_row(d16)
            return (f"a D16 of {d16} ({' or '.join(s.upper() for s in stats)}) would leave "
                    f"{player.name} (#{player.number}) nothing: prefer one he may improve"
                    f"{'' if choice.otherwise else ' or name a Secondary skill (otherwise=...)'}")
    return ""


def advance(team: Team2020, number: int, choice: Choice,
            dice: LeagueDice) -> tuple[Team2020, AdvanceReport]:
    """Player `number` buys `choice`; returns the new team and what he got. PostGameError
    (before any die, the team unchanged) if he may not."""
    player = team.player(number)
    why = choice_problem(player, choice)
    if why:
        raise PostGameError(why)
    price = cost(choice.kind, player.level)
    rolls: list[int] = []
    if choice.kind is Kind.CHARACTERISTIC:
        d16 = dice.roll(16, f"#{number} characteristic improvement")
        rolls.append(d16)
        got = resolve(player, d16, choice.prefer, choice.otherwise)
        assert got is not None  # choice_problem checked every result
    elif SKILL_KINDS[choice.kind][1]:
        assert choice.category is not None
        skill = _random_skill(player, choice.category, dice, rolls)
        got = Advancement(choice.kind, skill=gained_label(skill))
    else:
        assert choice.skill is not None
        got = Advancement(choice.kind, skill=gained_label(choice.skill.split(" (", 1)[0]))
    new = replace(player, spp=player.spp - price, advancements=(*player.advancements, got))
    return team.with_player(new), AdvanceReport(number, got, price, tuple(rolls))


def random_skill(d6_first: int, d6_second: int, category: str) -> str:
    """The skill two D6 pick on `category`'s table (first 1-3: rows 1-6, 4-6: rows 7-12)."""
    return catalogue().table[category][(0 if d6_first <= 3 else 6) + d6_second - 1]


def _random_skill(player: Player2020, category: str, dice: LeagueDice, rolls: list[int]) -> str:
    while True:
        first = dice.roll(6, f"#{player.number} random skill (half)")
        second = dice.roll(6, f"#{player.number} random skill (row)")
        rolls += [first, second]
        skill = random_skill(first, second, category)
        if not player.has(skill):
            return skill
