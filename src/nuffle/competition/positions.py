"""Full positions as JSON for the protocol: what lets a client rebuild a `Game` to search.

The referee encodes a view (`Game.view()`: reseeded dice, no match seed), never the live game.
Both directions go through the engine's `Game.to_position` / `Game.from_position`."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from nuffle.core.errors import InputError

if TYPE_CHECKING:
    from nuffle.core.game import Game


def available() -> bool:
    """Whether this engine can write and read full positions."""
    from nuffle.core.game import Game

    return hasattr(Game, "to_position") and hasattr(Game, "from_position")


def encode(view: Game) -> dict[str, Any] | None:
    """The full position of a view as JSON (None if the engine cannot write positions)."""
    to_position = getattr(view, "to_position", None)
    if to_position is None:
        return None
    out: dict[str, Any] = to_position()
    return out


def decode(position: dict[str, Any] | None, ruleset: str | None = None) -> Game:
    """A game rebuilt from a position; raises ValueError when there is none to rebuild, or,
    with `ruleset` (the match's, as the hello names it), when the position is of another."""
    if position is None:
        raise InputError("the request carries no position (ask for 'position' in the ready reply)")
    if ruleset is not None and isinstance(position, dict):
        from nuffle.ruleset_choice import same_ruleset

        same_ruleset(str(position.get("ruleset", "lrb6")), ruleset.lower(), "the request's position")
    from nuffle.core.game import Game

    from_position = getattr(Game, "from_position", None)
    if from_position is None:
        raise InputError("this nuffle cannot rebuild games from positions (Game.from_position)")
    game: Game = from_position(position)
    return game
