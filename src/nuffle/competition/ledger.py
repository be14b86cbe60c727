"""What a resumed tournament trusts: a private folder (`out/.referee`, mode 0700) holding the
tournament seed, a key and the records of pairs still being played, a keyed digest chain over
the games' records (in the report), and the check of each kept game before it counts again.

A kept game counts only if its record's digest and chain link match the report, its record
replays to the end, and the record agrees with its fixture (seed, bots) and with the result
the report gives it. The chain is keyed (HMAC-SHA-256 with the private key): whoever cannot
read `out/.referee` cannot forge a link. Sandboxed bots see nothing of `out/` at all."""

from __future__ import annotations

import contextlib
import hashlib
import hmac
import json
import os
from pathlib import Path
from typing import Any

from nuffle.core.errors import NuffleError
from nuffle.record import load as load_record

#: The referee's private folder inside the results folder.
PRIVATE = ".referee"
#: Where a pair's finished games wait until the pair's last game is over.
PENDING = f"{PRIVATE}/pending"
GENESIS = "0" * 64


def private(out: Path) -> Path:
    """The private folder (made, mode 0700, if missing)."""
    path = out / PRIVATE
    path.mkdir(parents=True, exist_ok=True)
    os.chmod(path, 0o700)
    return path


def load_state(out: Path) -> dict[str, Any] | None:
    """The private state of a run in `out` (its seed and key), or None."""
    try:
        state = json.loads((out / PRIVATE / "state.json").read_text())
        int(state["seed"])
        bytes.fromhex(state["key"])
        return dict(state)
    except (OSError, ValueError, KeyError, TypeError):
        return None


def save_state(out: Path, seed: int) -> bytes:
    """Start a run's private state (its seed and a new key); the key."""
    key = os.urandom(32)
    path = private(out) / "state.json"
    tmp = path.with_name("state.json.tmp")
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(fd, "w") as fh:
        fh.write(json.dumps({"seed": seed, "key": key.hex()}))
    os.replace(tmp, path)
    return key


def file_digest(path: Path) -> str:
    """The SHA-256 of a file's bytes (hex)."""
    return hashlib.sha256(path.read_bytes()).hexdigest()


def link(key: bytes, prev: str, index: int, digest: str) -> str:
    """One link of the chain: the previous link, the game's number and its record's digest."""
    return hmac.new(key, f"{prev}:{index}:{digest}".encode(), hashlib.sha256).hexdigest()


def chain(key: bytes, games: list[dict[str, Any]]) -> str:
    """Set each game's `chain` link (in the given order); the last link."""
    prev = GENESIS
    for g in games:
        prev = g["chain"] = link(key, prev, g["index"], g["digest"])
    return prev


def check_links(key: bytes, games: list[dict[str, Any]], paths: dict[int, Path]) -> dict[int, str]:
    """Why each game whose record digest or chain link does not hold fails (by game number);
    `games` in the report's order, `paths` their records."""
    bad: dict[int, str] = {}
    prev = GENESIS
    for g in games:
        claimed = str(g.get("chain"))
        try:
            digest = file_digest(paths[g["index"]])
        except OSError as exc:
            digest = ""
            bad[g["index"]] = f"its record cannot be read ({exc.strerror or exc})"
        if digest and digest != g.get("digest"):
            bad[g["index"]] = "its record's digest differs from the report's"
        elif digest and not hmac.compare_digest(link(key, prev, g["index"], digest), claimed):
            bad[g["index"]] = "its link in the report's digest chain does not hold"
        prev = claimed
    return bad


def check_game(game: dict[str, Any], path: Path, seed: int, home: str, away: str) -> str:
    """Why a kept game does not agree with its record (at `path`) and its fixture ('' when
    it does)."""
    try:
        replayed = load_record(path)
        record = json.loads(path.read_text())
    except (NuffleError, OSError, ValueError) as exc:
        return f"its record does not replay ({exc})"
    comp = record.get("competition") or {}
    result = comp.get("result") or {}
    checks = [
        (record.get("seed") == seed, "its record's seed is not its fixture's"),
        ((comp.get("home"), comp.get("away")) == (home, away) == (game["home"], game["away"]),
         "its record's bots are not its fixture's"),
        (replayed.is_over, "its record ends before the end of the game"),
        (result.get("score") == game.get("score")
         == list(replayed.result.score),
         "its score differs between the report, the record and the replay"),
        ((result.get("winner"), result.get("outcome")) == (game.get("winner"), game.get("outcome")),
         "its result differs between the report and the record"),
        (comp.get("penalties") == game.get("penalties"),
         "its penalties differ between the report and the record"),
    ]
    return next((why for ok, why in checks if not ok), "")


def inside(out: Path, rel: object) -> Path | None:
    """`out / rel` when `rel` is a relative path that stays inside `out`, else None."""
    if not isinstance(rel, str):
        return None
    path = (out / rel).resolve()
    with contextlib.suppress(ValueError):
        path.relative_to(out.resolve())
        return path
    return None
