"""The observation encoder: spatial layers, a non-spatial vector and the decision one-hot.

Everything is canonical: the observing side attacks to the right (see `layout`). The layers
and features are named in `features`. The hot path is table-driven: per match and side,
look-up tables turn a player's (id, status, used flag, and whether he exerts a tackle zone:
the engine's `GameState.exerts_tz`, never a restated rule) into every player layer value and into
the flat positions they go to, so each group of layers is one fancy-index write, tackle zones
and assists are one `bincount` each, and no Python loop runs per square. A step costs a few
dozen numpy calls whatever the board.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from nuffle.core.actions import ActionType
from nuffle.core.board import Board
from nuffle.core.decision import Decision, DecisionKind
from nuffle.core.procedures.block_strength import assists_when_marked
from nuffle.core.state import GameState, PlayerInfo
from nuffle.core.types import BallState, PFlag, Status, Weather
from nuffle.envs.decision import n_decision_kinds
from nuffle.envs.features import (
    BOARD_LAYERS,
    KEY_SKILLS,
    LAYER_INDEX,
    N_NON_SPATIAL,
    N_PLAYER,
    NON_SPATIAL,
    NS_INDEX,
    PLAYER_ACTION_KINDS,
    PLAYER_LAYERS,
    SPATIAL_LAYERS,
)
from nuffle.envs.layout import side_layout
from nuffle.envs.ruleset_layout import LRB6_LAYOUT, RulesetLayout

__all__ = [
    "BOARD_LAYERS", "KEY_SKILLS", "LAYER_INDEX", "NON_SPATIAL", "NS_INDEX", "N_NON_SPATIAL",
    "PLAYER_ACTION_KINDS", "PLAYER_LAYERS", "SPATIAL_LAYERS", "ObservationEncoder", "StaticPlayers",
]

_STANDING = int(Status.STANDING)
_PRONE = int(Status.PRONE)
_STUNNED = int(Status.STUNNED)
_RESERVE = int(Status.RESERVE)
_KO = int(Status.KO)
_USED = int(PFlag.USED)
_CODES = 28  # status (7) x used (2) x no tackle zone (2)
_MOVE = int(DecisionKind.MOVE)
#: Player layers written from the per-player table (the carrier and the active player are
#: single cells, written apart).
_TABLE_LAYERS = tuple(i for i in range(N_PLAYER) if i not in (LAYER_INDEX["ball_carrier"],
                                                               LAYER_INDEX["active_player"]))
_MOVING_KINDS = frozenset(ActionType[k] for k in PLAYER_ACTION_KINDS if ActionType[k].moving_action)
_BALL = LAYER_INDEX["ball"]
# The non-spatial features by name, all zero (in the order of NON_SPATIAL), and the names the
# encoder picks by value: weather, ball state, the action under way, the acting player's skills.
_NS_ZERO: dict[str, float] = {name: 0.0 for name, _ in NON_SPATIAL}
_WEATHER = {int(w): f"weather_{w.name.lower()}" for w in Weather}
_BALL_STATE = {int(b): f"ball_{b.name.lower()}" for b in BallState}
_ACTING_KIND = {ActionType[k]: f"acting_{k.lower()}" for k in PLAYER_ACTION_KINDS}
_ACTING_SKILLS = tuple(f"acting_skill_{sk.name.lower()}" for sk in KEY_SKILLS)
assert set(_WEATHER.values()) | set(_BALL_STATE.values()) | set(_ACTING_KIND.values()) <= set(_NS_ZERO)
assert set(_ACTING_SKILLS) <= set(_NS_ZERO)
_TZ = LAYER_INDEX["own_tackle_zones"]  # own, opp tackle zones, own, opp assists: consecutive
assert [LAYER_INDEX[n] - _TZ for n in ("opp_tackle_zones", "own_assists", "opp_assists")] == [1, 2, 3]


_ByStatus = tuple[np.ndarray, np.ndarray, np.ndarray, list[int]]


class _Geometry:
    """Per-(board, side) tables: flat positions of each player layer and each neighbour bin."""

    def __init__(self, board: Board, players: int, side: int) -> None:
        lay = side_layout(players, side)
        hw = lay.height * lay.width
        n_sq = board.size + 1  # row 0 is "off the pitch" (pos -1), row sq + 1 is square sq
        self.hw = hw
        self.dump = len(SPATIAL_LAYERS) * hw  # one spare float where off-pitch writes go
        cell = np.full(n_sq, -1, dtype=np.int64)
        cell[1:] = lay.cell
        on = cell >= 0
        layers = np.asarray(_TABLE_LAYERS, dtype=np.int64)
        # square + 1 -> flat positions of the table layers at its cell (the dump off the pitch)
        self.player_idx = np.where(on[:, None], layers[None, :] * hw + cell[:, None], self.dump)
        self.cell_list = cell.tolist()  # square + 1 -> canonical cell (-1 off the pitch)
        # neighbour bins: block 0 own tackle zones (cell), block 1 opposing (hw + cell),
        # block 2 players exerting none; off the pitch -> bin 2 hw (a dump)
        self.n_bins = 2 * hw + 2
        self.big = 2 * hw + 1  # a bin set high: "marked by many" for non-exerting players
        nb = np.full((3 * n_sq, 8), 2 * hw, dtype=np.int64)
        mark = np.full(3 * n_sq, self.big, dtype=np.int64)
        offs = np.asarray(board.neighbours, dtype=np.int64)
        sqs = np.arange(board.size)
        ncell = cell[1:][np.clip(sqs[:, None] + offs[None, :], 0, board.size - 1)]
        for block in (0, 1):
            rows = block * n_sq + 1 + sqs
            nb[rows] = np.where(ncell >= 0, ncell + block * hw, 2 * hw)
            mark[rows] = np.where(cell[1:] >= 0, cell[1:] + (1 - block) * hw, self.big)
        self.nb = nb
        self.mark = mark
        self.n_sq = n_sq
        # safe reach on bitboards over the engine's padded squares
        self.stride = board.stride
        self.on_bits = sum(1 << q for q in range(board.size) if board.on_pitch[q])
        self.nb_bits = [sum(1 << (q + o) for o in board.neighbours if 0 <= q + o < board.size)
                        for q in range(board.size)]
        self.n_bytes = (board.size + 7) // 8
        self.pitch_sq = np.flatnonzero(np.asarray(board.on_pitch))
        self.safe_idx = LAYER_INDEX["safe_reach"] * hw + cell[1 + self.pitch_sq]


class StaticPlayers:
    """Per-match player tables (stats, key skills, the table rows of every status), built once
    per game for both sides, and again when a BB2020 prayer changes a player's profile (`info`
    is the player list they were built from: `ObservationEncoder.encode` rebuilds them in place)."""

    def __init__(self, s: GameState) -> None:
        self.build(s)

    def build(self, s: GameState) -> None:
        """(Re)build the tables from `s`'s players."""
        info = self.info = s.info
        n = len(info)
        stats = np.zeros((n, 4 + len(KEY_SKILLS)), dtype=np.float32)
        for i, p in enumerate(info):
            stats[i, 0] = min(p.ma / 10, 1.0)
            stats[i, 1] = min(p.st / 10, 1.0)
            stats[i, 2] = min(p.ag / 6, 1.0)
            stats[i, 3] = min(p.av / 10, 1.0)
            for k, sk in enumerate(KEY_SKILLS):
                stats[i, 4 + k] = sk in p.skills
        self.n = n
        self.stats = stats
        self.stats_list = stats.tolist()
        self.team = list(s.pteam)
        self.ma = [p.ma for p in info]
        self.key_base = np.arange(n, dtype=np.int64) * _CODES
        self.eighth = np.full(n * 8, 0.125)  # bincount weights: a tackle zone counts 1/8
        guard = np.asarray([assists_when_marked(s, p.pid) for p in info], dtype=bool)
        self.rows: list[np.ndarray] = []  # side -> (n * 28, table layers) values
        self.tz_block: list[np.ndarray] = []  # side -> key -> neighbour block offset / n_sq
        self.guard_key: list[np.ndarray] = []  # side -> key -> exerts a tackle zone and has Guard
        self.rel8: list[np.ndarray] = []  # side -> player -> 0 own, 8 opposing (status counts)
        for side in (0, 1):
            own = np.asarray(self.team) == side
            table = np.zeros((n, 7, 2, 2, len(_TABLE_LAYERS)), dtype=np.float32)
            block = np.full((n, 7, 2, 2), 2, dtype=np.int64)
            k = (1 - own.astype(np.int64))  # 0 own, 1 opposing: the own_/opp_ layer pair
            pid = np.arange(n)
            table[pid, :, :, :, k] = 1  # own_players / opp_players
            table[pid, _STANDING, :, :, 2 + k] = 1
            table[pid, _PRONE, :, :, 4 + k] = 1
            table[pid, _STUNNED, :, :, 6 + k] = 1
            table[pid, :, 1, :, 8 + k] = 1  # used
            table[:, _STANDING, :, 1, 10] = 1  # standing without a tackle zone
            table[:, :, :, :, 11:] = stats[:, None, None, None, :]
            block[:, _STANDING, :, 0] = k[:, None]
            self.rows.append(table.reshape(n * _CODES, -1))
            self.tz_block.append(block.reshape(-1))
            self.guard_key.append((guard[:, None, None, None] & (block < 2)).reshape(-1))
            self.rel8.append(k * 8)


#: The BB2020 appendix's per-player values (PA, extra skills) and the tables and players they
#: were read from (`ObservationEncoder.appendix`).
_Appended = tuple[StaticPlayers, tuple[PlayerInfo, ...], list[float], list[list[bool]]]


class ObservationEncoder:
    """Builds the observation of one board variant for either side, in the layout of a ruleset
    (`ruleset_layout.layout_for`; LRB6's by default). `size` is the LRB6 layers' part of the
    flat spatial buffer (where the legal cells are written); a BB2020 layout appends its own
    layers after it and its features after LRB6's (`appendix`)."""

    def __init__(self, players: int, layout: RulesetLayout = LRB6_LAYOUT) -> None:
        lay = side_layout(players, 0)
        b = lay.board
        self.players = players
        self.layout = layout
        self.height = lay.height
        self.width = lay.width
        self.spatial_shape = (len(layout.spatial), lay.height, lay.width)
        self.n_decisions = n_decision_kinds()
        self.non_spatial_size = len(layout.non_spatial) + self.n_decisions
        self._appended: _Appended | None = None
        self.turns = b.variant.turns_per_half
        self.pitch_max = b.variant.pitch_max
        self.roster = b.variant.roster_size
        hw = lay.height * lay.width
        self.size = len(SPATIAL_LAYERS) * hw
        template = np.zeros(self.size + 1, dtype=np.float32)  # + the dump float
        t = template[: self.size].reshape((len(SPATIAL_LAYERS), lay.height, lay.width))
        t[LAYER_INDEX["own_end_zone"], :, 0] = 1
        t[LAYER_INDEX["opp_end_zone"], :, -1] = 1
        t[LAYER_INDEX["own_half"], :, : lay.width // 2] = 1
        self._template = template
        self.geometry = (_Geometry(b, players, 0), _Geometry(b, players, 1))
        self._col = (side_layout(players, 0).col.tolist(), side_layout(players, 1).col.tolist())
        self._ys = list(b.ys)
        self._last: list[tuple[Any, ...] | None] = [None, None]  # per side: the last players' part
        # one row per engine decision kind; a kind outside the one-hot (the Wizard's target,
        # which only the other side can be deciding) is all zeros
        self._onehot = [[0.0] * self.n_decisions for _ in DecisionKind]
        for i in range(self.n_decisions):
            self._onehot[i][i] = 1.0

    def encode(
        self, s: GameState, d: Decision, side: int, static: StaticPlayers, legal_cells: np.ndarray
    ) -> tuple[np.ndarray, np.ndarray]:
        """(spatial, non_spatial) of position `s` seen by `side`, where `d` is the decision
        now asked (`Game.decision()`) and `legal_cells` the flat spatial positions of the
        legal actions' board cells (see `ActionCodec.legal_cell_table`). Both arrays are new."""
        g = self.geometry[side]
        hw = g.hw
        pos = s.pos
        if static.info is not s.info:  # a prayer's gift changed a player (BB2020)
            static.build(s)
        status = tuple(s.status)
        flags = tuple(s.pflags)
        # the players' part (player layers, tackle zones, assists) depends on the squares,
        # statuses and flags only: positions often repeat between decisions (block dice,
        # re-rolls, pushes, ...), so the last one of each side is kept
        last = self._last[side]
        if (last is not None and last[0] is static and last[6] is s.info and last[2] == status
                and last[3] == flags):
            by_status = last[4]
            pos_t = tuple(pos)
            players_buf = last[5] if last[1] == pos_t else None
        else:
            by_status = self._by_status(s, static, side, status, flags)
            pos_t = tuple(pos)
            players_buf = None
        if players_buf is None:
            players_buf = self._players(g, static, by_status, pos)
            self._last[side] = (static, pos_t, status, flags, by_status, players_buf, s.info)
        buf = players_buf.copy()
        buf[legal_cells] = 1
        cell = g.cell_list
        ball = s.ball
        carrier = s.carrier()
        if ball >= 0 and s.ball_state and cell[ball + 1] >= 0:
            buf[_BALL * hw + cell[ball + 1]] = 1
            if carrier >= 0:
                buf[LAYER_INDEX["ball_carrier"] * hw + cell[ball + 1]] = 1
        actor = -1 if d.player is None else d.player
        left = 0
        if actor >= 0:
            c = cell[pos[actor] + 1]
            if c >= 0:
                buf[LAYER_INDEX["active_player"] * hw + c] = 1
            if d.moved is not None:
                left = max(0, static.ma[actor] - d.moved)
                if c >= 0:
                    buf[LAYER_INDEX["movement_left"] * hw + c] = min(left / 10, 1.0)
                    if (left and d.kind == _MOVE and d.action in _MOVING_KINDS
                            and s.status[actor] == _STANDING):
                        self._safe_reach(s, g, buf, actor, left)
        ns = self._non_spatial(s, d, side, by_status[3], static, carrier, actor, left)
        if not self.layout.extra_layers:
            return buf[: self.size].reshape(self.spatial_shape), ns
        extra, extra_ns = self.appendix(s, d, side, static, actor, left)
        spatial = np.concatenate((buf[: self.size], extra)).reshape(self.spatial_shape)
        return spatial, np.concatenate((ns[:N_NON_SPATIAL], extra_ns, ns[N_NON_SPATIAL:]))

    def appendix(self, s: GameState, d: Decision, side: int, static: StaticPlayers, actor: int,
                 left: int) -> tuple[np.ndarray, np.ndarray]:
        """The layers and features a BB2020 layout appends (`ruleset_layout`): flat layers after
        LRB6's, and features after LRB6's (the decision one-hot comes after them)."""
        lay = self.layout
        g = self.geometry[side]
        hw = g.hw
        if self._appended is None or self._appended[0] is not static or self._appended[1] is not static.info:
            pa = [min(p.pa / 6, 1.0) for p in s.info]  # again when a player changed (Zap!'s frog)
            has = [[sk in p.skills for sk in lay.extra_skills] for p in s.info]
            self._appended = (static, static.info, pa, has)
        _, _, pa, has = self._appended
        out = np.zeros(len(lay.extra_layers) * hw, dtype=np.float32)
        cell, pos = g.cell_list, s.pos
        for p, q in enumerate(pos):
            c = cell[q + 1]
            if c < 0:
                continue
            out[c] = pa[p]
            for k, flag in enumerate(has[p]):
                if flag:
                    out[(1 + k) * hw + c] = 1
        if (actor >= 0 and d.moved is not None and left and d.kind == _MOVE and d.action in _MOVING_KINDS
                and s.status[actor] == _STANDING and cell[pos[actor] + 1] >= 0):
            jump = (1 + len(lay.extra_skills)) * hw
            for off in s.board.neighbours:
                q = pos[actor] + off
                who = s.grid[q]
                if who >= 0 and s.status[who] in (_PRONE, _STUNNED) and cell[q + 1] >= 0:
                    out[jump + cell[q + 1]] = 1
        ns = [0.0] * len(lay.extra_features)
        if actor >= 0:
            ns[0] = pa[actor]
            for k, flag in enumerate(has[actor]):
                ns[1 + k] = float(flag)
        first = 1 + len(lay.extra_skills)
        for k, t in enumerate((s.teams[side], s.teams[1 - side])):
            for i in range(len(lay.prayers)):
                if t.prayers >> i & 1:
                    ns[first + 2 * i + k] = 1.0
        return out, np.array(ns, dtype=np.float32)

    def _by_status(self, s: GameState, static: StaticPlayers, side: int, status: tuple[int, ...],
                   flags: tuple[int, ...]) -> _ByStatus:
        """What the statuses and flags alone decide: each player's table row, neighbour block
        offset, Guard-that-counts flag, and the (own, opposing) x status counts. Who exerts a
        tackle zone is the engine's answer (`GameState.exerts_tz`)."""
        st = np.array(status, dtype=np.int64)
        exerts = s.exerts_tz
        code = [(2 if f & _USED else 0) + (0 if exerts(p) else 1) for p, f in enumerate(flags)]
        key = static.key_base + st * 4 + np.array(code, dtype=np.int64)
        counts = np.bincount(static.rel8[side] + st, minlength=16).tolist()
        g = self.geometry[side]
        return (static.rows[side][key], static.tz_block[side][key] * g.n_sq, static.guard_key[side][key],
                counts)

    def _players(self, g: _Geometry, static: StaticPlayers, by_status: _ByStatus,
                 pos: list[int]) -> np.ndarray:
        """A fresh buffer with the static layers, the player layers, tackle zones and assists."""
        rows, tz_off, guard, _ = by_status
        hw = g.hw
        buf = self._template.copy()
        pos1 = np.array(pos, dtype=np.int64) + 1
        buf[g.player_idx[pos1]] = rows
        # tackle zones and assists: each player's 8 neighbour bins (a dump for players who
        # exert none), one weighted bincount each, written straight into the 4 layers
        ti = tz_off + pos1
        nbs = g.nb[ti]
        tz = np.bincount(nbs.ravel(), weights=static.eighth, minlength=g.n_bins)
        tz[g.big] = 99.0
        free = tz[g.mark[ti]] <= 0.125
        free |= guard
        base = _TZ * hw
        buf[base: base + 2 * hw] = tz[: 2 * hw]
        assists = np.bincount(nbs[free].ravel(), minlength=g.n_bins)
        np.multiply(assists[: 2 * hw], 0.125, out=buf[base + 2 * hw: base + 4 * hw])
        return buf

    def _safe_reach(self, s: GameState, g: _Geometry, buf: np.ndarray, actor: int, left: int) -> None:
        """Fill `safe_reach`: squares reachable in `left` steps, each step leaving a square in
        no opposing tackle zone and entering an empty one (bitboards over engine squares)."""
        pos, exerts = s.pos, s.exerts_tz
        occupied = 0
        for q in pos:
            if q >= 0:
                occupied |= 1 << q
        marked = 0
        nb_bits = g.nb_bits
        for p in s.ranges[1 - s.pteam[actor]]:
            if exerts(p):
                marked |= nb_bits[pos[p]]
        empty = g.on_bits & ~occupied
        leave = ~marked
        stride = g.stride
        start = 1 << pos[actor]
        reach = start
        for _ in range(left):
            src = reach & leave
            grown = src | (src << 1) | (src >> 1)
            grown |= (grown << stride) | (grown >> stride)
            new = reach | (grown & empty)
            if new == reach:
                break
            reach = new
        reach &= ~start
        if reach:
            bits = np.unpackbits(np.frombuffer(reach.to_bytes(g.n_bytes, "little"), dtype=np.uint8),
                                 bitorder="little")
            buf[g.safe_idx] = bits[g.pitch_sq]

    def _non_spatial(
        self, s: GameState, d: Decision, side: int, counts: list[int], static: StaticPlayers,
        carrier: int, actor: int, left: int,
    ) -> np.ndarray:
        """The non-spatial features, each written by its name in `NON_SPATIAL` (the array's order
        is that table's), then the decision kind one-hot."""
        me, them = s.teams[side], s.teams[1 - side]
        turns = self.turns
        f = _NS_ZERO.copy()
        f["score_own"] = min(me.score / 10, 1.0)
        f["score_opp"] = min(them.score / 10, 1.0)
        f["first_half"] = float(s.half == 1)
        f["second_half"] = float(s.half >= 2)
        f["turn_own"] = min(me.turn / turns, 1.0)
        f["turn_opp"] = min(them.turn / turns, 1.0)
        f["own_team_turn"] = float(s.active == side)
        f["rerolls_own"] = min(me.rerolls / 8, 1.0)
        f["rerolls_opp"] = min(them.rerolls / 8, 1.0)
        f["reroll_used_own"] = float(me.reroll_used)
        f["reroll_used_opp"] = float(them.reroll_used)
        f["leader_own"] = float(me.bonus_reroll > 0)
        f["leader_opp"] = float(them.bonus_reroll > 0)
        f["bribes_own"] = min(me.bribes / 3, 1.0)
        f["bribes_opp"] = min(them.bribes / 3, 1.0)
        f["apothecary_own"] = float(min(me.apothecaries, 1))
        f["apothecary_opp"] = float(min(them.apothecaries, 1))
        f[_WEATHER[s.weather]] = 1.0
        f["own_kicking"] = float(s.kicking == side)
        f["own_kicked_first"] = float(s.first_kicker == side)
        f["blitz_used_own"] = float(me.blitz_used)
        f["blitz_used_opp"] = float(them.blitz_used)
        f["pass_used_own"] = float(me.pass_used)
        f["pass_used_opp"] = float(them.pass_used)
        f["handoff_used_own"] = float(me.handoff_used)
        f["handoff_used_opp"] = float(them.handoff_used)
        f["foul_used_own"] = float(me.foul_used)
        f["foul_used_opp"] = float(them.foul_used)
        f[_BALL_STATE[s.ball_state]] = 1.0
        team = static.team
        if carrier >= 0:
            f["own_has_ball" if team[carrier] == side else "opp_has_ball"] = 1.0
        ball = s.ball
        if ball >= 0 and s.ball_state:
            c = self._col[side][ball]
            f["ball_x"] = c / max(1, self.width - 1)
            f["ball_y"] = s.board.ys[ball] / max(1, self.height - 1)
            f["ball_in_own_half"] = float(c < self.width // 2)
        n = counts
        pm, r = self.pitch_max, self.roster
        f["on_pitch_own"] = min((n[_STANDING] + n[_PRONE] + n[_STUNNED]) / pm, 1.0)
        f["on_pitch_opp"] = min((n[8 + _STANDING] + n[8 + _PRONE] + n[8 + _STUNNED]) / pm, 1.0)
        f["reserves_own"] = n[_RESERVE] / r
        f["reserves_opp"] = n[8 + _RESERVE] / r
        f["ko_own"] = n[_KO] / r
        f["ko_opp"] = n[8 + _KO] / r
        f["cas_own"] = (n[5] + n[6]) / r
        f["cas_opp"] = (n[13] + n[14]) / r
        if actor >= 0:
            st = static.stats_list[actor]
            f["acting"] = 1.0
            f["acting_own"] = float(team[actor] == side)
            f["acting_ma"], f["acting_st"], f["acting_ag"], f["acting_av"] = st[0], st[1], st[2], st[3]
            f["acting_moves_left"] = min(left / 10, 1.0)
            f["acting_has_ball"] = float(actor == carrier)
            if d.action is not None and d.action in _ACTING_KIND:
                f[_ACTING_KIND[d.action]] = 1.0
            for name, value in zip(_ACTING_SKILLS, st[4:], strict=True):
                f[name] = value
        return np.array([*f.values(), *self._onehot[d.kind]], dtype=np.float32)
