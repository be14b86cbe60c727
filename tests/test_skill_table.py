"""The generated skill table (docs/SKILLS.md): complete, current, and every skill implemented
on hooks with tests.

`test_skilltable_every_skill_has_handler_and_test` fails when a skill lacks a handler or a test
in tests/skills/, and `test_skilltable_doc_is_current` when `nuffle skills --write` is due.
"""

from __future__ import annotations

from pathlib import Path

from nuffle.core.skills import BB2020_ONLY, Skill
from nuffle.skill_table import DOC_PATH, markdown, problems, repo_root, skill_rows, skill_tests


def test_skilltable_covers_every_skill_once_with_its_category() -> None:
    rows = skill_rows()
    assert sorted(r.skill for r in rows) == sorted(Skill)
    cats = {r.skill: r.category for r in rows}
    assert cats[Skill.BLOCK] == "G" and cats[Skill.DODGE] == "A" and cats[Skill.ACCURATE] == "P"
    assert cats[Skill.GUARD] == "S" and cats[Skill.HORNS] == "M" and cats[Skill.STAB] == "E"
    labels = {r.skill: r.label for r in rows}
    assert labels[Skill.NURGLES_ROT] == "Nurgle's Rot" and labels[Skill.BALL_AND_CHAIN] == "Ball & Chain"


def test_skilltable_status_races_and_modules() -> None:
    rows = {r.skill: r for r in skill_rows()}
    assert rows[Skill.DUMP_OFF].races == ("dark-elf",)
    assert rows[Skill.ANIMOSITY].races == ("chaos-pact", "underworld")
    assert "human" in rows[Skill.BONE_HEAD].races and "ogre" in rows[Skill.BONE_HEAD].races
    for r in rows.values():
        if r.points:
            assert r.status == "hooks"
            assert r.modules and all(m.startswith("nuffle.core.skill_rules.") for m in r.modules)
        else:
            assert r.status == ("bb2020" if r.skill in BB2020_ONLY else "missing")


def test_skilltable_finds_tests_by_longest_skill_prefix(tmp_path: Path) -> None:
    (tmp_path / "tests" / "skills" / "sub").mkdir(parents=True)
    (tmp_path / "tests" / "rules").mkdir(parents=True)
    (tmp_path / "tests" / "rules" / "test_y.py").write_text("def test_block_in_general():\n    pass\n")
    (tmp_path / "tests" / "skills" / "sub" / "test_x.py").write_text(
        "def test_pass_block_moves_three():\n    pass\n"
        "def test_pass_reroll():\n    pass\n"
        "def test_passing_is_not_pass():\n    pass\n"
        "class TestX:\n    def test_two_heads_plus_one(self):\n        pass\n"
        "def helper_stab_x():\n    pass\n"
    )
    found = skill_tests(tmp_path)
    assert found == {
        Skill.PASS_BLOCK: ["tests/skills/sub/test_x.py::test_pass_block_moves_three"],
        Skill.PASS: ["tests/skills/sub/test_x.py::test_pass_reroll"],
        Skill.TWO_HEADS: ["tests/skills/sub/test_x.py::test_two_heads_plus_one"],
    }


def test_skilltable_every_skill_has_handler_and_test() -> None:
    issues = problems(skill_rows())
    assert not issues, f"{len(issues)} problems:\n" + "\n".join(issues)


def test_skilltable_doc_is_current() -> None:
    path = repo_root() / DOC_PATH
    assert path.exists(), "docs/SKILLS.md is missing: run `nuffle skills --write`"
    assert path.read_text() == markdown(), "docs/SKILLS.md is out of date: run `nuffle skills --write`"
