"""A native bot against its Python reference (test_native_grod.py, test_native_scripted.py):
whole matches played by the Python bots on the native engine, where at every decision the C++
bot of the deciding side, fed the same position, must choose exactly what the Python bot
chooses; and a bot's native and Python versions playing the same game side by side."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from typing import Any

from nuffle.agents.base import Agent
from nuffle.core.actions import Action
from nuffle.core.game import Game
from nuffle.core.native_game import NativeGame
from nuffle.core.ruleset import LRB6, Ruleset

#: Decisions a match may take before the comparison gives up on it (a scripted or grod match
#: takes about 1,000 on board 11).
MAX_DECISIONS = 4000

#: The two sides' bots of one match for a board: (Python bots, C++ bots), home first.
BotsFor = Callable[[int], tuple[tuple[Any, Any], tuple[Any, Any]]]


def flat(game: NativeGame, action: Action) -> tuple[int, int, int]:
    """`action` as the C++ bot gives it: (type, player or -1, flat square or -1)."""
    sq = -1 if action.square is None else game.state.board.sq(*action.square)
    return int(action.type), -1 if action.player is None else action.player, sq


def play_and_compare(bots: BotsFor, home: Any, away: Any, seed: int, board: int,
                     assisted: bool = False, ruleset: Ruleset = LRB6) -> Counter[str]:
    """One match played by the Python bots (each shown its view), by `ruleset`; at every
    decision the C++ bot of the deciding side must choose the same action. Returns what was
    compared."""
    game = Game.new(home, away, seed=seed, board=board, engine="native", assisted_moves=assisted,
                    ruleset=ruleset)
    assert isinstance(game, NativeGame)
    py, cpp = bots(board)
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
            f"decision {step} ({game.decision().kind.name}): C++ {got}, Python {want}")
        seen[game.decision().kind.name] += 1
        seen[want.type.name] += 1
        game.step(want)
    return seen


def run(bots: BotsFor, boards: tuple[int, ...], pairs: tuple[tuple[Any, Any], ...], seeds: range,
        assisted: bool = False, ruleset: Ruleset = LRB6) -> Counter[str]:
    """play_and_compare over every board, pairing and seed; the counts of what was compared."""
    seen: Counter[str] = Counter()
    for board in boards:
        for home, away in pairs:
            for seed in seeds:
                seen.update(play_and_compare(bots, home, away, seed, board, assisted, ruleset))
    return seen


def play_side_by_side(fast: Agent, slow: Agent, decisions: int = 300) -> None:
    """A native game (human v orc, board 3) decided by `fast`, where `slow`, shown each view
    too, must choose the same action every time."""
    game = Game.new("human", "orc", seed=3, board=3, engine="native")
    assert isinstance(game, NativeGame)
    for bot in (fast, slow):
        bot.new_game(game.view(), 0)
    for _ in range(decisions):
        if game.is_over:
            break
        view = game.view()
        a, b = fast.act(view), slow.act(view)
        assert a == b
        game.step(a)
