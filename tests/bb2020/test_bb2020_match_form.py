"""A BB2020 team's match form (`nuffle.core.bb2020.match_form`): records, positions and web
games keep a BB2020 team with its ruleset and rebuild it from BB2020's rosters, on both engines;
a record or team of one ruleset loaded into the other is one line. The public entry points (the
web app, `nuffle replay`, `Game.from_position`) play BB2020 by its name."""

from __future__ import annotations

import importlib.util
import json
import random
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from nuffle.cli import main
from nuffle.core.game import Game
from nuffle.core.ruleset import BB2020, LRB6, Ruleset
from nuffle.core.skills import Skill
from nuffle.core.teams import Inducements, TeamError, team_from_dict, team_to_dict
from nuffle.record import RecordError, fingerprint, replay, to_record
from nuffle.teams_bb2020_match import default_match_team

HAS_NATIVE = importlib.util.find_spec("nuffle._native") is not None
NO_NATIVE = pytest.mark.skipif(not HAS_NATIVE, reason="no native extension")
ENGINES = ["python", pytest.param("native", marks=NO_NATIVE)]


def _played(rules: Ruleset | str, engine: str, seed: int = 3, board: int = 3) -> Game:
    game = Game.new(default_match_team("human"), default_match_team("orc"), seed=seed, board=board,
                    ruleset=rules, engine=engine)
    rng = random.Random(seed)
    while not game.is_over:
        game.step(rng.choice(list(game.legal_actions())))
    return game


def test_a_bb2020_team_reads_back_equal_from_its_form() -> None:
    spec = default_match_team("human")
    assert spec.ruleset == "bb2020" and default_match_team("orc").ruleset == "bb2020"
    thrower = spec.players[0]
    played = replace(spec, prayers=("Friends with the Ref",),
                     inducements=Inducements(bribes=1, biased_referee=True),
                     players=(replace(thrower, extra_skills=frozenset({Skill.BLOCK}), changes=(1, 0, -1, 0),
                                      niggles=1, values=((Skill.LONER, 3),)), *spec.players[1:]))
    form = team_to_dict(played)
    assert form["ruleset"] == "bb2020" and form["dedicated_fans"] == spec.fan_factor
    assert form["players"][0] == {"position": "Thrower", "number": 1, "name": "Thrower #1",
                                  "skills": ["Block"], "changes": [1, 0, -1, 0], "niggles": 1,
                                  "values": [["LONER", 3]]}
    back = team_from_dict(json.loads(json.dumps(form)), "t", "bb2020")
    assert back == played
    assert back.players[0].position.pa == thrower.position.pa > 0  # BB2020's PA, from its rosters
    assert {p.position.name for p in back.players} >= {"Halfling Hopeful"}  # not an LRB6 Human positional


def test_an_lrb6_team_form_is_unchanged() -> None:
    from nuffle.core.teams import default_team

    spec = default_team("human")
    form = team_to_dict(spec)
    assert "ruleset" not in form and spec.ruleset == "lrb6"
    assert team_from_dict(form, "t", "bb2020") == spec  # LRB6's teams may play a BB2020 match (tests do)


@pytest.mark.parametrize(("change", "message"), [
    ({"race": "khemri"}, "t: unknown"),
    ({"players": [{"position": "Mummy"}]}, "Human has no positional 'Mummy'"),
    ({"players": [{"position": "Ogre"}, {"position": "Ogre"}]}, "2 Ogres exceeds the limit of 1 for Human"),
    ({"fan_factor": 2}, "unknown key 'fan_factor' in a BB2020 team"),
    ({"inducements": {"wizards": 1}}, "unknown inducement 'wizards'"),
    ({"players": [{"position": "Thrower", "values": [["LONER", 9]]}]}, "player 1: values has a bad entry"),
    ({"players": [{"position": "Thrower", "values": [["LONER", 4]]}]},
     "player 1: values must be in skill order without defaults"),
])
def test_a_bad_bb2020_form_is_one_line(change: dict[str, Any], message: str) -> None:
    form = {**team_to_dict(default_match_team("human")), **change}
    with pytest.raises(TeamError, match=message) as info:
        team_from_dict(form, "t", "bb2020")
    assert "\n" not in str(info.value)


def test_a_bb2020_form_with_a_skill_the_engines_lack_is_one_line(monkeypatch: pytest.MonkeyPatch) -> None:
    from nuffle.core.bb2020 import match_form
    from nuffle.core.hooks import implemented

    monkeypatch.setattr(match_form, "implemented", lambda: implemented() - {Skill.SWARMING})
    form = {**team_to_dict(default_match_team("human")),
            "players": [{"position": "Thrower", "skills": ["Swarming"]}]}
    with pytest.raises(TeamError, match=r"t: BB2020 skills not implemented by the engines: Swarming$"):
        team_from_dict(form, "t", "bb2020")


def test_a_bb2020_form_is_refused_where_lrb6_rosters_are_played() -> None:
    form = team_to_dict(default_match_team("human"))
    with pytest.raises(TeamError, match=r"t: a BB2020 team: it plays a BB2020 match \(--ruleset bb2020\)"):
        team_from_dict(form, "t")


@pytest.mark.parametrize("engine", ENGINES)
def test_a_bb2020_record_replays(engine: str, monkeypatch: pytest.MonkeyPatch) -> None:
    rules = BB2020
    game = _played(rules, engine)
    record = json.loads(json.dumps(to_record(game)))
    assert record["config"]["ruleset"] == "bb2020" and record["teams"]["away"]["ruleset"] == "bb2020"
    monkeypatch.setenv("NUFFLE_ENGINE", engine)  # replayed on the engine that played it
    again = replay(record, ruleset=rules)
    assert type(again) is type(game)
    assert again.state.specs == game.state.specs
    assert fingerprint(again) == fingerprint(game) and again.state.rules is rules
    assert [i.pa for i in again.state.info] == [i.pa for i in game.state.info]
    public = replay(record)  # the public path: the ruleset the record names
    assert public.state.rules is BB2020 and fingerprint(public) == fingerprint(game)
    with pytest.raises(RecordError, match=r"^this record is played by bb2020, not lrb6: load it where"):
        replay(record, ruleset=LRB6)


def test_an_lrb6_record_with_a_bb2020_team_is_one_line() -> None:
    game = Game.new("human", "orc", seed=1, board=1)
    record = to_record(game)
    record["teams"]["home"] = team_to_dict(default_match_team("human"))
    with pytest.raises(RecordError, match=r"^teams.home is a BB2020 team: a match of lrb6 plays LRB6's "
                                          r"rosters$"):
        replay(record)


def test_a_bb2020_record_names_its_ruleset_under_lrb6_and_back() -> None:
    lrb6 = to_record(Game.new("human", "orc", seed=5, board=1))
    with pytest.raises(RecordError, match=r"^this record is played by lrb6, not bb2020"):
        replay(lrb6, ruleset=BB2020)
    assert replay(lrb6).state.rules is LRB6


def test_a_bb2020_position_keeps_its_rosters() -> None:
    game = Game.new(default_match_team("human"), default_match_team("orc"), seed=4, board=3, ruleset="bb2020")
    position = json.loads(json.dumps(game.to_position()))
    back = Game.from_position(position)
    assert back.state.specs == game.state.specs and back.state == game.state


def test_nuffle_replay_plays_a_bb2020_record(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    record = tmp_path / "g.json"
    assert main(["play", "--board", "1", "--ruleset", "bb2020", "--save", str(record), "--json"]) == 0
    assert json.loads(record.read_text())["teams"]["home"]["ruleset"] == "bb2020"
    capsys.readouterr()
    assert main(["replay", str(record)]) == 0
