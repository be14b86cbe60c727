"""The game manager: creates, resumes and runs every game, checks seats and actions, runs bots.

Every action, from a browser or a bot, goes through `GameManager.act`, which checks the seat
token against the side to decide and the action against the engine before anything changes;
an action is acknowledged only once it is stored (a failed write drops the game from memory,
so it is rebuilt from what was stored). Bots think in a daemon thread on a view of the game,
never the game, under the server's budget: bot options are capped (`BOT_LIMITS`), a decision
that takes longer than `BOT_MOVE_LIMIT` stops that bot, and shutdown does not wait for a bot
(the threads: `web.bot_threads`, whose `stop_bots` only stops the native searches, which must
not run as the interpreter ends).
A game can be aborted by a seat (or, in a bot-v-bot game, by its owner's token) and expires
after `EXPIRE_AFTER` seconds without an action; a league match (`web.league_seats`) does neither.
"""

from __future__ import annotations

import asyncio
import hmac
import logging
import math
import random
import secrets
import sqlite3
import time
from collections.abc import Callable
from typing import Any

from nuffle.agents.registry import agent_for_board, agent_names, bot_options, make_agent, parse_bot_spec
from nuffle.core.actions import Action, ActionType, IllegalActionError
from nuffle.core.board import VARIANTS
from nuffle.core.decision import DecisionKind
from nuffle.core.dice import SampledRoller
from nuffle.core.errors import InputError, NuffleError
from nuffle.core.game import Game
from nuffle.core.ruleset import playable
from nuffle.core.teams import team_to_dict
from nuffle.formations import formation_names
from nuffle.record import record_team
from nuffle.ruleset_choice import DEFAULT as DEFAULT_RULESET
from nuffle.ruleset_choice import choose, match_team, roster_races
from nuffle.web.bot_threads import think
from nuffle.web.formation_setup import place_formation
from nuffle.web.models import checked_spec, loadable_spec
from nuffle.web.session import OWNER, SIDES, LiveGame, Seat, action_from_json
from nuffle.web.store import LeagueLink, Store, StoredGame, now, token_hash
from nuffle.web.teams_api import game_teams
from nuffle.web.turn_clock import MAX_SECONDS, MIN_SECONDS, TurnClock, late_action

MODES = ("hotseat", "bot", "botvbot", "online")
DEFAULT_DELAY = {"hotseat": 0.0, "online": 0.0, "bot": 0.15, "botvbot": 0.3}
MAX_DELAY = 5.0
LATE_STEPS = 500  # the most answers the server gives for a coach out of time, per sweep
MAX_SEED = (1 << 63) - 1  # what SQLite's INTEGER holds
#: Caps on server-side bots' options (a spec over a cap is refused when the game is made).
BOT_LIMITS = {"seconds": 10.0, "iterations": 20_000, "samples": 16, "threads": 1}
BOT_MOVE_LIMIT = 30.0  # seconds one bot decision may take before the server stops that bot
EXPIRE_AFTER = 7 * 24 * 3600.0  # seconds without an action before an unfinished game expires
log = logging.getLogger("nuffle.web")


class WebError(NuffleError):
    """A request the server refuses: an HTTP status and a one-line message."""

    def __init__(self, status: int, message: str) -> None:
        super().__init__(message)
        self.status = status
        self.message = message


def parse_entry(text: Any, field: str, board: int = 11,
                ruleset: str = DEFAULT_RULESET) -> tuple[str, str | None]:
    """'race' or 'race:bot' -> (race key of `ruleset`'s rosters, bot spec or None), the bot
    checked to play `board`; WebError 400 naming the bad part."""
    if not isinstance(text, str) or not text:
        raise WebError(400, f"'{field}' must be a race, optionally with ':bot', got {text!r}")
    race, sep, bot = text.partition(":")
    known = roster_races(ruleset)
    if race not in known:
        raise WebError(400, f"'{field}': unknown race {race!r} (races: {', '.join(known)})")
    if sep:
        try:
            _, options = parse_bot_spec(bot)
            checked_spec(bot)  # a policy's model: a bundled name or the models folder's, no path
            for key, value in options.items():
                cap = BOT_LIMITS.get(key)
                if cap is not None and not _within_cap(value, cap):
                    raise InputError(f"bot option {key}={value!r} is over the server's cap of {cap}")
            agent_for_board(loadable_spec(bot), board)
        except ValueError as exc:
            raise WebError(400, f"'{field}': {exc}") from None
        return race, bot
    return race, None


def _within_cap(value: str, cap: float) -> bool:
    try:
        number = float(value)
    except ValueError:
        return True  # make_agent names the bad value
    return math.isfinite(number) and number <= cap


class GameManager:
    """Every game of one server, backed by a `Store`."""

    def __init__(self, store: Store, expire_after: float = EXPIRE_AFTER,
                 move_limit: float = BOT_MOVE_LIMIT, ruleset: str = DEFAULT_RULESET,
                 drafts: bool = False) -> None:
        self.store = store
        #: whether a draft ruleset is played (tests: the internal path, as `draft_ruleset`);
        #: `nuffle serve` never sets it, so the server refuses a draft in one line
        self.drafts = drafts
        #: the rules of a new game whose request names none (`nuffle serve --ruleset`)
        self.ruleset = choose(ruleset, drafts).name
        self.games: dict[str, LiveGame] = {}
        self.expire_after = expire_after
        self.move_limit = move_limit
        #: called (in the event loop) when a league match's game has stored its last action
        self.on_league_over: Callable[[LiveGame], None] | None = None

    # --- creating and resuming --------------------------------------------------------------

    def create(self, body: Any) -> tuple[LiveGame, dict[str, str]]:
        """Start a game from a POST /api/games body; returns it and its seat tokens."""
        if not isinstance(body, dict):
            raise WebError(400, "the body must be a JSON object with mode, home, away, board")
        mode = body.get("mode", "hotseat")
        if mode not in MODES:
            raise WebError(400, f"unknown mode {mode!r}: choose one of {', '.join(MODES)}")
        board = body.get("board", 11)
        if type(board) is not int or board not in VARIANTS:
            raise WebError(400, f"unknown board {board!r}: choose one of {sorted(VARIANTS)}")
        try:
            rules = choose(body.get("ruleset", self.ruleset), self.drafts).name
            given = game_teams(body, rules)
        except ValueError as exc:
            raise WebError(400, str(exc)) from None
        defaults = {s: given[s].race if s in given else "human" if s == "home" else "orc" for s in SIDES}
        (hrace, hbot), (arace, abot) = (parse_entry(body.get(s, defaults[s]), s, board, rules) for s in SIDES)
        for s, entry_race in zip(SIDES, (hrace, arace), strict=True):
            if s in given and given[s].race != entry_race:
                raise WebError(400, f"'{s}' names race {entry_race!r} but '{s}_team' is a "
                                    f"{given[s].race} team: give '{s}' as {given[s].race!r} or leave it out")
        if mode == "botvbot":
            hbot, abot = hbot or "random", abot or "random"
        elif mode == "bot" and hbot is None and abot is None:
            abot = "random"
        elif mode == "bot" and hbot is not None and abot is not None:
            raise WebError(400, "mode 'bot' needs one human side: give ':bot' to one side only")
        elif mode in ("hotseat", "online") and (hbot or abot):
            raise WebError(400, f"mode {mode!r} has no bots: drop the ':bot' from the sides")
        seed = body.get("seed")
        if seed is None:
            seed = secrets.randbits(52)  # exact in JavaScript numbers too
        elif type(seed) is not int or not 0 <= seed <= MAX_SEED:
            raise WebError(400, f"'seed' must be an integer from 0 to {MAX_SEED}, got {seed!r}")
        delay = self._delay(body.get("delay", DEFAULT_DELAY[mode]))
        turn_seconds = body.get("turn_seconds")
        if turn_seconds is not None and (type(turn_seconds) not in (int, float)
                                         or not MIN_SECONDS <= turn_seconds <= MAX_SECONDS):
            raise WebError(400, f"'turn_seconds' must be a number of seconds from {MIN_SECONDS} to "
                                f"{MAX_SECONDS} (or null: no turn timer), got {turn_seconds!r}")
        teams = {s: team_to_dict(given[s] if s in given else match_team(r, rules))
                 for s, r in zip(SIDES, (hrace, arace), strict=True)}
        gid = secrets.token_hex(8)
        tokens = {side: secrets.token_urlsafe(24) for side, bot in zip(SIDES, (hbot, abot), strict=True)
                  if bot is None}
        if not tokens:  # a bot-v-bot game: its creator holds a token that may abort it
            tokens[OWNER] = secrets.token_urlsafe(24)
        stored = StoredGame(gid, mode, f"{hrace}:{hbot}" if hbot else hrace,
                            f"{arace}:{abot}" if abot else arace, board, seed, teams, delay, now(),
                            False, None, turn_seconds=None if turn_seconds is None else float(turn_seconds),
                            ruleset=rules)
        return self.start(stored, tokens), tokens

    def start(self, stored: StoredGame, tokens: dict[str, str], league: LeagueLink | None = None) -> LiveGame:
        """Store a new game with its seats' tokens (and, for a league match, its fixture) and
        run it."""
        live = self._build(stored, {s: token_hash(t) for s, t in tokens.items()})
        live.league = league
        try:
            self.store.add_game(stored, tokens, league)
            live.saved = self._save(live)
        except sqlite3.Error as exc:
            raise WebError(503, f"the game could not be stored: {exc}") from None
        live.tick()
        self.games[stored.id] = live
        return live

    def new_token(self, live: LiveGame, side: str) -> str:
        """A new token for a human seat of `live` (its old one stops working)."""
        if side not in live.seats or live.seats[side].bot is not None:
            raise WebError(409, f"the {side} side of game {live.id} is played by a bot")
        token = secrets.token_urlsafe(24)
        try:
            self.store.set_seat(live.id, side, token)
        except sqlite3.Error as exc:
            raise WebError(503, f"the seat could not be stored: {exc}") from None
        live.seats[side].token_hash = token_hash(token)
        return token

    @staticmethod
    def _delay(value: Any) -> float:
        if type(value) not in (int, float) or not 0 <= value <= MAX_DELAY:
            raise WebError(400, f"'delay' must be a number of seconds from 0 to {MAX_DELAY}, got {value!r}")
        return float(value)

    def _build(self, stored: StoredGame, hashes: dict[str, str]) -> LiveGame:
        """A live game at its start (actions are applied by the caller)."""
        rules = choose(stored.ruleset, self.drafts)
        home, away = (record_team(stored.teams[side], side, rules) for side in SIDES)
        game = Game.new(home, away, seed=stored.seed, board=stored.board, roller=SampledRoller(),
                        assisted_moves=True, ruleset=rules)
        seats: dict[str, Seat] = {}
        for side, entry in zip(SIDES, (stored.home, stored.away), strict=True):
            race, _, bot = entry.partition(":")
            seats[side] = Seat(race, bot or None, hashes.get(side))
        live = LiveGame(stored.id, stored.mode, game, seats, stored.delay)
        if stored.turn_seconds is not None:
            live.clock = TurnClock(stored.turn_seconds)
        live.owner_hash = hashes.get(OWNER)
        live.ended = stored.ended
        live.touched = stored.updated
        for i, side in enumerate(SIDES):
            spec = seats[side].bot
            if spec is not None:
                agent = make_agent(loadable_spec(spec), (stored.seed * 2 + i + 1) % (1 << 62))
                agent.new_game(game.view(), i)
                live.agents[i] = agent
        return live

    def resume(self) -> int:
        """Rebuild every unfinished stored game by replaying its actions; returns how many.
        Finished games are rebuilt when first asked for."""
        count = 0
        for stored in self.store.games(finished=False):
            if now() - stored.updated > self.expire_after and self.store.league_link(stored.id) is None:
                self.store.end(stored.id, "expired")
                log.warning("game %s expired (no action for %.0f s)", stored.id, now() - stored.updated)
            elif self._load(stored) is not None:
                count += 1
        return count

    def _load(self, stored: StoredGame) -> LiveGame | None:
        """Rebuild one stored game (None, logged, if its actions no longer replay)."""
        try:
            live = self._build(stored, self.store.seat_hashes(stored.id))
            live.league = self.store.league_link(stored.id)
            for raw in self.store.actions(stored.id):
                live.apply(Action.from_list(raw))
        except (ValueError, KeyError) as exc:
            log.warning("game %s could not be resumed: %s", stored.id, exc)
            return None
        live.saved = len(live.game.history)
        live.tick()
        self.games[stored.id] = live
        if live.game.is_over and not stored.finished:
            s = live.game.state
            self.store.finish(stored.id, [s.teams[0].score, s.teams[1].score])
        return live

    def _save(self, live: LiveGame) -> int:
        """Write the actions not yet stored; mark the game finished at its end."""
        hist = live.game.history
        score = None
        if live.game.is_over:
            s = live.game.state
            score = [s.teams[0].score, s.teams[1].score]
        if len(hist) > live.saved:
            self.store.add_actions(live.id, live.saved,
                                   [value.to_list() for kind, value in hist[live.saved:] if kind == "a"],
                                   score)
        elif score is not None:
            self.store.finish(live.id, score)
        live.touched = now()
        return len(hist)

    def _commit(self, live: LiveGame) -> None:
        """Store what `live` did since its last save; if the write fails, forget the live game
        (the next request rebuilds it from the store) and refuse with 503: nothing unsaved is
        ever acknowledged."""
        try:
            live.saved = self._save(live)
        except sqlite3.Error as exc:
            self.games.pop(live.id, None)
            self._stop_bots(live)
            live.error = "the server could not store this game's last action; reload the game"
            live.version += 1
            live.notify()
            log.error("game %s: an action could not be stored: %s", live.id, exc)
            raise WebError(503, f"the action could not be stored, so it was not made: {exc}") from None
        if live.game.is_over and live.league is not None and self.on_league_over is not None:
            self.on_league_over(live)

    # --- looking games up ----------------------------------------------------------------------

    def get(self, gid: str) -> LiveGame:
        """A live game by id; WebError 404 if there is none."""
        live = self.games.get(gid) if isinstance(gid, str) else None
        if live is None:
            stored = self.store.game(gid) if isinstance(gid, str) else None
            live = self._load(stored) if stored is not None else None
        if live is None:
            raise WebError(404, f"no game with id {gid!r}")
        return live

    def abort(self, gid: str, token: Any) -> LiveGame:
        """End an unfinished game for good: its seats' tokens (or a bot-v-bot game's owner
        token) may; its bots stop and it is listed as aborted."""
        live = self.get(gid)
        allowed = self.seat_of(live, token) is not None or (
            isinstance(token, str) and live.owner_hash is not None
            and hmac.compare_digest(live.owner_hash, token_hash(token)))
        if not allowed:
            raise WebError(403, "only a seat of this game (or a bot-v-bot game's owner) may abort it")
        if live.game.is_over or live.ended:
            raise WebError(409, f"the game is already {live.ended or 'over'}")
        if live.league is not None:
            raise WebError(403, "a league match cannot be aborted: leave it and resume it from the league "
                                "page, or the commissioner enters a concession (league result --conceded)")
        self._end(live, "aborted")
        return live

    def _end(self, live: LiveGame, how: str) -> None:
        try:
            self.store.end(live.id, how)
        except sqlite3.Error as exc:
            raise WebError(503, f"the game could not be {how}: {exc}") from None
        live.ended = how
        self._stop_bots(live)
        live.version += 1
        live.notify()

    def expire(self) -> list[str]:
        """End every unfinished game without an action for `expire_after` seconds; their ids."""
        stale = [live for live in self.games.values() if not live.game.is_over and not live.ended
                 and live.league is None and now() - live.touched > self.expire_after]
        for live in stale:
            self._end(live, "expired")
        return [live.id for live in stale]

    def seat_of(self, live: LiveGame, token: Any) -> str | None:
        """The side a token holds in a game, or None (a spectator or a wrong token)."""
        if not isinstance(token, str) or not token:
            return None
        digest = token_hash(token)
        for side, seat in live.seats.items():
            if seat.token_hash is not None and hmac.compare_digest(seat.token_hash, digest):
                return side
        return None

    # --- acting ------------------------------------------------------------------------------

    def _check_seat(self, live: LiveGame, token: Any) -> int:
        side = self.seat_of(live, token)
        if side is None:
            raise WebError(403, "this token holds no seat in this game (spectators cannot act)")
        if live.game.is_over:
            raise WebError(409, "the game is over")
        if live.ended:
            raise WebError(409, f"the game was {live.ended}")
        decider = live.game.decision().side
        if decider is None or SIDES[decider] != side:
            raise WebError(403, f"it is not the {side} coach's decision now "
                                f"({live.game.decider} decides)")
        return decider

    async def act(self, gid: str, token: Any, raw: Any) -> LiveGame:
        """Apply one action for the seat that `token` holds; WebError if refused (no change)."""
        live = self.get(gid)
        try:
            action = action_from_json(raw)
        except ValueError as exc:
            raise WebError(400, str(exc)) from None
        async with live.lock:
            self._check_seat(live, token)
            try:
                live.apply(action)
            except IllegalActionError as exc:
                raise WebError(422, str(exc)) from None
            self._commit(live)
        live.notify()
        self.kick_bots(live)
        return live

    async def set_up(self, gid: str, token: Any, name: Any) -> LiveGame:
        """Place the deciding side's players in a named formation (then the coach may adjust)."""
        live = self.get(gid)
        async with live.lock:
            side = self._check_seat(live, token)
            g = live.game
            placing = g.legal_actions().group(ActionType.PLACE_PLAYER)
            if g.decision().kind != DecisionKind.SETUP or placing is None:
                raise WebError(409, "there is no set-up to make now")
            kind = "defense" if side == g.state.kicking else "offense"
            names = formation_names(g.config.board, kind)
            if name not in names:
                raise WebError(400, f"unknown {kind} formation {name!r}: choose one of {', '.join(names)}")
            place_formation(live, side, kind, name)
            self._commit(live)
        live.notify()
        return live

    async def sweep_clocks(self) -> list[str]:
        """Act for every coach whose turn timer ran out (`turn_clock.late_action`) until his
        turn or set-up is over; the ids of the games it acted in."""
        acted = []
        for live in list(self.games.values()):
            if live.clock is None or live.game.is_over or live.ended or live.error:
                continue
            live.tick()
            if not live.clock.expired(time.monotonic()):
                continue
            async with live.lock:
                period, side = live.clock.period, live.clock.side
                if side is None or not live.clock.expired(time.monotonic()):
                    continue
                live.note([f"The {SIDES[side]} coach's turn timer ran out: the server plays on for him "
                           "until his turn (or set-up) is over."])
                rng = random.Random(live.version)
                formed = False
                for _ in range(LATE_STEPS):
                    g = live.game
                    if g.is_over or live.clock.period != period or g.decision().side != side:
                        break
                    action = late_action(g, rng, formed)
                    if action is None:  # a set-up that cannot end yet: a formation first (once)
                        kind = "defense" if side == g.state.kicking else "offense"
                        place_formation(live, side, kind, formation_names(g.config.board, kind)[0])
                        formed = True
                        continue
                    live.apply(action)
                try:
                    self._commit(live)
                except WebError:
                    continue
            acted.append(live.id)
            live.notify()
            self.kick_bots(live)
        return acted

    async def clocks_forever(self, every: float = 0.25) -> None:
        """Run `sweep_clocks` every `every` seconds (the server runs it as a task)."""
        while True:
            await asyncio.sleep(every)
            await self.sweep_clocks()

    def set_delay(self, gid: str, value: Any) -> LiveGame:
        """Change a bot-v-bot game's pace (seconds between actions)."""
        live = self.get(gid)
        if live.mode != "botvbot":
            raise WebError(403, "only bot-v-bot games have a speed control")
        delay = self._delay(value)
        try:
            self.store.set_delay(gid, delay)
        except sqlite3.Error as exc:
            raise WebError(503, f"the speed could not be stored: {exc}") from None
        live.delay = delay
        return live

    # --- bots ----------------------------------------------------------------------------------

    def kick_bots(self, live: LiveGame) -> None:
        """Start the bot loop of a game if a bot is to decide and none is running."""
        if not live.agents or live.game.is_over or live.error or live.ended:
            return
        if live.bot_task is not None and not live.bot_task.done():
            return
        d = live.game.decision()
        if d.side is not None and live.is_bot(d.side):
            live.bot_task = asyncio.get_running_loop().create_task(self._bot_loop(live))

    async def _bot_loop(self, live: LiveGame) -> None:
        g = live.game
        while not g.is_over:
            side = g.decision().side
            if side is None or not live.is_bot(side):
                return
            if live.delay:
                await asyncio.sleep(live.delay)
            async with live.lock:
                view = g.view()
                version = live.version
            agent = live.agents[side]
            try:
                action = await asyncio.wait_for(think(agent, view), self.move_limit)
            except TimeoutError:
                live.error = (f"the {SIDES[side]} bot took longer than the server's "
                              f"{self.move_limit:g} s per decision and was stopped")
                live.version += 1
                live.notify()
                log.warning("game %s: %s", live.id, live.error)
                return
            except Exception as exc:  # a bot crash stops that bot, not the server
                live.error = f"the {SIDES[side]} bot failed: {exc}"
                live.version += 1
                live.notify()
                log.warning("game %s: bot failed: %s: %s", live.id, type(exc).__name__, exc)
                return
            async with live.lock:
                if live.ended:
                    return
                if live.version != version:
                    continue
                try:
                    live.apply(action)
                except IllegalActionError as exc:
                    live.error = f"the {SIDES[side]} bot chose an illegal action: {exc}"
                    live.version += 1
                    live.notify()
                    return
                try:
                    self._commit(live)
                except WebError:
                    return
            live.notify()
        for agent in live.agents.values():
            agent.end_game(g.result)

    def start_all_bots(self) -> None:
        """Start the bot loops of every resumed game."""
        for live in self.games.values():
            self.kick_bots(live)

    def _stop_bots(self, live: LiveGame) -> None:
        task = live.bot_task
        if task is not None and not task.done() and task is not asyncio.current_task():
            task.cancel()

    async def stop(self) -> None:
        """Cancel every bot loop (a bot thinking in its thread is not waited for)."""
        tasks = [t for live in self.games.values() if (t := live.bot_task) is not None and not t.done()]
        for t in tasks:
            t.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)

    async def expire_forever(self, every: float = 60.0) -> None:
        """Expire stale games every `every` seconds (the server runs it as a task)."""
        while True:
            await asyncio.sleep(every)
            for gid in self.expire():
                log.warning("game %s expired (no action for %.0f s)", gid, self.expire_after)

    # --- listings ----------------------------------------------------------------------------

    def listing(self) -> dict[str, Any]:
        """Running and finished games for the lobby and the replay list."""
        out: dict[str, Any] = {"running": [], "finished": []}
        for stored in self.store.games():
            row = {"id": stored.id, "mode": stored.mode, "home": stored.home, "away": stored.away,
                   "board": stored.board, "created": stored.created, "score": stored.score,
                   "ended": stored.ended, "ruleset": stored.ruleset}
            out["finished" if stored.finished else "running"].append(row)
        out["bots"] = agent_names()
        out["bot_options"] = {name: _options(name) for name in out["bots"]}
        out["races"] = list(roster_races(self.ruleset))
        out["boards"] = sorted(VARIANTS)
        out["rulesets"] = list(playable())  # the lobby offers these; the server checks each request
        out["races_by_ruleset"] = {name: list(roster_races(name)) for name in out["rulesets"]}
        out["ruleset"] = self.ruleset
        return out


def _options(name: str) -> dict[str, Any]:
    """A bot's options with their defaults, for the lobby ({} if its module cannot load)."""
    try:
        return {k: v if isinstance(v, bool | int | float | str) or v is None else str(v)
                for k, v in bot_options(name).items()}
    except (ImportError, ValueError):
        return {}
