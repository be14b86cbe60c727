"""The native board geometry, read from the same data/boards.json, against nuffle.core.board."""

from __future__ import annotations

from importlib import resources
from types import ModuleType

import pytest

from nuffle.core.board import EMPTY, OFF, VARIANTS, board_for
from nuffle.core.dice import Dice

DICE_BY_NAME = {"D2": Dice.D2, "D3": Dice.D3, "D6": Dice.D6, "2D6": Dice.TWO_D6}


def boards_text() -> str:
    return resources.files("nuffle.data").joinpath("boards.json").read_text()


def test_the_same_variants_are_read(native: ModuleType) -> None:
    boards = native.read_boards(boards_text())
    assert sorted(boards) == sorted(VARIANTS) == [1, 3, 5, 7, 11]
    for players, v in VARIANTS.items():
        got = boards[players].variant
        assert got == {
            "players": v.players, "width": v.width, "height": v.height, "wide_rows": v.wide_rows,
            "roster_size": v.roster_size, "pitch_max": v.pitch_max,
            "los_min": v.los_min, "wide_max": v.wide_max, "turns_per_half": v.turns_per_half,
            "kick_scatter": int(DICE_BY_NAME[v.kick_scatter]), "throw_in": int(DICE_BY_NAME[v.throw_in]),
        }


@pytest.mark.parametrize("players", sorted(VARIANTS))
def test_geometry_matches(native: ModuleType, players: int) -> None:
    py = board_for(players)
    nb = native.read_boards(boards_text())[players]
    assert (nb.players, nb.width, nb.height, nb.stride, nb.size) == (
        players, py.width, py.height, py.stride, py.size
    )
    assert tuple(nb.neighbours) == py.neighbours
    assert tuple(nb.endzone_x) == py.endzone_x
    assert nb.xs == py.xs and nb.ys == py.ys
    assert nb.wide == py.wide
    flags = nb.flags
    assert [bool(f & native.ON_PITCH) for f in flags] == py.on_pitch
    assert [py.template[i] == EMPTY for i in range(py.size)] == py.on_pitch
    assert all(py.template[i] == OFF for i in range(py.size) if not py.on_pitch[i])
    assert {i for i, f in enumerate(flags) if f & native.LOS_HOME} == py.los[0]
    assert {i for i, f in enumerate(flags) if f & native.LOS_AWAY} == py.los[1]
    assert {i for i, f in enumerate(flags) if f & native.HOME_HALF} == py.half[0]
    assert {i for i, f in enumerate(flags) if f & native.ON_PITCH and not f & native.HOME_HALF} == py.half[1]
    for x in range(-1, py.width + 1):
        for y in range(-1, py.height + 1):
            assert nb.sq(x, y) == py.sq(x, y)
    for a in py.all_squares:
        assert nb.scoring_side_at(a) == py.scoring_side_at(a)
        for b in py.all_squares[:: max(1, len(py.all_squares) // 17)]:
            assert nb.distance(a, b) == py.distance(a, b)


@pytest.mark.parametrize(
    "text",
    [
        "",
        "{",
        "{}",
        "[]",
        '{"11": 3}',
        '{"eleven": {}}',
        '{"11": {"width": 26}}',
        '{"11": {"width": "wide"}}',
        '{"11": {"width": 99999999999999999999}}',
        '{"_doc": "unterminated',
        '{"_doc": ' + "[" * 5000 + "]" * 5000 + "}",
        '{"11": {"kick_scatter": "D7"}}',
        '{"11": {"bogus": 1}}',
        "{} trailing",
        boards_text().replace('"width": 26', '"width": 60'),
        boards_text().replace('"wide_rows": 4', '"wide_rows": 9'),
        "\x00\xff",
    ],
)
def test_malformed_board_text_raises(native: ModuleType, text: str) -> None:
    with pytest.raises(ValueError, match=r"boards\.json|board"):
        native.read_boards(text)


def test_squares_out_of_range_raise(native: ModuleType) -> None:
    nb = native.read_boards(boards_text())[11]
    with pytest.raises(IndexError):
        nb.distance(0, 10**6)
    with pytest.raises(IndexError):
        nb.scoring_side_at(-1)
