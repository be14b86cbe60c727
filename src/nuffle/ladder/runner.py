"""Playing a ladder's fixtures, in a process pool behind a progress bar."""

from __future__ import annotations

import sys
import time
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor, as_completed
from typing import Any

from nuffle.agents.registry import make_agent
from nuffle.core.errors import InputError
from nuffle.core.game import Game
from nuffle.evaluation import Entry
from nuffle.ladder.schedule import Fixture
from nuffle.play import play


def play_fixture(entries: list[Entry], fixture: Fixture, board: int) -> dict[str, Any]:
    """Play one game; returns its compact record (entry indices, score, casualties, time)."""
    h, a = entries[fixture.home], entries[fixture.away]
    s = fixture.seed
    t0 = time.perf_counter()
    game = Game.new(h.team, a.team, seed=s, board=board)
    play(game, make_agent(h.bot, s * 2 + 1), make_agent(a.bot, s * 2 + 2))
    box = game.box_score()
    return {
        "home": fixture.home,
        "away": fixture.away,
        "seed": s,
        "score": [box["home"]["touchdowns"], box["away"]["touchdowns"]],
        "casualties": [box["home"]["casualties"], box["away"]["casualties"]],
        "seconds": round(time.perf_counter() - t0, 4),
    }


def _task(args: tuple[list[Entry], Fixture, int]) -> dict[str, Any]:
    return play_fixture(*args)


def run_fixtures(entries: list[Entry], fixtures: list[Fixture], board: int, workers: int = 2,
                 progress: bool | None = None,
                 on_game: Callable[[dict[str, Any]], None] | None = None) -> list[dict[str, Any]]:
    """Play every fixture (in `workers` processes when more than one); the games come back in
    fixture order whatever order they finish in."""
    if workers < 1:
        raise InputError(f"workers must be at least 1, got {workers}")
    from tqdm import tqdm

    show = sys.stderr.isatty() if progress is None else progress
    out: list[dict[str, Any] | None] = [None] * len(fixtures)
    with tqdm(total=len(fixtures), desc="ladder", unit="game", disable=not show) as bar:
        if workers == 1:
            for k, fx in enumerate(fixtures):
                out[k] = play_fixture(entries, fx, board)
                bar.update(1)
                if on_game is not None:
                    on_game(out[k])  # type: ignore[arg-type]
        else:
            with ProcessPoolExecutor(max_workers=workers) as pool:
                futures = {pool.submit(_task, (entries, fx, board)): k for k, fx in enumerate(fixtures)}
                for fut in as_completed(futures):
                    rec = fut.result()
                    out[futures[fut]] = rec
                    bar.update(1)
                    if on_game is not None:
                        on_game(rec)
    return [g for g in out if g is not None]
