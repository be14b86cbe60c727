"""The observation encoder: spatial layers, a non-spatial vector and the decision one-hot.

Everything is canonical: the observing side attacks to the right (see `layout`). The hot path
is vectorised numpy over the players and the board; no Python loop runs per square.
"""

from __future__ import annotations

import numpy as np

from nuffle.core.game import Game
from nuffle.core.skills import Skill
from nuffle.core.state import GameState
from nuffle.core.types import BallState, PFlag, Status, Weather
from nuffle.envs.decision import acting_player, decision_index, n_decision_kinds
from nuffle.envs.layout import side_layout

#: Skills given a layer of their own (and a flag in the acting player's features).
KEY_SKILLS = (
    Skill.BLOCK, Skill.DODGE, Skill.SURE_HANDS, Skill.CATCH, Skill.PASS, Skill.TACKLE,
    Skill.GUARD, Skill.MIGHTY_BLOW, Skill.FRENZY, Skill.STAND_FIRM, Skill.SURE_FEET, Skill.LEAP,
)

#: Per-player layers: written at each on-pitch player's cell.
PLAYER_LAYERS: tuple[tuple[str, str], ...] = (
    ("own_players", "1 where an own player stands, lies or is stunned"),
    ("opp_players", "1 where an opposing player is"),
    ("own_standing", "own player standing"),
    ("opp_standing", "opposing player standing"),
    ("own_prone", "own player prone (down, not stunned)"),
    ("opp_prone", "opposing player prone"),
    ("own_stunned", "own player stunned"),
    ("opp_stunned", "opposing player stunned"),
    ("own_used", "own player who has acted this turn"),
    ("opp_used", "opposing player who has acted this turn"),
    ("no_tackle_zone", "player without a tackle zone (distracted, hypnotised)"),
    ("ball_carrier", "the player holding the ball"),
    ("active_player", "the player whose action is being played"),
    ("ma", "movement allowance / 10"),
    ("st", "strength / 10"),
    ("ag", "agility / 6"),
    ("av", "armour value / 10"),
    *((f"skill_{sk.name.lower()}", f"player has {sk.name.replace('_', ' ').title()}") for sk in KEY_SKILLS),
)
#: Board layers computed from the whole position.
BOARD_LAYERS: tuple[tuple[str, str], ...] = (
    ("ball", "1 where the ball is (on the ground, carried or in the air)"),
    ("own_tackle_zones", "own tackle zones on the cell / 8"),
    ("opp_tackle_zones", "opposing tackle zones on the cell / 8"),
    ("own_assists", "own players who could assist a block here / 8 (standing, marked by at most one "
                    "opponent, or Guard)"),
    ("opp_assists", "opposing players who could assist a block here / 8"),
    ("own_end_zone", "the end zone the observer defends (x = 0)"),
    ("opp_end_zone", "the end zone the observer attacks (x = W - 1)"),
    ("own_half", "the observer's half"),
    ("legal_cells", "cells that are the target of a legal action now (squares and players)"),
    ("safe_reach", "cells the acting player can reach this action without a dodge or go-for-it"),
    ("movement_left", "at the acting player's cell: his remaining movement / 10"),
)
SPATIAL_LAYERS = PLAYER_LAYERS + BOARD_LAYERS


def _dyn_table() -> np.ndarray:
    """Rows indexed by own * 28 + status * 4 + used * 2 + no_tz: the first 11 player layers
    plus a last column, 1 when the player exerts a tackle zone."""
    table = np.zeros((56, 12), dtype=np.float32)
    for own in (0, 1):
        for status in range(7):
            for used in (0, 1):
                for notz in (0, 1):
                    r = table[own * 28 + status * 4 + used * 2 + notz]
                    k = 0 if own else 1
                    r[k] = 1
                    r[2 + k] = status == Status.STANDING
                    r[4 + k] = status == Status.PRONE
                    r[6 + k] = status == Status.STUNNED
                    r[8 + k] = used
                    r[10] = notz and status == Status.STANDING
                    r[11] = status == Status.STANDING and not notz
    return table


_DYN_TABLE = _dyn_table()
LAYER_INDEX = {name: i for i, (name, _) in enumerate(SPATIAL_LAYERS)}
N_PLAYER = len(PLAYER_LAYERS)
_N_DYN = 11  # dynamic per-player layers from the table (carrier and actor are set apart)
_DYN_TZ = 11  # the table's tackle-zone column

_PLAYER_ACTION_KINDS = ("START_MOVE", "START_BLOCK", "START_BLITZ", "START_PASS", "START_HANDOFF",
                        "START_FOUL", "START_THROW_TEAM_MATE", "START_BOMB")

NON_SPATIAL: tuple[tuple[str, str], ...] = (
    ("score_own", "own touchdowns / 10"),
    ("score_opp", "opposing touchdowns / 10"),
    ("first_half", "1 in the first half"),
    ("second_half", "1 in the second half (or overtime)"),
    ("turn_own", "own turn number / turns per half"),
    ("turn_opp", "opposing turn number / turns per half"),
    ("own_team_turn", "1 when it is the observer's team turn"),
    ("rerolls_own", "own team re-rolls left / 8"),
    ("rerolls_opp", "opposing team re-rolls left / 8"),
    ("reroll_used_own", "own team re-roll used this turn"),
    ("reroll_used_opp", "opposing team re-roll used this turn"),
    ("leader_own", "own Leader re-roll available"),
    ("leader_opp", "opposing Leader re-roll available"),
    ("bribes_own", "own bribes / 3"),
    ("bribes_opp", "opposing bribes / 3"),
    ("apothecary_own", "own apothecaries left"),
    ("apothecary_opp", "opposing apothecaries left"),
    *((f"weather_{w.name.lower()}", f"weather is {w.name.replace('_', ' ').lower()}") for w in Weather),
    ("own_kicking", "the observer kicks this drive"),
    ("own_kicked_first", "the observer kicked the first half"),
    ("blitz_used_own", "own blitz used this turn"),
    ("blitz_used_opp", "opposing blitz used this turn"),
    ("pass_used_own", "own pass used this turn"),
    ("pass_used_opp", "opposing pass used this turn"),
    ("handoff_used_own", "own hand-off used this turn"),
    ("handoff_used_opp", "opposing hand-off used this turn"),
    ("foul_used_own", "own foul used this turn"),
    ("foul_used_opp", "opposing foul used this turn"),
    *((f"ball_{b.name.lower()}", f"ball state is {b.name.replace('_', ' ').lower()}") for b in BallState),
    ("own_has_ball", "an own player holds the ball"),
    ("opp_has_ball", "an opposing player holds the ball"),
    ("ball_x", "canonical ball column / (W - 1)"),
    ("ball_y", "ball row / (H - 1)"),
    ("ball_in_own_half", "the ball is in the observer's half"),
    ("on_pitch_own", "own players on the pitch / players a side"),
    ("on_pitch_opp", "opposing players on the pitch / players a side"),
    ("reserves_own", "own players in reserve / roster size"),
    ("reserves_opp", "opposing players in reserve / roster size"),
    ("ko_own", "own knocked-out players / roster size"),
    ("ko_opp", "opposing knocked-out players / roster size"),
    ("cas_own", "own casualties and sent-off players / roster size"),
    ("cas_opp", "opposing casualties and sent-off players / roster size"),
    ("acting", "1 while a player action is being played"),
    ("acting_own", "the acting player is the observer's"),
    ("acting_ma", "acting player's MA / 10"),
    ("acting_st", "acting player's ST / 10"),
    ("acting_ag", "acting player's AG / 6"),
    ("acting_av", "acting player's AV / 10"),
    ("acting_moves_left", "acting player's movement left / 10 (0 when none)"),
    ("acting_has_ball", "the acting player holds the ball"),
    *((f"acting_{k.lower()}", f"the action being played is {k}") for k in _PLAYER_ACTION_KINDS),
    *((f"acting_skill_{sk.name.lower()}", f"acting player has {sk.name.replace('_', ' ').title()}")
      for sk in KEY_SKILLS),
)
N_NON_SPATIAL = len(NON_SPATIAL)
NS_INDEX = {name: i for i, (name, _) in enumerate(NON_SPATIAL)}
_PA_KIND_INDEX = {name: i for i, name in enumerate(_PLAYER_ACTION_KINDS)}


class StaticPlayers:
    """Per-match player data as arrays (stats, key skills), computed once per game."""

    def __init__(self, s: GameState) -> None:
        info = s.info
        n = len(info)
        stats = np.zeros((n, 4 + len(KEY_SKILLS)), dtype=np.float32)
        for i, p in enumerate(info):
            stats[i, 0] = min(p.ma / 10, 1.0)
            stats[i, 1] = min(p.st / 10, 1.0)
            stats[i, 2] = min(p.ag / 6, 1.0)
            stats[i, 3] = min(p.av / 10, 1.0)
            for k, sk in enumerate(KEY_SKILLS):
                stats[i, 4 + k] = sk in p.skills
        self.stats = stats
        self.team = np.asarray(s.pteam, dtype=np.int64)
        self.ma = np.asarray([p.ma for p in info], dtype=np.int64)
        self.guard = np.asarray([Skill.GUARD in p.skills for p in info], dtype=bool)


def _box8(p: np.ndarray) -> np.ndarray:
    """Sum over the 8 neighbours of each cell for stacked padded grids (..., H+2, W+2)."""
    r = p[..., :, :-2] + p[..., :, 1:-1] + p[..., :, 2:]
    c = r[..., :-2, :] + r[..., 1:-1, :] + r[..., 2:, :]
    return c - p[..., 1:-1, 1:-1]


def _dilate(p: np.ndarray) -> np.ndarray:
    """Cells within one king step of a set cell, on a padded bool grid (same shape)."""
    out = p.copy()
    out[:, 1:] |= p[:, :-1]
    out[:, :-1] |= p[:, 1:]
    col = out.copy()
    out[1:, :] |= col[:-1, :]
    out[:-1, :] |= col[1:, :]
    return out


class ObservationEncoder:
    """Builds the observation of one board variant for either side."""

    def __init__(self, players: int) -> None:
        lay = side_layout(players, 0)
        self.players = players
        self.height = lay.height
        self.width = lay.width
        self.spatial_shape = (len(SPATIAL_LAYERS), lay.height, lay.width)
        self.n_decisions = n_decision_kinds()
        self.non_spatial_size = N_NON_SPATIAL + self.n_decisions
        b = lay.board
        self.turns = b.variant.turns_per_half
        self.pitch_max = b.variant.pitch_max
        self.roster = b.variant.roster_size
        static = np.zeros((len(BOARD_LAYERS), lay.height, lay.width), dtype=np.float32)
        static[LAYER_INDEX["own_end_zone"] - N_PLAYER, :, 0] = 1
        static[LAYER_INDEX["opp_end_zone"] - N_PLAYER, :, -1] = 1
        static[LAYER_INDEX["own_half"] - N_PLAYER, :, : lay.width // 2] = 1
        self._static_board = static
        # padded engine square -> canonical cells of its 8 neighbours (H*W for off the pitch)
        self._neighbours = []
        for side in (0, 1):
            sl = side_layout(players, side)
            cell = np.where(sl.cell >= 0, sl.cell, lay.height * lay.width)
            offs = np.asarray(b.neighbours, dtype=np.int64)
            idx = np.clip(np.arange(b.size)[:, None] + offs[None, :], 0, b.size - 1)
            self._neighbours.append(cell[idx])

    def encode(
        self, game: Game, side: int, static: StaticPlayers, legal_idx: np.ndarray, targets: int, n_cells: int
    ) -> tuple[np.ndarray, np.ndarray]:
        """(spatial, non_spatial) of `game` seen by `side`; `legal_idx` are the legal action
        indices (their board cells fill the `legal_cells` layer)."""
        s = game.state
        lay = side_layout(self.players, side)
        h, w = self.height, self.width
        hw = h * w
        pos = np.asarray(s.pos, dtype=np.int64)
        status = np.asarray(s.status, dtype=np.int64)
        flags = np.asarray(s.pflags, dtype=np.int64)
        team = static.team
        own = team == side
        on = pos >= 0
        spatial = np.zeros(self.spatial_shape, dtype=np.float32)
        spatial[N_PLAYER:] = self._static_board
        carrier = s.carrier()
        actor, moves = acting_player(s)
        # one table look-up gives every dynamic player layer but the carrier and the actor
        code = own * 28 + status * 4 + ((flags & PFlag.USED) != 0) * 2 + ((flags & PFlag.NO_TZ) != 0)
        psq = pos[on]
        rows = lay.row[psq]
        cols = lay.col[psq]
        dyn = _DYN_TABLE[code[on]]
        spatial[:_N_DYN, rows, cols] = dyn[:, :_N_DYN].T
        spatial[13:N_PLAYER, rows, cols] = static.stats[on].T
        if carrier >= 0:
            c = lay.cell[s.ball]
            spatial[11, c // w, c % w] = 1
        if actor >= 0 and pos[actor] >= 0:
            spatial[12, lay.row[pos[actor]], lay.col[pos[actor]]] = 1
        # tackle zones and assists: gather each source's 8 neighbour cells, count with bincount
        nb = self._neighbours[side]
        own_on = own[on]
        tz_on = dyn[:, _DYN_TZ] > 0
        opp_row = (~own_on).astype(np.int64) * (hw + 1)
        src = tz_on.nonzero()[0]
        n_bins = 2 * (hw + 1)
        tz = np.bincount((nb[psq[src]] + opp_row[src, None]).ravel(), minlength=n_bins).reshape(2, hw + 1)
        base = N_PLAYER
        spatial[base + 1] = tz[0, :hw].reshape(h, w) * 0.125
        spatial[base + 2] = tz[1, :hw].reshape(h, w) * 0.125
        # a player can assist when at most one opposing tackle zone is on him, or with Guard
        cells = lay.cell[psq]
        marks = tz[own_on.astype(np.int64), cells]
        free = (tz_on & ((marks <= 1) | static.guard[on])).nonzero()[0]
        free_nb = (nb[psq[free]] + opp_row[free, None]).ravel()
        assists = np.bincount(free_nb, minlength=n_bins).reshape(2, hw + 1)
        spatial[base + 3] = assists[0, :hw].reshape(h, w) * 0.125
        spatial[base + 4] = assists[1, :hw].reshape(h, w) * 0.125
        if s.ball >= 0 and s.ball_state != BallState.NONE:
            c = lay.cell[s.ball]
            if c >= 0:
                spatial[base, c // w, c % w] = 1
        if len(legal_idx):
            t = legal_idx % targets
            t = t[t < n_cells]
            spatial[LAYER_INDEX["legal_cells"]].reshape(-1)[t] = 1
        if actor >= 0 and pos[actor] >= 0:
            r0, c0 = lay.row[pos[actor]], lay.col[pos[actor]]
            left = max(0, int(static.ma[actor]) - moves)
            spatial[LAYER_INDEX["movement_left"], r0, c0] = min(left / 10, 1.0)
            if left > 0 and status[actor] == Status.STANDING:
                occupied = np.zeros((h + 2, w + 2), dtype=bool)
                occupied[0, :] = occupied[-1, :] = True
                occupied[:, 0] = occupied[:, -1] = True
                occupied[rows + 1, cols + 1] = True
                marked = np.zeros((h + 2, w + 2), dtype=bool)
                marked[1:-1, 1:-1] = tz[1 if own[actor] else 0, :hw].reshape(h, w) > 0
                reach = np.zeros((h + 2, w + 2), dtype=bool)
                reach[r0 + 1, c0 + 1] = True
                for _ in range(left):
                    grown = _dilate(reach & ~marked) & ~occupied
                    new = reach | grown
                    if (new == reach).all():
                        break
                    reach = new
                reach[r0 + 1, c0 + 1] = False
                spatial[LAYER_INDEX["safe_reach"]] = reach[1:-1, 1:-1]
        ns = self._non_spatial(game, s, side, status, team, on, carrier, actor, moves, static, lay.col)
        return spatial, ns

    def _non_spatial(
        self, game: Game, s: GameState, side: int, status: np.ndarray, team: np.ndarray, on: np.ndarray,
        carrier: int, actor: int, moves: int, static: StaticPlayers, col: np.ndarray,
    ) -> np.ndarray:
        v = np.zeros(self.non_spatial_size, dtype=np.float32)
        me, them = s.teams[side], s.teams[1 - side]
        turns = self.turns
        v[0:17] = (
            min(me.score / 10, 1.0), min(them.score / 10, 1.0), s.half == 1, s.half >= 2,
            min(me.turn / turns, 1.0), min(them.turn / turns, 1.0), s.active == side,
            min(me.rerolls / 8, 1.0), min(them.rerolls / 8, 1.0), me.reroll_used, them.reroll_used,
            me.bonus_reroll > 0, them.bonus_reroll > 0, min(me.bribes / 3, 1.0), min(them.bribes / 3, 1.0),
            min(me.apothecaries, 1), min(them.apothecaries, 1),
        )
        v[17 + s.weather] = 1
        i = 17 + len(Weather)
        v[i:i + 10] = (
            s.kicking == side, s.first_kicker == side, me.blitz_used, them.blitz_used, me.pass_used,
            them.pass_used, me.handoff_used, them.handoff_used, me.foul_used, them.foul_used,
        )
        i += 10
        v[i + s.ball_state] = 1
        i += len(BallState)
        if carrier >= 0:
            v[i + (0 if team[carrier] == side else 1)] = 1
        i += 2
        if s.ball >= 0 and s.ball_state != BallState.NONE:
            c = int(col[s.ball])
            v[i] = c / max(1, self.width - 1)
            v[i + 1] = s.board.ys[s.ball] / max(1, self.height - 1)
            v[i + 2] = c < self.width // 2
        i += 3
        own = team == side
        v[i] = np.count_nonzero(on & own) / self.pitch_max
        v[i + 1] = np.count_nonzero(on & ~own) / self.pitch_max
        reserve = status == Status.RESERVE
        ko = status == Status.KO
        cas = status >= Status.CASUALTY
        r = self.roster
        v[i + 2] = np.count_nonzero(reserve & own) / r
        v[i + 3] = np.count_nonzero(reserve & ~own) / r
        v[i + 4] = np.count_nonzero(ko & own) / r
        v[i + 5] = np.count_nonzero(ko & ~own) / r
        v[i + 6] = np.count_nonzero(cas & own) / r
        v[i + 7] = np.count_nonzero(cas & ~own) / r
        i += 8
        if actor >= 0:
            v[i] = 1
            v[i + 1] = team[actor] == side
            v[i + 2:i + 6] = static.stats[actor, :4]
            v[i + 6] = min(max(0, int(static.ma[actor]) - moves) / 10, 1.0)
            v[i + 7] = actor == carrier
            kind = acting_kind(s)
            if kind is not None and kind in _PA_KIND_INDEX:
                v[i + 8 + _PA_KIND_INDEX[kind]] = 1
            j = i + 8 + len(_PLAYER_ACTION_KINDS)
            v[j:j + len(KEY_SKILLS)] = static.stats[actor, 4:]
        v[N_NON_SPATIAL + decision_index(game)] = 1
        np.minimum(v, 1.0, out=v)
        return v


def acting_kind(s: GameState) -> str | None:
    """The name of the declared action type being played, if any."""
    from nuffle.envs.decision import acting_action

    pa = acting_action(s)
    return None if pa is None else pa.kind.name
