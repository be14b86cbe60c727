"""Playing a league's rounds: each match is played by its bots (in this process, a local pool of
worker processes, or Ray), its record is replayed here (so a record that does not replay is
never committed), the post-match sequence and the managers' decisions are applied, and the match
is committed with the changed teams in one transaction. `play` resumes where a run stopped:
fixtures already committed are skipped, and every match's dice, bots and managers are seeded
from the league seed and the fixture, so an interrupted season ends like an uninterrupted one.
A round is played by the league's rules (`nuffle.league.rules`): this module's `play_round` for an
LRB6 league, `nuffle.league.bb2020_season.play_round` for a BB2020 one.
"""

from __future__ import annotations

import copy
import dataclasses
import multiprocessing
import os
import select
import signal
import threading
import time
from collections.abc import Callable, Iterator
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from typing import Any

from nuffle.agents.registry import make_agent
from nuffle.core.dice import SampledRoller, seed_state
from nuffle.core.game import Game
from nuffle.core.teams import TeamError, team_from_dict, team_to_dict
from nuffle.league.human import has_human, ready
from nuffle.league.inducing import RULESET, Induce, budget, induce, induce_price, offer
from nuffle.league.ledger import inducement_rows, postmatch_rows
from nuffle.league.management import Purchase, buy, fire, price, problem
from nuffle.league.manager import Manager, decide, make_manager
from nuffle.league.postmatch import PostMatchDice, post_match
from nuffle.league.prematch import field_team, journeymen
from nuffle.league.schedule import derived_seed, round_robin
from nuffle.league.store import Entry, Fixture, LeagueError, LedgerRow, Store
from nuffle.league.team import LeagueTeam
from nuffle.play import play
from nuffle.record import RecordError, replay, to_record

# Test support: kill this process (SIGKILL, no clean-up) after this many committed matches.
STOP_AFTER_ENV = "NUFFLE_LEAGUE_KILL_AFTER"
WATCH_INTERVAL = 0.5  # seconds between a worker's looks at the runner where there is no pidfd


@dataclass(frozen=True)
class MatchTask:
    """One match for a worker: the two teams as they enter it, their bots, seed, board and
    the rules it is played by."""

    home: dict[str, Any]
    away: dict[str, Any]
    home_bot: str
    away_bot: str
    seed: int
    board: int
    ruleset: str = RULESET


def play_match(task: MatchTask) -> dict[str, Any]:
    """Play one match (in whatever process the executor chose); returns its record."""
    home = team_from_dict(task.home, "home")
    away = team_from_dict(task.away, "away")
    game = Game.new(home, away, seed=task.seed, board=task.board, ruleset=task.ruleset)
    agents = (make_agent(task.home_bot, seed=derived_seed(task.seed, "home")),
              make_agent(task.away_bot, seed=derived_seed(task.seed, "away")))
    play(game, *agents)
    return to_record(game)


def _die_with(parent: int) -> None:
    """Worker initializer: end this worker as soon as the process `parent` (the league runner)
    ends, however it ends (a SIGKILL included). A pool worker is the forkserver's child, not the
    runner's, so the kernel's parent-death signal cannot tell; a daemon thread waits on a pidfd
    of the runner (Linux), or polls it elsewhere."""
    try:
        fd = os.pidfd_open(parent)
    except ProcessLookupError:
        os._exit(1)
    except (AttributeError, OSError):
        fd = -1

    def watch() -> None:
        if fd >= 0:
            select.select([fd], [], [])
        else:
            while _alive(parent):
                time.sleep(WATCH_INTERVAL)
        os._exit(1)

    threading.Thread(target=watch, name="nuffle-league-watchdog", daemon=True).start()


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


def _run_tasks(tasks: list[MatchTask], executor: str, workers: int) -> Iterator[dict[str, Any]]:
    """The records of `tasks`, in order, each as soon as it (and those before it) finished."""
    if executor == "local" and (workers <= 1 or len(tasks) <= 1):
        for t in tasks:
            yield play_match(t)
        return
    if executor == "local":
        ctx = multiprocessing.get_context("forkserver")
        with ProcessPoolExecutor(max_workers=workers, mp_context=ctx, initializer=_die_with,
                                 initargs=(os.getpid(),)) as pool:
            futures = [pool.submit(play_match, t) for t in tasks]
            for f in futures:
                yield f.result()
        return
    if executor == "ray":
        try:
            import ray
        except ImportError:
            raise LeagueError("the ray executor needs Ray: pip install 'nuffle[ray]'") from None
        started = not ray.is_initialized()
        if started:
            ray.init(num_cpus=workers or os.cpu_count() or 1, include_dashboard=False, log_to_driver=False,
                     configure_logging=False)
        try:
            remote = ray.remote(num_cpus=1)(play_match)
            refs = [remote.remote(t) for t in tasks]
            for ref in refs:
                yield ray.get(ref)
        finally:
            if started:
                ray.shutdown()
        return
    raise LeagueError(f"unknown executor {executor!r}: choose local or ray")


def schedule(store: Store) -> list[Fixture]:
    """The league's fixtures, writing the schedule first if the season has not started."""
    fixtures = store.fixtures()
    if fixtures:
        return fixtures
    entries = store.entries()
    if len(entries) < 2:
        raise LeagueError(f"{store.path}: a league needs at least 2 entries, it has {len(entries)}")
    rows = round_robin([e.id for e in entries], int(store.setting("seed")), bool(store.setting("double")))
    store.add_fixtures(rows, {e.id: e.team.team_value() for e in entries})
    return store.fixtures()


def _manage(entry: int, team: LeagueTeam, manager: Manager, notes: list[str]) -> list[LedgerRow]:
    """The manager's firing and buying; bad decisions are skipped and noted (the penalty).
    Returns the ledger rows of what was done."""
    rows: list[LedgerRow] = []
    for number in manager.fire(team):
        try:
            p = fire(team, number)
        except TeamError as exc:
            notes.append(f"fire {number} skipped: {exc}")
            continue
        rows.append(LedgerRow(entry, "firing", p.number, p.name, p.value, 0, {"spp": p.spp}))
    for item in manager.purchases(team):
        if not isinstance(item, Purchase):
            notes.append(f"purchase {item!r} skipped: not a purchase")
            continue
        why = problem(team, item)
        if why:
            notes.append(f"purchase skipped: {why}")
            continue
        cost = price(team, item)
        buy(team, item)
        detail = {"item": item.kind, **({"position": item.position} if item.position else {})}
        if item.kind == "player":
            p = team.players[-1]
            rows.append(LedgerRow(entry, "purchase", p.number, p.name, cost, -cost, detail))
        else:
            rows.append(LedgerRow(entry, "purchase", None, team.name, cost, -cost, detail))
    return rows


def _close(manager: Manager) -> None:
    close = getattr(manager, "close", None)
    if close is not None:
        close()


def league_ruleset(store: Store) -> str:
    """The rules a league's matches are played by (`league new --ruleset`; lrb6 for a league
    file written before it was stored)."""
    return store.ruleset


def prepare(store: Store, fixture: Fixture, entries: dict[int, Entry]) -> tuple[MatchTask, dict[str, Any]]:
    """The match as the teams enter it: players missing it sit out, Journeymen fill up to 11,
    the underdog's manager induces (with petty cash, the favourite's first: see `_budgets`);
    returns the task and what was induced, with what it cost (for the report)."""
    league_seed = int(store.setting("seed"))
    petty = bool(store.setting("petty_cash", False))
    rules = league_ruleset(store)
    sides = {"home": (entries[fixture.home], entries[fixture.away]),
             "away": (entries[fixture.away], entries[fixture.home])}
    # the favourite (the higher TV; home when equal) chooses first
    order = ["home", "away"]
    if sides["away"][0].team.team_value() > sides["home"][0].team.team_value():
        order.reverse()
    specs: dict[str, Any] = {}
    info: dict[str, Any] = {}
    taken_stars: set[str] = set()
    favourite_spent = 0
    for key in order:
        me, them = sides[key]
        spec = field_team(me.team)
        free = budget(me.team, them.team) + (favourite_spent if key == order[1] else 0)
        money = free + (me.team.treasury if petty else 0)
        notes: list[str] = []
        bought: list[Induce] = []
        if money > 0:
            on_offer = [(i, c) for i, c in offer(me.team, rules)
                        if i.item != "star" or i.name not in taken_stars]
            manager = make_manager(me.manager, derived_seed(league_seed, me.name, fixture.id, "inducements"))
            choices = [c for c in manager.inducements(me.team, them.team, money, on_offer)
                       if not (isinstance(c, Induce) and c.item == "star" and c.name in taken_stars)]
            spec, bought = induce(me.team, spec, money, choices, notes, rules)
            notes += getattr(manager, "notes", [])
            _close(manager)
        costs = [induce_price(me.team, i, rules) for i in bought]
        spent = sum(costs)
        if key == order[0]:
            favourite_spent = spent if petty else 0
        taken_stars |= {i.name for i in bought if i.item == "star"}
        specs[key] = spec
        info[key] = {"budget": free, "petty_cash": max(0, spent - free), "notes": notes,
                     "induced": [{**i.to_dict(), "cost": c} for i, c in zip(bought, costs, strict=True)]}
    board = int(store.setting("board"))
    task = MatchTask(team_to_dict(specs["home"]), team_to_dict(specs["away"]), sides["home"][0].bot,
                     sides["away"][0].bot, fixture.seed, board, rules)
    return task, {"home": info["home"], "away": info["away"]}


def _pay_petty_cash(entry: Entry, info: dict[str, Any]) -> Entry:
    """The entry as it leaves the pre-match sequence: the petty cash its inducements took
    from the treasury paid."""
    paid = int(info.get("petty_cash", 0))
    if not paid:
        return entry
    team = copy.deepcopy(entry.team)
    team.treasury -= paid
    return dataclasses.replace(entry, team=team)


def finish_match(store: Store, fixture: Fixture, entries: dict[int, Entry], record: dict[str, Any],
                 prematch: dict[str, Any] | None = None) -> None:
    """Replay a played match's record, run the post-match sequence and the managers, commit."""
    try:
        game = replay(record)
    except RecordError as exc:
        raise LeagueError(f"fixture {fixture.id}: its record does not replay: {exc}") from None
    home, away = entries[fixture.home], entries[fixture.away]
    home, away = _pay_petty_cash(home, (prematch or {}).get("home", {})), \
        _pay_petty_cash(away, (prematch or {}).get("away", {}))
    league_seed = int(store.setting("seed"))
    managers = (make_manager(home.manager, derived_seed(league_seed, home.name, fixture.id)),
                make_manager(away.manager, derived_seed(league_seed, away.name, fixture.id)))
    dice = PostMatchDice(SampledRoller(), seed_state(derived_seed(fixture.seed, fixture.id, "post-match")))
    (new_home, new_away), post = post_match(
        game, (home.team, away.team), dice,
        (managers[0].choose_improvement, managers[1].choose_improvement),
        rerollers=(decide(managers[0], "reroll_winnings"), decide(managers[1], "reroll_winnings")),
        keepers=(decide(managers[0], "keep_journeymen"), decide(managers[1], "keep_journeymen")),
        journeymen=(tuple(p.number for p in journeymen(home.team)),
                    tuple(p.number for p in journeymen(away.team))))
    ledger: list[LedgerRow] = []
    for entry, key, team, manager, side in zip((home, away), ("home", "away"), (new_home, new_away), managers,
                                               post.sides, strict=True):
        before = (prematch or {}).get(key, {})
        induced = [(Induce(i["item"], i.get("name", ""), i.get("skill", "")), int(i["cost"]))
                   for i in before.get("induced", []) if "cost" in i]
        ledger += inducement_rows(entry.id, entry.team, induced, int(before.get("petty_cash", 0)))
        ledger += postmatch_rows(entry.id, entry.team, team, side)
        ledger += _manage(entry.id, team, manager, side.penalties)
        side.penalties += getattr(manager, "notes", [])
        _close(manager)
    box = game.box_score()
    result = {"score": [game.state.teams[0].score, game.state.teams[1].score],
              "cas": [box["home"]["casualties"], box["away"]["casualties"]], "conceded": None,
              "gate": game.fans()["gate"]}
    postmatch = {"home": dataclasses.asdict(post.sides[0]), "away": dataclasses.asdict(post.sides[1])}
    for key in ("home", "away"):
        postmatch[key]["prematch"] = (prematch or {}).get(key, {})
    store.commit_match(fixture, result, record, postmatch, {home.id: new_home, away.id: new_away}, ledger)


def play_round(store: Store, fixtures: list[Fixture], entries: dict[int, Entry], executor: str = "local",
               workers: int = 1) -> Iterator[Fixture]:
    """An LRB6 league's round (`nuffle.league.rules`): each fixture prepared, played by the
    executor, finished and committed; yields each fixture once committed."""
    prepared = [prepare(store, f, entries) for f in fixtures]
    tasks = [task for task, _ in prepared]
    records = _run_tasks(tasks, executor, workers)
    for fixture, (_, info), record in zip(fixtures, prepared, records, strict=True):
        finish_match(store, fixture, entries, record, info)
        yield fixture


def play_rounds(store: Store, rounds: int | None = None, executor: str = "local", workers: int = 1,
                progress: Callable[[int, int], None] | None = None) -> int:
    """Play the next `rounds` rounds (default: to the season's end, the playoffs' rounds
    included once they started: each is written when the one before is complete); returns
    matches played. `progress(done, total)` is called after each committed match. Only ready
    fixtures without a human entry are played (`nuffle.league.human`): a round is the ready
    fixtures of the earliest round that has any, and the run stops when only fixtures that
    wait for a person's match are left."""
    from nuffle.league.playoffs import advance

    if rounds is not None and rounds < 1:
        raise LeagueError(f"--rounds must be at least 1, not {rounds}")
    schedule(store)
    rules = store.rules
    kill_after = int(os.environ.get(STOP_AFTER_ENV, "0") or 0)
    done = 0
    played_rounds = 0
    while rounds is None or played_rounds < rounds:
        fixtures = store.fixtures()
        pending = [f for f in fixtures if not f.played]
        if not pending:
            if advance(store):
                continue
            break
        entries = {e.id: e for e in store.entries()}
        playable = [f for f in ready(fixtures) if not has_human(f, entries)]
        if not playable:  # what is left waits for a person's match (nuffle.league.human)
            break
        rnd = min(f.round for f in playable)
        round_fixtures = [f for f in playable if f.round == rnd]
        upcoming = sorted({f.round for f in pending})
        if rounds is not None:
            upcoming = upcoming[:rounds - played_rounds]
        total = done + sum(1 for f in pending if f.round in upcoming and not has_human(f, entries))
        for _ in rules.play_round(store, round_fixtures, entries, executor, workers):
            done += 1
            if progress is not None:
                progress(done, total)
            if kill_after and done >= kill_after:
                os.kill(os.getpid(), signal.SIGKILL)
        played_rounds += 1
    return done
