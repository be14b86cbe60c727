"""Which `nuffle bench` options each benchmark reads: an option the chosen benchmark would
ignore is refused (one line, exit 2) rather than silently dropped."""

from __future__ import annotations

import argparse

#: The options (their `dest`) each benchmark reads; `--json` and `--board` apply to all.
APPLIES = {
    "engine": {"games", "home", "away", "engine"},
    "bots": {"games", "home", "away"},
    "mcts": {"seconds", "engine"},
    "env": {"seconds", "engine"},
    "env --batched": {"seconds", "envs", "workers", "opponent"},
}
#: Each option as the command line spells it.
FLAGS = {"games": "--games", "home": "--home", "away": "--away", "engine": "--engine",
         "seconds": "--seconds", "envs": "--envs", "workers": "--workers",
         "opponent": "--opponent"}


def bench_flag_problem(args: argparse.Namespace) -> str | None:
    """The one-line complaint about an option given to a benchmark that does not read it, or
    None. Options left at their defaults (None) count as not given."""
    if args.batched and args.what != "env":
        return f"--batched applies to `bench env` only, not `bench {args.what}`"
    mode = "env --batched" if args.batched else args.what
    if mode == "env --batched" and args.engine not in (None, "native"):
        return f"bench env --batched runs the native engine only; --engine {args.engine} does not apply"
    given = [dest for dest in FLAGS if getattr(args, dest, None) is not None]
    for dest in given:
        if dest not in APPLIES[mode] and not (dest == "engine" and mode == "env --batched"):
            where = ", ".join(FLAGS[d] for d in sorted(APPLIES[mode])) or "none of these"
            return f"{FLAGS[dest]} does not apply to `bench {mode}` (it reads {where}, --board and --json)"
    return None
