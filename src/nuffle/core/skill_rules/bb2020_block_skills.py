"""BB2020's blocking skills (RULES §9, §11.2, SKILLS.md): Dauntless, Iron Hard Skin and Arm Bar.
The C++ twins are in skill_rules/block_skills.hpp (Dauntless) and skill_rules/injury_skills.hpp
(Iron Hard Skin, Arm Bar).

Dauntless (BB2020's own handler): against a stronger opponent, D6 + his strength equal to or
above the opponent's makes his strength the opponent's for the block (LRB6: above). Iron Hard
Skin (BB2020 only): the skills of the player who knocks him down or fouls him do not act on his
armour roll: no Claws, no armour modifier, Mighty Blow and Dirty Player on the injury roll only.
Arm Bar (BB2020 only): an opponent whose dodge, jump or leap out of his tackle zone fails falls
by his doing (`injury.FALL_CAUSED`), +1 to the armour or else the injury roll (as Mighty Blow).
Claws without Mighty Blow is the ruleset's (`Ruleset.claws_with_bonus`); Mighty Blow only on his
own block is LRB6's handler already (the attacker falling is nobody's knock-down).
Pile Driver (BB2020 only, `block.after`): once his block (not a Multiple Block) has knocked the
defender down (Defender Down, Defender Stumbles, Both Down; not placed prone by Wrestle) and the
defender lies on the pitch next to him (he followed up), his coach may have him foul that
player for free: the Foul procedure as a Foul action's (assists, Dirty Player, the referee on a
double, bribes, Argue the Call), then, unless sent off, he is Placed Prone in his square (a
turnover only if he holds the ball).
The C++ twin is skill_rules/block_skills.hpp (`pile_driver`, the PileDriver frame).
"""

from __future__ import annotations

from typing import Final

from nuffle.core.actions import Action, ActionChoice, ActionType, LegalActions
from nuffle.core.decision import Decision
from nuffle.core.decision import DecisionKind as DK
from nuffle.core.procedures.base import Phases, Procedure
from nuffle.core.procedures.block import AFTER_BLOCK, STRENGTH_ROLL, Block
from nuffle.core.procedures.foul import Foul
from nuffle.core.procedures.injury import ARMOUR_BONUS, ARMOUR_IMMUNE, FALL, FALL_CAUSED, PlaceProne
from nuffle.core.ruleset import BB2020, own_handler
from nuffle.core.skill_rules.block_skills import dauntless_roll
from nuffle.core.skills import Skill
from nuffle.core.state import GameState
from nuffle.core.types import BlockFace, Status


@own_handler(BB2020.name, STRENGTH_ROLL.name, Skill.DAUNTLESS)
def _dauntless(s: GameState, block: Block) -> bool:
    return dauntless_roll(s, block, ties=True)


@FALL_CAUSED.on(Skill.ARM_BAR)
def _arm_bar_trips(s: GameState, owner: int, pid: int) -> bool:
    return True


@ARMOUR_BONUS.on(Skill.ARM_BAR)
def _arm_bar(s: GameState, victim: int, by: int, how: int) -> int:
    return 1 if how == FALL else 0


@ARMOUR_IMMUNE.on(Skill.IRON_HARD_SKIN)
def _iron_hard_skin(s: GameState, victim: int, by: int, how: int) -> bool:
    return True


# --- Pile Driver ----------------------------------------------------------------------------------

#: The block results that knock the defender down (Both Down when he is not saved by Block).
KNOCKING_FACES = frozenset({BlockFace.DEFENDER_DOWN, BlockFace.DEFENDER_STUMBLES, BlockFace.BOTH_DOWN})


class PileDriverPhase(Phases):
    """PileDriver: the choice, then the foul, then he is placed prone."""

    FOULED: Final = 1
    PLACED: Final = 2


class PileDriver(Procedure):
    """Pile Driver: the attacker `pid`'s coach may foul the knocked-down `victim` for free
    (USE_SKILL), after which the attacker is Placed Prone unless sent off; or DECLINE."""

    frame = "pile_driver"
    phases = PileDriverPhase

    __slots__ = ("pid", "victim")
    decision_skill = Skill.PILE_DRIVER

    def __init__(self, pid: int, victim: int) -> None:
        super().__init__()
        self.pid = pid
        self.victim = victim

    def run(self, s: GameState) -> None:
        if self.phase == PileDriverPhase.START:
            s.wait(s.pteam[self.pid], DK.USE_SKILL)
            return
        standing = s.pos[self.pid] >= 0 and s.status[self.pid] == Status.STANDING
        if self.phase == PileDriverPhase.FOULED and standing:
            self.phase = PileDriverPhase.PLACED
            s.push(PlaceProne(self.pid))
            return
        s.pop()

    def decision_detail(self, s: GameState) -> Decision:
        return Decision(player=self.pid, target=self.victim, skill=self.decision_skill)

    def legal(self, s: GameState) -> LegalActions:
        return LegalActions([ActionChoice(ActionType.USE_SKILL), ActionChoice(ActionType.DECLINE)])

    def act(self, s: GameState, action: Action) -> None:
        if action.type == ActionType.DECLINE:
            s.pop()
            return
        self.phase = PileDriverPhase.FOULED
        s.push(Foul(self.pid, self.victim))


@AFTER_BLOCK.on(Skill.PILE_DRIVER)
def _pile_driver(s: GameState, block: Block) -> bool:
    """Offered once his (single) block knocked the defender down, the defender on the pitch
    next to him (a foul is made on an adjacent player: he followed up, or was not pushed)."""
    dfd, att = block.defender, block.attacker
    if (block.multiple or block.face not in KNOCKING_FACES or s.pos[dfd] < 0
            or s.status[dfd] not in (Status.PRONE, Status.STUNNED)
            or s.board.distance(s.pos[att], s.pos[dfd]) != 1):
        return False
    s.push(PileDriver(block.attacker, dfd))
    return True
