"""Running the arena: validation games for pending submissions, then the ladder's paired games,
on the local pool or on Ray, every bot in the sandbox.

A submission plays one game at home against `random-legal`: it passes unless it is
disqualified (a crash, no answer, too many illegal actions, ...). The ladder then schedules
pairs between the active entries, the least-played pairs first: the two games of a pair share
a fresh seed with the sides swapped. Pairs are written before they are played, and each game
as it finishes, so an interrupted run (Ctrl-C, SIGTERM, a crash) loses only the games in
progress: the next run plays them first."""

from __future__ import annotations

import contextlib
import fcntl
import os
import random
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from nuffle.arena.store import VALIDATOR, Arena, ArenaError, Version
from nuffle.arena.submission import python_command
from nuffle.competition import containment, ledger
from nuffle.competition.executors import Executor, Outcome, Task, make_executor
from nuffle.competition.referee import SIDES, BotSpec, Settings, save_outputs
from nuffle.competition.sandbox import Sandbox, why_not


@dataclass
class Summary:
    """What one run did."""

    validated: list[dict[str, Any]] = field(default_factory=list)
    games: list[dict[str, Any]] = field(default_factory=list)


def bot_spec(v: Version) -> BotSpec:
    """How the referee runs a version: a bundled agent through `nuffle.competition.builtin`,
    a submission by its command in its folder."""
    if v.kind == "bundled":
        return BotSpec.builtin(v.label, v.team, v.command[0])
    assert v.folder is not None
    team = str(v.folder / v.team) if v.team.endswith(".json") else v.team
    return BotSpec(v.label, team, python_command(v.command, v.language), str(v.folder))


def sandboxed(arena: Arena, settings: Settings, trusted: bool) -> Settings:
    """`settings` with the sandbox that hides the arena's database, games and uploads; as
    they are when `trusted`; ArenaError naming why when this machine cannot sandbox."""
    if trusted:
        return settings
    box = Sandbox(hidden=arena.hidden(), tmpfs_mb=settings.limits.file_mb)
    why = why_not(box)
    if why:
        raise ArenaError(f"cannot sandbox the bots here: {why}; pass --trusted-bots to run them "
                         "unsandboxed, as your own user")
    return replace(settings, sandbox=box)


def _seed() -> int:
    return int.from_bytes(os.urandom(6), "little")


def pick_pairs(entries: list[Version], counts: dict[frozenset[int], int], n: int,
               rng: random.Random) -> list[tuple[int, int]]:
    """`n` pairs of entries, each the least played so far (pairs picked here count too), ties
    broken at random; the first of a pair plays at home in its first game."""
    ids = [e.id for e in entries]
    if len(ids) < 2:
        return []
    counts = dict(counts)
    out = []
    for _ in range(n):
        options = [(a, b) for i, a in enumerate(ids) for b in ids[i + 1:]]
        rng.shuffle(options)
        a, b = min(options, key=lambda p: counts.get(frozenset(p), 0))
        counts[frozenset((a, b))] = counts.get(frozenset((a, b)), 0) + 1
        out.append((a, b) if rng.random() < 0.5 else (b, a))
    return out


class _Batch:
    """The games of one executor batch, saved as each finishes."""

    def __init__(self, arena: Arena, summary: Summary,
                 progress: Callable[[dict[str, Any]], None] | None) -> None:
        self.arena = arena
        self.summary = summary
        self.progress = progress
        self.tasks: list[Task] = []
        self.meta: dict[int, dict[str, Any]] = {}

    def add(self, specs: tuple[BotSpec, BotSpec], seed: int, settings: Settings, **meta: Any) -> None:
        index = len(self.tasks)
        self.tasks.append(Task(specs[0], specs[1], seed, settings, index))
        self.meta[index] = meta

    def save(self, o: Outcome) -> dict[str, Any]:
        """Write a game's record and stderr under `games/`; the game's row (not yet stored)."""
        meta = self.meta[o.index]
        stem = (f"validation-{meta['home']}" if meta["kind"] == "validation"
                else f"pair-{meta['pair']}-{meta['leg']}")
        folder = self.arena.folder / "games"
        path = folder / f"{stem}.json"
        report = dict(o.report)
        save_outputs(report, o.record, o.trace, path, o.lines)
        files = {"record": path.name}
        if report.get("match_report"):
            files["report"] = Path(report["match_report"]).name
        if report.get("trace"):
            files["trace"] = Path(report["trace"]).name
        for side in SIDES:
            log = folder / f"{stem}.{side}.stderr.txt"
            log.write_text(o.stderr.get(side, ""))
            files[f"stderr_{side}"] = log.name
        out = [side for side in SIDES if report[side] in report["disqualified"]]
        return {**meta, "seed": report["seed"], "score": report["score"], "winner": report["winner"],
                "outcome": report["outcome"], "disqualified": out, "penalties": report["penalties"],
                "decisions": report["decisions"], "seconds": report["seconds"], "files": files,
                "digest": ledger.file_digest(path), "home_name": report["home"], "away_name": report["away"]}

    def run(self, executor: Callable[[], Executor], done: Callable[[dict[str, Any]], None]) -> None:
        def finished(o: Outcome) -> None:
            game = self.save(o)
            done(game)
            if self.progress is not None:
                self.progress(game)

        if self.tasks:
            executor().run(self.tasks, finished)


def _verdict(game: dict[str, Any]) -> tuple[bool, str]:
    """Whether a validation game passes (the submission was not disqualified), and why not."""
    if "home" not in game["disqualified"]:
        return True, ""
    why = [f"{p['kind']}: {p['detail']}" for p in game["penalties"]
           if p["side"] == "home" and p["kind"] not in ("late_end", "stderr_flood", "stray_message")]
    return False, "disqualified in its validation game (" + ("; ".join(why[-2:]) or "see its stderr") + ")"


@contextlib.contextmanager
def _only_run(arena: Arena) -> Iterator[None]:
    """Hold the arena's run lock (flock on `run.lock`, released when this process ends
    however it ends); ArenaError when another run holds it."""
    fd = os.open(arena.folder / "run.lock", os.O_RDWR | os.O_CREAT, 0o600)
    try:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            raise ArenaError(f"another `nuffle arena run` is playing the arena in {arena.folder}; "
                             "wait for it to finish") from None
        yield
    finally:
        os.close(fd)


def run(arena: Arena, pairs: int = 0, settings: Settings | None = None, executor: Executor | None = None,
        workers: int = 0, kind: str = "local", address: str | None = None, trusted: bool = False,
        progress: Callable[[dict[str, Any]], None] | None = None) -> Summary:
    """Validate the pending submissions, finish the pairs an earlier run left open, then
    schedule and play `pairs` new pairs. Every bot is sandboxed unless `trusted`. One run at a
    time per arena (another is refused)."""
    settings = sandboxed(arena, settings or Settings(board=arena.board), trusted)
    if settings.board != arena.board:
        raise ArenaError(f"this arena plays board {arena.board}, not {settings.board}")
    with _only_run(arena):
        return _run(arena, pairs, settings, executor, workers, kind, address, progress)


def _run(arena: Arena, pairs: int, settings: Settings, executor: Executor | None, workers: int, kind: str,
         address: str | None, progress: Callable[[dict[str, Any]], None] | None) -> Summary:
    summary = Summary()
    own = executor is None
    before = containment.descendants()
    was_reaper = containment.is_subreaper()
    containment.set_subreaper(True)  # whatever a bot leaves behind stays within reach
    ex: Executor | None = executor

    def started() -> Executor:  # made when a batch has games (Ray starts only then)
        nonlocal ex
        if ex is None:
            ex = make_executor(kind, workers, address)
        return ex

    try:
        validator = BotSpec.builtin(VALIDATOR, "human", VALIDATOR)
        batch = _Batch(arena, summary, progress)
        for v in arena.pending():
            batch.add((bot_spec(v), validator), _seed(), settings, kind="validation", home=v.id, away=None)

        def validated(game: dict[str, Any]) -> None:
            passed, reason = _verdict(game)
            arena.validated(game["home"], passed, reason, game)
            summary.validated.append({"version": game["home_name"], "passed": passed, "reason": reason,
                                      "game": game})

        batch.run(started, validated)
        entries = {e.id: e for e in arena.versions()}
        new = pick_pairs(arena.entries(), arena.pair_counts(), pairs, random.Random(_seed()))
        arena.schedule([(a, b, _seed()) for a, b in new])
        batch = _Batch(arena, summary, progress)
        for p in arena.open_pairs():
            a, b = bot_spec(entries[p["a"]]), bot_spec(entries[p["b"]])
            for leg, (home, away, hid, aid) in enumerate(((a, b, p["a"], p["b"]), (b, a, p["b"], p["a"]))):
                if leg not in p["played"]:
                    batch.add((home, away), p["seed"], settings, kind="ladder", pair=p["id"], leg=leg,
                              home=hid, away=aid)

        def played(game: dict[str, Any]) -> None:
            arena.add_game(game)
            summary.games.append(game)

        batch.run(started, played)
    except BaseException:
        if ex is not None:
            with contextlib.suppress(Exception):
                ex.abort()
        containment.sweep(before | _tracker())
        raise
    finally:
        if not was_reaper:
            containment.set_subreaper(False)
    if own and ex is not None:
        ex.close()
    return summary


def _tracker() -> set[int]:
    """multiprocessing's resource tracker, spared by the sweep (it ends with this process)."""
    from multiprocessing import resource_tracker

    pid = getattr(getattr(resource_tracker, "_resource_tracker", None), "_pid", None)
    return {pid} if isinstance(pid, int) else set()
