"""`nuffle skills`: the skill table (text or markdown), writing or checking docs/SKILLS.md,
and the hook points (--points)."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from nuffle.cli_errors import error


def register(sub: Any) -> None:
    """Add `skills` to the `nuffle` subcommands."""
    sk = sub.add_parser("skills", help="the skill table (docs/SKILLS.md)")
    sk.add_argument("--markdown", action="store_true", help="print the markdown of docs/SKILLS.md")
    sk.add_argument("--write", action="store_true", help="regenerate docs/SKILLS.md")
    sk.add_argument("--check", action="store_true", help="exit 1 if docs/SKILLS.md is out of date")
    sk.add_argument("--file", help="path instead of docs/SKILLS.md")
    sk.add_argument("--points", action="store_true",
                    help="list every hook point: its handler signature and the skills attached")
    sk.set_defaults(func=cmd_skills)


def cmd_skills(args: argparse.Namespace) -> int:
    """The skill table (text, markdown), writing or checking docs/SKILLS.md."""
    from nuffle.skill_table import DOC_PATH, markdown, problems, repo_root, skill_rows, text_table

    if args.points:
        from nuffle.core.hooks import points

        for name, point in sorted(points().items()):
            skills = ", ".join(sorted(s.name.lower() for s in point.handlers)) or "-"
            print(f"{name}\n    {point.signature}\n    skills: {skills}")
        return 0
    rows = skill_rows()
    if args.write or args.check:
        from nuffle.files import read_text, write_text

        path = Path(args.file) if args.file else repo_root() / DOC_PATH
        text = markdown(rows)
        if args.check:
            try:
                exists = path.is_file()
            except OSError:
                exists = False
            if not exists:
                return error(f"{path} does not exist (or is not a file): run `nuffle skills --write` "
                              "to create it", 1)
            try:
                current = read_text(path)
            except ValueError as exc:
                return error(str(exc), 1)
            if current != text:
                print(f"{path} is out of date: run `nuffle skills --write`", file=sys.stderr)
                return 1
            print(f"{path} is up to date")
            return 0
        try:
            write_text(path, text)
        except ValueError as exc:
            return error(str(exc), 1)
        print(f"wrote {path}")
        return 0
    print(markdown(rows) if args.markdown else text_table(rows))
    issues = problems(rows)
    if issues and not args.markdown:
        print(f"\n{len(issues)} problems:", *issues, sep="\n  ")
    return 0
