"""League rules of the engine (LRB6 §15-16): Star Player Points and titles, the improvement
roll's menu and the value each improvement adds, characteristic limits, which skills a player
may gain, the lasting effects of casualty-table results, and the post-match money and Fan
Factor rolls. Pure functions without I/O; `nuffle.league` applies them to persistent teams.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from nuffle.core.skills import Skill
from nuffle.core.teams import Positional, skill_categories

# SPP per event (TABLES §14).
SPP_COMPLETION, SPP_TOUCHDOWN, SPP_CASUALTY, SPP_INTERCEPTION, SPP_MVP = 1, 3, 2, 2, 5
# Cumulative SPP at which a player earns an improvement roll, and the title each gives.
THRESHOLDS = (6, 16, 31, 51, 76, 176)
TITLES = ("Rookie", "Experienced", "Veteran", "Emerging Star", "Star", "Super Star", "Legend")
STATS = ("ma", "st", "ag", "av")
MAX_INCREASE = 2  # above the starting value
MAX_STAT = 10
MAX_LOSS = 2  # below the starting value [?]
MIN_STAT = 1


class Gain(Enum):
    """What an improvement gives: a Normal- or Double-category skill or +1 to a characteristic."""

    NORMAL = "normal"
    DOUBLE = "double"
    MA = "ma"
    ST = "st"
    AG = "ag"
    AV = "av"


# The value an improvement adds to the player (TABLES §14).
GAIN_VALUE = {Gain.NORMAL: 20_000, Gain.DOUBLE: 30_000, Gain.MA: 30_000, Gain.AV: 30_000,
              Gain.AG: 40_000, Gain.ST: 50_000}
EXCLUSIVE = ((Skill.GRAB, Skill.FRENZY),)  # a player may not have both


def improvements_earned(spp: int) -> int:
    """How many improvement rolls `spp` cumulative SPP have earned."""
    return sum(1 for t in THRESHOLDS if spp >= t)


def title(spp: int) -> str:
    """The player's title (Rookie ... Legend)."""
    return TITLES[improvements_earned(spp)]


def menu(a: int, b: int) -> frozenset[Gain]:
    """The kinds of improvement a 2D6 improvement roll of `a` and `b` offers (TABLES §13)."""
    total = a + b
    out = {Gain.NORMAL}
    if a == b:
        out.add(Gain.DOUBLE)
    if total == 10:
        out |= {Gain.MA, Gain.AV}
    elif total == 11:
        out.add(Gain.AG)
    elif total == 12:
        out.add(Gain.ST)
    return frozenset(out)


def skill_category(skill: Skill) -> str:
    """A skill's category letter (G, A, P, S, M, E); '' if it has none."""
    found = skill_categories()[1].get(skill)
    return found[0] if found else ""


def skill_gain(position: Positional, skill: Skill) -> Gain | None:
    """Whether `position` gains `skill` as a Normal or Double skill (None: never)."""
    letter = skill_category(skill)
    if not letter or letter == "E":
        return None
    if letter in position.normal:
        return Gain.NORMAL
    if letter in position.double:
        return Gain.DOUBLE
    return None


def skill_problem(position: Positional, has: frozenset[Skill], skill: Skill, allowed: Gain) -> str:
    """Why a player of `position` with skills `has` may not take `skill` with an improvement
    that allows `allowed` (NORMAL, or DOUBLE which also allows Normal skills); '' if he may."""
    if skill in has:
        return "he already has it"
    for pair in EXCLUSIVE:
        if skill in pair and any(other in has for other in pair if other is not skill):
            return f"{' and '.join(s.name.title() for s in pair)} exclude each other"
    gain = skill_gain(position, skill)
    if gain is None:
        return f"{position.name}s may not gain it"
    if gain is Gain.DOUBLE and allowed is not Gain.DOUBLE:
        return "it needs a double"
    return ""


def increase_problem(start: int, increases: int, losses: int) -> str:
    """Why a characteristic may not go up once more (its limit); '' if it may. The limit is
    on the value, not on the raises taken (RULES §16.2: not more than 2 above its starting
    value, nor above 10): a player who lost a point to an injury may win it back beyond two
    raises (docs/RULES_NOTES.md)."""
    if increases - losses + 1 > MAX_INCREASE:
        return f"it would be more than {MAX_INCREASE} above its starting value {start}"
    if start + increases - losses + 1 > MAX_STAT:
        return f"it would exceed {MAX_STAT}"
    return ""


@dataclass(frozen=True, slots=True)
class Lasting:
    """The lasting effect of a casualty-table result: misses the next game, a niggling injury,
    a characteristic lost (one of STATS or ''), dead."""

    mng: bool
    niggle: bool
    loss: str
    dead: bool


def lasting(d68: int) -> Lasting:
    """What a casualty-table result (D68, TABLES §11) does beyond this match."""
    if d68 < 40:
        return Lasting(False, False, "", False)
    if d68 >= 61:
        return Lasting(False, False, "", True)
    loss = {53: "ma", 54: "ma", 55: "av", 56: "av", 57: "ag", 58: "st"}.get(d68, "")
    return Lasting(True, d68 in (51, 52), loss, False)


def winnings(die: int, fame: int, won_or_drew: bool) -> int:
    """Gold won after the match: (D6 + FAME + 1 if won or drew) x 10,000."""
    return (die + fame + int(won_or_drew)) * 10_000


def fan_factor_change(total: int, fan_factor: int, outcome: int) -> int:
    """The Fan Factor change for the roll `total` (3D6 for the winner, 2D6 otherwise);
    `outcome` is 1 won, 0 drew, -1 lost."""
    if outcome > 0:
        return int(total > fan_factor)
    if outcome == 0:
        return 1 if total > fan_factor else -1 if total < fan_factor else 0
    return -1 if total < fan_factor else 0


def spiralling_expenses(tv: int) -> int:
    """Spiralling expenses for a team of value `tv` (TABLES §15)."""
    return 0 if tv < 1_750_000 else 10_000 * (1 + (tv - 1_750_000) // 150_000)


def improvement_options(
    position: Positional, has: frozenset[Skill], increases: dict[str, int], losses: dict[str, int],
    a: int, b: int, skills: frozenset[Skill],
) -> list[tuple[Gain, Skill | None]]:
    """Every improvement a player may take after rolling `a` and `b`: (gain, skill) pairs, the
    skills drawn from `skills` (those the engine implements), characteristic increases within
    their limits."""
    offered = menu(a, b)
    out: list[tuple[Gain, Skill | None]] = []
    for skill in sorted(skills, key=lambda s: s.value):
        gain = skill_gain(position, skill)
        allowed = Gain.DOUBLE if Gain.DOUBLE in offered else Gain.NORMAL
        if gain is not None and gain in offered and not skill_problem(position, has, skill, allowed):
            out.append((gain, skill))
    for gain in (Gain.MA, Gain.ST, Gain.AG, Gain.AV):
        stat = gain.value
        start = getattr(position, stat)
        if gain in offered and not increase_problem(start, increases.get(stat, 0), losses.get(stat, 0)):
            out.append((gain, None))
    return out


# Necromancer (Undead, Necromantic) and Nurgle's Rot raise killed opponents (RULES §17).
NECROMANCER_RACES = ("undead", "necromantic")
NECROMANCER_POSITION = "Zombie"
NURGLE_POSITION = "Rotter"
NOT_RAISED = frozenset({Skill.REGENERATION, Skill.STUNTY, Skill.DECAY})
MAX_RAISED_ST = 4


def raisable(st: int, skills: frozenset[Skill]) -> bool:
    """Whether a killed player may be raised by a Necromancer: ST 4 or less and no
    Regeneration, Stunty or Decay."""
    return st <= MAX_RAISED_ST and not (skills & NOT_RAISED)


# A conceding team's players with this many SPP may leave (roll D6: 1-3 leaves) [?].
CONCESSION_SPP = 51
CONCESSION_LEAVES_ON = 3
