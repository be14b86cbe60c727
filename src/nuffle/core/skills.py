"""Skills: the enumeration of every LRB6 skill, the BB2020 roster skills LRB6 lacks, and their
names.

The rules of each skill live in `nuffle.core.skill_rules` as handlers attached to the hook
points of the procedures (`nuffle.core.hooks`); see docs/ARCHITECTURE.md.
"""

from __future__ import annotations

from enum import IntEnum

from nuffle.core.errors import InputError


class Skill(IntEnum):
    """Every LRB6 / BB2016 skill, then the BB2020 roster skills and traits LRB6 lacks (appended
    from 126: LRB6's values never change). The BB2020 ones have no handler yet (`BB2020_ONLY`):
    not implemented, and refused where a team needs them."""

    # General
    BLOCK = 0
    DAUNTLESS = 1
    DIRTY_PLAYER = 2
    FEND = 3
    FRENZY = 4
    KICK = 5
    KICK_OFF_RETURN = 6
    PASS_BLOCK = 7
    PRO = 8
    SHADOWING = 9
    STRIP_BALL = 10
    SURE_HANDS = 11
    TACKLE = 12
    WRESTLE = 13
    # Agility
    CATCH = 20
    DIVING_CATCH = 21
    DIVING_TACKLE = 22
    DODGE = 23
    JUMP_UP = 24
    LEAP = 25
    SIDE_STEP = 26
    SNEAKY_GIT = 27
    SPRINT = 28
    SURE_FEET = 29
    # Passing
    ACCURATE = 40
    DUMP_OFF = 41
    HAIL_MARY_PASS = 42
    LEADER = 43
    NERVES_OF_STEEL = 44
    PASS = 45
    SAFE_THROW = 46
    # Strength
    BREAK_TACKLE = 60
    GRAB = 61
    GUARD = 62
    JUGGERNAUT = 63
    MIGHTY_BLOW = 64
    MULTIPLE_BLOCK = 65
    PILING_ON = 66
    STAND_FIRM = 67
    STRONG_ARM = 68
    THICK_SKULL = 69
    # Mutation
    BIG_HAND = 80
    CLAWS = 81
    DISTURBING_PRESENCE = 82
    EXTRA_ARMS = 83
    FOUL_APPEARANCE = 84
    HORNS = 85
    PREHENSILE_TAIL = 86
    TENTACLES = 87
    TWO_HEADS = 88
    VERY_LONG_LEGS = 89
    # Extraordinary
    ALWAYS_HUNGRY = 100
    ANIMOSITY = 101
    BALL_AND_CHAIN = 102
    BLOOD_LUST = 103
    BOMBARDIER = 104
    BONE_HEAD = 105
    CHAINSAW = 106
    DECAY = 107
    FAN_FAVOURITE = 108
    HYPNOTIC_GAZE = 109
    LONER = 110
    MONSTROUS_MOUTH = 111
    NO_HANDS = 112
    NURGLES_ROT = 113
    REALLY_STUPID = 114
    REGENERATION = 115
    RIGHT_STUFF = 116
    SECRET_WEAPON = 117
    STAB = 118
    STAKES = 119
    STUNTY = 120
    SWOOP = 121
    TAKE_ROOT = 122
    THROW_TEAM_MATE = 123
    TITCHY = 124
    WILD_ANIMAL = 125
    # BB2020 roster skills and traits LRB6 has not (no handler yet: not implemented)
    ANIMAL_SAVAGERY = 126
    ARM_BAR = 127
    BRAWLER = 128
    BREATHE_FIRE = 129
    CLOUD_BURSTER = 130
    DEFENSIVE = 131
    DRUNKARD = 132
    HIT_AND_RUN = 133
    IRON_HARD_SKIN = 134
    KICK_TEAM_MATE = 135
    MY_BALL = 136
    ON_THE_BALL = 137
    PICK_ME_UP = 138
    PLAGUE_RIDDEN = 139
    POGO_STICK = 140
    PROJECTILE_VOMIT = 141
    RUNNING_PASS = 142
    SAFE_PAIR_OF_HANDS = 143
    SAFE_PASS = 144
    SWARMING = 145
    TIMMM_BER = 146
    TRICKSTER = 147
    UNCHANNELLED_FURY = 148
    # BB2020 skills no roster starts with (advancement)
    CANNONEER = 149
    FUMBLEROOSKIE = 150
    PILE_DRIVER = 151


#: The BB2020 roster skills and traits LRB6 lacks (all the members from 126 on).
BB2020_ONLY: frozenset[Skill] = frozenset(s for s in Skill if s >= 126)
#: Every LRB6 skill.
LRB6_SKILLS: frozenset[Skill] = frozenset(s for s in Skill if s < 126)

_ALIASES = {"ball & chain": "BALL_AND_CHAIN", "timmm-ber!": "TIMMM_BER"}


def skill_from_name(name: str) -> Skill:
    """Parse a roster skill name such as 'Sure Hands' or 'Bone-head'."""
    key = name.strip().lower()
    ident = _ALIASES.get(key) or key.replace("-", "_").replace(" ", "_").replace("'", "").upper()
    if ident not in Skill.__members__:
        raise InputError(f"unknown skill {name!r}")
    return Skill[ident]


def skill_label(skill: Skill) -> str:
    """Readable name of a skill, e.g. 'Sure Hands'."""
    return skill.name.replace("_", " ").title()


# --- injury results (the table itself and its skills live in procedures/injury.py) ---------

STUNNED, KO, BADLY_HURT, CASUALTY = 0, 1, 2, 3



