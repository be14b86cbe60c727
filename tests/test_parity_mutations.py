"""bench/parity_mutations.py (the mutation check of the parity harness, not run in CI): every
planted bug still applies, once, to the native sources, changes them, and compiles."""

from __future__ import annotations

import importlib.util
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def _script() -> object:
    spec = importlib.util.spec_from_file_location("parity_mutations", ROOT / "bench" / "parity_mutations.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["parity_mutations"] = module
    spec.loader.exec_module(module)
    return module


def test_every_mutation_applies_once_and_changes_the_source(tmp_path: Path) -> None:
    m = _script()
    mutations = m.MUTATIONS  # type: ignore[attr-defined]
    assert len(mutations) >= 8 and len({x.id for x in mutations}) == len(mutations)
    assert {"movement", "blocks", "passing", "kick-off", "injuries", "skills", "outcomes()"} <= {
        x.area for x in mutations}
    for x in mutations:
        source = (ROOT / x.path).read_text()
        assert source.count(x.old) == 1, x.id
        (tmp_path / x.path).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / x.path).write_text(source)
        m.apply(x, tmp_path)  # type: ignore[attr-defined]
        assert (tmp_path / x.path).read_text() != source and x.new in (tmp_path / x.path).read_text()


@pytest.mark.slow
def test_every_planted_source_compiles(tmp_path: Path) -> None:
    """Each mutation planted in its own copy of the headers still compiles (warnings as errors,
    as setup.py builds), so a run of the check never spends a rebuild on a broken plant."""
    if shutil.which("g++") is None:
        pytest.skip("needs g++")
    m = _script()
    main = tmp_path / "main.cpp"
    main.write_text('#include "nuffle/engine.hpp"\n#include "nuffle/transitions.hpp"\n'
                    "int main() { return 0; }\n")
    for x in m.MUTATIONS:  # type: ignore[attr-defined]
        tree = tmp_path / x.id
        shutil.copytree(ROOT / "native" / "include", tree / "native" / "include")
        m.apply(x, tree)  # type: ignore[attr-defined]
        done = subprocess.run(["g++", "-std=c++20", "-fsyntax-only", "-Wall", "-Wextra", "-Werror",
                               "-I", str(tree / "native" / "include"), str(main)],
                              capture_output=True, text=True)
        assert done.returncode == 0, f"{x.id}: {done.stderr[-1000:]}"


def test_the_recorded_run_lists_every_mutation_caught() -> None:
    """docs/TESTING.md's table of the last run names every mutation of the script, each caught by
    the CI parity run (a mutation added to the script is run and recorded too)."""
    m = _script()
    text = (ROOT / "docs" / "TESTING.md").read_text()
    rows = {line.split("|")[1].strip(): line for line in text.splitlines() if line.startswith("| ")}
    for x in m.MUTATIONS:  # type: ignore[attr-defined]
        assert x.id in rows, f"{x.id} is not in docs/TESTING.md's table"
        assert "| caught (" in rows[x.id], rows[x.id]
