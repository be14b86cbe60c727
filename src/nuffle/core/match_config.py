"""`MatchConfig`, the parameters a match was started with, and what `Game.new` and the views
make of them: `Game.new`'s argument checks (`check_new`, `from_config`), a view's config
(`view_config`) and the one-way digest views derive their dice from (`mix`)."""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, replace
from typing import Any, Final

from nuffle.core.board import VARIANTS
from nuffle.core.dice import MASK64, ExplicitRoller, Roller, SampledRoller
from nuffle.core.errors import InputError, InputTypeError


@dataclass(frozen=True, slots=True)
class MatchConfig:
    """The parameters a match was started with (shared by clones, never changed).

    `seed` is None in a view: a view must not carry what would let its holder rebuild the
    real dice. `roller` names the roller kind ('sampled', 'scripted' or 'explicit');
    `ruleset` the rules played (`nuffle.core.ruleset`)."""

    home: str
    away: str
    seed: int | None
    board: int
    roller: str = "sampled"
    assisted_moves: bool = False
    ruleset: str = "lrb6"

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dict of the parameters."""
        return {
            "home": self.home,
            "away": self.away,
            "seed": self.seed,
            "board": self.board,
            "roller": self.roller,
            "assisted_moves": self.assisted_moves,
            "ruleset": self.ruleset,
        }


def mix(*parts: int) -> int:
    """A one-way 64-bit digest of integers (views derive their dice from it)."""
    data = b"nuffle-view" + b"".join((p & MASK64).to_bytes(8, "little") for p in parts)
    return int.from_bytes(hashlib.blake2b(data, digest_size=8).digest(), "little") or 1


_VIEW_CONFIGS: dict[tuple[int, bool], tuple[MatchConfig, MatchConfig]] = {}


def view_config(config: MatchConfig, explicit: bool) -> MatchConfig:
    """A match's parameters as its views carry them: no seed, the views' own roller kind
    (cached by the identity of the match's config, which every clone shares)."""
    key = (id(config), explicit)
    hit = _VIEW_CONFIGS.get(key)
    if hit is not None and hit[0] is config:
        return hit[1]
    if len(_VIEW_CONFIGS) > 512:
        _VIEW_CONFIGS.clear()
    out = replace(config, seed=None, roller="explicit" if explicit else "sampled")
    _VIEW_CONFIGS[key] = (config, out)
    return out


_NEW_DEFAULTS: Final = ("human", "orc", 0, 11, False, "lrb6")
_NEW_NAMES: Final = ("home", "away", "seed", "board", "assisted_moves", "ruleset")


def from_config(
    config: object, given: tuple[object, ...], roller: Roller | None
) -> tuple[str, str, int, int, bool, str, Roller]:
    """`Game.new`'s arguments from a `MatchConfig` (raises naming what conflicts with it)."""
    if not isinstance(config, MatchConfig):
        raise InputTypeError(f"config must be a MatchConfig, got {config!r}")
    if config.seed is None:
        raise InputError("config has no seed (a view's config): a match cannot start from it")
    clash = [n for n, v, d in zip(_NEW_NAMES, given, _NEW_DEFAULTS, strict=True) if v != d]
    if clash:
        raise InputError(f"give either config or {', '.join(clash)}, not both")
    if roller is None:
        rollers = {"sampled": SampledRoller, "explicit": ExplicitRoller}
        if config.roller not in rollers:
            raise InputError(f"config names the {config.roller!r} roller: pass it as roller=")
        roller = rollers[config.roller]()
    return (config.home, config.away, config.seed, config.board, config.assisted_moves, config.ruleset,
            roller)


def check_new(seed: object, board: object, roller: object) -> None:
    """Reject a bad `Game.new` argument with an error naming it (before anything is built)."""
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise InputTypeError(f"seed must be an integer, got {seed!r}")
    if not isinstance(board, int) or isinstance(board, bool) or board not in VARIANTS:
        raise InputError(f"unknown board variant {board!r}: choose one of {sorted(VARIANTS)}")
    if roller is not None and not isinstance(roller, Roller):
        raise InputTypeError(f"roller must be a Roller (SampledRoller, ScriptedRoller, ExplicitRoller) "
                        f"or None, got {roller!r}")
