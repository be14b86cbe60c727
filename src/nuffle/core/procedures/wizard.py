"""The Wizard inducement (RULES §16.6): once a match, at the start of one of its team's own
turns before any player acts, the wizard casts a Fireball or a Lightning Bolt.

Calling on him (`USE_FIREBALL` / `USE_LIGHTNING_BOLT` in the turn's `SELECT_ACTION`) spends the
spell; the coach then names the target (`DK.WIZARD`): any square of the pitch for a Fireball
(`SELECT_SQUARE`), any standing player for a Lightning Bolt (`SELECT_PLAYER`). A Fireball rolls
a D6 for each standing player in the target square and the eight around it, hitting on 4+; a
Lightning Bolt rolls one D6, hitting on 2+. No re-roll helps. Every player hit is knocked down
at once (armour and injury rolled as for any fall); a ball he held bounces. A player of the
casting team knocked down is a turnover only if he held the ball (docs/RULES_NOTES.md).
Where the ruleset's Wizard casts Zap! (BB2020), `USE_LIGHTNING_BOLT` casts it instead
(procedures/zap.py): one opposing player, turned into a frog on a D6 of his ST or more.
"""

from __future__ import annotations

from typing import Final

from nuffle.core.actions import Action, ActionChoice, ActionType, LegalActions
from nuffle.core.decision import Decision
from nuffle.core.decision import DecisionKind as DK
from nuffle.core.dice import threshold
from nuffle.core.procedures.ball import Bounce
from nuffle.core.procedures.base import Phases, Procedure
from nuffle.core.procedures.injury import KnockDown
from nuffle.core.procedures.zap import turn_into_frog, zap_need, zap_targets
from nuffle.core.state import GameState
from nuffle.core.types import PF, BallState, Status

FIREBALL_HITS_ON = 4
LIGHTNING_HITS_ON = 2
#: The action types that call on the wizard.
SPELLS = (ActionType.USE_FIREBALL, ActionType.USE_LIGHTNING_BOLT)


def spells(s: GameState, side: int, blitz: bool) -> list[ActionType]:
    """The spells `side` may call on its wizard for now: none unless it has its spell, it is
    one of its own turns (not a Blitz! kick-off turn) and none of its players has acted yet;
    then the Fireball, and the Lightning Bolt (Zap!) while it has a target."""
    if not s.teams[side].wizard or blitz:
        return []
    pflags = s.pflags
    if any(pflags[p] & PF.USED for p in s.ranges[side]):
        return []
    second = zap_targets(s, side) if s.rules.wizard == "zap" else lightning_targets(s)
    return [ActionType.USE_FIREBALL, *([ActionType.USE_LIGHTNING_BOLT] if second else [])]


def fireball_targets(s: GameState) -> tuple[tuple[int, int], ...]:
    """Every square of the pitch (a Fireball may be aimed anywhere)."""
    b = s.board
    return tuple((x, y) for y in range(b.height) for x in range(b.width))


def lightning_targets(s: GameState) -> tuple[int, ...]:
    """Every standing player on the pitch, of either team."""
    return tuple(p for p in range(len(s.info)) if s.pos[p] >= 0 and s.status[p] == Status.STANDING)


class WizardPhase(Phases):
    """Wizard: the coach names the target, then the to-hit dice are rolled one by one."""

    TARGET: Final = 1
    HITS: Final = 2
    DONE: Final = 3


class Wizard(Procedure):
    """The wizard of `side` casting `spell` (`USE_FIREBALL` or `USE_LIGHTNING_BOLT`)."""

    frame = "wizard"
    phases = WizardPhase

    __slots__ = ("hits", "side", "spell", "victims")

    def __init__(self, side: int, spell: ActionType) -> None:
        super().__init__()
        self.side = side
        self.spell = spell
        self.victims: list[int] = []  # standing players still to roll for
        self.hits: list[int] = []  # players hit, knocked down in order

    def run(self, s: GameState) -> None:
        ph = self.phase
        if ph == WizardPhase.START:
            s.teams[self.side].wizard = 0
            self.phase = WizardPhase.TARGET
            s.wait(self.side, DK.WIZARD)
            return
        if ph == WizardPhase.HITS:
            p = self.victims.pop(0)
            if self._zap(s):
                self._frog(s, p, s.die() >= zap_need(s, p))
                return
            if s.die() >= self._hits_on():
                self.hits.append(p)
            if self.victims:
                s.request(threshold(self._hits_on(), self._purpose()))
                return
            self._knock_down(s)
            return
        s.pop()

    def _zap(self, s: GameState) -> bool:
        return self.spell == ActionType.USE_LIGHTNING_BOLT and s.rules.wizard == "zap"

    def _frog(self, s: GameState, p: int, zapped: bool) -> None:
        """Zap!'s roll: `p` a frog when `zapped`; a ball he held bounces from his square."""
        self.phase = WizardPhase.DONE
        if not zapped:
            return
        turn_into_frog(s, p)
        if s.carrier() == p:
            s.ball_state = BallState.ON_GROUND
            s.push(Bounce(s.pos[p]))

    def _hits_on(self) -> int:
        return FIREBALL_HITS_ON if self.spell == ActionType.USE_FIREBALL else LIGHTNING_HITS_ON

    def _purpose(self) -> str:
        return "fireball" if self.spell == ActionType.USE_FIREBALL else "lightning bolt"

    def _aim(self, s: GameState, victims: list[int]) -> None:
        self.victims = victims
        if victims:
            self.phase = WizardPhase.HITS
            if self._zap(s):
                s.request(threshold(zap_need(s, victims[0]), "zap"))
                return
            s.request(threshold(self._hits_on(), self._purpose()))
            return
        self.phase = WizardPhase.DONE

    def _knock_down(self, s: GameState) -> None:
        """Every player hit falls at once; then their armour rolls (and a ball's bounce) follow.
        Only a caster's player who held the ball turns the turn over."""
        self.phase = WizardPhase.DONE
        held = s.carrier()
        for p in reversed(self.hits):
            s.push(KnockDown(p, turnover=p == held))
        for p in self.hits:
            s.status[p] = Status.PRONE
            if p == held:
                s.ball_state = BallState.ON_GROUND

    def decision_detail(self, s: GameState) -> Decision:
        return Decision(action=self.spell)

    def legal(self, s: GameState) -> LegalActions:
        if self.spell == ActionType.USE_FIREBALL:
            return LegalActions([ActionChoice(ActionType.SELECT_SQUARE, (), fireball_targets(s))])
        if self._zap(s):
            return LegalActions([ActionChoice(ActionType.SELECT_PLAYER, zap_targets(s, self.side))])
        return LegalActions([ActionChoice(ActionType.SELECT_PLAYER, lightning_targets(s))])

    def act(self, s: GameState, action: Action) -> None:
        if action.type == ActionType.SELECT_SQUARE:
            assert action.square is not None
            sq = s.board.sq(*action.square)
            area = [s.grid[sq], *s.adjacent_players(sq)] if s.grid[sq] >= 0 else s.adjacent_players(sq)
            self._aim(s, [p for p in area if s.status[p] == Status.STANDING])
            return
        assert action.player is not None
        self._aim(s, [action.player])
