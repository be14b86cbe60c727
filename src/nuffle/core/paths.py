"""Probability-weighted pathfinding: the safest route to every square a player can reach.

A route's value is its chance of success: every dodge, Going For It, stand-up and pick-up on
it succeeds, with each re-roll spent as the rules allow (skill re-roll first, then the team
re-roll on the first failure no skill covers; Dodge and Sure Feet once per turn; Loner 4+).
Because re-rolls make the value a sum over "where the re-roll was spent", a partial route is a
vector of probability masses, one per set of re-rolls still available. The search runs layer by
layer over MA used and keeps, per square, every label that no other label dominates (fewer
moves and at least as much mass on every up-set of re-roll states), so the optimum is exact.
Floats in the search; `Path.exact()` replays a route with `Fraction`s. See docs/PATHFINDING.md.

The engine walks assisted moves along these paths, so the search lives in core; the query
front end is `nuffle.analysis.pathfinding`.
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from functools import cache
from typing import TYPE_CHECKING, Any

from nuffle.core.characteristics import ag_target
from nuffle.core.procedures.ball import PICKUP_MODIFIER, can_handle_ball, pickup_modifier
from nuffle.core.procedures.movement import (
    DEST_ZONE_IGNORED,
    DODGE_MODIFIER,
    DODGE_REROLL_CANCEL,
    DODGE_ROLL_REACTION,
    DODGE_ZONES_IGNORED,
    LEFT_ZONE_MODIFIER,
    dodge_modifier,
    gfi_target,
    max_gfi,
    need,
    reaction_modifier,
    stand_up_cost,
)
from nuffle.core.procedures.rolls import reroll_sources, team_reroll_available
from nuffle.core.state import GameState
from nuffle.core.types import BallState, RollKind, Status, Weather

if TYPE_CHECKING:
    from nuffle.core.game import Game

Square = tuple[int, int]

__all__ = ["Path", "PathSearch", "search"]

_EPS = 1e-12
# Step keys: bit 0 GFI, bit 1 dodge, bit 2 Dodge re-roll cancelled (Tackle), bits 3-6 the dodge
# modifier + 7 (clamped to 0..15), bit 7 pick-up, bits 8-11 tackle zones on the ball, bit 12
# stand-up roll.
_GFI, _DODGE, _TACKLE, _PICKUP, _STANDUP = 1, 2, 4, 128, 4096


def _mod_bits(mod: int) -> int:
    """A dodge modifier as step-key bits 3-6."""
    return max(0, min(15, mod + 7)) << 3
_MEMO_LIMIT = 200_000


@cache
def _monotone(k: int) -> tuple[int, ...]:
    """Every up-set of the lattice of `k`-bit states, as a bit mask over the 2**k states (a
    monotone Boolean function): one on the last bit clear below one on it set."""
    if k == 0:
        return (0, 1)
    half = 1 << (k - 1)
    return tuple(lo | (hi << half) for lo in _monotone(k - 1) for hi in _monotone(k - 1)
                 if lo & hi == lo)


@cache
def _upsets(k: int) -> tuple[tuple[int, ...], ...]:
    """Non-empty up-sets of the lattice of re-roll states (bit set = re-roll still available)."""
    n = 1 << k
    return tuple(tuple(i for i in range(n) if f >> i & 1) for f in _monotone(k) if f)


_NO_BONUS = {base: (base,) * 9 for base in (0, 1)}  # a pick-up's base, no skills

# How a roll's own skill re-roll works, from the engine's `reroll_sources`.
_NO_SKILL, _ONCE, _EACH = 0, 1, 2
# Per roll kind: (skill mode, team re-roll allowed, Pro allowed).
_Sources = tuple[int, bool, bool]


def _sources(s: GameState, pid: int, kind: RollKind, team: bool) -> _Sources:
    """The engine's re-roll sources for a roll of `kind`, as a profile key part."""
    src = reroll_sources(s, pid, kind, team=team)
    mode = (_ONCE if src.skill_once else _EACH) if src.skill else _NO_SKILL
    return mode, src.team, src.pro


class _Profile:
    """Roll odds and interned mass vectors shared by searches of players with equal odds.

    The re-roll policy on a failed roll: the roll's own skill re-roll (Sure Hands every time;
    Dodge, Sure Feet once per turn), else a team re-roll (Loner: 4+), else Pro (4+).
    """

    def __init__(
        self, ag_target: int, gfi: int, rain: bool, hands: bool, loner: bool,
        dodge: _Sources, gfi_src: _Sources, pickup: _Sources, stand_up: _Sources,
        pickup_bonus: tuple[int, ...],
    ) -> None:
        self.ag_target = ag_target  # his Agility test before modifiers (characteristics.ag_target)
        # A pick-up's modifiers but tackle zones and rain (the ruleset's base, skills), by zones.
        self.pickup_bonus = pickup_bonus
        self.gfi = gfi
        self.rain = rain
        self.hands = hands
        self.loner = loner
        self.src = {"dodge": dodge, "gfi": gfi_src, "pickup": pickup, "stand_up": stand_up}
        srcs = self.src.values()
        bit = 1
        self.dodge_bit = self.sf_bit = self.team_bit = self.pro_bit = 0
        for live, name in ((dodge[0] == _ONCE, "dodge_bit"), (gfi_src[0] == _ONCE, "sf_bit"),
                           (any(t for _, t, _ in srcs), "team_bit"),
                           (any(p for _, _, p in srcs), "pro_bit")):
            if live:
                setattr(self, name, bit)
                bit <<= 1
        self.n = bit
        self.upsets = _upsets(bit.bit_length() - 1)
        start = tuple(1.0 if i == bit - 1 else 0.0 for i in range(bit))
        self.vecs: list[tuple[float, ...]] = [start]
        self.totals: list[float] = [1.0]
        self.ids: dict[tuple[float, ...], int] = {start: 0}
        self.step_memo: dict[int, int] = {}
        self.dom_memo: dict[int, bool] = {}

    def _roll(self, kind: str, need: int, bit: int, blocked: bool = False) -> _Roll:
        """One roll: (kind, need, successes out of 6, skill (-1 each time, a once-per-turn bit
        or 0), team re-roll allowed, Pro allowed)."""
        mode, team, pro = self.src[kind]
        skill = 0 if blocked or mode == _NO_SKILL else (-1 if mode == _EACH else bit)
        return (kind, need, 7 - need, skill, team, pro)

    def rolls(self, key: int) -> list[_Roll]:
        """The rolls of a step key, in the order the engine makes them."""
        out = []
        if key & _STANDUP:
            out.append(self._roll("stand_up", 4, 0))
        if key & _GFI:
            out.append(self._roll("gfi", need(self.gfi, 0, False), self.sf_bit))
        if key & _DODGE:
            mod = ((key >> 3) & 15) - 7
            out.append(self._roll("dodge", need(self.ag_target, mod, True), self.dodge_bit,
                                  bool(key & _TACKLE)))
        if key & _PICKUP:
            if not self.hands:
                out.append(("pickup", 7, 0, 0, False, False))
            else:
                tz = (key >> 8) & 15
                mod = pickup_modifier(tz, Weather.POURING_RAIN if self.rain else Weather.NICE, 0)
                mod += self.pickup_bonus[tz]
                out.append(self._roll("pickup", need(self.ag_target, mod, True), 0))
        return out

    def apply(self, vid: int, key: int) -> int:
        """The mass vector after a step with key `key` (interned id; -1 if impossible)."""
        mk = vid * 8192 + key
        got = self.step_memo.get(mk)
        if got is not None:
            return got
        if len(self.step_memo) > _MEMO_LIMIT:
            self.step_memo.clear()
            self.dom_memo.clear()
        vec = list(self.vecs[vid])
        tb, pb = self.team_bit, self.pro_bit
        lam = 0.5 if self.loner else 1.0
        for _kind, _n, wins, skill, team, pro in self.rolls(key):
            p = wins / 6.0
            q = 1.0 - p
            out = [0.0] * self.n
            for s, m in enumerate(vec):
                if not m:
                    continue
                out[s] += m * p
                if skill == -1:  # Sure Hands: every time, and then no team re-roll
                    out[s] += m * q * p
                elif skill and s & skill:
                    out[s ^ skill] += m * q * p
                elif team and tb and s & tb:
                    out[s ^ tb] += m * q * lam * p
                elif pro and s & pb:
                    out[s ^ pb] += m * q * 0.5 * p
            vec = out
        res = self._intern(tuple(vec))
        self.step_memo[mk] = res
        return res

    def _intern(self, vec: tuple[float, ...]) -> int:
        if sum(vec) <= 0.0:
            return -1
        vid = self.ids.get(vec)
        if vid is None:
            vid = len(self.vecs)
            self.vecs.append(vec)
            self.totals.append(sum(vec))
            self.ids[vec] = vid
        return vid

    def dominates(self, a: int, b: int) -> bool:
        """Whether mass vector `a` is at least `b` on every up-set (better for any future)."""
        if a == b:
            return True
        mk = a * 1_000_003 + b
        got = self.dom_memo.get(mk)
        if got is None:
            va, vb = self.vecs[a], self.vecs[b]
            got = all(sum(va[i] for i in u) >= sum(vb[i] for i in u) - _EPS for u in self.upsets)
            self.dom_memo[mk] = got
        return got

    def exact(self, keys: list[int]) -> Fraction:
        """The success chance of a route's step keys, as an exact Fraction."""
        vec = [Fraction(0)] * self.n
        vec[-1] = Fraction(1)
        tb, pb = self.team_bit, self.pro_bit
        lam = Fraction(1, 2) if self.loner else Fraction(1)
        for key in keys:
            for _kind, _n, wins, skill, team, pro in self.rolls(key):
                p = Fraction(wins, 6)
                q = 1 - p
                out = [Fraction(0)] * self.n
                for s, m in enumerate(vec):
                    out[s] += m * p
                    if skill == -1:
                        out[s] += m * q * p
                    elif skill and s & skill:
                        out[s ^ skill] += m * q * p
                    elif team and tb and s & tb:
                        out[s ^ tb] += m * q * lam * p
                    elif pro and s & pb:
                        out[s ^ pb] += m * q * Fraction(1, 2) * p
                vec = out
        return sum(vec, Fraction(0))


_PROFILES: dict[tuple[object, ...], _Profile] = {}

# A roll of a step: (kind, need, successes out of 6, skill, team allowed, Pro allowed).
_Roll = tuple[str, int, int, int, bool, bool]

# A label: (mass vector id, square, moves used, parent label or None, step key).
_Label = tuple[int, int, int, Any, int]


class Path:
    """A route for one player: steps, success chance, rolls needed, MA used."""

    __slots__ = ("_key", "_label", "_search", "moves", "moves_after", "prob", "target")

    def __init__(
        self, search: PathSearch, label: _Label, prob: float, extra_key: int = 0,
        target: Square | None = None, cost: int = 0,
    ) -> None:
        self._search = search
        self._label = label
        self._key = extra_key
        self.prob = prob
        #: The square acted on at the end (blitz, hand-off or foul target), if any.
        self.target = target
        #: MA used by the action once this path (and a blitz block) is done.
        self.moves_after = label[2] + cost
        #: MA this path spends: stand-up, steps and the blitz block.
        self.moves = self.moves_after - search.moves_used

    def _chain(self) -> list[_Label]:
        out = []
        lab: _Label | None = self._label
        while lab is not None:
            out.append(lab)
            lab = lab[3]
        out.reverse()
        return out

    def _keys(self) -> list[int]:
        keys = [lab[4] for lab in self._chain()]
        if self._key:
            keys.append(self._key)
        return keys

    @property
    def steps(self) -> list[Square]:
        """The squares entered, in order (the start square is not included)."""
        b = self._search.state.board
        return [b.xy(lab[1]) for lab in self._chain()[1:]]

    @property
    def end(self) -> Square:
        """The square where the path ends."""
        return self._search.state.board.xy(self._label[1])

    @property
    def rolls(self) -> list[tuple[str, int]]:
        """The rolls needed, in order, as (kind, D6 target): ("dodge", 4), ("gfi", 2), ..."""
        prof = self._search.profile
        return [(r[0], r[1]) for key in self._keys() for r in prof.rolls(key)]

    @property
    def step_rolls(self) -> list[tuple[Square, list[tuple[str, int]]]]:
        """Each square of the route with the rolls needed there, as (kind, D6 target): the start
        square first (a stand-up roll, if any), then every square entered (for display)."""
        b = self._search.state.board
        prof = self._search.profile
        chain = self._chain()
        out = [(b.xy(lab[1]), [(r[0], r[1]) for r in prof.rolls(lab[4])]) for lab in chain]
        if self._key:
            out[-1][1].extend((r[0], r[1]) for r in prof.rolls(self._key))
        return out

    def exact(self) -> Fraction:
        """The success chance as an exact Fraction (replays the route)."""
        return self._search.profile.exact(self._keys())

    def __repr__(self) -> str:
        return f"Path(steps={self.steps}, prob={self.prob:.4f}, rolls={self.rolls}, moves={self.moves})"


def _state(game_or_state: Game | GameState) -> GameState:
    return game_or_state if isinstance(game_or_state, GameState) else game_or_state.state


def _rank(prob: float, moves: int) -> tuple[float, int]:
    """Safest first (floats within 1e-12 count as equal), then fewest moves."""
    return (-round(prob, 11), moves)


class PathSearch:
    """One search for one player: every non-dominated label per square, and the queries."""

    def __init__(
        self, game_or_state: Game | GameState, pid: int, moves_used: int = 0,
        team_reroll: bool | None = None, pickup: bool = True,
    ) -> None:
        s = _state(game_or_state)
        self.state = s
        self.pid = pid
        self.moves_used = moves_used
        info = s.info[pid]
        skills = info.skills
        side = s.pteam[pid]
        self.side = side
        if team_reroll is None:
            team_reroll = team_reroll_available(s, side)
        team = bool(team_reroll)
        base = s.rules.pickup_base
        key = (
            ag_target(s, pid), gfi_target(s), s.weather == Weather.POURING_RAIN, can_handle_ball(s, pid),
            reroll_sources(s, pid, RollKind.DODGE).loner,
            _sources(s, pid, RollKind.DODGE, team), _sources(s, pid, RollKind.GFI, team),
            _sources(s, pid, RollKind.PICKUP, team), _sources(s, pid, RollKind.STAND_UP, team),
            tuple(base + PICKUP_MODIFIER.total(skills, s, pid, tz) for tz in range(9))
            if PICKUP_MODIFIER.fns(skills) else _NO_BONUS.get(base) or (base,) * 9,
        )
        prof = _PROFILES.get(key)
        if prof is None:
            prof = _PROFILES[key] = _Profile(*key)
        self.profile = prof
        self.ma = info.ma
        self.limit = info.ma + max_gfi(s, pid)
        self.labels: dict[int, list[_Label]] = {}
        self.start: _Label | None = None
        self._best: dict[int, _Label] | None = None
        start = s.pos[pid]
        status = s.status[pid]
        if start < 0 or status not in (Status.STANDING, Status.PRONE):
            return
        if status == Status.PRONE:
            cost = stand_up_cost(s, pid)
            if info.ma < cost:
                vid = prof.apply(0, _STANDUP)
                first: _Label = (vid, start, max(moves_used, info.ma), None, _STANDUP)
            else:
                first = (0, start, moves_used + cost, None, 0)
        else:
            first = (0, start, moves_used, None, 0)
        if first[0] < 0:
            return
        self.start = first
        self._run(s, start, first, pickup)

    def _run(self, s: GameState, start: int, first: _Label, pickup: bool) -> None:
        """The layered label-setting search."""
        b = s.board
        grid = s.grid
        side = self.side
        prof = self.profile
        apply = prof.apply
        dominates = prof.dominates
        # Side-relative neighbour order (forward first) keeps home and away mirror images.
        st = b.stride
        f = 1 if side == 0 else -1
        nbs = [dy * st + dx * f for dx, dy in ((1, 0), (1, -1), (1, 1), (0, -1), (0, 1),
                                               (-1, 0), (-1, -1), (-1, 1))]
        size = len(grid)
        tz = [0] * size
        tackle = [0] * size
        pos = s.pos
        pid = self.pid
        # Skills acting on dodges (the mover's or his opponents') need the engine's modifier
        # per (from, to) pair; without them the modifier is the ruleset's base (LRB6 +1) less the
        # tackle zones on the destination, written as _mod_bits does (7 + modifier, at least 0).
        zone_key = 7 + s.rules.dodge_base
        special = bool(DODGE_MODIFIER.fns(s.info[pid].skills) or DODGE_ZONES_IGNORED.fns(s.info[pid].skills))
        for q in s.ranges[1 - side]:
            sq = pos[q]
            if sq >= 0 and s.exerts_tz(q):
                qs = s.info[q].skills
                tk = _TACKLE if DODGE_REROLL_CANCEL.fns(qs) and DODGE_REROLL_CANCEL.any(qs, s, pid, q) else 0
                if DEST_ZONE_IGNORED.fns(qs) or LEFT_ZONE_MODIFIER.fns(qs) or DODGE_ROLL_REACTION.fns(qs):
                    special = True
                for off in nbs:
                    tz[sq + off] += 1
                    tackle[sq + off] |= tk
        # `clear[q]`: q holds a label of chance 1 with every re-roll left (dominates all), or
        # must not be entered. `terminal[q]`: a path may end on q but not go on.
        clear = [False] * size
        terminal = [False] * size
        ball, pk = -1, 0
        if s.ball_state == BallState.ON_GROUND and s.ball >= 0 and s.ball != start:
            if pickup:
                ball = s.ball
                pk = _PICKUP | (tz[ball] << 8)
                terminal[ball] = True
            else:
                clear[s.ball] = True
        if s.ball_state == BallState.CARRIED and s.ball == start:
            ez = b.endzone_x[side]
            for i in b.all_squares:
                if b.xs[i] == ez:
                    terminal[i] = True
        labels: dict[int, list[_Label]] = {start: [first]}
        self.labels = labels
        if first[0] == 0:
            clear[start] = True
        frontier = [first]
        ma = self.ma
        memo = prof.step_memo
        for m in range(first[2], self.limit):
            layer: dict[int, list[_Label]] = {}
            gfi = _GFI if m >= ma else 0
            m1 = m + 1
            for lab in frontier:
                vid = lab[0]
                sq = lab[1]
                t = tz[sq]
                lk = (_DODGE | tackle[sq] | gfi) if t else gfi
                vbase = vid * 8192
                for off in nbs:
                    q = sq + off
                    if clear[q] or (grid[q] != -1 and q != start):
                        continue
                    if lk or q == ball:
                        if not t:
                            key = lk
                        elif special:
                            mod = dodge_modifier(s, pid, q, sq) + reaction_modifier(s, pid, q, sq)
                            key = lk | _mod_bits(mod)
                        else:
                            key = lk | (max(0, zone_key - tz[q]) << 3)
                        if q == ball:
                            key |= pk
                        nv = memo.get(vbase + key, -2)
                        if nv == -2:
                            nv = apply(vid, key)
                        if nv < 0:
                            continue
                    else:
                        key = 0
                        nv = vid
                    old = labels.get(q)
                    if old is not None:
                        dom = False
                        for o in old:
                            ov = o[0]
                            if ov == nv or dominates(ov, nv):
                                dom = True
                                break
                        if dom:
                            continue
                    cur = layer.get(q)
                    if cur is None:
                        layer[q] = [(nv, q, m1, lab, key)]
                        continue
                    dom = False
                    for c in cur:
                        cv = c[0]
                        if cv == nv or dominates(cv, nv):
                            dom = True
                            break
                    if not dom:
                        cur[:] = [c for c in cur if not dominates(nv, c[0])]
                        cur.append((nv, q, m1, lab, key))
            frontier = []
            for q, labs in layer.items():
                old = labels.get(q)
                if old is None:
                    labels[q] = labs
                else:
                    old.extend(labs)
                for lab in labs:
                    if lab[0] == 0:
                        clear[q] = True
                    if not terminal[q]:
                        frontier.append(lab)
            if not frontier:
                break

    # --- queries ---------------------------------------------------------------------------

    def _best_at(self) -> dict[int, _Label]:
        """The safest label per square (then fewest moves; first found among equals)."""
        if self._best is None:
            totals = self.profile.totals
            best = {}
            for q, labs in self.labels.items():
                top = labs[0]
                rk = _rank(totals[top[0]], top[2])
                for lab in labs[1:]:
                    r = _rank(totals[lab[0]], lab[2])
                    if r < rk:
                        top, rk = lab, r
                best[q] = top
            self._best = best
        return self._best

    def path(self, square: Square) -> Path | None:
        """The safest path to `square`, or None if unreachable."""
        b = self.state.board
        if not b.is_on(*square):
            return None
        lab = self._best_at().get(b.sq(*square))
        if lab is None:
            return None
        return Path(self, lab, self.profile.totals[lab[0]])

    def all(self) -> dict[Square, Path]:
        """Every reachable square (the start square excluded) with its safest path."""
        xy = self.state.board.xy
        totals = self.profile.totals
        start = self.state.pos[self.pid]
        return {
            xy(q): Path(self, lab, totals[lab[0]]) for q, lab in self._best_at().items() if q != start
        }

    def _pick(self, cands: list[tuple[int, _Label, float, int]]) -> tuple[_Label, float, int] | None:
        """Safest, then shortest, then side-neutral: nearest the start's row, lower y, forward x."""
        if not cands:
            return None
        b = self.state.board
        w = b.width - 1

        def f(x: int) -> int:
            return x if self.side == 0 else w - x

        y0 = b.ys[self.state.pos[self.pid]]
        _q, lab, p, k = min(
            cands,
            key=lambda c: (*_rank(c[2], c[1][2] + (1 if c[3] else 0)), abs(b.ys[c[0]] - y0),
                           b.ys[c[0]], -f(b.xs[c[0]])),
        )
        return lab, p, k

    def endzone(self) -> Path | None:
        """The safest path into the end zone this player attacks."""
        b = self.state.board
        ez = b.endzone_x[self.side]
        totals = self.profile.totals
        cands = [(q, lab, totals[lab[0]], 0) for q, lab in self._best_at().items() if b.xs[q] == ez]
        got = self._pick(cands)
        return None if got is None else Path(self, got[0], got[1])

    def adjacent(self, want: Callable[[int], bool], action_cost: bool = False) -> dict[Square, Path]:
        """For each player `want` accepts, the safest path ending next to him.

        With `action_cost` (a blitz block) the action takes a square of movement, or a GFI roll
        (counted in the odds) once MA is used up; squares with no movement left are skipped."""
        s = self.state
        b = s.board
        targets = [q for q in range(len(s.info)) if s.pos[q] >= 0 and want(q)]
        out: dict[Square, Path] = {}
        for t in targets:
            tsq = s.pos[t]
            got = self._pick(self._next_to(tsq, action_cost))
            if got is not None:
                out[b.xy(tsq)] = Path(self, got[0], got[1], got[2], b.xy(tsq), int(action_cost))
        return out

    def _next_to(self, tsq: int, action_cost: bool) -> list[tuple[int, _Label, float, int]]:
        """Every way to end next to square index `tsq`: (square, label, chance, extra roll)."""
        prof = self.profile
        totals = prof.totals
        cands = []
        for off in self.state.board.neighbours:
            q = tsq + off
            for lab in self.labels.get(q, ()):
                key = 0
                if action_cost:
                    if lab[2] >= self.limit:
                        continue
                    if lab[2] >= self.ma:
                        key = _GFI
                vid = prof.apply(lab[0], key) if key else lab[0]
                if vid >= 0:
                    cands.append((q, lab, totals[vid], key))
        return cands

    def blitz_squares(self, target: Square) -> dict[Square, Path]:
        """Per square next to the standing opponent on `target` that a blitz could block him
        from, the safest path there (the block's GFI included); `blitz()` takes the best."""
        b = self.state.board
        tsq = b.sq(*target)
        by_square: dict[int, list[tuple[int, _Label, float, int]]] = {}
        for cand in self._next_to(tsq, True):
            by_square.setdefault(cand[0], []).append(cand)
        out: dict[Square, Path] = {}
        for q, cands in by_square.items():
            got = self._pick(cands)
            if got is not None:
                out[b.xy(q)] = Path(self, got[0], got[1], got[2], target, 1)
        return out

    def blitz(self) -> dict[Square, Path]:
        """Per standing opponent, the safest path to block him (block GFI included)."""
        s = self.state
        side = self.side
        return self.adjacent(lambda q: s.pteam[q] != side and s.status[q] == Status.STANDING, True)

    def handoff(self) -> dict[Square, Path]:
        """Per standing team-mate who can catch, the safest path to hand off to him."""
        s = self.state
        side, me = self.side, self.pid
        return self.adjacent(
            lambda q: q != me and s.pteam[q] == side and s.status[q] == Status.STANDING
            and s.exerts_tz(q) and can_handle_ball(s, q)
        )

    def foul(self) -> dict[Square, Path]:
        """Per prone or stunned opponent, the safest path to foul him."""
        s = self.state
        side = self.side
        return self.adjacent(
            lambda q: s.pteam[q] != side and s.status[q] in (Status.PRONE, Status.STUNNED)
        )


def search(
    game_or_state: Game | GameState, pid: int, moves_used: int = 0, *,
    team_reroll: bool | None = None, pickup: bool = True,
) -> PathSearch:
    """Run one search for `pid`; query it with `.path`, `.all`, `.endzone`, `.blitz`, ..."""
    return PathSearch(game_or_state, pid, moves_used, team_reroll, pickup)
