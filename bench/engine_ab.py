"""Compare the engine's speed in two or more checkouts, in one run (docs/BENCHMARKS.md).

    python bench/engine_ab.py --rounds 7 /tmp/base .            # `nuffle bench engine`, alternating
    python bench/engine_ab.py --callgrind --games 3 /tmp/base .  # instructions per decision
    python bench/engine_ab.py --cpu --rounds 6 /tmp/base .       # CPU time per decision

Each checkout's `src/` is put first on the path of a fresh interpreter. The wall-clock mode
runs `nuffle bench engine --json` in every checkout per round (the order flips each round)
and prints the medians and minimums. The callgrind mode (needs valgrind) counts the
instructions of random Human v Orc games on board 11 after the imports, once with the random
bots deciding (what `nuffle bench engine`'s decision figure times) and once replaying their
actions (the engine alone): on a shared machine it is the steadier measure. The CPU mode
times the same 30 games as `nuffle bench engine` (bots deciding) with the process's CPU
clock, which a loaded machine inflates less than the wall clock.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import statistics
import subprocess
import sys
from pathlib import Path

FIGURES = ("decision_us", "game_ms", "clone_us", "clone_step_us")

# Run inside valgrind: play (or replay) the games with instrumentation switched on only around them.
_GAMES = """
import os, subprocess, sys
from nuffle.agents.random_bot import RandomBot
from nuffle.core.game import Game
from nuffle.teams import load_team
games, replay = int(sys.argv[1]), sys.argv[2] == "replay"
home, away = load_team("human"), load_team("orc")
Game.new(home, away, seed=10_000, board=11)  # lazy imports before counting
def play(i):
    g = Game.new(home, away, seed=1 + i, board=11)
    bots = (RandomBot(1 + 2 * i), RandomBot(2 + 2 * i))
    while not g.is_over:
        g.step(bots[g.decider].act(g))
    return g
records = [[a for _, a in play(i).history] for i in range(games)] if replay else []
def instrument(on):
    subprocess.run(["callgrind_control", "-i", on, str(os.getpid())], check=True, capture_output=True)
instrument("on")
decisions = 0
for i in range(games):
    if replay:
        g = Game.new(home, away, seed=1 + i, board=11)
        for a in records[i]:
            g.step(a)
    else:
        g = play(i)
    decisions += len(g.history)
instrument("off")
print("decisions", decisions)
"""


# Run per round in the CPU mode: CPU microseconds per decision of `nuffle bench engine`'s games.
_CPU = """
import time
from nuffle.agents.random_bot import RandomBot
from nuffle.core.game import Game
from nuffle.teams import load_team
home, away = load_team("human"), load_team("orc")
Game.new(home, away, seed=10_000, board=11)
decisions = 0
t0 = time.process_time()
for i in range(30):
    g = Game.new(home, away, seed=1 + i, board=11)
    bots = (RandomBot(1 + 2 * i), RandomBot(2 + 2 * i))
    while not g.is_over:
        g.step(bots[g.decider].act(g))
    decisions += len(g.history)
print((time.process_time() - t0) / decisions * 1e6)
"""


def _env(tree: Path) -> dict[str, str]:
    return {**os.environ, "PYTHONPATH": str(tree / "src")}


def wall_clock(trees: list[Path], rounds: int) -> None:
    """Alternate `nuffle bench engine --json` between the trees; print each run and the summary."""
    runs: dict[Path, list[dict[str, float]]] = {t: [] for t in trees}
    code = "import sys; from nuffle.cli import main; sys.argv = ['nuffle', 'bench', '--json']; main()"
    for r in range(rounds):
        for tree in trees if r % 2 == 0 else trees[::-1]:
            out = subprocess.run([sys.executable, "-c", code], cwd=tree, env=_env(tree),
                                 capture_output=True, text=True, check=True).stdout
            fig = json.loads(out)
            runs[tree].append(fig)
            print(f"round {r} {tree}: load {os.getloadavg()[0]:.1f}, "
                  + ", ".join(f"{k} {fig[k]:.2f}" for k in FIGURES), flush=True)
    for tree, figs in runs.items():
        med = {k: round(statistics.median(f[k] for f in figs), 2) for k in FIGURES}
        low = {k: round(min(f[k] for f in figs), 2) for k in FIGURES}
        print(f"{tree}: median {json.dumps(med)}  min {json.dumps(low)}")


def cpu_time(trees: list[Path], rounds: int) -> None:
    """Alternate the CPU-time run between the trees; print each run, the medians and minimums."""
    runs: dict[Path, list[float]] = {t: [] for t in trees}
    for r in range(rounds):
        for tree in trees if r % 2 == 0 else trees[::-1]:
            out = subprocess.run([sys.executable, "-c", _CPU], cwd=tree, env=_env(tree),
                                 capture_output=True, text=True, check=True).stdout
            runs[tree].append(float(out))
            load = os.getloadavg()[0]
            print(f"round {r} {tree}: load {load:.1f}, CPU {runs[tree][-1]:.1f} us per decision", flush=True)
    for tree, us in runs.items():
        print(f"{tree}: CPU us per decision: median {statistics.median(us):.1f}, min {min(us):.1f}")


def instructions(trees: list[Path], games: int) -> None:
    """Instructions per decision of `games` random games, with the bots and replayed, per tree."""
    for tree in trees:
        for mode in ("bots", "replay"):
            done = subprocess.run(
                ["valgrind", "--tool=callgrind", "--instr-atstart=no", "--callgrind-out-file=/dev/null",
                 sys.executable, "-c", _GAMES, str(games), mode],
                cwd=tree, env=_env(tree), capture_output=True, text=True, check=True)
            refs = re.search(r"refs:\s*([\d,]+)", done.stderr)
            decisions = re.search(r"decisions (\d+)", done.stdout)
            if refs is None or decisions is None:
                raise SystemExit(f"no count from valgrind in {tree}: {done.stderr[-300:]}")
            n = int(decisions.group(1))
            per = int(refs.group(1).replace(",", "")) / n
            print(f"{tree} {mode}: {n} decisions, {per:,.0f} instructions per decision", flush=True)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("trees", nargs="+", type=Path, help="checkouts to compare (each with src/nuffle)")
    ap.add_argument("--rounds", type=int, default=5, help="wall-clock rounds (default 5)")
    ap.add_argument("--callgrind", action="store_true", help="count instructions instead (valgrind)")
    ap.add_argument("--cpu", action="store_true", help="CPU time per decision instead")
    ap.add_argument("--games", type=int, default=3, help="callgrind: games per count (default 3)")
    args = ap.parse_args()
    trees = [t.resolve() for t in args.trees]
    for t in trees:
        if not (t / "src" / "nuffle").is_dir():
            raise SystemExit(f"not a nuffle checkout (no src/nuffle): {t}")
    if args.callgrind:
        instructions(trees, args.games)
    elif args.cpu:
        cpu_time(trees, args.rounds)
    else:
        wall_clock(trees, args.rounds)


if __name__ == "__main__":
    main()
