"""Every speed benchmark in one place: the engine and the race soak (`engine`), the search
(`mcts`) and the environments (`env`, needs the [gym] extra). `nuffle bench` and `nuffle soak`
run them; the scripts in the repository's `bench/` directory are reports built on them."""

from __future__ import annotations

from nuffle.bench.engine import (
    bench_outcomes,
    format_soak,
    print_env_bench,
    run_bench,
    run_soak,
    soak_game,
)

__all__ = ["bench_outcomes", "format_soak", "print_env_bench", "run_bench", "run_soak", "soak_game"]
