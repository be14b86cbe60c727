"""The native pathfinder gives exactly the Python pathfinder's answers (core/paths.py): the
same squares, the same routes, identical float probabilities, the same step keys (so the same
exact fractions) and the same tie-breaking, on random positions of every board with random
extra skills (Pro, Loner, Sure Feet, Dodge, Sprint, Leap, Tackle, Diving Tackle, ...)."""

from __future__ import annotations

import sys
from types import ModuleType
from typing import Any

import pytest

from nuffle.core.native_state import native_paths, to_native
from nuffle.core.paths import search
from nuffle.core.types import Status
from nuffle.parity_twins import python_paths

BOARDS = (1, 3, 5, 7, 11)

#: A Python search's answers in the native pathfinder's form (shared with `nuffle parity`).
python_answer = python_paths


def movers(s: Any) -> list[int]:
    return [p for p in range(len(s.info)) if s.pos[p] >= 0 and s.status[p] in (Status.STANDING, Status.PRONE)]


def check_parity(game_positions: Any, board: int, seeds: range, stride: int) -> tuple[int, int]:
    """Python and native answers equal for every `stride`-th mover of the positions of `seeds`;
    returns (searches, routes) compared."""
    searched = routes = 0
    for seed in seeds:
        for i, s in enumerate(game_positions(seed, board, 6, every=23)):
            for pid in movers(s)[::stride]:
                moves_used = (i + pid) % 3
                for team_reroll, pickup in ((None, True), (True, False), (False, True)):
                    ps = search(s, pid, moves_used, team_reroll=team_reroll, pickup=pickup)
                    want = python_answer(ps)
                    got = native_paths(s, pid, moves_used, team_reroll, pickup)
                    assert got == want, (board, seed, i, pid, team_reroll, pickup)
                    new_sum = sys.version_info >= (3, 12)
                    odds = to_native(s).path_odds(pid, moves_used, team_reroll, pickup, new_sum)
                    assert odds == {q: r[1] for q, r in want["all"].items()}
                    searched += 1
                    routes += len(want["all"])
    return searched, routes


@pytest.mark.parametrize("board", BOARDS)
def test_the_native_pathfinder_matches_python(native: ModuleType, game_positions: Any, board: int) -> None:
    searched, routes = check_parity(game_positions, board, range(5), 1 if board < 7 else 3)
    assert searched >= 20 and routes >= 100


@pytest.mark.slow
@pytest.mark.parametrize("board", BOARDS)
def test_the_native_pathfinder_matches_python_on_many_games(
    native: ModuleType, game_positions: Any, board: int
) -> None:
    searched, routes = check_parity(game_positions, board, range(100, 105), 1)
    assert searched >= 50 and routes >= 250


def test_a_player_off_the_pitch_or_down_has_no_routes(native: ModuleType, game_positions: Any) -> None:
    s = game_positions(3, 5, 1)[0]
    for pid in range(len(s.info)):
        if pid not in movers(s):
            got = native_paths(s, pid)
            assert got == python_answer(search(s, pid))
            assert got["all"] == {} and got["endzone"] is None


def test_bad_arguments_raise_value_error(native: ModuleType, game_positions: Any) -> None:
    s = game_positions(3, 5, 1)[0]
    n = to_native(s)
    for call in (lambda: n.paths(-1), lambda: n.paths(99), lambda: n.paths(0, -1), lambda: n.paths(0, 1000)):
        with pytest.raises(ValueError):
            call()


def test_a_search_answers_alike_whatever_searches_ran_before(native: ModuleType, game_positions: Any) -> None:
    """Searches reuse the buffers of finished ones (paths.hpp's shelf): the same search gives the
    same answers first, after searches on other boards and players, and with other sums between."""
    states = {board: game_positions(1, board, 2, every=23)[-1] for board in (11, 3, 1)}
    natives = {board: to_native(s) for board, s in states.items()}
    jobs = [(board, pid, used, comp) for board, s in states.items() for pid in movers(s)[:4]
            for used, comp in ((0, False), (1, True))]

    def answer(board: int, pid: int, used: int, comp: bool) -> dict[str, Any]:
        return dict(natives[board].paths(pid, used, None, True, comp))

    first = {job: answer(*job) for job in jobs}
    again = {job: answer(*job) for job in reversed(jobs)}
    assert again == first
    assert sum(len(got["all"]) for got in first.values()) >= 50
