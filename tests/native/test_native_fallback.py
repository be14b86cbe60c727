"""Where no compiler works the install still succeeds, the Python engine plays, and asking for
the native engine says in one line why it is missing. The project is installed from a copy into
a temporary folder with CC/CXX naming a compiler that does not exist (no network: the build
uses the already installed setuptools and pybind11)."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
MISSING = "/nonexistent/nuffle-test/g++"
CHECK = """
import nuffle
from nuffle.core.engines import EngineUnavailableError
from nuffle.core.game import Game
print(nuffle.__file__)
game = Game.new("human", "orc", seed=7, board=3)
print(game.engine)
try:
    Game.new(engine="native")
except EngineUnavailableError as exc:
    print(exc)
"""


@pytest.mark.slow
@pytest.mark.parametrize("editable", [False, True])
def test_install_without_a_compiler_falls_back_to_python(tmp_path: Path, editable: bool) -> None:
    pytest.importorskip("pybind11")  # the [dev] extra installs it; the build must find it
    source = tmp_path / "project"
    ignore = shutil.ignore_patterns("__pycache__", "*.so", "_native_build_error.txt", "*.egg-info", "build")
    source.mkdir()
    for name in ("pyproject.toml", "setup.py", "README.md", "MANIFEST.in"):
        shutil.copy2(ROOT / name, source / name)
    shutil.copytree(ROOT / "native", source / "native", ignore=ignore)
    shutil.copytree(ROOT / "src", source / "src", ignore=ignore)
    site = tmp_path / "site"
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    env.update(CC=MISSING, CXX=MISSING, PIP_NO_INPUT="1", PIP_DISABLE_PIP_VERSION_CHECK="1")
    # an editable install (the README's) reads the package from the source tree
    # (--ignore-installed: never uninstall the nuffle of the environment running the tests)
    target = (["--ignore-installed", "--prefix", str(site), "-e", str(source)] if editable
              else ["--target", str(site), str(source)])
    install = subprocess.run(
        [sys.executable, "-m", "pip", "install", "--no-build-isolation", "--no-deps", "--no-index", *target],
        capture_output=True, text=True, env=env, cwd=tmp_path, timeout=600,
    )
    assert install.returncode == 0, install.stdout + install.stderr
    package = source / "src" / "nuffle" if editable else site / "nuffle"
    assert not list(package.glob("_native*.so"))
    note = (package / "_native_build_error.txt").read_text()
    assert note.startswith("building nuffle._native failed:") and MISSING in note

    site_dirs = sorted(str(p.parent) for p in site.rglob("*.pth")) if editable else [str(site)]
    prelude = (f"import site, sys\nfirst = list(sys.path)\nfor d in {site_dirs!r}: site.addsitedir(d)\n"
               "sys.path[:0] = [p for p in sys.path if p not in first]\n")  # before this venv's own
    run = subprocess.run([sys.executable, "-c", prelude + CHECK], capture_output=True, text=True, env=env,
                         cwd=tmp_path, timeout=300)
    assert run.returncode == 0, run.stdout + run.stderr
    where, engine, message = run.stdout.strip().splitlines()
    assert where.startswith(str(source / "src" if editable else site))
    assert engine == "python"
    assert message.startswith("the native engine is not built: building nuffle._native failed:")
    assert MISSING in message and message.endswith("or use engine='python'")
