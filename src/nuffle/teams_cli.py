"""`nuffle team new|check|races` for BB2020 teams (`--ruleset bb2020`); `nuffle.cli` keeps the
LRB6 commands and hands a BB2020 request here."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

from nuffle.core.errors import InputError
from nuffle.core.teams import TEAM_RULESETS

ErrorFn = Callable[[str, int], int]


def check_ruleset(name: str) -> str:
    """A team ruleset named on the command line; InputError naming the choices if unknown."""
    if name not in TEAM_RULESETS:
        raise InputError(f"unknown ruleset {name!r} (team rulesets: {', '.join(TEAM_RULESETS)})")
    return name


def team_new(args: argparse.Namespace, players: list[tuple[str, int]] | None,
             text: Callable[[dict[str, Any]], str], error: ErrorFn) -> int:
    """Write (or print) a new BB2020 team: the suggested team for the treasury, or one built
    from the --player options."""
    from nuffle import teams_bb2020 as B

    if args.fan_factor is not None:
        return error("--fan-factor is LRB6's: a BB2020 team has --dedicated-fans", 2)
    try:
        base = B.suggest_team(args.race, args.treasury, favoured_of=args.favoured_of)
        raw = B.build_team(
            args.race,
            players if players is not None else _counts(base["players"]),
            rerolls=base["rerolls"] if args.rerolls is None else args.rerolls,
            apothecary=base["apothecary"] if args.apothecary is None else args.apothecary == "yes",
            dedicated_fans=1 if args.dedicated_fans is None else args.dedicated_fans,
            assistant_coaches=args.assistant_coaches or 0,
            cheerleaders=args.cheerleaders or 0,
            favoured_of=base.get("favoured_of"),
            treasury=args.treasury,
            name=args.name,
        )
        spec = B.parse_team(raw)
    except ValueError as exc:
        return error(str(exc), 2)
    summary = (f"{spec.name} ({spec.team.name}, BB2020): {len(spec.players)} players, cost "
               f"{B.creation_cost(spec):,} of {args.treasury:,}, TV {B.team_value(spec):,}")
    if args.output:
        from nuffle.files import write_text

        try:
            write_text(Path(args.output), text(raw))
        except ValueError as exc:
            return error(f"-o: {exc}", 2)
        print(f"{summary}; written to {args.output}")
    else:
        sys.stdout.write(text(raw))
        print(summary, file=sys.stderr)
    return 0


def _counts(players: list[Mapping[str, Any]]) -> list[tuple[str, int]]:
    out: dict[str, int] = {}
    for p in players:
        out[str(p["position"])] = out.get(str(p["position"]), 0) + 1
    return list(out.items())


def team_check(raw: Mapping[str, Any], file: str, treasury: int | None, error: ErrorFn) -> int:
    """Check a BB2020 team file against every creation rule: exit 0 if legal, 1 if not."""
    from nuffle import teams_bb2020 as B

    try:
        spec = B.check_team(raw, file, treasury)
    except ValueError as exc:
        return error(str(exc), 1)
    budget = treasury if treasury is not None else raw.get("treasury", B.creation_rules()["treasury"])
    print(f"{file}: legal BB2020 {spec.team.name} team '{spec.name}': {len(spec.players)} players, "
          f"cost {B.creation_cost(spec):,} of {budget:,}, TV {B.team_value(spec):,}")
    return 0


def team_races(name: str | None, error: ErrorFn) -> int:
    """List the BB2020 teams (tier, re-roll cost, apothecary, special rules), or one roster."""
    from nuffle.core.bb2020.rosters import team, teams

    if name:
        try:
            t = team(name)
        except ValueError as exc:
            return error(str(exc), 2)
        gods = f" (Favoured of: {', '.join(t.favoured_of)})" if t.favoured_of else ""
        print(f"{t.name} (BB2020): tier {t.tier or '-'}, re-roll {t.reroll_cost:,} (doubled after "
              f"creation), apothecary {'yes' if t.apothecary else 'no'}; {', '.join(t.special_rules)}{gods}")
        for p in t.positionals:
            skills = ", ".join(p.skill_labels()) or "-"
            print(f"  0-{p.max_qty:<3}{p.name:<30}{p.cost:>8,}  {p.profile():<15}"
                  f"{p.primary or '-'}/{p.secondary or '-'}  {skills}")
        return 0
    for key, t in teams().items():
        print(f"{key:<21}{t.name:<21}tier {t.tier or '-'}  RR {t.reroll_cost // 1000}k  "
              f"apo {'yes' if t.apothecary else 'no '}  {len(t.positionals):>2} positionals  "
              f"{', '.join(t.special_rules)}")
    return 0
