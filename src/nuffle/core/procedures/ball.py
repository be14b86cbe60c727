"""The loose ball: landing, catching, picking up, bouncing, throw-ins and touchdowns."""

from __future__ import annotations

from typing import Final

from nuffle.core.characteristics import ag_target
from nuffle.core.dice import GROUP_SUM, Chance, Dice, total
from nuffle.core.hooks import Point
from nuffle.core.procedures.base import Phases, Procedure
from nuffle.core.procedures.marking import test_zones
from nuffle.core.procedures.rolls import PlayerRoll
from nuffle.core.state import PSTAT_TOUCHDOWNS, STAT_TD, GameState
from nuffle.core.types import (
    BOUNCE_IN_PLAY,
    BOUNCE_OUT,
    BOUNCE_TOUCHBACK,
    PF,
    BallState,
    Event,
    RollKind,
    Status,
    Weather,
    other,
)

_THROW_IN_DIE = {"D3": Dice.D3, "D6": Dice.D6, "2D6": Dice.TWO_D6}

NO_HANDLING: Point[[GameState, int], bool] = Point(
    "ball.no_handling",
    "fn(s, pid) -> bool: the player may never pick up, catch, intercept or carry the ball "
    "(No Hands); entering the ball's square is then a failed pick-up",
)
PICKUP_MODIFIER: Point[[GameState, int, int], int] = Point(
    "ball.pickup_modifier",
    "fn(s, pid, tz: int) -> int: added to the pick-up roll of `pid` on his square, where `tz` "
    "opposing tackle zones count -1 each (Big Hand, Extra Arms)",
)
CATCH_MODIFIER: Point[[GameState, int, int, bool], int] = Point(
    "ball.catch_modifier",
    "fn(s, pid, tz: int, accurate: bool) -> int: added to the catch roll of `pid`, where `tz` "
    "opposing tackle zones count -1 each and `accurate` says the ball is an accurate pass "
    "aimed at his square (Nerves of Steel, Extra Arms, Diving Catch)",
)
OPPONENT_CATCH_MODIFIER: Point[[GameState, int, int], int] = Point(
    "ball.opponent_catch_modifier",
    "fn(s, opp, pid) -> int: added to the catch roll of `pid` because of opposing player `opp` "
    "on the pitch (Disturbing Presence)",
)
LANDING_NEARBY: Point[[GameState, int, int, bool], Procedure | None] = Point(
    "ball.landing_nearby",
    "fn(s, pid, sq, kickoff: bool) -> Procedure | None: a ball arriving from the air (pass, "
    "kick-off, throw-in; never a bounce) lands on the empty square `sq` next to `pid`: the "
    "procedure through which `pid` may act on it instead of the bounce (Diving Catch), or None. "
    "When two or more players qualify, none acts",
)


def can_handle_ball(s: GameState, pid: int) -> bool:
    """Whether a player may ever pick up, catch, intercept or carry the ball (not No Hands)."""
    return not NO_HANDLING.any(s.info[pid].skills, s, pid)


def can_catch(s: GameState, pid: int) -> bool:
    """Whether a player may catch (standing, with a tackle zone, able to handle the ball)."""
    return (
        s.status[pid] == Status.STANDING
        and not s.pflags[pid] & PF.NO_TZ
        and can_handle_ball(s, pid)
    )


def check_touchdown(s: GameState, pid: int) -> bool:
    """Score if `pid` stands holding the ball in the end zone he attacks."""
    if s.ball_state != BallState.CARRIED or s.grid[s.ball] != pid:
        return False
    if s.status[pid] != Status.STANDING or s.pflags[pid] & PF.MUST_FEED:
        return False  # a Vampire who must feed scores only once he has fed (Blood Lust)
    side = s.pteam[pid]
    if s.board.scoring_side_at(s.pos[pid]) != side:
        return False
    s.teams[side].score += 1
    s.add_stat(side, STAT_TD)
    s.add_pstat(pid, PSTAT_TOUCHDOWNS)
    s.note(Event.SCORE, pid, s.pos[pid])
    s.touchdown = side
    if s.active >= 0 and s.active != side:
        # A touchdown in the opponent's turn spends the scorer's next turn.
        t = s.teams[side]
        t.turn = min(s.board.variant.turns_per_half, t.turn + 1)
    return True


def pickup_modifier(tackle_zones: int, weather: int, base: int = 1) -> int:
    """Pick-up modifier without skills: the ruleset's `base` (LRB6 +1, BB2020 0), -1 per opposing
    tackle zone, -1 in Pouring Rain."""
    return base - tackle_zones - (1 if weather == Weather.POURING_RAIN else 0)


def pickup_roll_modifier(s: GameState, pid: int) -> int:
    """The whole pick-up modifier of `pid` on his square, skills included."""
    tz = test_zones(s, pid, s.pos[pid])
    mod = pickup_modifier(tz, s.weather, s.rules.pickup_base)
    skills = s.info[pid].skills
    if PICKUP_MODIFIER.fns(skills):
        mod += PICKUP_MODIFIER.total(skills, s, pid, tz)
    return mod


def catch_modifier(s: GameState, pid: int, bonus: int, accurate: bool = False) -> int:
    """Catch-roll modifier: `bonus` (1 for an accurate pass / hand-off, else 0) plus the ruleset's
    base (LRB6 0: +1 for those; BB2020 -1: 0 for those, -1 for any other ball), tackle zones,
    rain, skills of the catcher (`accurate`: an accurate pass aimed at his square) and of his
    opponents."""
    tz = test_zones(s, pid, s.pos[pid])
    mod = bonus + s.rules.catch_base - tz
    if s.weather == Weather.POURING_RAIN:
        mod -= 1
    skills = s.info[pid].skills
    if CATCH_MODIFIER.fns(skills):
        mod += CATCH_MODIFIER.total(skills, s, pid, tz, accurate)
    side = s.pteam[pid]
    for opp in s.team_players(1 - side):
        if s.pos[opp] >= 0 and OPPONENT_CATCH_MODIFIER.fns(s.info[opp].skills):
            mod += OPPONENT_CATCH_MODIFIER.total(s.info[opp].skills, s, opp, pid)
    return mod


def land_ball(s: GameState, sq: int, bonus: int, kickoff: bool = False) -> None:
    """The ball arrives on `sq` from the air (a pass, a kick-off or a throw-in): a catch if
    someone can, otherwise a bounce. `bonus` is +1 only for an accurate pass aimed at `sq`.

    On an empty square, a single player next to it with a skill at `LANDING_NEARBY` (Diving
    Catch) may act on the ball instead; two or more such players cancel each other out.
    """
    s.note(Event.LAND, -1, sq, kickoff)
    s.ball = sq
    s.ball_state = BallState.ON_GROUND
    pid = s.grid[sq]
    if pid >= 0:
        if can_catch(s, pid):
            s.push(Catch(pid, bonus, kickoff, accurate=bonus > 0))
            return
    else:
        found = None
        count = 0
        grid = s.grid
        for off in s.board.neighbours:
            q = grid[sq + off]
            if q >= 0 and LANDING_NEARBY.fns(s.info[q].skills):
                proc = LANDING_NEARBY.first(s.info[q].skills, s, q, sq, kickoff)
                if proc is not None:
                    found = proc
                    count += 1
        if count == 1:
            assert found is not None
            s.ball_state = BallState.IN_AIR
            s.push(found)
            return
    s.push(Bounce(sq, kickoff))


class CatchPhase(Phases):
    """Catch: the catch roll, then the catch or the bounce."""

    ROLLED: Final = 1


class Catch(Procedure):
    """A catch roll; on failure the ball bounces from the catcher's square."""

    frame = "catch"
    phases = CatchPhase

    __slots__ = ("accurate", "bonus", "kickoff", "pid")

    def __init__(self, pid: int, bonus: int = 0, kickoff: bool = False, accurate: bool = False) -> None:
        super().__init__()
        self.pid = pid
        self.bonus = bonus
        self.kickoff = kickoff
        self.accurate = accurate  # an accurate pass aimed at the catcher's square

    def run(self, s: GameState) -> None:
        pid = self.pid
        if self.phase == CatchPhase.START:
            self.phase = CatchPhase.ROLLED
            s.ball = s.pos[pid]
            s.ball_state = BallState.IN_AIR  # arriving: in the air until caught or dropped
            target = ag_target(s, pid)
            mod = catch_modifier(s, pid, self.bonus, self.accurate)
            s.push(PlayerRoll(RollKind.CATCH, pid, target, mod))
            return
        if self.phase == CatchPhase.ROLLED:
            s.note(Event.CATCH, pid, s.pos[pid], s.ok)
            if s.ok:
                s.ball = s.pos[pid]
                s.ball_state = BallState.CARRIED
                check_touchdown(s, pid)
                s.pop()
                return
            # Dropped: the bounce replaces the catch (a tail call), so a ball bouncing between
            # players repeats earlier positions exactly instead of growing the stack.
            s.ball_state = BallState.ON_GROUND
            s.pop()
            s.push(Bounce(s.pos[pid], self.kickoff))
            return
        s.pop()


class PickupPhase(Phases):
    """Pickup: the pick-up roll; on a failure the turnover and the bounce."""

    ROLLED: Final = 1
    FAILED: Final = 2
    BOUNCED: Final = 3


class Pickup(Procedure):
    """A pick-up roll by a player who moved onto the ball; failure bounces and turns over."""

    frame = "pickup"
    phases = PickupPhase

    __slots__ = ("pid",)

    def __init__(self, pid: int) -> None:
        super().__init__()
        self.pid = pid

    def run(self, s: GameState) -> None:
        pid = self.pid
        if self.phase == PickupPhase.START:
            if not can_handle_ball(s, pid):
                s.note(Event.PICK_UP, pid, s.pos[pid], False)
                self.phase = PickupPhase.FAILED
                s.ok = False
            else:
                self.phase = PickupPhase.ROLLED
                target = ag_target(s, pid)
                s.push(PlayerRoll(RollKind.PICKUP, pid, target, pickup_roll_modifier(s, pid)))
                return
        if self.phase == PickupPhase.ROLLED:
            s.note(Event.PICK_UP, pid, s.pos[pid], s.ok)
            if s.ok:
                s.ball_state = BallState.CARRIED
                check_touchdown(s, pid)
                s.pop()
                return
            self.phase = PickupPhase.FAILED
        if self.phase == PickupPhase.FAILED:
            if s.pteam[pid] == s.active:
                s.turnover = True
            self.phase = PickupPhase.BOUNCED
            s.push(Bounce(s.pos[pid]))
            return
        s.pop()


class BouncePhase(Phases):
    """Bounce: the D8 (again while the ball bounces off players who cannot catch)."""

    ROLLED: Final = 1
    DONE: Final = 2


class Bounce(Procedure):
    """The ball bounces one square (D8) from `sq`; off the pitch it is thrown in.

    During a kick-off, leaving the pitch or the receiving half is a touchback instead: the
    ball is taken out of play (`BallState.NONE`) for the kick-off to award it.
    """

    frame = "bounce"
    phases = BouncePhase

    __slots__ = ("kickoff", "sq")

    def __init__(self, sq: int, kickoff: bool = False) -> None:
        super().__init__()
        self.sq = sq
        self.kickoff = kickoff

    def run(self, s: GameState) -> None:
        if self.phase == BouncePhase.START:
            self.phase = BouncePhase.ROLLED
            s.request(Chance(Dice.D8, 1, "bounce"))
            return
        if self.phase == BouncePhase.DONE:
            s.pop()
            return
        b = s.board
        dx, dy = s.rules.scatter[s.die()]
        x, y = b.xy(self.sq)
        nx, ny = x + dx, y + dy
        new = b.sq(nx, ny)
        on = b.is_on(nx, ny)
        if self.kickoff and (not on or new not in b.own_half(other(s.kicking))):
            s.note(Event.BOUNCE, -1, new if on else -1, BOUNCE_TOUCHBACK)
            s.ball = -1
            s.ball_state = BallState.NONE
            s.pop()
            return
        if not on:
            s.note(Event.BOUNCE, -1, -1, BOUNCE_OUT)
            s.ball = self.sq
            s.ball_state = BallState.ON_GROUND
            s.pop()
            s.push(ThrowIn(self.sq, new))
            return
        s.note(Event.BOUNCE, -1, new, BOUNCE_IN_PLAY)
        s.ball = new
        s.ball_state = BallState.ON_GROUND
        pid = s.grid[new]
        if pid < 0:
            s.pop()
            return
        if can_catch(s, pid):
            s.pop()  # tail call: the catch replaces the bounce
            s.push(Catch(pid, 0, self.kickoff))
            return
        self.sq = new  # bounces again off a player who cannot catch
        self.phase = BouncePhase.ROLLED
        s.request(Chance(Dice.D8, 1, "bounce"))


def throw_in_direction(s: GameState, last: int, out: int, d6: int) -> tuple[int, int]:
    """Direction of a throw-in from `last` after the ball went out at `out` (corner: end line)."""
    b = s.board
    ox, oy = b.xy(out)
    third = (d6 - 1) // 2  # 0: first diagonal, 1: straight, 2: other diagonal
    if ox < 0:
        return ((1, -1), (1, 0), (1, 1))[third]
    if ox >= b.width:
        return ((-1, 1), (-1, 0), (-1, -1))[third]
    if oy < 0:
        return ((1, 1), (0, 1), (-1, 1))[third]
    return ((-1, -1), (0, -1), (1, -1))[third]


class ThrowInPhase(Phases):
    """ThrowIn: the direction die, then the distance dice."""

    DIRECTION: Final = 1
    DISTANCE: Final = 2
    DONE: Final = 3


class ThrowIn(Procedure):
    """The crowd throws the ball back in from `last`, the last on-pitch square it was on."""

    frame = "throw_in"
    phases = ThrowInPhase

    __slots__ = ("direction", "last", "out")

    def __init__(self, last: int, out: int) -> None:
        super().__init__()
        self.last = last
        self.out = out
        self.direction = (0, 0)

    def run(self, s: GameState) -> None:
        if self.phase == ThrowInPhase.START:
            self.phase = ThrowInPhase.DIRECTION
            s.request(Chance(Dice.D6, 1, "throw-in direction"))
            return
        if self.phase == ThrowInPhase.DIRECTION:
            self.direction = throw_in_direction(s, self.last, self.out, s.die())
            self.phase = ThrowInPhase.DISTANCE
            kind = _THROW_IN_DIE[s.board.variant.throw_in]
            s.request(Chance(kind, 1, "throw-in distance", GROUP_SUM))
            return
        if self.phase == ThrowInPhase.DONE:
            s.pop()
            return
        dist = total(s.outcome)
        b = s.board
        x, y = b.xy(self.last)
        dx, dy = self.direction
        lx, ly = x, y
        for _ in range(dist):
            nx, ny = lx + dx, ly + dy
            if not b.is_on(nx, ny):
                self.last = b.sq(lx, ly)
                self.out = b.sq(nx, ny)
                s.ball = self.last
                self.phase = ThrowInPhase.DIRECTION
                s.request(Chance(Dice.D6, 1, "throw-in direction"))
                return
            lx, ly = nx, ny
        s.pop()  # tail call: the landing replaces the throw-in
        land_ball(s, b.sq(lx, ly), 0)


def take_off_pitch(s: GameState, pid: int, status: int) -> bool:
    """Remove `pid` from the pitch with `status`; a ball he held bounces from his square.
    True if that bounce was pushed (the caller waits for it)."""
    sq = s.pos[pid]
    held = s.ball_state == BallState.CARRIED and s.ball == sq
    s.remove(pid, status)
    if held:
        s.ball_state = BallState.ON_GROUND
        s.push(Bounce(sq))
    return held


def drop_ball_if_carried(s: GameState, pid: int) -> bool:
    """If `pid` holds the ball, drop it on his square; True if a bounce is now due."""
    if s.ball_state == BallState.CARRIED and s.ball == s.pos[pid]:
        s.ball_state = BallState.ON_GROUND
        return True
    return s.ball_state == BallState.ON_GROUND and s.ball == s.pos[pid]
