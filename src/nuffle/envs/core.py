"""The engine side of the environments: a match, its codec and encoder, one learner side.

`MatchDriver` is shared by the Gymnasium and PettingZoo environments: it owns the game, turns
indices into engine actions, builds observations and masks, and tracks reward events. Its
match runs on the Python or the native engine (`engine`); a native game is observed by the
C++ encoder (`native_encoder`), a Python one by `ObservationEncoder` and `ActionCodec`, and
both give the same arrays.
"""

from __future__ import annotations

import os
from typing import Any, NamedTuple

import numpy as np

from nuffle.core.actions import Action, IllegalActionError
from nuffle.core.engines import ENV_VARIABLE, NATIVE, PYTHON, check_engine, native_available
from nuffle.core.errors import NuffleError
from nuffle.core.game import Game
from nuffle.core.native_game import NativeGame
from nuffle.core.ruleset import Ruleset, draft_ruleset
from nuffle.core.teams import TeamSpec
from nuffle.envs.codec import ActionCodec, Position
from nuffle.envs.features import LAYER_INDEX
from nuffle.envs.native_encoder import NativeEncoder
from nuffle.envs.observation import ObservationEncoder, StaticPlayers
from nuffle.envs.rewards import EventTracker, StepEvents
from nuffle.envs.ruleset_layout import layout_for
from nuffle.eval_seeds import refuse_held_out
from nuffle.ruleset_choice import choose, match_team, same_ruleset

BOARDS = (1, 3, 5, 7, 11)
Team = str | TeamSpec


class EnvError(NuffleError, ValueError):
    """Bad input to an environment (an illegal index, a step after the end, ...)."""


class Legal(NamedTuple):
    """The legal actions of one side at one decision."""

    indices: np.ndarray  # the legal indices, grouped by engine action group
    mask: np.ndarray  # the flat bool mask


def env_engine(engine: str | None) -> str:
    """The engine an environment's matches run on: `engine` ('python' or 'native') if given,
    else `NUFFLE_ENGINE` if set, else the native engine where it is built and the Python one
    otherwise. Raises InputError for an unknown name, EngineUnavailableError where 'native' is
    asked for but not built."""
    if engine is None and not os.environ.get(ENV_VARIABLE, "").strip():
        return NATIVE if native_available() else PYTHON
    return check_engine(engine)


class _NativeGrid:
    """A native state's grid read square by square (`State.at`), as decoding reads it."""

    __slots__ = ("_at",)

    def __init__(self, native: Any) -> None:
        self._at = native.at

    def __getitem__(self, square: int) -> int:
        return int(self._at(square))


class _NativePosition:
    """What `ActionCodec.decode` and `index_of` read of a native game, without its Python
    snapshot (the players' squares read on first use)."""

    __slots__ = ("_native", "_pos", "grid", "ranges")

    def __init__(self, ranges: tuple[range, range], native: Any) -> None:
        self.ranges = ranges
        self.grid = _NativeGrid(native)
        self._native = native
        self._pos: list[int] | None = None

    @property
    def pos(self) -> list[int]:
        if self._pos is None:
            self._pos = self._native.places()[0]
        return self._pos


def env_ruleset(name: Any) -> Ruleset:
    """The ruleset an environment plays (`ruleset_choice.choose`: an unknown name or a draft
    is one line). Its observation layout is `ruleset_layout.layout_for`'s: LRB6's, or for a
    ruleset with BB2020's characteristics BB2020's own (PA, Jump, Throw Team-mate, prayers),
    with its own layout hash (`layout_hash`). A registered ruleset itself (a `Ruleset`, not a
    name) is taken as it is, a draft included: the internal path by which tests play the
    environments of a draft (`ruleset=draft_ruleset(name)`), as `Game.new` takes one."""
    if isinstance(name, Ruleset) and draft_ruleset(name.name) is name:
        return name
    return choose(name)


class MatchDriver:
    """One match seen through the action codec and the observation encoder."""

    def __init__(self, board: int, home: Team, away: Team, assisted_moves: bool,
                 engine: str | None = None, features: Any = None, ruleset: Any = "lrb6") -> None:
        from nuffle.envs.extra_features import resolve_features  # it imports EnvError from here

        if board not in BOARDS:
            raise EnvError(f"unknown board {board!r}: choose one of {', '.join(map(str, BOARDS))}")
        self.board = board
        rules = env_ruleset(ruleset)
        #: the rules played (`env_ruleset`) and the observation layout they are seen in
        self.rules = rules
        self.ruleset = rules.name
        self.layout = layout_for(rules)
        # a race key is the ruleset's team (BB2020's suggested team under BB2020's rosters)
        self.home = match_team(home, rules) if rules.x_plus and isinstance(home, str) else home
        self.away = match_team(away, rules) if rules.x_plus and isinstance(away, str) else away
        self.assisted_moves = assisted_moves
        self.engine = env_engine(engine)
        self.codec = ActionCodec(board)
        self.encoder = ObservationEncoder(board, self.layout)
        enc = self.encoder
        #: the user's observation features (`nuffle.envs.extra_features`), appended to non_spatial
        self.features = resolve_features(features)
        self.non_spatial_size = enc.non_spatial_size + (self.features.size if self.features else 0)
        self._extended: tuple[int, int, dict[str, np.ndarray]] | None = None  # (steps, side, obs)
        self._legal_cells = self.codec.legal_cell_table(
            LAYER_INDEX["legal_cells"] * enc.height * enc.width, enc.size)
        self.native: NativeEncoder | None = None  # made on the first native game observed
        self._scratch = np.empty(0, dtype=np.int64)  # the native encoder's index buffer
        self.game: Game | None = None
        self.static: StaticPlayers | None = None
        self._cache: tuple[int, int, Legal] | None = None  # (step count, side, legal)
        self._obs: tuple[int, int, dict[str, np.ndarray]] | None = None  # native: (steps, side, obs)
        self._ranges: tuple[range, range] = (range(0), range(0))  # each side's player ids
        self.steps = 0

    def new_game(self, seed: int) -> Game:
        """Start a match with the engine seed `seed` (never a held-out evaluation seed)."""
        refuse_held_out(seed, what="an environment (training)")
        self.game = Game.new(self.home, self.away, seed=seed, board=self.board,
                             assisted_moves=self.assisted_moves, engine=self.engine, ruleset=self.rules)
        self.static = None if self._native_for(self.game) else StaticPlayers(self.game.state)
        self._ranges = self.game.state.ranges
        self._cache = self._obs = self._extended = None
        self.steps = 0
        return self.game

    def attach(self, game: Game, same_match: bool) -> None:
        """Observe `game` (a bot's view) from now on; `same_match` keeps the per-match player
        tables of the previous game, which the views of one match share. A game of another
        ruleset is refused in one line (the observation would misread it)."""
        if not same_match:
            same_ruleset(game.config.ruleset, self.ruleset, "this game")
        self.game = game
        if not same_match or not self._ranges[1]:
            self._ranges = game.state.ranges
        if self._native_for(game):
            self.static = None
        elif not same_match or self.static is None:
            self.static = StaticPlayers(game.state)
        self._cache = self._obs = self._extended = None
        self.steps += 1

    def _native_for(self, game: Game) -> NativeEncoder | None:
        """The C++ encoder when `game` runs on the native engine (made once), else None."""
        if not isinstance(game, NativeGame):
            return None
        if self.native is None:
            self.native = NativeEncoder(self.board, self.layout)
            self._scratch = np.empty(self.native.mask_size, dtype=np.int64)
        return self.native

    def _native_observe(self, game: NativeGame, side: int) -> dict[str, np.ndarray]:
        """The C++ observation of `side` (new arrays, computed once per engine decision)."""
        o = self._obs
        if o is not None and o[0] == self.steps and o[1] == side:
            return o[2]
        enc = self.native
        assert enc is not None
        obs = {"spatial": np.empty(enc.spatial_shape, dtype=np.float32),
               "non_spatial": np.empty(enc.non_spatial_size, dtype=np.float32),
               "action_mask": np.empty(enc.mask_size, dtype=np.bool_)}
        n = enc.observe(game, side, obs["spatial"], obs["non_spatial"], obs["action_mask"], self._scratch)
        self._cache = (self.steps, side, Legal(self._scratch[:n].copy(), obs["action_mask"]))
        self._obs = (self.steps, side, obs)
        return obs

    def live(self) -> Game:
        """The current match (raises before the first reset)."""
        if self.game is None:
            raise EnvError("the environment has no match yet: call reset() first")
        return self.game

    def legal(self, side: int) -> Legal:
        """The legal actions of `side` now as indices, group ends and mask (all empty when
        `side` does not decide now); computed once per engine decision."""
        game = self.live()
        c = self._cache
        if c is not None and c[0] == self.steps and c[1] == side:
            return c[2]
        if self._native_for(game):
            assert isinstance(game, NativeGame)
            self._native_observe(game, side)
            assert self._cache is not None
            return self._cache[2]
        mask = np.zeros(self.codec.size, dtype=np.bool_)
        if game.decider != side:
            legal = Legal(np.zeros(0, dtype=np.int64), mask)
        else:
            idx = self.codec.indices(game.state, game.legal_actions(), side)
            mask[idx] = True
            legal = Legal(idx, mask)
        self._cache = (self.steps, side, legal)
        return legal

    def indices(self, side: int) -> np.ndarray:
        """The legal action indices of `side` (empty when `side` does not decide now)."""
        return self.legal(side).indices

    def observe(self, side: int) -> dict[str, np.ndarray]:
        """The observation of `side` now (its mask is empty when it does not decide). The arrays
        are new at each engine decision; the environment never writes to them afterwards, and
        the legality of a step is checked against the indices, not against this mask. With
        observation features, `non_spatial` ends with theirs, computed on a view of the match."""
        if self.features is None:
            return self._observe(side)
        e = self._extended
        if e is not None and e[0] == self.steps and e[1] == side:
            return e[2]
        obs = dict(self._observe(side))
        extra = self.features.compute(self.live().view(), side)
        obs["non_spatial"] = np.concatenate([obs["non_spatial"], extra])
        self._extended = (self.steps, side, obs)
        return obs

    def _observe(self, side: int) -> dict[str, np.ndarray]:
        """The encoder's observation of `side` now (without the user's features)."""
        game = self.live()
        if self._native_for(game):
            assert isinstance(game, NativeGame)
            return self._native_observe(game, side)
        assert self.static is not None
        legal = self.legal(side)
        spatial, ns = self.encoder.encode(game.state, game.decision(), side, self.static,
                                          self._legal_cells[legal.indices])
        return {"spatial": spatial, "non_spatial": ns, "action_mask": legal.mask}

    def action_for(self, index: Any, side: int) -> Action:
        """The engine action of `index` for `side`; raises EnvError naming the problem and
        leaves the match unchanged when the index is not a legal action now."""
        game = self.live()
        if game.is_over:
            raise EnvError("step() called after the episode ended: call reset() first")
        if isinstance(index, np.ndarray) and index.shape == ():
            index = index.item()
        if isinstance(index, np.integer):
            index = int(index)
        if not isinstance(index, int) or isinstance(index, bool):
            raise EnvError(f"action must be an integer index, got {index!r}")
        if not 0 <= index < self.codec.size:
            raise EnvError(f"action index {index} is out of range 0..{self.codec.size - 1}")
        if game.decider != side:
            raise EnvError(f"action index {index}: {('home', 'away')[side]} does not decide now")
        legal = self.legal(side)
        if not (legal.indices == index).any():
            raise EnvError(
                f"action index {index} ({self.codec.describe(index)}) is not legal now; "
                f"{len(legal.indices)} actions are legal (see the action mask)"
            )
        return self.codec.decode(index, self.position(), side)

    def position(self) -> Position:
        """What the codec reads of the match now (`decode`, `index_of`): on the native engine
        a reader of its state, never the Python snapshot."""
        game = self.live()
        if isinstance(game, NativeGame):
            return _NativePosition(self._ranges, game.native_state)
        return game.state

    def apply(self, action: Action, actor: int, trackers: list[tuple[EventTracker, StepEvents]]) -> None:
        """Take one engine decision and let every tracker record its events."""
        game = self.live()
        try:
            game.step(action)
        except IllegalActionError as e:  # the codec and the engine disagree: a bug, say so
            raise EnvError(f"the engine refused {action}: {e}") from e
        self.steps += 1
        for tracker, events in trackers:
            tracker.after(game, actor, action.type, events)
