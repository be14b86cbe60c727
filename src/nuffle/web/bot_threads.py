"""Bots thinking in daemon threads: `think` runs one decision off the event loop (a bot still
thinking never holds up shutdown), and `stop_bots`, as the program ends, stops every native
search and waits a little for the threads."""

from __future__ import annotations

import asyncio
import contextlib
import sys
import threading
import time
from typing import Any

from nuffle.agents.base import Agent
from nuffle.core.game import Game

_THINKING: set[threading.Thread] = set()  # bot threads still running
_THINKING_LOCK = threading.Lock()


def stop_bots(timeout: float = 2.0) -> int:
    """Before the program ends: stop every native search (a bot thinking in C++ then raises in
    its own thread) and wait up to `timeout` seconds for the bot threads; returns how many
    still run (bots thinking in Python, which the interpreter may end as it exits)."""
    native = sys.modules.get("nuffle._native")  # not imported: no native search can be running
    if native is not None and hasattr(native, "stop_searches"):
        native.stop_searches(True)
    deadline = time.monotonic() + timeout
    with _THINKING_LOCK:
        threads = list(_THINKING)
    for t in threads:
        t.join(max(0.0, deadline - time.monotonic()))
    return sum(t.is_alive() for t in threads)


async def think(agent: Agent, view: Game) -> Any:
    """`agent.act(view)` in a daemon thread: a bot still thinking never holds up shutdown, and
    a caller that stops waiting (a timeout, a cancel) leaves the thread to finish on its own."""
    loop = asyncio.get_running_loop()
    done: asyncio.Future[Any] = loop.create_future()

    def settle(ok: bool, value: Any) -> None:
        if not done.done():
            if ok:
                done.set_result(value)
            else:
                done.set_exception(value)

    def run() -> None:
        try:
            outcome: tuple[bool, Any] = (True, agent.act(view))
        except Exception as exc:
            outcome = (False, exc)
        finally:
            with _THINKING_LOCK:
                _THINKING.discard(threading.current_thread())
        with contextlib.suppress(RuntimeError):  # the server stopped meanwhile: nobody waits
            loop.call_soon_threadsafe(settle, *outcome)

    thread = threading.Thread(target=run, name="nuffle-bot", daemon=True)
    with _THINKING_LOCK:
        _THINKING.add(thread)
    thread.start()
    return await done
