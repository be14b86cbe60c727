"""Keeping every process a bot starts inside the referee's reach, and killing all of them.

On Linux the process that runs games becomes a *child subreaper* (prctl
PR_SET_CHILD_SUBREAPER): a process a bot starts and leaves behind, even in a session of its
own (`setsid`, Node's `detached: true`), is re-parented to it instead of to init. So every
such process stays a descendant, and `sweep` kills every descendant that did not exist when
the games began. Elsewhere the sweep still kills the descendants it can see."""

from __future__ import annotations

import contextlib
import ctypes
import ctypes.util
import os
import signal
import sys
import time
from collections.abc import Iterator
from typing import Any

_PR_SET_CHILD_SUBREAPER = 36
_PR_GET_CHILD_SUBREAPER = 37


def _prctl() -> Any:
    """libc's prctl, or None off Linux."""
    if not sys.platform.startswith("linux"):
        return None
    try:
        libc = ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6", use_errno=True)
    except OSError:
        return None
    fn = libc.prctl
    fn.restype = ctypes.c_int
    return fn


def set_subreaper(on: bool) -> bool:
    """Make this process a child subreaper (or stop); whether it is one afterwards."""
    fn = _prctl()
    if fn is None:
        return False
    fn(_PR_SET_CHILD_SUBREAPER, ctypes.c_ulong(1 if on else 0), 0, 0, 0)
    return is_subreaper()


def is_subreaper() -> bool:
    """Whether this process is a child subreaper."""
    fn = _prctl()
    if fn is None:
        return False
    flag = ctypes.c_int(0)
    if fn(_PR_GET_CHILD_SUBREAPER, ctypes.byref(flag), 0, 0, 0) != 0:
        return False
    return flag.value != 0


def _parents() -> dict[int, int]:
    """Every process's parent, read from /proc (empty where there is no /proc)."""
    out: dict[int, int] = {}
    try:
        names = os.listdir("/proc")
    except OSError:
        return out
    for name in names:
        if not name.isdigit():
            continue
        try:
            with open(f"/proc/{name}/stat", "rb") as fh:
                stat = fh.read()
        except OSError:
            continue
        # pid (comm) state ppid ...: comm may hold spaces and parentheses
        fields = stat[stat.rfind(b")") + 2:].split()
        if len(fields) > 1 and fields[0] != b"Z":
            out[int(name)] = int(fields[1])
    return out


def descendants(pid: int | None = None) -> set[int]:
    """The living (not zombie) descendants of `pid` (default: this process)."""
    root = os.getpid() if pid is None else pid
    children: dict[int, list[int]] = {}
    for child, parent in _parents().items():
        children.setdefault(parent, []).append(child)
    out: set[int] = set()
    todo = [root]
    while todo:
        for child in children.get(todo.pop(), ()):
            if child not in out:
                out.add(child)
                todo.append(child)
    return out


def sweep(spare: set[int], rounds: int = 50) -> set[int]:
    """SIGKILL every descendant of this process not in `spare`, until none is left (a process
    may start another while it is being killed); returns the pids killed."""
    killed: set[int] = set()
    for _ in range(rounds):
        targets = descendants() - spare
        if not targets:
            break
        for pid in targets:
            with contextlib.suppress(ProcessLookupError, PermissionError):
                os.kill(pid, signal.SIGKILL)
        killed |= targets
        time.sleep(0.01)
        _reap_quietly(killed)
    return killed


def _reap_quietly(pids: set[int]) -> None:
    for pid in pids:
        with contextlib.suppress(ChildProcessError, OSError):
            os.waitpid(pid, os.WNOHANG)


@contextlib.contextmanager
def contained() -> Iterator[set[int]]:
    """Within the block this process is a child subreaper; on leaving it (normally or by an
    exception, Ctrl-C included), every descendant started inside the block is killed.
    Yields the set of descendants that existed before (they are spared)."""
    before = descendants()
    was = is_subreaper()
    if not was:
        set_subreaper(True)
    try:
        yield before
    finally:
        sweep(before)
        if not was:
            set_subreaper(False)
