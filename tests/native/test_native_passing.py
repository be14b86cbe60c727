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

# the shared lockstep (pytest puts tests/native on sys.path)
from lockstep import add_skills, drive, give_ball, pushed, standing, standing_actor  # type: ignore[import-not-found]
from lockstep import lockstep as shared_lockstep

from nuffle.core.actions import Action, ActionType
from nuffle.core.native_state import native_board, state_data
from nuffle.core.procedures.ball_and_chain import ChainStep, aim_squares
from nuffle.core.procedures.base import Procedure
from nuffle.core.procedures.bomb import Bomb
from nuffle.core.procedures.passing import DUMP_OFF, HAIL_MARY, PASS, Handoff, Pass, pass_targets
from nuffle.core.procedures.throw_team_mate import ThrowTeamMate, ttm_targets
from nuffle.core.skill_rules.passing_skills import DumpOff
from nuffle.core.skills import Skill
from nuffle.core.state import GameState
from nuffle.core.types import Status, Weather

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


def _scenario(s: GameState, rng: random.Random, kind: str) -> Procedure | None:
    """Push the procedure `kind` on `s` (a position in play); None where it does not fit."""
    side = s.active
    pid = standing_actor(s, rng)
    if pid is None:
        return None
    b = s.board
    if kind == "pass":
        give_ball(s, pid)
        if rng.random() < 0.4:
            add_skills(s, pid, Skill.SAFE_THROW)
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
        give_ball(s, pid)
        return Handoff(pid, rng.choice(near))
    if kind == "dump_off":
        give_ball(s, pid)
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
            add_skills(s, pid, Skill.ALWAYS_HUNGRY)
        if rng.random() < 0.3:
            add_skills(s, thrown, Skill.SWOOP)
        if rng.random() < 0.3:
            give_ball(s, thrown)
        return ThrowTeamMate(pid, thrown, b.sq(*rng.choice(squares)))
    if kind == "chain":
        aims = aim_squares(s, pid)
        if rng.random() < 0.3:
            give_ball(s, pid)
        for q in s.adjacent_players(s.pos[pid]):
            if rng.random() < 0.5:
                s.status[q] = rng.choice([Status.PRONE, Status.STUNNED])
        x, y = b.xy(s.pos[pid])
        ax, ay = rng.choice(aims)
        return ChainStep(pid, (ax - x, ay - y), rng.random() < 0.3)
    raise AssertionError(kind)


def lockstep(native: ModuleType, s: GameState, rng: random.Random) -> tuple[int, str]:
    """Drive `s` (our procedure on top) on both engines until no frame of this area is left
    (every frame, of any area, runs on both); (comparisons made, how it ended)."""
    checks, end, _frames = shared_lockstep(native, s, rng, area=MINE)
    return checks, end


def _run(native: ModuleType, game_positions: Positions, kinds: tuple[str, ...], seeds: range,
         boards: tuple[int, ...] = (3, 7, 11), per_position: int = 3) -> Counter[str]:
    runs = ((rng, pushed(s0, rng, lambda s, r: _scenario(_skills(s, r), r, r.choice(kinds))))
            for seed in seeds for board in boards for s0 in game_positions(seed, board, 3)
            for i in range(per_position) for rng in [random.Random(seed * 1_000_003 + board * 101 + i)])
    return drive(native, runs, area=MINE)  # type: ignore[no-any-return]


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
                for pid in standing(s, s.active):
                    if rng.random() < 0.4:
                        give_ball(s, pid)
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
            for attacker in standing(s0, s0.active):
                for defender in standing(s0, 1 - s0.active):
                    s = s0.copy()
                    if rng.random() < 0.7:
                        add_skills(s, defender, Skill.DUMP_OFF)
                    if rng.random() < 0.6:
                        give_ball(s, defender)
                    s.weather = rng.choice([Weather.NICE, Weather.BLIZZARD])
                    block = Block(attacker, defender, second=rng.random() < 0.2)
                    block.asking = rng.choice([attacker, defender])
                    nat = native.State.load(native_board(board), state_data(s))
                    ok = Skill.DUMP_OFF in s.info[defender].skills and _dump_off(s, block)
                    assert nat.dump_off_before_dice(block.asking, defender, block.second) == ok
                    assert state_data(s) == nat.dump()
                    pushed += ok
    assert pushed >= 10
