"""The frame-by-frame lockstep the native parity tests share: a Python position with one
procedure pushed on top is loaded into the native engine and both are driven together, the
ported frames run, then the whole position, the decider, the decision record, the legal
actions and their success chances compared; the same chance outcome (sampled from the
position's generator, or any valid outcome drawn at random) or the same legal decision is
applied to both. Also the small position edits the scenarios share, and the positions in play
of one seeded random game (the `game_positions` fixture's and the race tests')."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import replace
from types import ModuleType
from typing import Any

from nuffle.core.actions import Action
from nuffle.core.dice import Chance, SampledRoller, is_valid_outcome, outcomes, sample
from nuffle.core.game import Game
from nuffle.core.match_config import MatchConfig
from nuffle.core.native_game import NativeGame
from nuffle.core.native_state import native_board, state_data
from nuffle.core.procedures.base import Procedure
from nuffle.core.skills import Skill
from nuffle.core.state import GameState
from nuffle.core.types import CHANCE, RUNNING, BallState, Status
from nuffle.random_player import RandomPlayer

Picker = Callable[[Game, random.Random], Action]


def add_skills(s: GameState, pid: int, *skills: Skill) -> None:
    """Give player `pid` of `s` the extra `skills`."""
    s.info = tuple(replace(p, skills=p.skills | frozenset(skills)) if i == pid else p
                   for i, p in enumerate(s.info))


def standing(s: GameState, side: int) -> list[int]:
    """The standing players of `side` on the pitch."""
    return [p for p in s.ranges[side] if s.pos[p] >= 0 and s.status[p] == Status.STANDING]


def give_ball(s: GameState, pid: int) -> None:
    """Player `pid` holds the ball."""
    s.ball = s.pos[pid]
    s.ball_state = BallState.CARRIED


def python_game(s: GameState) -> Game:
    """A Python game over `s` as it stands (no advance: the hand-over fields stay)."""
    config = MatchConfig(s.specs[0].race, s.specs[1].race, None, s.board.variant.players,
                         ruleset=s.rules.name)
    return Game(s, SampledRoller(), config)


def any_outcome(event: Chance, py: GameState, rng: random.Random) -> Any:
    """An outcome of `event`: sampled from `py`'s generator (advancing it) or, one time in two,
    any valid outcome drawn at random."""
    if rng.random() < 0.5:
        o, py.rng = sample(event, py.rng)
        return o
    return rng.choice([o for o, _p in outcomes(event.kind, event.n) if is_valid_outcome(event, o)])


def any_action(g: Game, rng: random.Random) -> Action:
    """A random legal decision: a group, then a player and a square in it."""
    group = rng.choice(g.legal_actions().groups)
    player = rng.choice(group.players) if group.players else None
    square = rng.choice(group.squares) if group.squares else None
    return Action(group.type, player, square)


def pushed(s0: GameState, rng: random.Random,
           scenario: Callable[[GameState, random.Random], Procedure | None]) -> GameState | None:
    """A copy of `s0` with `scenario`'s procedure pushed on top, ready to run; None where the
    scenario does not fit the position."""
    s = s0.copy()
    proc = scenario(s, rng)
    if proc is None:
        return None
    s.stack.append(proc)
    s.decider = RUNNING
    return s


def lockstep(native: ModuleType, s: GameState, rng: random.Random, pick: Picker = any_action, *,
             limit: int = 400, seen: Counter[str] | None = None,
             area: frozenset[str] | None = None) -> tuple[int, str, set[str]]:
    """Drive `s` (the pushed procedure on top) on both engines: (comparisons made, how it ended,
    the frames matched natively). A run is done when the pushed procedure is, or (with `area`)
    when no frame of `area` is left on the stack. Every frame is ported: a NotPortedError fails
    the test. `seen`, if given,
    counts the frames and phases run in Python ("frame:phase") and the decisions
    ("frame/ACTION")."""
    board = native_board(s.board.variant.players)
    py = s.copy()
    nat = native.State.load(board, state_data(py))
    checks = 0
    frames: set[str] = set()
    depth = len(py.stack)  # the pushed procedure's: the frames below it are the position's, not run
    for _ in range(limit):
        while py.decider == RUNNING and len(py.stack) >= depth:
            top = py.stack[-1]
            if seen is not None:
                seen[f"{top.frame}:{top.phase}"] += 1
            top.run(py)
        nat.run_ported(depth)
        assert state_data(py) == nat.dump(), f"position differs after {checks} checks"
        frames.update(f.frame for f in py.stack[depth - 1:])
        ng = NativeGame(s, nat)
        assert py.decider == int(nat.decider)  # raw: RUNNING (-1) mid-run is no Decider
        if py.decider in (0, 1):
            pg = python_game(py)
            assert pg.decision() == ng.decision(), (pg.decision(), ng.decision())
            pl, nl = pg.legal_actions(), ng.legal_actions()
            assert pl == nl, (pl.groups, nl.groups)
            assert [g.probabilities for g in pl.groups] == [g.probabilities for g in nl.groups]
        checks += 1
        if len(py.stack) < depth or (area is not None and not any(f.frame in area for f in py.stack)):
            return checks, "done", frames
        assert py.decider != RUNNING, py.stack[-1].frame  # every frame ran on both engines
        if py.decider == CHANCE:
            event = py.pending
            assert event is not None
            o = any_outcome(event, py, rng)
            py.outcome, py.pending, py.decider = o, None, RUNNING
            nat.rng = py.rng
            nat.resolve_only(o)
        else:
            a = pick(python_game(py), rng)
            if seen is not None:
                seen[f"{py.stack[-1].frame}/{a.type.name}"] += 1
            py.decider = RUNNING
            py.stack[-1].act(py, a)
            sq = -1 if a.square is None else py.board.sq(*a.square)
            nat.act_only(int(a.type), -1 if a.player is None else a.player, sq)
    return checks, "limit", frames


def positions_in_play(game: Game, seed: int, count: int, every: int, max_steps: int,
                      keep: Callable[[GameState], GameState] = GameState.copy) -> list[GameState]:
    """`count` positions in play (a team turn under way, its coach to decide; not set-ups) of
    `game` played on by two seeded random players, every `every`-th such (fewer if it ends
    first), each passed through `keep` (a copy by default)."""
    bots = (RandomPlayer(seed), RandomPlayer(seed + 1))
    bots[0].new_game(game.view(), 0)
    bots[1].new_game(game.view(), 1)
    out: list[GameState] = []
    steps = eligible = 0
    while not game.is_over and len(out) < count and steps < max_steps:
        s = game.state
        if s.active >= 0 and s.teams[s.active].turn >= 1 and s.decider == s.active:
            if eligible % every == 0:
                out.append(keep(s))
            eligible += 1
        game.step(bots[game.decider].act(game.view()))
        steps += 1
    return out


def drive(native: ModuleType, runs: Iterable[tuple[random.Random, GameState | None]],
          pick: Picker = any_action, ends: Counter[str] | None = None, frames: Counter[str] | None = None,
          **options: Any) -> Counter[str]:
    """`lockstep` each pushed position of `runs` with its generator (None: the scenario did not
    fit; skipped), `options` passed on: `ends` (returned) counts the comparisons ("checks") and
    how the runs ended, `frames` the runs that matched each frame natively."""
    ends = Counter() if ends is None else ends
    for rng, s in runs:
        if s is None:
            continue
        checks, end, seen = lockstep(native, s, rng, pick, **options)
        ends["checks"] += checks
        ends[end] += 1
        if frames is not None:
            frames.update(seen)
    return ends


def standing_actor(s: GameState, rng: random.Random) -> int | None:
    """A random standing player of the side to act, None where there is none."""
    mine = standing(s, s.active)
    return rng.choice(mine) if mine else None
