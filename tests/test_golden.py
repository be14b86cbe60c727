"""Golden records: one finished game per board, committed under tests/golden/. Each must replay
to its recorded final score and state fingerprint, so a change of behaviour that is consistent
with itself (dice drawn differently, a rule resolved another way) still shows up here.

After an intended change of behaviour, regenerate them and review the new scores:

    python tests/test_golden.py --write
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from nuffle.agents.registry import make_agent
from nuffle.core.game import Game
from nuffle.play import play
from nuffle.record import fingerprint, load, save
from nuffle.testing import check_finished

GOLDEN = Path(__file__).parent / "golden"
BOARDS = (1, 3, 5, 7, 11)


def golden_game(board: int) -> Game:
    """The game a golden record holds: scripted Human v scripted Orc, seed 7 x board."""
    seed = board * 7
    return play(Game.new("human", "orc", seed=seed, board=board), make_agent("scripted", seed * 2 + 1),
                make_agent("scripted", seed * 2 + 2))


@pytest.mark.parametrize("board", BOARDS)
def test_golden_record_replays_to_its_final_state(board: int) -> None:
    path = GOLDEN / f"board-{board}.json"
    final = json.loads(path.read_text())["final"]
    game = load(path)  # raises RecordError on any difference
    check_finished(game)
    assert final["over"] is True
    assert [game.state.teams[0].score, game.state.teams[1].score] == final["score"]
    assert fingerprint(game) == final["fingerprint"]
    assert game.state.board.variant.players == board


if __name__ == "__main__" and "--write" in sys.argv:
    for b in BOARDS:
        g = golden_game(b)
        save(g, GOLDEN / f"board-{b}.json")
        print(f"board {b}: {g.result.score} in {len(g.history)} decisions")
