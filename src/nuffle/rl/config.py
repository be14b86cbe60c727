"""Training configuration: one dataclass, saved in every checkpoint, checked up front."""

from __future__ import annotations

import math
from dataclasses import asdict, dataclass, fields
from typing import Any

from nuffle.core.errors import InputError
from nuffle.envs.core import BOARDS
from nuffle.envs.extra_features import ExtraFeatures, load_features
from nuffle.envs.rewards import make_reward
from nuffle.rl.curriculum import KINDS as CURRICULA
from nuffle.rl.networks import NETWORKS, NetSpec
from nuffle.rl.vec import EXECUTORS, EnvSpec

ALGOS = ("a2c", "ppo")


@dataclass
class TrainConfig:
    """A training run. The A2C defaults are the FFAI paper's hyper-parameters."""

    board: int = 1
    algo: str = "a2c"
    steps: int = 1_000_000
    seed: int = 0
    # environments
    n_envs: int = 8
    workers: int = 2
    executor: str = "auto"  # EXECUTORS: batched where the settings allow, else process
    ray_address: str | None = None  # executor 'ray': the cluster to join (None: a local Ray)
    threads: int = 1  # torch threads of the learner (more only pays with large networks)
    home: str = "human"
    away: str = "human"
    opponent: str = "random"  # a bot spec, or 'self' for self-play against past checkpoints
    reward: str | dict[str, float] = "ffai"  # a preset name or event weights (`make_reward`)
    setup: str | None = "scripted"  # the bot that sets up for the learner (None: the learner)
    assisted_moves: bool = False
    opponent_assisted_moves: bool = False  # the opponent moves far in one action too
    curriculum: str | None = None
    curriculum_target: float = 0.5  # touchdowns per episode that raise the curriculum level
    features: str | None = None  # the user's observation features, 'package.module:NAME'
    # network
    net: str = "paper"
    hidden: int = 128
    channels: tuple[int, ...] = (64, 64, 64)
    # optimisation (A2C: RMSprop; PPO: Adam)
    lr: float = 1e-3
    gamma: float = 0.99
    entropy_coef: float = 0.01
    value_coef: float = 0.5
    max_grad_norm: float = 0.5
    t_max: int = 10  # A2C: steps per environment per update
    rms_eps: float = 1e-8
    rms_alpha: float = 0.99
    ppo_steps: int = 128  # PPO: steps per environment per update
    ppo_epochs: int = 4
    ppo_minibatches: int = 4
    ppo_clip: float = 0.2
    gae_lambda: float = 0.95
    critic_warmup: int = 0  # learner steps at the start in which only the value head learns
    # bookkeeping
    log_every: int = 10_000  # steps between log rows
    checkpoint_every: int = 100_000
    selfplay_every: int = 50_000  # steps between snapshots added to the self-play pool

    def validate(self) -> TrainConfig:
        """Raise ValueError naming the first bad field; return self."""
        if self.board not in BOARDS:
            raise InputError(f"unknown board {self.board!r}: choose one of {', '.join(map(str, BOARDS))}")
        if self.algo not in ALGOS:
            raise InputError(f"unknown algorithm {self.algo!r}: choose one of {', '.join(ALGOS)}")
        if self.net not in NETWORKS:
            raise InputError(f"unknown network {self.net!r}: choose one of {', '.join(NETWORKS)}")
        if self.curriculum is not None and self.curriculum not in CURRICULA:
            raise InputError(
                f"unknown curriculum {self.curriculum!r}: choose one of {', '.join(CURRICULA)}")
        if self.executor not in EXECUTORS:
            raise InputError(f"unknown executor {self.executor!r}: choose one of {', '.join(EXECUTORS)}")
        if self.ray_address is not None and self.executor != "ray":
            raise InputError(f"a Ray address needs the ray executor, not {self.executor!r}: "
                             "add --executor ray")
        for name in ("steps", "n_envs", "workers", "t_max", "ppo_steps", "ppo_epochs", "ppo_minibatches",
                     "hidden", "threads", "log_every", "checkpoint_every", "selfplay_every"):
            if getattr(self, name) < 1:
                value = getattr(self, name)
                raise InputError(f"{name.replace('_', '-')} must be a positive integer, got {value}")
        if self.critic_warmup < 0:
            raise InputError(f"critic-warmup must be a non-negative step count, got {self.critic_warmup}")
        for name in ("lr", "gamma", "entropy_coef", "value_coef", "max_grad_norm", "rms_eps", "rms_alpha",
                     "ppo_clip", "gae_lambda", "curriculum_target"):
            v = getattr(self, name)
            if not math.isfinite(v) or v < 0:
                raise InputError(f"{name.replace('_', '-')} must be a finite non-negative number, got {v}")
        make_reward(self.reward)  # a preset name or event weights (finite numbers), nothing else
        if callable(self.reward):
            raise InputError("a training run's reward is a preset name or event weights, not a callable")
        if self.lr == 0 or self.gamma > 1 or self.gae_lambda > 1:
            raise InputError("lr must be > 0, and gamma and gae-lambda at most 1")
        self.extra_features()  # importable, and an ExtraFeatures
        return self

    def extra_features(self) -> ExtraFeatures | None:
        """The run's observation features (imported from their path), or None."""
        if self.features is None:
            return None
        if not isinstance(self.features, str):
            raise InputError(f"features are an import path 'package.module:NAME', got {self.features!r:.60}")
        return load_features(self.features)

    def net_spec(self) -> NetSpec:
        features = self.extra_features()
        return NetSpec(kind=self.net, board=self.board, hidden=self.hidden, channels=tuple(self.channels),
                       extra=features.size if features is not None else 0)

    def env_spec(self, pool: str | None = None) -> EnvSpec:
        return EnvSpec(board=self.board, home=self.home, away=self.away, opponent=self.opponent,
                       reward=self.reward, side="random", setup=self.setup,
                       assisted_moves=self.assisted_moves,
                       opponent_assisted_moves=self.opponent_assisted_moves,
                       curriculum=self.curriculum, pool=pool, features=self.features)

    def to_dict(self) -> dict[str, Any]:
        d = asdict(self)
        d["channels"] = list(self.channels)
        return d

    @staticmethod
    def from_dict(d: dict[str, Any]) -> TrainConfig:
        """A config from a dict, ignoring unknown keys (older checkpoints) and checking types."""
        names = {f.name for f in fields(TrainConfig)}
        kwargs = {k: v for k, v in d.items() if k in names}
        if "channels" in kwargs:
            kwargs["channels"] = tuple(int(c) for c in kwargs["channels"])
        return TrainConfig(**kwargs).validate()
