"""One ruleset switch at every entry point (`nuffle.ruleset_choice`): `--ruleset NAME` on the
commands that start matches, LRB6 by default; BB2020 taken by every one; an unknown name and a
draft (a registered draft copy of BB2020) are one line with exit 2; parity alone plays a draft; a
registered ruleset reaches the games and their records."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import pytest

from nuffle import teams_bb2020_match
from nuffle.cli import build_parser, main
from nuffle.core.bb2020 import match_form
from nuffle.core.hooks import implemented
from nuffle.core.ruleset import BB2020, LRB6, DraftRulesetError, Ruleset, RulesetError, playable
from nuffle.core.skills import Skill
from nuffle.record import load as load_record
from nuffle.ruleset_choice import check_args, choose, match_team, roster_races, same_ruleset

Register = Callable[[Ruleset], Ruleset]

#: Every command that starts matches, as a command line that would run in a moment (the
#: league's file is given by the test).
COMMANDS = {
    "play": ["play", "--board", "1"],
    "ladder": ["ladder", "human", "orc", "--pairs", "1", "--board", "1", "--workers", "1"],
    "league new": ["league", "new", "{league}", "--entry", "a=orc:random", "--entry", "b=human:random",
                   "--seed", "1", "--board", "1"],
    "serve": ["serve", "--port", "1"],
    "odds": ["odds", "2+"],
    "bench engine": ["bench", "engine", "--games", "1", "--board", "1"],
    "bench env": ["bench", "env", "--board", "1", "--seconds", "0.01"],
    "parity": ["parity", "--games", "1", "--board", "1"],
}


def _draft(register: Register) -> Ruleset:
    """A draft copy of BB2020, registered as "bb2020-draft" for one test."""
    return register(BB2020.derive("bb2020-draft", draft=True, pending=("skills",)))


def _argv(name: str, tmp_path: Path, *extra: str) -> list[str]:
    return [a.replace("{league}", str(tmp_path / "l.db")) for a in COMMANDS[name]] + list(extra)


def _one_error_line(err: str) -> str:
    lines = [line for line in err.splitlines() if line.strip()]
    assert len(lines) == 1, err
    assert "Traceback" not in err
    return lines[0]


@pytest.mark.parametrize("name", [n for n in COMMANDS if n != "parity"])
def test_a_draft_is_refused_in_one_line(name: str, tmp_path: Path, register_ruleset: Register,
                                        capsys: pytest.CaptureFixture[str]) -> None:
    _draft(register_ruleset)
    assert main(_argv(name, tmp_path, "--ruleset", "bb2020-draft")) == 2
    line = _one_error_line(capsys.readouterr().err)
    assert line.startswith("error: BB2020-DRAFT is not yet playable: it is incomplete")
    assert not (tmp_path / "l.db").exists()  # nothing was created


@pytest.mark.parametrize("name", list(COMMANDS))
def test_every_command_takes_bb2020(name: str, tmp_path: Path) -> None:
    args = build_parser().parse_args(_argv(name, tmp_path, "--ruleset", "bb2020"))
    assert args.ruleset == "bb2020" and check_args(args) is None


@pytest.mark.parametrize("name", list(COMMANDS))
def test_an_unknown_ruleset_lists_the_playable_ones(name: str, tmp_path: Path,
                                                    capsys: pytest.CaptureFixture[str]) -> None:
    assert main(_argv(name, tmp_path, "--ruleset", "bb2019")) == 2
    assert _one_error_line(capsys.readouterr().err) == "error: unknown ruleset 'bb2019' (known: bb2020, lrb6)"


@pytest.mark.parametrize("name", list(COMMANDS))
def test_every_command_documents_the_option(name: str, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main([*COMMANDS[name][: 2 if name in ("league new", "bench engine", "bench env") else 1], "--help"])
    out = " ".join(capsys.readouterr().out.split())
    assert "--ruleset NAME" in out and "default lrb6; playable: bb2020, lrb6" in out


def test_parity_help_says_it_plays_drafts(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["parity", "--help"])
    out = " ".join(capsys.readouterr().out.split())
    assert "a draft ruleset too" in out and "the harness that tests a ruleset" in out


def test_play_default_and_explicit_lrb6_are_the_same_game(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["play", "--board", "1", "--seed", "4", "--json"]) == 0
    default = json.loads(capsys.readouterr().out)
    assert main(["play", "--board", "1", "--seed", "4", "--json", "--ruleset", "lrb6"]) == 0
    explicit = json.loads(capsys.readouterr().out)
    for game in (default, explicit):
        del game["seconds"]
    assert default == explicit


def test_a_registered_ruleset_reaches_the_game_and_its_record(tmp_path: Path, register_ruleset: Register,
                                                              capsys: pytest.CaptureFixture[str]) -> None:
    register_ruleset(LRB6.derive("lrb6-switch"))
    assert "lrb6-switch" in playable()
    record = tmp_path / "g.json"
    assert main(["play", "--board", "1", "--seed", "2", "--ruleset", "lrb6-switch", "--save",
                 str(record)]) == 0
    data = json.loads(record.read_text())
    assert data["config"]["ruleset"] == "lrb6-switch"
    game = load_record(record)
    assert game.config.ruleset == "lrb6-switch" and game.state.rules.name == "lrb6-switch"
    capsys.readouterr()
    assert main(["replay", str(record)]) == 0


def test_a_series_is_played_by_the_ruleset(tmp_path: Path, register_ruleset: Register) -> None:
    register_ruleset(LRB6.derive("lrb6-series"))
    assert main(["play", "--board", "1", "--games", "2", "--ruleset", "lrb6-series", "--save",
                 str(tmp_path / "s"), "--json"]) == 0
    saved = sorted((tmp_path / "s").glob("*.json"))
    assert len(saved) == 2
    assert {json.loads(p.read_text())["config"]["ruleset"] for p in saved} == {"lrb6-series"}


def test_bb2020_plays_bb2020_teams(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                   monkeypatch: pytest.MonkeyPatch) -> None:
    """`--ruleset bb2020` plays BB2020 with its own rosters (the race keys deal its suggested teams)."""
    record = tmp_path / "g.json"
    assert main(["play", "--board", "1", "--ruleset", "bb2020", "--save", str(record), "--json"]) == 0
    data = json.loads(record.read_text())
    assert data["config"]["ruleset"] == "bb2020"
    assert data["teams"]["home"]["name"] == "Human team"  # BB2020's suggested team, not LRB6's
    assert load_record(record).state.rules is BB2020
    spec = match_team("human", "bb2020")
    assert any(p.position.pa for p in spec.players)  # BB2020 characteristics: PA
    capsys.readouterr()
    # a team with a BB2020 skill the engines lack is one line (every one has its handlers now:
    # Swarming's are taken away here)
    for where in (teams_bb2020_match, match_form):
        monkeypatch.setattr(where, "implemented", lambda: implemented() - {Skill.SWARMING})
    assert main(["play", "--board", "1", "--ruleset", "bb2020", "--home", "underworld-denizens"]) == 2
    assert "BB2020 skills not implemented by the engines" in _one_error_line(capsys.readouterr().err)


def test_ladder_plays_and_records_the_ruleset(tmp_path: Path, register_ruleset: Register,
                                              capsys: pytest.CaptureFixture[str]) -> None:
    register_ruleset(LRB6.derive("lrb6-ladder"))
    out = tmp_path / "lad"
    assert main([*COMMANDS["ladder"], "--ruleset", "lrb6-ladder", "--out", str(out)]) == 0
    report = json.loads((tmp_path / "lad.json").read_text())
    assert report["config"]["ruleset"] == "lrb6-ladder"
    assert "Played by lrb6-ladder." in capsys.readouterr().out
    # the saved ladder is another ruleset's: resuming it under lrb6 is refused
    assert main([*COMMANDS["ladder"], "--out", str(out)]) == 2
    assert "holds another ladder" in capsys.readouterr().err


def test_ladder_default_report_reads_as_before(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main([*COMMANDS["ladder"], "--out", str(tmp_path / "lad")]) == 0
    assert "Played by" not in capsys.readouterr().out
    assert json.loads((tmp_path / "lad.json").read_text())["config"]["ruleset"] == "lrb6"


def test_a_ladder_saved_before_rulesets_resumes_as_lrb6(tmp_path: Path,
                                                        capsys: pytest.CaptureFixture[str]) -> None:
    assert main([*COMMANDS["ladder"], "--out", str(tmp_path / "lad")]) == 0
    path = tmp_path / "lad.json"
    report = json.loads(path.read_text())
    del report["config"]["ruleset"]
    path.write_text(json.dumps(report))
    capsys.readouterr()
    assert main([*COMMANDS["ladder"], "--out", str(tmp_path / "lad")]) == 0
    assert "2 of 2 games already played" in capsys.readouterr().err


def test_odds_explicit_lrb6_and_other_rulesets(register_ruleset: Register,
                                               capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["odds", "2+", "--ruleset", "lrb6"]) == 0
    assert "success 5/6" in capsys.readouterr().out
    register_ruleset(LRB6.derive("lrb6-odds"))
    assert main(["odds", "2+", "--ruleset", "lrb6-odds"]) == 2
    line = _one_error_line(capsys.readouterr().err)
    assert "the notation's odds are lrb6 or bb2020's, not lrb6-odds's" in line


def test_bench_engine_is_timed_under_the_ruleset(register_ruleset: Register,
                                                 capsys: pytest.CaptureFixture[str]) -> None:
    register_ruleset(LRB6.derive("lrb6-bench"))
    assert main(["bench", "engine", "--games", "1", "--board", "1", "--ruleset", "lrb6-bench", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["games"] == 1
    assert main(["bench", "mcts", "--ruleset", "lrb6-bench"]) == 2
    line = _one_error_line(capsys.readouterr().err)
    assert "--ruleset applies to `bench engine` and `bench env` only" in line


def test_bench_engine_explicit_lrb6(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["bench", "engine", "--games", "1", "--board", "1", "--ruleset", "lrb6", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["board"] == 1


def test_bench_runs_under_a_ruleset(register_ruleset: Register) -> None:
    from nuffle.bench.engine import run_bench

    register_ruleset(LRB6.derive("lrb6-run-bench"))
    assert run_bench(games=1, board=1, ruleset="lrb6-run-bench")["games"] == 1
    _draft(register_ruleset)
    with pytest.raises(DraftRulesetError):
        run_bench(games=1, board=1, ruleset="bb2020-draft")


def test_parity_plays_bb2020(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["parity", "--games", "2", "--board", "1", "--ruleset", "bb2020", "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["games"] == 2 and not report["divergences"]


def test_parity_options_under_the_draft(register_ruleset: Register,
                                        capsys: pytest.CaptureFixture[str]) -> None:
    register_ruleset(LRB6.derive("lrb6-give"))  # --give-all deals LRB6's or BB2020's skills only
    assert main(["parity", "--ruleset", "lrb6-give", "--give-all"]) == 2
    assert "--give-all deals LRB6's or BB2020's skills and races: not lrb6-give's" in \
        _one_error_line(capsys.readouterr().err)
    assert main(["parity", "--ruleset", "bb2020", "--races", "khemri"]) == 2  # LRB6's name only
    line = _one_error_line(capsys.readouterr().err)
    assert line.startswith("error: unknown race 'khemri' under bb2020: choose among")
    assert main(["parity", "--races", "elves"]) == 2
    assert "unknown race 'elves' under lrb6" in _one_error_line(capsys.readouterr().err)


def test_choose(register_ruleset: Register) -> None:
    assert choose("lrb6") is LRB6 and choose(LRB6) is LRB6
    assert choose("bb2020") is BB2020 and choose("bb2020", drafts=True) is BB2020
    draft = _draft(register_ruleset)
    assert choose("bb2020-draft", drafts=True) is draft
    with pytest.raises(DraftRulesetError, match=r"^BB2020-DRAFT is not yet playable"):
        choose("bb2020-draft")
    with pytest.raises(RulesetError, match=r"named by a string, not 3 \(playable: bb2020, lrb6\)"):
        choose(3)
    assert playable() == ("bb2020", "lrb6")


def test_roster_races_follow_the_ruleset() -> None:
    lrb6 = roster_races("lrb6")
    assert "amazon" in lrb6 and len(lrb6) == 24
    bb = roster_races("bb2020")
    assert "khemri" not in bb and "tomb-kings" in bb and "human" in bb


def test_same_ruleset() -> None:
    same_ruleset("lrb6", LRB6, "this position")
    with pytest.raises(RulesetError, match=r"^this position is played by bb2020, not lrb6"):
        same_ruleset("bb2020", "lrb6", "this position")


@pytest.mark.parametrize(("name", "message"), [
    ("bb2020-draft", "BB2020-DRAFT is not yet playable: it is incomplete"),
    ("bb2019", "unknown ruleset 'bb2019' (known: bb2020, lrb6)"),
])
def test_a_record_names_its_ruleset_and_is_refused_under_another(
        name: str, message: str, tmp_path: Path, register_ruleset: Register,
        capsys: pytest.CaptureFixture[str]) -> None:
    _draft(register_ruleset)
    record = tmp_path / "g.json"
    assert main(["play", "--board", "1", "--save", str(record), "--json"]) == 0
    data = json.loads(record.read_text())
    assert data["config"]["ruleset"] == "lrb6"
    data["config"]["ruleset"] = name
    record.write_text(json.dumps(data))
    capsys.readouterr()
    assert main(["replay", str(record)]) == 1  # a record that does not replay
    assert _one_error_line(capsys.readouterr().err).startswith(f"error: {record}: {message}")


def test_bench_env_steps_the_rulesets_matches(register_ruleset: Register) -> None:
    pytest.importorskip("gymnasium")
    from nuffle.bench.env import run_env_bench

    register_ruleset(LRB6.derive("lrb6-env-bench"))
    figures = run_env_bench((1,), 0.05, vector=False, engine="python", ruleset="lrb6-env-bench")
    assert figures["ruleset"] == "lrb6-env-bench" and figures["steps_per_s"]["1"] > 0
    _draft(register_ruleset)
    with pytest.raises(DraftRulesetError):
        run_env_bench((1,), 0.05, vector=False, engine="python", ruleset="bb2020-draft")


def test_a_ruleset_pickles_as_itself_or_by_its_fields() -> None:
    """Environments in worker processes (Gymnasium's async vector env) pickle their ruleset:
    a registered one comes back as the registered object itself, a derived one equal field by
    field (its read-only mappings read-only again)."""
    import pickle
    from dataclasses import fields
    from types import MappingProxyType

    from nuffle.core.ruleset import BB2020, LRB6

    assert pickle.loads(pickle.dumps(LRB6)) is LRB6 and pickle.loads(pickle.dumps(BB2020)) is BB2020
    derived = BB2020.derive("bb2020-pickled", pro_from=4)
    back = pickle.loads(pickle.dumps(derived))
    assert back is not derived and back.name == "bb2020-pickled"
    assert all(getattr(back, f.name) == getattr(derived, f.name) for f in fields(derived))
    assert isinstance(back.handlers, MappingProxyType) and isinstance(back.costs, MappingProxyType)
    assert back.pro_from == 4 != BB2020.pro_from
