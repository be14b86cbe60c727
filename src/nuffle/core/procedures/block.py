"""Blocks: the dice, their re-roll and choice, results, follow-up (strength, assists and the
number of dice: block_strength.py)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Final

from nuffle.core.actions import SELECT_FACE, Action, ActionChoice, ActionType, LegalActions
from nuffle.core.decision import Decision
from nuffle.core.decision import DecisionKind as DK
from nuffle.core.dice import Chance, Dice, threshold
from nuffle.core.hooks import Point
from nuffle.core.procedures.ball import Bounce, check_touchdown, drop_ball_if_carried
from nuffle.core.procedures.base import Procedure
from nuffle.core.procedures.block_strength import block_dice, strength
from nuffle.core.procedures.injury import BALL_DROPPED, KNOCKED, KnockDown
from nuffle.core.procedures.movement import GfiFirstPhase, gfi_first
from nuffle.core.procedures.prayer_trapdoor import Trapdoor, trapdoor_here
from nuffle.core.procedures.push import Push, resolve_crowd
from nuffle.core.procedures.rolls import (
    check_from,
    checked_reroll,
    note_check,
    spend_team_reroll,
    team_reroll_available,
)
from nuffle.core.state import GameState
from nuffle.core.types import PF, BallState, BlockFace, Event, Status, block_dice_code, other

BEFORE_DICE: Point[[GameState, Block], bool] = Point(
    "block.before_dice",
    "fn(s, block: Block) -> bool: acts after the block is declared and any GFI made, before "
    "the dice (Dump-Off, Foul Appearance, ...). Asked for the attacker's skills, then the "
    "defender's; every handler runs in turn, with `block.asking` set to the player whose "
    "skill it is. Return True after pushing a procedure that leaves s.ok = True (the block goes "
    "on) or False (it is cancelled, with no turnover). `block.second` is True for Frenzy's second "
    "block",
)
DIE_REROLL: Point[[GameState, Block], bool] = Point(
    "block.die_reroll",
    "fn(s, block: Block) -> bool: the attacker may re-roll one Both Down die of these dice "
    "(Brawler), offered as USE_SKILL",
)
STRENGTH_ROLL: Point[[GameState, Block], bool] = Point(
    "block.strength_roll",
    "fn(s, block: Block) -> bool: asked for the attacker's skills after BEFORE_DICE, with "
    "block.ast / block.dst holding both strengths before assists (Dauntless). Return True "
    "after pushing a procedure that leaves s.ok = True when the attacker's strength now "
    "counts as equal to the defender's (False: unchanged); every handler runs in turn",
)
RESULT_OPTIONS: Point[[GameState, Block, int, bool], ActionType | None] = Point(
    "block.result_options",
    "fn(s, block: Block, pid, use: bool) -> ActionType | None: once a face is chosen (in "
    "block.face), asked for the attacker's skills, then the defender's: an alternative the "
    "coach of `pid` may take instead of the face (Juggernaut: SELECT_PUSHED for Both Down; "
    "Wrestle: USE_SKILL), or None. With use=True carry it out: change block.face, or resolve "
    "the result yourself and set block.face = RESOLVED",
)
ResultOption = Callable[[GameState, "Block", int, bool], ActionType | None]  # its handlers
BOTH_DOWN_STANDS: Point[[GameState, Block, int], bool] = Point(
    "block.both_down_stands",
    "fn(s, block: Block, pid) -> bool: player `pid` (attacker or defender) is not knocked "
    "down on Both Down (Block)",
)
STUMBLE_IS_PUSH: Point[[GameState, Block], bool] = Point(
    "block.stumble_is_push",
    "fn(s, block: Block) -> bool: asked for the defender's skills: Defender Stumbles only "
    "pushes him (Dodge, unless CANCEL)",
)
FOLLOW_UP: Point[[GameState, Block, int], int] = Point(
    "block.follow_up",
    "fn(s, block: Block, pid) -> int: asked for the attacker's and the defender's skills when "
    "the attacker could follow up: FREE (no say), MUST (he must: Frenzy), MAY_FORBID (the "
    "coach of `pid` may forbid it: Fend) or FORBID",
)
AFTER_BLOCK: Point[[GameState, Block], bool] = Point(
    "block.after",
    "fn(s, block: Block) -> bool: asked for the attacker's skills once the block has fully "
    "resolved, the attacker still standing, no turnover or touchdown (not after Frenzy's "
    "second block). Return True after pushing a procedure (Frenzy's second block); on a "
    "Blitz add the squares of movement it costs to block.extra",
)

RESOLVED = -2  # block.face once a RESULT_OPTIONS handler has resolved the result itself
FREE, MUST, MAY_FORBID, FORBID = 0, 1, 2, 3  # FOLLOW_UP answers


@dataclass(frozen=True)
class FaceRules:
    """What the block dice faces do to one attacker and defender under their skills: the
    engine's block rules as data, for tools that compute odds (`nuffle.analysis`), so they
    never restate a skill. Answered by the same hook points the `Block` procedure consults."""

    attacker_stands_both_down: bool  # the attacker is not knocked down on Both Down (Block)
    defender_stands_both_down: bool  # nor the defender
    stumble_is_push: bool  # Defender Stumbles only pushes the defender (Dodge, unless cancelled)
    # What each coach may take instead of Both Down (RESULT_OPTIONS): USE_SKILL places both
    # players prone (Wrestle), SELECT_PUSHED makes it a push (Juggernaut on a Blitz).
    attacker_both_down_options: tuple[ActionType, ...]
    defender_both_down_options: tuple[ActionType, ...]


def face_rules(s: GameState, attacker: int, defender: int, blitz: bool = False) -> FaceRules:
    """How the faces resolve when `attacker` blocks `defender` (on a Blitz if `blitz`)."""
    probe = Block(attacker, defender, blitz)  # asked, never run
    probe.face = int(BlockFace.BOTH_DOWN)
    ask, dsk = s.info[attacker].skills, s.info[defender].skills
    return FaceRules(
        attacker_stands_both_down=BOTH_DOWN_STANDS.any(ask, s, probe, attacker),
        defender_stands_both_down=BOTH_DOWN_STANDS.any(dsk, s, probe, defender),
        stumble_is_push=STUMBLE_IS_PUSH.any(dsk, s, probe),
        attacker_both_down_options=tuple(t for t, _ in probe._options(s, attacker)),
        defender_both_down_options=tuple(t for t, _ in probe._options(s, defender)),
    )


class BlockPhase(GfiFirstPhase):
    """Block: a GFI, skills before the dice, the dice and their choice, the result, pushes, the follow-up."""

    DICE: Final = 3
    DICE_CHOICE: Final = 4
    REROLL_CHECK: Final = 5
    PUSHED: Final = 6
    FOLLOW_UP: Final = 7
    TOUCHDOWN_CHECK: Final = 8
    AFTER_BLOCK: Final = 9
    BEFORE_DICE_USED: Final = 10
    RESULT_OPTION: Final = 11
    STRENGTH_ROLLED: Final = 12
    STRENGTH_ROLL: Final = 13
    FORBID_FOLLOW_UP: Final = 14
    PRO_CHECK: Final = 15  # the Pro check before re-rolling the dice (REROLL_CHECK: Loner's)
    ONE_DIE: Final = 16  # which die Pro re-rolls (Ruleset.pro_one_die)
    ONE_DIE_ROLLED: Final = 17  # one die re-rolled (Pro, Brawler)


class Block(Procedure):
    """One block by `attacker` on `defender`.

    On a Blitz, `gfi` says the block costs a GFI and `moves` is the number of squares the
    blitzer has used including this block. `def_bonus` is strength added to the defender and
    `multiple` marks one of the two blocks of a Multiple Block (no follow-up); `second` marks
    Frenzy's second block. The procedure leaves in s.extra_moves the squares of movement its
    follow-on blocks used (`extra`, for the Blitz).
    """

    frame = "block"
    phases = BlockPhase

    __slots__ = (
        "asked",
        "asker",
        "asking",
        "ast",
        "attacker",
        "attacker_chooses",
        "blitz",
        "def_bonus",
        "def_sq",
        "defender",
        "dst",
        "extra",
        "face",
        "faces",
        "gfi",
        "moves",
        "multiple",
        "n",
        "pre",
        "rerolled",
        "second",
    )

    def __init__(
        self,
        attacker: int,
        defender: int,
        blitz: bool = False,
        gfi: bool = False,
        moves: int = 0,
        multiple: bool = False,
        def_bonus: int = 0,
        second: bool = False,
    ) -> None:
        super().__init__()
        self.attacker = attacker
        self.defender = defender
        self.blitz = blitz
        self.gfi = gfi
        self.moves = moves
        self.multiple = multiple
        self.def_bonus = def_bonus
        self.second = second
        self.n = 1
        self.attacker_chooses = True
        self.faces: tuple[int, ...] = ()
        self.rerolled = False
        self.face = -1  # the face chosen; in ONE_DIE_ROLLED the die re-rolled alone
        self.def_sq = -1
        self.pre = 0  # BEFORE_DICE / STRENGTH_ROLL handlers already run
        self.ast = 0
        self.dst = 0
        self.asked = 0  # RESULT_OPTIONS: 0 attacker's turn to answer, 1 defender's, 2 done
        self.asker = -1  # the player whose coach decides a MAY_FORBID follow-up
        self.asking = -1  # whose BEFORE_DICE handler runs
        self.extra = 0

    def _side(self, s: GameState) -> int:
        return s.pteam[self.attacker]

    def _can_reroll(self, s: GameState) -> bool:
        return not self.rerolled and team_reroll_available(s, self._side(s))

    def _done(self, s: GameState) -> None:
        s.extra_moves = self.extra
        s.pop()

    def _can_pro(self, s: GameState) -> bool:
        """Whether a checked skill re-roll (Pro) of the block dice is on offer."""
        return not self.rerolled and checked_reroll(s, self.attacker, None)

    def _can_brawl(self, s: GameState) -> bool:
        """Whether a skill re-rolls one Both Down die (Brawler) now."""
        return (not self.rerolled and BlockFace.BOTH_DOWN in self.faces
                and DIE_REROLL.any(s.info[self.attacker].skills, s, self))

    def _one_die(self, s: GameState, index: int) -> None:
        """Re-roll die `index` alone (kept in `face` until the dice are chosen)."""
        self.face = index
        self.phase = BlockPhase.ONE_DIE_ROLLED
        s.request(Chance(Dice.BLOCK, 1, "block"))

    def _choose(self, s: GameState) -> None:
        """DICE_CHOICE: the attacker's coach when he may re-roll or chooses, else the defender's."""
        self.phase = BlockPhase.DICE_CHOICE
        if self._can_reroll(s) or self._can_pro(s) or self._can_brawl(s) or self.attacker_chooses:
            s.wait(self._side(s), DK.BLOCK_DICE)
        else:
            s.wait(other(self._side(s)), DK.BLOCK_DICE)

    def run(self, s: GameState) -> None:
        ph = self.phase
        att = self.attacker
        if ph < BlockPhase.GO_AHEAD:
            if gfi_first(s, self, att, self.gfi):
                return
        elif ph == BlockPhase.BEFORE_DICE_USED:  # a BEFORE_DICE procedure returned
            if not s.ok or s.status[att] != Status.STANDING or s.pos[self.defender] < 0:
                self._done(s)
                return
            self.phase = BlockPhase.GO_AHEAD
        elif ph == BlockPhase.STRENGTH_ROLLED:  # a STRENGTH_ROLL procedure returned
            if s.ok and self.ast < self.dst:
                self.ast = self.dst
            self.phase = BlockPhase.STRENGTH_ROLL
        if self.phase == BlockPhase.GO_AHEAD:
            if self._before_dice(s):
                return
            self.ast = strength(s, att, self.defender, self.blitz)
            self.dst = s.info[self.defender].st + self.def_bonus
            self.pre = 0
            self.phase = BlockPhase.STRENGTH_ROLL
        if self.phase == BlockPhase.STRENGTH_ROLL:
            if self._strength_roll(s):
                return
            self.n, self.attacker_chooses = block_dice(
                s, att, self.defender, self.blitz, self.ast, self.dst
            )
            self.phase = BlockPhase.DICE
            s.request(Chance(Dice.BLOCK, self.n, "block"))
            return
        if self.phase in (BlockPhase.DICE, BlockPhase.ONE_DIE_ROLLED):
            if self.phase == BlockPhase.DICE:
                self.faces = s.dice()
            else:
                self.faces = tuple(s.dice()[0] if i == self.face else f for i, f in enumerate(self.faces))
                self.face = -1
            s.note(Event.BLOCK, att, self.defender, block_dice_code(self.faces, self.attacker_chooses))
            self._choose(s)
            return
        if self.phase in (BlockPhase.REROLL_CHECK, BlockPhase.PRO_CHECK):  # Loner or Pro check
            pro = self.phase == BlockPhase.PRO_CHECK
            note_check(s, self.attacker, pro)
            if s.die() >= check_from(s, pro, self.attacker):
                if pro and s.rules.pro_one_die:  # one die: the coach picks which (of several)
                    if self.n == 1:
                        self._one_die(s, 0)
                    else:
                        self.phase = BlockPhase.ONE_DIE
                        s.wait(self._side(s), DK.BLOCK_DICE)
                    return
                self.phase = BlockPhase.DICE
                s.request(Chance(Dice.BLOCK, self.n, "block"))
                return
            self.phase = BlockPhase.DICE_CHOICE
            s.wait(self._side(s) if self.attacker_chooses else other(self._side(s)), DK.BLOCK_DICE)
            return
        if self.phase == BlockPhase.PUSHED:  # pushes done: the follow-up
            self._follow_up(s)
            return
        if self.phase == BlockPhase.FOLLOW_UP:
            if resolve_crowd(s):
                return
            self.phase = BlockPhase.TOUCHDOWN_CHECK
            face = self.face
            dfd = self.defender
            knock = face == BlockFace.DEFENDER_DOWN or (
                face == BlockFace.DEFENDER_STUMBLES
                and not STUMBLE_IS_PUSH.any(s.info[dfd].skills, s, self)
            )
            if knock and s.pos[dfd] >= 0:
                s.push(KnockDown(dfd, attacker=att, turnover=False))
                return
        if self.phase == BlockPhase.TOUCHDOWN_CHECK:
            self.phase = BlockPhase.AFTER_BLOCK
            holder = s.carrier()  # a pushed, chain-pushed or following-up carrier may score
            if holder >= 0:
                check_touchdown(s, holder)
            if s.ball_state == BallState.ON_GROUND and s.ball >= 0 and s.grid[s.ball] >= 0:
                s.push(Bounce(s.ball))  # the ball lies under a player who did not pick it up
                return
        if self.phase == BlockPhase.AFTER_BLOCK:
            self.phase = BlockPhase.DONE
            if (
                not self.second
                and s.status[att] == Status.STANDING
                and not s.turnover
                and s.touchdown < 0
                and AFTER_BLOCK.fire(s.info[att].skills, s, self)
            ):
                return
        self._done(s)

    def _before_dice(self, s: GameState) -> bool:
        """Run the next BEFORE_DICE handler; True if it pushed a procedure to wait for."""
        mine = BEFORE_DICE.fns(s.info[self.attacker].skills)
        fns = mine + BEFORE_DICE.fns(s.info[self.defender].skills)
        while self.pre < len(fns):
            fn = fns[self.pre]
            self.asking = self.attacker if self.pre < len(mine) else self.defender
            self.pre += 1
            if fn(s, self):
                self.phase = BlockPhase.BEFORE_DICE_USED
                return True
        return False

    def _strength_roll(self, s: GameState) -> bool:
        """Run the next STRENGTH_ROLL handler; True if it pushed a procedure to wait for."""
        fns = STRENGTH_ROLL.fns(s.info[self.attacker].skills)
        while self.pre < len(fns):
            fn = fns[self.pre]
            self.pre += 1
            if fn(s, self):
                self.phase = BlockPhase.STRENGTH_ROLLED
                return True
        return False

    # --- result skills and follow-up -------------------------------------------------------

    def _options(self, s: GameState, pid: int) -> list[tuple[ActionType, ResultOption]]:
        out: list[tuple[ActionType, ResultOption]] = []
        for fn in RESULT_OPTIONS.fns(s.info[pid].skills):
            t = fn(s, self, pid, False)
            if t is not None and all(t != o for o, _ in out):
                out.append((t, fn))
        return out

    def _asking(self) -> int:
        return self.attacker if self.asked == 0 else self.defender

    def _offer(self, s: GameState) -> None:
        """Offer the chosen face's alternatives to each coach in turn, then resolve it."""
        while self.asked < 2:
            pid = self._asking()
            if self._options(s, pid):
                self.phase = BlockPhase.RESULT_OPTION
                s.wait(s.pteam[pid], DK.BLOCK_RESULT)
                return
            self.asked += 1
        self._resolve(s)

    def _follow_rule(self, s: GameState) -> tuple[int, int]:
        """The strongest FOLLOW_UP answer and the player who gave it."""
        rule, who = FREE, -1
        for pid in (self.attacker, self.defender):
            for fn in FOLLOW_UP.fns(s.info[pid].skills):
                r = fn(s, self, pid)
                if r > rule:
                    rule, who = r, pid
        return rule, who

    def _follow_up(self, s: GameState, asked: bool = False) -> None:
        """PUSHED: decide whether (and how) the attacker follows up; then FOLLOW_UP."""
        att = self.attacker
        self.phase = BlockPhase.FOLLOW_UP
        if (
            s.status[att] != Status.STANDING
            or s.pos[self.defender] == self.def_sq
            or s.grid[self.def_sq] != -1
            or self.multiple
            or s.pflags[att] & PF.ROOTED
        ):
            return
        rule, who = self._follow_rule(s)
        if rule == MAY_FORBID and asked:
            rule = FREE
            for pid in (att, self.defender):
                for fn in FOLLOW_UP.fns(s.info[pid].skills):
                    if fn(s, self, pid) == MUST:
                        rule = MUST
        if rule == FORBID:
            return
        if rule == MAY_FORBID:
            self.phase = BlockPhase.FORBID_FOLLOW_UP
            self.asker = who
            s.wait(s.pteam[who], DK.FORBID_FOLLOW_UP)
            return
        if rule == MUST:
            self._follow(s)
            return
        s.wait(self._side(s), DK.FOLLOW_UP)

    def _follow(self, s: GameState) -> None:
        """The attacker follows up (onto an open trapdoor: its D6 first, BB2020's prayer)."""
        s.move_player(self.attacker, self.def_sq)
        if trapdoor_here(s, self.attacker, self.def_sq):
            s.push(Trapdoor(self.attacker))

    def _resolve(self, s: GameState) -> None:
        att, dfd = self.attacker, self.defender
        face = self.face
        if face == RESOLVED:
            self.phase = BlockPhase.TOUCHDOWN_CHECK
            return
        if face == BlockFace.ATTACKER_DOWN:
            self.phase = BlockPhase.DONE
            # knocked down, not falling over: a ball he holds is his BALL_DROPPED skills' (Safe
            # Pair of Hands); FALL for everyone else (the same rolls either way)
            s.push(KnockDown(att, how=KNOCKED if BALL_DROPPED.fns(s.info[att].skills) else -1))
            return
        if face == BlockFace.BOTH_DOWN:
            self.phase = BlockPhase.DONE
            att_down = not BOTH_DOWN_STANDS.any(s.info[att].skills, s, self, att)
            def_down = not BOTH_DOWN_STANDS.any(s.info[dfd].skills, s, self, dfd)
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
        self.phase = BlockPhase.PUSHED
        s.push(Push(dfd, s.pos[att], att, self.blitz))

    # --- decisions -------------------------------------------------------------------------

    def decision_detail(self, s: GameState) -> Decision:
        player = self.attacker
        if self.phase == BlockPhase.RESULT_OPTION:
            player = self._asking()
        elif self.phase == BlockPhase.FORBID_FOLLOW_UP:
            player = self.asker
        faces = self.faces if self.phase in (BlockPhase.DICE_CHOICE, BlockPhase.ONE_DIE) else ()
        square = s.board.xy(self.def_sq) if self.def_sq >= 0 else None
        action = ActionType.START_BLITZ if self.blitz else ActionType.START_BLOCK
        return Decision(
            player=player, target=self.defender, dice=self.n, faces=faces, action=action, square=square
        )

    def legal(self, s: GameState) -> LegalActions:
        if self.phase == BlockPhase.FOLLOW_UP:
            return LegalActions(
                [ActionChoice(ActionType.FOLLOW_UP), ActionChoice(ActionType.DECLINE)]
            )
        if self.phase == BlockPhase.RESULT_OPTION:
            groups = [ActionChoice(t) for t, _ in self._options(s, self._asking())]
            groups.append(ActionChoice(ActionType.DECLINE))
            return LegalActions(groups)
        if self.phase == BlockPhase.FORBID_FOLLOW_UP:
            return LegalActions([ActionChoice(ActionType.USE_SKILL), ActionChoice(ActionType.DECLINE)])
        if self.phase == BlockPhase.ONE_DIE:  # a die of each face shown (dice alike are one)
            return LegalActions([ActionChoice(SELECT_FACE[f]) for f in sorted(set(self.faces))])
        groups = []
        deciding = s.decider
        side = self._side(s)
        if deciding == side and self._can_reroll(s):
            groups.append(ActionChoice(ActionType.USE_REROLL))
        if deciding == side and self._can_pro(s):
            groups.append(ActionChoice(ActionType.USE_PRO))
        if deciding == side and self._can_brawl(s):
            groups.append(ActionChoice(ActionType.USE_SKILL))
        if (deciding == side) == self.attacker_chooses:
            for f in sorted(set(self.faces)):
                groups.append(ActionChoice(SELECT_FACE[f]))
        else:
            groups.append(ActionChoice(ActionType.DECLINE))  # keep the dice; defender chooses
        return LegalActions(groups)

    def act(self, s: GameState, action: Action) -> None:
        t = action.type
        side = self._side(s)
        if self.phase == BlockPhase.FOLLOW_UP:
            if t == ActionType.FOLLOW_UP:
                self._follow(s)
            return
        if self.phase == BlockPhase.RESULT_OPTION:
            if t != ActionType.DECLINE:
                pid = self._asking()
                for opt, fn in self._options(s, pid):
                    if opt == t:
                        fn(s, self, pid, True)
                        break
            self.asked += 1
            self._offer(s)
            return
        if self.phase == BlockPhase.FORBID_FOLLOW_UP:
            if t == ActionType.USE_SKILL:
                self.phase = BlockPhase.FOLLOW_UP  # forbidden: no follow-up
            else:
                self._follow_up(s, asked=True)
            return
        if t == ActionType.USE_REROLL:
            self.rerolled = True
            if spend_team_reroll(s, self.attacker):
                self.phase = BlockPhase.REROLL_CHECK
                s.request(threshold(check_from(s, False, self.attacker), "loner"))
            else:
                self.phase = BlockPhase.DICE
                s.request(Chance(Dice.BLOCK, self.n, "block"))
            return
        if t == ActionType.USE_PRO:
            self.rerolled = True
            checked_reroll(s, self.attacker, None, use=True)
            self.phase = BlockPhase.PRO_CHECK
            s.request(threshold(check_from(s, True, self.attacker), "pro"))
            return
        if self.phase == BlockPhase.ONE_DIE:
            self._one_die(s, self.faces.index(SELECT_FACE.index(t)))
            return
        if t == ActionType.USE_SKILL:  # Brawler: a Both Down die
            self.rerolled = True
            self._one_die(s, self.faces.index(BlockFace.BOTH_DOWN))
            return
        if t == ActionType.DECLINE:
            self.rerolled = True
            s.wait(other(side), DK.BLOCK_DICE)
            return
        self.face = SELECT_FACE.index(t)
        self.asked = 0
        self._offer(s)
