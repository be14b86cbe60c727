"""Speed of the native pathfinder against the Python one (core/paths.py) on the same positions.

    python bench/native_paths_bench.py [--boards 1 5 11] [--positions 20] [--rounds 3] [--json]

For each board: mid-game positions of a seeded random Human v Orc game; for every standing or
prone player on the pitch, one full search answered for every query (all squares, end zone,
blitz, hand-off, foul). Both engines run the same searches, alternating per round; the answers
are checked equal first. Reported per search (median over rounds): Python's time, the native
search on a prepared native state, and the native search including the state bridge
(`to_native`, once per position); and the chances alone (every square's safest-route chance:
`PathSearch.all()` probabilities against `State.path_odds`, no routes built). The Python side
keeps its cache of roll profiles warm, as in play. Not part of CI.
"""

from __future__ import annotations

import argparse
import json
import statistics
import time
from typing import Any

from nuffle.core.native_state import native_paths, to_native
from nuffle.core.paths import search
from nuffle.core.types import Status
from nuffle.random_player import midgame_states


def python_all(s: Any, pid: int) -> int:
    ps = search(s, pid)
    ps.endzone()
    ps.blitz()
    ps.handoff()
    ps.foul()
    return len(ps.all())


def movers(s: Any) -> list[int]:
    return [p for p in range(len(s.info)) if s.pos[p] >= 0 and s.status[p] in (Status.STANDING, Status.PRONE)]


def bench_board(board: int, count: int, rounds: int) -> dict[str, Any]:
    states = midgame_states(board, count, board=board, every=11, min_on_pitch=2)
    jobs = [(s, pid) for s in states for pid in movers(s)]
    for s, pid in jobs:  # same answers before timing
        ps = search(s, pid)
        got = native_paths(s, pid)
        assert {ps.state.board.sq(*q): p.prob for q, p in ps.all().items()} == {
            q: r[1] for q, r in got["all"].items()}
    py_t, nat_t, bridge_t, py_odds_t, nat_odds_t = [], [], [], [], []
    for _ in range(rounds):
        t0 = time.perf_counter()
        for s, pid in jobs:
            python_all(s, pid)
        py_t.append((time.perf_counter() - t0) / len(jobs))
        natives = [to_native(s) for s in states]
        index = {id(s): n for s, n in zip(states, natives, strict=True)}
        t0 = time.perf_counter()
        for s, pid in jobs:
            index[id(s)].paths(pid)
        nat_t.append((time.perf_counter() - t0) / len(jobs))
        t0 = time.perf_counter()
        for s, pid in jobs:
            native_paths(s, pid)
        bridge_t.append((time.perf_counter() - t0) / len(jobs))
        t0 = time.perf_counter()
        for s, pid in jobs:
            {q: p.prob for q, p in search(s, pid).all().items()}
        py_odds_t.append((time.perf_counter() - t0) / len(jobs))
        t0 = time.perf_counter()
        for s, pid in jobs:
            index[id(s)].path_odds(pid)
        nat_odds_t.append((time.perf_counter() - t0) / len(jobs))
    times = (py_t, nat_t, bridge_t, py_odds_t, nat_odds_t)
    py, nat, br, pyo, nato = (statistics.median(x) * 1e6 for x in times)
    return {"board": board, "positions": len(states), "searches": len(jobs), "python_us": round(py, 1),
            "native_us": round(nat, 1), "native_with_bridge_us": round(br, 1),
            "speedup": round(py / nat, 1), "speedup_with_bridge": round(py / br, 1),
            "python_odds_us": round(pyo, 1), "native_odds_us": round(nato, 1),
            "odds_speedup": round(pyo / nato, 1)}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--boards", type=int, nargs="+", default=[1, 3, 5, 7, 11])
    ap.add_argument("--positions", type=int, default=20)
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    rows = [bench_board(b, args.positions, args.rounds) for b in args.boards]
    if args.json:
        print(json.dumps(rows, indent=2))
        return
    for r in rows:
        print(f"board {r['board']:>2}: {r['searches']:>4} searches  python {r['python_us']:>8.1f} us  "
              f"native {r['native_us']:>7.1f} us (x{r['speedup']})  with bridge "
              f"{r['native_with_bridge_us']:>7.1f} us (x{r['speedup_with_bridge']});  odds only: python "
              f"{r['python_odds_us']:>7.1f} us  native {r['native_odds_us']:>6.1f} us (x{r['odds_speedup']})")


if __name__ == "__main__":
    main()
