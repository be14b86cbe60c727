"""Typed for users: every ```python example of README.md and docs/*.md passes `mypy --strict` as
a user's own script would, with mypy's defaults and none of this project's settings, against the
nuffle this interpreter imports (its annotations and the `_native` stub).

A block that mypy cannot check for a reason outside nuffle (a third-party library's own typing)
is listed in EXEMPT with that reason, found by its document and a line of its text."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

import nuffle
from test_docs_run import ALL, ROOT, Block  # type: ignore[import-not-found]

#: (document, a line of the block) -> why mypy --strict cannot pass it as written.
EXEMPT = {
    ("docs/ENVS.md", "frame = env.render()"):
        "gymnasium types render() as a union of every render mode's result",
    ("docs/ENVS.md", "import torch"):
        "torch's distributions and autograd are untyped (no-untyped-call under --strict)",
}

PYTHON = [b for b in ALL if b.lang == "python"]


def _exempt(block: Block) -> str | None:
    doc = str(block.doc.relative_to(ROOT))
    lines = {line.strip() for line in block.text.splitlines()}
    return next((why for (d, line), why in EXEMPT.items() if d == doc and line in lines), None)


def test_every_exemption_names_a_block() -> None:
    found = {(str(b.doc.relative_to(ROOT)), line) for b in PYTHON for line in
             (x.strip() for x in b.text.splitlines())}
    assert set(EXEMPT) <= found, set(EXEMPT) - found
    assert PYTHON and any(_exempt(b) is None for b in PYTHON)


@pytest.mark.slow
def test_doc_examples_pass_mypy_strict(tmp_path: Path) -> None:
    pytest.importorskip("mypy")
    checked: dict[str, str] = {}
    for i, block in enumerate(PYTHON):
        if _exempt(block) is None:
            name = f"example_{i:03d}.py"
            (tmp_path / name).write_text(block.text)
            checked[name] = block.name
    # A scratch folder without a pyproject: mypy's defaults plus --strict, as in a user's project;
    # nuffle is the one this interpreter imports (the wheel's py.typed is checked by
    # tests/release/test_wheel_release.py).
    env = {**os.environ, "MYPYPATH": str(Path(nuffle.__file__).resolve().parents[1])}
    run = subprocess.run(
        [sys.executable, "-m", "mypy", "--strict", "--no-error-summary",
         "--python-executable", sys.executable, "--cache-dir", str(tmp_path / ".mypy_cache"), *checked],
        capture_output=True, text=True, cwd=tmp_path, env=env, timeout=900,
    )
    report = run.stdout
    for name, where in checked.items():
        report = report.replace(name, where)
    assert run.returncode == 0, report
