"""No dead code in the environments, RL, agents and benchmarks (issue 54, item 20): every name a
module defines at its top level is used, in its own module or elsewhere in the repository
(the sources, tests, docs and bench scripts)."""

from __future__ import annotations

import ast
import re
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("envs", "rl", "agents", "bench")
WORD = re.compile(r"\w+")


def _top_level_names(source: str) -> list[str]:
    names = []
    for node in ast.parse(source).body:
        if isinstance(node, ast.FunctionDef | ast.ClassDef):
            names.append(node.name)
        elif isinstance(node, ast.Assign):
            names += [t.id for t in node.targets if isinstance(t, ast.Name)]
        elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
            names.append(node.target.id)
    return [n for n in names if not n.startswith("__")]


def _unused(paths: list[Path], words: dict[Path, Counter[str]]) -> list[tuple[Path, str]]:
    """The top-level names of `paths` named only once (where they are defined) in all `words`."""
    total: Counter[str] = Counter()
    for counts in words.values():
        total.update(counts)
    return [(path, name) for path in paths for name in _top_level_names(path.read_text(encoding="utf-8"))
            if total[name] <= 1]


def test_every_top_level_name_is_used() -> None:
    files = [p for folder in ("src", "tests", "docs", "bench") for p in (ROOT / folder).rglob("*")
             if p.suffix in (".py", ".pyi", ".md", ".js", ".html") and p.is_file()]
    words = {p: Counter(WORD.findall(p.read_text(encoding="utf-8", errors="replace"))) for p in files}
    paths = [p for pkg in PACKAGES for p in sorted((ROOT / "src" / "nuffle" / pkg).rglob("*.py"))]
    assert [f"{p.relative_to(ROOT)}: {name}" for p, name in _unused(paths, words)] == []


def test_the_scan_finds_an_unused_name(tmp_path: Path) -> None:
    module, user = tmp_path / "m.py", tmp_path / "user.py"
    module.write_text("USED = 1\nUNUSED = 2\n\n\ndef helper() -> int:\n    return USED\n")
    user.write_text("from m import helper\n")
    words = {p: Counter(WORD.findall(p.read_text())) for p in (module, user)}
    assert _unused([module], words) == [(module, "UNUSED")]
