"""The event log's ball, kick-off, crowd and re-roll check events (`Event.LAND`, `BOUNCE`,
`KICKOFF_SIDE`, `CROWD`, and the Loner and Pro checks as `Event.ROLL`), from forced dice, with
the same fields on both engines.

Kick-offs as in test_kickoff_table.py: home kicks to (19, 7); D8 5 and D6 3 put the ball on the
empty square (22, 7), where it bounces (D8 2) to (22, 6) after the table result.
"""

from __future__ import annotations

import pytest

from nuffle.core.actions import Action, ActionType
from nuffle.core.dice import Dice, Outcome, block, d3, d6, d8, pick, two_d6
from nuffle.core.engines import NATIVE, PYTHON
from nuffle.core.game import Game
from nuffle.core.skills import Skill
from nuffle.core.types import (
    BOUNCE_IN_PLAY,
    BOUNCE_OUT,
    BOUNCE_TOUCHBACK,
    BlockFace,
    Event,
    RollKind,
)
from nuffle.testing import BLITZER, LINEMAN, O_LINE, OGRE, PU, Scenario, do, on_engine, to_kickoff

T = ActionType
ENGINES = (PYTHON, NATIVE)
Script = list[tuple[Dice, Outcome]]
GET_THE_REF = two_d6(1, 1)  # a kick-off result with no dice and no decisions
NEW = (Event.LAND, Event.BOUNCE, Event.KICKOFF_SIDE, Event.CROWD)


def events(game: Game, *kinds: Event) -> list[tuple[int, ...]]:
    """The log's entries of `kinds` (default: the ball, kick-off and crowd events)."""
    wanted = {int(k) for k in kinds or NEW}
    return [tuple(e) for e in game.state.log if e[0] in wanted]


def checks(game: Game) -> list[tuple[int, ...]]:
    """The Loner and Pro checks the log holds."""
    return [tuple(e) for e in game.state.log
            if e[0] == Event.ROLL and e[2] in (RollKind.LONER, RollKind.PRO)]


def kick(engine: str, target: tuple[int, int], dice: Script) -> Game:
    game, _ = to_kickoff(kicking=0, extra=dice)
    game = on_engine(game, engine)
    game.step(Action(T.PLACE_BALL, None, target))
    return game


def sq(game: Game, x: int, y: int) -> int:
    return game.state.board.sq(x, y)


@pytest.mark.parametrize("engine", ENGINES)
def test_the_kick_lands_then_bounces(engine: str) -> None:
    game = kick(engine, (19, 7), d8(5) + d6(3) + GET_THE_REF + d8(2))
    assert events(game) == [(Event.LAND, -1, sq(game, 22, 7), 1),
                            (Event.BOUNCE, -1, sq(game, 22, 6), BOUNCE_IN_PLAY)]


@pytest.mark.parametrize("engine", ENGINES)
def test_the_kick_lands_on_a_receiver_who_catches_it(engine: str) -> None:
    game = kick(engine, (18, 5), d8(7) + d6(2) + GET_THE_REF + d6(4))
    assert events(game, Event.LAND, Event.CATCH) == [(Event.LAND, -1, sq(game, 18, 7), 1),
                                                     (Event.CATCH, 21, sq(game, 18, 7), 1)]


@pytest.mark.parametrize("engine", ENGINES)
def test_a_kick_out_of_the_receiving_half_lands_nowhere(engine: str) -> None:
    game = kick(engine, (24, 7), d8(5) + d6(4) + GET_THE_REF)
    assert events(game) == [(Event.LAND, -1, -1, 1)]


@pytest.mark.parametrize("engine", ENGINES)
def test_a_kick_off_bounce_out_of_the_half_or_the_pitch_is_a_touchback(engine: str) -> None:
    game = kick(engine, (14, 1), d8(4) + d6(1) + GET_THE_REF + d8(4))  # lands (13, 1), bounces to (12, 1)
    assert events(game)[-1] == (Event.BOUNCE, -1, sq(game, 12, 1), BOUNCE_TOUCHBACK)
    game = kick(engine, (20, 1), d8(2) + d6(1) + GET_THE_REF + d8(2))  # lands (20, 0), bounces off
    assert events(game)[-1] == (Event.BOUNCE, -1, -1, BOUNCE_TOUCHBACK)


@pytest.mark.parametrize("engine", ENGINES)
def test_a_bounce_off_the_pitch_then_the_throw_in_lands(engine: str) -> None:
    # pick-up 1 at (5, 0); D8 2 bounces off the top; throw-in D6 3 straight down, 2D6 2: (5, 2),
    # where it bounces (D8 5) to (6, 2)
    sc = Scenario(script=d6(1) + d8(2) + d6(3) + two_d6(1, 1) + d8(5), engine=engine).set(rerolls=(0, 0))
    sc.put(LINEMAN, (5, 1)).put(O_LINE, (20, 7)).ball_at((5, 0))
    game = sc.start(active=0)
    do(game, T.START_MOVE, LINEMAN)
    do(game, T.MOVE, square=(5, 0))
    assert events(game) == [(Event.BOUNCE, -1, -1, BOUNCE_OUT), (Event.LAND, -1, sq(game, 5, 2), 0),
                            (Event.BOUNCE, -1, sq(game, 6, 2), BOUNCE_IN_PLAY)]


def crowd_push(engine: str, script: Script, carrier: bool) -> Game:
    sc = Scenario(script=script, engine=engine)
    sc.put(BLITZER, (10, 1)).put(O_LINE, (10, 0))
    if carrier:
        sc.give_ball(O_LINE)
    game = sc.start(active=0)
    do(game, T.START_BLOCK, BLITZER)
    do(game, T.BLOCK, square=(10, 0))
    do(game, T.SELECT_PUSHED)
    do(game, T.PUSH, square=(10, -1))
    do(game, T.DECLINE)
    return game


@pytest.mark.parametrize("engine", ENGINES)
def test_a_crowd_push_names_the_player_and_his_square(engine: str) -> None:
    game = crowd_push(engine, block(PU) + two_d6(3, 4), carrier=False)
    assert events(game) == [(Event.CROWD, O_LINE, sq(game, 10, 0), 0)]
    # the carrier: injury 7, throw-in D6 3 straight down, 2D6 3 to (10, 3), bounce D8 5 to (11, 3)
    game = crowd_push(engine, block(PU) + two_d6(3, 4) + d6(3) + two_d6(1, 2) + d8(5), carrier=True)
    assert events(game) == [(Event.CROWD, O_LINE, sq(game, 10, 0), 1), (Event.LAND, -1, sq(game, 10, 3), 0),
                            (Event.BOUNCE, -1, sq(game, 11, 3), BOUNCE_IN_PLAY)]


def ogre_dodge(engine: str, script: Script) -> Game:
    """The Ogre (Loner; Bone-head 2 first) fails a dodge and uses a team re-roll."""
    sc = Scenario(script=script, engine=engine).set(rerolls=(1, 0))
    sc.put(OGRE, (10, 7)).put(O_LINE, (11, 7))
    game = sc.start(active=0)
    do(game, T.START_MOVE, OGRE)
    do(game, T.MOVE, square=(9, 7))
    do(game, T.USE_REROLL)
    return game


@pytest.mark.parametrize("engine", ENGINES)
def test_the_loner_check_is_logged_made_or_failed(engine: str) -> None:
    made = ogre_dodge(engine, d6(2, 1, 4, 6))
    assert checks(made) == [(Event.ROLL, OGRE, RollKind.LONER, 4 * 8 + 4)]
    failed = ogre_dodge(engine, d6(2, 1, 3) + two_d6(1, 2))
    assert checks(failed) == [(Event.ROLL, OGRE, RollKind.LONER, 3 * 8 + 4)]


@pytest.mark.parametrize("engine", ENGINES)
def test_the_loner_check_on_block_dice_is_the_attackers(engine: str) -> None:
    sc = Scenario(script=d6(2) + block(BlockFace.ATTACKER_DOWN, BlockFace.ATTACKER_DOWN) + d6(5)
                  + block(PU, PU), engine=engine).set(rerolls=(1, 0))
    sc.put(OGRE, (10, 7)).put(O_LINE, (11, 7))
    game = sc.start(active=0)
    do(game, T.START_BLOCK, OGRE)
    do(game, T.BLOCK, square=(11, 7))
    do(game, T.USE_REROLL)
    assert checks(game) == [(Event.ROLL, OGRE, RollKind.LONER, 5 * 8 + 4)]


@pytest.mark.parametrize("engine", ENGINES)
def test_the_pro_check_is_logged_as_pro(engine: str) -> None:
    sc = Scenario(script=d6(1, 4, 3), engine=engine).set(rerolls=(1, 0))
    sc.grant(LINEMAN, Skill.PRO).put(LINEMAN, (10, 7)).put(O_LINE, (11, 7))
    game = sc.start(active=0)
    do(game, T.START_MOVE, LINEMAN)
    do(game, T.MOVE, square=(9, 7))
    do(game, T.USE_PRO)
    assert checks(game) == [(Event.ROLL, LINEMAN, RollKind.PRO, 4 * 8 + 4)]
    sc = Scenario(script=block(BlockFace.ATTACKER_DOWN) + d6(2), engine=engine)
    sc.grant(LINEMAN, Skill.PRO).put(LINEMAN, (10, 7)).put(O_LINE, (11, 7))
    game = sc.start(active=0)
    do(game, T.START_BLOCK, LINEMAN)
    do(game, T.BLOCK, square=(11, 7))
    do(game, T.USE_PRO)
    assert checks(game) == [(Event.ROLL, LINEMAN, RollKind.PRO, 2 * 8 + 4)]


def table(engine: str, dice: tuple[int, int], during: Script | None = None,
          after: Script | None = None) -> Game:
    landing = d8(2) if after is None else after
    return kick(engine, (19, 7), d8(5) + d6(3) + two_d6(*dice) + (during or []) + landing)


def sides(game: Game) -> list[tuple[int, ...]]:
    return [e[1:] for e in events(game, Event.KICKOFF_SIDE)]


@pytest.mark.parametrize("engine", ENGINES)
def test_the_side_a_kick_off_result_favours(engine: str) -> None:
    assert sides(table(engine, (4, 6))) == [(0, 0, 0)]  # Blitz!: the kicking team
    assert sides(table(engine, (1, 3))) == [(0, 0, 0)]  # Perfect Defence: the kicking team
    assert sides(table(engine, (1, 4), after=d6(4))) == [(1, 0, 0)]  # High Kick: the receivers
    game = table(engine, (4, 5))  # Quick Snap!: the receivers, once however many move
    game.step(Action(T.MOVE, 12, (12, 6)))
    game.step(Action(T.MOVE, 21, (19, 7)))
    game.step(Action(T.END_SETUP))
    assert sides(game) == [(1, 0, 0)]


@pytest.mark.parametrize("engine", ENGINES)
def test_a_kick_off_roll_off_names_its_winner_and_both_totals(engine: str) -> None:
    assert sides(table(engine, (1, 5), d3(3) + d3(1))) == [(0, 4, 1)]  # Cheering Fans: 3 + 1 FAME v 1
    assert sides(table(engine, (1, 5), d3(1) + d3(2))) == [(-1, 2, 2)]  # a tie: both
    assert sides(table(engine, (2, 6), d3(1) + d3(3))) == [(1, 2, 3)]  # Brilliant Coaching
    rock = table(engine, (5, 6), d6(2) + d6(4) + pick(3) + two_d6(1, 2))  # Throw a Rock: 3 v 4
    assert sides(rock) == [(1, 3, 4)]
