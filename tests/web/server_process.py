"""A `nuffle serve` in a subprocess on a free loopback port, for tests that need a real server
(killing it, signals, streamed bodies)."""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path
from typing import Any


def free_port() -> int:
    """A TCP port nobody listens on now."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _as_from_a_terminal() -> None:
    """In the child: SIGINT acts as in a shell, whatever the runner's own signal state."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)
    signal.pthread_sigmask(signal.SIG_UNBLOCK, [signal.SIGINT])


class Server:
    """`nuffle serve --db DB` on a free port (`env`: variables added to its environment); its
    output goes to `log` (a file)."""

    def __init__(self, db: Path, log: Path, env: dict[str, str] | None = None) -> None:
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.log = log
        with open(log, "ab") as out:
            self.proc = subprocess.Popen(
                [sys.executable, "-m", "nuffle.cli", "serve", "--port", str(self.port), "--db", str(db),
                 "--log-level", "info"],
                stdout=out, stderr=subprocess.STDOUT, preexec_fn=_as_from_a_terminal,
                env=None if env is None else {**os.environ, **env})
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            try:
                with socket.create_connection(("127.0.0.1", self.port), timeout=1):
                    return
            except OSError:
                if self.proc.poll() is not None:
                    raise RuntimeError(f"the server exited: {log.read_text()}") from None
                time.sleep(0.2)
        self.proc.kill()
        raise RuntimeError("the server did not start in 60 s")

    def request(self, method: str, path: str, body: Any = None) -> tuple[int, Any]:
        """(status, decoded JSON answer) of one request."""
        data = None if body is None else json.dumps(body).encode()
        req = urllib.request.Request(self.url + path, data=data, method=method,
                                     headers={"Content-Type": "application/json"})
        try:
            with urllib.request.urlopen(req, timeout=60) as r:
                return r.status, json.loads(r.read())
        except urllib.error.HTTPError as e:
            return e.code, json.loads(e.read())

    def stop(self, sig: int = signal.SIGINT, within: float = 10.0) -> float:
        """Send `sig`; the seconds the server took to exit (kills it and fails past `within`)."""
        t0 = time.monotonic()
        self.proc.send_signal(sig)
        try:
            self.proc.wait(timeout=within)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()
            raise AssertionError(f"the server still ran {within} s after signal {sig}") from None
        return time.monotonic() - t0

    def kill(self) -> None:
        """SIGKILL: no shutdown at all."""
        self.proc.kill()
        self.proc.wait()
