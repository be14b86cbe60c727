"""The match sequence: pre-match (fans, weather, coin toss), halves, drives, drive ends."""

from __future__ import annotations

from typing import Final

from nuffle.core.actions import Action, ActionChoice, ActionType, LegalActions
from nuffle.core.decision import Decision
from nuffle.core.decision import DecisionKind as DK
from nuffle.core.dice import GROUP_SUM, Chance, Dice, threshold
from nuffle.core.hooks import Point
from nuffle.core.procedures.base import Phases, Procedure
from nuffle.core.procedures.heat import heat_picks
from nuffle.core.procedures.inducements import babes, push_half_inducements
from nuffle.core.procedures.prayers import end_drive_rerolls, expire
from nuffle.core.procedures.rolls import BONUS_REROLL
from nuffle.core.procedures.weather_mage import push_weather_mage
from nuffle.core.state import STAT_TD, GameState
from nuffle.core.types import NOBODY, PF, BallState, Event, Status, Weather, other

# Enum members the hot code reads, bound once as module globals: on Python 3.11 reading a
# member off its enum class costs about ten times a global (the enum metaclass's
# `__getattr__` hook slows every attribute read on the class).
_DECLINE: Final = ActionType.DECLINE
_KICK: Final = ActionType.KICK
_RECEIVE: Final = ActionType.RECEIVE
_USE_BRIBE: Final = ActionType.USE_BRIBE
_BALL_NONE: Final = BallState.NONE
_EV_HALF: Final = Event.HALF
_EV_WEATHER: Final = Event.WEATHER
_CASUALTY: Final = Status.CASUALTY
_KO: Final = Status.KO
_RESERVE: Final = Status.RESERVE
_SENT_OFF: Final = Status.SENT_OFF
_STANDING: Final = Status.STANDING
_STUNNED: Final = Status.STUNNED

SENT_OFF_AFTER_DRIVE: Point[[GameState, int], bool] = Point(
    "match.sent_off_after_drive",
    "fn(s, pid) -> bool: this player, having played in the drive that ended (PF.PLAYED: on "
    "the pitch at its kick-off or acting in it), is sent off unless a bribe saves him "
    "(Secret Weapon)",
)


def fame(fans: int, opponent_fans: int) -> int:
    """FAME from the two gates: 0, 1 if more fans, 2 if at least twice as many."""
    if fans <= opponent_fans:
        return 0
    return 2 if fans >= 2 * opponent_fans else 1


def half_over(s: GameState) -> bool:
    """Whether both teams have used all their turns this half."""
    tph = s.board.variant.turns_per_half
    return s.teams[0].turn >= tph and s.teams[1].turn >= tph


def available(s: GameState, side: int) -> list[int]:
    """Players of `side` who may be set up: in reserves and not heat-exhausted."""
    return [
        p
        for p in s.team_players(side)
        if (s.status[p] == _RESERVE and not s.pflags[p] & PF.HEAT)
        or _STANDING <= s.status[p] <= _STUNNED
    ]


class MatchPhase(Phases):
    """Match: the pre-match rolls, the kick-or-receive choice, the two halves, the end."""

    HOME_FANS: Final = 1
    AWAY_FANS: Final = 2
    WEATHER: Final = 3
    COIN_TOSS: Final = 4
    KICK_OR_RECEIVE: Final = 5
    FIRST_HALF: Final = 6
    SECOND_HALF: Final = 7
    OVER: Final = 8
    WEATHER_MAGE: Final = 9  # BB2020: the Weather Mages' offer on the weather roll


class HalfPhase(Phases):
    """Half: its drives, each followed by the drive end."""

    DRIVE: Final = 1
    DRIVE_ENDED: Final = 2


class DrivePhase(Phases):
    """Drive: the two set-ups, the kick-off, then the turns."""

    RECEIVING_SETUP: Final = 1
    KICKOFF: Final = 2
    KICKED_OFF: Final = 3
    TURNS: Final = 4
    SET_UP: Final = 5  # the AFTER_SETUPS skills acted (BB2020's Swarming)


class EndDrivePhase(Phases):
    """EndDrive: heat rolls, KO recovery, Secret Weapons (a bribe each)."""

    HEAT: Final = 1
    KO_RECOVERY: Final = 2
    SENDING_OFF: Final = 3
    BRIBE_ROLLED: Final = 4
    HEAT_PICKS: Final = 5  # BB2020's heat: D3 random players a team (heat.py)


class Match(Procedure):
    """The whole match: pre-match sequence, two halves, then the end."""

    frame = "match"
    phases = MatchPhase

    __slots__ = ("fans", "winner")

    def __init__(self) -> None:
        super().__init__()
        self.fans = 0
        self.winner = 0

    def run(self, s: GameState) -> None:
        ph = self.phase
        if ph == MatchPhase.START:
            for side in (0, 1):
                t, induced = s.teams[side], s.specs[side].inducements
                t.apothecaries = (1 if s.specs[side].apothecary else 0) + induced.apothecaries
                t.bribes, t.igor, t.wizard = induced.bribes, int(induced.igor), int(induced.wizard)
                t.weather_mage = int(induced.weather_mage)
            if s.rules.fans == "fan_factor":  # BB2020: the pre-game's Fan Factors, no FAME
                s.fans = (s.specs[0].fan_factor, s.specs[1].fan_factor)
                self.phase = MatchPhase.WEATHER
                s.request(Chance(Dice.TWO_D6, 1, "weather", GROUP_SUM))
                return
            self.phase = MatchPhase.HOME_FANS
            s.request(Chance(Dice.TWO_D6, 1, "home fans", GROUP_SUM))
        elif ph == MatchPhase.HOME_FANS:
            a, b = s.dice()
            self.fans = a + b + s.specs[0].fan_factor
            self.phase = MatchPhase.AWAY_FANS
            s.request(Chance(Dice.TWO_D6, 1, "away fans", GROUP_SUM))
        elif ph == MatchPhase.AWAY_FANS:
            a, b = s.dice()
            away = a + b + s.specs[1].fan_factor
            s.fans = (self.fans, away)
            s.teams[0].fame = fame(self.fans, away)
            s.teams[1].fame = fame(away, self.fans)
            self.phase = MatchPhase.WEATHER
            s.request(Chance(Dice.TWO_D6, 1, "weather", GROUP_SUM))
        elif ph == MatchPhase.WEATHER:
            a, b = s.dice()
            s.weather = s.rules.weather_of(a + b)
            s.note(_EV_WEATHER, -1, s.weather, 0)
            if push_weather_mage(s, a + b):  # BB2020: a Weather Mage may change it
                self.phase = MatchPhase.WEATHER_MAGE
                return
            self.phase = MatchPhase.COIN_TOSS
            s.request(Chance(Dice.COIN, 1, "coin toss"))
        elif ph == MatchPhase.WEATHER_MAGE:
            self.phase = MatchPhase.COIN_TOSS
            s.request(Chance(Dice.COIN, 1, "coin toss"))
        elif ph == MatchPhase.COIN_TOSS:
            self.winner = s.die()
            self.phase = MatchPhase.KICK_OR_RECEIVE
            s.wait(self.winner, DK.KICK_OR_RECEIVE)
        elif ph == MatchPhase.FIRST_HALF:
            s.half = 1
            s.note(_EV_HALF, -1, 1, 0)
            self.phase = MatchPhase.SECOND_HALF
            s.push(Half())
        elif ph == MatchPhase.SECOND_HALF:
            s.half = 2
            s.note(_EV_HALF, -1, 2, 0)
            self.phase = MatchPhase.OVER
            s.push(Half())
        else:
            s.decider = NOBODY
            s.waiting = DK.NONE  # nothing is asked now: ended matches differ in no stale kind

    def legal(self, s: GameState) -> LegalActions:
        return LegalActions([ActionChoice(_KICK), ActionChoice(_RECEIVE)])

    def act(self, s: GameState, action: Action) -> None:
        kick = action.type == _KICK
        s.first_kicker = self.winner if kick else other(self.winner)
        self.phase = MatchPhase.FIRST_HALF


class Half(Procedure):
    """One half: re-rolls reset, then drives until both teams have played their turns."""

    frame = "half"
    phases = HalfPhase

    __slots__ = ()

    def run(self, s: GameState) -> None:
        if self.phase == HalfPhase.START:
            for side in (0, 1):
                t = s.teams[side]
                t.rerolls = s.specs[side].rerolls + s.specs[side].inducements.training
                t.bonus_reroll = int(any(
                    BONUS_REROLL.any(s.info[p].skills, s, p)
                    for p in s.team_players(side)
                    if s.status[p] not in (_CASUALTY, _SENT_OFF)
                ))
                t.reroll_used = False
                t.turn = 0
            s.kicking = s.first_kicker if s.half == 1 else other(s.first_kicker)
            self.phase = HalfPhase.DRIVE
            s.push(Drive())
            push_half_inducements(s)
        elif self.phase == HalfPhase.DRIVE:
            self.phase = HalfPhase.DRIVE_ENDED
            s.push(EndDrive(half_over(s)))
        else:
            if half_over(s):
                s.pop()
                return
            if s.touchdown >= 0:
                s.kicking = s.touchdown
            self.phase = HalfPhase.DRIVE
            s.push(Drive())


class Drive(Procedure):
    """One drive: set-ups, the kick-off, then alternating turns until a touchdown or half end."""

    frame = "drive"
    phases = DrivePhase

    __slots__ = ("next_side",)

    def __init__(self) -> None:
        super().__init__()
        self.next_side = 0

    def run(self, s: GameState) -> None:
        from nuffle.core.procedures.kickoff import Kickoff
        from nuffle.core.procedures.setup import Setup
        from nuffle.core.procedures.swarming import after_setups
        from nuffle.core.procedures.turn import Turn

        ph = self.phase
        if ph == DrivePhase.START:
            s.turnover = False
            s.touchdown = -1
            s.ball = -1
            s.ball_state = _BALL_NONE
            s.active = -1
            counts = [len(available(s, side)) for side in (0, 1)]
            if 0 in counts:
                self._nobody_to_field(s, counts)
                return
            self.phase = DrivePhase.RECEIVING_SETUP
            s.push(Setup(s.kicking))
        elif ph == DrivePhase.RECEIVING_SETUP:
            self.phase = DrivePhase.KICKOFF
            s.push(Setup(other(s.kicking)))
        elif ph == DrivePhase.KICKOFF and after_setups(s):
            self.phase = DrivePhase.SET_UP  # Swarming placed first, then the kick-off
        elif ph in (DrivePhase.KICKOFF, DrivePhase.SET_UP):
            for p in range(len(s.info)):
                if s.pos[p] >= 0:
                    s.pflags[p] |= PF.PLAYED
            self.phase = DrivePhase.KICKED_OFF
            s.push(Kickoff())
        elif ph == DrivePhase.KICKED_OFF:
            self.next_side = other(s.kicking)
            self.phase = DrivePhase.TURNS
        if self.phase == DrivePhase.TURNS:
            if s.touchdown >= 0 or half_over(s):
                s.pop()
                return
            tph = s.board.variant.turns_per_half
            side = self.next_side
            if s.teams[side].turn >= tph:
                side = other(side)
            self.next_side = other(side)
            s.push(Turn(side))

    def _nobody_to_field(self, s: GameState, counts: list[int]) -> None:
        """A team with no player to set up: markers move on 2; a fielding opponent scores."""
        tph = s.board.variant.turns_per_half
        for side in (0, 1):
            s.teams[side].turn = min(tph, s.teams[side].turn + 2)
        for side in (0, 1):
            if counts[side] > 0 and counts[other(side)] == 0:
                s.teams[side].score += 1
                s.add_stat(side, STAT_TD)
                s.touchdown = side
        s.pop()


class EndDrive(Procedure):
    """Drive-end housekeeping: heat, everyone to reserves, KO recovery, Secret Weapons sent
    off (a bribe may save each), clear distractions."""

    frame = "end_drive"
    phases = EndDrivePhase

    __slots__ = ("end_of_half", "idx", "sending", "todo")

    def __init__(self, end_of_half: bool) -> None:
        super().__init__()
        self.end_of_half = end_of_half
        self.todo: list[int] = []
        self.idx = 0
        self.sending: list[int] = []  # players still to be sent off (the first is current)

    def run(self, s: GameState) -> None:
        n = len(s.info)
        if self.phase == EndDrivePhase.START:
            end_drive_rerolls(s)
            expire(s, "half" if self.end_of_half else "drive")
            if not (self.end_of_half and s.half == 2):  # after the match nobody is sent off
                self.sending = [
                    p
                    for p in range(n)
                    if s.pflags[p] & PF.PLAYED
                    and s.status[p] not in (_CASUALTY, _SENT_OFF)
                    and SENT_OFF_AFTER_DRIVE.any(s.info[p].skills, s, p)
                ]
            for p in range(n):
                s.pflags[p] &= ~PF.CLEARED_AT_DRIVE_END
            self.phase = EndDrivePhase.HEAT
            if s.weather == Weather.SWELTERING_HEAT:
                if s.rules.heat == "random":
                    self.phase = EndDrivePhase.HEAT_PICKS
                else:
                    self.todo = [p for p in range(n) if s.pos[p] >= 0]
        if self.phase == EndDrivePhase.HEAT_PICKS:
            if heat_picks(s, self):
                return
            self.todo, self.idx = [], 0
            self.phase = EndDrivePhase.HEAT
        if self.phase == EndDrivePhase.HEAT:
            if self.idx > 0 and s.die() == 1:
                s.pflags[self.todo[self.idx - 1]] |= PF.HEAT
            if self.idx < len(self.todo):
                self.idx += 1
                s.request(threshold(2, "heat"))
                return
            for p in range(n):
                if s.pos[p] >= 0:
                    s.remove(p, _RESERVE)
            s.ball = -1
            s.ball_state = _BALL_NONE
            last = self.end_of_half and s.half == 2
            self.todo = [] if last else [p for p in range(n) if s.status[p] == _KO]
            self.idx = 0
            self.phase = EndDrivePhase.KO_RECOVERY
        if self.phase == EndDrivePhase.KO_RECOVERY:
            if self.idx > 0:
                d = s.die()
                if d != 1 and d + babes(s, self.todo[self.idx - 1]) >= 4:
                    s.status[self.todo[self.idx - 1]] = _RESERVE
            if self.idx < len(self.todo):
                self.idx += 1
                s.request(threshold(4 - babes(s, self.todo[self.idx - 1]), "KO recovery"))
                return
            self.phase = EndDrivePhase.SENDING_OFF
        if self.phase == EndDrivePhase.BRIBE_ROLLED:  # for the first player in `sending`
            if s.die() < 2:
                s.remove(self.sending[0], _SENT_OFF)
            del self.sending[0]
            self.phase = EndDrivePhase.SENDING_OFF
        while self.sending:
            p = self.sending[0]
            if s.teams[s.pteam[p]].bribes > 0:
                s.wait(s.pteam[p], DK.BRIBE)
                return
            s.remove(p, _SENT_OFF)
            del self.sending[0]
        s.pop()

    def decision_detail(self, s: GameState) -> Decision:
        return Decision(player=self.sending[0] if self.sending else None)

    def legal(self, s: GameState) -> LegalActions:
        return LegalActions([ActionChoice(_USE_BRIBE), ActionChoice(_DECLINE)])

    def act(self, s: GameState, action: Action) -> None:
        p = self.sending[0]
        if action.type == _USE_BRIBE:
            s.teams[s.pteam[p]].bribes -= 1
            self.phase = EndDrivePhase.BRIBE_ROLLED
            s.request(threshold(2, "bribe"))
            return
        s.remove(p, _SENT_OFF)
        del self.sending[0]
