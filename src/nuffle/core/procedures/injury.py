"""Knock-downs, armour, injury, casualties, the apothecary and recovery (Regeneration).

Skills act on this sequence at the points below. Armour and injury handlers are told who is
hit (`victim`), who caused it (`by`, -1 if nobody: a failed dodge, the crowd, a rock) and how
(`how`, one of the constants FALL ... CROWD).
"""

from __future__ import annotations

from typing import Final

from nuffle.core.actions import Action, ActionChoice, ActionType, LegalActions
from nuffle.core.characteristics import armour_holds_to
from nuffle.core.decision import DecisionKind as DK
from nuffle.core.dice import GROUP_NONE, GROUP_SUM, Chance, Dice
from nuffle.core.hooks import Point
from nuffle.core.procedures import prayers
from nuffle.core.procedures.base import Phases, Procedure
from nuffle.core.procedures.casualty_roll import (
    casualty_chance,
    casualty_result,
    is_lasting,
    lasting_code,
    niggles_on_injury,
)
from nuffle.core.ruleset import LRB6, Ruleset
from nuffle.core.skills import BADLY_HURT, CASUALTY, KO, STUNNED
from nuffle.core.state import (
    PSTAT_CASUALTIES,
    PSTAT_FAN_INTERACTION,
    PSTAT_FOULING_FRENZY,
    PSTAT_INJURY,
    PSTAT_INJURY2,
    PSTAT_NECESSARY_VIOLENCE,
    STAT_CAS,
    STAT_KO,
    GameState,
)
from nuffle.core.types import PF, BallState, Event, Status, other

# How a player came to an armour or injury roll.
FALL = 0  # knocked down, not by an opponent's block: failed dodge / GFI, Attacker Down, ...
BLOCK = 1  # knocked down by `by`'s block (Mighty Blow, Claws, Piling On apply)
FOUL = 2  # fouled by `by`
HIT = 3  # hit while standing (Chainsaw, Stab): armour first, he falls only if it breaks
PLACED = 4  # placed prone: no armour roll (Wrestle, Piling On, Diving Tackle, ...)
CROWD = 5  # pushed into the crowd: injury roll only
KNOCKED = 6  # as FALL, but knocked down, not falling over: a Safe Pair of Hands player's Attacker Down

ARMOUR_MODIFIER: Point[[GameState, int, int, int, int], int] = Point(
    "injury.armour_modifier",
    "fn(s, owner, victim, by, how) -> int: a modifier to the armour roll against `victim`. "
    "Asked with the victim's skills (owner = victim) and with the skills of `by` (owner = by, "
    "when by is another player). Not asked for a `raw` roll (Stab)",
)
ARMOUR_BONUS: Point[[GameState, int, int, int], int] = Point(
    "injury.armour_or_injury",
    "fn(s, victim, by, how) -> int: a bonus `by` may add to the armour roll or, if not used "
    "there, to the injury roll (Mighty Blow on his block, Dirty Player on his foul). Asked "
    "with the skills of `by`. A knock-down spends it on the armour roll only when that breaks "
    "the armour; a foul lets the coach choose then (see foul.py)",
)
ARMOUR_BREAKS_AT: Point[[GameState, int, int, int], int | None] = Point(
    "injury.armour_breaks_at",
    "fn(s, victim, by, how) -> int | None: a total at which the armour breaks whatever the "
    "victim's AV (Claws: 8), or None. Asked with the skills of `by`",
)
ARMOUR_IMMUNE: Point[[GameState, int, int, int], bool] = Point(
    "injury.armour_immune",
    "fn(s, victim, by, how) -> bool: asked with the victim's skills when `by` (another player) "
    "caused his armour roll: True if by's skills do not act on it (Iron Hard Skin): no "
    "ARMOUR_MODIFIER or ARMOUR_BREAKS_AT of by's, and by's ARMOUR_BONUS goes on the injury only",
)
NEVER = 99  # an armour total no roll reaches: a bonus that may not go on the armour roll
FALL_CAUSED: Point[[GameState, int, int], bool] = Point(
    "injury.fall_caused",
    "fn(s, owner, pid) -> bool: asked with the skills of each opponent marking the square `pid` "
    "left when his dodge, jump or leap fails: True if his fall counts as caused by `owner` "
    "(by = owner, how = FALL: Arm Bar, whose ARMOUR_BONUS then applies)",
)
ARMOUR_SKIPPED: Point[[GameState, KnockDown], bool] = Point(
    "injury.armour_skipped",
    "fn(s, kd: KnockDown) -> bool: asked with the falling player's skills when he is knocked "
    "down or placed prone: True if he goes straight to an injury roll with no armour roll "
    "(Ball & Chain)",
)
AFTER_ARMOUR: Point[[GameState, KnockDown], bool] = Point(
    "injury.after_armour",
    "fn(s, kd: KnockDown) -> bool: asked with the skills of `kd.by` after an armour roll that "
    "held (once per knock-down: not after a re-roll). Return True after pushing a procedure "
    "that leaves s.ok = True to roll the armour again (Piling On) or False",
)
INJURY_MODIFIER: Point[[GameState, int, Injury], int] = Point(
    "injury.modifier",
    "fn(s, owner, inj: Injury) -> int: a modifier to the injury roll. Asked with the victim's "
    "skills (owner = inj.pid) and with those of inj.by (owner = inj.by). Not for `raw` rolls",
)
INJURY_TABLE: Point[[GameState, Injury, int, int], int] = Point(
    "injury.table",
    "fn(s, inj: Injury, total: int, result: int) -> int: asked with the victim's skills, in "
    "skill order, each handler receiving the result so far (STUNNED, KO, BADLY_HURT, CASUALTY "
    "of the modified `total`) and returning it, changed or not (Thick Skull, Stunty, Ball & "
    "Chain)",
)
AFTER_INJURY: Point[[GameState, Injury, int], bool] = Point(
    "injury.after_injury",
    "fn(s, inj: Injury, result: int) -> bool: asked with the skills of inj.by after the injury "
    "roll, before its result applies, unless the armour or injury was already re-rolled. "
    "Return True after pushing a procedure that leaves s.ok = True to roll the injury again "
    "(Piling On) or False",
)
CASUALTY_ROLLS: Point[[GameState, Injury], int] = Point(
    "injury.casualty_rolls",
    "fn(s, inj: Injury) -> int: extra casualty-table rolls, all applied (Decay: 1). Asked with "
    "the victim's skills",
)
RECOVER: Point[[GameState, Injury], bool] = Point(
    "injury.recover",
    "fn(s, inj: Injury) -> bool: asked with the victim's skills once a casualty stands (after "
    "any apothecary). Return True after pushing a procedure that leaves s.ok = True if "
    "he recovers to the reserves box (Regeneration) or False. The first handler to return True runs",
)
CASUALTY_CAUSED: Point[[GameState, Injury], None] = Point(
    "injury.casualty_caused",
    "fn(s, inj: Injury) -> None: asked with the skills of inj.by when the victim goes to the "
    "casualty box (Nurgle's Rot)",
)
BALL_DROPPED: Point[[GameState, int, int], bool] = Point(
    "injury.ball_dropped",
    "fn(s, pid, sq) -> bool: asked for the skills of player `pid`, knocked down or placed prone "
    "(not falling over: how FALL; an Attacker Down is KNOCKED for a player with a handler here) "
    "on square `sq` while holding the ball, before it bounces from "
    "there. Return True after pushing a procedure that places or bounces it (Safe Pair of Hands)",
)


def fall_caused_by(s: GameState, pid: int, start: int) -> int:
    """The opponent marking `start` whose FALL_CAUSED skill makes `pid`'s failed dodge, jump
    or leap from there his doing (the first in tackle-zone order), or -1."""
    holders = FALL_CAUSED.holders(s.info)
    if not holders:
        return -1
    for q in s.tz_players(start, s.pteam[pid]):
        if q in holders and FALL_CAUSED.any(s.info[q].skills, s, q, pid):
            return q
    return -1


def is_dead(d68: int, rules: Ruleset = LRB6) -> bool:
    """Whether a casualty-table result (-1: none) kills the player."""
    return d68 >= 0 and rules.casualty_of(d68) == "dead"


def badly_hurt(d68: int, rules: Ruleset = LRB6) -> bool:
    """Whether a casualty-table result (-1: none) is at most Badly Hurt."""
    return d68 < 0 or rules.casualty_of(d68) == "badly_hurt"


def injury_table(total: int, rules: Ruleset = LRB6) -> int:
    """The injury table without skills (LRB6: 2-7 Stunned, 8-9 KO, 10+ Casualty)."""
    if total >= rules.casualty_from:
        return CASUALTY
    if total >= rules.ko_from:
        return KO
    return STUNNED


def injury_result(s: GameState, victim: int, dice: int, mod: int = 0, by: int = -1,
                  how: int = FALL) -> int:
    """The injury result (STUNNED, KO, BADLY_HURT or CASUALTY) of a 2D6 injury roll totalling
    `dice` against `victim`, `mod` added (a bonus left from the armour roll), caused by `by`
    in the way `how`: every modifier and table change of the engine applied (for odds tools)."""
    return Injury(victim, mod, by=by, how=how)._result(s, dice)


def plague_doctor_left(s: GameState, side: int) -> bool:
    """BB2020: `side` induced a Plague Doctor whose one use (its Igor counter: a Regeneration
    re-roll or a KO healed) is still left."""
    return s.specs[side].inducements.plague_doctor and s.teams[side].igor > 0


class KnockDownPhase(Phases):
    """KnockDown: the fall, the armour roll (a reaction may re-roll it), the injury, the ball."""

    ARMOUR_ROLLED: Final = 1
    ARMOUR_DONE: Final = 2
    DONE: Final = 3
    AFTER_ARMOUR_USED: Final = 5


class KnockDown(Procedure):
    """A player falls: armour roll, maybe injury, a ball he held or lay on bounces.

    `attacker` is the player whose block knocked him down (Mighty Blow, Claws and Piling On
    apply; same as by=attacker, how=BLOCK). Otherwise `by` is who caused the fall and `how`
    says what it was (FALL by default; PLACED for placed prone, see `PlaceProne`; HIT for a
    weapon hitting a standing player, who falls only if the armour breaks, the caller passing
    the weapon's modifier in `armour_mod`). `turnover` says whether this fall ends the active
    team's turn when the victim belongs to it (placed prone: only if he held the ball). `raw`
    ignores every armour and injury modifier (Stab).
    """

    frame = "knock_down"
    phases = KnockDownPhase

    __slots__ = (
        "armour_mod",
        "bounce_from",
        "by",
        "had_ball",
        "how",
        "pid",
        "raw",
        "rerolled",
        "turnover",
    )

    def __init__(
        self,
        pid: int,
        attacker: int = -1,
        turnover: bool = True,
        armour_mod: int = 0,
        by: int = -1,
        how: int = -1,
        raw: bool = False,
    ) -> None:
        super().__init__()
        self.pid = pid
        self.by = attacker if attacker >= 0 else by
        self.how = how if how >= 0 else (BLOCK if attacker >= 0 else FALL)
        self.turnover = turnover
        self.armour_mod = armour_mod
        self.raw = raw
        self.bounce_from = -1
        self.had_ball = False
        self.rerolled = False

    @property
    def attacker(self) -> int:
        """The player whose block knocked him down, or -1."""
        return self.by if self.how == BLOCK else -1

    def _fall(self, s: GameState) -> None:
        pid = self.pid
        s.status[pid] = Status.PRONE
        s.pflags[pid] &= ~PF.ROOTED  # rooted only until he falls
        sq = s.pos[pid]
        if s.ball == sq and s.ball_state in (BallState.CARRIED, BallState.ON_GROUND):
            self.had_ball = s.ball_state == BallState.CARRIED
            s.ball_state = BallState.ON_GROUND
            self.bounce_from = sq
        if self.turnover and s.pteam[pid] == s.active and (self.how != PLACED or self.had_ball):
            s.turnover = True

    def run(self, s: GameState) -> None:
        pid = self.pid
        ph = self.phase
        if ph == KnockDownPhase.START:
            if self.how != HIT:
                self._fall(s)
                fns = ARMOUR_SKIPPED.fns(s.info[pid].skills)
                if fns and any(fn(s, self) for fn in fns):
                    self.phase = KnockDownPhase.ARMOUR_DONE
                    s.push(self._injury(s, self._armour(s, 0)[2]))
                    return
            if self.how != PLACED:
                self.phase = KnockDownPhase.ARMOUR_ROLLED
                s.request(Chance(Dice.TWO_D6, 1, "armour", GROUP_SUM))
                return
            self.phase = KnockDownPhase.ARMOUR_DONE
        if ph == KnockDownPhase.ARMOUR_ROLLED:
            a, b = s.dice()
            total, limit, bonus, bonus_limit = self._armour(s, a + b)
            left = bonus
            broken = total > limit
            if not broken and bonus and total + bonus > bonus_limit:
                broken = True
                left = 0
                total += bonus
            s.note(Event.ARMOUR, pid, total, broken)
            if broken:
                if self.how == HIT:
                    self._fall(s)
                self.phase = KnockDownPhase.ARMOUR_DONE
                s.push(self._injury(s, left))
                return
            by = self.by
            if not self.rerolled and by >= 0 and by != pid and AFTER_ARMOUR.fire(s.info[by].skills, s, self):
                self.phase = KnockDownPhase.AFTER_ARMOUR_USED
                return
            self.phase = KnockDownPhase.ARMOUR_DONE
        if self.phase == KnockDownPhase.AFTER_ARMOUR_USED:  # an after-armour reaction returned
            if s.ok:
                self.rerolled = True
                self.phase = KnockDownPhase.ARMOUR_ROLLED
                s.request(Chance(Dice.TWO_D6, 1, "armour", GROUP_SUM))
                return
            self.phase = KnockDownPhase.ARMOUR_DONE
        if self.phase == KnockDownPhase.ARMOUR_DONE:
            self.phase = KnockDownPhase.DONE
            if self.bounce_from >= 0 and s.ball_state == BallState.ON_GROUND:
                from nuffle.core.procedures.ball import Bounce

                if self.had_ball and self.how != FALL and BALL_DROPPED.fire(  # KNOCKED too
                        s.info[pid].skills, s, pid, self.bounce_from):
                    return
                s.push(Bounce(self.bounce_from))
                return
        s.pop()

    def _armour(self, s: GameState, dice: int) -> tuple[int, int, int, int]:
        """Modified armour total, the highest total that still holds, the bonus `by` may
        spend on armour or injury, and the highest total that holds against total + bonus."""
        pid = self.pid
        limit = armour_holds_to(s, pid)
        total = dice + self.armour_mod
        if self.raw:
            return total, limit, 0, limit
        by, how = self.by, self.how
        total += ARMOUR_MODIFIER.total(s.info[pid].skills, s, pid, pid, by, how)
        bonus = 0
        bonus_limit = limit
        if by >= 0 and by != pid:
            sk = s.info[by].skills
            bonus = ARMOUR_BONUS.total(sk, s, pid, by, how)
            if ARMOUR_IMMUNE.any(s.info[pid].skills, s, pid, by, how):
                return total, limit, bonus, NEVER
            total += ARMOUR_MODIFIER.total(sk, s, by, pid, by, how)
            for fn in ARMOUR_BREAKS_AT.fns(sk):
                at = fn(s, pid, by, how)
                if at is not None:
                    limit = min(limit, at - 1)
            bonus_limit = limit if s.rules.claws_with_bonus else bonus_limit
        return total, limit, bonus, bonus_limit

    def _injury(self, s: GameState, mod: int) -> Injury:
        return Injury(self.pid, mod, by=self.by, how=self.how, rerolled=self.rerolled, raw=self.raw)


class PlaceProne(KnockDown):
    """A player is placed prone: no armour roll, no turnover unless he held the ball (a skill
    such as Ball & Chain may still call for an injury roll); a ball he held bounces."""

    frame = "place_prone"

    __slots__ = ()

    def __init__(self, pid: int, by: int = -1) -> None:
        super().__init__(pid, by=by, how=PLACED)


class InjuryPhase(Phases):
    """Injury: the injury roll (a reaction may re-roll it), casualty rolls, the apothecary,
    recovery skills."""

    ROLLED: Final = 1
    KO_APOTHECARY: Final = 2
    CASUALTY_ROLLED: Final = 3
    CASUALTY_APOTHECARY: Final = 4
    NO_APOTHECARY: Final = 5
    APOTHECARY_ROLLED: Final = 6
    RECOVERED: Final = 7
    SECOND_CASUALTY_ROLLED: Final = 8
    AFTER_INJURY_USED: Final = 9
    LASTING_ROLLED: Final = 10  # a lasting injury's D6 (BB2020), once the casualty stands


class Injury(Procedure):
    """An injury roll (after broken armour, a crowd push or a rock), then its consequences.

    `crowd` means the victim is already off the pitch: a Stunned result sends him to reserves.
    `by` / `how` say who caused it and how (see the module constants); `foul` is how == FOUL.
    `rerolled` says the armour or injury was already re-rolled (Piling On), `raw` that no
    modifier applies (Stab). `cap` makes a casualty result Badly Hurt (a Vampire's bite).
    """

    frame = "injury"
    phases = InjuryPhase

    __slots__ = (
        "by", "cap", "cas", "cas2", "crowd", "doubles", "how", "mod", "pid", "raw", "rerolled", "result"
    )

    def __init__(
        self,
        pid: int,
        mod: int = 0,
        crowd: bool = False,
        foul: bool = False,
        by: int = -1,
        how: int = -1,
        rerolled: bool = False,
        raw: bool = False,
        cap: bool = False,
    ) -> None:
        super().__init__()
        self.pid = pid
        self.mod = mod
        self.crowd = crowd
        self.by = by
        self.how = how if how >= 0 else (FOUL if foul else CROWD if crowd else FALL)
        self.rerolled = rerolled
        self.raw = raw
        self.cap = cap
        self.doubles = False
        self.result = -1
        self.cas = 0
        self.cas2 = -1  # a second casualty result applied as well (Decay), or -1

    @property
    def foul(self) -> bool:
        """A foul's injury roll: doubles matter (the referee)."""
        return self.how == FOUL

    def _owner(self, s: GameState) -> int:
        return s.pteam[self.pid]

    def _roll(self, s: GameState) -> None:
        s.request(Chance(Dice.TWO_D6, 1, "injury", GROUP_NONE if self.foul else GROUP_SUM))

    def _result(self, s: GameState, dice: int) -> int:
        """The injury result of a roll of `dice` with every modifier and table change."""
        pid = self.pid
        sk = s.info[pid].skills
        total = dice + niggles_on_injury(s, pid)  # LRB6: +1 per niggling injury, whatever the roll
        if not self.raw:
            total += self.mod + INJURY_MODIFIER.total(sk, s, pid, self)
            by = self.by
            if by >= 0 and by != pid:
                total += INJURY_MODIFIER.total(s.info[by].skills, s, by, self)
        result = injury_table(total, s.rules)
        for fn in INJURY_TABLE.fns(sk):
            result = fn(s, self, total, result)
        return result

    def run(self, s: GameState) -> None:
        pid = self.pid
        ph = self.phase
        if ph == InjuryPhase.START:
            self.phase = InjuryPhase.ROLLED
            self._roll(s)
        elif ph == InjuryPhase.ROLLED:
            a, b = s.dice()
            self.doubles = a == b
            result = self._result(s, a + b)
            s.note(Event.INJURY, pid, a + b, result)
            by = self.by
            react = not self.rerolled and by >= 0 and by != pid
            if react and AFTER_INJURY.fire(s.info[by].skills, s, self, result):
                self.result = result
                self.phase = InjuryPhase.AFTER_INJURY_USED
                return
            self._apply(s, result)
        elif ph == InjuryPhase.AFTER_INJURY_USED:  # an after-injury reaction returned
            if s.ok:
                self.rerolled = True
                self.phase = InjuryPhase.ROLLED
                self._roll(s)
                return
            self._apply(s, self.result)
        elif ph == InjuryPhase.CASUALTY_ROLLED:
            self.cas = casualty_result(s, pid, s.die())
            s.note(Event.CASUALTY, pid, self.cas, 0)
            if CASUALTY_ROLLS.total(s.info[pid].skills, s, self) > 0:
                self.phase = InjuryPhase.SECOND_CASUALTY_ROLLED
                s.request(casualty_chance(s, pid, "casualty"))
                return
            self.phase = InjuryPhase.CASUALTY_APOTHECARY
            self._offer_apothecary(s)
        elif ph == InjuryPhase.SECOND_CASUALTY_ROLLED:  # the second casualty roll (Decay)
            self.cas2 = casualty_result(s, pid, s.die())
            s.note(Event.CASUALTY, pid, self.cas2, 0)
            self.phase = InjuryPhase.CASUALTY_APOTHECARY
            self._offer_apothecary(s)
        elif ph == InjuryPhase.APOTHECARY_ROLLED:  # the apothecary's casualty roll: it may replace the worst
            d = casualty_result(s, pid, s.die())
            s.note(Event.CASUALTY, pid, d, 0)
            if self.cas2 >= 0 and self.cas2 > self.cas:
                self.cas2 = min(self.cas2, d)
            else:
                self.cas = min(self.cas, d)
            if badly_hurt(self.cas, s.rules) and badly_hurt(self.cas2, s.rules):
                s.remove(pid, Status.RESERVE)
                self._finish(s)
                return
            self._recover(s)
        elif ph == InjuryPhase.NO_APOTHECARY:
            self._recover(s)
        elif ph == InjuryPhase.RECOVERED:  # a recovery procedure returned
            if s.ok:
                s.remove(pid, Status.RESERVE)
                self._finish(s)
            else:
                self._stands(s)
        elif ph == InjuryPhase.LASTING_ROLLED:  # the D6 of the first lasting injury still unrolled
            code = lasting_code(s, s.die())
            s.note(Event.CASUALTY, pid, code, 0)
            if is_lasting(s, self.cas):
                self.cas = code
            else:
                self.cas2 = code
            self._stands(s)

    def _apply(self, s: GameState, result: int) -> None:
        if result == STUNNED:
            self._stun(s)
            self._finish(s)
        elif result == KO:
            if s.teams[self._owner(s)].apothecaries > 0 or plague_doctor_left(s, self._owner(s)):
                self.phase = InjuryPhase.KO_APOTHECARY  # apothecary (or Plague Doctor) decision on a KO
                s.wait(self._owner(s), DK.APOTHECARY)
            else:
                self._knock_out(s)
                self._finish(s)
        elif result == BADLY_HURT or self.cap:
            self._casualty_spp(s)
            self.cas = s.rules.first_of("badly_hurt")
            self.phase = InjuryPhase.CASUALTY_APOTHECARY
            self._offer_apothecary(s)
        else:
            self._casualty_spp(s)
            self.phase = InjuryPhase.CASUALTY_ROLLED
            s.request(casualty_chance(s, self.pid, "casualty"))

    def _casualty_spp(self, s: GameState) -> None:
        """A casualty caused by an opponent's block counts for him (even if the victim is then
        saved or regenerates); BB2020's SPP prayers count theirs (`prayers.count_under`:
        Necessary Violence a block's, Fouling Frenzy a foul's, Fan Interaction a crowd push's,
        for the player whose action pushed him)."""
        by, own = self.by, s.pteam[self.pid]
        if self.how == BLOCK and by >= 0 and s.pteam[by] != own:
            s.add_pstat(by, PSTAT_CASUALTIES)
        if not (s.teams[0].prayers or s.teams[1].prayers):
            return
        if self.how == BLOCK and by >= 0 and s.pteam[by] != own:
            prayers.count_under(s, by, prayers.NECESSARY_VIOLENCE, PSTAT_NECESSARY_VIOLENCE)
        elif self.how == FOUL and by >= 0 and s.pteam[by] != own:
            prayers.count_under(s, by, prayers.FOULING_FRENZY, PSTAT_FOULING_FRENZY)
        elif self.how == CROWD:
            actor = prayers.acting_player(s)
            if actor >= 0 and s.pteam[actor] != own:
                prayers.count_under(s, actor, prayers.FAN_INTERACTION, PSTAT_FAN_INTERACTION)

    def _finish(self, s: GameState) -> None:
        """Pop, telling the caller (a foul) in s.ok whether the injury roll was a double."""
        s.ok = self.doubles
        s.pop()

    def _offer_apothecary(self, s: GameState) -> None:
        if s.teams[self._owner(s)].apothecaries > 0:
            s.wait(self._owner(s), DK.APOTHECARY)
        else:
            self.phase = InjuryPhase.NO_APOTHECARY

    def _recover(self, s: GameState) -> None:
        self.phase = InjuryPhase.RECOVERED
        if RECOVER.fire(s.info[self.pid].skills, s, self):
            return
        self._stands(s)

    def _stands(self, s: GameState) -> None:
        """The casualty stands: first a D6 for each lasting injury (BB2020), then the casualty box."""
        if is_lasting(s, self.cas) or is_lasting(s, self.cas2):
            self.phase = InjuryPhase.LASTING_ROLLED
            s.request(Chance(Dice.D6, 1, "lasting injury"))
            return
        self._casualty(s)
        self._finish(s)

    def dead(self, s: GameState) -> bool:
        """Whether the casualty result(s) kill the player."""
        return is_dead(self.cas, s.rules) or is_dead(self.cas2, s.rules)

    def _stun(self, s: GameState) -> None:
        pid = self.pid
        if self.crowd or s.pos[pid] < 0:
            s.remove(pid, Status.RESERVE)
            return
        s.status[pid] = Status.STUNNED
        if s.pteam[pid] == s.active:
            s.pflags[pid] |= PF.JUST_STUNNED

    def _knock_out(self, s: GameState) -> None:
        s.remove(self.pid, Status.KO)
        s.add_stat(other(self._owner(s)), STAT_KO)

    def _casualty(self, s: GameState) -> None:
        s.remove(self.pid, Status.CASUALTY)
        s.add_stat(other(self._owner(s)), STAT_CAS)
        s.set_pstat(self.pid, PSTAT_INJURY, self.cas)
        s.set_pstat(self.pid, PSTAT_INJURY2, self.cas2 if self.cas2 > 0 else 0)
        if self.by >= 0:
            CASUALTY_CAUSED.each(s.info[self.by].skills, s, self)

    def legal(self, s: GameState) -> LegalActions:
        return LegalActions(
            [ActionChoice(ActionType.USE_APOTHECARY), ActionChoice(ActionType.DECLINE)]
        )

    def act(self, s: GameState, action: Action) -> None:
        use = action.type == ActionType.USE_APOTHECARY
        if self.phase == InjuryPhase.KO_APOTHECARY:  # KO
            if use:
                t = s.teams[self._owner(s)]
                if t.apothecaries > 0:
                    t.apothecaries -= 1
                else:  # the Plague Doctor's one use
                    t.igor -= 1
                self._stun(s)
            else:
                self._knock_out(s)
            self._finish(s)
            return
        # casualty (CASUALTY_APOTHECARY)
        if use:
            s.teams[self._owner(s)].apothecaries -= 1
            if badly_hurt(self.cas, s.rules) and badly_hurt(self.cas2, s.rules):  # patched up: reserves
                s.remove(self.pid, Status.RESERVE)
                self._finish(s)
                return
            self.phase = InjuryPhase.APOTHECARY_ROLLED
            s.request(casualty_chance(s, self.pid, "apothecary casualty"))
            return
        self.phase = InjuryPhase.NO_APOTHECARY
