"""Running a tournament: the round robin (and the final), played by an executor, recorded,
and reported in `out/report.json` and `out/report.md` with records under `out/records/`.

Each game's record (and its bots' stderr) is written as the game finishes, with the running
report marked unfinished. An interrupt (Ctrl-C, or SIGTERM through the command line) stops at
once: every worker and bot is killed, the partial report is written, and the interrupt is
raised again. A later run of the same config into the same folder resumes: it keeps the
games already played and plays the rest; a changed config there is refused (`fresh` clears
the folder instead)."""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import shutil
import signal
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from nuffle.competition import containment, formats, report
from nuffle.competition.config import ConfigError, TournamentConfig
from nuffle.competition.executors import Executor, Outcome, Task, make_executor
from nuffle.competition.referee import SIDES, save_outputs


def fingerprint(config: TournamentConfig) -> str:
    """What a resumed run must share with the interrupted one (not where or how it runs)."""
    key = (config.name, config.bots, config.format, config.games_per_pair, config.final_games,
           config.seed, config.settings)
    return hashlib.sha256(repr(key).encode()).hexdigest()[:16]


class _Run:
    """One run of a tournament: the games played so far and the running report."""

    def __init__(self, config: TournamentConfig, seed: int, done: list[dict[str, Any]],
                 progress: Callable[[dict[str, Any]], None] | None) -> None:
        self.config = config
        self.seed = seed
        self.names = [b.name for b in config.bots]
        self.games = {g["index"]: g for g in done}
        self.progress = progress
        self.t0 = time.monotonic()

    def play(self, fixtures: list[formats.Fixture], executor: Executor) -> None:
        """Play the fixtures not played yet, saving each game as it finishes."""
        bots = {b.name: b for b in self.config.bots}
        todo = {f.index: f for f in fixtures if f.index not in self.games}
        tasks = [Task(bots[f.home], bots[f.away], f.seed, self.config.settings, f.index)
                 for f in todo.values()]
        if tasks:
            executor.run(tasks, lambda o: self.finished(todo[o.index], o))

    def finished(self, f: formats.Fixture, o: Outcome) -> None:
        """Save a finished game's files and the running report."""
        out = self.config.out
        game = {"index": f.index, "stage": f.stage, **o.report}
        path = out / "records" / f"game-{f.index:03d}.json"
        save_outputs(game, o.record, o.trace, path, o.lines)
        game["record"] = os.path.relpath(game["record"], out)
        if game.get("match_report"):
            game["match_report"] = os.path.relpath(game["match_report"], out)
        if game.get("trace"):
            game["trace"] = os.path.relpath(game["trace"], out)
        game["stderr"] = {}
        for side in SIDES:
            log = path.with_name(f"game-{f.index:03d}.{side}.stderr.txt")
            log.write_text(o.stderr.get(side, ""))
            game["stderr"][side] = os.path.relpath(log, out)
        self.games[f.index] = game
        self.write(unfinished=True)
        if self.progress is not None:
            self.progress(game)

    def ordered(self) -> list[dict[str, Any]]:
        return [self.games[i] for i in sorted(self.games)]

    def write(self, unfinished: bool) -> dict[str, Any]:
        """Write report.json and report.md from the games played so far."""
        config = self.config
        meta = {"name": config.name, "format": config.format,
                "games_per_pair": config.games_per_pair, "board": config.settings.board,
                "seed": self.seed, "clocks": config.settings.clocks.to_dict(),
                "seconds": round(time.monotonic() - self.t0, 3),
                "unfinished": unfinished, "config": fingerprint(config)}
        out = report.build(meta, self.names, self.ordered())
        config.out.mkdir(parents=True, exist_ok=True)
        _write(config.out / "report.json", json.dumps(out, indent=1))
        _write(config.out / "report.md", report.markdown(out))
        return out


def _write(path: Path, text: str) -> None:
    """Replace a file whole (a reader, or an interrupt, never sees half of it)."""
    tmp = path.with_name(path.name + ".tmp")
    tmp.write_text(text)
    os.replace(tmp, path)


def _check_folder(config: TournamentConfig, fresh: bool) -> None:
    """Refuse a results folder that holds another configuration's games (unless `fresh`,
    which clears the files a tournament writes there)."""
    out = config.out
    path = out / "report.json"
    if fresh:
        shutil.rmtree(out / "records", ignore_errors=True)
        for name in ("report.json", "report.md"):
            (out / name).unlink(missing_ok=True)
        return
    if not path.exists():
        return
    try:
        meta = json.loads(path.read_text())["tournament"]
        other = str(meta["config"])
    except (OSError, ValueError, KeyError, TypeError):
        other = "unreadable"
    if other != fingerprint(config):
        raise ConfigError(f"{out} holds the results of another configuration (config {other}, "
                          f"this one {fingerprint(config)}); pass --fresh to replace them, or "
                          "choose another --out")


def _resumable(config: TournamentConfig) -> tuple[int, list[dict[str, Any]]] | None:
    """The seed and played games of an unfinished run of this config in its folder."""
    try:
        old = json.loads((config.out / "report.json").read_text())
        meta = old["tournament"]
        if not meta.get("unfinished") or meta.get("config") != fingerprint(config):
            return None
        games = [g for g in old["games"] if (config.out / g["record"]).is_file()]
        return int(meta["seed"]), games
    except (OSError, ValueError, KeyError, TypeError):
        return None


def run(config: TournamentConfig, executor: Executor | None = None,
        progress: Callable[[dict[str, Any]], None] | None = None,
        fresh: bool = False) -> dict[str, Any]:
    """Play the tournament (resuming an unfinished run of it) and write its report.

    A results folder holding another configuration's results is refused (ConfigError)
    unless `fresh`, which clears it first."""
    _check_folder(config, fresh)
    resumed = _resumable(config)
    if resumed is not None:
        seed, done = resumed
    else:
        seed = config.seed if config.seed is not None else int.from_bytes(os.urandom(6), "little")
        done = []
    state = _Run(config, seed, done, progress)
    names = state.names
    own = executor is None
    before = containment.descendants()
    was_reaper = containment.is_subreaper()
    containment.set_subreaper(True)  # a bot a worker leaves behind stays within reach
    ex: Executor | None = None
    try:
        ex = executor or make_executor(config.executor, config.workers, config.ray_address)
        fixtures = formats.round_robin(names, config.games_per_pair, seed)
        state.play(fixtures, ex)
        if config.format == "round-robin+final":
            top = report.standings(names, state.ordered())
            final = formats.final(top[0]["name"], top[1]["name"], config.final_games, seed,
                                  len(fixtures))
            state.play(final, ex)
    except BaseException:
        # Stop now: nothing more is waited for; every worker and bot dies; what was played
        # is kept, and the report says it is unfinished.
        with _signals_held():
            if ex is not None:
                with contextlib.suppress(Exception):
                    ex.abort()
            containment.sweep(before | _tracker())
            if state.games:
                state.write(unfinished=True)
        raise
    finally:
        if not was_reaper:
            containment.set_subreaper(False)
    if own:
        ex.close()
    return state.write(unfinished=False)


def _tracker() -> set[int]:
    """multiprocessing's resource tracker, spared by the sweep: it ends by itself when this
    process exits, and killed early it would be started again, to complain, at exit."""
    from multiprocessing import resource_tracker

    pid = getattr(getattr(resource_tracker, "_resource_tracker", None), "_pid", None)
    return {pid} if isinstance(pid, int) else set()


@contextlib.contextmanager
def _signals_held() -> Any:
    """Ignore Ctrl-C and SIGTERM while an interrupted run cleans up (main thread only)."""
    try:
        old = {sig: signal.signal(sig, signal.SIG_IGN) for sig in (signal.SIGINT, signal.SIGTERM)}
    except ValueError:  # not the main thread
        old = {}
    try:
        yield
    finally:
        for sig, handler in old.items():
            signal.signal(sig, handler)


def comparable(out: dict[str, Any]) -> dict[str, Any]:
    """A report without its timings: equal for the same tournament on any executor."""
    games = [{k: v for k, v in g.items() if k != "seconds"} for g in out["games"]]
    meta = {k: v for k, v in out["tournament"].items() if k != "seconds"}
    return {**out, "games": games, "tournament": meta}
