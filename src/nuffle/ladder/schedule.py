"""Ladder entries and the paired round-robin schedule.

Every pair of entries plays `pairs` seeds; each seed is played twice with the sides swapped, so
every entry has exactly as many home games as away games and the two games of a pair meet the
same kick-off, weather and dice stream.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import combinations

from nuffle.agents.registry import make_agent
from nuffle.core.board import VARIANTS
from nuffle.core.errors import InputError
from nuffle.evaluation import Entry
from nuffle.teams import load_team


@dataclass(frozen=True)
class Fixture:
    """One game: entry indices at home and away, and the game's seed."""

    home: int
    away: int
    seed: int


def parse_entry(text: str) -> Entry:
    """Parse and check one `race:bot` entry; raises ValueError naming it."""
    entry = Entry.parse(text)
    try:
        load_team(entry.team)
        make_agent(entry.bot)
    except (ValueError, OSError, KeyError) as exc:
        raise InputError(f"bad ladder entry {text!r}: {exc}") from None
    return entry


def parse_entries(texts: list[str]) -> list[Entry]:
    """Parse and check `race:bot` entries; raises ValueError naming the first bad one."""
    if len(texts) < 2:
        raise InputError(f"a ladder needs at least two entries, got {len(texts)}")
    out: list[Entry] = []
    for text in texts:
        entry = parse_entry(text)
        if entry in out:
            raise InputError(f"ladder entry {text!r} is given twice")
        out.append(entry)
    return out


def check_board(board: int) -> None:
    """Raise ValueError unless `board` names a board variant."""
    if board not in VARIANTS:
        raise InputError(f"unknown board {board!r}: choose one of {', '.join(map(str, sorted(VARIANTS)))}")


def schedule(n: int, pairs: int, seed: int = 0) -> list[Fixture]:
    """The round robin of `n` entries: per pair of entries `pairs` seeds, each played with
    both venues. Seeds differ between pairs of entries and between repetitions."""
    if n < 2:
        raise InputError(f"a ladder needs at least two entries, got {n}")
    if pairs < 1:
        raise InputError(f"pairs must be at least 1, got {pairs}")
    out = []
    for k, (i, j) in enumerate(combinations(range(n), 2)):
        for r in range(pairs):
            s = seed + k * pairs + r
            out.append(Fixture(i, j, s))
            out.append(Fixture(j, i, s))
    return out
