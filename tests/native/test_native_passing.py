"""Native passing, bombs, Throw Team-Mate and Ball & Chain steps against the Python engine,
frame by frame.

Each check builds a Python position in play with one of these procedures pushed on top (a pass,
Hail Mary or Dump-Off, a hand-off, a Dump-Off choice, a bomb, a team-mate throw, a Ball & Chain
step), passing skills handed out at random, loads it into the native engine and drives both in
lockstep: the ported frames run (`run_ported` natively), then the whole position, the decider,
the decision record and the legal actions are compared; the same chance outcome (sampled from
the position's generator, or any outcome drawn at random) or the same random legal decision is
applied to both. The frames of other rule areas these procedures push (a player roll, a
catch, a bounce, a knock-down...) run on both engines too. A run ends when no frame of this area
is left on the stack.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import replace
from pathlib import Path
from types import ModuleType
from typing import Any

from nuffle.core.actions import Action, ActionType
from nuffle.core.dice import Chance, SampledRoller, is_valid_outcome, outcomes, sample
from nuffle.core.game import Game, MatchConfig
from nuffle.core.native_game import NativeGame
from nuffle.core.native_state import native_board, state_data
from nuffle.core.procedures.ball_and_chain import ChainStep, aim_squares
from nuffle.core.procedures.base import Procedure
from nuffle.core.procedures.bomb import Bomb
from nuffle.core.procedures.passing import DUMP_OFF, HAIL_MARY, PASS, Handoff, Pass, pass_targets
from nuffle.core.procedures.throw_team_mate import ThrowTeamMate, ttm_targets
from nuffle.core.skill_rules.passing_skills import DumpOff
from nuffle.core.skills import Skill
from nuffle.core.state import GameState
from nuffle.core.types import CHANCE, RUNNING, BallState, Status, Weather

Positions = Any

MINE = frozenset({"pass", "handoff", "dump_off", "pass_block", "bomb", "throw_team_mate", "always_hungry",
                  "swoop", "chain_step"})
SKILLS = (Skill.ACCURATE, Skill.STRONG_ARM, Skill.STUNTY, Skill.NERVES_OF_STEEL, Skill.DISTURBING_PRESENCE,
          Skill.EXTRA_ARMS, Skill.VERY_LONG_LEGS, Skill.SAFE_THROW, Skill.PASS_BLOCK, Skill.DIVING_CATCH,
          Skill.NO_HANDS, Skill.CATCH, Skill.PASS, Skill.ALWAYS_HUNGRY, Skill.SWOOP, Skill.RIGHT_STUFF)
HEADER = Path(__file__).resolve().parents[2] / "native" / "include" / "nuffle" / "procs" / "passing.hpp"


def _skills(s: GameState, rng: random.Random) -> GameState:
    s.info = tuple(replace(p, skills=p.skills | frozenset(rng.sample(SKILLS, rng.randint(1, 4))))
                   if rng.random() < 0.6 else p for p in s.info)
    s.weather = rng.choice([Weather.NICE, Weather.NICE, Weather.VERY_SUNNY, Weather.POURING_RAIN,
                            Weather.BLIZZARD])
    return s


def _standing(s: GameState, side: int) -> list[int]:
    return [p for p in s.ranges[side] if s.pos[p] >= 0 and s.status[p] == Status.STANDING]


def _add(s: GameState, pid: int, skill: Skill) -> None:
    s.info = tuple(replace(p, skills=p.skills | {skill}) if i == pid else p for i, p in enumerate(s.info))


def _give_ball(s: GameState, pid: int) -> None:
    s.ball = s.pos[pid]
    s.ball_state = BallState.CARRIED


def _scenario(s: GameState, rng: random.Random, kind: str) -> Procedure | None:
    """Push the procedure `kind` on `s` (a position in play); None where it does not fit."""
    side = s.active
    mine = _standing(s, side)
    if not mine:
        return None
    pid = rng.choice(mine)
    b = s.board
    if kind == "pass":
        _give_ball(s, pid)
        if rng.random() < 0.4:
            _add(s, pid, Skill.SAFE_THROW)
        throw = rng.choice([PASS, PASS, HAIL_MARY, DUMP_OFF])
        if throw == HAIL_MARY:
            own = b.xy(s.pos[pid])
            squares = [(x, y) for y in range(b.height) for x in range(b.width) if (x, y) != own]
        else:
            squares = list(pass_targets(s, pid, "Q" if throw == DUMP_OFF else None))
        if not squares:
            return None
        return Pass(pid, b.sq(*rng.choice(squares)), throw)
    if kind == "handoff":
        near = [q for q in s.adjacent_players(s.pos[pid]) if s.pteam[q] == side]
        if not near:
            return None
        _give_ball(s, pid)
        return Handoff(pid, rng.choice(near))
    if kind == "dump_off":
        _give_ball(s, pid)
        return DumpOff(pid)
    if kind == "bomb":
        squares = list(pass_targets(s, pid))
        if not squares:
            return None
        return Bomb(pid, b.sq(*rng.choice(squares)), hail_mary=rng.random() < 0.25)
    if kind == "ttm":
        near = [q for q in s.adjacent_players(s.pos[pid])
                if s.pteam[q] == side and s.status[q] == Status.STANDING]
        squares = list(ttm_targets(s, pid))
        if not near or not squares:
            return None
        thrown = rng.choice(near)
        if rng.random() < 0.4:
            _add(s, pid, Skill.ALWAYS_HUNGRY)
        if rng.random() < 0.3:
            _add(s, thrown, Skill.SWOOP)
        if rng.random() < 0.3:
            _give_ball(s, thrown)
        return ThrowTeamMate(pid, thrown, b.sq(*rng.choice(squares)))
    if kind == "chain":
        aims = aim_squares(s, pid)
        if rng.random() < 0.3:
            _give_ball(s, pid)
        for q in s.adjacent_players(s.pos[pid]):
            if rng.random() < 0.5:
                s.status[q] = rng.choice([Status.PRONE, Status.STUNNED])
        x, y = b.xy(s.pos[pid])
        ax, ay = rng.choice(aims)
        return ChainStep(pid, (ax - x, ay - y), rng.random() < 0.3)
    raise AssertionError(kind)


def _game(s: GameState) -> Game:
    """A Python game over `s` as it stands (no advance: the hand-over fields stay)."""
    config = MatchConfig(s.specs[0].race, s.specs[1].race, None, s.board.variant.players,
                         ruleset=s.rules.name)
    return Game(s, SampledRoller(), config)


def _outcome(event: Chance, py: GameState, rng: random.Random) -> Any:
    if rng.random() < 0.5:
        o, py.rng = sample(event, py.rng)
        return o
    choices = [o for o, _p in outcomes(event.kind, event.n) if is_valid_outcome(event, o)]
    return rng.choice(choices)


def _action(g: Game, rng: random.Random) -> Action:
    group = rng.choice(g.legal_actions().groups)
    player = rng.choice(group.players) if group.players else None
    square = rng.choice(group.squares) if group.squares else None
    return Action(group.type, player, square)


def lockstep(native: ModuleType, s: GameState, rng: random.Random, limit: int = 400) -> tuple[int, str]:
    """Drive `s` (our procedure on top) on both engines; (comparisons made, how it ended)."""
    ported = {frame for frame, _cls, _fields, is_ported in native.FRAMES if is_ported}
    board = native_board(s.board.variant.players)
    py = s.copy()
    nat = native.State.load(board, state_data(py))
    checks = 0
    depth = len(py.stack)  # our procedure's: the frames below it are the position's, not run
    for _ in range(limit):
        while py.decider == RUNNING and len(py.stack) >= depth and py.stack[-1].frame in ported:
            py.stack[-1].run(py)
        nat.run_ported(depth)  # every frame is ported: a NotPortedError fails the test
        assert state_data(py) == nat.dump(), f"position differs after {checks} checks"
        ng = NativeGame(s, nat)
        assert py.decider == ng.decider
        if py.decider in (0, 1):
            pg = _game(py)
            assert pg.decision() == ng.decision(), (pg.decision(), ng.decision())
            assert pg.legal_actions() == ng.legal_actions(), (pg.legal_actions().groups,
                                                              ng.legal_actions().groups)
        checks += 1
        if len(py.stack) < depth or not any(f.frame in MINE for f in py.stack):
            return checks, "done"
        assert py.decider != RUNNING, py.stack[-1].frame  # every frame ran on both engines
        if py.decider == CHANCE:
            event = py.pending
            assert event is not None
            o = _outcome(event, py, rng)
            py.outcome, py.pending, py.decider = o, None, RUNNING
            nat.rng = py.rng
            nat.resolve_only(o)
        else:
            pg = _game(py)
            a = _action(pg, rng)
            py.decider = RUNNING
            py.stack[-1].act(py, a)
            sq = -1 if a.square is None else py.board.sq(*a.square)
            nat.act_only(int(a.type), -1 if a.player is None else a.player, sq)
    return checks, "limit"


def _run(native: ModuleType, game_positions: Positions, kinds: tuple[str, ...], seeds: range,
         boards: tuple[int, ...] = (3, 7, 11), per_position: int = 3) -> Counter[str]:
    ends: Counter[str] = Counter()
    for seed in seeds:
        for board in boards:
            for s0 in game_positions(seed, board, 3):
                for i in range(per_position):
                    rng = random.Random(seed * 1_000_003 + board * 101 + i)
                    s = _skills(s0.copy(), rng)
                    proc = _scenario(s, rng, rng.choice(kinds))
                    if proc is None:
                        continue
                    s.stack.append(proc)
                    s.decider = RUNNING
                    checks, end = lockstep(native, s, rng)
                    ends["checks"] += checks
                    ends[end] += 1
    return ends


def test_passes_match_the_python_engine(native: ModuleType, game_positions: Positions) -> None:
    """Passes, Hail Marys and Dump-Offs (interceptions, Pass Block, Safe Throw, fumbles,
    scatters, throw-ins, landings) and hand-offs, frame by frame."""
    ends = _run(native, game_positions, ("pass", "pass", "handoff", "dump_off"), range(8))
    assert ends["done"] >= 40, ends
    assert ends["checks"] >= 300, ends


def test_bombs_match_the_python_engine(native: ModuleType, game_positions: Positions) -> None:
    """Bombs: interceptions, catches and throw-ons, fumbles, scatters, the blast's hits."""
    ends = _run(native, game_positions, ("bomb",), range(3, 6))
    assert ends["done"] >= 30, ends
    assert ends["checks"] >= 200, ends


def test_team_mate_throws_match_the_python_engine(native: ModuleType, game_positions: Positions) -> None:
    """Throw Team-Mate with Always Hungry and Swoop: fumbles, scatters, landing on players,
    the crowd, landing rolls."""
    ends = _run(native, game_positions, ("ttm",), range(6, 12), per_position=4)
    assert ends["done"] >= 20, ends
    assert ends["checks"] >= 100, ends


def test_ball_and_chain_steps_match_the_python_engine(native: ModuleType, game_positions: Positions) -> None:
    """Ball & Chain steps: the GFI, the template's direction, the crowd, an empty square (with
    the ball), a block of a standing player, a push of a prone or stunned one."""
    ends = _run(native, game_positions, ("chain",), range(12, 21), per_position=4)
    assert ends["done"] >= 20, ends
    assert ends["checks"] >= 60, ends


def test_passing_skills_in_a_player_action_match_the_python_engine(native: ModuleType,
                                                                    game_positions: Positions) -> None:
    """Hail Mary Pass, Bombardier and Throw Team-Mate: the choices they add to a player action
    and the procedure each choice pushes (ACTION_CHOICES and SKILL_ACTIONS)."""
    from nuffle.core.procedures.action import SKILL_ACTIONS, PlayerAction
    from nuffle.core.skill_rules import passing_skills as ps

    handlers = ((Skill.HAIL_MARY_PASS, ps._hail_mary_choices), (Skill.BOMBARDIER, ps._bomb_choices),
                (Skill.THROW_TEAM_MATE, ps._ttm_choices))
    extra = (Skill.HAIL_MARY_PASS, Skill.BOMBARDIER, Skill.THROW_TEAM_MATE, Skill.RIGHT_STUFF)
    kinds = (ActionType.START_PASS, ActionType.START_BOMB, ActionType.START_THROW_TEAM_MATE,
             ActionType.START_MOVE)
    seen: Counter[ActionType] = Counter()
    for seed in range(2):
        for board in (3, 7, 11):
            for s0 in game_positions(seed + 30, board, 3):
                rng = random.Random(seed * 31 + board)
                s = s0.copy()
                s.info = tuple(replace(p, skills=p.skills | frozenset(rng.sample(extra, rng.randint(1, 3))))
                               if rng.random() < 0.7 else p for p in s.info)
                s.weather = rng.choice([Weather.NICE, Weather.BLIZZARD])
                nat = native.State.load(native_board(board), state_data(s))
                for pid in _standing(s, s.active):
                    if rng.random() < 0.4:
                        _give_ball(s, pid)
                        nat = native.State.load(native_board(board), state_data(s))
                    for kind in kinds:
                        action = PlayerAction(pid, kind)
                        groups: list[Any] = []
                        for skill, fn in handlers:
                            if skill in s.info[pid].skills:
                                fn(s, action, groups)
                        got = [(ActionType(t), players, tuple(s.board.xy(q) for q in squares))
                               for t, players, squares in nat.passing_action_choices(int(kind), pid)]
                        assert got == [(g.type, g.players, g.squares) for g in groups], (pid, kind)
                        if not groups:
                            continue
                        g = rng.choice(groups)
                        player = rng.choice(g.players) if g.players else None
                        square = rng.choice(g.squares)
                        chosen = Action(g.type, player, square)
                        py = s.copy()
                        py.stack.append(PlayerAction(pid, kind))
                        n2 = native.State.load(native_board(board), state_data(py))
                        top = py.stack[-1]
                        assert isinstance(top, PlayerAction)
                        SKILL_ACTIONS[g.type](py, top, chosen)
                        assert n2.passing_skill_action(int(g.type), -1 if player is None else player,
                                                       py.board.sq(*square))
                        assert state_data(py) == n2.dump()
                        seen[g.type] += 1
    assert seen[ActionType.HAIL_MARY] and seen[ActionType.BOMB] and seen[ActionType.THROW_TEAM_MATE], seen


def test_passing_hook_table_matches_the_python_handlers(native: ModuleType) -> None:
    """PASSING_HOOK_SKILLS names every skill with a handler at the passing and Throw Team-Mate
    hook points: a new Python handler there fails this test until the native engine has it."""
    import nuffle.core.skill_rules  # noqa: F401  (registers the handlers)
    from nuffle.core import hooks

    points = hooks.points()
    table = native.PASSING_HOOK_SKILLS
    ours = {n for n in points if n.startswith(("passing.", "throw_team_mate."))}
    assert set(table) == ours
    for name, skills in table.items():
        assert sorted(int(k) for k in points[name].handlers) == sorted(skills), name


def test_dump_off_before_a_block_matches_the_python_engine(native: ModuleType,
                                                          game_positions: Positions) -> None:
    """block.BEFORE_DICE's Dump-Off: asked for either player, a second block or not, with and
    without the ball; the same answer and the same DumpOff pushed."""
    from nuffle.core.procedures.block import Block
    from nuffle.core.skill_rules.passing_skills import _dump_off

    pushed = 0
    for board in (3, 7, 11):
        for s0 in game_positions(40, board, 4):
            rng = random.Random(board)
            for attacker in _standing(s0, s0.active):
                for defender in _standing(s0, 1 - s0.active):
                    s = s0.copy()
                    if rng.random() < 0.7:
                        _add(s, defender, Skill.DUMP_OFF)
                    if rng.random() < 0.6:
                        _give_ball(s, defender)
                    s.weather = rng.choice([Weather.NICE, Weather.BLIZZARD])
                    block = Block(attacker, defender, second=rng.random() < 0.2)
                    block.asking = rng.choice([attacker, defender])
                    nat = native.State.load(native_board(board), state_data(s))
                    ok = Skill.DUMP_OFF in s.info[defender].skills and _dump_off(s, block)
                    assert nat.dump_off_before_dice(block.asking, defender, block.second) == ok
                    assert state_data(s) == nat.dump()
                    pushed += ok
    assert pushed >= 10
