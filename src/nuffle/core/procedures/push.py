"""Push-backs: the three-square fan, chain pushes, the crowd, and the points where skills
change a push (refusing it, cancelling each other, choosing the square, after the move)."""

from __future__ import annotations

from typing import Final

from nuffle.core.actions import Action, ActionChoice, ActionType, LegalActions
from nuffle.core.board import OFF
from nuffle.core.decision import Decision
from nuffle.core.decision import DecisionKind as DK
from nuffle.core.hooks import Point
from nuffle.core.procedures.base import Phases, Procedure
from nuffle.core.skills import Skill
from nuffle.core.state import GameState
from nuffle.core.types import BallState, Event, Status


def _sign(v: int) -> int:
    return (v > 0) - (v < 0)


def push_squares(s: GameState, pusher_sq: int, sq: int) -> list[int]:
    """Legal push squares for a player on `sq` pushed from `pusher_sq`, by priority:
    empty on-pitch squares, else off-pitch squares (crowd), else occupied squares (chain)."""
    b = s.board
    stride = b.stride
    dx = _sign(b.xs[sq] - b.xs[pusher_sq])
    dy = _sign(b.ys[sq] - b.ys[pusher_sq])
    if dx == 0 or dy == 0:
        px, py = (0, 1) if dy == 0 else (1, 0)
        cands = [
            sq + dx + dy * stride,
            sq + dx + px + (dy + py) * stride,
            sq + dx - px + (dy - py) * stride,
        ]
    else:
        cands = [sq + dx + dy * stride, sq + dx, sq + dy * stride]
    grid = s.grid
    empty = [c for c in cands if grid[c] == -1]
    if empty:
        return empty
    off = [c for c in cands if grid[c] == OFF]
    if off:
        return off
    return cands


PUSH_REFUSE: Point[[GameState, Push], int] = Point(
    "push.refuse",
    "fn(s, push: Push) -> int: asked with the pushed player's skills before any square is "
    "chosen: 0 no effect, 1 he may refuse to move (his coach chooses: Stand Firm), 2 he cannot "
    "be moved (rooted). A player who stays stays where he is; a chain push into him moves "
    "nobody",
)
PUSH_CANCEL: Point[[GameState, Push, Skill], bool] = Point(
    "push.cancel",
    "fn(s, push: Push, skill: Skill) -> bool: asked with the skills of the other player of "
    "the push (the attacker, for a skill of the pushed player; the pushed player, for one of "
    "the attacker's): True if his skill cancels `skill` in this push (Juggernaut on a Blitz "
    "cancels Stand Firm; Grab and Side Step cancel each other)",
)
PUSH_CHOICE: Point[[GameState, Push, int], tuple[int, list[int], bool] | None] = Point(
    "push.choice",
    "fn(s, push: Push, owner: int) -> tuple[int, list[int], bool] | None: asked with the "
    "pushed player's skills (owner = push.pid), then the attacker's (owner = push.attacker); "
    "the first answer counts: the side that chooses the square, squares it may choose, and "
    "whether they replace the standard ones (Side Step: any empty adjacent square and nothing "
    "else) or are added to them (Grab)",
)
AFTER_PUSH: Point[[GameState, Push], bool] = Point(
    "push.after",
    "fn(s, push: Push) -> bool: asked with the attacker's skills after the pushed player moved "
    "to a square on the pitch (not into the crowd). Return True after pushing a procedure "
    "(Strip Ball)",
)


def empty_neighbours(s: GameState, sq: int) -> list[int]:
    """Empty on-pitch squares next to `sq`."""
    grid = s.grid
    return [sq + o for o in s.board.neighbours if grid[sq + o] == -1]


def cancelled(s: GameState, push: Push, skill: Skill, other_pid: int) -> bool:
    """Whether a skill of `other_pid` (the other player of the push) cancels `skill`."""
    if other_pid < 0:
        return False
    fns = PUSH_CANCEL.fns(s.info[other_pid].skills)
    return bool(fns) and any(fn(s, push, skill) for fn in fns)


class PushPhase(Phases):
    """Push: a refusal (Stand Firm), the choice of square, chain pushes, the move."""

    STAND_FIRM: Final = 1
    CHOSEN: Final = 2
    CHOOSE: Final = 3
    MOVED: Final = 4
    TRAPDOOR: Final = 5


class Push(Procedure):
    """Push player `pid` away from `pusher_sq`; the active coach picks among legal squares.

    `attacker` is the blocking player behind the push (-1 if none) and `blitz` whether his
    block is part of a Blitz; chain pushes carry both on (with `chain` set), so skills can
    tell who pushes. Leaves s.ok = True if the player moved (or went into the crowd), False
    if he stayed (Stand Firm, rooted, or a chain that could not move).
    """

    frame = "push"
    phases = PushPhase

    __slots__ = ("attacker", "blitz", "chain", "had_ball", "last", "pid", "pusher_sq", "target")

    def __init__(
        self, pid: int, pusher_sq: int, attacker: int = -1, blitz: bool = False, chain: bool = False
    ) -> None:
        super().__init__()
        self.pid = pid
        self.pusher_sq = pusher_sq
        self.attacker = attacker
        self.blitz = blitz
        self.chain = chain
        self.target = -1
        self.had_ball = False
        self.last = -1

    def _stay(self, s: GameState) -> None:
        s.ok = False
        s.pop()

    def _options(self, s: GameState) -> tuple[list[int], int]:
        """The squares he may be pushed to and the side that chooses."""
        options = push_squares(s, self.pusher_sq, s.pos[self.pid])
        side = s.active if s.active >= 0 else s.pteam[self.pid] ^ 1
        found = PUSH_CHOICE.first(s.info[self.pid].skills, s, self, self.pid)
        if found is None and self.attacker >= 0:
            found = PUSH_CHOICE.first(s.info[self.attacker].skills, s, self, self.attacker)
        if found is not None:
            side, extra, only = found
            options = list(extra) if only else options + [q for q in extra if q not in options]
        return options, side

    def run(self, s: GameState) -> None:
        ph = self.phase
        if ph == PushPhase.START:
            fns = PUSH_REFUSE.fns(s.info[self.pid].skills)
            refuse = max((fn(s, self) for fn in fns), default=0) if fns else 0
            if refuse == 2:
                self._stay(s)
                return
            if refuse == 1:
                self.phase = PushPhase.STAND_FIRM
                s.push(StandChoice(self.pid))
                return
            ph = self.phase = PushPhase.CHOOSE
        elif ph == PushPhase.STAND_FIRM:  # the pushed player's coach decided whether he stays
            if s.ok:
                self._stay(s)
                return
            ph = self.phase = PushPhase.CHOOSE
        if ph == PushPhase.CHOOSE:
            options, side = self._options(s)
            if len(options) == 1:
                self._choose(s, options[0])
            else:
                s.wait(side, DK.PUSH)
            return
        if ph == PushPhase.CHOSEN:
            pid = self.pid
            tgt = self.target
            if s.grid[tgt] == OFF:
                # Into the crowd: the injury (and a throw-in) wait until the block's follow-up
                # has been decided; see `resolve_crowd`.
                self.last = s.pos[pid]
                self.had_ball = s.ball_state == BallState.CARRIED and s.ball == self.last
                if self.had_ball:
                    s.ball_state = BallState.IN_AIR  # the crowd has it until the throw-in
                s.remove(pid, Status.RESERVE)
                s.crowd.extend((pid, self.last, tgt, int(self.had_ball)))
            elif s.grid[tgt] >= 0:  # the chain ahead of him did not move: neither does he
                self._stay(s)
                return
            else:
                s.move_player(pid, tgt)
                self.phase = PushPhase.MOVED
                if self.attacker >= 0 and AFTER_PUSH.fire(s.info[self.attacker].skills, s, self):
                    return
        if self.phase == PushPhase.MOVED and (s.teams[0].prayers or s.teams[1].prayers):
            from nuffle.core.procedures.prayer_trapdoor import Trapdoor, trapdoor_here

            if trapdoor_here(s, self.pid, self.target):  # BB2020's Treacherous Trapdoor
                self.phase = PushPhase.TRAPDOOR
                s.push(Trapdoor(self.pid, pushed=True))
                return
        s.ok = True
        s.pop()

    def _choose(self, s: GameState, sq: int) -> None:
        self.target = sq
        self.phase = PushPhase.CHOSEN
        occupant = s.grid[sq]
        if occupant >= 0:
            s.push(Push(occupant, s.pos[self.pid], self.attacker, self.blitz, chain=True))

    def decision_detail(self, s: GameState) -> Decision:
        return Decision(player=self.attacker if self.attacker >= 0 else None, target=self.pid)

    def legal(self, s: GameState) -> LegalActions:
        b = s.board
        options, _ = self._options(s)
        return LegalActions([ActionChoice(ActionType.PUSH, (), tuple(b.xy(q) for q in options))])

    def act(self, s: GameState, action: Action) -> None:
        assert action.square is not None
        self._choose(s, s.board.sq(*action.square))


class StandChoice(Procedure):
    """The coach of a player who may refuse a push decides: USE_SKILL (he stays) or DECLINE.
    Leaves s.ok = True if he stays."""

    frame = "stand_choice"

    __slots__ = ("pid",)
    decision_skill = Skill.STAND_FIRM

    def __init__(self, pid: int) -> None:
        super().__init__()
        self.pid = pid

    def run(self, s: GameState) -> None:
        s.wait(s.pteam[self.pid], DK.STAND_FIRM)

    def legal(self, s: GameState) -> LegalActions:
        return LegalActions([ActionChoice(ActionType.USE_SKILL), ActionChoice(ActionType.DECLINE)])

    def act(self, s: GameState, action: Action) -> None:
        s.ok = action.type == ActionType.USE_SKILL
        s.pop()


def resolve_crowd(s: GameState) -> bool:
    """Start the next pending crowd-surf (injury roll, then a throw-in if he held the ball).
    Returns False when none is pending."""
    if not s.crowd:
        return False
    pid, last, out, had_ball = s.crowd[:4]
    del s.crowd[:4]
    s.push(CrowdSurf(pid, last, out, bool(had_ball)))
    return True


class CrowdSurfPhase(Phases):
    """CrowdSurf: the injury, then a throw-in of a ball he held."""

    INJURED: Final = 1
    THROWN_IN: Final = 2


class CrowdSurf(Procedure):
    """A player pushed into the crowd: injury roll without armour; a carried ball is thrown in
    (a turnover when the ball carrier is on the moving team, e.g. chain-pushed there)."""

    frame = "crowd_surf"
    phases = CrowdSurfPhase

    __slots__ = ("had_ball", "last", "out", "pid")

    def __init__(self, pid: int, last: int, out: int, had_ball: bool) -> None:
        super().__init__()
        self.pid = pid
        self.last = last
        self.out = out
        self.had_ball = had_ball

    def run(self, s: GameState) -> None:
        from nuffle.core.procedures.ball import ThrowIn
        from nuffle.core.procedures.injury import Injury

        if self.phase == CrowdSurfPhase.START:
            self.phase = CrowdSurfPhase.INJURED
            s.note(Event.CROWD, self.pid, self.last, self.had_ball)
            s.push(Injury(self.pid, crowd=True))
            return
        if self.phase == CrowdSurfPhase.INJURED:
            self.phase = CrowdSurfPhase.THROWN_IN
            if self.had_ball:
                if s.pteam[self.pid] == s.active:
                    s.turnover = True  # the moving team lost the ball to the crowd
                s.ball = self.last
                s.ball_state = BallState.ON_GROUND
                s.push(ThrowIn(self.last, self.out))
                return
        s.pop()
