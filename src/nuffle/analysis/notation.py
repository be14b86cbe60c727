"""The plan notation (after Humeau et al., CoG 2021): parse a plan and compute its exact odds.

`2+:dodge 2+ 2BD:KD | RR` = a 2+ roll with Dodge, a 2+ roll, a two-dice block that must knock the
defender down, one team re-roll for the whole plan. Every token is documented in docs/ODDS.md.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from fractions import Fraction
from typing import TypeVar

from nuffle.analysis.blocks import BlockSkills
from nuffle.analysis.probability import BlockStep, RollStep, Step, sequence_success
from nuffle.core.errors import InputError
from nuffle.core.ruleset import LRB6, Ruleset

__all__ = ["Plan", "odds", "parse_plan", "parse_step"]

_S = TypeVar("_S", RollStep, BlockStep)

_ROLL = re.compile(r"^(\d+)\+$")
_BLOCK = re.compile(r"^(-?)(\d+)BD$", re.IGNORECASE)
_RR = re.compile(r"^RR(\d*)$", re.IGNORECASE)

#: Tags that give a D6 step a skill re-roll.
ROLL_SKILLS = ("dodge", "surefeet", "surehands", "catch", "pass")
#: Tags valid on any step.
COMMON_TAGS = ("pro", "loner", "norr")
#: Block-step tags: the attacker's skills, the defender's skills (d prefix) and goals.
ATTACKER_TAGS = ("block", "tackle", "wrestle")
DEFENDER_TAGS = {"dblock": "block", "ddodge": "dodge", "dwrestle": "wrestle"}
GOAL_TAGS = {"kd": "kd", "up": "up", "safe": "safe"}


@dataclass(frozen=True)
class Plan:
    """A parsed plan: steps that must all succeed and the team re-rolls they share."""

    steps: tuple[Step, ...]
    team_rerolls: int = 0

    def success(self) -> Fraction:
        """P(every step succeeds)."""
        return sequence_success(self.steps, self.team_rerolls)

    def failure(self) -> Fraction:
        """P(some step fails)."""
        return 1 - self.success()


def _roll_step(token: str, base: str, tags: list[str]) -> RollStep:
    m = _ROLL.match(base)
    assert m is not None
    target = int(m.group(1))
    if not 2 <= target <= 6:
        raise InputError(f"impossible roll {token!r}: a D6 target must be 2+ to 6+")
    step = RollStep(target)
    for tag in tags:
        if tag in ROLL_SKILLS:
            if step.skill is not None:
                raise InputError(f"step {token!r} has two skill re-rolls; a roll is re-rolled once")
            step = replace(step, skill=tag)
        elif tag in COMMON_TAGS:
            step = _common(step, tag)
        else:
            raise InputError(f"unknown tag {tag!r} in roll step {token!r}")
    return step


def _common(step: _S, tag: str) -> _S:
    if tag == "pro":
        return replace(step, pro=True)
    if tag == "loner":
        return replace(step, loner=True)
    return replace(step, team_reroll=False)


def _block_step(token: str, base: str, tags: list[str]) -> BlockStep:
    m = _BLOCK.match(base)
    assert m is not None
    dice = int(m.group(2))
    if not 1 <= dice <= 3:
        raise InputError(f"impossible block {token!r}: use 1 to 3 block dice")
    attacker: dict[str, bool] = {}
    defender: dict[str, bool] = {}
    step = BlockStep(dice, attacker_chooses=m.group(1) == "")
    for tag in tags:
        if tag in ATTACKER_TAGS:
            attacker[tag] = True
        elif tag in DEFENDER_TAGS:
            defender[DEFENDER_TAGS[tag]] = True
        elif tag in GOAL_TAGS:
            step = replace(step, goal=GOAL_TAGS[tag])
        elif tag in COMMON_TAGS:
            step = _common(step, tag)
        elif tag == "dodge":
            raise InputError(f"tag 'dodge' in block step {token!r}: write 'ddodge' for the "
                             "defender's Dodge")
        else:
            raise InputError(f"unknown tag {tag!r} in block step {token!r}")
    return replace(step, attacker=BlockSkills(**attacker), defender=BlockSkills(**defender))


def parse_step(token: str) -> Step:
    """Parse one step token such as `3+:catch`, `2BD:KD` or `-2BD:block`."""
    base, *raw = token.split(":")
    tags = [t.lower() for t in raw]
    if any(not t for t in tags):
        raise InputError(f"empty tag in step {token!r}")
    if _ROLL.match(base):
        return _roll_step(token, base, tags)
    if _BLOCK.match(base):
        return _block_step(token, base, tags)
    raise InputError(f"unknown step {token!r}: expected N+ (e.g. 3+), kBD or -kBD (e.g. -2BD)")


def _options(text: str) -> int:
    rerolls = 0
    for token in text.split():
        m = _RR.match(token)
        if m is None:
            raise InputError(f"unknown option {token!r}: expected RR or RRn (e.g. RR2)")
        rerolls += int(m.group(1)) if m.group(1) else 1
    return rerolls


def parse_plan(text: str, rules: Ruleset = LRB6) -> Plan:
    """Parse a whole plan; raise ValueError naming the offending token. `rules` gives Pro's
    check (`Ruleset.pro_from`); a ruleset whose Pro re-rolls one block die (BB2020) refuses
    Pro on a block of two or more dice (the notation re-rolls them all)."""
    body, bar, options = text.partition("|")
    if "|" in options:
        raise InputError(f"more than one '|' in plan {text!r}")
    tokens = body.split()
    if not tokens:
        raise InputError(f"empty plan {text!r}: give at least one step, e.g. '2+ 2+ | RR'")
    steps = tuple(_under(parse_step(t), t, rules) for t in tokens)
    return Plan(steps, _options(options) if bar else 0)


def _under(step: Step, token: str, rules: Ruleset) -> Step:
    """`step` with `rules`' Pro check."""
    if not step.pro:
        return step
    if isinstance(step, BlockStep) and rules.pro_one_die and step.dice > 1:
        raise InputError(f"step {token!r}: {rules.name}'s Pro re-rolls one block die, which the "
                         "notation cannot write")
    return replace(step, pro_from=rules.pro_from)


def odds(text: str) -> Fraction:
    """P(the plan written in `text` succeeds)."""
    return parse_plan(text).success()
