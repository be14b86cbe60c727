"""Purpose scoring: every purpose of every player who can act, as candidate player actions.

A `Candidate` is one whole player action (declaration, steps, the finishing block, pass, hand-off
or foul) with the value of its purpose if it succeeds and its chance of success (no turnover),
from the pathfinder and the odds toolkit. `Scorer.candidates` lists them; `choose` picks one.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache

from nuffle.agents.grod.positions import PositionMap
from nuffle.agents.grod.reach import move_budget, reach, steps_to
from nuffle.agents.grod.values import Values
from nuffle.agents.reach import tz_map
from nuffle.agents.scripted.decisions import on_sideline
from nuffle.analysis import probability as P
from nuffle.analysis import queries as Q
from nuffle.analysis.pathfinding import PathSearch, search
from nuffle.core.actions import Action, ActionType, LegalActions, Square
from nuffle.core.characteristics import armour_holds_to
from nuffle.core.procedures.ball import can_handle_ball
from nuffle.core.procedures.block_substitutes import BREATHE_FIRE_STRONG
from nuffle.core.procedures.foul import FoulRules, foul_rules
from nuffle.core.procedures.passing import interceptors
from nuffle.core.skills import Skill
from nuffle.core.state import GameState
from nuffle.core.types import BallState, Status

A = ActionType


#: Projectile Vomit's D6 hits the target on 2+ (a 1 hits the vomiter: a turnover).
VOMIT_HITS = 5.0 / 6.0

@dataclass
class Candidate:
    """One player action for one purpose: `value` if it succeeds, `prob` that it does."""

    purpose: str
    pid: int
    value: float
    prob: float
    actions: list[Action] = field(default_factory=list)
    ball: bool = False  # a failure loses the ball

    def ev(self, v: Values) -> float:
        """Expected worth: success times value, less a failure's turnover (and ball) cost."""
        cost = v["turnover"] + (v["ball_loss"] if self.ball else 0.0)
        return self.prob * self.value - (1.0 - self.prob) * cost


def _steps(start: ActionType, pid: int, steps: list[Square]) -> list[Action]:
    return [Action(start, pid)] + [Action(A.MOVE, None, sq) for sq in steps]


class Scorer:
    """Scores the purposes of `side` in position `s` for one plan."""

    def __init__(self, s: GameState, side: int, legal: LegalActions, v: Values) -> None:
        self.s = s
        self.side = side
        self.legal = legal
        self.v = v
        self.b = s.board
        self.tz = tz_map(s, side)
        self.ez = self.b.endzone_x[side]
        self._searches: dict[tuple[int, int], PathSearch] = {}
        self._groups = {g.type: set(g.players) for g in legal.groups}
        self._positions: PositionMap | None = None
        self._reach: dict[int, dict[int, int]] = {}
        self.last_turn = s.teams[side].turn >= self.b.variant.turns_per_half

    # --- helpers ---------------------------------------------------------------------------

    def can(self, kind: ActionType, pid: int) -> bool:
        """Whether `pid` may declare `kind` now."""
        return pid in self._groups.get(kind, ())

    def ready(self) -> list[int]:
        """Players who may still take an action, in team order (side-neutral)."""
        return sorted(self._groups.get(A.START_MOVE, set()) | self._groups.get(A.START_BLOCK, set()))

    def search(self, pid: int, moves: int = 0) -> PathSearch:
        """The pathfinder's search for `pid` (cached for this plan)."""
        key = (pid, moves)
        ps = self._searches.get(key)
        if ps is None:
            ps = self._searches[key] = search(self.s, pid, moves)
        return ps

    @property
    def positions(self) -> PositionMap:
        """The positional map of this plan."""
        if self._positions is None:
            self._positions = PositionMap(self.s, self.side, self.v, self.tz)
        return self._positions

    def neutral(self, pid: int) -> tuple[int, int]:
        """A side-neutral sort key for a player: columns from our end zone, then row."""
        sq = self.s.pos[pid]
        return (self.to_ez(sq), self.b.ys[sq])

    def to_ez(self, sq: int) -> int:
        return abs(self.b.xs[sq] - self.ez)

    def xy(self, sq: int) -> Square:
        return self.b.xy(sq)

    # --- all purposes ----------------------------------------------------------------------

    def candidates(self) -> list[Candidate]:
        """Every scored candidate of every player who can act."""
        s = self.s
        out: list[Candidate] = []
        carrier = s.carrier()
        loose = s.ball_state == BallState.ON_GROUND and s.ball >= 0
        pickers: set[int] = set()
        if loose:
            handlers = [p for p in self.ready() if can_handle_ball(s, p)]
            handlers.sort(key=lambda p: (self.b.distance(s.pos[p], s.ball) - s.info[p].ma,
                                         p - s.ranges[self.side][0]))
            pickers = set(handlers[:2])
        for p in self.ready():
            if p == carrier:
                out.extend(self.carrier_actions(p, 0, fresh=True))
            if loose and p in pickers:
                out.extend(self.pickup(p))
            if self.can(A.START_BLOCK, p):
                out.extend(self.blocks(p))
            if self.can(A.START_FOUL, p):
                out.extend(self.fouls(p))
            if p != carrier:
                out.extend(self.moves(p))
        if self.legal.group(A.START_BLITZ) is not None:
            out.extend(self.blitzes())
        return out

    # --- the ball carrier ------------------------------------------------------------------

    def carrier_value(self, sq: int, here: int) -> float:
        """Where the carrier is worth more: progress, out of tackle zones, away from threats."""
        s, v = self.s, self.v
        tz = self.tz[sq] if sq != here else s.tackle_zones(sq, self.side)
        return (-self.to_ez(sq) * v["carrier_progress"] - tz * v["carrier_marked"]
                - self.positions.threat[sq] * v["carrier_threat"]
                - on_sideline(s, sq) * v["carrier_sideline"])

    def carrier_actions(self, c: int, moves: int, fresh: bool,
                        kind: ActionType = A.START_MOVE) -> list[Candidate]:
        """Score, advance to safety, hand off or pass (purposes 3, 11 and 12)."""
        s, v = self.s, self.v
        ps = self.search(c, moves)
        out: list[Candidate] = []
        cut = 0 if fresh else 1
        ez = ps.endzone()
        if ez is not None:
            val = v["score"] * (v["last_turn_score"] if self.last_turn else 1.0)
            acts = _steps(A.START_MOVE, c, ez.steps)[cut:]
            out.append(Candidate("score", c, val, ez.prob, acts, ball=True))
        here = s.pos[c]
        base = self.carrier_value(here, here)
        if s.status[c] != Status.STANDING:
            base -= v["stand_up"]
        for path in ps.all().values():
            if path.prob < v["carrier_min_prob"]:
                continue
            sq = self.b.sq(*path.end)
            gain = self.carrier_value(sq, here) - base
            if gain > 0:
                acts = [*_steps(A.START_MOVE, c, path.steps)[cut:], Action(A.END_ACTION)]
                out.append(Candidate("carrier_safe", c, gain, path.prob, acts, ball=True))
        if fresh and s.status[c] == Status.PRONE and ps.start is not None:
            out.append(Candidate("stand_up", c, v["stand_up"], 1.0,
                                 [Action(A.START_MOVE, c), Action(A.END_ACTION)]))
        if fresh or kind == A.START_HANDOFF:
            out.extend(self.handoffs(c, ps, cut))
        if (fresh or kind == A.START_PASS) and s.status[c] == Status.STANDING:
            out.extend(self.passes(c, cut))
        return out

    def mate_worth(self, q: int) -> float:
        """What the ball is worth in team-mate `q`'s hands: a touchdown now if he can still act,
        else a later one, more the nearer the end zone."""
        v = self.v
        if (q in self._groups.get(A.START_MOVE, ())
                and self.to_ez(self.s.pos[q]) <= self.s.info[q].ma + 2):
            ez = self.search(q).endzone()
            if ez is not None:
                return ez.prob * v["score"] * v["pass_unused_mate"]
        if self.last_turn:
            return 0.0
        return v["score_later"] * max(0.0, 1.0 - v["pass_near_endzone"] * self.to_ez(self.s.pos[q]))

    def handoffs(self, c: int, ps: PathSearch, cut: int) -> list[Candidate]:
        """Hand-offs to team-mates whose hands are worth more than the carrier's (purpose 11)."""
        if cut == 0 and not self.can(A.START_HANDOFF, c):
            return []
        s, v = self.s, self.v
        out = []
        for sq, hp in ps.handoff().items():
            q = s.grid[self.b.sq(*sq)]
            if self.tz[s.pos[q]]:
                continue
            worth = self.mate_worth(q)
            if worth <= 0:
                continue
            catch = float(Q.catch_odds(s, q, "handoff"))
            acts = [*_steps(A.START_HANDOFF, c, hp.steps)[cut:], Action(A.HANDOFF, None, sq)]
            out.append(Candidate("handoff", c, worth * v["handoff"], hp.prob * catch, acts, ball=True))
        return out

    def passes(self, c: int, cut: int) -> list[Candidate]:
        """Passes from where the carrier stands to open team-mates (purpose 12)."""
        s, v, b = self.s, self.v, self.b
        if cut == 0 and not self.can(A.START_PASS, c):
            return []
        here = s.pos[c]
        out = []
        for q in s.ranges[self.side]:
            sq = s.pos[q]
            if (q == c or sq < 0 or s.status[q] != Status.STANDING or self.tz[sq]
                    or b.distance(sq, here) < 2 or self.to_ez(sq) >= self.to_ez(here)
                    or not can_handle_ball(s, q)):
                continue
            worth = self.mate_worth(q)
            if worth <= 0:
                continue
            try:
                odds = Q.pass_odds(s, c, self.xy(sq))
            except ValueError:
                continue
            prob = float(odds["accurate"]) * float(Q.catch_odds(s, q, "accurate"))
            if interceptors(s, c, sq):
                prob *= v["pass_interception"]
            acts = [Action(A.START_PASS, c), Action(A.PASS, None, self.xy(sq))][cut:]
            out.append(Candidate("pass", c, worth * v["pass"], prob, acts, ball=True))
        return out

    # --- the loose ball --------------------------------------------------------------------

    def pickup(self, p: int) -> list[Candidate]:
        """Move to the ball and pick it up (purpose 2)."""
        s, v = self.s, self.v
        if self.b.distance(s.pos[p], s.ball) > s.info[p].ma + 3:
            return []
        path = self.search(p).path(self.xy(s.ball))
        if path is None:
            return []
        return [Candidate("pickup", p, v["pickup"], path.prob, _steps(A.START_MOVE, p, path.steps))]

    # --- positional moves ------------------------------------------------------------------

    def reach(self, p: int) -> dict[int, int]:
        """Roll-free reach of `p` (cached for this plan)."""
        got = self._reach.get(p)
        if got is None:
            got = self._reach[p] = reach(self.s, p, self.tz)
        return got

    def moves(self, p: int) -> list[Candidate]:
        """The best roll-free positional move of `p` (purposes 1 and 4-8), or standing up."""
        s, v = self.s, self.v
        if not self.can(A.START_MOVE, p):
            return []
        pm = self.positions
        handler = can_handle_ball(s, p)
        here = s.pos[p]
        prone = s.status[p] == Status.PRONE
        stay, _ = pm.value(here, handler)
        bonus = v["stand_up"] if prone else 0.0
        base = 0.0 if prone else stay
        best: Candidate | None = None
        best_sq = -1
        if prone:
            best = Candidate("stand_up", p, stay + bonus, 1.0,
                             [Action(A.START_MOVE, p), Action(A.END_ACTION)])
        parent = self.reach(p)
        for sq in parent:
            val, purpose = pm.value(sq, handler)
            gain = val - base + bonus
            if gain > 0.05 and (best is None or gain > best.value + 1e-9):
                best = Candidate(purpose, p, gain, 1.0, [])
                best_sq = sq
        if best is not None and not best.actions:
            best.actions = [*_steps(A.START_MOVE, p, steps_to(s, parent, best_sq)), Action(A.END_ACTION)]
        return [best] if best is not None else []

    # --- blocks, blitzes, fouls ------------------------------------------------------------

    def _block_value(self, p: int, q: int, odds: P.BlockOdds | None = None) -> float:
        s, v = self.s, self.v
        val = float(odds.defender_armour) * v["block_knockdown"] if odds else 0.0
        if odds and s.carrier() == q:
            val += float(odds.ball_lost) * v["block_carrier"]
        if on_sideline(s, s.pos[q]):
            val += v["block_push_sideline"]
        return val

    def blocks(self, p: int) -> list[Candidate]:
        """Blocks on adjacent standing opponents (purpose 13), or the Stab-coded attack."""
        s = self.s
        if s.status[p] != Status.STANDING or p == s.carrier():
            return []
        out = []
        for q in sorted(s.adjacent_players(s.pos[p]), key=self.neutral):
            if s.pteam[q] == self.side or s.status[q] != Status.STANDING:
                continue
            odds = Q.block_odds(s, p, q, goal="safe")
            val = self._block_value(p, q, odds)
            sq = self.xy(s.pos[q])
            acts = [Action(A.START_BLOCK, p), Action(A.BLOCK, None, sq), Action(A.END_ACTION)]
            out.append(Candidate("block", p, val, float(odds.success), acts))
            special = self._special_attack(p, q, sq)
            if special is not None:
                out.append(special)
        return out

    def _special_attack(self, p: int, q: int, sq: Square) -> Candidate | None:
        """The Stab-coded attack on `q`, priced as what it is: Stab (an armour roll, never a
        turnover), else BB2020's Projectile Vomit (5 in 6 it hits him, 1 in 6 the vomiter: a
        turnover), else Breathe Fire (a D6, -1 against ST 5+: 1 or less a turnover, 4-5 he is
        placed prone, 6 knocked down). Each has its own value (purposes.json)."""
        s, v = self.s, self.v
        skills = s.info[p].skills
        brk = float(P.armour_break(armour_holds_to(s, q)))
        carrier = v["block_carrier"] if s.carrier() == q else 0.0
        acts = [Action(A.START_BLOCK, p), Action(A.STAB, None, sq), Action(A.END_ACTION)]
        if Skill.STAB in skills:
            return Candidate("stab", p, v["stab"] * brk * (v["block_knockdown"] + carrier), 1.0, acts)
        if Skill.PROJECTILE_VOMIT in skills:
            val = v["vomit"] * brk * (v["block_knockdown"] + carrier)
            return Candidate("vomit", p, val, VOMIT_HITS, acts)
        if Skill.BREATHE_FIRE in skills:
            strong = s.info[q].st >= BREATHE_FIRE_STRONG
            fails = (2.0 if strong else 1.0) / 6.0  # he is placed prone (a turnover)
            knocks = 0.0 if strong else 1.0 / 6.0  # the target knocked down (armour roll)
            down = 2.0 / 6.0 + knocks  # the target placed prone or knocked down
            val = v["breathe_fire"] * (down * carrier + knocks * brk * v["block_knockdown"]) / (1.0 - fails)
            return Candidate("breathe_fire", p, val, 1.0 - fails, acts)
        return None

    def blitzes(self) -> list[Candidate]:
        """Blitzes, preferably on the ball carrier (purpose 10)."""
        s, v, b = self.s, self.v, self.b
        group = self._groups.get(A.START_BLITZ, set())
        carrier = s.carrier()
        ours = carrier >= 0 and s.pteam[carrier] == self.side
        targets: list[tuple[int, float]] = []
        if carrier >= 0 and not ours and s.status[carrier] == Status.STANDING:
            targets.append((carrier, v["blitz_carrier"]))
        if ours:
            for q in sorted(s.tz_players(s.pos[carrier], self.side), key=self.neutral):
                targets.append((q, v["blitz_free_carrier"]))
        if not targets:
            ball = s.ball if s.ball >= 0 else -1
            near = [q for q in s.ranges[1 - self.side]
                    if s.pos[q] >= 0 and s.status[q] == Status.STANDING
                    and (ball < 0 or b.distance(s.pos[q], ball) <= 4)]
            targets = [(q, 0.0) for q in near[:4]]
        out = []
        first = s.ranges[self.side][0]
        for q, bonus in targets:
            tsq = s.pos[q]
            cands = sorted((p for p in group if p != carrier and s.pos[p] >= 0
                            and b.distance(s.pos[p], tsq) <= s.info[p].ma + 3),
                           key=lambda p: (-s.info[p].st, b.distance(s.pos[p], tsq), p - first))
            for p in cands[:3]:
                if q == carrier:  # worth the full pathfinder: dodges and GFIs allowed
                    path = self.search(p).blitz().get(self.xy(tsq))
                    if path is None or path.prob < 0.3:
                        continue
                    prob, end, steps = path.prob, path.end, path.steps
                else:
                    parent = reach(s, p, self.tz, move_budget(s, p) - 1)
                    spots = [n for n in parent if b.distance(n, tsq) == 1]
                    if b.distance(s.pos[p], tsq) == 1:
                        spots.insert(0, s.pos[p])
                    if not spots:
                        continue
                    prob, end = 1.0, self.xy(spots[0])
                    steps = steps_to(s, parent, spots[0])
                try:
                    odds = Q.blitz_odds(s, p, q, end, goal="safe")
                except ValueError:
                    continue
                val = float(odds.defender_armour) * v["blitz_knockdown"] + bonus * float(
                    odds.ball_lost if q == carrier else odds.defender_armour) - v["blitz_spent"]
                acts = [*_steps(A.START_BLITZ, p, steps), Action(A.BLOCK, None, self.xy(tsq)),
                        Action(A.END_ACTION)]
                out.append(Candidate("blitz", p, val, prob * float(odds.success), acts))
        return out

    def fouls(self, p: int) -> list[Candidate]:
        """Fouls on opponents on the ground, reached without a roll (purpose 9)."""
        s, v, b = self.s, self.v, self.b
        if p == s.carrier() or s.status[p] != Status.STANDING:
            return []
        here = s.pos[p]
        victims = [q for q in s.ranges[1 - self.side] if s.pos[q] >= 0
                   and s.status[q] in (Status.PRONE, Status.STUNNED)
                   and b.distance(s.pos[q], here) <= s.info[p].ma + 1]
        if not victims:
            return []
        parent = self.reach(p)
        out = []
        for q in victims:
            qsq = s.pos[q]
            spots = [here] if b.distance(here, qsq) == 1 else []
            spots += sorted((n for n in parent if b.distance(n, qsq) == 1),
                            key=lambda n: (self.tz[n], len(steps_to(s, parent, n))))
            if not spots:
                continue
            spot = spots[0]
            sent_off, broken = foul_figures(s, p, q, spot)
            val = v["foul_injury"] * broken - v["foul_sent_off"] * sent_off
            if val <= 0:
                continue
            steps = steps_to(s, parent, spot) if spot != here else []
            acts = [*_steps(A.START_FOUL, p, steps), Action(A.FOUL, None, self.xy(qsq)), Action(A.END_ACTION)]
            out.append(Candidate("foul", p, val, 1.0 - sent_off, acts))
        return out


def _any_injury(dice: int, left: int) -> str:
    return "stunned"  # the injury result changes neither figure `_foul_table` returns


@lru_cache(maxsize=4096)
def _foul_table(rules: FoulRules) -> tuple[float, float]:
    odds = P.foul_by_rules(rules.armour_limit, rules.armour_modifier, _any_injury, bonus=rules.bonus,
                           unseen_when_held=rules.unseen_when_held,
                           unseen_when_broken=rules.unseen_when_broken)
    return float(odds["sent_off"]), float(odds["armour_broken"])


def foul_figures(s: GameState, p: int, q: int, spot: int) -> tuple[float, float]:
    """(P(sent off), P(armour broken)) of `p` fouling `q` from square `spot`, by the engine's
    foul rules (`foul_rules`: assists, skills)."""
    there = s
    if spot != s.pos[p]:
        there = s.copy()
        there.move_player(p, spot)
    return _foul_table(foul_rules(there, p, q))


def choose(cands: list[Candidate], v: Values) -> Candidate | None:
    """The next player action: each player's best by expected worth, then safe ones first:
    a risky action is charged for the safe worth of the others that a turnover would lose."""
    best: dict[int, tuple[float, Candidate]] = {}
    for c in cands:
        e = c.ev(v)
        if e > 0 and (c.pid not in best or e > best[c.pid][0]):
            best[c.pid] = (e, c)
    if not best:
        return None
    pending = sum(e for e, _ in best.values())
    share = v["pending_share"]
    top: tuple[float, int, Candidate] | None = None
    for e, c in best.values():
        rank = e - (1.0 - c.prob) * share * (pending - e)
        key = (rank, -c.pid)
        if top is None or key > (top[0], -top[1]):
            top = (rank, c.pid, c)
    assert top is not None
    return top[2]
