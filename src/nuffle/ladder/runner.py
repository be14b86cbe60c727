"""Playing a ladder's fixtures, in a process pool behind a progress bar.

Ctrl-C (or SIGTERM) stops a ladder within seconds: the workers are terminated, the games in
flight are dropped and `LadderInterrupted` carries the games that finished.
"""

from __future__ import annotations

import multiprocessing
import signal
import sys
import time
from collections.abc import Callable
from typing import Any

from nuffle.agents.registry import make_agent
from nuffle.agents.timed import TimedAgent
from nuffle.core.errors import InputError, NuffleError
from nuffle.core.game import Game
from nuffle.evaluation import Entry
from nuffle.ladder.schedule import Fixture
from nuffle.play import play
from nuffle.ruleset_choice import match_team


def play_fixture(entries: list[Entry], fixture: Fixture, board: int,
                 time_limit: float | None = None,
                 bot_seeds: tuple[int, int] | None = None,
                 engine: str | None = None, ruleset: str = "lrb6") -> dict[str, Any]:
    """Play one game; returns its compact record (entry indices, score, casualties, time).
    The home and away bots are seeded `bot_seeds` (default `2s + 1` and `2s + 2` for the game's
    seed s); `engine` as in `Game.new` (default: `NUFFLE_ENGINE`, else Python); `ruleset` the
    rules played (its teams: `ruleset_choice.match_team`). With
    `time_limit` (seconds a decision) the record also holds, per side (home, away), the
    decisions taken, their total and longest seconds and how many took longer."""
    h, a = entries[fixture.home], entries[fixture.away]
    s = fixture.seed
    seeds = bot_seeds if bot_seeds is not None else (s * 2 + 1, s * 2 + 2)
    t0 = time.perf_counter()
    game = Game.new(match_team(h.team, ruleset), match_team(a.team, ruleset), seed=s, board=board,
                    engine=engine, ruleset=ruleset)
    bots = (TimedAgent(make_agent(h.bot, seeds[0]), time_limit),
            TimedAgent(make_agent(a.bot, seeds[1]), time_limit))
    play(game, *bots)
    box = game.box_score()
    out: dict[str, Any] = {
        "home": fixture.home,
        "away": fixture.away,
        "seed": s,
        "score": [box["home"]["touchdowns"], box["away"]["touchdowns"]],
        "casualties": [box["home"]["casualties"], box["away"]["casualties"]],
        "seconds": round(time.perf_counter() - t0, 4),
    }
    if time_limit is not None:
        out["decisions"] = [b.decisions for b in bots]
        out["decision_seconds"] = [round(b.total, 6) for b in bots]
        out["longest_decision"] = [round(b.longest, 6) for b in bots]
        out["over_limit"] = [b.over_limit for b in bots]
    return out


class LadderInterrupted(NuffleError):
    """A ladder stopped by Ctrl-C or SIGTERM; `games` holds the games that finished."""

    def __init__(self, games: list[dict[str, Any]]) -> None:
        super().__init__(f"interrupted after {len(games)} games")
        self.games = games


def _task(args: tuple[int, list[Entry], Fixture, int, float | None, str | None, str]
          ) -> tuple[int, dict[str, Any]]:
    k, entries, fixture, board, limit, engine, ruleset = args
    return k, play_fixture(entries, fixture, board, limit, engine=engine, ruleset=ruleset)


def _worker_init() -> None:
    """Workers leave interrupts to the parent, which terminates them (no worker tracebacks)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)


def run_fixtures(entries: list[Entry], fixtures: list[Fixture], board: int, workers: int = 2,
                 progress: bool | None = None,
                 on_game: Callable[[dict[str, Any]], None] | None = None,
                 time_limit: float | None = None, engine: str | None = None,
                 ruleset: str = "lrb6") -> list[dict[str, Any]]:
    """Play every fixture (in `workers` processes when more than one); the games come back in
    fixture order whatever order they finish in. `time_limit`, `engine` and `ruleset`: see
    `play_fixture`."""
    if workers < 1:
        raise InputError(f"workers must be at least 1, got {workers}")
    from tqdm import tqdm

    show = sys.stderr.isatty() if progress is None else progress
    out: list[dict[str, Any] | None] = [None] * len(fixtures)

    def done(k: int, rec: dict[str, Any]) -> None:
        out[k] = rec
        bar.update(1)
        if on_game is not None:
            on_game(rec)

    with tqdm(total=len(fixtures), desc="ladder", unit="game", disable=not show) as bar:
        try:
            if workers == 1:
                for k, fx in enumerate(fixtures):
                    done(k, play_fixture(entries, fx, board, time_limit, engine=engine, ruleset=ruleset))
            else:
                pool = multiprocessing.Pool(workers, initializer=_worker_init)
                try:
                    tasks = [(k, entries, fx, board, time_limit, engine, ruleset)
                             for k, fx in enumerate(fixtures)]
                    for k, rec in pool.imap_unordered(_task, tasks):
                        done(k, rec)
                    pool.close()
                finally:
                    pool.terminate()  # at once: a Ctrl-C must not wait for the games in flight
                    pool.join()
        except KeyboardInterrupt:
            raise LadderInterrupted([g for g in out if g is not None]) from None
    return [g for g in out if g is not None]
