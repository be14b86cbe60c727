"""The ruleset a match is played by, chosen one way at every entry point.

The commands that start matches take `--ruleset NAME` (default lrb6, `add_option`), which
`nuffle.cli.main` checks before the command runs (`check_args`); the environments take
`ruleset=`, the web's new-game body `"ruleset"`, a tournament's config the key `ruleset`. Each
asks `choose`: an unknown name is one line listing the playable rulesets (lrb6 and bb2020), a
draft (none is built in now; BB2020 was one) the draft's one-line refusal
(`nuffle.core.ruleset.refusal`). Only `nuffle parity` plays a
draft (`drafts=True`): it is the harness that tests one. The tools that measure a draft rather
than play matches with it (`nuffle odds`, `nuffle bench engine`) take it on an explicit
`--draft` (`drafts="opt-in"`). A match's teams come from the
ruleset's own rosters (`match_team`): LRB6's team files and shipped teams, or, for a ruleset
with BB2020's characteristics (`Ruleset.x_plus`), BB2020's.
"""

from __future__ import annotations

import argparse
from collections.abc import Mapping
from typing import Any

from nuffle.core.ruleset import DraftRulesetError, Ruleset, RulesetError, draft_ruleset, playable
from nuffle.core.ruleset import ruleset as find_ruleset
from nuffle.core.teams import TeamError, TeamSpec

#: The ruleset played when none is named.
DEFAULT = "lrb6"




def choose(name: object, drafts: bool = False) -> Ruleset:
    """The ruleset called `name`; RulesetError in one line for an unknown name (listing the
    playable ones) and DraftRulesetError for a draft unless `drafts` (the parity harness)."""
    if isinstance(name, Ruleset):
        name = name.name
    if not isinstance(name, str):
        raise RulesetError(f"a ruleset is named by a string, not {name!r} (playable: "
                           f"{', '.join(playable())})")
    return draft_ruleset(name) if drafts else find_ruleset(name)


def add_option(parser: argparse.ArgumentParser, drafts: bool | str = False, note: str = "") -> None:
    """Give a command `--ruleset NAME` (default lrb6), checked by `check_args` before it runs;
    `drafts` True takes a draft ruleset, "opt-in" only with `--draft`."""
    parser.add_argument("--ruleset", default=DEFAULT, metavar="NAME",
                        help=f"the rules the matches are played by (default {DEFAULT}; playable: "
                             f"{', '.join(playable())}){note}")
    if drafts == "opt-in":
        parser.add_argument("--draft", action="store_true", dest="ruleset_drafts",
                            help="allow a draft ruleset: incomplete, for measuring it")
        parser.set_defaults(ruleset_drafts=False, ruleset_opt_in=True)
    else:
        parser.set_defaults(ruleset_drafts=bool(drafts))


def check_args(args: argparse.Namespace) -> str | None:
    """The one-line problem with a command's `--ruleset`, or None (also None for a command
    without the option)."""
    drafts = getattr(args, "ruleset_drafts", None)
    if drafts is None:
        return None
    try:
        choose(args.ruleset, drafts)
    except DraftRulesetError as exc:
        return f"{exc}; --draft takes it anyway" if getattr(args, "ruleset_opt_in", False) else str(exc)
    except RulesetError as exc:
        return str(exc)
    return None


def plays_bb2020_rosters(rules: str | Ruleset) -> bool:
    """Whether a match of `rules` deals BB2020's rosters (a ruleset with BB2020's characteristics)."""
    return (rules if isinstance(rules, Ruleset) else draft_ruleset(rules)).x_plus


def match_team(team: str | TeamSpec | Mapping[str, Any], rules: str | Ruleset = DEFAULT,
               source: str | None = None) -> TeamSpec:
    """A match's team under `rules`: a race key (its shipped or suggested team) or a team
    .json file of the ruleset's rosters; a `TeamSpec` as it is; under BB2020's rosters also a
    BB2020 team file's object (`source` names it). TeamError in one line."""
    from nuffle.teams import load_team, read_team_file

    if isinstance(team, TeamSpec) or not plays_bb2020_rosters(rules):
        if isinstance(team, Mapping):
            raise TeamError(f"{source or 'team'}: a team object plays a match of BB2020's rosters only")
        return load_team(team)
    from nuffle.teams_bb2020 import check_team, suggest_team
    from nuffle.teams_bb2020_match import match_team as engines_team

    if isinstance(team, Mapping):
        raw: Any = team
    else:
        raw = read_team_file(team) if team.lower().endswith(".json") else suggest_team(team)
    return engines_team(check_team(raw, source or str(team))).spec


def same_ruleset(found: str, expected: str | Ruleset, what: str) -> None:
    """Refuse, in one line, `what` (a position, a record) of ruleset `found` where a match of
    `expected` is played."""
    want = expected.name if isinstance(expected, Ruleset) else expected
    if found != want:
        raise RulesetError(f"{what} is played by {found}, not {want}: load it where {found} is played")


def roster_races(rules: str | Ruleset = DEFAULT) -> tuple[str, ...]:
    """The race keys a match of `rules` may deal (`match_team`): LRB6's races, or the BB2020
    teams whose suggested team the engines play in full."""
    played = rules if isinstance(rules, Ruleset) else draft_ruleset(rules)
    if played.x_plus:
        from nuffle.teams_bb2020_match import playable_races

        return playable_races()
    from nuffle.core.teams import race_key, races

    return tuple(sorted(race_key(name) for name in races()))
