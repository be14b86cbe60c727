"""What is being decided, as public data: `DecisionKind` and the frozen `Decision` record.

Every procedure that waits for a coach names the kind of decision when it calls
`GameState.wait(side, kind)`; `Game.decision()` turns that into a `Decision`, adding the player,
the roll or the block it concerns from the waiting procedure (`Procedure.decision_detail`).
Environments use the kind for their procedure one-hot, the web page to pick its prompt, the
competition protocol to name the decision in JSON, and bots instead of procedure class names.
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from enum import IntEnum
from typing import Any

from nuffle.core.actions import ActionType
from nuffle.core.skills import Skill
from nuffle.core.types import RollKind


class DecisionKind(IntEnum):
    """Every kind of decision the engine can ask of a coach (values are stable)."""

    NONE = 0  # nobody decides: a chance node, the engine running, or the game is over
    KICK_OR_RECEIVE = 1  # the coin-toss winner chooses to kick or to receive
    SETUP = 2  # place players (or end the set-up); also Perfect Defence and Quick Snap set-ups
    KICK_TARGET = 3  # the kicking coach places the ball
    KICK_DISTANCE = 4  # Kick: keep the scatter distance or take the other one
    TOUCHBACK = 5  # the receiving coach gives a touchback to a player
    HIGH_KICK = 6  # the receiving coach may move a player under the high kick
    QUICK_SNAP = 7  # the receiving coach moves players one square each
    KICK_OFF_RETURN = 8  # Kick-Off Return: choose the player, then his squares
    SELECT_ACTION = 9  # start a player action (player x action type) or end the turn
    MOVE = 10  # the acting player's next step: a square, a target, or ending the action
    REROLL = 11  # a failed roll: team re-roll, skill re-roll, Pro, or accept it
    USE_SKILL = 12  # use a skill now or not (Diving Catch, Piling On, Strip Ball, Fend, ...)
    REACTION = 13  # the other coach picks which player reacts (Shadowing, Tentacles, ...)
    DIVING_TACKLE = 14  # the other coach may have a player Diving Tackle the dodger
    BLOCK_DICE = 15  # choose a block die face (or re-roll the block dice)
    BLOCK_RESULT = 16  # a skill may change the chosen face's effect (Wrestle, Juggernaut, ...)
    PUSH = 17  # choose the square a pushed player goes to
    STAND_FIRM = 18  # the pushed player's coach may stand firm
    FOLLOW_UP = 19  # the attacker follows up or stays
    FORBID_FOLLOW_UP = 20  # a skill may stop the attacker following up (Fend)
    MULTIPLE_BLOCK = 21  # choose the second defender of a Multiple Block
    DUMP_OFF = 22  # the blocked ball carrier may first make a Quick pass
    INTERCEPTOR = 23  # the defending coach chooses who tries to intercept (or nobody)
    PASS_BLOCK = 24  # Pass Block: move a player up to three squares
    ANIMOSITY_TARGET = 25  # Animosity failed: choose a team-mate of the same race instead
    SWOOP = 26  # Swoop: choose the direction the thrown player swoops
    THROW_ON = 27  # a player who caught a bomb throws it on (or drops it)
    FEED = 28  # Blood Lust: choose the Thrall to bite (Animal Savagery: the team-mate to lash out at)
    ARMOUR_BONUS = 29  # a skill's armour bonus may be spent on this roll (Dirty Player, ...)
    APOTHECARY = 30  # use the apothecary on a casualty or KO
    BRIBE = 31  # use a bribe on a send-off
    WIZARD = 32  # the wizard's target: a square for a Fireball, a standing player for a Lightning Bolt


#: The kinds a coach can be asked (every kind but NONE), in enum order.
COACH_KINDS: tuple[DecisionKind, ...] = tuple(k for k in DecisionKind if k != DecisionKind.NONE)

_SIDES = ("home", "away")


@dataclass(frozen=True, slots=True)
class Decision:
    """What the coach of `side` decides now: its `kind`, the acting `player`, the other player
    it concerns (`target`: the defender, the pushed player, the catcher), the `skill` on offer,
    the failed `roll` with the number it `need`ed, for blocks the `dice` count and the
    `faces` rolled, the player `action` under way (e.g. `ActionType.START_BLITZ`) with the squares
    `moved` so far, and the `square` it concerns (a follow-up's destination). Fields that do
    not apply are None (or empty).

    A waiting procedure's `decision_detail` returns one without `kind` and `side`;
    `Game.decision()` fills them in."""

    kind: DecisionKind = DecisionKind.NONE
    side: int | None = None
    player: int | None = None
    target: int | None = None
    skill: Skill | None = None
    roll: RollKind | None = None
    need: int | None = None
    dice: int | None = None
    faces: tuple[int, ...] = ()
    action: ActionType | None = None
    moved: int | None = None
    square: tuple[int, int] | None = None

    @property
    def side_name(self) -> str | None:
        """'home' or 'away' (None when nobody decides)."""
        return None if self.side is None else _SIDES[self.side]

    def to_json(self) -> dict[str, Any]:
        """A JSON-ready dict of every field: the kind by name, the side as 'home'/'away', the
        faces and the square as lists."""
        out = {f.name: getattr(self, f.name) for f in fields(self)}
        out["kind"] = self.kind.name
        for name in ("skill", "roll", "action"):  # enums by name, as the protocol has them
            value = out[name]
            out[name] = None if value is None else value.name
        out["side"] = self.side_name
        out["faces"] = list(self.faces)
        out["square"] = None if self.square is None else list(self.square)
        return out


NO_DECISION = Decision(DecisionKind.NONE)
