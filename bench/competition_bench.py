"""Protocol overhead: random games through bot processes against the same play in process.

    python bench/competition_bench.py --games 20 --board 11 [--bot js|python] [--workers 2] [--pin]

Reports, measured in the same run (in-process and protocol games alternate, so the ratios
hold on a loaded machine):
- the in-process CPU cost per decision of the random policy (legal actions as JSON, the pitch
  in set-ups, a random pick, a step), and the games per second of one process playing them;
- through the protocol: bot start-up per game, the decision loop's CPU per decision (the
  referee's, the bots', and their sum) and its wall time per decision, and the overhead of
  each over in-process play (wall time includes waiting to be scheduled, which dominates on a
  loaded machine);
- games per second of a tournament-style batch on a local pool of `--workers` processes;
- the load average before and after.
`--pin` keeps the sequential games (referee and bots) on the first CPU, which saves the
cross-CPU wake-ups; the pool is never pinned.
Not part of CI.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import shutil
import statistics
import sys
import time

import psutil

from nuffle.competition.bots import JS_RANDOM_BOT
from nuffle.competition.clocks import Clocks
from nuffle.competition.executors import LocalExecutor, Task
from nuffle.competition.protocol import legal_to_json
from nuffle.competition.randomplay import random_choice
from nuffle.competition.referee import BotSpec, Referee, Settings, pitch
from nuffle.core.actions import Action
from nuffle.core.decision import DecisionKind
from nuffle.core.game import Game


def in_process(games: int, board: int, seed: int) -> tuple[float, int]:
    """CPU seconds and decisions of `games` random games played in this process."""
    rng = random.Random(seed)
    decisions = 0
    t0 = time.process_time()
    for i in range(games):
        g = Game.new("human", "orc", seed=seed + i, board=board)
        while not g.is_over:
            d = g.decision()
            where = pitch(g) if d.kind == DecisionKind.SETUP else None
            g.step(Action.from_list(random_choice(legal_to_json(g.legal_actions()), rng, where, d.side_name)))
        decisions += len(g.history)
    return time.process_time() - t0, decisions


class TimedReferee(Referee):
    """A referee that also measures CPU seconds of the decision loop, its own and the bots'."""

    def _bots_cpu(self) -> float:
        total = 0.0
        for seat in self.seats:
            if seat.proc is not None and seat.proc.proc.poll() is None:
                t = psutil.Process(seat.proc.pid).cpu_times()
                total += t.user + t.system
        return total

    def _loop(self) -> None:
        bots0, cpu0 = self._bots_cpu(), time.process_time()
        super()._loop()
        self.timing["referee_cpu"] = time.process_time() - cpu0
        self.timing["bots_cpu"] = self._bots_cpu() - bots0


def bot(kind: str, name: str, team: str) -> BotSpec:
    if kind == "js":
        node = shutil.which("node")
        if node is None:
            sys.exit("node is not installed: use --bot python")
        return BotSpec(name, team, (node, str(JS_RANDOM_BOT)))
    return BotSpec.builtin(name, team, "random-legal")


def loadavg() -> list[float]:
    return [round(x, 2) for x in os.getloadavg()]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--board", type=int, default=11)
    parser.add_argument("--bot", choices=["js", "python"], default="js")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--seed", type=int, default=100)
    parser.add_argument("--pin", action="store_true", help="keep the sequential games on one CPU")
    args = parser.parse_args()
    load0 = loadavg()
    settings = Settings(board=args.board, clocks=Clocks())
    home, away = bot(args.bot, "home", "human"), bot(args.bot, "away", "orc")
    cpus = os.sched_getaffinity(0)
    if args.pin:
        os.sched_setaffinity(0, {min(cpus)})  # the bots inherit it
    base_s, base_n = 0.0, 0
    starts, loops, decisions, walls, ref_cpu, bots_cpu = [], [], 0, [], 0.0, 0.0
    for i in range(args.games):
        s, n = in_process(1, args.board, args.seed + i)
        base_s, base_n = base_s + s, base_n + n
        ref = TimedReferee(home, away, args.seed + i, settings)
        t0 = time.perf_counter()
        report = ref.play()
        walls.append(time.perf_counter() - t0)
        assert report["outcome"] == "played" and not report["penalties"], report["penalties"]
        starts.append(ref.timing["start"])
        loops.append(ref.timing["loop"])
        ref_cpu += ref.timing["referee_cpu"]
        bots_cpu += ref.timing["bots_cpu"]
        decisions += report["decisions"]
    os.sched_setaffinity(0, cpus)
    base_us = base_s / base_n * 1e6
    loop_us = sum(loops) / decisions * 1e6
    cpu_us = (ref_cpu + bots_cpu) / decisions * 1e6
    tasks = [Task(home, away, args.seed + i, settings) for i in range(args.games)]
    pool = LocalExecutor(args.workers)
    pool.run(tasks[:args.workers])  # warm the workers up
    t0 = time.perf_counter()
    pool.run(tasks)
    pool_s = time.perf_counter() - t0
    pool.close()
    out = {
        "board": args.board, "bot": args.bot, "games": args.games, "workers": args.workers,
        "pin": args.pin,
        "in_process_cpu_us_per_decision": round(base_us, 1),
        "in_process_games_per_s": round(args.games / base_s, 2),
        "protocol_referee_cpu_us_per_decision": round(ref_cpu / decisions * 1e6, 1),
        "protocol_bots_cpu_us_per_decision": round(bots_cpu / decisions * 1e6, 1),
        "protocol_cpu_us_per_decision": round(cpu_us, 1),
        "protocol_overhead_cpu_us_per_decision": round(cpu_us - base_us, 1),
        "protocol_loop_wall_us_per_decision": round(loop_us, 1),
        "protocol_overhead_wall_us_per_decision": round(loop_us - base_us, 1),
        "bot_start_s_median": round(statistics.median(starts), 3),
        "protocol_game_s_median": round(statistics.median(walls), 3),
        "decisions_per_game": round(decisions / args.games, 1),
        "protocol_games_per_s_pool": round(args.games / pool_s, 2),
        "slowdown_loop_vs_in_process": round(loop_us / base_us, 2),
        "loadavg_before": load0,
        "loadavg_after": loadavg(),
    }
    print(json.dumps(out, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
