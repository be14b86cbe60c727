"""Known answers, mirror symmetry and a brute-force oracle for nuffle.analysis.pathfinding."""

from __future__ import annotations

import dataclasses
import random
from fractions import Fraction

import pytest

from nuffle.analysis.pathfinding import (
    all_paths,
    blitz_paths,
    endzone_path,
    foul_paths,
    handoff_paths,
    path_to,
    search,
)
from nuffle.analysis.probability import RollStep, sequence_success
from nuffle.core.procedures.movement import dodge_modifier, dodge_reroll_blocked, gfi_target, max_gfi
from nuffle.core.procedures.rolls import team_reroll_available
from nuffle.core.skills import Skill
from nuffle.core.state import GameState
from nuffle.core.types import BallState, PFlag, Status, Weather
from nuffle.testing import CATCHER, LINEMAN, O_BLITZER, Scenario, midgame_states

OPP = O_BLITZER  # first away player


def add_skills(sc: Scenario, pid: int, *skills: Skill) -> None:
    s = sc.state
    info = list(s.info)
    info[pid] = dataclasses.replace(info[pid], skills=info[pid].skills | frozenset(skills))
    s.info = tuple(info)


def test_clear_run_has_probability_one() -> None:
    sc = Scenario().put(LINEMAN, (5, 7))
    p = path_to(sc.state, LINEMAN, (10, 7))
    assert p is not None
    assert p.prob == 1.0 and p.exact() == 1
    assert p.rolls == [] and p.moves == 5
    assert p.steps == [(6, 7), (7, 7), (8, 7), (9, 7), (10, 7)]


def test_single_dodge_with_and_without_team_reroll() -> None:
    sc = Scenario().put(LINEMAN, (5, 7)).put(OPP, (4, 7))
    p = path_to(sc.state, LINEMAN, (6, 7))
    assert p is not None and p.rolls == [("dodge", 3)]
    assert p.exact() == Fraction(2, 3) and p.prob == pytest.approx(2 / 3)
    sc.set(rerolls=(1, 0))
    p = path_to(sc.state, LINEMAN, (6, 7))
    assert p is not None and p.exact() == Fraction(8, 9) and p.prob == pytest.approx(8 / 9)
    sc.state.teams[0].reroll_used = True
    p = path_to(sc.state, LINEMAN, (6, 7))
    assert p is not None and p.exact() == Fraction(2, 3)


def test_dodge_modifier_from_destination_tackle_zones() -> None:
    sc = Scenario().put(LINEMAN, (5, 7)).put(OPP, (4, 7)).put(OPP + 1, (7, 6)).put(OPP + 2, (7, 8))
    p = path_to(sc.state, LINEMAN, (6, 7))  # two tackle zones on (6, 7): 5+
    assert p is not None and p.rolls == [("dodge", 5)] and p.exact() == Fraction(1, 3)


def test_two_gfis_and_weather_and_sure_feet() -> None:
    sc = Scenario().put(LINEMAN, (2, 7))
    p = path_to(sc.state, LINEMAN, (10, 7))
    assert p is not None and p.rolls == [("gfi", 2), ("gfi", 2)]
    assert p.exact() == Fraction(25, 36) and p.prob == pytest.approx(25 / 36)
    assert path_to(sc.state, LINEMAN, (11, 7)) is None  # beyond MA + 2
    sc.set(weather=Weather.BLIZZARD)
    p = path_to(sc.state, LINEMAN, (10, 7))
    assert p is not None and p.rolls == [("gfi", 3), ("gfi", 3)] and p.exact() == Fraction(4, 9)
    sc.set(weather=Weather.NICE)
    add_skills(sc, LINEMAN, Skill.SURE_FEET)
    p = path_to(sc.state, LINEMAN, (10, 7))
    assert p is not None and p.exact() == Fraction(25, 27)  # Sure Feet covers one GFI
    sc.state.pflags[LINEMAN] |= PFlag.SURE_FEET_USED
    p = path_to(sc.state, LINEMAN, (10, 7))
    assert p is not None and p.exact() == Fraction(25, 36)


def test_sprint_and_moves_used() -> None:
    sc = Scenario().put(LINEMAN, (2, 7))
    add_skills(sc, LINEMAN, Skill.SPRINT)
    p = path_to(sc.state, LINEMAN, (11, 7))
    assert p is not None and p.exact() == Fraction(125, 216)
    p = path_to(sc.state, LINEMAN, (5, 7), moves_used=5)
    assert p is not None and p.rolls == [("gfi", 2), ("gfi", 2)] and p.moves_after == 8
    p = path_to(sc.state, LINEMAN, (6, 7), moves_used=5)
    assert p is not None and p.rolls == [("gfi", 2)] * 3
    assert path_to(sc.state, LINEMAN, (7, 7), moves_used=5) is None


def test_no_path_through_occupied_or_off_pitch() -> None:
    sc = Scenario().put(LINEMAN, (1, 0))
    for pid, sq in ((0, (2, 0)), (1, (2, 1)), (4, (1, 1)), (7, (0, 1))):
        sc.put(pid, sq)
    paths = all_paths(sc.state, LINEMAN)
    assert set(paths) == {(0, 0)}
    sc2 = Scenario().put(LINEMAN, (5, 7))
    for y in range(11):  # a wall across the pitch at x = 7
        sc2.put(OPP + y, (7, y))
    for y, pid in zip(range(11, 15), (0, 1, 3, 4), strict=True):
        sc2.put(pid, (7, y))
    paths = all_paths(sc2.state, LINEMAN)
    assert paths and all(x < 7 for x, _ in paths)
    for p in paths.values():
        for x, y in p.steps:
            assert sc2.state.grid[sc2.state.board.sq(x, y)] == -1
            assert 0 <= x < 26 and 0 <= y < 15


def test_dodge_skill_once_per_turn_and_tackle() -> None:
    sc = Scenario().put(CATCHER, (5, 7)).put(OPP, (4, 7))
    p = path_to(sc.state, CATCHER, (6, 7))
    assert p is not None and p.exact() == Fraction(8, 9)
    sc.state.pflags[CATCHER] |= PFlag.DODGE_USED
    p = path_to(sc.state, CATCHER, (6, 7))
    assert p is not None and p.exact() == Fraction(2, 3)
    sc.state.pflags[CATCHER] = 0
    add_skills(sc, OPP, Skill.TACKLE)
    p = path_to(sc.state, CATCHER, (6, 7))
    assert p is not None and p.exact() == Fraction(2, 3)
    # Two forced dodges: Dodge re-roll once, the team re-roll for the other.
    sc = Scenario().put(CATCHER, (1, 0)).put(OPP, (0, 1)).put(OPP + 1, (3, 1))
    for pid, sq in ((0, (1, 1)), (1, (2, 1))):
        sc.put(pid, sq)
    p = path_to(sc.state, CATCHER, (3, 0))
    assert p is not None and p.rolls == [("dodge", 4), ("dodge", 4)]
    assert p.exact() == Fraction(1, 4) * (1 + Fraction(1, 2) + Fraction(1, 2))
    sc.set(rerolls=(1, 0))
    p = path_to(sc.state, CATCHER, (3, 0))
    assert p is not None and p.exact() == (Fraction(1, 2) * Fraction(3, 2)) ** 2


def test_stand_up_cost() -> None:
    sc = Scenario().put(LINEMAN, (5, 7), Status.PRONE)
    p = path_to(sc.state, LINEMAN, (8, 7))
    assert p is not None and p.prob == 1.0 and p.moves == 6
    p = path_to(sc.state, LINEMAN, (10, 7))
    assert p is not None and p.exact() == Fraction(25, 36)
    assert path_to(sc.state, LINEMAN, (11, 7)) is None
    sc.state.status[LINEMAN] = Status.STUNNED
    assert all_paths(sc.state, LINEMAN) == {}
    # MA below 3: a 4+ stand-up roll, then no MA left, GFIs still possible.
    sc = Scenario().put(LINEMAN, (5, 7), Status.PRONE)
    s = sc.state
    s.info = tuple(dataclasses.replace(i, ma=2) if i.pid == LINEMAN else i for i in s.info)
    p = path_to(s, LINEMAN, (6, 7))
    assert p is not None and p.rolls == [("stand_up", 4), ("gfi", 2)]
    assert p.exact() == Fraction(1, 2) * Fraction(5, 6)


def test_pickup_at_destination() -> None:
    sc = Scenario().put(LINEMAN, (5, 7)).ball_at((7, 7))
    p = path_to(sc.state, LINEMAN, (7, 7))
    assert p is not None and p.rolls == [("pickup", 3)] and p.exact() == Fraction(2, 3)
    sc.state.weather = Weather.POURING_RAIN
    p = path_to(sc.state, LINEMAN, (7, 7))
    assert p is not None and p.rolls == [("pickup", 4)]
    p = path_to(sc.state, LINEMAN, (7, 7), pickup=False)
    assert p is None
    sc = Scenario().put(1, (5, 7)).ball_at((7, 7))  # thrower: Sure Hands
    p = path_to(sc.state, 1, (7, 7))
    assert p is not None and p.exact() == Fraction(8, 9)


def test_blitz_includes_gfi_for_the_block() -> None:
    sc = Scenario().put(LINEMAN, (5, 7)).put(OPP, (6, 7))
    paths = blitz_paths(sc.state, LINEMAN, moves_used=6)
    p = paths[(6, 7)]
    assert p.steps == [] and p.rolls == [("gfi", 2)] and p.exact() == Fraction(5, 6)
    assert p.target == (6, 7) and p.moves_after == 7
    assert blitz_paths(sc.state, LINEMAN, moves_used=8) == {}
    assert blitz_paths(sc.state, LINEMAN, moves_used=0)[(6, 7)].rolls == []
    sc = Scenario().put(LINEMAN, (5, 7)).put(OPP, (9, 7))
    p = blitz_paths(sc.state, LINEMAN, moves_used=3)[(9, 7)]
    assert p.rolls == [("gfi", 2)] and len(p.steps) == 3 and p.moves_after == 7
    sc.state.status[OPP] = Status.PRONE
    assert blitz_paths(sc.state, LINEMAN) == {}
    assert (9, 7) in foul_paths(sc.state, LINEMAN)


def test_handoff_and_endzone() -> None:
    sc = Scenario().put(LINEMAN, (5, 7)).put(CATCHER, (9, 3)).put(OPP, (10, 3), Status.STUNNED)
    sc.give_ball(LINEMAN)
    h = handoff_paths(sc.state, LINEMAN)
    assert set(h) == {(9, 3)} and h[(9, 3)].prob == 1.0 and len(h[(9, 3)].steps) == 3
    sc = Scenario().put(CATCHER, (20, 7))
    p = endzone_path(sc.state, CATCHER)
    assert p is not None and p.end == (25, 7) and p.prob == 1.0 and p.moves == 5
    sc = Scenario().put(OPP, (5, 7))
    p = endzone_path(sc.state, OPP)
    assert p is not None and p.end == (0, 7) and p.moves == 5


def _mirror(sc: Scenario, n: int) -> Scenario:
    """Home and away swapped, x mirrored (human v human, so players correspond)."""
    s = sc.state
    m = Scenario(home="human", away="human")
    w = s.board.width
    for pid in range(len(s.info)):
        if s.pos[pid] >= 0:
            x, y = s.board.xy(s.pos[pid])
            other = pid + n if pid < n else pid - n
            m.put(other, (w - 1 - x, y), Status(s.status[pid]))
    m.state.teams = [s.teams[1].copy(), s.teams[0].copy()]
    m.state.active = 1 - s.active
    return m


@pytest.mark.parametrize("seed", range(8))
def test_paths_are_mirror_symmetric(seed: int) -> None:
    rng = random.Random(seed)
    sc = Scenario(home="human", away="human")
    n = len(sc.state.info) // 2
    squares = rng.sample([(x, y) for x in range(4, 22) for y in range(15)], 16)
    for pid, sq in zip([*range(8), *range(n, n + 8)], squares, strict=True):
        sc.put(pid, sq, Status.PRONE if rng.random() < 0.15 else Status.STANDING)
    sc.set(rerolls=(1, 1))
    sc.state.status[0] = Status.STANDING
    m = _mirror(sc, n)
    w = sc.state.board.width
    a = all_paths(sc.state, 0)
    b = all_paths(m.state, n)
    assert len(a) > 0
    assert {(w - 1 - x, y) for x, y in a} == set(b)
    for (x, y), p in a.items():
        q = b[(w - 1 - x, y)]
        assert p.prob == q.prob and p.rolls == q.rolls
        assert [(w - 1 - sx, sy) for sx, sy in p.steps] == q.steps
    ea, eb = endzone_path(sc.state, 0), endzone_path(m.state, n)
    assert (ea is None) == (eb is None)
    if ea is not None and eb is not None:
        assert [(w - 1 - sx, sy) for sx, sy in ea.steps] == eb.steps


# --- brute-force oracle on random mid-game positions ---------------------------------------


def _oracle(s: GameState, pid: int, moves_used: int) -> dict[tuple[int, int], Fraction]:
    """Best exact chance per square over every walk, scored by probability.sequence_success."""
    info = s.info[pid]
    sk = info.skills
    side = s.pteam[pid]
    tr = 1 if team_reroll_available(s, side) else 0
    loner = Skill.LONER in sk
    dodge = "dodge" if Skill.DODGE in sk and not s.pflags[pid] & PFlag.DODGE_USED else None
    sf = "surefeet" if Skill.SURE_FEET in sk and not s.pflags[pid] & PFlag.SURE_FEET_USED else None
    limit = info.ma + max_gfi(s, pid)
    ball = s.ball if s.ball_state == BallState.ON_GROUND else -1
    start = s.pos[pid]
    best: dict[tuple[int, int], Fraction] = {}

    def walk(sq: int, moves: int, steps: list[RollStep]) -> None:
        if sq != start:
            v = sequence_success(steps, tr)
            xy = s.board.xy(sq)
            best[xy] = max(best.get(xy, Fraction(0)), v)
        if moves >= limit or sq == ball:
            return
        for off in s.board.neighbours:
            q = sq + off
            if s.grid[q] != -1 and q != start:
                continue
            new = list(steps)
            if moves >= info.ma:
                new.append(RollStep(gfi_target(s), natural_six=False, skill=sf, loner=loner))
            if s.tackle_zones(sq, side):
                blocked = dodge_reroll_blocked(s, pid, sq)
                new.append(RollStep(7 - min(info.ag, 6), dodge_modifier(s, pid, q, sq),
                                    skill=None if blocked else dodge, loner=loner))
            if q == ball:
                mod = 1 - s.tackle_zones(q, side) - (1 if s.weather == Weather.POURING_RAIN else 0)
                hands = "surehands" if Skill.SURE_HANDS in sk else None
                new.append(RollStep(7 - min(info.ag, 6), mod, skill=hands, loner=loner))
            walk(q, moves + 1, new)

    walk(start, moves_used, [])
    return best


@pytest.mark.slow
def test_search_matches_brute_force_oracle() -> None:
    checked = 0
    rng = random.Random(5)
    for seed in range(3):
        for s in midgame_states(seed, 4):
            side = s.active
            for pid in s.ranges[side]:
                if s.status[pid] != Status.STANDING or s.pos[pid] < 0:
                    continue
                info = s.info[pid]
                limit = info.ma + max_gfi(s, pid)
                used = max(0, limit - rng.choice((2, 3, 4)))
                want = _oracle(s, pid, used)
                got = all_paths(s, pid, used)
                assert set(got) == {k for k, v in want.items() if v > 0}
                for sq, p in got.items():
                    assert p.exact() == want[sq], (seed, pid, sq, p)
                    assert p.prob == pytest.approx(float(want[sq]), abs=1e-12)
                checked += 1
    assert checked >= 20


def test_search_object_queries_agree() -> None:
    s = midgame_states(11, 1)[0]
    pid = next(p for p in s.ranges[s.active] if s.status[p] == Status.STANDING and s.pos[p] >= 0)
    ps = search(s, pid)
    assert {k: v.prob for k, v in ps.all().items()} == {k: v.prob for k, v in all_paths(s, pid).items()}


def test_pickup_odds_include_big_hand_and_extra_arms() -> None:
    # the ball lies in two opposing tackle zones: AG 3 pick-up +1 -2 needs a 5
    sc = Scenario().put(LINEMAN, (5, 7)).put(OPP, (7, 6)).put(OPP + 1, (7, 8)).ball_at((6, 7))
    p = path_to(sc.state, LINEMAN, (6, 7))
    assert p is not None and p.exact() == Fraction(2, 6)
    sc.grant(LINEMAN, Skill.BIG_HAND)  # ignores the zones: 3+
    p = path_to(sc.state, LINEMAN, (6, 7))
    assert p is not None and p.exact() == Fraction(4, 6)
    sc.grant(LINEMAN, Skill.EXTRA_ARMS)  # and +1: 2+
    p = path_to(sc.state, LINEMAN, (6, 7))
    assert p is not None and p.exact() == Fraction(5, 6)


def test_blitz_squares_list_every_square_next_to_the_target_and_blitz_takes_the_best() -> None:
    sc = Scenario().put(LINEMAN, (5, 7)).put(OPP, (9, 7)).put(OPP + 1, (10, 6))
    found = search(sc.state, LINEMAN)
    squares = found.blitz_squares((9, 7))
    # eight squares around him, less the one his team-mate stands on
    assert set(squares) == {(x, y) for x in (8, 9, 10) for y in (6, 7, 8) if (x, y) not in {(9, 7), (10, 6)}}
    best = found.blitz()[(9, 7)]
    assert best.end in squares and best.prob == max(p.prob for p in squares.values())
    assert all(p.target == (9, 7) and p.end == sq for sq, p in squares.items())
    assert squares[(8, 7)].prob == 1 and squares[(10, 7)].prob < 1  # past him means dodging
