"""Output piped into a reader that stops early (`nuffle ... | head`), issue 54 item 19: the
command goes on to its end with no "Broken pipe" error, exit 0, and writes every file it
promises (before, `rl dataset` said "error: [Errno 32] Broken pipe" and saved nothing, and a
ladder's report was never written)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.slow  # interpreters and a few games


def _closed_reader(args: list[str], cwd: Path) -> subprocess.CompletedProcess[str]:
    """Run `nuffle ARGS` with its output into a pipe whose reader has already gone."""
    read, write = os.pipe()
    os.close(read)
    try:
        return subprocess.run([sys.executable, "-m", "nuffle.cli", *args], stdout=write,
                              stderr=subprocess.PIPE, text=True, timeout=300, cwd=cwd)
    finally:
        os.close(write)


def test_rl_dataset_into_a_closed_pipe_still_saves_its_data(tmp_path: Path) -> None:
    pytest.importorskip("torch")
    run = _closed_reader(["rl", "dataset", "--games", "2", "--board", "1", "--out", "d.npz"], tmp_path)
    assert (run.returncode, run.stderr) == (0, "")
    assert (tmp_path / "d.npz").stat().st_size > 0


def test_a_ladder_into_a_closed_pipe_still_writes_its_report(tmp_path: Path) -> None:
    run = _closed_reader(["ladder", "human:random", "orc:random", "--board", "1", "--pairs", "1",
                          "--workers", "1", "--out", "lad"], tmp_path)
    assert (run.returncode, run.stderr) == (0, "")
    assert (tmp_path / "lad.json").is_file() and (tmp_path / "lad.png").is_file()


def test_a_long_listing_into_head_prints_no_broken_pipe(tmp_path: Path) -> None:
    head = subprocess.Popen(["head", "-c", "10"], stdin=subprocess.PIPE, stdout=subprocess.DEVNULL)
    assert head.stdin is not None
    try:
        run = subprocess.run([sys.executable, "-m", "nuffle.cli", "play", "--board", "1", "--games", "300",
                              "--json"], stdout=head.stdin, stderr=subprocess.PIPE, text=True, timeout=300,
                             cwd=tmp_path)
    finally:
        head.stdin.close()
        head.wait()
    assert run.returncode == 0 and "Broken pipe" not in run.stderr and "Traceback" not in run.stderr
