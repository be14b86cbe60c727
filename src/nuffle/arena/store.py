"""An arena on disk: one folder holding `arena.db` (SQLite: settings, bots, their versions,
the ladder's pairs and every game), `bots/` (each version's files, read-only to its bot),
`games/` (records and stderr; never shown to a bot) and `staging/` (uploads being checked).

A submission is stored whole or not at all: its files are moved into `bots/` inside the
transaction that adds its version, and a folder left by a crash between the two (no version
names it) is removed when the arena is next opened. A game is written (files, then its row,
which also closes its pair when both games are in) in one transaction: a crashed run loses at
most the games it was playing, which the next run plays again."""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import secrets
import shutil
import sqlite3
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from nuffle.arena.submission import Manifest, SubmissionError, check_name, digest, read_manifest
from nuffle.core.board import VARIANTS
from nuffle.core.errors import InputError
from nuffle.sqlite_tx import immediate

FORMAT = "nuffle-arena"
VERSION = 1
DB = "arena.db"
SCHEMA = """
CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE bots (id INTEGER PRIMARY KEY, name TEXT NOT NULL, folded TEXT UNIQUE NOT NULL,
                   kind TEXT NOT NULL, token TEXT, created REAL NOT NULL);
CREATE TABLE versions (id INTEGER PRIMARY KEY, bot INTEGER NOT NULL REFERENCES bots(id),
                       number INTEGER NOT NULL, language TEXT NOT NULL, team TEXT NOT NULL,
                       command TEXT NOT NULL, digest TEXT NOT NULL, status TEXT NOT NULL,
                       reason TEXT NOT NULL DEFAULT '', submitted REAL NOT NULL, validated REAL,
                       UNIQUE (bot, number));
CREATE TABLE pairs (id INTEGER PRIMARY KEY, a INTEGER NOT NULL REFERENCES versions(id),
                    b INTEGER NOT NULL REFERENCES versions(id), seed INTEGER NOT NULL,
                    done INTEGER NOT NULL DEFAULT 0, scheduled REAL NOT NULL);
CREATE TABLE games (id INTEGER PRIMARY KEY, kind TEXT NOT NULL, pair INTEGER REFERENCES pairs(id),
                    leg INTEGER NOT NULL DEFAULT 0, home INTEGER REFERENCES versions(id),
                    away INTEGER REFERENCES versions(id), seed INTEGER NOT NULL,
                    home_score INTEGER NOT NULL, away_score INTEGER NOT NULL, winner TEXT,
                    outcome TEXT NOT NULL, disqualified TEXT NOT NULL, penalties TEXT NOT NULL,
                    decisions INTEGER NOT NULL, seconds REAL NOT NULL, files TEXT NOT NULL,
                    digest TEXT NOT NULL, finished REAL NOT NULL, UNIQUE (kind, pair, leg, home));
"""
#: Version states: waiting for its validation game, on the ladder, or refused (with a reason).
PENDING, ACCEPTED, REJECTED = "pending", "accepted", "rejected"
#: The opponent of every validation game (it has no version row: a game's `away` is NULL).
VALIDATOR = "random-legal"
#: Seconds after which a staged upload or an unclaimed version folder is a crash's leftover.
STALE = 600


class ArenaError(InputError):
    """An arena folder or request that cannot be used; one line naming why."""


class NotFound(ArenaError):
    """No such bot or published game."""


class Conflict(ArenaError):
    """A submission that clashes with what is stored: a name taken or reserved, the same
    files as the bot's last version."""


class Forbidden(ArenaError):
    """A new version of a bot without its token."""


@dataclass(frozen=True)
class Version:
    """One version of a bot: what runs (language, command, team) and where its files are."""

    id: int
    bot: str
    kind: str  # "submitted" or "bundled"
    number: int
    language: str
    team: str
    command: tuple[str, ...]
    status: str
    reason: str
    folder: Path | None  # None for a bundled bot (a nuffle agent)

    @property
    def label(self) -> str:
        """`name v2`: how games and pages name it."""
        return f"{self.bot} v{self.number}"


def _token_hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


class Arena:
    """An open arena folder. Use `Arena.create` or `Arena.open`; `close` when done."""

    def __init__(self, folder: Path, conn: sqlite3.Connection) -> None:
        self.folder = folder
        self.conn = conn

    # --- opening -------------------------------------------------------------------------

    @staticmethod
    def _connect(path: Path) -> sqlite3.Connection:
        conn = sqlite3.connect(path, timeout=30, isolation_level=None, check_same_thread=False)
        conn.row_factory = sqlite3.Row
        conn.execute("PRAGMA journal_mode=WAL")
        conn.execute("PRAGMA foreign_keys=ON")
        return conn

    @classmethod
    def create(cls, folder: str | Path, board: int = 11,
               bundled: list[tuple[str, str, str]] | None = None) -> Arena:
        """A new arena in `folder` (made if missing, and empty of any arena) playing `board`,
        with the bundled entries `(name, agent spec, team)`."""
        folder = Path(folder)
        if board not in VARIANTS:
            raise ArenaError(f"board {board} is not one of {', '.join(map(str, sorted(VARIANTS)))}")
        if (folder / DB).exists():
            raise ArenaError(f"{folder} already holds an arena ({DB})")
        if folder.exists() and not folder.is_dir():
            raise ArenaError(f"{folder} is not a folder")
        folder.mkdir(parents=True, exist_ok=True)
        tmp = folder / f"{DB}.new"
        tmp.unlink(missing_ok=True)
        conn = cls._connect(tmp)
        try:
            conn.executescript(SCHEMA)
            conn.execute("BEGIN")
            for key, value in (("format", FORMAT), ("version", VERSION), ("board", board),
                               ("created", time.time())):
                conn.execute("INSERT INTO meta VALUES (?, ?)", (key, str(value)))
            for name, spec, team in bundled or []:
                bot = conn.execute("INSERT INTO bots (name, folded, kind, created) "
                                   "VALUES (?, ?, 'bundled', ?)",
                                   (check_name(name), name.casefold(), time.time())).lastrowid
                conn.execute("INSERT INTO versions (bot, number, language, team, command, digest, status, "
                             "submitted, validated) VALUES (?, 1, 'nuffle', ?, ?, '', ?, ?, ?)",
                             (bot, team, json.dumps([spec]), ACCEPTED, time.time(), time.time()))
            conn.execute("COMMIT")
            conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        except (sqlite3.Error, SubmissionError) as exc:
            conn.close()
            tmp.unlink(missing_ok=True)
            raise ArenaError(f"{folder}: cannot create the arena: {exc}") from None
        conn.close()
        for suffix in ("-wal", "-shm"):
            Path(f"{tmp}{suffix}").unlink(missing_ok=True)
        os.replace(tmp, folder / DB)  # the arena appears whole
        for sub in ("bots", "games", "staging"):
            (folder / sub).mkdir(exist_ok=True)
        os.chmod(folder / "games", 0o700)
        os.chmod(folder / "staging", 0o700)
        return cls.open(folder)

    @classmethod
    def open(cls, folder: str | Path) -> Arena:
        """The arena in `folder`; ArenaError if there is none (or it is damaged)."""
        folder = Path(folder)
        path = folder / DB
        if not path.is_file():
            raise ArenaError(f"{folder} holds no arena (create one with: nuffle arena new {folder})")
        try:
            conn = cls._connect(path)
            meta = dict(conn.execute("SELECT key, value FROM meta").fetchall())
        except sqlite3.Error as exc:
            raise ArenaError(f"{path} is not an arena database: {exc}") from None
        if meta.get("format") != FORMAT or meta.get("version") != str(VERSION):
            conn.close()
            raise ArenaError(f"{path} is not a version-{VERSION} nuffle arena")
        arena = cls(folder, conn)
        arena._tidy()
        return arena

    def close(self) -> None:
        self.conn.close()

    def __enter__(self) -> Arena:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def _tidy(self) -> None:
        """Remove what a crash left half-made (older than STALE, so never what another process
        is storing now): staged uploads, and version folders no version names (moved in just
        before a transaction that did not commit)."""
        staging = self.folder / "staging"
        for old in staging.glob("*") if staging.is_dir() else []:
            with contextlib.suppress(OSError):
                if time.time() - old.stat().st_mtime > STALE:
                    shutil.rmtree(old, ignore_errors=True)
        known = {(r["bot"], r["number"]) for r in self.conn.execute("SELECT bot, number FROM versions")}
        for bot_dir in (self.folder / "bots").glob("*"):
            for v_dir in bot_dir.glob("*"):
                young = time.time() - v_dir.stat().st_mtime < STALE  # maybe committing now
                if not young and not (bot_dir.name.isdigit() and v_dir.name.isdigit()
                                      and (int(bot_dir.name), int(v_dir.name)) in known):
                    shutil.rmtree(v_dir, ignore_errors=True)

    @contextlib.contextmanager
    def transaction(self) -> Iterator[sqlite3.Connection]:
        """BEGIN IMMEDIATE ... COMMIT, rolled back on any error."""
        with immediate(self.conn) as conn:
            yield conn

    # --- settings and paths --------------------------------------------------------------

    @property
    def board(self) -> int:
        return int(self.conn.execute("SELECT value FROM meta WHERE key = 'board'").fetchone()[0])

    def staging(self) -> Path:
        """A new empty folder to unpack an upload into (removed by the caller)."""
        path = self.folder / "staging" / secrets.token_hex(8)
        path.mkdir(parents=True)
        return path

    def hidden(self) -> tuple[str, ...]:
        """What no bot may see: the database, the games and the staged uploads."""
        return tuple(str(self.folder / p) for p in (DB, f"{DB}-wal", f"{DB}-shm", "games", "staging"))

    # --- submissions ---------------------------------------------------------------------

    def submit(self, manifest: Manifest, staged: Path, digest: str, token: str | None = None,
               host: bool = False) -> dict[str, Any]:
        """Store a checked submission as a new version (pending its validation game). A new
        name gets a secret token (returned once; `host` submissions get none); a known name
        takes a new version only with its token, or from the host. The staged folder is moved
        into place in the version's transaction."""
        new_token = None
        if manifest.name.casefold() == VALIDATOR:
            raise Conflict(f"{manifest.name!r} is the validation games' opponent: choose another name")
        with self.transaction() as conn:
            row = conn.execute("SELECT * FROM bots WHERE folded = ?", (manifest.name.casefold(),)).fetchone()
            if row is None:
                new_token = None if host else secrets.token_urlsafe(18)
                bot_id = conn.execute(
                    "INSERT INTO bots (name, folded, kind, token, created) VALUES (?, ?, 'submitted', ?, ?)",
                    (manifest.name, manifest.name.casefold(),
                     None if new_token is None else _token_hash(new_token), time.time())).lastrowid
                assert bot_id is not None
                number = 1
            else:
                if row["kind"] == "bundled":
                    raise Conflict(f"{row['name']!r} is a bundled entry of this arena: choose another name")
                if row["name"] != manifest.name:
                    raise Conflict(f"the name {manifest.name!r} is taken (as {row['name']!r}, "
                                     "ignoring case)")
                if not host and (row["token"] is None or token is None
                                 or not secrets.compare_digest(_token_hash(token), row["token"])):
                    raise Forbidden(f"bot {row['name']!r} exists: a new version needs the token its first "
                                     "submission returned")
                bot_id = row["id"]
                last = conn.execute("SELECT number, digest FROM versions WHERE bot = ? ORDER BY number DESC",
                                    (bot_id,)).fetchone()
                if last["digest"] == digest:
                    raise Conflict(f"this submission is the same as {row['name']} v{last['number']}")
                number = last["number"] + 1
            conn.execute("INSERT INTO versions (bot, number, language, team, command, digest, status, "
                         "submitted) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                         (bot_id, number, manifest.language, manifest.team, json.dumps(manifest.command),
                          digest, PENDING, time.time()))
            dest = self.folder / "bots" / str(bot_id) / str(number)
            dest.parent.mkdir(parents=True, exist_ok=True)
            os.chmod(dest.parent, 0o755)
            shutil.rmtree(dest, ignore_errors=True)
            os.chmod(staged, 0o755)
            os.replace(staged, dest)
        out: dict[str, Any] = {"bot": manifest.name, "version": number, "status": PENDING}
        if new_token is not None:
            out["token"] = new_token
        return out

    # --- versions --------------------------------------------------------------------------

    def _version(self, r: sqlite3.Row) -> Version:
        folder = (None if r["kind"] == "bundled"
                  else self.folder / "bots" / str(r["bot_id"]) / str(r["number"]))
        return Version(r["id"], r["name"], r["kind"], r["number"], r["language"], r["team"],
                       tuple(json.loads(r["command"])), r["status"], r["reason"], folder)

    def versions(self, where: str = "1", args: tuple[Any, ...] = ()) -> list[Version]:
        rows = self.conn.execute(
            "SELECT v.*, b.id AS bot_id, b.name, b.kind FROM versions v JOIN bots b ON b.id = v.bot "
            f"WHERE {where} ORDER BY b.folded, v.number", args).fetchall()
        return [self._version(r) for r in rows]

    def pending(self) -> list[Version]:
        return self.versions("v.status = ?", (PENDING,))

    def entries(self) -> list[Version]:
        """The ladder's active entries: each bot's latest accepted version."""
        return self.versions("v.status = ? AND v.number = (SELECT MAX(number) FROM versions w "
                             "WHERE w.bot = v.bot AND w.status = ?)", (ACCEPTED, ACCEPTED))

    def submit_files(self, unpack: Callable[[Path], None], name: str | None = None,
                     team: str | None = None, language: str | None = None, token: str | None = None,
                     host: bool = False) -> dict[str, Any]:
        """Unpack a submission (`unpack` fills an empty folder), check it and store it (see
        `submit`); nothing is kept of one that fails."""
        staged = self.staging()
        try:
            unpack(staged)
            manifest = read_manifest(staged, name, team, language)
            return self.submit(manifest, staged, digest(staged), token, host)
        finally:
            shutil.rmtree(staged, ignore_errors=True)

    def validated(self, version: int, passed: bool, reason: str, game: dict[str, Any] | None) -> None:
        """Record a validation: the verdict and (when it was played) its game, in one transaction."""
        with self.transaction() as conn:
            if game is not None:
                _insert_game(conn, game)
            conn.execute("UPDATE versions SET status = ?, reason = ?, validated = ? WHERE id = ?",
                         (ACCEPTED if passed else REJECTED, reason, time.time(), version))

    # --- the ladder ----------------------------------------------------------------------

    def pair_counts(self) -> dict[frozenset[int], int]:
        counts: dict[frozenset[int], int] = {}
        for r in self.conn.execute("SELECT a, b, COUNT(*) AS n FROM pairs GROUP BY a, b"):
            key = frozenset((r["a"], r["b"]))
            counts[key] = counts.get(key, 0) + r["n"]
        return counts

    def schedule(self, pairs: list[tuple[int, int, int]]) -> None:
        """Add pairs `(version a, version b, seed)` to play (a at home first, then b)."""
        with self.transaction() as conn:
            conn.executemany("INSERT INTO pairs (a, b, seed, scheduled) VALUES (?, ?, ?, ?)",
                             [(a, b, seed, time.time()) for a, b, seed in pairs])

    def open_pairs(self) -> list[dict[str, Any]]:
        """Pairs not finished: id, a, b, seed and the legs already played."""
        out = []
        for r in self.conn.execute("SELECT * FROM pairs WHERE done = 0 ORDER BY id").fetchall():
            legs = {g["leg"] for g in self.conn.execute(
                "SELECT leg FROM games WHERE kind = 'ladder' AND pair = ?", (r["id"],))}
            out.append({"id": r["id"], "a": r["a"], "b": r["b"], "seed": r["seed"], "played": legs})
        return out

    def add_game(self, game: dict[str, Any]) -> None:
        """Record a ladder game; its pair is done once both legs are in (same transaction)."""
        with self.transaction() as conn:
            _insert_game(conn, game)
            n = conn.execute("SELECT COUNT(*) FROM games WHERE kind = 'ladder' AND pair = ?",
                             (game["pair"],)).fetchone()[0]
            if n >= 2:
                conn.execute("UPDATE pairs SET done = 1 WHERE id = ?", (game["pair"],))

    # --- reading ---------------------------------------------------------------------------

    def games(self, where: str = "1", args: tuple[Any, ...] = ()) -> list[dict[str, Any]]:
        """Published games (validation games, and ladder games whose pair is over: until then
        the pair's seed is the second game's dice), newest first."""
        rows = self.conn.execute(
            "SELECT g.* FROM games g LEFT JOIN pairs p ON p.id = g.pair "
            f"WHERE (g.pair IS NULL OR p.done = 1) AND ({where}) ORDER BY g.id DESC", args).fetchall()
        return [_game(r) for r in rows]

    def bot_row(self, name: str) -> sqlite3.Row:
        """The bot named `name` (ignoring case); NotFound if there is none."""
        row: sqlite3.Row | None = self.conn.execute("SELECT * FROM bots WHERE folded = ?",
                                                    (name.casefold(),)).fetchone()
        if row is None:
            raise NotFound(f"no bot named {name!r} in this arena")
        return row


def _insert_game(conn: sqlite3.Connection, g: dict[str, Any]) -> None:
    conn.execute(
        "INSERT OR REPLACE INTO games (kind, pair, leg, home, away, seed, home_score, away_score, winner, "
        "outcome, disqualified, penalties, decisions, seconds, files, digest, finished) "
        "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
        (g["kind"], g.get("pair"), g.get("leg", 0), g["home"], g["away"], g["seed"], g["score"][0],
         g["score"][1], g["winner"], g["outcome"], json.dumps(g["disqualified"]), json.dumps(g["penalties"]),
         g["decisions"], g["seconds"], json.dumps(g["files"]), g["digest"], time.time()))


def _game(r: sqlite3.Row) -> dict[str, Any]:
    return {"id": r["id"], "kind": r["kind"], "pair": r["pair"], "leg": r["leg"], "home": r["home"],
            "away": r["away"], "seed": r["seed"], "score": [r["home_score"], r["away_score"]],
            "winner": r["winner"], "outcome": r["outcome"], "disqualified": json.loads(r["disqualified"]),
            "penalties": json.loads(r["penalties"]), "decisions": r["decisions"], "seconds": r["seconds"],
            "files": json.loads(r["files"]), "digest": r["digest"], "finished": r["finished"]}
