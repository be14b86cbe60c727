"""The checks every ruleset's team file shares: `TeamError`, a count field, a player entry's
keys, shirt number and name, and a squad's positional limits (`plural` words its message).
`core/teams.py` (LRB6), `core/bb2020/match_form.py` and `teams_bb2020.py` (BB2020) use them."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Set
from typing import Any, Protocol

from nuffle.core.errors import NuffleError


class TeamError(NuffleError, ValueError):
    """A team breaks a rule; the message names it."""


def plural(name: str, n: int = 2) -> str:
    """'Blitzer' -> 'Blitzers', 'Lineman' -> 'Linemen', 'Witch Elf' -> 'Witch Elves'."""
    if n == 1:
        return name
    head, sep, tail = name.partition(" of ")
    if sep:
        return plural(head) + sep + tail
    if name.endswith("man"):
        return name[:-3] + "men"
    if name.endswith("Elf"):
        return name[:-1] + "ves"
    if name.endswith("y") and name[-2:-1] not in "aeiou":
        return name[:-1] + "ies"
    if name.endswith("s"):
        return name
    return name + "s"


class Limited(Protocol):
    """A positional as the squad limits see it."""

    @property
    def name(self) -> str: ...
    @property
    def max_qty(self) -> int: ...


def count_field(raw: Mapping[str, Any], key: str, default: int, source: str, most: int | None = None) -> int:
    """A team file's non-negative integer field `key` (`default` when absent), at most `most`;
    TeamError naming the file and the field otherwise. Both rulesets' team files use it."""
    value = raw.get(key, default)
    if not isinstance(value, int) or isinstance(value, bool) or value < 0:
        raise TeamError(f"{source}: {key!r} must be a non-negative integer, not {value!r}")
    if most is not None and value > most:
        raise TeamError(f"{source}: {value} {key.replace('_', ' ')} exceeds the maximum of {most}")
    return value


def check_keys(entry: Mapping[str, Any], keys: Set[str], where: str) -> None:
    """TeamError naming the first key of `entry` not in `keys` (keys starting with '_' are notes)."""
    bad = sorted(k for k in entry if k not in keys and not str(k).startswith("_"))
    if bad:
        raise TeamError(f"{where}: unknown key {bad[0]!r} (keys: {', '.join(sorted(keys))})")


def number_and_name(entry: Mapping[str, Any], index: int, numbers: set[int],
                    default_name: Callable[[int], str], where: str) -> tuple[int, str]:
    """The shirt number (default: `index` + 1; 1 to 99, not among `numbers`, to which it is
    added) and the name (default: `default_name(number)`) of the player entry `entry`."""
    number = entry.get("number", index + 1)
    if not isinstance(number, int) or isinstance(number, bool) or not 1 <= number <= 99:
        raise TeamError(f"{where}: number must be an integer from 1 to 99, not {number!r}")
    if number in numbers:
        raise TeamError(f"{where}: number {number} is used twice")
    numbers.add(number)
    name = entry.get("name", default_name(number))
    if not isinstance(name, str) or not name.strip():
        raise TeamError(f"{where}: name must be a non-empty string")
    return number, name


def check_limits(names: Iterable[str], positionals: Iterable[Limited], team: str, source: str) -> None:
    """TeamError when the squad (its players' positional `names`) has more of a positional
    than its `max_qty`."""
    counts = Counter(names)
    for p in positionals:
        n = counts.get(p.name, 0)
        if n > p.max_qty:
            raise TeamError(f"{source}: {n} {plural(p.name, n)} exceeds the limit of {p.max_qty} for {team}")
