"""``nuffle odds "<plan>" [--json] [--ruleset NAME [--draft]]``: exact success odds of a plan
written in the notation, under the ruleset's re-roll rules (Pro's check)."""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from nuffle.analysis.notation import parse_plan
from nuffle.ruleset_choice import add_option as add_ruleset_option
from nuffle.ruleset_choice import choose

#: The rules whose re-rolls the notation knows: LRB6 (Pro on 4+) and BB2020 (Pro on 3+; a
#: plan's team re-rolls are its `RRn`, any number a turn under BB2020).
ODDS_RULESETS = ("lrb6", "bb2020")


def cmd_odds(args: argparse.Namespace) -> int:
    """Print the plan's success and failure probabilities; exit 2 on a bad plan."""
    if args.ruleset not in ODDS_RULESETS:  # playable (cli.main checked it), but not the notation's
        sys.stderr.write(f"nuffle odds: error: the notation's odds are {' or '.join(ODDS_RULESETS)}'s, "
                         f"not {args.ruleset}'s\n")
        return 2
    try:
        plan = parse_plan(args.plan, choose(args.ruleset, drafts=args.ruleset_drafts))
    except ValueError as exc:
        sys.stderr.write(f"nuffle odds: error: {exc}\n")
        return 2
    success = plan.success()
    failure = 1 - success
    if args.json:
        print(json.dumps({"success": str(success), "failure": str(failure),
                          "success_float": float(success)}))
    else:
        print(f"{args.plan.strip()}: success {success} ({float(success):.4%}), "
              f"failure {failure} ({float(failure):.4%})")
    return 0


def register(subparsers: Any) -> None:
    """Add the ``odds`` subcommand to the nuffle CLI."""
    p = subparsers.add_parser("odds", help="exact odds of a plan, e.g. nuffle odds '2+ 2+ | RR'",
                              description="Exact odds of a plan; see docs/ODDS.md for the notation.")
    p.add_argument("plan", help="the plan, e.g. '2+:dodge 2BD:KD 3+ | RR'")
    p.add_argument("--json", action="store_true", help="print JSON instead of text")
    add_ruleset_option(p, drafts="opt-in", note="; the notation's odds are lrb6's or bb2020's")
    p.set_defaults(func=cmd_odds)
