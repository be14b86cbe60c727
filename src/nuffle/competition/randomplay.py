"""Random legal actions chosen from the protocol's legal-action groups: what the referee plays
for a bot under a penalty, and what the random protocol bots play (the JavaScript bot in
bots/random_bot.js follows the same rules)."""

from __future__ import annotations

import random
from typing import Any

from nuffle.core.errors import InputError


def random_choice(
    groups: list[dict[str, Any]], rng: random.Random, pitch: dict[str, Any] | None = None,
    side: str | None = None,
) -> list[Any]:
    """A random legal action `[type, player, square]` from legal-action groups.

    A type is chosen uniformly, then a group of it, then a player and a square. In a set-up
    (given the request's `pitch` part and the deciding `side`), a random reserve goes to the
    free square nearest the middle of the pitch, and the set-up ends as soon as that is legal."""
    if not groups:
        raise InputError("there is no legal action to choose from")
    types = list(dict.fromkeys(g["type"] for g in groups))
    if "END_SETUP" in types:
        return ["END_SETUP", None, None]
    if "PLACE_PLAYER" in types and pitch is not None and side is not None:
        placed = _setup_place(groups, pitch, side, rng)
        if placed is not None:
            return placed
    kind = types[rng.randrange(len(types))]
    same = [g for g in groups if g["type"] == kind]
    g = same[rng.randrange(len(same))]
    players = g.get("players") or [None]
    squares = g.get("squares") or [None]
    return [kind, players[rng.randrange(len(players))], squares[rng.randrange(len(squares))]]


def _setup_place(groups: list[dict[str, Any]], pitch: dict[str, Any], side: str,
                 rng: random.Random) -> list[Any] | None:
    group = next(g for g in groups if g["type"] == "PLACE_PLAYER")
    on = {p[0] for p in pitch["players"]}
    reserves = [pid for pid in group["players"] if pid not in on]  # the others are placed
    taken = {(p[1], p[2]) for p in pitch["players"]}
    squares = [sq for sq in group["squares"] if (sq[0], sq[1]) not in taken]
    if not reserves or not squares:
        return None
    ys = [sq[1] for sq in squares]
    mid = (min(ys) + max(ys)) / 2
    # Nearest the middle: home sets up on the left half (largest x), away on the right.
    xs = [sq[0] for sq in squares]
    edge = max(xs) if side == "home" else min(xs)
    best = min((sq for sq in squares if sq[0] == edge), key=lambda sq: abs(sq[1] - mid))
    return ["PLACE_PLAYER", reserves[rng.randrange(len(reserves))], best]
