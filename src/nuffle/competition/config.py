"""Tournament configuration: a TOML file read with tomllib and checked before any game starts.

Every problem is one `ConfigError` line naming the file, the table and the bad value."""

from __future__ import annotations

import os
import shutil
import tomllib
from dataclasses import dataclass, field, fields, replace
from pathlib import Path
from typing import Any

from nuffle.competition.clocks import Clocks
from nuffle.competition.process import Limits
from nuffle.competition.referee import BotSpec, Settings
from nuffle.core.board import VARIANTS
from nuffle.core.errors import NuffleError

FORMATS = ("round-robin", "round-robin+final")
EXECUTORS = ("local", "ray")
_TOURNAMENT_KEYS = {"name", "format", "games_per_pair", "final_games", "board", "seed", "max_illegal",
                    "max_stray", "max_setup_actions", "executor", "workers", "ray_address", "out",
                    "ruleset"}
#: Limits checked before any game (documented in docs/COMPETITION.md).
MAX_BOTS = 256
MAX_GAMES_PER_PAIR = 1000
MAX_GAMES = 100_000
MAX_FILE_BYTES = 1 << 20
#: The largest value of each [limits] key.
LIMIT_MAX = {"memory_mb": 1 << 20, "cpu_seconds": 10_000_000, "max_message_bytes": 1 << 30,
             "stderr_bytes": 1 << 30, "file_mb": 1 << 20, "processes": 1 << 20}
_BOT_KEYS = {"name", "team", "command", "builtin"}


class ConfigError(NuffleError, ValueError):
    """A tournament configuration that cannot be run."""


@dataclass(frozen=True)
class TournamentConfig:
    """A checked tournament: its bots, format, seeds, clocks, limits and where it runs."""

    name: str
    bots: tuple[BotSpec, ...]
    format: str = "round-robin"
    games_per_pair: int = 2
    final_games: int = 2
    seed: int | None = None
    settings: Settings = field(default_factory=Settings)
    executor: str = "local"
    workers: int = 0  # 0: one per CPU
    ray_address: str | None = None
    out: Path = Path("results")
    path: Path | None = None  # the config file (never shown to sandboxed bots)


def _int(table: dict[str, Any], key: str, default: int, where: str, least: int = 0,
         most: int = 1 << 63) -> int:
    value = table.get(key, default)
    if isinstance(value, bool) or not isinstance(value, int) or not least <= value <= most:
        raise ConfigError(f"{where}: {key!r} must be an integer from {least} to {most}, not {value!r}")
    return value


def _str(table: dict[str, Any], key: str, default: str | None, where: str) -> str:
    value = table.get(key, default)
    if not isinstance(value, str) or not value:
        raise ConfigError(f"{where}: {key!r} must be a non-empty string, not {value!r}")
    return value


def _unknown(table: dict[str, Any], known: set[str], where: str) -> None:
    for key in table:
        if key not in known:
            raise ConfigError(f"{where}: unknown key {key!r} (known: {', '.join(sorted(known))})")


def _executable(command: list[str], cwd: Path, where: str) -> None:
    exe = command[0]
    if os.sep in exe:
        path = Path(exe) if Path(exe).is_absolute() else cwd / exe
        if not path.exists():
            raise ConfigError(f"{where}: bot executable {exe!r} does not exist")
        if not path.is_file() or not os.access(path, os.X_OK):
            raise ConfigError(f"{where}: bot executable {exe!r} is not an executable file")
    elif shutil.which(exe) is None:
        raise ConfigError(f"{where}: bot executable {exe!r} does not exist (no such command on "
                          "the PATH)")


def _team(team: str, cwd: Path, where: str, ruleset: str = "lrb6") -> str:
    from nuffle.ruleset_choice import match_team

    path = cwd / team if team.endswith(".json") and not Path(team).is_absolute() else Path(team)
    ref = str(path) if team.endswith(".json") else team
    if team.endswith(".json") and not path.is_file():
        raise ConfigError(f"{where}: team file {team!r} does not exist")
    try:
        match_team(ref, ruleset)
    except (ValueError, OSError) as exc:
        raise ConfigError(f"{where}: team {team!r}: {exc}") from None
    return ref


def _bot(raw: object, i: int, cwd: Path, source: str, board: int | None = None,
         ruleset: str = "lrb6") -> BotSpec:
    where = f"{source}: [[bots]] #{i + 1}"
    if not isinstance(raw, dict):
        raise ConfigError(f"{where} must be a table")
    _unknown(raw, _BOT_KEYS, where)
    name = _str(raw, "name", None, where)
    where = f"{source}: bot {name!r}"
    team = _team(_str(raw, "team", None, where), cwd, where, ruleset)
    if ("command" in raw) == ("builtin" in raw):
        raise ConfigError(f"{where}: give exactly one of 'command' or 'builtin'")
    if "builtin" in raw:
        spec = _str(raw, "builtin", None, where)
        if spec != "random-legal":
            from nuffle.agents.registry import agent_for_board, validate_bot_spec

            try:
                if board is None:
                    validate_bot_spec(spec)
                else:
                    agent_for_board(spec, board)
            except ValueError as exc:
                raise ConfigError(f"{where}: {exc}") from None
            from nuffle.competition import positions

            if not positions.available():
                raise ConfigError(f"{where}: builtin {spec!r} needs full positions, which this "
                                  "nuffle cannot write yet (use builtin = \"random-legal\")")
        return BotSpec.builtin(name, team, spec)
    command = raw["command"]
    if isinstance(command, str):
        command = command.split()
    if not isinstance(command, list) or not command or not all(isinstance(c, str) and c for c in command):
        raise ConfigError(f"{where}: 'command' must be a non-empty list of strings, not {raw['command']!r}")
    _executable(command, cwd, where)
    return BotSpec(name, team, tuple(command), str(cwd))


def _ruleset(value: object, where: str) -> str:
    """The `ruleset` key: a playable ruleset's name (`ruleset_choice.choose`), else one line."""
    from nuffle.core.ruleset import RulesetError
    from nuffle.ruleset_choice import choose

    try:
        return choose(value).name
    except RulesetError as exc:
        raise ConfigError(f"{where}: {exc}") from None


def _table(data: dict[str, Any], key: str, source: str) -> dict[str, Any]:
    table = data.get(key, {})
    if not isinstance(table, dict):
        raise ConfigError(f"{source}: [{key}] must be a table")
    return table


def parse(data: dict[str, Any], source: str = "config", base: Path | None = None) -> TournamentConfig:
    """A checked configuration from parsed TOML; paths are relative to `base`."""
    cwd = (base or Path.cwd()).resolve()
    _unknown(data, {"tournament", "clocks", "limits", "bots"}, source)
    t = _table(data, "tournament", source)
    where = f"{source}: [tournament]"
    _unknown(t, _TOURNAMENT_KEYS, where)
    name = _str(t, "name", "tournament", where)
    fmt = _str(t, "format", "round-robin", where)
    if fmt not in FORMATS:
        raise ConfigError(f"{where}: format {fmt!r} is not one of {', '.join(FORMATS)}")
    board = _int(t, "board", 11, where, 1)
    if board not in VARIANTS:
        raise ConfigError(f"{where}: board {board} is not one of {', '.join(map(str, sorted(VARIANTS)))}")
    seed = None if "seed" not in t else _int(t, "seed", 0, where)
    ruleset = _ruleset(t.get("ruleset", "lrb6"), where)
    executor = _str(t, "executor", "local", where)
    if executor not in EXECUTORS:
        raise ConfigError(f"{where}: executor {executor!r} is not one of {', '.join(EXECUTORS)}")
    address = t.get("ray_address")
    if address is not None and not isinstance(address, str):
        raise ConfigError(f"{where}: 'ray_address' must be a string, not {address!r}")
    try:
        clocks = Clocks.from_dict(_table(data, "clocks", source), f"{source}: [clocks]")
    except (TypeError, ValueError) as exc:
        text = str(exc)
        raise ConfigError(text if text.startswith(source) else f"{source}: [clocks]: {text}") from None
    lim = _table(data, "limits", source)
    known_limits = {f.name for f in fields(Limits)}
    _unknown(lim, known_limits, f"{source}: [limits]")
    limits = Limits(**{k: _int(lim, k, 0, f"{source}: [limits]", 1, LIMIT_MAX[k]) for k in lim})
    settings = Settings(board=board, clocks=clocks, limits=limits,
                        max_illegal=_int(t, "max_illegal", 3, where, 0, 1_000_000),
                        max_stray=_int(t, "max_stray", 20, where, 0, 1_000_000),
                        max_setup_actions=_int(t, "max_setup_actions", 100, where, 1, 100_000),
                        ruleset=ruleset)
    raw_bots = data.get("bots")
    if not isinstance(raw_bots, list) or len(raw_bots) < 2:
        raise ConfigError(f"{source}: a tournament needs at least two [[bots]]")
    if len(raw_bots) > MAX_BOTS:
        raise ConfigError(f"{source}: {len(raw_bots)} [[bots]]; at most {MAX_BOTS} are allowed")
    bots = tuple(_bot(raw, i, cwd, source, board, ruleset) for i, raw in enumerate(raw_bots))
    seen: dict[str, str] = {}
    for b in bots:  # names are unique ignoring case ('plbot' and 'PLBOT' are one name)
        other = seen.setdefault(b.name.casefold(), b.name)
        if other != b.name or sum(c.name == b.name for c in bots) > 1:
            also = "" if other == b.name else f" (as {other!r}, ignoring case)"
            raise ConfigError(f"{source}: bot name {b.name!r} is used twice{also}")
    out = Path(_str(t, "out", f"{name}-results", where))
    per_pair = _int(t, "games_per_pair", 2, where, 1, MAX_GAMES_PER_PAIR)
    final_games = _int(t, "final_games", 2, where, 1, MAX_GAMES_PER_PAIR)
    games = len(bots) * (len(bots) - 1) // 2 * per_pair + (final_games if fmt != "round-robin" else 0)
    if games > MAX_GAMES:
        raise ConfigError(f"{where}: {games} games to play; at most {MAX_GAMES} are allowed "
                          "(fewer bots or fewer games_per_pair)")
    return TournamentConfig(
        name=name, bots=bots, format=fmt,
        games_per_pair=per_pair,
        final_games=final_games,
        seed=seed, settings=settings, executor=executor,
        workers=_int(t, "workers", 0, where, 0, 1024), ray_address=address,
        out=out if out.is_absolute() else cwd / out,
    )


def load(path: str | Path) -> TournamentConfig:
    """Read and check a TOML tournament file; raises ConfigError with one clear line."""
    p = Path(path)
    try:
        raw = p.read_bytes()
    except OSError as exc:
        raise ConfigError(f"cannot read {p}: {exc.strerror or exc}") from None
    if len(raw) > MAX_FILE_BYTES:
        raise ConfigError(f"{p}: {len(raw)} bytes; a tournament file may have at most {MAX_FILE_BYTES}")
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise ConfigError(f"{p} is not UTF-8 text (byte {exc.start})") from None
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise ConfigError(f"{p} is not valid TOML: {exc}") from None
    except RecursionError:
        raise ConfigError(f"{p} is not valid TOML: it nests too deeply") from None
    return replace(parse(data, str(p), p.parent), path=p.resolve())
