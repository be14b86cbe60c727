"""BB2020's own Kick handler (the BB2020 ruleset's; LRB6's elsewhere), and the kicking player.

BB2020's kicking team nominates a kicking player not on the line of scrimmage and not in a wide
zone, or, if it has none, one on the line of scrimmage (RULES §5.3); Kick lets the nominated
kicker halve the kick's deviation, rounding down. The nomination has no other effect on the
engines, so it is implicit (as FFB's): a Kick player among the players who may be nominated is
taken to be the kicker. The C++ twins are in skill_rules/kickoff_skills.hpp.
"""

from __future__ import annotations

from nuffle.core.procedures.kickoff import KICK_DISTANCE
from nuffle.core.ruleset import BB2020, own_handler
from nuffle.core.skills import Skill
from nuffle.core.state import GameState
from nuffle.core.types import Status


def kickers(s: GameState) -> tuple[int, ...]:
    """The kicking team's players who may be nominated to kick: standing players off the line
    of scrimmage and out of the wide zones; if none, those on the line of scrimmage; if none
    either, any standing player."""
    b = s.board
    side = s.kicking
    standing = [p for p in s.on_pitch(side) if s.status[p] == Status.STANDING]
    los = b.los[side]
    off = tuple(p for p in standing if s.pos[p] not in los and not b.wide[s.pos[p]])
    if off:
        return off
    on_los = tuple(p for p in standing if s.pos[p] in los)
    return on_los or tuple(standing)


@own_handler(BB2020.name, KICK_DISTANCE.name, Skill.KICK)
def _kick(s: GameState, pid: int, dist: int) -> int | None:
    """The kick deviates half as far, rounded down, if this player may be the kicker."""
    return dist // 2 if pid in kickers(s) else None
