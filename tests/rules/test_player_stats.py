"""The per-player match record (`Game.player_stats`): SPP events and casualty results, as a
league reads them after the match; niggling injuries in the injury roll."""

from dataclasses import replace

from nuffle.core.actions import ActionType
from nuffle.core.dice import block, d6, d8, d68, two_d6
from nuffle.core.game import Game
from nuffle.core.skills import Skill
from nuffle.core.teams import default_team
from nuffle.core.types import BlockFace, Status
from nuffle.testing import BLITZER, LINEMAN, O_LINE, THROWER, Scenario, do

T = ActionType
DD = BlockFace.DEFENDER_DOWN


def knock_down(script, niggles=0):
    sc = Scenario(script=script)
    sc.put(BLITZER, (10, 7)).put(O_LINE, (11, 7))
    if niggles:
        sc.state.info = tuple(replace(p, niggles=niggles) if p.pid == O_LINE else p for p in sc.state.info)
    game = sc.start(active=0)
    do(game, T.START_BLOCK, BLITZER)
    do(game, T.BLOCK, square=(11, 7))
    do(game, T.SELECT_DEFENDER_DOWN)
    do(game, T.PUSH, square=(12, 7))
    do(game, T.DECLINE)
    return game


def test_block_casualty_counts_for_the_blocker_and_records_the_injury():
    game = knock_down(block(DD) + two_d6(4, 6) + two_d6(4, 6) + d68(41))
    stats = game.player_stats()
    assert stats[BLITZER]["casualties"] == 1
    assert stats[O_LINE]["injury"] == 41 and stats[O_LINE]["injury2"] == 0
    assert game.state.status[O_LINE] == Status.CASUALTY


def test_knock_out_is_no_casualty():
    game = knock_down(block(DD) + two_d6(4, 6) + two_d6(4, 4))
    stats = game.player_stats()
    assert stats[BLITZER]["casualties"] == 0 and stats[O_LINE]["injury"] == 0


def test_niggling_injury_adds_one_to_the_injury_roll():
    # 4+4 = 8 is a KO; with one niggle it is 9, still KO; with two it is 10: a casualty
    game = knock_down(block(DD) + two_d6(4, 6) + two_d6(4, 4) + d68(11), niggles=2)
    assert game.state.status[O_LINE] == Status.CASUALTY
    assert game.player_stats()[O_LINE]["injury"] == 11


def test_touchdown_counts_for_the_scorer():
    sc = Scenario().set(turn=(2, 2))
    sc.put(LINEMAN, (24, 7)).give_ball(LINEMAN)
    game = sc.start(active=0)
    do(game, T.START_MOVE, LINEMAN)
    do(game, T.MOVE, square=(25, 6))
    assert game.player_stats()[LINEMAN]["touchdowns"] == 1


def pass_game(script, extra=()):
    sc = Scenario(script=script)
    sc.put(THROWER, (5, 7)).give_ball(THROWER).put(LINEMAN, (10, 7))
    for pid, sq in extra:
        sc.put(pid, sq)
    game = sc.start(active=0)
    do(game, T.START_PASS, THROWER)
    do(game, T.PASS, square=(10, 7))
    return game


def test_completion_counts_for_the_thrower():
    game = pass_game(d6(4, 3))
    assert game.state.carrier() == LINEMAN
    assert game.player_stats()[THROWER]["completions"] == 1


def test_dropped_pass_is_no_completion():
    game = pass_game(d6(4, 1) + d8(1))  # dropped, bounces to an empty square
    assert game.state.turnover
    assert game.player_stats()[THROWER]["completions"] == 0


def test_interception_counts_for_the_interceptor_not_the_thrower():
    game = pass_game(d6(6), extra=[(O_LINE, (7, 7))])
    do(game, T.SELECT_PLAYER, O_LINE)
    stats = game.player_stats()
    assert stats[O_LINE]["interceptions"] == 1 and stats[THROWER]["completions"] == 0


def test_league_player_changes_reach_the_match():
    spec = default_team("human")
    first = spec.players[0]
    better = replace(first, changes=(1, 0, 0, -1), niggles=1, extra_skills=frozenset({Skill.GUARD}))
    spec = replace(spec, players=(better, *spec.players[1:]))
    game = Game.new(spec, "orc", seed=1)
    p = game.state.info[0]
    assert (p.ma, p.av, p.niggles) == (first.position.ma + 1, first.position.av - 1, 1)
    assert Skill.GUARD in p.skills and first.position.skills <= p.skills
    again = Game.from_position(game.to_position())
    assert again.state.info[0].niggles == 1 and again.player_stats() == game.player_stats()
