"""A player action (Move, Block, Blitz, Pass, Hand-off, Foul, Throw Team-Mate) step by step."""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from nuffle.core.actions import Action, ActionChoice, ActionType, LegalActions, Square
from nuffle.core.decision import Decision
from nuffle.core.decision import DecisionKind as DK
from nuffle.core.errors import InputError
from nuffle.core.hooks import Point
from nuffle.core.paths import Path, PathSearch, search
from nuffle.core.procedures.ball import can_catch
from nuffle.core.procedures.base import Phases, Procedure
from nuffle.core.procedures.block import Block
from nuffle.core.procedures.foul import MOVES_ON, Foul
from nuffle.core.procedures.jump import jump_choices
from nuffle.core.procedures.movement import MoveStep, max_gfi, stand_up_cost
from nuffle.core.procedures.passing import Handoff, Pass, band_between, pass_targets
from nuffle.core.procedures.rolls import PlayerRoll
from nuffle.core.skills import Skill
from nuffle.core.state import GameState
from nuffle.core.types import PF, BallState, Event, RollKind, Status

# Enum members the hot code reads, bound once as module globals: on Python 3.11 reading a
# member off its enum class costs about ten times a global (the enum metaclass's
# `__getattr__` hook slows every attribute read on the class).
_BLOCK: Final = ActionType.BLOCK
_END_ACTION: Final = ActionType.END_ACTION
_FOUL: Final = ActionType.FOUL
_HANDOFF: Final = ActionType.HANDOFF
_MOVE: Final = ActionType.MOVE
_PASS: Final = ActionType.PASS
_START_BLITZ: Final = ActionType.START_BLITZ
_START_BLOCK: Final = ActionType.START_BLOCK
_START_FOUL: Final = ActionType.START_FOUL
_START_HANDOFF: Final = ActionType.START_HANDOFF
_START_PASS: Final = ActionType.START_PASS
_START_THROW_TEAM_MATE: Final = ActionType.START_THROW_TEAM_MATE


def _KICKS(skills: frozenset[Skill]) -> bool:
    """Whether a Throw Team-mate action of a player with `skills` is a kick (kick_team_mate.kicks)."""
    return Skill.KICK_TEAM_MATE in skills and Skill.THROW_TEAM_MATE not in skills


_BALL_CARRIED: Final = BallState.CARRIED
_EV_STAND_UP: Final = Event.STAND_UP
_PRONE: Final = Status.PRONE
_STANDING: Final = Status.STANDING
_STUNNED: Final = Status.STUNNED

AFTER_DECLARE: Point[[GameState, PlayerAction], bool] = Point(
    "action.after_declare",
    "fn(s, action: PlayerAction) -> bool: a roll right after the declaration (Bone-head, Wild "
    "Animal, ...). Return True after pushing a procedure that leaves s.ok = True (the action goes "
    "on) or False (it is lost). The first handler to return True is the only one that runs",
)
ACTION_CHOICES: Point[[GameState, PlayerAction, list[ActionChoice]], None] = Point(
    "action.choices",
    "fn(s, action: PlayerAction, groups: list[ActionChoice]) -> None: add the skill's own "
    "choices (Leap, Stab, ...) to the acting player's legal actions",
)
ACTION_END: Point[[GameState, PlayerAction, int], bool] = Point(
    "action.end",
    "fn(s, action: PlayerAction, then: int) -> bool: the acting player's action is ending "
    "(then = -1), or is about to finish with a pass or hand-off (then = that ActionType), so "
    "what must happen 'at the end of the action' happens now (Blood Lust's feeding). Return "
    "True after pushing a procedure that leaves s.ok = True (the pass or hand-off may go on) or "
    "False (it may not). The first handler to return True is the only one that runs",
)
STAND_UP_ROLL: Point[[GameState, PlayerAction], bool] = Point(
    "action.stand_up_roll",
    "fn(s, action: PlayerAction) -> bool: a roll the prone player must pass to stand up for this "
    "action (Jump Up, for a Block declared while prone). Return True after pushing a procedure "
    "that leaves s.ok = True (he stands; standing costs STAND_UP_COST) or False (he stays prone, "
    "the action ends, no turnover). The first handler to return True is the only one that runs",
)
PASS_MOVES_ON: Point[[GameState, int, str], bool] = Point(
    "action.pass_moves_on",
    "fn(s, pid, band: str) -> bool: asked for the thrower's skills as his Pass action's pass "
    "of range band `band` is thrown; True: once it is resolved (not a fumble he kept, no "
    "turnover) the action goes on with the MA he has left (Running Pass)",
)
SKILL_ACTIONS: dict[ActionType, Callable[[GameState, PlayerAction, Action], None]] = {}


def skill_action(t: ActionType) -> Callable[[Callable[..., None]], Callable[..., None]]:
    """Decorator: `fn(s, action: PlayerAction, chosen: Action)` carries out a skill's action
    type `t` (listed by an ACTION_CHOICES handler) inside a player action."""

    def register(fn: Callable[..., None]) -> Callable[..., None]:
        if t in SKILL_ACTIONS:
            raise InputError(f"{t.name} already has a skill action")
        SKILL_ACTIONS[t] = fn
        return fn

    return register


class PlayerActionPhase(Phases):
    """PlayerAction: declared, standing up, moving step by step, then the finishing step and the
    action's end."""

    DECLARED: Final = 1
    STAND_UP: Final = 2
    STAND_UP_ROLLED: Final = 3
    MOVING: Final = 4
    FINISHED: Final = 5  # a skill's finishing step (block, pass, ...) hands back here: the action ends
    ENDED: Final = 6
    BEFORE_THROW: Final = 7
    BLITZ_BLOCKED: Final = 8
    STEPPED: Final = 9  # a skill's movement step hands back here: the action goes on
    PASSED: Final = 10  # a pass after which the thrower may move on (PASS_MOVES_ON) has resolved
    FOULED: Final = 11  # the foul has resolved: the action ends, or he moves on (foul.MOVES_ON)
class PlayerAction(Procedure):
    """The declared action `kind` (a START_* type) of player `pid`."""

    frame = "player_action"
    phases = PlayerActionPhase

    __slots__ = ("blocked", "kind", "moves", "path", "pid", "then", "then_sq")

    def __init__(self, pid: int, kind: ActionType) -> None:
        super().__init__()
        self.pid = pid
        self.kind = kind
        self.moves = 0
        self.blocked = False
        # Assisted moves: squares still to walk, then the action to finish with (or -1).
        self.path: list[int] = []
        self.then = -1
        self.then_sq = -1

    # --- automatic part -------------------------------------------------------------------

    def run(self, s: GameState) -> None:
        pid = self.pid
        ph = self.phase
        if ph == PlayerActionPhase.START:
            # Hypnosis ends as his next action starts; a root ended when he was knocked down.
            s.pflags[pid] = (s.pflags[pid] | PF.USED | PF.PLAYED) & ~PF.HYPNOTISED
            if s.status[pid] != _STANDING:
                s.pflags[pid] &= ~PF.ROOTED
            t = s.teams[s.pteam[pid]]
            kind = self.kind
            if kind == _START_BLITZ:
                t.blitz_used = True
            elif kind == _START_THROW_TEAM_MATE and _KICKS(s.info[pid].skills):
                t.ktm_used = True  # BB2020's Kick Team-mate: its own allowance (RULES §7.2)
            elif kind in (_START_PASS, _START_THROW_TEAM_MATE):
                t.pass_used = True
            elif kind == _START_HANDOFF:
                t.handoff_used = True
            elif kind == _START_FOUL:
                t.foul_used = True
            self.phase = PlayerActionPhase.DECLARED
            if AFTER_DECLARE.fire(s.info[pid].skills, s, self):
                return
            self.phase = PlayerActionPhase.STAND_UP
        elif ph == PlayerActionPhase.DECLARED:
            if not s.ok:
                s.pop()
                return
            self.phase = PlayerActionPhase.STAND_UP
        elif ph == PlayerActionPhase.BLITZ_BLOCKED:  # a Blitz block returned the extra squares it used
            self.moves += s.extra_moves
            self.phase = PlayerActionPhase.MOVING
        elif ph == PlayerActionPhase.PASSED:  # he moves on, unless he kept a fumbled ball
            kept = s.ball_state == _BALL_CARRIED and s.ball == s.pos[pid]
            self.phase = PlayerActionPhase.FINISHED if kept else PlayerActionPhase.MOVING
        elif ph == PlayerActionPhase.FOULED:
            skills = s.info[pid].skills
            if (s.turnover or s.status[pid] != _STANDING or s.touchdown >= 0
                    or not MOVES_ON.any(skills, s, pid)):
                self._end(s)
                return
            self.blocked = True  # the foul is made: he moves on, no second foul
            self.phase = PlayerActionPhase.MOVING
        if self.phase == PlayerActionPhase.STAND_UP:
            self.phase = PlayerActionPhase.MOVING
            if s.status[pid] == _PRONE:
                skills = s.info[pid].skills
                cost = stand_up_cost(s, pid, self)
                ma = s.info[pid].ma
                self.moves = min(cost, ma)
                if STAND_UP_ROLL.fns(skills) and STAND_UP_ROLL.fire(skills, s, self):
                    self.phase = PlayerActionPhase.STAND_UP_ROLLED
                    return
                if cost > ma:
                    self.phase = PlayerActionPhase.STAND_UP_ROLLED
                    s.push(PlayerRoll(RollKind.STAND_UP, pid, 4, agility=False))
                    return
                s.status[pid] = _STANDING
                s.note(_EV_STAND_UP, pid, s.pos[pid])
        elif self.phase == PlayerActionPhase.STAND_UP_ROLLED:
            s.note(_EV_STAND_UP, pid, s.pos[pid], s.ok)
            if not s.ok:
                self._end(s)
                return
            s.status[pid] = _STANDING
            self.phase = PlayerActionPhase.MOVING
        elif self.phase == PlayerActionPhase.STEPPED:  # s.ok is False if a reaction ended the action
            if not s.ok:
                self._end(s)
                return
            self.phase = PlayerActionPhase.MOVING
        if self.phase == PlayerActionPhase.MOVING:
            if s.turnover or s.touchdown >= 0 or s.status[pid] != _STANDING:
                self._end(s)
                return
            if self.path or self.then >= 0:
                self._walk(s)
                return
            s.wait(s.pteam[pid], DK.MOVE)
            return
        if self.phase == PlayerActionPhase.BEFORE_THROW:  # ACTION_END ran before a pass or hand-off
            then = ActionType(self.then)
            self.then = -1
            # a hand-off needs its receiver still there (a bitten Thrall may be gone)
            gone = then == _HANDOFF and s.grid[self.then_sq] < 0
            if s.ok and not s.turnover and s.status[pid] == _STANDING and s.touchdown < 0 and not gone:
                self._finish_with(s, then, self.then_sq)
            else:
                self._end(s)
            return
        if self.phase == PlayerActionPhase.FINISHED:  # a finishing step (block, pass, ...) has resolved
            self._end(s)
            return
        s.pop()  # ENDED: ACTION_END has run

    def _end(self, s: GameState) -> None:
        """End the action, after what must happen at its end (ACTION_END)."""
        self.phase = PlayerActionPhase.ENDED
        skills = s.info[self.pid].skills
        if ACTION_END.fns(skills) and ACTION_END.fire(skills, s, self, -1):
            return
        s.pop()

    def _walk(self, s: GameState) -> None:
        """Take the next step of an assisted path, or finish with the planned action."""
        if self.path:
            nxt = self.path.pop(0)
            if s.grid[nxt] == -1:
                self._step(s, nxt)
                return
            self.path.clear()  # the way is blocked: stop and let the coach decide
            self.then = -1
            s.wait(s.pteam[self.pid], DK.MOVE)
            return
        t, sq = ActionType(self.then), self.then_sq
        self.then = -1
        if s.board.distance(s.pos[self.pid], sq) == 1 and s.grid[sq] >= 0:
            self._finish_with(s, t, sq)
        else:
            s.wait(s.pteam[self.pid], DK.MOVE)

    def _step(self, s: GameState, sq: int) -> None:
        gfi = self.moves >= s.info[self.pid].ma
        self.moves += 1
        self.phase = PlayerActionPhase.STEPPED
        s.push(MoveStep(self.pid, sq, gfi))

    # --- decisions ------------------------------------------------------------------------

    def _can_step(self, s: GameState) -> bool:
        if s.pflags[self.pid] & PF.ROOTED:
            return False
        return self.moves < s.info[self.pid].ma + max_gfi(s, self.pid)

    def _carries(self, s: GameState) -> bool:
        return s.ball_state == _BALL_CARRIED and s.ball == s.pos[self.pid]

    def decision_detail(self, s: GameState) -> Decision:
        return Decision(player=self.pid, action=ActionType(self.kind), moved=self.moves)

    def legal(self, s: GameState) -> LegalActions:
        pid = self.pid
        b = s.board
        grid = s.grid
        sq = s.pos[pid]
        side = s.pteam[pid]
        kind = self.kind
        groups: list[ActionChoice] = []
        paths = None
        if s.options.assisted_moves and kind.moving_action and not s.pflags[pid] & PF.ROOTED:
            paths = self._search(s)
        if kind.moving_action and self._can_step(s):
            if paths is not None:
                groups.extend(_with_odds(_MOVE, paths.all()))
            else:
                dests = tuple(b.xy(sq + o) for o in b.neighbours if grid[sq + o] == -1)
                if dests:
                    groups.append(ActionChoice(_MOVE, (), dests))
        if kind == _START_BLITZ and not self.blocked and paths is not None:
            groups.extend(_with_odds(_BLOCK, paths.blitz()))
        elif (kind == _START_BLOCK and not self.blocked) or (
            kind == _START_BLITZ and not self.blocked and self._can_step(s)
        ):
            targets = self._adjacent(s, lambda q: s.pteam[q] != side and s.status[q] == _STANDING)
            if targets:
                groups.append(ActionChoice(_BLOCK, (), targets))
        if kind == _START_PASS and self._carries(s):
            targets_p = pass_targets(s, pid)
            if targets_p:
                groups.append(ActionChoice(_PASS, (), targets_p))
        if kind == _START_HANDOFF and self._carries(s):
            if paths is not None:
                groups.extend(_with_odds(_HANDOFF, paths.handoff()))
            else:
                mates = self._adjacent(s, lambda q: s.pteam[q] == side and can_catch(s, q))
                if mates:
                    groups.append(ActionChoice(_HANDOFF, (), mates))
        if kind == _START_FOUL and not self.blocked:
            if paths is not None:
                groups.extend(_with_odds(_FOUL, paths.foul()))
            else:
                victims = self._adjacent(
                    s, lambda q: s.pteam[q] != side and s.status[q] in (_PRONE, _STUNNED)
                )
                if victims:
                    groups.append(ActionChoice(_FOUL, (), victims))
        groups.append(ActionChoice(_END_ACTION))
        ACTION_CHOICES.each(s.info[pid].skills, s, self, groups)
        jump_choices(s, self, groups)
        return LegalActions(groups)

    def _adjacent(self, s: GameState, pred: object) -> tuple[Square, ...]:
        b = s.board
        sq = s.pos[self.pid]
        out = []
        for o in b.neighbours:
            q = s.grid[sq + o]
            if q >= 0 and pred(q):  # type: ignore[operator]
                out.append(b.xy(sq + o))
        return tuple(out)

    def _search(self, s: GameState) -> PathSearch:
        """Safest paths for an assisted move."""
        return search(s, self.pid, self.moves)

    def act(self, s: GameState, action: Action) -> None:
        t = action.type
        if t == _END_ACTION:
            self._end(s)
            return
        handler = SKILL_ACTIONS.get(t)
        if handler is not None:
            handler(s, self, action)
            return
        assert action.square is not None
        target_sq = s.board.sq(*action.square)
        far = s.board.distance(s.pos[self.pid], target_sq) > 1
        if far and t in (_MOVE, _BLOCK, _HANDOFF, _FOUL):
            self._plan(s, t, target_sq)
            return
        if t == _MOVE:
            self._step(s, target_sq)
            return
        self._finish_with(s, t, target_sq)

    def _plan(self, s: GameState, t: ActionType, target_sq: int) -> None:
        """An assisted action: walk the safest path (then block, hand off or foul)."""
        paths = self._search(s)
        xy = s.board.xy(target_sq)
        if t == _MOVE:
            found = paths.path(xy)
        elif t == _BLOCK:
            found = paths.blitz().get(xy)
        elif t == _HANDOFF:
            found = paths.handoff().get(xy)
        else:
            found = paths.foul().get(xy)
        assert found is not None  # the legal actions listed it
        self.path = [s.board.sq(x, y) for x, y in found.steps]
        if t != _MOVE:
            self.then = int(t)
            self.then_sq = target_sq

    def _finish_with(self, s: GameState, t: ActionType, target_sq: int) -> None:
        pid = self.pid
        if t == _BLOCK:
            self.blocked = True
            victim = s.grid[target_sq]
            if self.kind == _START_BLITZ:
                gfi = self.moves >= s.info[pid].ma
                self.moves += 1
                # then add the squares a Frenzy second block used (s.extra_moves)
                self.phase = PlayerActionPhase.BLITZ_BLOCKED
                s.push(Block(pid, victim, blitz=True, gfi=gfi, moves=self.moves))
            else:
                self.phase = PlayerActionPhase.FINISHED
                s.push(Block(pid, victim))
            return
        if t in (_PASS, _HANDOFF):
            skills = s.info[pid].skills
            if ACTION_END.fns(skills) and self.phase != PlayerActionPhase.BEFORE_THROW:
                self.phase = PlayerActionPhase.BEFORE_THROW
                self.then = int(t)
                self.then_sq = target_sq
                if ACTION_END.fire(skills, s, self, int(t)):
                    return
                self.then = -1
        self.phase = PlayerActionPhase.FINISHED
        if t == _PASS:
            if PASS_MOVES_ON.any(s.info[pid].skills, s, pid, band_between(s, s.pos[pid], target_sq)):
                self.phase = PlayerActionPhase.PASSED
            s.push(Pass(pid, target_sq))
        elif t == _HANDOFF:
            s.push(Handoff(pid, s.grid[target_sq]))
        elif t == _FOUL:
            self.phase = PlayerActionPhase.FOULED
            s.push(Foul(pid, s.grid[target_sq]))


def _with_odds(kind: ActionType, paths: dict[Square, Path]) -> list[ActionChoice]:
    """One group listing every reachable target square with its success chance."""
    if not paths:
        return []
    squares = tuple(paths)
    return [ActionChoice(kind, (), squares, tuple(paths[q].prob for q in squares))]
