"""Exact block-dice odds: the chooser's pick, skills, re-rolls and the derived bot figures.

A block die shows one of six faces (TABLES §4). Each face becomes an effective `BlockResult`
once Block, Dodge, Tackle and Wrestle are applied (RULES §9.3, SKILLS). The chooser ranks results
by a preference order (a parameter); the attacker first prefers results meeting his goal.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from enum import Enum
from fractions import Fraction
from functools import cache, lru_cache
from itertools import product

from nuffle.core.errors import InputError
from nuffle.core.types import BLOCK_DIE_FACES, BlockFace

ONE = Fraction(1)
HALF = Fraction(1, 2)


class BlockResult(Enum):
    """What a chosen block face does once skills are applied."""

    ATTACKER_DOWN = "attacker_down"  # attacker knocked down, defender standing
    BOTH_DOWN = "both_down"  # both knocked down (armour rolls, turnover)
    BOTH_PRONE = "both_prone"  # Wrestle: both placed prone, no armour roll
    NO_EFFECT = "no_effect"  # Both Down with Block on both sides: nothing happens
    PUSHED = "pushed"  # defender pushed, still standing
    DEFENDER_DOWN = "defender_down"  # defender knocked down (pushed or not), attacker standing


#: Default attacker ranking, best first.
ATTACKER_PREFERENCE: tuple[BlockResult, ...] = (
    BlockResult.DEFENDER_DOWN,
    BlockResult.PUSHED,
    BlockResult.NO_EFFECT,
    BlockResult.BOTH_PRONE,
    BlockResult.BOTH_DOWN,
    BlockResult.ATTACKER_DOWN,
)
#: Default defender ranking, best first: a turnover beats staying up, staying up beats falling.
DEFENDER_PREFERENCE: tuple[BlockResult, ...] = (
    BlockResult.ATTACKER_DOWN,
    BlockResult.BOTH_DOWN,
    BlockResult.BOTH_PRONE,
    BlockResult.NO_EFFECT,
    BlockResult.PUSHED,
    BlockResult.DEFENDER_DOWN,
)

#: Block goals: the set of results that count as success.
GOALS: dict[str, frozenset[BlockResult]] = {
    # attacker not Knocked Down (no turnover; a Wrestle placing him prone counts)
    "safe": frozenset({BlockResult.BOTH_PRONE, BlockResult.NO_EFFECT, BlockResult.PUSHED,
                       BlockResult.DEFENDER_DOWN}),
    # attacker still standing (needed to keep acting, e.g. after a blitz)
    "up": frozenset({BlockResult.NO_EFFECT, BlockResult.PUSHED, BlockResult.DEFENDER_DOWN}),
    # defender knocked down and attacker standing
    "kd": frozenset({BlockResult.DEFENDER_DOWN}),
}

ATTACKER_FELL = frozenset({BlockResult.ATTACKER_DOWN, BlockResult.BOTH_DOWN, BlockResult.BOTH_PRONE})
DEFENDER_FELL = frozenset({BlockResult.DEFENDER_DOWN, BlockResult.BOTH_DOWN, BlockResult.BOTH_PRONE})
DEFENDER_KNOCKED_DOWN = frozenset({BlockResult.DEFENDER_DOWN, BlockResult.BOTH_DOWN})

#: The five distinct faces with their multiplicity on a D6 block die.
FACE_WEIGHTS: tuple[tuple[BlockFace, int], ...] = tuple(
    (f, BLOCK_DIE_FACES.count(f)) for f in sorted(set(BLOCK_DIE_FACES))
)
#: Tie-break between faces giving the same result: the later face in this tuple wins.
_FACE_ORDER = (BlockFace.ATTACKER_DOWN, BlockFace.BOTH_DOWN, BlockFace.PUSHED,
               BlockFace.DEFENDER_STUMBLES, BlockFace.DEFENDER_DOWN)


@dataclass(frozen=True)
class BlockSkills:
    """The block-relevant abilities of one player, named after the LRB6 skills that give them
    (live positions take them from the engine: `queries.block_odds`, core's `face_rules`).

    `block`: he stays up on Both Down. `dodge`: Defender Stumbles only pushes him. `tackle`: he
    cancels the opponent's `dodge`. `wrestle`: he may place both players prone on Both Down.
    `juggernaut` (the attacker): he may take Both Down as a push."""

    block: bool = False
    dodge: bool = False
    tackle: bool = False
    wrestle: bool = False
    juggernaut: bool = False


NO_SKILLS = BlockSkills()


def face_result(face: BlockFace, attacker: BlockSkills = NO_SKILLS,
                defender: BlockSkills = NO_SKILLS) -> BlockResult:
    """The effective result of one face.

    Wrestle is used by its owner only when he lacks Block (he would otherwise be knocked down);
    it then places both players prone. An attacker with `juggernaut` takes Both Down as a push
    when he likes a push better (by `ATTACKER_PREFERENCE`).
    """
    if face == BlockFace.BOTH_DOWN and attacker.juggernaut:
        plain = face_result(face, replace(attacker, juggernaut=False), defender)
        return min(plain, BlockResult.PUSHED, key=ATTACKER_PREFERENCE.index)
    if face == BlockFace.ATTACKER_DOWN:
        return BlockResult.ATTACKER_DOWN
    if face == BlockFace.PUSHED:
        return BlockResult.PUSHED
    if face == BlockFace.DEFENDER_STUMBLES:
        if defender.dodge and not attacker.tackle:
            return BlockResult.PUSHED
        return BlockResult.DEFENDER_DOWN
    if face == BlockFace.DEFENDER_DOWN:
        return BlockResult.DEFENDER_DOWN
    # Both Down
    if (attacker.wrestle and not attacker.block) or (defender.wrestle and not defender.block):
        return BlockResult.BOTH_PRONE
    if attacker.block and defender.block:
        return BlockResult.NO_EFFECT
    if attacker.block:
        return BlockResult.DEFENDER_DOWN
    if defender.block:
        return BlockResult.ATTACKER_DOWN
    return BlockResult.BOTH_DOWN


@dataclass(frozen=True)
class BlockOdds:
    """Exact distribution of one block (after any re-roll) and the figures bots need."""

    faces: dict[BlockFace, Fraction]
    results: dict[BlockResult, Fraction]
    carrier: str | None = None
    goal: str = "safe"
    success: Fraction = field(default=Fraction(0))

    @property
    def attacker_up(self) -> Fraction:
        """P(the attacker is still standing)."""
        return sum((p for r, p in self.results.items() if r not in ATTACKER_FELL), Fraction(0))

    @property
    def defender_down(self) -> Fraction:
        """P(the defender is Knocked Down and the attacker stays up), as in TABLES §4."""
        return self.results.get(BlockResult.DEFENDER_DOWN, Fraction(0))

    @property
    def defender_armour(self) -> Fraction:
        """P(the defender is Knocked Down at all (armour roll), Both Down included)."""
        return sum((p for r, p in self.results.items() if r in DEFENDER_KNOCKED_DOWN), Fraction(0))

    @property
    def ball_lost(self) -> Fraction:
        """P(the ball carrier ("attacker"/"defender") ends on the ground); 0 without a carrier."""
        fell = {"attacker": ATTACKER_FELL, "defender": DEFENDER_FELL}.get(self.carrier or "")
        if fell is None:
            return Fraction(0)
        return sum((p for r, p in self.results.items() if r in fell), Fraction(0))


def _check_block(dice: int, goal: str, preference: tuple[BlockResult, ...] | None) -> None:
    if dice not in (1, 2, 3):
        raise InputError(f"block dice must be 1, 2 or 3, not {dice}")
    if goal not in GOALS:
        raise InputError(f"unknown block goal {goal!r}; use one of {', '.join(GOALS)}")
    if preference is not None and set(preference) != set(BlockResult):
        raise InputError("a preference must rank every BlockResult exactly once")


@cache
def _chosen_faces(dice: int, attacker_chooses: bool, attacker: BlockSkills, defender: BlockSkills,
                  goal: str, preference: tuple[BlockResult, ...]) -> dict[BlockFace, Fraction]:
    """Distribution of the face the chooser picks from one roll of `dice` dice."""
    wanted = GOALS[goal]
    rank = {r: i for i, r in enumerate(preference)}

    def key(face: BlockFace) -> tuple[int, int, int]:
        res = face_result(face, attacker, defender)
        missed = 1 if (attacker_chooses and res not in wanted) else 0
        return (missed, rank[res], -_FACE_ORDER.index(face))

    total = 6**dice
    out: dict[BlockFace, Fraction] = {}
    for combo in product(FACE_WEIGHTS, repeat=dice):
        ways = 1
        for _, w in combo:
            ways *= w
        best = min((f for f, _ in combo), key=key)
        out[best] = out.get(best, Fraction(0)) + Fraction(ways, total)
    return out


def block_success(dice: int, attacker_chooses: bool = True, *, attacker: BlockSkills = NO_SKILLS,
                  defender: BlockSkills = NO_SKILLS, goal: str = "safe",
                  preference: tuple[BlockResult, ...] | None = None) -> Fraction:
    """P(one roll of the block dice meets `goal`), no re-roll."""
    return block_odds(dice, attacker_chooses, attacker=attacker, defender=defender, goal=goal,
                      preference=preference).success


def block_odds(dice: int, attacker_chooses: bool = True, *, attacker: BlockSkills = NO_SKILLS,
               defender: BlockSkills = NO_SKILLS, team_reroll: bool = False, pro: bool = False,
               loner: bool = False, goal: str = "safe",
               preference: tuple[BlockResult, ...] | None = None,
               carrier: str | None = None) -> BlockOdds:
    """Exact block odds with optimal choice and an optional re-roll.

    The answer depends on the arguments alone, so it is computed once per distinct call and
    shared (a `BlockOdds` is frozen; treat its dicts as read-only)."""
    return _block_odds(dice, attacker_chooses, attacker, defender, team_reroll, pro, loner, goal,
                       None if preference is None else tuple(preference), carrier)


@lru_cache(maxsize=4096)
def _block_odds(dice: int, attacker_chooses: bool, attacker: BlockSkills, defender: BlockSkills,
                team_reroll: bool, pro: bool, loner: bool, goal: str,
                preference: tuple[BlockResult, ...] | None, carrier: str | None) -> BlockOdds:
    """`block_odds`, computed.

    `preference` ranks results best-first for the chooser (default `ATTACKER_PREFERENCE` or
    `DEFENDER_PREFERENCE`). The attacker first picks a face meeting `goal` ("safe", "up", "kd"),
    then by preference; the defender picks by preference only. With a re-roll source the whole roll
    is re-rolled when the chosen result fails the goal: a team re-roll always (Loner: 4+), Pro on 4+.
    `carrier` ("attacker", "defender" or None) drives `ball_lost`.
    """
    _check_block(dice, goal, preference)
    if carrier not in (None, "attacker", "defender"):
        raise InputError(f"carrier must be 'attacker', 'defender' or None, not {carrier!r}")
    pref = preference or (ATTACKER_PREFERENCE if attacker_chooses else DEFENDER_PREFERENCE)
    first = _chosen_faces(dice, attacker_chooses, attacker, defender, goal, pref)
    wanted = GOALS[goal]
    allow = Fraction(0)
    if team_reroll:
        allow = HALF if loner else ONE
    if pro:
        allow = max(allow, HALF)
    faces: dict[BlockFace, Fraction] = {}
    p_fail = Fraction(0)
    for face, p in first.items():
        if face_result(face, attacker, defender) in wanted:
            faces[face] = faces.get(face, Fraction(0)) + p
        else:
            p_fail += p
            faces[face] = faces.get(face, Fraction(0)) + p * (1 - allow)
    for face, p in first.items():
        faces[face] = faces.get(face, Fraction(0)) + p_fail * allow * p
    faces = {f: p for f, p in faces.items() if p}
    results: dict[BlockResult, Fraction] = {}
    for face, p in faces.items():
        res = face_result(face, attacker, defender)
        results[res] = results.get(res, Fraction(0)) + p
    success = sum((p for r, p in results.items() if r in wanted), Fraction(0))
    return BlockOdds(faces=faces, results=results, carrier=carrier, goal=goal, success=success)
