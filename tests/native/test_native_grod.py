"""The grod bot in C++ (`nuffle._native.GrodBot`, native/include/nuffle/bots/grod*.hpp) against
the reference, the Python `GrodBot` (agents/grod/): whole grod matches on the native engine, and
at every decision of either side (set-ups, kick-offs, every player action the scorer chooses,
block dice, pushes, follow-ups, re-rolls, skills) the C++ bot of that side, fed the same
position, must choose exactly what the Python bot chooses. The grod bot draws no random
numbers, so the same position is all either needs."""

from __future__ import annotations

from collections import Counter
from dataclasses import replace
from types import ModuleType
from typing import Any

import pytest

from nuffle.agents.grod.bot import GrodBot
from nuffle.agents.grod.native import native_grod
from nuffle.agents.grod.values import load_values
from nuffle.agents.registry import make_agent
from nuffle.core.actions import Action
from nuffle.core.errors import InputError
from nuffle.core.game import Game
from nuffle.core.native_game import NativeGame
from nuffle.core.teams import Inducements, available_teams, default_team

pytestmark = pytest.mark.usefixtures("native")

#: Decisions a match may take before the comparison gives up on it (a grod match takes about
#: 1,000 on board 11).
MAX_DECISIONS = 4000


def flat(game: NativeGame, action: Action) -> tuple[int, int, int]:
    """`action` as the C++ bot gives it: (type, player or -1, flat square or -1)."""
    sq = -1 if action.square is None else game.state.board.sq(*action.square)
    return int(action.type), -1 if action.player is None else action.player, sq


def play_and_compare(home: Any, away: Any, seed: int, board: int, assisted: bool = False,
                     tweak: str = "") -> Counter[str]:
    """One match played by the Python bots (each shown its view); at every decision the C++
    bot of the deciding side must choose the same action. Returns what was compared."""
    game = Game.new(home, away, seed=seed, board=board, engine="native", assisted_moves=assisted)
    assert isinstance(game, NativeGame)
    py = (GrodBot(0, tweak=tweak, native=False), GrodBot(1, tweak=tweak, native=False))
    cpp = tuple(native_grod(board, load_values("", tweak)) for _ in range(2))
    for side in (0, 1):
        py[side].new_game(game.view(), side)
    seen: Counter[str] = Counter()
    for step in range(MAX_DECISIONS):
        if game.is_over:
            seen["complete"] += 1
            break
        side = game.decider
        view = game.view()
        want = py[side].act(view)
        got = tuple(cpp[side].act(view.native_state))
        assert got == flat(game, want), (
            f"{getattr(home, 'race', home)} v {getattr(away, 'race', away)}, seed {seed}, board {board}, "
            f"decision {step} ({game.decision().kind.name}): C++ {got}, Python {want}")
        seen[game.decision().kind.name] += 1
        seen[want.type.name] += 1
        game.step(want)
    return seen


def run(boards: tuple[int, ...], pairs: tuple[tuple[Any, Any], ...], seeds: range,
        assisted: bool = False, tweak: str = "") -> Counter[str]:
    seen: Counter[str] = Counter()
    for board in boards:
        for home, away in pairs:
            for seed in seeds:
                seen.update(play_and_compare(home, away, seed, board, assisted, tweak))
    return seen


# the branches whole matches must reach (the scorer's purposes, the reactive choices)
COVERED = ("complete", "SETUP", "SELECT_ACTION", "MOVE", "BLOCK_DICE", "PUSH", "FOLLOW_UP", "REROLL",
           "START_MOVE", "START_BLOCK", "START_BLITZ", "END_TURN", "PLACE_BALL")


def test_the_cpp_grod_decides_as_the_python_grod_in_whole_matches() -> None:
    seen = run((3, 11), (("human", "human"), ("orc", "human")), range(2))
    assert seen["complete"] == 8
    for what in COVERED:
        assert seen[what] > 0, f"no {what} compared: {dict(seen)}"


def test_the_cpp_grod_reads_the_values_it_is_given() -> None:
    # values that change play (fouls worth more than a sending-off costs, a deeper kick) are
    # honoured in C++ too: the foul purpose, which the default values rarely choose, is compared
    seen = run((5, 11), (("orc", "dwarf"),), range(1), tweak="kick_depth=2,foul_injury=60,foul_sent_off=5")
    assert seen["complete"] == 2
    assert seen["START_FOUL"] > 0, dict(seen)


@pytest.mark.slow
def test_the_cpp_grod_decides_as_the_python_grod_over_many_races_and_boards() -> None:
    races = sorted(available_teams())  # every race, each at home once and away once on each board
    pairs = tuple((races[i], races[(i + 5) % len(races)]) for i in range(len(races)))
    seen = run((1, 3, 5, 7, 11), pairs, range(2, 3))
    seen.update(run((11,), (("human", "human"), ("orc", "human")), range(2, 8)))
    wizards = ((replace(default_team("dwarf"), inducements=Inducements(wizard=True)),
                replace(default_team("high-elf"), inducements=Inducements(wizard=True))),)
    seen.update(run((5, 11), wizards, range(2), assisted=True))
    assert seen["complete"] == 24 * 5 + 2 * 6 + 2 * 2  # every match played to its end
    for what in (*COVERED, "START_PASS", "START_HANDOFF", "USE_REROLL", "USE_SKILL"):
        assert seen[what] > 0, f"no {what} compared: {dict(seen)}"


def test_grod_plays_a_native_view_in_cpp_unless_told_not_to() -> None:
    game = Game.new("human", "orc", seed=3, board=3, engine="native")
    assert isinstance(game, NativeGame)
    fast, slow = make_agent("grod"), make_agent("grod?native=0")
    assert isinstance(fast, GrodBot) and isinstance(slow, GrodBot)
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
