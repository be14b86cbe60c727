"""Small enumerations and constants shared by the whole engine."""

from __future__ import annotations

from enum import IntEnum, IntFlag
from typing import Final

HOME = 0
AWAY = 1
CHANCE = 2
NOBODY = 3  # the game is over
RUNNING = -1  # internal: the engine is still advancing

SIDE_NAMES = ("home", "away", "chance", "nobody")


class Decider(IntEnum):
    """Who decides now (`Game.decider`): a side, chance, or nobody once the game is over. An int
    (it equals HOME, AWAY, CHANCE or NOBODY above); as text it is 'home', 'away', 'chance' or
    'nobody'."""

    HOME = 0
    AWAY = 1
    CHANCE = 2
    NOBODY = 3

    def __str__(self) -> str:
        return SIDE_NAMES[self]

    def __format__(self, spec: str) -> str:
        return format(SIDE_NAMES[self], spec)


#: `Decider` by its value (a tuple lookup: the engines ask it at every step).
DECIDERS: tuple[Decider, ...] = tuple(Decider)


def other(side: int) -> int:
    """The opposing side of `side` (home <-> away)."""
    return 1 - side


class Status(IntEnum):
    """Where a player is and, on the pitch, his posture."""

    RESERVE = 0
    STANDING = 1
    PRONE = 2
    STUNNED = 3
    KO = 4
    CASUALTY = 5
    SENT_OFF = 6


ON_PITCH = (Status.STANDING, Status.PRONE, Status.STUNNED)


class PFlag(IntFlag):
    """Bit flags kept per player in `GameState.pflags`: the named, typed flags of the API
    (`GameState.flags`). The engine's hot code uses their plain-int copies in `PF`: an
    operation on an IntFlag member costs some thirty times one on an int."""

    USED = 1  # has taken (or lost) his action this team turn
    DISTRACTED = 2  # failed Bone-head / Really Stupid: no tackle zone
    HEAT = 4  # heat-exhausted: may not be set up for the next kick-off
    JUST_STUNNED = 8  # stunned during his own team's turn: not turned over at its end
    PLAYED = 16  # took part in the current drive
    DODGE_USED = 32  # used the Dodge skill re-roll this team turn
    SURE_FEET_USED = 64  # used the Sure Feet skill re-roll this team turn
    PRO_USED = 128  # used Pro this team turn
    BREAK_TACKLE_USED = 256  # used Break Tackle this team turn
    ROOTED = 512  # failed Take Root: may not move until the drive ends or he is knocked down
    HYPNOTISED = 1024  # hit by Hypnotic Gaze: no tackle zone until his next action
    MUST_FEED = 2048  # failed Blood Lust: must bite a Thrall before the action ends
    LEAP_USED = 4096  # has leapt during his current action
    SKILL_USED = 8192  # a once-per-turn skill other than the above was used this turn
    NO_TZ = DISTRACTED | HYPNOTISED  # flags that take the tackle zone away
    PER_TURN = USED | DODGE_USED | SURE_FEET_USED | PRO_USED | BREAK_TACKLE_USED | LEAP_USED | SKILL_USED
    CLEARED_AT_DRIVE_END = (
        HEAT | DISTRACTED | HYPNOTISED | ROOTED | MUST_FEED | PER_TURN | PLAYED | JUST_STUNNED
    )


class PF:
    """`PFlag`'s members as plain ints (same names and values), for the engine's hot code."""

    USED: Final = int(PFlag.USED)
    DISTRACTED: Final = int(PFlag.DISTRACTED)
    HEAT: Final = int(PFlag.HEAT)
    JUST_STUNNED: Final = int(PFlag.JUST_STUNNED)
    PLAYED: Final = int(PFlag.PLAYED)
    DODGE_USED: Final = int(PFlag.DODGE_USED)
    SURE_FEET_USED: Final = int(PFlag.SURE_FEET_USED)
    PRO_USED: Final = int(PFlag.PRO_USED)
    BREAK_TACKLE_USED: Final = int(PFlag.BREAK_TACKLE_USED)
    ROOTED: Final = int(PFlag.ROOTED)
    HYPNOTISED: Final = int(PFlag.HYPNOTISED)
    MUST_FEED: Final = int(PFlag.MUST_FEED)
    LEAP_USED: Final = int(PFlag.LEAP_USED)
    SKILL_USED: Final = int(PFlag.SKILL_USED)
    NO_TZ: Final = int(PFlag.NO_TZ)
    PER_TURN: Final = int(PFlag.PER_TURN)
    CLEARED_AT_DRIVE_END: Final = int(PFlag.CLEARED_AT_DRIVE_END)


class Weather(IntEnum):
    """The five weather results."""

    SWELTERING_HEAT = 0
    VERY_SUNNY = 1
    NICE = 2
    POURING_RAIN = 3
    BLIZZARD = 4


class BallState(IntEnum):
    """Where the ball is."""

    NONE = 0  # not in play (between drives)
    ON_GROUND = 1
    CARRIED = 2
    IN_AIR = 3  # kicked, not landed yet


class BlockFace(IntEnum):
    """The faces of a block die."""

    ATTACKER_DOWN = 0
    BOTH_DOWN = 1
    PUSHED = 2
    DEFENDER_STUMBLES = 3
    DEFENDER_DOWN = 4


BLOCK_DIE_FACES = (
    BlockFace.ATTACKER_DOWN,
    BlockFace.BOTH_DOWN,
    BlockFace.PUSHED,
    BlockFace.PUSHED,
    BlockFace.DEFENDER_STUMBLES,
    BlockFace.DEFENDER_DOWN,
)


class RollKind(IntEnum):
    """Kinds of single-D6 player rolls; skills attach re-rolls and modifiers to kinds."""

    DODGE = 0
    GFI = 1
    PICKUP = 2
    CATCH = 3
    INTERCEPTION = 4
    PASS = 5
    STAND_UP = 6
    BONE_HEAD = 7
    REALLY_STUPID = 8
    ALWAYS_HUNGRY = 9
    LANDING = 10
    LONER = 11
    PRO = 12
    WILD_ANIMAL = 13
    BLOOD_LUST = 14
    TAKE_ROOT = 15
    ANIMOSITY = 16
    LEAP = 17
    JUMP_UP = 18
    HYPNOTIC_GAZE = 19
    SAFE_THROW = 20
    FOUL_APPEARANCE = 21
    DAUNTLESS = 22
    CHAINSAW = 23
    REGENERATION = 24
    BOMB = 25
    HAIL_MARY = 26
    SHADOWING = 27
    TENTACLES = 28
    KICK_OFF_RETURN = 29


class Event(IntEnum):
    """Forced events noted in `GameState.log` (decisions are logged by `Game.step`)."""

    DECISION = 0  # pid = action type, sq = player, ok = flat square or -1
    PICK_UP = 1
    CATCH = 2
    SCORE = 3
    STAND_UP = 4
    # Events for the match report (nuffle.report); the fields are (event, a, b, c):
    ROLL = 5  # a player's D6 roll: pid, RollKind, die * 8 + the lowest face that succeeds
    BLOCK = 6  # block dice rolled: attacker, defender, block_dice_code(faces, attacker chooses)
    ARMOUR = 7  # an armour roll: pid, modified total, broken (1) or held (0)
    INJURY = 8  # an injury roll: pid, dice total, result (skills.STUNNED / KO / BADLY_HURT / CASUALTY)
    CASUALTY = 9  # a casualty roll: pid, D68 result, 0
    KICKOFF = 10  # the kick-off table: -1, 2D6 total (Kickoff), 0
    TURNOVER = 11  # a turn ends in a turnover: the side, -1, 0
    WEATHER = 12  # the weather is rolled: -1, the new Weather, 0
    HALF = 13  # a half begins: -1, the half (1 or 2), 0
    LAND = 14  # the ball comes down from the air (kick, pass, throw-in): -1, the square (-1: a kick out of
    # the receiving half, a touchback), 1 for the kick-off else 0
    BOUNCE = 15  # the ball bounces: -1, the square it bounces to (-1: off the pitch), BOUNCE_* where it ends
    KICKOFF_SIDE = 16  # a kick-off result's beneficiary: the side (-1: both), the home and away roll-off
    # totals (0, 0 without a roll-off); logged by Blitz!, Quick Snap!, Perfect Defence, High Kick and the
    # roll-offs of Cheering Fans, Brilliant Coaching and Throw a Rock (the side winning it)
    CROWD = 17  # a player pushed into the crowd: pid, the square he was pushed from, 1 if he held the ball
    PRAYER = 18  # BB2020: a team is given a prayer to Nuffle: the side, the D16 result, 0


# Where a bounce leaves the ball (`Event.BOUNCE`'s last field).
BOUNCE_OUT: Final = 0  # off the pitch: the crowd throws it back in
BOUNCE_IN_PLAY: Final = 1  # on the pitch, in play
BOUNCE_TOUCHBACK: Final = 2  # a kick-off's bounce leaving the receiving half: a touchback


def block_dice_code(faces: tuple[int, ...], attacker_chooses: bool) -> int:
    """Block dice as one int for `Event.BLOCK`: bit 0 who chooses, then faces in base 6 (+1)."""
    code = 0
    for f in reversed(faces):
        code = code * 6 + f + 1
    return code * 2 + int(attacker_chooses)
