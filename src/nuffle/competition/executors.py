"""Executors: where a batch of games is played. Each game runs in `play_task`, which returns
its report and record; the caller writes the files, so a game played on a remote Ray node
lands in the same place as one played locally, and results do not depend on the executor."""

from __future__ import annotations

import multiprocessing
import os
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from typing import Any, Protocol

from nuffle.competition.referee import BotSpec, Referee, Settings
from nuffle.core.errors import InputError, StateError


@dataclass(frozen=True)
class Task:
    """One game for an executor."""

    home: BotSpec
    away: BotSpec
    seed: int
    settings: Settings


@dataclass
class Outcome:
    """What a played game sends back: its report, its record and the engine's trace if any."""

    report: dict[str, Any]
    record: dict[str, Any]
    trace: str | None


def play_task(task: Task) -> Outcome:
    """Play one game (in whatever process or node the executor chose)."""
    referee = Referee(task.home, task.away, task.seed, task.settings)
    report = referee.play()
    return Outcome(report, referee.record(), referee.engine_error)


class Executor(Protocol):
    """Plays tasks and returns their outcomes in task order."""

    def run(self, tasks: list[Task], done: Callable[[Outcome], None] | None = None) -> list[Outcome]:
        """Play every task; `done` is called as each game finishes."""
        ...

    def close(self) -> None:
        """Release the executor's workers."""
        ...


class LocalExecutor:
    """A pool of local worker processes (one game each at a time); 1 worker plays in-process."""

    def __init__(self, workers: int = 0) -> None:
        self.workers = workers or os.cpu_count() or 1
        self._pool: ProcessPoolExecutor | None = None

    def run(self, tasks: list[Task], done: Callable[[Outcome], None] | None = None) -> list[Outcome]:
        if self.workers == 1 or len(tasks) <= 1:
            out = []
            for t in tasks:
                out.append(play_task(t))
                if done:
                    done(out[-1])
            return out
        if self._pool is None:
            ctx = multiprocessing.get_context("forkserver")
            self._pool = ProcessPoolExecutor(max_workers=self.workers, mp_context=ctx)
        futures = [self._pool.submit(play_task, t) for t in tasks]
        results = []
        for f in futures:
            results.append(f.result())
            if done:
                done(results[-1])
        return results

    def close(self) -> None:
        if self._pool is not None:
            self._pool.shutdown()
            self._pool = None


class RayExecutor:
    """Games spread over a Ray cluster (`address`), or a local Ray with `num_cpus` CPUs.

    Each game is a Ray task needing one CPU; the bots run as subprocesses on the task's node,
    so bot commands and team files must exist there at the same paths."""

    def __init__(self, address: str | None = None, num_cpus: int | None = None) -> None:
        try:
            import ray
        except ImportError:
            raise StateError("the ray executor needs Ray: pip install 'nuffle[ray]'") from None
        self.ray = ray
        self._started = not ray.is_initialized()
        if self._started:
            kwargs: dict[str, Any] = {"include_dashboard": False, "log_to_driver": False,
                                      "configure_logging": False}
            if address:
                ray.init(address=address, **kwargs)
            else:
                ray.init(num_cpus=num_cpus or os.cpu_count() or 1, **kwargs)
        self._remote = ray.remote(num_cpus=1)(play_task)

    def run(self, tasks: list[Task], done: Callable[[Outcome], None] | None = None) -> list[Outcome]:
        refs = [self._remote.remote(t) for t in tasks]
        results: list[Outcome] = []
        for ref in refs:
            results.append(self.ray.get(ref))
            if done:
                done(results[-1])
        return results

    def close(self) -> None:
        if self._started:
            self.ray.shutdown()


def make_executor(kind: str, workers: int = 0, address: str | None = None) -> Executor:
    """The executor named `kind` ('local' or 'ray')."""
    if kind == "local":
        return LocalExecutor(workers)
    if kind == "ray":
        return RayExecutor(address, workers or None)
    raise InputError(f"unknown executor {kind!r}: choose local or ray")
