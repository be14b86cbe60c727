"""The skill table: every skill, its category, where the engine implements it, its tests and
the races that start with it. `nuffle skills --write` regenerates docs/SKILLS.md from it.

* category: from `data/skill_categories.json` (the section headings of the rules reference);
* implementation: the hook points where the skill has handlers (`nuffle.core.hooks`) and the
  modules those handlers live in;
* tests: test functions under tests/skills/ named `test_<skill_snake>_...` (the longest skill
  name that prefixes the test name wins, so `test_pass_block_x` belongs to Pass Block, not
  Pass). Only that folder counts, so rule tests elsewhere that merely start with a skill-like
  word (`test_block_...` about blocks in general) do not pass for skill tests;
* races: the races with a positional that starts with the skill.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from nuffle.core.skills import BB2020_ONLY, Skill
from nuffle.core.teams import skill_categories

DOC_PATH = Path("docs") / "SKILLS.md"


@dataclass(frozen=True, slots=True)
class SkillRow:
    """One line of the skill table."""

    skill: Skill
    label: str
    category: str  # G, A, P, S, M or E
    points: tuple[str, ...]
    modules: tuple[str, ...]
    tests: tuple[str, ...]  # "tests/...py::test_name"
    races: tuple[str, ...]

    @property
    def status(self) -> str:
        """'hooks' (handlers attached), 'bb2020' (a BB2020 skill LRB6 lacks: not implemented
        yet) or 'missing'."""
        if self.points:
            return "hooks"
        return "bb2020" if self.skill in BB2020_ONLY else "missing"

    @property
    def snake(self) -> str:
        return self.skill.name.lower()


def categories() -> tuple[dict[str, str], dict[Skill, tuple[str, str]]]:
    """Category names by letter, and each skill's (category letter, label)."""
    return skill_categories()


def repo_root() -> Path:
    """The source checkout holding tests/ and docs/ (falls back to the working directory)."""
    here = Path(__file__).resolve().parents[2]
    return here if (here / "tests").is_dir() else Path.cwd()


#: a test function's definition line (the table reads names, so a scan beats parsing the files)
_TEST_DEF = re.compile(r"^[ \t]*(?:async[ \t]+)?def[ \t]+(test_\w+)[ \t]*\(", re.MULTILINE)


def skill_tests(root: Path) -> dict[Skill, list[str]]:
    """Test functions under `root`/tests/skills named after a skill, as 'path::name', sorted."""
    snakes = sorted((sk.name.lower() for sk in Skill), key=len, reverse=True)
    found: dict[Skill, list[str]] = {}
    tests_dir = root / "tests" / "skills"
    for path in sorted(tests_dir.rglob("test_*.py")):
        rel = path.relative_to(root).as_posix()
        for name in _TEST_DEF.findall(path.read_text()):
            rest = name[len("test_"):]
            for snake in snakes:
                if rest.startswith(snake + "_"):
                    found.setdefault(Skill[snake.upper()], []).append(f"{rel}::{name}")
                    break
    return {k: sorted(v) for k, v in found.items()}


def skill_rows(root: Path | None = None) -> list[SkillRow]:
    """The table, in category order then skill order."""
    from nuffle.core.hooks import points, where
    from nuffle.core.teams import races

    root = root or repo_root()
    cat_names, cats = categories()
    tests = skill_tests(root)
    modules: dict[Skill, set[str]] = {}
    for point in points().values():
        for sk, fn in point.handlers.items():
            modules.setdefault(sk, set()).add(fn.__module__)
    starting: dict[Skill, list[str]] = {}
    for r in races().values():
        have = frozenset().union(*(p.skills for p in r.positionals))
        for sk in have:
            starting.setdefault(sk, []).append(r.key)
    order = list(cat_names)
    rows = []
    for sk in sorted(Skill, key=lambda s: (order.index(cats[s][0]), s.value)):
        letter, label = cats[sk]
        rows.append(
            SkillRow(
                skill=sk,
                label=label,
                category=letter,
                points=tuple(where(sk)),
                modules=tuple(sorted(modules.get(sk, ()))),
                tests=tuple(tests.get(sk, ())),
                races=tuple(sorted(starting.get(sk, ()))),
            )
        )
    return rows


def problems(rows: list[SkillRow]) -> list[str]:
    """LRB6 skills without a hook handler or without a test, one line each (the BB2020 skills
    LRB6 lacks are listed as not implemented, `SkillRow.status`)."""
    out = []
    for r in rows:
        if r.skill in BB2020_ONLY:
            continue
        if not r.points:
            out.append(f"{r.label} has no handler")
        if not r.tests:
            out.append(f"{r.label} has no test named test_{r.snake}_...")
    return out


def _short_module(name: str) -> str:
    return name.removeprefix("nuffle.core.skill_rules.")


def markdown(rows: list[SkillRow] | None = None) -> str:
    """The text of docs/SKILLS.md."""
    rows = rows if rows is not None else skill_rows()
    cat_names, _ = categories()
    done = sum(1 for r in rows if r.points)
    tested = sum(1 for r in rows if r.tests)
    lines = [
        "# Skills",
        "",
        "Generated by `nuffle skills --write` from `nuffle.skill_table` (do not edit by hand;",
        "`tests/test_skill_table.py` fails when this file is out of date).",
        "",
        "* **Status**: `hooks` = rules are handlers attached to hook points "
        "(`nuffle.core.hooks`); `missing` = not implemented (teams that need it are rejected); "
        "`bb2020` = a BB2020 roster skill LRB6 lacks, not implemented yet (BB2020 teams that need it "
        "are refused, `nuffle.teams_bb2020_match`).",
        "* **Hook points**: where the handlers attach; **Module**: the handlers' module in "
        "`nuffle.core.skill_rules`.",
        "* **Tests**: test functions named `test_<skill>_...` under `tests/skills/`.",
        "* **Starting on**: races with a positional that starts with the skill.",
        "",
        f"{len(rows)} skills: {done} on hooks, {sum(1 for r in rows if r.status == 'bb2020')} BB2020 "
        f"not implemented, {sum(1 for r in rows if r.status == 'missing')} missing; "
        f"{tested} with tests.",
        "",
    ]
    for letter, cname in cat_names.items():
        lines += [f"## {cname} ({letter})", "",
                  "| Skill | Status | Hook points | Module | Tests | Starting on |",
                  "|---|---|---|---|---|---|"]
        for r in rows:
            if r.category != letter:
                continue
            pts = "<br>".join(f"`{p}`" for p in r.points) or "—"
            mods = "<br>".join(f"`{_short_module(m)}`" for m in r.modules) or "—"
            tests = "<br>".join(f"`{t}`" for t in r.tests) or "—"
            races = ", ".join(r.races) or "—"
            lines.append(f"| {r.label} | {r.status} | {pts} | {mods} | {tests} | {races} |")
        lines.append("")
    return "\n".join(lines)


def text_table(rows: list[SkillRow] | None = None) -> str:
    """A compact plain-text table for the terminal."""
    rows = rows if rows is not None else skill_rows()
    out = [f"{'skill':<22}{'cat':<5}{'status':<16}{'points':>7}{'tests':>7}  races"]
    for r in rows:
        out.append(f"{r.label:<22}{r.category:<5}{r.status:<16}{len(r.points):>7}{len(r.tests):>7}  "
                   f"{', '.join(r.races)}")
    return "\n".join(out)
