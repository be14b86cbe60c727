"""Pure resolution of one snap: what a chart outcome or a kick does to down, distance and ball.

The same functions drive the engine and the agents' look-ahead, so both always agree.
Every kick is listed for each 2d6 total so callers can sample it or take its expectation.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

from nuffle.games.football_strategy import rules
from nuffle.games.football_strategy.chart import LAST_RUN_PLAY, Outcome, OutcomeKind
from nuffle.games.football_strategy.state import GameState

FIELD = rules.FIELD_LENGTH


class Result(enum.Enum):
    """How a snap ends for the offense."""

    PLAY_ON = "play_on"  # the offense keeps the ball (including a first down)
    TOUCHDOWN = "touchdown"
    FIELD_GOAL = "field_goal"
    SAFETY = "safety"
    CHANGE = "change"  # the defense takes over: turnover, kick, downs or a missed field goal
    DEFENSIVE_TOUCHDOWN = "defensive_touchdown"


@dataclass(frozen=True)
class Transition:
    """The effect of one snap.

    ``yards`` is the net movement of the ball towards the offense's goal (the field-position
    gain used by utilities). ``ball_on`` is, for PLAY_ON, the offense's new spot and, for
    CHANGE, the new offense's spot measured from its own goal line.
    """

    result: Result
    yards: int
    ball_on: int = 0
    down: int = 1
    to_go: int = rules.FIRST_DOWN_YARDS
    first_down: bool = False
    turnover: bool = False
    seconds: int = 0
    clock_stops: bool = True
    text: str = ""


def _first_down_to_go(ball_on: int) -> int:
    return min(rules.FIRST_DOWN_YARDS, FIELD - ball_on)


def _take_over(spot: int, ball_on: int, seconds: int, text: str, turnover: bool) -> Transition:
    """The defense takes over with the ball ``spot`` yards from the offense's goal line."""
    if spot >= FIELD:
        new_spot = rules.TOUCHBACK_SPOT
        text += ", touchback"
    else:
        new_spot = FIELD - spot
    return Transition(
        Result.CHANGE,
        yards=FIELD - new_spot - ball_on,
        ball_on=new_spot,
        to_go=_first_down_to_go(new_spot),
        turnover=turnover,
        seconds=seconds,
        text=text,
    )


def advance(state: GameState, gain: int, seconds: int, clock_stops: bool, text: str) -> Transition:
    """Move the ball ``gain`` yards from scrimmage and settle downs, scores and turnovers."""
    new = state.ball_on + gain
    if new >= FIELD:
        return Transition(
            Result.TOUCHDOWN, state.yards_to_goal, seconds=seconds, text=text + ": TOUCHDOWN"
        )
    if new <= 0:
        return Transition(Result.SAFETY, -state.ball_on, seconds=seconds, text=text + ": SAFETY")
    line = state.ball_on + state.to_go
    if new >= line:
        return Transition(
            Result.PLAY_ON,
            gain,
            ball_on=new,
            to_go=_first_down_to_go(new),
            first_down=True,
            seconds=seconds,
            clock_stops=clock_stops,
            text=text + ", first down",
        )
    if state.down >= 4:
        return _take_over(new, state.ball_on, seconds, text + ", turnover on downs", False)
    return Transition(
        Result.PLAY_ON,
        gain,
        ball_on=new,
        down=state.down + 1,
        to_go=line - new,
        seconds=seconds,
        clock_stops=clock_stops,
        text=text,
    )


def _penalty(state: GameState, outcome: Outcome, text: str) -> Transition:
    """Enforce a penalty with the half-distance-to-the-goal rule."""
    seconds = rules.PENALTY_SECONDS
    line = state.ball_on + state.to_go
    if outcome.kind is OutcomeKind.OFFENSIVE_PENALTY:
        moved = min(outcome.yards, state.ball_on // 2)
        new = state.ball_on - moved
        return Transition(
            Result.PLAY_ON,
            -moved,
            ball_on=new,
            down=state.down,
            to_go=line - new,
            seconds=seconds,
            text=f"{text}, enforced {moved}, replay the down",
        )
    room = FIELD - state.ball_on
    if outcome.kind is OutcomeKind.PASS_INTERFERENCE:
        moved = min(outcome.yards, room - 1)
        automatic = True
    else:
        moved = min(outcome.yards, room // 2)
        automatic = outcome.yards >= 15
    new = state.ball_on + moved
    if automatic or new >= line:
        return Transition(
            Result.PLAY_ON,
            moved,
            ball_on=new,
            to_go=_first_down_to_go(new),
            first_down=True,
            seconds=seconds,
            text=f"{text}, enforced {moved}, first down",
        )
    return Transition(
        Result.PLAY_ON,
        moved,
        ball_on=new,
        down=state.down,
        to_go=line - new,
        seconds=seconds,
        text=f"{text}, enforced {moved}, replay the down",
    )


def chart_transition(state: GameState, play: int, outcome: Outcome, fake: bool) -> Transition:
    """Resolve chart ``outcome`` of ``play`` (1-20); ``fake`` marks a fake punt."""
    text = outcome.describe()
    kind = outcome.kind
    if fake:
        text = f"fake punt, {text}"
    if kind is OutcomeKind.GAIN:
        gain = outcome.yards - (rules.FAKE_PUNT_PENALTY_YARDS if fake else 0)
        if fake:
            sign = "gain" if gain >= 0 else "loss"
            text = f"fake punt, {sign} of {abs(gain)} after the penalty"
        seconds = rules.RUN_SECONDS if play <= LAST_RUN_PLAY else rules.COMPLETE_PASS_SECONDS
        return advance(state, gain, seconds, False, text)
    if kind is OutcomeKind.INCOMPLETE:
        return advance(state, 0, rules.INCOMPLETE_SECONDS, True, text)
    if kind in (
        OutcomeKind.OFFENSIVE_PENALTY,
        OutcomeKind.DEFENSIVE_PENALTY,
        OutcomeKind.PASS_INTERFERENCE,
    ):
        return _penalty(state, outcome, text)
    seconds = rules.TURNOVER_SECONDS
    spot = state.ball_on + outcome.yards
    if kind is OutcomeKind.INTERCEPTION_TD or spot <= 0:
        return Transition(
            Result.DEFENSIVE_TOUCHDOWN,
            -state.ball_on,
            turnover=True,
            seconds=seconds,
            text=text + (", returned for a TOUCHDOWN" if spot <= 0 else ""),
        )
    return _take_over(spot, state.ball_on, seconds, text, True)


def kick_transition(state: GameState, net: int | None, quick: bool) -> Transition:
    """A punt (``quick=False``) or quick kick of ``net`` yards; ``None`` is a blocked punt."""
    name = "quick kick" if quick else "punt"
    if net is None:
        spot = state.ball_on - rules.BLOCKED_PUNT_LOSS
        if spot <= 0:
            return Transition(
                Result.SAFETY,
                -state.ball_on,
                seconds=rules.PUNT_SECONDS,
                text="punt BLOCKED out of the end zone: SAFETY",
            )
        return _take_over(spot, state.ball_on, rules.PUNT_SECONDS, "punt BLOCKED", False)
    return _take_over(
        state.ball_on + net, state.ball_on, rules.PUNT_SECONDS, f"{name} of {net} yards", False
    )


def kick_transitions(state: GameState, quick: bool) -> list[tuple[float, Transition]]:
    """Every outcome of a punt or quick kick with its 2d6 probability."""
    table = rules.QUICK_KICK_NET if quick else rules.PUNT_NET
    return [(p, kick_transition(state, table[total], quick)) for total, p in rules.TWO_DICE.items()]


def field_goal_transition(state: GameState, good: bool) -> Transition:
    """A field goal attempt that is ``good`` or missed."""
    distance = rules.field_goal_distance(state.ball_on)
    if good:
        return Transition(
            Result.FIELD_GOAL,
            0,
            seconds=rules.FIELD_GOAL_SECONDS,
            text=f"{distance}-yard field goal is GOOD",
        )
    spot = rules.missed_field_goal_spot(state.ball_on)
    return Transition(
        Result.CHANGE,
        FIELD - spot - state.ball_on,
        ball_on=spot,
        to_go=_first_down_to_go(spot),
        seconds=rules.FIELD_GOAL_SECONDS,
        text=f"{distance}-yard field goal is NO GOOD",
    )


def field_goal_transitions(state: GameState) -> list[tuple[float, Transition]]:
    """Both outcomes of a field goal attempt with their probabilities."""
    p = rules.field_goal_probability(state.ball_on)
    return [(p, field_goal_transition(state, True)), (1.0 - p, field_goal_transition(state, False))]
