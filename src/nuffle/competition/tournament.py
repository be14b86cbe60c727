"""Running a tournament: the round robin (and the final), played by an executor, recorded,
and reported in `out/report.json` and `out/report.md` with records under `out/records/`."""

from __future__ import annotations

import json
import os
import time
from collections.abc import Callable
from typing import Any

from nuffle.competition import formats, report
from nuffle.competition.config import TournamentConfig
from nuffle.competition.executors import Executor, Outcome, Task, make_executor
from nuffle.competition.referee import save_outputs


def _play(config: TournamentConfig, fixtures: list[formats.Fixture], executor: Executor,
          progress: Callable[[dict[str, Any]], None] | None) -> list[dict[str, Any]]:
    bots = {b.name: b for b in config.bots}
    tasks = [Task(bots[f.home], bots[f.away], f.seed, config.settings) for f in fixtures]
    done = None
    if progress is not None:
        def done(o: Outcome) -> None:
            progress(o.report)
    outcomes = executor.run(tasks, done)
    games = []
    records = config.out / "records"
    for f, o in zip(fixtures, outcomes, strict=True):
        game = {"index": f.index, "stage": f.stage, **o.report}
        save_outputs(game, o.record, o.trace, records / f"game-{f.index:03d}.json", o.lines)
        game["record"] = os.path.relpath(game["record"], config.out)
        if game.get("match_report"):
            game["match_report"] = os.path.relpath(game["match_report"], config.out)
        if game.get("trace"):
            game["trace"] = os.path.relpath(game["trace"], config.out)
        games.append(game)
    return games


def run(config: TournamentConfig, executor: Executor | None = None,
        progress: Callable[[dict[str, Any]], None] | None = None) -> dict[str, Any]:
    """Play the tournament and write its report; returns the report."""
    seed = config.seed if config.seed is not None else int.from_bytes(os.urandom(7), "little")
    names = [b.name for b in config.bots]
    own = executor is None
    ex = executor or make_executor(config.executor, config.workers, config.ray_address)
    t0 = time.monotonic()
    try:
        fixtures = formats.round_robin(names, config.games_per_pair, seed)
        games = _play(config, fixtures, ex, progress)
        if config.format == "round-robin+final":
            top = report.standings(names, games)
            final = formats.final(top[0]["name"], top[1]["name"], config.final_games, seed, len(games))
            games += _play(config, final, ex, progress)
    finally:
        if own:
            ex.close()
    meta = {"name": config.name, "format": config.format, "games_per_pair": config.games_per_pair,
            "board": config.settings.board, "seed": seed, "clocks": config.settings.clocks.to_dict(),
            "seconds": round(time.monotonic() - t0, 3)}
    out = report.build(meta, names, games)
    config.out.mkdir(parents=True, exist_ok=True)
    (config.out / "report.json").write_text(json.dumps(out, indent=1))
    (config.out / "report.md").write_text(report.markdown(out))
    return out


def comparable(out: dict[str, Any]) -> dict[str, Any]:
    """A report without its timings: equal for the same tournament on any executor."""
    games = [{k: v for k, v in g.items() if k != "seconds"} for g in out["games"]]
    meta = {k: v for k, v in out["tournament"].items() if k != "seconds"}
    return {**out, "games": games, "tournament": meta}
