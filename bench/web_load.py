"""Load on the web app: concurrent games played through websockets, each with a spectator.

Usage: python bench/web_load.py [--games 20] [--seconds 60] [--board 11] [--think 0.25]

Starts `nuffle serve` on loopback (its own process, a temporary database), opens GAMES online
games, and plays each with two random bots that act through their seat's websocket (set-up by
formation) after THINK seconds per decision (the pace of the page's bot-v-bot speed control;
0 saturates the server and measures its throughput instead), while a third websocket
spectates. The action latency is the time from sending an action to receiving the state it
produced. Prints p50 / p95 / max latency, actions per second and every error; stops after
SECONDS or when every game has ended. Loopback only; bounded.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from typing import Any

import websockets


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def cpu_seconds(pid: int) -> float:
    """User plus system CPU time of a process (Linux /proc), 0 where it cannot be read."""
    try:
        with open(f"/proc/{pid}/stat") as f:
            fields = f.read().rsplit(")", 1)[1].split()
    except OSError:
        return 0.0
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def post(url: str, body: dict[str, Any]) -> Any:
    req = urllib.request.Request(url, data=json.dumps(body).encode(), method="POST",
                                 headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(req, timeout=30) as r:
        return json.loads(r.read())


class Stats:
    def __init__(self) -> None:
        self.latencies: list[float] = []
        self.errors: list[str] = []
        self.finished = 0
        self.spectated = 0
        self.server_cpu = 0.0
        self.client_cpu = 0.0


async def seat(url: str, token: str, side: str, rng: random.Random, stats: Stats, stop: float,
               think: float) -> None:
    """One bot coach: acts whenever its side decides, timing each action's round trip."""
    async with websockets.connect(f"{url}?token={token}", max_size=None) as ws:
        sent: tuple[int, float] | None = None
        set_up_at = -1
        while time.monotonic() < stop:
            try:
                raw = await asyncio.wait_for(ws.recv(), timeout=max(0.1, stop - time.monotonic()))
            except TimeoutError:
                return
            msg = json.loads(raw)
            if msg["type"] == "error":
                stats.errors.append(f"{side}: {msg['message']}")
                sent = None
                continue
            if msg["type"] != "state":
                continue
            state = msg["state"]
            if sent is not None and state["version"] > sent[0]:
                stats.latencies.append(time.perf_counter() - sent[1])
                sent = None
            if state["result"]["over"]:
                if side == "home":
                    stats.finished += 1
                return
            d = state["decision"]
            if d["side"] != side or sent is not None:
                continue
            if d["kind"] == "SETUP" and state["formations"] and set_up_at != state["version"]:
                message = {"type": "setup", "formation": rng.choice(state["formations"])}
                set_up_at = state["version"] + 1
            elif d["kind"] == "SETUP" and any(a["type"] == "END_SETUP" for a in state["legal_actions"]):
                message = {"type": "action", "action": {"type": "END_SETUP", "player": None, "square": None}}
            else:
                legal = state["legal_actions"]
                kind = rng.choice(sorted({a["type"] for a in legal}))
                message = {"type": "action", "action": rng.choice([a for a in legal if a["type"] == kind])}
            if think:
                await asyncio.sleep(think * (0.5 + rng.random()))
            sent = (state["version"], time.perf_counter())
            await ws.send(json.dumps(message))


async def spectator(url: str, stats: Stats, stop: float) -> None:
    async with websockets.connect(url, max_size=None) as ws:
        while time.monotonic() < stop:
            try:
                raw = await asyncio.wait_for(ws.recv(), timeout=max(0.1, stop - time.monotonic()))
            except TimeoutError:
                return
            msg = json.loads(raw)
            if msg["type"] == "state":
                stats.spectated += 1
                if msg["state"]["result"]["over"]:
                    return


async def run(base: str, games: int, board: int, seconds: float, seed: int, think: float) -> Stats:
    stats = Stats()
    ws_base = base.replace("http://", "ws://")
    tasks = []
    stop = time.monotonic() + seconds
    for i in range(games):
        g = post(f"{base}/api/games", {"mode": "online", "home": "human", "away": "orc", "board": board,
                                       "seed": seed + i})
        url = f"{ws_base}/ws/games/{g['id']}"
        for side in ("home", "away"):
            tasks.append(seat(url, g["seats"][side], side, random.Random(seed * 1000 + i * 2 + len(side)),
                              stats, stop, think))
        tasks.append(spectator(url, stats, stop))
    results = await asyncio.gather(*tasks, return_exceptions=True)
    stats.errors.extend(f"{type(r).__name__}: {r}" for r in results if isinstance(r, BaseException))
    return stats


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=20)
    ap.add_argument("--seconds", type=float, default=60.0)
    ap.add_argument("--board", type=int, default=11)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--think", type=float, default=0.25, help="seconds a bot waits before acting")
    ap.add_argument("--port", type=int, default=0, help="server port (default: a free one)")
    ap.add_argument("--url", help="use a server already running at this loopback URL")
    args = ap.parse_args()
    if args.url:
        if not args.url.startswith(("http://127.0.0.1:", "http://localhost:")):
            print("error: --url must be a loopback address", file=sys.stderr)
            return 2
        t0 = time.perf_counter()
        stats = asyncio.run(run(args.url.rstrip("/"), args.games, args.board, args.seconds, args.seed,
                                args.think))
        return report(args, stats, time.perf_counter() - t0)
    port = args.port or free_port()
    base = f"http://127.0.0.1:{port}"
    with tempfile.TemporaryDirectory() as tmp:
        server = subprocess.Popen(
            [sys.executable, "-m", "nuffle.cli", "serve", "--host", "127.0.0.1", "--port", str(port),
             "--db", os.path.join(tmp, "load.sqlite3")], stdout=subprocess.DEVNULL)
        try:
            for _ in range(200):
                try:
                    urllib.request.urlopen(f"{base}/api/games", timeout=1).read()
                    break
                except OSError:
                    time.sleep(0.1)
            t0 = time.perf_counter()
            cpu0, client0 = cpu_seconds(server.pid), time.process_time()
            stats = asyncio.run(run(base, args.games, args.board, args.seconds, args.seed, args.think))
            stats.client_cpu = time.process_time() - client0
            wall = time.perf_counter() - t0
            stats.server_cpu = cpu_seconds(server.pid) - cpu0
        finally:
            server.terminate()
            server.wait(10)
    return report(args, stats, wall)


def report(args: argparse.Namespace, stats: Stats, wall: float) -> int:
    """Print the figures as one JSON line, then the errors; 1 if there were errors."""
    lat = sorted(stats.latencies)
    if not lat:
        print("no actions were timed")
        return 1
    p50 = statistics.median(lat) * 1000
    p95 = lat[min(len(lat) - 1, int(0.95 * len(lat)))] * 1000
    print(json.dumps({
        "games": args.games, "board": args.board, "think_s": args.think, "seconds": round(wall, 1),
        "actions": len(lat),
        "actions_per_s": round(len(lat) / wall, 1), "p50_ms": round(p50, 2), "p95_ms": round(p95, 2),
        "max_ms": round(lat[-1] * 1000, 2), "finished_games": stats.finished,
        "spectator_states": stats.spectated, "errors": len(stats.errors),
        "server_cpu_ms_per_action": round(1000 * stats.server_cpu / len(lat), 2),
        "client_cpu_s": round(stats.client_cpu, 1), "server_cpu_s": round(stats.server_cpu, 1),
        "load_average": round(os.getloadavg()[0], 1), "cpus": os.cpu_count(),
    }))
    for e in stats.errors[:20]:
        print("error:", e)
    return 0 if not stats.errors else 1


if __name__ == "__main__":
    sys.exit(main())
