"""The BB2020 kick-off table on both engines (RULES §5.4, TABLES §8), with forced dice.

Home (BB2020 Humans, players 0-10) kicks from x 0-12 (line of scrimmage x = 12); away (BB2020
Orcs, players 11-21) receives on x 13-25. Each result's procedure runs on its own (the match
ends when it is done), except where the whole kick is played.
"""

from __future__ import annotations

import importlib.util
from dataclasses import replace
from fractions import Fraction

import pytest

from nuffle.core.actions import ActionType
from nuffle.core.decision import DecisionKind
from nuffle.core.dice import Dice, Outcome, d3, d6, d8, d16, outcomes, pick, two_d6
from nuffle.core.game import Game
from nuffle.core.procedures import kickoff_bb2020
from nuffle.core.procedures.base import Procedure
from nuffle.core.procedures.kickoff import Kickoff
from nuffle.core.procedures.kickoff_bb2020 import (
    BlitzBB2020,
    BrilliantCoachingBB2020,
    ChangingWeatherBB2020,
    CheeringFansBB2020,
    OfficiousRef,
    PitchInvasionBB2020,
    QuickSnapBB2020,
    SolidDefence,
    TimeOut,
)
from nuffle.core.ruleset import LRB6, draft_ruleset
from nuffle.core.teams import TeamSpec
from nuffle.core.types import BallState, Event, Status, Weather
from nuffle.parity_twins import compare_setup
from nuffle.teams_bb2020 import check_team, suggest_team
from nuffle.teams_bb2020_match import match_team
from nuffle.testing import Scenario, do, on_engine

BB2020 = draft_ruleset("bb2020")
HAS_NATIVE = importlib.util.find_spec("nuffle._native") is not None
NO_NATIVE = pytest.mark.skipif(not HAS_NATIVE, reason="no native extension")
ENGINES = ["python", pytest.param("native", marks=NO_NATIVE)]
T = ActionType
MOLES = BB2020.prayer_number("Moles under the Pitch")
HOME = list(range(11))
AWAY = list(range(11, 22))
#: A legal kicking set-up for home: three on the line, the rest behind it, none wide.
HOME_SETUP = [(12, 6), (12, 7), (12, 8), (10, 5), (10, 6), (10, 7), (10, 8), (10, 9), (8, 6), (8, 7), (8, 8)]


def _team(race: str, **changes: int) -> TeamSpec:
    return replace(match_team(check_team(suggest_team(race))).spec, **changes)  # type: ignore[arg-type]


def _scenario(engine: str, script: list[tuple[Dice, Outcome]], home: TeamSpec | None = None,
              away: TeamSpec | None = None) -> Scenario:
    sc = Scenario(home or _team("human"), away or _team("orc"), script=script, engine=engine, rules=BB2020)
    return sc.set(kicking=0, rerolls=(0, 0))


def _run(sc: Scenario, proc: Procedure) -> Game:
    return sc.start(proc=proc)


def _done(game: Game) -> None:
    assert game.is_over
    assert not game.roller.queue  # type: ignore[attr-defined]


def _xy(game: Game, pid: int) -> tuple[int, int]:
    return game.state.board.xy(game.state.pos[pid])


def test_the_table_names_bb2020s_results_and_lrb6s_is_unchanged() -> None:
    assert BB2020.kickoff[2:] == ("get_the_ref", "time_out", "solid_defence", "high_kick",
                                  "cheering_fans_bb2020", "brilliant_coaching_bb2020",
                                  "changing_weather_bb2020", "quick_snap_bb2020",
                                  "blitz_bb2020", "officious_ref", "pitch_invasion_bb2020")
    assert LRB6.kickoff[2:] == ("get_the_ref", "riot", "perfect_defence", "high_kick", "cheering_fans",
                                "changing_weather", "brilliant_coaching", "quick_snap", "blitz_kickoff",
                                "throw_a_rock", "pitch_invasion")


def test_the_digests_kickoff_probabilities() -> None:
    """TABLES §8 and §16: Officious Ref (2D6 = 11) 1/18; D3 + 3 players: 4, 5, 6 a third each."""
    two = dict(outcomes(Dice.TWO_D6))
    assert sum(p for o, p in two.items() if isinstance(o, tuple) and sum(o) == 11) == Fraction(1, 18)
    third = Fraction(1, 3)
    assert {int(o) + 3: p for o, p in outcomes(Dice.D3)} == {4: third, 5: third, 6: third}  # type: ignore[arg-type]


@pytest.mark.parametrize("engine", ENGINES)
def test_a_kick_rolls_on_bb2020s_table(engine: str) -> None:
    """The whole kick: to (20, 7), D8 5 and D6 1 (one square right), then 2D6 3 + 3 = 6,
    Cheering Fans: D6 5 + 0 against 2 + 0, home prays (D16 10, Perfect Passing); the ball lands
    on the empty (21, 7) and bounces (D8 4) to (20, 7)."""
    sc = _scenario(engine, d8(5) + d6(1) + two_d6(3, 3) + d6(5) + d6(2) + d16(10) + d8(4))
    for pid, sq in zip(HOME, HOME_SETUP, strict=True):
        sc.put(pid, sq)
    game = _run(sc, Kickoff())
    do(game, T.PLACE_BALL, square=(20, 7))
    _done(game)
    assert game.prayers()["home"] == {"given": ("Perfect Passing",), "active": ("Perfect Passing",)}
    assert game.prayers()["away"] == {"given": (), "active": ()}
    assert game.state.board.xy(game.state.ball) == (20, 7)


@pytest.mark.parametrize("engine", ENGINES)
@pytest.mark.parametrize(("turns", "after"), [((6, 5), (5, 4)), ((8, 7), (7, 6)), ((5, 6), (6, 7)),
                                              ((0, 0), (1, 1))])
def test_time_out_moves_both_markers_by_the_kicking_teams(engine: str, turns: tuple[int, int],
                                                         after: tuple[int, int]) -> None:
    """Kicking team on turn 6, 7 or 8: both markers back one; otherwise both on one."""
    sc = _scenario(engine, [])
    sc.set(turn=turns)
    game = _run(sc, TimeOut())
    _done(game)
    assert (game.state.teams[0].turn, game.state.teams[1].turn) == after


@pytest.mark.parametrize("engine", ENGINES)
def test_solid_defence_resets_up_to_d3_plus_3_open_players(engine: str) -> None:
    """D3 1: four of the eight open players (the line's three are marked by the Orc on
    (13, 7)); the set-up must be legal to end (three in a wide zone is not)."""
    sc = _scenario(engine, d3(1))
    for pid, sq in zip(HOME, HOME_SETUP, strict=True):
        sc.put(pid, sq)
    sc.put(AWAY[0], (13, 7))
    game = _run(sc, SolidDefence())
    group = game.legal_actions().group(T.PLACE_PLAYER)
    assert group is not None and set(group.players) == set(HOME[3:])
    assert (5, 1) in group.squares and (12, 7) not in group.squares and (14, 7) not in group.squares
    for pid, sq in zip(HOME[3:6], [(5, 1), (5, 2), (5, 3)], strict=True):
        do(game, T.PLACE_PLAYER, pid, sq)
    assert game.legal_actions().group(T.END_SETUP) is None  # three in the top wide zone
    do(game, T.PLACE_PLAYER, HOME[6], (2, 7))
    group = game.legal_actions().group(T.PLACE_PLAYER)
    assert group is not None and set(group.players) == set(HOME[3:7])  # four moved: only they
    do(game, T.PLACE_PLAYER, HOME[5], (5, 7))
    do(game, T.END_SETUP)
    _done(game)
    assert _xy(game, HOME[3]) == (5, 1) and _xy(game, HOME[5]) == (5, 7) and _xy(game, HOME[7]) == (10, 9)


@pytest.mark.parametrize("engine", ENGINES)
def test_quick_snap_moves_up_to_d3_plus_3_open_receivers_one_square(engine: str) -> None:
    """D3 2: five players; the Orc on (13, 7), marked by the Human on (12, 7), may not move;
    one on (13, 2) may cross the halfway line."""
    sc = _scenario(engine, d3(2))
    sc.put(HOME[0], (12, 7))
    squares = [(13, 7), (13, 2), (15, 5), (15, 9), (17, 3), (17, 11), (20, 7)]
    for pid, sq in zip(AWAY, squares, strict=False):
        sc.put(pid, sq)
    game = _run(sc, QuickSnapBB2020())
    moves = [g for g in game.legal_actions().groups if g.type == T.MOVE]
    assert {g.players[0] for g in moves} == set(AWAY[1:7])
    assert (12, 2) in next(g for g in moves if g.players[0] == AWAY[1]).squares
    for pid, sq in zip(AWAY[1:6], [(12, 2), (14, 5), (14, 9), (16, 3), (16, 11)], strict=True):
        do(game, T.MOVE, pid, sq)
    assert [g.type for g in game.legal_actions().groups] == [T.END_SETUP]
    do(game, T.END_SETUP)
    _done(game)
    assert _xy(game, AWAY[1]) == (12, 2) and _xy(game, AWAY[6]) == (20, 7) and _xy(game, AWAY[0]) == (13, 7)


@pytest.mark.parametrize("engine", ENGINES)
@pytest.mark.parametrize(("rolls", "prays"), [((4, 5), 0), ((3, 6), 1), ((4, 6), -1)])
def test_cheering_fans_d6_plus_cheerleaders_the_higher_prays(engine: str, rolls: tuple[int, int],
                                                             prays: int) -> None:
    """Home has 2 cheerleaders: 4 + 2 beats 5; 3 + 2 loses to 6; 4 + 2 ties 6 (nobody prays).
    The prayer: D16 9, Moles under the Pitch."""
    script = d6(rolls[0]) + d6(rolls[1]) + (d16(MOLES) if prays >= 0 else [])
    sc = _scenario(engine, script, home=_team("human", cheerleaders=2))
    game = _run(sc, CheeringFansBB2020())
    _done(game)
    for side in (0, 1):
        assert game.state.teams[side].prayers == (1 << (MOLES - 1) if side == prays else 0)
    noted = [e for e in game.state.log if e[0] == Event.PRAYER]
    assert noted == ([(Event.PRAYER, prays, MOLES, 0)] if prays >= 0 else [])


@pytest.mark.parametrize("engine", ENGINES)
def test_a_prayer_already_in_effect_is_rolled_again(engine: str) -> None:
    sc = _scenario(engine, d6(6) + d6(1) + d16(MOLES) + d16(MOLES) + d16(10))
    sc.pray(0, "Moles under the Pitch")
    game = _run(sc, CheeringFansBB2020())
    _done(game)
    assert game.prayers()["home"]["active"] == ("Moles under the Pitch", "Perfect Passing")


@pytest.mark.parametrize("engine", ENGINES)
@pytest.mark.parametrize(("rolls", "winner"), [((2, 2), 0), ((1, 3), 1)])
def test_brilliant_coaching_gives_the_higher_a_reroll_for_the_drive(engine: str, rolls: tuple[int, int],
                                                                    winner: int) -> None:
    """Home has an assistant coach: 2 + 1 beats 2; 1 + 1 loses to 3. Team re-rolls 2 and 1; the
    winner's `drive_reroll` is 1 + the re-rolls it held before."""
    sc = _scenario(engine, d6(rolls[0]) + d6(rolls[1]), home=_team("human", assistant_coaches=1))
    sc.set(rerolls=(2, 1))
    game = _run(sc, BrilliantCoachingBB2020())
    _done(game)
    t = game.state.teams
    assert (t[0].rerolls, t[1].rerolls) == ((3, 1) if winner == 0 else (2, 2))
    assert t[winner].drive_reroll == (3 if winner == 0 else 2) and t[1 - winner].drive_reroll == 0


@pytest.mark.parametrize("engine", ENGINES)
@pytest.mark.parametrize(("ejected", "winner"), [(None, 0), (0, -1), (1, 0)])
def test_an_ejected_coach_takes_minus_one_on_brilliant_coaching(engine: str, ejected: int | None,
                                                               winner: int) -> None:
    """RULES §12: a team whose coach was ejected (Argue the Call) rolls Brilliant Coaching at -1.
    Home 4 beats away 3; home's ejected coach makes it a tie; away's makes it 4 against 2."""
    sc = _scenario(engine, d6(4) + d6(3))
    if ejected is not None:
        sc.state.teams[ejected].coach_ejected = True
    game = _run(sc, BrilliantCoachingBB2020())
    _done(game)
    got = [t.rerolls for t in game.state.teams]
    assert got == ([0, 0] if winner < 0 else [1 - winner, winner])
    totals = {None: (4, 3), 0: (3, 3), 1: (4, 2)}[ejected]
    noted = [e for e in game.state.log if e[0] == Event.KICKOFF_SIDE]
    assert noted == [(Event.KICKOFF_SIDE, winner, *totals)]


@pytest.mark.parametrize("engine", ENGINES)
def test_a_tied_brilliant_coaching_gives_nobody_a_reroll(engine: str) -> None:
    game = _run(_scenario(engine, d6(3) + d6(3)), BrilliantCoachingBB2020())
    _done(game)
    assert [(t.rerolls, t.drive_reroll) for t in game.state.teams] == [(0, 0), (0, 0)]


@pytest.mark.parametrize("engine", ENGINES)
@pytest.mark.parametrize(("start", "weather", "d8s", "end"),
                         [((20, 7), (3, 4), (5, 5, 5), (23, 7)),  # Perfect Conditions: three squares
                          ((14, 7), (3, 4), (4, 4), None),  # back over the line: a touchback
                          ((20, 7), (6, 6), (), (20, 7))])  # a Blizzard: no scatter
def test_changing_weather_perfect_conditions_scatter_the_ball_three_times(
        engine: str, start: tuple[int, int], weather: tuple[int, int], d8s: tuple[int, ...],
        end: tuple[int, int] | None) -> None:
    sc = _scenario(engine, two_d6(*weather) + d8(*d8s))
    sc.ball_at(start)
    sc.state.ball_state = BallState.IN_AIR
    game = _run(sc, ChangingWeatherBB2020())
    _done(game)
    s = game.state
    assert s.weather == (Weather.NICE if weather == (3, 4) else Weather.BLIZZARD)
    assert (s.board.xy(s.ball) if s.ball >= 0 else None) == end


@pytest.mark.parametrize("engine", ENGINES)
@pytest.mark.parametrize(("rolls", "picks", "argues", "hit"),
                         [((1, 4), (1,), (1,), {1: Status.SENT_OFF}),  # home 1 + 2 < 4: sent off
                          ((2, 3), (2,), (4,), {13: Status.STUNNED}),  # 4 > 3: away's third, Stunned
                          ((2, 4), (0, 1), (6, 1), {0: Status.STUNNED, 12: Status.SENT_OFF})])  # a tie
def test_officious_ref_the_lower_teams_random_player_argues(
        engine: str, rolls: tuple[int, int], picks: tuple[int, ...], argues: tuple[int, ...],
        hit: dict[int, Status]) -> None:
    """Home's Fan Factor 2, away's 0 (home 1 + 2 = 3 < 4). A random player on the pitch of the
    lower team (both on a tie, home first): D6 1 sent off, 2-6 Placed Prone and Stunned."""
    script = d6(rolls[0]) + d6(rolls[1])
    for p, a in zip(picks, argues, strict=True):
        script += pick(p) + d6(a)
    sc = _scenario(engine, script, home=_team("human", fan_factor=2), away=_team("orc", fan_factor=0))
    for pid, sq in zip(HOME[:3], [(12, 6), (12, 7), (12, 8)], strict=True):
        sc.put(pid, sq)
    for pid, sq in zip(AWAY[:3], [(15, 6), (15, 7), (15, 8)], strict=True):
        sc.put(pid, sq)
    game = _run(sc, OfficiousRef())
    _done(game)
    s = game.state
    for pid in HOME[:3] + AWAY[:3]:
        assert s.status[pid] == hit.get(pid, Status.STANDING), pid
    for pid, st in hit.items():
        assert (s.pos[pid] < 0) == (st == Status.SENT_OFF)


@pytest.mark.parametrize("engine", ENGINES)
def test_pitch_invasion_stuns_d3_random_standing_players_of_the_lower_team(engine: str) -> None:
    """Fan Factors 2 and 0: 2 + 2 against 4 + 0, a tie: one D3 (2) for both teams. Home has three
    standing players, away one standing and one prone: two home players Stunned, then away's
    only standing one (the D3 stops there)."""
    script = d6(2) + d6(4) + d3(2) + pick(0) + pick(1) + pick(0)
    sc = _scenario(engine, script, home=_team("human", fan_factor=2), away=_team("orc", fan_factor=0))
    for pid, sq in zip(HOME[:3], [(12, 6), (12, 7), (12, 8)], strict=True):
        sc.put(pid, sq)
    sc.put(AWAY[0], (15, 6), Status.PRONE).put(AWAY[1], (15, 7))
    game = _run(sc, PitchInvasionBB2020())
    _done(game)
    s = game.state
    assert [s.status[p] for p in HOME[:3]] == [Status.STUNNED, Status.STANDING, Status.STUNNED]
    assert [s.status[p] for p in AWAY[:2]] == [Status.PRONE, Status.STUNNED]


@pytest.mark.parametrize("engine", ENGINES)
def test_pitch_invasion_leaves_the_higher_team_alone(engine: str) -> None:
    sc = _scenario(engine, d6(6) + d6(1) + d3(1) + pick(0))
    sc.put(HOME[0], (12, 6)).put(AWAY[0], (15, 6))
    game = _run(sc, PitchInvasionBB2020())
    _done(game)
    assert (game.state.status[HOME[0]], game.state.status[AWAY[0]]) == (Status.STANDING, Status.STUNNED)


@pytest.mark.parametrize("engine", ENGINES)
def test_blitz_lets_up_to_d3_plus_3_open_kicking_players_move_or_blitz(engine: str) -> None:
    """D3 1: four of the open players (not the line's, marked by the Orc on (13, 7)) may act,
    Move or one Blitz only (no Block, Pass, Hand-off, Foul); then only the turn's end."""
    sc = _scenario(engine, d3(1))
    for pid, sq in zip(HOME, HOME_SETUP, strict=True):
        sc.put(pid, sq)
    sc.put(AWAY[0], (13, 7))
    game = _run(sc, BlitzBB2020())
    legal = game.legal_actions()
    assert [g.type for g in legal.groups] == [T.START_MOVE, T.START_BLITZ, T.END_TURN]
    assert set(legal.groups[0].players) == set(HOME[3:])
    for pid in HOME[3:7]:
        do(game, T.START_MOVE, pid)
        x, y = _xy(game, pid)
        do(game, T.MOVE, square=(x - 1, y))
        if game.legal_actions().group(T.END_ACTION) is not None:
            do(game, T.END_ACTION)
    assert [g.type for g in game.legal_actions().groups] == [T.END_TURN]
    do(game, T.END_TURN)
    _done(game)
    assert [_xy(game, p) for p in HOME[3:8]] == [(9, 5), (9, 6), (9, 7), (9, 8), (10, 9)]
    assert game.state.teams[0].turn == 0  # a free turn: the marker stays


@pytest.mark.parametrize("engine", ENGINES)
def test_the_plain_roll_off_only_rolls(engine: str) -> None:
    """The roll-offs' base frame on its own: two D6, the winner noted, nothing changed."""
    game = _run(_scenario(engine, d6(5) + d6(2)), kickoff_bb2020._RollOff())
    _done(game)
    assert [e for e in game.state.log if e[0] == Event.KICKOFF_SIDE] == [(Event.KICKOFF_SIDE, 0, 5, 2)]
    assert [(t.rerolls, t.prayers, t.drive_reroll) for t in game.state.teams] == [(0, 0, 0), (0, 0, 0)]


@NO_NATIVE
def test_the_parity_setup_twin_leaves_solid_defence_alone() -> None:
    """Solid Defence asks a SETUP decision of its own frame: the parity harness's set-up twin
    (the native random set-up, which needs a Setup frame) is not asked there."""
    sc = _scenario("python", d3(1))
    for pid, sq in zip(HOME, HOME_SETUP, strict=True):
        sc.put(pid, sq)
    game = _run(sc, SolidDefence())
    assert game.decision().kind == DecisionKind.SETUP
    native = on_engine(game, "native")
    assert compare_setup(0, game, native, 1) is None  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="no set-up is being decided"):
        native.native_state.random_setup_action(1)  # type: ignore[attr-defined]
