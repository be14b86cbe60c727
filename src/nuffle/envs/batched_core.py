"""The in-process half of `BatchedVectorEnv`: one C++ `VecEnv` over a block of rows.

A `BatchCore` owns the C++ core (`nuffle._native.VecEnv`, native/include/nuffle/vec_env.hpp)
of rows `first .. first + n - 1` of a batch, writing into arrays it is given (plain numpy
arrays, or views of shared memory in a worker process). It draws each row's episode seeds as
`BloodBowlEnv.reset` draws them (row `i` seeded with `seed + i`, as Gymnasium's vector
environments seed their copies; many episodes ahead at a time, `envs/seed_stream.py`), and
takes the decisions that Python makes: a Python opponent or set-up bot, played on a
`NativeGame` of that row's position, and a policy opponent's (`BatchPolicy`), all its rows
decided at once: C++ writes each waiting row's observation and legal indices as the
opponent's side sees them, one call decides them all, C++ plays the indices and runs the rows on, until every
row is back at a learner decision.
"""

from __future__ import annotations

import re
import sys
from dataclasses import dataclass
from typing import Any, Protocol, runtime_checkable

import numpy as np
from gymnasium.utils import seeding

from nuffle.core.decision import DecisionKind
from nuffle.core.engines import native_module
from nuffle.core.errors import InputError
from nuffle.core.game import Game
from nuffle.core.match_config import MatchConfig
from nuffle.core.native_game import NativeGame
from nuffle.core.native_state import native_board, state_data
from nuffle.core.ruleset import LRB6, Ruleset, draft_ruleset
from nuffle.core.ruleset import ruleset as find_ruleset
from nuffle.core.teams import TeamSpec
from nuffle.envs.codec import ActionCodec
from nuffle.envs.core import EnvError
from nuffle.envs.extra_features import ExtraFeatures
from nuffle.envs.native_encoder import codec_spec, encoder_spec
from nuffle.envs.native_parts import board_formations, reward_terms
from nuffle.envs.opponent import Opponent
from nuffle.envs.ruleset_layout import LRB6_LAYOUT, layout_for
from nuffle.envs.seed_stream import SeedStream

#: The opponent modes the C++ core plays itself (any other opponent is a Python bot, or a policy):
#: "scripted" and "grod" are the C++ scripted and grod bots (native/include/nuffle/bots/), decision
#: for decision the Python ones ("scripted?native=0", "grod?native=0" play the Python bots themselves;
#: "grod?values=FILE&tweak=..." is the C++ grod with those values, `native_grod_values`).
NATIVE_OPPONENTS = {"random": 0, "self": 1, "scripted": 4, "grod": 5}
_PYTHON_OPPONENT, _POLICY_OPPONENT, _SCRIPTED_OPPONENT, _GROD_OPPONENT = 2, 3, 4, 5
_LEARNER_SETUP, _PYTHON_SETUP, _SCRIPTED_SETUP = 0, 1, 2
_NEW_EPISODE, _POLICY_PENDING = 1, 3


@runtime_checkable
class BatchPolicy(Protocol):
    """An opponent that decides many rows at once (`nuffle.rl.policy_opponent.NetOpponent`):
    its `board`, who makes its set-up decisions (`setup`: 'scripted', the C++ scripted set-up,
    or None, itself) and `decide(spatial, non_spatial, legal, uniforms)`, one legal index per
    row of the k rows given (each row's observation as the opponent's side sees it, its legal
    action indices in the codec's order, padded with -1 to the longest row, and a
    uniform draw in (0, 1) from the row's opponent stream). Optional: a `features` attribute,
    an `ExtraFeatures` its network reads; each row's `non_spatial` then ends with them,
    computed on a copy of the row's match for its decider."""

    board: int
    setup: str | None

    def decide(self, spatial: np.ndarray, non_spatial: np.ndarray, legal: np.ndarray,
               uniforms: np.ndarray) -> np.ndarray: ...


def batch_policy(opponent: Any, board: int, rules: Ruleset = LRB6) -> BatchPolicy | None:
    """The opponent as a `BatchPolicy` (itself, or a bot spec whose bot offers one, e.g.
    'policy?model=b11'), or None for a bot played one decision at a time; EnvError for a bot
    spec that does not load, a policy of another board, or a policy in an environment whose
    observation layout is not LRB6's (the policies read LRB6's: a BB2020 environment has its own)."""
    if layout_for(rules) != LRB6_LAYOUT and (isinstance(opponent, BatchPolicy) or (
            isinstance(opponent, str) and opponent.partition("?")[0].partition(":")[0].strip() == "policy")):
        raise EnvError(f"the opponent's policy reads LRB6's observation layout, not that of {rules.name} "
                       "(a layout of its own): play it in an LRB6 environment")
    if isinstance(opponent, BatchPolicy):
        policy: BatchPolicy | None = opponent
    elif isinstance(opponent, str) and opponent not in NATIVE_OPPONENTS:
        from nuffle.agents.registry import make_agent, parse_bot_spec

        try:
            name, _ = parse_bot_spec(opponent)
            if name != "policy":  # only a policy offers it; other bots are not built twice
                return None
            agent = make_agent(opponent)
        except (InputError, ValueError) as e:
            raise EnvError(f"the batched environment's opponent {opponent!r}: {e}") from None
        if agent.boards is not None and board not in agent.boards:
            raise EnvError(f"the batched environment's opponent {opponent!r} plays board "
                           f"{', '.join(map(str, agent.boards))}, not board {board}")
        make = getattr(agent, "batch_policy", None)
        policy = make() if callable(make) else None
    else:
        return None
    if policy is not None and policy.board != board:
        raise EnvError(f"the opponent's policy was trained for board {policy.board}, not board {board}")
    if policy is not None and policy.setup not in (None, "scripted"):
        raise EnvError("a batched policy opponent's set-up is 'scripted' or its own (None), "
                       f"got {policy.setup!r}")
    return policy


def native_grod_values(opponent: Any) -> dict[str, float] | None:
    """The values of a grod opponent the C++ core plays ('grod', or with `values=`/`tweak=`
    options, as the Python bot reads them), or None for any other opponent ('grod?native=0'
    included); EnvError for a grod spec that does not load."""
    if not isinstance(opponent, str) or opponent.partition("?")[0].strip() != "grod":
        return None
    from nuffle.agents.grod.bot import GrodBot
    from nuffle.agents.registry import make_agent, parse_bot_spec

    try:
        _, options = parse_bot_spec(opponent)
        if not set(options) <= {"values", "tweak", "native"}:
            return None
        agent = make_agent(opponent)
    except (InputError, ValueError) as e:
        raise EnvError(f"the batched environment's opponent {opponent!r}: {e}") from None
    if not isinstance(agent, GrodBot) or not agent.native:
        return None
    return dict(agent.v.table)


@dataclass(frozen=True)
class BatchSpec:
    """What every block of a batch is built from (picklable: workers get a copy)."""

    board: int
    home: str | TeamSpec
    away: str | TeamSpec
    opponent: Any
    reward: Any
    side: str
    setup: Any
    max_steps: int | None
    features: ExtraFeatures | None = None  # the user's observation features (computed in Python)
    ruleset: str = "lrb6"  # the rules played (`envs.core.env_ruleset`)
    draft: bool = False  # `ruleset` is a draft, given as itself (`spec_rules`)


def spec_rules(name: str, draft: bool = False) -> Ruleset:
    """The ruleset a batch plays: a playable one by its name, or a draft's when `draft` (the
    environment was given the draft itself: `env_ruleset`)."""
    return draft_ruleset(name) if draft else find_ruleset(name)


def array_shapes(board: int, n: int, extra: int = 0, ruleset: str = "lrb6",
                 draft: bool = False) -> dict[str, tuple[tuple[int, ...], Any]]:
    """The (shape, dtype) of every array a batch of `n` rows of `board` shares (with `extra`
    observation features: theirs for each row, now and at its last episode's end), in the
    observation layout of `ruleset` (`ruleset_layout`)."""
    from nuffle.envs.native_encoder import NativeEncoder

    enc = NativeEncoder(board, layout_for(spec_rules(ruleset, draft)))
    spatial, ns, size = (n, *enc.spatial_shape), (n, enc.non_spatial_size), (n, enc.mask_size)
    return {
        "spatial": (spatial, np.float32), "non_spatial": (ns, np.float32), "action_mask": (size, np.bool_),
        "reward": ((n,), np.float64), "terminated": ((n,), np.bool_), "truncated": ((n,), np.bool_),
        "side": ((n,), np.int8), "actions": ((n,), np.int64), "seeds": ((n, 3), np.int64),
        "final_spatial": (spatial, np.float32), "final_non_spatial": (ns, np.float32),
        "final_action_mask": (size, np.bool_), "final_side": ((n,), np.int8),
        "final_score": ((n, 2), np.int16), "other_reward": ((n,), np.float64),
    } | ({"extra": ((n, extra), np.float32), "final_extra": ((n, extra), np.float32)} if extra else {})


def native_options(spec: BatchSpec, policy: BatchPolicy | None = None) -> dict[str, Any]:
    """The C++ core's options of `spec` (its opponent `policy` when it is one): who plays, the
    step limit, the reward's (event index, weight) terms (`envs/rewards.py`'s presets and
    weights; EnvError for a callable, which cannot run in C++) and, for a scripted set-up
    (the learner's or the policy's) or the C++ scripted opponent, the board's formations
    (the data file); for the C++ grod opponent, the formations and values grod reads."""
    try:
        terms = reward_terms(spec.reward)
    except InputError as e:
        raise EnvError(f"the batched environment's reward: {e}") from None
    grod_values = native_grod_values(spec.opponent) if policy is None else None
    if policy is not None:
        opponent = _POLICY_OPPONENT
    elif grod_values is not None:
        opponent = _GROD_OPPONENT
    elif isinstance(spec.opponent, str) and spec.opponent in NATIVE_OPPONENTS:
        opponent = NATIVE_OPPONENTS[spec.opponent]
    else:
        opponent = _PYTHON_OPPONENT
    if spec.setup is None:
        setup = _LEARNER_SETUP
    elif isinstance(spec.setup, str) and spec.setup == "scripted":
        setup = _SCRIPTED_SETUP
    else:
        setup = _PYTHON_SETUP
    options: dict[str, Any] = {
        "opponent": opponent, "setup": setup, "max_steps": spec.max_steps or 0,
        "setup_kind": int(DecisionKind.SETUP), "reward": terms, "compensated": sys.version_info >= (3, 12),
        "opponent_setup": (_SCRIPTED_SETUP if policy is not None and policy.setup == "scripted"
                           else _LEARNER_SETUP),
        "keep_final": spec.features is not None,  # the final features read the final position
    }
    if _SCRIPTED_SETUP in (setup, options["opponent_setup"]) or opponent == _SCRIPTED_OPPONENT:
        options["offense"], options["defense"] = board_formations(spec.board)
    if grod_values is not None:  # the formations and values the Python grod bot reads
        from nuffle.agents.grod.native import grod_formations

        options["grod_offense"], options["grod_defense"] = grod_formations(spec.board)
        options["grod_values"] = grod_values
    return options


class BatchCore:
    """Rows `first .. first + len - 1` of a batch, stepped by one C++ call."""

    def __init__(self, spec: BatchSpec, arrays: dict[str, np.ndarray], first: int = 0) -> None:
        self.spec = spec
        self.arrays = arrays
        self.first = first
        self.n = len(arrays["reward"])
        self.board = spec.board
        self.self_play = isinstance(spec.opponent, str) and spec.opponent == "self"
        rules = spec_rules(spec.ruleset, spec.draft)
        self.policy = batch_policy(spec.opponent, spec.board, rules)
        options = native_options(spec, self.policy)
        python_opponent = options["opponent"] == _PYTHON_OPPONENT
        start = Game.start_state(spec.home, spec.away, 0, spec.board, False, rules)
        self._start = start
        self._config = MatchConfig(home=start.specs[0].race, away=start.specs[1].race, seed=0,
                                   board=spec.board, ruleset=spec.ruleset)
        module = native_module()
        native_start = module.State.load(native_board(spec.board), state_data(start))
        self.vec = module.VecEnv(native_board(spec.board), self.n,
                                 encoder_spec(spec.board, layout_for(start.rules)),
                                 codec_spec(ActionCodec(spec.board)), native_start, options)
        self.vec.bind(arrays)
        # the policy opponent's inputs: its rows' observations and uniform draws
        self.policy_arrays = ([np.zeros(arrays[k].shape, arrays[k].dtype) for k in ("spatial", "non_spatial")]
                              + [np.zeros(self.n, np.float64)]) if self.policy is not None else []
        # the Python bots of each row: the opponent, and the set-up bot of each learner side
        self.opponents = [Opponent(spec.opponent) for _ in range(self.n)] if python_opponent else []
        sides = 2 if self.self_play else 1
        self.helpers = ([[Opponent(spec.setup) for _ in range(sides)] for _ in range(self.n)]
                        if options["setup"] == _PYTHON_SETUP else [])
        self.seeds: SeedStream | None = None
        self.current = np.zeros((self.n, 4), dtype=np.int64)  # this episode's side and seeds
        self.upcoming = np.zeros((self.n, 4), dtype=np.int64)  # the next episode's
        self.started = [False] * self.n

    # --- seeds ----------------------------------------------------------------------------

    def _seed_columns(self) -> list[int | tuple[str, int]]:
        """The values BloodBowlEnv.reset draws for an episode, in its order: side (drawn when
        random), game, opponent and set-up helper (drawn when there is a helper)."""
        big = 2**31 - 1
        away = int(self.spec.side == "away")
        side: int | tuple[str, int] = 2 if self.spec.side == "random" else ("const", away)
        helper: int | tuple[str, int] = big if self.spec.setup is not None else ("const", 0)
        return [side, big, big, helper]

    def _draw(self, rows: np.ndarray) -> None:
        """The next episode's side and seeds of each of `rows`."""
        assert self.seeds is not None
        upcoming = self.seeds.take(rows)
        self.upcoming[rows] = upcoming
        self.arrays["seeds"][rows] = upcoming[:, :3]

    # --- the batch API ----------------------------------------------------------------------

    def reset(self, seed: int | None) -> None:
        """Start every row's episode (rows seeded with `seed + first + i` when given)."""
        if seed is not None or self.seeds is None:
            rngs = [seeding.np_random(None if seed is None else seed + self.first + i)[0]
                    for i in range(self.n)]
            self.seeds = SeedStream(rngs, self._seed_columns())
        every = np.arange(self.n)
        self._draw(every)
        self.started = [False] * self.n
        self._serve(self.vec.reset())
        self._draw(every)
        self._features(np.zeros(0, dtype=np.int64))

    def step(self) -> None:
        """Take the actions in `arrays['actions']`, all checked first: EnvError naming the first
        bad row (its number in the whole batch) and index, and nothing is stepped."""
        pending = self._checked(self.vec.step)
        self._serve(pending)
        a = self.arrays
        ended = (a["terminated"] | a["truncated"]).nonzero()[0]
        if len(ended):
            self._draw(ended)
        self._features(ended)

    def _features(self, ended: np.ndarray) -> None:
        """The user's observation features of every row now, and of each `ended` row's last
        position (`final_extra`), each computed on a copy of the row's match."""
        features = self.spec.features
        if features is None:
            return
        a = self.arrays
        for i in range(self.n):
            a["extra"][i] = features.compute(self.game(i), int(a["side"][i]))
        for i in ended.tolist():
            a["final_extra"][i] = features.compute(self.game(i, final=True), int(a["final_side"][i]))

    def _checked(self, call: Any) -> Any:
        try:
            return call()
        except native_module().VecActionError as e:
            text = re.sub(r"^row (\d+)", lambda m: f"row {int(m.group(1)) + self.first}", str(e))
            raise EnvError(text) from None

    # --- Python's decisions ---------------------------------------------------------------

    def _serve(self, pending: list[int]) -> None:
        python = bool(self.opponents or self.helpers)
        while pending:
            if python:
                for i in pending:
                    kind = self.vec.pending_kind(i)
                    if kind == _NEW_EPISODE:
                        self._new_episode(i)
                        self.vec.resume(i)
                    elif kind != _POLICY_PENDING:
                        self._decide(i)
            if self.policy is not None:
                legal = self.vec.policy_observe(*self.policy_arrays)
                k = len(legal)
                if k:
                    spatial, non_spatial, uniforms = (a[:k] for a in self.policy_arrays)
                    features = getattr(self.policy, "features", None)
                    if features is not None:
                        non_spatial = self._with_features(features, non_spatial)
                    chosen = np.asarray(self.policy.decide(spatial, non_spatial, legal, uniforms),
                                        dtype=np.int64)
                    pending = self._checked(lambda c=chosen: self.vec.policy_act(c))
                    continue
            pending = self.vec.pending()

    def _with_features(self, features: ExtraFeatures, non_spatial: np.ndarray) -> np.ndarray:
        """The policy rows' `non_spatial` followed by `features` of each row's match as its
        decider sees it (the order of the C++ core's `policy_rows`)."""
        extra = np.empty((len(non_spatial), features.size), dtype=np.float32)
        for j, i in enumerate(self.vec.policy_rows()):
            game = self.game(i)
            extra[j] = features.compute(game, int(game.decider))
        return np.concatenate([non_spatial, extra], axis=1)

    def game(self, i: int, final: bool = False) -> NativeGame:
        """A `NativeGame` of row i's position now (`final`: of its last ended episode)."""
        state = self.vec.final_state(i) if final else self.vec.state(i)
        config = MatchConfig(self._config.home, self._config.away, int(self.current[i, 1]), self.board,
                             ruleset=self._config.ruleset)
        return NativeGame(self._start, state, config=config)

    def _bots(self, i: int) -> list[tuple[Opponent, int]]:
        """Row i's Python bots with the side each plays."""
        side = int(self.current[i, 0])
        bots = [(self.opponents[i], 1 - side)] if self.opponents else []
        if self.helpers:
            sides = (0, 1) if self.self_play else (side,)
            bots += list(zip(self.helpers[i], sides, strict=True))
        return bots

    def _new_episode(self, i: int) -> None:
        if self.started[i] and self.arrays["terminated"][i]:
            final = self.game(i, final=True)
            for bot, _ in self._bots(i):
                bot.end_game(final)
        self.current[i] = self.upcoming[i]
        self.started[i] = True
        game = self.game(i)
        _, _, opp_seed, helper_seed = (int(v) for v in self.current[i])
        first_helper = 1 if self.opponents else 0
        for k, (bot, side) in enumerate(self._bots(i)):
            bot.new_game(game, side, seed=opp_seed if k < first_helper else helper_seed + k - first_helper)

    def _decide(self, i: int) -> None:
        game = self.game(i)
        decider = game.decider
        learner = int(self.current[i, 0])
        if self.self_play or (decider == learner and self.helpers):
            bot = self.helpers[i][decider if self.self_play else 0]
        else:
            bot = self.opponents[i]
        action = bot.act(game)
        square = -1 if action.square is None else self._start.board.sq(*action.square)
        self.vec.act(i, int(action.type), -1 if action.player is None else int(action.player), square)
