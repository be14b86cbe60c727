"""Reactive decisions of the scripted bot: re-rolls, block dice, pushes, follow-ups, kicks."""

from __future__ import annotations

from nuffle.analysis.blocks import (
    ATTACKER_FELL,
    ATTACKER_PREFERENCE,
    DEFENDER_PREFERENCE,
    BlockResult,
    BlockSkills,
    face_result,
)
from nuffle.analysis.queries import block_skills
from nuffle.core.actions import SELECT_FACE, Action, ActionType, LegalActions
from nuffle.core.characteristics import ag_rank
from nuffle.core.decision import Decision
from nuffle.core.decision import DecisionKind as K
from nuffle.core.procedures.ball import can_handle_ball
from nuffle.core.state import GameState
from nuffle.core.types import BallState, BlockFace, RollKind, Status

A = ActionType


def skills_of(s: GameState, d: Decision) -> tuple[BlockSkills, BlockSkills]:
    """The block abilities of the attacker and the defender of the block decision `d`, as the
    engine states them (`analysis.queries.block_skills`)."""
    assert d.player is not None and d.target is not None
    return block_skills(s, d.player, d.target, d.action == ActionType.START_BLITZ)


def threats(s: GameState, sq: int, side: int) -> int:
    """Opposing standing players within two squares of `sq` (who could reach it easily)."""
    b = s.board
    x, y = b.xs[sq], b.ys[sq]
    n = 0
    for q in s.ranges[1 - side]:
        p = s.pos[q]
        if p >= 0 and s.status[q] == Status.STANDING and max(abs(b.xs[p] - x), abs(b.ys[p] - y)) <= 2:
            n += 1
    return n


def on_sideline(s: GameState, sq: int) -> bool:
    """Whether `sq` is next to the crowd along a sideline."""
    y = s.board.ys[sq]
    return y == 0 or y == s.board.height - 1


# --- decisions the bot does not model ---------------------------------------------------------

# Used in this order when offered: use an optional skill (almost always to the owner's
# advantage), else decline, else end the player's action, else follow up.
_FALLBACK_ORDER = (A.USE_SKILL, A.DECLINE, A.END_ACTION, A.FOLLOW_UP, A.END_SETUP, A.END_TURN)


def fallback(legal: LegalActions) -> Action:
    """A safe choice at any decision (e.g. a skill's own decision: LEAP, STAB, USE_PRO,
    SELECT_SQUARE, HYPNOTIC_GAZE, ...): the first of `_FALLBACK_ORDER` that is legal, else the
    first player and square of the first legal group."""
    for t in _FALLBACK_ORDER:
        g = legal.group(t)
        if g is not None:
            return next(iter(g))
    return next(iter(legal))


# --- re-rolls ---------------------------------------------------------------------------------

_ALWAYS_RR = (RollKind.PICKUP, RollKind.CATCH, RollKind.PASS)
_NEVER_RR = (RollKind.STAND_UP, RollKind.BONE_HEAD, RollKind.REALLY_STUPID, RollKind.LANDING,
             RollKind.ALWAYS_HUNGRY)


def reroll_choice(s: GameState, legal: LegalActions, d: Decision) -> Action:
    """A failed roll: always use a skill; spend the team re-roll where a failure costs most,
    else try Pro."""
    if legal.group(A.USE_SKILL) is not None:
        return Action(A.USE_SKILL)
    if legal.group(A.USE_REROLL) is not None and d.roll is not None and d.player is not None:
        kind = d.roll
        pid = d.player
        carrier = s.ball_state == BallState.CARRIED and s.ball == s.pos[pid]
        if kind not in _NEVER_RR and (carrier or kind in _ALWAYS_RR or s.teams[s.pteam[pid]].rerolls > 1):
            return Action(A.USE_REROLL)
        if kind in (RollKind.DODGE, RollKind.GFI) and s.ball_state != BallState.CARRIED:
            return Action(A.USE_REROLL)
    if legal.group(A.USE_PRO) is not None:
        return Action(A.USE_PRO)  # Pro costs nothing where the team re-roll is not worth it
    return Action(A.DECLINE)


# --- blocks -----------------------------------------------------------------------------------


def _rank(pref: tuple[BlockResult, ...], r: BlockResult) -> int:
    return pref.index(r) if r in pref else len(pref)


def block_choice(s: GameState, legal: LegalActions, side: int, d: Decision) -> Action:
    """Choose a block face (or re-roll) for `side`, attacker or defender."""
    assert d.player is not None and d.target is not None
    att, dfd = d.player, d.target
    a_sk, d_sk = skills_of(s, d)
    faces = [f for f in SELECT_FACE if legal.group(f) is not None]
    attacking = s.pteam[att] == side
    if not faces:  # the defender picks: re-roll if every face is bad for us
        results = [face_result(BlockFace(f), a_sk, d_sk) for f in set(d.faces)]
        worst = min(results, key=lambda r: -_rank(ATTACKER_PREFERENCE, r))
        if legal.group(A.USE_REROLL) is not None and worst in ATTACKER_FELL:
            return Action(A.USE_REROLL)
        return Action(A.DECLINE)
    pref = ATTACKER_PREFERENCE if attacking else DEFENDER_PREFERENCE
    scored = []
    for f in faces:
        res = face_result(BlockFace(SELECT_FACE.index(f)), a_sk, d_sk)
        scored.append((_rank(pref, res), -SELECT_FACE.index(f) if attacking else 0, f, res))
    scored.sort()
    best = scored[0]
    if attacking and legal.group(A.USE_REROLL) is not None:
        carrier = s.carrier()
        important = carrier in (att, dfd) or d.action == A.START_BLITZ
        if best[3] in ATTACKER_FELL and (important or best[3] == BlockResult.ATTACKER_DOWN):
            return Action(A.USE_REROLL)
        if important and carrier == dfd and best[3] != BlockResult.DEFENDER_DOWN and \
                best[3] not in ATTACKER_FELL and s.teams[side].rerolls > 0:
            return Action(A.USE_REROLL)
    return Action(best[2])


def push_choice(s: GameState, legal: LegalActions, side: int) -> Action:
    """Push toward the crowd, the sideline, and away from our ball carrier."""
    g = legal.group(A.PUSH)
    assert g is not None
    b = s.board
    carrier = s.carrier()
    csq = s.pos[carrier] if carrier >= 0 and s.pteam[carrier] == side else -1

    def score(xy: tuple[int, int]) -> tuple[int, int, int]:
        x, y = xy
        off = 0 if b.is_on(x, y) else 1
        edge = min(y, b.height - 1 - y)
        far = max(abs(b.xs[csq] - x), abs(b.ys[csq] - y)) if csq >= 0 else 0
        return (-off, edge, -far)

    return Action(A.PUSH, None, min(g.squares, key=score))


def follow_choice(s: GameState, side: int, d: Decision) -> Action:
    """Follow up unless it drags a cage player or the carrier into danger."""
    assert d.player is not None and d.square is not None
    att = d.player
    new = s.board.sq(*d.square)
    carrier = s.carrier()
    if carrier == att:
        here = s.tackle_zones(s.pos[att], side)
        there = s.tackle_zones(new, side)
        return Action(A.FOLLOW_UP if there < here or (there == 0 and not on_sideline(s, new))
                      else A.DECLINE)
    if carrier >= 0 and s.pteam[carrier] == side:
        csq = s.pos[carrier]
        if s.board.distance(csq, s.pos[att]) == 1 and s.board.distance(csq, new) > 1:
            return Action(A.DECLINE)
    return Action(A.FOLLOW_UP)


#: A Fireball is worth casting when its area holds at least this many standing opponents.
FIREBALL_WORTH = 3


def wizard_plan(s: GameState, legal: LegalActions, side: int) -> tuple[Action, Action] | None:
    """When to call on an induced Wizard (the call and then its target), or None to keep him:
    a Lightning Bolt at the standing opposing ball carrier; else a Fireball at the square
    whose area holds the most standing opponents, at least `FIREBALL_WORTH`, and none of ours."""
    if legal.group(ActionType.USE_LIGHTNING_BOLT) is None:
        return None
    carrier = s.carrier()
    if carrier >= 0 and s.pteam[carrier] != side and s.status[carrier] == Status.STANDING:
        return Action(ActionType.USE_LIGHTNING_BOLT), Action(ActionType.SELECT_PLAYER, carrier)
    b = s.board
    best: tuple[int, tuple[int, int]] | None = None
    for y in range(b.height):
        for x in range(b.width):
            sq = b.sq(x, y)
            area = [s.grid[sq], *s.adjacent_players(sq)]
            standing = [p for p in area if p >= 0 and s.status[p] == Status.STANDING]
            if any(s.pteam[p] == side for p in standing):
                continue
            if len(standing) >= FIREBALL_WORTH and (best is None or len(standing) > best[0]):
                best = (len(standing), (x, y))
    if best is None:
        return None
    return Action(ActionType.USE_FIREBALL), Action(ActionType.SELECT_SQUARE, None, best[1])


def select_player_choice(s: GameState, d: Decision, players: list[int], types: list[ActionType],
                         side: int) -> Action:
    """A player to select (both bots): the best catcher for an interception; else decline where
    allowed; else the ball handler (any player when none) least threatened, fastest, first."""
    if d.kind == K.INTERCEPTOR:
        return Action(A.SELECT_PLAYER, max(players, key=lambda p: (ag_rank(s, p), -p)))
    if A.DECLINE in types:
        return Action(A.DECLINE)
    cands = [p for p in players if can_handle_ball(s, p)] or list(players)
    return Action(A.SELECT_PLAYER, min(cands, key=lambda p: (threats(s, s.pos[p], side), -s.info[p].ma, p)))
