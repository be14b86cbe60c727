"""The docs are executed: every ```bash and ```python block of README.md and docs/*.md runs as
written and must succeed (issue 41.11).

The convention: a block fenced ```text only shows output and is not run (nor is any block in
another language: toml, json); a block whose opening fence has `<!-- no-run: REASON -->` on the
line directly before it is not run (for what cannot run in CI: long training, a server that
never returns). Everything else runs, from a scratch folder that links the checkout's top-level
files (so `bench/...` and `src/...` resolve and what a block writes stays out of the checkout).
`pip install` lines are skipped: the test runs where the [dev] extra is installed already.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
DOCS = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
FENCE = re.compile(r"^```(\S*)\s*$")
NO_RUN = re.compile(r"^<!-- no-run: (.+\S) -->$")
# `pip install ...` is done already; everything else of the line (after `&&`) still runs
PRELUDE = 'set -e\npip() { echo "(pip $* skipped: the test environment has it installed)"; }\n'


@dataclass(frozen=True)
class Block:
    """One fenced block of a document."""

    doc: Path
    line: int  # of the opening fence, from 1
    lang: str
    text: str
    no_run: str | None  # the reason given, if it is not to run

    @property
    def name(self) -> str:
        return f"{self.doc.relative_to(ROOT)}:{self.line}"


def blocks(doc: Path) -> list[Block]:
    """Every fenced block of `doc` (unterminated fences are an error)."""
    lines = doc.read_text(encoding="utf-8").split("\n")
    out: list[Block] = []
    i = 0
    while i < len(lines):
        m = FENCE.match(lines[i])
        if m is None:
            i += 1
            continue
        end = next((j for j in range(i + 1, len(lines)) if lines[j].strip() == "```"), None)
        assert end is not None, f"{doc}:{i + 1}: a fence that never closes"
        reason = NO_RUN.match(lines[i - 1]) if i > 0 else None
        out.append(Block(doc, i + 1, m.group(1), "\n".join(lines[i + 1:end]) + "\n",
                         reason.group(1) if reason else None))
        i = end + 1
    return out


ALL = [b for doc in DOCS for b in blocks(doc)]
RUN = [b for b in ALL if b.lang in ("bash", "python") and b.no_run is None]


def test_every_block_says_what_it_is() -> None:
    """A bare fence would be neither run nor marked as output: each block names its kind."""
    bare = [b.name for b in ALL if not b.lang]
    assert not bare, f"fenced blocks without a language (use bash, python or text): {bare}"
    stray = [b.name for b in ALL if b.no_run is not None and b.lang not in ("bash", "python")]
    assert not stray, f"no-run marks on blocks that would not run anyway: {stray}"


IMPORT_CORE = re.compile(r"^\s*(from|import)\s+nuffle\.core\b", re.M)


def test_no_python_example_imports_the_internals() -> None:
    """docs/API.md: examples use the 1.0 API; `nuffle.core.*` is internal."""
    internal = [b.name for b in ALL if b.lang == "python" and IMPORT_CORE.search(b.text)]
    assert not internal, f"examples importing nuffle.core (use `from nuffle import ...`): {internal}"


@pytest.fixture(scope="module")
def scratch(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("docs")
    for entry in ROOT.iterdir():
        if entry.name not in (".git", ".venv", "runs"):
            (folder / entry.name).symlink_to(entry)
    return folder


#: The starts of the package's deprecation messages (nuffle.core.game, .records, .actions).
DEPRECATED = ("Game.current_decider is deprecated", "Game.outcomes() is deprecated", "Game.result[",
              "comparing an Action with a plain tuple is deprecated")


@pytest.mark.slow
@pytest.mark.parametrize("block", RUN, ids=[b.name for b in RUN])
def test_doc_block_runs_as_written(block: Block, scratch: Path) -> None:
    env = dict(os.environ, MPLBACKEND="Agg")
    bindir = str(Path(sys.executable).parent)
    env["PATH"] = bindir + os.pathsep + env.get("PATH", "")  # `nuffle` and `python` of this env
    # Every example uses only the 1.0 API: a deprecated spelling (docs/API.md) is an error.
    env["PYTHONWARNINGS"] = ",".join(f"error:{prefix}:DeprecationWarning" for prefix in DEPRECATED)
    script = PRELUDE + block.text if block.lang == "bash" else block.text
    cmd = ["bash", "-c", script] if block.lang == "bash" else [sys.executable, "-c", script]
    run = subprocess.run(cmd, cwd=scratch, env=env, capture_output=True, text=True, timeout=600,
                         stdin=subprocess.DEVNULL)
    assert run.returncode == 0, f"{block.name} failed ({run.returncode}):\n{run.stderr[-3000:]}"
    assert "Traceback" not in run.stderr, run.stderr[-3000:]
