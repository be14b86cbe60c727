"""A league in one SQLite file: its settings, entries (team, bot, manager), fixtures, played
matches (score, casualties, gate, record and post-match report) and every team's value after
each round. A file of version 1 (before the gate was kept) is upgraded when opened: its matches
keep no gate (null). A match is
written with the teams the post-match sequence changed in one transaction, so an interrupted
run loses at most the match in progress.
"""

from __future__ import annotations

import fcntl
import json
import os
import sqlite3
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from nuffle.core.errors import InputError
from nuffle.core.teams import TeamError
from nuffle.league.rules import LRB6, LeagueRules, rules_for
from nuffle.sqlite_tx import immediate

FORMAT = "nuffle-league"
VERSION = 3  # 2 added the matches' gate, 3 the ledger

LEDGER_SCHEMA = """
CREATE TABLE ledger (id INTEGER PRIMARY KEY, entry INTEGER NOT NULL, fixture INTEGER, kind TEXT NOT NULL,
                     number INTEGER, name TEXT NOT NULL, gold INTEGER NOT NULL, treasury INTEGER NOT NULL,
                     detail TEXT NOT NULL);
"""
LEDGER_KINDS = ("created", "inducement", "petty_cash", "winnings", "expenses", "level_up", "death",
                "retirement", "raised", "hire", "firing", "purchase")

SCHEMA = """
CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE entries (id INTEGER PRIMARY KEY, name TEXT UNIQUE NOT NULL, bot TEXT NOT NULL,
                      manager TEXT NOT NULL, team TEXT NOT NULL);
CREATE TABLE fixtures (id INTEGER PRIMARY KEY, round INTEGER NOT NULL, home INTEGER NOT NULL,
                       away INTEGER NOT NULL, seed INTEGER NOT NULL, played INTEGER NOT NULL DEFAULT 0);
CREATE TABLE matches (fixture INTEGER PRIMARY KEY, home_score INTEGER NOT NULL,
                      away_score INTEGER NOT NULL, home_cas INTEGER NOT NULL, away_cas INTEGER NOT NULL,
                      conceded INTEGER, record TEXT NOT NULL, postmatch TEXT NOT NULL, gate INTEGER);
CREATE TABLE team_values (entry INTEGER NOT NULL, round INTEGER NOT NULL, tv INTEGER NOT NULL,
                          PRIMARY KEY (entry, round));
""" + LEDGER_SCHEMA
TABLES = ("meta", "entries", "fixtures", "matches", "team_values", "ledger")
TABLES_SINCE = {"ledger": 3}  # the version that added a table


class LeagueError(InputError):
    """A league file or command that cannot be used; the message names the problem."""


class LeagueBusy(LeagueError):
    """Another process holds the league file (it is playing or changing the league)."""


def _hold(path: Path) -> int:
    """An exclusive advisory lock (flock) on the league file, held by the returned descriptor
    until it is closed (by `Store.close`, or the kernel when the process dies); LeagueBusy if
    another process holds it. SQLite's own locks are POSIX locks, which flock does not touch."""
    fd = os.open(path, os.O_RDONLY)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        os.close(fd)
        raise LeagueBusy(f"{path}: another process is playing or changing this league; "
                         "try again when it has finished") from None
    return fd


def _check_integrity(conn: sqlite3.Connection, path: Path) -> None:
    """SQLite's integrity check; LeagueError naming its first complaint."""
    try:
        rows = [r[0] for r in conn.execute("PRAGMA integrity_check(1)")]
    except sqlite3.DatabaseError as exc:
        raise LeagueError(f"{path}: damaged league file ({exc}); nothing was read or written") from None
    if rows != ["ok"]:
        first = str(rows[0]).splitlines()[0] if rows else "no answer"
        raise LeagueError(f"{path}: damaged league file (SQLite integrity check: {first}); "
                          "nothing was read or written")


@dataclass(frozen=True, slots=True)
class Entry:
    """A league entry: a team, the bot that plays it and the manager that manages it. The team
    is the league's rules' (`Store.rules`): a `LeagueTeam` in an LRB6 league, a BB2020 league
    team (`Team2020`) in a BB2020 one."""

    id: int
    name: str
    bot: str
    manager: str
    team: Any


@dataclass(frozen=True, slots=True)
class LedgerRow:
    """One ledger line: what happened to an entry's team (`kind`, one of LEDGER_KINDS), the
    player it concerns (`number`, `name`; None and the team's name otherwise), what it was
    worth (`gold`) and what it changed the treasury by (`treasury`)."""

    entry: int
    kind: str
    number: int | None
    name: str
    gold: int
    treasury: int
    detail: dict[str, Any] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class Fixture:
    """One scheduled match."""

    id: int
    round: int
    home: int
    away: int
    seed: int
    played: bool


class Store:
    """An open league file."""

    def __init__(self, path: str | Path, conn: sqlite3.Connection, lock: int | None = None) -> None:
        self.path = Path(path)
        self.conn = conn
        self._lock = lock

    @staticmethod
    def create(path: str | Path, settings: dict[str, Any]) -> Store:
        """A new league file (LeagueError if the file exists)."""
        p = Path(path)
        if p.exists():
            raise LeagueError(f"{p}: already exists (a new league needs a new file)")
        try:
            conn = sqlite3.connect(p, isolation_level=None)
        except sqlite3.Error as exc:
            raise LeagueError(f"{p}: cannot create: {exc}") from None
        store = Store(p, conn)
        with store.transaction():
            for statement in SCHEMA.split(";"):
                if statement.strip():
                    conn.execute(statement)
            rows = {"format": FORMAT, "version": str(VERSION),
                    **{k: json.dumps(v) for k, v in settings.items()}}
            conn.executemany("INSERT INTO meta VALUES (?, ?)", rows.items())
        return store

    @staticmethod
    def open(path: str | Path, exclusive: bool = False, read_only: bool = False) -> Store:
        """An existing league file; LeagueError if it is missing, damaged (SQLite's integrity
        check is run first) or not a league. `exclusive`: hold the file for this process alone
        until `close` (LeagueBusy if another process holds it), as every command that plays or
        changes a league does. `read_only`: nothing can be written (the web app's reading; a
        file of an older version is then refused rather than upgraded)."""
        p = Path(path)
        if not p.is_file():
            raise LeagueError(f"{p}: no such league file")
        lock = _hold(p) if exclusive else None
        try:
            return Store._open(p, lock, read_only)
        except BaseException:
            if lock is not None:
                os.close(lock)
            raise

    @staticmethod
    def _open(p: Path, lock: int | None, read_only: bool = False) -> Store:
        try:
            conn = sqlite3.connect(f"file:{p}?mode={'ro' if read_only else 'rw'}", uri=True,
                                   isolation_level=None)
        except sqlite3.Error as exc:
            raise LeagueError(f"{p}: not a readable league file ({exc})") from None
        try:
            try:
                names = {r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
            except sqlite3.DatabaseError as exc:
                raise LeagueError(f"{p}: not a readable league file ({exc})") from None
            if "meta" not in names:
                raise LeagueError(f"{p}: not a nuffle league file (an SQLite file without its tables)")
            _check_integrity(conn, p)
            try:
                meta = dict(conn.execute("SELECT key, value FROM meta"))
            except sqlite3.DatabaseError as exc:
                raise LeagueError(f"{p}: not a readable league file ({exc})") from None
            if meta.get("format") != FORMAT:
                raise LeagueError(f"{p}: not a nuffle league file (format {meta.get('format')!r})")
            if meta.get("version") not in [str(v) for v in range(1, VERSION + 1)]:
                raise LeagueError(f"{p}: unsupported league version {meta.get('version')!r}")
            version = int(meta["version"])
            missing = [t for t in TABLES if t not in names and TABLES_SINCE.get(t, 1) <= version]
            if missing:
                raise LeagueError(f"{p}: damaged league file: table {missing[0]!r} is missing")
            store = Store(p, conn, lock)
            if version < VERSION and read_only:
                raise LeagueError(f"{p}: a league file of version {version}: run any `nuffle league` "
                                  f"command on it once to upgrade it to version {VERSION}")
            if version < VERSION:
                store._upgrade(version)
        except BaseException:
            conn.close()
            raise
        return store

    def _upgrade(self, version: int) -> None:
        """Upgrade a file of an older `version`, in one transaction: 1 to 2 gives the matches a
        gate column (null for those already played); 2 to 3 adds the (empty) ledger: what
        happened before keeps no ledger rows."""
        try:
            with self.transaction() as c:
                if version < 2:
                    c.execute("ALTER TABLE matches ADD COLUMN gate INTEGER")
                if version < 3:
                    c.execute(LEDGER_SCHEMA)
                c.execute("UPDATE meta SET value = ? WHERE key = 'version'", (str(VERSION),))
        except sqlite3.DatabaseError as exc:
            raise LeagueError(f"{self.path}: cannot upgrade the league file to version {VERSION}: "
                              f"{exc}") from None

    def close(self) -> None:
        """Close the file (and let go of it, if held)."""
        self.conn.close()
        lock, self._lock = self._lock, None
        if lock is not None:
            os.close(lock)

    @contextmanager
    def transaction(self) -> Iterator[sqlite3.Connection]:
        """Everything inside is written together or not at all."""
        with immediate(self.conn) as conn:
            yield conn

    def setting(self, key: str, default: Any = None) -> Any:
        """A league setting (seed, board, double, budget); `default` for one a file written
        before it existed lacks (None: it must be there)."""
        row = self.conn.execute("SELECT value FROM meta WHERE key = ?", (key,)).fetchone()
        if row is None and default is not None:
            return default
        if row is None:
            raise LeagueError(f"{self.path}: damaged league file: setting {key!r} is missing")
        return json.loads(row[0])

    @property
    def ruleset(self) -> str:
        """The rules the league is played by (`league new --ruleset`; lrb6 for a league file
        written before it was stored)."""
        return str(self.setting("ruleset", LRB6))

    @property
    def rules(self) -> LeagueRules:
        """The league rules of its ruleset: its teams' form and how its fixtures are played."""
        return rules_for(self.ruleset)

    def entries(self) -> list[Entry]:
        """Every entry, in the order they joined."""
        out = []
        read = self.rules.team_from_dict
        for id_, name, bot, manager, team in self.conn.execute(
                "SELECT id, name, bot, manager, team FROM entries ORDER BY id"):
            try:
                t = read(json.loads(team), name)
            except (ValueError, TeamError) as exc:
                raise LeagueError(f"{self.path}: damaged team of {name!r}: {exc}") from None
            out.append(Entry(id_, name, bot, manager, t))
        return out

    def entry(self, name: str) -> Entry:
        """The entry called `name`."""
        for e in self.entries():
            if e.name == name:
                return e
        names = ", ".join(e.name for e in self.entries())
        raise LeagueError(f"no entry {name!r} in {self.path} (entries: {names})")

    def add_entry(self, name: str, bot: str, manager: str, team: Any) -> None:
        """Add an entry before the season starts."""
        if self.fixtures():
            raise LeagueError(f"{self.path}: the season has started; entries can no longer be added")
        if any(e.name == name for e in self.entries()):
            raise LeagueError(f"{self.path}: there is already an entry called {name!r}")
        with self.transaction() as c:
            cur = c.execute("INSERT INTO entries (name, bot, manager, team) VALUES (?, ?, ?, ?)",
                            (name, bot, manager, json.dumps(self.rules.team_to_dict(team))))
            self._write_ledger(c, None, [LedgerRow(int(cur.lastrowid or 0), "created", None, name,
                                                   team.team_value(), team.treasury)])

    def fixtures(self) -> list[Fixture]:
        """Every fixture, by round and order."""
        return [Fixture(i, r, h, a, s, bool(p)) for i, r, h, a, s, p in self.conn.execute(
            "SELECT id, round, home, away, seed, played FROM fixtures ORDER BY round, id")]

    def add_fixtures(self, fixtures: list[tuple[int, int, int, int]], tvs: dict[int, int]) -> None:
        """Write the schedule ((round, home, away, seed) ...) and the starting team values."""
        with self.transaction() as c:
            c.executemany("INSERT INTO fixtures (round, home, away, seed) VALUES (?, ?, ?, ?)", fixtures)
            c.executemany("INSERT INTO team_values VALUES (?, 0, ?)", tvs.items())

    def schedule_more(self, fixtures: list[tuple[int, int, int, int]], settings: dict[str, Any]) -> None:
        """Add fixtures ((round, home, away, seed) ...) and write `settings`, together."""
        with self.transaction() as c:
            c.executemany("INSERT INTO fixtures (round, home, away, seed) VALUES (?, ?, ?, ?)", fixtures)
            c.executemany("INSERT OR REPLACE INTO meta VALUES (?, ?)",
                          [(k, json.dumps(v)) for k, v in settings.items()])

    def commit_match(self, fixture: Fixture, result: dict[str, Any], record: dict[str, Any],
                     postmatch: dict[str, Any], teams: dict[int, Any],
                     ledger: list[LedgerRow] | None = None) -> None:
        """Write one played match, the teams it changed and its ledger rows, together."""
        write = self.rules.team_to_dict
        with self.transaction() as c:
            played = c.execute("SELECT played FROM fixtures WHERE id = ?", (fixture.id,)).fetchone()
            if played is None or played[0]:
                raise LeagueError(f"{self.path}: fixture {fixture.id} is unknown or already played")
            c.execute("INSERT INTO matches (fixture, home_score, away_score, home_cas, away_cas, conceded, "
                      "record, postmatch, gate) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                      (fixture.id, result["score"][0], result["score"][1], result["cas"][0], result["cas"][1],
                       result.get("conceded"), json.dumps(record), json.dumps(postmatch), result.get("gate")))
            c.execute("UPDATE fixtures SET played = 1 WHERE id = ?", (fixture.id,))
            for entry_id, team in teams.items():
                c.execute("UPDATE entries SET team = ? WHERE id = ?", (json.dumps(write(team)), entry_id))
                c.execute("INSERT OR REPLACE INTO team_values VALUES (?, ?, ?)",
                          (entry_id, fixture.round, team.team_value()))
            self._write_ledger(c, fixture.id, ledger or [])

    @staticmethod
    def _write_ledger(c: sqlite3.Connection, fixture: int | None, rows: list[LedgerRow]) -> None:
        c.executemany("INSERT INTO ledger (entry, fixture, kind, number, name, gold, treasury, detail) "
                      "VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                      [(r.entry, fixture, r.kind, r.number, r.name, r.gold, r.treasury, json.dumps(r.detail))
                       for r in rows])

    def ledger(self) -> list[dict[str, Any]]:
        """Every ledger row in the order written: `entry` (id), `fixture` (None for an entry's
        creation), `round`, `kind`, `number` (the player's shirt number, or None), `name`,
        `gold` (what it was worth), `treasury` (what it changed the treasury by), `detail`."""
        out = []
        for row in self.conn.execute(
                "SELECT l.entry, l.fixture, f.round, l.kind, l.number, l.name, l.gold, l.treasury, l.detail "
                "FROM ledger l LEFT JOIN fixtures f ON f.id = l.fixture ORDER BY l.id"):
            entry, fixture, rnd, kind, number, name, gold, treasury, detail = row
            out.append({"entry": entry, "fixture": fixture, "round": rnd, "kind": kind, "number": number,
                        "name": name, "gold": gold, "treasury": treasury, "detail": json.loads(detail)})
        return out

    def correct_match(self, fixture: Fixture, result: dict[str, Any]) -> None:
        """Change a played match's score, casualties and concession; the earlier values are
        appended to its post-match report's `corrections`."""
        with self.transaction() as c:
            row = c.execute("SELECT home_score, away_score, home_cas, away_cas, conceded, postmatch "
                            "FROM matches WHERE fixture = ?", (fixture.id,)).fetchone()
            if row is None:
                raise LeagueError(f"{self.path}: fixture {fixture.id} has not been played")
            hs, as_, hc, ac, conceded, post = row
            postmatch = json.loads(post)
            postmatch.setdefault("corrections", []).append(
                {"score": [hs, as_], "cas": [hc, ac], "conceded": conceded})
            c.execute("UPDATE matches SET home_score = ?, away_score = ?, home_cas = ?, away_cas = ?, "
                      "conceded = ?, postmatch = ? WHERE fixture = ?",
                      (result["score"][0], result["score"][1], result["cas"][0], result["cas"][1],
                       result["conceded"], json.dumps(postmatch), fixture.id))

    def matches(self) -> list[dict[str, Any]]:
        """Every played match with its fixture, by round (`gate`: None for a match a version-1
        file recorded)."""
        out = []
        for row in self.conn.execute(
                "SELECT f.id, f.round, f.home, f.away, m.home_score, m.away_score, m.home_cas, m.away_cas, "
                "m.conceded, m.postmatch, m.gate FROM matches m JOIN fixtures f ON f.id = m.fixture "
                "ORDER BY f.round, f.id"):
            fid, rnd, home, away, hs, as_, hc, ac, conceded, post, gate = row
            out.append({"fixture": fid, "round": rnd, "home": home, "away": away, "score": [hs, as_],
                        "cas": [hc, ac], "conceded": conceded, "gate": gate, "postmatch": json.loads(post)})
        return out

    def record(self, fixture: int) -> dict[str, Any]:
        """The match record of a played fixture."""
        row = self.conn.execute("SELECT record FROM matches WHERE fixture = ?", (fixture,)).fetchone()
        if row is None:
            raise LeagueError(f"{self.path}: fixture {fixture} has not been played")
        out: dict[str, Any] = json.loads(row[0])
        return out

    def team_values(self) -> dict[int, list[tuple[int, int]]]:
        """Each entry's (round, TV) series."""
        out: dict[int, list[tuple[int, int]]] = {}
        for entry, rnd, tv in self.conn.execute("SELECT entry, round, tv FROM team_values ORDER BY round"):
            out.setdefault(entry, []).append((rnd, tv))
        return out
