"""Blocks: strength and assists, block dice, re-roll and choice, results, follow-up."""

from __future__ import annotations

from nuffle.core.actions import SELECT_FACE, Action, ActionChoice, ActionType, LegalActions
from nuffle.core.dice import Chance, Dice, threshold
from nuffle.core.hooks import Point
from nuffle.core.procedures.ball import Bounce, check_touchdown, drop_ball_if_carried
from nuffle.core.procedures.base import Procedure
from nuffle.core.procedures.injury import KnockDown
from nuffle.core.procedures.movement import gfi_target
from nuffle.core.procedures.push import Push, resolve_crowd
from nuffle.core.procedures.rolls import (
    PlayerRoll,
    checked_reroll,
    spend_team_reroll,
    team_reroll_available,
)
from nuffle.core.skills import Skill, stumble_is_push, survives_both_down
from nuffle.core.state import GameState
from nuffle.core.types import BallState, BlockFace, PFlag, RollKind, Status, other

BEFORE_DICE = Point(
    "block.before_dice",
    "fn(s, block: Block) -> bool: acts after the block is declared and any GFI made, before "
    "the dice (Dump-Off, Foul Appearance, ...). Asked for the attacker's skills, then the "
    "defender's; every handler runs in turn. Return True after pushing a procedure that leaves "
    "s.ret = 1 (the block goes on) or 0 (it is cancelled, with no turnover)",
)


def assists(s: GameState, helper_side: int, target: int, opponent: int) -> int:
    """Assists for `helper_side` against `target`: adjacent team-mates exerting a tackle zone
    and not marked by any opponent other than `target`. `opponent` (the player the helpers'
    own man faces) is excluded from helping."""
    n = 0
    for q in s.adjacent_players(s.pos[target]):
        if q == opponent or s.pteam[q] != helper_side or not s.exerts_tz(q):
            continue
        if Skill.GUARD in s.info[q].skills:
            n += 1
            continue
        marked = False
        for m in s.tz_players(s.pos[q], helper_side):
            if m != target:
                marked = True
                break
        if not marked:
            n += 1
    return n


def block_dice(s: GameState, attacker: int, defender: int) -> tuple[int, bool]:
    """Number of block dice and whether the attacker chooses."""
    a = s.info[attacker].st + assists(s, s.pteam[attacker], defender, attacker)
    d = s.info[defender].st + assists(s, s.pteam[defender], attacker, defender)
    if a > 2 * d:
        return 3, True
    if a > d:
        return 2, True
    if a == d:
        return 1, True
    if d > 2 * a:
        return 3, False
    return 2, False


class Block(Procedure):
    """One block by `attacker` on `defender` (on a Blitz, `gfi` says it costs a GFI)."""

    __slots__ = (
        "attacker",
        "attacker_chooses",
        "blitz",
        "def_sq",
        "defender",
        "face",
        "faces",
        "gfi",
        "n",
        "pre",
        "rerolled",
    )

    def __init__(self, attacker: int, defender: int, blitz: bool = False, gfi: bool = False) -> None:
        super().__init__()
        self.attacker = attacker
        self.defender = defender
        self.blitz = blitz
        self.gfi = gfi
        self.n = 1
        self.attacker_chooses = True
        self.faces: tuple[int, ...] = ()
        self.rerolled = False
        self.face = -1
        self.def_sq = -1
        self.pre = 0  # BEFORE_DICE handlers already run

    def _side(self, s: GameState) -> int:
        return s.pteam[self.attacker]

    def _can_reroll(self, s: GameState) -> bool:
        return not self.rerolled and team_reroll_available(s, self._side(s))

    def _can_pro(self, s: GameState) -> bool:
        """Whether a checked skill re-roll (Pro) of all the block dice is on offer."""
        return not self.rerolled and checked_reroll(s, self.attacker, None)

    def run(self, s: GameState) -> None:
        ph = self.phase
        att = self.attacker
        if ph == 0:
            self.phase = 2
            if self.gfi:
                self.phase = 1
                s.push(PlayerRoll(RollKind.GFI, att, gfi_target(s), 0, agility=False))
                return
        elif ph == 1:
            if not s.ret:
                self.phase = 99
                s.push(KnockDown(att))
                return
            self.phase = 2
        elif ph == 10:  # a BEFORE_DICE procedure returned
            if not s.ret or s.status[att] != Status.STANDING or s.pos[self.defender] < 0:
                self.phase = 99
                s.pop()
                return
            self.phase = 2
        if self.phase == 2 and self._before_dice(s):
            return
        if self.phase == 2:
            self.n, self.attacker_chooses = block_dice(s, att, self.defender)
            self.phase = 3
            s.request(Chance(Dice.BLOCK, self.n, "block"))
            return
        if self.phase == 3:
            self.faces = s.dice()
            self.phase = 4
            if self._can_reroll(s) or self._can_pro(s) or self.attacker_chooses:
                s.wait(self._side(s))
            else:
                s.wait(other(self._side(s)))
            return
        if self.phase == 5:  # Loner check for the team re-roll, or the Pro check
            if s.die() >= 4:
                self.phase = 3
                s.request(Chance(Dice.BLOCK, self.n, "block"))
                return
            self.phase = 4
            s.wait(self._side(s) if self.attacker_chooses else other(self._side(s)))
            return
        if self.phase == 6:  # pushes done: offer the follow-up
            self.phase = 7
            if (
                s.status[att] == Status.STANDING
                and not s.pflags[att] & PFlag.ROOTED
                and s.pos[self.defender] != self.def_sq
                and s.grid[self.def_sq] == -1
            ):
                s.wait(self._side(s))
                return
        if self.phase == 7:
            if resolve_crowd(s):
                return
            self.phase = 8
            face = self.face
            knock = face == BlockFace.DEFENDER_DOWN or (
                face == BlockFace.DEFENDER_STUMBLES
                and not stumble_is_push(s.info[self.defender].skills, s.info[att].skills)
            )
            if knock and s.pos[self.defender] >= 0:
                s.push(KnockDown(self.defender, attacker=att, turnover=False))
                return
        if self.phase == 8:
            self.phase = 99
            holder = s.carrier()  # a pushed, chain-pushed or following-up carrier may score
            if holder >= 0:
                check_touchdown(s, holder)
            if s.ball_state == BallState.ON_GROUND and s.ball >= 0 and s.grid[s.ball] >= 0:
                s.push(Bounce(s.ball))  # the ball lies under a player who did not pick it up
                return
        s.pop()

    def _before_dice(self, s: GameState) -> bool:
        """Run the next BEFORE_DICE handler; True if it pushed a procedure to wait for."""
        fns = BEFORE_DICE.fns(s.info[self.attacker].skills) + BEFORE_DICE.fns(s.info[self.defender].skills)
        while self.pre < len(fns):
            fn = fns[self.pre]
            self.pre += 1
            if fn(s, self):
                self.phase = 10
                return True
        return False

    def legal(self, s: GameState) -> LegalActions:
        if self.phase == 7:
            return LegalActions(
                [ActionChoice(ActionType.FOLLOW_UP), ActionChoice(ActionType.DECLINE)]
            )
        groups = []
        deciding = s.decider
        side = self._side(s)
        if deciding == side and self._can_reroll(s):
            groups.append(ActionChoice(ActionType.USE_REROLL))
        if deciding == side and self._can_pro(s):
            groups.append(ActionChoice(ActionType.USE_PRO))
        if (deciding == side) == self.attacker_chooses:
            for f in sorted(set(self.faces)):
                groups.append(ActionChoice(SELECT_FACE[f]))
        else:
            groups.append(ActionChoice(ActionType.DECLINE))  # keep the dice; defender chooses
        return LegalActions(groups)

    def act(self, s: GameState, action: Action) -> None:
        t = action.type
        side = self._side(s)
        if self.phase == 7:
            if t == ActionType.FOLLOW_UP:
                s.move_player(self.attacker, self.def_sq)
            return
        if t == ActionType.USE_REROLL:
            self.rerolled = True
            if spend_team_reroll(s, self.attacker):
                self.phase = 5
                s.request(threshold(4, "loner"))
            else:
                self.phase = 3
                s.request(Chance(Dice.BLOCK, self.n, "block"))
            return
        if t == ActionType.USE_PRO:
            self.rerolled = True
            checked_reroll(s, self.attacker, None, use=True)
            self.phase = 5
            s.request(threshold(4, "pro"))
            return
        if t == ActionType.DECLINE:
            self.rerolled = True
            s.wait(other(side))
            return
        self._apply(s, BlockFace(SELECT_FACE.index(t)))

    def _apply(self, s: GameState, face: BlockFace) -> None:
        att, dfd = self.attacker, self.defender
        self.face = int(face)
        if face == BlockFace.ATTACKER_DOWN:
            self.phase = 99
            s.push(KnockDown(att))
            return
        if face == BlockFace.BOTH_DOWN:
            self.phase = 99
            att_down = not survives_both_down(s.info[att].skills)
            def_down = not survives_both_down(s.info[dfd].skills)
            # Both fall at once; then the defender's knock-down resolves first.
            if att_down:
                s.status[att] = Status.PRONE
                drop_ball_if_carried(s, att)
                s.push(KnockDown(att))
            if def_down:
                s.status[dfd] = Status.PRONE
                drop_ball_if_carried(s, dfd)
                s.push(KnockDown(dfd, attacker=att, turnover=False))
            return
        self.def_sq = s.pos[dfd]
        self.phase = 6
        s.push(Push(dfd, s.pos[att], att, self.blitz))
