"""The fields every ruleset's `POST /api/teams/build` body shares, checked one way."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, NamedTuple

from nuffle.core.teams import TeamError


class BuildFields(NamedTuple):
    """A build body's positional counts, numeric fields, apothecary and name."""

    players: dict[str, Any]
    counts: dict[str, int]
    apothecary: bool
    name: str | None


def build_fields(body: Mapping[str, Any], defaults: Mapping[str, int]) -> BuildFields:
    """`body`'s shared fields; `defaults` names every numeric field and its value when absent.
    TeamError naming the first field of the wrong type."""
    players = body.get("players", {})
    if not isinstance(players, dict):
        raise TeamError("'players' must be an object of positional names to counts")
    counts = {k: body.get(k, d) for k, d in defaults.items()}
    for key, n in counts.items():
        if type(n) is not int or n < 0:
            raise TeamError(f"'{key}' must be a non-negative integer, not {n!r}")
    apothecary = body.get("apothecary", False)
    if not isinstance(apothecary, bool):
        raise TeamError(f"'apothecary' must be true or false, not {apothecary!r}")
    name = body.get("name") or None
    if name is not None and not isinstance(name, str):
        raise TeamError(f"'name' must be a string, not {name!r}")
    return BuildFields(players, counts, apothecary, name)
