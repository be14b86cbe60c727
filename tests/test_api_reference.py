"""The API reference (docs/reference/, Sphinx autodoc, with the Markdown docs as its guide
pages) documents every public name from its own docstring and builds with warnings as errors,
so a missing or broken docstring fails here (and in CI)."""

from __future__ import annotations

import inspect
import re
import subprocess
import sys
from pathlib import Path

import pytest

import nuffle

ROOT = Path(__file__).resolve().parents[1]
REFERENCE = ROOT / "docs" / "reference" / "index.rst"
DIRECTIVE = re.compile(r"^\.\. auto(?:class|function|exception|module):: (\S+)", re.M)


def _public() -> list[str]:
    return [n for n in nuffle.__all__ if n not in ("__version__", "errors")]


def test_the_reference_names_every_public_name() -> None:
    documented = set(DIRECTIVE.findall(REFERENCE.read_text()))
    import nuffle.errors

    by_module = {f"nuffle.{n}" for n in _public()} | {f"nuffle.errors.{n}" for n in nuffle.errors.__all__}
    missing = [n for n in _public() if not {f"nuffle.{n}", f"nuffle.errors.{n}"} & documented]
    assert not missing, f"docs/reference/index.rst does not document {missing}"
    assert "nuffle.errors" in documented
    assert documented <= by_module | {"nuffle.errors"}, documented - by_module


def _own_doc(obj: object) -> str:
    doc = obj.__doc__ if inspect.isclass(obj) else inspect.getdoc(obj)
    return (doc or "").strip()


def test_every_public_name_has_its_own_docstring() -> None:
    undocumented = [n for n in _public() if not _own_doc(getattr(nuffle, n))]
    game = nuffle.Game
    undocumented += [f"Game.{m}" for m, v in vars(game).items()
                     if not m.startswith("_") and m not in game.__slots__ and not _own_doc(v)]
    assert not undocumented


@pytest.mark.slow
def test_the_reference_builds_without_warnings(tmp_path: Path) -> None:
    pytest.importorskip("sphinx")  # the [dev] extra installs sphinx and myst-parser
    pytest.importorskip("myst_parser")
    run = subprocess.run(
        [sys.executable, "-m", "sphinx", "-q", "-W", "--keep-going", "-b", "html",
         "-d", str(tmp_path / "doctrees"), str(ROOT / "docs"), str(tmp_path / "html")],
        capture_output=True, text=True, timeout=900,
    )
    assert run.returncode == 0, run.stdout + run.stderr
    page = (tmp_path / "html" / "reference" / "index.html").read_text()
    for name in ("nuffle.Game.transitions", "nuffle.play", "nuffle.errors.NuffleError"):
        assert f'id="{name}"' in page, name
