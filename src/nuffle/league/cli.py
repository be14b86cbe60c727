"""`nuffle league new | add | play | table | team | history | ledger | fixtures | result | playoffs
| report`: run a league kept in one SQLite file (docs/LEAGUE.md)."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from nuffle.core.errors import InputError
from nuffle.core.teams import TeamError
from nuffle.league.entry_team import BUDGET
from nuffle.league.rules import has_league_rules
from nuffle.ruleset_choice import add_option as add_ruleset_option
from nuffle.ruleset_choice import choose

EXIT_ERROR = 2  # every refused league command: bad input, a damaged or busy league file


def parse_entry(text: str) -> tuple[str, str, str, str]:
    """NAME=TEAM:BOT[:MANAGER] -> (name, team, bot, manager); ValueError naming the problem."""
    name, sep, rest = text.partition("=")
    if not sep or not name.strip():
        raise InputError(f"entry {text!r} must be NAME=TEAM:BOT[:MANAGER]")
    parts = rest.split(":")
    if len(parts) not in (2, 3) or not all(parts):
        raise InputError(f"entry {text!r} must be NAME=TEAM:BOT[:MANAGER]")
    return name.strip(), parts[0], parts[1], parts[2] if len(parts) == 3 else "default"


def _check_entry(team: str, bot: str, manager: str, board: int, budget: int, ruleset: str) -> Any:
    """The entry's team (within the creation budget) under the league's rules
    (`nuffle.league.rules`); its bot must play `board` and its manager must be one those rules
    run (an LRB6 manager program is started and greeted)."""
    from nuffle.agents.registry import agent_for_board
    from nuffle.league.human import check_human
    from nuffle.league.rules import rules_for

    rules = rules_for(ruleset)
    lt = rules.entry_team(team, budget)
    if not check_human(bot):  # a person (`human`) plays in the web app, on any board
        agent_for_board(bot, board)
    rules.check_entry(bot, manager)
    return lt


def _scheme(points: str, tiebreaks: str) -> tuple[list[int], list[str]]:
    """--points W,D,L and --tiebreaks A,B,... checked (LeagueError naming the problem)."""
    from nuffle.league.report import check_scheme
    from nuffle.league.store import LeagueError

    try:
        values = [int(p) for p in points.split(",")]
    except ValueError:
        raise LeagueError(f"--points must be WIN,DRAW,LOSS whole numbers, not {points!r}") from None
    names = [t.strip() for t in tiebreaks.split(",") if t.strip()]
    check_scheme(values, names)
    return values, names


def _errors() -> tuple[type[BaseException], ...]:
    import sqlite3

    from nuffle.league.store import LeagueError

    return (LeagueError, TeamError, ValueError, OSError, sqlite3.Error)


def _fail(exc: BaseException) -> int:
    """One line naming the problem; exit code 2 (docs/LEAGUE.md)."""
    print(f"error: {exc}", file=sys.stderr)
    return EXIT_ERROR


def cmd_new(args: argparse.Namespace) -> int:
    """Create a league file with its entries (all checked before the file is written)."""
    from nuffle.league.store import LeagueError, Store

    try:
        if Path(args.file).exists():
            raise LeagueError(f"{args.file}: already exists (a new league needs a new file)")
        if args.board not in (1, 3, 5, 7, 11):
            raise LeagueError(f"--board must be 1, 3, 5, 7 or 11, not {args.board}")
        if args.budget < 1:
            raise LeagueError(f"--budget must be positive, not {args.budget}")
        if not has_league_rules(args.ruleset, choose(args.ruleset).x_plus):
            raise LeagueError(f"no league rules for {args.ruleset}: its teams need league rules of "
                              "their own (nuffle.league.rules)")
        points, tiebreaks = _scheme(args.points, args.tiebreaks)
        checked: list[tuple[str, str, str, Any]] = []
        for text in args.entry or []:
            name, team, bot, manager = parse_entry(text)
            if any(c[0] == name for c in checked):
                raise LeagueError(f"entry name {name!r} is used twice")
            checked.append((name, bot, manager, _check_entry(team, bot, manager, args.board, args.budget,
                                                                    args.ruleset)))
        if len(checked) < 2:
            raise LeagueError(f"a league needs at least 2 entries (--entry), not {len(checked)}")
        seed = args.seed if args.seed is not None else int.from_bytes(__import__("os").urandom(7), "little")
        store = Store.create(args.file, {"seed": seed, "board": args.board, "double": args.double,
                                          "budget": args.budget, "petty_cash": args.petty_cash,
                                          "points": points, "tiebreaks": tiebreaks,
                                          "ruleset": args.ruleset})
        try:
            for name, bot, manager, lt in checked:
                store.add_entry(name, bot, manager, lt)
        except BaseException:
            store.close()
            Path(args.file).unlink()
            raise
        store.close()
    except _errors() as exc:
        return _fail(exc)
    print(f"{args.file}: league with {len(checked)} entries, seed {seed}")
    return 0


def _open(path: str, exclusive: bool = False) -> Any:
    from nuffle.league.store import Store

    return Store.open(path, exclusive)


def cmd_add(args: argparse.Namespace) -> int:
    """Add an entry before the season starts."""
    try:
        store = _open(args.file, exclusive=True)
        try:
            name, team, bot, manager = parse_entry(args.entry)
            store.add_entry(name, bot, manager, _check_entry(team, bot, manager, int(store.setting("board")),
                                                              int(store.setting("budget", BUDGET)),
                                                              store.ruleset))
        finally:
            store.close()
    except _errors() as exc:
        return _fail(exc)
    print(f"{args.file}: added {name}")
    return 0


def cmd_play(args: argparse.Namespace) -> int:
    """Play rounds (resuming where the last run stopped), holding the league file throughout."""
    from nuffle.league.human import waiting_for_coach
    from nuffle.league.runner import play_rounds

    try:
        store = _open(args.file, exclusive=True)
        bar: Any = None
        show = not args.quiet and sys.stderr.isatty()

        def progress(done: int, total: int) -> None:
            nonlocal bar
            if not show:
                return
            if bar is None:
                from tqdm import tqdm

                bar = tqdm(total=total, desc="matches", unit="match", file=sys.stderr)
            bar.update(1)

        try:
            played = play_rounds(store, args.rounds, args.executor, args.workers, progress)
            fixtures = store.fixtures()
            left = sum(1 for f in fixtures if not f.played)
            coached = waiting_for_coach(fixtures, {e.id: e for e in store.entries()})
        finally:
            if bar is not None:
                bar.close()
            store.close()
    except _errors() as exc:
        return _fail(exc)
    print(f"{args.file}: {played} matches played, {left} left in the season")
    if coached:
        print(f"waiting for a human coach: fixture {', '.join(str(f.id) for f in coached)} (played in the "
              "web app, nuffle serve --leagues DIR; the bots' matches behind them are played after)")
    return 0


def cmd_table(args: argparse.Namespace) -> int:
    """Print the standings."""
    from nuffle.league.report import standings

    try:
        store = _open(args.file)
        rows = standings(store)
        store.close()
    except _errors() as exc:
        return _fail(exc)
    if args.json:
        print(json.dumps({"standings": rows}))
        return 0
    print(f"{'#':>2} {'team':<20} {'P':>3} {'W':>3} {'D':>3} {'L':>3} {'TD':>7} {'CAS':>7} "
          f"{'pts':>4} {'TV':>10}")
    for i, r in enumerate(rows, 1):
        print(f"{i:>2} {r['name']:<20} {r['played']:>3} {r['wins']:>3} {r['draws']:>3} {r['losses']:>3} "
              f"{r['td_for']:>3}-{r['td_against']:<3} {r['cas_for']:>3}-{r['cas_against']:<3} "
              f"{r['points']:>4} {r['tv']:>10,}")
    return 0


def cmd_team(args: argparse.Namespace) -> int:
    """Print (or write) an entry's team file, history included."""
    try:
        store = _open(args.file)
        try:
            entry = store.entry(args.name)
            text = json.dumps(store.rules.team_to_dict(entry.team), indent=1)
        finally:
            store.close()
        if args.output:
            Path(args.output).write_text(text + "\n")
        else:
            print(text)
    except _errors() as exc:
        return _fail(exc)
    return 0


def cmd_history(args: argparse.Namespace) -> int:
    """List the played matches; with --records, write each match record for `nuffle replay`."""
    try:
        store = _open(args.file)
        names = {e.id: e.name for e in store.entries()}
        matches = store.matches()
        if args.records:
            out = Path(args.records)
            out.mkdir(parents=True, exist_ok=True)
            for m in matches:
                record = store.record(m["fixture"])
                if record.get("by_hand"):  # a result entered by hand has no match record
                    m["record"] = None
                    continue
                path = out / f"match-{m['fixture']:03d}.json"
                path.write_text(json.dumps(record))
                m["record"] = str(path)
        store.close()
    except _errors() as exc:
        return _fail(exc)
    for m in matches:
        m["home"], m["away"] = names[m["home"]], names[m["away"]]
    if args.json:
        print(json.dumps({"matches": matches}))
        return 0
    for m in matches:
        gate = f", gate {m['gate']:,}" if m["gate"] is not None else ""
        print(f"round {m['round']:>2}: {m['home']} {m['score'][0]}-{m['score'][1]} {m['away']} "
              f"(casualties {m['cas'][0]}-{m['cas'][1]}{gate})")
    return 0


def cmd_report(args: argparse.Namespace) -> int:
    """Write the season report (report.json, report.md, tv.png)."""
    from nuffle.league.report import write
    from nuffle.league.store import LeagueError

    try:
        store = _open(args.file)
        try:
            if not store.rules.season_report:
                raise LeagueError(f"{args.file}: the season report reads LRB6 leagues; a {store.ruleset} "
                                  "league's is not built yet (table, team, history and ledger read it)")
            report = write(store, Path(args.out))
        finally:
            store.close()
    except _errors() as exc:
        return _fail(exc)
    if report["league"]["note"]:
        print(f"{args.file}: {report['league']['note']}")
    print(f"report written to {Path(args.out) / 'report.md'}")
    return 0


def cmd_ledger(args: argparse.Namespace) -> int:
    """Print the ledger: every purchase, firing, retirement, death, level-up, inducement,
    winnings and expenses, with its gold."""
    try:
        store = _open(args.file)
        try:
            names = {e.id: e.name for e in store.entries()}
            if args.team is not None and args.team not in names.values():
                store.entry(args.team)  # LeagueError naming the entries
            rows = [{**r, "entry": names.get(r["entry"], r["entry"])} for r in store.ledger()]
        finally:
            store.close()
    except _errors() as exc:
        return _fail(exc)
    if args.team is not None:
        rows = [r for r in rows if r["entry"] == args.team]
    if args.json:
        print(json.dumps({"ledger": rows}))
        return 0
    for r in rows:
        when = f"round {r['round']:>2}" if r["round"] is not None else "entry   "
        who = f"#{r['number']} {r['name']}" if r["number"] is not None else r["name"]
        if r["kind"] == "inducement":
            who = " ".join(str(r["detail"].get(k, "")) for k in ("item", "name", "skill")).strip()
        print(f"{when}  {r['entry']:<16} {r['kind']:<11} {who:<28} {r['gold']:>10,} {r['treasury']:>+10,}")
    return 0


def cmd_playoffs(args: argparse.Namespace) -> int:
    """Start the playoffs (--top N, once the regular season is over) or show the bracket."""
    from nuffle.league import playoffs

    try:
        store = _open(args.file, exclusive=args.top is not None)
        try:
            if args.top is not None:
                playoffs.start(store, args.top)
            out = playoffs.bracket(store)
        finally:
            store.close()
    except _errors() as exc:
        return _fail(exc)
    if args.json:
        print(json.dumps({"playoffs": out}))
        return 0
    if not out:
        print(f"{args.file}: no playoffs (start them with --top N once the season is over)")
        return 0
    print(f"playoffs of the top {out['top']}: {', '.join(out['seeds'])}")
    for i, matches in enumerate(out["rounds"], 1):
        for m in matches:
            result = (f"{m['score'][0]}-{m['score'][1]} (casualties {m['cas'][0]}-{m['cas'][1]}), "
                      f"{m['winner']} goes through") if m["played"] else "to play"
            print(f"knockout round {i}: {m['home']} v {m['away']}: {result}")
    if out["champion"]:
        print(f"champion: {out['champion']}")
    return 0


def _pair(text: str, what: str) -> tuple[int, int]:
    from nuffle.league.store import LeagueError

    a, sep, b = text.partition("-")
    if not sep or not a.strip().isdigit() or not b.strip().isdigit():
        raise LeagueError(f"{what} must be HOME-AWAY whole numbers (e.g. 2-1), not {text!r}")
    return int(a), int(b)


def cmd_result(args: argparse.Namespace) -> int:
    """Enter a result by hand (a match not played here, or a concession), or correct one."""
    from nuffle.league.commissioner import correct_result, enter_result

    try:
        score = _pair(args.score, "--score")
        cas = _pair(args.cas, "--cas")
        conceded = {None: None, "home": 0, "away": 1}[args.conceded]
        store = _open(args.file, exclusive=True)
        try:
            (correct_result if args.correct else enter_result)(store, args.fixture, score, cas, conceded)
        finally:
            store.close()
    except _errors() as exc:
        return _fail(exc)
    what = "corrected" if args.correct else "entered"
    print(f"{args.file}: fixture {args.fixture} {what}: {score[0]}-{score[1]}"
          + (f" ({args.conceded} conceded)" if args.conceded else ""))
    return 0


def cmd_fixtures(args: argparse.Namespace) -> int:
    """List every fixture with its id (for league result), round, teams and result; writes the
    schedule first if the season has not started (entries can then no longer be added)."""
    from nuffle.league.runner import schedule

    try:
        store = _open(args.file, exclusive=True)
        try:
            fixtures = schedule(store)
            names = {e.id: e.name for e in store.entries()}
            results = {m["fixture"]: m for m in store.matches()}
            rows = [{"fixture": f.id, "round": f.round, "home": names[f.home], "away": names[f.away],
                     "played": f.played, "score": results[f.id]["score"] if f.id in results else None,
                     "conceded": results[f.id]["conceded"] if f.id in results else None}
                    for f in fixtures]
        finally:
            store.close()
    except _errors() as exc:
        return _fail(exc)
    if args.json:
        print(json.dumps({"fixtures": rows}))
        return 0
    for r in rows:
        result = f"{r['score'][0]}-{r['score'][1]}" if r["score"] is not None else "to play"
        print(f"fixture {r['fixture']:>3}  round {r['round']:>2}: {r['home']} v {r['away']}: {result}")
    return 0


def register(sub: Any) -> None:
    """Add the `league` subcommands to the nuffle command line."""
    lg = sub.add_parser("league", help="run a league: persistent teams, managers, seasons (docs/LEAGUE.md)")
    ls = lg.add_subparsers(dest="league_command", required=True)
    n = ls.add_parser("new", help="create a league file")
    n.add_argument("file", help="the league's SQLite file (must not exist)")
    n.add_argument("--entry", action="append", metavar="NAME=TEAM:BOT[:MANAGER]",
                   help="an entry: TEAM a race or a team .json file, BOT a bot spec, "
                   "MANAGER default or random; BOT human: a person coaches it in the web app")
    n.add_argument("--seed", type=int, help="the league seed (default: random)")
    n.add_argument("--double", action="store_true", help="a double round robin (home and away)")
    n.add_argument("--board", type=int, default=11, help="board variant: 1, 3, 5, 7 or 11 players")
    n.add_argument("--budget", type=int, default=BUDGET,
                   help="the creation budget: no entry's team may be worth more (default 1,000,000)")
    n.add_argument("--points", default="3,1,0", metavar="WIN,DRAW,LOSS",
                   help="points for a win, a draw and a loss (default 3,1,0)")
    n.add_argument("--tiebreaks", default="td_diff,cas_diff,td_for", metavar="T1,T2,...",
                   help="tie-breaks after points, in order (td_diff, cas_diff, td_for, cas_for, wins, "
                   "head_to_head; name comes last); default td_diff,cas_diff,td_for")
    n.add_argument("--petty-cash", action="store_true",
                   help="treasury gold may buy inducements (what the favourite spends adds to the "
                   "underdog's budget)")
    add_ruleset_option(n, note="; stored with the league: its matches are played by it")
    n.set_defaults(func=cmd_new)
    a = ls.add_parser("add", help="add an entry before the season starts")
    a.add_argument("file", help="the league's SQLite file")
    a.add_argument("entry", metavar="NAME=TEAM:BOT[:MANAGER]", help="the entry (as for league new --entry)")
    a.set_defaults(func=cmd_add)
    p = ls.add_parser("play", help="play rounds (resumes an interrupted run)")
    p.add_argument("file", help="the league's SQLite file")
    p.add_argument("--rounds", type=int, help="rounds to play (default: to the season's end)")
    p.add_argument("--executor", choices=["local", "ray"], default="local",
                   help="where matches are played: local processes or Ray")
    p.add_argument("--workers", type=int, default=1, help="matches at once")
    p.add_argument("--quiet", action="store_true", help="no progress bar")
    p.set_defaults(func=cmd_play)
    t = ls.add_parser("table", help="the standings")
    t.add_argument("file", help="the league's SQLite file")
    t.add_argument("--json", action="store_true", help="print JSON")
    t.set_defaults(func=cmd_table)
    tm = ls.add_parser("team", help="an entry's team file, with its history")
    tm.add_argument("file", help="the league's SQLite file")
    tm.add_argument("name", help="the entry's name")
    tm.add_argument("-o", "--output", help="write it here (default: print)")
    tm.set_defaults(func=cmd_team)
    h = ls.add_parser("history", help="the played matches")
    h.add_argument("file", help="the league's SQLite file")
    h.add_argument("--json", action="store_true", help="print JSON")
    h.add_argument("--records", metavar="DIR",
                   help="write every match record here (check with nuffle replay)")
    h.set_defaults(func=cmd_history)
    lg_ = ls.add_parser("ledger", help="every purchase, firing, retirement, death, level-up and inducement")
    lg_.add_argument("file", help="the league's SQLite file")
    lg_.add_argument("--team", help="only this entry's rows")
    lg_.add_argument("--json", action="store_true", help="print JSON")
    lg_.set_defaults(func=cmd_ledger)
    rs = ls.add_parser("result", help="enter a result by hand (or a concession), or correct one")
    rs.add_argument("file", help="the league's SQLite file")
    rs.add_argument("--fixture", type=int, required=True, help="the fixture (see league fixtures)")
    rs.add_argument("--score", default="0-0", metavar="HOME-AWAY", help="touchdowns (default 0-0)")
    rs.add_argument("--cas", default="0-0", metavar="HOME-AWAY", help="casualties inflicted (default 0-0)")
    rs.add_argument("--conceded", choices=["home", "away"], help="the side that conceded")
    rs.add_argument("--correct", action="store_true", help="change a result already recorded")
    rs.set_defaults(func=cmd_result)
    fx = ls.add_parser("fixtures", help="every fixture with its id, round, teams and result")
    fx.add_argument("file", help="the league's SQLite file")
    fx.add_argument("--json", action="store_true", help="print JSON")
    fx.set_defaults(func=cmd_fixtures)
    po = ls.add_parser("playoffs", help="a knockout of the table's top N after the season, or its bracket")
    po.add_argument("file", help="the league's SQLite file")
    po.add_argument("--top", type=int, help="start the playoffs of the top N (2, 4, 8 or 16); "
                    "league play then plays them")
    po.add_argument("--json", action="store_true", help="print JSON")
    po.set_defaults(func=cmd_playoffs)
    r = ls.add_parser("report", help="write the season report: report.json, report.md, tv.png")
    r.add_argument("file", help="the league's SQLite file")
    r.add_argument("--out", required=True, help="the report folder")
    r.set_defaults(func=cmd_report)
