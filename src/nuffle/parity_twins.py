"""The C++ twins of Python components, compared at sampled decisions of a parity game.

Beside the rules, the native engine carries C++ twins of Python components, each meant to
compute exactly what its Python original computes; `nuffle parity` compares them on the
lockstep games' own positions (`--twins SHARE` of the decisions, one twin in turn, on the
Python game for the Python side and on the native game for the C++ side):

- `paths`: the pathfinder (`core/paths.py` v `native/include/nuffle/paths.hpp`): for a player
  of the deciding side (the acting player, with the moves he has used, during his action), every
  query of a search (all squares, the end zone, blitz, hand-off and foul squares) with each route's
  squares, float probability, moves, step keys and target, under three re-roll/pick-up settings.
- `encoder`: the observation and action mask (`envs/observation.py`, `envs/codec.py` v
  `native/include/nuffle/encode.hpp`) of both sides, bit for bit, with the legal indices.
- `search`: the search (`agents/mcts/search.py`'s Python loop on the Python game v its C++ loop,
  `native/include/nuffle/mcts/`, on the native game): fixed-seed, fixed-iteration fingerprints
  (choice, root and edge visits and values, table size, visit sum), each configuration of
  `agents/mcts/fingerprint.py` in turn (rollouts included), and the one-ply lookahead's choice.
- `setup`: the native random player's set-up rule (`State.random_setup_action`, which has no
  Python twin: its choices are its own) proposes an action the Python engine lists as legal.

A difference is a divergence of the game, with its readable diff (`compare`).
"""

from __future__ import annotations

import random
import sys
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from nuffle.core.actions import Action, ActionType
from nuffle.core.decision import DecisionKind
from nuffle.core.game import Game
from nuffle.core.native_game import NativeGame
from nuffle.core.paths import Path, PathSearch, search
from nuffle.core.procedures.action import PlayerAction
from nuffle.core.types import CHANCE, Status

#: The twins compared, in the order a game's sampled decisions take them.
TWINS = ("paths", "encoder", "search")
#: The share of decisions at which one twin is compared by default.
TWINS_SHARE = 0.1
#: Iterations of one compared search (small: the Python loop runs them too).
SEARCH_ITERATIONS = 24
#: The (team re-roll, pick-up) settings each compared pathfinder search runs under.
PATH_SETTINGS: tuple[tuple[bool | None, bool], ...] = ((None, True), (True, False), (False, True))

Route = tuple[tuple[int, ...], float, int, int, tuple[int, ...], int]


def _route(ps: PathSearch, p: Path) -> Route:
    b = ps.state.board
    target = -1 if p.target is None else b.sq(*p.target)
    return (tuple(b.sq(*q) for q in p.steps), p.prob, p.moves, p.moves_after, tuple(p._keys()), target)


def python_paths(ps: PathSearch) -> dict[str, Any]:
    """A Python search's answers in the native pathfinder's form (`State.paths`): 'all',
    'endzone', 'blitz', 'handoff' and 'foul', each route as (flat squares entered, probability,
    moves, moves after, step keys, target square or -1), keyed by flat square."""
    b = ps.state.board
    ez = ps.endzone()

    def by_square(paths: dict[tuple[int, int], Path]) -> dict[int, Route]:
        return {b.sq(*sq): _route(ps, p) for sq, p in paths.items()}

    return {"all": by_square(ps.all()), "endzone": None if ez is None else _route(ps, ez),
            "blitz": by_square(ps.blitz()), "handoff": by_square(ps.handoff()), "foul": by_square(ps.foul())}


def _mover(py: Game, rng: random.Random) -> tuple[int, int] | None:
    """(player, moves used) to search for: the acting player during his action, else a standing
    or prone player of the deciding side on the pitch (None: no one)."""
    s = py.state
    d = py.decision()
    if d.kind == DecisionKind.MOVE and d.player is not None:
        for proc in reversed(s.stack):
            if isinstance(proc, PlayerAction) and proc.pid == d.player:
                return d.player, proc.moves
    side = py.decider
    movers = [p for p in range(len(s.info)) if s.pos[p] >= 0 and s.pteam[p] == side
              and s.status[p] in (Status.STANDING, Status.PRONE)]
    return (movers[rng.randrange(len(movers))], 0) if movers else None


def compare_paths(step: int, py: Game, nat: NativeGame, pid: int, moves: int) -> str | None:
    """The pathfinder of both engines for player `pid` having used `moves` moves."""
    new_sum = sys.version_info >= (3, 12)  # the float sum both sides use
    for team_reroll, pickup in PATH_SETTINGS:
        want = python_paths(search(py.state, pid, moves, team_reroll=team_reroll, pickup=pickup))
        got = dict(nat.native_state.paths(pid, moves, team_reroll, pickup, new_sum))
        if got != want:
            key = next(k for k in want if want[k] != got.get(k))
            return (f"step {step}: the pathfinders differ for player {pid} ({moves} moves used, team "
                    f"re-roll {team_reroll}, pick-up {pickup}) in '{key}'\n  python: {want[key]!r}\n"
                    f"  native: {got.get(key)!r}")
    return None


class _Encoders:
    """Both observation encoders of one board, their buffers and the match's player tables."""

    def __init__(self, py: Game) -> None:
        from nuffle.envs.codec import ActionCodec
        from nuffle.envs.features import LAYER_INDEX
        from nuffle.envs.native_encoder import NativeEncoder
        from nuffle.envs.observation import ObservationEncoder, StaticPlayers
        from nuffle.envs.ruleset_layout import layout_for

        players = py.state.board.variant.players
        layout = layout_for(py.state.rules)  # BB2020's own under BB2020
        self.native = NativeEncoder(players, layout)
        self.python = ObservationEncoder(players, layout)
        self.codec = ActionCodec(players)
        first = LAYER_INDEX["legal_cells"] * self.python.height * self.python.width
        self.cells = self.codec.legal_cell_table(first, self.python.size)
        self.static = StaticPlayers(py.state)
        self.bufs = self.native.buffers()


def compare_encoder(step: int, py: Game, nat: NativeGame, encoders: _Encoders) -> str | None:
    """Both sides' observations, legal indices and masks from both encoders, bit for bit (not
    at a decision the codec cannot place, the Wizard's: there neither encoder is used)."""
    from nuffle.envs.codec import CodecError

    e, b = encoders, encoders.bufs
    for side in (0, 1):
        try:
            idx = (e.codec.indices(py.state, py.legal_actions(), side) if py.decider == side
                   else np.zeros(0, dtype=np.int64))
        except CodecError:
            return None
        n = e.native.observe(nat, side, b["spatial"], b["non_spatial"], b["action_mask"], b["indices"])
        spatial, ns = e.python.encode(py.state, py.decision(), side, e.static, e.cells[idx])
        where = f"step {step}: the observation encoders differ for side {side} ({py.decision().kind.name})"
        at = np.argwhere(spatial.view(np.uint32) != b["spatial"].view(np.uint32))
        if at.size:
            return f"{where}: spatial (layer, y, x) {at[:4].tolist()}"
        flat = np.flatnonzero(ns.view(np.uint32) != b["non_spatial"].view(np.uint32))
        if flat.size:
            return f"{where}: non-spatial features {flat[:4].tolist()}"
        if n != len(idx) or b["indices"][:n].tolist() != idx.tolist():
            return f"{where}: legal indices\n  python: {idx.tolist()}\n  native: {b['indices'][:n].tolist()}"
        if not np.array_equal(b["action_mask"], e.codec.mask(idx)):
            return f"{where}: action mask"
    return None


def _search_configs() -> list[str]:
    from nuffle.agents.mcts.fingerprint import CONFIGS

    return [*CONFIGS, "lookahead"]


def searchable(py: Game) -> bool:
    """Whether the searches are asked at this decision: a team-turn choice among two or more."""
    from nuffle.agents.mcts.search import in_team_turn

    return in_team_turn(py) and len(py.legal_actions()) > 1


def _lookahead_bots(seed: int, side: int, view: Game) -> tuple[Any, Any]:
    """Two lookahead bots of one seed for `side`: the first searching in Python, the second in C++."""
    from nuffle.agents.mcts.bot import LookaheadBot

    bots = LookaheadBot(seed, exact_limit=16), LookaheadBot(seed, exact_limit=16)
    bots[0].search.native = False
    for bot in bots:
        bot.new_game(view, side)
    return bots


def compare_search(step: int, py: Game, nat: NativeGame, config: str, seed: int) -> str | None:
    """One fixed-seed search of configuration `config` (a name of `fingerprint.CONFIGS`, or
    'lookahead': the one-ply lookahead bot) at a `searchable` decision: the Python loop on the
    Python game's view, the C++ loop on the native one's; the same fingerprint (or choice) and
    the search's generator left in the same state."""
    from nuffle.agents.mcts.fingerprint import CONFIGS, fingerprint
    from nuffle.agents.mcts.search import Search, SearchConfig

    pv, nv = py.view(), nat.view()
    nv.rng = pv.state.rng  # the same dice for both searches' forward models
    if config == "lookahead":
        bots = _lookahead_bots(seed, py.decider, pv)
        a: Any = bots[0].act(pv)
        b: Any = bots[1].act(nv)
        loops = bots[0].search, bots[1].search
    else:
        loops = (Search(SearchConfig(**CONFIGS[config]), seed=seed, native=False),
                 Search(SearchConfig(**CONFIGS[config]), seed=seed))
        a, b = fingerprint(loops[0], pv, SEARCH_ITERATIONS), fingerprint(loops[1], nv, SEARCH_ITERATIONS)
    if a != b:
        return f"step {step}: the searches ({config}, seed {seed}) differ\n  python: {a!r}\n  native: {b!r}"
    if loops[0].rng.getstate() != loops[1].rng.getstate():
        return f"step {step}: the searches ({config}, seed {seed}) leave their generators apart"
    return None


def compare_setup(step: int, py: Game, nat: NativeGame, seed: int) -> str | None:
    """At a set-up decision: the native random player's set-up action is legal in Python (a
    set-up proper: not BB2020's Solid Defence, which asks a SETUP decision of its own frame)."""
    if py.decision().kind != DecisionKind.SETUP or py.state.stack[-1].frame != "setup":
        return None
    kind, player, sq, _rng = nat.native_state.random_setup_action(seed)
    square = None if sq < 0 else py.state.board.xy(sq)
    action = Action(ActionType(kind), None if player < 0 else player, square)
    if action not in py.legal_actions():
        return f"step {step}: the native random player's set-up action {action} is not legal in Python"
    return None


@dataclass
class TwinChecks:
    """One game's twin comparisons: which twin comes next, how many of each were compared."""

    share: float
    rng: random.Random
    counts: Counter[str] = field(default_factory=Counter)
    _turn: int = 0
    _encoders: _Encoders | None = None

    def compare(self, step: int, py: Game, nat: NativeGame) -> str | None:
        """At a decision, with probability `share`: the next twin in turn (and, at a set-up, the
        random player's set-up rule). The first difference, or None."""
        if self.share <= 0 or py.decider == CHANCE or py.is_over or self.rng.random() >= self.share:
            return None
        twin = TWINS[self._turn % len(TWINS)]
        self._turn += 1
        seed = self.rng.randrange(2**31)
        if py.decision().kind == DecisionKind.SETUP and py.state.stack[-1].frame == "setup":
            self.counts["setup"] += 1
            problem = compare_setup(step, py, nat, seed | 1)
            if problem is not None:
                return problem
        mover = _mover(py, self.rng) if twin == "paths" else None
        if mover is not None:
            problem = compare_paths(step, py, nat, *mover)
        elif twin == "paths":
            return None  # no one of the deciding side could move
        elif twin == "encoder":
            if self._encoders is None:
                self._encoders = _Encoders(py)
            problem = compare_encoder(step, py, nat, self._encoders)
        elif searchable(py):
            configs = _search_configs()
            problem = compare_search(step, py, nat, configs[self.counts["search"] % len(configs)], seed)
        else:
            return None  # no search is asked here
        self.counts[twin] += 1
        return problem
