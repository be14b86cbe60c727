"""Block skills: strength, dice, results and block substitutes.

Block, Dodge (Defender Stumbles), Tackle (cancels Dodge there), Guard, Horns, Dauntless,
Foul Appearance, Wrestle, Juggernaut, Fend, Frenzy, Multiple Block, Stab, Stakes and the
Chainsaw attack. The hook points are in `procedures/block.py` and
`procedures/block_substitutes.py`; see docs/RULES_NOTES.md ("Skills: blocks") for the choices.
"""

from __future__ import annotations

from typing import Final

from nuffle.core.actions import Action, ActionChoice, ActionType, LegalActions, Square
from nuffle.core.decision import DecisionKind as DK
from nuffle.core.procedures.action import ACTION_CHOICES, PlayerAction, PlayerActionPhase, skill_action
from nuffle.core.procedures.base import Phases, Procedure
from nuffle.core.procedures.block import (
    AFTER_BLOCK,
    BEFORE_DICE,
    BOTH_DOWN_STANDS,
    FOLLOW_UP,
    FREE,
    MAY_FORBID,
    MUST,
    RESOLVED,
    RESULT_OPTIONS,
    STRENGTH_ROLL,
    STUMBLE_IS_PUSH,
    Block,
)
from nuffle.core.procedures.block_strength import ASSIST, CANCEL, STRENGTH, cancelled
from nuffle.core.procedures.block_substitutes import ARMOUR_MODIFIER, BEFORE_ATTACK, Strike
from nuffle.core.procedures.injury import PlaceProne
from nuffle.core.procedures.movement import max_gfi
from nuffle.core.procedures.rolls import PlayerRoll
from nuffle.core.skills import Skill
from nuffle.core.state import GameState
from nuffle.core.types import BlockFace, RollKind, Status

# --- helpers -------------------------------------------------------------------------------


def _targets(s: GameState, pid: int) -> list[int]:
    """Standing opponents next to `pid`."""
    side = s.pteam[pid]
    return [
        q for q in s.adjacent_players(s.pos[pid]) if s.pteam[q] != side and s.status[q] == Status.STANDING
    ]


def _squares(s: GameState, players: list[int]) -> tuple[Square, ...]:
    return tuple(s.board.xy(s.pos[q]) for q in players)


def _may_strike(s: GameState, action: PlayerAction) -> bool:
    """Whether the acting player may still make his block (or a substitute) now."""
    if action.blocked:
        return False
    if action.kind == ActionType.START_BLOCK:
        return True
    if action.kind == ActionType.START_BLITZ:
        info = s.info[action.pid]
        return action.moves < info.ma + max_gfi(s, action.pid)
    return False


def _pay_for_strike(s: GameState, action: PlayerAction) -> bool:
    """Mark the block as made; on a Blitz it costs a square. True if that square is a GFI."""
    action.blocked = True
    if action.kind != ActionType.START_BLITZ:
        return False
    gfi = action.moves >= s.info[action.pid].ma
    action.moves += 1
    return gfi


# --- Block, Dodge, Tackle, Guard -----------------------------------------------------------


@BOTH_DOWN_STANDS.on(Skill.BLOCK)
def _block(s: GameState, block: Block, pid: int) -> bool:
    return True


@STUMBLE_IS_PUSH.on(Skill.DODGE)
def _dodge(s: GameState, block: Block) -> bool:
    return not cancelled(s, block.attacker, block.blitz, Skill.DODGE)


@CANCEL.on(Skill.TACKLE)
def _tackle(s: GameState, attacker: int, blitz: bool, skill: Skill) -> bool:
    return skill == Skill.DODGE


@ASSIST.on(Skill.GUARD)
def _guard(s: GameState, helper: int, target: int) -> bool:
    return True


# --- strength: Horns, Dauntless ------------------------------------------------------------


@STRENGTH.on(Skill.HORNS)
def _horns(s: GameState, attacker: int, defender: int, blitz: bool) -> int:
    return 1 if blitz else 0


def dauntless_roll(s: GameState, block: Block, ties: bool) -> bool:
    """Dauntless: a D6 for the weaker attacker, D6 + ST above the defender's ST (or equal to
    it where `ties`: BB2020) to count as strong as him; not rolled when a 6 would not do."""
    if block.ast >= block.dst:
        return False
    need = block.dst - block.ast + (0 if ties else 1)
    if need > 6:
        return False  # not even a 6 would do: the roll is not made
    s.push(PlayerRoll(RollKind.DAUNTLESS, block.attacker, need, agility=False))
    return True


@STRENGTH_ROLL.on(Skill.DAUNTLESS)
def _dauntless(s: GameState, block: Block) -> bool:
    return dauntless_roll(s, block, ties=False)


# --- Foul Appearance -----------------------------------------------------------------------


@BEFORE_DICE.on(Skill.FOUL_APPEARANCE)
def _foul_appearance(s: GameState, block: Block) -> bool:
    if block.asking != block.defender:
        return False  # only the blocked player's Foul Appearance counts
    s.push(PlayerRoll(RollKind.FOUL_APPEARANCE, block.attacker, 2, agility=False))
    return True


@BEFORE_ATTACK.on(Skill.FOUL_APPEARANCE)
def _foul_appearance_attack(s: GameState, attacker: int, victim: int, kind: ActionType) -> bool:
    s.push(PlayerRoll(RollKind.FOUL_APPEARANCE, attacker, 2, agility=False))
    return True


# --- Both Down: Wrestle, Juggernaut --------------------------------------------------------


@RESULT_OPTIONS.on(Skill.WRESTLE)
def _wrestle(s: GameState, block: Block, pid: int, use: bool) -> ActionType | None:
    if block.face != BlockFace.BOTH_DOWN:
        return None
    if pid == block.defender and cancelled(s, block.attacker, block.blitz, Skill.WRESTLE):
        return None
    if use:
        # Both are Placed Prone (no armour rolls; a held ball bounces; a turnover only if
        # the attacker held it). The defender's resolves first.
        s.push(PlaceProne(block.attacker))
        s.push(PlaceProne(block.defender))
        block.face = RESOLVED
    return ActionType.USE_SKILL


@RESULT_OPTIONS.on(Skill.JUGGERNAUT)
def _juggernaut(s: GameState, block: Block, pid: int, use: bool) -> ActionType | None:
    if pid != block.attacker or not block.blitz or block.face != BlockFace.BOTH_DOWN:
        return None
    if use:
        block.face = int(BlockFace.PUSHED)
    return ActionType.SELECT_PUSHED


_JUGGERNAUT_STOPS = frozenset({Skill.FEND, Skill.STAND_FIRM, Skill.WRESTLE})


@CANCEL.on(Skill.JUGGERNAUT)
def _juggernaut_cancels(s: GameState, attacker: int, blitz: bool, skill: Skill) -> bool:
    return blitz and skill in _JUGGERNAUT_STOPS


# --- follow-up: Fend, Frenzy ---------------------------------------------------------------


@FOLLOW_UP.on(Skill.FEND)
def _fend(s: GameState, block: Block, pid: int) -> int:
    if pid != block.defender or cancelled(s, block.attacker, block.blitz, Skill.FEND):
        return FREE
    return MAY_FORBID


@FOLLOW_UP.on(Skill.FRENZY)
def _frenzy_follows(s: GameState, block: Block, pid: int) -> int:
    return MUST if pid == block.attacker else FREE


@AFTER_BLOCK.on(Skill.FRENZY)
def _frenzy_second_block(s: GameState, block: Block) -> bool:
    if block.multiple or block.face not in (BlockFace.PUSHED, BlockFace.DEFENDER_STUMBLES):
        return False
    att, dfd = block.attacker, block.defender
    if (
        s.status[dfd] != Status.STANDING
        or s.pos[dfd] < 0
        or s.board.distance(s.pos[att], s.pos[dfd]) != 1
    ):
        return False
    gfi = False
    if block.blitz:  # the second block costs a square of movement
        info = s.info[att]
        if block.moves >= info.ma + max_gfi(s, att):
            return False
        gfi = block.moves >= info.ma
        block.extra += 1
    s.push(Block(att, dfd, blitz=block.blitz, gfi=gfi, moves=block.moves + 1, second=True))
    return True


# --- Multiple Block ------------------------------------------------------------------------

MULTIPLE_BLOCK_ST = 2  # each defender's strength bonus


@ACTION_CHOICES.on(Skill.MULTIPLE_BLOCK)
def _multiple_block_choice(s: GameState, action: PlayerAction, groups: list[ActionChoice]) -> None:
    if action.kind != ActionType.START_BLOCK or action.blocked:
        return
    targets = _targets(s, action.pid)
    if len(targets) >= 2:
        groups.append(ActionChoice(ActionType.MULTIPLE_BLOCK, (), _squares(s, targets)))


@skill_action(ActionType.MULTIPLE_BLOCK)
def _multiple_block(s: GameState, action: PlayerAction, chosen: Action) -> None:
    assert chosen.square is not None
    action.blocked = True
    action.phase = PlayerActionPhase.FINISHED  # the Block action ends after both blocks
    s.push(MultipleBlock(action.pid, s.grid[s.board.sq(*chosen.square)]))


class MultipleBlockPhase(Phases):
    """MultipleBlock: the second target, then the two blocks."""

    SECOND_TARGET: Final = 1
    FIRST_BLOCK: Final = 2
    SECOND_BLOCK: Final = 3
    DONE: Final = 4


class MultipleBlock(Procedure):
    """Multiple Block: the attacker names a second adjacent opponent (SELECT_SQUARE), then
    blocks `first` and, if he still stands, the second; each defender has +2 ST and there is
    no follow-up (and so no Frenzy)."""

    frame = "multiple_block"
    phases = MultipleBlockPhase

    __slots__ = ("first", "pid", "second")
    decision_skill = Skill.MULTIPLE_BLOCK

    def __init__(self, pid: int, first: int) -> None:
        super().__init__()
        self.pid = pid
        self.first = first
        self.second = -1

    def _others(self, s: GameState) -> list[int]:
        return [q for q in _targets(s, self.pid) if q != self.first]

    def run(self, s: GameState) -> None:
        pid = self.pid
        if self.phase == MultipleBlockPhase.START:
            self.phase = MultipleBlockPhase.SECOND_TARGET
            s.wait(s.pteam[pid], DK.MULTIPLE_BLOCK)
            return
        if self.phase == MultipleBlockPhase.FIRST_BLOCK:
            self.phase = MultipleBlockPhase.SECOND_BLOCK
            s.push(Block(pid, self.first, multiple=True, def_bonus=MULTIPLE_BLOCK_ST))
            return
        if self.phase == MultipleBlockPhase.SECOND_BLOCK:
            self.phase = MultipleBlockPhase.DONE
            sec = self.second
            if (
                s.status[pid] == Status.STANDING
                and not s.turnover
                and s.touchdown < 0
                and s.status[sec] == Status.STANDING
                and s.pos[sec] >= 0
                and s.board.distance(s.pos[pid], s.pos[sec]) == 1
            ):
                s.push(Block(pid, sec, multiple=True, def_bonus=MULTIPLE_BLOCK_ST))
                return
        s.pop()

    def legal(self, s: GameState) -> LegalActions:
        return LegalActions([ActionChoice(ActionType.SELECT_SQUARE, (), _squares(s, self._others(s)))])

    def act(self, s: GameState, action: Action) -> None:
        assert action.square is not None
        self.second = s.grid[s.board.sq(*action.square)]
        self.phase = MultipleBlockPhase.FIRST_BLOCK


# --- Stab, Stakes --------------------------------------------------------------------------


@ACTION_CHOICES.on(Skill.STAB)
def _stab_choice(s: GameState, action: PlayerAction, groups: list[ActionChoice]) -> None:
    if _may_strike(s, action):
        targets = _targets(s, action.pid)
        if targets:
            groups.append(ActionChoice(ActionType.STAB, (), _squares(s, targets)))


@skill_action(ActionType.STAB)
def _stab(s: GameState, action: PlayerAction, chosen: Action) -> None:
    assert chosen.square is not None
    gfi = _pay_for_strike(s, action)
    action.phase = PlayerActionPhase.FINISHED  # a Stab ends the action (and a Blitz's movement)
    s.push(Strike(ActionType.STAB, action.pid, s.grid[s.board.sq(*chosen.square)], gfi))


@ARMOUR_MODIFIER.on(Skill.STAKES)
def _stakes(s: GameState, attacker: int, target: int, kind: ActionType) -> int:
    if kind == ActionType.STAB and "undead" in s.keywords(target):
        return 1
    return 0


# --- Chainsaw (the attack; the foul and the +3 against him are in contact_skills) ----------


@ACTION_CHOICES.on(Skill.CHAINSAW)
def _chainsaw_choice(s: GameState, action: PlayerAction, groups: list[ActionChoice]) -> None:
    # He must attack with the chainsaw instead of blocking: no ordinary block is offered.
    groups[:] = [g for g in groups if g.type not in (ActionType.BLOCK, ActionType.MULTIPLE_BLOCK)]
    if _may_strike(s, action):
        targets = _targets(s, action.pid)
        if targets:
            groups.append(ActionChoice(ActionType.CHAINSAW, (), _squares(s, targets)))


@skill_action(ActionType.CHAINSAW)
def _chainsaw(s: GameState, action: PlayerAction, chosen: Action) -> None:
    assert chosen.square is not None
    gfi = _pay_for_strike(s, action)
    if action.kind != ActionType.START_BLITZ:
        action.phase = PlayerActionPhase.FINISHED  # a Block action ends; a Blitz may keep moving
    s.push(Strike(ActionType.CHAINSAW, action.pid, s.grid[s.board.sq(*chosen.square)], gfi))
