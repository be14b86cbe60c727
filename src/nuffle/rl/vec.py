"""Batches of environments stepped together: in this process, in worker processes (every core
busy), or in Ray actors (every machine of a cluster busy), all behind one interface.

A batch resets an environment as soon as its episode ends and reports the finished episode
(touchdowns for and against, the result, its length), so a trainer never sees a finished match.
"""

from __future__ import annotations

import multiprocessing as mp
import traceback
from dataclasses import asdict, dataclass
from multiprocessing.connection import Connection
from typing import TYPE_CHECKING, Any

import numpy as np

from nuffle.core.errors import InputError, StateError
from nuffle.envs.gym_env import BloodBowlEnv
from nuffle.interrupts import forking_workers, worker_signals
from nuffle.rl.curriculum import Curriculum, make_curriculum

if TYPE_CHECKING:
    from nuffle.rl.batched import BatchedEnvs

Obs = dict[str, np.ndarray]


@dataclass(frozen=True)
class EnvSpec:
    """Everything a worker needs to build its environments (picklable)."""

    board: int = 1
    home: str = "human"
    away: str = "human"
    opponent: str = "random"  # a bot spec, or 'self' (past checkpoints in `pool`)
    reward: str | dict[str, float] = "ffai"  # a preset name or event weights
    side: str = "random"
    setup: str | None = "scripted"
    assisted_moves: bool = False
    opponent_assisted_moves: bool = False
    curriculum: str | None = None
    pool: str | None = None  # the folder of past checkpoints for self-play
    features: str | None = None  # the user's observation features, 'package.module:NAME'

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)


@dataclass
class Episode:
    """One finished episode of the learner."""

    touchdowns: float
    against: float
    result: int  # 1 win, 0 draw, -1 loss
    length: int
    side: int


def make_env(spec: EnvSpec, seed: int) -> tuple[Any, Curriculum | None]:
    """One environment of `spec` (a Gymnasium env, or the self-play env over PettingZoo) and
    its curriculum (None without one)."""
    if spec.opponent == "self":
        from nuffle.rl.selfplay import SelfPlayEnv

        if not spec.pool:
            raise InputError("self-play needs a pool folder of past checkpoints")
        return SelfPlayEnv(spec, seed), None
    curriculum = make_curriculum(spec.curriculum, spec.board, seed)
    env = BloodBowlEnv(board=spec.board, home=spec.home, away=spec.away, opponent=spec.opponent,
                       reward=spec.reward, side=spec.side, setup=spec.setup,
                       assisted_moves=spec.assisted_moves,
                       opponent_assisted_moves=spec.opponent_assisted_moves,
                       takeover=curriculum.takeover if curriculum is not None else None,
                       features=spec.features)
    return env, curriculum


def stack(obs: list[Obs]) -> Obs:
    """One batch dict from per-environment observations."""
    return {k: np.stack([o[k] for o in obs]) for k in obs[0]}


class EnvBatch:
    """`n` environments in this process, reset as soon as an episode ends."""

    def __init__(self, spec: EnvSpec, n: int, seed: int) -> None:
        self.spec = spec
        made = [make_env(spec, seed + i) for i in range(n)]
        self.envs = [env for env, _ in made]
        self.curricula = [c for _, c in made if c is not None]
        self.seeds = [seed + i for i in range(n)]
        self.stats = [[0.0, 0.0, 0] for _ in range(n)]
        self.obs: list[Obs] = []

    def reset(self) -> Obs:
        self.obs = [env.reset(seed=s)[0] for env, s in zip(self.envs, self.seeds, strict=True)]
        self.stats = [[0.0, 0.0, 0] for _ in self.envs]
        return stack(self.obs)

    def step(self, actions: np.ndarray) -> tuple[Obs, np.ndarray, np.ndarray, list[Episode]]:
        rewards = np.zeros(len(self.envs), dtype=np.float32)
        dones = np.zeros(len(self.envs), dtype=np.float32)
        episodes: list[Episode] = []
        for i, env in enumerate(self.envs):
            obs, reward, terminated, truncated, info = env.step(int(actions[i]))
            ev = info["events"]
            st = self.stats[i]
            st[0] += ev.get("touchdowns", 0.0)
            st[1] += ev.get("touchdowns_against", 0.0)
            st[2] += 1
            rewards[i] = reward
            if terminated or truncated:
                result = 1 if ev.get("win") else -1 if ev.get("loss") else 0
                episodes.append(Episode(st[0], st[1], result, int(st[2]), int(info["side"])))
                self.stats[i] = [0.0, 0.0, 0]
                dones[i] = 1.0
                obs, _ = env.reset()
            self.obs[i] = obs
        return stack(self.obs), rewards, dones, episodes

    def set_level(self, level: float) -> None:
        for c in self.curricula:
            c.level = level

    def close(self) -> None:
        for env in self.envs:
            env.close()


def _serve(conn: Connection, spec: EnvSpec, n: int, seed: int) -> None:
    """A worker process: builds its batch and answers commands until told to close."""
    import torch  # the rl extra's; a self-play worker runs its opponent's policy on one thread

    worker_signals()  # interrupts are the parent's to handle: it closes (or terminates) the workers
    torch.set_num_threads(1)
    try:
        batch = EnvBatch(spec, n, seed)
    except Exception:
        conn.send(("error", traceback.format_exc()))
        return
    conn.send(("ok", None))
    while True:
        cmd, arg = conn.recv()
        if cmd == "close":
            batch.close()
            conn.send(("ok", None))
            return
        try:
            out: Any = None
            if cmd == "reset":
                out = batch.reset()
            elif cmd == "step":
                out = batch.step(arg)
            else:
                batch.set_level(arg)
            conn.send(("ok", out))
        except Exception:
            conn.send(("error", traceback.format_exc()))


def split(n: int, parts: int) -> list[int]:
    """`n` environments over `parts` workers, as evenly as possible (none empty)."""
    parts = max(1, min(parts, n))
    return [n // parts + (1 if i < n % parts else 0) for i in range(parts)]


class RayEnvBatch(EnvBatch):
    """An `EnvBatch` as a Ray actor, which can say on which node it runs."""

    def node_id(self) -> str:
        from nuffle.rl.cluster import node_of_actor

        return node_of_actor()


def _merge(parts: list[Any]) -> tuple[Obs, np.ndarray, np.ndarray, list[Episode]]:
    obs = {k: np.concatenate([p[0][k] for p in parts]) for k in parts[0][0]}
    return (obs, np.concatenate([p[1] for p in parts]), np.concatenate([p[2] for p in parts]),
            [e for p in parts for e in p[3]])


#: Where a batch's environments run: 'batched' (`nuffle.rl.batched`: the C++ vector
#: environment, in `workers` processes), 'local' (this process), 'process' (worker processes),
#: 'ray' (Ray actors), or 'auto': 'batched' where the native engine and the settings allow it,
#: else 'process'.
EXECUTORS = ("auto", "batched", "local", "process", "ray")


def resolve_executor(spec: EnvSpec, executor: str) -> str:
    """The executor 'auto' stands for with `spec`; InputError for an unknown one, or for
    'batched' with settings it cannot run (naming why)."""
    from nuffle.rl.batched import batched_unsupported

    if executor not in EXECUTORS:
        raise InputError(f"unknown executor {executor!r}: choose one of {', '.join(EXECUTORS)}")
    if executor in ("auto", "batched"):
        why = batched_unsupported(spec)
        if why is None:
            return "batched"
        if executor == "batched":
            raise InputError(f"executor 'batched' cannot run these settings: {why}")
        return "process"
    return executor


class VecEnv:
    """`n_envs` environments over `workers` executors (`EXECUTORS`). For 'ray', the actors
    join the cluster at `ray_address`, or a local Ray started if none is running, spread over
    its nodes (`nodes`: the node id of each actor)."""

    def __init__(self, spec: EnvSpec, n_envs: int, workers: int, seed: int,
                 executor: str = "auto", ray_address: str | None = None, policy: Any = None) -> None:
        if n_envs < 1:
            raise InputError(f"need at least one environment, got {n_envs}")
        executor = resolve_executor(spec, executor)
        self.n_envs = n_envs
        self.executor = executor
        self.sizes = split(n_envs, workers) if executor not in ("local", "batched") else [n_envs]
        starts = [seed * 1000 + sum(self.sizes[:i]) for i in range(len(self.sizes))]
        self._local: EnvBatch | BatchedEnvs | None = None
        self._pipes: list[Connection] = []
        self._procs: list[Any] = []
        self._actors: list[Any] = []
        self.nodes: list[str] = []
        if executor == "batched":
            from nuffle.rl.batched import BatchedEnvs

            self._local = BatchedEnvs(spec, n_envs, workers, starts[0], policy)
        elif executor == "local":
            self._local = EnvBatch(spec, n_envs, starts[0])
        elif executor == "process":
            # fork: workers start at once and need no importable __main__ (torch's fork handlers
            # reset its thread pool in the child; a self-play worker then runs its policy on one thread)
            ctx = mp.get_context("fork")
            for size, start in zip(self.sizes, starts, strict=True):
                parent, child = ctx.Pipe()
                proc = ctx.Process(target=_serve, args=(child, spec, size, start), daemon=True)
                with forking_workers():
                    proc.start()
                self._pipes.append(parent)
                self._procs.append(proc)
            for pipe in self._pipes:
                self._answer(pipe)
        else:
            import ray

            from nuffle.rl import cluster

            cluster.connect(ray_address, num_cpus=max(2, len(self.sizes)))
            # SPREAD: one actor per node before a second on any (a cluster's machines all busy)
            actor = ray.remote(num_cpus=1)(RayEnvBatch).options(scheduling_strategy="SPREAD")
            self._actors = [actor.remote(spec, size, start)
                            for size, start in zip(self.sizes, starts, strict=True)]
            self.nodes = list(ray.get([a.node_id.remote() for a in self._actors]))

    @staticmethod
    def _answer(pipe: Connection) -> Any:
        try:
            status, out = pipe.recv()
        except EOFError:
            raise StateError("an environment worker died (see its output above)") from None
        if status != "ok":
            raise StateError(f"an environment worker failed:\n{out}")
        return out

    def _call(self, cmd: str, args: list[Any]) -> list[Any]:
        if self._local is not None:
            method = getattr(self._local, cmd)
            return [method() if args[0] is None else method(args[0])]
        if self._actors:
            import ray

            calls = [getattr(a, cmd).remote() if x is None else getattr(a, cmd).remote(x)
                     for a, x in zip(self._actors, args, strict=True)]
            return list(ray.get(calls))
        for pipe, x in zip(self._pipes, args, strict=True):
            pipe.send((cmd, x))
        return [self._answer(pipe) for pipe in self._pipes]

    def reset(self) -> Obs:
        """Reset every environment; the batched first observations."""
        parts = self._call("reset", [None] * len(self.sizes))
        return {k: np.concatenate([p[k] for p in parts]) for k in parts[0]}

    def step(self, actions: np.ndarray) -> tuple[Obs, np.ndarray, np.ndarray, list[Episode]]:
        """Step every environment with its action: (observations, rewards, dones, finished episodes)."""
        bounds = np.cumsum([0, *self.sizes])
        return _merge(self._call("step", [actions[bounds[i]:bounds[i + 1]] for i in range(len(self.sizes))]))

    def sync(self, net: Any) -> None:
        """Batched self-play: the opponent takes the learner's weights `net` (the other
        executors' self-play plays the pool of past checkpoints; nothing to do)."""
        from nuffle.rl.batched import BatchedEnvs

        if isinstance(self._local, BatchedEnvs):
            self._local.sync(net)

    def set_level(self, level: float) -> None:
        """Set the curriculum level of every environment."""
        self._call("set_level", [level] * len(self.sizes))

    def close(self) -> None:
        """Stop the workers."""
        for pipe in self._pipes:
            try:
                pipe.send(("close", None))
                pipe.recv()
            except (OSError, EOFError):
                pass
        for proc in self._procs:
            proc.join(timeout=2)
            if proc.is_alive():  # still busy with a step nobody waits for now
                proc.terminate()
                proc.join(timeout=2)
        if self._actors:
            import ray

            for a in self._actors:
                ray.kill(a)
        self._pipes, self._procs, self._actors = [], [], []
