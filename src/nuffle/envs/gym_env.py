"""`BloodBowlEnv`: a Gymnasium environment for one learner against a nuffle opponent."""

from __future__ import annotations

from typing import Any

import gymnasium as gym
import numpy as np
from gymnasium import spaces
from gymnasium.vector import AutoresetMode

from nuffle.core.decision import DecisionKind
from nuffle.core.game import Game
from nuffle.core.ruleset import Ruleset
from nuffle.envs.core import EnvError, MatchDriver, Team
from nuffle.envs.opponent import Opponent
from nuffle.envs.render import RENDER_MODES, check_render_mode, render_frame
from nuffle.envs.rewards import EventTracker, StepEvents, make_reward

SIDES = {"home": 0, "away": 1}
#: The learner steps after which an episode is truncated unless `max_steps` says otherwise:
#: a random or greedy policy can otherwise stay in one match for over ten thousand steps.
DEFAULT_MAX_STEPS = 3000
#: The bot that makes the learner's set-up decisions unless `setup` says otherwise.
DEFAULT_SETUP = "scripted"


def observation_space(driver: MatchDriver) -> spaces.Dict:
    """The Dict observation space of a board: spatial layers, non-spatial vector, mask. The
    user's observation features, at the end of the non-spatial vector, are unbounded."""
    enc, codec = driver.encoder, driver.codec
    extra = driver.non_spatial_size - enc.non_spatial_size
    low = np.concatenate([np.zeros(enc.non_spatial_size), np.full(extra, -np.inf)]).astype(np.float32)
    high = np.concatenate([np.ones(enc.non_spatial_size), np.full(extra, np.inf)]).astype(np.float32)
    return spaces.Dict(
        {
            "spatial": spaces.Box(0.0, 1.0, enc.spatial_shape, dtype=np.float32),
            "non_spatial": spaces.Box(low, high, dtype=np.float32),
            "action_mask": spaces.Box(0, 1, (codec.size,), dtype=np.bool_),
        }
    )


class MaskDiscrete(spaces.Discrete):
    """`Discrete` whose `sample(mask=...)` also takes the environments' bool masks (Gymnasium's
    own wants int8; a bool mask is viewed as one, without a copy)."""

    def sample(self, mask: Any = None, probability: Any = None) -> np.int64:
        if isinstance(mask, np.ndarray) and mask.dtype == np.bool_:
            mask = mask.view(np.int8)
        return super().sample(mask=mask, probability=probability)


class LegalDiscrete(MaskDiscrete):
    """`MaskDiscrete` whose `sample()` without a mask draws among the actions legal now (so
    `env.action_space.sample()` is always a valid action); with a mask it samples as usual."""

    def __init__(self, n: int, env: BloodBowlEnv) -> None:
        super().__init__(n)
        self._env = env

    def sample(self, mask: Any = None, probability: Any = None) -> np.int64:
        if mask is None and probability is None:
            legal = self._env.action_masks()
            if legal.any():
                return super().sample(mask=legal)
        return super().sample(mask=mask, probability=probability)


class LegalFactored(spaces.MultiDiscrete):
    """The factored space (row, target) whose `sample()` without a mask draws a legal pair."""

    def __init__(self, rows: int, targets: int, env: BloodBowlEnv) -> None:
        super().__init__([rows, targets])
        self._env = env

    def sample(self, mask: Any = None, probability: Any = None) -> np.ndarray:
        if mask is None and probability is None:
            legal = self._env.legal_indices()
            if len(legal):
                index = int(legal[self.np_random.integers(len(legal))])
                return np.array(divmod(index, int(self.nvec[1])), dtype=self.dtype)
        return super().sample(mask=mask, probability=probability)


class BloodBowlEnv(gym.Env[dict[str, np.ndarray], Any]):
    """A Blood Bowl match on board `board` (1, 3, 5, 7 or 11 a side) where the learner coaches
    `side` and `opponent` (a bot name, an Agent or a callable on a view) coaches the other.

    Observations are canonical (the learner always attacks to the right); actions are indices
    of the flat action space of `nuffle.envs.codec` (or, with `factored=True`, the pairs (row,
    target) of its grid); `info["action_mask"]` and `action_masks()` give the legal ones as
    bools. `reward` is a preset name ('win', 'ffai', 'touchdowns'), a dict of event weights, or
    a callable on `StepEvents`.

    An illegal index raises `EnvError` naming it and leaves the match unchanged; with
    `illegal_action="ignore"` it is instead skipped (same observation, reward 0,
    `info["illegal_action"]` True), which is what checkers that step unmasked samples need.

    `setup` (a bot spec or Agent, default 'scripted'; None: the learner sets up) makes the
    learner's set-up decisions for it, as formation actions do in other frameworks: a policy
    then only learns to play. `takeover` (a callable on the live game, default None) hands any
    other learner decision to that same bot while it returns True; curricula use it to start
    the learner's drives nearer the end zone. Neither step is a learner step: their events
    count towards the learner's next reward. `max_steps` (default `DEFAULT_MAX_STEPS`; None:
    no limit) truncates an episode after that many learner steps.

    `assisted_moves` is the learner's: the opponent (and the set-up bot) still play by the
    plain rules, as in a match without them, unless `opponent_assisted_moves`.

    `engine` ('python' or 'native'; default: `NUFFLE_ENGINE`, else native where it is built)
    is the engine the matches run on; on the native one the observation and mask are written
    by the C++ encoder. Both give the same observations, masks and matches.

    `features` (an `ExtraFeatures`, or its import path 'package.module:NAME'; default None)
    appends the user's own numbers, computed on a view of the match, to `non_spatial`
    (`nuffle.envs.extra_features`).

    `ruleset` (default 'lrb6') names the rules played (`nuffle.envs.core.env_ruleset`): an
    unknown name or a draft is one line ('bb2020' plays BB2020); the observation layout is the ruleset's
    (`nuffle.envs.ruleset_layout`: LRB6's, or BB2020's own)."""

    metadata = {"render_modes": list(RENDER_MODES), "render_fps": 4,
                "autoreset_mode": AutoresetMode.SAME_STEP}

    def __init__(
        self,
        board: int = 11,
        home: Team = "human",
        away: Team = "orc",
        opponent: Any = "random",
        reward: Any = "win",
        assisted_moves: bool = False,
        side: str = "home",
        illegal_action: str = "raise",
        render_mode: str | None = None,
        setup: Any = DEFAULT_SETUP,
        takeover: Any = None,
        opponent_assisted_moves: bool = False,
        max_steps: int | None = DEFAULT_MAX_STEPS,
        factored: bool = False,
        engine: str | None = None,
        features: Any = None,
        ruleset: str | Ruleset = "lrb6",
    ) -> None:
        if illegal_action not in ("raise", "ignore"):
            raise EnvError(f"illegal_action must be 'raise' or 'ignore', got {illegal_action!r}")
        self.illegal_action = illegal_action
        if side not in ("home", "away", "random"):
            raise EnvError(f"side must be 'home', 'away' or 'random', got {side!r}")
        check_render_mode(render_mode)
        if max_steps is not None and (isinstance(max_steps, bool) or not isinstance(max_steps, int)
                                      or max_steps < 1):
            raise EnvError(f"max_steps must be a positive integer or None, got {max_steps!r}")
        self.max_steps = max_steps
        self.driver = MatchDriver(board, home, away, assisted_moves, engine, features, ruleset)
        self.opponent = Opponent(opponent, opponent_assisted_moves)
        self.helper = Opponent(setup) if setup is not None else None
        if takeover is not None and (self.helper is None or not callable(takeover)):
            raise EnvError("takeover needs a callable and a setup bot to hand the decisions to")
        self.takeover = takeover
        self.reward_fn = make_reward(reward)
        self.side_choice = side
        self.side = 0 if side != "away" else 1
        self.render_mode = render_mode
        codec = self.driver.codec
        self.factored = factored
        self.action_space: spaces.Space[Any] = (
            LegalFactored(codec.rows, codec.targets, self) if factored else LegalDiscrete(codec.size, self))
        self.observation_space: spaces.Dict = observation_space(self.driver)  # type: ignore[assignment]
        self.tracker: EventTracker | None = None
        self._mask = np.zeros(codec.size, dtype=np.bool_)
        self._done = True
        self.steps = 0  # learner steps in this episode

    # --- gymnasium API ------------------------------------------------------------------

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[dict[str, np.ndarray], dict[str, Any]]:
        super().reset(seed=seed)
        rng = self.np_random
        if self.side_choice == "random":
            self.side = int(rng.integers(2))
        game_seed = int(rng.integers(2**31 - 1))
        game = self.driver.new_game(game_seed)
        self.opponent.new_game(game, 1 - self.side, seed=int(rng.integers(2**31 - 1)))
        if self.helper is not None:
            self.helper.new_game(game, self.side, seed=int(rng.integers(2**31 - 1)))
        self.tracker = EventTracker(game, self.side)
        self.steps = 0
        events = StepEvents()
        self._play_opponent(events)
        self._done = game.is_over
        obs = self._observe()
        return obs, self._info(events)

    def step(self, action: Any) -> tuple[dict[str, np.ndarray], float, bool, bool, dict[str, Any]]:
        if self._done:
            raise EnvError("step() called after the episode ended: call reset() first")
        driver = self.driver
        try:
            act = driver.action_for(self._index(action), self.side)
        except EnvError:
            if self.illegal_action == "raise" or not self.action_space.contains(action):
                raise
            info = self._info(StepEvents())
            info["illegal_action"] = True
            return self._observe(), 0.0, False, False, info
        tracker = self.tracker
        assert tracker is not None
        events = StepEvents()
        driver.apply(act, self.side, [(tracker, events)])
        self._play_opponent(events)
        self.steps += 1
        game = driver.live()
        terminated = game.is_over
        truncated = not terminated and self.max_steps is not None and self.steps >= self.max_steps
        if terminated:
            tracker.finish(game, events)
            self.opponent.end_game(game)
            if self.helper is not None:
                self.helper.end_game(game)
        self._done = terminated or truncated
        obs = self._observe()
        return obs, float(self.reward_fn(events)), terminated, truncated, self._info(events)

    def render(self) -> Any:
        if self.render_mode == "ansi":
            return self.driver.live().board_text()
        if self.render_mode == "rgb_array":
            return render_frame(self.driver.live().state)
        return None

    # --- masks ----------------------------------------------------------------------------

    def action_masks(self) -> np.ndarray:
        """The legal actions now as a bool array (sb3-contrib's MaskablePPO convention): the
        observation's own mask, never written afterwards."""
        return self._mask

    def legal_indices(self) -> np.ndarray:
        """The legal action indices now (the mask's non-zero positions), cheaply."""
        return self.driver.indices(self.side) if not self._done else np.zeros(0, dtype=np.int64)

    # --- internals ------------------------------------------------------------------------

    def _index(self, action: Any) -> Any:
        """The flat index of `action` (a (row, target) pair with `factored`)."""
        if not self.factored:
            return action
        pair = np.asarray(action)
        if pair.shape != (2,) or not np.issubdtype(pair.dtype, np.integer):
            raise EnvError(f"a factored action is a (row, target) pair of integers, got {action!r}")
        codec = self.driver.codec
        row, target = int(pair[0]), int(pair[1])
        if not (0 <= row < codec.rows and 0 <= target < codec.targets):
            raise EnvError(f"factored action (row {row}, target {target}) is outside the "
                           f"{codec.rows} x {codec.targets} grid")
        return row * codec.targets + target

    def _play_opponent(self, events: StepEvents) -> None:
        driver = self.driver
        game = driver.live()
        tracker = self.tracker
        assert tracker is not None
        opp = 1 - self.side
        helper = self.helper
        while not game.is_over:
            decider = game.decider
            if decider == opp:
                driver.apply(self.opponent.act(game), opp, [(tracker, events)])
            elif helper is not None and decider == self.side and self._helped(game):
                driver.apply(helper.act(game), decider, [(tracker, events)])
            else:
                break

    def _helped(self, game: Game) -> bool:
        """Whether the setup bot takes this learner decision (set-up, or a takeover)."""
        if game.decision().kind is DecisionKind.SETUP:
            return True
        return self.takeover is not None and bool(self.takeover(game))

    def _observe(self) -> dict[str, np.ndarray]:
        obs = self.driver.observe(self.side)
        self._mask = obs["action_mask"]
        return obs

    def _info(self, events: StepEvents) -> dict[str, Any]:
        info = {"action_mask": self._mask, "events": events.as_dict(), "side": self.side}
        if self.factored:
            info["type_mask"], info["target_mask"] = self.driver.codec.factored(self._mask)
        return info
