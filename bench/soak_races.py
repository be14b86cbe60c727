"""Soak every pairing of the 24 races: random games with the conformance invariants checked
after every step, printing games, exceptions, time and touchdowns.

    python bench/soak_races.py                    # 24 x 24 pairings, 2 games each, board 11
    python bench/soak_races.py --games 5 --board 7 --races human,orc,skaven --bot scripted

Same as `nuffle soak`. Races whose default team needs skills the engine does not implement
yet are listed as blocked and skipped. Exit code 1 if any game raised.
"""

from __future__ import annotations

import sys

from nuffle.cli import main

if __name__ == "__main__":
    sys.exit(main(["soak", *sys.argv[1:]]))
