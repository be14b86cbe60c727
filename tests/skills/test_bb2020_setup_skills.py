"""BB2020's Swarming on both engines (SKILLS.md; RULES §5.2): once both teams have set up, a team
with Swarming players in its reserves rolls a D3 (the kicking team first) and may place up to
that many of them in its own half, off the line of scrimmage and out of the wide zones, even
beyond 11 on the pitch, with the set-up's own decision and actions.

Home's half is x 0-12 (line of scrimmage x = 12), away's x 13-25 (x = 13); the wide zones are
y 0-3 and 11-14. The suggested Snotling team has 16 players: the first 11 set up, its 5 Snotling
Linemen (Swarming) in the reserves (pids 11-15 at home, 27-31 away).
"""

from __future__ import annotations

import importlib.util

import pytest

from nuffle.core.actions import Action, ActionType
from nuffle.core.decision import DecisionKind
from nuffle.core.dice import d3, d6, d8, two_d6
from nuffle.core.game import Game
from nuffle.core.position_check import structural_problem
from nuffle.core.skills import Skill
from nuffle.core.types import PF
from nuffle.random_player import RandomPlayer
from nuffle.testing import at_kickoff, bb2020_scenario

HAS_NATIVE = importlib.util.find_spec("nuffle._native") is not None
NO_NATIVE = pytest.mark.skipif(not HAS_NATIVE, reason="no native extension")
ENGINES = ["python", pytest.param("native", marks=NO_NATIVE)]
T = ActionType
HOME_SWARM = (11, 12, 13, 14, 15)


def _on_pitch(game: Game, side: int) -> int:
    return len(game.state.on_pitch(side))


def _place(game: Game, pid: int, square: tuple[int, int]) -> None:
    game.step(Action(T.PLACE_PLAYER, pid, square))


@pytest.mark.parametrize("engine", ENGINES)
def test_swarming_kicking_team_places_d3_off_the_line_and_wide_zones(engine: str) -> None:
    """D3 = 2: two of the five Swarming reserves, on free squares of the half off the line of
    scrimmage and the wide zones; then only END_SETUP; the kick follows with 13 on the pitch,
    the Swarming players counted as playing in the drive."""
    sc = bb2020_scenario("snotling", "underworld-denizens", d3(2), engine=engine)
    assert all(Skill.SWARMING in sc.state.info[p].skills for p in HOME_SWARM)
    game = at_kickoff(sc, kicking=0)
    d = game.decision()
    assert (d.kind, game.decider) == (DecisionKind.SETUP, 0)
    group = game.legal_actions().group(T.PLACE_PLAYER)
    assert group is not None and tuple(group.players) == HOME_SWARM
    squares = set(group.squares)
    assert (5, 6) in squares and (11, 10) in squares
    assert (12, 6) not in squares  # the line of scrimmage
    assert (5, 3) not in squares and (5, 11) not in squares  # the wide zones
    assert (10, 4) not in squares  # taken
    assert all(x <= 11 and 4 <= y <= 10 for x, y in squares)
    _place(game, 11, (5, 6))
    _place(game, 12, (5, 8))
    assert set(game.legal_actions().types()) == {T.END_SETUP}  # D3 = 2 used up
    game.step(Action(T.END_SETUP))
    assert game.decision().kind == DecisionKind.KICK_TARGET
    assert _on_pitch(game, 0) == 13
    assert all(game.state.pflags[p] & PF.PLAYED for p in (11, 12))
    assert structural_problem(game.state) is None  # 13 on the pitch: 11 + 2 Swarming players
    assert not game.roller.queue  # type: ignore[attr-defined]


@pytest.mark.parametrize("engine", ENGINES)
def test_swarming_kicking_team_first_and_a_coach_may_place_fewer(engine: str) -> None:
    """Both teams Snotlings, away kicking: away's D3 (1) first, then home's (3); home places
    one of his three and ends."""
    sc = bb2020_scenario("snotling", "snotling", d3(1) + d3(3), engine=engine)
    game = at_kickoff(sc, kicking=1)
    assert (game.decision().kind, game.decider) == (DecisionKind.SETUP, 1)
    group = game.legal_actions().group(T.PLACE_PLAYER)
    assert group is not None and tuple(group.players) == (27, 28, 29, 30, 31)
    assert all(x >= 14 and 4 <= y <= 10 for x, y in group.squares)  # away's half, off its line (13)
    _place(game, 27, (20, 7))
    assert set(game.legal_actions().types()) == {T.END_SETUP}
    game.step(Action(T.END_SETUP))
    assert (game.decision().kind, game.decider) == (DecisionKind.SETUP, 0)
    _place(game, 13, (3, 7))
    assert T.PLACE_PLAYER in game.legal_actions().types()
    game.step(Action(T.END_SETUP))
    assert game.decision().kind == DecisionKind.KICK_TARGET
    assert (_on_pitch(game, 0), _on_pitch(game, 1)) == (12, 12)
    assert not game.roller.queue  # type: ignore[attr-defined]


@pytest.mark.parametrize("engine", ENGINES)
def test_swarming_no_roll_without_swarming_reserves(engine: str) -> None:
    """Underworld Denizens (11 players, all set up) and Humans: no D3, straight to the kick."""
    sc = bb2020_scenario("underworld-denizens", "human", engine=engine)
    game = at_kickoff(sc, kicking=0)
    assert game.decision().kind == DecisionKind.KICK_TARGET
    assert not game.roller.queue  # type: ignore[attr-defined]


@pytest.mark.parametrize("engine", ENGINES)
def test_swarming_players_stay_for_solid_defence(engine: str) -> None:
    """Home swarms 2 and kicks; Solid Defence (2D6 = 4, D3 = 1): its set-up may end with 13 on
    the pitch (the count is not checked again: a re-arrangement keeps it)."""
    script = d3(2) + d8(1) + d6(1) + two_d6(1, 3) + d3(1)
    sc = bb2020_scenario("snotling", "human", script, engine=engine)
    game = at_kickoff(sc, kicking=0)
    _place(game, 11, (5, 6))
    _place(game, 12, (5, 8))
    game.step(Action(T.END_SETUP))
    game.step(Action(T.PLACE_BALL, None, (19, 7)))
    assert (game.decision().kind, game.decider) == (DecisionKind.SETUP, 0)
    assert T.END_SETUP in game.legal_actions().types()
    assert _on_pitch(game, 0) == 13
    assert not game.roller.queue  # type: ignore[attr-defined]


def test_swarming_decision_is_a_free_choice_for_the_random_player() -> None:
    """The random player (parity's bots) does not end a Swarming placement at once as it ends a
    set-up already legal: over a few seeds it places a Swarming player and ends as well."""
    chosen = set()
    for seed in range(8):
        game = at_kickoff(bb2020_scenario("snotling", "human", d3(3), engine="python"), kicking=0)
        chosen.add(RandomPlayer(seed).act(game.view()).type)
    assert chosen == {T.PLACE_PLAYER, T.END_SETUP}
