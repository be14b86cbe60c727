"""`nuffle play` (one game's box score, or a series with intervals and a venue split; --save
writes the records) and `nuffle replay` (verify a saved record)."""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path
from typing import Any

from nuffle.agents.registry import agent_for_board, agent_names, make_agent
from nuffle.cli_errors import error
from nuffle.core.board import VARIANTS
from nuffle.core.game import Game
from nuffle.evaluation import Entry, play_series
from nuffle.play import play
from nuffle.report import MatchReport
from nuffle.ruleset_choice import add_option as add_ruleset_option


def register(sub: Any) -> None:
    """Add `play` and `replay` to the `nuffle` subcommands."""
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
    add_ruleset_option(p)
    p.set_defaults(func=cmd_play)

    r = sub.add_parser("replay", help="verify a match record and print its summary")
    r.add_argument("file", help="a record written by `nuffle play --save`")
    r.add_argument("--show", action="store_true", help="print the match report (every event, in words)")
    r.set_defaults(func=cmd_replay)


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


def cmd_play(args: argparse.Namespace) -> int:
    """Play one game (box score) or a series (results with intervals and a venue split)."""
    from nuffle.ruleset_choice import match_team

    if args.games < 1:
        return error(f"--games must be at least 1, got {args.games}")
    home, away = _entries(args)
    try:
        agent_for_board(home.bot, args.board)
        agent_for_board(away.bot, args.board)
        teams = (match_team(home.team, args.ruleset), match_team(away.team, args.ruleset))
        Game.new(*teams, seed=args.seed, board=args.board, ruleset=args.ruleset)
    except ValueError as exc:
        return error(str(exc))
    if args.games > 1:
        if args.save:
            folder = Path(args.save)
            if folder.exists() and not folder.is_dir():
                return error(f"--save {args.save}: with --games, --save names a folder (one record "
                              "per game), but this is a file")
            try:
                folder.mkdir(exist_ok=True)
            except OSError as exc:
                return error(f"--save {args.save}: cannot create the folder ({exc.strerror or exc})")
            taken = _taken_records(folder, args.games, args.seed)
            if taken and not args.overwrite:
                return error(f"--save {args.save}: {taken[0].name} and {len(taken) - 1} more records "
                              "of this series exist already (--overwrite replaces them)")
        return _series(args, home, away)
    if args.save and Path(args.save).is_file() and not args.overwrite:
        return error(f"--save {args.save}: the file exists already (--overwrite replaces it)")
    t0 = time.perf_counter()
    game = Game.new(*teams, seed=args.seed, board=args.board, ruleset=args.ruleset)
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
            return error(f"the game was played (result above) but its record was not saved: {exc}", 1)
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
                                           alternate, on_game=on_game, ruleset=args.ruleset)
    except RecordError as exc:
        return error(f"{exc} ({len(saved)} records saved before it)", 1)
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
        return error(str(exc))
    try:  # a record that does not verify is the check failing (1)
        game = replay(record, reports if args.show else None)
    except RecordError as exc:
        return error(f"{path}: {exc}", 1)
    if args.show:
        print("\n".join(reports[0].lines))
    state = "" if game.is_over else " (an unfinished game, saved before its end)"
    print(f"record verified: {len(game.history)} entries replay exactly{state}")
    print_box_score(game, time.perf_counter() - t0)
    return 0
