"""Block strength: the attacker's strength (Horns), assists (Guard), the number of block
dice, and the attacker's skills that cancel his opponent's (Tackle, Juggernaut). The block
procedure itself is block.py."""

from __future__ import annotations

from nuffle.core.hooks import Point
from nuffle.core.skills import Skill
from nuffle.core.state import GameState

STRENGTH: Point[[GameState, int, int, bool], int] = Point(
    "block.strength",
    "fn(s, attacker, defender, blitz: bool) -> int: asked for the attacker's skills: modifier "
    "to his strength for this block, applied before STRENGTH_ROLL and assists (Horns)",
)
ASSIST: Point[[GameState, int, int], bool] = Point(
    "block.assist",
    "fn(s, helper, target) -> bool: asked for a would-be assister's skills: he gives a block "
    "assist against `target` even while in the tackle zone of other opponents (Guard)",
)
ASSIST_CANCEL: Point[[GameState, int, int], bool] = Point(
    "block.assist_cancel",
    "fn(s, owner, helper) -> bool: asked for the skills of each opponent marking a helper "
    "who would assist by an ASSIST skill (Guard): True if `owner` stops that now (BB2020's "
    "Defensive, in his opponents' turn); the helper then assists only if unmarked",
)
CANCEL: Point[[GameState, int, bool, Skill], bool] = Point(
    "block.cancel",
    "fn(s, attacker, blitz: bool, skill: Skill) -> bool: asked for the attacker's skills: "
    "they stop the opponent from using `skill` against this block (Tackle vs Dodge; "
    "Juggernaut on a Blitz vs Fend, Stand Firm and Wrestle). Consult it through `cancelled`",
)


def cancelled(s: GameState, attacker: int, blitz: bool, skill: Skill) -> bool:
    """Whether the skills of `attacker` (blocking, on a Blitz or not) stop his opponent from
    using `skill` against him. `attacker` may be -1 (no blocker): nothing is cancelled."""
    return attacker >= 0 and CANCEL.any(s.info[attacker].skills, s, attacker, blitz, skill)


def assists(s: GameState, helper_side: int, target: int, opponent: int) -> int:
    """Assists for `helper_side` against `target`: adjacent team-mates exerting a tackle zone
    and not marked by any opponent other than `target` (unless an ASSIST skill says they
    help anyway). `opponent` (the player the helpers' own man faces) is excluded."""
    n = 0
    for q in s.adjacent_players(s.pos[target]):
        if q == opponent or s.pteam[q] != helper_side or not s.exerts_tz(q):
            continue
        fns = ASSIST.fns(s.info[q].skills)
        markers = s.tz_players(s.pos[q], helper_side)
        if fns and any(fn(s, q, target) for fn in fns) and not _assist_cancelled(s, q, markers):
            n += 1
            continue
        marked = False
        for m in markers:
            if m != target:
                marked = True
                break
        if not marked:
            n += 1
    return n


def _assist_cancelled(s: GameState, helper: int, markers: list[int]) -> bool:
    """Whether a player marking `helper` stops his ASSIST skill now (ASSIST_CANCEL)."""
    holders = ASSIST_CANCEL.holders(s.info)
    return bool(holders) and any(
        m in holders and ASSIST_CANCEL.any(s.info[m].skills, s, m, helper) for m in markers)


def assists_when_marked(s: GameState, helper: int, target: int = -1) -> bool:
    """Whether `helper`'s skills let him assist a block on `target` (-1: anyone) even while
    in the tackle zone of other opponents (Guard)."""
    return ASSIST.any(s.info[helper].skills, s, helper, target)


def strength(s: GameState, attacker: int, defender: int, blitz: bool = False) -> int:
    """The attacker's strength for a block before Dauntless and assists (Horns included)."""
    return s.info[attacker].st + STRENGTH.total(s.info[attacker].skills, s, attacker, defender, blitz)


def block_dice(
    s: GameState,
    attacker: int,
    defender: int,
    blitz: bool = False,
    ast: int | None = None,
    dst: int | None = None,
) -> tuple[int, bool]:
    """Number of block dice and whether the attacker chooses. `ast` / `dst` override the two
    strengths before assists (default: `strength` and the defender's ST)."""
    a = (strength(s, attacker, defender, blitz) if ast is None else ast) + assists(
        s, s.pteam[attacker], defender, attacker
    )
    d = (s.info[defender].st if dst is None else dst) + assists(s, s.pteam[defender], attacker, defender)
    if a > 2 * d:
        return 3, True
    if a > d:
        return 2, True
    if a == d:
        return 1, True
    if d > 2 * a:
        return 3, False
    return 2, False
