"""Shared helpers for the competition tests: bot commands and a child-process check."""

from __future__ import annotations

import shutil
import sys
from pathlib import Path

import psutil
import pytest

from nuffle.competition.bots import JS_RANDOM_BOT

BOTS = Path(__file__).parent / "bots"


def misbehaving(mode: str, arg: str = "") -> tuple[str, ...]:
    """The command of the misbehaving test bot in `mode`."""
    return (sys.executable, str(BOTS / "misbehave.py"), mode, *((arg,) if arg else ()))


def js_bot() -> tuple[str, ...]:
    """The command of the JavaScript random bot."""
    node = shutil.which("node")
    if node is None:
        pytest.skip("node is not installed")
    return (node, str(JS_RANDOM_BOT))


#: multiprocessing's own per-interpreter helpers, which live as long as the test process.
_HELPERS = ("multiprocessing.forkserver", "multiprocessing.resource_tracker")


def _alive(p: psutil.Process) -> bool:
    try:
        if not p.is_running() or p.status() == psutil.STATUS_ZOMBIE:
            return False
        return not any(h in " ".join(p.cmdline()) for h in _HELPERS)
    except psutil.NoSuchProcess:
        return False


@pytest.fixture
def no_leaks():
    """Fails the test if it leaves child processes behind (bots, their children, pool workers)."""
    me = psutil.Process()
    before = {p.pid for p in me.children(recursive=True)}
    yield
    left = [p for p in me.children(recursive=True) if p.pid not in before and _alive(p)]
    assert not left, f"leaked processes: {[(p.pid, p.cmdline()) for p in left]}"
