"""Reactive decisions of the grod bot by expected value: re-rolls and block dice.

Pushes, follow-ups and the defender's block choices reuse the scripted bot's helpers.
"""

from __future__ import annotations

from nuffle.agents.grod.values import Values
from nuffle.agents.scripted.decisions import block_choice, on_sideline, skills_of
from nuffle.analysis import probability as P
from nuffle.analysis.blocks import BlockResult, face_result
from nuffle.core.actions import SELECT_FACE, Action, ActionType, LegalActions
from nuffle.core.characteristics import armour_holds_to
from nuffle.core.decision import Decision
from nuffle.core.procedures.rolls import bonus_reroll_usable, team_reroll_checked
from nuffle.core.skills import Skill
from nuffle.core.state import GameState
from nuffle.core.types import PF, BallState, BlockFace, RollKind

A = ActionType

# Failures that only cost the player's action, not the team's turn.
_MINOR = frozenset({RollKind.BONE_HEAD, RollKind.REALLY_STUPID, RollKind.WILD_ANIMAL,
                    RollKind.TAKE_ROOT, RollKind.BLOOD_LUST, RollKind.ANIMOSITY,
                    RollKind.STAND_UP, RollKind.JUMP_UP, RollKind.HYPNOTIC_GAZE,
                    RollKind.ALWAYS_HUNGRY})
_BALL = frozenset({RollKind.PICKUP, RollKind.CATCH, RollKind.PASS})


def reroll_cost(s: GameState, side: int, v: Values) -> float:
    """What spending a team re-roll now costs: its worth over the turns left in the half."""
    team = s.teams[side]
    left = max(1, s.board.variant.turns_per_half - team.turn + 1)
    held = team.rerolls + (1 if bonus_reroll_usable(s, side) else 0)
    return v["reroll"] * min(1.5, left / (v["reroll_turns"] * max(1, held)))


def ready_count(s: GameState, side: int) -> int:
    """Team-mates on their feet who have not acted this turn (what a turnover wastes)."""
    return sum(1 for p in s.ranges[side] if s.pos[p] >= 0 and s.status[p] == 1
               and not s.pflags[p] & PF.USED)


def turnover_cost(s: GameState, side: int, v: Values, ball: bool) -> float:
    """The cost of a turnover now (and of losing the ball with it)."""
    return v["turnover"] * (1.0 + ready_count(s, side) / 6.0) + (v["ball_loss"] if ball else 0.0)


def reroll_choice(s: GameState, d: Decision, legal: LegalActions, side: int, v: Values) -> Action:
    """A failed roll: a skill re-roll is free; a team re-roll pays when P(success) times the
    failure's cost beats the re-roll's worth; Pro when the team re-roll does not pay."""
    if legal.group(A.USE_SKILL) is not None:
        return Action(A.USE_SKILL)
    if legal.group(A.USE_REROLL) is not None and d.player is not None and d.need is not None:
        pid = d.player
        wins = max(0, 7 - d.need) / 6.0
        if team_reroll_checked(s, pid):
            wins *= 0.5
        kind = d.roll
        if kind in _MINOR:
            cost = v["negatrait_fail"]
        else:
            carrier = s.ball_state == BallState.CARRIED and s.ball == s.pos[pid]
            cost = turnover_cost(s, side, v, carrier or kind in _BALL)
        if wins * cost > reroll_cost(s, side, v):
            return Action(A.USE_REROLL)
    if legal.group(A.USE_PRO) is not None:
        return Action(A.USE_PRO)
    return Action(A.DECLINE)


def _result_value(s: GameState, att: int, dfd: int, res: BlockResult, side: int, v: Values) -> float:
    """Our worth of one block result when we attack."""
    carrier = s.carrier()
    down = v["block_knockdown"] + (v["block_carrier"] if carrier == dfd else 0.0)
    lost = turnover_cost(s, side, v, carrier == att)
    if res == BlockResult.DEFENDER_DOWN:
        return down
    if res == BlockResult.PUSHED:
        return v["block_push_sideline"] if on_sideline(s, s.pos[dfd]) else 0.0
    if res == BlockResult.NO_EFFECT:
        return 0.0
    if res == BlockResult.BOTH_PRONE:
        return 0.3 * down
    if res == BlockResult.BOTH_DOWN:
        return down - lost
    return -lost


def block_dice_choice(s: GameState, d: Decision, legal: LegalActions, side: int, v: Values) -> Action:
    """Block dice: as attacker pick the best face, re-rolling when a fresh roll is worth more
    than the best face plus the re-roll's cost; otherwise the scripted bot's choice."""
    faces = [f for f in SELECT_FACE if legal.group(f) is not None]
    att, dfd = d.player, d.target
    if att is None or dfd is None or s.pteam[att] != side or not faces:
        return block_choice(s, legal, side, d)
    a_sk, d_sk = skills_of(s, d)
    scored = []
    for f in faces:
        res = face_result(BlockFace(SELECT_FACE.index(f)), a_sk, d_sk)
        scored.append((_result_value(s, att, dfd, res, side, v), SELECT_FACE.index(f), f))
    best = max(scored)
    if legal.group(A.USE_REROLL) is not None:
        dice = min(max(d.dice or 1, 1), 3)
        fresh = P.block_odds(dice, True, attacker=a_sk, defender=d_sk)
        ev = sum(float(p) * _result_value(s, att, dfd, face_result(face, a_sk, d_sk), side, v)
                 for face, p in fresh.faces.items())
        if ev - reroll_cost(s, side, v) > best[0]:
            return Action(A.USE_REROLL)
    return Action(best[2])


def skill_choice(s: GameState, d: Decision, legal: LegalActions, v: Values) -> Action:
    """Use a skill when it pays: Piling On only on an armour roll likely to break (the piler
    lies prone afterwards); every other optional skill (Strip Ball, Diving Catch, ...) is used."""
    if d.skill == Skill.PILING_ON:
        victim = -1 if d.target is None else d.target
        if (legal.group(A.SELECT_ARMOUR) is not None and 0 <= victim < len(s.info)
                and float(P.armour_break(armour_holds_to(s, victim))) >= v["piling_on_armour"]):
            return Action(A.SELECT_ARMOUR)
        return Action(A.DECLINE)
    if legal.group(A.USE_SKILL) is not None:
        g = legal.group(A.USE_SKILL)
        assert g is not None
        return next(iter(g))
    return next(iter(legal))
