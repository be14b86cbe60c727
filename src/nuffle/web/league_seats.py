"""A person coaching a league team in the browser (`nuffle serve --leagues DIR`).

An entry whose bot is `human` (`nuffle.league.human`) plays its next ready fixture here:
`POST /api/leagues/{name}/coaches/{team}/seat` makes the match's game (the teams as the
league's pre-match sequence leaves them: players out, Journeymen, inducements; the fixture's
seed; the opponent's bot played by the server) and answers a seat link. Asked again, it gives
the same game a new token for that seat (the old link stops working), so a coach who left
comes back to the match where it stands: every acknowledged action is in the web store, and a
restarted server rebuilds the game from it. League matches neither expire nor can be aborted.

When the game ends its record goes through the league's own post-match path
(`nuffle.league.runner.finish_match`: the record is replayed, then SPP, injuries, winnings,
the managers and the ledger), with the league file held as `nuffle league play` holds it. A
result is written once: the fixture is marked played in the same transaction, a second
attempt finds it played and writes nothing, and the web store notes the result as settled.
A league busy with `nuffle league play` is tried again every few seconds.
`GET /api/leagues/{name}/coaches` tells the league page each coach's next match.
"""

from __future__ import annotations

import asyncio
import logging
import secrets
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from fastapi import APIRouter

from nuffle.league.human import blocker, is_human, next_fixture
from nuffle.league.playoffs import advance
from nuffle.league.runner import finish_match, prepare
from nuffle.league.store import Entry, Fixture, LeagueBusy, LeagueError, Store
from nuffle.record import to_record
from nuffle.web.leagues_api import LeagueFolder
from nuffle.web.manager import DEFAULT_DELAY, GameManager, WebError, parse_entry
from nuffle.web.session import SIDES, LiveGame
from nuffle.web.store import LeagueLink, StoredGame, now

SETTLE_EVERY = 5.0  # seconds between tries to write finished matches a busy league could not take
log = logging.getLogger("nuffle.web")


@dataclass
class _Plan:
    """What a seat request found in the league: the fixture, the coach's side, the game made
    for it already (if any), else the match as the pre-match sequence prepared it."""

    fixture: Fixture
    side: str
    names: tuple[str, str]
    board: int
    game: str | None = None
    teams: dict[str, Any] | None = None
    seats: tuple[str | None, ...] = ()  # per side, the web game's entry ('race:bot'), None: a person
    prematch: dict[str, Any] | None = None
    ruleset: str = "lrb6"  # the league's (`league.runner.league_ruleset`)


def _seat(side: str, entry: Entry, board: int) -> str | None:
    """The web game's entry of a side: None for a person, else 'race:bot' with the league's bot
    checked against the server's caps on bots (a 400 naming the option over one)."""
    if is_human(entry.bot):
        return None
    race, bot = parse_entry(f"{entry.team.race}:{entry.bot}", side, board)
    return f"{race}:{bot}"


def _describe(f: Fixture, names: dict[int, str]) -> str:
    return f"{names[f.home]} v {names[f.away]} (round {f.round}, fixture {f.id})"


class LeagueSeats:
    """The league matches people play on this server."""

    def __init__(self, leagues: LeagueFolder, manager: GameManager,
                 delay: float = DEFAULT_DELAY["bot"]) -> None:
        self.leagues = leagues
        self.manager = manager
        self.delay = delay  # seconds between the server's bot's actions in a new league match
        self.seat_lock = asyncio.Lock()
        self.settle_lock = asyncio.Lock()
        self._tasks: set[asyncio.Task[Any]] = set()
        manager.on_league_over = self._over

    # --- the coaches' next matches ---------------------------------------------------------

    def coaches(self, name: str) -> dict[str, Any]:
        """Every human entry's next match: `team`, `fixture`, `round`, `home`, `away`, `side`,
        `status` ('ready': to start; 'playing': its game runs, `game` names it; 'finished': its game
        is over and its result waits for the league to be free; 'waiting': a
        team must play `waiting_for` first; 'none': no match left; 'unscheduled': the season's
        schedule is not written yet)."""
        def read(store: Store) -> list[dict[str, Any]]:
            entries = store.entries()
            names = {e.id: e.name for e in entries}
            fixtures = store.fixtures()
            out = []
            for e in entries:
                if not is_human(e.bot):
                    continue
                row: dict[str, Any] = {"team": e.name, "fixture": None, "round": None, "home": None,
                                       "away": None, "side": None, "game": None, "waiting_for": None}
                f = next_fixture(fixtures, e.id)
                if not fixtures:
                    row["status"] = "unscheduled"
                elif f is None:
                    row["status"] = "none"
                else:
                    row.update(fixture=f.id, round=f.round, home=names[f.home], away=names[f.away],
                               side="home" if f.home == e.id else "away")
                    first = blocker(fixtures, f)
                    link = self.manager.store.league_game(name, f.id, f.seed)
                    if link is not None:
                        game = self.manager.store.game(link.game_id)
                        over = game is not None and game.finished
                        row.update(status="finished" if over else "playing", game=link.game_id)
                    elif first is not None:
                        row.update(status="waiting", waiting_for=_describe(first, names))
                    else:
                        row["status"] = "ready"
                out.append(row)
            return out

        return {"coaches": self.leagues.read(name, read)}

    # --- taking a seat ------------------------------------------------------------------------

    def _plan(self, name: str, team: str) -> _Plan:
        """The coach's next match, prepared unless its game exists (run in a worker thread)."""
        def read(store: Store) -> _Plan:
            entries = {e.id: e for e in store.entries()}
            entry = next((e for e in entries.values() if e.name == team), None)
            if entry is None:
                raise WebError(404, f"league {name!r} has no team named {team!r}")
            if not is_human(entry.bot):
                raise WebError(409, f"{team} is coached by the bot {entry.bot!r}, not a person")
            fixtures = store.fixtures()
            if not fixtures:
                raise WebError(409, f"league {name!r} has no schedule yet: run nuffle league play (or "
                                    "nuffle league fixtures) on it first")
            f = next_fixture(fixtures, entry.id)
            if f is None:
                raise WebError(409, f"{team} has no match left to play")
            names = {e.id: e.name for e in entries.values()}
            first = blocker(fixtures, f)
            if first is not None:
                raise WebError(409, f"{team}'s next match waits for {_describe(first, names)} to be "
                                    "played (nuffle league play plays the bots' matches)")
            plan = _Plan(f, "home" if f.home == entry.id else "away", (names[f.home], names[f.away]),
                         int(store.setting("board")))
            link = self.manager.store.league_game(name, f.id, f.seed)
            if link is not None:
                plan.game = link.game_id
                return plan
            task, info = prepare(store, f, entries)
            sides: tuple[Entry, Entry] = (entries[f.home], entries[f.away])
            plan.teams = {"home": task.home, "away": task.away}
            plan.ruleset = task.ruleset
            plan.seats = tuple(_seat(side, e, plan.board) for side, e in zip(SIDES, sides, strict=True))
            plan.prematch = info
            return plan

        return self.leagues.read(name, read)

    async def seat(self, name: str, team: str) -> dict[str, Any]:
        """The seat of `team`'s coach in its next match (made now if need be), with a new
        token: `{"game", "side", "token", "link", "fixture", "round", "home", "away"}`."""
        async with self.seat_lock:
            plan = await asyncio.to_thread(self._plan, name, team)
            f = plan.fixture
            if plan.game is not None:
                live = self.manager.get(plan.game)
                token = self.manager.new_token(live, plan.side)
            else:
                live, tokens = self._start(name, plan)
                token = tokens[plan.side]
            self.manager.kick_bots(live)
        return {"game": live.id, "side": plan.side, "token": token, "link": f"/games/{live.id}#token={token}",
                "fixture": f.id, "round": f.round, "home": plan.names[0], "away": plan.names[1]}

    def _start(self, name: str, plan: _Plan) -> tuple[LiveGame, dict[str, str]]:
        """Make the game of a prepared league match: the fixture's seed, the human sides' seats
        and the bots' sides played by the server (checked against its caps)."""
        assert plan.teams is not None and plan.prematch is not None
        tokens = {side: secrets.token_urlsafe(24) for side, seat in zip(SIDES, plan.seats, strict=True)
                  if seat is None}
        home, away = (seat or plan.teams[side]["race"] for side, seat in zip(SIDES, plan.seats, strict=True))
        mode = "online" if len(tokens) == 2 else "bot"
        stored = StoredGame(secrets.token_hex(8), mode, home, away, plan.board, plan.fixture.seed,
                            plan.teams, self.delay, now(), False, None, ruleset=plan.ruleset)
        link = LeagueLink(stored.id, name, plan.fixture.id, plan.fixture.seed, plan.prematch)
        return self.manager.start(stored, tokens, link), tokens

    # --- writing results ------------------------------------------------------------------------

    def _over(self, live: LiveGame) -> None:
        """A league match ended: write its result (soon, off the event loop)."""
        task = asyncio.get_running_loop().create_task(self.settle())
        self._tasks.add(task)  # held until done (the loop keeps only a weak reference)
        task.add_done_callback(self._tasks.discard)

    async def settle(self) -> list[tuple[str, str]]:
        """Write every finished league match the league has not had yet; returns (game id,
        what became of it) for each settled now. A league busy elsewhere is left for later."""
        out = []
        async with self.settle_lock:
            for link in self.manager.store.unsettled_league_games():
                try:
                    record = to_record(self.manager.get(link.game_id).game)
                except WebError:
                    continue
                how = await asyncio.to_thread(self.record, link, record)
                if how is None:
                    continue
                self.manager.store.settle_league_game(link.game_id, how)
                out.append((link.game_id, how))
        return out

    def record(self, link: LeagueLink, record: dict[str, Any]) -> str | None:
        """Write one finished match to its league through the league's post-match path, the
        file held as `nuffle league play` holds it: 'recorded', 'superseded' (the league has
        another result for the fixture: a commissioner's), 'failed: ...', or None when the
        league is busy (try again later)."""
        try:
            path: Path = self.leagues.path(link.league)
            store = Store.open(path, exclusive=True)
        except LeagueBusy:
            return None
        except (WebError, LeagueError) as exc:
            log.warning("league match %s could not be written: %s", link.game_id, exc)
            return f"failed: {exc}"
        try:
            return _write(store, link, record)
        except LeagueError as exc:
            log.warning("league match %s could not be written: %s", link.game_id, exc)
            return f"failed: {exc}"
        finally:
            store.close()

    async def settle_forever(self, every: float = SETTLE_EVERY) -> None:
        """Run `settle` every `every` seconds (for results a busy league could not take)."""
        while True:
            await asyncio.sleep(every)
            try:
                await self.settle()
            except Exception:  # a fault here must not end the loop: it is logged, and tried again
                log.exception("writing league results failed")


def _write(store: Store, link: LeagueLink, record: dict[str, Any]) -> str:
    """Commit the match unless its fixture has a result; say which."""
    fixture = next((f for f in store.fixtures() if (f.id, f.seed) == (link.fixture, link.fixture_seed)), None)
    if fixture is None:
        return "superseded"
    if not fixture.played:
        entries = {e.id: e for e in store.entries()}
        try:
            finish_match(store, fixture, entries, record, link.prematch)
        except LeagueError:
            if not any(f.id == fixture.id and f.played for f in store.fixtures()):
                raise
        else:
            advance(store)  # a knockout round complete: the next is drawn, as league play does
            return "recorded"
    mine = store.record(fixture.id).get("final") == record.get("final")
    return "recorded" if mine else "superseded"


def router(leagues: LeagueFolder, seats: LeagueSeats) -> APIRouter:
    """`GET /api/leagues/{name}/coaches` and `POST /api/leagues/{name}/coaches/{team}/seat`."""
    api = APIRouter()

    @api.get("/api/leagues/{name}/coaches")
    async def get_coaches(name: str) -> dict[str, Any]:
        await seats.settle()  # a result waiting for the league is written before it is shown
        return await asyncio.to_thread(seats.coaches, name)

    @api.post("/api/leagues/{name}/coaches/{team}/seat")
    async def post_seat(name: str, team: str) -> dict[str, Any]:
        return await seats.seat(name, team)

    return api
