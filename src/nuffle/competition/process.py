"""A bot's process: started with resource limits and a clean environment, spoken to in JSON
lines with deadlines, its stderr drained and capped, and killed with everything it started."""

from __future__ import annotations

import contextlib
import math
import os
import resource
import select
import shutil
import signal
import subprocess
import sys
import time
from collections import deque
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from nuffle.competition.protocol import ProtocolError, decode, encode
from nuffle.competition.sandbox import Sandbox, seat_uid, wrap

#: Environment variables a bot inherits (nothing else: no tokens, keys or passwords).
SAFE_ENV = ("PATH", "LANG", "LC_ALL", "TZ", "SYSTEMROOT", "TMPDIR")


@dataclass(frozen=True)
class Limits:
    """Resource limits of a bot process: data memory (MiB), CPU seconds, message size, the
    largest file it may write (MiB) and, sandboxed as a user of its own, its processes and
    threads."""

    memory_mb: int = 2048
    cpu_seconds: int = 3600
    max_message_bytes: int = 1 << 20
    stderr_bytes: int = 1 << 20  # kept per game; more is dropped (and logged once)
    file_mb: int = 256
    processes: int = 128


@dataclass
class Reply:
    """What came back from a bot before a deadline: `kind` is 'message', 'timeout',
    'closed' (the bot exited or closed stdout), 'oversized' or 'malformed'."""

    kind: str
    message: dict[str, Any] | None = None
    error: str = ""
    seconds: float = 0.0
    #: When the line arrived (time.monotonic() as it was read from the pipe).
    at: float = 0.0


def clean_env(extra: dict[str, str] | None = None) -> dict[str, str]:
    """The environment a bot gets: the safe variables, the Python path nuffle needs, `extra`."""
    env = {k: os.environ[k] for k in SAFE_ENV if k in os.environ}
    env["PYTHONUNBUFFERED"] = "1"
    env["PYTHONPATH"] = os.pathsep.join(p for p in sys.path if p and os.path.isdir(p))
    if extra:
        env.update(extra)
    return env


def _limiter(limits: Limits, own_user: bool = False) -> Callable[[], None]:
    """The limits set in the bot's process before it starts (RLIMIT_DATA rather than
    RLIMIT_AS: JavaScript engines reserve far more address space than they use). The process
    limit counts all of a user's processes, so it is set only for a bot with a user of its own."""
    def apply() -> None:
        mem = limits.memory_mb << 20
        resource.setrlimit(resource.RLIMIT_DATA, (mem, mem))
        cpu = limits.cpu_seconds
        resource.setrlimit(resource.RLIMIT_CPU, (cpu, cpu + 5))
        resource.setrlimit(resource.RLIMIT_CORE, (0, 0))
        size = limits.file_mb << 20
        resource.setrlimit(resource.RLIMIT_FSIZE, (size, size))
        if own_user:
            resource.setrlimit(resource.RLIMIT_NPROC, (limits.processes, limits.processes))

    return apply


class BotProcess:
    """One running bot. `send` and `receive` never block past their deadline."""

    def __init__(self, command: Sequence[str], cwd: str | None, limits: Limits,
                 env: dict[str, str] | None = None, sandbox: Sandbox | None = None,
                 side: int = 0) -> None:
        self.limits = limits
        args = list(command)
        uid = None
        if sandbox is not None:  # see sandbox.py
            uid = seat_uid(side)
            args = wrap(sandbox, args, cwd, uid, shutil.which("bwrap") or "bwrap",
                        shutil.which("setpriv") or "setpriv")
            cwd = None
        self.proc = subprocess.Popen(
            args, cwd=cwd, env=env if env is not None else clean_env(),
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
            preexec_fn=_limiter(limits, uid is not None), start_new_session=True, close_fds=True,
        )
        assert self.proc.stdin and self.proc.stdout and self.proc.stderr
        self._in = self.proc.stdin.fileno()
        self._out = self.proc.stdout.fileno()
        self._err = self.proc.stderr.fileno()
        for fd in (self._in, self._out, self._err):
            os.set_blocking(fd, False)
        self._poll = select.poll()
        self._watched = {self._out, self._err}
        for fd in self._watched:
            self._poll.register(fd, select.POLLIN)
        self._buf = bytearray()
        self._arrived: deque[float] = deque()  # the read time of each complete line in _buf
        self._out_open = True
        self._stale = False  # the line now in _buf began before a request: dropped when it ends
        self.stderr_tail = bytearray()
        self.stderr_total = 0
        self.closed = False

    @property
    def pid(self) -> int:
        """The bot's process id (also its process group)."""
        return self.proc.pid

    def send(self, message: dict[str, Any], deadline: float) -> bool:
        """Write one message; False if the bot is gone or does not read it by `deadline`."""
        return self.send_line(encode(message), deadline)

    def send_line(self, line: bytes, deadline: float) -> bool:
        """Write one encoded message (a line ending in a newline), as `send` does."""
        try:  # the usual case: the pipe takes the whole line at once
            n = os.write(self._in, line)
        except BlockingIOError:
            n = 0
        except OSError:
            return False
        data = memoryview(line)[n:]
        while data:
            try:
                n = os.write(self._in, data)
                data = data[n:]
                continue
            except BlockingIOError:
                pass
            except (BrokenPipeError, OSError):
                return False
            left = deadline - time.monotonic()
            if left <= 0:
                return False
            self._wait(min(left, 0.05))
        return True

    def receive(self, deadline: float) -> Reply:
        """The next message, or why there is none by `deadline`."""
        start = time.monotonic()
        limit = self.limits.max_message_bytes
        scanned = 0
        polled = False
        last_look = False
        while True:
            nl = self._buf.find(b"\n", scanned)
            if nl >= 0:
                line = bytes(self._buf[:nl])
                del self._buf[: nl + 1]
                at = self._arrived.popleft() if self._arrived else time.monotonic()
                if self._stale:  # the end of a line begun before the request
                    self._stale = False
                    scanned = 0
                    continue
                if len(line) > limit:
                    return Reply("oversized", error=f"a message of {len(line)} bytes (limit {limit})",
                                 at=at)
                if not line.strip():
                    scanned = 0
                    continue
                try:
                    return Reply("message", decode(line), seconds=at - start, at=at)
                except ProtocolError as exc:
                    return Reply("malformed", error=str(exc), seconds=at - start, at=at)
            scanned = len(self._buf)
            if scanned > limit:
                return Reply("oversized", error=f"a message over {limit} bytes")
            if not self._out_open or (polled and self.proc.poll() is not None):
                # The bot exited (a child it left may still hold its stdout open).
                self.drain()
                if self._buf.find(b"\n") < 0:
                    return Reply("closed", error=self._exit_text())
                continue
            left = deadline - time.monotonic()
            if left <= 0:
                if last_look:
                    return Reply("timeout", seconds=time.monotonic() - start)
                # what already waits in the pipe came in time (the referee was busy elsewhere)
                last_look = polled = True
                self.drain()
                continue
            polled = self._wait(min(left, 0.1)) == 0

    def discard_pending(self) -> list[bytes]:
        """Read what the bot has written so far and drop it (called before a request is sent:
        no line written before a request answers it). The complete lines are returned; a line
        still unfinished is dropped whole when it ends."""
        self.drain()
        lines = []
        while (nl := self._buf.find(b"\n")) >= 0:
            line = bytes(self._buf[:nl])
            del self._buf[: nl + 1]
            if self._arrived:
                self._arrived.popleft()
            if self._stale:
                self._stale = False
            elif line.strip():
                lines.append(line)
        self._stale = self._stale or bool(self._buf.strip())
        return lines

    def _wait(self, timeout: float) -> int:
        """Read what is ready within `timeout` seconds; the number of streams read."""
        events = self._poll.poll(math.ceil(timeout * 1000))
        for fd, _ in events:
            try:
                chunk = os.read(fd, 1 << 16)
            except BlockingIOError:
                continue
            except OSError:
                chunk = b""
            if not chunk:
                self._watched.discard(fd)
                self._poll.unregister(fd)
                if fd == self._out:
                    self._out_open = False
            elif fd == self._out:
                self._buf += chunk
                lines = chunk.count(b"\n")
                if lines:
                    self._arrived.extend([time.monotonic()] * lines)
            else:
                self._keep_stderr(chunk)
        return len(events)

    def _keep_stderr(self, chunk: bytes) -> None:
        self.stderr_total += len(chunk)
        keep = 1 << 14
        self.stderr_tail += chunk
        if len(self.stderr_tail) > keep:
            del self.stderr_tail[:-keep]

    def drain(self) -> None:
        """Read whatever the bot has written so far without waiting."""
        for _ in range(64):  # bounded: a child may write without end
            if not self._watched or not self._wait(0):
                break

    def _exit_text(self) -> str:
        code = self.proc.poll()
        if code is None:
            with contextlib.suppress(subprocess.TimeoutExpired):
                code = self.proc.wait(0.2)
        if code is None:
            return "the bot closed its stdout"
        if code < 0:
            return f"the bot was killed by signal {signal.Signals(-code).name}"
        return f"the bot exited with code {code}"

    def exited(self) -> str:
        """Why the bot stopped ('' while it runs)."""
        return "" if self.proc.poll() is None else self._exit_text()

    def close(self, wait: float = 0.0) -> None:
        """Close its stdin, give it `wait` seconds to exit, then kill its process group."""
        if self.closed:
            return
        self.closed = True
        with contextlib.suppress(OSError):
            os.close(self._in)
            self.proc.stdin = None
        if wait > 0:
            with contextlib.suppress(subprocess.TimeoutExpired):
                self.proc.wait(wait)
        with contextlib.suppress(ProcessLookupError, PermissionError):
            os.killpg(self.proc.pid, signal.SIGKILL)
        with contextlib.suppress(subprocess.TimeoutExpired):
            self.proc.wait(5)
        for stream in (self.proc.stdout, self.proc.stderr):
            if stream is not None:
                with contextlib.suppress(OSError):
                    stream.close()


def wait_readable(procs: Sequence[BotProcess], timeout: float) -> None:
    """Wait up to `timeout` seconds until any of the bots has written something (read later
    by their `receive`, which then times each line as it arrives)."""
    poll = select.poll()
    for proc in procs:
        for fd in proc._watched:
            poll.register(fd, select.POLLIN)
    poll.poll(max(0, math.ceil(timeout * 1000)))
