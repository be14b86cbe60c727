"""The compiled extension for the native tests: skipped where it is not built, except where
NUFFLE_REQUIRE_NATIVE=1 (CI) makes a missing extension a failure. And the positions of the
parity tests (fixture `game_positions`): copies of states in play from seeded random games
between skill-rich races on every board, with random extra skills handed out afterwards."""

from __future__ import annotations

import os
import random
from collections.abc import Callable
from dataclasses import replace
from types import ModuleType

import pytest

# the shared lockstep's position helper (pytest puts tests/native on sys.path)
from lockstep import positions_in_play  # type: ignore[import-not-found]

from nuffle.core.engines import EngineUnavailableError, native_module
from nuffle.core.game import Game
from nuffle.core.skills import Skill
from nuffle.core.state import GameState

Positions = Callable[..., list[GameState]]


@pytest.fixture(scope="session")
def native() -> ModuleType:
    try:
        return native_module()
    except EngineUnavailableError as exc:
        if os.environ.get("NUFFLE_REQUIRE_NATIVE") == "1":
            pytest.fail(f"NUFFLE_REQUIRE_NATIVE=1 but {exc}")
        pytest.skip(str(exc))

RACES = ("skaven", "dark-elf", "lizardman", "goblin", "halfling", "chaos-dwarf", "vampire", "nurgle",
         "norse", "amazon", "underworld", "human", "orc", "ogre", "slann", "wood-elf")
# Skills acting on tackle zones, assists, re-rolls and the rolls of a move.
EXTRA = (Skill.DODGE, Skill.SURE_FEET, Skill.SURE_HANDS, Skill.PRO, Skill.LONER, Skill.SPRINT,
         Skill.LEAP, Skill.TACKLE, Skill.GUARD, Skill.STUNTY, Skill.TITCHY, Skill.TWO_HEADS,
         Skill.PREHENSILE_TAIL, Skill.DIVING_TACKLE, Skill.BIG_HAND, Skill.EXTRA_ARMS, Skill.NO_HANDS,
         Skill.JUMP_UP, Skill.CATCH, Skill.NERVES_OF_STEEL, Skill.DIVING_CATCH, Skill.DISTURBING_PRESENCE,
         Skill.SECRET_WEAPON, Skill.LEADER, Skill.MONSTROUS_MOUTH, Skill.PASS, Skill.BREAK_TACKLE)


def positions(seed: int, board: int, count: int, every: int = 9) -> list[GameState]:
    """`count` positions in play (a team turn under way, its coach to decide) of one seeded
    random game on `board`, every `every`-th such (fewer if it ends first), each with random
    extra skills for random players."""
    rng = random.Random(seed * 7919 + board)
    home, away = rng.sample(RACES, 2)
    game = Game.new(home, away, seed=seed, board=board)
    return positions_in_play(game, seed, count, every, 50_000,  # type: ignore[no-any-return]
                             lambda s: with_extra_skills(s.copy(), rng))


def with_extra_skills(s: GameState, rng: random.Random) -> GameState:
    """`s` with up to four random extra skills for each player (a coin decides who)."""
    s.info = tuple(
        replace(p, skills=p.skills | frozenset(rng.sample(EXTRA, rng.randint(1, 4))))
        if rng.random() < 0.5 else p
        for p in s.info
    )
    return s


@pytest.fixture(scope="session")
def game_positions() -> Positions:
    """`positions(seed, board, count, every=9)` for the parity tests."""
    return positions
