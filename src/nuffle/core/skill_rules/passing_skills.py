"""Passing: pass rolls, interceptions, special passes and bombs; Throw Team-Mate.

Accurate, Strong Arm, Stunty (its pass -1), Nerves of Steel, Disturbing Presence, Extra Arms
and Very Long Legs (interceptions), Safe Throw, Hail Mary Pass, Dump-Off, Pass Block,
Animosity, Bombardier, Throw Team-Mate, Right Stuff, Always Hungry and Swoop.
"""

from __future__ import annotations

from typing import Final

from nuffle.core.actions import Action, ActionChoice, ActionType, LegalActions, Square
from nuffle.core.board import EMPTY
from nuffle.core.characteristics import ag_target
from nuffle.core.decision import DecisionKind as DK
from nuffle.core.dice import Chance, Dice, threshold
from nuffle.core.procedures.action import ACTION_CHOICES, PlayerAction, PlayerActionPhase, skill_action
from nuffle.core.procedures.ball import can_catch, take_off_pitch
from nuffle.core.procedures.base import Phases, Procedure
from nuffle.core.procedures.block import BEFORE_DICE, Block
from nuffle.core.procedures.bomb import Bomb
from nuffle.core.procedures.kick_team_mate import KickTeamMate, kicks
from nuffle.core.procedures.movement import MoveStep
from nuffle.core.procedures.passing import (
    AFTER_INTERCEPTION,
    BOMB,
    DUMP_OFF,
    HAIL_MARY,
    HANDOFF,
    IGNORES_TACKLE_ZONES,
    INTERCEPTION_MODIFIER,
    KEEPS_FUMBLE,
    NEARBY_MODIFIER,
    PASS_DECLARED,
    PASS_MODIFIER,
    TARGET_DECLARED,
    Pass,
    in_lane,
    pass_targets,
)
from nuffle.core.procedures.rolls import PlayerRoll
from nuffle.core.procedures.throw_team_mate import (
    BEFORE_THROW,
    CAN_BE_THROWN,
    FLIGHT,
    ThrowTeamMate,
    ttm_targets,
)
from nuffle.core.procedures.throw_team_mate_bb2020 import ThrowTeamMate2020
from nuffle.core.procedures.turn import DECLARATIONS, Turn, add_player
from nuffle.core.skill_values import animosity_against
from nuffle.core.skills import Skill
from nuffle.core.state import STAT_CAS, GameState
from nuffle.core.types import PF, BallState, RollKind, Status, Weather


def _carries(s: GameState, pid: int) -> bool:
    return s.ball_state == BallState.CARRIED and s.ball == s.pos[pid]


# --- pass and interception modifiers ---------------------------------------------------------


@PASS_MODIFIER.on(Skill.ACCURATE)
def _accurate(s: GameState, thrower: int, band: str) -> int:
    return 1


@PASS_MODIFIER.on(Skill.STRONG_ARM)
def _strong_arm(s: GameState, thrower: int, band: str) -> int:
    return 0 if band == "Q" else 1


@PASS_MODIFIER.on(Skill.STUNTY)
def _stunty_pass(s: GameState, thrower: int, band: str) -> int:
    return -1


@IGNORES_TACKLE_ZONES.on(Skill.NERVES_OF_STEEL)
def _nerves_of_steel(s: GameState, pid: int, kind: RollKind) -> bool:
    return True


@NEARBY_MODIFIER.on(Skill.DISTURBING_PRESENCE)
def _disturbing_presence(s: GameState, source: int, pid: int, kind: RollKind) -> int:
    return -1 if s.board.distance(s.pos[source], s.pos[pid]) <= 3 else 0


@INTERCEPTION_MODIFIER.on(Skill.EXTRA_ARMS, Skill.VERY_LONG_LEGS)
def _long_reach(s: GameState, pid: int) -> int:
    return 1


# --- Safe Throw --------------------------------------------------------------------------------


@AFTER_INTERCEPTION.on(Skill.SAFE_THROW)
def _safe_throw_interception(s: GameState, thrower: int, interceptor: int, throw: int) -> bool:
    if s.has(interceptor, Skill.VERY_LONG_LEGS):
        return False
    # An unmodified Agility roll (it can only help, so it is always made).
    s.push(PlayerRoll(RollKind.SAFE_THROW, thrower, ag_target(s, thrower)))
    return True


@KEEPS_FUMBLE.on(Skill.SAFE_THROW)
def _safe_throw_fumble(s: GameState, thrower: int, die: int, throw: int) -> bool:
    return die != 1 and throw != BOMB


# --- Hail Mary Pass ----------------------------------------------------------------------------


@ACTION_CHOICES.on(Skill.HAIL_MARY_PASS)
def _hail_mary_choices(s: GameState, action: PlayerAction, groups: list[ActionChoice]) -> None:
    pid = action.pid
    if s.weather == Weather.BLIZZARD:
        return
    bomb = action.kind == ActionType.START_BOMB and s.has(pid, Skill.BOMBARDIER)
    if not bomb and (action.kind != ActionType.START_PASS or not _carries(s, pid)):
        return
    b = s.board
    own = b.xy(s.pos[pid])
    squares = tuple((x, y) for y in range(b.height) for x in range(b.width) if (x, y) != own)
    groups.append(ActionChoice(ActionType.HAIL_MARY, (), squares))


@skill_action(ActionType.HAIL_MARY)
def _hail_mary(s: GameState, action: PlayerAction, chosen: Action) -> None:
    assert chosen.square is not None
    action.phase = PlayerActionPhase.FINISHED
    target = s.board.sq(*chosen.square)
    if action.kind == ActionType.START_BOMB:
        s.push(Bomb(action.pid, target, hail_mary=True))  # a Bombardier's Hail Mary bomb
    else:
        s.push(Pass(action.pid, target, HAIL_MARY))


# --- Dump-Off ----------------------------------------------------------------------------------


class DumpOffPhase(Phases):
    """DumpOff: the choice, then the Quick pass."""

    CHOICE: Final = 1


class DumpOff(Procedure):
    """The blocked ball carrier `pid` may first make a Quick pass. Leaves s.ok = True."""

    frame = "dump_off"
    phases = DumpOffPhase

    __slots__ = ("pid",)
    decision_skill = Skill.DUMP_OFF

    def __init__(self, pid: int) -> None:
        super().__init__()
        self.pid = pid

    def run(self, s: GameState) -> None:
        if self.phase == DumpOffPhase.START:
            self.phase = DumpOffPhase.CHOICE
            s.wait(s.pteam[self.pid], DK.DUMP_OFF)
            return
        s.ok = True
        s.pop()

    def legal(self, s: GameState) -> LegalActions:
        return LegalActions(
            [
                ActionChoice(ActionType.DUMP_OFF, (), pass_targets(s, self.pid, "Q")),
                ActionChoice(ActionType.DECLINE),
            ]
        )

    def act(self, s: GameState, action: Action) -> None:
        if action.type == ActionType.DECLINE:
            s.ok = True
            s.pop()
            return
        assert action.square is not None
        s.push(Pass(self.pid, s.board.sq(*action.square), DUMP_OFF))


@BEFORE_DICE.on(Skill.DUMP_OFF)
def _dump_off(s: GameState, block: Block) -> bool:
    dfd = block.defender
    # The point is asked for the attacker's skills too: only the defender's Dump-Off counts,
    # and never before Frenzy's second block.
    if block.asking != dfd or block.second or not _carries(s, dfd):
        return False
    if not pass_targets(s, dfd, "Q"):
        return False
    s.push(DumpOff(dfd))
    return True


# --- Pass Block --------------------------------------------------------------------------------


class PassBlockPhase(Phases):
    """PassBlock: the player's moves one square at a time."""

    MOVING: Final = 1


class PassBlock(Procedure):
    """Player `pid` may move up to 3 squares (no GFI) to end where he can intercept the pass
    from `thrower_sq` to `target`, or with the thrower or the target square in his tackle zone."""

    frame = "pass_block"
    phases = PassBlockPhase

    __slots__ = ("can_intercept", "pid", "steps", "target", "thrower_sq")
    decision_skill = Skill.PASS_BLOCK

    def __init__(self, pid: int, thrower_sq: int, target: int, can_intercept: bool) -> None:
        super().__init__()
        self.pid = pid
        self.thrower_sq = thrower_sq
        self.target = target
        self.can_intercept = can_intercept
        self.steps = 0

    def _ok(self, s: GameState, sq: int) -> bool:
        if sq == self.target:
            return False
        b = s.board
        if b.distance(sq, self.thrower_sq) == 1 or b.distance(sq, self.target) == 1:
            return True
        return self.can_intercept and in_lane(s, self.thrower_sq, self.target, sq)

    def _reaches(self, s: GameState, start: int, left: int) -> bool:
        """Whether a good square is reachable from `start` in `left` more steps."""
        seen = {start}
        frontier = [start]
        for depth in range(left + 1):
            nxt = []
            for sq in frontier:
                if self._ok(s, sq):
                    return True
                if depth == left:
                    continue
                for o in s.board.neighbours:
                    n = sq + o
                    if n not in seen and (s.grid[n] == EMPTY or n == s.pos[self.pid]):
                        seen.add(n)
                        nxt.append(n)
            frontier = nxt
        return False

    def _moves(self, s: GameState) -> tuple[Square, ...]:
        if self.steps >= 3:
            return ()
        here = s.pos[self.pid]
        left = 2 - self.steps
        return tuple(
            s.board.xy(here + o)
            for o in s.board.neighbours
            if s.grid[here + o] == EMPTY and self._reaches(s, here + o, left)
        )

    def run(self, s: GameState) -> None:
        pid = self.pid
        moving = self.phase == PassBlockPhase.MOVING
        if moving and (s.status[pid] != Status.STANDING or s.pos[pid] < 0 or self.steps >= 3):
            s.pop()  # he fell over (no turnover), or has moved his three squares
            return
        self.phase = PassBlockPhase.MOVING
        s.wait(s.pteam[pid], DK.PASS_BLOCK)

    def legal(self, s: GameState) -> LegalActions:
        groups = []
        moves = self._moves(s)
        if moves:
            groups.append(ActionChoice(ActionType.MOVE, (), moves))
        if self.steps == 0:
            groups.append(ActionChoice(ActionType.DECLINE))
        elif self._ok(s, s.pos[self.pid]) or not moves:
            groups.append(ActionChoice(ActionType.END_ACTION))
        return LegalActions(groups)

    def act(self, s: GameState, action: Action) -> None:
        if action.type != ActionType.MOVE:
            s.pop()
            return
        assert action.square is not None
        self.steps += 1
        s.push(MoveStep(self.pid, s.board.sq(*action.square), False))


@PASS_DECLARED.on(Skill.PASS_BLOCK, Skill.ON_THE_BALL)
def _pass_block(s: GameState, throw: Pass, pid: int) -> bool:
    """Pass Block's move; BB2020's On the Ball has it as its Pass Block half."""
    if s.status[pid] != Status.STANDING or s.pflags[pid] & (PF.NO_TZ | PF.ROOTED):
        return False
    if not any(s.grid[s.pos[pid] + o] == EMPTY for o in s.board.neighbours):
        return False
    if any(isinstance(f, Block) and f.attacker == pid for f in s.stack):
        return False  # a Dump-Off before his own block: he stays to block
    thr_sq = s.pos[throw.thrower]
    s.push(PassBlock(pid, thr_sq, throw.target, throw.throw != HAIL_MARY and can_catch(s, pid)))
    return True


# --- Animosity ---------------------------------------------------------------------------------

def race_of(s: GameState, pid: int) -> str:
    """A player's race: his positional's 'race:' roster keyword, else his team's race."""
    for word in s.keywords(pid):
        if word.startswith("race:"):
            return word[5:]
    return s.specs[s.pteam[pid]].race.lower()


_TARGET_TYPE = {
    HANDOFF: ActionType.HANDOFF,
    DUMP_OFF: ActionType.DUMP_OFF,
    HAIL_MARY: ActionType.HAIL_MARY,
}


class AnimosityPhase(Phases):
    """Animosity: the D6."""

    ROLLED: Final = 1


class Animosity(Procedure):
    """D6 after declaring a throw or hand-off to a team-mate his Animosity applies to (LRB6:
    another race; BB2020: those its value names, `skill_values.animosity_against`): on a 1 he
    refuses; he may then only give the ball to a team-mate it does not apply to (without
    moving) or keep it. Leaves s.square = the square to throw to, or -1."""

    frame = "animosity"
    phases = AnimosityPhase

    __slots__ = ("pid", "target", "throw")
    decision_skill = Skill.ANIMOSITY

    def __init__(self, pid: int, target: int, throw: int) -> None:
        super().__init__()
        self.pid = pid
        self.target = target
        self.throw = throw

    def _targets(self, s: GameState) -> tuple[Square, ...]:
        pid = self.pid
        b = s.board
        side = s.pteam[pid]
        race = race_of(s, pid)
        if self.throw == HANDOFF:
            sqs = [s.pos[pid] + o for o in b.neighbours]
        else:
            bands = "Q" if self.throw == DUMP_OFF else None
            if self.throw == HAIL_MARY:
                sqs = [b.sq(x, y) for y in range(b.height) for x in range(b.width)]
            else:
                sqs = [b.sq(x, y) for x, y in pass_targets(s, pid, bands)]
        out = []
        for sq in sqs:
            q = s.grid[sq]
            if (q >= 0 and q != pid and s.pteam[q] == side and can_catch(s, q)
                    and not animosity_against(s, pid, q, race, race_of(s, q))):
                out.append(b.xy(sq))
        return tuple(out)

    def run(self, s: GameState) -> None:
        if self.phase == AnimosityPhase.START:
            self.phase = AnimosityPhase.ROLLED
            s.push(PlayerRoll(RollKind.ANIMOSITY, self.pid, 2, agility=False))
            return
        if s.ok:
            s.square = self.target
            s.pop()
            return
        if not self._targets(s):
            s.square = -1
            s.pop()
            return
        s.wait(s.pteam[self.pid], DK.ANIMOSITY_TARGET)

    def legal(self, s: GameState) -> LegalActions:
        t = _TARGET_TYPE.get(self.throw, ActionType.PASS)
        return LegalActions([ActionChoice(t, (), self._targets(s)), ActionChoice(ActionType.DECLINE)])

    def act(self, s: GameState, action: Action) -> None:
        s.square = -1 if action.square is None else s.board.sq(*action.square)
        s.pop()


@TARGET_DECLARED.on(Skill.ANIMOSITY)
def _animosity(s: GameState, giver: int, target: int, throw: int) -> bool:
    q = s.grid[target]
    if q < 0 or q == giver or s.pteam[q] != s.pteam[giver]:
        return False
    if not animosity_against(s, giver, q, race_of(s, giver), race_of(s, q)):
        return False
    s.push(Animosity(giver, target, throw))
    return True


# --- Bombardier --------------------------------------------------------------------------------


@DECLARATIONS.on(Skill.BOMBARDIER)
def _bombardier_declaration(
    s: GameState, turn: Turn, pid: int, groups: list[ActionChoice]
) -> list[ActionChoice]:
    if s.status[pid] != Status.STANDING:  # no standing up before lighting the fuse
        return groups
    return add_player(groups, ActionType.START_BOMB, pid)


@ACTION_CHOICES.on(Skill.BOMBARDIER)
def _bomb_choices(s: GameState, action: PlayerAction, groups: list[ActionChoice]) -> None:
    if action.kind != ActionType.START_BOMB:
        return
    squares = pass_targets(s, action.pid)
    if squares:
        groups.append(ActionChoice(ActionType.BOMB, (), squares))


@skill_action(ActionType.BOMB)
def _bomb(s: GameState, action: PlayerAction, chosen: Action) -> None:
    assert chosen.square is not None
    action.phase = PlayerActionPhase.FINISHED
    s.push(Bomb(action.pid, s.board.sq(*chosen.square)))


# --- Throw Team-Mate, Right Stuff, Always Hungry ---------------------------------------------


def _throwable(s: GameState, thrower: int, q: int) -> bool:
    return (
        q != thrower
        and s.pteam[q] == s.pteam[thrower]
        and s.status[q] == Status.STANDING
        and CAN_BE_THROWN.any(s.info[q].skills, s, thrower, q)
    )


@DECLARATIONS.on(Skill.THROW_TEAM_MATE)
def _ttm_declaration(
    s: GameState, turn: Turn, pid: int, groups: list[ActionChoice]
) -> list[ActionChoice]:
    return groups if s.teams[s.pteam[pid]].pass_used else add_thrower(s, pid, groups)


def add_thrower(s: GameState, pid: int, groups: list[ActionChoice]) -> list[ActionChoice]:
    """`groups` with `pid` declaring the Throw Team-mate action (his allowance checked by the
    caller: the Pass, or BB2020's Kick Team-mate's own) when a standing team-mate may be
    thrown; its group goes after START_PASS. C++: turn_skills.hpp `lrb6_turn::add_thrower`."""
    if not any(_throwable(s, pid, q) for q in CAN_BE_THROWN.holders(s.info)):
        return groups
    t = ActionType.START_THROW_TEAM_MATE
    for i, g in enumerate(groups):
        if g.type == t:
            groups[i] = ActionChoice(t, tuple(sorted((*g.players, pid))))
            return groups
    at = next((i + 1 for i, g in enumerate(groups) if g.type == ActionType.START_PASS), len(groups) - 1)
    groups.insert(at, ActionChoice(t, (pid,)))
    return groups


@ACTION_CHOICES.on(Skill.THROW_TEAM_MATE)
def _ttm_choices(s: GameState, action: PlayerAction, groups: list[ActionChoice]) -> None:
    if action.kind != ActionType.START_THROW_TEAM_MATE:
        return
    pid = action.pid
    for q in s.adjacent_players(s.pos[pid]):
        if _throwable(s, pid, q):
            squares = ttm_targets(s, pid)
            if squares:
                groups.append(ActionChoice(ActionType.THROW_TEAM_MATE, (q,), squares))


@skill_action(ActionType.THROW_TEAM_MATE)
def _throw_team_mate(s: GameState, action: PlayerAction, chosen: Action) -> None:
    assert chosen.square is not None and chosen.player is not None
    action.phase = PlayerActionPhase.FINISHED
    if kicks(s, action.pid):  # BB2020's Kick Team-mate, declared as this action
        s.push(KickTeamMate(action.pid, chosen.player))
        return
    ttm = ThrowTeamMate2020 if s.rules.throw_team_mate == "bb2020" else ThrowTeamMate
    s.push(ttm(action.pid, chosen.player, s.board.sq(*chosen.square)))


@CAN_BE_THROWN.on(Skill.RIGHT_STUFF)
def _right_stuff(s: GameState, thrower: int, pid: int) -> bool:
    return True


class AlwaysHungryPhase(Phases):
    """AlwaysHungry: the D6, then on a 1 the second D6."""

    ROLLED: Final = 1
    SECOND_ROLLED: Final = 2
    EATEN: Final = 3


class AlwaysHungry(Procedure):
    """Before the throw: 2+ throws normally; on a 1, a second D6: 1 eats the team-mate (a
    casualty and a turnover; a ball he held bounces), 2-6 he squirms free (a fumbled throw).
    Leaves s.ok = True to throw."""

    frame = "always_hungry"
    phases = AlwaysHungryPhase

    __slots__ = ("thrower", "thrown")

    def __init__(self, thrower: int, thrown: int) -> None:
        super().__init__()
        self.thrower = thrower
        self.thrown = thrown

    def run(self, s: GameState) -> None:
        if self.phase == AlwaysHungryPhase.START:
            self.phase = AlwaysHungryPhase.ROLLED
            s.push(PlayerRoll(RollKind.ALWAYS_HUNGRY, self.thrower, 2, agility=False))
            return
        if self.phase == AlwaysHungryPhase.ROLLED:
            if s.ok:
                s.pop()
                return
            self.phase = AlwaysHungryPhase.SECOND_ROLLED
            s.request(threshold(2, "always hungry"))
            return
        if self.phase == AlwaysHungryPhase.SECOND_ROLLED and s.die() == 1:
            tm = self.thrown
            s.add_stat(1 - s.pteam[tm], STAT_CAS)
            s.turnover = True
            self.phase = AlwaysHungryPhase.EATEN
            if take_off_pitch(s, tm, Status.CASUALTY):
                return
        s.ok = False
        s.pop()


@BEFORE_THROW.on(Skill.ALWAYS_HUNGRY)
def _always_hungry(s: GameState, throw: ThrowTeamMate) -> bool:
    s.push(AlwaysHungry(throw.thrower, throw.thrown))
    return True


# --- Swoop -------------------------------------------------------------------------------------


class SwoopPhase(Phases):
    """Swoop: the template's aim, the direction die, the distance die."""

    AIM: Final = 1
    DIRECTION_ROLLED: Final = 2
    DISTANCE_ROLLED: Final = 3


class Swoop(Procedure):
    """A thrown Swoop player: his coach aims the throw-in template from the target square
    (SELECT_SQUARE: the pitch-edge square straight ahead in the chosen direction), a D6 gives
    the direction and he moves D3 squares. Leaves s.square = the square he comes down on
    (off the pitch: the crowd) and s.last_square = the last on-pitch square."""

    frame = "swoop"
    phases = SwoopPhase

    __slots__ = ("direction", "facing", "pid", "start")
    decision_skill = Skill.SWOOP

    def __init__(self, pid: int, start: int) -> None:
        super().__init__()
        self.pid = pid
        self.start = start
        self.facing = (0, 0)
        self.direction = (0, 0)

    def _edges(self, s: GameState) -> tuple[Square, ...]:
        b = s.board
        x, y = b.xy(self.start)
        out = []
        for sq in ((x, 0), (x, b.height - 1), (0, y), (b.width - 1, y)):
            if sq != (x, y) and sq not in out:
                out.append(sq)
        return tuple(out)

    def run(self, s: GameState) -> None:
        if self.phase == SwoopPhase.START:
            self.phase = SwoopPhase.AIM
            s.wait(s.pteam[self.pid], DK.SWOOP)
            return
        if self.phase == SwoopPhase.DIRECTION_ROLLED:
            fx, fy = self.facing
            px, py = fy, -fx  # the template's first diagonal leans this way
            third = (s.die() - 1) // 2
            self.direction = ((fx + px, fy + py), (fx, fy), (fx - px, fy - py))[third]
            self.phase = SwoopPhase.DISTANCE_ROLLED
            s.request(Chance(Dice.D3, 1, "swoop distance"))
            return
        b = s.board
        dx, dy = self.direction
        x, y = b.xy(self.start)
        last = self.start
        for _ in range(s.die()):
            x, y = x + dx, y + dy
            if not b.is_on(x, y):
                s.square = b.sq(x, y)
                s.last_square = last
                s.pop()
                return
            last = b.sq(x, y)
        s.square = last
        s.last_square = last
        s.pop()

    def legal(self, s: GameState) -> LegalActions:
        return LegalActions([ActionChoice(ActionType.SELECT_SQUARE, (), self._edges(s))])

    def act(self, s: GameState, action: Action) -> None:
        assert action.square is not None
        x, y = s.board.xy(self.start)
        ex, ey = action.square
        if ex == x:
            self.facing = (0, 1 if ey > y else -1)
        else:
            self.facing = (1 if ex > x else -1, 0)
        self.phase = SwoopPhase.DIRECTION_ROLLED
        s.request(Chance(Dice.D6, 1, "swoop direction"))


@FLIGHT.on(Skill.SWOOP)
def _swoop(s: GameState, throw: ThrowTeamMate) -> bool:
    s.push(Swoop(throw.thrown, throw.spot))  # LRB6: the target; BB2020: where the scatter starts
    return True


