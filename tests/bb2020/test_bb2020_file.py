"""The JSON form of a BB2020 league team (nuffle.league.bb2020_file): it reads back what it
wrote, a plain BB2020 team file is a team of rookies, and a history that could not have
happened is one TeamError naming it."""

from __future__ import annotations

import json
from typing import Any

import pytest

from nuffle.core.bb2020.management import retire
from nuffle.core.teams import TeamError
from nuffle.league.bb2020 import (
    Casualty,
    DefaultManager2020,
    GameResult,
    PlayerGame,
    SeededDice,
    league_team,
    run_post_game,
)
from nuffle.league.bb2020_file import team_from_dict, team_to_dict
from nuffle.teams_bb2020 import build_team, parse_team

HUMANS = [("Thrower", 1), ("Blitzer", 2), ("Human Lineman", 8)]


def _raw() -> dict[str, Any]:
    return build_team("human", HUMANS, rerolls=2)


def test_a_plain_team_file_is_a_team_of_rookies() -> None:
    raw = _raw()
    assert team_from_dict(raw).treasury == 1_000_000  # the file's treasury is the gold held
    del raw["treasury"]
    t = team_from_dict(raw)
    assert t == league_team(parse_team(raw), 0) and t.graveyard == () and t.departed == ()


def test_the_json_form_reads_back_equal_after_games() -> None:
    t = league_team(parse_team(_raw()), 100_000)
    dice = SeededDice(3)
    for g in range(4):
        r = GameResult(2, g % 2, 4, 3, (PlayerGame(2, touchdowns=2), PlayerGame(11, casualties=1),
                                        PlayerGame(3 + g, casualty=Casualty.LASTING_INJURY if g < 2 else
                                                   Casualty.DEAD, lasting="ma" if g < 2 else None)))
        r = GameResult(r.score, r.opponent_score, 4, 3,
                       tuple(p for p in r.players if not t.player(p.number).mng))
        t, _ = run_post_game(t, r, DefaultManager2020(), dice)
    assert t.graveyard and any(p.advancements for p in t.players) and any(p.reductions for p in t.players)
    t = retire(t, next(p.number for p in t.players if p.reductions))
    text = json.dumps(team_to_dict(t))
    assert team_from_dict(json.loads(text)) == t


def _with_player(**league: Any) -> dict[str, Any]:
    raw = _raw()
    raw["players"][0].update(league)  # #1: the Thrower (G P primary, A S secondary)
    return raw


@pytest.mark.parametrize(("league", "message"), [
    ({"advancements": [{"kind": "chosen_primary", "skill": "Guard"}]},
     "advancement 1 could not have been taken: Guard is a Strength skill, not one of Thrower's primary"),
    ({"advancements": [{"kind": "random_secondary", "skill": "Block"}]}, "not one of Thrower's secondary"),
    ({"advancements": [{"kind": "chosen_primary", "skill": "Sure Hands"}]}, "already has Sure Hands"),
    ({"advancements": [{"kind": "chosen_primary", "skill": "Block"}] * 2},
     "advancement 2 could not have been taken: .* already has Block"),
    ({"advancements": [{"kind": "characteristic", "stat": "ag"}] * 3}, "AG was improved twice already"),
    ({"advancements": [{"kind": "characteristic", "stat": "pa"}] * 2}, "PA is at its maximum"),  # 2+ -> 1+
    ({"advancements": [{"kind": "random_primary", "skill": s} for s in
                       ("Block", "Dodge", "Fend", "Kick", "Pro", "Tackle", "Wrestle")]}, "at most 6"),
    ({"advancements": [{"kind": "magic", "skill": "Block"}]}, "'kind' must be one of"),
    ({"advancements": [{"kind": "characteristic", "stat": "ma", "skill": "Guard"}]}, "a 'stat' or"),
    ({"advancements": [{"kind": "chosen_primary", "stat": "ma"}]}, "gives a 'skill' and no 'stat'"),
    ({"advancements": [{"kind": "characteristic", "stat": "luck"}]}, "'stat' must be one of"),
    ({"reductions": ["luck"]}, "'reductions' lists characteristics"),
    ({"mng": "yes"}, "'mng' must be true or false"),
    ({"retired": 1}, "'retired' must be true or false"),
    ({"retired": True}, "a temporarily retired player has a niggling or lasting injury"),
    ({"spp": -1}, "'spp' must be a non-negative integer"),
])
def test_a_history_that_could_not_be_is_refused(league: dict[str, Any], message: str) -> None:
    with pytest.raises(TeamError, match=message):
        team_from_dict(_with_player(**league), "reavers.json")


def test_a_past_players_number_is_never_worn_again() -> None:
    raw = _raw()
    raw["graveyard"] = [{"position": "Blitzer", "number": 2}]
    with pytest.raises(TeamError, match="worn by two players"):
        team_from_dict(raw)
    raw["graveyard"] = [{"position": "Wizard", "number": 40}]
    with pytest.raises(TeamError, match="no positional 'Wizard'"):
        team_from_dict(raw)
    raw["graveyard"] = [{"position": "Blitzer", "number": 40}]
    assert [p.number for p in team_from_dict(raw).graveyard] == [40]


def test_the_team_files_own_rules_still_hold() -> None:
    raw = _raw()
    raw["players"][1]["position"] = "Wizard"
    with pytest.raises(TeamError, match="Human has no positional 'Wizard'"):
        team_from_dict(raw)
    with pytest.raises(TeamError, match="'treasury' must be a non-negative integer"):
        team_from_dict({**_raw(), "treasury": -5})
