"""Purpose values and modifiers of the grod bot, read from `data/grod/purposes.json`.

A bot spec may change them: `grod?values=FILE.json` reads overrides from a JSON file shaped like
the data file (or a flat `{"name": number}` object), and `grod?tweak=cage=8,sweep=4` sets single
values. Unknown names are errors naming the name, so a typo never goes unnoticed.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources
from pathlib import Path
from typing import Any

from nuffle.core.errors import InputError


@lru_cache(maxsize=1)
def _defaults() -> tuple[dict[str, float], dict[str, float]]:
    text = resources.files("nuffle.data").joinpath("grod", "purposes.json").read_text()
    data = json.loads(text)
    return ({k: float(v) for k, v in data["values"].items()},
            {k: float(v) for k, v in data["modifiers"].items()})


def default_table() -> dict[str, float]:
    """Every tunable name (values and modifiers) with its default."""
    values, mods = _defaults()
    return {**values, **mods}


@dataclass(frozen=True)
class Values:
    """The numbers the scorer reads: `v.get("cage")`; built by `load_values`."""

    table: dict[str, float]

    def __getitem__(self, name: str) -> float:
        return self.table[name]

    def overridden(self, changes: dict[str, float]) -> Values:
        """A copy with `changes` applied (names must exist)."""
        _check_names(changes)
        return Values({**self.table, **{k: float(v) for k, v in changes.items()}})


def _check_names(changes: dict[str, Any]) -> None:
    known = default_table()
    for name, value in changes.items():
        if name not in known:
            raise InputError(f"grod has no purpose value or modifier {name!r}")
        if isinstance(value, bool) or not isinstance(value, int | float):
            raise InputError(f"grod value {name!r} must be a number, not {value!r}")


def parse_tweak(text: str) -> dict[str, float]:
    """Parse `name=number,name=number` into a dict; raises ValueError naming a bad part."""
    out: dict[str, float] = {}
    for part in filter(None, (p.strip() for p in text.split(","))):
        name, sep, raw = part.partition("=")
        if not sep:
            raise InputError(f"grod tweak {part!r} must be name=number")
        try:
            out[name.strip()] = float(raw)
        except ValueError:
            raise InputError(f"grod tweak {part!r}: {raw!r} is not a number") from None
    _check_names(out)
    return out


def read_overrides(path: str) -> dict[str, float]:
    """Overrides from a JSON file: the data file's shape or a flat object of numbers."""
    try:
        data = json.loads(Path(path).read_text())
    except (OSError, json.JSONDecodeError) as exc:
        raise InputError(f"cannot read grod values file {path!r}: {exc}") from None
    if not isinstance(data, dict):
        raise InputError(f"grod values file {path!r} must hold a JSON object")
    flat: dict[str, Any] = {}
    for key, val in data.items():
        if key.startswith("_"):
            continue
        if key in ("values", "modifiers") and isinstance(val, dict):
            flat.update(val)
        else:
            flat[key] = val
    _check_names(flat)
    return {k: float(v) for k, v in flat.items()}


def load_values(values: str = "", tweak: str = "") -> Values:
    """The defaults, then the overrides of file `values`, then `tweak`."""
    out = Values(default_table())
    if values:
        out = out.overridden(read_overrides(values))
    if tweak:
        out = out.overridden(parse_tweak(tweak))
    return out
