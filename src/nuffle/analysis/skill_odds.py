"""Odds of the skill actions Leap (BB2020: and Jump), Throw Team-Mate and Hypnotic Gaze, read off
a live position.

Each query asks the engine for the roll's target and modifier (`jump_modifier`,
`throw_modifier`, `landing_modifier`, `gaze_modifier`) and for the re-roll sources a failure
would have (`reroll_sources`), then writes the rolls as a plan in the notation of
docs/ODDS.md and returns its text with its odds: `nuffle odds "<plan>"` gives the same figure.
Bad input raises `InputError` (a `ValueError`).
"""

from __future__ import annotations

from fractions import Fraction
from functools import lru_cache
from typing import NamedTuple

from nuffle.analysis.notation import parse_plan
from nuffle.analysis.queries import Square, _player, _square, _state
from nuffle.core.characteristics import ag_target, pass_target
from nuffle.core.errors import InputError
from nuffle.core.game import Game
from nuffle.core.procedures.ball import can_handle_ball, pickup_roll_modifier
from nuffle.core.procedures.jump import jump_squares
from nuffle.core.procedures.movement import gfi_target, jump_modifier, need
from nuffle.core.procedures.passing import ACCURATE, is_fumble, pass_result
from nuffle.core.procedures.rolls import reroll_sources
from nuffle.core.procedures.throw_team_mate import is_ttm_target, landing_modifier, throw_modifier
from nuffle.core.procedures.throw_team_mate_bb2020 import landing_modifier_2020, throw_modifier_2020
from nuffle.core.skill_rules.declaration_skills import gaze_modifier
from nuffle.core.skill_rules.movement_skills import leap_gfis, leap_squares
from nuffle.core.state import GameState
from nuffle.core.types import BallState, RollKind, Status

__all__ = ["PlanOdds", "gaze_odds", "jump_odds", "leap_odds", "throw_team_mate_odds"]

#: The notation's skill re-roll tag for a roll kind whose skill re-roll is once per turn or not.
_SKILL_TAGS = {RollKind.GFI: "surefeet", RollKind.DODGE: "dodge", RollKind.PASS: "pass",
               RollKind.CATCH: "catch", RollKind.PICKUP: "surehands"}


class PlanOdds(NamedTuple):
    """A roll sequence's chance of success and the plan that gives it (`nuffle odds "<plan>"`);
    `plan` is "" when a roll cannot succeed (chance 0)."""

    chance: Fraction
    plan: str


def _step(s: GameState, pid: int, kind: RollKind, face: int) -> tuple[str, bool]:
    """One roll needing `face`+ as a plan token, and whether a team re-roll may be spent on it."""
    src = reroll_sources(s, pid, kind)
    tags = []
    if src.skill:  # the tag only says how often the skill re-rolls: once a turn or every time
        tags.append(_SKILL_TAGS.get(kind, "dodge" if src.skill_once else "pass"))
    if src.pro:
        tags.append("pro")
    if src.team and src.loner:
        tags.append("loner")
    if not src.team:
        tags.append("norr")
    return ":".join([f"{face}+", *tags]), src.team


def _plan(steps: list[tuple[str, bool]]) -> PlanOdds:
    """The plan of `steps` (one team re-roll for the lot if any step may use one) and its odds."""
    if any(token.startswith("7+") for token, _ in steps):
        return PlanOdds(Fraction(0), "")
    text = " ".join(token for token, _ in steps) + (" | RR" if any(team for _, team in steps) else "")
    return PlanOdds(_success(text), text)


@lru_cache(maxsize=512)
def _success(text: str) -> Fraction:
    return parse_plan(text).success()


def _agility(s: GameState, pid: int, kind: RollKind, mod: int) -> tuple[str, bool]:
    return _step(s, pid, kind, need(ag_target(s, pid), mod))


class LeapOdds(NamedTuple):
    """A Leap: the Leap roll alone, the whole move (its Going For It rolls first) and the whole
    step (`here`: the move and, when the ball lies loose there, the pick-up on landing)."""

    leap: PlanOdds
    total: PlanOdds
    gfis: int
    here: PlanOdds


def leap_odds(game: Game | GameState, pid: int, dest: Square, moves: int = 0) -> LeapOdds:
    """Odds of `pid` leaping to `dest` (an empty square within two) after `moves` squares of
    his action: the Leap roll (Very Long Legs; no tackle zones, but under BB2020 the markers of
    `movement.jump_modifier`), with the Going For It rolls the two squares may cost the whole
    leap, and with the pick-up on landing the whole step."""
    s = _state(game)
    _player(s, pid)
    _square(s, dest)
    if tuple(dest) not in leap_squares(s, pid):
        raise InputError(f"square {tuple(dest)} is not an empty square within two of player {pid}")
    return _leap(s, pid, dest, moves)


def jump_odds(game: Game | GameState, pid: int, dest: Square, moves: int = 0) -> LeapOdds:
    """Odds of `pid` jumping (BB2020, RULES §8.1) over an adjacent Prone or Stunned player to
    the empty square `dest` two away, after `moves` squares of his action: the engine's Jump
    roll (an Agility test, `movement.jump_modifier`: -1 per player marking the square left or
    entered, whichever is more), its Rushes and the pick-up on landing, as `leap_odds`."""
    s = _state(game)
    _player(s, pid)
    _square(s, dest)
    if not s.rules.jump:
        raise InputError(f"ruleset {s.rules.name} has no Jump")
    if tuple(dest) not in jump_squares(s, pid):
        raise InputError(f"player {pid} cannot jump to square {tuple(dest)}")
    return _leap(s, pid, dest, moves)


def _leap(s: GameState, pid: int, dest: Square, moves: int) -> LeapOdds:
    """A Leap's or a Jump's odds: the roll, its Going For It (Rush) rolls, the pick-up."""
    leap = _agility(s, pid, RollKind.LEAP, jump_modifier(s, pid, s.pos[pid], s.board.sq(*dest)))
    gfis = leap_gfis(s, pid, moves)
    gfi = _step(s, pid, RollKind.GFI, need(gfi_target(s), 0, agility=False))
    steps = [gfi] * gfis + [leap]
    here = steps + _pickup_on(s, pid, s.board.sq(*dest))
    return LeapOdds(_plan([leap]), _plan(steps), gfis, _plan(here))


def _pickup_on(s: GameState, pid: int, dest: int) -> list[tuple[str, bool]]:
    """The pick-up `pid` must make landing on `dest` (none unless the ball lies loose there):
    the engine's modifier on that square as if he stood on it."""
    if s.ball != dest or s.ball_state != BallState.ON_GROUND:
        return []
    there = s.copy()
    there.move_player(pid, dest)
    if not can_handle_ball(there, pid):
        return [("7+", False)]
    return [_agility(there, pid, RollKind.PICKUP, pickup_roll_modifier(there, pid))]


class ThrowOdds(NamedTuple):
    """A Throw Team-Mate: the throw not fumbled (BB2020: a Superb throw, the test passed), the
    landing roll on the target square (he scatters three times before he comes down, so it is
    the landing where he is aimed; BB2020: after a Superb throw), and both."""

    throw: PlanOdds
    landing: PlanOdds
    total: PlanOdds


def throw_team_mate_odds(game: Game | GameState, thrower: int, thrown: int, target: Square) -> ThrowOdds:
    """Odds of `thrower` throwing the adjacent team-mate `thrown` towards `target` (Quick or
    Short range): the throw (a fumble is the only failure: any other result flies), and the
    landing roll on `target` if he came down there (-1 per opposing tackle zone). Under a
    ruleset whose Throw Team-mate is BB2020's (`Ruleset.throw_team_mate`), the throw is a
    Superb result of its test and the landing is at that result's modifier
    (`throw_team_mate_bb2020`: `throw_modifier_2020`, `pass_result`, `landing_modifier_2020`)."""
    s = _state(game)
    _player(s, thrower)
    _player(s, thrown)
    sq = _square(s, target)
    if s.pteam[thrower] != s.pteam[thrown] or thrower == thrown:
        raise InputError(f"player {thrown} is not a team-mate of player {thrower}")
    if s.board.distance(s.pos[thrower], s.pos[thrown]) != 1:
        raise InputError(f"player {thrown} is not next to player {thrower}")
    if not is_ttm_target(s, thrower, (target[0], target[1])):
        raise InputError(f"square {tuple(target)} is out of throwing range for player {thrower}")
    if s.rules.throw_team_mate == "bb2020":
        mod = throw_modifier_2020(s, thrower, sq)
        pa = pass_target(s, thrower)
        superb = next((d for d in range(1, 7) if pass_result(d, pa, mod) == ACCURATE), 7)
        throw = _step(s, thrower, RollKind.PASS, superb)
        landing = _agility(s, thrown, RollKind.LANDING, landing_modifier_2020(s, thrown, sq, ACCURATE))
    else:
        mod = throw_modifier(s, thrower, sq)
        flies = next((d for d in range(1, 7) if not is_fumble(d, mod)), 7)
        throw = _step(s, thrower, RollKind.PASS, flies)
        landing = _agility(s, thrown, RollKind.LANDING, landing_modifier(s, thrown, sq))
    return ThrowOdds(_plan([throw]), _plan([landing]), _plan([throw, landing]))


def gaze_odds(game: Game | GameState, pid: int, target: int) -> PlanOdds:
    """Odds of `pid` hypnotising the adjacent standing opponent `target`: an Agility roll, -1
    per opposing tackle zone on the gazer other than the target's."""
    s = _state(game)
    a = _player(s, pid)
    t = _player(s, target)
    if s.pteam[pid] == s.pteam[target]:
        raise InputError(f"players {pid} and {target} are on the same team")
    if s.board.distance(a, t) != 1:
        raise InputError(f"player {target} is not adjacent to player {pid}")
    if s.status[target] != Status.STANDING:
        raise InputError(f"player {target} is not standing")
    return _plan([_agility(s, pid, RollKind.HYPNOTIC_GAZE, gaze_modifier(s, pid, target))])
