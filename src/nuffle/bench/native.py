"""The native engine's speed benchmark (`nuffle bench engine --engine native`): the Python
bench's fields measured on the C++ engine, plus whole random games played inside C++, the exact
outcomes in C++ and the state's size.

Every frame is ported; a game that still stopped early (a frame the Python engine gains before
its port, or the decision limit) is counted and named (`stopped`, `stopped_at`), never raised.
`races`: whole random games in C++ for each of the 24 races (mirror matches).
"""

from __future__ import annotations

import contextlib
import random
import time
from collections import Counter
from typing import Any

from nuffle.bench.engine import seconds_per_call
from nuffle.core.decision import DecisionKind
from nuffle.core.engines import NotPortedError, native_module
from nuffle.core.ruleset import Ruleset
from nuffle.core.teams import TeamSpec
from nuffle.ruleset_choice import match_team, roster_races

__all__ = ["format_native_bench", "native_outcomes_bench", "run_native_bench"]

_STEP_LIMIT = 200_000  # decisions a game may take before the bench calls it stopped
_SETUP = int(DecisionKind.SETUP)


def _start(home: str | TeamSpec, away: str | TeamSpec, seed: int, board: int,
           ruleset: str | Ruleset = "lrb6") -> Any:
    """A new native match (`NativeGame`) between two teams (race keys, files or specs) of
    `ruleset`."""
    from nuffle.core.native_game import NativeGame

    return NativeGame.start(match_team(home, ruleset), match_team(away, ruleset), seed=seed, board=board,
                            ruleset=ruleset)


def _python_random_game(state: Any, pick: random.Random, setup_seed: int) -> tuple[int, str | None]:
    """Play a native state to the end from Python: the legal actions listed (`State.legal_actions`),
    one chosen at random (a group, then a player and a square), stepped. Set-ups are chosen by
    the native random player's set-up rule (`State.random_setup_action`), as random placements
    on board 11 seldom make a legal set-up. Returns (decisions, why it stopped or None)."""
    n = 0
    rng = setup_seed
    randrange = pick.randrange
    try:
        while state.decider < 2:
            if n >= _STEP_LIMIT:
                return n, "decision limit"
            legal = state.legal_actions()
            if state.waiting == _SETUP and state.top_frame() == "setup":
                kind, player, square, rng = state.random_setup_action(rng)
            else:
                kind, players, squares, _ = legal[randrange(len(legal))]
                player = players[randrange(len(players))] if players else -1
                square = squares[randrange(len(squares))] if squares else -1
            state.step(kind, player, square)
            n += 1
    except NotPortedError as exc:
        return n, str(exc)
    return n, None


def run_native_bench(games: int = 30, home: str | TeamSpec = "human", away: str | TeamSpec = "orc",
                     board: int = 11, seed: int = 1, native_games: int | None = None,
                     race_games: int = 10, ruleset: str | Ruleset = "lrb6") -> dict[str, Any]:
    """`run_bench`'s figures on the native engine (`decision_us`: a random decision driven from
    Python; `game_ms`; `clone_us`: `State.clone`; `clone_step_us`; the outcomes' times) plus
    whole random games played in C++ (`native_games_per_s`), `NativeGame.clone`'s time and
    the state's size; `view_us`: `NativeGame.view`; `races`: `race_games` whole games in C++
    per race. Games stopped at an unported frame are counted, not timed. `ruleset`: the rules
    played and the races' rosters (the outcomes' positions are LRB6's)."""
    module = native_module()
    start = _start(home, away, seed, board, ruleset)
    pick = random.Random(seed)
    decisions = 0
    elapsed = 0.0
    stopped: Counter[str] = Counter()
    snapshots: list[Any] = []
    complete = 0
    for i in range(games):
        state = start._native.clone()
        state.rng = module.seed_state(seed + i)
        t0 = time.perf_counter()
        n, why = _python_random_game(state, pick, seed + i)
        spent = time.perf_counter() - t0
        if why is not None:
            stopped[why] += 1
            continue
        complete += 1
        elapsed += spent
        decisions += n
        if len(snapshots) < 200:  # mid-game positions for the clone figures: replay a prefix
            replay = start._native.clone()
            replay.rng = module.seed_state(seed + i)
            _python_random_game_prefix(replay, random.Random(seed + i), seed + i, pick.randrange(max(1, n)))
            if replay.decider < 2:
                snapshots.append(replay)
    clone_s = seconds_per_call(lambda snap: snap.clone(), snapshots)
    wrapped = [type(start)(start._template, s, False) for s in snapshots]
    clone_game_s = seconds_per_call(lambda w: w.clone(), wrapped)
    view_s = seconds_per_call(lambda w: w.view(), wrapped)
    n_cs = 0
    t0 = time.perf_counter()
    for _ in range(5):
        for snap in snapshots:
            c = snap.clone()
            legal = c.legal_actions()
            kind, players, squares, _ = legal[pick.randrange(len(legal))]
            with contextlib.suppress(NotPortedError):
                c.step(kind, players[pick.randrange(len(players))] if players else -1,
                       squares[pick.randrange(len(squares))] if squares else -1)
            n_cs += 1
    clone_step_s = (time.perf_counter() - t0) / max(1, n_cs)
    whole = _native_whole_games(start, native_games if native_games is not None else max(games, 100), seed)
    figures: dict[str, Any] = {
        "engine": "native",
        **native_outcomes_bench(),
        "games": games,
        "board": board,
        "complete": complete,
        "stopped": sum(stopped.values()),
        "stopped_at": dict(stopped),
        "decisions": decisions,
        "decisions_per_game": decisions / complete if complete else 0.0,
        "decision_us": elapsed / decisions * 1e6 if decisions else None,
        "game_ms": elapsed / complete * 1e3 if complete else None,
        "clone_us": clone_s * 1e6,
        "clone_game_us": clone_game_s * 1e6,
        "view_us": view_s * 1e6,
        "clone_step_us": clone_step_s * 1e6,
        "state_bytes": int(module.STATE_BYTES),
        **whole,
        "races": native_races_bench(race_games, board, seed, ruleset),
    }
    return figures


def _python_random_game_prefix(state: Any, pick: random.Random, setup_seed: int, steps: int) -> None:
    """`steps` random decisions of `_python_random_game` (fewer if the game ends or stops)."""
    rng = setup_seed
    try:
        for _ in range(steps):
            if state.decider >= 2:
                return
            legal = state.legal_actions()
            if state.waiting == _SETUP and state.top_frame() == "setup":
                kind, player, square, rng = state.random_setup_action(rng)
            else:
                kind, players, squares, _ = legal[pick.randrange(len(legal))]
                player = players[pick.randrange(len(players))] if players else -1
                square = squares[pick.randrange(len(squares))] if squares else -1
            state.step(kind, player, square)
    except NotPortedError:
        return


def _native_whole_games(start: Any, games: int, seed: int) -> dict[str, Any]:
    """Whole random games played inside C++ (`_native.play_random_games`): games per second
    over the complete ones, and the stopped ones named."""
    module = native_module()
    t0 = time.perf_counter()
    results = module.play_random_games(start._native, games, seed, _STEP_LIMIT)
    spent = time.perf_counter() - t0
    done = [r for r in results if r[3] is None]
    stops = Counter(r[3] for r in results if r[3] is not None)
    moves = sum(r[2] for r in results)
    return {
        "native_games": games,
        "native_complete": len(done),
        "native_stopped": dict(stops),
        "native_games_per_s": games / spent if spent and not stops else (
            len(done) / spent if spent else 0.0),
        "native_decision_us": spent / moves * 1e6 if moves else None,
        "native_decisions_per_game": moves / games if games else 0.0,
    }


def native_races_bench(games: int, board: int, seed: int,
                       ruleset: str | Ruleset = "lrb6") -> dict[str, dict[str, Any]]:
    """Per race of `ruleset` (LRB6: all 24), `games` whole random mirror games played in C++:
    complete and stopped counts (and where they stopped), games per second, decisions per game."""
    out: dict[str, dict[str, Any]] = {}
    for key in roster_races(ruleset):
        whole = _native_whole_games(_start(key, key, seed, board, ruleset), games, seed)
        out[key] = {"games": games, "complete": whole["native_complete"],
                    "stopped": games - whole["native_complete"], "stopped_at": whole["native_stopped"],
                    "games_per_s": whole["native_games_per_s"],
                    "decisions_per_game": whole["native_decisions_per_game"]}
    return out


def native_outcomes_bench(repeats: int = 200) -> dict[str, Any]:
    """`State.outcomes` (C++) timed on `bench_outcomes`' two positions: a move with a dodge and
    a block's knock-down through armour, injury and casualty; each figure in µs and in ms (the
    Python bench's field names); `outcomes_<name>_game_us`: the same through
    `NativeGame.outcomes` (next games with their histories and event logs, as `Game.outcomes`)."""
    from nuffle.bench.engine import outcome_positions
    from nuffle.core.native_game import NativeGame

    out: dict[str, Any] = {}
    for name, (py_game, action) in outcome_positions().items():
        game = NativeGame.from_state(py_game.state, explicit=True)
        b = game._template.board
        sq = -1 if action.square is None else b.sq(*action.square)
        args = (int(action.type), -1 if action.player is None else action.player, sq)
        native = game._native
        try:
            native.outcomes(*args)
        except NotPortedError:
            out[f"outcomes_{name}_us"] = out[f"outcomes_{name}_ms"] = None
            continue
        t0 = time.perf_counter()
        for _ in range(repeats):
            native.outcomes(*args)
        spent = (time.perf_counter() - t0) / repeats
        out[f"outcomes_{name}_us"] = spent * 1e6
        out[f"outcomes_{name}_ms"] = spent * 1e3
        game = NativeGame.from_state(py_game.state)  # the bench's game: sampled dice
        t0 = time.perf_counter()
        for _ in range(repeats):
            game.transitions(action)
        out[f"outcomes_{name}_game_us"] = (time.perf_counter() - t0) / repeats * 1e6
    return out


def format_native_bench(f: dict[str, Any]) -> str:
    """The native figures as readable text."""
    def us(key: str) -> str:
        v = f.get(key)
        return "    n/a" if v is None else f"{v:8.2f}"

    lines = [f"native engine, random play, board {f['board']}: {f['complete']} of {f['games']} games "
             f"complete ({f['decisions_per_game']:.0f} decisions per game)",
             f"  decision (from Python): {us('decision_us')} us",
             f"  game (from Python):     {us('game_ms')} ms",
             f"  clone (State):          {us('clone_us')} us",
             f"  clone (NativeGame):     {us('clone_game_us')} us",
             f"  view (NativeGame):      {us('view_us')} us",
             f"  clone + step:           {us('clone_step_us')} us",
             f"  state:                  {f['state_bytes']:8d} bytes",
             f"whole random games in C++: {f['native_games_per_s']:.0f} games/s "
             f"({f['native_complete']} of {f['native_games']} complete, "
             f"{us('native_decision_us').strip()} us a decision)",
             "exact outcomes in C++ (State.outcomes)",
             f"  move with a dodge:      {us('outcomes_dodge_us')} us",
             f"  block knock-down:       {us('outcomes_block_us')} us",
             "exact outcomes through NativeGame.outcomes",
             f"  move with a dodge:      {us('outcomes_dodge_game_us')} us",
             f"  block knock-down:       {us('outcomes_block_game_us')} us"]
    races = f.get("races", {})
    if races:
        done = sum(r["complete"] for r in races.values())
        total = sum(r["games"] for r in races.values())
        lines.append(f"whole random games in C++ per race (mirror): {done} of {total} complete, "
                     f"{sum(r['stopped'] for r in races.values())} stopped")
        for key, r in races.items():
            lines.append(f"  {key:<14} {r['games_per_s']:8.0f} games/s  {r['complete']} of {r['games']}"
                         + "".join(f"  stopped: {n} x {why}" for why, n in r["stopped_at"].items()))
    for label, stops in (("from Python", f["stopped_at"]), ("in C++", f["native_stopped"])):
        for why, n in stops.items():
            lines.append(f"  stopped ({label}): {n} x {why}")
    return "\n".join(lines)
