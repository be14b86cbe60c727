"""The scripted bot in C++ (`nuffle._native.ScriptedBot`, native/include/nuffle/bots/) against
the reference, the Python `ScriptedBot` (agents/scripted/): whole scripted matches on the
native engine, and at every decision of either side (set-ups, kick-offs, every player action
the planner plans, block dice, pushes, follow-ups, re-rolls, the Wizard) the C++ bot of that
side, fed the same position, must choose exactly what the Python bot chooses. The scripted bot
draws no random numbers, so the same position is all either needs."""

from __future__ import annotations

import sys
from dataclasses import replace
from types import ModuleType
from typing import Any

import pytest
from bot_agreement import BotsFor, play_side_by_side, run  # type: ignore[import-not-found]

from nuffle.agents.registry import make_agent
from nuffle.agents.scripted.bot import ScriptedBot
from nuffle.core.game import Game
from nuffle.core.native_game import NativeGame
from nuffle.core.native_state import native_board
from nuffle.core.teams import Inducements, available_teams, default_team
from nuffle.formations import board_formations

pytestmark = pytest.mark.usefixtures("native")


def cpp_bot(native: ModuleType, board: int) -> Any:
    offense, defense = board_formations(board)
    return native.ScriptedBot(native_board(board), offense, defense, sys.version_info >= (3, 12))


def scripted_bots(native: ModuleType) -> BotsFor:
    """The Python and the C++ scripted bots of a match."""
    def bots(board: int) -> tuple[tuple[Any, Any], tuple[Any, Any]]:
        return (ScriptedBot(0, native=False), ScriptedBot(1, native=False)), (cpp_bot(native, board),
                                                                              cpp_bot(native, board))
    return bots


def with_wizard(race: str) -> Any:
    return replace(default_team(race), inducements=Inducements(wizard=True))


# the branches whole matches must reach (the planner's steps, the reactive choices)
COVERED = ("complete", "SETUP", "SELECT_ACTION", "MOVE", "BLOCK_DICE", "PUSH", "FOLLOW_UP", "REROLL",
           "START_MOVE", "START_BLOCK", "START_BLITZ", "END_TURN", "USE_REROLL", "PLACE_BALL")


def test_the_cpp_bot_decides_as_the_python_bot_in_whole_matches(native: ModuleType) -> None:
    seen = run(scripted_bots(native), (1, 3, 11), (("human", "human"), ("orc", "human")), range(2))
    assert seen["complete"] == 12
    for what in COVERED:
        assert seen[what] > 0, f"no {what} compared: {dict(seen)}"


def test_the_cpp_bot_decides_as_the_python_bot_with_wizards_and_assisted_moves(native: ModuleType) -> None:
    wizards = ((with_wizard("human"), with_wizard("orc")),)
    seen = run(scripted_bots(native), (3,), wizards, range(2), assisted=True)
    assert seen["complete"] == 2
    assert seen["USE_FIREBALL"] + seen["USE_LIGHTNING_BOLT"] > 0, dict(seen)


@pytest.mark.slow
def test_the_cpp_bot_decides_as_the_python_bot_over_many_races_and_boards(native: ModuleType) -> None:
    races = sorted(available_teams())  # every race, each at home once and away once on each board
    pairs = tuple((races[i], races[(i + 5) % len(races)]) for i in range(len(races)))
    seen = run(scripted_bots(native), (1, 3, 5, 7, 11), pairs, range(2, 3))
    seen.update(run(scripted_bots(native), (11,), (("human", "human"), ("orc", "human")), range(2, 10)))
    wizards = ((with_wizard("dwarf"), with_wizard("high-elf")),)
    seen.update(run(scripted_bots(native), (5, 11), wizards, range(3), assisted=True))
    assert seen["complete"] == 24 * 5 + 2 * 8 + 2 * 3  # every match played to its end
    for what in (*COVERED, "START_PASS", "START_HANDOFF", "START_FOUL"):
        assert seen[what] > 0, f"no {what} compared: {dict(seen)}"


def test_scripted_plays_a_native_view_in_cpp_unless_told_not_to(native: ModuleType) -> None:
    fast, slow = make_agent("scripted"), make_agent("scripted?native=0")
    assert isinstance(fast, ScriptedBot) and isinstance(slow, ScriptedBot)
    play_side_by_side(fast, slow)
    assert fast._core is not None and slow._core is None  # C++ played the fast one


def test_a_bot_of_another_board_is_refused(native: ModuleType) -> None:
    game = Game.new("human", "orc", seed=1, board=5, engine="native")
    assert isinstance(game, NativeGame)
    with pytest.raises(ValueError, match="the state is on board 5, the bot on board 11"):
        cpp_bot(native, 11).act(game.native_state)
