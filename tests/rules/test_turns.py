"""Team turns: markers, per-turn action limits, END_TURN, stunned players, turnovers."""

from __future__ import annotations

from nuffle.core.actions import Action, ActionType
from nuffle.core.dice import block, d6, d8, two_d6
from nuffle.core.types import BlockFace, Decider, Status
from nuffle.testing import BLITZER, LINEMAN, LINEMAN2, O_LINE, O_LINE2, Scenario, to_kickoff

ORC_LINE, ORC_LINE2 = O_LINE, O_LINE2


def test_turn_marker_advances_and_end_turn_passes() -> None:
    # Kick lands on an empty square and rests; receiving away team plays turn 1.
    game, _ = to_kickoff(kicking=0, extra=d8(5) + d6(2) + two_d6(1, 1) + d8(2))
    game.step(Action(ActionType.PLACE_BALL, None, (19, 7)))
    s = game.state
    assert game.decider == Decider.AWAY
    assert (s.teams[0].turn, s.teams[1].turn) == (0, 1)
    assert s.active == 1
    game.step(Action(ActionType.END_TURN))
    assert str(game.decider) == "home"  # as text: mypy narrowed it above
    assert (s.teams[0].turn, s.teams[1].turn) == (1, 1)
    game.step(Action(ActionType.END_TURN))
    assert game.decider == Decider.AWAY
    assert (s.teams[0].turn, s.teams[1].turn) == (1, 2)


def test_one_blitz_pass_handoff_foul_per_turn() -> None:
    sc = Scenario()
    for i, pid in enumerate((0, 1, 2, 4, 5, 6, 7, 8, 9)):
        sc.put(pid, (3, 1 + i))
    sc.put(ORC_LINE, (20, 7), Status.PRONE)
    game = sc.start(active=0)
    for kind, pid in ((ActionType.START_BLITZ, 0), (ActionType.START_PASS, 1),
                      (ActionType.START_HANDOFF, 2), (ActionType.START_FOUL, 4)):
        legal = game.legal_actions()
        assert Action(kind, 5) in legal
        game.step(Action(kind, pid))
        game.step(Action(ActionType.END_ACTION))  # declared, nothing done: still used up
        legal = game.legal_actions()
        assert legal.group(kind) is None, kind
        assert Action(ActionType.START_MOVE, pid) not in legal  # one action per player
    assert Action(ActionType.START_MOVE, 5) in game.legal_actions()


def test_limits_reset_next_turn() -> None:
    sc = Scenario()
    sc.put(BLITZER, (3, 3)).put(ORC_LINE2, (20, 3))
    game = sc.start(active=0, drive=True)  # home, away, home, ...
    game.step(Action(ActionType.START_BLITZ, BLITZER))
    game.step(Action(ActionType.END_ACTION))
    assert game.legal_actions().group(ActionType.START_BLITZ) is None
    game.step(Action(ActionType.END_TURN))
    assert game.decider == Decider.AWAY
    assert Action(ActionType.START_BLITZ, ORC_LINE2) in game.legal_actions()
    game.step(Action(ActionType.END_TURN))
    assert Action(ActionType.START_BLITZ, BLITZER) in game.legal_actions()


def test_stunned_in_own_turn_flips_at_end_of_next_own_turn() -> None:
    # home lineman fails a dodge and is stunned in home turn 1
    sc = Scenario(script=d6(2) + two_d6(5, 4) + two_d6(2, 2))
    sc.put(LINEMAN, (10, 7)).put(ORC_LINE, (11, 7))
    game = sc.start(active=0, drive=True)  # home, away, home, ...
    game.step(Action(ActionType.START_MOVE, LINEMAN))
    game.step(Action(ActionType.MOVE, None, (9, 8)))
    s = game.state
    # the turnover ended home's turn; he stays stunned through it and through away's turn
    assert game.decider == Decider.AWAY
    assert s.status[LINEMAN] == Status.STUNNED
    assert Action(ActionType.START_MOVE, ORC_LINE) in game.legal_actions()
    game.step(Action(ActionType.END_TURN))
    assert s.status[LINEMAN] == Status.STUNNED
    assert Action(ActionType.START_MOVE, LINEMAN) not in game.legal_actions()  # can't act
    game.step(Action(ActionType.END_TURN))
    assert s.status[LINEMAN] == Status.PRONE


def test_stunned_in_opponents_turn_flips_at_end_of_own_next_turn() -> None:
    # home blitzer knocks an orc down; armour broken; stunned
    sc = Scenario(script=block(BlockFace.DEFENDER_DOWN) + two_d6(6, 5) + two_d6(3, 2))
    sc.put(BLITZER, (10, 7)).put(ORC_LINE, (11, 7)).put(ORC_LINE2, (20, 2))
    game = sc.start(active=0, drive=True)  # home, away, home, ...
    game.step(Action(ActionType.START_BLOCK, BLITZER))
    game.step(Action(ActionType.BLOCK, None, (11, 7)))
    game.step(Action(ActionType.SELECT_DEFENDER_DOWN))
    game.step(Action(ActionType.PUSH, None, (12, 7)))
    game.step(Action(ActionType.DECLINE))  # no follow-up
    s = game.state
    assert s.board.xy(s.pos[ORC_LINE]) == (12, 7)
    assert s.status[ORC_LINE] == Status.STUNNED
    game.step(Action(ActionType.END_TURN))  # the Block action ended by itself
    assert s.status[ORC_LINE] == Status.STUNNED  # home's turn ended: not his team's turn
    assert game.decider == Decider.AWAY
    game.step(Action(ActionType.END_TURN))
    assert s.status[ORC_LINE] == Status.PRONE


def test_turnover_ends_turn_immediately() -> None:
    sc = Scenario(script=d6(1) + two_d6(1, 1))
    sc.put(LINEMAN, (10, 7)).put(ORC_LINE, (11, 7)).put(LINEMAN2, (3, 3))
    game = sc.start(active=0, drive=True)  # a turn of the second half
    game.step(Action(ActionType.START_MOVE, LINEMAN))
    game.step(Action(ActionType.MOVE, None, (9, 6)))
    s = game.state
    assert game.decider == Decider.AWAY
    assert s.active == 1
    assert s.status[LINEMAN2] == Status.STANDING  # never got to act
    assert s.stats[0][4 + 3] == 1  # one home turnover counted in half 2


def test_touchdown_in_opponents_turn_spends_scorers_next_turn() -> None:
    # RULES 7.1 [?] (FFB): an away carrier pushed into the end zone in home's turn scores, and
    # away's turn marker moves on one.
    sc = Scenario(script=block(BlockFace.PUSHED))
    sc.put(BLITZER, (2, 7)).put(ORC_LINE, (1, 7)).give_ball(ORC_LINE).set(turn=(3, 3))
    game = sc.start(active=0)
    game.step(Action(ActionType.START_BLOCK, BLITZER))
    game.step(Action(ActionType.BLOCK, None, (1, 7)))
    game.step(Action(ActionType.SELECT_PUSHED))
    game.step(Action(ActionType.PUSH, None, (0, 7)))
    game.step(Action(ActionType.DECLINE))
    s = game.state
    assert s.teams[1].score == 1 and s.touchdown == 1
    assert (s.teams[0].turn, s.teams[1].turn) == (4, 4)
    assert game.is_over  # the touchdown ended the turn (and this scenario)
