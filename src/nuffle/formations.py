"""Set-up formations from the data file, mirrored for the away side."""

from __future__ import annotations

import json
from functools import lru_cache
from importlib import resources
from typing import Any

from nuffle.core.actions import Square
from nuffle.core.errors import InputError


@lru_cache(maxsize=1)
def _raw() -> Any:
    text = resources.files("nuffle.data").joinpath("formations", "formations.json").read_text()
    data = json.loads(text)
    data.pop("_doc", None)
    return data


def formation_names(board: int, kind: str) -> list[str]:
    """Names of the `kind` ('offense' or 'defense') formations for a board variant."""
    try:
        return sorted(_raw()[str(board)][kind])
    except KeyError as exc:
        raise InputError(f"no {kind} formations for board {board}") from exc


def formation(board: int, kind: str, name: str, side: int, width: int) -> list[Square]:
    """The squares of a formation for `side`, in priority order."""
    squares = _raw()[str(board)][kind][name]
    if side == 0:
        return [(x, y) for x, y in squares]
    return [(width - 1 - x, y) for x, y in squares]


def board_formations(board: int) -> tuple[dict[str, list[Square]], dict[str, list[Square]]]:
    """(offense, defense): the home side's formations of `board` by name (empty where the
    board has none), as the native set-up plan and scripted bot take them."""
    def kind(name: str) -> dict[str, list[Square]]:
        try:
            names = formation_names(board, name)
        except InputError:
            return {}
        return {n: list(formation(board, name, n, 0, 0)) for n in names}

    return kind("offense"), kind("defense")
