"""A hostile bot (the sandbox's tests): at its first decision it attacks as its arguments say,
writes what each attack achieved to stderr (one JSON line each), then plays random legal
actions. Attacks: opponent (find the opponent's process by its command line, stop and kill
it), referee PID (signal 0: can it reach the referee?), read PATH and write PATH, net PORT
(connect to the host's loopback), fork N, bigfile MIB, home (its working folder and user)."""

from __future__ import annotations

import contextlib
import json
import os
import random
import signal
import socket
import sys
import time
from collections.abc import Callable

from nuffle.competition.randomplay import random_choice

rng = random.Random(3)


def tell(attack: str, result: object) -> None:
    sys.stderr.write(json.dumps({"attack": attack, "result": result}) + "\n")
    sys.stderr.flush()


def outcome(fn: Callable[[str], object], arg: str) -> str:
    """'ok ...' when `fn(arg)` did what it tried, else the name of the error that stopped it."""
    try:
        return f"ok {fn(arg)}"
    except OSError as exc:
        return type(exc).__name__


def opponent(marker: str) -> list[int]:
    found = []
    for name in os.listdir("/proc"):
        if name.isdigit():
            try:
                with open(f"/proc/{name}/cmdline", "rb") as fh:
                    argv = fh.read().split(b"\0")[:2]  # a program, or a script run by one
            except OSError:
                continue
            if any(a.endswith(marker.encode()) for a in argv):
                found.append(int(name))
    for pid in found:
        for sig in (signal.SIGSTOP, signal.SIGKILL):
            with contextlib.suppress(OSError):
                os.kill(pid, sig)
    return found


def fork(n: int) -> int:
    made = 0
    for _ in range(n):
        try:
            pid = os.fork()
        except OSError:
            break
        if pid == 0:
            time.sleep(600)
            os._exit(0)
        made += 1
    return made


def read(path: str) -> int:
    with open(path, "rb") as fh:
        return len(fh.read())


def write(path: str) -> int:
    with open(path, "w") as fh:
        return fh.write("forged")


def connect(port: str) -> None:
    socket.create_connection(("127.0.0.1", int(port)), timeout=2).close()


def signal0(pid: str) -> None:
    os.kill(int(pid), 0)


def bigfile(mib: str) -> int:
    chunk = b"x" * (1 << 20)
    with open("/tmp/big", "wb") as fh:
        for _ in range(int(mib)):
            fh.write(chunk)
    return int(mib)


ATTACKS: dict[str, Callable[[str], object]] = {
    "referee": signal0, "read": read, "write": write, "net": connect, "bigfile": bigfile}


def attack(args: list[str]) -> None:
    it = iter(args)
    for kind in it:
        if kind == "opponent":
            tell(kind, opponent(next(it)))
        elif kind == "fork":
            tell(kind, fork(int(next(it))))
        elif kind == "home":
            tell(kind, {"cwd": os.getcwd(), "files": os.listdir("."), "uid": os.getuid(),
                        "tmp": os.listdir("/tmp")})
        else:
            tell(kind, outcome(ATTACKS[kind], next(it)))


signal.signal(signal.SIGXFSZ, signal.SIG_IGN)  # past the file limit: an error, not death
attacked = False
for line in sys.stdin:
    msg = json.loads(line)
    kind = msg["type"]
    if kind == "hello":
        sys.stdout.write(json.dumps({"type": "ready", "wants": ["legal", "pitch@SETUP"]}) + "\n")
    elif kind == "end":
        sys.stdout.write(json.dumps({"type": "bye"}) + "\n")
        sys.stdout.flush()
        break
    elif kind == "decide":
        if not attacked:
            attacked = True
            attack(sys.argv[1:])
        setup = msg["decision"]["kind"] == "SETUP"
        action = random_choice(msg["legal"], rng, msg.get("pitch") if setup else None,
                               msg["decision"]["side"])
        sys.stdout.write(json.dumps({"type": "action", "id": msg["id"], "action": action}) + "\n")
    sys.stdout.flush()
