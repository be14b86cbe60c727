"""The match report's events: `ReportEvent`, its `EventKind`, and block dice decoding."""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

# How the ball came down (`EventKind.BALL_LANDS`'s value).
LANDING_FROM_AIR = 0  # a pass (or where it scattered to)
LANDING_KICK = 1  # the kick-off
LANDING_THROW_IN = 2  # thrown back in by the crowd


class EventKind(Enum):
    """The kinds of line in a match report."""

    KICK_OR_RECEIVE = "kick_or_receive"
    WEATHER = "weather"
    HALF = "half"  # a half starts (value: 1 or 2; half-time before the second)
    KICK_OFF = "kick_off"  # the kick-off table result (value: the 2D6 total)
    TURN = "turn"  # a team turn starts (value: its turn number)
    ACTION = "action"  # a player declares an action (value: the ActionType)
    TARGET = "target"  # a targeted action (pass, hand-off, foul, Leap, ...) on a square or player
    ROLL = "roll"  # a player's D6 roll (value: RollKind; die, need)
    BLOCK = "block"  # block dice rolled (target: the defender; faces; attacker_chooses)
    BLOCK_FACE = "block_face"  # the block die chosen (value: the ActionType SELECT_*)
    FOLLOW_UP = "follow_up"
    REROLL = "reroll"  # a team re-roll, a skill re-roll or Pro used (value: the ActionType)
    SKILL = "skill"  # a skill used at the coach's choice (skill: its name)
    ARMOUR = "armour"  # value: the total; ok: broken
    INJURY = "injury"  # value: the dice total; result: STUNNED / KO / BADLY_HURT / CASUALTY
    CASUALTY = "casualty"  # value: the D68 result
    APOTHECARY = "apothecary"
    BRIBE = "bribe"
    SENT_OFF = "sent_off"
    PICK_UP = "pick_up"  # ok: he holds the ball
    CATCH = "catch"  # ok: he holds the ball
    TOUCHDOWN = "touchdown"  # score: (home, away) after it
    TURNOVER = "turnover"  # cause: a few words, or ""
    FINAL_WHISTLE = "final_whistle"  # score: the final score
    SPELL = "spell"  # a team calls on its Wizard (value: the ActionType USE_FIREBALL / USE_LIGHTNING_BOLT)
    STAND_UP = "stand_up"  # a player stands up
    MOVE = "move"  # a player moves to `square`
    LANDED = "landed"  # a thrown player comes down on `square` (after the scatter)
    BALL_LANDS = "ball_lands"  # the ball comes down on `square` (None: a touchback); value: a LANDING_*
    BOUNCE = "bounce"  # the ball bounces to `square` (None: off the pitch); value: types.BOUNCE_*
    KICK_OFF_SIDE = "kick_off_side"  # who a kick-off result favours (side -1: both); value: its 2D6
    # total; rolls: the home and away roll-off totals, (0, 0) without one
    CROWD = "crowd"  # a player pushed into the crowd from `square`; ok: he held the ball


@dataclass(frozen=True)
class ReportEvent:
    """One event of a match, with the fields its kind uses (the rest keep their defaults)."""

    kind: EventKind
    side: int = -1  # the team concerned (0 home, 1 away), or -1
    player: int = -1  # the player concerned, or -1
    target: int = -1  # the other player (defender, receiver, victim), or -1
    value: int = 0  # the kind's number (see EventKind)
    die: int = 0  # a D6 roll's die
    need: int = 0  # the lowest face that succeeds (7: none)
    ok: bool = True  # success, armour broken, ball held
    result: int = -1  # an injury result; a pass or throw roll: 1 fumbled, 0 not (-1: a natural 1 rule)
    faces: tuple[int, ...] = ()  # block dice faces
    attacker_chooses: bool = True
    square: tuple[int, int] | None = None
    score: tuple[int, int] = (0, 0)
    half: int = 0  # the half it happened in
    cause: str = ""  # a turnover's cause
    skill: str = ""  # the skill used, as the engine names it
    rolls: tuple[int, int] = (0, 0)  # a kick-off roll-off: the home and away totals
    action: int = -1  # the ActionType that declared the player action under way (a block: Blitz?);
    # a pass roll: the throw it is (PASS or THROW_TEAM_MATE), or -1


def decode_block(code: int) -> tuple[tuple[int, ...], bool]:
    """The faces and who chooses from `nuffle.core.types.block_dice_code`."""
    chooser, rest = code & 1, code >> 1
    faces = []
    while rest:
        faces.append(rest % 6 - 1)
        rest //= 6
    return tuple(faces), bool(chooser)
