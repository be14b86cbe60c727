"""A tournament's `ruleset` key: checked with the config (one line), LRB6 by default with the
fingerprint it always had, and the referee's games played by it; a protocol client refuses a
position of another ruleset than the hello's."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from nuffle.competition import positions
from nuffle.competition.config import ConfigError, parse
from nuffle.competition.referee import BotSpec, Referee
from nuffle.competition.tournament import fingerprint
from nuffle.core.game import Game
from nuffle.core.ruleset import BB2020, LRB6, Ruleset, RulesetError

Register = Callable[[Ruleset], Ruleset]


def _config(tmp_path: Path, **tournament: Any) -> dict[str, Any]:
    return {"tournament": {"name": "t", "board": 1, **tournament},
            "bots": [{"name": "a", "team": "human", "builtin": "random-legal"},
                     {"name": "b", "team": "orc", "builtin": "random-legal"}]}


@pytest.mark.parametrize(("value", "message"), [
    ("bb2020-draft", "t.toml: [tournament]: BB2020-DRAFT is not yet playable: it is incomplete"),
    ("bb2019", "t.toml: [tournament]: unknown ruleset 'bb2019' (known: bb2020, lrb6)"),
    (3, "t.toml: [tournament]: a ruleset is named by a string, not 3"),
])
def test_a_bad_ruleset_key_is_one_line(tmp_path: Path, value: object, message: str,
                                       register_ruleset: Register) -> None:
    register_ruleset(BB2020.derive("bb2020-draft", draft=True, pending=("skills",)))  # a draft
    with pytest.raises(ConfigError) as err:
        parse(_config(tmp_path, ruleset=value), "t.toml", tmp_path)
    assert str(err.value).startswith(message) and "\n" not in str(err.value)


def test_lrb6_by_default_with_its_old_fingerprint(tmp_path: Path) -> None:
    default = parse(_config(tmp_path), "t.toml", tmp_path)
    explicit = parse(_config(tmp_path, ruleset="lrb6"), "t.toml", tmp_path)
    assert default.settings.ruleset == explicit.settings.ruleset == "lrb6"
    assert fingerprint(default) == fingerprint(explicit)
    assert "ruleset" not in repr(default.settings)  # what the fingerprint hashed before rulesets


def test_the_referee_plays_the_tournaments_ruleset(tmp_path: Path, register_ruleset: Register) -> None:
    register_ruleset(LRB6.derive("lrb6-cup"))
    config = parse(_config(tmp_path, ruleset="lrb6-cup"), "t.toml", tmp_path)
    assert config.settings.ruleset == "lrb6-cup"
    assert fingerprint(config) != fingerprint(parse(_config(tmp_path), "t.toml", tmp_path))
    home, away = config.bots
    assert isinstance(home, BotSpec)
    assert Referee(home, away, 5, config.settings).game.config.ruleset == "lrb6-cup"
    lrb6 = parse(_config(tmp_path), "t.toml", tmp_path).settings
    assert Referee(home, away, 5, lrb6).game.config.ruleset == "lrb6"


def test_a_bb2020_tournament_plays_bb2020_teams(tmp_path: Path) -> None:
    config = parse(_config(tmp_path, ruleset="bb2020"), "t.toml", tmp_path)
    assert config.settings.ruleset == "bb2020"
    home, away = config.bots
    assert isinstance(home, BotSpec)
    game = Referee(home, away, 5, config.settings).game
    assert game.config.ruleset == "bb2020" and game.state.rules is BB2020
    assert any(p.position.pa for p in game.state.specs[0].players)  # BB2020's rosters: PA


def test_a_position_of_another_ruleset_is_refused(register_ruleset: Register) -> None:
    register_ruleset(LRB6.derive("lrb6-pos"))
    position = Game.new("human", "orc", board=1, ruleset="lrb6-pos").view().to_position()
    assert positions.decode(position, "LRB6-POS").config.ruleset == "lrb6-pos"
    assert positions.decode(position).config.ruleset == "lrb6-pos"  # no hello: as it is
    with pytest.raises(RulesetError, match=r"^the request's position is played by lrb6-pos, not lrb6"):
        positions.decode(position, "LRB6")
