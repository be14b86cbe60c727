"""The `nuffle` command line: play, replay, bench, and the football subcommands."""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path
from typing import Any

from nuffle.agents.registry import agent_for_board, agent_names, make_agent
from nuffle.analysis.cli import register as register_odds
from nuffle.arena.cli import register as register_arena
from nuffle.competition.cli import register as register_tournament
from nuffle.core.board import VARIANTS
from nuffle.core.errors import InputError, NuffleError
from nuffle.core.game import Game
from nuffle.evaluation import Entry, play_series
from nuffle.games.football_strategy.cli import register as register_football
from nuffle.interrupts import PipeGuard, terminate_as_interrupt
from nuffle.ladder.cli import register as register_ladder
from nuffle.league.cli import register as register_league
from nuffle.parity_cli import register as register_parity
from nuffle.play import play
from nuffle.report import MatchReport
from nuffle.rl.cli import register as register_rl
from nuffle.strength.cli import register as register_strength
from nuffle.web.cli import register as register_web


def _entries(args: argparse.Namespace) -> tuple[Entry, Entry]:
    """The two entries from --home/--away ('race:bot'), falling back to --home-bot/--away-bot."""
    return Entry.parse(args.home, args.home_bot), Entry.parse(args.away, args.away_bot)


def _game_summary(game: Game, seconds: float, seed: int) -> dict[str, Any]:
    res = game.result
    box = game.box_score()
    out: dict[str, Any] = {"seed": seed, "score": res.to_dict()["score"], "winner": res.winner,
                           "seconds": round(seconds, 6), "decisions": len(game.history)}
    for side in ("home", "away"):
        row = box[side]
        out[side] = {k: row[k] for k in row}
    return out


def print_box_score(game: Game, seconds: float) -> None:
    """Print a readable box score for one finished game."""
    box = game.box_score()
    res = game.result
    h, a = box["home"], box["away"]
    score = res.score
    title = f"{h['team']} ({h['race']}) {score.home} - {score.away} {a['team']} ({a['race']})"
    print(title)
    print("=" * len(title))
    header = f"{'':<22}{'home':>12}{'away':>12}"
    print(header)
    labels = (("touchdowns", "Touchdowns"), ("casualties", "Casualties (opponents)"),
              ("knockouts", "KOs (opponents)"), ("turnovers", "Turnovers"))
    for key, label in labels:
        hv, av = h[f"{key}_by_half"], a[f"{key}_by_half"]
        print(f"{label:<22}{h[key]:>5} ({hv[0]}+{hv[1]}){a[key]:>5} ({av[0]}+{av[1]})")
    winner = res.winner
    champion = h["team"] if winner == "home" else a["team"]
    if not game.is_over:
        verdict = "Unfinished game (no result)"
    else:
        verdict = "Draw" if winner is None else f"Winner: {winner} ({champion})"
    print(f"{verdict}  |  {len(game.history)} decisions in {seconds * 1000:.1f} ms")


def _error(message: str, code: int = 2) -> int:
    """Print a one-line error and return the exit code."""
    print(f"error: {message}", file=sys.stderr)
    return code


def cmd_play(args: argparse.Namespace) -> int:
    """Play one game (box score) or a series (results with intervals and a venue split)."""
    from nuffle.teams import load_team

    if args.games < 1:
        return _error(f"--games must be at least 1, got {args.games}")
    home, away = _entries(args)
    try:
        agent_for_board(home.bot, args.board)
        agent_for_board(away.bot, args.board)
        teams = (load_team(home.team), load_team(away.team))
        Game.new(*teams, seed=args.seed, board=args.board)
    except ValueError as exc:
        return _error(str(exc))
    if args.games > 1:
        if args.save:
            folder = Path(args.save)
            if folder.exists() and not folder.is_dir():
                return _error(f"--save {args.save}: with --games, --save names a folder (one record "
                              "per game), but this is a file")
            try:
                folder.mkdir(exist_ok=True)
            except OSError as exc:
                return _error(f"--save {args.save}: cannot create the folder ({exc.strerror or exc})")
            taken = _taken_records(folder, args.games, args.seed)
            if taken and not args.overwrite:
                return _error(f"--save {args.save}: {taken[0].name} and {len(taken) - 1} more records "
                              "of this series exist already (--overwrite replaces them)")
        return _series(args, home, away)
    if args.save and Path(args.save).is_file() and not args.overwrite:
        return _error(f"--save {args.save}: the file exists already (--overwrite replaces it)")
    t0 = time.perf_counter()
    game = Game.new(*teams, seed=args.seed, board=args.board)
    report = MatchReport(game) if args.log else None
    play(game, make_agent(home.bot, args.seed * 2 + 1), make_agent(away.bot, args.seed * 2 + 2),
         report=report)
    if report is not None:
        print("\n".join(report.lines), file=sys.stderr if args.json else sys.stdout)
    secs = time.perf_counter() - t0
    # The result first: a record that cannot be saved must not lose the game's result.
    if args.json:
        print(json.dumps(_game_summary(game, secs, args.seed)), flush=True)
    else:
        print_box_score(game, secs)
        sys.stdout.flush()
    if args.save:
        from nuffle.record import RecordError, save

        try:
            save(game, args.save)
        except RecordError as exc:
            return _error(f"the game was played (result above) but its record was not saved: {exc}", 1)
        if not args.json:
            print(f"record saved to {args.save}")
    return 0


def _series(args: argparse.Namespace, home: Entry, away: Entry) -> int:
    from tqdm import tqdm

    from nuffle.record import RecordError, save

    alternate = not args.fixed_sides
    saved: list[str] = []

    def on_game(game: Game) -> None:
        if args.save:
            path = Path(args.save) / _record_name(len(saved), game.config.seed)
            save(game, path)
            saved.append(str(path))
        bar.update(1)

    try:
        with tqdm(total=args.games, desc="games", unit="game",
                  disable=args.json or not sys.stderr.isatty()) as bar:
            at_home, on_road = play_series(home, away, args.games, args.seed, args.board,
                                           alternate, on_game=on_game)
    except RecordError as exc:
        return _error(f"{exc} ({len(saved)} records saved before it)", 1)
    code = 130 if at_home.interrupted or on_road.interrupted else 0
    if code:
        print(f"interrupted: {at_home.played + on_road.played} of {args.games} games finished",
              file=sys.stderr)
    total = at_home.merged(on_road)
    overall = total.summary()
    games = [
        {**g, "home_entry_won": _won(g, str(home), str(away))} for g in total.games
    ]
    agg = {
        "games": total.played,
        "home_entry": str(home),
        "away_entry": str(away),
        "alternate": alternate,
        # Counted for the --home entry and the --away entry, wherever each played.
        "home_wins": total.wins,
        "draws": total.draws,
        "away_wins": total.losses,
        "home_td_per_game": overall["td_per_game"],
        "away_td_per_game": overall["conceded_per_game"],
        "seconds_per_game": overall["seconds_per_game"],
        "home_win_rate_95": overall["win_rate_95"],
        "split": {"at_home": at_home.summary(), "away": on_road.summary()},
        "list": games,
        "saved": saved,
        "interrupted": bool(code),
    }
    if args.json:
        print(json.dumps(agg))
        return code
    venue = "venues alternate" if alternate else f"{home} always at home"
    print(f"{total.played} games, {home} v {away}, board {args.board} ({venue})")
    lo, hi = overall["win_rate_95"]
    print(f"{home}: W/D/L {total.wins}/{total.draws}/{total.losses}  "
          f"win rate {overall['win_rate']:.3f} (95% {lo:.3f}-{hi:.3f})")
    print(f"touchdowns per game: {home} {overall['td_per_game']:.2f}  "
          f"{away} {overall['conceded_per_game']:.2f}")
    for label, rec in (("at home", at_home), ("away", on_road)):
        if rec.played:
            r = rec.summary()
            lo, hi = r["win_rate_95"]
            print(f"  {home} {label:7}: {rec.played} games  W/D/L {rec.wins}/{rec.draws}/{rec.losses}"
                  f"  win rate {r['win_rate']:.3f} (95% {lo:.3f}-{hi:.3f})"
                  f"  TD/game {r['td_per_game']:.2f} (conceded {r['conceded_per_game']:.2f})")
    print(f"{overall['seconds_per_game'] * 1000:.1f} ms per game")
    if saved:
        print(f"{len(saved)} records saved in {args.save}")
    return code


def _positive_seconds(text: str) -> float:
    """argparse type: a finite number of seconds above 0 (at most an hour)."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a number of seconds: {text!r}") from None
    if not 0 < value <= 3600:  # also refuses nan and inf
        raise argparse.ArgumentTypeError(f"must be a number of seconds above 0 and at most 3600, not {text}")
    return value


def _record_name(index: int, seed: int | None) -> str:
    """The file name of a series' game `index` (from 0) in its --save folder."""
    return f"game-{index + 1:04d}-seed-{seed}.json"


def _taken_records(folder: Path, games: int, seed: int) -> list[Path]:
    """The records in `folder` that a series of `games` games from `seed` would write, in order
    (one look at the folder, not one per game: a series may be millions of games long)."""
    taken: dict[int, Path] = {}
    for path in folder.iterdir():
        number = path.name.removeprefix("game-").partition("-seed-")[0]
        i = int(number) - 1 if number.isdigit() else -1
        if 0 <= i < games and path.name == _record_name(i, seed + i):
            taken[i] = path
    return [taken[i] for i in sorted(taken)]


def _won(game: dict[str, Any], first: str, second: str) -> bool | None:
    """Whether the --home entry won this game (None for a draw)."""
    if game["winner"] is None:
        return None
    home_won = game["winner"] == "home"
    return home_won if game["home"] == first else not home_won


def cmd_replay(args: argparse.Namespace) -> int:
    """Verify a saved record and print its summary."""
    from nuffle.files import parse_json, read_text
    from nuffle.record import RecordError, replay

    reports: list[MatchReport] = []
    path = Path(args.file)
    t0 = time.perf_counter()
    try:  # a file that cannot be read or is not JSON is bad input (2)
        record = parse_json(read_text(path), str(path))
    except ValueError as exc:
        return _error(str(exc))
    try:  # a record that does not verify is the check failing (1)
        game = replay(record, reports if args.show else None)
    except RecordError as exc:
        return _error(f"{path}: {exc}", 1)
    if args.show:
        print("\n".join(reports[0].lines))
    state = "" if game.is_over else " (an unfinished game, saved before its end)"
    print(f"record verified: {len(game.history)} entries replay exactly{state}")
    print_box_score(game, time.perf_counter() - t0)
    return 0


def _native_bench(args: argparse.Namespace, teams: tuple[Any, Any], board: int) -> int:
    """`nuffle bench engine --engine native`: the native engine's figures (JSON or text)."""
    from nuffle.bench.native import format_native_bench, run_native_bench
    from nuffle.core.engines import EngineUnavailableError

    try:
        figures = run_native_bench(games=args.games, home=teams[0], away=teams[1], board=board)
    except EngineUnavailableError as exc:
        return _error(str(exc))
    print(json.dumps(figures) if args.json else format_native_bench(figures))
    return 0


def _batched_bench(args: argparse.Namespace) -> int:
    """`nuffle bench env --batched`: the batched environment's steps/s (JSON or text)."""
    from nuffle.core.engines import native_available

    if not native_available():
        return _error("bench env --batched needs the native engine, which is not built here")
    args.envs = 64 if args.envs is None else args.envs
    args.workers = 1 if args.workers is None else args.workers
    args.opponent = "random" if args.opponent is None else args.opponent
    if args.envs < 1 or not 1 <= args.workers <= args.envs:
        return _error(f"--envs must be at least 1 and --workers 1..--envs, "
                      f"got {args.envs} and {args.workers}")
    from nuffle.bench.batched import format_batched_bench, run_batched_bench
    from nuffle.envs.core import BOARDS

    boards = BOARDS if args.board is None else (args.board,)
    seconds = 5.0 if args.seconds is None else args.seconds
    try:
        figures = run_batched_bench(boards, args.envs, args.workers, seconds, args.opponent)
    except NuffleError as e:  # an unknown bot or model, a policy of another board
        return _error(str(e))
    print(json.dumps(figures) if args.json else format_batched_bench(figures))
    return 0


def cmd_bench(args: argparse.Namespace) -> int:
    """Run the speed benchmark (of the engine; `mcts`: the search; `env`: the environments)."""
    from nuffle.bench import print_env_bench, run_bench
    from nuffle.bench.flags import bench_flag_problem
    from nuffle.teams import load_team

    problem = bench_flag_problem(args)
    if problem:
        return _error(problem)
    if args.what == "env" and args.batched:
        return _batched_bench(args)
    args.engine = args.engine or "python"
    args.games = 30 if args.games is None else args.games
    args.home, args.away = args.home or "human", args.away or "orc"
    if args.what == "env":
        return print_env_bench(args.json, 5.0 if args.seconds is None else args.seconds,
                               None if args.board is None else (args.board,), args.engine)
    board = 11 if args.board is None else args.board

    if args.what == "mcts":
        from nuffle.bench.mcts import BOARDS, format_mcts_bench, run_mcts_bench

        mcts = run_mcts_bench(boards=BOARDS if args.board is None else (args.board,),
                              seconds=0.5 if args.seconds is None else args.seconds, engine=args.engine)
        print(json.dumps(mcts) if args.json else format_mcts_bench(mcts))
        return 0

    if args.games < 1:
        return _error(f"--games must be at least 1, got {args.games}")
    if args.what == "bots":  # perf: the bots' games/s on both engines (nuffle.bench.bots)
        from nuffle.bench.bots import run_bot_bench

        print(json.dumps(run_bot_bench(games=args.games, board=board, home=args.home, away=args.away)))
        return 0
    try:
        teams = (load_team(args.home), load_team(args.away))
        Game.new(*teams, board=board)
    except ValueError as exc:
        return _error(str(exc))
    if args.engine == "native":  # perf: the C++ engine's figures (nuffle.bench.native)
        return _native_bench(args, teams, board)
    figures = run_bench(games=args.games, home=teams[0], away=teams[1], board=board)
    if args.json:
        print(json.dumps(figures))
        return 0
    print(f"random play, {args.home} v {args.away}, board {figures['board']}, {figures['games']} games "
          f"({figures['decisions_per_game']:.0f} decisions per game)")
    print(f"  decision:     {figures['decision_us']:8.1f} us")
    print(f"  game:         {figures['game_ms']:8.2f} ms")
    print(f"  clone:        {figures['clone_us']:8.2f} us")
    print(f"  view:         {figures['view_us']:8.2f} us   (what play() adds per decision)")
    print(f"  clone + step: {figures['clone_step_us']:8.2f} us")
    print("exact outcomes (Game.outcomes)")
    print(f"  move with a dodge:                   {figures['outcomes_dodge_ms']:6.3f} ms")
    print(f"  block knock-down (armour/injury/cas): {figures['outcomes_block_ms']:6.3f} ms")
    return 0


# --- teams -------------------------------------------------------------------------------------


def _team_json(raw: dict[str, Any]) -> str:
    """A team file's text: one player per line."""
    head = {k: v for k, v in raw.items() if k != "players"}
    lines = ["{"] + [f"  {json.dumps(k)}: {json.dumps(v)}," for k, v in head.items()]
    players = ",\n".join(f"    {json.dumps(p)}" for p in raw.get("players", []))
    lines += ['  "players": [', players, "  ]", "}"]
    return "\n".join(lines) + "\n"


def _parse_players(items: list[str]) -> list[tuple[str, int]]:
    out = []
    for item in items:
        pos, sep, n = item.rpartition("=")
        if not sep or not pos.strip():
            raise InputError(f"--player {item!r}: use POSITIONAL=COUNT, e.g. --player Blitzer=2")
        try:
            out.append((pos.strip(), int(n)))
        except ValueError:
            raise InputError(f"--player {item!r}: the count must be an integer") from None
    return out


def cmd_team_new(args: argparse.Namespace) -> int:
    """Write (or print) a team: the race's default team (or, for another treasury, one shaped
    like it), or one built from the options."""
    from nuffle import teams as T
    from nuffle.core.teams import default_team_dict, parse_team, race
    from nuffle.teams_cli import check_ruleset, team_new

    try:
        if check_ruleset(args.ruleset) != "lrb6":
            players = _parse_players(args.player) if args.player is not None else None
            return team_new(args, players, _team_json, _error)
        if args.dedicated_fans is not None or args.favoured_of is not None:
            return _error("--dedicated-fans and --favoured-of are BB2020's (--ruleset bb2020)")
        r = race(args.race)
        base = (default_team_dict(r.key) if args.treasury == T.TREASURY else
                T.suggest_team(r.key, args.treasury))
        custom = args.player is not None
        players = (_parse_players(args.player) if custom else
                   [(p["position"], 1) for p in base["players"]])
        raw = T.build_team(
            r.key,
            players,
            rerolls=base.get("rerolls", 0) if args.rerolls is None else args.rerolls,
            apothecary=(base.get("apothecary", False) if args.apothecary is None
                        else args.apothecary == "yes"),
            fan_factor=base.get("fan_factor", 0) if args.fan_factor is None else args.fan_factor,
            assistant_coaches=(base.get("assistant_coaches", 0) if args.assistant_coaches is None
                               else args.assistant_coaches),
            cheerleaders=base.get("cheerleaders", 0) if args.cheerleaders is None else args.cheerleaders,
            treasury=args.treasury,
            name=args.name or base.get("name"),
        )
        if not custom:  # keep the default file's player order and numbers
            raw["players"] = base["players"]
    except ValueError as exc:
        return _error(str(exc))
    text = _team_json(raw)
    spec = parse_team(raw)
    summary = (f"{spec.name} ({r.name}): {len(spec.players)} players, cost "
               f"{T.team_cost(spec):,} of {args.treasury:,}")
    if args.output:
        from nuffle.files import write_text

        try:
            write_text(Path(args.output), text)
        except ValueError as exc:
            return _error(f"-o: {exc}")
        print(f"{summary}; written to {args.output}")
    else:
        sys.stdout.write(text)
        print(summary, file=sys.stderr)
    return 0


def cmd_team_check(args: argparse.Namespace) -> int:
    """Check a team file against every team-creation rule; exit 0 if legal, 1 if not, 2 if
    the file cannot be read or is not a JSON object."""
    from nuffle import teams as T
    from nuffle.core.teams import race
    from nuffle.league.team import LeagueTeam, is_league_team
    from nuffle.teams_bb2020 import is_bb2020
    from nuffle.teams_cli import team_check

    try:
        raw = T.read_team_file(args.file)
    except ValueError as exc:
        return _error(str(exc))
    if is_bb2020(raw):
        return team_check(raw, args.file, args.treasury, _error)
    try:
        if is_league_team(raw):  # a team with league history: the history must be possible
            lt = LeagueTeam.from_dict(raw, args.file)
            print(f"{args.file}: legal {race(lt.race).name} league team '{lt.name}': "
                  f"{len(lt.players)} players, TV {lt.team_value():,}, treasury {lt.treasury:,}")
            return 0
        spec = T.check_team(raw, args.file, args.treasury)
    except ValueError as exc:
        return _error(str(exc), 1)
    budget = args.treasury if args.treasury is not None else raw.get("treasury", T.TREASURY)
    print(f"{args.file}: legal {race(spec.race).name} team '{spec.name}': {len(spec.players)} players, "
          f"cost {T.team_cost(spec):,} of {budget:,}")
    return 0


def cmd_team_races(args: argparse.Namespace) -> int:
    """List the races, or one race's roster (of LRB6, or of `--ruleset bb2020`)."""
    from nuffle.core import teams as T
    from nuffle.teams_cli import check_ruleset, team_races

    try:
        if check_ruleset(args.ruleset) != "lrb6":
            return team_races(args.race, _error)
    except ValueError as exc:
        return _error(str(exc))
    if args.race:
        try:
            r = T.race(args.race)
        except ValueError as exc:
            return _error(str(exc))
        print(f"{r.name}: re-roll {r.reroll_cost:,}, apothecary {'yes' if r.apothecary else 'no'}")
        for p in r.positionals:
            skills = ", ".join(sorted(_label(s) for s in p.skills)) or "-"
            print(f"  0-{p.max_qty:<3}{p.name:<22}{p.cost:>8,}  {p.ma}/{p.st}/{p.ag}/{p.av}  "
                  f"{p.normal}/{p.double}  {skills}")
        return 0
    have = T.implemented_skills()
    for key, r in T.races().items():
        missing = set().union(*(p.skills - have for p in r.positionals))
        default = T.parse_team(T.default_team_dict(key))
        blocked = set().union(*(p.position.skills - have for p in default.players))
        note = ("playable" if not blocked else
                "default team needs " + ", ".join(sorted(_label(s) for s in blocked)))
        if missing and not blocked:
            note += " (other positionals need " + ", ".join(sorted(_label(s) for s in missing)) + ")"
        print(f"{key:<13}{r.name:<13}RR {r.reroll_cost // 1000}k  apo {'yes' if r.apothecary else 'no '}  "
              f"{len(r.positionals)} positionals  {note}")
    return 0


def _label(skill: Any) -> str:
    from nuffle.core.teams import skill_name

    return skill_name(skill)


# --- soak and skills ------------------------------------------------------------------------------


def cmd_soak(args: argparse.Namespace) -> int:
    """Random games for every pairing of races, invariants checked after every step."""
    from nuffle.bench import format_soak, run_soak

    races = args.races.split(",") if args.races is not None else None
    try:
        summary = run_soak(races=races, games=args.games, board=args.board, seed=args.seed,
                           bot=args.bot, progress=not args.json and sys.stderr.isatty())
    except ValueError as exc:
        return _error(str(exc))
    if args.json:
        print(json.dumps(summary))
    else:
        print(format_soak(summary))
    if summary["interrupted"]:
        return 130
    if not summary["races"]:
        return _error("no playable race: every race given is blocked")
    return 1 if summary["exceptions"] else 0


def cmd_skills(args: argparse.Namespace) -> int:
    """The skill table (text, markdown), writing or checking docs/SKILLS.md."""
    from nuffle.skill_table import DOC_PATH, markdown, problems, repo_root, skill_rows, text_table

    if args.points:
        from nuffle.core.hooks import points

        for name, point in sorted(points().items()):
            skills = ", ".join(sorted(s.name.lower() for s in point.handlers)) or "-"
            print(f"{name}\n    {point.signature}\n    skills: {skills}")
        return 0
    rows = skill_rows()
    if args.write or args.check:
        from nuffle.files import read_text, write_text

        path = Path(args.file) if args.file else repo_root() / DOC_PATH
        text = markdown(rows)
        if args.check:
            try:
                exists = path.is_file()
            except OSError:
                exists = False
            if not exists:
                return _error(f"{path} does not exist (or is not a file): run `nuffle skills --write` "
                              "to create it", 1)
            try:
                current = read_text(path)
            except ValueError as exc:
                return _error(str(exc), 1)
            if current != text:
                print(f"{path} is out of date: run `nuffle skills --write`", file=sys.stderr)
                return 1
            print(f"{path} is up to date")
            return 0
        try:
            write_text(path, text)
        except ValueError as exc:
            return _error(str(exc), 1)
        print(f"wrote {path}")
        return 0
    print(markdown(rows) if args.markdown else text_table(rows))
    issues = problems(rows)
    if issues and not args.markdown:
        print(f"\n{len(issues)} problems:", *issues, sep="\n  ")
    return 0


def _version() -> str:
    """The package's version (`nuffle.__version__`, which the installed metadata repeats)."""
    from nuffle import __version__

    return __version__


def build_parser() -> argparse.ArgumentParser:
    """Build the argument parser with every subcommand registered."""
    parser = argparse.ArgumentParser(prog="nuffle", description="Blood Bowl AI framework")
    parser.add_argument("--version", action="version", version=f"%(prog)s {_version()}",
                        help="print the version and exit")
    sub = parser.add_subparsers(dest="command", required=True)

    p = sub.add_parser("play", help="play bot-vs-bot games and print a box score")
    p.add_argument("--home", default="human",
                   help="home entry: race or team .json file, optionally ':bot' (human:scripted)")
    p.add_argument("--away", default="orc", help="away entry, as --home (orc:random)")
    p.add_argument("--home-bot", default="random", help=f"bot name ({', '.join(agent_names())})")
    p.add_argument("--away-bot", default="random", help="bot name for --away (default random)")
    p.add_argument("--seed", type=int, default=0,
                   help="random seed of the (first) game; game i of a series uses seed + i")
    p.add_argument("--board", type=int, default=11, choices=sorted(VARIANTS),
                   help="players a side: 11 is the full pitch, 7/5/3/1 the smaller boards")
    p.add_argument("--games", type=int, default=1,
                   help="several games: the two entries alternate home and away")
    p.add_argument("--fixed-sides", action="store_true",
                   help="with --games, keep the --home entry at home in every game")
    p.add_argument("--json", action="store_true", help="print JSON instead of text")
    p.add_argument("--log", action="store_true",
                   help="print the match report (every event, in words) before the box score")
    p.add_argument("--save", metavar="PATH",
                   help="save the match record to this file; with --games, a folder that gets "
                   "one record per game")
    p.add_argument("--overwrite", action="store_true",
                   help="let --save replace records that exist already (refused otherwise)")
    p.set_defaults(func=cmd_play)

    r = sub.add_parser("replay", help="verify a match record and print its summary")
    r.add_argument("file", help="a record written by `nuffle play --save`")
    r.add_argument("--show", action="store_true", help="print the match report (every event, in words)")
    r.set_defaults(func=cmd_replay)

    b = sub.add_parser("bench", help="measure engine speed (or the search's: bench mcts; the "
                                     "environments': bench env)")
    b.add_argument("what", nargs="?", default="engine", choices=["engine", "mcts", "env", "bots"],
                   help="engine (default), mcts, env or bots (scripted and grod games/s on both engines)")
    b.add_argument("--seconds", type=_positive_seconds, default=None,
                   help="mcts: search time per position (default 0.5); env: seconds per figure (default 5)")
    b.add_argument("--games", type=int, default=None, help="engine, bots: random games to time (default 30)")
    b.add_argument("--board", type=int, default=None, choices=sorted(VARIANTS),
                   help="players a side (default 11; env: every board)")
    b.add_argument("--home", default=None, help="engine, bots: home race or team .json file (default human)")
    b.add_argument("--away", default=None, help="engine, bots: away race or team .json file (default orc)")
    b.add_argument("--json", action="store_true", help="print JSON instead of text")
    b.add_argument("--engine", default=None, choices=["python", "native"],
                   help="engine: the rules engine to time (default python); env: the environments' "
                        "engine (native: with the C++ encoder); mcts: the positions' engine (native: "
                        "the search's C++ loop)")
    b.add_argument("--batched", action="store_true",
                   help="env: the batched environment's learner steps/s (native engine)")
    b.add_argument("--envs", type=int, default=None,
                   help="env --batched: matches stepped together (default 64)")
    b.add_argument("--workers", type=int, default=None, help="env --batched: worker processes (default 1)")
    b.add_argument("--opponent", default=None,
                   help="env --batched: the opponent (default random, the C++ random player): scripted "
                        "(the C++ scripted bot), a bot spec such as 'scripted?native=0' (the Python one) or "
                        "'policy?model=b11', or self (rl train's default network)")
    b.set_defaults(func=cmd_bench)

    t = sub.add_parser("team", help="build and check teams (races: nuffle team races)")
    tsub = t.add_subparsers(dest="team_command", required=True)
    tn = tsub.add_parser("new", help="write a new team: the race's default team (shaped to "
                         "--treasury) or one built from --player options; every team-creation "
                         "rule is checked")
    tn.add_argument("race", help="race key, e.g. dark-elf")
    tn.add_argument("--ruleset", default="lrb6", help="lrb6 (default) or bb2020 (a BB2020 team file: "
                    "its builder; engines do not play BB2020 yet)")
    tn.add_argument("-o", "--output", metavar="FILE", help="write the team here (default: print)")
    tn.add_argument("--name", help="team name")
    tn.add_argument("--treasury", type=int, default=1_000_000, help="gold to spend (default 1,000,000)")
    tn.add_argument("--player", action="append", metavar="POSITIONAL=COUNT",
                    help="players to buy, repeatable (e.g. --player Blitzer=2 --player Lineman=9); "
                    "without it the default team's players")
    tn.add_argument("--rerolls", type=int, help="team re-rolls (max 8)")
    tn.add_argument("--apothecary", choices=("yes", "no"), help="buy an apothecary (50,000)")
    tn.add_argument("--fan-factor", type=int, help="Fan Factor (max 9 at creation)")
    tn.add_argument("--assistant-coaches", type=int, help="assistant coaches (10,000 each)")
    tn.add_argument("--cheerleaders", type=int, help="cheerleaders (10,000 each)")
    tn.add_argument("--dedicated-fans", type=int, help="BB2020: Dedicated Fans (1 free, more at 10,000 each, "
                    "max 6 at creation)")
    tn.add_argument("--favoured-of", help="BB2020: the god of a 'Favoured of...' team (nuffle team races "
                    "--ruleset bb2020 TEAM lists them)")
    tn.set_defaults(func=cmd_team_new)
    tc = tsub.add_parser("check", help="check a team file, LRB6 or BB2020 (\"ruleset\": \"bb2020\") "
                         "(exit 0 legal, 1 not)")
    tc.add_argument("file", help="the team .json file")
    tc.add_argument("--treasury", type=int, default=None,
                    help="budget (default: the file's 'treasury', else 1,000,000)")
    tc.set_defaults(func=cmd_team_check)
    tr = tsub.add_parser("races", help="list the races, or show one race's roster")
    tr.add_argument("race", nargs="?", help="show this race's roster (default: list the races)")
    tr.add_argument("--ruleset", default="lrb6", help="lrb6 (default) or bb2020: whose rosters")
    tr.set_defaults(func=cmd_team_races)

    so = sub.add_parser("soak", help="random games for every pairing of races, with invariants")
    so.add_argument("--games", type=int, default=2, help="games per pairing (default 2)")
    so.add_argument("--board", type=int, default=11, choices=sorted(VARIANTS),
                    help="players a side (default 11)")
    so.add_argument("--seed", type=int, default=0, help="seed of the first game (then +1 each)")
    so.add_argument("--races", help="comma-separated race keys (default: all 24)")
    so.add_argument("--bot", default="random", choices=("random", "scripted"),
                    help="the bot both sides use (default random)")
    so.add_argument("--json", action="store_true", help="print JSON instead of text")
    so.set_defaults(func=cmd_soak)

    sk = sub.add_parser("skills", help="the skill table (docs/SKILLS.md)")
    sk.add_argument("--markdown", action="store_true", help="print the markdown of docs/SKILLS.md")
    sk.add_argument("--write", action="store_true", help="regenerate docs/SKILLS.md")
    sk.add_argument("--check", action="store_true", help="exit 1 if docs/SKILLS.md is out of date")
    sk.add_argument("--file", help="path instead of docs/SKILLS.md")
    sk.add_argument("--points", action="store_true",
                    help="list every hook point: its handler signature and the skills attached")
    sk.set_defaults(func=cmd_skills)

    register_football(sub)
    register_odds(sub)
    register_ladder(sub)
    register_strength(sub)
    register_league(sub)
    register_tournament(sub)
    register_arena(sub)
    register_web(sub)
    register_rl(sub)
    register_parity(sub)
    return parser


def main(argv: list[str] | None = None) -> int:
    """Entry point of the console script."""
    parser = build_parser()
    args = parser.parse_args(argv)
    terminate_as_interrupt()  # SIGTERM stops a long command as Ctrl-C does, keeping its results
    stdout = sys.stdout
    sys.stdout = PipeGuard(stdout)  # output piped into `head`: see PipeGuard
    try:
        return int(args.func(args))
    except KeyboardInterrupt:  # Ctrl-C where a command has nothing finished to report
        print("interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:  # a write past PipeGuard (the raw descriptor): stop quietly
        import os

        os.dup2(os.open(os.devnull, os.O_WRONLY), stdout.fileno())
        return 0
    finally:
        sys.stdout = stdout


if __name__ == "__main__":
    sys.exit(main())
