"""Evaluate a policy against a bot: paired seeds (each seed once at home, once away), touchdowns
per episode and win rate with 95% intervals, home and away apart."""

from __future__ import annotations

import math
import multiprocessing as mp
import time
from collections.abc import Callable, Iterable
from typing import Any

import torch

from nuffle.agents.registry import make_agent
from nuffle.core.errors import InputError
from nuffle.core.game import Game
from nuffle.interrupts import forking_workers, worker_signals
from nuffle.play import play
from nuffle.rl.policy_bot import PolicyAgent
from nuffle.stats import Z95, wilson
from nuffle.teams import load_team


def _mean_ci(xs: list[float]) -> tuple[float, float, float]:
    n = len(xs)
    if n == 0:
        return (0.0, 0.0, 0.0)
    m = sum(xs) / n
    sd = math.sqrt(sum((x - m) ** 2 for x in xs) / (n - 1)) if n > 1 else 0.0
    h = Z95 * sd / math.sqrt(n)
    return (m, m - h, m + h)


def summarise(games: list[dict[str, Any]]) -> dict[str, Any]:
    """Touchdowns per episode and win/draw/loss rates (with 95% intervals) of a list of games."""
    n = len(games)
    tds = _mean_ci([g["touchdowns"] for g in games])
    wins = sum(g["result"] == 1 for g in games)
    draws = sum(g["result"] == 0 for g in games)
    return {
        "games": n,
        "td_per_episode": round(tds[0], 4),
        "td_ci": [round(tds[1], 4), round(tds[2], 4)],
        "td_against": round(sum(g["against"] for g in games) / n, 4) if n else 0.0,
        "win_rate": round(wins / n, 4) if n else 0.0,
        "win_ci": [round(x, 4) for x in wilson(wins, n)],
        "draw_rate": round(draws / n, 4) if n else 0.0,
        "loss_rate": round((n - wins - draws) / n, 4) if n else 0.0,
    }


def evaluate(model: str, board: int, opponent: str = "random", games: int = 200, seed: int = 0,
             home: str = "human", away: str = "human", greedy: bool = False, workers: int = 2,
             on_game: Callable[[dict[str, Any]], None] | None = None) -> dict[str, Any]:
    """Play `games` games (an even number: each seed with the policy at home, then away) of the
    policy `model` on `home`'s team against `opponent` on `away`'s team, in `workers` processes."""
    if games < 2 or games % 2:
        raise InputError(f"games must be an even number of at least 2 (paired seeds), got {games}")
    if workers < 1:
        raise InputError(f"workers must be at least 1, got {workers}")
    make_agent(opponent)  # a bad bot spec fails before any game
    PolicyAgent(model).net  # noqa: B018  (a bad checkpoint fails before any game)
    load_team(home), load_team(away)
    jobs = [(model, board, opponent, home, away, greedy, seed + i, side)
            for i in range(games // 2) for side in (0, 1)]
    records: list[dict[str, Any]] = []
    started = time.perf_counter()
    if workers == 1:
        results: Iterable[dict[str, Any]] = map(_play_one, jobs)
    else:
        with forking_workers():  # a Ctrl-C is this process's: it terminates the pool
            pool = mp.get_context("fork").Pool(workers, initializer=worker_signals)
        results = pool.imap(_play_one, jobs)
    try:
        for rec in results:
            records.append(rec)
            if on_game is not None:
                on_game(rec)
    finally:
        if workers > 1:
            pool.terminate()
    out = {"model": model, "board": board, "opponent": opponent, "seed": seed,
           "seconds": round(time.perf_counter() - started, 2), "all": summarise(records),
           "home": summarise([r for r in records if r["side"] == 0]),
           "away": summarise([r for r in records if r["side"] == 1])}
    return out


def _play_one(job: tuple[str, int, str, str, str, bool, int, int]) -> dict[str, Any]:
    """One evaluation game: the policy on `side` with seed `s`."""
    model, board, opponent, home, away, greedy, s, side = job
    torch.set_num_threads(1)
    policy = PolicyAgent(model, greedy=greedy, seed=2 * s + side)
    bot = make_agent(opponent, seed=2 * s + 1 - side)
    first, second = (policy, bot) if side == 0 else (bot, policy)
    teams = (load_team(home), load_team(away))
    pair = (teams[0], teams[1]) if side == 0 else (teams[1], teams[0])
    return _record(play(Game.new(pair[0], pair[1], seed=s, board=board), first, second), side, s)


def _record(game: Game, side: int, seed: int) -> dict[str, Any]:
    score = game.result.score
    mine, theirs = (score.home, score.away) if side == 0 else (score.away, score.home)
    return {"seed": seed, "side": side, "touchdowns": mine, "against": theirs,
            "result": (mine > theirs) - (mine < theirs)}
