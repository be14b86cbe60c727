"""BB2020's Sweltering Heat at the end of a drive: D3 randomly selected players of each team that
were on the pitch miss the next drive (RULES §4; LRB6 rolls a D6 per player, `EndDrive`).

Run by `EndDrive` in its HEAT_PICKS phase when the ruleset says so (`Ruleset.heat`), on the
frame's fields: `idx` = side * 100 + stage * 10 + picks left (stage 0: the side's D3 to roll,
1: rolled, 2: a pick rolled), `todo` = the side's players on the pitch not picked yet. The C++
twin is `heat_picks` in procs/match.hpp.
"""

from __future__ import annotations

from typing import Protocol

from nuffle.core.dice import Chance, Dice
from nuffle.core.state import GameState
from nuffle.core.types import PF


class _HeatFrame(Protocol):
    idx: int
    todo: list[int]


def heat_picks(s: GameState, f: _HeatFrame) -> bool:
    """Go on with the heat: True after requesting a roll (D3 or a random pick), False when both
    teams are done."""
    while True:
        side, stage, left = f.idx // 100, f.idx % 100 // 10, f.idx % 10
        if stage == 0:
            f.todo = [p for p in s.team_players(side) if s.pos[p] >= 0]
            if f.todo:
                f.idx = side * 100 + 10
                s.request(Chance(Dice.D3, 1, "heat"))
                return True
        else:
            if stage == 1:  # the D3: that many picks, at most the players there are
                left = min(s.die(), len(f.todo))
            else:  # a pick: that player misses the next drive
                s.pflags[f.todo.pop(s.die())] |= PF.HEAT
                left -= 1
            if left > 0 and f.todo:
                f.idx = side * 100 + 20 + left
                s.request(Chance(Dice.PICK, len(f.todo), "heat"))
                return True
        if side == 1:
            return False
        f.idx = 100
