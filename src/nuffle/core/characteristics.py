"""The characteristic tests, chosen by the ruleset: what an Agility, Passing or Armour value asks
of the dice.

LRB6 rates AG and AV (higher is better): an Agility roll needs 7 - AG (AG capped at 6) on a D6
before modifiers, and armour breaks on a 2D6 total greater than AV. BB2020 (`Ruleset.x_plus`)
prints AG, PA and AV as targets "X+": an Agility or Passing test needs X, and armour breaks on a
total of AV or more. Either way the D6 test is the same afterwards: natural 1 fails, natural 6
succeeds, else D6 + modifiers >= target (`rolls.roll_succeeds`). PA exists under BB2020 only; a
player without one (LRB6, or PA "-") has `pa == 0`. The C++ twins are in rules.hpp.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from nuffle.core.ruleset import Ruleset

if TYPE_CHECKING:
    from nuffle.core.state import GameState

#: The Passing test target of a player without PA ("-") while the LRB6 pass procedure plays
#: BB2020's (the passing area is pending): only a natural 6 succeeds (docs/RULES_NOTES.md).
NO_PA_TARGET = 7


def rating_target(stat: int) -> int:
    """The D6 an LRB6 rating asks before modifiers: 7 - stat (stat capped at 6)."""
    return 7 - min(stat, 6)


def agility_target(rules: Ruleset, ag: int) -> int:
    """The D6 an Agility test of AG `ag` needs before modifiers under `rules`."""
    return ag if rules.x_plus else 7 - min(ag, 6)


def ag_target(s: GameState, pid: int) -> int:
    """The D6 an Agility test of player `pid` needs before modifiers."""
    return agility_target(s.rules, s.info[pid].ag)


def pass_target(s: GameState, pid: int) -> int:
    """The D6 a pass (or throw) of player `pid` needs before modifiers: his PA under BB2020
    (`NO_PA_TARGET` for PA "-"), his AG under LRB6."""
    if s.rules.x_plus:
        pa = s.info[pid].pa
        return pa if pa > 0 else NO_PA_TARGET
    return 7 - min(s.info[pid].ag, 6)


def ag_rank(s: GameState, pid: int) -> int:
    """Player `pid`'s agility as a rating where higher is better (the bots' rankings): his AG
    under LRB6, 7 - AG under BB2020 (AG 3+ ranks 4, as an LRB6 AG 4 needs the same 3+)."""
    ag = s.info[pid].ag
    return 7 - ag if s.rules.x_plus else ag


def armour_holds_to(s: GameState, pid: int) -> int:
    """The highest armour total (2D6 + modifiers) that does not break player `pid`'s armour:
    AV under LRB6 (breaks on more), AV - 1 under BB2020 (breaks on AV+)."""
    av = s.info[pid].av
    return av - 1 if s.rules.x_plus else av
