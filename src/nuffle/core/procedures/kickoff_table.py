"""The kick-off table's results: one small procedure per 2D6 result. Which result a total gives
is the ruleset's table (`Ruleset.kickoff`, by frame id)."""

from __future__ import annotations

from typing import Final

from nuffle.core.actions import Action, ActionChoice, ActionType, LegalActions
from nuffle.core.decision import DecisionKind as DK
from nuffle.core.dice import GROUP_SUM, Chance, Dice, threshold
from nuffle.core.hooks import Point
from nuffle.core.procedures.base import Phases, Procedure
from nuffle.core.procedures.injury import Injury
from nuffle.core.procedures.prayer_trapdoor import enter_trapdoor
from nuffle.core.procedures.setup import Setup
from nuffle.core.state import GameState
from nuffle.core.types import Event, Status, Weather, other

FAME: Point[[GameState, int], int] = Point(
    "kickoff_table.fame",
    "fn(s, pid) -> int: added to the FAME of pid's team for kick-off table results while `pid` "
    "is on the pitch (Fan Favourite)",
)


def kickoff_fame(s: GameState, side: int) -> int:
    """FAME of `side` for kick-off table results: the match FAME plus its players' skills."""
    fame = s.teams[side].fame
    for p in s.on_pitch(side):
        skills = s.info[p].skills
        if FAME.fns(skills):
            fame += FAME.total(skills, s, p)
    return fame


def roll_off_winner(home: int, away: int) -> int:
    """The side with the higher roll-off total, -1 on a tie."""
    return 0 if home > away else 1 if away > home else -1


class GetTheRef(Procedure):
    """2: each team gains a bribe."""

    frame = "get_the_ref"

    __slots__ = ()

    def run(self, s: GameState) -> None:
        s.teams[0].bribes += 1
        s.teams[1].bribes += 1
        s.pop()


class RiotPhase(Phases):
    """Riot: the D6 that decides the markers' move."""

    ROLLED: Final = 1


class Riot(Procedure):
    """3: both turn markers move back one (receiver on its last turn), on one (receiver on
    turn 0) or a D6 decides (1-3 on, 4-6 back)."""

    frame = "riot"
    phases = RiotPhase

    __slots__ = ()

    def run(self, s: GameState) -> None:
        tph = s.board.variant.turns_per_half
        recv = s.teams[other(s.kicking)].turn
        if self.phase == RiotPhase.START:
            if recv >= tph - 1:
                self._shift(s, -1)
            elif recv == 0:
                self._shift(s, 1)
            else:
                self.phase = RiotPhase.ROLLED
                s.request(threshold(4, "riot"))
                return
            s.pop()
            return
        self._shift(s, 1 if s.die() <= 3 else -1)
        s.pop()

    @staticmethod
    def _shift(s: GameState, delta: int) -> None:
        """Move both markers; a team pushed past its last turn ends the half at once."""
        tph = s.board.variant.turns_per_half
        if any(t.turn + delta > tph for t in s.teams):
            for t in s.teams:
                t.turn = tph
            return
        for t in s.teams:
            t.turn = max(0, t.turn + delta)


class PerfectDefencePhase(Phases):
    """PerfectDefence: the kicking team's re-arranged set-up."""

    REARRANGED: Final = 1


class PerfectDefence(Procedure):
    """4: the kicking coach may re-arrange his players already on the pitch."""

    frame = "perfect_defence"
    phases = PerfectDefencePhase

    __slots__ = ()

    def run(self, s: GameState) -> None:
        if self.phase == PerfectDefencePhase.START:
            self.phase = PerfectDefencePhase.REARRANGED
            s.note(Event.KICKOFF_SIDE, s.kicking, 0, 0)
            s.push(Setup(s.kicking, rearrange=True))
            return
        s.pop()


class HighKick(Procedure):
    """5: a receiving player in no opposing tackle zone may move under the falling ball."""

    frame = "high_kick"

    __slots__ = ()

    def _candidates(self, s: GameState) -> tuple[int, ...]:
        recv = other(s.kicking)
        return tuple(
            p
            for p in s.team_players(recv)
            if s.status[p] == Status.STANDING and s.tackle_zones(s.pos[p], recv) == 0
        )

    def run(self, s: GameState) -> None:
        if s.ball < 0 or s.grid[s.ball] != -1 or not self._candidates(s):
            s.pop()
            return
        s.note(Event.KICKOFF_SIDE, other(s.kicking), 0, 0)
        s.wait(other(s.kicking), DK.HIGH_KICK)

    def legal(self, s: GameState) -> LegalActions:
        return LegalActions(
            [ActionChoice(ActionType.SELECT_PLAYER, self._candidates(s)), ActionChoice(ActionType.DECLINE)]
        )

    def act(self, s: GameState, action: Action) -> None:
        if action.type == ActionType.SELECT_PLAYER:
            assert action.player is not None
            s.move_player(action.player, s.ball)
        s.pop()
        if action.type == ActionType.SELECT_PLAYER:
            assert action.player is not None
            enter_trapdoor(s, action.player)  # BB2020's prayer: onto an open trapdoor, its D6


class ReRollContestPhase(Phases):
    """A re-roll contest (Cheering Fans, Brilliant Coaching): each side's D3."""

    HOME_ROLLED: Final = 1
    AWAY_ROLLED: Final = 2


class _ReRollContest(Procedure):
    """Both coaches roll D3 + FAME + helpers; the higher (ties: both) gains a re-roll."""

    frame = "re_roll_contest"
    phases = ReRollContestPhase

    __slots__ = ("home",)

    def __init__(self) -> None:
        super().__init__()
        self.home = 0

    def helpers(self, s: GameState, side: int) -> int:
        """Cheerleaders or assistant coaches of `side`."""
        return 0

    def run(self, s: GameState) -> None:
        if self.phase == ReRollContestPhase.START:
            self.phase = ReRollContestPhase.HOME_ROLLED
            s.request(Chance(Dice.D3, 1, type(self).__name__))
            return
        if self.phase == ReRollContestPhase.HOME_ROLLED:
            self.home = s.die() + kickoff_fame(s, 0) + self.helpers(s, 0)
            self.phase = ReRollContestPhase.AWAY_ROLLED
            s.request(Chance(Dice.D3, 1, type(self).__name__))
            return
        away = s.die() + kickoff_fame(s, 1) + self.helpers(s, 1)
        s.note(Event.KICKOFF_SIDE, roll_off_winner(self.home, away), self.home, away)
        if self.home >= away:
            s.teams[0].rerolls += 1
        if away >= self.home:
            s.teams[1].rerolls += 1
        s.pop()


class CheeringFans(_ReRollContest):
    """6: D3 + FAME + cheerleaders."""

    frame = "cheering_fans"

    __slots__ = ()

    def helpers(self, s: GameState, side: int) -> int:
        return s.specs[side].cheerleaders


class BrilliantCoaching(_ReRollContest):
    """8: D3 + FAME + assistant coaches."""

    frame = "brilliant_coaching"

    __slots__ = ()

    def helpers(self, s: GameState, side: int) -> int:
        return s.specs[side].assistant_coaches


class ChangingWeatherPhase(Phases):
    """ChangingWeather: the weather roll, then a gust's D8."""

    WEATHER_ROLLED: Final = 1
    GUST_ROLLED: Final = 2


class ChangingWeather(Procedure):
    """7: new weather; if it is Nice a gust moves the ball one more square (D8)."""

    frame = "changing_weather"
    phases = ChangingWeatherPhase

    __slots__ = ()

    def run(self, s: GameState) -> None:
        if self.phase == ChangingWeatherPhase.START:
            self.phase = ChangingWeatherPhase.WEATHER_ROLLED
            s.request(Chance(Dice.TWO_D6, 1, "weather", GROUP_SUM))
            return
        if self.phase == ChangingWeatherPhase.WEATHER_ROLLED:
            a, b = s.dice()
            s.weather = s.rules.weather_of(a + b)
            s.note(Event.WEATHER, -1, s.weather, 0)
            if s.weather != Weather.NICE or s.ball < 0:
                s.pop()
                return
            self.phase = ChangingWeatherPhase.GUST_ROLLED
            s.request(Chance(Dice.D8, 1, "gentle gust"))
            return
        dx, dy = s.rules.scatter[s.die()]
        bd = s.board
        x, y = bd.xy(s.ball)
        nx, ny = x + dx, y + dy
        if bd.is_on(nx, ny) and bd.sq(nx, ny) in bd.own_half(other(s.kicking)):
            s.ball = bd.sq(nx, ny)
        else:
            s.ball = -1
        s.pop()


class QuickSnap(Procedure):
    """9: each receiving player may move one square, free and without dodging."""

    frame = "quick_snap"

    __slots__ = ("moved",)

    def __init__(self) -> None:
        super().__init__()
        self.moved: list[int] = []

    def run(self, s: GameState) -> None:
        if not self.moved:  # (run again after each move)
            s.note(Event.KICKOFF_SIDE, other(s.kicking), 0, 0)
        s.wait(other(s.kicking), DK.QUICK_SNAP)

    def legal(self, s: GameState) -> LegalActions:
        movers = [p for p in s.team_players(other(s.kicking)) if s.status[p] == Status.STANDING]
        return one_square_moves(s, movers, self.moved)

    def act(self, s: GameState, action: Action) -> None:
        move_one_square(s, action, self.moved)


def one_square_moves(s: GameState, movers: list[int], moved: list[int]) -> LegalActions:
    """Quick Snap's choices: each of `movers` not yet in `moved` to an empty square next to him,
    or END_SETUP."""
    groups = []
    b = s.board
    for p in movers:
        if p in moved:
            continue
        sq = s.pos[p]
        dests = tuple(b.xy(sq + o) for o in b.neighbours if s.grid[sq + o] == -1)
        if dests:
            groups.append(ActionChoice(ActionType.MOVE, (p,), dests))
    groups.append(ActionChoice(ActionType.END_SETUP))
    return LegalActions(groups)


def move_one_square(s: GameState, action: Action, moved: list[int]) -> None:
    """Quick Snap's step: END_SETUP ends it, a MOVE moves the player and adds him to `moved`."""
    if action.type == ActionType.END_SETUP:
        s.pop()
        return
    assert action.player is not None and action.square is not None
    s.move_player(action.player, s.board.sq(*action.square))
    moved.append(action.player)
    enter_trapdoor(s, action.player)  # BB2020's prayer: onto an open trapdoor, its D6


class BlitzKickoffPhase(Phases):
    """BlitzKickoff: the kicking team's free turn."""

    TURN_PLAYED: Final = 1


class BlitzKickoff(Procedure):
    """10: the kicking team takes a free bonus turn while the ball is in the air."""

    frame = "blitz_kickoff"
    phases = BlitzKickoffPhase

    __slots__ = ()

    def run(self, s: GameState) -> None:
        from nuffle.core.procedures.turn import Turn

        if self.phase == BlitzKickoffPhase.START:
            self.phase = BlitzKickoffPhase.TURN_PLAYED
            s.note(Event.KICKOFF_SIDE, s.kicking, 0, 0)
            s.push(Turn(s.kicking, blitz=True))
            return
        s.pop()


class ThrowARockPhase(Phases):
    """ThrowARock: each side's D6, then a random victim of each losing side."""

    HOME_ROLLED: Final = 1
    AWAY_ROLLED: Final = 2
    VICTIMS: Final = 3
    VICTIM_PICKED: Final = 4


class ThrowARock(Procedure):
    """11: D6 + FAME each; the lower team (both on a tie) has a random player hit (injury)."""

    frame = "throw_a_rock"
    phases = ThrowARockPhase

    __slots__ = ("home", "victims")

    def __init__(self) -> None:
        super().__init__()
        self.home = 0
        self.victims: list[int] = []

    def run(self, s: GameState) -> None:
        if self.phase == ThrowARockPhase.START:
            self.phase = ThrowARockPhase.HOME_ROLLED
            s.request(Chance(Dice.D6, 1, "throw a rock"))
            return
        if self.phase == ThrowARockPhase.HOME_ROLLED:
            self.home = s.die() + kickoff_fame(s, 0)
            self.phase = ThrowARockPhase.AWAY_ROLLED
            s.request(Chance(Dice.D6, 1, "throw a rock"))
            return
        if self.phase == ThrowARockPhase.AWAY_ROLLED:
            away = s.die() + kickoff_fame(s, 1)
            s.note(Event.KICKOFF_SIDE, roll_off_winner(self.home, away), self.home, away)
            self.victims = [side for side in (0, 1) if (self.home, away)[side] <= (self.home, away)[1 - side]]
            self.phase = ThrowARockPhase.VICTIMS
        if self.phase == ThrowARockPhase.VICTIMS:
            if not self.victims:
                s.pop()
                return
            side = self.victims[0]
            if not s.on_pitch(side):
                self.victims.pop(0)
                return
            self.phase = ThrowARockPhase.VICTIM_PICKED
            s.request(Chance(Dice.PICK, len(s.on_pitch(side)), "rock victim"))
            return
        side = self.victims.pop(0)
        victim = s.on_pitch(side)[s.die()]
        if s.status[victim] == Status.STANDING:
            s.status[victim] = Status.PRONE
        self.phase = ThrowARockPhase.VICTIMS
        s.push(Injury(victim))


class PitchInvasionPhase(Phases):
    """PitchInvasion: a D6 for every player on the pitch in turn."""

    ROLLING: Final = 1


class PitchInvasion(Procedure):
    """12: for every player on the pitch, D6 + opposing FAME of 6+ (not a natural 1) stuns."""

    frame = "pitch_invasion"
    phases = PitchInvasionPhase

    __slots__ = ("fame", "idx", "todo")

    def __init__(self) -> None:
        super().__init__()
        self.todo: list[int] = []
        self.idx = 0
        self.fame: list[int] = [0, 0]

    def run(self, s: GameState) -> None:
        if self.phase == PitchInvasionPhase.START:
            self.todo = [p for p in range(len(s.info)) if s.pos[p] >= 0]
            # FAME (with Fan Favourites) as the invasion starts; stunned players stay on the pitch.
            self.fame = [kickoff_fame(s, 0), kickoff_fame(s, 1)]
            self.phase = PitchInvasionPhase.ROLLING
        else:
            p = self.todo[self.idx - 1]
            d = s.die()
            if d != 1 and d + self.fame[other(s.pteam[p])] >= 6:
                s.status[p] = Status.STUNNED
        if self.idx < len(self.todo):
            p = self.todo[self.idx]
            self.idx += 1
            s.request(threshold(6 - self.fame[other(s.pteam[p])], "pitch invasion"))
            return
        s.pop()


