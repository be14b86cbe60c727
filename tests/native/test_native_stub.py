"""src/nuffle/_native.pyi (what mypy knows of the extension) names what the module has."""

from __future__ import annotations

import ast
from pathlib import Path
from types import ModuleType

import nuffle

STUB = Path(nuffle.__file__).parent / "_native.pyi"


def names(body: list[ast.stmt]) -> set[str]:
    out: set[str] = set()
    for node in body:
        if isinstance(node, ast.FunctionDef | ast.ClassDef):
            out.add(node.name)
        elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
            out.add(node.target.id)
    return out


def test_stub_matches_the_module(native: ModuleType) -> None:
    tree = ast.parse(STUB.read_text())
    public = {n for n in dir(native) if not n.startswith("_")}
    assert names(tree.body) == public
    for cls in (n for n in tree.body if isinstance(n, ast.ClassDef)):
        obj = getattr(native, cls.name)
        inherited = set(dir(BaseException)) if issubclass(obj, BaseException) else set()
        members = {m for m in dir(obj) if not m.startswith("_") and m not in inherited}
        assert names(cls.body) - {"__init__", "__eq__"} == members, cls.name
