"""The grod bot in C++ (`nuffle._native.GrodBot`, native/include/nuffle/bots/grod*.hpp) against
the reference, the Python `GrodBot` (agents/grod/): whole grod matches on the native engine, and
at every decision of either side (set-ups, kick-offs, every player action the scorer chooses,
block dice, pushes, follow-ups, re-rolls, skills) the C++ bot of that side, fed the same
position, must choose exactly what the Python bot chooses. The grod bot draws no random
numbers, so the same position is all either needs."""

from __future__ import annotations

from dataclasses import replace
from types import ModuleType
from typing import Any

import pytest
from bot_agreement import BotsFor, flat, play_side_by_side, run  # type: ignore[import-not-found]

from nuffle.agents.grod.bot import GrodBot
from nuffle.agents.grod.native import native_grod
from nuffle.agents.grod.values import load_values
from nuffle.agents.registry import make_agent
from nuffle.core.errors import InputError
from nuffle.core.game import Game
from nuffle.core.native_game import NativeGame
from nuffle.core.teams import Inducements, available_teams, default_team

pytestmark = pytest.mark.usefixtures("native")


def grod_bots(tweak: str = "") -> BotsFor:
    """The Python and the C++ grod bots of a match, both with the values `tweak` gives."""
    def bots(board: int) -> tuple[tuple[Any, Any], tuple[Any, Any]]:
        py = (GrodBot(0, tweak=tweak, native=False), GrodBot(1, tweak=tweak, native=False))
        cpp = (native_grod(board, load_values("", tweak)), native_grod(board, load_values("", tweak)))
        return py, cpp
    return bots


# the branches whole matches must reach (the scorer's purposes, the reactive choices)
COVERED = ("complete", "SETUP", "SELECT_ACTION", "MOVE", "BLOCK_DICE", "PUSH", "FOLLOW_UP", "REROLL",
           "START_MOVE", "START_BLOCK", "START_BLITZ", "END_TURN", "PLACE_BALL")


def test_the_cpp_grod_decides_as_the_python_grod_in_whole_matches() -> None:
    seen = run(grod_bots(), (3, 11), (("human", "human"), ("orc", "human")), range(2))
    assert seen["complete"] == 8
    for what in COVERED:
        assert seen[what] > 0, f"no {what} compared: {dict(seen)}"


def test_the_cpp_grod_reads_the_values_it_is_given() -> None:
    # values that change play (fouls worth more than a sending-off costs, a deeper kick) are
    # honoured in C++ too: the foul purpose, which the default values rarely choose, is compared
    tweak = "kick_depth=2,foul_injury=60,foul_sent_off=5"
    seen = run(grod_bots(tweak), (5, 11), (("orc", "dwarf"),), range(1))
    assert seen["complete"] == 2
    assert seen["START_FOUL"] > 0, dict(seen)


@pytest.mark.slow
def test_the_cpp_grod_decides_as_the_python_grod_over_many_races_and_boards() -> None:
    races = sorted(available_teams())  # every race, each at home once and away once on each board
    pairs = tuple((races[i], races[(i + 5) % len(races)]) for i in range(len(races)))
    seen = run(grod_bots(), (1, 3, 5, 7, 11), pairs, range(2, 3))
    seen.update(run(grod_bots(), (11,), (("human", "human"), ("orc", "human")), range(2, 8)))
    wizards = ((replace(default_team("dwarf"), inducements=Inducements(wizard=True)),
                replace(default_team("high-elf"), inducements=Inducements(wizard=True))),)
    seen.update(run(grod_bots(), (5, 11), wizards, range(2), assisted=True))
    assert seen["complete"] == 24 * 5 + 2 * 6 + 2 * 2  # every match played to its end
    for what in (*COVERED, "START_PASS", "START_HANDOFF", "USE_REROLL", "USE_SKILL"):
        assert seen[what] > 0, f"no {what} compared: {dict(seen)}"


def test_grod_plays_a_native_view_in_cpp_unless_told_not_to() -> None:
    fast, slow = make_agent("grod"), make_agent("grod?native=0")
    assert isinstance(fast, GrodBot) and isinstance(slow, GrodBot)
    play_side_by_side(fast, slow)
    assert fast._core is not None and slow._core is None  # C++ played the fast one


def test_a_grod_of_another_board_is_refused() -> None:
    game = Game.new("human", "orc", seed=1, board=5, engine="native")
    assert isinstance(game, NativeGame)
    with pytest.raises(ValueError, match="the state is on board 5, the bot on board 11"):
        native_grod(11, load_values()).act(game.native_state)


def test_a_value_missing_from_the_table_is_refused(native: ModuleType) -> None:
    from nuffle.agents.grod.native import grod_formations
    from nuffle.core.native_state import native_board

    offense, defense = grod_formations(11)
    table = dict(load_values().table)
    del table["cage"]
    with pytest.raises(ValueError, match="grod value cage is missing"):
        native.GrodBot(native_board(11), offense, defense, table, False)
    with pytest.raises(InputError):
        load_values("", "cage=x")


@pytest.mark.parametrize("skill", ["PROJECTILE_VOMIT", "BREATHE_FIRE"])
def test_the_cpp_grod_prices_vomit_and_breathe_fire_as_the_python_grod(skill: str) -> None:
    """BB2020: a vomiter or fire-breather next to an opposing ball carrier, the attack's value
    raised so that it is the plan: both bots start the Block action and then choose the
    Stab-coded attack, not the block (their scores agree: vomit, breathe_fire)."""
    from nuffle.core.skills import Skill
    from nuffle.testing import bb2020_scenario

    sc = bb2020_scenario("human", "orc", engine="native")
    attacker, orc = sc.pid(0, "Catcher"), sc.pid(1, "Goblin")
    sc.grant(attacker, Skill[skill]).put(attacker, (10, 7)).put(orc, (11, 7)).give_ball(orc)
    game = sc.start(active=0)
    assert isinstance(game, NativeGame)
    tweak = "vomit=40,breathe_fire=400"
    py = GrodBot(0, tweak=tweak, native=False)
    cpp = native_grod(11, load_values("", tweak))
    py.new_game(game.view(), 0)
    chosen = []
    for step in range(2):
        view = game.view()
        want = py.act(view)
        assert tuple(cpp.act(view.native_state)) == flat(game, want)
        chosen.append(want)
        if step == 0:
            game.step(want)
    assert chosen[0].player == attacker and chosen[1].type.name == "STAB"
