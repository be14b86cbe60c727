"""Executors: where a batch of games is played. Each game runs in `play_task`, which returns
its report and record; the caller writes the files, so a game played on a remote Ray node
lands in the same place as one played locally, and results do not depend on the executor."""

from __future__ import annotations

import contextlib
import multiprocessing
import os
import signal
from collections.abc import Callable
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from dataclasses import dataclass, field
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
    index: int = 0  # the fixture's number, handed back with the outcome


@dataclass
class Outcome:
    """What a played game sends back: its report, its record, the engine's trace if any, the
    fixture's number, the tail of each bot's stderr (by side) and the match report's lines
    (`nuffle.report`)."""

    report: dict[str, Any]
    record: dict[str, Any]
    trace: str | None
    index: int = 0
    stderr: dict[str, str] = field(default_factory=dict)
    lines: list[str] | None = None


def play_task(task: Task) -> Outcome:
    """Play one game (in whatever process or node the executor chose)."""
    referee = Referee(task.home, task.away, task.seed, task.settings)
    report = referee.play()
    stderr = {side: seat.stderr for side, seat in zip(("home", "away"), referee.seats, strict=True)}
    return Outcome(report, referee.record(), referee.engine_error, task.index, stderr,
                   referee.match_report.lines)


def _worker_init() -> None:
    """Pool workers leave Ctrl-C to the main process, which stops them (and their bots)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


class Executor(Protocol):
    """Plays tasks and returns their outcomes in task order."""

    def run(self, tasks: list[Task], done: Callable[[Outcome], None] | None = None) -> list[Outcome]:
        """Play every task; `done` is called as each game finishes (in any order)."""
        ...

    def close(self) -> None:
        """Release the executor's workers."""
        ...

    def abort(self) -> None:
        """Stop at once: cancel what has not started and kill the workers (an interrupt)."""
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
            self._pool = ProcessPoolExecutor(max_workers=self.workers, mp_context=ctx,
                                             initializer=_worker_init)
        futures = [self._pool.submit(play_task, t) for t in tasks]
        order = {f: i for i, f in enumerate(futures)}
        results: list[Outcome | None] = [None] * len(tasks)
        waiting: set[Future[Outcome]] = set(futures)
        while waiting:
            finished, waiting = wait(waiting, return_when=FIRST_COMPLETED)
            for f in sorted(finished, key=order.__getitem__):
                results[order[f]] = f.result()
                if done:
                    done(f.result())
        return [r for r in results if r is not None]

    def close(self) -> None:
        if self._pool is not None:
            self._pool.shutdown()
            self._pool = None

    def abort(self) -> None:
        pool = self._pool
        self._pool = None
        if pool is None:
            return
        for proc in list((getattr(pool, "_processes", None) or {}).values()):
            with contextlib.suppress(OSError):
                proc.kill()
        pool.shutdown(wait=False, cancel_futures=True)


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
            # ray.init replaces the SIGTERM handler with its own (which exits 1 mid-game, or
            # aborts in Ray's threads): the caller's is put back, so SIGTERM stops as Ctrl-C does
            term = signal.getsignal(signal.SIGTERM)
            try:
                if address:
                    ray.init(address=address, **kwargs)
                else:
                    ray.init(num_cpus=num_cpus or os.cpu_count() or 1, **kwargs)
            except Exception as exc:  # Ray's own errors: no cluster there, a bad address, ...
                where = f"the Ray cluster at {address!r}" if address else "a local Ray"
                lines = str(exc).strip().splitlines() or [type(exc).__name__]
                raise StateError(f"cannot start {where}: {lines[0]}") from None
            finally:
                if term is not None:
                    with contextlib.suppress(ValueError):  # not the main thread
                        signal.signal(signal.SIGTERM, term)
        self._remote = ray.remote(num_cpus=1)(play_task)
        self._refs: list[Any] = []

    def run(self, tasks: list[Task], done: Callable[[Outcome], None] | None = None) -> list[Outcome]:
        refs = [self._remote.remote(t) for t in tasks]
        self._refs = refs
        order = {ref: i for i, ref in enumerate(refs)}
        results: list[Outcome | None] = [None] * len(tasks)
        waiting = list(refs)
        while waiting:
            finished, waiting = self.ray.wait(waiting, num_returns=1)
            for ref in finished:
                out: Outcome = self.ray.get(ref)
                results[order[ref]] = out
                if done:
                    done(out)
        self._refs = []
        return [r for r in results if r is not None]

    def close(self) -> None:
        if self._started:
            self.ray.shutdown()
            self._started = False

    def abort(self) -> None:
        """Cancel the games still running, let the cancellations settle, shut Ray down (a reply
        to a task Ray has already dropped, arriving during shutdown, aborts the driver in Ray's
        own code: so only unfinished tasks are cancelled, and their ends are awaited a moment)."""
        refs, self._refs = self._refs, []
        if refs:
            with contextlib.suppress(Exception):
                _, pending = self.ray.wait(refs, num_returns=len(refs), timeout=0)
                for ref in pending:
                    self.ray.cancel(ref, force=True)
                if pending:
                    self.ray.wait(pending, num_returns=len(pending), timeout=5)
        self.close()


def make_executor(kind: str, workers: int = 0, address: str | None = None) -> Executor:
    """The executor named `kind` ('local' or 'ray')."""
    if kind == "local":
        return LocalExecutor(workers)
    if kind == "ray":
        return RayExecutor(address, workers or None)
    raise InputError(f"unknown executor {kind!r}: choose local or ray")
