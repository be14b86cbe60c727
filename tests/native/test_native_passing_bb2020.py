"""BB2020 passes (the four pass results, Passing Interference) and Safe Pair of Hands on both
engines, frame by frame: test_native_passing's pass scenarios (and a ball carrier knocked down)
on positions in play switched to the BB2020 draft, each player given a BB2020 AG and PA (PA "-"
among them) and some of BB2020's passing skills, driven in lockstep (`lockstep.lockstep`)."""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import replace
from types import ModuleType
from typing import Any

from lockstep import add_skills, drive, give_ball, pushed  # type: ignore[import-not-found]
from test_native_passing import MINE, _scenario, _skills  # type: ignore[import-not-found]

from nuffle.core.procedures.base import Procedure
from nuffle.core.procedures.injury import BLOCK, FALL, PLACED, KnockDown
from nuffle.core.procedures.passing import PassPhase
from nuffle.core.ruleset import draft_ruleset
from nuffle.core.skills import Skill
from nuffle.core.state import GameState
from nuffle.core.types import Status

BB2020 = draft_ruleset("bb2020")
#: BB2020's own passing skills (skill_rules/bb2020_passing_skills.py), given at random.
BB2020_SKILLS = (Skill.SAFE_PASS, Skill.CLOUD_BURSTER, Skill.ON_THE_BALL, Skill.ACCURATE)


def _bb2020(s: GameState, rng: random.Random) -> GameState:
    """`s` under BB2020: AG 2+..5+, PA 2+..5+ or "-" (0), the skills as BB2020's skill sets, a
    third of the players given one or two of BB2020_SKILLS."""
    s.rules = BB2020
    extra = [frozenset(rng.sample(BB2020_SKILLS, rng.randint(1, 2))) if rng.random() < 0.34 else frozenset()
             for _ in s.info]
    s.info = tuple(replace(p, ag=rng.choice((2, 3, 3, 4, 5)), pa=rng.choice((0, 2, 3, 3, 4, 5)),
                           skills=BB2020.skill_set(frozenset(p.skills) | more))
                   for p, more in zip(s.info, extra, strict=True))
    return s


def _pass(s: GameState, rng: random.Random) -> Procedure | None:
    proc: Procedure | None = _scenario(_bb2020(_skills(s, rng), rng), rng,
                                       rng.choice(("pass", "pass", "pass", "dump_off")))
    # the skills the scenario added (Safe Throw) as BB2020's skill sets too (BB2020's handlers)
    s.info = tuple(replace(p, skills=BB2020.skill_set(frozenset(p.skills))) for p in s.info)
    return proc


def test_bb2020_passes_match_the_python_engine(native: ModuleType, game_positions: Any) -> None:
    seen: Counter[str] = Counter()
    runs = ((rng, pushed(s0, rng, _pass))
            for seed in range(8) for board in (7, 11) for s0 in game_positions(seed, board, 3)
            for i in range(4) for rng in [random.Random(seed * 1_000_003 + board * 101 + i)])
    ends = drive(native, runs, area=MINE, seen=seen)
    assert ends["done"] >= 40, ends
    assert ends["checks"] >= 300, ends
    # a deviation, an interferer named or not, a deflection roll ran on both engines (a
    # deflection's catch is rarer: test_bb2020_interference forces it)
    for phase in (PassPhase.DEVIATE_DISTANCE, PassPhase.DEFLECTION_ROLLED, PassPhase.NOT_DEFLECTED):
        assert seen[f"pass:{int(phase)}"] > 0, (phase, seen)
    assert seen["pass/SELECT_PLAYER"] > 0 and seen["pass/DECLINE"] > 0, seen


def _carrier_down(s: GameState, rng: random.Random) -> Procedure | None:
    """A standing player of the side not acting, holding the ball, with Safe Pair of Hands (or
    not), knocked down by a block, placed prone, or falling over, under BB2020."""
    s = _bb2020(s, rng)
    side = 1 - s.active
    ids = [p for p in s.ranges[side] if s.pos[p] >= 0 and s.status[p] == Status.STANDING]
    if not ids:
        return None
    pid = rng.choice(ids)
    give_ball(s, pid)
    if rng.random() < 0.8:
        add_skills(s, pid, Skill.SAFE_PAIR_OF_HANDS)
    s.info = tuple(replace(p, skills=BB2020.skill_set(frozenset(p.skills))) for p in s.info)
    return KnockDown(pid, how=rng.choice((BLOCK, BLOCK, PLACED, FALL)))


def test_bb2020_safe_pair_of_hands_matches_the_python_engine(native: ModuleType, game_positions: Any) -> None:
    seen: Counter[str] = Counter()
    runs = ((rng, pushed(s0, rng, _carrier_down))
            for seed in range(4) for board in (7, 11) for s0 in game_positions(seed, board, 3)
            for i in range(3) for rng in [random.Random(seed * 7_919 + board * 13 + i)])
    ends = drive(native, runs, seen=seen)
    assert ends["done"] >= 20, ends
    assert seen["safe_pair_of_hands/PLACE_BALL"] > 0 and seen["safe_pair_of_hands/DECLINE"] > 0, seen
