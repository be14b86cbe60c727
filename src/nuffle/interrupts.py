"""Stopping long runs cleanly: SIGTERM acts as Ctrl-C, and a short critical section (write a
result and count it) can hold an interrupt back until it is done.

Long commands (a series, a ladder, training) catch `KeyboardInterrupt`, keep what finished and
exit 130. `terminate_as_interrupt()` makes SIGTERM (what `kill` and process managers send) take
that same path. `deferred_interrupt()` wraps a step that must happen whole, such as writing a
game's record and counting the game: a signal arriving inside it is raised at its end.
"""

from __future__ import annotations

import os
import signal
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from types import FrameType
from typing import Any, TextIO


def _raise_interrupt(signum: int, frame: FrameType | None) -> None:
    raise KeyboardInterrupt


def terminate_as_interrupt() -> None:
    """From now on SIGTERM raises KeyboardInterrupt in the main thread, as Ctrl-C does."""
    if threading.current_thread() is threading.main_thread():
        signal.signal(signal.SIGTERM, _raise_interrupt)


@contextmanager
def deferred_interrupt() -> Iterator[None]:
    """Run the block whole: SIGINT or SIGTERM arriving inside it raise KeyboardInterrupt once
    the block ends (outside the main thread, where signals cannot be caught, it does nothing)."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    caught: list[int] = []

    def hold(signum: int, frame: FrameType | None) -> None:
        caught.append(signum)

    old = {sig: signal.signal(sig, hold) for sig in (signal.SIGINT, signal.SIGTERM)}
    try:
        yield
    finally:
        for sig, handler in old.items():
            signal.signal(sig, handler)
    if caught:
        raise KeyboardInterrupt


_WORKER_SIGNALS = (signal.SIGINT, signal.SIGTERM)


@contextmanager
def forking_workers() -> Iterator[None]:
    """Fork worker processes inside this block: SIGINT and SIGTERM are blocked in this thread
    while it runs (and delivered at its end), so a child starts with them blocked and
    `worker_signals()` sets its own handlers before any can reach it. A Ctrl-C at a terminal
    goes to every process of the group; the workers leave it to the parent, which stops them."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    old = signal.pthread_sigmask(signal.SIG_BLOCK, _WORKER_SIGNALS)
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, old)


def worker_signals() -> None:
    """In a worker process started by `forking_workers`: ignore SIGINT (the parent handles a
    Ctrl-C and closes the workers), end quietly on SIGTERM (the parent's `terminate()`), then
    unblock both."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    signal.pthread_sigmask(signal.SIG_UNBLOCK, _WORKER_SIGNALS)


class PipeGuard:
    """Standard output that a closed reader cannot stop: once a write or flush meets a broken
    pipe (`nuffle ... | head`), the rest of the output goes to /dev/null and the command goes on
    to its end, saving its files, with no "Broken pipe" error. Everything else is the wrapped
    stream's."""

    def __init__(self, stream: TextIO) -> None:
        self._stream = stream

    def write(self, text: str) -> int:
        try:
            return self._stream.write(text)
        except BrokenPipeError:
            self._drop()
            return len(text)

    def flush(self) -> None:
        try:
            self._stream.flush()
        except BrokenPipeError:
            self._drop()

    def _drop(self) -> None:
        """Point the stream's file descriptor at /dev/null (its buffer then drains there)."""
        devnull = os.open(os.devnull, os.O_WRONLY)
        try:
            os.dup2(devnull, self._stream.fileno())
        finally:
            os.close(devnull)

    def __getattr__(self, name: str) -> Any:
        return getattr(self._stream, name)
