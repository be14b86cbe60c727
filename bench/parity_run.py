"""The long parity run: many lockstep games (Python and native engines) over every board, all
races, sampled and forced dice, extra skills, assisted moves with Wizards, and the scripted and
grod bots, in chunks spread over worker processes.

    python bench/parity_run.py --games 100000 --jobs 2 --out parity-100k.jsonl

Each chunk is one `run_parity` call (`nuffle parity`'s engine) of `--chunk` games split over the
five boards; its summary is appended to `--out` as one JSON line as soon as it ends, so a run
that is stopped resumes where it was (chunks already in the file are skipped). The last line
printed (and `--summary`, when given) totals games, steps, chance nodes compared, complete
games, divergences and step-limit cuts, per variant and per board, with the first divergences'
diffs. Exit status 1 if any game diverged. Not part of CI (CI plays 300 games in
tests/native/test_native_parity.py).
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from collections import Counter
from multiprocessing import Pool
from pathlib import Path
from typing import Any

from nuffle.parity import BOARDS, run_parity

#: The variants a chunk plays, cycled by chunk number (40 slots: mostly random play with sampled
#: dice, the rest forced dice, extra skills, assisted moves with Wizards, and the two bots).
VARIANTS: dict[str, dict[str, Any]] = {
    "random": {},
    "forced": {"dice": "forced"},
    "skills": {"skills": 3},
    "forced+skills": {"dice": "forced", "skills": 3},
    "assisted+wizards": {"assisted": True, "wizards": True, "skills": 2},
    "scripted": {"bots": "scripted"},
    "grod": {"bots": "grod"},
}
CYCLE = (["random"] * 29 + ["forced"] * 4 + ["skills"] * 2 + ["forced+skills"] * 2
         + ["assisted+wizards"] * 2 + ["bots"])


def variant_of(chunk: int) -> str:
    """The variant chunk `chunk` plays (the bots' slot alternates scripted and grod)."""
    name = CYCLE[chunk % len(CYCLE)]
    if name == "bots":
        return "scripted" if (chunk // len(CYCLE)) % 2 == 0 else "grod"
    return name


def play_chunk(job: tuple[int, int, int]) -> dict[str, Any]:
    """Chunk `chunk`: `games` games (spread over the boards) seeded from `base + chunk`."""
    chunk, games, base = job
    variant = variant_of(chunk)
    t0 = time.perf_counter()
    report = run_parity(max(1, games // len(BOARDS)), base + chunk, BOARDS, **VARIANTS[variant])
    j = report.to_json()
    boards: Counter[int] = Counter()
    board_steps: Counter[int] = Counter()
    for g in report.games:
        boards[g.board] += 1
        board_steps[g.board] += g.steps
    return {
        "chunk": chunk, "seed": base + chunk, "variant": variant, "games": j["games"], "steps": j["steps"],
        "chance_nodes": j["chance_nodes"], "complete": j["complete"], "divergences": j["divergences"],
        "step_limit": j["step_limit"], "stopped_at_unported": j["stopped_at_unported"],
        "boards": {str(b): [boards[b], board_steps[b]] for b in sorted(boards)},
        "seconds": round(time.perf_counter() - t0, 2),
        "diverged": [r for r in j["records"] if r["outcome"] not in ("complete", "step_limit")][:3],
    }


def summarise(lines: list[dict[str, Any]]) -> dict[str, Any]:
    """Totals of the chunk summaries, per variant and per board."""
    keys = ("games", "steps", "chance_nodes", "complete", "divergences", "step_limit")
    total = {k: sum(c[k] for c in lines) for k in keys}
    variants: dict[str, dict[str, int]] = {}
    for c in lines:
        v = variants.setdefault(c["variant"], dict.fromkeys(keys, 0))
        for k in keys:
            v[k] += c[k]
    boards: dict[str, list[int]] = {}
    for c in lines:
        for b, (n, steps) in c["boards"].items():
            acc = boards.setdefault(b, [0, 0])
            acc[0] += n
            acc[1] += steps
    stopped: Counter[str] = Counter()
    for c in lines:
        stopped.update(c["stopped_at_unported"])
    return {
        **total, "chunks": len(lines), "cpu_seconds": round(sum(c["seconds"] for c in lines), 1),
        "stopped_at_unported": dict(stopped), "variants": variants,
        "boards": {b: {"games": boards[b][0], "steps": boards[b][1]} for b in sorted(boards, key=int)},
        "first_divergences": [d for c in lines for d in c["diverged"]][:5],
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100_000, help="games in all (default 100,000)")
    parser.add_argument("--chunk", type=int, default=250, help="games per chunk (default 250)")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1, help="worker processes")
    parser.add_argument("--seed", type=int, default=500_000, help="the first chunk's seed")
    parser.add_argument("--out", type=Path, required=True, help="the chunk summaries (JSON lines)")
    parser.add_argument("--summary", type=Path, help="write the totals here as JSON too")
    args = parser.parse_args()
    if args.chunk < len(BOARDS) or args.games < args.chunk:
        parser.error(f"--chunk must be at least {len(BOARDS)} and --games at least --chunk")
    done: list[dict[str, Any]] = []
    if args.out.exists():
        done = [json.loads(line) for line in args.out.read_text().splitlines() if line.strip()]
    have = {c["chunk"] for c in done}
    todo = [(k, args.chunk, args.seed) for k in range(args.games // args.chunk) if k not in have]
    t0 = time.perf_counter()
    with Pool(args.jobs) as pool, args.out.open("a") as out:
        for n, line in enumerate(pool.imap_unordered(play_chunk, todo), 1):
            out.write(json.dumps(line) + "\n")
            out.flush()
            done.append(line)
            if n % 10 == 0 or line["divergences"]:
                s = summarise(done)
                print(f"{s['games']} games, {s['steps']} steps, {s['divergences']} divergences "
                      f"({time.perf_counter() - t0:.0f} s)", file=sys.stderr, flush=True)
    summary = summarise(done)
    summary["wall_seconds_this_call"] = round(time.perf_counter() - t0, 1)
    if args.summary:
        args.summary.write_text(json.dumps(summary, indent=2) + "\n")
    print(json.dumps(summary))
    return 1 if summary["divergences"] else 0


if __name__ == "__main__":
    sys.exit(main())
