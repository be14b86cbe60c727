"""One movement step: Going For It, dodging out of tackle zones (or leaping), moving, picking up.

A step that leaves opposing tackle zones is where most movement skills act; the points below
are consulted with the skills of the mover or of the opponents whose zones are involved:

    before leaving   BEFORE_LEAVING    opponents whose zone is left may hold him (Tentacles)
    GFI rolls        GFI_ALLOWANCE     how many GFI squares a player may take (Sprint)
                     RUSH_MODIFIER     modifiers to his GFI (Rush) rolls (BB2020: Drunkard)
    the roll         DODGE_MODIFIER    the dodger's own modifiers (Two Heads, Titchy)
                     DODGE_ZONES_IGNORED  he ignores zones on the destination (Stunty)
                     DEST_ZONE_IGNORED    an opponent's zone on the destination does not count
                                          (Titchy)
                     LEFT_ZONE_MODIFIER   an opponent whose zone is left hinders (Prehensile Tail)
                     DODGE_REROLL_CANCEL  an opponent whose zone is left cancels Dodge (Tackle)
                     DODGE_STAT           another stat instead of AG (Break Tackle)
                     DODGE_ROLL_REACTION  after seeing the roll, an opponent changes it (Diving
                                          Tackle), then acts once the dodger has left
                     LEAP_MODIFIER        modifiers to a Leap roll (Very Long Legs)
                     JUMP_NEGATIVES       a BB2020 Jump/Leap roll's negative modifiers lessened
                                          (Leap, Very Long Legs, Pogo Stick)
    after leaving    AFTER_LEAVING     opponents whose zone was left may follow (Shadowing)
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from nuffle.core.actions import Action, ActionChoice, ActionType, LegalActions
from nuffle.core.characteristics import ag_target, rating_target
from nuffle.core.decision import Decision
from nuffle.core.decision import DecisionKind as DK
from nuffle.core.dice import Chance, Dice
from nuffle.core.hooks import Point
from nuffle.core.procedures.ball import Pickup, check_touchdown
from nuffle.core.procedures.base import Phases, Procedure
from nuffle.core.procedures.injury import KnockDown, fall_caused_by
from nuffle.core.procedures.prayer_trapdoor import Trapdoor, trapdoor_here
from nuffle.core.procedures.prayers import moles_modifier
from nuffle.core.procedures.rolls import PlayerRoll, PlayerRollPhase, roll_succeeds
from nuffle.core.skills import Skill
from nuffle.core.state import GameState
from nuffle.core.types import BallState, RollKind, Weather, other

if TYPE_CHECKING:
    from nuffle.core.procedures.action import PlayerAction

GFI_ALLOWANCE: Point[[GameState, int], int] = Point(
    "movement.gfi_allowance",
    "fn(s, pid) -> int: extra Going For It squares beyond the normal 2 (Sprint: +1)",
)
RUSH_MODIFIER: Point[[GameState, int], int] = Point(
    "movement.rush_modifier",
    "fn(s, pid) -> int: modifier to pid's Going For It (Rush) rolls (BB2020's Drunkard -1)",
)
DODGE_MODIFIER: Point[[GameState, int, int, int], int] = Point(
    "movement.dodge_modifier",
    "fn(s, pid, start, dest) -> int: modifier from the dodger's own skills to his dodge from "
    "`start` to `dest` (Two Heads +1, Titchy +1)",
)
DODGE_ZONES_IGNORED: Point[[GameState, int], bool] = Point(
    "movement.dodge_zones_ignored",
    "fn(s, pid) -> bool: the dodger ignores every opposing tackle zone on the destination "
    "(Stunty, unless he is a Secret Weapon)",
)
DEST_ZONE_IGNORED: Point[[GameState, int, int], bool] = Point(
    "movement.dest_zone_ignored",
    "fn(s, pid, q) -> bool: opponent q's tackle zone on the destination does not count against "
    "pid's dodge (Titchy). Asked with q's skills",
)
LEFT_ZONE_MODIFIER: Point[[GameState, int, int], int] = Point(
    "movement.left_zone_modifier",
    "fn(s, pid, q) -> int: modifier opponent q, whose tackle zone pid is dodging out of, puts on "
    "the dodge (Prehensile Tail -1). Asked with q's skills",
)
DODGE_REROLL_CANCEL: Point[[GameState, int, int], bool] = Point(
    "movement.dodge_reroll_cancel",
    "fn(s, pid, q) -> bool: opponent q, whose tackle zone pid is dodging out of, cancels pid's "
    "Dodge skill re-roll (Tackle). Asked with q's skills",
)
DODGE_STAT: Point[[GameState, int, bool], int] = Point(
    "movement.dodge_stat",
    "fn(s, pid, use: bool) -> int: a stat pid may use instead of AG for this dodge roll (Break "
    "Tackle: ST, once per turn), 0 if none; with use=True it is being used (record the use). "
    "Offered to the dodger's coach before the roll when it lowers the number needed",
)
DODGE_ROLL_REACTION: Point[[GameState, int, int, int, int, bool], int] = Point(
    "movement.dodge_roll_reaction",
    "fn(s, pid, q, start, dest, use: bool) -> int: with use=False, the modifier opponent q, whose "
    "tackle zone pid is dodging out of, may add to the dodge roll after seeing it (Diving Tackle "
    "-2), 0 if he cannot; offered to q's coach when it turns a success into a failure (one "
    "opponent per dodge). With use=True (after the dodger left `start`, whether or not he fell) "
    "carry out the rest of the skill; a pushed procedure runs before the step goes on",
)
LEAP_MODIFIER: Point[[GameState, int], int] = Point(
    "movement.leap_modifier",
    "fn(s, pid) -> int: modifier to pid's Leap roll (Very Long Legs +1)",
)
JUMP_NEGATIVES: Point[[GameState, int, int], int] = Point(
    "movement.jump_negatives",
    "fn(s, pid, mod) -> int: the modifier `mod` of pid's Jump or Leap roll (a ruleset with Jump: "
    "BB2020) once his skill lessens its negatives (Leap, Very Long Legs: by 1, to no less than -1; "
    "Pogo Stick: all). Applied in skill order",
)
BEFORE_LEAVING: Point[[GameState, MoveStep, int, bool], bool] = Point(
    "movement.before_leaving",
    "fn(s, step: MoveStep, q, use: bool) -> bool: opponent q, whose tackle zone covers the "
    "square pid is about to leave (dodge or leap), may react before he goes (Tentacles). With "
    "use=False say whether he can; with use=True push a procedure that leaves s.ok = True if "
    "the mover is held (he stays, his action ends, no turnover) or False. The opposing coach picks at "
    "most one such opponent per departure",
)
AFTER_LEAVING: Point[[GameState, MoveStep, int, bool], bool] = Point(
    "movement.after_leaving",
    "fn(s, step: MoveStep, q, use: bool) -> bool: opponent q, whose tackle zone covered the "
    "square the mover has just left standing (step.start), may react (Shadowing). With "
    "use=False say whether he can; with use=True carry it out (push a procedure if a roll is "
    "needed). The opposing coach picks at most one such opponent per departure",
)


class GfiFirstPhase(Phases):
    """The phases `gfi_first` drives in a block or block substitute that may cost a GFI."""

    GFI_ROLLED: Final = 1
    GO_AHEAD: Final = 2  # no GFI, or it was made: the block goes ahead
    DONE: Final = 99


def gfi_first(s: GameState, proc: Procedure, pid: int, gfi: bool) -> bool:
    """Phases START and GFI_ROLLED of a block (or block substitute) that costs `pid` a Going
    For It: roll it, and on a failure knock him down (the procedure then ends at DONE). Leaves
    the procedure at GO_AHEAD when the block goes ahead; True while something was pushed."""
    if proc.phase == GfiFirstPhase.START:
        proc.phase = GfiFirstPhase.GO_AHEAD
        if gfi:
            proc.phase = GfiFirstPhase.GFI_ROLLED
            s.push(PlayerRoll(RollKind.GFI, pid, gfi_target(s), rush_modifier(s, pid), agility=False))
            return True
        return False
    if not s.ok:  # GFI_ROLLED: the GFI roll failed
        proc.phase = GfiFirstPhase.DONE
        s.push(KnockDown(pid))
        return True
    proc.phase = GfiFirstPhase.GO_AHEAD
    return False


def gfi_target(s: GameState) -> int:
    """The D6 needed to Go For It: 2+, or 3+ in a blizzard."""
    return 3 if s.weather == Weather.BLIZZARD else 2


def rush_modifier(s: GameState, pid: int) -> int:
    """The modifier of `pid`'s Going For It (Rush) rolls: his skills at RUSH_MODIFIER and the
    prayers in effect (Moles under the Pitch, BB2020)."""
    skills = s.info[pid].skills
    mod = moles_modifier(s, s.pteam[pid])
    return mod + RUSH_MODIFIER.total(skills, s, pid) if RUSH_MODIFIER.fns(skills) else mod


def max_gfi(s: GameState, pid: int) -> int:
    """Number of Going For It squares player `pid` may attempt in an action."""
    skills = s.info[pid].skills
    if GFI_ALLOWANCE.fns(skills):
        return 2 + GFI_ALLOWANCE.total(skills, s, pid)
    return 2


def agility_target(stat: int) -> int:
    """The D6 an LRB6 rating `stat` asks before modifiers: 7 - stat (stat capped at 6); a
    player's own Agility test is `characteristics.ag_target` (chosen by the ruleset)."""
    return rating_target(stat)


def leap_modifier(s: GameState, pid: int) -> int:
    """The modifier of `pid`'s Leap roll: no tackle zones, only the skills at LEAP_MODIFIER."""
    skills = s.info[pid].skills
    return LEAP_MODIFIER.total(skills, s, pid) if LEAP_MODIFIER.fns(skills) else 0


def _marking(s: GameState, pid: int, sq: int) -> int:
    """Opponents marking `sq` against `pid`'s Jump, but those whose zone does not count
    (DEST_ZONE_IGNORED: Titchy)."""
    n = 0
    for q in s.tz_players(sq, s.pteam[pid]):
        fns = DEST_ZONE_IGNORED.fns(s.info[q].skills)
        if not fns or not any(fn(s, pid, q) for fn in fns):
            n += 1
    return n


def jump_modifier(s: GameState, pid: int, start: int, dest: int) -> int:
    """A Leap roll's modifier from `start` to `dest`: `leap_modifier`; where the ruleset has Jump
    (BB2020) instead -1 per player marking the square left or entered, whichever count is
    higher (a player whose zone DEST_ZONE_IGNORED ignores, Titchy, marks neither), the
    modifiers of the opponents whose zone he leaves (LEFT_ZONE_MODIFIER: Prehensile Tail), then
    his skills at JUMP_NEGATIVES lessening the negatives (Leap, Very Long Legs, Pogo Stick)."""
    if not s.rules.jump:
        return leap_modifier(s, pid)
    side = s.pteam[pid]
    info = s.info
    mod = -max(_marking(s, pid, start), _marking(s, pid, dest))
    for q in s.tz_players(start, side):
        if LEFT_ZONE_MODIFIER.fns(info[q].skills):
            mod += LEFT_ZONE_MODIFIER.total(info[q].skills, s, pid, q)
    for fn in JUMP_NEGATIVES.fns(info[pid].skills):
        mod = fn(s, pid, mod)
    return mod


def need(target: int, mod: int, agility: bool = True) -> int:
    """The lowest die face that succeeds (7 if none)."""
    for d in range(1, 7):
        if roll_succeeds(d, target, mod, agility):
            return d
    return 7


def dodge_modifier(s: GameState, pid: int, dest: int, start: int = -1) -> int:
    """Modifier of player `pid`'s dodge from `start` (default: where he stands) into `dest`:
    the ruleset's base (LRB6 +1, BB2020 0), -1 per opposing tackle zone on `dest` (a player
    marks the square only while he exerts a tackle zone), and every skill acting at the dodge points.
    Diving Tackle, which the opponent adds after seeing the roll, is not included."""
    if start < 0:
        start = s.pos[pid]
    info = s.info
    skills = info[pid].skills
    side = s.pteam[pid]
    mod = s.rules.dodge_base
    if not (DODGE_ZONES_IGNORED.fns(skills) and DODGE_ZONES_IGNORED.any(skills, s, pid)):
        for q in s.tz_players(dest, side):
            fns = DEST_ZONE_IGNORED.fns(info[q].skills)
            if not fns or not any(fn(s, pid, q) for fn in fns):
                mod -= 1
    if DODGE_MODIFIER.fns(skills):
        mod += DODGE_MODIFIER.total(skills, s, pid, start, dest)
    for q in s.tz_players(start, side):
        if LEFT_ZONE_MODIFIER.fns(info[q].skills):
            mod += LEFT_ZONE_MODIFIER.total(info[q].skills, s, pid, q)
    return mod


def reaction_modifier(s: GameState, pid: int, dest: int, start: int = -1) -> int:
    """The worst modifier an opponent may add after seeing `pid`'s dodge roll (Diving
    Tackle -2), 0 if none: for odds that assume the opponent always uses it."""
    if start < 0:
        start = s.pos[pid]
    worst = 0
    for q in s.tz_players(start, s.pteam[pid]):
        for fn in DODGE_ROLL_REACTION.fns(s.info[q].skills):
            worst = min(worst, fn(s, pid, q, start, dest, False))
    return worst


def dodge_reroll_blocked(s: GameState, pid: int, start: int) -> bool:
    """Whether an opponent whose zone is being left cancels the Dodge re-roll (Tackle)."""
    info = s.info
    for q in s.tz_players(start, s.pteam[pid]):
        skills = info[q].skills
        if DODGE_REROLL_CANCEL.fns(skills) and DODGE_REROLL_CANCEL.any(skills, s, pid, q):
            return True
    return False


LeavingPoint = Point[[GameState, "MoveStep", int, bool], bool]  # BEFORE_LEAVING, AFTER_LEAVING


def reactors(s: GameState, point: LeavingPoint, step: MoveStep, start: int) -> tuple[int, ...]:
    """Opponents of the mover whose zone covers `start` and who may react at `point`."""
    out = []
    info = s.info
    for q in s.tz_players(start, s.pteam[step.pid]):
        for fn in point.fns(info[q].skills):
            if fn(s, step, q, False):
                out.append(q)
                break
    return tuple(out)


def use_reaction(s: GameState, point: LeavingPoint, step: MoveStep, q: int) -> None:
    """Carry out `q`'s reaction at `point` (his first skill there that can act)."""
    for fn in point.fns(s.info[q].skills):
        if fn(s, step, q, False):
            fn(s, step, q, True)
            return


def reaction_choices(players: tuple[int, ...]) -> LegalActions:
    """USE_SKILL / DECLINE for one candidate, SELECT_PLAYER / DECLINE for several."""
    if len(players) == 1:
        return LegalActions([ActionChoice(ActionType.USE_SKILL), ActionChoice(ActionType.DECLINE)])
    return LegalActions([ActionChoice(ActionType.SELECT_PLAYER, players), ActionChoice(ActionType.DECLINE)])


def chosen_player(players: tuple[int, ...], action: Action) -> int:
    """The player a reaction choice picked (-1 if declined)."""
    if action.type == ActionType.DECLINE:
        return -1
    if action.type == ActionType.USE_SKILL:
        return players[0]
    assert action.player is not None
    return action.player


class Reaction(Procedure):
    """The coach of `side` picks which of `players` (if any) uses his skill now.
    Leaves s.reactor = the chosen player, or -1 if declined."""

    frame = "reaction"

    __slots__ = ("players", "side")

    def __init__(self, side: int, players: tuple[int, ...]) -> None:
        super().__init__()
        self.side = side
        self.players = players

    def run(self, s: GameState) -> None:
        s.wait(self.side, DK.REACTION)

    def legal(self, s: GameState) -> LegalActions:
        return reaction_choices(self.players)

    def act(self, s: GameState, action: Action) -> None:
        s.reactor = chosen_player(self.players, action)
        s.pop()


class DodgeRollPhase(PlayerRollPhase):
    """DodgeRoll: a PlayerRoll that opponents may change (Diving Tackle) before its result stands."""

    DIVING_TACKLE: Final = 20


class DodgeRoll(PlayerRoll):
    """A dodge roll (or, where the ruleset has Jump, a Jump's: `kind` LEAP) that opponents may
    change after seeing it (Diving Tackle).

    `divers` are the opponents who may, `dmods` their modifiers. Leaves s.ok = success and
    s.reactor = the opponent who reacted (-1: none)."""

    frame = "dodge_roll"
    phases = DodgeRollPhase

    __slots__ = ("diver", "divers", "dmods", "flips")

    def __init__(self, pid: int, target: int, mod: int, blocked_skill: bool,
                 divers: tuple[int, ...], dmods: tuple[int, ...], kind: RollKind = RollKind.DODGE) -> None:
        super().__init__(kind, pid, target, mod, agility=True, blocked_skill=blocked_skill)
        self.divers = divers
        self.dmods = dmods
        self.diver = -1
        self.flips: tuple[int, ...] = ()

    def _event(self) -> Chance:
        if self.diver < 0:
            return Chance(Dice.D6, 1, "dodge")  # the face matters: it may be reacted to
        return super()._event()

    def _finish(self, s: GameState, ok: bool) -> None:
        super()._finish(s, ok)
        s.reactor = self.diver

    def run(self, s: GameState) -> None:
        if self.phase == DodgeRollPhase.ROLLED and self.diver < 0:
            d = s.die()
            if roll_succeeds(d, self.target, self.mod, True):
                flips = tuple(
                    q for q, m in zip(self.divers, self.dmods, strict=True)
                    if not roll_succeeds(d, self.target, self.mod + m, True)
                )
                if flips:
                    # Every face giving the same choices leaves the same state (enumeration
                    # merges them): keep the lowest passing face, as threshold rolls do.
                    self.die = need(self.target, self.mod)
                    self.flips = flips
                    self.phase = DodgeRollPhase.DIVING_TACKLE
                    s.wait(other(s.pteam[self.pid]), DK.DIVING_TACKLE)
                    return
        super().run(s)
        if self.phase == DodgeRollPhase.REROLL_CHOICE:
            self.die = 1  # a failure waiting for a re-roll choice: any failing face alike

    def decision_detail(self, s: GameState) -> Decision:
        if self.phase == DodgeRollPhase.DIVING_TACKLE:
            return Decision(player=self.pid, skill=Skill.DIVING_TACKLE)
        return super().decision_detail(s)

    def legal(self, s: GameState) -> LegalActions:
        if self.phase == DodgeRollPhase.DIVING_TACKLE:
            return reaction_choices(self.flips)
        return super().legal(s)

    def act(self, s: GameState, action: Action) -> None:
        if self.phase != DodgeRollPhase.DIVING_TACKLE:
            super().act(s, action)
            return
        q = chosen_player(self.flips, action)
        if q < 0:
            self._finish(s, True)
            return
        self.diver = q
        self.mod += self.dmods[self.divers.index(q)]
        if self.rerolled or (not self._skill(s) and not self._team(s)):
            self._finish(s, False)
            return
        self.phase = DodgeRollPhase.REROLL_CHOICE
        s.wait(s.pteam[self.pid], DK.REROLL)


class MoveStepPhase(Phases):
    """MoveStep: reactions before leaving, GFIs, the dodge or leap, entering, reactions after
    leaving, the ball."""

    BEFORE_LEAVING: Final = 1
    BEFORE_LEAVING_USED: Final = 2
    GFI: Final = 3
    GFI_ROLLED: Final = 4
    DODGE_OR_LEAP: Final = 5
    DODGE_ROLLED: Final = 7
    ENTER: Final = 8
    ENTERED: Final = 9
    AFTER_LEAVING: Final = 10
    AFTER_LEAVING_USED: Final = 11
    LANDED: Final = 12
    TRAPDOOR: Final = 13
    DONE: Final = 99


class MoveStep(Procedure):
    """Move `pid` one square to `dest` (after `gfi` GFI rolls, then a dodge if marked), or,
    with `leap`, leap to `dest` (within two squares: GFIs, then a Leap roll, no dodge).

    Leaves s.ok = True if the action may go on (the mover may still have fallen), False if a
    reaction ended it (Tentacles)."""

    frame = "move_step"
    phases = MoveStepPhase

    __slots__ = ("alt", "dest", "diver", "failed", "gfi", "leap", "marked", "offer", "pid", "start")

    def __init__(self, pid: int, dest: int, gfi: int, leap: bool = False) -> None:
        super().__init__()
        self.pid = pid
        self.dest = dest
        self.gfi = int(gfi)
        self.leap = leap
        self.start = -1
        self.marked = False
        self.alt = -1  # -1: not asked yet; 0: dodge with AG; else the stat used (Break Tackle)
        self.offer = 0  # the stat offered to the coach instead of AG
        self.diver = -1
        self.failed = False

    def _done(self, s: GameState, goes_on: bool = True) -> None:
        s.ok = goes_on
        s.pop()

    def _fall(self, s: GameState) -> None:
        s.move_player(self.pid, self.dest)
        self.phase = MoveStepPhase.DONE
        s.push(KnockDown(self.pid))

    def run(self, s: GameState) -> None:
        pid = self.pid
        if self.phase == MoveStepPhase.START:
            start = self.start = s.pos[pid]
            self.marked = bool(s.tackle_zones(start, s.pteam[pid]))
            self.phase = MoveStepPhase.GFI
            if self.marked:
                cands = reactors(s, BEFORE_LEAVING, self, start)
                if cands:
                    self.phase = MoveStepPhase.BEFORE_LEAVING
                    s.push(Reaction(other(s.pteam[pid]), cands))
                    return
        elif self.phase == MoveStepPhase.BEFORE_LEAVING:  # a before-leaving reaction was chosen (or not)
            q = s.reactor
            self.phase = MoveStepPhase.GFI
            if q >= 0:
                self.phase = MoveStepPhase.BEFORE_LEAVING_USED
                use_reaction(s, BEFORE_LEAVING, self, q)
                return
        elif self.phase == MoveStepPhase.BEFORE_LEAVING_USED:
            if s.ok:
                self._done(s, False)  # held: he stays, his action ends
                return
            self.phase = MoveStepPhase.GFI
        elif self.phase == MoveStepPhase.GFI_ROLLED:  # a GFI roll
            if not s.ok:
                self._fall(s)
                return
            self.phase = MoveStepPhase.GFI
        elif self.phase == MoveStepPhase.DODGE_ROLLED:  # the dodge or leap roll
            self.failed = not s.ok
            self.diver = s.reactor
            self.phase = MoveStepPhase.ENTER
        if self.phase == MoveStepPhase.GFI:
            if self.gfi > 0:
                self.gfi -= 1
                self.phase = MoveStepPhase.GFI_ROLLED
                s.push(PlayerRoll(RollKind.GFI, pid, gfi_target(s), rush_modifier(s, pid), agility=False))
                return
            self.phase = MoveStepPhase.DODGE_OR_LEAP
        if self.phase == MoveStepPhase.DODGE_OR_LEAP:
            if self.leap:
                self.phase = MoveStepPhase.DODGE_ROLLED
                target = ag_target(s, pid)
                mod = jump_modifier(s, pid, self.start, self.dest)
                # a Jump out of a marked square: opponents react as to a dodge (BB2020)
                divers, dmods = self._divers(s) if s.rules.jump and self.marked else ((), ())
                if divers:
                    s.push(DodgeRoll(pid, target, mod, False, divers, dmods, RollKind.LEAP))
                else:
                    s.push(PlayerRoll(RollKind.LEAP, pid, target, mod))
                return
            if self.marked:
                if self._offer_stat(s):
                    return
                self.phase = MoveStepPhase.DODGE_ROLLED
                self._dodge(s)
                return
            self.phase = MoveStepPhase.ENTER
        if self.phase == MoveStepPhase.ENTER:
            s.move_player(pid, self.dest)
            self.phase = MoveStepPhase.ENTERED
            if self.diver >= 0:
                depth = len(s.stack)
                q = self.diver
                for fn in DODGE_ROLL_REACTION.fns(s.info[q].skills):
                    if fn(s, pid, q, self.start, self.dest, False):
                        fn(s, pid, q, self.start, self.dest, True)
                        break
                if len(s.stack) > depth:
                    return
        if self.phase == MoveStepPhase.ENTERED:
            if self.failed:
                self.phase = MoveStepPhase.DONE
                s.push(KnockDown(pid, by=fall_caused_by(s, pid, self.start)))
                return
            self.phase = MoveStepPhase.LANDED
            if self.marked and s.grid[self.start] == -1:
                cands = reactors(s, AFTER_LEAVING, self, self.start)
                if cands:
                    self.phase = MoveStepPhase.AFTER_LEAVING
                    s.push(Reaction(other(s.pteam[pid]), cands))
                    return
        elif self.phase == MoveStepPhase.AFTER_LEAVING:  # an after-leaving reaction was chosen (or not)
            q = s.reactor
            self.phase = MoveStepPhase.LANDED
            if q >= 0:
                self.phase = MoveStepPhase.AFTER_LEAVING_USED
                depth = len(s.stack)
                use_reaction(s, AFTER_LEAVING, self, q)
                if len(s.stack) > depth:
                    return
                self.phase = MoveStepPhase.LANDED
        elif self.phase == MoveStepPhase.AFTER_LEAVING_USED:
            self.phase = MoveStepPhase.LANDED
        if self.phase == MoveStepPhase.LANDED and trapdoor_here(s, pid, self.dest):  # BB2020's prayer
            self.phase = MoveStepPhase.TRAPDOOR
            s.push(Trapdoor(pid))
            return
        if self.phase == MoveStepPhase.TRAPDOOR:
            if s.pos[pid] != self.dest:  # he fell through
                self._done(s, False)
                return
            self.phase = MoveStepPhase.LANDED
        if self.phase == MoveStepPhase.LANDED:
            if s.ball == self.dest and s.ball_state == BallState.ON_GROUND and s.pos[pid] == self.dest:
                self.phase = MoveStepPhase.DONE
                s.push(Pickup(pid))
                return
            check_touchdown(s, pid)
            self._done(s)
            return
        if self.phase == MoveStepPhase.DONE:
            self._done(s)

    def _dodge(self, s: GameState) -> None:
        """Push the dodge roll (a DodgeRoll if an opponent may react to it)."""
        pid = self.pid
        start = self.start
        # another stat (Break Tackle's ST, an LRB6 rating) or his own Agility test
        target = rating_target(self.alt) if self.alt > 0 else ag_target(s, pid)
        mod = dodge_modifier(s, pid, self.dest, start)
        blocked = dodge_reroll_blocked(s, pid, start)
        divers, dmods = self._divers(s)
        if divers:
            s.push(DodgeRoll(pid, target, mod, blocked, divers, dmods))
        else:
            s.push(PlayerRoll(RollKind.DODGE, pid, target, mod, blocked_skill=blocked))

    def _divers(self, s: GameState) -> tuple[tuple[int, ...], tuple[int, ...]]:
        """The opponents whose zone the mover leaves who may react to his roll (each one's
        first DODGE_ROLL_REACTION handler that can), and their modifiers."""
        pid = self.pid
        start = self.start
        divers: list[int] = []
        dmods: list[int] = []
        for q in s.tz_players(start, s.pteam[pid]):
            for fn in DODGE_ROLL_REACTION.fns(s.info[q].skills):
                m = fn(s, pid, q, start, self.dest, False)
                if m:
                    divers.append(q)
                    dmods.append(m)
                    break
        return tuple(divers), tuple(dmods)

    def _offer_stat(self, s: GameState) -> bool:
        """Offer another stat for the dodge (Break Tackle) when it lowers the roll needed."""
        if self.alt >= 0:
            return False
        self.alt = 0
        pid = self.pid
        skills = s.info[pid].skills
        fns = DODGE_STAT.fns(skills)
        if not fns:
            return False
        mod = dodge_modifier(s, pid, self.dest, self.start) + reaction_modifier(s, pid, self.dest, self.start)
        base = need(ag_target(s, pid), mod)
        for fn in fns:
            stat = fn(s, pid, False)
            if stat and need(rating_target(stat), mod) < base:
                self.offer = stat
                s.wait(s.pteam[pid], DK.USE_SKILL)
                return True
        return False

    def decision_detail(self, s: GameState) -> Decision:
        return Decision(player=self.pid, skill=Skill.BREAK_TACKLE)

    def legal(self, s: GameState) -> LegalActions:
        return LegalActions([ActionChoice(ActionType.USE_SKILL), ActionChoice(ActionType.DECLINE)])

    def act(self, s: GameState, action: Action) -> None:
        stat = self.offer
        self.offer = 0
        if action.type == ActionType.USE_SKILL:
            for fn in DODGE_STAT.fns(s.info[self.pid].skills):
                if fn(s, self.pid, False) == stat:
                    fn(s, self.pid, True)
                    self.alt = stat
                    break
        self.phase = MoveStepPhase.DODGE_ROLLED
        self._dodge(s)


STAND_UP_COST: Point[[GameState, int, PlayerAction | None], int | None] = Point(
    "action.stand_up_cost",
    "fn(s, pid, action: PlayerAction | None) -> int | None: squares of MA standing up costs "
    "player pid (Jump Up: 0); None = the normal 3 (with MA below the cost, a 4+ roll and no MA "
    "left). `action` is None when a planner asks ahead of the declaration",
)


def stand_up_cost(s: GameState, pid: int, action: PlayerAction | None = None) -> int:
    """Squares of MA standing up costs `pid` (normally 3; a skill may change it). `action` is
    the PlayerAction under way, or None when a planner asks ahead of the declaration."""
    skills = s.info[pid].skills
    if STAND_UP_COST.fns(skills):
        cost = STAND_UP_COST.first(skills, s, pid, action)
        if cost is not None:
            return cost
    return 3
