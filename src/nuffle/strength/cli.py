"""`nuffle strength`: one agent against one opponent (paired held-out seeds, SPRT), or a pool's
ratings anchored at scripted = 0 (`--ladder`)."""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from nuffle.cli_errors import error
from nuffle.core.errors import InputError
from nuffle.strength.match import ALPHA, BETA, P0, P1


def register(sub: Any) -> None:
    """Add the `strength` subcommand to an argparse subparsers object."""
    p = sub.add_parser(
        "strength",
        help="strength benchmark: AGENT --against OPP on paired held-out seeds with an SPRT, "
             "or --ladder BOT BOT ... (ratings anchored at scripted = 0)",
        description="Plays pairs of games on held-out seeds (each seed twice, the bots' sides "
        f"swapped) in one process, until the SPRT (H0 {P0} against H1 {P1} points a game, "
        f"alpha = {ALPHA}, beta = {BETA}) decides or --max-games are played. docs/STRENGTH.md.",
    )
    p.add_argument("bots", nargs="+", metavar="AGENT",
                   help="the bot to measure (a spec: scripted, grod, mcts?seconds=1, "
                        "policy?model=FILE); with --ladder, every bot of the pool")
    p.add_argument("--against", metavar="OPP", help="the opponent's bot spec (not with --ladder)")
    p.add_argument("--ladder", action="store_true", help="rate the pool AGENT ... by a paired round robin")
    p.add_argument("--board", type=int, default=11, help="board variant: 1, 3, 5, 7 or 11 (default 11)")
    p.add_argument("--race-pair", default="human,human", metavar="HOME,AWAY",
                   help="the home and away teams of every game (default human,human); --ladder: "
                        "one race for every bot (R,R)")
    p.add_argument("--max-games", type=int, default=400, help="games at most, an even number (default 400)")
    p.add_argument("--pairs", type=int, default=10, help="--ladder: pairs per match-up (default 10)")
    p.add_argument("--time-limit", type=float, default=1.0,
                   help="seconds a decision (default 1): decisions over it are counted and reported")
    p.add_argument("--seed-offset", type=int, default=0,
                   help="start this many seeds into the held-out range (default 0)")
    p.add_argument("--no-sprt", action="store_true", help="play every one of --max-games, no test")
    p.add_argument("--engine", metavar="python|native",
                   help="the engine every game runs on (default: NUFFLE_ENGINE, else python)")
    p.add_argument("--json", action="store_true", help="print the result as JSON")
    p.set_defaults(func=cmd_strength)


def _races(text: str) -> tuple[str, str]:
    parts = [t.strip() for t in text.split(",")]
    if len(parts) != 2 or not all(parts):
        raise InputError(f"--race-pair must be two races, HOME,AWAY (e.g. human,orc), got {text!r}")
    return parts[0], parts[1]


def cmd_strength(args: argparse.Namespace) -> int:
    """Run the benchmark or the ladder; exit 130 (with the partial result) after Ctrl-C."""
    from nuffle.strength.match import check_engine, run_strength
    from nuffle.strength.pool import check_pool, run_pool

    try:
        races = _races(args.race_pair)
        engine = check_engine(args.engine)
        if args.ladder:
            if args.against:
                return error("give the whole pool after --ladder, not --against")
            if races[0] != races[1]:
                return error("--ladder plays one race for every bot: give --race-pair R,R, "
                             f"not {args.race_pair}")
            check_pool(args.bots, args.board, races[0], args.pairs, args.time_limit, args.seed_offset)
            if not any(b.strip() == "scripted" for b in args.bots):
                print("note: no plain 'scripted' bot in the pool: ratings are measured from the "
                      "pool's mean, not anchored at scripted = 0", file=sys.stderr)
            pool = run_pool(args.bots, board=args.board, race=races[0], pairs=args.pairs,
                            time_limit=args.time_limit, seed_offset=args.seed_offset, engine=engine)
            out = pool.to_json()
            print(json.dumps(out) if args.json else _pool_text(out))
            return 130 if pool.interrupted else 0
        if not args.against:
            return error("give the opponent with --against OPP (or --ladder for a pool)")
        if len(args.bots) != 1:
            return error(f"one AGENT against --against OPP, got {len(args.bots)} (--ladder rates a pool)")
        res = run_strength(args.bots[0], args.against, board=args.board, races=races,
                           max_games=args.max_games, time_limit=args.time_limit,
                           seed_offset=args.seed_offset, sprt=not args.no_sprt, engine=engine)
    except ValueError as exc:
        return error(str(exc))
    out = res.to_json()
    if res.interrupted:
        print(f"interrupted: {res.pairs} whole pairs played; the result below is partial", file=sys.stderr)
    print(json.dumps(out) if args.json else _text(out))
    return 130 if res.interrupted else 0


def _text(r: dict[str, Any]) -> str:
    a, h, w, t = r["all"], r["home"], r["away"], r["time"]
    lo, hi = r["points_rate_95"]
    s = r["sprt"]
    verdict = {"H1": f"H1 accepted (stronger: {s['h1']} points a game or more)",
               "H0": f"H0 accepted (not {s['h1']} points a game)",
               "undecided": f"undecided after {r['games']} games",
               "off": "not run (--no-sprt)"}[s["verdict"]]
    lines = [
        f"{r['agent']} v {r['opponent']}, board {r['board']}, {r['races'][0]} v {r['races'][1]}: "
        f"{r['pairs']} pairs ({r['games']} games), seeds {r['seeds']['first']}..{r['seeds']['last']}",
        f"points {r['points_rate']:.3f} a game (95% {lo:.3f}-{hi:.3f}, over pairs)  "
        f"W/D/L {a['wins']}/{a['draws']}/{a['losses']}",
        f"touchdowns for/against {a['td_for']}/{a['td_against']}  "
        f"casualties for/against {a['cas_for']}/{a['cas_against']}",
    ]
    for label, v in (("at home", h), ("away", w)):
        vl, vh = v["points_rate_95"]
        lines.append(f"  {label:7}: W/D/L {v['wins']}/{v['draws']}/{v['losses']}  points "
                     f"{v['points_rate']:.3f} (95% {vl:.3f}-{vh:.3f})  TD {v['td_for']}/{v['td_against']}"
                     f"  CAS {v['cas_for']}/{v['cas_against']}")
    for who in ("agent", "opponent"):
        c = t[who]
        lines.append(f"  {who:8} decisions: {c['decisions']}, mean {c['mean_seconds'] * 1000:.2f} ms, "
                     f"max {c['max_seconds'] * 1000:.1f} ms, over the {r['time_limit']:g} s limit: "
                     f"{c['over_limit']}")
    lines.append(f"SPRT: {verdict} (LLR {s['llr']:.2f}, bounds {s['bounds'][0]:.2f} / {s['bounds'][1]:.2f})")
    return "\n".join(lines)


def _pool_text(r: dict[str, Any]) -> str:
    anchor = f"anchored at {r['anchor']} = 0" if r["anchor"] else "measured from the pool's mean"
    lines = [f"ladder of {len(r['bots'])} bots ({r['race']}), board {r['board']}, {r['pairs']} pairs "
             f"per match-up, {r['games']} games; Bradley-Terry ratings (Elo scale) {anchor}", "",
             "| bot | rating (95%) | W/D/L | points a game | mean / max s a decision |",
             "|---|---|---|---|---|"]
    for row in sorted(r["table"], key=lambda x: -x["rating"]):
        lo, hi = row["rating_95"]
        a, t = row["all"] or {}, row["time"]
        wdl = f"{a['wins']}/{a['draws']}/{a['losses']}" if a else "-"
        rate = f"{a['score_rate']:.3f}" if a else "-"
        lines.append(f"| {row['bot']} | {row['rating']:+.0f} ({lo:+.0f} to {hi:+.0f}) | {wdl} | {rate} | "
                     f"{t['mean_seconds']:.4f} / {t['max_seconds']:.3f} |")
    lines += ["", "| bot | against | pairs | points a game (95%) |", "|---|---|---|---|"]
    for m in r["matchups"]:
        lo, hi = m["points_rate_95"]
        lines.append(f"| {m['bot']} | {m['against']} | {m['pairs']} | {m['points_rate']:.3f} "
                     f"({lo:.3f}-{hi:.3f}) |")
    if r["interrupted"]:
        lines.append("\ninterrupted: the ladder is partial")
    return "\n".join(lines)
