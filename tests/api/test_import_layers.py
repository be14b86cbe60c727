"""Layering, checked statically: no import (at module level or inside a function) runs up a layer.

core <- analysis and the other support modules <- agents / envs <- competition / ladder / web /
RL / CLI. Every module of the package is given a layer below; a module may import from its own
layer and the layers beneath it only. A new top-level module must be placed here.
"""

from __future__ import annotations

import ast
from pathlib import Path

import nuffle

SRC = Path(nuffle.__file__).parent

# The first matching prefix gives a module its layer.
LAYERS: tuple[tuple[str, int], ...] = (
    ("nuffle.core", 0), ("nuffle.errors", 0),  # the error hierarchy imports nothing
    # the engine's support: odds, files, teams, records, test support, invariant checks
    ("nuffle.analysis", 1), ("nuffle.gametheory", 1), ("nuffle.files", 1), ("nuffle.teams", 1),
    ("nuffle.teams_bb2020", 1),  # the BB2020 team builder
    ("nuffle.teams_bb2020_match", 1),  # BB2020 teams as the engines play them
    ("nuffle.teams_bb2020_pregame", 1),  # a BB2020 match's pre-game set-up on the team sheets
    ("nuffle.formations", 1), ("nuffle.record", 1), ("nuffle.stats", 1),
    ("nuffle.skill_table", 1), ("nuffle.testing", 1), ("nuffle.conformance", 1),
    ("nuffle.random_player", 1), ("nuffle.games", 1), ("nuffle.report", 1),
    ("nuffle.eval_seeds", 1),  # the held-out evaluation seeds, which the environments refuse
    ("nuffle.interrupts", 1),  # signal handling (standard library only), which env workers use
    ("nuffle.sqlite_tx", 1),  # one SQLite write transaction (standard library only), for the stores
    ("nuffle.cli_errors", 1),  # the command line's one-line error (standard library only)
    ("nuffle.ruleset_choice", 1),  # the ruleset every entry point plays (core and the teams only)
    # bots, environments and the match loop
    ("nuffle.agents", 2), ("nuffle.envs", 2), ("nuffle.play", 2),
    ("nuffle.parity", 2), ("nuffle.parity_skills", 2), ("nuffle.parity_cli", 2),
    ("nuffle.parity_twins", 2), ("nuffle.parity_probes", 2),  # drive the bots too; probes: built positions
    # what is built on them
    ("nuffle.rl", 3), ("nuffle.evaluation", 3), ("nuffle.ladder", 3), ("nuffle.strength", 3),
    ("nuffle.competition", 3), ("nuffle.arena", 3),
    ("nuffle.web", 3), ("nuffle.bench", 3), ("nuffle.cli", 3), ("nuffle.league", 3), ("nuffle", 3),
)


def layer(module: str) -> int:
    for prefix, n in LAYERS:
        if module == prefix or module.startswith(prefix + "."):
            return n
    raise AssertionError(f"module {module} has no layer in {__file__}")


def _module(path: Path) -> str:
    parts = list(path.relative_to(SRC.parent).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _imports(path: Path) -> list[tuple[int, str]]:
    out = []
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names = [node.module] if node.module != "nuffle" else [f"nuffle.{a.name}" for a in node.names]
            out += [(node.lineno, n) for n in names if n.startswith("nuffle")]
        elif isinstance(node, ast.Import):
            out += [(node.lineno, a.name) for a in node.names if a.name.startswith("nuffle")]
    return out


def _upward() -> list[str]:
    bad = []
    for path in sorted(SRC.rglob("*.py")):
        mod = _module(path)
        here = layer(mod)
        for line, target in _imports(path):
            try:
                there = layer(target)
            except AssertionError:
                there = 3  # a name imported from the package root (nuffle.X): the facade
            if there > here:
                bad.append(f"{path.relative_to(SRC)}:{line} ({mod}, layer {here}) imports {target} "
                           f"(layer {there})")
    return bad


def test_no_import_runs_up_a_layer() -> None:
    assert _upward() == []


def test_bots_do_not_import_test_support() -> None:
    bad = [f"{p.relative_to(SRC)}:{line}" for p in sorted((SRC / "agents").rglob("*.py"))
           for line, target in _imports(p) if target.startswith("nuffle.testing")]
    assert bad == []


def test_the_check_sees_an_upward_import(tmp_path: Path) -> None:
    fake = tmp_path / "x.py"
    fake.write_text("def f():\n    from nuffle.agents.random_bot import RandomBot\n")
    assert _imports(fake) == [(2, "nuffle.agents.random_bot")]
    assert layer("nuffle.core.game") < layer("nuffle.agents.random_bot")
