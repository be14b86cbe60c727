"""Exact Throw Team-Mate landing odds over the scatter, from the engine's own chance outcomes.

The thrown player scatters three times from the target square before he comes down, so the
landing roll where he is aimed (`skill_odds.throw_team_mate_odds`) is not the chance that he
lands. Here the engine resolves a throw that flies (`Game.transitions`) by the match's ruleset:
LRB6's throw not fumbled, BB2020's Superb throw (`throw_team_mate_bb2020`); every scatter, a
landing on a player or in the crowd, the landing roll at its modifier; at each re-roll on offer
(a team re-roll, Pro, a skill) the better of taking it and not. He lands when he ends standing on
the pitch and his team's turn goes on. `whole_throw` does the same from the throw itself (the
"Throw here" figure): every result of the ruleset's throw (BB2020: Subpar, Wildly Inaccurate
and a fumble fly too, each landing at its own modifier).
"""

from __future__ import annotations

from fractions import Fraction

from nuffle.core.actions import Action, ActionType
from nuffle.core.characteristics import NO_PA_TARGET, pass_target
from nuffle.core.decision import DecisionKind
from nuffle.core.dice import Dice, ExplicitRoller
from nuffle.core.errors import InputError
from nuffle.core.game import Game
from nuffle.core.types import Status

__all__ = ["landing_over_scatter", "whole_throw"]

MAX_STATES = 100_000  # `Game.transitions`' own limit
_CHOICES = (ActionType.USE_REROLL, ActionType.USE_PRO, ActionType.USE_SKILL, ActionType.DECLINE)


def _value(game: Game, side: int, thrown: int, depth: int, cap: int) -> Fraction:
    """The chance that `thrown` ends standing with his team's turn going on, from `game`."""
    d = game.decision()
    if d.kind == DecisionKind.REROLL and d.side == side and depth < 4:
        legal = game.legal_actions()
        return max((_expect(game, Action(t), side, thrown, depth + 1, cap)
                    for t in _CHOICES if legal.group(t) is not None), default=Fraction(0))
    s = game.state
    ok = (not game.is_over and s.pos[thrown] >= 0 and s.status[thrown] == Status.STANDING
          and s.active == side and d.side == side)
    return Fraction(int(ok))


def _expect(game: Game, action: Action | None, side: int, thrown: int, depth: int, cap: int) -> Fraction:
    return sum((t.probability * _value(t.game, side, thrown, depth, cap)
                for t in game.transitions(action, cap)), Fraction(0))


def landing_over_scatter(game: Game, thrower: int, thrown: int, target: tuple[int, int],
                         max_states: int = MAX_STATES) -> Fraction:
    """P(`thrown`, thrown by the acting `thrower` at `target` now, lands standing) once the
    throw flies (BB2020: a Superb throw, which a thrower of PA "-" never makes: InputError).
    The throw must be legal now (InputError otherwise; InputError too when a chance node has
    more than `max_states` outcomes to explore)."""
    action = Action(ActionType.THROW_TEAM_MATE, thrown, (target[0], target[1]))
    if game.decision().player != thrower or action not in game.legal_actions():
        raise InputError(f"player {thrower} cannot throw player {thrown} to {tuple(target)} now")
    if game.state.rules.throw_team_mate == "bb2020" and pass_target(game.state, thrower) >= NO_PA_TARGET:
        raise InputError(f"player {thrower} (PA -) never makes a Superb throw")
    side = game.state.pteam[thrower]
    flying = game.clone()
    flying.roller = ExplicitRoller()
    flying.step(action)
    # the rolls before he flies (Always Hungry, the throw) come up 6; then the scatter
    while (flying.state.pending is not None and flying.state.pending.kind == Dice.D6
           and flying.state.pending.purpose != "team-mate scatter"):
        flying.apply_chance(6)
    if flying.state.pending is not None:
        return _expect(flying, None, side, thrown, 0, max_states)
    return _value(flying, side, thrown, 0, max_states)


def whole_throw(game: Game, thrower: int, thrown: int, target: tuple[int, int],
                max_states: int = MAX_STATES) -> Fraction:
    """P(the acting `thrower`'s throw of `thrown` at `target`, made now, ends with him standing
    on the pitch and the turn going on): the whole step ("Throw here"), every roll of it from
    the engine's outcomes (Always Hungry, the throw, the scatter, the landing) with the best use
    of the re-rolls over all of them. An LRB6 fumble leaves him prone in his own square, so it
    never counts; a BB2020 fumble scatters him once from the thrower's square. The throw must
    be legal now (InputError otherwise, and as `landing_over_scatter` past `max_states`)."""
    action = Action(ActionType.THROW_TEAM_MATE, thrown, (target[0], target[1]))
    if game.decision().player != thrower or action not in game.legal_actions():
        raise InputError(f"player {thrower} cannot throw player {thrown} to {tuple(target)} now")
    return _expect(game, action, game.state.pteam[thrower], thrown, 0, max_states)
