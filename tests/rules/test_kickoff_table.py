"""Every kick-off table result 2..12.

Unless stated, home kicks to (19, 7); D8 5 and D6 3 put the ball on the empty square (22, 7),
where it bounces (D8 2) to (22, 6) after the table result. Fans 3+3 each: home (FF 7) has 13,
away (FF 5) 11, so home FAME 1, away FAME 0. Formations as in test_kickoff.py.
"""

from __future__ import annotations

from nuffle.core.actions import Action, ActionType
from nuffle.core.dice import Dice, Outcome, d3, d6, d8, pick, two_d6
from nuffle.core.procedures.kickoff import Kickoff
from nuffle.core.procedures.setup import Setup
from nuffle.core.types import BallState, Decider, Status, Weather
from nuffle.testing import Scenario, to_kickoff

Script = list[tuple[Dice, Outcome]]
SCATTER = d8(5) + d6(3)
LAND = d8(2)


def _kick(table: tuple[int, int], during: Script, after: Script = LAND, **kw):
    game, roller = to_kickoff(kicking=0, extra=SCATTER + two_d6(*table) + during + after, **kw)
    game.step(Action(ActionType.PLACE_BALL, None, (19, 7)))
    return game, roller


def _landed(game, roller) -> None:
    s = game.state
    assert s.board.xy(s.ball) == (22, 6) and s.ball_state == BallState.ON_GROUND
    assert game.decider == Decider.AWAY
    assert len(roller.queue) == 0


def test_2_get_the_ref() -> None:
    game, roller = _kick((1, 1), [])
    assert (game.state.teams[0].bribes, game.state.teams[1].bribes) == (1, 1)
    _landed(game, roller)


def test_3_riot_before_first_turn_moves_markers_forward() -> None:
    game, roller = _kick((1, 2), [])
    _landed(game, roller)
    s = game.state
    assert (s.teams[0].turn, s.teams[1].turn) == (1, 2)  # +1 each, then away's turn starts
    game.step(Action(ActionType.END_TURN))
    assert s.teams[0].turn == 2


def _riot(turns: tuple[int, int], script: Script) -> tuple[int, int]:
    sc = Scenario(script=SCATTER + two_d6(1, 2) + script + LAND)
    sc.put(0, (12, 7)).put(11, (13, 7)).set(kicking=0, turn=turns)
    game = sc.start(proc=Kickoff())
    game.step(Action(ActionType.PLACE_BALL, None, (19, 7)))
    assert len(sc.roller.queue) == 0
    assert game.state.board.xy(game.state.ball) == (22, 6)
    return game.state.teams[0].turn, game.state.teams[1].turn


def test_3_riot_on_turn_7_moves_markers_back() -> None:
    assert _riot((7, 7), []) == (6, 6)


def test_3_riot_d6() -> None:
    assert _riot((3, 3), d6(3)) == (4, 4)
    assert _riot((3, 3), d6(4)) == (2, 2)
    assert _riot((4, 3), d6(1)) == (5, 4)


def test_4_perfect_defence() -> None:
    game, roller = _kick((1, 3), [])
    s = game.state
    assert isinstance(s.stack[-1], Setup) and game.decider == Decider.HOME
    legal = game.legal_actions()
    group = legal.group(ActionType.PLACE_PLAYER)
    assert group is not None and set(group.players) == set(range(11))  # no substitutions
    assert legal.group(ActionType.RESERVE_PLAYER) is None
    game.step(Action(ActionType.PLACE_PLAYER, 10, (4, 2)))
    game.step(Action(ActionType.PLACE_PLAYER, 0, (11, 5)))  # LoS down to 2: illegal
    assert Action(ActionType.END_SETUP) not in game.legal_actions()
    game.step(Action(ActionType.PLACE_PLAYER, 0, (12, 4)))
    game.step(Action(ActionType.END_SETUP))
    assert s.board.xy(s.pos[10]) == (4, 2)
    assert s.board.xy(s.pos[0]) == (12, 4)
    assert s.board.xy(s.pos[11]) == (13, 5)  # receivers untouched
    _landed(game, roller)


def test_5_high_kick() -> None:
    game, roller = _kick((1, 4), [], d6(4))
    group = game.legal_actions().group(ActionType.SELECT_PLAYER)
    assert group is not None
    assert game.decider == Decider.AWAY
    assert 11 not in group.players  # on the LoS, in a home tackle zone
    assert 21 in group.players and 14 in group.players
    game.step(Action(ActionType.SELECT_PLAYER, 21))
    s = game.state
    assert s.board.xy(s.pos[21]) == (22, 7)
    assert s.ball_state == BallState.CARRIED and s.board.xy(s.ball) == (22, 7)
    assert len(roller.queue) == 0


def test_5_high_kick_decline_and_touchback() -> None:
    game, roller = _kick((1, 4), [])
    game.step(Action(ActionType.DECLINE))
    _landed(game, roller)
    # touchback: no High Kick decision, straight to the touchback
    game, roller = to_kickoff(kicking=0, extra=d8(5) + d6(6) + two_d6(1, 4))
    game.step(Action(ActionType.PLACE_BALL, None, (24, 7)))
    assert game.legal_actions().types() == [ActionType.SELECT_PLAYER]
    assert game.state.ball == -1


def _contest(table: tuple[int, int], home: int, away: int) -> tuple[int, int]:
    game, roller = _kick(table, d3(home) + d3(away))
    _landed(game, roller)
    return game.state.teams[0].rerolls, game.state.teams[1].rerolls


def test_6_cheering_fans() -> None:
    assert _contest((1, 5), 3, 1) == (3, 2)  # 3 + 1 FAME vs 1
    assert _contest((1, 5), 1, 3) == (2, 3)  # 2 vs 3
    assert _contest((1, 5), 1, 2) == (3, 3)  # 2 vs 2: both


def test_8_brilliant_coaching() -> None:
    assert _contest((2, 6), 2, 1) == (3, 2)
    assert _contest((2, 6), 1, 3) == (2, 3)
    assert _contest((2, 6), 2, 3) == (3, 3)


def test_7_changing_weather_to_rain_no_gust() -> None:
    game, roller = _kick((3, 4), two_d6(5, 6))
    assert game.state.weather == Weather.POURING_RAIN
    _landed(game, roller)


def test_7_changing_weather_to_nice_gust() -> None:
    game, roller = _kick((3, 4), two_d6(3, 4) + d8(5), d8(2))
    s = game.state
    assert s.weather == Weather.NICE
    assert s.board.xy(s.ball) == (23, 6)  # (22, 7) -> gust (23, 7) -> bounce (23, 6)
    assert len(roller.queue) == 0


def test_7_gust_also_when_weather_was_not_nice_before() -> None:
    game, roller = _kick((3, 4), two_d6(2, 5) + d8(5), d8(2), weather=(6, 6))
    s = game.state
    assert s.weather == Weather.NICE
    assert s.board.xy(s.ball) == (23, 6)
    assert len(roller.queue) == 0


def test_7_gust_out_of_receiving_half_is_touchback() -> None:
    game, roller = to_kickoff(kicking=0, extra=d8(4) + d6(1) + two_d6(3, 4) + two_d6(1, 6) + d8(4))
    game.step(Action(ActionType.PLACE_BALL, None, (14, 2)))  # lands on (13, 2), gust to (12, 2)
    assert game.legal_actions().types() == [ActionType.SELECT_PLAYER]
    assert len(roller.queue) == 0


def test_9_quick_snap() -> None:
    game, roller = _kick((4, 5), [])
    assert game.decider == Decider.AWAY
    group = game.legal_actions().group(ActionType.MOVE)
    assert group is not None
    game.step(Action(ActionType.MOVE, 12, (12, 6)))  # across the half-way line, no dodge
    game.step(Action(ActionType.MOVE, 21, (19, 7)))
    legal = game.legal_actions()
    assert not any(a.player == 12 for a in legal if a.type == ActionType.MOVE)
    assert Action(ActionType.MOVE, 14, (16, 3)) in legal
    game.step(Action(ActionType.END_SETUP))
    s = game.state
    assert s.board.xy(s.pos[12]) == (12, 6)
    assert s.board.xy(s.pos[21]) == (19, 7)
    assert s.teams[1].turn == 1
    _landed(game, roller)


def test_10_blitz() -> None:
    game, roller = _kick((4, 6), [])
    s = game.state
    assert game.decider == Decider.HOME
    assert (s.teams[0].turn, s.teams[1].turn) == (0, 0)
    legal = game.legal_actions()
    for pid in (0, 1, 2):  # on the LoS, in opposing tackle zones: may not act
        assert Action(ActionType.START_MOVE, pid) not in legal
    assert Action(ActionType.START_MOVE, 10) in legal
    assert Action(ActionType.START_BLITZ, 10) in legal
    assert s.ball_state == BallState.IN_AIR
    game.step(Action(ActionType.START_MOVE, 10))
    game.step(Action(ActionType.MOVE, None, (8, 7)))
    game.step(Action(ActionType.END_ACTION))
    game.step(Action(ActionType.END_TURN))
    assert s.board.xy(s.pos[10]) == (8, 7)
    assert (s.teams[0].turn, s.teams[1].turn) == (0, 1)  # the free turn did not count
    _landed(game, roller)


def test_10_blitz_turnover_ends_bonus_turn() -> None:
    # a failed GFI in the bonus turn: team re-rolls may be used; declined, it is a turnover
    game, roller = _kick((4, 6), d6(1) + two_d6(1, 1))
    game.step(Action(ActionType.START_MOVE, 10))  # lineman (7, 7), MA 6
    for x in (6, 5, 4, 3, 2, 1):
        game.step(Action(ActionType.MOVE, None, (x, 7)))
    game.step(Action(ActionType.MOVE, None, (0, 7)))  # GFI 1: fails
    assert Action(ActionType.USE_REROLL) in game.legal_actions()
    game.step(Action(ActionType.DECLINE))
    s = game.state
    assert s.status[10] == Status.PRONE
    assert s.board.xy(s.pos[10]) == (0, 7)
    assert s.teams[0].rerolls == 2
    _landed(game, roller)  # turn over: ball lands, receivers' turn


def test_11_throw_a_rock_lower_team_hit() -> None:
    # home 2 + 1 = 3 < away 4: a random home player (pick 3 of 11 -> id 3) is injured
    game, roller = _kick((5, 6), d6(2) + d6(4) + pick(3) + two_d6(1, 2))
    s = game.state
    assert s.status[3] == Status.STUNNED
    assert all(s.status[p] == Status.STANDING for p in range(11) if p != 3)
    assert all(s.status[p] == Status.STANDING for p in range(11, 22))
    _landed(game, roller)


def test_11_throw_a_rock_tie_both_hit() -> None:
    game, roller = _kick((5, 6), d6(3) + d6(4) + pick(0) + two_d6(1, 2) + pick(1) + two_d6(2, 2))
    s = game.state
    assert s.status[0] == Status.STUNNED
    assert s.status[12] == Status.STUNNED
    assert sum(s.status[p] == Status.STUNNED for p in range(22)) == 2
    _landed(game, roller)


def test_11_throw_a_rock_higher_home_hits_away_ko() -> None:
    game, roller = _kick((5, 6), d6(6) + d6(1) + pick(10) + two_d6(4, 4))
    assert game.legal_actions().types() == [ActionType.USE_APOTHECARY, ActionType.DECLINE]
    game.step(Action(ActionType.DECLINE))
    s = game.state
    assert s.status[21] == Status.KO and s.pos[21] == -1
    assert all(s.status[p] == Status.STANDING for p in range(11))
    _landed(game, roller)


def test_12_pitch_invasion() -> None:
    # home players (opposing FAME 0): 6 stuns, 5 does not
    # away players (opposing FAME 1): 5 + 1 stuns, 4 + 1 does not
    home = d6(6, 5, 5, 5, 5, 5, 5, 5, 5, 5, 6)
    away = d6(5, 4, 4, 4, 4, 4, 4, 4, 4, 4, 1)
    game, roller = _kick((6, 6), home + away)
    s = game.state
    stunned = {p for p in range(23) if s.status[p] == Status.STUNNED}
    assert stunned == {0, 10, 11}
    assert s.status[22] == Status.RESERVE
    _landed(game, roller)


def test_12_pitch_invasion_big_fame() -> None:
    # fans 12 + 7 = 19 vs 2 + 5 = 7: home FAME 2, away 0; away players stun on 4 + 2
    game, roller = _kick((6, 6), d6(*[5] * 11) + d6(4, 3, *[1] * 9), fans=((6, 6), (1, 1)))
    s = game.state
    assert s.teams[0].fame == 2
    assert {p for p in range(23) if s.status[p] == Status.STUNNED} == {11}
    _landed(game, roller)


def _human_with(**extra: int):
    import json
    from importlib import resources

    from nuffle.core.teams import team_from_dict

    raw = json.loads(resources.files("nuffle.data").joinpath("teams", "human.json").read_text())
    raw.update(extra)
    return team_from_dict(raw)


def test_6_cheering_fans_counts_cheerleaders_not_coaches() -> None:
    home = _human_with(cheerleaders=2, assistant_coaches=5)
    # home 1 + FAME 1 + 2 cheerleaders = 4 vs away 3: home only
    game, roller = _kick((1, 5), d3(1) + d3(3), home=home)
    _landed(game, roller)
    assert (game.state.teams[0].rerolls, game.state.teams[1].rerolls) == (3, 2)


def test_8_brilliant_coaching_counts_assistant_coaches_not_cheerleaders() -> None:
    home = _human_with(cheerleaders=5, assistant_coaches=1)
    # home 1 + FAME 1 + 1 coach = 3 vs away 3: tie, both
    game, roller = _kick((2, 6), d3(1) + d3(3), home=home)
    _landed(game, roller)
    assert (game.state.teams[0].rerolls, game.state.teams[1].rerolls) == (3, 3)


def test_3_riot_past_the_last_turn_ends_the_half() -> None:
    # The kicking team has played all 8 turns; a forward Riot pushes it past turn 8, which
    # ends the half at once: both markers read 8 and the receiving team gets no more turns.
    assert _riot((8, 5), d6(2)) == (8, 8)
