"""Zap! (BB2020, RULES §15): the Wizard's second spell where the ruleset says so
(`Ruleset.wizard == "zap"`), in place of LRB6's Lightning Bolt.

Cast as the Lightning Bolt is (`USE_LIGHTNING_BOLT` in the turn's `SELECT_ACTION`, then
`DK.WIZARD`; procedures/wizard.py), it names one opposing player on the pitch, standing, prone
or stunned. One D6, no re-roll: on his ST or more (never on a 1, always on a 6) he becomes a
frog for the rest of the match (`turn_into_frog`): the frog's characteristics and skills
replace his, he keeps his square, state and what he has done this turn, and a ball he held
bounces from his square. docs/RULES_NOTES.md (BB2020, inducements) records the choices.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Final

from nuffle.core.skills import Skill
from nuffle.core.state import GameState

#: The frog's profile: MA 5, ST 1, AG 2+, PA -, AV 5+ (BB2020's X of "X+"; PA 0: none).
FROG_MA: Final = 5
FROG_ST: Final = 1
FROG_AG: Final = 2
FROG_PA: Final = 0
FROG_AV: Final = 5
FROG_SKILLS: Final = frozenset({Skill.DODGE, Skill.LEAP, Skill.NO_HANDS, Skill.STUNTY, Skill.TITCHY,
                                Skill.VERY_LONG_LEGS})
#: `PlayerInfo.marks` bit of a frog: prayer 1's bit, which no prayer's gift uses (Treacherous
#: Trapdoor marks nobody; procedures/prayers.GIFT_BITS), so the bridge and positions carry it.
FROG_MARK: Final = 1


def zap_targets(s: GameState, side: int) -> tuple[int, ...]:
    """The players `side`'s Zap! may name: every opposing player on the pitch (any state),
    but not one already a frog."""
    return tuple(p for p in s.ranges[1 - side] if s.pos[p] >= 0 and not s.info[p].marks & FROG_MARK)


def zap_need(s: GameState, pid: int) -> int:
    """The D6 that zaps `pid`: his ST or more, 2 to 6."""
    return max(2, min(6, s.info[pid].st))


def turn_into_frog(s: GameState, pid: int) -> None:
    """Player `pid` becomes a frog for the match: the frog's characteristics and skills (and
    no prayer's gift: his marks are the frog's alone)."""
    p = s.info[pid]
    frog = replace(p, ma=FROG_MA, st=FROG_ST, ag=FROG_AG, pa=FROG_PA, av=FROG_AV,
                   skills=s.rules.skill_set(FROG_SKILLS), values=(), marks=FROG_MARK)
    s.info = (*s.info[:pid], frog, *s.info[pid + 1:])
