"""Arena submissions: what a program, a folder with bot.toml, or an archive must hold to be
accepted (one clear line otherwise), and how the arena stores them: whole or not at all, one
name per bot ignoring case, new versions only with the bot's token."""

from __future__ import annotations

import io
import json
import os
import shutil
import tarfile
import time
import zipfile
from pathlib import Path

import pytest

from nuffle.arena.runner import pick_pairs
from nuffle.arena.store import (
    ACCEPTED,
    PENDING,
    STALE,
    Arena,
    ArenaError,
    Conflict,
    Forbidden,
    NotFound,
    Version,
)
from nuffle.arena.submission import (
    MAX_FILES,
    MAX_UPLOAD,
    SubmissionError,
    read_manifest,
    unpack_path,
    unpack_upload,
)
from nuffle.competition.bots import JS_RANDOM_BOT

PY_BOT = """from nuffle.competition.builtin import RandomLegalBot
from nuffle.competition.client import run
run(RandomLegalBot())
"""


def _folder(tmp_path: Path, manifest: str, files: dict[str, str] | None = None) -> Path:
    folder = tmp_path / "bot"
    folder.mkdir()
    (folder / "bot.toml").write_text(manifest)
    for name, text in (files if files is not None else {"bot.py": PY_BOT}).items():
        (folder / name).parent.mkdir(parents=True, exist_ok=True)
        (folder / name).write_text(text)
    return folder


MANIFEST = 'name = "pyb"\nlanguage = "python"\ncommand = ["python3", "bot.py"]\nteam = "orc"\n'


def _unpacked(tmp_path: Path, data: bytes, filename: str) -> Path:
    dest = tmp_path / "dest"
    dest.mkdir()
    unpack_upload(data, filename, dest)
    return dest


def test_a_folder_with_a_manifest_is_read(tmp_path: Path) -> None:
    m = read_manifest(_folder(tmp_path, MANIFEST))
    assert (m.name, m.language, m.command, m.team) == ("pyb", "python", ("python3", "bot.py"), "orc")
    # the name, team and language given with the upload take the manifest's place
    assert read_manifest(tmp_path / "bot", name="other", team="dwarf").name == "other"


def test_a_lone_program_gets_its_command_from_its_suffix(tmp_path: Path) -> None:
    js = _unpacked(tmp_path, JS_RANDOM_BOT.read_bytes(), "random_bot.js")
    m = read_manifest(js, name="jsb", team="human")
    assert (m.language, m.command) == ("node", ("node", "random_bot.js"))
    script = tmp_path / "s"
    script.mkdir()
    unpack_upload(b"#!/bin/sh\nexit 0\n", "mybot", script)
    m = read_manifest(script, name="sh", team="human")
    assert (m.language, m.command) == ("executable", ("./mybot",))
    assert os.access(script / "mybot", os.X_OK)


@pytest.mark.parametrize(("manifest", "files", "says"), [
    ('name = "a"\nlanguage = "python"\ncommand = ["python3", "bot.py"]\nteam = "orc"\nextra = 1\n',
     None, "unknown key 'extra'"),
    ('name = "a"\nlanguage = "cobol"\ncommand = ["cobc", "bot.py"]\nteam = "orc"\n', None,
     "language 'cobol' is not one of"),
    ('name = "a"\nlanguage = "python"\ncommand = ["python3", "gone.py"]\nteam = "orc"\n', None,
     "'gone.py' does not exist in the submission"),
    ('name = "a"\nlanguage = "python"\ncommand = ["node", "bot.py"]\nteam = "orc"\n', None,
     "a python bot's command starts with 'python3'"),
    ('name = "a"\nlanguage = "python"\ncommand = ["python3", "bot.py"]\nteam = "martians"\n', None,
     "team 'martians'"),
    ('name = "a"\nlanguage = "python"\ncommand = ["python3", "bot.py"]\nteam = "t.json"\n', None,
     "team file 't.json' does not exist"),
    ('name = "a"\nlanguage = "executable"\ncommand = ["../../bin/sh"]\nteam = "orc"\n', None,
     "must be a path inside the submission"),
    ('name = "a"\nlanguage = "executable"\ncommand = ["./bot.py"]\nteam = "orc"\n', None,
     "neither a program (ELF) nor a script with a '#!' line"),
    ('name = "a"\nlanguage = "python"\ncommand = ["python3", "bot.py", "../../2/1/their.py"]\nteam = "orc"\n',
     None, "names a path outside the submission"),
    ('name = "a"\nlanguage = "python"\ncommand = ["python3", "bot.py", "/etc/passwd"]\nteam = "orc"\n',
     None, "names a path outside the submission"),
    ('name = "-a"\nlanguage = "python"\ncommand = ["python3", "bot.py"]\nteam = "orc"\n', None,
     "bot name '-a' is not allowed"),
    ('name = "a"\ncommand = ["python3", "bot.py"]\nteam = "orc"\n', None, "needs a 'language'"),
    ('name = "a"\nlanguage = "python"\nteam = "orc"\n', {"a.py": "", "b.py": ""},
     "needs a bot.toml with a 'command'"),
    ('name = [[[\n', None, "bot.toml is not valid TOML"),
])
def test_a_bad_manifest_is_refused_in_one_line(tmp_path: Path, manifest: str, files: dict[str, str] | None,
                                               says: str) -> None:
    with pytest.raises(SubmissionError) as err:
        read_manifest(_folder(tmp_path, manifest, files))
    assert says in str(err.value) and "\n" not in str(err.value)


def test_a_broken_team_file_is_named_without_the_servers_path(tmp_path: Path) -> None:
    folder = _folder(tmp_path, MANIFEST.replace('"orc"', '"team.json"'), {"bot.py": PY_BOT, "team.json": "{"})
    with pytest.raises(SubmissionError) as err:
        read_manifest(folder)
    assert str(err.value).startswith("team 'team.json': ") and str(tmp_path) not in str(err.value)


def test_a_team_file_of_the_submission_is_accepted(tmp_path: Path) -> None:
    from nuffle.core.teams import default_team_dict

    team = json.dumps(default_team_dict("dwarf"))
    folder = _folder(tmp_path, MANIFEST.replace('"orc"', '"teams/mine.json"'),
                     {"bot.py": PY_BOT, "teams/mine.json": team})
    assert read_manifest(folder).team == "teams/mine.json"


def _zip(entries: dict[str, bytes], link: str | None = None) -> bytes:
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w") as z:
        for name, data in entries.items():
            z.writestr(name, data)
        if link is not None:
            info = zipfile.ZipInfo(link)
            info.external_attr = 0o120777 << 16  # a symbolic link
            z.writestr(info, "/etc/passwd")
    return buf.getvalue()


def _tgz(entries: dict[str, bytes], link: str | None = None) -> bytes:
    buf = io.BytesIO()
    with tarfile.open(fileobj=buf, mode="w:gz") as t:
        for name, data in entries.items():
            info = tarfile.TarInfo(name)
            info.size = len(data)
            t.addfile(info, io.BytesIO(data))
        if link is not None:
            info = tarfile.TarInfo(link)
            info.type = tarfile.SYMTYPE
            info.linkname = "/etc/passwd"
            t.addfile(info)
    return buf.getvalue()


@pytest.mark.parametrize("pack", [_zip, _tgz])
def test_archives_of_a_folder_unpack_under_one_root(tmp_path: Path, pack: object) -> None:
    assert callable(pack)
    data = pack({"mybot/bot.toml": MANIFEST.encode(), "mybot/bot.py": PY_BOT.encode()})
    dest = _unpacked(tmp_path, data, "mybot.zip" if pack is _zip else "mybot.tar.gz")
    assert sorted(p.name for p in dest.iterdir()) == ["bot.py", "bot.toml"]
    assert read_manifest(dest).name == "pyb"


@pytest.mark.parametrize(("pack", "entries", "link", "says"), [
    (_zip, {"../evil.py": b"x"}, None, "paths must be relative"),
    (_tgz, {"/etc/evil": b"x"}, None, "paths must be relative"),
    (_zip, {"bot.py": b"x"}, "lnk", "holds a link"),
    (_tgz, {"bot.py": b"x"}, "lnk", "not a plain file or folder"),
    (_zip, {f"f{i}.txt": b"" for i in range(MAX_FILES + 1)}, None, f"more than {MAX_FILES} files"),
])
def test_a_dangerous_archive_is_refused(tmp_path: Path, pack: object, entries: dict[str, bytes],
                                        link: str | None, says: str) -> None:
    assert callable(pack)
    with pytest.raises(SubmissionError, match=says):
        _unpacked(tmp_path, pack(entries, link), "x.zip" if pack is _zip else "x.tgz")


def test_uploads_too_big_empty_or_oddly_named_are_refused(tmp_path: Path) -> None:
    for data, name, says in ((b"x" * (MAX_UPLOAD + 1), "a.py", "larger than"), (b"", "a.py", "empty"),
                             (b"print(1)", ".hidden.py", "not allowed"), (b"PK\x03\x04junk", "a.zip",
                                                                         "not a readable zip")):
        with pytest.raises(SubmissionError, match=says):
            unpack_upload(data, name, tmp_path)
    with pytest.raises(SubmissionError, match="does not exist"):
        unpack_path(tmp_path / "missing", tmp_path)


# --- storing ---------------------------------------------------------------------------------

@pytest.fixture
def arena(tmp_path: Path) -> Arena:
    return Arena.create(tmp_path / "arena", board=1, bundled=[("random", "random", "human")])


def _submit(arena: Arena, src: Path, **kw: object) -> dict[str, object]:
    return arena.submit_files(lambda dest: unpack_path(src, dest), **kw)  # type: ignore[arg-type]


def test_a_submission_is_stored_as_a_pending_version_with_a_token(arena: Arena, tmp_path: Path) -> None:
    src = _folder(tmp_path, MANIFEST)
    out = _submit(arena, src)
    assert out["bot"] == "pyb" and out["version"] == 1 and out["status"] == PENDING
    token = out["token"]
    assert isinstance(token, str) and len(token) >= 20
    [v] = arena.pending()
    assert isinstance(v, Version) and v.label == "pyb v1" and v.folder is not None
    assert (v.folder / "bot.py").read_text() == PY_BOT
    assert oct(v.folder.stat().st_mode & 0o777) == "0o755"  # readable by the sandbox's own user
    assert not any((arena.folder / "staging").iterdir())
    # the same files again: refused; changed files without the token: refused; with it: v2
    with pytest.raises(Conflict, match="the same as pyb v1"):
        _submit(arena, src, token=token)
    (src / "bot.py").write_text(PY_BOT + "# v2\n")
    with pytest.raises(Forbidden, match="needs the token"):
        _submit(arena, src)
    with pytest.raises(Forbidden):
        _submit(arena, src, token="wrong")
    assert _submit(arena, src, token=token) == {"bot": "pyb", "version": 2, "status": PENDING}
    (src / "bot.py").write_text(PY_BOT + "# v3\n")
    assert _submit(arena, src, host=True)["version"] == 3  # the host needs no token


def test_names_are_unique_ignoring_case_and_bundled_names_are_taken(arena: Arena, tmp_path: Path) -> None:
    src = _folder(tmp_path, MANIFEST)
    _submit(arena, src, host=True)
    (src / "bot.py").write_text(PY_BOT + "# other\n")
    for name, says in (("PYB", "taken"), ("Random", "bundled"), ("random-legal", "validation")):
        with pytest.raises(Conflict, match=says):
            _submit(arena, src, name=name, host=True)
    assert [v.label for v in arena.versions()] == ["pyb v1", "random v1"]


def test_a_refused_submission_leaves_nothing(arena: Arena, tmp_path: Path) -> None:
    src = _folder(tmp_path, MANIFEST.replace('"orc"', '"martians"'))
    with pytest.raises(SubmissionError):
        _submit(arena, src)
    assert arena.pending() == [] and not any((arena.folder / "staging").iterdir())
    assert not any((arena.folder / "bots").iterdir())


def test_a_version_folder_a_crash_left_unclaimed_is_removed(arena: Arena, tmp_path: Path) -> None:
    _submit(arena, _folder(tmp_path, MANIFEST), host=True)
    kept = arena.versions("b.name = 'pyb'")[0].folder
    orphan = arena.folder / "bots" / "77" / "1"  # moved in, then the transaction never committed
    orphan.mkdir(parents=True)
    young = arena.folder / "bots" / "78" / "1"  # maybe being committed by another process now
    young.mkdir(parents=True)
    old = time.time() - STALE - 60
    os.utime(orphan, (old, old))
    if kept is not None:
        os.utime(kept, (old, old))
    arena.close()
    Arena.open(arena.folder).close()
    assert not orphan.exists() and young.exists() and kept is not None and kept.exists()


def test_opening_and_creating_arenas_say_what_is_wrong(tmp_path: Path, arena: Arena) -> None:
    with pytest.raises(ArenaError, match="holds no arena"):
        Arena.open(tmp_path / "nothing")
    with pytest.raises(ArenaError, match="already holds an arena"):
        Arena.create(arena.folder)
    with pytest.raises(ArenaError, match="board 4 is not one of"):
        Arena.create(tmp_path / "b4", board=4)
    (tmp_path / "junk").mkdir()
    (tmp_path / "junk" / "arena.db").write_text("not a database")
    with pytest.raises(ArenaError, match="not an arena database"):
        Arena.open(tmp_path / "junk")
    with pytest.raises(NotFound):
        arena.bot_row("nobody")
    assert [v.status for v in arena.entries()] == [ACCEPTED]


def test_pairs_are_scheduled_least_played_first() -> None:
    import random

    entries = [Version(i, f"b{i}", "bundled", 1, "nuffle", "human", ("random",), ACCEPTED, "", None)
               for i in range(1, 5)]
    pairs = pick_pairs(entries, {}, 6, random.Random(1))
    assert sorted(tuple(sorted(p)) for p in pairs) == [
        (a, b) for a in range(1, 5) for b in range(a + 1, 5)]  # each pair once
    played = {frozenset((1, 2)): 5}
    assert all(frozenset(p) != frozenset((1, 2)) for p in pick_pairs(entries, played, 5, random.Random(2)))
    assert pick_pairs(entries[:1], {}, 3, random.Random(3)) == []


def test_a_copied_folder_keeps_no_links(tmp_path: Path) -> None:
    src = _folder(tmp_path, MANIFEST)
    os.symlink("/etc/passwd", src / "passwd")
    with pytest.raises(SubmissionError, match="is a link"):
        unpack_path(src, tmp_path / "dest")
    shutil.rmtree(tmp_path / "dest", ignore_errors=True)
