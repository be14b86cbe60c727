"""Exact odds of a Chainsaw attack made instead of a block (`Strike` in the engine).

The attack goes: a Going For It if a blitzer has used his MA, the victim's Foul Appearance roll
(a 1 wastes the attack), then the chainsaw's D6 (2+; a 1 kicks back on the wielder), then the
armour roll at +3 of whoever it hit; broken armour knocks him down and rolls his injury. Every
failed roll is re-rolled by the source that gives the attack the best chance to hit (the
engine's sources: skill, Pro, the team re-roll if usable now, Loner). Targets, modifiers and
injury tables come from the engine; `tests/analysis/test_chainsaw_odds.py` checks the figures
against `Game.transitions()`.

A foul by a Chainsaw wielder (`chainsaw_foul_odds`) starts with the same D6: a 1 kicks back (his
armour rolled at +3) and there is no foul, so nobody is sent off; on a 2+ the foul goes on as
`queries.foul_odds` counts it (the chainsaw's +3 on the armour roll included).
"""

from __future__ import annotations

from fractions import Fraction
from functools import cache

from nuffle.analysis.probability import HALF, ONE, ZERO, RollStep, two_d6
from nuffle.analysis.queries import foul_odds
from nuffle.core.actions import ActionType
from nuffle.core.characteristics import armour_holds_to
from nuffle.core.errors import InputError
from nuffle.core.game import Game
from nuffle.core.procedures.block_substitutes import ARMOUR_MODIFIER, BEFORE_ATTACK, CHAINSAW_ARMOUR
from nuffle.core.procedures.injury import injury_result
from nuffle.core.procedures.movement import gfi_target
from nuffle.core.procedures.rolls import reroll_sources, team_reroll_available
from nuffle.core.skills import BADLY_HURT, CASUALTY, KO, STUNNED, Skill
from nuffle.core.state import GameState
from nuffle.core.types import RollKind, Status

__all__ = ["chainsaw_foul_odds", "chainsaw_odds"]

_INJURY_KEY = {STUNNED: "stunned", KO: "ko", BADLY_HURT: "badly_hurt", CASUALTY: "casualty"}
_ONCE = frozenset({"surefeet"})  # skill re-rolls spent for the turn


def _step(s: GameState, pid: int, kind: RollKind, target: int, skill: str) -> tuple[RollStep, bool]:
    """One roll of `pid` as a plan step, and whether a team re-roll may be spent on it."""
    src = reroll_sources(s, pid, kind)
    return RollStep(target, skill=skill if src.skill else None, pro=src.pro, loner=src.loner), src.team


def _chain(steps: tuple[tuple[RollStep, bool], ...], team_rerolls: int) -> tuple[Fraction, ...]:
    """P(the first k steps succeed) for k = 0..len(steps), when each failure is re-rolled by
    the source that makes every step succeeding likeliest (ties: reaching the later steps)."""
    n = len(steps)

    @cache
    def go(i: int, rerolls: int, used: frozenset[str]) -> tuple[Fraction, ...]:
        if i == n:
            return (ONE,)
        step, team_ok = steps[i]
        p = step.chance()
        ahead = go(i + 1, rerolls, used)
        retries: list[tuple[Fraction, tuple[Fraction, ...]]] = [(ZERO, ahead)]
        if step.skill is not None and step.skill not in used:
            retries.append((ONE, go(i + 1, rerolls, used | {step.skill} if step.skill in _ONCE else used)))
        if step.pro and "pro" not in used:
            retries.append((HALF, go(i + 1, rerolls, used | {"pro"})))
        if rerolls > 0 and team_ok:
            retries.append((HALF if step.loner else ONE, go(i + 1, rerolls - 1, used)))
        options = [(ONE, *(p * a + (1 - p) * f * p * b for a, b in zip(ahead, nxt, strict=True)))
                   for f, nxt in retries]
        return max(options, key=lambda o: o[::-1])

    return go(0, team_rerolls, frozenset())


def _hit_armour(s: GameState, attacker: int, target: int) -> dict[str, Fraction]:
    """Given the chainsaw hits `target` (the victim, or the wielder on a kick-back): P(armour
    broken) and each injury result's chance (keys of `_INJURY_KEY`), as the engine rolls them."""
    mod = ARMOUR_MODIFIER.total(s.info[attacker].skills, s, attacker, target, ActionType.CHAINSAW)
    mod += CHAINSAW_ARMOUR
    out = {"down": ZERO, **dict.fromkeys(_INJURY_KEY.values(), ZERO)}
    dice = two_d6()
    for (a, b), q in dice.items():
        if a + b + mod <= armour_holds_to(s, target):
            continue
        out["down"] += q
        for (c, d), r in dice.items():
            out[_INJURY_KEY[injury_result(s, target, c + d)]] += q * r
    return out


def chainsaw_odds(game: Game | GameState, attacker: int, victim: int,
                  gfi: bool = False) -> dict[str, Fraction]:
    """The Chainsaw attack of the standing `attacker` on the adjacent standing opponent
    `victim` (`gfi`: it costs a Going For It, a blitzer past his MA). Keys: `fell` (the GFI
    failed: he falls, turnover), `wasted` (Foul Appearance), `hit`, `kickback` (the D6 came up
    1 after any re-roll), `victim_down` (hit and his armour broke at +3) with `stunned`, `ko`,
    `badly_hurt`, `casualty` (his injury), and `attacker_down` (kicked back and his own armour
    broke: a turnover)."""
    s = game.state if isinstance(game, Game) else game
    for pid in (attacker, victim):
        if isinstance(pid, bool) or not isinstance(pid, int) or not 0 <= pid < len(s.info) or s.pos[pid] < 0:
            raise InputError(f"player {pid!r} is not on the pitch")
        if s.status[pid] != Status.STANDING:
            raise InputError(f"player {pid} is not standing")
    if s.pteam[attacker] == s.pteam[victim]:
        raise InputError(f"players {attacker} and {victim} are on the same team")
    if Skill.CHAINSAW not in s.info[attacker].skills:
        raise InputError(f"player {attacker} has no Chainsaw")
    if s.board.distance(s.pos[attacker], s.pos[victim]) != 1:
        raise InputError(f"player {victim} is not adjacent to player {attacker}")
    steps: list[tuple[RollStep, bool]] = []
    if gfi:
        steps.append(_step(s, attacker, RollKind.GFI, gfi_target(s), "surefeet"))
    if BEFORE_ATTACK.fns(s.info[victim].skills):  # Foul Appearance: a 2+ for the attacker
        steps.append(_step(s, attacker, RollKind.FOUL_APPEARANCE, 2, "foul_appearance"))
    steps.append(_step(s, attacker, RollKind.CHAINSAW, 2, "chainsaw"))
    rerolls = int(team_reroll_available(s, s.pteam[attacker]))
    reach = _chain(tuple(steps), rerolls)
    moved = reach[1] if gfi else ONE
    hit, kickback = reach[-1], reach[-2] - reach[-1]
    on_victim = _hit_armour(s, attacker, victim)
    on_wielder = _hit_armour(s, attacker, attacker)
    return {"fell": 1 - moved, "wasted": moved - reach[-2], "hit": hit, "kickback": kickback,
            "victim_down": hit * on_victim["down"],
            **{k: hit * on_victim[k] for k in _INJURY_KEY.values()},
            "attacker_down": kickback * on_wielder["down"]}


def chainsaw_foul_odds(game: Game | GameState, fouler: int, victim: int) -> dict[str, Fraction]:
    """`queries.foul_odds` for a fouler with Chainsaw, the kick-back first: every foul figure
    times the chance the D6 comes up 2+ (after any re-roll), with `kickback` (a 1: no foul, nobody
    sent off) and `fouler_down` (kicked back and his armour broken at +3)."""
    s = game.state if isinstance(game, Game) else game
    foul = foul_odds(s, fouler, victim)  # (checks the players)
    if Skill.CHAINSAW not in s.info[fouler].skills:
        raise InputError(f"player {fouler} has no Chainsaw")
    step = _step(s, fouler, RollKind.CHAINSAW, 2, "chainsaw")
    goes_on = _chain((step,), int(team_reroll_available(s, s.pteam[fouler])))[-1]
    holds = armour_holds_to(s, fouler)
    broken = sum((q for (a, b), q in two_d6().items() if a + b + CHAINSAW_ARMOUR > holds), ZERO)
    return {**{k: goes_on * v for k, v in foul.items()}, "kickback": 1 - goes_on,
            "fouler_down": (1 - goes_on) * broken}
