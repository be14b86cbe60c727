"""Speed benchmarks: decisions, whole games, clone, clone-plus-step."""

from __future__ import annotations

import random
import time
from typing import Any

from nuffle.agents.random_bot import RandomBot
from nuffle.core.game import Game
from nuffle.play import play


def run_bench(games: int = 30, home: str = "human", away: str = "orc", board: int = 11,
              seed: int = 1) -> dict[str, Any]:
    """Measure random play and cloning; returns the figures in microseconds / milliseconds."""
    decisions = 0
    elapsed = 0.0
    snapshots: list[Game] = []
    pick = random.Random(seed)
    for i in range(games):
        t0 = time.perf_counter()
        g = Game.new(home, away, seed=seed + i, board=board)
        play(g, RandomBot(seed + 2 * i), RandomBot(seed + 2 * i + 1))
        elapsed += time.perf_counter() - t0
        decisions += len(g.history)
        # Re-play a prefix of this game to collect mid-game positions for the clone figures.
        if len(snapshots) < 200:
            replay_game = Game.new(home, away, seed=seed + i, board=board)
            marks = set(pick.sample(range(len(g.history)), min(10, len(g.history))))
            for j, (_, action) in enumerate(g.history):
                if j in marks:
                    snapshots.append(replay_game.clone())
                replay_game.step(action)
    n_clone = 0
    t0 = time.perf_counter()
    for _ in range(20):
        for snap in snapshots:
            snap.clone()
            n_clone += 1
    clone_s = (time.perf_counter() - t0) / max(1, n_clone)
    bot = RandomBot(seed)
    n_cs = 0
    t0 = time.perf_counter()
    for _ in range(5):
        for snap in snapshots:
            c = snap.clone()
            if not c.is_over:
                bot.plan = []
                c.step(bot.act(c))
            n_cs += 1
    clone_step_s = (time.perf_counter() - t0) / max(1, n_cs)
    return {
        **bench_outcomes(),
        "games": games,
        "board": board,
        "decisions": decisions,
        "decisions_per_game": decisions / games,
        "decision_us": elapsed / decisions * 1e6,
        "game_ms": elapsed / games * 1e3,
        "clone_us": clone_s * 1e6,
        "clone_step_us": clone_step_s * 1e6,
    }


def bench_outcomes(repeats: int = 30) -> dict[str, float]:
    """Time `Game.outcomes` for a move with a dodge and for a block whose knock-down runs
    through armour, injury and casualty (no apothecary, so nothing stops it)."""
    from nuffle.core.actions import Action, ActionType
    from nuffle.core.dice import SampledRoller, block, d6
    from nuffle.core.types import BlockFace
    from nuffle.testing import Scenario

    sc = Scenario()
    sc.put(0, (10, 7)).put(11, (11, 7)).put(12, (12, 9))
    game = sc.start(0)
    game.roller = SampledRoller()
    game.step(Action(ActionType.START_MOVE, 0))
    dodge = Action(ActionType.MOVE, square=(9, 7))
    t0 = time.perf_counter()
    for _ in range(repeats):
        game.outcomes(dodge)
    dodge_s = (time.perf_counter() - t0) / repeats

    ogre = 3
    sc = Scenario(script=d6(2) + block(BlockFace.DEFENDER_DOWN, BlockFace.DEFENDER_DOWN))
    sc.put(ogre, (10, 7)).put(11, (11, 7)).set(apothecaries=(0, 0))
    game = sc.start(0)
    for a in (Action(ActionType.START_BLOCK, ogre), Action(ActionType.BLOCK, square=(11, 7)),
              Action(ActionType.SELECT_DEFENDER_DOWN), Action(ActionType.PUSH, square=(12, 7))):
        game.step(a)
    game.roller = SampledRoller()
    follow = Action(ActionType.FOLLOW_UP)
    t0 = time.perf_counter()
    for _ in range(repeats):
        game.outcomes(follow)
    block_s = (time.perf_counter() - t0) / repeats
    return {"outcomes_dodge_ms": dodge_s * 1e3, "outcomes_block_ms": block_s * 1e3}
