"""Blood Bowl as a Markov decision process: action classes, composite actions, transitions.

* Every decision and forced event is a `Primitive`, labelled by the two classes of the model
  in Humeau et al. (IEEE CoG 2021): whether it depends on a dice roll (D+) or not (D-), and
  whether it is *chosen*, *forced*, or a *dice-dependent choice* (a choice that only exists
  because of a roll's result).
* A player action (MOVE, BLOCK, BLITZ, FOUL, PASS, HAND-OFF, plus Throw Team-Mate) is a
  `Composite`: a sequence of primitives; `explain(game)` returns the primitives of the current
  (or just completed) player action and `composite_of` checks them against its grammar.
* `outcomes(game, action)` is the exact transition distribution T(s, a, ·) as
  `[(probability, next_game)]` (see `Game.outcomes`).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from enum import Enum

from nuffle.core.actions import Action, ActionType
from nuffle.core.decision import DecisionKind
from nuffle.core.errors import InputError
from nuffle.core.game import Game
from nuffle.core.records import Transition
from nuffle.core.types import Decider, Event

CHOSEN = "chosen"
FORCED = "forced"
DICE_CHOICE = "dice-dependent choice"


class Primitive(Enum):
    """Primitive actions and events of the model, with their classes.

    Value: (short code for grammars, depends on dice, choice class).
    """

    ACTIVATE = ("A", False, CHOSEN)
    STAND_UP = ("U", True, CHOSEN)
    MOVE_SQUARE = ("M", True, CHOSEN)
    BLOCK = ("B", True, CHOSEN)
    PASS = ("P", True, CHOSEN)
    HAND_OFF = ("H", True, CHOSEN)
    FOUL = ("F", True, CHOSEN)
    THROW_TEAM_MATE = ("T", True, CHOSEN)
    END_ACTION = ("E", False, CHOSEN)
    END_TURN = ("N", False, CHOSEN)
    PICK_UP = ("k", True, FORCED)
    CATCH = ("c", True, FORCED)
    SCORE = ("s", False, FORCED)
    REROLL = ("r", True, DICE_CHOICE)
    CHOOSE_BLOCK_DIE = ("d", False, DICE_CHOICE)
    PUSH_DIRECTION = ("p", False, DICE_CHOICE)
    FOLLOW_UP = ("f", False, DICE_CHOICE)
    APOTHECARY = ("a", True, DICE_CHOICE)
    BRIBE = ("b", True, DICE_CHOICE)
    INTERCEPT = ("i", True, CHOSEN)
    SETUP = ("S", False, CHOSEN)
    KICK = ("K", True, CHOSEN)
    SELECT_PLAYER = ("X", False, CHOSEN)
    SKILL_ACTION = ("x", True, CHOSEN)  # a skill's own action: Stab, Chainsaw, Gaze, bombs, ...
    SKILL_CHOICE = ("o", False, DICE_CHOICE)  # where a skill applies: armour or injury, a square

    @property
    def code(self) -> str:
        """One-letter code used in composite grammars."""
        return self.value[0]

    @property
    def dice(self) -> str:
        """'D+' if the primitive depends on a dice roll, else 'D-'."""
        return "D+" if self.value[1] else "D-"

    @property
    def choice(self) -> str:
        """'chosen', 'forced' or 'dice-dependent choice'."""
        return self.value[2]


_BY_TYPE: dict[ActionType, Primitive] = {
    ActionType.KICK: Primitive.SETUP,
    ActionType.RECEIVE: Primitive.SETUP,
    ActionType.PLACE_PLAYER: Primitive.SETUP,
    ActionType.RESERVE_PLAYER: Primitive.SETUP,
    ActionType.END_SETUP: Primitive.SETUP,
    ActionType.PLACE_BALL: Primitive.KICK,
    ActionType.START_MOVE: Primitive.ACTIVATE,
    ActionType.START_BLOCK: Primitive.ACTIVATE,
    ActionType.START_BLITZ: Primitive.ACTIVATE,
    ActionType.START_PASS: Primitive.ACTIVATE,
    ActionType.START_HANDOFF: Primitive.ACTIVATE,
    ActionType.START_FOUL: Primitive.ACTIVATE,
    ActionType.START_THROW_TEAM_MATE: Primitive.ACTIVATE,
    ActionType.END_TURN: Primitive.END_TURN,
    ActionType.MOVE: Primitive.MOVE_SQUARE,
    ActionType.BLOCK: Primitive.BLOCK,
    ActionType.PASS: Primitive.PASS,
    ActionType.HANDOFF: Primitive.HAND_OFF,
    ActionType.FOUL: Primitive.FOUL,
    ActionType.THROW_TEAM_MATE: Primitive.THROW_TEAM_MATE,
    ActionType.END_ACTION: Primitive.END_ACTION,
    ActionType.USE_REROLL: Primitive.REROLL,
    ActionType.USE_SKILL: Primitive.REROLL,
    ActionType.SELECT_ATTACKER_DOWN: Primitive.CHOOSE_BLOCK_DIE,
    ActionType.SELECT_BOTH_DOWN: Primitive.CHOOSE_BLOCK_DIE,
    ActionType.SELECT_PUSHED: Primitive.CHOOSE_BLOCK_DIE,
    ActionType.SELECT_DEFENDER_STUMBLES: Primitive.CHOOSE_BLOCK_DIE,
    ActionType.SELECT_DEFENDER_DOWN: Primitive.CHOOSE_BLOCK_DIE,
    ActionType.PUSH: Primitive.PUSH_DIRECTION,
    ActionType.FOLLOW_UP: Primitive.FOLLOW_UP,
    ActionType.USE_APOTHECARY: Primitive.APOTHECARY,
    ActionType.USE_BRIBE: Primitive.BRIBE,
    ActionType.LEAP: Primitive.MOVE_SQUARE,
    ActionType.STAB: Primitive.SKILL_ACTION,
    ActionType.CHAINSAW: Primitive.SKILL_ACTION,
    ActionType.MULTIPLE_BLOCK: Primitive.BLOCK,
    ActionType.HYPNOTIC_GAZE: Primitive.SKILL_ACTION,
    ActionType.START_BOMB: Primitive.ACTIVATE,
    ActionType.BOMB: Primitive.SKILL_ACTION,
    ActionType.HAIL_MARY: Primitive.PASS,
    ActionType.DUMP_OFF: Primitive.PASS,
    ActionType.USE_PRO: Primitive.REROLL,
    ActionType.SELECT_ARMOUR: Primitive.SKILL_CHOICE,
    ActionType.SELECT_INJURY: Primitive.SKILL_CHOICE,
    ActionType.SELECT_SQUARE: Primitive.SKILL_CHOICE,
    ActionType.USE_FIREBALL: Primitive.SKILL_ACTION,
    ActionType.USE_LIGHTNING_BOLT: Primitive.SKILL_ACTION,
}

# DECLINE and SELECT_PLAYER mean different things depending on the decision being made.
_BY_KIND: dict[DecisionKind, Primitive] = {
    DecisionKind.REROLL: Primitive.REROLL,
    DecisionKind.BLOCK_DICE: Primitive.CHOOSE_BLOCK_DIE,
    DecisionKind.FOLLOW_UP: Primitive.FOLLOW_UP,
    DecisionKind.APOTHECARY: Primitive.APOTHECARY,
    DecisionKind.BRIBE: Primitive.BRIBE,
    DecisionKind.INTERCEPTOR: Primitive.INTERCEPT,
    DecisionKind.HIGH_KICK: Primitive.SELECT_PLAYER,
    DecisionKind.TOUCHBACK: Primitive.SELECT_PLAYER,
}

# Decisions that are only whether (or where, or by whom) a skill applies.
_SKILL_KINDS = frozenset({
    DecisionKind.USE_SKILL, DecisionKind.STAND_FIRM, DecisionKind.ARMOUR_BONUS,
    DecisionKind.BLOCK_RESULT, DecisionKind.FORBID_FOLLOW_UP, DecisionKind.REACTION,
    DecisionKind.DIVING_TACKLE, DecisionKind.DUMP_OFF, DecisionKind.PASS_BLOCK,
    DecisionKind.ANIMOSITY_TARGET, DecisionKind.KICK_OFF_RETURN, DecisionKind.SWOOP,
    DecisionKind.KICK_DISTANCE,
})

_EVENTS = {
    Event.PICK_UP: Primitive.PICK_UP,
    Event.CATCH: Primitive.CATCH,
    Event.SCORE: Primitive.SCORE,
    Event.STAND_UP: Primitive.STAND_UP,
}


def classify(game: Game, action: Action) -> Primitive:
    """The primitive an action is in the current position (DECLINE and SELECT_PLAYER depend
    on the decision being made, e.g. declining a re-roll is a REROLL decision)."""
    kind = game.decision().kind
    if action.type in (ActionType.DECLINE, ActionType.SELECT_PLAYER):
        if kind in _SKILL_KINDS:
            return Primitive.SKILL_CHOICE  # e.g. Stand Firm, Diving Tackle, Kick, Break Tackle
        return _BY_KIND.get(kind, Primitive.SELECT_PLAYER)
    if kind in _SKILL_KINDS and action.type == ActionType.USE_SKILL:
        return Primitive.SKILL_CHOICE
    if action.type == ActionType.PLACE_BALL and kind != DecisionKind.KICK_TARGET:
        return Primitive.MOVE_SQUARE  # BB2020's Fumblerooskie: a step leaving the ball behind
    return _BY_TYPE[action.type]


def depends_on_dice(game: Game, action: Action) -> bool:
    """Whether taking `action` here reaches a chance node before the next decision."""
    from nuffle.core.dice import ExplicitRoller

    probe = game.clone()
    probe.roller = ExplicitRoller()
    probe.step(action)
    return probe.decider == Decider.CHANCE


@dataclass(frozen=True)
class Step:
    """One primitive of a player action: what, by whom, where, and whether it succeeded."""

    primitive: Primitive
    player: int | None
    square: tuple[int, int] | None
    ok: bool = True

    def __str__(self) -> str:
        where = f" at {self.square}" if self.square is not None else ""
        who = f" #{self.player}" if self.player is not None else ""
        fail = "" if self.ok else " (failed)"
        return f"{self.primitive.name}{who}{where}{fail}"


def explain(game: Game) -> list[Step]:
    """The primitives of the current (or just completed) player action, in order."""
    s = game.state
    b = s.board
    steps: list[Step] = []
    for event, a, c, d in s.log:
        if event == Event.DECISION:
            kind = ActionType(a)
            prim = _BY_TYPE.get(kind, Primitive.SELECT_PLAYER)
            if kind == ActionType.DECLINE:
                continue  # declined choices leave no primitive
            steps.append(Step(prim, None if c < 0 else c, b.xy(d) if d >= 0 else None))
        elif event in _EVENTS:  # the report's events (rolls, armour, ...) are no primitives
            steps.append(Step(_EVENTS[Event(event)], a, b.xy(c) if c >= 0 else None, bool(d)))
    return steps


class Composite(Enum):
    """The composite player actions and their grammars over primitive codes.

    Codes: A activate, U stand up, M move a square, B block, P pass, H hand-off, F foul,
    T throw team-mate, E end action, k pick-up, c catch, s score, r re-roll, d choose a block
    die, p push direction, f follow-up, a apothecary, b bribe, i interception choice.
    """

    MOVE = (ActionType.START_MOVE, r"AU?(M[kcs]*)*E?")
    BLOCK = (ActionType.START_BLOCK, r"A(BLK)E?")
    BLITZ = (ActionType.START_BLITZ, r"AU?(M[kcs]*)*(BLK(M[kcs]*)*)?E?")
    FOUL = (ActionType.START_FOUL, r"AU?(M[kcs]*)*(F)?E?")
    PASS = (ActionType.START_PASS, r"AU?(M[kcs]*)*(P[ckis]*)?E?")
    HAND_OFF = (ActionType.START_HANDOFF, r"AU?(M[kcs]*)*(H[cks]*)?E?")
    THROW_TEAM_MATE = (ActionType.START_THROW_TEAM_MATE, r"AU?(M[kcs]*)*(T[cks]*)?E?")

    @property
    def pattern(self) -> re.Pattern[str]:
        """The grammar as a regular expression over codes (re-rolls, apothecaries, bribes and
        block-resolution choices may follow any dice step and are removed before matching)."""
        return re.compile(self.value[1].replace("BLK", "B[dpfkcs]*"))


_DECLARE = {c.value[0]: c for c in Composite}
_NOISE = re.compile(r"[rabi]")


def codes(steps: list[Step]) -> str:
    """The primitive codes of a list of steps."""
    return "".join(st.primitive.code for st in steps)


def composite_of(steps: list[Step], declared: ActionType | None = None) -> Composite:
    """The composite action a list of primitives forms; ValueError if it fits no grammar.

    `declared` is the START_* action type; by default it is read from the first step.
    """
    if not steps or steps[0].primitive != Primitive.ACTIVATE:
        raise InputError("a player action starts with an activation")
    if declared is None:
        raise InputError("the declared action type is needed (the START_* action)")
    comp = _DECLARE.get(declared)
    if comp is None:
        raise InputError(f"{declared.name} does not declare a player action")
    text = _NOISE.sub("", codes(steps))
    if not comp.pattern.fullmatch(text):
        raise InputError(f"primitives {text!r} do not form a {comp.name} action")
    return comp


def explain_action(game: Game) -> tuple[Composite, list[Step]]:
    """The composite action of the current (or last) player action and its primitives."""
    s = game.state
    declared = None
    for event, a, _c, _d in s.log:
        if event == Event.DECISION and ActionType(a) in _DECLARE:
            declared = ActionType(a)
            break
    steps = explain(game)
    if declared is None:
        raise InputError("no player action has been declared yet")
    return composite_of(steps, declared), steps


def outcomes(game: Game, action: Action | None = None) -> list[Transition]:
    """T(s, a, ·): the exact distribution over next decision states, as
    `Transition(game, probability)` records (see `Game.transitions`)."""
    return game.transitions(action)
