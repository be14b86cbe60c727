"""The scripted bot in C++ (`nuffle._native.ScriptedBot`, native/include/nuffle/bots/) against
the reference, the Python `ScriptedBot` (agents/scripted/): whole scripted matches on the
native engine, and at every decision of either side (set-ups, kick-offs, every player action
the planner plans, block dice, pushes, follow-ups, re-rolls, the Wizard) the C++ bot of that
side, fed the same position, must choose exactly what the Python bot chooses. The scripted bot
draws no random numbers, so the same position is all either needs."""

from __future__ import annotations

import sys
from collections import Counter
from dataclasses import replace
from types import ModuleType
from typing import Any

import pytest

from nuffle.agents.registry import make_agent
from nuffle.agents.scripted.bot import ScriptedBot
from nuffle.core.actions import Action
from nuffle.core.game import Game
from nuffle.core.native_game import NativeGame
from nuffle.core.native_state import native_board
from nuffle.core.teams import Inducements, available_teams, default_team
from nuffle.formations import board_formations

pytestmark = pytest.mark.usefixtures("native")

#: Decisions a match may take before the comparison gives up on it (a scripted match takes
#: about 1,000 on board 11).
MAX_DECISIONS = 4000


def cpp_bot(native: ModuleType, board: int) -> Any:
    offense, defense = board_formations(board)
    return native.ScriptedBot(native_board(board), offense, defense, sys.version_info >= (3, 12))


def flat(game: NativeGame, action: Action) -> tuple[int, int, int]:
    """`action` as the C++ bot gives it: (type, player or -1, flat square or -1)."""
    sq = -1 if action.square is None else game.state.board.sq(*action.square)
    return int(action.type), -1 if action.player is None else action.player, sq


def play_and_compare(native: ModuleType, home: Any, away: Any, seed: int, board: int,
                     assisted: bool = False) -> Counter[str]:
    """One match played by the Python bots (each shown its view); at every decision the C++
    bot of the deciding side must choose the same action. Returns what was compared."""
    game = Game.new(home, away, seed=seed, board=board, engine="native", assisted_moves=assisted)
    assert isinstance(game, NativeGame)
    py = (ScriptedBot(0, native=False), ScriptedBot(1, native=False))
    cpp = (cpp_bot(native, board), cpp_bot(native, board))
    for side in (0, 1):
        py[side].new_game(game.view(), side)
    seen: Counter[str] = Counter()
    for step in range(MAX_DECISIONS):
        if game.is_over:
            seen["complete"] += 1
            break
        side = game.decider
        view = game.view()  # with assisted moves when the match offers them
        want = py[side].act(view)
        got = tuple(cpp[side].act(view.native_state))
        assert got == flat(game, want), (
            f"{getattr(home, 'race', home)} v {getattr(away, 'race', away)}, seed {seed}, board {board}, "
            f"decision {step} "
            f"({game.decision().kind.name}): C++ {got}, Python {want}")
        seen[f"{game.decision().kind.name}"] += 1
        seen[want.type.name] += 1
        game.step(want)
    return seen


def with_wizard(race: str) -> Any:
    return replace(default_team(race), inducements=Inducements(wizard=True))


# the branches whole matches must reach (the planner's steps, the reactive choices)
COVERED = ("complete", "SETUP", "SELECT_ACTION", "MOVE", "BLOCK_DICE", "PUSH", "FOLLOW_UP", "REROLL",
           "START_MOVE", "START_BLOCK", "START_BLITZ", "END_TURN", "USE_REROLL", "PLACE_BALL")


def run(native: ModuleType, boards: tuple[int, ...], pairs: tuple[tuple[Any, Any], ...],
        seeds: range, assisted: bool = False) -> Counter[str]:
    seen: Counter[str] = Counter()
    for board in boards:
        for home, away in pairs:
            for seed in seeds:
                seen.update(play_and_compare(native, home, away, seed, board, assisted))
    return seen


def test_the_cpp_bot_decides_as_the_python_bot_in_whole_matches(native: ModuleType) -> None:
    seen = run(native, (1, 3, 11), (("human", "human"), ("orc", "human")), range(2))
    assert seen["complete"] == 12
    for what in COVERED:
        assert seen[what] > 0, f"no {what} compared: {dict(seen)}"


def test_the_cpp_bot_decides_as_the_python_bot_with_wizards_and_assisted_moves(native: ModuleType) -> None:
    seen = run(native, (3,), ((with_wizard("human"), with_wizard("orc")),), range(2), assisted=True)
    assert seen["complete"] == 2
    assert seen["USE_FIREBALL"] + seen["USE_LIGHTNING_BOLT"] > 0, dict(seen)


@pytest.mark.slow
def test_the_cpp_bot_decides_as_the_python_bot_over_many_races_and_boards(native: ModuleType) -> None:
    races = sorted(available_teams())  # every race, each at home once and away once on each board
    pairs = tuple((races[i], races[(i + 5) % len(races)]) for i in range(len(races)))
    seen = run(native, (1, 3, 5, 7, 11), pairs, range(2, 3))
    seen.update(run(native, (11,), (("human", "human"), ("orc", "human")), range(2, 10)))
    wizards = ((with_wizard("dwarf"), with_wizard("high-elf")),)
    seen.update(run(native, (5, 11), wizards, range(3), assisted=True))
    assert seen["complete"] == 24 * 5 + 2 * 8 + 2 * 3  # every match played to its end
    for what in (*COVERED, "START_PASS", "START_HANDOFF", "START_FOUL"):
        assert seen[what] > 0, f"no {what} compared: {dict(seen)}"


def test_scripted_plays_a_native_view_in_cpp_unless_told_not_to(native: ModuleType) -> None:
    game = Game.new("human", "orc", seed=3, board=3, engine="native")
    assert isinstance(game, NativeGame)
    fast, slow = make_agent("scripted"), make_agent("scripted?native=0")
    assert isinstance(fast, ScriptedBot) and isinstance(slow, ScriptedBot)
    for bot in (fast, slow):
        bot.new_game(game.view(), 0)
    for _ in range(300):
        if game.is_over:
            break
        view = game.view()
        a, b = fast.act(view), slow.act(view)
        assert a == b
        game.step(a)
    assert fast._core is not None and slow._core is None  # C++ played the fast one


def test_a_bot_of_another_board_is_refused(native: ModuleType) -> None:
    game = Game.new("human", "orc", seed=1, board=5, engine="native")
    assert isinstance(game, NativeGame)
    with pytest.raises(ValueError, match="the state is on board 5, the bot on board 11"):
        cpp_bot(native, 11).act(game.native_state)
