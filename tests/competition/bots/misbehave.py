"""A bot that misbehaves in the way its first argument names (the referee's test suite).

It otherwise plays random legal actions, so the game goes on around the misbehaviour. Mode
`all_parts` behaves, and asks for every part of the requests."""

from __future__ import annotations

import json
import os
import random
import select
import subprocess
import sys
import threading
import time

from nuffle.competition.randomplay import random_choice

MODE = sys.argv[1]
ARG = sys.argv[2] if len(sys.argv) > 2 else ""
rng = random.Random(7)


def send(obj: object) -> None:
    sys.stdout.write(json.dumps(obj) + "\n")
    sys.stdout.flush()


def spam() -> None:
    chunk = "x" * 4096 + "\n"
    while True:
        sys.stderr.write(chunk)


if MODE == "crash_start":
    sys.exit(3)
if MODE == "stderr":
    threading.Thread(target=spam, daemon=True).start()
if MODE == "orphan":  # leaves a grandchild behind, then crashes
    child = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(600)"])
    with open(ARG, "w") as fh:
        fh.write(str(child.pid))
    sys.exit(1)
if MODE in ("setsid", "setsid_crash"):
    # ARG is a marker: a child in a session of its own, and a daemon (double fork, its parent
    # gone) in another, both carry it on their command lines; then the bot plays on (or dies)
    sleeper = "import time; time.sleep(600)"
    subprocess.Popen([sys.executable, "-c", sleeper, ARG], start_new_session=True,
                     stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    daemon = ("import os, subprocess, sys; os.setsid(); "
              f"subprocess.Popen([sys.executable, '-c', {sleeper!r}, {ARG!r}], start_new_session=True, "
              "stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)")
    subprocess.run([sys.executable, "-c", daemon], stdin=subprocess.DEVNULL,
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True)
    if MODE == "setsid_crash":
        sys.exit(1)

decisions = 0
for line in sys.stdin:
    msg = json.loads(line)
    kind = msg["type"]
    if kind == "hello":
        if MODE == "silent":
            time.sleep(600)
        if MODE == "late_hello":
            time.sleep(float(ARG))
        wants = ["legal", "state", "pitch@SETUP"]
        if MODE == "all_parts":
            wants = ["legal", "state", "pitch", "position"]
        send({"type": "ready", "name": MODE, "wants": wants})
        continue
    if kind == "end":
        send({"type": "bye"})
        break
    if kind != "decide":
        continue
    decisions += 1
    setup = msg["decision"]["kind"] == "SETUP"
    pitch = msg.get("pitch") if setup else None
    action = random_choice(msg["legal"], rng, pitch, msg["decision"]["side"])
    if MODE in ("setup_stall", "setup_slow") and setup:
        # legal placements for ever, never END_SETUP
        places = [g for g in msg["legal"] if g["type"] == "PLACE_PLAYER"]
        g = places[rng.randrange(len(places))]
        action = ["PLACE_PLAYER", rng.choice(g["players"]), rng.choice(g["squares"])]
        if MODE == "setup_slow":
            time.sleep(float(ARG))
    if MODE == "stray" and decisions == 3:
        # lines that answer no request, then the answer (ARG says which lines)
        strays: dict[str, list[dict[str, object]]] = {
            "ready": [{"type": "ready"}], "unknown": [{"type": "chat", "text": "hello"}],
            "duplicate": [], "burst": [{"type": "chat", "n": i} for i in range(12)],
            "flood": [{"type": "chat", "n": i} for i in range(30)]}
        lines = strays[ARG]
        for extra in lines:
            send(extra)
        if ARG in ("duplicate", "burst"):
            send({"type": "action", "id": msg["id"], "action": action})  # answered twice
    if MODE == "crash_mid" and decisions == 5:
        raise RuntimeError("the bot fails in the middle of the game")
    if MODE == "silent_mid" and decisions == 3:
        time.sleep(600)
    if MODE == "late_once" and decisions == 3:
        time.sleep(float(ARG))
    if MODE == "late_always":
        time.sleep(float(ARG))
    if MODE == "malformed" or (MODE == "malformed_once" and decisions == 3):
        sys.stdout.write("{this is not json\n")
        sys.stdout.flush()
        continue
    if MODE == "huge" and decisions == 3:
        sys.stdout.write('{"type": "action", "pad": "' + "y" * (3 << 20) + '"}\n')
        sys.stdout.flush()
        continue
    if MODE == "illegal":
        action = ["END_TURN", 99, [0, 0]]
    if MODE == "deep" and decisions == 3:  # one line nested 100,000 deep
        sys.stdout.write("[" * 100_000 + "]" * 100_000 + "\n")
        sys.stdout.flush()
        continue
    if MODE == "stall":  # thinks to the edge of every clock
        time.sleep(min(msg["clock_left"], float(ARG)))
    if MODE == "memory" and decisions == 3:
        hog = [bytearray(64 << 20) for _ in range(64)]  # 4 GiB
    if MODE == "memory_caught" and decisions == 3:
        try:  # past the data-memory limit the allocation fails; the bot catches that, plays on
            hog = [bytearray(64 << 20) for _ in range(64)]
            outcome = "allocated"
        except MemoryError:
            hog = []
            outcome = "MemoryError"
        with open(ARG, "w") as fh:
            fh.write(outcome)
    if MODE == "early" and decisions == 3:
        # the answer, then illegal answers to the next requests, all in one write (under
        # PIPE_BUF, so the referee has them all before it sends the next request)
        lines = [{"type": "action", "id": msg["id"], "action": action}]
        lines += [{"type": "action", "id": msg["id"] + ahead, "action": ["END_TURN", 99, [0, 0]]}
                  for ahead in range(1, 11)]
        text = "".join(json.dumps(line) + "\n" for line in lines)
        assert len(text) < select.PIPE_BUF
        os.write(sys.stdout.fileno(), text.encode())
    else:
        send({"type": "action", "id": msg["id"], "action": action})
print(f"{MODE}: {os.getpid()} done", file=sys.stderr)
