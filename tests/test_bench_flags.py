"""`nuffle bench` refuses an option the chosen benchmark would ignore (issue 54, item 19): one
error line naming it, exit 2, nothing measured."""

from __future__ import annotations

import subprocess
import sys

import pytest

from nuffle.cli import main

IGNORED = [
    (["bench", "--batched"], "--batched"),
    (["bench", "engine", "--envs", "4"], "--envs"),
    (["bench", "mcts", "--batched", "--workers", "2"], "--batched"),
    (["bench", "mcts", "--workers", "2"], "--workers"),
    (["bench", "env", "--batched", "--engine", "python"], "--engine python"),
    (["bench", "env", "--games", "3"], "--games"),
    (["bench", "env", "--envs", "8"], "--envs"),
    (["bench", "mcts", "--home", "orc"], "--home"),
    (["bench", "bots", "--seconds", "1"], "--seconds"),
    (["bench", "env", "--batched", "--home", "orc"], "--home"),
]


@pytest.mark.parametrize(("argv", "flag"), IGNORED)
def test_an_ignored_bench_option_is_refused(argv: list[str], flag: str,
                                            capsys: pytest.CaptureFixture[str]) -> None:
    assert main(argv) == 2
    out, err = capsys.readouterr()
    assert out == "" and len(err.strip().splitlines()) == 1 and flag in err, err


def test_the_refusal_reaches_the_shell_as_one_line() -> None:
    run = subprocess.run([sys.executable, "-m", "nuffle.cli", "bench", "--batched"], capture_output=True,
                         text=True, timeout=120)
    assert run.returncode == 2 and run.stdout == ""
    assert run.stderr.strip().splitlines() == [
        "error: --batched applies to `bench env` only, not `bench engine`"]


def test_options_a_benchmark_reads_still_run(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["bench", "engine", "--games", "1", "--board", "1", "--home", "orc", "--engine", "python",
                 "--json"]) == 0
    assert '"games": 1' in capsys.readouterr().out
