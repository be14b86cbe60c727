"""The 1.0 public API (docs/API.md): every public name is listed here, so adding, renaming or
dropping one by accident fails; and each old spelling still works for a minor version with a
DeprecationWarning that names its replacement."""

from __future__ import annotations

import json
import subprocess
import sys
import warnings
from fractions import Fraction
from pathlib import Path

import pytest

import nuffle
from nuffle.core.actions import Action, ActionType
from nuffle.core.dice import ExplicitRoller
from nuffle.core.game import Game
from nuffle.core.records import EntryKind, HistoryEntry, Outcome, Result, Score, Transition
from nuffle.core.types import Decider

TOP_LEVEL = [
    "Action", "ActionChoice", "ActionType", "Agent", "BloodBowlEnv", "Decider", "Decision",
    "DecisionKind", "EngineUnavailableError", "EntryKind", "ExplicitRoller", "Game", "HistoryEntry",
    "IllegalActionError", "InputError", "LeagueTeam", "LegalActions", "MatchConfig", "NuffleError",
    "Outcome", "Result", "SampledRoller", "Score", "ScriptedRoller", "TeamSpec", "TournamentConfig",
    "Transition",
    "__version__", "agent_names", "errors", "load_team", "make_agent", "make_vector_env", "odds", "play",
    "register",
]

GAME = [
    "apply_chance", "board_text", "box_score", "chance_outcomes", "clone", "config", "decider",
    "decision", "describe", "engine", "fans", "from_position", "from_state", "history", "is_over",
    "is_terminal", "legal_actions", "new", "player_stats", "prayers", "reseed", "result", "rng", "roller",
    "sample_chance", "start_state", "state", "step", "to_json", "to_position", "transitions", "view",
    "with_assisted_moves",
]
GAME_DEPRECATED = ["current_decider", "outcomes"]

ERRORS = ["EngineUnavailableError", "IllegalActionError", "InputError", "InputTypeError",
          "MalformedActionError", "NuffleError", "PositionError", "StateError"]

API_DOC = Path(__file__).resolve().parents[2] / "docs" / "API.md"


def test_the_top_level_names_are_the_listed_ones() -> None:
    assert sorted(nuffle.__all__) == sorted(TOP_LEVEL)
    assert sorted([*nuffle._EXPORTS, *nuffle._MODULES, "__version__"]) == sorted(TOP_LEVEL)
    assert sorted(dir(nuffle)) == sorted(TOP_LEVEL)
    for name in TOP_LEVEL:
        assert getattr(nuffle, name) is not None, name


def test_an_export_stays_itself_after_its_submodule_is_imported() -> None:
    import nuffle.play  # binds the submodule on the package, which must not hide the function

    assert callable(nuffle.play) and nuffle.play.__module__ == "nuffle.play"
    from nuffle import play

    assert play is nuffle.play


def test_the_game_methods_are_the_listed_ones() -> None:
    public = sorted(n for n in dir(Game) if not n.startswith("_"))
    assert public == sorted(GAME + GAME_DEPRECATED)


def test_the_error_hierarchy_is_at_the_top() -> None:
    import nuffle.core.errors
    import nuffle.errors

    assert sorted(nuffle.errors.__all__) == ERRORS
    for name in ERRORS:
        assert issubclass(getattr(nuffle.errors, name), nuffle.errors.NuffleError), name
    # the engine's old import path is the same classes
    assert nuffle.core.errors.InputError is nuffle.errors.InputError
    with pytest.raises(AttributeError):
        _ = nuffle.errors.NoSuchError


def test_api_doc_names_every_public_name() -> None:
    text = API_DOC.read_text()
    missing = [n for n in TOP_LEVEL + GAME if f"`{n}" not in text and f"`Game.{n}" not in text]
    assert not missing, f"docs/API.md does not name {missing}"


def test_import_nuffle_loads_no_optional_dependency() -> None:
    script = ("import sys, nuffle\ng = nuffle.Game.new(board=3)\nnuffle.play(g, nuffle.make_agent('random'), "
              "nuffle.make_agent('random'))\nassert g.is_terminal\n"
              "print(sorted({m.split('.')[0] for m in sys.modules} & {'gymnasium', 'torch', 'scipy', 'ray', "
              "'fastapi', 'matplotlib', 'pettingzoo'}))")
    run = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stderr
    assert run.stdout.strip() == "[]"


# --- the 1.0 records ----------------------------------------------------------------------


def _chance_game() -> Game:
    game = Game.new("human", "orc", seed=3, board=3, roller=ExplicitRoller())
    assert game.decider == Decider.CHANCE
    return game


def test_chance_outcomes_are_outcome_records() -> None:
    outs = _chance_game().chance_outcomes()
    assert outs and all(type(o) is Outcome for o in outs)
    assert sum(o.probability for o in outs) == 1
    value, probability = outs[0]  # still unpacks as the (outcome, probability) pair
    assert (value, probability) == (outs[0].value, outs[0].probability)


def test_transitions_put_the_game_first() -> None:
    game = _chance_game()
    ts = game.transitions()
    assert ts and all(type(t) is Transition and isinstance(t.game, Game) for t in ts)
    assert sum(t.probability for t in ts) == Fraction(1)
    assert all(isinstance(t.probability, Fraction) for t in ts)


def test_history_entries_are_records_equal_to_the_old_pairs() -> None:
    game = _chance_game()
    outcome = game.chance_outcomes()[0].value
    game.apply_chance(outcome)
    while game.decider == Decider.CHANCE:
        game.apply_chance(game.chance_outcomes()[0].value)
    action = next(iter(game.legal_actions()))
    game.step(action)
    first, last = game.history[0], game.history[-1]
    assert first == HistoryEntry(EntryKind.CHANCE, outcome) and first.kind is EntryKind.CHANCE
    assert last.kind == "a" and last.value == action
    assert last == ("a", action)  # the pair of earlier versions


def test_decider_is_an_int_enum_that_reads_as_its_side() -> None:
    game = Game.new("human", "orc", seed=3, board=3)
    assert type(game.decider) is Decider and game.decider in (0, 1)
    assert str(Decider.HOME) == "home" and f"{Decider.NOBODY}" == "nobody"
    assert [int(d) for d in Decider] == [0, 1, 2, 3]
    assert game.is_terminal is game.is_over is False


def test_new_takes_a_match_config() -> None:
    game = Game.new("orc", "human", seed=9, board=5)
    again = Game.new(config=game.config)
    assert again.config == game.config and again.state == game.state
    with pytest.raises(nuffle.InputError, match="either config or seed"):
        Game.new(seed=4, config=game.config)
    with pytest.raises(nuffle.InputError, match="no seed"):
        Game.new(config=game.view().config)


def test_result_is_a_record() -> None:
    game = nuffle.play(Game.new("human", "orc", seed=5, board=3), nuffle.make_agent("random", seed=1),
                       nuffle.make_agent("grod", seed=2))
    res = game.result
    assert type(res) is Result and type(res.score) is Score and res.over is True
    home, away = res.score
    assert res.winner == (None if home == away else "home" if home > away else "away")
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        # still the dict of earlier versions for JSON and equality, without a warning
        assert json.loads(json.dumps(res)) == res.to_dict() == {"score": {"home": home, "away": away},
                                                                "winner": res.winner, "over": True}
        assert res == res.to_dict()


# --- the old spellings: they work and warn, naming the new one ----------------------------


def test_current_decider_is_deprecated() -> None:
    game = Game.new("human", "orc", seed=3, board=3)
    with pytest.warns(DeprecationWarning, match=r"Game\.decider"):
        old = game.current_decider
    assert old == str(game.decider) in ("home", "away")


def test_outcomes_is_deprecated() -> None:
    game = _chance_game()
    with pytest.warns(DeprecationWarning, match=r"Game\.transitions\(\)"):
        old = game.outcomes()
    new = game.transitions()
    assert [(p, g.state) for p, g in old] == [(t.probability, t.game.state) for t in new]


def test_result_by_key_is_deprecated() -> None:
    res = Game.new("human", "orc", seed=3, board=3).result
    with pytest.warns(DeprecationWarning, match=r"result\.winner"):
        assert res["winner"] is None
    with pytest.warns(DeprecationWarning, match=r"result\.score"):
        assert res["score"] == {"home": 0, "away": 0}


def test_action_equal_to_a_tuple_is_deprecated() -> None:
    action = Action(ActionType.END_TURN)
    with pytest.warns(DeprecationWarning, match=r"Action\(type, player, square\)"):
        assert action == (ActionType.END_TURN, None, None)
    with pytest.warns(DeprecationWarning):
        assert not action != (ActionType.END_TURN, None, None)  # noqa: SIM202 (__ne__ itself)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert action == Action(ActionType.END_TURN) and action != Action(ActionType.END_ACTION)
        assert action != "END_TURN" and hash(action) == hash(Action(ActionType.END_TURN))


def test_an_old_spelling_in_a_test_fails_it() -> None:
    """pyproject's `filterwarnings` makes each deprecation above an error when a test uses the
    old spelling outside `pytest.warns`, so the suite cannot take it up again."""
    game = _chance_game()
    with pytest.raises(DeprecationWarning, match=r"Game\.decider"):
        _ = game.current_decider
    with pytest.raises(DeprecationWarning, match=r"Game\.transitions\(\)"):
        game.outcomes()
    with pytest.raises(DeprecationWarning, match=r"result\.score"):
        _ = game.result["score"]
    with pytest.raises(DeprecationWarning, match=r"Action\(type, player, square\)"):
        _ = Action(ActionType.END_TURN) == (ActionType.END_TURN, None, None)
