"""Fouls: armour with foul assists, injury, the referee sending off on doubles, a bribe and
(BB2020) Argue the Call."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from nuffle.core.actions import Action, ActionChoice, ActionType, LegalActions
from nuffle.core.characteristics import armour_holds_to
from nuffle.core.decision import Decision
from nuffle.core.decision import DecisionKind as DK
from nuffle.core.dice import Chance, Dice, threshold
from nuffle.core.hooks import Point
from nuffle.core.procedures.ball import take_off_pitch
from nuffle.core.procedures.base import Phases, Procedure
from nuffle.core.procedures.block_strength import assists
from nuffle.core.procedures.injury import (
    ARMOUR_BONUS,
    ARMOUR_BREAKS_AT,
    ARMOUR_IMMUNE,
    ARMOUR_MODIFIER,
    FOUL,
    Injury,
)
from nuffle.core.procedures.prayers import argue_target, scrutinised
from nuffle.core.state import GameState
from nuffle.core.types import Event, Status

#: The D6 on which the opposing team's Biased Referee sends off a fouler the referee did not
#: spot (BB2020 §15 [?]: RULES_NOTES "BB2020 on the engines").
BIASED_REFEREE_SPOTS: Final = 5

BEFORE_FOUL: Point[[GameState, Foul], bool] = Point(
    "foul.before",
    "fn(s, foul: Foul) -> bool: asked with the fouler's skills before the armour roll. Return "
    "True after pushing a procedure that leaves s.ok = True (the foul goes on) or False (it "
    "ends here, nobody is sent off): Chainsaw's kick-back",
)
UNSEEN: Point[[GameState, Foul, bool], bool] = Point(
    "foul.unseen",
    "fn(s, foul: Foul, broken: bool) -> bool: asked with the fouler's skills when the foul's "
    "armour roll is a double: True if the referee does not send him off for it (Sneaky Git, "
    "when the armour held)",
)
MOVES_ON: Point[[GameState, int], bool] = Point(
    "foul.moves_on",
    "fn(s, pid) -> bool: asked with the fouler's skills once his foul is over, he still "
    "standing on the pitch and no turnover: True if he may go on moving (BB2020's Sneaky Git)",
)


def foul_assists(s: GameState, helper_side: int, target: int, opponent: int) -> int:
    """Foul assists: adjacent team-mates with a tackle zone that no opponent other than
    `target` marks; Guard helps only where the ruleset says so (`Ruleset.foul_guard`: then
    they are the block assists, `block_strength.assists`)."""
    if s.rules.foul_guard:
        return assists(s, helper_side, target, opponent)
    n = 0
    for q in s.adjacent_players(s.pos[target]):
        if q == opponent or s.pteam[q] != helper_side or not s.exerts_tz(q):
            continue
        if all(m == target for m in s.tz_players(s.pos[q], helper_side)):
            n += 1
    return n


@dataclass(frozen=True)
class FoulRules:
    """The armour roll and the referee of one foul under both players' skills and the
    assists: the engine's foul rules as data, for odds tools (`nuffle.analysis`). The `Foul`
    procedure rolls by the same figures."""

    armour_limit: int  # the highest armour total that holds
    armour_modifier: int  # net foul assists and skill modifiers, added to the 2D6
    bonus: int  # what the fouler may add to the armour roll or else the injury roll (Dirty Player)
    unseen_when_held: bool  # a double on an armour roll that holds does not send him off (Sneaky Git)
    unseen_when_broken: bool  # nor on one that breaks


def foul_rules(s: GameState, fouler: int, victim: int) -> FoulRules:
    """How `fouler`'s foul on `victim` is rolled and refereed now."""
    probe = Foul(fouler, victim)  # asked, never run
    mod, bonus = probe._modifiers(s)
    fns = UNSEEN.fns(s.info[fouler].skills)
    return FoulRules(
        armour_limit=probe._limit(s),
        armour_modifier=mod,
        bonus=bonus,
        unseen_when_held=any(fn(s, probe, False) for fn in fns),
        unseen_when_broken=any(fn(s, probe, True) for fn in fns),
    )


class FoulPhase(Phases):
    """Foul: skills before the foul, the armour roll (a bonus choice), the injury, the referee and a bribe."""

    ARMOUR_ROLLED: Final = 1
    INJURED: Final = 2
    REFEREE: Final = 3
    BRIBE: Final = 4
    BRIBE_ROLLED: Final = 5
    SENT_OFF: Final = 6
    ARMOUR_BONUS: Final = 7
    ARGUE_ROLLED: Final = 8  # Argue the Call's D6 (BB2020)
    BRIBE_AFTER_ARGUE: Final = 9  # sent off on a 2-5: a bribe may still be used
    BEFORE_FOUL_USED: Final = 10
    BIASED_ROLLED: Final = 11  # the opposing Biased Referee's D6 (BB2020)


class Foul(Procedure):
    """`fouler` fouls the prone or stunned `victim`.

    A bonus the fouler may put on the armour or the injury roll (Dirty Player) goes on the
    armour roll by the coach's choice (SELECT_ARMOUR / DECLINE) when it turns a hold into a
    break, otherwise on the injury roll. On a send-off the coach may use a bribe (USE_BRIBE,
    2+) or, where the ruleset has it (`Ruleset.argue_the_call`) and he is not ejected, Argue
    the Call (USE_SKILL): a D6, 1 sent off and the coach ejected for the match, 2-5 sent off
    (a bribe may still be used), 6 not sent off and no turnover.
    """

    frame = "foul"
    phases = FoulPhase

    __slots__ = ("bonus", "doubles", "fouler", "sent_off", "total", "victim")

    def __init__(self, fouler: int, victim: int) -> None:
        super().__init__()
        self.fouler = fouler
        self.victim = victim
        self.sent_off = False
        self.doubles = False
        self.total = 0
        self.bonus = 0

    def _armour(self, s: GameState) -> None:
        self.phase = FoulPhase.ARMOUR_ROLLED
        s.request(Chance(Dice.TWO_D6, 1, "foul armour"))

    def _modifiers(self, s: GameState) -> tuple[int, int]:
        """The armour roll's modifier (net assists, skills) and the fouler's bonus."""
        f, v = self.fouler, self.victim
        side = s.pteam[f]
        mod = foul_assists(s, side, v, f) - foul_assists(s, 1 - side, f, v)
        fsk = s.info[f].skills
        mod += ARMOUR_MODIFIER.total(s.info[v].skills, s, v, v, f, FOUL)
        if not self._immune(s):
            mod += ARMOUR_MODIFIER.total(fsk, s, f, v, f, FOUL)
        return mod, ARMOUR_BONUS.total(fsk, s, v, f, FOUL)

    def _immune(self, s: GameState) -> bool:
        """Whether the fouler's skills do not act on the victim's armour (ARMOUR_IMMUNE)."""
        return ARMOUR_IMMUNE.any(s.info[self.victim].skills, s, self.victim, self.fouler, FOUL)

    def _limit(self, s: GameState) -> int:
        """The highest armour total that holds."""
        limit = armour_holds_to(s, self.victim)
        if self._immune(s):
            return limit
        for fn in ARMOUR_BREAKS_AT.fns(s.info[self.fouler].skills):
            at = fn(s, self.victim, self.fouler, FOUL)
            if at is not None:
                limit = min(limit, at - 1)
        return limit

    def run(self, s: GameState) -> None:
        ph = self.phase
        f = self.fouler
        if ph == FoulPhase.START:
            self.phase = FoulPhase.BEFORE_FOUL_USED
            if BEFORE_FOUL.fire(s.info[f].skills, s, self):
                return
            self._armour(s)
            return
        if ph == FoulPhase.BEFORE_FOUL_USED:  # a BEFORE_FOUL procedure returned
            if not s.ok or s.pos[f] < 0 or s.status[f] != Status.STANDING:
                s.pop()
                return
            self._armour(s)
            return
        if ph == FoulPhase.ARMOUR_ROLLED:
            a, b = s.dice()
            mod, self.bonus = self._modifiers(s)
            self.doubles = a == b
            self.total = a + b + mod
            limit = self._limit(s)
            if (self.total <= limit and self.bonus and self.total + self.bonus > limit
                    and not self._immune(s)):
                self.phase = FoulPhase.ARMOUR_BONUS  # the coach decides whether the bonus breaks the armour
                s.wait(s.pteam[f], DK.ARMOUR_BONUS)
                return
            self._armour_result(s, self.total > limit)
            return
        if ph == FoulPhase.INJURED:
            self.sent_off = self.sent_off or s.ok  # the injury roll was a double
            self.phase = FoulPhase.REFEREE
        if self.phase == FoulPhase.REFEREE:
            self.sent_off = self.sent_off or scrutinised(s, s.pteam[f])  # BB2020's Under Scrutiny
            if not self.sent_off and s.specs[1 - s.pteam[f]].inducements.biased_referee:
                self.phase = FoulPhase.BIASED_ROLLED  # the opposing team's Biased Referee looks
                s.request(Chance(Dice.D6, 1, "BiasedReferee"))
                return
            self._referee(s)
            return
        if self.phase == FoulPhase.BIASED_ROLLED:
            self.sent_off = s.die() >= BIASED_REFEREE_SPOTS
            self._referee(s)
            return
        if self.phase == FoulPhase.ARGUE_ROLLED:
            d = s.die()
            t = s.teams[s.pteam[f]]
            if d >= argue_target(s, s.pteam[f]):  # 6, or 5-6 with Friends with the Ref
                s.pop()
                return
            if d == 1:
                t.coach_ejected = True
            elif t.bribes > 0:
                self.phase = FoulPhase.BRIBE_AFTER_ARGUE
                s.wait(s.pteam[f], DK.BRIBE)
                return
            self._send_off(s)
            return
        if self.phase == FoulPhase.BRIBE_ROLLED:
            if s.die() >= 2:
                s.pop()
                return
            self._send_off(s)
            return
        s.pop()

    def _armour_result(self, s: GameState, broken: bool, left: int | None = None) -> None:
        """The referee on an armour double, then the injury roll if the armour broke."""
        f = self.fouler
        s.note(Event.ARMOUR, self.victim, self.total if left is None else self.total + self.bonus, broken)
        if self.doubles:
            fns = UNSEEN.fns(s.info[f].skills)
            self.sent_off = not (fns and any(fn(s, self, broken) for fn in fns))
        self.phase = FoulPhase.REFEREE
        if broken:
            self.phase = FoulPhase.INJURED
            mod = self.bonus if left is None else left
            s.push(Injury(self.victim, mod, by=f, how=FOUL))

    def _referee(self, s: GameState) -> None:
        """The referee's call: nothing, or a send-off the coach may bribe or argue."""
        f = self.fouler
        if not self.sent_off:
            s.pop()
            return
        if s.teams[s.pteam[f]].bribes > 0 or self._can_argue(s):
            self.phase = FoulPhase.BRIBE
            s.wait(s.pteam[f], DK.BRIBE)
            return
        self._send_off(s)

    def _can_argue(self, s: GameState) -> bool:
        """Whether the fouler's coach may Argue the Call now."""
        return s.rules.argue_the_call and not s.teams[s.pteam[self.fouler]].coach_ejected

    def _send_off(self, s: GameState) -> None:
        s.turnover = True
        self.phase = FoulPhase.SENT_OFF
        take_off_pitch(s, self.fouler, Status.SENT_OFF)

    def decision_detail(self, s: GameState) -> Decision:
        return Decision(player=self.fouler, target=self.victim)

    def legal(self, s: GameState) -> LegalActions:
        if self.phase == FoulPhase.ARMOUR_BONUS:
            return LegalActions([ActionChoice(ActionType.SELECT_ARMOUR), ActionChoice(ActionType.DECLINE)])
        choices = []
        if s.teams[s.pteam[self.fouler]].bribes > 0:
            choices.append(ActionChoice(ActionType.USE_BRIBE))
        if self.phase == FoulPhase.BRIBE and self._can_argue(s):
            choices.append(ActionChoice(ActionType.USE_SKILL))
        choices.append(ActionChoice(ActionType.DECLINE))
        return LegalActions(choices)

    def act(self, s: GameState, action: Action) -> None:
        if self.phase == FoulPhase.ARMOUR_BONUS:
            if action.type == ActionType.SELECT_ARMOUR:
                self._armour_result(s, True, left=0)
            else:
                self._armour_result(s, False)
            return
        if action.type == ActionType.USE_SKILL:  # Argue the Call
            self.phase = FoulPhase.ARGUE_ROLLED
            s.request(Chance(Dice.D6, 1, "argue the call"))
            return
        if action.type == ActionType.USE_BRIBE:
            s.teams[s.pteam[self.fouler]].bribes -= 1
            self.phase = FoulPhase.BRIBE_ROLLED
            s.request(threshold(2, "bribe"))
            return
        self._send_off(s)
