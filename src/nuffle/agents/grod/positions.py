"""Positional purposes: what a square is worth to a player who moves there.

One map per plan, side-relative: receiving positions, the cage around our carrier, the
offensive screen ahead of him; marking their carrier, the defensive screen and the sweep in
front of our end zone; closing on a loose ball; tackle zones on opponents.
"""

from __future__ import annotations

from nuffle.agents.grod.values import Values
from nuffle.agents.scripted.decisions import on_sideline
from nuffle.core.state import GameState
from nuffle.core.types import BallState, Status


def threat_map(s: GameState, side: int) -> list[int]:
    """Per square, the standing opponents of `side` within two squares (`threats` for all)."""
    b = s.board
    st = b.stride
    offs = [dy * st + dx for dx in range(-2, 3) for dy in range(-2, 3)]
    out = [0] * b.size
    size = b.size
    for q in s.ranges[1 - side]:
        sq = s.pos[q]
        if sq >= 0 and s.status[q] == Status.STANDING:
            for o in offs:
                n = sq + o
                if 0 <= n < size:
                    out[n] += 1
    return out


class PositionMap:
    """Square values for `side` in position `s`: `general[sq]` for anyone, `receive[sq]`
    added for players who can handle the ball; `purpose[sq]` names the best purpose."""

    def __init__(self, s: GameState, side: int, v: Values, tz: list[int]) -> None:
        self.s = s
        self.side = side
        self.v = v
        self.tz = tz
        self.threat = threat_map(s, side)
        b = s.board
        self.b = b
        self.ez = b.endzone_x[side]  # the end zone we attack
        self.own_ez = b.endzone_x[1 - side]  # the one we defend
        size = b.size
        self.general = [0.0] * size
        self.receive = [0.0] * size
        self.purpose = [""] * size
        carrier = s.carrier()
        if carrier >= 0 and s.pteam[carrier] == side:
            self._offence(carrier)
        elif carrier >= 0:
            self._defence(carrier)
        elif s.ball_state == BallState.ON_GROUND and s.ball >= 0:
            self._loose(s.ball)
        self._tackle_zones()

    def _set(self, sq: int, value: float, purpose: str) -> None:
        if value > self.general[sq]:
            self.general[sq] = value
            self.purpose[sq] = purpose

    def to_ez(self, sq: int) -> int:
        """Columns from `sq` to the end zone we attack."""
        return abs(self.b.xs[sq] - self.ez)

    def to_own_ez(self, sq: int) -> int:
        """Columns from `sq` to the end zone we defend."""
        return abs(self.b.xs[sq] - self.own_ez)

    # --- we hold the ball ------------------------------------------------------------------

    def _offence(self, carrier: int) -> None:
        s, b, v = self.s, self.b, self.v
        csq = s.pos[carrier]
        st = b.stride
        for d in (-st - 1, -st + 1, st - 1, st + 1):
            q = csq + d
            if b.on_pitch[q]:
                self._set(q, v["cage"], "cage")
        cx, cy = b.xs[csq], b.ys[csq]
        depth = v["screen_depth"]
        reach = max(3, round(depth))
        for q in b.all_squares:
            ahead = self.to_ez(csq) - self.to_ez(q)
            dy = abs(b.ys[q] - cy)
            if 2 <= ahead <= reach and dy <= 3 and self.tz[q] == 0:
                self._set(q, v["screen_offence"] * (1.0 - dy / 5.0), "screen_offence")
        recv = v["receive"]
        for q in b.all_squares:
            if self.tz[q] or on_sideline(s, q) or abs(b.xs[q] - cx) < 2:
                continue
            d = self.to_ez(q)
            if d <= 0:
                continue
            want = max(2.0, v["receive_depth"] * 10.0)
            self.receive[q] = recv * max(0.0, 1.0 - abs(d - want) / 6.0) - 0.5 * self.threat[q]

    # --- they hold the ball ----------------------------------------------------------------

    def _defence(self, carrier: int) -> None:
        s, b, v = self.s, self.b, self.v
        esq = s.pos[carrier]
        ey = b.ys[esq]
        for off in b.neighbours:
            q = esq + off
            if b.on_pitch[q]:
                self._set(q, v["mark_carrier"], "mark_carrier")
        depth = v["screen_depth"]
        carrier_to_ez = self.to_own_ez(esq)
        mates = [s.pos[p] for p in s.ranges[self.side] if s.pos[p] >= 0 and s.status[p] == Status.STANDING]
        swept = any(self.to_own_ez(m) < carrier_to_ez - 3 and self.to_own_ez(m) <= 3 for m in mates)
        for q in b.all_squares:
            gap = carrier_to_ez - self.to_own_ez(q)  # squares between carrier and q
            dy = abs(b.ys[q] - ey)
            if 2 <= gap <= depth + 2 and dy <= 4:
                near = sum(1 for m in mates if b.distance(m, q) == 1)
                val = v["screen_defence"] * (1.0 - dy / 6.0) - 1.0 * near
                self._set(q, val, "screen_defence")
            if not swept and gap >= 4 and self.to_own_ez(q) <= 2 and dy <= 2:
                self._set(q, v["sweep"] * (1.0 - v["sweep_depth"] * self.to_own_ez(q)), "sweep")

    # --- the ball is loose -----------------------------------------------------------------

    def _loose(self, ball: int) -> None:
        b, v = self.b, self.v
        for q in b.all_squares:
            if q == ball:
                continue
            d = b.distance(q, ball)
            if d <= 5:
                self._set(q, v["to_ball"] * (1.0 - (d - 1) / 5.0), "to_ball")

    # --- tackle zones on opponents ---------------------------------------------------------

    def _tackle_zones(self) -> None:
        s, b, v = self.s, self.b, self.v
        ball = s.ball if s.ball >= 0 else -1
        for q in s.ranges[1 - self.side]:
            sq = s.pos[q]
            if sq < 0 or s.status[q] != Status.STANDING:
                continue
            val = v["tackle_zone"]
            if ball >= 0 and b.distance(sq, ball) <= 2:
                val = v["tackle_zone_near_ball"]
            for off in b.neighbours:
                n = sq + off
                if b.on_pitch[n]:
                    self._set(n, val, "tackle_zone")

    def value(self, sq: int, handler: bool) -> tuple[float, str]:
        """The square's worth to a player (ball handlers also value receiving positions)."""
        g = self.general[sq]
        if handler and self.receive[sq] > g:
            return self.receive[sq], "receive"
        return g, self.purpose[sq]
