"""The parity harness itself: `nuffle parity`'s options are checked (one line, exit 2), an
exception of either engine is a divergence with its position while the run goes on, Ctrl-C
keeps the games finished, `outcomes()` is compared at sampled decisions, and `--give-all` gives
every skill in turn, in games and in the probes' positions."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

import nuffle.parity as parity
import nuffle.parity_cli as parity_cli
from nuffle.cli import main
from nuffle.core.engines import EngineUnavailableError
from nuffle.core.game import Game
from nuffle.core.native_game import NativeGame
from nuffle.core.skills import LRB6_SKILLS, Skill
from nuffle.parity import GameSpec, ParityReport, parity_game, run_games, run_parity
from nuffle.parity_probes import probes
from nuffle.parity_skills import give_all_probes, give_all_specs, partners, skill_races
from nuffle.testing import slow_except

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize(("args", "message"), [
    (["--games", "0"], "--games: must be from 1"), (["--games", "-1"], "--games: must be from 1"),
    (["--max-steps", "0"], "--max-steps: must be from 1"),
    (["--skills", "1000"], "--skills: must be from 0 to 77"),
    (["--games", "x"], "--games: not an integer"), (["--outcomes", "1.5"], "--outcomes: must be a share"),
])
def test_bad_options_are_one_line_and_exit_2(args: list[str], message: str,
                                              capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_:
        main(["parity", *args])
    assert exit_.value.code == 2
    err = capsys.readouterr().err
    assert message in err and "Traceback" not in err


def test_without_the_native_engine_it_is_one_line(monkeypatch: pytest.MonkeyPatch,
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    def missing() -> ModuleType:
        raise EngineUnavailableError("the native engine is not built: no compiler")

    monkeypatch.setattr(parity_cli, "native_module", missing)
    assert main(["parity", "--games", "1", "--board", "1"]) == 2
    err = capsys.readouterr().err
    assert err.strip() == "error: the native engine is not built: no compiler"


def test_a_native_exception_is_a_divergence_and_the_run_goes_on(native: ModuleType,
                                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    real = NativeGame.step
    calls = {"n": 0}

    def breaks_once(self: NativeGame, action: Any) -> None:
        calls["n"] += 1
        if calls["n"] == 40:
            raise RuntimeError("planted failure")
        real(self, action)

    monkeypatch.setattr(NativeGame, "step", breaks_once)
    report = run_parity(games=3, seed=2, boards=(3,))
    first, *rest = report.games
    assert first.outcome == "diverged" and first.diff is not None
    assert "the native engine raised RuntimeError: planted failure" in first.diff
    assert first.position is not None  # the position before the step, to replay
    again = Game.from_position(first.position)
    assert again.decider in (0, 1)
    assert [g.outcome for g in rest] == ["complete", "complete"]  # the run went on
    assert report.to_json()["divergences"] == 1


def test_ctrl_c_keeps_the_games_finished(native: ModuleType, monkeypatch: pytest.MonkeyPatch,
                                         capsys: pytest.CaptureFixture[str]) -> None:
    real = parity.parity_game
    played: list[int] = []

    def interrupted_third(*args: Any, **kwargs: Any) -> Any:
        if len(played) == 2:
            raise KeyboardInterrupt
        played.append(1)
        return real(*args, **kwargs)

    monkeypatch.setattr(parity, "parity_game", interrupted_third)
    assert main(["parity", "--games", "5", "--board", "1", "--json"]) == 130
    out = json.loads(capsys.readouterr().out)
    assert out["interrupted"] is True and out["games"] == 2 and out["planned"] == 5
    assert out["complete"] == 2 and len(out["records"]) == 2


def test_sigint_to_a_running_parity_prints_the_partial_result(native: ModuleType, tmp_path: Path) -> None:
    env = {**os.environ, "PYTHONPATH": str(ROOT / "src")}
    proc = subprocess.Popen([sys.executable, "-m", "nuffle.cli", "parity", "--games", "5000", "--board", "1",
                             "--json"], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env,
                            preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    time.sleep(6)  # imports, then some games
    proc.send_signal(signal.SIGINT)
    out, err = proc.communicate(timeout=60)
    assert proc.returncode == 130, err
    j = json.loads(out)
    assert j["interrupted"] is True and 0 < j["games"] < 5000 and j["planned"] == 5000
    assert "Traceback" not in err


def test_outcomes_are_compared_at_sampled_decisions(native: ModuleType,
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    g = parity_game(5, 1, "human", "orc", outcomes=0.3)
    assert g.outcome == "complete" and g.outcome_checks > 10
    unchecked = parity_game(5, 1, "human", "orc", outcomes=0.0)
    # the same game whatever is compared: the comparison draws from a generator of its own
    assert unchecked.outcome_checks == 0 and unchecked.steps == g.steps

    real = NativeGame._outcomes

    def one_position_off(self: NativeGame, action: Any, max_states: int) -> Any:
        out = real(self, action, max_states)
        if len(out) > 1:  # the second outcome leads where the first does
            out[1] = (out[1][0], out[0][1])
        return out

    monkeypatch.setattr(NativeGame, "_outcomes", one_position_off)
    bad = parity_game(5, 1, "human", "orc", outcomes=0.3)
    assert bad.outcome == "diverged" and bad.diff is not None and "[1] position" in bad.diff


def test_outcome_probabilities_that_differ_are_a_divergence(native: ModuleType,
                                                            monkeypatch: pytest.MonkeyPatch) -> None:
    real = NativeGame._outcomes

    def skewed(self: NativeGame, action: Any, max_states: int) -> Any:
        out = real(self, action, max_states)
        if len(out) > 1:
            (p0, g0), (p1, g1) = out[0], out[1]
            out[0], out[1] = (p0 + p1 / 2, g0), (p1 / 2, g1)
        return out

    monkeypatch.setattr(NativeGame, "_outcomes", skewed)
    bad = parity_game(5, 1, "human", "orc", outcomes=0.3)
    assert bad.outcome == "diverged" and bad.diff is not None and "probabilities differs" in bad.diff


def test_give_all_deals_every_skill_with_its_partners_and_races() -> None:
    specs = give_all_specs(2, seed=3, boards=(1, 11))
    assert len(specs) == 4 * len(LRB6_SKILLS) and len({s.seed for s in specs}) == len(specs)
    for skill in LRB6_SKILLS:
        mine = [s for s in specs if skill in s.given]
        assert len(mine) >= 4
    ttm = [s for s in specs if s.given == frozenset({Skill.THROW_TEAM_MATE, Skill.RIGHT_STUFF})]
    assert len(ttm) == 8  # THROW_TEAM_MATE's games and RIGHT_STUFF's, each given the other
    assert partners(Skill.THROW_TEAM_MATE) == {Skill.RIGHT_STUFF}
    stakes = [s for s in specs if Skill.STAKES in s.given]
    undead = {"undead", "khemri", "necromantic", "vampire"}
    assert {s.home for s in stakes} | {s.away for s in stakes} <= undead
    # else the races whose rosters have the skill
    assert set(skill_races(Skill.PREHENSILE_TAIL)) == {"lizardman", "skaven", "slann"}


def test_run_games_plays_the_given_skills(native: ModuleType) -> None:
    report = run_games([GameSpec(7, 1, "skaven", "lizardman", frozenset({Skill.PREHENSILE_TAIL}))])
    (g,) = report.games
    assert g.given == ("PREHENSILE_TAIL",) and g.outcome == "complete"


# Each skill given in turn, in CI, in four parts so that the parallel suite spreads them.
GIVE_ALL_PARTS = 4


@pytest.mark.parametrize("part", slow_except(range(GIVE_ALL_PARTS), (0,)))
def test_every_skill_probed(native: ModuleType, part: int) -> None:
    """Each skill in turn, every player given it, in the probes' positions (parity_probes):
    both engines agree at every node and on every outcomes() explored (about 20 s a part; the
    quick loop keeps the first)."""
    skills = tuple(sorted(LRB6_SKILLS))[part::GIVE_ALL_PARTS]
    results = give_all_probes(201 + part, skills)
    report = ParityReport(probes=results)
    assert not report.probe_divergences, report.text()
    assert len(results) == len(skills) * len(probes())
    assert all(r.checks >= 10 and r.nodes >= 3 for r in results), [(r.probe, r.given, r.checks)
                                                                    for r in results]


# Each skill given in turn, in CI: 77 skills x (board 11 sampled, board 5 forced dice) in four
# parts so that the parallel suite spreads them.


@pytest.mark.parametrize("part", range(GIVE_ALL_PARTS))
def test_every_skill_given_in_turn(native: ModuleType, part: int) -> None:
    skills = tuple(sorted(LRB6_SKILLS))[part::GIVE_ALL_PARTS]
    for boards, dice in (((11,), "sampled"), ((5,), "forced")):
        report = run_games(give_all_specs(1, 201 + part, boards, skills), dice=dice)
        j = report.to_json()
        assert j["divergences"] == 0, report.text()
        assert all(g.outcome == "complete" for g in report.games), report.text()
        assert j["games"] == len(skills) and j["outcome_checks"] > j["games"]
