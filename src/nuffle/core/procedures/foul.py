"""Fouls: armour with foul assists, injury, and the referee sending off on doubles."""

from __future__ import annotations

from nuffle.core.actions import Action, ActionChoice, ActionType, LegalActions
from nuffle.core.dice import Chance, Dice, threshold
from nuffle.core.procedures.ball import Bounce
from nuffle.core.procedures.base import Procedure
from nuffle.core.procedures.injury import Injury
from nuffle.core.state import GameState
from nuffle.core.types import BallState, Status


def foul_assists(s: GameState, helper_side: int, target: int, opponent: int) -> int:
    """Foul assists (Guard does not help): adjacent team-mates with a tackle zone that no
    opponent other than `target` marks."""
    n = 0
    for q in s.adjacent_players(s.pos[target]):
        if q == opponent or s.pteam[q] != helper_side or not s.exerts_tz(q):
            continue
        if all(m == target for m in s.tz_players(s.pos[q], helper_side)):
            n += 1
    return n


class Foul(Procedure):
    """`fouler` fouls the prone or stunned `victim`."""

    __slots__ = ("fouler", "sent_off", "victim")

    def __init__(self, fouler: int, victim: int) -> None:
        super().__init__()
        self.fouler = fouler
        self.victim = victim
        self.sent_off = False

    def run(self, s: GameState) -> None:
        ph = self.phase
        if ph == 0:
            self.phase = 1
            s.request(Chance(Dice.TWO_D6, 1, "foul armour"))
            return
        if ph == 1:
            a, b = s.dice()
            side = s.pteam[self.fouler]
            mod = foul_assists(s, side, self.victim, self.fouler) - foul_assists(
                s, 1 - side, self.fouler, self.victim
            )
            self.sent_off = a == b
            self.phase = 3
            if a + b + mod > s.info[self.victim].av:
                self.phase = 2
                s.push(Injury(self.victim, foul=True))
                return
        elif ph == 2:
            self.sent_off = self.sent_off or bool(s.ret)
            self.phase = 3
        if self.phase == 3:
            if not self.sent_off:
                s.pop()
                return
            if s.teams[s.pteam[self.fouler]].bribes > 0:
                self.phase = 4
                s.wait(s.pteam[self.fouler])
                return
            self._send_off(s)
            return
        if self.phase == 5:
            if s.die() >= 2:
                s.pop()
                return
            self._send_off(s)
            return
        s.pop()

    def _send_off(self, s: GameState) -> None:
        f = self.fouler
        sq = s.pos[f]
        had_ball = s.ball_state == BallState.CARRIED and s.ball == sq
        s.remove(f, Status.SENT_OFF)
        s.turnover = True
        self.phase = 6
        if had_ball:
            s.ball_state = BallState.ON_GROUND
            s.push(Bounce(sq))

    def legal(self, s: GameState) -> LegalActions:
        return LegalActions([ActionChoice(ActionType.USE_BRIBE), ActionChoice(ActionType.DECLINE)])

    def act(self, s: GameState, action: Action) -> None:
        if action.type == ActionType.USE_BRIBE:
            s.teams[s.pteam[self.fouler]].bribes -= 1
            self.phase = 5
            s.request(threshold(2, "bribe"))
            return
        self._send_off(s)
