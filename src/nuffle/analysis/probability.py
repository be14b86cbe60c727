"""Exact Blood Bowl odds as `Fraction`s: D6 rolls, re-rolls, plans, armour, injury, fouls, passes.

Rules follow /work/shared/rules (TABLES §1-§5, §10-§12, RULES §11-§13). Block dice live in
`nuffle.analysis.blocks` and are re-exported here. Floats: `to_float` / `floats`.

Re-roll model: a roll is never re-rolled twice. Sources are a skill re-roll (Dodge, Sure Feet,
Sure Hands, Catch, Pass), Pro (4+ allows the re-roll; on 1-3 the roll stands) and the team re-roll
(Loner: 4+ first; a failed check spends the team re-roll). Dodge, Sure Feet and Pro are once per
team turn, modelled as once per sequence. In a sequence every failure ends the plan, so a failed
roll is always re-rolled if possible; the source is chosen to maximise the plan's success (this is
the usual "spend the team re-roll on the first failure no skill covers").
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction

from nuffle.analysis.blocks import (
    ATTACKER_PREFERENCE,
    DEFENDER_PREFERENCE,
    NO_SKILLS,
    BlockOdds,
    BlockResult,
    BlockSkills,
    block_odds,
    block_success,
    face_result,
)
from nuffle.core.errors import InputError

__all__ = [
    "ATTACKER_PREFERENCE", "DEFENDER_PREFERENCE", "NO_SKILLS", "ONCE_PER_TURN", "SKILL_REROLLS",
    "BlockOdds", "BlockResult", "BlockSkills", "BlockStep", "RollStep", "Step",
    "agility_target", "armour_break", "block_odds", "block_success", "casualty_table",
    "catch", "d6_success", "dodge", "face_result", "floats", "foul", "gfi", "injury",
    "interception", "knockdown", "pass_roll", "pickup", "rerolled_results", "sequence_success", "single_roll",
    "to_float", "two_d6",
]

ZERO = Fraction(0)
ONE = Fraction(1)
HALF = Fraction(1, 2)

#: Skills whose re-roll applies to a D6 step.
SKILL_REROLLS = frozenset({"dodge", "surefeet", "surehands", "catch", "pass"})
#: Re-roll sources usable once per team turn (modelled as once per sequence), Pro included.
ONCE_PER_TURN = frozenset({"dodge", "surefeet", "pro"})
#: Pass range modifiers (TABLES §3).
RANGE_MOD = {"Q": 1, "S": 0, "L": -1, "B": -2}


def to_float(x: Fraction) -> float:
    """A Fraction as a float."""
    return float(x)


def floats(dist: Mapping[str, Fraction]) -> dict[str, float]:
    """A distribution of Fractions as floats."""
    return {k: float(v) for k, v in dist.items()}


def agility_target(ag: int) -> int:
    """The base D6 target of an agility roll: 7 - min(AG, 6) (TABLES §1)."""
    if ag < 1:
        raise InputError(f"agility must be at least 1, not {ag}")
    return 7 - min(ag, 6)


def d6_success(target: int, modifier: int = 0, natural_six: bool = True) -> Fraction:
    """P(D6 + modifier >= target); a natural 1 always fails, a natural 6 succeeds if `natural_six`."""
    wins = sum(1 for d in range(2, 7) if d + modifier >= target or (natural_six and d == 6))
    return Fraction(wins, 6)


@dataclass(frozen=True)
class RollStep:
    """One D6 roll of a plan.

    `skill` names a skill re-roll ("dodge", "surefeet", "surehands", "catch", "pass");
    `team_reroll` False forbids spending the team re-roll on this step; `pro_from`: the lowest
    D6 of Pro's check (LRB6 4+, BB2020 3+: `Ruleset.pro_from`).
    """

    target: int
    modifier: int = 0
    natural_six: bool = True
    skill: str | None = None
    pro: bool = False
    loner: bool = False
    team_reroll: bool = True
    pro_from: int = 4

    def chance(self) -> Fraction:
        """P(one roll succeeds)."""
        return d6_success(self.target, self.modifier, self.natural_six)


@dataclass(frozen=True)
class BlockStep:
    """One block of a plan: success is the block goal ("safe", "up" or "kd", see `blocks.GOALS`)."""

    dice: int
    attacker_chooses: bool = True
    attacker: BlockSkills = NO_SKILLS
    defender: BlockSkills = NO_SKILLS
    goal: str = "safe"
    pro: bool = False
    loner: bool = False
    team_reroll: bool = True
    skill: str | None = None  # blocks have no skill re-roll; kept for a uniform interface
    pro_from: int = 4  # the lowest D6 of Pro's check (`RollStep.pro_from`)

    def chance(self) -> Fraction:
        """P(one roll of the dice meets the goal)."""
        return block_success(self.dice, self.attacker_chooses, attacker=self.attacker,
                             defender=self.defender, goal=self.goal)


Step = RollStep | BlockStep


_State = tuple[int, frozenset[str]]  # team re-rolls left, once-per-sequence sources used


def sequence_success(steps: Sequence[Step], team_rerolls: int = 0) -> Fraction:
    """P(every step succeeds) with `team_rerolls` team re-rolls shared by the whole sequence.

    Each failure is re-rolled by the source that maximises the overall success: the step's
    skill re-roll (once per sequence for Dodge/Sure Feet), Pro (4+, once per sequence) or a team
    re-roll (Loner: 4+). Two 2+ rolls with one team re-roll: 25/27.
    """
    if team_rerolls < 0:
        raise InputError("team_rerolls cannot be negative")
    plan = tuple(steps)
    chances = tuple(s.chance() for s in plan)

    def moves(i: int, state: _State) -> list[tuple[str, _State]]:
        """The states step `i` can lead to: on success, and after each re-roll source."""
        rerolls, used = state
        step = plan[i]
        out: list[tuple[str, _State]] = [("pass", state)]
        if step.skill is not None and step.skill not in used:
            out.append(("skill", (rerolls, used | {step.skill} if step.skill in ONCE_PER_TURN else used)))
        if step.pro and "pro" not in used:
            out.append(("pro", (rerolls, used | {"pro"})))
        if rerolls > 0 and step.team_reroll:
            out.append(("team", (rerolls - 1, used)))
        return out

    # Iterative (a plan may have thousands of steps): the reachable states of every step
    # forwards, then the success probability of each backwards.
    levels: list[set[_State]] = [{(team_rerolls, frozenset())}]
    for i in range(len(plan)):
        levels.append({nxt for state in levels[i] for _, nxt in moves(i, state)})
    value: dict[_State, Fraction] = dict.fromkeys(levels[len(plan)], ONE)
    for i in range(len(plan) - 1, -1, -1):
        step, p = plan[i], chances[i]
        here: dict[_State, Fraction] = {}
        for state in levels[i]:
            ahead = ZERO
            retry = ZERO
            for how, nxt in moves(i, state):
                v = value[nxt]
                if how == "pass":
                    ahead = v
                elif how == "pro":
                    retry = max(retry, Fraction(7 - step.pro_from, 6) * p * v)
                elif how == "team":
                    retry = max(retry, (HALF if step.loner else ONE) * p * v)
                else:
                    retry = max(retry, p * v)
            here[state] = p * ahead + (1 - p) * retry
        value = here
    return value[(team_rerolls, frozenset())]


def single_roll(target: int, modifier: int = 0, *, natural_six: bool = True,
                team_reroll: bool = False, skill_reroll: bool = False, pro: bool = False,
                loner: bool = False) -> Fraction:
    """P(one D6 roll succeeds) with the given re-roll sources (TABLES §17)."""
    step = RollStep(target, modifier, natural_six, "skill" if skill_reroll else None, pro, loner)
    return sequence_success([step], int(team_reroll))


def _reroll_chance(team_reroll: bool, skill: bool, pro: bool, loner: bool, pro_from: int = 4) -> Fraction:
    """P(a failed lone roll gets re-rolled) from the best available source (Pro's check
    `pro_from`+, Loner's 4+)."""
    if skill or (team_reroll and not loner):
        return ONE
    return max(Fraction(7 - pro_from, 6) if pro else ZERO, HALF if team_reroll else ZERO)


def gfi(blizzard: bool = False, *, sure_feet: bool = False, team_reroll: bool = False,
        pro: bool = False, loner: bool = False) -> Fraction:
    """P(a Going For It succeeds): 2+, 3+ in a Blizzard (TABLES §12)."""
    return sequence_success([RollStep(3 if blizzard else 2, skill="surefeet" if sure_feet else None,
                                      pro=pro, loner=loner)], int(team_reroll))


def dodge(ag: int, tackle_zones: int = 0, modifier: int = 0, *, stunty: bool = False,
          two_heads: bool = False, dodge_skill: bool = False, tackle: bool = False,
          team_reroll: bool = False, pro: bool = False, loner: bool = False) -> Fraction:
    """P(a dodge succeeds): AG roll +1, -1 per TZ on the destination (Stunty ignores TZs).

    `tackle`: a standing Tackle player is left, so the Dodge re-roll is unavailable.
    """
    mod = 1 + modifier + (1 if two_heads else 0) - (0 if stunty else tackle_zones)
    skill = "dodge" if dodge_skill and not tackle else None
    step = RollStep(agility_target(ag), mod, skill=skill, pro=pro, loner=loner)
    return sequence_success([step], int(team_reroll))


def pickup(ag: int, tackle_zones: int = 0, modifier: int = 0, *, rain: bool = False,
           extra_arms: bool = False, big_hand: bool = False, sure_hands: bool = False,
           team_reroll: bool = False, pro: bool = False, loner: bool = False) -> Fraction:
    """P(a pick-up succeeds): AG roll +1, -1 per TZ, -1 rain (Big Hand ignores TZ and rain)."""
    mod = 1 + modifier + (1 if extra_arms else 0)
    if not big_hand:
        mod -= tackle_zones + (1 if rain else 0)
    step = RollStep(agility_target(ag), mod, skill="surehands" if sure_hands else None, pro=pro,
                    loner=loner)
    return sequence_success([step], int(team_reroll))


def catch(ag: int, tackle_zones: int = 0, modifier: int = 0, *, accurate: bool = True,
          rain: bool = False, extra_arms: bool = False, diving_catch: bool = False,
          nerves_of_steel: bool = False, disturbing: int = 0, catch_skill: bool = False,
          team_reroll: bool = False, pro: bool = False, loner: bool = False) -> Fraction:
    """P(a catch succeeds): +1 for an accurate pass or hand-off (`accurate`), 0 for bounces etc."""
    mod = modifier + (1 if accurate else 0) + (1 if extra_arms else 0) - disturbing
    mod += 1 if (diving_catch and accurate) else 0
    mod -= (0 if nerves_of_steel else tackle_zones) + (1 if rain else 0)
    step = RollStep(agility_target(ag), mod, skill="catch" if catch_skill else None, pro=pro,
                    loner=loner)
    return sequence_success([step], int(team_reroll))


def interception(ag: int, tackle_zones: int = 0, modifier: int = 0, *, rain: bool = False,
                 extra_arms: bool = False, very_long_legs: bool = False,
                 nerves_of_steel: bool = False, disturbing: int = 0, catch_skill: bool = False,
                 pro: bool = False) -> Fraction:
    """P(an interception succeeds): AG roll -2 (no team re-roll: it is the opponent's turn)."""
    mod = modifier - 2 + (1 if extra_arms else 0) + (1 if very_long_legs else 0) - disturbing
    mod -= (0 if nerves_of_steel else tackle_zones) + (1 if rain else 0)
    step = RollStep(agility_target(ag), mod, skill="catch" if catch_skill else None, pro=pro,
                    team_reroll=False)
    return sequence_success([step], 0)


def pass_roll(ag: int, range_: str = "S", tackle_zones: int = 0, modifier: int = 0, *,
              very_sunny: bool = False, accurate: bool = False, strong_arm: bool = False,
              stunty: bool = False, nerves_of_steel: bool = False, disturbing: int = 0,
              pass_skill: bool = False, team_reroll: bool = False, pro: bool = False,
              loner: bool = False) -> dict[str, Fraction]:
    """Distribution {"accurate", "inaccurate", "fumble"} of a pass (TABLES §2-§3).

    Natural 1 or modified <= 1 fumbles; natural 6 or modified >= target is accurate (a natural 6
    wins ties). Any non-accurate result is re-rolled when a source allows it.
    """
    if range_ not in RANGE_MOD:
        raise InputError(f"pass range must be one of Q, S, L, B, not {range_!r}")
    mod = modifier + RANGE_MOD[range_] - disturbing
    mod += (1 if accurate else 0) + (1 if strong_arm and range_ != "Q" else 0)
    mod -= (0 if nerves_of_steel else tackle_zones) + (1 if very_sunny else 0) + (1 if stunty else 0)
    target = agility_target(ag)
    faces = ["accurate" if d == 6 or (d != 1 and d + mod >= target)
             else "fumble" if d == 1 or d + mod <= 1 else "inaccurate" for d in range(1, 7)]
    return rerolled_results(faces, ("accurate", "inaccurate", "fumble"), team_reroll=team_reroll,
                            skill=pass_skill, pro=pro, loner=loner)


def rerolled_results(faces: Sequence[str], keys: Sequence[str], *, team_reroll: bool = False,
                     skill: bool = False, pro: bool = False, loner: bool = False,
                     pro_from: int = 4) -> dict[str, Fraction]:
    """The distribution of a D6 roll's results, `faces[d - 1]` the result of die d, any result
    but the first of `keys` (the success) re-rolled once by the best available source."""
    first = {k: Fraction(sum(1 for f in faces if f == k), 6) for k in keys}
    allow = _reroll_chance(team_reroll, skill, pro, loner, pro_from)
    again = (1 - first[keys[0]]) * allow  # P(the roll is re-rolled)
    return {k: (p if k == keys[0] else p * (1 - allow)) + again * p for k, p in first.items()}


def two_d6() -> dict[tuple[int, int], Fraction]:
    """The 36 ordered 2D6 outcomes, each 1/36."""
    return {(a, b): Fraction(1, 36) for a in range(1, 7) for b in range(1, 7)}


def _breaks(total: int, av: int, claws: bool) -> bool:
    return total > av or (claws and total >= 8)


def armour_break(av: int, modifier: int = 0, claws: bool = False) -> Fraction:
    """P(2D6 + modifier > AV); with Claws any total of 8+ breaks (TABLES §5)."""
    return sum((p for (a, b), p in two_d6().items() if _breaks(a + b + modifier, av, claws)), ZERO)


def _injury_class(total: int, thick_skull: bool, stunty: bool) -> str:
    if total >= 10:
        return "casualty"
    if total == 9:
        return "badly_hurt" if stunty else "ko"
    if total == 8:
        return "stunned" if thick_skull else "ko"
    if total == 7:
        return "ko" if stunty else "stunned"
    return "stunned"


INJURY_KEYS = ("stunned", "ko", "badly_hurt", "casualty")


def injury(modifier: int = 0, thick_skull: bool = False, stunty: bool = False) -> dict[str, Fraction]:
    """Injury roll distribution {"stunned", "ko", "badly_hurt", "casualty"} (TABLES §10).

    "badly_hurt" is Stunty's 9 (no casualty roll); "casualty" means a roll on the D68 table.
    """
    out = dict.fromkeys(INJURY_KEYS, ZERO)
    for (a, b), p in two_d6().items():
        out[_injury_class(a + b + modifier, thick_skull, stunty)] += p
    return out


def knockdown(av: int, *, armour_modifier: int = 0, injury_modifier: int = 0,
              mighty_blow: bool = False, claws: bool = False, thick_skull: bool = False,
              stunty: bool = False) -> dict[str, Fraction]:
    """Outcome of a knock-down: {"unbroken", "stunned", "ko", "badly_hurt", "casualty"}.

    Mighty Blow (+1) goes on the armour roll only when it turns a hold into a break, otherwise on
    the injury roll of a broken armour.
    """
    out = dict.fromkeys(("unbroken", *INJURY_KEYS), ZERO)
    for (a, b), p in two_d6().items():
        extra = _injury_bonus(a + b + armour_modifier, av, claws, mighty_blow)
        if extra is None:
            out["unbroken"] += p
            continue
        for key, q in injury(injury_modifier + extra, thick_skull, stunty).items():
            out[key] += p * q
    return out


def _injury_bonus(total: int, av: int, claws: bool, bonus: bool) -> int | None:
    """A +1 bonus (Mighty Blow, Dirty Player) spent on armour only when that turns a hold
    into a break: the bonus left for the injury roll, or None if the armour holds."""
    if _breaks(total, av, claws):
        return 1 if bonus else 0
    if bonus and _breaks(total + 1, av, claws):
        return 0
    return None


def foul_by_rules(limit: int, modifier: int, injury_of: Callable[[int, int], str], *, bonus: int = 0,
                  unseen_when_held: bool = False, unseen_when_broken: bool = False,
                  bribe: bool = False) -> dict[str, Fraction]:
    """A foul as the engine states it (core's `foul_rules`): the armour holds up to `limit`
    with `modifier` added; the fouler's `bonus` goes on the armour only when that breaks it,
    else on the injury roll; `injury_of(dice, left)` names the injury result ("stunned",
    "ko", "badly_hurt", "casualty") of a 2D6 total `dice` with `left` bonus added. Sent off on
    a double on either roll unless unseen; a `bribe` cancels it on 2+. Keys as `foul`."""
    out = dict.fromkeys(("armour_broken", "sent_off", "unbroken", *INJURY_KEYS), ZERO)
    for (a, b), p in two_d6().items():
        total = a + b + modifier
        if total > limit:
            left: int | None = bonus
        elif bonus and total + bonus > limit:
            left = 0
        else:
            left = None
        if left is None:
            out["unbroken"] += p
            if a == b and not unseen_when_held:
                out["sent_off"] += p
            continue
        out["armour_broken"] += p
        for (c, d), q in two_d6().items():
            out[injury_of(c + d, left)] += p * q
            if (a == b and not unseen_when_broken) or c == d:
                out["sent_off"] += p * q
    if bribe:
        out["sent_off"] *= Fraction(1, 6)
    return out


def casualty_table() -> dict[str, Fraction]:
    """Casualty (D68) classes: badly hurt, miss next game, niggling, -MA, -AV, -AG, -ST, dead."""
    d8 = Fraction(1, 48)
    return {"badly_hurt": 24 * d8, "miss_next_game": 8 * d8, "niggling": 2 * d8, "ma": 2 * d8,
            "av": 2 * d8, "ag": d8, "st": d8, "dead": 8 * d8}


def foul(av: int, modifier: int = 0, *, dirty_player: bool = False, sneaky_git: bool = False,
         thick_skull: bool = False, stunty: bool = False, niggles: int = 0,
         bribe: bool = False) -> dict[str, Fraction]:
    """A foul: armour break, sending-off and the victim's outcome (RULES §12).

    `modifier` is the net assists (+1 per offensive, -1 per defensive). Dirty Player goes on armour
    only when it turns a hold into a break. Sent off on a double on the armour roll (not with
    Sneaky Git if the armour held) or on the injury roll; a `bribe` cancels it on 2+.
    Keys: "armour_broken", "sent_off", "unbroken", "stunned", "ko", "badly_hurt", "casualty".
    """
    out = dict.fromkeys(("armour_broken", "sent_off", "unbroken", *INJURY_KEYS), ZERO)
    for (a, b), p in two_d6().items():
        extra = _injury_bonus(a + b + modifier, av, False, dirty_player)
        if extra is None:
            out["unbroken"] += p
            if a == b and not sneaky_git:
                out["sent_off"] += p
            continue
        out["armour_broken"] += p
        for (c, d), q in two_d6().items():
            out[_injury_class(c + d + niggles + extra, thick_skull, stunty)] += p * q
            if a == b or c == d:
                out["sent_off"] += p * q
    if bribe:
        out["sent_off"] *= Fraction(1, 6)
    return out
