"""The training loop shared by A2C and PPO: collect a rollout from the vector of environments,
update, log, checkpoint, and raise the curriculum or grow the self-play pool as it goes."""

from __future__ import annotations

import sys
import time
from pathlib import Path
from typing import Any

import torch

from nuffle.core.errors import InputError
from nuffle.interrupts import deferred_interrupt
from nuffle.rl import a2c, checkpoint, ppo, warmup
from nuffle.rl.config import TrainConfig
from nuffle.rl.logs import EpisodeWindow, RunLog
from nuffle.rl.networks import ActorCritic, build_network, masked_dist, to_tensors
from nuffle.rl.rollout import Rollout
from nuffle.rl.vec import VecEnv, resolve_executor

ALGORITHMS: dict[str, Any] = {"a2c": a2c, "ppo": ppo}


class Trainer:
    """Trains `cfg` into folder `out` (log.csv, tb/, last.pt, best.pt, pool/)."""

    def __init__(self, cfg: TrainConfig, out: str | Path, init: str | None = None,
                 resume: checkpoint.Checkpoint | None = None, progress: bool = True) -> None:
        self.cfg = cfg.validate()
        resolve_executor(cfg.env_spec(), cfg.executor)  # InputError before any file is written
        self.out = Path(out)
        self.progress = progress
        self.steps = 0
        self.episodes = 0
        self.interrupted = False  # whether `run` was stopped by Ctrl-C or SIGTERM
        self.extra: dict[str, Any] = {"best": None, "level": 0.0}
        torch.manual_seed(cfg.seed)
        torch.set_num_threads(cfg.threads)
        self.net: ActorCritic
        if resume is not None:
            self.net = resume.net
            self.steps, self.episodes = resume.steps, resume.episodes
            self.extra.update(resume.extra)
            torch.manual_seed(cfg.seed + self.steps)
        elif init is not None:
            start = checkpoint.load(init, board=cfg.board)
            if start.config.features != cfg.features:
                raise InputError(f"--init {init} was trained with observation features "
                                 f"{start.config.features or 'none'}, this run has {cfg.features or 'none'}")
            if start.net.spec != cfg.net_spec():
                spec = start.net.spec
                cfg.net, cfg.hidden, cfg.channels = spec.kind, spec.hidden, spec.channels
            self.net = start.net
        else:
            self.net = build_network(cfg.net_spec())
        self.net.train()
        self.algo = ALGORITHMS[cfg.algo]
        self.opt = self.algo.make_optimizer(self.net, cfg)
        self.warm_opt = warmup.make_optimizer(self.net, cfg) if cfg.critic_warmup else None
        if resume is not None and resume.optimizer is not None and resume.config.algo == cfg.algo:
            self.opt.load_state_dict(resume.optimizer)
        self.window = EpisodeWindow()
        if cfg.executor == "ray" and cfg.ray_address:  # a bad address fails here, before any work
            from nuffle.rl import cluster

            cluster.connect(cfg.ray_address, num_cpus=0)

    # --- files ----------------------------------------------------------------------------

    def save(self, name: str) -> None:
        """Write checkpoint `name` in the run folder."""
        checkpoint.save(self.out / name, self.net, self.cfg, self.steps, self.episodes,
                        self.opt.state_dict(), self.extra)

    def _snapshot(self) -> None:
        """Add the current policy to the self-play pool."""
        checkpoint.save(self.out / "pool" / f"step-{self.steps:010d}.pt", self.net, self.cfg, self.steps,
                        self.episodes)

    # --- loop -----------------------------------------------------------------------------

    def run(self) -> dict[str, float]:
        """Train until `cfg.steps` learner steps in all; returns the last log row. Ctrl-C or
        SIGTERM stop it at once: `interrupted` is then set and last.pt holds every finished
        update (the rollout in flight is dropped)."""
        cfg = self.cfg
        self.out.mkdir(parents=True, exist_ok=True)
        pool = None
        if cfg.opponent == "self":
            pool = str(self.out / "pool")
            if not any((self.out / "pool").glob("*.pt")):
                self._snapshot()
        vec = VecEnv(cfg.env_spec(pool), cfg.n_envs, cfg.workers, cfg.seed + self.steps, cfg.executor,
                     cfg.ray_address, policy=self.net if cfg.opponent == "self" else None)
        if vec.nodes:
            print(f"rollout workers: {len(vec.nodes)} Ray actors on {len(set(vec.nodes))} node(s): "
                  + ", ".join(sorted(set(vec.nodes))), file=sys.stderr)
        log = RunLog(self.out)
        bar = None
        if self.progress:
            from tqdm import tqdm

            bar = tqdm(total=cfg.steps, initial=self.steps, unit="step", dynamic_ncols=True)
        row: dict[str, float] = {}
        try:
            if cfg.curriculum:
                vec.set_level(float(self.extra["level"]))
            obs = vec.reset()
            horizon = cfg.t_max if cfg.algo == "a2c" else cfg.ppo_steps
            started, start_steps = time.perf_counter(), self.steps
            next_log = self.steps + cfg.log_every
            next_ckpt = self.steps + cfg.checkpoint_every
            next_pool = self.steps + cfg.selfplay_every
            parts: dict[str, float] = {}
            while self.steps < cfg.steps:
                roll = Rollout.empty(horizon, obs)
                for t in range(horizon):
                    roll.put_obs(t, obs)  # converted once: the rollout's rows feed the network
                    with torch.no_grad():
                        logits, values = self.net(roll.spatial[t], roll.non_spatial[t])
                        dist = masked_dist(logits, roll.masks[t])
                        actions = dist.sample()
                        roll.log_probs[t] = dist.log_prob(actions)
                    roll.actions[t] = actions
                    roll.values[t] = values
                    obs, rewards, dones, finished = vec.step(actions.numpy())
                    roll.rewards[t] = torch.from_numpy(rewards)
                    roll.dones[t] = torch.from_numpy(dones)
                    self.window.add(finished)
                    self.episodes += len(finished)
                with deferred_interrupt():  # the update and the step count go together
                    self.steps += horizon * cfg.n_envs
                    with torch.no_grad():
                        spatial, ns, _ = to_tensors(obs)
                        last_values = self.net(spatial, ns)[1]
                    if self.warm_opt is not None and self.steps <= cfg.critic_warmup:
                        parts = warmup.update(self.net, self.warm_opt, roll, last_values, cfg)
                    else:
                        parts = self.algo.update(self.net, self.opt, roll, last_values, cfg)
                    vec.sync(self.net)  # batched self-play: the opponent plays the new weights
                if bar is not None:
                    bar.update(horizon * cfg.n_envs)
                if self.steps >= next_log or self.steps >= cfg.steps:
                    next_log += cfg.log_every
                    row = self._row(started, start_steps, parts)
                    log.write(row)
                    self._curriculum(vec, row)
                    self._best(row)
                    if bar is not None:
                        bar.set_postfix(sps=f"{row['steps_per_s']:.0f}",
                                        td=f"{row.get('td_per_episode', 0):.2f}",
                                        win=f"{row.get('win_rate', 0):.2f}")
                if self.steps >= next_ckpt:
                    next_ckpt += cfg.checkpoint_every
                    self.save("last.pt")
                if pool is not None and self.steps >= next_pool:
                    next_pool += cfg.selfplay_every
                    self._snapshot()
            self.save("last.pt")
        except KeyboardInterrupt:  # Ctrl-C or SIGTERM: keep every finished update in last.pt
            self.interrupted = True
            with deferred_interrupt():
                self.save("last.pt")
        finally:
            vec.close()
            log.close()
            if bar is not None:
                bar.close()
        return row

    def _row(self, started: float, start_steps: int, parts: dict[str, float]) -> dict[str, float]:
        seconds = time.perf_counter() - started
        row: dict[str, float] = {"steps": self.steps, "episodes": self.episodes, "seconds": round(seconds, 2),
                                 "steps_per_s": (self.steps - start_steps) / max(seconds, 1e-9)}
        row.update(self.window.summary())
        row.update(parts)
        row["curriculum_level"] = float(self.extra["level"]) if self.cfg.curriculum else 1.0
        return row

    def _curriculum(self, vec: VecEnv, row: dict[str, float]) -> None:
        """Raise the curriculum level by 0.1 once the recent episodes reach the target."""
        if not self.cfg.curriculum or len(self.window.episodes) < self.window.episodes.maxlen // 2:  # type: ignore[operator]
            return
        level = float(self.extra["level"])
        if level < 1.0 and row.get("td_per_episode", 0.0) >= self.cfg.curriculum_target:
            self.extra["level"] = min(1.0, round(level + 0.1, 6))
            vec.set_level(self.extra["level"])
            self.window.episodes.clear()

    def _best(self, row: dict[str, float]) -> None:
        """Keep best.pt: the highest touchdowns per episode at the highest curriculum level."""
        if len(self.window.episodes) < 20 or "td_per_episode" not in row:
            return
        score = [row["curriculum_level"], row["td_per_episode"], row["win_rate"]]
        best = self.extra.get("best")
        if best is None or score > list(best):
            self.extra["best"] = score
            self.save("best.pt")
