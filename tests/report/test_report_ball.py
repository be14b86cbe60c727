"""The match report's lines for the kick's landing, bounces, throw-ins, catches, the side a
kick-off result favours, crowd pushes and the Loner and Pro checks, from forced dice (the
engine's events are tested in tests/rules/test_log_events.py).

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
from nuffle.core.types import BlockFace
from nuffle.report import MatchReport
from nuffle.testing import BLITZER, LINEMAN, O_LINE, OGRE, PU, Scenario, on_engine, to_kickoff

T = ActionType
Script = list[tuple[Dice, Outcome]]
GET_THE_REF = two_d6(1, 1)


def kick(target: tuple[int, int], dice: Script, engine: str = PYTHON) -> tuple[Game, MatchReport]:
    game, _ = to_kickoff(kicking=0, extra=dice)
    game = on_engine(game, engine)
    report = MatchReport(game)
    report.step(game, Action(T.PLACE_BALL, None, target))
    return game, report


@pytest.mark.parametrize("engine", [PYTHON, NATIVE])
def test_the_kick_lands_and_bounces(engine: str) -> None:
    _, report = kick((19, 7), d8(5) + d6(3) + GET_THE_REF + d8(2), engine)
    i = report.lines.index("The kick lands on 22,7.")
    assert report.lines[i + 1] == "The ball bounces to 22,6."
    assert report.lines.index("Kick-off table: 2, Get the Ref!") < i


def test_the_kick_lands_on_a_receiver_who_catches_it() -> None:
    _, report = kick((18, 5), d8(7) + d6(2) + GET_THE_REF + d6(4))
    who = report.names.player(21)
    i = report.lines.index("The kick lands on 18,7.")
    assert report.lines[i + 1:i + 3] == [f"{who}: catch 4+, rolled 4: made it.", f"{who} catches the ball."]


def test_touchbacks() -> None:
    _, report = kick((24, 7), d8(5) + d6(4) + GET_THE_REF)
    assert "The kick lands out of the receiving half: a touchback." in report.lines
    _, report = kick((14, 1), d8(4) + d6(1) + GET_THE_REF + d8(4))
    assert report.lines[-1] == "The ball bounces to 12,1, out of the receiving half: a touchback."
    _, report = kick((20, 1), d8(2) + d6(1) + GET_THE_REF + d8(2))
    assert report.lines[-1] == "The ball bounces off the pitch: a touchback."


def test_a_bounce_into_the_crowd_and_the_throw_in() -> None:
    sc = Scenario(script=d6(1) + d8(2) + d6(3) + two_d6(1, 1) + d8(5)).set(rerolls=(0, 0))
    sc.put(LINEMAN, (5, 1)).put(O_LINE, (20, 7)).ball_at((5, 0))
    game = sc.start(active=0)
    report = MatchReport(game)
    report.step(game, Action(T.START_MOVE, LINEMAN))
    report.step(game, Action(T.MOVE, None, (5, 0)))
    i = report.lines.index("The ball bounces off the pitch into the crowd.")
    assert report.lines[i + 1:i + 3] == ["The crowd throws the ball back in: it lands on 5,2.",
                                         "The ball bounces to 6,2."]


def test_a_crowd_push_names_the_player_and_where_the_ball_comes_back() -> None:
    # injury 7; throw-in D6 3 straight down, 2D6 3 to (10, 3); bounce D8 5 to (11, 3)
    sc = Scenario(script=block(PU) + two_d6(3, 4) + d6(3) + two_d6(1, 2) + d8(5))
    sc.put(BLITZER, (10, 1)).put(O_LINE, (10, 0)).give_ball(O_LINE)
    game = sc.start(active=0)
    report = MatchReport(game)
    for action in (Action(T.START_BLOCK, BLITZER), Action(T.BLOCK, None, (10, 0)), Action(T.SELECT_PUSHED),
                   Action(T.PUSH, None, (10, -1)), Action(T.DECLINE)):
        report.step(game, action)
    who = report.names.player(O_LINE)
    assert f"{who} is pushed into the crowd from 10,0, losing the ball." in report.lines
    assert "The crowd throws the ball back in: it lands on 10,3." in report.lines


def test_a_made_loner_check_and_a_pro_check_are_reported() -> None:
    sc = Scenario(script=d6(2, 1, 4, 6)).set(rerolls=(1, 0))  # Bone-head 2, dodge 1, Loner 4, dodge 6
    sc.put(OGRE, (10, 7)).put(O_LINE, (11, 7))
    game = sc.start(active=0)
    report = MatchReport(game)
    for action in (Action(T.START_MOVE, OGRE), Action(T.MOVE, None, (9, 7)), Action(T.USE_REROLL)):
        report.step(game, action)
    ogre = report.names.player(OGRE)
    i = report.lines.index(f"{ogre}: Loner 4+, rolled 4: made it.")
    assert report.lines[i + 1] == f"{ogre}: dodge 4+, rolled 6: made it."
    sc = Scenario(script=block(BlockFace.ATTACKER_DOWN) + d6(2))
    sc.grant(LINEMAN, Skill.PRO).put(LINEMAN, (10, 7)).put(O_LINE, (11, 7))
    game = sc.start(active=0)
    report = MatchReport(game)
    for action in (Action(T.START_BLOCK, LINEMAN), Action(T.BLOCK, None, (11, 7)), Action(T.USE_PRO)):
        report.step(game, action)
    assert f"{report.names.player(LINEMAN)}: Pro 4+, rolled 2: failed." in report.lines


def table(dice: tuple[int, int], during: Script | None = None, after: Script | None = None) -> MatchReport:
    extra = d8(5) + d6(3) + two_d6(*dice) + (during or []) + (d8(2) if after is None else after)
    return kick((19, 7), extra)[1]


def test_the_side_a_kick_off_result_favours() -> None:
    report = table((4, 6))
    home, away = report.names.team(0), report.names.team(1)
    assert f"Blitz!: the {home} get a free turn." in report.lines
    assert f"Perfect Defence: the {home} may re-arrange their set-up." in table((1, 3)).lines
    assert f"High Kick: the {away} may put a player under the ball." in table((1, 4), after=d6(4)).lines
    lines = table((4, 5)).lines
    i = lines.index("Kick-off table: 9, Quick Snap!")
    assert lines[i + 1] == f"Quick Snap!: the {away} may move each player one square."


def test_a_kick_off_roll_off_names_its_winner() -> None:
    report = table((1, 5), d3(3) + d3(1))
    home, away = report.names.team(0), report.names.team(1)
    assert f"Cheering Fans: {home} 4 - 1 {away}: the {home} gain a re-roll." in report.lines
    assert f"Cheering Fans: {home} 2 - 2 {away}: both teams gain a re-roll each." in \
        table((1, 5), d3(1) + d3(2)).lines
    assert f"Brilliant Coaching: {home} 2 - 3 {away}: the {away} gain a re-roll." in \
        table((2, 6), d3(1) + d3(3)).lines
    rock = table((5, 6), d6(2) + d6(4) + pick(3) + two_d6(1, 2))
    i = rock.lines.index(f"Throw a Rock: {home} 3 - 4 {away}: the {away} fans hit a {home} player.")
    assert rock.lines[i + 1].startswith(f"{rock.names.player(3)}: injury roll 3")
