"""Suite-wide settings for running the tests in parallel (pytest-xdist, `-n auto --dist loadgroup`
from pyproject's addopts).

Tests that watch a wall clock or share the machine's ports, signals or a browser go into one
xdist group, `timing`: its tests run one after another on a single worker, so they never race
each other (the rest of the suite still runs beside them). `-n 0` (or `-p no:xdist`) runs the
whole suite serially in one process, for debugging.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from typing import TYPE_CHECKING

import pytest

if TYPE_CHECKING:
    from nuffle.core.ruleset import Ruleset

#: The group whose tests run one at a time on one worker.
TIMING = "timing"

#: Test files (paths from tests/) whose every test belongs to the `timing` group, with why.
TIMING_FILES = {
    "web/test_browser.py": "chromium against a live server; waits on the page with timeouts",
    "web/test_robustness.py": "servers on ports killed mid-game; a bot's move limit on the clock",
    "test_interrupts.py": "SIGINT/SIGTERM at chosen moments of running commands",
    "competition/test_interrupt.py": "SIGINT to a running tournament",
    "competition/test_referee.py": "bots on clocks of a few seconds; disqualification by time",
    "competition/test_referee_fairness.py": "bots on clocks of a few seconds; SIGKILL deadlines",
    "competition/test_protocol.py": "bot subprocesses on clocks",
    "competition/test_jq_bot.py": "bot subprocesses on clocks",
    "competition/test_docs_bot.py": "bot subprocesses on clocks",
    "competition/test_tournament.py": "tournaments of bot subprocesses on clocks, on a local Ray cluster",
    "competition/test_hostile.py": "hostile bots on clocks of a few seconds; the game clock",
    "competition/test_sandbox.py": "sandboxed bot subprocesses on clocks",
    "arena/test_arena_run.py": "arenas of sandboxed bot subprocesses on clocks",
    "web/test_arena_pages.py": "chromium against a live server; sandboxed bots on clocks",
    "native/test_native_threads.py": "searches of a few seconds raced from two threads; SIGINT to a C++ loop",
}
#: Single tests (node ids from tests/, parameters left out) in the `timing` group, with why.
TIMING_TESTS = {
    "test_bad_input.py::test_ctrl_c_stops_cleanly_and_reports": "Ctrl-C after 5 s of a running command",
    "test_probes.py::test_web_probes_get_4xx_and_leave_no_traceback": "a server subprocess on a port",
    "test_probes.py::test_serve_creates_no_database_when_it_cannot_start": "a server on a port",
    "rl/test_training.py::test_ray_actors_step_exactly_like_one_process": "a local Ray cluster",
    "rl/test_ray_cluster.py::test_training_spreads_its_rollout_actors_over_a_two_node_cluster":
        "a local two-node Ray cluster (its address is where `auto` looks)",
    "native/test_native_mcts_cpp.py::test_other_threads_run_while_the_cpp_search_runs":
        "a thread's longest pause beside a 0.6 s search, on the wall clock "
        "(failed 1 in 14 runs beside the suite)",
    "native/test_parity_harness.py::test_sigint_to_a_running_parity_prints_the_partial_result":
        "SIGINT to a running nuffle parity after 6 s",
}

_HERE = os.path.dirname(__file__)


def pytest_addoption(parser: pytest.Parser, pluginmanager: pytest.PytestPluginManager) -> None:
    """Without pytest-xdist (`-p no:xdist`, or not installed), accept and ignore the `-n` and
    `--dist` of pyproject's addopts, so the suite still runs, serially."""
    if pluginmanager.has_plugin("xdist"):
        return
    group = parser.getgroup("xdist-absent", "pytest-xdist is not loaded: the tests run serially")
    # `_addoption`, as pytest-xdist itself does: plugins may not add lowercase short options
    group._addoption("-n", "--numprocesses", dest="numprocesses", default=None, metavar="N",
                     help="ignored: pytest-xdist is not loaded")
    group.addoption("--dist", dest="dist", default="no", help="ignored: pytest-xdist is not loaded")


@pytest.hookimpl(optionalhook=True)  # a pytest-xdist hook
def pytest_xdist_auto_num_workers(config: pytest.Config) -> int | None:
    """`-n auto`: one worker per core this process may run on (a CPU set or `taskset` may
    allow fewer than the machine has); PYTEST_XDIST_AUTO_NUM_WORKERS still overrides."""
    if os.environ.get("PYTEST_XDIST_AUTO_NUM_WORKERS") or not hasattr(os, "sched_getaffinity"):
        return None  # pytest-xdist's own rule
    # Logical CPUs, not physical cores: much of the suite waits on subprocesses, servers and a
    # browser, and the serial `timing` group needs a worker of its own beside the rest.
    return max(1, len(os.sched_getaffinity(0)))


def timing_reason(path: str, name: str) -> str | None:
    """Why the test `name` (no parameters) of the file `path` (from tests/) is in the `timing`
    group, or None."""
    return TIMING_FILES.get(path) or TIMING_TESTS.get(f"{path}::{name}")


def _nodeid_reason(rootpath: str, nodeid: str) -> str | None:
    """`timing_reason` of a node id (a path from the rootdir, then `::` and the test)."""
    file, _, test = nodeid.partition("::")
    path = os.path.relpath(os.path.join(rootpath, file), _HERE).replace(os.sep, "/")
    return timing_reason(path, test.split("::")[-1].split("[")[0])


@pytest.hookimpl(tryfirst=True)  # before pytest-xdist's own hook reads the groups
def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Mark the clock-, port-, signal- and browser-bound tests with the `timing` xdist group."""
    for item in items:
        if _nodeid_reason(str(config.rootpath), item.nodeid) is not None:
            item.add_marker(pytest.mark.xdist_group(TIMING))


@pytest.hookimpl(optionalhook=True)  # a pytest-xdist hook
def pytest_xdist_make_scheduler(config: pytest.Config, log: object) -> object | None:
    """`--dist loadgroup` that finds the `timing` group from the node ids themselves.

    pytest-xdist 3.8 tells the scheduler a test's group by appending `@group` to its node id,
    which pytest 9.2 no longer lets it do: the marks alone would then group nothing."""
    if config.getoption("dist") != "loadgroup":
        return None
    from xdist.scheduler import LoadGroupScheduling  # type: ignore[import-untyped]

    rootpath = str(config.rootpath)

    class TimingGroupScheduling(LoadGroupScheduling):  # type: ignore[misc]
        def _split_scope(self, nodeid: str) -> str:
            if _nodeid_reason(rootpath, nodeid.rsplit("@", 1)[0]) is not None:
                return TIMING
            return str(super()._split_scope(nodeid))

    return TimingGroupScheduling(config, log)


def slow_first(items: list[pytest.Item]) -> list[pytest.Item]:
    """The tests marked `slow` first, each part in its collection order (a stable sort)."""
    return sorted(items, key=lambda item: item.get_closest_marker("slow") is None)


class _SlowFirst:
    """On an xdist worker, the collection `slow_first`: the scheduler hands out tests in the
    order the workers collected them (after the `timing` group, the largest unit), so the long
    tests start early and a short one, not a long one, ends the run beside an idle worker."""

    @pytest.hookimpl(trylast=True)  # after pytest's own reordering of the items
    def pytest_collection_modifyitems(self, items: list[pytest.Item]) -> None:
        items[:] = slow_first(items)


# --- the engine the suite runs on (NUFFLE_ENGINE) ------------------------------------------------
# `NUFFLE_ENGINE=native python -m pytest tests/rules tests/skills tests/test_golden.py` runs the rules,
# skills and golden suites on the native engine (CI does, .ci/run). There a test marked
# `python_engine(reason)` is skipped: it needs what only a Python game has (e.g. it counts the
# Python engine's skill handlers). Every frame is ported, so a NotPortedError fails the test.


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", "python_engine(reason): skipped on NUFFLE_ENGINE=native (why: reason)")
    if hasattr(config, "workerinput"):  # a pytest-xdist worker: the long tests handed out first
        config.pluginmanager.register(_SlowFirst(), "nuffle-slow-first")


def _on_native() -> bool:
    from nuffle.core.engines import NATIVE, resolve_engine

    return resolve_engine(None) == NATIVE


def pytest_runtest_setup(item: pytest.Item) -> None:
    mark = item.get_closest_marker("python_engine")
    if mark is not None and _on_native():
        pytest.skip(f"Python engine only: {mark.args[0] if mark.args else mark.kwargs.get('reason', '')}")


@pytest.fixture
def register_ruleset(monkeypatch: pytest.MonkeyPatch) -> Callable[[Ruleset], Ruleset]:
    """Register a ruleset by its name for one test (`ruleset.register`, undone afterwards, so
    that other tests see only the built-in rulesets)."""
    from nuffle.core import ruleset as registry

    def add(rules: Ruleset) -> Ruleset:
        monkeypatch.setitem(registry._RULESETS, rules.name, rules)
        return rules

    return add
