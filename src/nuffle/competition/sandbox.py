"""Bots in a sandbox: each bot process runs under bubblewrap (`bwrap`) in namespaces of its own
(user, PID, network, IPC, UTS, cgroup), so it sees no process but its own tree and has no
network; its root holds read-only binds of the system folders, of the Python nuffle runs on
and of the bot's own files, a private empty /tmp and an empty working folder (both tmpfs of
bounded size), and never the results folder nor the config file. When the referee runs
as root, each seat's bot runs as an unprivileged user of its own (no passwd entry; setpriv
drops to it with no capabilities), so the bot cannot read what only root may, and its process
limit counts its processes alone.

docs/COMPETITION.md says what this does and does not guarantee."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

#: The system folders bound read-only (those that exist; a symlink stays a symlink).
SYSTEM = ("/usr", "/bin", "/sbin", "/lib", "/lib32", "/lib64", "/libx32", "/etc")
#: The bot's working folder inside the sandbox.
HOME = "/home/bot"
#: The first user id of the per-seat users (when the referee runs as root).
FIRST_UID = 200_000


@dataclass(frozen=True)
class Sandbox:
    """How bots are sandboxed: the paths never shown to them (the results folder, the config
    file: no folder holding one is bound) and the size of each of their tmpfs (MiB)."""

    hidden: tuple[str, ...] = ()
    tmpfs_mb: int = 256


def seat_uid(side: int) -> int | None:
    """The unprivileged user of a seat (None unless the referee runs as root): its own for
    each seat of each referee process, so no two bots running at once share one."""
    if os.geteuid() != 0:
        return None
    return FIRST_UID + ((os.getpid() & 0xFFFF) << 1) + side


def _within(path: Path, folder: Path) -> bool:
    return path == folder or folder in path.parents


def _python_dirs() -> list[str]:
    """The folders the Python nuffle runs on needs (the environment's and the interpreter's
    prefixes, and the import path a bot inherits)."""
    dirs = {sys.prefix, sys.base_prefix, sys.exec_prefix, sys.base_exec_prefix}
    dirs.update(p for p in sys.path if p and os.path.isdir(p))
    return sorted(dirs)


def _own_paths(command: list[str], cwd: str | None) -> tuple[list[str], list[Path]]:
    """The command with the paths of the bot's own files made absolute, and those files."""
    out, own = [], []
    for i, arg in enumerate(command):
        if i == 0 and os.sep not in arg:
            found = shutil.which(arg)
            if found is not None:
                own.append(Path(found).resolve())
            out.append(arg)
            continue
        path = Path(arg) if Path(arg).is_absolute() else Path(cwd or ".") / arg
        if arg and not arg.startswith("-") and path.exists():
            path = path.resolve()
            own.append(path)
            out.append(str(path))
        else:
            out.append(arg)
    return out, own


def wrap(sandbox: Sandbox, command: list[str], cwd: str | None, uid: int | None = None,
         bwrap: str = "bwrap", setpriv: str = "setpriv") -> list[str]:
    """The command line that runs `command` (as given in folder `cwd`) sandboxed; as the
    unprivileged `uid` when given (the referee then runs as root: bwrap sets the sandbox up as
    root, and setpriv drops to `uid` with no capabilities before the bot starts)."""
    hidden = [Path(h).resolve() for h in sandbox.hidden]
    command, own = _own_paths(command, cwd)
    binds: list[Path] = []
    for p in own:  # the bot's own files: their folder, or the file alone beside hidden things
        folder = p if p.is_dir() else p.parent
        exposed = any(_within(h, folder) or _within(folder, h) for h in hidden)
        binds.append(p if exposed else folder)
    binds += [Path(d).resolve() for d in _python_dirs()]
    if uid is None:
        args = [bwrap, "--unshare-all"]
    else:  # namespaces but the user's: root sets the sandbox up, then drops to uid
        args = [bwrap, "--unshare-pid", "--unshare-net", "--unshare-ipc", "--unshare-uts",
                "--unshare-cgroup-try"]
    args += ["--die-with-parent", "--new-session"]
    for d in SYSTEM:
        if os.path.islink(d):
            args += ["--symlink", os.readlink(d), d]
        elif os.path.isdir(d):
            args += ["--ro-bind", d, d]
    # The private /tmp first: the binds below may lie under /tmp (a checkout or a virtualenv
    # there), and a tmpfs mounted after them would hide them.
    size = str(sandbox.tmpfs_mb << 20)
    args += ["--perms", "1777", "--size", size, "--tmpfs", "/tmp"]
    system = [Path(d) for d in SYSTEM]
    seen: set[Path] = set()
    made: set[Path] = {Path("/"), Path("/tmp")}
    for b in sorted(set(binds), key=lambda p: len(p.parts)):
        if any(_within(b, s) for s in system) or any(_within(b, s) for s in seen):
            continue  # already visible
        if any(_within(h, b) or _within(b, h) for h in hidden):
            continue  # never the results or the config's folder
        seen.add(b)
        for up in reversed(b.parents):  # folders on the way, passable whatever the host's modes
            if up not in made:
                made.add(up)
                args += ["--perms", "0755", "--dir", str(up)]
        args += ["--ro-bind", str(b), str(b)]
    args += ["--proc", "/proc", "--dev", "/dev",
             "--perms", "1777", "--size", size, "--tmpfs", HOME, "--chdir", HOME,
             "--setenv", "HOME", HOME, "--setenv", "TMPDIR", "/tmp", "--"]
    if uid is not None:
        args += [setpriv, f"--reuid={uid}", f"--regid={uid}", "--clear-groups",
                 "--inh-caps=-all", "--bounding-set=-all", "--no-new-privs", "--"]
    return args + command


def why_not(sandbox: Sandbox | None = None) -> str:
    """Why bots cannot be sandboxed here ('' when they can): bwrap is tried once, as a seat."""
    bwrap = shutil.which("bwrap")
    if bwrap is None:
        return "bubblewrap (bwrap) is not installed (Debian: apt-get install bubblewrap)"
    uid = seat_uid(0)
    setpriv = shutil.which("setpriv")
    if uid is not None and setpriv is None:
        return "setpriv (util-linux) is not installed"
    true = shutil.which("true") or "/bin/true"
    try:
        done = subprocess.run(wrap(sandbox or Sandbox(), [true], None, uid, bwrap, setpriv or ""),
                              capture_output=True, timeout=30)
    except (OSError, subprocess.SubprocessError) as exc:
        return f"bwrap cannot run ({exc})"
    if done.returncode != 0:
        lines = done.stderr.decode("utf-8", "replace").strip().splitlines() or ["no message"]
        return f"bwrap cannot create the sandbox's namespaces here ({lines[-1]})"
    return ""
