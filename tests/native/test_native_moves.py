"""Native Tentacles and Shadowing rolls, Diving Catch and assisted moves against the Python
engine, frame by frame.

Each check builds a Python position in play (`game_positions`: random games of skill-rich races
on boards 3, 7 and 11 with random extra skills), hands out the skills under test at random,
pushes one procedure on top (a player action, a pass or a throw-in landing next to Diving
Catchers, a Diving Catch choice, a planted assisted path), loads the position into the native
engine and drives both in lockstep: the frames run (`run_ported` natively), then the whole
position, the decider, the decision record, the legal actions and their success chances
(assisted moves: bit for bit) are compared; the same chance outcome (sampled from the
position's generator, or any valid outcome drawn at random) or the same random legal decision
is applied to both. A run ends when the pushed procedure is done; every frame runs on both
engines (a NotPortedError fails the test).
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import replace
from types import ModuleType
from typing import Any

import pytest

# the shared lockstep (pytest puts tests/native on sys.path)
from lockstep import Picker, add_skills, any_action, drive, pushed, standing  # type: ignore[import-not-found]

from nuffle import parity
from nuffle.core.actions import Action, ActionType
from nuffle.core.game import Game
from nuffle.core.native_game import NativeGame
from nuffle.core.native_state import native_paths
from nuffle.core.paths import search
from nuffle.core.procedures.action import PlayerAction, PlayerActionPhase
from nuffle.core.procedures.ball import ThrowIn
from nuffle.core.procedures.base import Procedure
from nuffle.core.procedures.passing import PASS, Pass
from nuffle.core.skill_rules.ball_skills import DivingCatch
from nuffle.core.skills import Skill
from nuffle.core.state import GameState, Options
from nuffle.core.teams import TeamSpec, default_team
from nuffle.core.types import BallState, Status
from nuffle.parity import parity_game

Positions = Any

MOVER_SKILLS = (Skill.DODGE, Skill.BREAK_TACKLE, Skill.SURE_FEET, Skill.STUNTY, Skill.SPRINT, Skill.TWO_HEADS,
                Skill.LEAP, Skill.SURE_HANDS, Skill.JUMP_UP, Skill.TITCHY)
MARKER_SKILLS = (Skill.TENTACLES, Skill.TENTACLES, Skill.SHADOWING, Skill.SHADOWING, Skill.DIVING_TACKLE,
                 Skill.TACKLE, Skill.PREHENSILE_TAIL)
CATCHER_SKILLS = (Skill.CATCH, Skill.NERVES_OF_STEEL, Skill.EXTRA_ARMS, Skill.NO_HANDS, Skill.MONSTROUS_MOUTH)
BOARDS = (3, 7, 11)


def _set_stats(s: GameState, pid: int, rng: random.Random) -> None:
    """Random MA and ST, so the Tentacles and Shadowing rolls go both ways."""
    s.info = tuple(replace(p, ma=rng.randint(2, 9), st=rng.randint(1, 6)) if i == pid else p
                   for i, p in enumerate(s.info))


def _actors(s: GameState, side: int, statuses: tuple[Status, ...] = (Status.STANDING,)) -> list[int]:
    """Players of `side` on the pitch who may take an action here: not Blood Lust or Hypnotic
    Gaze players, whose actions another area ports."""
    other_area = {Skill.BLOOD_LUST, Skill.HYPNOTIC_GAZE}
    return [p for p in s.ranges[side] if s.pos[p] >= 0 and s.status[p] in statuses
            and not other_area & s.info[p].skills]


def mostly(*kinds: ActionType) -> Picker:
    """A picker preferring `kinds` (a far square when there is one) three times in four."""
    def pick(g: Game, rng: random.Random) -> Action:
        legal = g.legal_actions()
        groups = [grp for grp in legal.groups if grp.type in kinds and grp.squares]
        if groups and rng.random() < 0.75:
            grp = rng.choice(groups)
            s = g.state
            pid = s.stack[-1].pid if hasattr(s.stack[-1], "pid") else -1
            here = s.pos[pid] if pid >= 0 else -1
            far = [q for q in grp.squares if here >= 0 and s.board.distance(here, s.board.sq(*q)) > 1]
            square = rng.choice(far if far and rng.random() < 0.8 else list(grp.squares))
            return Action(grp.type, rng.choice(grp.players) if grp.players else None, square)
        chosen: Action = any_action(g, rng)
        return chosen
    return pick


def _positions(game_positions: Positions, seeds: range) -> Any:
    for seed in seeds:
        for board in BOARDS:
            for i, s0 in enumerate(game_positions(seed, board, 3)):
                yield random.Random(seed * 1_000_003 + board * 101 + i), s0


# --- Tentacles and Shadowing ----------------------------------------------------------------


def _marked_move(s: GameState, rng: random.Random) -> Procedure | None:
    """A move or blitz of a player of the side to act (a marked one mostly), his markers given
    Tentacles, Shadowing and other dodge skills at random."""
    side = s.active
    mine = _actors(s, side)
    if not mine:
        return None
    marked = [p for p in mine if s.tackle_zones(s.pos[p], side)]
    pid = rng.choice(marked if marked and rng.random() < 0.85 else mine)
    add_skills(s, pid, *rng.sample(MOVER_SKILLS, rng.randint(0, 3)))
    if rng.random() < 0.5:
        _set_stats(s, pid, rng)
    b = s.board
    for q in standing(s, 1 - side):
        if b.distance(s.pos[q], s.pos[pid]) <= 3 and rng.random() < 0.7:
            add_skills(s, q, *rng.sample(MARKER_SKILLS, rng.randint(1, 3)))
            if rng.random() < 0.5:
                _set_stats(s, q, rng)
    if rng.random() < 0.2:
        s.ball, s.ball_state = s.pos[pid], BallState.CARRIED
    if rng.random() < 0.3:
        s.options = Options(assisted_moves=True)
    kind = rng.choice([ActionType.START_MOVE, ActionType.START_MOVE, ActionType.START_BLITZ])
    return PlayerAction(pid, kind)


def test_tentacles_and_shadowing_match_the_python_engine(native: ModuleType,
                                                         game_positions: Positions) -> None:
    """Moves out of tackle zones of Tentacles and Shadowing players (with Diving Tackle, Tackle,
    Prehensile Tail, Dodge, Break Tackle, Leap, ...): the reaction choices, the 2D6 rolls, a held
    mover, a shadower stepping in (or the square taken), on assisted paths too."""
    ends: Counter[str] = Counter()
    frames: Counter[str] = Counter()
    runs = ((rng, pushed(s0, rng, _marked_move)) for rng, s0 in _positions(game_positions, range(10))
            for _ in range(3))
    drive(native, runs, mostly(ActionType.MOVE, ActionType.BLOCK), ends=ends, frames=frames)
    assert ends["checks"] >= 1000, ends
    assert ends["done"] >= 50, ends
    assert frames["tentacles_roll"] >= 10 and frames["shadowing_roll"] >= 10, frames


# --- Diving Catch -----------------------------------------------------------------------------


def _landing_next_to_catchers(s: GameState, rng: random.Random) -> Procedure | None:
    """A pass or a throw-in coming down on an empty square next to players given Diving Catch
    (one, or several cancelling each other out), or a Diving Catch choice pushed as it is."""
    b = s.board
    side = s.active
    empties = [q for q in b.all_squares if s.grid[q] == -1 and s.adjacent_players(q)]
    if not empties:
        return None
    sq = rng.choice(empties)
    near = s.adjacent_players(sq)
    for q in near:
        if rng.random() < (0.8 if len(near) == 1 else 0.4):
            add_skills(s, q, Skill.DIVING_CATCH, *rng.sample(CATCHER_SKILLS, rng.randint(0, 2)))
    how = rng.random()
    if how < 0.2:
        catcher = rng.choice(near)
        s.ball, s.ball_state = sq, BallState.IN_AIR
        return DivingCatch(catcher, sq, rng.random() < 0.5)
    if how < 0.45:  # a throw-in from the edge square nearest to `sq` (it may land anywhere)
        x, y = b.xy(sq)
        edge = b.sq(x, 0) if y < b.height // 2 else b.sq(x, b.height - 1)
        out = b.sq(x, -1) if y < b.height // 2 else b.sq(x, b.height)
        s.ball, s.ball_state = edge, BallState.ON_GROUND
        return ThrowIn(edge, out)
    passers = [p for p in standing(s, side) if b.distance(s.pos[p], sq) <= 6]
    if not passers:
        return None
    pid = rng.choice(passers)
    s.ball, s.ball_state = s.pos[pid], BallState.CARRIED
    return Pass(pid, sq, PASS)


def test_diving_catch_matches_the_python_engine(native: ModuleType, game_positions: Positions) -> None:
    """A ball landing next to Diving Catchers (a pass, its scatters, a throw-in; a kick-off
    landing's choice pushed as it is): the catch where he stands, or the bounce from the
    square; two catchers cancelling out."""
    ends: Counter[str] = Counter()
    frames: Counter[str] = Counter()
    choices: Counter[str] = Counter()

    def pick(g: Game, rng: random.Random) -> Action:
        a: Action = any_action(g, rng)
        if g.state.stack[-1].frame == "diving_catch":
            choices[a.type.name] += 1
        return a

    runs = ((rng, pushed(s0, rng, _landing_next_to_catchers))
            for rng, s0 in _positions(game_positions, range(20, 30)) for _ in range(4))
    drive(native, runs, pick, ends=ends, frames=frames)
    assert ends["done"] >= 60, ends
    assert frames["diving_catch"] >= 30, frames
    assert choices["USE_SKILL"] >= 10 and choices["DECLINE"] >= 10, choices


# --- assisted moves -----------------------------------------------------------------------------


def _assisted_action(s: GameState, rng: random.Random) -> Procedure | None:
    """A move, blitz, hand-off, foul or pass with assisted moves on (the ball given to the
    hand-off's or pass's player), standing or prone, with movement skills at random."""
    side = s.active
    mine = _actors(s, side, (Status.STANDING, Status.PRONE))
    if not mine:
        return None
    s.options = Options(assisted_moves=True)
    pid = rng.choice(mine)
    add_skills(s, pid, *rng.sample(MOVER_SKILLS, rng.randint(0, 3)))
    kind = rng.choice([ActionType.START_MOVE, ActionType.START_BLITZ, ActionType.START_HANDOFF,
                       ActionType.START_FOUL, ActionType.START_PASS])
    if kind in (ActionType.START_HANDOFF, ActionType.START_PASS) or rng.random() < 0.2:
        s.ball, s.ball_state = s.pos[pid], BallState.CARRIED
    for q in s.ranges[1 - side]:
        if s.pos[q] >= 0 and rng.random() < 0.2:
            s.status[q] = rng.choice([Status.PRONE, Status.STUNNED])
    return PlayerAction(pid, kind)


def test_assisted_moves_match_the_python_engine(native: ModuleType, game_positions: Positions) -> None:
    """Assisted moves: the reachable squares and targets with their chances (bit for bit), the
    path walked step by step (dodges, GFIs, pick-ups, falls), then the block, hand-off or foul."""
    ends: Counter[str] = Counter()
    frames: Counter[str] = Counter()
    pick = mostly(ActionType.MOVE, ActionType.BLOCK, ActionType.HANDOFF, ActionType.FOUL)
    runs = ((rng, pushed(s0, rng, _assisted_action))
            for rng, s0 in _positions(game_positions, range(40, 50)) for _ in range(3))
    drive(native, runs, pick, ends=ends, frames=frames)
    assert ends["checks"] >= 800, ends
    assert ends["done"] >= 50, ends
    assert frames["block"] >= 5 and frames["handoff"] >= 5 and frames["foul"] >= 5, frames


def _planted_path(s: GameState, rng: random.Random) -> Procedure | None:
    """A player action part-way along an assisted path that runs into a player (the walk stops
    and the coach decides) or ends where its target is (or is no longer) next to him."""
    side = s.active
    mine = _actors(s, side)
    if not mine:
        return None
    s.options = Options(assisted_moves=True)
    pid = rng.choice(mine)
    b = s.board
    path: list[int] = []
    here = s.pos[pid]
    for _ in range(rng.randint(0, 4)):
        nxt = [here + o for o in b.neighbours if b.is_on(*b.xy(here + o)) and here + o not in path
               and here + o != s.pos[pid]]
        if not nxt:
            break
        here = rng.choice(nxt)
        path.append(here)
    kind = rng.choice([ActionType.START_MOVE, ActionType.START_BLITZ, ActionType.START_HANDOFF,
                       ActionType.START_FOUL])
    action = PlayerAction(pid, kind)
    action.phase = PlayerActionPhase.MOVING
    action.path = path
    near = [q for q in s.adjacent_players(here if path else s.pos[pid]) if q != pid]
    if kind != ActionType.START_MOVE and near and rng.random() < 0.8:
        target = rng.choice(near)
        then = {ActionType.START_BLITZ: ActionType.BLOCK, ActionType.START_HANDOFF: ActionType.HANDOFF,
                ActionType.START_FOUL: ActionType.FOUL}[kind]
        if then == ActionType.HANDOFF:
            s.ball, s.ball_state = s.pos[pid], BallState.CARRIED
        action.then, action.then_sq = int(then), s.pos[target]
    return action


def test_assisted_walks_match_the_python_engine(native: ModuleType, game_positions: Positions) -> None:
    """The walk itself (PlayerAction._walk): the next square taken, a blocked way ending the
    walk, the planned block, hand-off or foul made next to its target or dropped."""
    ends: Counter[str] = Counter()
    frames: Counter[str] = Counter()
    runs = ((rng, pushed(s0, rng, _planted_path))
            for rng, s0 in _positions(game_positions, range(60, 66)) for _ in range(4))
    drive(native, runs, ends=ends, frames=frames)
    assert ends["done"] >= 40, ends
    assert frames["move_step"] >= 20 and frames["block"] + frames["handoff"] + frames["foul"] >= 5, frames


def test_reachable_squares_come_in_the_python_order(native: ModuleType, game_positions: Positions) -> None:
    """The native search lists the reachable squares in the order the Python search found them
    (PathSearch.all's dict order), which is the order of an assisted move's squares."""
    compared = 0
    for rng, s in _positions(game_positions, range(70, 73)):
        for pid in rng.sample(standing(s, s.active), min(4, len(standing(s, s.active)))):
            want = [s.board.sq(*q) for q in search(s, pid).all()]
            got = list(native_paths(s, pid)["all"])
            assert got == want
            compared += len(want)
    assert compared >= 200


# --- whole matches ------------------------------------------------------------------------------

MATCH_SKILLS = (Skill.TENTACLES, Skill.SHADOWING, Skill.DIVING_CATCH, Skill.DIVING_TACKLE, Skill.TACKLE,
                Skill.DODGE, Skill.BREAK_TACKLE, Skill.SURE_FEET, Skill.CATCH, Skill.SPRINT)


def skilled_team(race: str, rng: random.Random) -> TeamSpec:
    """`race`'s shipped team with Tentacles, Shadowing, Diving Catch and other movement skills
    handed out at random (about one player in two gets one or two)."""
    spec = default_team(race)
    players = tuple(
        replace(p, extra_skills=p.extra_skills | frozenset(rng.sample(MATCH_SKILLS, rng.randint(1, 2))))
        if rng.random() < 0.5 else p
        for p in spec.players
    )
    return replace(spec, players=players)


def test_matches_with_these_skills_match_the_python_engine(native: ModuleType) -> None:
    """Whole matches in lockstep (nuffle.parity's comparison after every step) between teams
    given these skills, with assisted moves on and off and forced dice: no divergence."""
    races = ("human", "orc", "skaven", "wood-elf", "lizardman", "dwarf")
    steps = 0
    runs = [(3, "forced", True), (5, "sampled", True), (7, "forced", False), (3, "sampled", False)]
    for i, (board, dice, assisted) in enumerate(runs):
        rng = random.Random(500 + i)
        home, away = (skilled_team(r, rng) for r in rng.sample(races, 2))
        rec = parity_game(900 + i, board, home, away, "all", 1500, dice,  # type: ignore[arg-type]
                          assisted=assisted)
        assert rec.outcome in ("complete", "step_limit"), rec.diff or rec.reason
        steps += rec.steps
    assert steps >= 800


def test_parity_runs_with_assisted_moves(native: ModuleType, monkeypatch: pytest.MonkeyPatch) -> None:
    """`run_parity(assisted=True)` (`nuffle parity --assisted`) plays both engines with assisted
    moves on: far targets with their chances are offered, and nothing diverges."""
    seen: list[tuple[bool, int, bool]] = []
    compare = parity._compare

    def spy(step: int, py: Game, nat: NativeGame) -> str | None:
        far = any(g.probabilities for g in py.legal_actions().groups)
        seen.append((py.state.options.assisted_moves, nat.data()["assisted_moves"], far))
        return compare(step, py, nat)

    monkeypatch.setattr(parity, "_compare", spy)
    report = parity.run_parity(games=1, seed=5, boards=(3,), assisted=True)
    assert not report.divergences, report.text()
    assert seen and all(on and n == 1 for on, n, _ in seen)
    assert sum(far for *_, far in seen) >= 5
