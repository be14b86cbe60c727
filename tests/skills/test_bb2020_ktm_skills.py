"""BB2020's Kick Team-mate on both engines (SKILLS.md; procedures/kick_team_mate.py): declared
as the Throw Team-mate action by a player with Kick Team-mate (not Throw Team-mate), once a team
turn on its own allowance (RULES §7.2: not the Blitz, Pass or Throw Team-mate); 2D6 along the
line from the kicker through the kicked player (a double: hurt as by the crowd where he stands);
then three scatters and the landing as a Subpar throw's, the landing at -1 for 6-8 squares, -2
for 9 or more; never a completion.

The kicker is the Human Blitzer given Kick Team-mate at (10, 7), the kicked player the Halfling
Hopeful (ST 2, AG 3+, Right Stuff, Stunty) at (11, 7): kicks go east (+x). D8: 2 north, 4 west,
5 east, 7 south.
"""

from __future__ import annotations

import importlib.util

import pytest

from nuffle.core.actions import Action, ActionType
from nuffle.core.dice import Dice, Outcome, d3, d6, d8, two_d6
from nuffle.core.game import Game
from nuffle.core.procedures.kickoff_bb2020 import BlitzBB2020
from nuffle.core.skills import Skill
from nuffle.core.state import PSTAT_COMPLETIONS, PSTATS
from nuffle.core.types import BallState, Status
from nuffle.teams_bb2020 import check_team, suggest_team
from nuffle.teams_bb2020_match import match_team, playable_races
from nuffle.testing import Scenario, edit, roller_of, throw_team_mate, ttm_scenario, xy

HAS_NATIVE = importlib.util.find_spec("nuffle._native") is not None
NO_NATIVE = pytest.mark.skipif(not HAS_NATIVE, reason="no native extension")
ENGINES = ["python", pytest.param("native", marks=NO_NATIVE)]
T = ActionType
HOLDS = two_d6(1, 1)  # an armour roll that holds
STUNNED = two_d6(1, 2)  # an injury roll of 3: Stunned (the crowd: to the reserves)


Square = tuple[int, int]


def _kick_scenario(engine: str, script: list[tuple[Dice, Outcome]], ball: bool = False,
                   at: tuple[Square, Square] = ((10, 7), (11, 7))) -> tuple[Scenario, int, int]:
    return ttm_scenario(engine, script, thrower_at=at[0], thrown_at=at[1], ball=ball,
                        skill=Skill.KICK_TEAM_MATE)


def _kick(sc: Scenario, kicker: int, kicked: int) -> Game:
    return throw_team_mate(sc, kicker, kicked, sc.state.board.xy(sc.state.pos[kicked]))


@pytest.mark.parametrize("engine", ENGINES)
def test_kick_team_mate_kicks_him_2d6_along_the_line(engine: str) -> None:
    """2D6 = 1 + 3: 4 squares east to (15, 7); scatters E, E, W -> (16, 7); lands on 3 (AG 3+ at
    0). The team's Kick Team-mate is spent, not its Blitz or Pass; no completion."""
    sc, kicker, kicked = _kick_scenario(engine, two_d6(1, 3) + d8(5, 5, 4) + d6(3), ball=True)
    game = _kick(sc, kicker, kicked)
    s = game.state
    assert xy(game, kicked) == (16, 7) and s.status[kicked] == Status.STANDING
    assert s.ball_state == BallState.CARRIED and s.ball == s.pos[kicked]
    assert s.teams[0].ktm_used and not s.teams[0].blitz_used and not s.teams[0].pass_used
    assert s.pstats[kicker * PSTATS + PSTAT_COMPLETIONS] == 0 and not s.turnover
    assert not roller_of(game).queue


@pytest.mark.parametrize("engine", ENGINES)
@pytest.mark.parametrize(("dice", "die", "lands"), [((2, 4), 4, True), ((4, 5), 4, False), ((2, 3), 3, True)])
def test_kick_team_mate_landing_by_distance(engine: str, dice: Square, die: int, lands: bool) -> None:
    """6 squares: landing at -1 (4 lands); 9: at -2 (4 fails: Knocked Down); 5: at 0 (3 lands).
    Scatters N, S, N end one square north of where the kick took him."""
    a, b = dice
    script = two_d6(a, b) + d8(2, 7, 2) + d6(die) + ([] if lands else HOLDS)
    sc, kicker, kicked = _kick_scenario(engine, script)
    game = _kick(sc, kicker, kicked)
    s = game.state
    assert xy(game, kicked) == (11 + a + b, 6)
    assert s.status[kicked] == (Status.STANDING if lands else Status.PRONE)
    assert not s.turnover
    assert not roller_of(game).queue


@pytest.mark.parametrize("engine", ENGINES)
@pytest.mark.parametrize("titchy", [True, False])
def test_kick_team_mate_landing_ignores_a_titchy_marker(engine: str, titchy: bool) -> None:
    """An Orc Blitzer marks the landing square (16, 7): his zone makes a 3 fail (AG 3+ at -1);
    with Titchy it puts no modifier on the landing, as on a thrown player's (a 3 lands)."""
    script = two_d6(1, 3) + d8(5, 5, 4) + d6(3) + ([] if titchy else HOLDS)
    sc, kicker, kicked = _kick_scenario(engine, script)
    marker = sc.pid(1, "Blitzer")
    sc.put(marker, (17, 8))
    if titchy:
        sc.grant(marker, Skill.TITCHY)
    game = _kick(sc, kicker, kicked)
    assert xy(game, kicked) == (16, 7)
    assert game.state.status[kicked] == (Status.STANDING if titchy else Status.PRONE)
    assert not roller_of(game).queue


@pytest.mark.parametrize("engine", ENGINES)
def test_kick_team_mate_double_hurts_him_as_the_crowd(engine: str) -> None:
    """A double (3, 3): no flight; an injury roll as by the crowd (3: Stunned, to the reserves);
    the ball he held bounces from his square (E) and it is a turnover."""
    sc, kicker, kicked = _kick_scenario(engine, two_d6(3, 3) + STUNNED + d8(5), ball=True)
    game = _kick(sc, kicker, kicked)
    s = game.state
    assert s.pos[kicked] < 0 and s.status[kicked] == Status.RESERVE
    assert s.ball_state == BallState.ON_GROUND and s.board.xy(s.ball) == (12, 7)
    assert s.turnover
    assert not roller_of(game).queue


@pytest.mark.parametrize("engine", ENGINES)
def test_kick_team_mate_off_the_pitch_is_the_crowd(engine: str) -> None:
    """From (21, 7) east, 2D6 = 5: out past x 25 on the fifth square: the crowd (Stunned: the
    reserves), no scatter."""
    sc, kicker, kicked = _kick_scenario(engine, two_d6(2, 3) + STUNNED, at=((20, 7), (21, 7)))
    game = _kick(sc, kicker, kicked)
    s = game.state
    assert s.pos[kicked] < 0 and s.status[kicked] == Status.RESERVE and not s.turnover
    assert not roller_of(game).queue


@pytest.mark.parametrize("engine", ENGINES)
def test_kick_team_mate_declared_on_its_own_allowance(engine: str) -> None:
    """The kicker's Throw Team-mate action whatever the Blitz and Pass (both used here); none once
    the turn's Kick Team-mate is used; its one choice is the kicked player's own square."""
    sc, kicker, kicked = _kick_scenario(engine, [])
    game = sc.start(active=0)
    with edit(game) as s:
        s.teams[0].blitz_used = s.teams[0].pass_used = True
    group = game.legal_actions().group(T.START_THROW_TEAM_MATE)
    assert group is not None and kicker in group.players
    with edit(game) as s:
        s.teams[0].ktm_used = True
    group = game.legal_actions().group(T.START_THROW_TEAM_MATE)
    assert group is None or kicker not in group.players
    with edit(game) as s:
        s.teams[0].ktm_used = False
    game.step(Action(T.START_THROW_TEAM_MATE, kicker))
    kick = game.legal_actions().group(T.THROW_TEAM_MATE)
    assert kick is not None and tuple(kick.players) == (kicked,) and tuple(kick.squares) == ((11, 7),)
    s = game.state
    assert s.teams[0].ktm_used and s.teams[0].blitz_used and s.teams[0].pass_used


@pytest.mark.parametrize("engine", ENGINES)
def test_kick_team_mate_once_a_turn_beside_the_blitz(engine: str) -> None:
    """A kick (to (16, 7), as above), then a second kicker next to the kicked player is offered no
    kick (he would be, were the allowance unused), but the team's Blitz is; both spent in one turn;
    the allowance comes back at the team's next turn."""
    sc, kicker, kicked = _kick_scenario(engine, two_d6(1, 3) + d8(5, 5, 4) + d6(3))
    other = sc.pid(0, "Blitzer", 1)
    sc.grant(other, Skill.KICK_TEAM_MATE, st=5).put(other, (16, 8))
    game = sc.start(active=0, drive=True)  # the other side's turn, then this side's, follow
    game.step(Action(T.START_THROW_TEAM_MATE, kicker))
    game.step(Action(T.THROW_TEAM_MATE, kicked, (11, 7)))
    assert xy(game, kicked) == (16, 7) and game.state.teams[0].ktm_used
    legal = game.legal_actions()
    assert legal.group(T.START_THROW_TEAM_MATE) is None
    blitz = legal.group(T.START_BLITZ)
    assert blitz is not None and other in blitz.players
    with edit(game) as s:
        s.teams[0].ktm_used = False
    group = game.legal_actions().group(T.START_THROW_TEAM_MATE)
    assert group is not None and other in group.players
    with edit(game) as s:
        s.teams[0].ktm_used = True
    game.step(Action(T.START_BLITZ, other))
    assert game.state.teams[0].blitz_used and game.state.teams[0].ktm_used
    assert not roller_of(game).queue
    for action in (T.END_ACTION, T.END_TURN, T.END_TURN):  # his action, this turn, the other side's
        game.step(Action(action))
    s = game.state
    assert s.active == 0 and not s.teams[0].ktm_used and not s.teams[0].blitz_used
    group = game.legal_actions().group(T.START_THROW_TEAM_MATE)
    assert group is not None and other in group.players


@pytest.mark.parametrize("engine", ENGINES)
def test_kick_team_mate_not_in_the_kick_off_blitz(engine: str) -> None:
    """The kick-off's Blitz turn (D3 1): Move actions and one Blitz, no kick (RULES §5.4)."""
    sc, kicker, _ = _kick_scenario(engine, d3(1))
    sc.set(kicking=0)
    game = sc.start(proc=BlitzBB2020())
    legal = game.legal_actions()
    assert [g.type for g in legal.groups] == [T.START_MOVE, T.START_BLITZ, T.END_TURN]
    assert kicker in legal.groups[0].players


def test_kick_team_mate_ogres_are_playable() -> None:
    """The Ogre Runt Punter's Kick Team-mate has its handlers: every BB2020 team is playable."""
    assert match_team(check_team(suggest_team("ogre"))).missing == ()
    assert "ogre" in playable_races() and len(playable_races()) == 30


def test_kick_team_mate_allowance_kept_in_positions_only_when_used() -> None:
    """`team_state` names ktm_used only once the turn's kick is spent (earlier positions are
    unchanged); it survives a position round trip, the state key and the native engine's state;
    a value other than true or false is refused."""
    from nuffle.core.native_state import to_native
    from nuffle.core.position import PositionError, position_from_dict, position_to_dict
    from nuffle.core.position_check import check_position

    s = Scenario(engine="python").start(active=0).state  # LRB6: the draft's positions are refused
    fresh = s.key()
    assert all("ktm_used" not in t for t in position_to_dict(s)["team_state"])
    s.teams[1].ktm_used = True
    data = position_to_dict(s)
    assert "ktm_used" not in data["team_state"][0] and data["team_state"][1]["ktm_used"] is True
    back = position_from_dict(data)
    assert [t.ktm_used for t in back.teams] == [False, True]
    assert back.key() == s.key() != fresh
    if HAS_NATIVE:
        assert to_native(s).dump()["teams"][1]["ktm_used"] == 1
    data["team_state"][1]["ktm_used"] = 1
    with pytest.raises(PositionError, match=r"ktm_used must be true or false"):
        check_position(position_from_dict(data))
