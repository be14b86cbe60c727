"""Turn planning: the priority list, one whole player action at a time."""

from __future__ import annotations

from nuffle.agents.reach import roll_free_reach, route, tz_map
from nuffle.agents.scripted.decisions import on_sideline, threats
from nuffle.analysis import queries as Q
from nuffle.analysis.pathfinding import Path, PathSearch, search
from nuffle.core.actions import Action, ActionType, LegalActions
from nuffle.core.procedures.ball import can_handle_ball
from nuffle.core.procedures.block_strength import block_dice
from nuffle.core.procedures.foul import foul_assists
from nuffle.core.skills import Skill
from nuffle.core.state import GameState
from nuffle.core.types import BallState, Status

A = ActionType
SCORE_CHANCE = 0.7


class Planner:
    """Plans the next player action of `side` in the position `s` (one call per plan)."""

    def __init__(self, s: GameState, side: int, legal: LegalActions) -> None:
        self.s = s
        self.side = side
        self.legal = legal
        self.tz = tz_map(s, side)
        self.b = s.board
        self.ez = self.b.endzone_x[side]
        self.dir = 1 if side == 0 else -1
        g = legal.group(A.START_MOVE)
        self.ready = set(g.players) if g is not None else set()
        self._searches: dict[int, PathSearch] = {}

    # --- helpers -----------------------------------------------------------------------------

    def can(self, kind: ActionType, pid: int) -> bool:
        g = self.legal.group(kind)
        return g is not None and pid in g.players

    def search(self, pid: int, moves: int = 0) -> PathSearch:
        ps = self._searches.get(pid)
        if ps is None:
            ps = self._searches[pid] = search(self.s, pid, moves)
        return ps

    def xy(self, sq: int) -> tuple[int, int]:
        return self.b.xy(sq)

    def to_ez(self, sq: int) -> int:
        return abs(self.b.xs[sq] - self.ez)

    def path_actions(self, start: ActionType, pid: int, steps: list[tuple[int, int]]) -> list[Action]:
        return [Action(start, pid)] + [Action(A.MOVE, None, sq) for sq in steps]

    def standing_ready(self) -> list[int]:
        s = self.s
        return sorted(p for p in self.ready if s.status[p] == Status.STANDING)

    def carrier(self) -> int:
        return self.s.carrier()

    # --- the priority list -------------------------------------------------------------------

    def plan(self) -> list[Action]:
        """The actions of the next player action, or END_TURN."""
        for step in (self.stand_up, self.ball_carrier, self.pickup, self.safe_blocks,
                     self.receivers, self.blitz, self.cage, self.support, self.foul,
                     self.risky_blocks):
            got = step()
            if got:
                return got
        return [Action(A.END_TURN)]

    def stand_up(self) -> list[Action]:
        s = self.s
        for p in sorted(self.ready):
            if s.status[p] == Status.PRONE and self.tz[s.pos[p]] > 0:
                return [Action(A.START_MOVE, p), Action(A.END_ACTION)]
        return []

    def ball_carrier(self) -> list[Action]:
        c = self.carrier()
        if c < 0 or self.s.pteam[c] != self.side or c not in self.ready:
            return []
        return self.carrier_move(c, 0, fresh=True)

    def carrier_move(self, c: int, moves: int, fresh: bool) -> list[Action]:
        """Score if likely; else hand off or pass to a scorer; else advance safely."""
        s = self.s
        ps = search(s, c, moves)
        self._searches[c] = ps
        ez = ps.endzone()
        start = A.START_MOVE
        last = s.teams[self.side].turn >= s.board.variant.turns_per_half
        if ez is not None and (ez.prob >= SCORE_CHANCE or last):
            return self.path_actions(start, c, ez.steps)[0 if fresh else 1:]
        if fresh:
            got = self.give_ball(c, ps, ez.prob if ez is not None else 0.0)
            if got:
                return got
        best: Path | None = None
        best_v = -1e9
        here = s.pos[c]
        if s.status[c] == Status.STANDING:
            best_v = self.carrier_value(here, 1.0, here)
        for path in ps.all().values():
            if path.prob < 0.8:
                continue
            sq = self.b.sq(*path.end)
            v = self.carrier_value(sq, path.prob, here)
            if v > best_v:
                best, best_v = path, v
        if best is None:
            if fresh:
                if s.status[c] == Status.STANDING:
                    return []
                return [Action(A.START_MOVE, c), Action(A.END_ACTION)]
            return [Action(A.END_ACTION)]
        acts = self.path_actions(start, c, best.steps)
        return (acts if fresh else acts[1:]) + [Action(A.END_ACTION)]

    def carrier_value(self, sq: int, prob: float, here: int) -> float:
        s = self.s
        tz = self.tz[sq] if sq != here else s.tackle_zones(sq, self.side)
        progress = self.to_ez(here) - self.to_ez(sq)
        return (progress - 4.0 * tz - 0.7 * on_sideline(s, sq) - 0.2 * threats(s, sq, self.side)
                - 20.0 * (1.0 - prob))

    def give_ball(self, c: int, ps: PathSearch, own: float) -> list[Action]:
        """Hand off or pass to a team-mate who can score with better odds."""
        s = self.s
        b = self.b
        mates = [p for p in self.standing_ready() if p != c and can_handle_ball(s, p)
                 and self.to_ez(s.pos[p]) <= s.info[p].ma + 1 and self.tz[s.pos[p]] == 0]
        mates.sort(key=lambda p: self.to_ez(s.pos[p]))
        best: tuple[float, list[Action]] = (max(own, 0.35), [])
        hand = ps.handoff() if self.can(A.START_HANDOFF, c) else {}
        for p in mates[:2]:
            ez = self.search(p).endzone()
            if ez is None:
                continue
            sq = b.xy(s.pos[p])
            hp = hand.get(sq)
            if hp is not None:
                v = hp.prob * float(Q.catch_odds(s, p, "handoff")) * ez.prob
                if v > best[0]:
                    acts = self.path_actions(A.START_HANDOFF, c, hp.steps)
                    best = (v, [*acts, Action(A.HANDOFF, None, sq)])
            if (self.can(A.START_PASS, c) and s.status[c] == Status.STANDING
                    and b.distance(s.pos[c], s.pos[p]) > 1):
                try:
                    odds = Q.pass_odds(s, c, sq)
                except ValueError:
                    continue
                v = float(odds["accurate"]) * float(Q.catch_odds(s, p, "accurate")) * ez.prob
                if self._interceptable(c, p):
                    v *= 0.75
                if v > best[0]:
                    best = (v, [Action(A.START_PASS, c), Action(A.PASS, None, sq)])
        return best[1]

    def _interceptable(self, c: int, p: int) -> bool:
        from nuffle.core.procedures.passing import interceptors
        return bool(interceptors(self.s, c, self.s.pos[p]))

    def _block_ok(self, p: int, q: int, safe: bool) -> bool:
        s = self.s
        dice, mine = block_dice(s, p, q)
        if safe:
            return mine and (dice >= 2 or Skill.BLOCK in s.info[p].skills)
        return mine

    def _blocks(self, safe: bool) -> list[Action]:
        s = self.s
        g = self.legal.group(A.START_BLOCK)
        if g is None:
            return []
        c = self.carrier()
        best: tuple[tuple[int, int, int], int, int] | None = None
        for p in g.players:
            if p == c:
                continue
            for q in s.adjacent_players(s.pos[p]):
                if s.pteam[q] == self.side or s.status[q] != Status.STANDING:
                    continue
                if not self._block_ok(p, q, safe):
                    continue
                dice, _ = block_dice(s, p, q)
                key = (int(q == c), dice, int(on_sideline(s, s.pos[q])))
                if best is None or key > best[0]:
                    best = (key, p, q)
        if best is None:
            return []
        _, p, q = best
        return [Action(A.START_BLOCK, p), Action(A.BLOCK, None, self.xy(s.pos[q])), Action(A.END_ACTION)]

    def safe_blocks(self) -> list[Action]:
        return self._blocks(True)

    def risky_blocks(self) -> list[Action]:
        return self._blocks(False)

    def pickup(self) -> list[Action]:
        s = self.s
        if s.ball_state != BallState.ON_GROUND or s.ball < 0:
            return []
        ball = s.ball
        cands = [p for p in self.ready if s.status[p] in (Status.STANDING, Status.PRONE)
                 and can_handle_ball(s, p)]
        cands.sort(key=lambda p: (self.b.distance(s.pos[p], ball) - s.info[p].ma, p))
        best: Path | None = None
        who = -1
        for p in cands[:3]:
            if self.b.distance(s.pos[p], ball) > s.info[p].ma + 2:
                continue
            path = self.search(p).path(self.xy(ball))
            if path is not None and (best is None or path.prob > best.prob):
                best, who = path, p
        if best is None or best.prob < 0.25:
            return []
        return self.path_actions(A.START_MOVE, who, best.steps)  # continues as the carrier

    def receivers(self) -> list[Action]:
        s = self.s
        c = self.carrier()
        if c < 0 or s.pteam[c] != self.side:
            return []
        for p in self.standing_ready():
            if p == c or not (Skill.CATCH in s.info[p].skills or s.info[p].ma >= 8):
                continue
            ma = s.info[p].ma
            want = max(ma - 2, 2)

            def value(sq: int, ma: int = ma, want: int = want) -> float:
                return (-abs(self.to_ez(sq) - want) - 3 * self.tz[sq] - 1.5 * on_sideline(s, sq)
                        - 0.5 * threats(s, sq, self.side))
            got = self.move_to_best(p, value)
            if got:
                return got
        return []

    def move_to_best(self, p: int, value: object) -> list[Action]:
        """Move an unmarked player along a roll-free route to the square `value` rates best."""
        s = self.s
        budget = s.info[p].ma - (3 if s.status[p] == Status.PRONE else 0)
        parent = roll_free_reach(s, p, budget, self.tz)
        if not parent:
            return []
        here = s.pos[p]
        best_sq, best_v = here, value(here) + 0.01  # type: ignore[operator]
        for sq in parent:
            v = value(sq)  # type: ignore[operator]
            if v > best_v:
                best_sq, best_v = sq, v
        if best_sq == here:
            return []
        steps = [self.xy(q) for q in route(parent, best_sq)]
        return [*self.path_actions(A.START_MOVE, p, steps), Action(A.END_ACTION)]

    def blitz(self) -> list[Action]:
        s = self.s
        if self.legal.group(A.START_BLITZ) is None:
            return []
        c = self.carrier()
        if c < 0 or s.pteam[c] == self.side or s.status[c] != Status.STANDING:
            return []
        target = s.pos[c]
        cands = [p for p in self.standing_ready()
                 if self.b.distance(s.pos[p], target) <= s.info[p].ma + 2]
        cands.sort(key=lambda p: (-s.info[p].st, -int(Skill.BLOCK in s.info[p].skills),
                                  self.b.distance(s.pos[p], target), p))
        best: tuple[float, int, Path] | None = None
        for p in cands[:3]:
            path = self.search(p).blitz().get(self.xy(target))
            if path is None:
                continue
            try:
                odds = Q.blitz_odds(s, p, c, path.end, goal="kd")
            except ValueError:
                continue
            v = path.prob * float(odds.defender_armour)
            if best is None or v > best[0]:
                best = (v, p, path)
        if best is None or best[0] < 0.15:
            return []
        _, p, path = best
        acts = self.path_actions(A.START_BLITZ, p, path.steps)
        return [*acts, Action(A.BLOCK, None, self.xy(target)), Action(A.END_ACTION)]

    def cage(self) -> list[Action]:
        s = self.s
        c = self.carrier()
        if c < 0 or s.pteam[c] != self.side:
            return []
        csq = s.pos[c]
        b = self.b
        st = b.stride
        corners = [csq + d for d in (-st - 1, -st + 1, st - 1, st + 1) if s.grid[csq + d] == -1]
        if not corners:
            return []
        for p in self.standing_ready():
            if p == c or (b.distance(s.pos[p], csq) == 1 and self.tz[s.pos[p]] == 0):
                continue
            budget = s.info[p].ma
            parent = roll_free_reach(s, p, budget, self.tz)
            reach = [q for q in corners if q in parent]
            if reach:
                q = min(reach, key=lambda q: (self.tz[q], len(route(parent, q)), q))
                steps = [self.xy(x) for x in route(parent, q)]
                return [*self.path_actions(A.START_MOVE, p, steps), Action(A.END_ACTION)]
        return []

    def support(self) -> list[Action]:
        """Move unmarked players toward the ball: ahead of our carrier, onto theirs, or to a loose ball."""
        s = self.s
        c = self.carrier()
        b = self.b
        if c >= 0 and s.pteam[c] == self.side:
            cx, cy = b.xs[s.pos[c]] + 3 * self.dir, b.ys[s.pos[c]]
            cx = min(max(cx, 0), b.width - 1)
            aim = b.sq(cx, cy)
            mark = False
        elif s.ball >= 0 and s.ball_state in (BallState.ON_GROUND, BallState.CARRIED):
            aim = s.ball
            mark = True
        else:
            return []
        for p in self.standing_ready():
            if p == c:
                continue
            if b.distance(s.pos[p], aim) <= 1:
                continue

            def value(sq: int, aim: int = aim, mark: bool = mark) -> float:
                d = b.distance(sq, aim)
                pen = 0.0 if mark else 2.0 * self.tz[sq]
                return -d - pen - 0.5 * on_sideline(s, sq)
            got = self.move_to_best(p, value)
            if got:
                return got
        return []

    def foul(self) -> list[Action]:
        s = self.s
        if self.legal.group(A.START_FOUL) is None:
            return []
        c = self.carrier()
        for p in self.standing_ready():
            if p == c:
                continue
            for q in s.adjacent_players(s.pos[p]):
                if s.pteam[q] != self.side and s.status[q] in (Status.PRONE, Status.STUNNED):
                    net = foul_assists(s, self.side, q, p) - foul_assists(s, 1 - self.side, p, q)
                    if net >= 1:
                        return [Action(A.START_FOUL, p), Action(A.FOUL, None, self.xy(s.pos[q])),
                                Action(A.END_ACTION)]
        return []
