"""Speed benchmarks: decisions, whole games, clone, clone-plus-step."""

from __future__ import annotations

import random
import sys
import time
from collections.abc import Callable, Sequence
from typing import Any, TypeVar

from nuffle.agents.random_bot import RandomBot
from nuffle.core.errors import InputError, StateError
from nuffle.core.game import Game
from nuffle.core.ruleset import Ruleset
from nuffle.core.teams import TeamSpec
from nuffle.ruleset_choice import match_team
from nuffle.teams import load_team

T = TypeVar("T")


def seconds_per_call(call: Callable[[T], object], items: Sequence[T], rounds: int = 20) -> float:
    """Mean wall-clock seconds of `call(item)` over `rounds` passes through `items` (0 if none)."""
    t0 = time.perf_counter()
    for _ in range(rounds):
        for item in items:
            call(item)
    return (time.perf_counter() - t0) / max(1, rounds * len(items))


def run_bench(games: int = 30, home: str | TeamSpec = "human", away: str | TeamSpec = "orc",
              board: int = 11, seed: int = 1, ruleset: str | Ruleset = "lrb6") -> dict[str, Any]:
    """Measure random play and cloning; returns the figures in microseconds / milliseconds.
    `home` and `away` are race keys, team .json files or `TeamSpec`s of `ruleset`'s rosters
    (the outcomes' positions are LRB6's)."""
    if not isinstance(games, int) or games < 1:
        raise InputError(f"the benchmark needs at least 1 game, got {games!r}")
    home, away = match_team(home, ruleset), match_team(away, ruleset)
    decisions = 0
    elapsed = 0.0
    snapshots: list[Game] = []
    pick = random.Random(seed)
    for i in range(games):
        t0 = time.perf_counter()
        g = Game.new(home, away, seed=seed + i, board=board, ruleset=ruleset)
        _engine_game(g, RandomBot(seed + 2 * i), RandomBot(seed + 2 * i + 1))
        elapsed += time.perf_counter() - t0
        decisions += len(g.history)
        # Re-play a prefix of this game to collect mid-game positions for the clone figures.
        if len(snapshots) < 200:
            replay_game = Game.new(home, away, seed=seed + i, board=board, ruleset=ruleset)
            marks = set(pick.sample(range(len(g.history)), min(10, len(g.history))))
            for j, (_, action) in enumerate(g.history):
                if j in marks:
                    snapshots.append(replay_game.clone())
                replay_game.step(action)
    clone_s = seconds_per_call(lambda g: g.clone(), snapshots)
    view_s = seconds_per_call(lambda g: g.view(), snapshots)
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
        "view_us": view_s * 1e6,
        "clone_step_us": clone_step_s * 1e6,
    }


def _engine_game(game: Game, home: RandomBot, away: RandomBot) -> None:
    """Play to the end handing the (trusted, read-only) random bots the live game: the
    decision figure measures the engine alone. `view_us` is what `play()` adds per decision
    by handing agents views."""
    bots = (home, away)
    while not game.is_over:
        game.step(bots[game.decider].act(game))


def bench_outcomes(repeats: int = 30) -> dict[str, float]:
    """Time `Game.outcomes` for a move with a dodge and for a block whose knock-down runs
    through armour, injury and casualty (no apothecary, so nothing stops it)."""
    out = {}
    for name, (game, action) in outcome_positions().items():
        t0 = time.perf_counter()
        for _ in range(repeats):
            game.transitions(action)
        out[f"outcomes_{name}_ms"] = (time.perf_counter() - t0) / repeats * 1e3
    return out


def outcome_positions() -> dict[str, tuple[Game, Any]]:
    """The outcomes benchmark's two positions, each a game (sampled dice) and the action to
    enumerate: `dodge`, a move with a dodge; `block`, the follow-up of a block whose knock-down
    runs through armour, injury and casualty."""
    from nuffle.core.actions import Action, ActionType
    from nuffle.core.dice import SampledRoller, block, d6
    from nuffle.core.types import BlockFace
    from nuffle.testing import Scenario

    sc = Scenario()
    sc.put(0, (10, 7)).put(11, (11, 7)).put(12, (12, 9))
    dodge_game = sc.start(0)
    dodge_game.roller = SampledRoller()
    dodge_game.step(Action(ActionType.START_MOVE, 0))

    ogre = 3
    sc = Scenario(script=d6(2) + block(BlockFace.DEFENDER_DOWN, BlockFace.DEFENDER_DOWN))
    sc.put(ogre, (10, 7)).put(11, (11, 7)).set(apothecaries=(0, 0))
    block_game = sc.start(0)
    for a in (Action(ActionType.START_BLOCK, ogre), Action(ActionType.BLOCK, square=(11, 7)),
              Action(ActionType.SELECT_DEFENDER_DOWN), Action(ActionType.PUSH, square=(12, 7))):
        block_game.step(a)
    block_game.roller = SampledRoller()
    return {"dodge": (dodge_game, Action(ActionType.MOVE, square=(9, 7))),
            "block": (block_game, Action(ActionType.FOLLOW_UP))}


# --- soak: every pairing of races ---------------------------------------------------------------


def soak_game(seed: int, board: int, home: str, away: str, bot: str = "random") -> Game:
    """One game with the conformance invariants checked after every step."""
    from nuffle.conformance import check_invariants, conformance_game

    if bot == "random":
        return conformance_game(seed, board, home, away, clone_checks=1)
    from nuffle.agents.registry import make_agent

    game = Game.new(home, away, seed=seed, board=board)
    agents = (make_agent(bot, seed * 2 + 1), make_agent(bot, seed * 2 + 2))
    agents[0].new_game(game.view(), 0)
    agents[1].new_game(game.view(), 1)
    steps = 0
    while not game.is_over:
        check_invariants(game.state)
        game.step(agents[game.decider].act(game.view()))
        steps += 1
        if steps > 200_000:
            raise StateError("the game did not end within 200,000 decisions")
    check_invariants(game.state)
    return game


def run_soak(races: list[str] | None = None, games: int = 2, board: int = 11, seed: int = 0,
             bot: str = "random", progress: bool = False) -> dict[str, Any]:
    """Play `games` games for every ordered pairing of `races` (default: all 24) and count
    exceptions. Races whose default team the engine cannot field yet (skills not implemented)
    are reported as blocked and skipped; an unknown race, no race at all or fewer than 1 game
    raises ValueError. Ctrl-C stops it: the summary then covers the finished games and says
    `interrupted`."""
    from nuffle.core.teams import TeamError, race_key
    from nuffle.core.teams import races as all_races

    if not isinstance(games, int) or games < 1:
        raise InputError(f"games per pairing must be at least 1, got {games!r}")
    if races is None:
        keys = list(all_races())
    else:
        keys = list(dict.fromkeys(race_key(r) for r in races if r.strip()))
        if not keys:
            raise InputError(f"no race given in {','.join(races)!r}: use comma-separated race keys")
        unknown = [k for k in keys if k not in all_races()]
        if unknown:
            shown = unknown[0] if len(unknown[0]) <= 60 else unknown[0][:57] + "..."
            raise InputError(f"unknown race {shown!r}: choose from {', '.join(all_races())}")
    blocked: dict[str, str] = {}
    playable = []
    for k in keys:
        try:
            load_team(k)
            playable.append(k)
        except TeamError as exc:
            blocked[k] = str(exc)
    per_race = {k: {"games": 0, "td_for": 0, "td_against": 0, "exceptions": 0} for k in playable}
    failures: list[dict[str, Any]] = []
    pairs = [(h, a) for h in playable for a in playable]
    bar = None
    if progress:
        from tqdm import tqdm

        bar = tqdm(total=len(pairs) * games, desc="soak", unit="game")
    t0 = time.perf_counter()
    interrupted = False
    totals = [0, 0, 0, 0]
    try:
        _soak_games(pairs, games, seed, board, bot, per_race, failures, totals, bar)
    except KeyboardInterrupt:  # Ctrl-C: report the games that finished
        interrupted = True
    played, decisions, tds, cas = totals
    if bar is not None:
        bar.close()
    seconds = time.perf_counter() - t0
    return {
        "board": board,
        "bot": bot,
        "races": playable,
        "blocked": blocked,
        "pairings": len(pairs),
        "games": played + len(failures),
        "finished": played,
        "exceptions": len(failures),
        "failures": failures,
        "interrupted": interrupted,
        "seconds": seconds,
        "touchdowns_per_game": tds / played if played else 0.0,
        "casualties_per_game": cas / played if played else 0.0,
        "decisions_per_game": decisions / played if played else 0.0,
        "per_race": per_race,
    }


def _soak_games(pairs: list[tuple[str, str]], games: int, seed: int, board: int, bot: str,
                per_race: dict[str, dict[str, int]], failures: list[dict[str, Any]],
                totals: list[int], bar: Any) -> None:
    """Play the soak's games, adding to `per_race`, `failures` and `totals` (games finished,
    decisions, touchdowns, casualties) as each game ends."""
    n = 0
    for home, away in pairs:
        for _ in range(games):
            game_seed = seed + n
            n += 1
            try:
                g = soak_game(game_seed, board, home, away, bot)
            except Exception as exc:  # count every failure and keep going
                failures.append({"home": home, "away": away, "seed": game_seed, "error": repr(exc)})
                per_race[home]["exceptions"] += 1
                per_race[away]["exceptions"] += 1
            else:
                box = g.box_score()
                h, a = box["home"]["touchdowns"], box["away"]["touchdowns"]
                totals[0] += 1
                totals[1] += len(g.history)
                totals[2] += h + a
                totals[3] += box["home"]["casualties"] + box["away"]["casualties"]
                for key, f, ag in ((home, h, a), (away, a, h)):
                    per_race[key]["games"] += 1
                    per_race[key]["td_for"] += f
                    per_race[key]["td_against"] += ag
            if bar is not None:
                bar.update(1)


def format_soak(summary: dict[str, Any]) -> str:
    """A readable soak report."""
    lines = [
        f"soak: {len(summary['races'])} races, {summary['pairings']} pairings, board {summary['board']}, "
        f"{summary['bot']} bots",
        f"  games {summary['games']}, finished {summary['finished']}, exceptions {summary['exceptions']}, "
        f"{summary['seconds']:.1f} s",
        f"  per game: {summary['touchdowns_per_game']:.2f} TDs, {summary['casualties_per_game']:.2f} "
        f"casualties, {summary['decisions_per_game']:.0f} decisions",
    ]
    if summary["per_race"]:
        lines.append(f"  {'race':<14}{'games':>6}{'TD for':>8}{'TD agst':>8}{'exc':>5}")
        for key, row in summary["per_race"].items():
            g = max(1, row["games"])
            lines.append(f"  {key:<14}{row['games']:>6}{row['td_for'] / g:>8.2f}"
                         f"{row['td_against'] / g:>8.2f}{row['exceptions']:>5}")
    if summary.get("interrupted"):
        lines.append("  interrupted: the figures cover the games that finished")
    for key, why in summary["blocked"].items():
        lines.append(f"  blocked {key}: {why}")
    for f in summary["failures"][:20]:
        lines.append(f"  FAIL {f['home']} v {f['away']} seed {f['seed']}: {f['error']}")
    if len(summary["failures"]) > 20:
        lines.append(f"  ... and {len(summary['failures']) - 20} more failures")
    return "\n".join(lines)


def print_env_bench(as_json: bool, seconds: float = 5.0, boards: tuple[int, ...] | None = None,
                    engine: str = "python", ruleset: str = "lrb6") -> int:
    """`nuffle bench env`: steps/s of the RL environments per board, `boards` or every one,
    on `engine` (needs the [gym] extra; 'native' needs the extension), played by `ruleset`."""
    import json

    try:
        from nuffle.bench.env import run_env_bench
    except ImportError as exc:
        print(f"error: bench env needs the [gym] extra ({exc})")
        return 2
    from nuffle.core.engines import EngineUnavailableError, check_engine

    try:
        check_engine(engine)
    except EngineUnavailableError as exc:
        print(f"error: {exc}")
        return 2
    from nuffle.core.errors import NuffleError

    try:
        figures = (run_env_bench(seconds=seconds, engine=engine, ruleset=ruleset) if boards is None
                   else run_env_bench(boards, seconds, engine=engine, ruleset=ruleset))
    except NuffleError as exc:  # a ruleset the environments do not play
        print(f"error: {exc}", file=sys.stderr)
        return 2
    if as_json:
        print(json.dumps(figures))
        return 0
    print(f"environment steps per second on the {engine} engine (random learner v random opponent, "
          f"observation and mask every step)")
    for board, sps in figures["steps_per_s"].items():
        enc = figures["encoding"][board]
        print(f"  board {board:>2}: {sps:7d} steps/s ({figures['steps_per_cpu_s'][board]} per CPU second)   "
              f"encoding {enc['encode_us']:7.1f} us = {enc['encode_ratio']:.2f} x the engine step "
              f"({enc['engine_step_us']:.1f} us, CPU time)")
        if "cpp_encode_us" in enc:
            print(f"            timed inside C++: encoding {enc['cpp_encode_us']:.2f} us = "
                  f"{enc['cpp_encode_ratio']:.2f} x the engine step ({enc['cpp_step_us']:.2f} us)")
    for key in (k for k in figures if k.startswith("vector_")):
        for workers, sps in figures[key].items():
            print(f"  board {key[7:]}, async vector of {workers} worker(s): {sps} steps/s")
    print(f"  load averages (1, 5, 15 min): {figures['load']}")
    return 0
