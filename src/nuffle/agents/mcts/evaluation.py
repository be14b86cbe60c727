"""Leaf evaluation for the search: two heuristics and optional rollouts (random, or the
opponent's reply at random).

Every evaluator returns the home side's value in [-1, 1] (1: home as good as won); the away side
minimises it, and a mirrored position is worth exactly the negated value. A finished game is
worth 1, -1 or 0 whatever the heuristic.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable

from nuffle.core.actions import Action, ActionType
from nuffle.core.decision import DecisionKind
from nuffle.core.errors import InputError
from nuffle.core.game import Game
from nuffle.core.state import GameState
from nuffle.core.types import NOBODY, BallState, Status

#: A heuristic: the home side's value of a state in [-1, 1].
Heuristic = Callable[[GameState], float]

_STANDING = Status.STANDING
_PRONE = Status.PRONE
_STUNNED = Status.STUNNED
_KO = Status.KO
_CAS = Status.CASUALTY


def terminal_value(s: GameState) -> float:
    """1, -1 or 0 for a home win, loss or draw."""
    h, a = s.teams[0].score, s.teams[1].score
    return 1.0 if h > a else -1.0 if h < a else 0.0


def _squash(x: float) -> float:
    return math.tanh(x)


def _side_terms(s: GameState, side: int) -> tuple[int, int, int, int]:
    """(standing, down, knocked out, casualties) among `side`'s players."""
    standing = down = ko = cas = 0
    status = s.status
    for p in s.ranges[side]:
        st = status[p]
        if st == _STANDING:
            standing += 1
        elif st in (_PRONE, _STUNNED):
            down += 1
        elif st == _KO:
            ko += 1
        elif st == _CAS:
            cas += 1
    return standing, down, ko, cas


def tutorial_value(s: GameState) -> float:
    """The tutorial-style heuristic: score, ball possession, casualties, KOs and players down
    (weighted per player, squashed into [-1, 1])."""
    if s.decider == NOBODY:
        return terminal_value(s)
    x = 1.0 * (s.teams[0].score - s.teams[1].score)
    carrier = s.carrier()
    if carrier >= 0:
        x += 0.3 if s.pteam[carrier] == 0 else -0.3
    h = _side_terms(s, 0)
    a = _side_terms(s, 1)
    x += 0.1 * (a[3] - h[3]) + 0.05 * (a[2] - h[2]) + 0.03 * (a[1] - h[1])
    return _squash(x)


def _progress(s: GameState, side: int, sq: int) -> float:
    """How far toward the end zone `side` attacks a square is: 0 at its own line, 1 there."""
    b = s.board
    x = b.xs[sq]
    w = b.width - 1
    return x / w if side == 0 else (w - x) / w


#: The ball carrier's worth (in touchdowns, before the squash): a base plus his progress toward
#: the end zone. At the goal line it stays well under a touchdown (0.6), so that a sure or
#: likely step into the end zone beats holding the ball there; near 0.8 the search held the
#: ball a square short for turns rather than risk a 2+ Go For It.
CARRIER_BASE = 0.2
CARRIER_PROGRESS = 0.4

#: A loose ball's worth: per square by which one side's nearest standing player is nearer to it
#: than the other's, up to `LOOSE_BALL_CAP` squares.
LOOSE_BALL_STEP = 0.02
LOOSE_BALL_CAP = 2


def turns_left(s: GameState, side: int) -> int:
    """The team turns `side` still has in this half, the one it is playing included."""
    return s.board.variant.turns_per_half - s.teams[side].turn + (1 if s.active == side else 0)


def _nuffle(s: GameState, clock: bool) -> float:
    """`nuffle_value`, and with `clock` the carrier's worth follows the half's clock."""
    if s.decider == NOBODY:
        return terminal_value(s)
    x = 1.0 * (s.teams[0].score - s.teams[1].score)
    b = s.board
    carrier = s.carrier()
    if carrier >= 0:
        side = s.pteam[carrier]
        sign = 1.0 if side == 0 else -1.0
        sq = s.pos[carrier]
        marked = s.tackle_zones(sq, side)
        base = CARRIER_BASE
        progress = CARRIER_PROGRESS * _progress(s, side, sq)
        if clock:
            left = turns_left(s, side)
            if left == 0:  # the half ends before his side plays again: the ball is lost
                base = progress = 0.0
                marked = 0
            elif left == 1 and s.active == side:  # this turn is his side's last chance
                base = 0.0
        x += sign * (base + progress - 0.06 * marked)
        if s.status[carrier] != _STANDING and base + progress:
            x -= sign * 0.1
    elif s.ball_state == BallState.ON_GROUND and s.ball >= 0:
        # the side with a standing player nearer to the loose ball is the likelier to get it
        best = [99, 99]
        for side in (0, 1):
            for p in s.ranges[side]:
                q = s.pos[p]
                if q >= 0 and s.status[p] == _STANDING:
                    d = b.distance(q, s.ball)
                    if d < best[side]:
                        best[side] = d
        x += LOOSE_BALL_STEP * max(-LOOSE_BALL_CAP, min(LOOSE_BALL_CAP, best[1] - best[0]))
    h = _side_terms(s, 0)
    a = _side_terms(s, 1)
    x += 0.12 * (a[3] - h[3]) + 0.06 * (a[2] - h[2]) + 0.04 * (a[1] - h[1]) + 0.02 * (h[0] - a[0])
    return _squash(x)


def nuffle_value(s: GameState) -> float:
    """A sharper heuristic: the tutorial's terms plus the carrier's progress toward the end
    zone and how marked he is, the distance of the nearest player to a loose ball, and
    standing players."""
    return _nuffle(s, False)


def clock_value(s: GameState) -> float:
    """`nuffle_value` with the half's clock: the carrier is worth nothing once his side has no
    turn left in the half (the ball is lost at its end), and only his progress, a chance to
    score now, in his side's last turn. Without it a search holds the ball at the goal line
    in the last turn, its mid-turn leaves still crediting the carrier the end of the turn takes
    away."""
    return _nuffle(s, True)


HEURISTICS: dict[str, Heuristic] = {"tutorial": tutorial_value, "nuffle": nuffle_value, "clock": clock_value}


def heuristic(name: str) -> Heuristic:
    """The heuristic called `name` ('tutorial', 'nuffle' or 'clock'); ValueError for another."""
    try:
        return HEURISTICS[name]
    except KeyError:
        raise InputError(f"unknown heuristic {name!r}: choose one of {', '.join(HEURISTICS)}") from None


#: The actions that end the acting side's turn without playing on: end the player's action,
#: end the team turn.
_ENDING = (ActionType.END_ACTION, ActionType.END_TURN)

#: Rollout policies: 'random' plays every decision at random; 'reply' ends the searched team
#: turn where it stands and plays only the next team turn (the opponent's reply) at random.
ROLLOUT_POLICIES = ("random", "reply")


def turn_key(s: GameState) -> tuple[int, int, int, int]:
    """Which team turn a state is in (half, active side, both turn markers)."""
    return (s.half, s.active, s.teams[0].turn, s.teams[1].turn)


def _random_action(game: Game, rng: random.Random) -> Action:
    """A uniformly random action: an action type first, then a player and a square, as the
    random bot picks."""
    groups = game.legal_actions().groups
    g = groups[rng.randrange(len(groups))]
    players = g.players
    squares = g.squares
    return Action(
        g.type,
        players[rng.randrange(len(players))] if players else None,
        squares[rng.randrange(len(squares))] if squares else None,
    )


def _stops(s: GameState) -> bool:
    """Whether a rollout stops here: the game is over or a set-up begins."""
    return s.decider > 1 or s.waiting == DecisionKind.SETUP


def rollout(game: Game, steps: int, rng: random.Random, value: Heuristic) -> float:
    """Play up to `steps` uniformly random decisions on `game` (changed in place), then evaluate.

    It stops early at the end of the game or at a set-up."""
    for _ in range(steps):
        if _stops(game.state):
            break
        game.step(_random_action(game, rng))
    return value(game.state)


def reply_rollout(game: Game, steps: int, rng: random.Random, value: Heuristic,
                  turn: tuple[int, int, int, int]) -> float:
    """The opponent's reply: end the team turn `turn` where it stands (each of its decisions
    ends the action or the turn where it can, and is random only where it cannot: a re-roll,
    a block die, a push), then play up to `steps` random decisions of the next team turn,
    and evaluate. `game` is changed in place.

    A leaf in the middle of a turn is thus judged as if the side stopped there, as the
    heuristic judges it, plus what a random opponent's turn does to it; uniformly random play
    of the side's own remaining players would mostly end in a turnover and punish every
    action that leaves players still to act."""
    while not _stops(game.state) and turn_key(game.state) == turn:
        legal = game.legal_actions()
        for t in _ENDING:
            g = legal.group(t)
            if g is not None:
                game.step(next(iter(g)))
                break
        else:
            game.step(_random_action(game, rng))
    reply = turn_key(game.state)
    for _ in range(steps):
        s = game.state
        if _stops(s) or turn_key(s) != reply:
            break
        game.step(_random_action(game, rng))
    return value(game.state)
