"""BB2020 Riotous Rookies (RULES §15, a Low Cost Linemen team's inducement): once bought, the
pre-game rolls 2D3 + 1 and the team fields that many more Journeymen for the game (its lineman
positional with Loner (4+), the lowest free numbers), never more than bring the players who play
to 16; the match (either engine) plays them as players of the team sheet, and the post-game sees
them as its Journeymen."""

from __future__ import annotations

import importlib.util
from collections.abc import Sequence

import pytest

from nuffle.core.bb2020.inducements import Cart, Hired, Induce2020, Item
from nuffle.core.bb2020.league_team import ForcedDice, Team2020
from nuffle.core.bb2020.pregame import PreGame, pre_game
from nuffle.core.game import Game
from nuffle.core.ruleset import draft_ruleset
from nuffle.core.skills import Skill
from nuffle.league.bb2020 import league_team
from nuffle.teams_bb2020 import build_team, parse_team
from nuffle.teams_bb2020_pregame import match_spec

BB2020 = draft_ruleset("bb2020")
HAS_NATIVE = importlib.util.find_spec("nuffle._native") is not None
NATIVE = pytest.mark.skipif(not HAS_NATIVE, reason="no native extension")
ENGINES = ["python", pytest.param("native", marks=NATIVE)]


def _ogres(gnoblars: int, treasury: int = 100_000) -> Team2020:
    return league_team(parse_team(build_team("ogre", [("Ogre Blocker", 2), ("Gnoblar Lineman", gnoblars)])),
                       treasury)


def _rookies(cart: Cart, opponent: Team2020) -> Sequence[Induce2020]:
    return [Induce2020(Item.RIOTOUS_ROOKIES)]


def _pre_game(gnoblars: int, d3s: tuple[int, int]) -> tuple[PreGame, Team2020]:
    """Two like Ogre teams (equal CTV: home chooses first and pays 100,000 from its treasury for
    the rookies, so the away team, 100,000 behind after inducements, prays twice)."""
    home, away = _ogres(gnoblars), _ogres(gnoblars)
    dice = ForcedDice([(3, 1), (3, 1), (3, d3s[0]), (3, d3s[1]), (16, 1), (16, 2)])
    record = pre_game(home, away, dice, choose_home=_rookies)
    assert dice.left() == 0
    return record, home


def test_riotous_rookies_are_2d3_plus_1_more_journeymen() -> None:
    record, _ = _pre_game(9, (2, 1))  # 11 players fit: no Journeymen but the 2 + 1 + 1 rookies
    got = record.home
    assert got.rookies == 4 and got.count(Item.RIOTOUS_ROOKIES) == 1 and got.treasury_spent == 100_000
    assert [j.number for j in got.journeymen] == [12, 13, 14, 15]
    assert all(j.kind is Hired.JOURNEYMAN and j.player.position.name == "Gnoblar Lineman"
               and j.extra == ("Loner (4+)",) for j in got.journeymen)
    assert record.away.rookies == 0 and record.away.journeymen == () and len(record.away.prayers) == 2


def test_riotous_rookies_stop_at_sixteen_players() -> None:
    record, _ = _pre_game(12, (3, 3))  # 14 players fit, 3 + 3 + 1 rolled: room for 2
    assert record.home.rookies == 7 and [j.number for j in record.home.journeymen] == [15, 16]


@pytest.mark.parametrize("engine", ENGINES)
def test_the_match_plays_the_rookies_as_journeymen(engine: str) -> None:
    record, home = _pre_game(9, (3, 3))  # 7 rookies: 11 + 5 = 16 play
    sheet = match_spec(home, record.home, allow_missing=True)
    game = Game.new(sheet, match_spec(_ogres(9), record.away, allow_missing=True), seed=3, ruleset=BB2020,
                    engine=engine)
    s = game.state
    ids = s.team_players(0)
    assert len(ids) == 16
    rookies = [p for p in ids if s.info[p].number in range(12, 17)]
    assert len(rookies) == 5
    assert all(Skill.LONER in s.info[p].skills and s.info[p].position == "Gnoblar Lineman" for p in rookies)
