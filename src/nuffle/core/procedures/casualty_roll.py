"""The casualty roll as the ruleset writes it: which die (LRB6's D68, BB2020's D16), whether
niggling injuries modify it, and BB2020's lasting injuries (a D6 once the casualty stands).

`Injury` (injury.py) asks these; the C++ twins are in procs/injury.hpp.
"""

from __future__ import annotations

from nuffle.core.dice import GROUP_CASUALTY, GROUP_NONE, Chance, Dice
from nuffle.core.state import GameState


def niggles_on_injury(s: GameState, pid: int) -> int:
    """What player `pid`'s niggling injuries add to his injury roll: +1 each under LRB6, none
    under BB2020 (they modify his casualty roll instead)."""
    return s.info[pid].niggles if s.rules.niggles_on == "injury" else 0


def casualty_chance(s: GameState, pid: int, purpose: str) -> Chance:
    """The casualty roll of player `pid`: the ruleset's die, grouped by result unless his
    niggling injuries modify it (then every face may matter)."""
    niggled = s.rules.niggles_on == "casualty" and s.info[pid].niggles > 0
    return Chance(Dice[s.rules.casualty_die], 1, purpose, GROUP_NONE if niggled else GROUP_CASUALTY)


def casualty_result(s: GameState, pid: int, die: int) -> int:
    """The casualty-table result of a roll of `die` for player `pid`: under BB2020 +1 per
    niggling injury, a total past the die's highest face counting as that face (Dead)."""
    if s.rules.niggles_on != "casualty":
        return die
    return min(die + s.info[pid].niggles, s.rules.casualty_faces[-1])


def is_lasting(s: GameState, cas: int) -> bool:
    """Whether casualty result `cas` is a lasting injury whose D6 is still to be rolled."""
    first, last = s.rules.lasting_band()
    return first <= cas <= last and first >= 0


def lasting_code(s: GameState, d6: int) -> int:
    """The casualty result a lasting injury's D6 gives (`Ruleset.lasting_base` + D6)."""
    return s.rules.lasting_base + d6
