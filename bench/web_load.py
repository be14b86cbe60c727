"""Load on the web app: concurrent games played through websockets, each with a spectator.

Usage: python bench/web_load.py [--games 20] [--seconds 60] [--board 11] [--think 0.25]
                                [--server-bots] [--cpus 0,1] [--league] [--poll 1.0]

Starts `nuffle serve` on loopback (its own process, a temporary database) and keeps GAMES
games running for SECONDS (a game that ends is replaced by a new one), each watched by a
spectator's websocket.

By default each game is an online game played by two random bots that act through their seat's
websocket, as a person's page would: when their side decides, after THINK seconds (0.5-1.5
times THINK, uniformly; 0 floods the server and measures its throughput instead). Set-ups are
made by formation. The action latency is the time from sending an action to that seat's socket
receiving the state it produced; every action is timed, set-ups included.

With --server-bots the games are bot-v-bot games played by the server's own bots, paced by the
game's delay (THINK seconds between actions, as the page's speed control sets it); what is
timed is the overrun of that pace: the gap between two states the spectator receives, less
the delay.

With --league the server also serves a league (`--leagues DIR`: a 4-team league with a round
played, made by `nuffle league` first) and a poller asks, every POLL seconds, for what its page
shows: the league page itself, the standings, the fixtures and a team page; each request is
timed apart from the actions (`league_p50_ms`, `league_p95_ms`, `league_max_ms`).

Prints one JSON line (p50 / p95 / max, per decision kind too, actions per second, the server's
CPU time per action, the bench's own CPU and event-loop lag, load averages), then every error:
error messages the sockets got, failed connections, and server log lines at ERROR level or
with a traceback. Loopback only; bounded. --cpus pins the server and the bench to those CPUs.
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
        self.league: list[float] = []  # league page requests, timed apart from the actions
        self.by_kind: dict[str, list[float]] = {}
        self.lag: list[float] = []  # the bench's own event-loop lag: how late its timers fire
        self.errors: list[str] = []
        self.games = 0
        self.finished = 0
        self.spectated = 0
        self.server_cpu = 0.0
        self.client_cpu = 0.0
        self.load_before = os.getloadavg()

    def time(self, kind: str, seconds: float) -> None:
        self.latencies.append(seconds)
        self.by_kind.setdefault(kind, []).append(seconds)


def random_action(groups: list[dict[str, Any]], rng: random.Random) -> dict[str, Any]:
    """A random legal action, its type first (each group: every listed player with every square)."""
    kind = rng.choice(sorted({g["type"] for g in groups}))
    g = rng.choice([g for g in groups if g["type"] == kind])
    return {"type": kind, "player": rng.choice(g["players"] or [None]),
            "square": rng.choice(g["squares"] or [None])}


def choose(state: dict[str, Any], rng: random.Random, formed: bool) -> dict[str, Any]:
    """The message a random coach sends: a formation first in a set-up, then ending it."""
    d = state["decision"]
    if d["kind"] == "SETUP" and state["formations"] and not formed:
        return {"type": "setup", "formation": rng.choice(state["formations"])}
    if d["kind"] == "SETUP" and any(g["type"] == "END_SETUP" for g in state["legal"]):
        return {"type": "action", "action": {"type": "END_SETUP", "player": None, "square": None}}
    return {"type": "action", "action": random_action(state["legal"], rng)}


async def receive(ws: Any, stop: float) -> dict[str, Any] | None:
    """The next message, or None at the end of the run."""
    try:
        raw = await asyncio.wait_for(ws.recv(), timeout=max(0.1, stop - time.monotonic()))
    except TimeoutError:
        return None
    return dict(json.loads(raw))


async def seat(url: str, token: str, side: str, rng: random.Random, stats: Stats, stop: float,
               think: float) -> None:
    """One bot coach: acts whenever its side decides, timing each action's round trip."""
    async with websockets.connect(f"{url}?token={token}", max_size=None) as ws:
        sent: tuple[int, float, str] | None = None
        formed = False  # this set-up already placed by formation
        while time.monotonic() < stop:
            msg = await receive(ws, stop)
            if msg is None:
                return
            if msg["type"] == "error":
                stats.errors.append(f"{side}: {msg['message']}")
                sent = None
                continue
            if msg["type"] != "state":
                continue
            state = msg["state"]
            if sent is not None and state["version"] > sent[0]:
                stats.time(sent[2], time.perf_counter() - sent[1])
                sent = None
            if state["result"]["over"]:
                return
            d = state["decision"]
            if d["kind"] != "SETUP" or d["side"] != side:
                formed = False
            if d["side"] != side or sent is not None:
                continue
            message = choose(state, rng, formed)
            formed = formed or message["type"] == "setup"
            if think:
                await asyncio.sleep(think * (0.5 + rng.random()))
            what = "formation" if message["type"] == "setup" else d["kind"].lower()
            sent = (state["version"], time.perf_counter(), what)
            await ws.send(json.dumps(message))


async def spectator(url: str, stats: Stats, stop: float, pace: float | None) -> None:
    """A watcher; with `pace` (server bots) it times each state's overrun of that pace."""
    async with websockets.connect(url, max_size=None) as ws:
        last: tuple[int, float, str] | None = None
        seen = 0  # states received: the first is pushed on connecting, not paced
        while time.monotonic() < stop:
            msg = await receive(ws, stop)
            if msg is None:
                return
            if msg["type"] != "state":
                continue
            stats.spectated += 1
            state = msg["state"]
            now = time.perf_counter()
            seen += 1
            if pace is not None:
                if last is not None and seen > 2 and state["version"] == last[0] + 1:
                    stats.time(last[2], now - last[1] - pace)
                last = (state["version"], now, state["decision"]["kind"].lower())
            if state["result"]["over"]:
                stats.finished += 1
                return


async def slot(base: str, i: int, args: argparse.Namespace, stats: Stats, stop: float) -> None:
    """Keep one game running until the end of the run: a game that ends is replaced."""
    ws_base = base.replace("http://", "ws://")
    n = 0
    while time.monotonic() < stop:
        seed = args.seed * 100_000 + i * 1000 + n
        n += 1
        if args.server_bots:
            body = {"mode": "botvbot", "home": "human:random", "away": "orc:random", "delay": args.think}
        else:
            body = {"mode": "online", "home": "human", "away": "orc"}
        g = await asyncio.to_thread(post, f"{base}/api/games", dict(body, board=args.board, seed=seed))
        stats.games += 1
        url = f"{ws_base}/ws/games/{g['id']}"
        tasks = [spectator(url, stats, stop, args.think if args.server_bots else None)]
        if not args.server_bots:
            tasks += [seat(url, g["seats"][side], side, random.Random(seed * 2 + k), stats, stop, args.think)
                      for k, side in enumerate(("home", "away"))]
        results = await asyncio.gather(*tasks, return_exceptions=True)
        stats.errors.extend(f"{type(r).__name__}: {r}" for r in results if isinstance(r, BaseException))


async def loop_lag(stats: Stats, stop: float, tick: float = 0.01) -> None:
    """How late a 10 ms timer fires in the bench's own loop: time that every latency it measures
    may include on top of the server's (the clients share the machine with the server)."""
    while time.monotonic() < stop:
        t0 = time.perf_counter()
        await asyncio.sleep(tick)
        stats.lag.append(time.perf_counter() - t0 - tick)


LEAGUE = "load"  # the league the --league poller reads
LEAGUE_ENTRIES = ["Reavers=human:random", "Green Tide=orc:random", "Beards=dwarf:random",
                  "Blades=dark-elf:random"]


def make_league(folder: str) -> None:
    """A league in `folder` for the poller: four teams on board 1, its first round played."""
    path = os.path.join(folder, f"{LEAGUE}.db")
    cli = [sys.executable, "-m", "nuffle.cli", "league"]
    new = [*cli, "new", path, "--seed", "5", "--board", "1"]
    for entry in LEAGUE_ENTRIES:
        new += ["--entry", entry]
    subprocess.run(new, check=True, stdout=subprocess.DEVNULL)
    subprocess.run([*cli, "play", path, "--rounds", "1", "--quiet"], check=True, stdout=subprocess.DEVNULL)


def get(url: str) -> bytes:
    with urllib.request.urlopen(url, timeout=30) as r:
        return bytes(r.read())


async def league_poller(base: str, stats: Stats, stop: float, every: float) -> None:
    """What a league page's visitor asks for, every `every` seconds: the page, the standings,
    the fixtures and a team page; each request timed."""
    paths = [f"/leagues/{LEAGUE}", f"/api/leagues/{LEAGUE}", f"/api/leagues/{LEAGUE}/fixtures",
             f"/api/leagues/{LEAGUE}/teams/Green%20Tide"]
    while time.monotonic() < stop:
        for path in paths:
            t0 = time.perf_counter()
            try:
                await asyncio.to_thread(get, base + path)
            except OSError as exc:
                stats.errors.append(f"league poll {path}: {exc}")
                continue
            stats.league.append(time.perf_counter() - t0)
        await asyncio.sleep(every)


async def run(base: str, args: argparse.Namespace) -> Stats:
    stats = Stats()
    stop = time.monotonic() + args.seconds
    lag = asyncio.create_task(loop_lag(stats, stop))
    extra = [league_poller(base, stats, stop, args.poll)] if args.league else []
    await asyncio.gather(*(slot(base, i, args, stats, stop) for i in range(args.games)), *extra)
    lag.cancel()
    return stats


def server_errors(path: str) -> list[str]:
    """Server log lines at ERROR level or starting a traceback."""
    with open(path, errors="replace") as f:
        return [line.rstrip() for line in f if line.startswith(("ERROR", "Traceback"))]


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=20)
    ap.add_argument("--seconds", type=float, default=60.0)
    ap.add_argument("--board", type=int, default=11)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--think", type=float, default=0.25,
                    help="seconds a bot takes per decision (the delay with --server-bots)")
    ap.add_argument("--server-bots", action="store_true", help="bot-v-bot games played by the server")
    ap.add_argument("--cpus", help="pin the server and the bench to these CPUs, e.g. 0,1")
    ap.add_argument("--port", type=int, default=0, help="server port (default: a free one)")
    ap.add_argument("--url", help="use a server already running at this loopback URL")
    ap.add_argument("--league", action="store_true",
                    help="serve a league too and poll its page (not with --url)")
    ap.add_argument("--poll", type=float, default=1.0, help="seconds between two league page visits")
    args = ap.parse_args()
    if args.league and args.url:
        print("error: --league makes its own league for its own server: leave out --url", file=sys.stderr)
        return 2
    if args.cpus:
        os.sched_setaffinity(0, {int(c) for c in args.cpus.split(",")})  # the server inherits it
    if args.url:
        if not args.url.startswith(("http://127.0.0.1:", "http://localhost:")):
            print("error: --url must be a loopback address", file=sys.stderr)
            return 2
        t0 = time.perf_counter()
        stats = asyncio.run(run(args.url.rstrip("/"), args))
        return report(args, stats, time.perf_counter() - t0)
    port = args.port or free_port()
    base = f"http://127.0.0.1:{port}"
    with tempfile.TemporaryDirectory() as tmp:
        log_path = os.path.join(tmp, "server.log")
        leagues: list[str] = []
        if args.league:
            os.mkdir(os.path.join(tmp, "leagues"))
            make_league(os.path.join(tmp, "leagues"))
            leagues = ["--leagues", os.path.join(tmp, "leagues")]
        with open(log_path, "w") as log:
            server = subprocess.Popen(
                [sys.executable, "-m", "nuffle.cli", "serve", "--host", "127.0.0.1", "--port", str(port),
                 "--db", os.path.join(tmp, "load.sqlite3"), *leagues], stdout=log, stderr=subprocess.STDOUT)
        try:
            for _ in range(200):
                try:
                    urllib.request.urlopen(f"{base}/api/games", timeout=1).read()
                    break
                except OSError:
                    time.sleep(0.1)
            t0 = time.perf_counter()
            cpu0, client0 = cpu_seconds(server.pid), time.process_time()
            stats = asyncio.run(run(base, args))
            stats.client_cpu = time.process_time() - client0
            wall = time.perf_counter() - t0
            stats.server_cpu = cpu_seconds(server.pid) - cpu0
        finally:
            server.terminate()
            server.wait(10)
        stats.errors.extend(f"server: {line}" for line in server_errors(log_path))
    return report(args, stats, wall)


def pct(values: list[float], q: float) -> float:
    """The q-quantile (nearest rank) of some values."""
    v = sorted(values)
    return v[min(len(v) - 1, int(q * len(v)))]


def report(args: argparse.Namespace, stats: Stats, wall: float) -> int:
    """Print the figures as one JSON line, then the errors; 1 if there were errors."""
    lat = stats.latencies
    if not lat:
        print("no actions were timed")
        return 1
    kinds = {k: {"n": len(v), "p50_ms": round(statistics.median(v) * 1000, 1),
                 "p95_ms": round(pct(v, 0.95) * 1000, 1)}
             for k, v in sorted(stats.by_kind.items(), key=lambda kv: -len(kv[1]))}
    print(json.dumps({
        "games": args.games, "board": args.board, "think_s": args.think,
        "server_bots": args.server_bots, "seconds": round(wall, 1), "actions": len(lat),
        "actions_per_s": round(len(lat) / wall, 1),
        "p50_ms": round(statistics.median(lat) * 1000, 2), "p95_ms": round(pct(lat, 0.95) * 1000, 2),
        "max_ms": round(max(lat) * 1000, 2), "games_played": stats.games, "finished_games": stats.finished,
        "spectator_states": stats.spectated, "errors": len(stats.errors),
        "server_cpu_ms_per_action": round(1000 * stats.server_cpu / len(lat), 2),
        "server_cpu_s": round(stats.server_cpu, 1), "bench_cpu_s": round(stats.client_cpu, 1),
        "bench_loop_lag_p95_ms": round(pct(stats.lag, 0.95) * 1000, 2) if stats.lag else None,
        "load_before": [round(x, 2) for x in stats.load_before],
        "load_after": [round(x, 2) for x in os.getloadavg()],
        "cpus": sorted(os.sched_getaffinity(0)), "by_kind": kinds,
        **({"league_requests": len(stats.league),
            "league_p50_ms": round(statistics.median(stats.league) * 1000, 2),
            "league_p95_ms": round(pct(stats.league, 0.95) * 1000, 2),
            "league_max_ms": round(max(stats.league) * 1000, 2)} if stats.league else {}),
    }))
    for e in stats.errors[:20]:
        print("error:", e)
    return 0 if not stats.errors else 1


if __name__ == "__main__":
    sys.exit(main())
