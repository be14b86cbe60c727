"""SQLite persistence for the web app: games, seat token hashes and every action taken.

A game is stored as its parameters plus its action list; a running game is rebuilt after a
restart by replaying its actions (the dice come from the stored seed). Only SHA-256 hashes of
seat tokens are kept. Uses stdlib sqlite3; one connection shared under a lock. Every write is
one transaction that commits or rolls back as a whole: a write that raised left nothing behind
and no transaction open.
"""

from __future__ import annotations

import hashlib
import json
import os
import sqlite3
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from nuffle.sqlite_tx import immediate

SCHEMA = """
CREATE TABLE IF NOT EXISTS games (
    id TEXT PRIMARY KEY,
    mode TEXT NOT NULL,
    home TEXT NOT NULL,
    away TEXT NOT NULL,
    board INTEGER NOT NULL,
    seed INTEGER NOT NULL,
    teams TEXT NOT NULL,
    delay REAL NOT NULL DEFAULT 0,
    created REAL NOT NULL,
    finished INTEGER NOT NULL DEFAULT 0,
    score TEXT,
    ended TEXT,
    updated REAL NOT NULL DEFAULT 0,
    turn_seconds REAL,
    ruleset TEXT NOT NULL DEFAULT 'lrb6'
);
CREATE TABLE IF NOT EXISTS seats (
    game_id TEXT NOT NULL,
    side TEXT NOT NULL,
    token_hash TEXT NOT NULL,
    PRIMARY KEY (game_id, side)
);
CREATE TABLE IF NOT EXISTS league_games (
    game_id TEXT PRIMARY KEY,
    league TEXT NOT NULL,
    fixture INTEGER NOT NULL,
    fixture_seed INTEGER NOT NULL,
    prematch TEXT NOT NULL,
    settled TEXT
);
CREATE TABLE IF NOT EXISTS actions (
    game_id TEXT NOT NULL,
    idx INTEGER NOT NULL,
    action TEXT NOT NULL,
    PRIMARY KEY (game_id, idx)
);
"""

LINK_COLUMNS = ("SELECT l.game_id, l.league, l.fixture, l.fixture_seed, l.prematch, l.settled"
                " FROM league_games l")


def token_hash(token: str) -> str:
    """The stored form of a seat token."""
    return hashlib.sha256(token.encode()).hexdigest()


def default_db_path() -> Path:
    """The database under the user's data folder ($XDG_DATA_HOME or ~/.local/share)/nuffle."""
    base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(base) / "nuffle" / "web.sqlite3"


@dataclass
class StoredGame:
    """One stored game's parameters (its actions are read separately)."""

    id: str
    mode: str
    home: str
    away: str
    board: int
    seed: int
    teams: dict[str, Any]
    delay: float
    created: float
    finished: bool
    score: list[int] | None
    ended: str | None = None  # 'aborted' or 'expired': stopped before its end
    updated: float = 0.0  # when its last action was stored
    turn_seconds: float | None = None  # the turn timer (`web.turn_clock`), None: no timer
    ruleset: str = "lrb6"  # the rules played (`nuffle.ruleset_choice`)


@dataclass(frozen=True)
class LeagueLink:
    """A game that plays a league's fixture (`nuffle.web.league_seats`): the league's name, the
    fixture, its seed, the pre-match report (what was induced) and what became of the result
    (None until the league has it)."""

    game_id: str
    league: str
    fixture: int
    fixture_seed: int
    prematch: dict[str, Any]
    settled: str | None = None


def _link(row: tuple[Any, ...]) -> LeagueLink:
    return LeagueLink(row[0], row[1], int(row[2]), int(row[3]), json.loads(row[4]), row[5])


class Store:
    """The database of one server."""

    def __init__(self, path: str | Path) -> None:
        self.path = str(path)
        if self.path != ":memory:":
            Path(self.path).parent.mkdir(parents=True, exist_ok=True)
        self._lock = threading.Lock()
        self._db = sqlite3.connect(self.path, check_same_thread=False, isolation_level=None)
        try:
            self._prepare()
        except BaseException:
            self._db.close()
            raise

    def _prepare(self) -> None:
        """Set the journal up and create (or bring up to date) the tables."""
        with self._lock:
            self._db.execute("PRAGMA journal_mode=WAL")
            self._db.execute("PRAGMA synchronous=NORMAL")
            self._db.executescript(SCHEMA)
            columns = {row[1] for row in self._db.execute("PRAGMA table_info(games)")}
            for name, kind in (("ended", "TEXT"), ("updated", "REAL NOT NULL DEFAULT 0"),
                               ("turn_seconds", "REAL"), ("ruleset", "TEXT NOT NULL DEFAULT 'lrb6'")):
                if name not in columns:  # a database from before the column
                    self._db.execute(f"ALTER TABLE games ADD COLUMN {name} {kind}")

    def close(self) -> None:
        """Close the connection."""
        with self._lock:
            self._db.close()

    @contextmanager
    def _write(self) -> Iterator[sqlite3.Connection]:
        """One transaction under the lock: committed if the block ends, else rolled back."""
        with self._lock, immediate(self._db) as db:
            yield db

    def add_game(self, game: StoredGame, seats: dict[str, str], link: LeagueLink | None = None) -> None:
        """Insert a new game and the hashes of its seat tokens (`seats`: side -> token); with
        `link`, the league fixture it plays (in the same transaction)."""
        with self._write() as db:
            if link is not None:
                db.execute("INSERT INTO league_games VALUES (?, ?, ?, ?, ?, NULL)",
                           (game.id, link.league, link.fixture, link.fixture_seed, json.dumps(link.prematch)))
            db.execute(
                "INSERT INTO games (id, mode, home, away, board, seed, teams, delay, created, finished,"
                " updated, turn_seconds, ruleset) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, 0, ?, ?, ?)",
                (game.id, game.mode, game.home, game.away, game.board, game.seed,
                 json.dumps(game.teams), game.delay, game.created, game.created, game.turn_seconds,
                 game.ruleset),
            )
            for side, token in seats.items():
                db.execute("INSERT INTO seats VALUES (?, ?, ?)", (game.id, side, token_hash(token)))

    def league_game(self, league: str, fixture: int, fixture_seed: int) -> LeagueLink | None:
        """The game made for a league's fixture (the newest, if several), or None."""
        with self._lock:
            row = self._db.execute(
                LINK_COLUMNS + " JOIN games g ON g.id = l.game_id"
                " WHERE l.league = ? AND l.fixture = ? AND l.fixture_seed = ?"
                " ORDER BY g.created DESC LIMIT 1", (league, fixture, fixture_seed)).fetchone()
        return _link(row) if row else None

    def league_link(self, game_id: str) -> LeagueLink | None:
        """The league fixture a game plays, or None (not a league match)."""
        with self._lock:
            row = self._db.execute(LINK_COLUMNS + " WHERE l.game_id = ?", (game_id,)).fetchone()
        return _link(row) if row else None

    def unsettled_league_games(self) -> list[LeagueLink]:
        """The league matches whose game finished and whose result the league has not had yet."""
        with self._lock:
            rows = self._db.execute(
                LINK_COLUMNS + " JOIN games g ON g.id = l.game_id WHERE l.settled IS NULL AND g.finished = 1"
                " AND g.ended IS NULL ORDER BY g.created").fetchall()
        return [_link(r) for r in rows]

    def settle_league_game(self, game_id: str, how: str) -> None:
        """Note what became of a finished league match's result (`how`: 'recorded', the league
        has it; 'superseded', the league had another result for the fixture; 'failed: ...')."""
        with self._write() as db:
            db.execute("UPDATE league_games SET settled = ? WHERE game_id = ?", (how, game_id))

    def set_seat(self, game_id: str, side: str, token: str) -> None:
        """Give a seat a new token (the old one stops working)."""
        with self._write() as db:
            db.execute("INSERT OR REPLACE INTO seats VALUES (?, ?, ?)", (game_id, side, token_hash(token)))

    def add_actions(self, game_id: str, start: int, actions: list[list[Any]],
                    score: list[int] | None = None) -> None:
        """Append actions (compact lists) numbered from `start`; with `score`, the game ended
        with them (one transaction: the last actions and the end are stored together)."""
        rows = [(game_id, start + i, json.dumps(a)) for i, a in enumerate(actions)]
        with self._write() as db:
            db.executemany("INSERT INTO actions VALUES (?, ?, ?)", rows)
            db.execute("UPDATE games SET updated = ? WHERE id = ?", (now(), game_id))
            if score is not None:
                db.execute("UPDATE games SET finished = 1, score = ? WHERE id = ?",
                           (json.dumps(score), game_id))

    def finish(self, game_id: str, score: list[int]) -> None:
        """Mark a game as finished with its final score."""
        with self._write() as db:
            db.execute("UPDATE games SET finished = 1, score = ? WHERE id = ?",
                             (json.dumps(score), game_id))

    def end(self, game_id: str, how: str) -> None:
        """Mark an unfinished game as ended before its end (`how`: 'aborted' or 'expired')."""
        with self._write() as db:
            db.execute("UPDATE games SET finished = 1, ended = ? WHERE id = ?", (how, game_id))

    def set_delay(self, game_id: str, delay: float) -> None:
        """Store a bot-v-bot game's delay between actions."""
        with self._write() as db:
            db.execute("UPDATE games SET delay = ? WHERE id = ?", (delay, game_id))

    def seat_hashes(self, game_id: str) -> dict[str, str]:
        """Side -> token hash of a game's seats."""
        with self._lock:
            rows = self._db.execute("SELECT side, token_hash FROM seats WHERE game_id = ?",
                                    (game_id,)).fetchall()
        return {side: h for side, h in rows}

    def actions(self, game_id: str) -> list[list[Any]]:
        """A game's actions in order."""
        with self._lock:
            rows = self._db.execute("SELECT action FROM actions WHERE game_id = ? ORDER BY idx",
                                    (game_id,)).fetchall()
        return [json.loads(r[0]) for r in rows]

    def game(self, game_id: str) -> StoredGame | None:
        """One stored game, or None."""
        rows = self._select(" WHERE id = ?", (game_id,))
        return rows[0] if rows else None

    def games(self, finished: bool | None = None) -> list[StoredGame]:
        """Every stored game (only finished or only running ones if asked), newest first."""
        if finished is None:
            return self._select(" ORDER BY created DESC", ())
        return self._select(" WHERE finished = ? ORDER BY created DESC", (int(finished),))

    def _select(self, where: str, args: tuple[Any, ...]) -> list[StoredGame]:
        sql = ("SELECT id, mode, home, away, board, seed, teams, delay, created, finished, score, ended,"
               " updated, turn_seconds, ruleset FROM games")
        with self._lock:
            rows = self._db.execute(sql + where, args).fetchall()
        return [
            StoredGame(r[0], r[1], r[2], r[3], r[4], r[5], json.loads(r[6]), r[7], r[8], bool(r[9]),
                       json.loads(r[10]) if r[10] else None, r[11], r[12] or r[8], r[13], r[14])
            for r in rows
        ]


def now() -> float:
    """Wall-clock time for `created` stamps."""
    return time.time()
