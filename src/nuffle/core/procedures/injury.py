"""Knock-downs, armour, injury, casualties, the apothecary and Regeneration."""

from __future__ import annotations

from nuffle.core.actions import Action, ActionChoice, ActionType, LegalActions
from nuffle.core.dice import GROUP_CASUALTY, GROUP_NONE, GROUP_SUM, Chance, Dice, threshold
from nuffle.core.procedures.base import Procedure
from nuffle.core.skills import BADLY_HURT, KO, STUNNED, Skill, injury_result
from nuffle.core.state import STAT_CAS, STAT_KO, GameState
from nuffle.core.types import BallState, PFlag, Status, other


def casualty_name(d68: int) -> str:
    """Name of a casualty-table result."""
    if d68 < 40:
        return "Badly Hurt"
    if d68 < 50:
        return "Seriously Injured"
    if d68 < 53:
        return "Niggling Injury"
    if d68 < 55:
        return "-1 MA"
    if d68 < 57:
        return "-1 AV"
    if d68 == 57:
        return "-1 AG"
    if d68 == 58:
        return "-1 ST"
    return "Dead"


class KnockDown(Procedure):
    """A player is knocked down where he stands: armour roll, maybe injury, ball bounces.

    `attacker` is the blocking player whose Mighty Blow may apply (or -1); `turnover` says
    whether this knock-down ends the active team's turn when the victim belongs to it.
    """

    __slots__ = ("armour_mod", "attacker", "bounce_from", "mb_left", "pid", "turnover")

    def __init__(self, pid: int, attacker: int = -1, turnover: bool = True, armour_mod: int = 0) -> None:
        super().__init__()
        self.pid = pid
        self.attacker = attacker
        self.turnover = turnover
        self.armour_mod = armour_mod
        self.bounce_from = -1
        self.mb_left = False

    def run(self, s: GameState) -> None:
        from nuffle.core.procedures.ball import Bounce

        pid = self.pid
        if self.phase == 0:
            s.status[pid] = Status.PRONE
            sq = s.pos[pid]
            if s.ball == sq and s.ball_state in (BallState.CARRIED, BallState.ON_GROUND):
                s.ball_state = BallState.ON_GROUND
                self.bounce_from = sq
            if self.turnover and s.pteam[pid] == s.active:
                s.turnover = True
            self.mb_left = self.attacker >= 0 and Skill.MIGHTY_BLOW in s.info[self.attacker].skills
            self.phase = 1
            s.request(Chance(Dice.TWO_D6, 1, "armour", GROUP_SUM))
            return
        if self.phase == 1:
            a, b = s.dice()
            total = a + b + self.armour_mod
            av = s.info[pid].av
            if total <= av and self.mb_left and total + 1 > av:
                total += 1
                self.mb_left = False
            self.phase = 2
            if total > av:
                s.push(Injury(pid, 1 if self.mb_left else 0))
                return
        if self.phase == 2:
            self.phase = 3
            if self.bounce_from >= 0 and s.ball_state == BallState.ON_GROUND:
                s.push(Bounce(self.bounce_from))
                return
        s.pop()


class Injury(Procedure):
    """An injury roll (after broken armour, a crowd push or a rock), then its consequences.

    `crowd` means the victim is already off the pitch: a Stunned result sends him to reserves.
    `cap` makes a casualty result Badly Hurt (a Vampire's bite).
    """

    __slots__ = ("cap", "cas", "crowd", "doubles", "foul", "mod", "pid")

    def __init__(
        self, pid: int, mod: int = 0, crowd: bool = False, foul: bool = False, cap: bool = False
    ) -> None:
        super().__init__()
        self.pid = pid
        self.mod = mod
        self.crowd = crowd
        self.foul = foul  # a foul's injury roll: doubles matter (the referee)
        self.cap = cap
        self.doubles = False
        self.cas = 0

    def _owner(self, s: GameState) -> int:
        return s.pteam[self.pid]

    def run(self, s: GameState) -> None:
        pid = self.pid
        ph = self.phase
        if ph == 0:
            self.phase = 1
            s.request(Chance(Dice.TWO_D6, 1, "injury", GROUP_NONE if self.foul else GROUP_SUM))
        elif ph == 1:
            a, b = s.dice()
            self.doubles = a == b
            result = injury_result(a + b + self.mod, s.info[pid].skills)
            if result == STUNNED:
                self._stun(s)
                self._finish(s)
            elif result == KO:
                if s.teams[self._owner(s)].apothecaries > 0:
                    self.phase = 2  # apothecary decision on a KO
                    s.wait(self._owner(s))
                else:
                    self._knock_out(s)
                    self._finish(s)
            elif result == BADLY_HURT or self.cap:
                self.cas = 11
                self.phase = 4
                self._offer_apothecary(s)
            else:
                self.phase = 3
                s.request(Chance(Dice.D68, 1, "casualty", GROUP_CASUALTY))
        elif ph == 3:
            self.cas = s.die()
            self.phase = 4
            self._offer_apothecary(s)
        elif ph == 6:  # second casualty roll from the apothecary: keep the lesser result
            self.cas = min(self.cas, s.die())
            if self.cas < 40:
                s.remove(pid, Status.RESERVE)
                self._finish(s)
                return
            self.phase = 5
            self._regenerate(s)
        elif ph == 5:
            self._regenerate(s)
        elif ph == 7:
            if s.die() >= 4:
                s.remove(pid, Status.RESERVE)
            else:
                self._casualty(s)
            self._finish(s)

    def _finish(self, s: GameState) -> None:
        """Pop, telling the caller (a foul) whether the injury roll was a double."""
        s.ret = int(self.doubles)
        s.pop()

    def _offer_apothecary(self, s: GameState) -> None:
        if s.teams[self._owner(s)].apothecaries > 0:
            s.wait(self._owner(s))
        else:
            self.phase = 5

    def _regenerate(self, s: GameState) -> None:
        if Skill.REGENERATION in s.info[self.pid].skills:
            self.phase = 7
            s.request(threshold(4, "regeneration"))
        else:
            self._casualty(s)
            self._finish(s)

    def _stun(self, s: GameState) -> None:
        pid = self.pid
        if self.crowd or s.pos[pid] < 0:
            s.remove(pid, Status.RESERVE)
            return
        s.status[pid] = Status.STUNNED
        if s.pteam[pid] == s.active:
            s.pflags[pid] |= PFlag.JUST_STUNNED

    def _knock_out(self, s: GameState) -> None:
        s.remove(self.pid, Status.KO)
        s.add_stat(other(self._owner(s)), STAT_KO)

    def _casualty(self, s: GameState) -> None:
        s.remove(self.pid, Status.CASUALTY)
        s.add_stat(other(self._owner(s)), STAT_CAS)

    def legal(self, s: GameState) -> LegalActions:
        return LegalActions(
            [ActionChoice(ActionType.USE_APOTHECARY), ActionChoice(ActionType.DECLINE)]
        )

    def act(self, s: GameState, action: Action) -> None:
        use = action.type == ActionType.USE_APOTHECARY
        if self.phase == 2:  # KO
            if use:
                s.teams[self._owner(s)].apothecaries -= 1
                self._stun(s)
            else:
                self._knock_out(s)
            self._finish(s)
            return
        # casualty (phase 4)
        if use:
            s.teams[self._owner(s)].apothecaries -= 1
            if self.cas < 40:  # Badly Hurt: the player is patched up and goes to reserves
                s.remove(self.pid, Status.RESERVE)
                self._finish(s)
                return
            self.phase = 6
            s.request(Chance(Dice.D68, 1, "apothecary casualty", GROUP_CASUALTY))
            return
        self.phase = 5
