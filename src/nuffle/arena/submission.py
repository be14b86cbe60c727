"""Submissions: a bot program (one file) or a folder with a manifest (`bot.toml`), given as a
folder, a file, or the bytes of an upload (a program, a .zip or a .tar/.tar.gz archive).

`unpack` lays the files out in a fresh folder (regular files and folders only: no links, no
absolute paths or `..`, bounded sizes) and `read_manifest` checks what they declare: the bot's
name, its language (whose interpreter must be installed here), its command and its team (a
race, or a team file in the folder). Every problem is one `SubmissionError` line."""

from __future__ import annotations

import hashlib
import io
import os
import re
import shutil
import stat
import sys
import tarfile
import tomllib
import zipfile
from dataclasses import dataclass
from pathlib import Path, PurePosixPath
from typing import Any

from nuffle.core.errors import InputError

#: The manifest's file name inside a submitted folder.
MANIFEST = "bot.toml"
#: Limits on a submission: its upload, its unpacked files, their number and path depth.
MAX_UPLOAD = 4 << 20
MAX_UNPACKED = 32 << 20
MAX_FILES = 500
MAX_DEPTH = 8
MAX_NAME = 40
#: Languages: the interpreter a bot's command may start with, and a lone program's suffix.
#: `executable`: the command starts with a file of the submission (a compiled program, or a
#: script with a `#!` line naming an interpreter installed here).
LANGUAGES: dict[str, tuple[str | None, str]] = {
    "python": ("python3", ".py"), "node": ("node", ".js"), "perl": ("perl", ".pl"),
    "bash": ("bash", ".sh"), "executable": (None, ""),
}
_KEYS = {"name", "language", "command", "team"}
_NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9_.-]*\Z")


class SubmissionError(InputError):
    """A submission that cannot be accepted; the message names why, in one line."""


@dataclass(frozen=True)
class Manifest:
    """What a submission declares: name, language, command (paths relative to its folder)
    and team (a race, or a team file of the folder, relative to it)."""

    name: str
    language: str
    command: tuple[str, ...]
    team: str


def check_name(name: object) -> str:
    """A bot name as given, or SubmissionError: 1 to 40 letters, digits, `_`, `.` or `-`,
    starting with a letter or digit."""
    if not isinstance(name, str) or not name:
        raise SubmissionError("a bot needs a name (a non-empty string)")
    if len(name) > MAX_NAME or not _NAME.match(name):
        raise SubmissionError(f"bot name {name[:60]!r} is not allowed: 1 to {MAX_NAME} letters, digits, "
                              "'_', '.' or '-', starting with a letter or digit")
    return name


def _safe_member(name: str) -> PurePosixPath:
    path = PurePosixPath(name)
    if path.is_absolute() or ".." in path.parts or "\\" in name or "\0" in name:
        raise SubmissionError(f"the archive holds {name!r}: paths must be relative, without '..'")
    if len(path.parts) > MAX_DEPTH:
        raise SubmissionError(f"the archive holds {name!r}: at most {MAX_DEPTH} folders deep")
    return path


class _Budget:
    """Counts the files and bytes unpacked so far against the limits."""

    def __init__(self) -> None:
        self.files = 0
        self.bytes = 0

    def add(self, size: int) -> None:
        self.files += 1
        self.bytes += size
        if self.files > MAX_FILES:
            raise SubmissionError(f"the submission holds more than {MAX_FILES} files")
        if self.bytes > MAX_UNPACKED:
            raise SubmissionError(f"the submission unpacks to more than {MAX_UNPACKED >> 20} MiB")


def _write(dest: Path, rel: PurePosixPath, data: bytes, budget: _Budget, executable: bool) -> None:
    budget.add(len(data))
    path = dest.joinpath(*rel.parts)
    if path.exists():
        raise SubmissionError(f"the archive holds {str(rel)!r} twice")
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(data)
    os.chmod(path, 0o755 if executable else 0o644)


def _unzip(data: bytes, dest: Path, budget: _Budget) -> None:
    try:
        archive = zipfile.ZipFile(io.BytesIO(data))
        members = archive.infolist()
    except (zipfile.BadZipFile, ValueError, OSError) as exc:
        raise SubmissionError(f"the upload is not a readable zip archive: {exc}") from None
    for info in members:
        rel = _safe_member(info.filename.rstrip("/"))
        mode = info.external_attr >> 16
        if stat.S_ISLNK(mode):
            raise SubmissionError(f"the archive holds a link, {info.filename!r}: only files and folders")
        if info.is_dir():
            dest.joinpath(*rel.parts).mkdir(parents=True, exist_ok=True)
            continue
        if info.file_size > MAX_UNPACKED:
            raise SubmissionError(f"{info.filename!r} is larger than {MAX_UNPACKED >> 20} MiB")
        try:
            body = archive.read(info)
        except (zipfile.BadZipFile, ValueError, OSError, NotImplementedError) as exc:
            raise SubmissionError(f"{info.filename!r} cannot be unpacked: {exc}") from None
        _write(dest, rel, body, budget, bool(mode & 0o111))


def _untar(data: bytes, dest: Path, budget: _Budget) -> None:
    try:
        archive = tarfile.open(fileobj=io.BytesIO(data), mode="r:*")  # noqa: SIM115 (closed below)
        members = archive.getmembers()
    except (tarfile.TarError, OSError, EOFError) as exc:
        raise SubmissionError(f"the upload is not a readable tar archive: {exc}") from None
    with archive:
        _untar_members(archive, members, dest, budget)


def _untar_members(archive: tarfile.TarFile, members: list[tarfile.TarInfo], dest: Path,
                   budget: _Budget) -> None:
    for info in members:
        if info.name in (".", "./"):
            continue
        rel = _safe_member(info.name.rstrip("/").removeprefix("./"))
        if info.isdir():
            dest.joinpath(*rel.parts).mkdir(parents=True, exist_ok=True)
            continue
        if not info.isfile():
            raise SubmissionError(f"the archive holds {info.name!r}, which is not a plain file or "
                                  "folder (links and devices are refused)")
        if info.size > MAX_UNPACKED:
            raise SubmissionError(f"{info.name!r} is larger than {MAX_UNPACKED >> 20} MiB")
        fh = archive.extractfile(info)
        if fh is None:
            raise SubmissionError(f"{info.name!r} cannot be unpacked")
        try:
            body = fh.read()
        except (tarfile.TarError, OSError, EOFError) as exc:
            raise SubmissionError(f"{info.name!r} cannot be unpacked: {exc}") from None
        _write(dest, rel, body, budget, bool(info.mode & 0o111))


def _copy_folder(src: Path, dest: Path, budget: _Budget) -> None:
    for path in sorted(src.rglob("*")):
        rel = PurePosixPath(*path.relative_to(src).parts)
        if len(rel.parts) > MAX_DEPTH:
            raise SubmissionError(f"{path} is more than {MAX_DEPTH} folders deep")
        if path.is_symlink():
            raise SubmissionError(f"{path} is a link: a submission holds only files and folders")
        if path.is_dir():
            dest.joinpath(*rel.parts).mkdir(parents=True, exist_ok=True)
        elif path.is_file():
            if path.stat().st_size > MAX_UNPACKED:
                raise SubmissionError(f"{path} is larger than {MAX_UNPACKED >> 20} MiB")
            _write(dest, rel, path.read_bytes(), budget, os.access(path, os.X_OK))
        else:
            raise SubmissionError(f"{path} is not a plain file or folder")


def _archive_kind(filename: str, data: bytes) -> str | None:
    if filename.endswith(".zip") or data[:4] == b"PK\x03\x04":
        return "zip"
    if filename.endswith((".tar", ".tar.gz", ".tgz")) or data[:2] == b"\x1f\x8b" or data[257:262] == b"ustar":
        return "tar"
    return None


def _lone_name(filename: str) -> str:
    name = PurePosixPath(filename.replace("\\", "/")).name
    if not name or name.startswith(".") or name == MANIFEST or not _NAME.match(name):
        raise SubmissionError(f"file name {filename[:60]!r} is not allowed: letters, digits, '_', '.' "
                              "or '-', not starting with '.'")
    return name


def unpack_upload(data: bytes, filename: str, dest: Path) -> None:
    """Lay an upload out in the empty folder `dest`: an archive's files, or the one program."""
    if len(data) > MAX_UPLOAD:
        raise SubmissionError(f"the upload is larger than {MAX_UPLOAD >> 20} MiB")
    if not data:
        raise SubmissionError("the upload is empty")
    budget = _Budget()
    kind = _archive_kind(filename, data)
    if kind == "zip":
        _unzip(data, dest, budget)
    elif kind == "tar":
        _untar(data, dest, budget)
    else:
        _write(dest, PurePosixPath(_lone_name(filename)), data, budget, True)
    _single_root(dest)


def unpack_path(src: Path, dest: Path) -> None:
    """Lay a local submission (a folder, an archive or one program) out in `dest`."""
    if src.is_symlink() and src.is_dir():
        src = src.resolve()
    if src.is_dir():
        _copy_folder(src, dest, _Budget())
        return
    if not src.is_file():
        raise SubmissionError(f"{src} does not exist" if not src.exists()
                              else f"{src} is not a file or folder")
    if src.stat().st_size > MAX_UPLOAD:
        raise SubmissionError(f"{src} is larger than {MAX_UPLOAD >> 20} MiB")
    unpack_upload(src.read_bytes(), src.name, dest)


def _single_root(dest: Path) -> None:
    """An archive of one folder holding everything (`mybot/bot.toml`): its content moves up."""
    items = list(dest.iterdir())
    if len(items) == 1 and items[0].is_dir() and not (dest / MANIFEST).exists():
        inner = items[0]
        for child in list(inner.iterdir()):
            os.replace(child, dest / child.name)
        inner.rmdir()


def _language_of(path: Path) -> str:
    """A lone program's language, from its suffix (else `executable`: it needs a `#!` line)."""
    for lang, (_, suffix) in LANGUAGES.items():
        if suffix and path.name.endswith(suffix):
            return lang
    return "executable"


def _read_toml(path: Path) -> dict[str, Any]:
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except UnicodeDecodeError:
        raise SubmissionError(f"{MANIFEST} is not UTF-8 text") from None
    except tomllib.TOMLDecodeError as exc:
        raise SubmissionError(f"{MANIFEST} is not valid TOML: {exc}") from None
    except RecursionError:
        raise SubmissionError(f"{MANIFEST} nests too deeply") from None
    for key in data:
        if key not in _KEYS:
            raise SubmissionError(f"{MANIFEST}: unknown key {key!r} (known: {', '.join(sorted(_KEYS))})")
    return data


def _interpreter(first: str, language: str) -> None:
    """The command's program must be installed here (for `executable`, a file of the bot)."""
    want = LANGUAGES[language][0]
    if language == "executable":
        raise SubmissionError(f"language 'executable' runs a file of the submission: the command must "
                              f"start with its path (e.g. './{first}'), not {first!r}")
    if first not in (want, "python") or (first == "python" and language != "python"):
        raise SubmissionError(f"a {language} bot's command starts with {want!r} or a file of the "
                              f"submission, not {first!r}")
    if want is not None and language != "python" and shutil.which(want) is None:
        raise SubmissionError(f"language {language!r} cannot run on this arena: {want} is not installed")


def _check_file(folder: Path, arg: str, what: str) -> Path:
    rel = PurePosixPath(arg)
    if rel.is_absolute() or ".." in rel.parts:
        raise SubmissionError(f"{what} {arg!r} must be a path inside the submission")
    path = folder.joinpath(*rel.parts)
    if not path.is_file():
        raise SubmissionError(f"{what} {arg!r} does not exist in the submission")
    return path


def _shebang(path: Path) -> None:
    head = path.read_bytes()[:256]
    if head.startswith(b"\x7fELF"):
        return
    if not head.startswith(b"#!"):
        raise SubmissionError(f"{path.name!r} is neither a program (ELF) nor a script with a '#!' line")
    line = head[2:].split(b"\n")[0].decode("utf-8", "replace").split()
    if not line:
        raise SubmissionError(f"{path.name!r} has an empty '#!' line")
    prog = line[1] if line[0].endswith("/env") and len(line) > 1 else line[0]
    if shutil.which(prog) is None and not Path(prog).is_file():
        raise SubmissionError(f"{path.name!r} runs with {prog!r}, which is not installed on this arena")


def _team(folder: Path, team: object) -> str:
    from nuffle.teams import load_team

    if not isinstance(team, str) or not team:
        raise SubmissionError("a bot needs a team: a race (e.g. 'human') or a team .json file of "
                              "the submission")
    ref = team
    if team.endswith(".json"):
        ref = str(_check_file(folder, team, "team file"))
    try:
        load_team(ref)
    except (ValueError, OSError) as exc:
        lines = str(exc).replace(f"{folder}/", "").splitlines() or [type(exc).__name__]
        raise SubmissionError(f"team {team!r}: {lines[0]}") from None  # (no server path in it)
    return team


def read_manifest(folder: Path, name: str | None = None, team: str | None = None,
                  language: str | None = None) -> Manifest:
    """Check the submission in `folder` (its manifest, or its one program); `name`, `team` and
    `language` given here take the place of the manifest's."""
    data: dict[str, Any] = {}
    if (folder / MANIFEST).is_file():
        data = _read_toml(folder / MANIFEST)
    files = [p for p in folder.rglob("*") if p.is_file()]
    if not data.get("command"):
        if len(files) != 1:
            raise SubmissionError(f"a submission of several files needs a {MANIFEST} with a 'command'"
                                  if files else "the submission holds no file")
        lone = files[0]
        lang = language or data.get("language") or _language_of(lone)
        interp = LANGUAGES.get(lang, (None, ""))[0] if isinstance(lang, str) else None
        data["command"] = [interp, lone.name] if interp else [f"./{lone.name}"]
        data["language"] = lang
    lang = language or data.get("language")
    if lang is None:
        raise SubmissionError(f"{MANIFEST} needs a 'language' (one of {', '.join(LANGUAGES)})")
    if not isinstance(lang, str) or lang not in LANGUAGES:
        raise SubmissionError(f"language {lang!r} is not one of {', '.join(LANGUAGES)}")
    command = data["command"]
    if isinstance(command, str):
        command = command.split()
    if not isinstance(command, list) or not command or not all(isinstance(c, str) and c for c in command):
        raise SubmissionError(f"'command' must be a non-empty list of strings, not {data['command']!r}")
    first = command[0]
    if "/" in first:
        exe = _check_file(folder, first, "the command's program")
        os.chmod(exe, 0o755)
        _shebang(exe)
    else:
        _interpreter(first, lang)
    scripts = {suffix for _, suffix in LANGUAGES.values() if suffix}
    for arg in command[1:]:
        # no path out of the submission (the sandbox shows a bot the files its command names)
        if PurePosixPath(arg).is_absolute() or ".." in PurePosixPath(arg).parts:
            raise SubmissionError(f"the command's argument {arg!r} names a path outside the submission")
        if not arg.startswith("-") and PurePosixPath(arg).suffix in scripts:
            _check_file(folder, arg, "the command's script")  # the script an interpreter runs
    return Manifest(check_name(name or data.get("name")), lang, tuple(command),
                    _team(folder, team or data.get("team")))


def digest(folder: Path) -> str:
    """The SHA-256 of a submission's files (their paths and bytes, in order)."""
    h = hashlib.sha256()
    for path in sorted(p for p in folder.rglob("*") if p.is_file()):
        h.update(str(path.relative_to(folder)).encode() + b"\0")
        h.update(hashlib.sha256(path.read_bytes()).digest())
    return h.hexdigest()


def python_command(command: tuple[str, ...], language: str) -> tuple[str, ...]:
    """The command as run: a Python bot runs on nuffle's own Python (so it may use
    `nuffle.competition.client`)."""
    if language == "python" and command[0] in ("python", "python3"):
        return (sys.executable, *command[1:])
    return command
