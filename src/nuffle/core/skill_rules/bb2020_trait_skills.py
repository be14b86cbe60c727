"""BB2020's traits that LRB6 lacks (SKILLS.md "Traits"). The C++ twins are in
skill_rules/action_skills.hpp (`bb2020_action`).

Animal Savagery (BB2020 only): right after the declaration a D6, 4+ (+2 for a Block or Blitz), as
Wild Animal's roll; failed, he lashes out: one standing team-mate next to him of his coach's
choice is Knocked Down (armour, injury; a turnover only if that team-mate held the ball) and his
action goes on; with none next to him he loses the action (no turnover).
Pick-me-up (BB2020 only; `turn.end`): at the end of the opposing team's turn, a D6 for each Prone
player (not Stunned) within three squares of a standing team-mate with Pick-me-up, in id order;
on 5+ he stands up.
Trickster (BB2020 only; `block.before_dice`): blocked (not by a Ball & Chain), before the dice he
may move to any empty square next to the attacker (his coach chooses: SELECT_SQUARE or DECLINE);
the block goes on.
Timmm-ber! (BB2020 only): a player whose MA is below the cost of standing up rolls for it as
anyone (4+, a natural 1 fails) with +1 per standing team-mate next to him.
(Unchannelled Fury is Wild Animal's roll, `declaration_skills`; Plague Ridden counts a killed
opponent as Nurgle's Rot does, `contact_skills`.)
"""

from __future__ import annotations

from typing import Final

from nuffle.core.actions import Action, ActionChoice, ActionType, LegalActions
from nuffle.core.board import EMPTY
from nuffle.core.decision import DecisionKind as DK
from nuffle.core.dice import threshold
from nuffle.core.procedures.action import AFTER_DECLARE, STAND_UP_ROLL, PlayerAction
from nuffle.core.procedures.base import Phases, Procedure
from nuffle.core.procedures.block import BEFORE_DICE, Block
from nuffle.core.procedures.injury import KnockDown
from nuffle.core.procedures.movement import stand_up_cost
from nuffle.core.procedures.rolls import PlayerRoll
from nuffle.core.procedures.turn import TURN_END, Turn
from nuffle.core.skills import Skill
from nuffle.core.state import GameState
from nuffle.core.types import BallState, RollKind, Status


def timmm_ber_modifier(s: GameState, pid: int) -> int:
    """Timmm-ber!'s +1 per standing team-mate next to `pid`."""
    side = s.pteam[pid]
    return sum(1 for q in s.adjacent_players(s.pos[pid])
               if s.pteam[q] == side and s.status[q] == Status.STANDING)


@STAND_UP_ROLL.on(Skill.TIMMM_BER)
def _timmm_ber(s: GameState, action: PlayerAction) -> bool:
    pid = action.pid
    if stand_up_cost(s, pid, action) <= s.info[pid].ma:
        return False  # he stands without a roll
    s.push(PlayerRoll(RollKind.STAND_UP, pid, 4, timmm_ber_modifier(s, pid), agility=False))
    return True


# --- Animal Savagery ----------------------------------------------------------------------------


def lash_targets(s: GameState, pid: int) -> list[int]:
    """Standing team-mates next to `pid` (whom Animal Savagery may knock down), sorted."""
    side = s.pteam[pid]
    return sorted(q for q in s.adjacent_players(s.pos[pid])
                  if s.pteam[q] == side and s.status[q] == Status.STANDING)


@AFTER_DECLARE.on(Skill.ANIMAL_SAVAGERY)
def _animal_savagery(s: GameState, action: PlayerAction) -> bool:
    mod = 2 if action.kind in (ActionType.START_BLOCK, ActionType.START_BLITZ) else 0
    s.push(LashOut(action.pid, mod))
    return True


class LashOutPhase(Phases):
    """LashOut: the D6, the choice of team-mate, his knock-down."""

    ROLLED: Final = 1
    CHOOSE: Final = 2
    KNOCKED: Final = 3


class LashOut(Procedure):
    """Animal Savagery's roll right after the declaration (see the module docstring). Leaves
    s.ok = True if the action goes on (the roll passed, or he lashed out without a turnover)."""

    frame = "lash_out"
    phases = LashOutPhase

    __slots__ = ("mod", "pid")
    decision_skill = Skill.ANIMAL_SAVAGERY

    def __init__(self, pid: int, mod: int) -> None:
        super().__init__()
        self.pid = pid
        self.mod = mod

    def run(self, s: GameState) -> None:
        pid = self.pid
        if self.phase == LashOutPhase.START:
            self.phase = LashOutPhase.ROLLED
            s.push(PlayerRoll(RollKind.WILD_ANIMAL, pid, 4, self.mod, agility=False))
            return
        if self.phase == LashOutPhase.ROLLED:
            if s.ok:
                s.pop()
                return
            mates = lash_targets(s, pid)
            if not mates:  # nobody to lash out at: the action is lost
                s.ok = False
                s.pop()
                return
            if len(mates) == 1:
                self._lash(s, mates[0])
                return
            self.phase = LashOutPhase.CHOOSE
            s.wait(s.pteam[pid], DK.FEED)
            return
        s.ok = not s.turnover  # KNOCKED: the action goes on unless the ball was lost
        s.pop()

    def _lash(self, s: GameState, mate: int) -> None:
        self.phase = LashOutPhase.KNOCKED
        if s.ball_state == BallState.CARRIED and s.ball == s.pos[mate]:
            s.turnover = True
        s.push(KnockDown(mate, turnover=False, by=self.pid))

    def legal(self, s: GameState) -> LegalActions:
        return LegalActions([ActionChoice(ActionType.SELECT_PLAYER, tuple(lash_targets(s, self.pid)))])

    def act(self, s: GameState, action: Action) -> None:
        assert action.player is not None
        self._lash(s, action.player)


# --- Pick-me-up --------------------------------------------------------------------------------


def picked_up(s: GameState, side: int, after: int) -> int:
    """The first player of `side` after id `after` that Pick-me-up rolls for: Prone (not
    Stunned), on the pitch, within three squares of a standing team-mate with Pick-me-up; -1
    when there is none."""
    b = s.board
    helpers = [h for h in s.team_players(side)
               if s.status[h] == Status.STANDING and s.pos[h] >= 0 and s.has(h, Skill.PICK_ME_UP)]
    for q in s.team_players(side):
        if q > after and s.status[q] == Status.PRONE and s.pos[q] >= 0 \
                and any(h != q and b.distance(s.pos[q], s.pos[h]) <= 3 for h in helpers):
            return q
    return -1


@TURN_END.on(Skill.PICK_ME_UP)
def _pick_me_up(s: GameState, turn: Turn, pid: int) -> bool:
    if picked_up(s, s.pteam[pid], -1) < 0:
        return False
    s.push(PickMeUp(s.pteam[pid]))
    return True


class PickMeUpPhase(Phases):
    """PickMeUp: a D6 for the player `after`."""

    ROLLED: Final = 1


class PickMeUp(Procedure):
    """Pick-me-up at the end of the opposing turn: a D6 for each player `picked_up` finds, 5+
    stands him up (see the module docstring)."""

    frame = "pick_me_up"
    phases = PickMeUpPhase

    __slots__ = ("after", "side")

    def __init__(self, side: int) -> None:
        super().__init__()
        self.side = side
        self.after = -1  # the last player rolled for

    def run(self, s: GameState) -> None:
        if self.phase == PickMeUpPhase.ROLLED and s.die() >= 5:
            s.status[self.after] = Status.STANDING
        nxt = picked_up(s, self.side, self.after)
        if nxt < 0:
            s.pop()
            return
        self.after = nxt
        self.phase = PickMeUpPhase.ROLLED
        s.request(threshold(5, "pick-me-up"))


# --- Trickster ---------------------------------------------------------------------------------


def trick_squares(s: GameState, attacker: int) -> tuple[tuple[int, int], ...]:
    """The empty squares next to `attacker` (in neighbour order) a Trickster may move to."""
    b = s.board
    sq = s.pos[attacker]
    return tuple(b.xy(sq + off) for off in b.neighbours if s.grid[sq + off] == EMPTY)


@BEFORE_DICE.on(Skill.TRICKSTER)
def _trickster(s: GameState, block: Block) -> bool:
    if block.asking != block.defender or s.has(block.attacker, Skill.BALL_AND_CHAIN):
        return False
    if not trick_squares(s, block.attacker):
        return False
    s.push(Trick(block.defender, block.attacker))
    return True


class TrickPhase(Phases):
    """Trick: the coach's choice of square."""

    CHOOSE: Final = 1


class Trick(Procedure):
    """Trickster: the blocked player's coach may move him next to the attacker before the dice.
    Leaves s.ok = True (the block goes on)."""

    frame = "trick"
    phases = TrickPhase

    __slots__ = ("attacker", "pid")
    decision_skill = Skill.TRICKSTER

    def __init__(self, pid: int, attacker: int) -> None:
        super().__init__()
        self.pid = pid
        self.attacker = attacker

    def run(self, s: GameState) -> None:
        self.phase = TrickPhase.CHOOSE
        s.wait(s.pteam[self.pid], DK.USE_SKILL)

    def legal(self, s: GameState) -> LegalActions:
        return LegalActions([ActionChoice(ActionType.SELECT_SQUARE, (), trick_squares(s, self.attacker)),
                             ActionChoice(ActionType.DECLINE)])

    def act(self, s: GameState, action: Action) -> None:
        if action.type == ActionType.SELECT_SQUARE:
            assert action.square is not None
            s.move_player(self.pid, s.board.sq(*action.square))
        s.ok = True
        s.pop()
