"""`nuffle parity`: its options (checked: a bad value is one line, exit 2), a progress bar on a
terminal, and the summary or JSON of `nuffle.parity`'s run, kept when Ctrl-C ends it (exit 130)."""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from nuffle.core.engines import EngineUnavailableError, native_module
from nuffle.core.ruleset import draft_ruleset
from nuffle.core.skills import LRB6_SKILLS, Skill
from nuffle.core.teams import races
from nuffle.parity import (
    ACTION_SETS,
    BOARDS,
    BOT_KINDS,
    DICE_MODES,
    OUTCOMES_SHARE,
    GameParity,
    run_games,
    run_parity,
)
from nuffle.parity_probes import ProbeResult
from nuffle.parity_skills import bb2020_give_all_specs, give_all_probes, give_all_specs
from nuffle.parity_twins import TWINS_SHARE
from nuffle.ruleset_choice import DEFAULT as DEFAULT_RULESET
from nuffle.ruleset_choice import add_option as add_ruleset_option
from nuffle.ruleset_choice import roster_races
from nuffle.teams_bb2020_match import handled_skills


def _skill_names(text: str) -> frozenset[Skill]:
    """`--give`'s value: skill names separated by commas (any case)."""
    try:
        return frozenset(Skill[w.strip().upper().replace(" ", "_")] for w in text.split(",") if w.strip())
    except KeyError as exc:
        raise argparse.ArgumentTypeError(f"unknown skill {exc.args[0]!r}") from None


def _race_keys(text: str) -> tuple[str, ...]:
    """`--races`' value: race keys separated by commas (checked against the ruleset's races)."""
    keys = tuple(w.strip() for w in text.split(",") if w.strip())
    if not keys:
        raise argparse.ArgumentTypeError(f"no race in {text!r}")
    return keys


def _option_problem(args: Any) -> str | None:
    """The one-line problem with `--races`, `--give` or `--give-all` under `--ruleset`, or None."""
    bb2020 = draft_ruleset(args.ruleset).x_plus
    if args.give_all and args.ruleset != DEFAULT_RULESET and not bb2020:
        return f"--give-all deals LRB6's or BB2020's skills and races: not {args.ruleset}'s"
    if bb2020:
        handled = handled_skills()
        unplayed = sorted(s.name for s in args.give if s not in handled)
        if unplayed:
            return (f"--give {','.join(unplayed)}: not a BB2020 skill with a handler under {args.ruleset} "
                    f"(handled: {len(handled)} skills, docs/SKILLS.md)")
    known = roster_races(args.ruleset) if args.ruleset != DEFAULT_RULESET else tuple(sorted(races()))
    unknown = [k for k in args.races if k not in known]
    if unknown:
        return f"unknown race {unknown[0]!r} under {args.ruleset}: choose among {', '.join(known)}"
    return None


def _count(low: int, high: int) -> Any:
    """An integer option's type: between `low` and `high`, else one clear line."""
    def parse(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"not an integer: {text!r}") from None
        if not low <= value <= high:
            raise argparse.ArgumentTypeError(f"must be from {low} to {high}, not {value}")
        return value
    return parse


def _share(text: str) -> float:
    """`--outcomes`' and `--twins`' value: a share from 0 to 1."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a number: {text!r}") from None
    if not 0 <= value <= 1:
        raise argparse.ArgumentTypeError(f"must be a share from 0 to 1, not {text}")
    return value


def _cmd(args: Any) -> int:
    try:
        native_module()
    except EngineUnavailableError as exc:  # one line, not a traceback
        print(f"error: {exc}", file=sys.stderr)
        return 2
    problem = _option_problem(args)
    if problem:
        print(f"error: {problem}", file=sys.stderr)
        return 2
    from tqdm import tqdm

    boards = BOARDS if args.board is None else (args.board,)
    options = {"actions": args.actions, "max_steps": args.max_steps, "dice": args.dice, "bots": args.bots,
               "skills": args.skills, "assisted": args.assisted, "wizards": args.wizards,
               "given": args.give, "outcomes": args.outcomes, "twins": args.twins}
    bb2020 = draft_ruleset(args.ruleset).x_plus
    total = len(LRB6_SKILLS) * (args.games * len(boards) + 1) if args.give_all else args.games * len(boards)
    if args.give_all and bb2020:
        total = len(handled_skills()) * args.games * len(boards)
    with tqdm(total=total, desc="parity", unit="game", disable=args.json or not sys.stderr.isatty()) as bar:
        def on_game(g: GameParity) -> None:
            bar.update(1)
            if g.outcome == "diverged":
                bar.set_postfix_str("diverged")

        if args.give_all and bb2020:  # each BB2020 skill with a handler; no probes (LRB6 positions)
            report = run_games(bb2020_give_all_specs(args.games, args.seed, boards), on_game,
                               ruleset=args.ruleset, **options)
        elif args.give_all:
            report = run_games(give_all_specs(args.games, args.seed, boards), on_game, **options)
            if not report.interrupted:  # then each skill's probes
                def on_skill(found: list[ProbeResult]) -> None:
                    report.probes.extend(found)
                    bar.update(1)

                try:
                    give_all_probes(args.seed, on_skill=on_skill)
                except KeyboardInterrupt:
                    report.interrupted = True
        else:
            report = run_parity(args.games, args.seed, boards, races_from=args.races, on_game=on_game,
                                ruleset=args.ruleset, **options)
    print(json.dumps(report.to_json(), indent=2) if args.json else report.text())
    if report.interrupted:
        return 130
    return 1 if report.divergences or report.probe_divergences else 0


def register(sub: Any) -> None:
    """Add `nuffle parity` to the CLI's subcommands."""
    p = sub.add_parser("parity", help="both engines in lockstep: steps matched, divergences, unported frames")
    p.add_argument("--games", type=_count(1, 100_000), default=10,
                   help="games per board (default 10; with --give-all, per skill and board)")
    p.add_argument("--seed", type=int, default=0, help="seed of the run (default 0)")
    p.add_argument("--board", type=int, choices=BOARDS, help="one board (default: every board)")
    p.add_argument("--actions", choices=ACTION_SETS, default="all",
                   help="'moves': player actions restricted to moves (default all)")
    p.add_argument("--dice", choices=DICE_MODES, default="sampled",
                   help="'forced': pick every chance outcome uniformly among its results (default sampled)")
    p.add_argument("--bots", choices=BOT_KINDS, default="random",
                   help="who chooses the actions, seeing the Python game's view (default random)")
    p.add_argument("--skills", type=_count(0, len(LRB6_SKILLS)), default=0, metavar="N",
                   help=f"give about half the players 1 to N random extra skills (0 to {len(LRB6_SKILLS)}; "
                        "default 0: none)")
    p.add_argument("--assisted", action="store_true", help="the matches offer assisted moves")
    p.add_argument("--max-steps", type=_count(1, 10_000_000), default=5000,
                   help="steps per game before it is cut (default 5000)")
    p.add_argument("--outcomes", type=_share, default=OUTCOMES_SHARE, metavar="SHARE",
                   help="share of decisions and chance nodes whose exact outcomes() are compared "
                        f"(default {OUTCOMES_SHARE}; 0: none)")
    p.add_argument("--twins", type=_share, default=TWINS_SHARE, metavar="SHARE",
                   help="share of decisions at which a C++ twin (pathfinder, encoder, search) is compared "
                        f"with its Python original (default {TWINS_SHARE}; 0: none)")
    p.add_argument("--json", action="store_true", help="print JSON (games, steps, divergences, records)")
    p.add_argument("--wizards", action="store_true",
                   help="both teams induce a Wizard (BB2020: and a random draw of other inducements)")
    p.add_argument("--give", type=_skill_names, default=frozenset(),
                   help="skills every player is given as well, e.g. ANIMOSITY or STAB,STAKES")
    p.add_argument("--give-all", action="store_true",
                   help="each skill in turn given to every player of both sides, between the races "
                        "that use it (--games per skill and board), and played in the probes' "
                        "positions (data/parity_probes.json); under bb2020 each BB2020 skill with a "
                        "handler, between the BB2020 teams, no probes")
    p.add_argument("--races", type=_race_keys, default=(),
                   help="the races dealt, e.g. orc,goblin,underworld (default: all)")
    add_ruleset_option(p, drafts=True, note="; a draft ruleset too: parity is the harness that "
                       "tests a ruleset while it is built, so it alone plays one")
    p.set_defaults(func=_cmd)
