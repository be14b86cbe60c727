"""Reading and writing the project's JSON files with one-line errors that name the file."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from nuffle.core.errors import InputError


def parse_json(text: str, where: str) -> Any:
    """JSON from `text`; raises ValueError naming `where` for invalid or absurdly nested text."""
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise InputError(f"{where} is not valid JSON: {exc.msg} at line {exc.lineno}") from None
    except RecursionError:
        raise InputError(f"{where} is not a usable JSON document: it is nested too deeply") from None


def read_text(path: Path) -> str:
    """A UTF-8 text file's contents; raises ValueError naming the file when it cannot be read."""
    try:
        return path.read_text(encoding="utf-8")
    except UnicodeDecodeError as exc:
        raise InputError(f"{path} is not UTF-8 text (byte {exc.start}): not a JSON file?") from None
    except OSError as exc:
        raise InputError(f"cannot read {path}: {exc.strerror or exc}") from None


def write_text(path: Path, text: str) -> None:
    """Write `text` to `path` whole (through a temporary file beside it); raises ValueError
    naming the file when it cannot be written, leaving an existing file as it was."""
    try:
        if path.is_dir():
            raise InputError(f"cannot write {path}: it is a directory")
        tmp = path.with_name(path.name + ".part")
        tmp.write_text(text, encoding="utf-8")
        tmp.replace(path)
    except OSError as exc:
        raise InputError(f"cannot write {path}: {exc.strerror or exc}") from None
