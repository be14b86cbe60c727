"""BB2020's passing and ball skills on both engines (SKILLS.md, Passing): Accurate (Quick and
Short passes only), Safe Pass (a fumble is kept), Cloud Burster (a successful interference with
his Long or Long Bomb pass is re-rolled), On the Ball (Kick-Off Return's and Pass Block's
moves), My Ball (no Pass, no Hand-off), BB2020's Hail Mary Pass (a Passing Ability test:
inaccurate at best, never interfered with), Running Pass (after a Quick pass the action goes
on) and Safe Pair of Hands (knocked down with the ball, he may place it next to him). Home: a
BB2020 Human team (the Thrower on (5, 7) holds the ball); away: BB2020 Orcs."""

from __future__ import annotations

import importlib.util

import pytest

from nuffle.core.actions import ActionType
from nuffle.core.dice import Dice, Outcome, block, d6, d8, two_d6
from nuffle.core.game import Game
from nuffle.core.procedures.kickoff import Kickoff
from nuffle.core.procedures.passing import HAIL_MARY, Pass, hail_mary_modifier, pass_roll_modifier
from nuffle.core.ruleset import LRB6, draft_ruleset
from nuffle.core.skills import Skill
from nuffle.core.state import PSTAT_COMPLETIONS, PSTATS
from nuffle.core.teams import TeamSpec
from nuffle.core.types import BallState, BlockFace, Decider, Status, Weather
from nuffle.teams_bb2020 import check_team, suggest_team
from nuffle.teams_bb2020_match import match_team
from nuffle.testing import Scenario, do

BB2020 = draft_ruleset("bb2020")
HAS_NATIVE = importlib.util.find_spec("nuffle._native") is not None
NO_NATIVE = pytest.mark.skipif(not HAS_NATIVE, reason="no native extension")
ENGINES = ["python", pytest.param("native", marks=NO_NATIVE)]
T = ActionType
THROWER_AT = (5, 7)
GET_THE_REF = two_d6(1, 1)  # a kick-off result with no dice and no decisions


def _team(race: str) -> TeamSpec:
    return match_team(check_team(suggest_team(race))).spec


def _scenario(engine: str, script: list[tuple[Dice, Outcome]], *skills: Skill, pa: int = 4,
              catcher_at: tuple[int, int] | None = None) -> tuple[Scenario, int, int]:
    """The Human Thrower (PA `pa`, `skills`, no Pass) on (5, 7) with the ball, a Catcher (AG 3+,
    no Catch) on `catcher_at`; no team re-rolls."""
    sc = Scenario(_team("human"), _team("orc"), script=script, engine=engine, rules=BB2020)
    sc.set(rerolls=(0, 0))
    thrower, catcher = sc.pid(0, "Thrower"), sc.pid(0, "Catcher")
    sc.take(thrower, Skill.PASS).grant(thrower, *skills, pa=pa).put(thrower, THROWER_AT).give_ball(thrower)
    sc.take(catcher, Skill.CATCH, Skill.DIVING_CATCH)
    if catcher_at is not None:
        sc.put(catcher, catcher_at)
    return sc, thrower, catcher


def _pass(sc: Scenario, thrower: int, target: tuple[int, int]) -> Game:
    return sc.start(active=0, proc=Pass(thrower, sc.state.board.sq(*target)))


def _done(game: Game) -> None:
    assert not game.roller.queue  # type: ignore[attr-defined]


# --- Accurate -------------------------------------------------------------------------------


def test_accurate_bb2020_only_on_quick_and_short_passes() -> None:
    """BB2020's own Accurate handler: +1 on Quick and Short, nothing on Long and Long Bomb; LRB6's
    keeps +1 on every band."""
    bb, thrower, _ = _scenario("python", [], Skill.ACCURATE)
    lrb6 = Scenario(rules=LRB6)
    lrb6.grant(3, Skill.ACCURATE).put(3, THROWER_AT)
    for band, bb_mod, lrb6_mod in (("Q", 1, 2), ("S", 0, 1), ("L", -2, 0), ("B", -3, -1)):
        assert pass_roll_modifier(bb.state, thrower, band) == bb_mod, band
        assert pass_roll_modifier(lrb6.state, 3, band) == lrb6_mod, band


@pytest.mark.parametrize("engine", ENGINES)
def test_accurate_makes_a_short_pass_accurate(engine: str) -> None:
    # Short (5 squares): PA 4+, -1 +1: a 4 is accurate; the catch needs AG 3+.
    sc, thrower, catcher = _scenario(engine, d6(4, 3), Skill.ACCURATE, catcher_at=(10, 7))
    game = _pass(sc, thrower, (10, 7))
    assert game.state.carrier() == catcher and not game.state.turnover
    assert game.state.pstats[thrower * PSTATS + PSTAT_COMPLETIONS] == 1
    _done(game)


@pytest.mark.parametrize("engine", ENGINES)
def test_accurate_does_not_help_a_long_pass(engine: str) -> None:
    # Long (8 squares): PA 4+, -2 and no Accurate: a 5 is inaccurate; three scatters (+x) from
    # (13, 7) to (16, 7), empty: a bounce (+x) to (17, 7), a turnover.
    sc, thrower, _ = _scenario(engine, d6(5) + d8(5, 5, 5) + d8(5), Skill.ACCURATE)
    game = _pass(sc, thrower, (13, 7))
    s = game.state
    assert s.ball_state == BallState.ON_GROUND and s.board.xy(s.ball) == (17, 7) and s.turnover
    _done(game)


# --- Safe Pass ------------------------------------------------------------------------------


@pytest.mark.parametrize("engine", ENGINES)
@pytest.mark.parametrize("safe", [True, False])
def test_safe_pass_keeps_a_fumbled_pass(engine: str, safe: bool) -> None:
    """A natural 1 fumbles: with Safe Pass the thrower keeps the ball, no turnover and no
    bounce; without it the ball bounces (+x) from his square, a turnover."""
    skills = (Skill.SAFE_PASS,) if safe else ()
    sc, thrower, _ = _scenario(engine, d6(1) + ([] if safe else d8(5)), *skills)
    game = _pass(sc, thrower, (10, 7))
    s = game.state
    if safe:
        assert s.carrier() == thrower and not s.turnover
    else:
        assert s.ball_state == BallState.ON_GROUND and s.board.xy(s.ball) == (6, 7) and s.turnover
    _done(game)


# --- Cloud Burster --------------------------------------------------------------------------


def _interfered(engine: str, script: list[tuple[Dice, Outcome]], target: tuple[int, int],
                interferer_at: tuple[int, int]) -> tuple[Game, int, int, int]:
    """A Cloud Burster thrower (PA 2+) passes to `target` (the Catcher there); an orc Blitzer
    (AG 3+) under the ruler on `interferer_at` interferes."""
    sc, thrower, catcher = _scenario(engine, script, Skill.CLOUD_BURSTER, pa=2, catcher_at=target)
    orc = sc.pid(1, "Blitzer")
    sc.put(orc, interferer_at)
    game = _pass(sc, thrower, target)
    assert game.decider == Decider.AWAY
    do(game, T.SELECT_PLAYER, orc)
    return game, thrower, catcher, orc


@pytest.mark.parametrize("engine", ENGINES)
def test_cloud_burster_rerolls_a_successful_interference_with_a_long_pass(engine: str) -> None:
    # Long (8): a 6 is accurate; the interference at -3 needs a 6: it succeeds, Cloud Burster has
    # it re-rolled (2, failed); the ball lands on the Catcher (3: caught), a completion.
    game, thrower, catcher, _ = _interfered(engine, d6(6, 6, 2, 3), (13, 7), (9, 7))
    s = game.state
    assert s.carrier() == catcher and not s.turnover
    assert s.pstats[thrower * PSTATS + PSTAT_COMPLETIONS] == 1
    _done(game)


@pytest.mark.parametrize("engine", ENGINES)
def test_cloud_burster_not_on_a_short_pass(engine: str) -> None:
    # Short (5): the interference (6) stands; the orc catches the deflected ball at -1 (4).
    game, _, _, orc = _interfered(engine, d6(6, 6, 4), (10, 7), (8, 7))
    s = game.state
    assert s.carrier() == orc and s.turnover
    _done(game)


# --- On the Ball ----------------------------------------------------------------------------


@pytest.mark.parametrize("engine", ENGINES)
def test_on_the_ball_moves_when_a_pass_is_declared(engine: str) -> None:
    """Pass Block's half: the orc with On the Ball moves (here next to the target) before the
    throw; the pass then goes on (accurate; the Catcher, now marked, catches on a 4)."""
    sc, thrower, catcher = _scenario(engine, d6(6, 4), pa=2, catcher_at=(10, 7))
    orc = sc.pid(1, "Blitzer")
    sc.grant(orc, Skill.ON_THE_BALL).put(orc, (9, 10))
    game = _pass(sc, thrower, (10, 7))
    assert game.decider == Decider.AWAY and {T.MOVE, T.DECLINE} <= set(game.legal_actions().types())
    do(game, T.MOVE, square=(9, 9))
    do(game, T.MOVE, square=(10, 8))
    assert T.END_ACTION in game.legal_actions().types()
    do(game, T.END_ACTION)
    s = game.state
    assert s.board.xy(s.pos[orc]) == (10, 8)
    assert s.carrier() == catcher and not s.turnover
    _done(game)


@pytest.mark.parametrize("engine", ENGINES)
def test_on_the_ball_moves_after_the_kick_deviates(engine: str) -> None:
    """Kick-Off Return's half: home kicks to (15, 7), 2 squares right to (17, 7); the receiving
    orc with On the Ball on (20, 7) runs under it before the kick-off table and catches (4: the
    kick's catch at -1 with AG 3+)."""
    sc = Scenario(_team("human"), _team("orc"), script=d8(5) + d6(2) + GET_THE_REF + d6(4),
                  engine=engine, rules=BB2020)
    orc, other = sc.pid(1, "Blitzer"), sc.pid(1, "Blitzer", 1)
    sc.grant(orc, Skill.ON_THE_BALL).put(orc, (20, 7)).put(other, (20, 9)).put(2, (8, 7))
    sc.set(kicking=0, rerolls=(0, 0))
    game = sc.start(proc=Kickoff())
    do(game, T.PLACE_BALL, square=(15, 7))
    assert game.decider == Decider.AWAY
    group = game.legal_actions().group(T.SELECT_PLAYER)
    assert group is not None and group.players == (orc,)
    do(game, T.SELECT_PLAYER, orc)
    for sq in ((19, 7), (18, 7), (17, 7)):
        do(game, T.MOVE, orc, sq)
    s = game.state
    assert s.carrier() == orc and s.board.xy(s.pos[orc]) == (17, 7)
    _done(game)


# --- My Ball --------------------------------------------------------------------------------


@pytest.mark.parametrize("engine", ENGINES)
def test_my_ball_declares_no_pass_and_no_hand_off(engine: str) -> None:
    """The Catcher with My Ball holds the ball: he may declare a Move or a Blitz, never a Pass or
    a Hand-off; the Thrower beside him still may."""
    sc, thrower, catcher = _scenario(engine, [], catcher_at=(6, 7))
    sc.grant(catcher, Skill.MY_BALL).give_ball(catcher)
    game = sc.start(active=0)
    legal = game.legal_actions()
    for t in (T.START_PASS, T.START_HANDOFF):
        group = legal.group(t)
        assert group is not None and thrower in group.players and catcher not in group.players, t
    for t in (T.START_MOVE, T.START_BLITZ):
        group = legal.group(t)
        assert group is not None and catcher in group.players, t


# --- Hail Mary Pass -------------------------------------------------------------------------


def _hail_mary(engine: str, script: list[tuple[Dice, Outcome]], target: tuple[int, int],
               *skills: Skill, catcher_at: tuple[int, int] | None = None,
               marker_at: tuple[int, int] | None = None) -> tuple[Game, int, int]:
    """The Thrower with Hail Mary Pass (and `skills`) throws one to `target`; an orc Blitzer on
    `marker_at`."""
    sc, thrower, catcher = _scenario(engine, script, Skill.HAIL_MARY_PASS, *skills, catcher_at=catcher_at)
    if marker_at is not None:
        sc.put(sc.pid(1, "Blitzer"), marker_at)
    return sc.start(active=0, proc=Pass(thrower, sc.state.board.sq(*target), HAIL_MARY)), thrower, catcher


@pytest.mark.parametrize("engine", ENGINES)
def test_hail_mary_pass_bb2020_a_six_is_inaccurate_and_never_interfered_with(engine: str) -> None:
    # A 6 is inaccurate at best: three scatters from (12, 7) (+x, -x, +x) to (13, 7); the orc
    # on (8, 7) is under the ruler but is never asked; the Catcher catches at -1 (4): no
    # turnover, no completion.
    game, thrower, catcher = _hail_mary(engine, d6(6) + d8(5, 4, 5) + d6(4), (12, 7),
                                        catcher_at=(13, 7), marker_at=(8, 7))
    s = game.state
    assert s.carrier() == catcher and not s.turnover
    assert s.pstats[thrower * PSTATS + PSTAT_COMPLETIONS] == 0
    _done(game)


@pytest.mark.parametrize("engine", ENGINES)
def test_hail_mary_pass_bb2020_marked_thrower_is_wildly_inaccurate(engine: str) -> None:
    # Marked by the orc on (4, 7): 2 - 1 = 1 is wildly inaccurate: D8 5 (+x), D6 3 from (5, 7)
    # to (8, 7), empty: a bounce (+x) to (9, 7), a turnover. (LRB6's Hail Mary: inaccurate.)
    game, _, _ = _hail_mary(engine, d6(2) + d8(5) + d6(3) + d8(5), (20, 7), marker_at=(4, 7))
    s = game.state
    assert s.ball_state == BallState.ON_GROUND and s.board.xy(s.ball) == (9, 7) and s.turnover
    _done(game)


@pytest.mark.parametrize("engine", ENGINES)
@pytest.mark.parametrize("safe", [True, False])
def test_hail_mary_pass_bb2020_natural_one_fumbles(engine: str, safe: bool) -> None:
    """A natural 1 fumbles: a bounce from the thrower and a turnover, or kept with Safe Pass."""
    skills = (Skill.SAFE_PASS,) if safe else ()
    game, thrower, _ = _hail_mary(engine, d6(1) + ([] if safe else d8(5)), (20, 7), *skills)
    s = game.state
    if safe:
        assert s.carrier() == thrower and not s.turnover
    else:
        assert s.ball_state == BallState.ON_GROUND and s.board.xy(s.ball) == (6, 7) and s.turnover
    _done(game)


def test_hail_mary_pass_bb2020_modifier_has_no_range() -> None:
    """The test's modifier: the pass's without the range; Accurate (Quick and Short) adds
    nothing, Very Sunny -1."""
    sc, thrower, _ = _scenario("python", [], Skill.HAIL_MARY_PASS, Skill.ACCURATE)
    assert hail_mary_modifier(sc.state, thrower) == 0
    sc.set(weather=Weather.VERY_SUNNY)
    assert hail_mary_modifier(sc.state, thrower) == -1


# --- Running Pass ---------------------------------------------------------------------------


def _running(engine: str, script: list[tuple[Dice, Outcome]], target: tuple[int, int],
             *skills: Skill) -> tuple[Game, int]:
    """The Thrower with Running Pass (PA 2+, MA 6) declares a Pass action, steps to (6, 7) and
    passes to the Catcher on `target`."""
    sc, thrower, _ = _scenario(engine, script, Skill.RUNNING_PASS, *skills, pa=2, catcher_at=target)
    game = sc.start(active=0)
    do(game, T.START_PASS, thrower)
    do(game, T.MOVE, square=(6, 7))
    do(game, T.PASS, square=target)
    return game, thrower


@pytest.mark.parametrize("engine", ENGINES)
def test_running_pass_moves_on_after_a_quick_pass(engine: str) -> None:
    # Quick (2 squares): accurate (6), caught (3); the action goes on: five squares of MA left.
    game, thrower = _running(engine, d6(6, 3), (8, 7))
    assert {T.MOVE, T.END_ACTION} <= set(game.legal_actions().types())
    for sq in ((6, 8), (6, 9), (6, 10), (6, 11), (6, 12)):
        do(game, T.MOVE, square=sq)
    s = game.state
    assert s.board.xy(s.pos[thrower]) == (6, 12) and not s.turnover
    group = game.legal_actions().group(T.MOVE)  # Rushes only now (2+ each)
    assert group is not None
    do(game, T.END_ACTION)
    assert T.START_MOVE in game.legal_actions().types()
    _done(game)


@pytest.mark.parametrize("engine", ENGINES)
def test_running_pass_not_after_a_short_pass(engine: str) -> None:
    # Short (4 squares): accurate (6), caught (3); the action ends.
    game, _ = _running(engine, d6(6, 3), (10, 7))
    types = set(game.legal_actions().types())
    assert T.START_MOVE in types and T.MOVE not in types
    _done(game)


@pytest.mark.parametrize("engine", ENGINES)
def test_running_pass_not_after_a_fumble_he_kept(engine: str) -> None:
    # Quick, a natural 1: Safe Pass keeps the ball, and the action ends there.
    game, thrower = _running(engine, d6(1), (8, 7), Skill.SAFE_PASS)
    assert game.state.carrier() == thrower
    types = set(game.legal_actions().types())
    assert T.START_MOVE in types and T.MOVE not in types
    _done(game)


# --- Safe Pair of Hands ---------------------------------------------------------------------


def _knocked_down_carrier(engine: str, script: list[tuple[Dice, Outcome]]) -> tuple[Game, int]:
    """A Human Blitzer knocks down (Defender Down, armour 2: holds) the orc carrier with Safe Pair
    of Hands on (11, 7), pushed to (12, 7), and does not follow up."""
    sc = Scenario(_team("human"), _team("orc"), script=block(BlockFace.DEFENDER_DOWN) + two_d6(1, 1) + script,
                  engine=engine, rules=BB2020)
    sc.set(rerolls=(0, 0))
    att, dfd = sc.pid(0, "Blitzer"), sc.pid(1, "Blitzer")
    sc.grant(dfd, Skill.SAFE_PAIR_OF_HANDS).put(att, (10, 7)).put(dfd, (11, 7)).give_ball(dfd)
    game = sc.start(active=0)
    do(game, T.START_BLOCK, att)
    do(game, T.BLOCK, square=(11, 7))
    do(game, T.SELECT_DEFENDER_DOWN)
    do(game, T.PUSH, square=(12, 7))
    do(game, T.DECLINE)  # no follow-up
    return game, dfd


@pytest.mark.parametrize("engine", ENGINES)
def test_safe_pair_of_hands_places_the_ball_next_to_him(engine: str) -> None:
    game, dfd = _knocked_down_carrier(engine, [])
    assert game.decider == Decider.AWAY
    group = game.legal_actions().group(T.PLACE_BALL)
    assert group is not None and (13, 7) in group.squares and (11, 7) in group.squares
    assert T.DECLINE in game.legal_actions().types()
    do(game, T.PLACE_BALL, square=(13, 7))
    s = game.state
    assert s.status[dfd] == Status.PRONE and s.ball_state == BallState.ON_GROUND
    assert s.board.xy(s.ball) == (13, 7) and not s.turnover
    _done(game)


@pytest.mark.parametrize("engine", ENGINES)
def test_safe_pair_of_hands_declined_the_ball_bounces(engine: str) -> None:
    game, _ = _knocked_down_carrier(engine, d8(7))
    do(game, T.DECLINE)
    s = game.state
    assert s.ball_state == BallState.ON_GROUND and s.board.xy(s.ball) == (12, 8)
    _done(game)


@pytest.mark.parametrize("engine", ENGINES)
def test_safe_pair_of_hands_not_when_he_falls_over(engine: str) -> None:
    """The Thrower with the ball dodges from the orc on (6, 7) to (4, 7) and fails (1): he falls
    over (armour 2 holds); the ball bounces (+x) to (5, 7), a turnover, nothing asked."""
    sc, thrower, _ = _scenario(engine, d6(1) + two_d6(1, 1) + d8(5), Skill.SAFE_PAIR_OF_HANDS)
    sc.put(sc.pid(1, "Blitzer"), (6, 7))
    game = sc.start(active=0)
    do(game, T.START_MOVE, thrower)
    do(game, T.MOVE, square=(4, 7))
    s = game.state
    assert s.status[thrower] == Status.PRONE and s.turnover
    assert s.ball_state == BallState.ON_GROUND and s.board.xy(s.ball) == (5, 7)
    _done(game)


@pytest.mark.parametrize("engine", ENGINES)
@pytest.mark.parametrize("place", [True, False])
def test_safe_pair_of_hands_on_attacker_down(engine: str, place: bool) -> None:
    """Attacker Down knocks the attacker down (it is not falling over): the Human Blitzer with
    Safe Pair of Hands and the ball blocks the orc on (11, 7), Attacker Down, armour 2 holds;
    his coach places the ball on (9, 7), or declines and it bounces (+y) to (10, 8). A turnover
    either way (he went down)."""
    script = block(BlockFace.ATTACKER_DOWN) + two_d6(1, 1) + ([] if place else d8(7))
    sc = Scenario(_team("human"), _team("orc"), script=script, engine=engine, rules=BB2020)
    sc.set(rerolls=(0, 0))
    att, dfd = sc.pid(0, "Blitzer"), sc.pid(1, "Blitzer")
    sc.grant(att, Skill.SAFE_PAIR_OF_HANDS).put(att, (10, 7)).put(dfd, (11, 7)).give_ball(att)
    game = sc.start(active=0)
    do(game, T.START_BLOCK, att)
    do(game, T.BLOCK, square=(11, 7))
    do(game, T.SELECT_ATTACKER_DOWN)
    assert game.decider == Decider.HOME and T.PLACE_BALL in game.legal_actions().types()
    if place:
        do(game, T.PLACE_BALL, square=(9, 7))
    else:
        do(game, T.DECLINE)
    s = game.state
    assert s.status[att] == Status.PRONE and s.ball_state == BallState.ON_GROUND and s.turnover
    assert s.board.xy(s.ball) == ((9, 7) if place else (10, 8))
    _done(game)


# --- Cannoneer ------------------------------------------------------------------------------


def test_cannoneer_plus_one_on_long_and_long_bomb_passes_only() -> None:
    """Cannoneer: +1 on Long and Long Bomb (and a Hail Mary, read as a Long Bomb), nothing on
    Quick and Short; with Accurate as well each band gets exactly one +1."""
    sc, thrower, _ = _scenario("python", [], Skill.CANNONEER)
    both, other, _ = _scenario("python", [], Skill.CANNONEER, Skill.ACCURATE)
    for band, mod in (("Q", 0), ("S", -1), ("L", -1), ("B", -2)):
        assert pass_roll_modifier(sc.state, thrower, band) == mod, band
        assert pass_roll_modifier(both.state, other, band) == mod + (band in "QS"), band
    assert hail_mary_modifier(sc.state, thrower) == 1


@pytest.mark.parametrize("engine", ENGINES)
@pytest.mark.parametrize("cannoneer", [True, False])
def test_cannoneer_makes_a_long_pass_accurate(engine: str, cannoneer: bool) -> None:
    """Long (8 squares), PA 4+, -2: a 5 is accurate with Cannoneer's +1 (the catch, 3 against
    AG 3+, completes it); without him it is inaccurate: three scatters (+x) from (13, 7) to
    (16, 7), empty: a bounce (+x) to (17, 7), a turnover."""
    skills = (Skill.CANNONEER,) if cannoneer else ()
    script = d6(5, 3) if cannoneer else d6(5) + d8(5, 5, 5) + d8(5)
    sc, thrower, catcher = _scenario(engine, script, *skills, catcher_at=(13, 7) if cannoneer else None)
    game = _pass(sc, thrower, (13, 7))
    s = game.state
    if cannoneer:
        assert s.carrier() == catcher and not s.turnover
        assert s.pstats[thrower * PSTATS + PSTAT_COMPLETIONS] == 1
    else:
        assert s.ball_state == BallState.ON_GROUND and s.board.xy(s.ball) == (17, 7) and s.turnover
    _done(game)


# --- Titchy (BB2020: no negative modifier on an opponent's test) -----------------------------


def _titchy_marker(sc: Scenario, at: tuple[int, int], titchy: bool) -> int:
    orc = sc.pid(1, "Big Un Blocker")
    sc.put(orc, at)
    if titchy:
        sc.grant(orc, Skill.TITCHY)
    return orc


def test_titchy_marks_no_test_under_bb2020_only() -> None:
    """A Titchy Orc next to the thrower puts no -1 on his pass, nor on a pick-up or a catch
    there, under BB2020; under LRB6 his zone counts as any other."""
    from nuffle.core.procedures.ball import catch_modifier, pickup_roll_modifier

    plain, thrower, _ = _scenario("python", [])
    titchy, other, _ = _scenario("python", [])
    _titchy_marker(plain, (4, 7), False)
    _titchy_marker(titchy, (4, 7), True)
    assert pass_roll_modifier(titchy.state, other, "S") == pass_roll_modifier(plain.state, thrower, "S") + 1
    assert pickup_roll_modifier(titchy.state, other) == pickup_roll_modifier(plain.state, thrower) + 1
    assert catch_modifier(titchy.state, other, 1) == catch_modifier(plain.state, thrower, 1) + 1
    lrb6 = Scenario(rules=LRB6)
    lrb6.put(3, THROWER_AT)
    base = pass_roll_modifier(lrb6.state, 3, "S")
    opp = next(p.pid for p in lrb6.state.info if p.team == 1)
    lrb6.grant(opp, Skill.TITCHY).put(opp, (4, 7))
    assert pass_roll_modifier(lrb6.state, 3, "S") == base - 1


@pytest.mark.parametrize("engine", ENGINES)
@pytest.mark.parametrize("titchy", [True, False])
def test_titchy_marking_the_thrower_and_the_catcher(engine: str, titchy: bool) -> None:
    """Short pass (5 squares), PA 4+, -1, an Orc on (4, 7) marking the thrower and one on
    (11, 7) marking the catcher on (10, 7): both Titchy, a 5 is accurate and a 3 catches
    (AG 3+); neither Titchy, the 5 is inaccurate (5 - 2 < 4): three scatters (+y) from (10, 7)
    to (10, 10), empty: a bounce (+y) to (10, 11), a turnover."""
    script = d6(5, 3) if titchy else d6(5) + d8(7, 7, 7) + d8(7)
    sc, thrower, catcher = _scenario(engine, script, catcher_at=(10, 7))
    _titchy_marker(sc, (4, 7), titchy)
    mate = sc.pid(1, "Big Un Blocker", 1)
    sc.put(mate, (11, 7))
    if titchy:
        sc.grant(mate, Skill.TITCHY)
    game = _pass(sc, thrower, (10, 7))
    s = game.state
    if titchy:
        assert s.carrier() == catcher and not s.turnover
    else:
        assert s.ball_state == BallState.ON_GROUND and s.board.xy(s.ball) == (10, 11) and s.turnover
    _done(game)
