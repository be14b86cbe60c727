"""The `timing` xdist group of tests/conftest.py: it names tests that exist, and the scheduler of
`--dist loadgroup` hands all of them to one worker while every other test stays its own unit."""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

TESTS = Path(__file__).parent


@pytest.fixture
def suite(request: pytest.FixtureRequest) -> ModuleType:
    """tests/conftest.py, as pytest loaded it."""
    plugin = request.config.pluginmanager.get_plugin(str(TESTS / "conftest.py"))
    assert isinstance(plugin, ModuleType)
    return plugin


def test_every_timing_file_and_test_exists(suite: ModuleType) -> None:
    missing = [path for path in suite.TIMING_FILES if not (TESTS / path).is_file()]
    assert not missing, f"files in TIMING_FILES that do not exist: {missing}"
    for entry in suite.TIMING_TESTS:
        path, name = entry.split("::")
        source = (TESTS / path).read_text(encoding="utf-8")
        assert re.search(rf"^def {name}\(", source, re.MULTILINE), f"no test {entry}"


def test_the_reasons_follow_files_and_single_tests(suite: ModuleType) -> None:
    assert suite.timing_reason("web/test_browser.py", "test_8_pieces_are_legible")
    assert suite.timing_reason("test_bad_input.py", "test_ctrl_c_stops_cleanly_and_reports")
    assert suite.timing_reason("test_bad_input.py", "test_bench_needs_a_game") is None
    assert suite.timing_reason("test_dice.py", "test_anything") is None
    # the wall-clock check of the C++ search releasing the GIL (issue 54, item 20)
    assert suite.timing_reason("native/test_native_mcts_cpp.py",
                               "test_other_threads_run_while_the_cpp_search_runs")


class _Config:
    """What the scheduler reads of a controller's config under `-n 2 --dist loadgroup`."""

    def __init__(self, rootpath: Path) -> None:
        self.rootpath = rootpath
        self.values: dict[str, Any] = {"dist": "loadgroup", "tx": ["2*popen"]}

    def getoption(self, name: str) -> Any:
        return self.values[name]

    getvalue = getoption


def test_the_scheduler_puts_the_timing_tests_in_one_unit(suite: ModuleType,
                                                         request: pytest.FixtureRequest) -> None:
    pytest.importorskip("xdist")
    sched = suite.pytest_xdist_make_scheduler(config=_Config(request.config.rootpath), log=None)
    scope = sched._split_scope
    timing = [
        "tests/web/test_browser.py::test_8_pieces_are_legible",
        "tests/test_interrupts.py::test_play_games_keeps_every_counted_record[15]",
        "tests/test_bad_input.py::test_ctrl_c_stops_cleanly_and_reports[args0-games finished]",
        "tests/competition/test_referee.py::test_silent_at_hello_is_disqualified",
        "tests/rl/test_training.py::test_ray_actors_step_exactly_like_one_process@timing",
    ]
    assert {scope(nodeid) for nodeid in timing} == {suite.TIMING}
    others = ["tests/test_bad_input.py::test_bench_needs_a_game", "tests/test_dice.py::test_d6[a@b]",
              "tests/rl/test_training.py::test_command_line_errors_are_one_clear_line"]
    assert [scope(nodeid) for nodeid in others] == others
    assert scope("tests/test_dice.py::test_d6@other") == "other"  # a group xdist itself marked


def test_without_loadgroup_pytest_xdist_chooses(suite: ModuleType, request: pytest.FixtureRequest) -> None:
    config = _Config(request.config.rootpath)
    config.values["dist"] = "load"
    assert suite.pytest_xdist_make_scheduler(config=config, log=None) is None


class _Item:
    """What `slow_first` reads of a test item: its marks."""

    def __init__(self, name: str, slow: bool) -> None:
        self.name, self.slow = name, slow

    def get_closest_marker(self, name: str) -> object | None:
        return object() if name == "slow" and self.slow else None


def test_the_slow_tests_are_handed_out_first_in_their_order(suite: ModuleType) -> None:
    items = [_Item("a", False), _Item("b", True), _Item("c", False), _Item("d", True)]
    assert [i.name for i in suite.slow_first(items)] == ["b", "d", "a", "c"]


def test_the_workers_collect_the_slow_tests_first(tmp_path: Path) -> None:
    pytest.importorskip("xdist")
    shutil.copy(TESTS / "conftest.py", tmp_path / "conftest.py")
    (tmp_path / "pytest.ini").write_text("[pytest]\nmarkers =\n    slow: long\n", encoding="utf-8")
    (tmp_path / "test_order.py").write_text(
        "import pytest\n\n\ndef test_quick_1():\n    pass\n\n\n@pytest.mark.slow\ndef test_long_1():\n"
        "    pass\n\n\ndef test_quick_2():\n    pass\n\n\n@pytest.mark.slow\ndef test_long_2():\n    pass\n",
        encoding="utf-8")
    run = subprocess.run([sys.executable, "-m", "pytest", "-n", "1", "--dist", "loadgroup", "-v", "-p",
                          "no:cacheprovider"], cwd=tmp_path, capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stdout + run.stderr
    names = re.findall(r"PASSED test_order\.py::(\w+)", run.stdout)
    assert names == ["test_long_1", "test_long_2", "test_quick_1", "test_quick_2"], run.stdout
