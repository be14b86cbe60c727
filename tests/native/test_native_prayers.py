"""BB2020's prayers that act on players, driven in lockstep on both engines from positions in
play (`lockstep.lockstep`: the whole position, the decisions and the legal actions compared
after every frame): a gift picked at random or chosen (PrayerGift), a player on a trapdoor
(Trapdoor, moved there or pushed there, with or without the ball), a thrown rock (PrayerRock)."""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import replace
from types import ModuleType
from typing import Any

from lockstep import drive, give_ball, pushed, standing  # type: ignore[import-not-found]

from nuffle.core.procedures.base import Procedure
from nuffle.core.procedures.prayer_rock import PrayerRock
from nuffle.core.procedures.prayer_trapdoor import Trapdoor, trapdoors
from nuffle.core.procedures.prayers import GIFTS, PrayerGift
from nuffle.core.ruleset import draft_ruleset
from nuffle.core.state import GameState

BB2020 = draft_ruleset("bb2020")


def _bb2020(s: GameState) -> GameState:
    s.rules = BB2020
    s.info = tuple(replace(p, skills=BB2020.skill_set(frozenset(p.skills))) for p in s.info)
    return s


def _pray(s: GameState, side: int, n: int) -> None:
    s.teams[side].prayers |= 1 << (n - 1)
    s.teams[side].prayed |= 1 << (n - 1)


def _scenario(s: GameState, rng: random.Random) -> Procedure | None:
    s = _bb2020(s)
    kind = rng.choice(("gift", "trapdoor", "trapdoor", "trapdoor", "rock"))
    side = rng.randint(0, 1)
    if kind == "gift":
        n = rng.choice(sorted(GIFTS))
        _pray(s, side, n)
        return PrayerGift(side, n)
    mine = standing(s, rng.randint(0, 1))
    if not mine:
        return None
    pid = rng.choice(mine)
    if rng.random() < 0.4:
        give_ball(s, pid)
    if kind == "rock":
        _pray(s, 1 - s.pteam[pid], 14)
        return PrayerRock(pid)
    _pray(s, side, 1)
    door = s.board.sq(*rng.choice(trapdoors(s.board)))
    if s.grid[door] == -1:
        ball = s.ball == s.pos[pid]
        s.move_player(pid, door)
        if ball:
            s.ball = door
    return Trapdoor(pid, pushed=rng.random() < 0.5)


def test_prayers_on_players_match_the_python_engine(native: ModuleType, game_positions: Any) -> None:
    seen: Counter[str] = Counter()
    runs = ((rng, pushed(s0, rng, _scenario))
            for seed in range(8) for s0 in game_positions(seed, 11, 3)
            for i in range(4) for rng in [random.Random(seed * 1_000_003 + i)])
    ends = drive(native, runs, seen=seen)
    assert ends["done"] >= 40 and ends["checks"] >= 100, ends
    for frame in ("prayer_gift", "trapdoor", "prayer_rock", "crowd_surf", "knock_down"):
        assert any(k.startswith(f"{frame}:") for k in seen), (frame, seen)
    assert seen["prayer_gift/SELECT_PLAYER"] > 0, seen
