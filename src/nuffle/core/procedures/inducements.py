"""Inducement effects in a match (RULES §16.6): the Halfling Master Chef at the start of each
half and the Bloodweiser Babes' bonus to KO recovery. Bribes, Extra Team Training, Wandering
Apothecaries and Igor set counters at the start of the match or half (`match.py`) and are used
where those counters are (fouls, re-rolls, the apothecary, Regeneration)."""

from __future__ import annotations

from typing import Final

from nuffle.core.dice import Chance, Dice
from nuffle.core.procedures.base import Phases, Procedure
from nuffle.core.state import GameState

CHEF_DICE = 3
CHEF_STEALS_ON = 4


def babes(s: GameState, pid: int) -> int:
    """The KO-recovery bonus of `pid`'s team: +1 per Bloodweiser Babe."""
    return s.specs[s.pteam[pid]].inducements.babes


def push_half_inducements(s: GameState) -> None:
    """Push what happens at the start of a half before its first drive (pushed last runs
    first: the home team's Master Chef cooks first)."""
    for side in (1, 0):
        if s.specs[side].inducements.chef:
            s.push(MasterChef(side))


class MasterChefPhase(Phases):
    """MasterChef: its dice rolled one by one (`rolled` counts them)."""

    ROLLING: Final = 1


class MasterChef(Procedure):
    """A Halfling Master Chef: 3D6, each 4+ steals one team re-roll from the opponent (while he
    has one) for this half."""

    frame = "master_chef"
    phases = MasterChefPhase

    __slots__ = ("hits", "rolled", "side")

    def __init__(self, side: int) -> None:
        super().__init__()
        self.side = side
        self.hits = 0
        self.rolled = 0

    def run(self, s: GameState) -> None:
        if self.phase == MasterChefPhase.ROLLING and s.die() >= CHEF_STEALS_ON:
            self.hits += 1
        if self.rolled < CHEF_DICE:
            self.rolled += 1
            self.phase = MasterChefPhase.ROLLING
            s.request(Chance(Dice.D6, 1, "master chef"))
            return
        mine, theirs = s.teams[self.side], s.teams[1 - self.side]
        stolen = min(self.hits, theirs.rerolls)
        theirs.rerolls -= stolen
        mine.rerolls += stolen
        s.pop()
