"""BB2020's kick-off table results where they differ from LRB6's (RULES §5.4, TABLES §8); the
ruleset's table (`Ruleset.kickoff`) names them by frame id. Get the Ref, High Kick and Blitz
are LRB6's procedures (kickoff_table.py).

An Open player is one no opposing player marks (in no opposing tackle zone), judged as the
result begins. The roll-offs are a D6 each plus the team's cheerleaders, assistant coaches or
Fan Factor (the `TeamSpec.fan_factor` the team brings to the match)."""

from __future__ import annotations

from typing import Final

from nuffle.core.actions import Action, ActionChoice, ActionType, LegalActions
from nuffle.core.decision import DecisionKind as DK
from nuffle.core.dice import GROUP_SUM, Chance, Dice
from nuffle.core.procedures.base import Phases, Procedure
from nuffle.core.procedures.kickoff_table import Riot, move_one_square, one_square_moves, roll_off_winner
from nuffle.core.procedures.prayers import Prayer
from nuffle.core.procedures.setup import setup_problem
from nuffle.core.procedures.weather_mage import push_weather_mage
from nuffle.core.state import GameState
from nuffle.core.types import PF, Event, Status, Weather, other


def open_players(s: GameState, side: int) -> list[int]:
    """Standing players of `side` on the pitch no opposing player marks."""
    return [p for p in s.team_players(side)
            if s.status[p] == Status.STANDING and s.tackle_zones(s.pos[p], side) == 0]


class TimeOut(Procedure):
    """3, Time-out: the kicking team's turn marker on one of its last three turns (6, 7, 8):
    both markers move back one; otherwise both move on one."""

    frame = "time_out"

    __slots__ = ()

    def run(self, s: GameState) -> None:
        tph = s.board.variant.turns_per_half
        Riot._shift(s, -1 if s.teams[s.kicking].turn >= tph - 2 else 1)
        s.pop()


class LimitPhase(Phases):
    """A result moving D3 + 3 Open players: the D3, then the moves."""

    ROLLED: Final = 1
    MOVING: Final = 2


class SolidDefence(Procedure):
    """4, Solid Defence: the kicking coach re-sets up to D3 + 3 of his Open players (any free
    square of his half, each as often as he likes); the set-up must still be legal to end."""

    frame = "solid_defence"
    phases = LimitPhase

    __slots__ = ("eligible", "limit", "moved")

    def __init__(self) -> None:
        super().__init__()
        self.limit = 0
        self.eligible: list[int] = []
        self.moved: list[int] = []

    def run(self, s: GameState) -> None:
        if self.phase == LimitPhase.START:
            s.note(Event.KICKOFF_SIDE, s.kicking, 0, 0)
            self.phase = LimitPhase.ROLLED
            s.request(Chance(Dice.D3, 1, "solid defence"))
            return
        if self.phase == LimitPhase.ROLLED:
            self.limit = s.die() + 3
            self.eligible = open_players(s, s.kicking)
            self.phase = LimitPhase.MOVING
        s.wait(s.kicking, DK.SETUP)

    def legal(self, s: GameState) -> LegalActions:
        b = s.board
        movable = tuple(p for p in self.eligible if p in self.moved or len(self.moved) < self.limit)
        free = tuple(b.xy(q) for q in sorted(b.own_half(s.kicking)) if s.grid[q] == -1)
        groups = []
        if movable and free:
            groups.append(ActionChoice(ActionType.PLACE_PLAYER, movable, free))
        if setup_problem(s, s.kicking, counted=False) is None:  # Swarming may exceed 11
            groups.append(ActionChoice(ActionType.END_SETUP))
        return LegalActions(groups)

    def act(self, s: GameState, action: Action) -> None:
        if action.type == ActionType.END_SETUP:
            s.pop()
            return
        assert action.player is not None and action.square is not None
        s.move_player(action.player, s.board.sq(*action.square))
        if action.player not in self.moved:
            self.moved.append(action.player)


class QuickSnapBB2020(Procedure):
    """9, Quick Snap: up to D3 + 3 Open receiving players move one square each, any direction
    (across the halfway line too)."""

    frame = "quick_snap_bb2020"
    phases = LimitPhase

    __slots__ = ("eligible", "limit", "moved")

    def __init__(self) -> None:
        super().__init__()
        self.limit = 0
        self.eligible: list[int] = []
        self.moved: list[int] = []

    def run(self, s: GameState) -> None:
        if self.phase == LimitPhase.START:
            s.note(Event.KICKOFF_SIDE, other(s.kicking), 0, 0)
            self.phase = LimitPhase.ROLLED
            s.request(Chance(Dice.D3, 1, "quick snap"))
            return
        if self.phase == LimitPhase.ROLLED:
            self.limit = s.die() + 3
            self.eligible = open_players(s, other(s.kicking))
            self.phase = LimitPhase.MOVING
        s.wait(other(s.kicking), DK.QUICK_SNAP)

    def legal(self, s: GameState) -> LegalActions:
        movers = list(self.eligible) if len(self.moved) < self.limit else []
        return one_square_moves(s, movers, self.moved)

    def act(self, s: GameState, action: Action) -> None:
        move_one_square(s, action, self.moved)


class BlitzPhase(Phases):
    """BlitzBB2020: the D3, then the kicking team's turn."""

    ROLLED: Final = 1
    TURN_PLAYED: Final = 2


class BlitzBB2020(Procedure):
    """10, Blitz: up to D3 + 3 Open kicking players act in a free turn (Turn with `blitz`),
    only Move actions and one Blitz (turn.py asks this frame: `eligible`, `limit`), no team
    re-rolls (`Ruleset.blitz_turn_rerolls`); a turnover ends it."""

    frame = "blitz_bb2020"
    phases = BlitzPhase

    __slots__ = ("eligible", "limit")

    def __init__(self) -> None:
        super().__init__()
        self.limit = 0
        self.eligible: list[int] = []

    def run(self, s: GameState) -> None:
        from nuffle.core.procedures.turn import Turn

        if self.phase == BlitzPhase.START:
            s.note(Event.KICKOFF_SIDE, s.kicking, 0, 0)
            self.phase = BlitzPhase.ROLLED
            s.request(Chance(Dice.D3, 1, "blitz"))
            return
        if self.phase == BlitzPhase.ROLLED:
            self.limit = s.die() + 3
            self.eligible = open_players(s, s.kicking)
            self.phase = BlitzPhase.TURN_PLAYED
            s.push(Turn(s.kicking, blitz=True))
            return
        s.pop()

    def acted(self, s: GameState) -> int:
        """How many of the eligible players have acted."""
        return sum(1 for p in self.eligible if s.pflags[p] & PF.USED)


class RollOffPhase(Phases):
    """A roll-off: each side's D6, then what the result does."""

    HOME_ROLLED: Final = 1
    AWAY_ROLLED: Final = 2
    RESOLVING: Final = 3
    PICKED: Final = 4
    ROLLED: Final = 5


class _RollOff(Procedure):
    """Both coaches roll D6 + `bonus`; `resolve` acts on the totals (KICKOFF_SIDE names the
    higher, -1 on a tie). Its own frame (a plain roll-off, nothing after) is for completeness."""

    frame = "roll_off"
    phases = RollOffPhase

    __slots__ = ("home",)

    def __init__(self) -> None:
        super().__init__()
        self.home = 0

    def bonus(self, s: GameState, side: int) -> int:
        """What `side` adds to its D6."""
        return 0

    def run(self, s: GameState) -> None:
        if self.phase == RollOffPhase.START:
            self.phase = RollOffPhase.HOME_ROLLED
            s.request(Chance(Dice.D6, 1, type(self).__name__))
            return
        if self.phase == RollOffPhase.HOME_ROLLED:
            self.home = s.die() + self.bonus(s, 0)
            self.phase = RollOffPhase.AWAY_ROLLED
            s.request(Chance(Dice.D6, 1, type(self).__name__))
            return
        if self.phase == RollOffPhase.AWAY_ROLLED:
            away = s.die() + self.bonus(s, 1)
            s.note(Event.KICKOFF_SIDE, roll_off_winner(self.home, away), self.home, away)
            self.phase = RollOffPhase.RESOLVING
            self.resolve(s, self.home, away)
            return
        self.go_on(s)

    def resolve(self, s: GameState, home: int, away: int) -> None:
        """Act on the totals (and pop, or go on in `go_on`)."""
        s.pop()

    def go_on(self, s: GameState) -> None:
        """The phases after the roll-off."""
        s.pop()


class CheeringFansBB2020(_RollOff):
    """6, Cheering Fans: D6 + cheerleaders; the higher prays to Nuffle once (a tie: nobody)."""

    frame = "cheering_fans_bb2020"

    __slots__ = ()

    def bonus(self, s: GameState, side: int) -> int:
        return s.specs[side].cheerleaders

    def resolve(self, s: GameState, home: int, away: int) -> None:
        s.pop()
        winner = roll_off_winner(home, away)
        if winner >= 0:
            s.push(Prayer(winner))


class BrilliantCoachingBB2020(_RollOff):
    """7, Brilliant Coaching: D6 + assistant coaches, -1 for a team whose coach was ejected
    (Argue the Call, RULES §12); the higher gains a team re-roll for the drive (a tie: nobody).
    The drive's end takes it back if it is still held (the team's other re-rolls are used after
    it: `TeamState.drive_reroll`)."""

    frame = "brilliant_coaching_bb2020"

    __slots__ = ()

    def bonus(self, s: GameState, side: int) -> int:
        return s.specs[side].assistant_coaches - int(s.teams[side].coach_ejected)

    def resolve(self, s: GameState, home: int, away: int) -> None:
        winner = roll_off_winner(home, away)
        if winner >= 0:
            t = s.teams[winner]
            if not t.drive_reroll:
                t.drive_reroll = t.rerolls + 1
            t.rerolls += 1
        s.pop()


class OfficiousRef(_RollOff):
    """11, Officious Ref: D6 + Fan Factor; the lower team (both on a tie) has a random player on
    the pitch argue with the referee: a D6, 1 sent off, else Placed Prone and Stunned."""

    frame = "officious_ref"

    __slots__ = ("pid", "victims")

    def __init__(self) -> None:
        super().__init__()
        self.victims: list[int] = []
        self.pid = -1

    def bonus(self, s: GameState, side: int) -> int:
        return s.specs[side].fan_factor

    def resolve(self, s: GameState, home: int, away: int) -> None:
        totals = (home, away)
        self.victims = [side for side in (0, 1) if totals[side] <= totals[1 - side]]
        self.go_on(s)

    def go_on(self, s: GameState) -> None:
        if self.phase == RollOffPhase.PICKED:
            self.pid = s.on_pitch(self.victims.pop(0))[s.die()]
            self.phase = RollOffPhase.ROLLED
            s.request(Chance(Dice.D6, 1, "officious ref"))
            return
        if self.phase == RollOffPhase.ROLLED:
            if s.die() == 1:
                s.remove(self.pid, Status.SENT_OFF)
            else:
                s.status[self.pid] = Status.STUNNED
            self.phase = RollOffPhase.RESOLVING
        while self.victims and not s.on_pitch(self.victims[0]):
            self.victims.pop(0)
        if not self.victims:
            s.pop()
            return
        self.phase = RollOffPhase.PICKED
        s.request(Chance(Dice.PICK, len(s.on_pitch(self.victims[0])), "referee's victim"))


class PitchInvasionBB2020(_RollOff):
    """12, Pitch Invasion: D6 + Fan Factor; the lower team (both on a tie) has D3 random
    standing players Stunned (one D3 for both teams)."""

    frame = "pitch_invasion_bb2020"

    __slots__ = ("count", "left", "victims")

    def __init__(self) -> None:
        super().__init__()
        self.victims: list[int] = []
        self.count = 0
        self.left = 0

    def bonus(self, s: GameState, side: int) -> int:
        return s.specs[side].fan_factor

    def resolve(self, s: GameState, home: int, away: int) -> None:
        totals = (home, away)
        self.victims = [side for side in (0, 1) if totals[side] <= totals[1 - side]]
        self.phase = RollOffPhase.ROLLED
        s.request(Chance(Dice.D3, 1, "pitch invasion"))

    @staticmethod
    def _standing(s: GameState, side: int) -> list[int]:
        return [p for p in s.on_pitch(side) if s.status[p] == Status.STANDING]

    def go_on(self, s: GameState) -> None:
        if self.phase == RollOffPhase.ROLLED:
            self.count = s.die()
            self.left = self.count
            self.phase = RollOffPhase.RESOLVING
        elif self.phase == RollOffPhase.PICKED:
            s.status[self._standing(s, self.victims[0])[s.die()]] = Status.STUNNED
            self.left -= 1
            self.phase = RollOffPhase.RESOLVING
        while self.victims and (self.left == 0 or not self._standing(s, self.victims[0])):
            self.victims.pop(0)
            self.left = self.count
        if not self.victims:
            s.pop()
            return
        self.phase = RollOffPhase.PICKED
        s.request(Chance(Dice.PICK, len(self._standing(s, self.victims[0])), "invader's victim"))


class ChangingWeatherPhase(Phases):
    """ChangingWeatherBB2020: the weather roll, then the scatter's D8s."""

    WEATHER_ROLLED: Final = 1
    SCATTERING: Final = 2
    WEATHER_MAGE: Final = 3  # the Weather Mages' offer on the roll


class ChangingWeatherBB2020(Procedure):
    """8, Changing Weather: new weather; Perfect Conditions scatter the ball three squares
    (three D8) before it lands; out of the receiving half it is a touchback."""

    frame = "changing_weather_bb2020"
    phases = ChangingWeatherPhase

    __slots__ = ("left",)

    def __init__(self) -> None:
        super().__init__()
        self.left = 0

    def run(self, s: GameState) -> None:
        if self.phase == ChangingWeatherPhase.START:
            self.phase = ChangingWeatherPhase.WEATHER_ROLLED
            s.request(Chance(Dice.TWO_D6, 1, "weather", GROUP_SUM))
            return
        if self.phase == ChangingWeatherPhase.WEATHER_ROLLED:
            a, b = s.dice()
            s.weather = s.rules.weather_of(a + b)
            s.note(Event.WEATHER, -1, s.weather, 0)
            if push_weather_mage(s, a + b):
                self.phase = ChangingWeatherPhase.WEATHER_MAGE
                return
        if self.phase in (ChangingWeatherPhase.WEATHER_ROLLED, ChangingWeatherPhase.WEATHER_MAGE):
            if s.weather != Weather.NICE or s.ball < 0:
                s.pop()
                return
            self.left = 3
            self.phase = ChangingWeatherPhase.SCATTERING
        else:
            dx, dy = s.rules.scatter[s.die()]
            bd = s.board
            x, y = bd.xy(s.ball)
            nx, ny = x + dx, y + dy
            self.left -= 1
            if bd.is_on(nx, ny) and bd.sq(nx, ny) in bd.own_half(other(s.kicking)):
                s.ball = bd.sq(nx, ny)
            else:
                s.ball = -1
                self.left = 0
        if self.left == 0:
            s.pop()
            return
        s.request(Chance(Dice.D8, 1, "kick-off scatter"))
