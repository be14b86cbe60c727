"""The trainer's batch of environments on the batched C++ vector environment
(`nuffle.envs.batched.BatchedVectorEnv`): every match stepped, observed and reset in C++, split
over worker processes that write into shared memory.

Self-play (`opponent='self'`) runs here against the learner's current weights: the opponent is
a copy of the learner's network in shared memory (seen by every worker), decided for all its
rows by one forward pass per sub-step (`nuffle.rl.policy_opponent`), and the trainer copies
its weights in after every update (`sync`). (The other executors play a pool of past
checkpoints instead: `nuffle.rl.selfplay`.)"""

from __future__ import annotations

import copy

import numpy as np

from nuffle.core.engines import native_available
from nuffle.core.errors import InputError
from nuffle.envs.extra_features import resolve_features
from nuffle.rl.networks import ActorCritic
from nuffle.rl.policy_opponent import NetOpponent
from nuffle.rl.vec import EnvSpec, Episode, Obs


def batched_unsupported(spec: EnvSpec) -> str | None:
    """Why `spec` cannot run on the batched environment (None when it can)."""
    if not native_available():
        return "the native engine is not built here"
    if spec.opponent == "self" and spec.setup not in (None, "scripted"):
        return "self-play's opponent sets up with the scripted set-up or by itself, not another bot"
    if spec.curriculum is not None:
        return "a curriculum takes learner decisions over from Python"
    if spec.assisted_moves or spec.opponent_assisted_moves:
        return "assisted moves are not in the batched environment"
    return None


class BatchedEnvs:
    """`n_envs` matches of `spec` in one `BatchedVectorEnv` over `workers` processes, with the
    interface of `nuffle.rl.vec.VecEnv` (observations, rewards, dones, finished episodes)."""

    def __init__(self, spec: EnvSpec, n_envs: int, workers: int, seed: int,
                 policy: ActorCritic | None = None) -> None:
        from nuffle.envs.batched import BatchedVectorEnv

        self.seed = seed
        self.opponent: NetOpponent | None = None
        opponent: object = spec.opponent
        if spec.opponent == "self":  # the learner's weights, in memory the workers share
            if policy is None:
                raise InputError("batched self-play needs the learner's network (its opponent's weights)")
            self.opponent = NetOpponent(copy.deepcopy(policy).share_memory(), setup=spec.setup, name="self",
                                        features=resolve_features(spec.features))
            opponent = self.opponent
        self.env = BatchedVectorEnv(n_envs, board=spec.board, home=spec.home, away=spec.away,
                                    opponent=opponent, reward=spec.reward, side=spec.side,
                                    setup=spec.setup, seed=seed, workers=max(1, min(workers, n_envs)),
                                    features=spec.features)
        self.lengths = np.zeros(n_envs, dtype=np.int64)
        self.dones = np.zeros(n_envs, dtype=np.float32)

    def reset(self) -> Obs:
        """Start every match; the first observations (the environment's arrays: the next step
        overwrites them, and the trainer copies them into its rollout)."""
        obs, _ = self.env.reset(seed=self.seed)
        self.lengths[:] = 0
        return obs

    def step(self, actions: np.ndarray) -> tuple[Obs, np.ndarray, np.ndarray, list[Episode]]:
        """Step every match with its action."""
        obs, rewards, terminated, truncated, infos = self.env.step(actions.astype(np.int64, copy=False))
        self.lengths += 1
        done = terminated | truncated
        episodes: list[Episode] = []
        if done.any():
            final = infos["final_info"]
            for i in np.flatnonzero(done):
                side = int(final["side"][i])
                score = final["score"][i]
                tds, against = float(score[side]), float(score[1 - side])
                result = int(np.sign(tds - against)) if terminated[i] else 0
                episodes.append(Episode(tds, against, result, int(self.lengths[i]), side))
                self.lengths[i] = 0
        np.copyto(self.dones, done, casting="unsafe")
        return obs, rewards.astype(np.float32), self.dones.copy(), episodes

    def sync(self, net: ActorCritic) -> None:
        """Self-play: the opponent takes `net`'s weights (in place; the workers see them)."""
        if self.opponent is not None:
            self.opponent.sync(net)

    def set_level(self, level: float) -> None:
        """A batched run has no curriculum (`batched_unsupported` refuses one)."""

    def close(self) -> None:
        self.env.close()
