"""`nuffle team new|check|races`: LRB6 teams (the builder in `nuffle.teams`) and, with
`--ruleset bb2020` or a BB2020 team file, BB2020 ones (the builder in `nuffle.teams_bb2020`)."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from nuffle.cli_errors import error
from nuffle.core.errors import InputError
from nuffle.core.teams import TEAM_RULESETS


def register(sub: Any) -> None:
    """Add `team` (new, check, races) to the `nuffle` subcommands."""
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


# --- LRB6 ------------------------------------------------------------------------------------


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

    try:
        if _check_ruleset(args.ruleset) != "lrb6":
            players = _parse_players(args.player) if args.player is not None else None
            return _bb2020_new(args, players)
        if args.dedicated_fans is not None or args.favoured_of is not None:
            return error("--dedicated-fans and --favoured-of are BB2020's (--ruleset bb2020)")
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
        return error(str(exc))
    text = _team_json(raw)
    spec = parse_team(raw)
    summary = (f"{spec.name} ({r.name}): {len(spec.players)} players, cost "
               f"{T.team_cost(spec):,} of {args.treasury:,}")
    if args.output:
        from nuffle.files import write_text

        try:
            write_text(Path(args.output), text)
        except ValueError as exc:
            return error(f"-o: {exc}")
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

    try:
        raw = T.read_team_file(args.file)
    except ValueError as exc:
        return error(str(exc))
    if is_bb2020(raw):
        return _bb2020_check(raw, args.file, args.treasury)
    try:
        if is_league_team(raw):  # a team with league history: the history must be possible
            lt = LeagueTeam.from_dict(raw, args.file)
            print(f"{args.file}: legal {race(lt.race).name} league team '{lt.name}': "
                  f"{len(lt.players)} players, TV {lt.team_value():,}, treasury {lt.treasury:,}")
            return 0
        spec = T.check_team(raw, args.file, args.treasury)
    except ValueError as exc:
        return error(str(exc), 1)
    budget = args.treasury if args.treasury is not None else raw.get("treasury", T.TREASURY)
    print(f"{args.file}: legal {race(spec.race).name} team '{spec.name}': {len(spec.players)} players, "
          f"cost {T.team_cost(spec):,} of {budget:,}")
    return 0


def cmd_team_races(args: argparse.Namespace) -> int:
    """List the races, or one race's roster (of LRB6, or of `--ruleset bb2020`)."""
    from nuffle.core import teams as T

    try:
        if _check_ruleset(args.ruleset) != "lrb6":
            return _bb2020_races(args.race)
    except ValueError as exc:
        return error(str(exc))
    if args.race:
        try:
            r = T.race(args.race)
        except ValueError as exc:
            return error(str(exc))
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


# --- BB2020 ----------------------------------------------------------------------------------


def _check_ruleset(name: str) -> str:
    """A team ruleset named on the command line; InputError naming the choices if unknown."""
    if name not in TEAM_RULESETS:
        raise InputError(f"unknown ruleset {name!r} (team rulesets: {', '.join(TEAM_RULESETS)})")
    return name


def _bb2020_new(args: argparse.Namespace, players: list[tuple[str, int]] | None) -> int:
    """Write (or print) a new BB2020 team: the suggested team for the treasury, or one built
    from the --player options."""
    from nuffle import teams_bb2020 as B

    if args.fan_factor is not None:
        return error("--fan-factor is LRB6's: a BB2020 team has --dedicated-fans")
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
        return error(str(exc))
    summary = (f"{spec.name} ({spec.team.name}, BB2020): {len(spec.players)} players, cost "
               f"{B.creation_cost(spec):,} of {args.treasury:,}, TV {B.team_value(spec):,}")
    if args.output:
        from nuffle.files import write_text

        try:
            write_text(Path(args.output), _team_json(raw))
        except ValueError as exc:
            return error(f"-o: {exc}")
        print(f"{summary}; written to {args.output}")
    else:
        sys.stdout.write(_team_json(raw))
        print(summary, file=sys.stderr)
    return 0


def _counts(players: list[Mapping[str, Any]]) -> list[tuple[str, int]]:
    out: dict[str, int] = {}
    for p in players:
        out[str(p["position"])] = out.get(str(p["position"]), 0) + 1
    return list(out.items())


def _bb2020_check(raw: Mapping[str, Any], file: str, treasury: int | None) -> int:
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


def _bb2020_races(name: str | None) -> int:
    """List the BB2020 teams (tier, re-roll cost, apothecary, special rules), or one roster."""
    from nuffle.core.bb2020.rosters import team, teams

    if name:
        try:
            t = team(name)
        except ValueError as exc:
            return error(str(exc))
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
