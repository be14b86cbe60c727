"""The public engine switch: `engine=`, NUFFLE_ENGINE and `game.engine`. Where the extension is
built, the native engine plays; where it is not, asking for it fails with one clear line saying why."""

from __future__ import annotations

import sys

import pytest

from nuffle.core import engines
from nuffle.core.engines import EngineUnavailableError, check_engine, resolve_engine
from nuffle.core.game import Game


@pytest.fixture(autouse=True)
def no_engine_variable(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("NUFFLE_ENGINE", raising=False)


def test_default_and_python_engine_play_as_before() -> None:
    a = Game.new("human", "orc", seed=3, board=5)
    b = Game.new("human", "orc", seed=3, board=5, engine="python")
    assert a.engine == b.engine == "python"
    assert a.to_position() == b.to_position()
    assert a.clone().engine == "python" and a.view().engine == "python"
    c = Game.from_position(a.to_position(), engine="python")
    assert c.engine == "python" and c.to_position() == a.to_position()


def test_unknown_engine_names_the_value() -> None:
    with pytest.raises(ValueError, match="unknown engine 'rust': choose 'python' or 'native'"):
        Game.new(engine="rust")
    with pytest.raises(ValueError, match="unknown engine 'Native'"):
        Game.from_position(Game.new(board=1).to_position(), engine="Native")


def test_native_engine_plays_where_it_is_built() -> None:
    if not engines.native_available():
        pytest.skip("the extension is not built here")
    a = Game.new("human", "orc", seed=3, board=5, engine="native")
    b = Game.from_position(Game.new(board=1).to_position(), engine="native")
    assert a.engine == b.engine == "native" and isinstance(a, Game)
    assert a.clone().engine == "native" and a.view().engine == "native"
    assert a.state.key() == Game.new("human", "orc", seed=3, board=5).state.key()


def test_native_message_says_why_the_extension_is_missing(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "nuffle._native", None)  # the import fails
    monkeypatch.setattr(engines, "_build_note", lambda: None)
    with pytest.raises(EngineUnavailableError, match=r"not built: nuffle._native cannot be imported \("):
        Game.new(engine="native")
    note = "building nuffle._native failed: command '/no/g++' failed: No such file or directory"
    monkeypatch.setattr(engines, "_build_note", lambda: note)
    with pytest.raises(EngineUnavailableError, match=r"not built: building nuffle\._native failed: command "):
        Game.new(engine="native")
    assert not engines.native_available()


def test_environment_variable_picks_the_default(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("NUFFLE_ENGINE", "python")
    assert Game.new(board=1).engine == "python"
    monkeypatch.setenv("NUFFLE_ENGINE", "native")
    assert resolve_engine(None) == "native"
    assert resolve_engine("python") == "python"  # an explicit choice wins
    if engines.native_available():
        assert Game.new(board=1).engine == "native"
    monkeypatch.setitem(sys.modules, "nuffle._native", None)  # as where it is not built
    with pytest.raises(EngineUnavailableError, match=r"\(asked for by NUFFLE_ENGINE=native\)"):
        Game.new(board=1)
    assert Game.new(board=1, engine="python").engine == "python"
    monkeypatch.setenv("NUFFLE_ENGINE", "fast")
    with pytest.raises(ValueError, match="unknown engine 'fast' in NUFFLE_ENGINE"):
        check_engine(None)
    monkeypatch.setenv("NUFFLE_ENGINE", "  ")
    assert check_engine(None) == "python"
