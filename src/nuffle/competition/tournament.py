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
from dataclasses import replace
from pathlib import Path
from typing import Any

from nuffle.competition import containment, formats, ledger, report
from nuffle.competition.config import ConfigError, TournamentConfig
from nuffle.competition.executors import Executor, Outcome, Task, make_executor
from nuffle.competition.referee import SIDES, save_outputs
from nuffle.competition.sandbox import Sandbox, why_not


def fingerprint(config: TournamentConfig) -> str:
    """What a resumed run must share with the interrupted one (not where or how it runs)."""
    key: tuple[object, ...] = (config.name, config.bots, config.format, config.games_per_pair,
                               config.final_games, config.seed, replace(config.settings, sandbox=None))
    if config.settings.ruleset != "lrb6":  # LRB6 tournaments keep their fingerprint
        key += (config.settings.ruleset,)
    return hashlib.sha256(repr(key).encode()).hexdigest()[:16]


class _Run:
    """One run of a tournament: the games played so far and the running report."""

    def __init__(self, config: TournamentConfig, seed: int, key: bytes, done: list[dict[str, Any]],
                 progress: Callable[[dict[str, Any]], None] | None,
                 notice: Callable[[str], None] | None = None) -> None:
        self.config = config
        self.seed = seed
        self.key = key
        self.names = [b.name for b in config.bots]
        self.games = {g["index"]: g for g in done}
        self.progress = progress
        self.notice = notice
        self.fixtures: dict[int, formats.Fixture] = {}
        self.pairs: dict[tuple[str, int], list[int]] = {}
        self.t0 = time.monotonic()

    def refuse(self, index: int, why: str) -> None:
        """Drop a kept game that fails its check (it is played again), saying why."""
        g = self.games.pop(index)
        if self.notice is not None:
            self.notice(f"game {index} ({g.get('home')} v {g.get('away')}) kept from the earlier "
                        f"run is refused: {why}; it is played again")

    def play(self, fixtures: list[formats.Fixture], executor: Executor) -> None:
        """Play the fixtures not played yet (a kept game counts only if it checks out against
        its record and fixture), saving each game as it finishes."""
        for f in fixtures:
            self.fixtures[f.index] = f
            self.pairs.setdefault((f.stage, f.seed), []).append(f.index)
        for f in fixtures:
            kept = self.games.get(f.index)
            if kept is not None:
                path = ledger.inside(self.config.out, kept.get("record"))
                why = ("its record is not in the results folder" if path is None
                       else ledger.check_game(kept, path, f.seed, f.home, f.away))
                if why:
                    self.refuse(f.index, why)
        bots = {b.name: b for b in self.config.bots}
        todo = {f.index: f for f in fixtures if f.index not in self.games}
        tasks = [Task(bots[f.home], bots[f.away], f.seed, self.config.settings, f.index)
                 for f in todo.values()]
        if tasks:
            executor.run(tasks, lambda o: self.finished(todo[o.index], o))

    def finished(self, f: formats.Fixture, o: Outcome) -> None:
        """Save a finished game's files and the running report. The games of a pair share
        their dice: until the pair's last game is over its games wait in the private folder,
        their seed left out of the report."""
        out = self.config.out
        pair = self.pairs[(f.stage, f.seed)]
        complete = all(i == f.index or i in self.games for i in pair)
        folder = out / "records" if complete else out / ledger.PENDING
        if not complete:
            ledger.private(out)
        game = {"index": f.index, "stage": f.stage, **o.report}
        path = folder / f"game-{f.index:03d}.json"
        save_outputs(game, o.record, o.trace, path, o.lines)
        game["stderr"] = {}
        for side in SIDES:
            log = path.with_name(f"game-{f.index:03d}.{side}.stderr.txt")
            log.write_text(o.stderr.get(side, ""))
            game["stderr"][side] = str(log)
        _relative(game, out)
        game["digest"] = ledger.file_digest(path)
        if not complete:
            game["seed"] = None
        self.games[f.index] = game
        if complete:
            for i in pair:
                if i != f.index and i in self.games:
                    self._publish(self.games[i])
        self.write(unfinished=True)
        if self.progress is not None:
            self.progress(game)

    def _publish(self, game: dict[str, Any]) -> None:
        """Move a pending game's files to `out/records` (its pair is over)."""
        out = self.config.out
        if not str(game["record"]).startswith(ledger.PENDING):
            return
        records = out / "records"
        records.mkdir(parents=True, exist_ok=True)
        for old in (out / ledger.PENDING).glob(f"game-{game['index']:03d}.*"):
            os.replace(old, records / old.name)
        for key in ("record", "match_report", "trace"):
            if game.get(key):
                game[key] = f"records/{Path(game[key]).name}"
        game["stderr"] = {side: f"records/{Path(p).name}" for side, p in game["stderr"].items()}
        game["seed"] = self.fixtures[game["index"]].seed

    def ordered(self) -> list[dict[str, Any]]:
        return [self.games[i] for i in sorted(self.games)]

    def write(self, unfinished: bool) -> dict[str, Any]:
        """Write report.json and report.md from the games played so far (the tournament seed
        only once every game is over) with the digest chain over their records."""
        config = self.config
        games = self.ordered()
        meta = {"name": config.name, "format": config.format,
                "games_per_pair": config.games_per_pair, "board": config.settings.board,
                "seed": None if unfinished else self.seed,
                "clocks": config.settings.clocks.to_dict(),
                "seconds": round(time.monotonic() - self.t0, 3),
                "unfinished": unfinished, "config": fingerprint(config),
                "chain": ledger.chain(self.key, games)}
        out = report.build(meta, self.names, games)
        config.out.mkdir(parents=True, exist_ok=True)
        _write(config.out / "report.json", json.dumps(out, indent=1))
        _write(config.out / "report.md", report.markdown(out))
        return out


def _relative(game: dict[str, Any], out: Path) -> None:
    """A game's file paths relative to the results folder."""
    for key in ("record", "match_report", "trace"):
        if game.get(key):
            game[key] = os.path.relpath(game[key], out)
    game["stderr"] = {side: os.path.relpath(p, out) for side, p in game["stderr"].items()}


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
        for folder in ("records", ledger.PRIVATE):
            shutil.rmtree(out / folder, ignore_errors=True)
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


def _resumable(config: TournamentConfig,
               notice: Callable[[str], None] | None) -> tuple[int, bytes, list[dict[str, Any]]] | None:
    """The seed, key and kept games of an unfinished run of this config in its folder (a game
    whose record's digest or chain link fails is refused, named through `notice`)."""
    state = ledger.load_state(config.out)
    if state is None:
        return None
    try:
        old = json.loads((config.out / "report.json").read_text())
        meta = old["tournament"]
        if not meta.get("unfinished") or meta.get("config") != fingerprint(config):
            return None
        games = [g for g in old["games"] if isinstance(g, dict) and isinstance(g.get("index"), int)]
    except (OSError, ValueError, KeyError, TypeError):
        return None
    key = bytes.fromhex(state["key"])
    paths = {g["index"]: ledger.inside(config.out, g.get("record")) for g in games}
    bad = {i: "its record is not in the results folder" for i, p in paths.items() if p is None}
    bad.update(ledger.check_links(key, [g for g in games if paths[g["index"]] is not None],
                                  {i: p for i, p in paths.items() if p is not None}))
    for g in games:
        if g["index"] in bad and notice is not None:
            notice(f"game {g['index']} ({g.get('home')} v {g.get('away')}) kept from the earlier "
                   f"run is refused: {bad[g['index']]}; it is played again")
    return int(state["seed"]), key, [g for g in games if g["index"] not in bad]


def run(config: TournamentConfig, executor: Executor | None = None,
        progress: Callable[[dict[str, Any]], None] | None = None,
        fresh: bool = False, notice: Callable[[str], None] | None = None,
        trusted: bool = False) -> dict[str, Any]:
    """Play the tournament (resuming an unfinished run of it) and write its report.

    Every bot runs sandboxed (sandbox.py), unless `trusted`; where it cannot be, the run is
    refused (ConfigError). A results folder holding another configuration's results is refused
    too unless `fresh`, which clears it first. Kept games of a resumed run are checked first
    (ledger.py); `notice` hears of each one refused (it is played again)."""
    config = _sandboxed(config, trusted)
    _check_folder(config, fresh)
    resumed = _resumable(config, notice)
    if resumed is not None:
        seed, key, done = resumed
    else:
        seed = config.seed if config.seed is not None else int.from_bytes(os.urandom(6), "little")
        key = ledger.save_state(config.out, seed)
        done = []
    state = _Run(config, seed, key, done, progress, notice)
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


def _sandboxed(config: TournamentConfig, trusted: bool) -> TournamentConfig:
    """The config with its bots sandboxed (hidden from the results folder and the config
    file); as it is when `trusted`; ConfigError naming why when this machine cannot sandbox."""
    if trusted:
        return config
    hidden = tuple(str(p) for p in (config.out, config.path) if p is not None)
    box = Sandbox(hidden=hidden, tmpfs_mb=config.settings.limits.file_mb)
    why = why_not(box)
    if why:
        raise ConfigError(f"cannot sandbox the bots here: {why}; pass --trusted-bots to run "
                          "them unsandboxed, as your own user")
    return replace(config, settings=replace(config.settings, sandbox=box))


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
    """A report without its timings and keyed chain: equal for the same tournament on any
    executor."""
    games = [{k: v for k, v in g.items() if k not in ("seconds", "chain")} for g in out["games"]]
    meta = {k: v for k, v in out["tournament"].items() if k not in ("seconds", "chain")}
    return {**out, "games": games, "tournament": meta}
