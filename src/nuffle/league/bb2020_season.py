"""A BB2020 league's entries and rounds (`nuffle.league.rules`): an entry's team is a BB2020 team
file (a new team, or one with league history: `nuffle.league.bb2020_file`) or a race key (its
suggested team, `nuffle.teams_bb2020.suggest_team`), within the league's creation budget; each
fixture is played by `nuffle.league.bb2020_match.play_league_match` (pre-game with the managers'
inducements, the match on the engine `NUFFLE_ENGINE` names, both post-games with the managers'
advancement, firing, hiring and buying) and committed with both teams as the post-game left them.
Its dice, bots and managers are seeded from the fixture, so a resumed season ends as an
uninterrupted one. The managers are the default BB2020 manager (`DefaultManager2020`); a person
(`human`) coaches LRB6 leagues only."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from nuffle import teams as T
from nuffle.core.bb2020.league_team import SeededDice, Team2020
from nuffle.league.bb2020 import DefaultManager2020, LeagueReport2020, league_team
from nuffle.league.bb2020_file import PLAYER_KEYS, team_from_dict
from nuffle.league.bb2020_match import play_league_match
from nuffle.league.human import is_human
from nuffle.league.rules import DEFAULT_MANAGER
from nuffle.league.schedule import derived_seed
from nuffle.league.store import Entry, Fixture, LeagueError, LedgerRow, Store
from nuffle.record import to_record
from nuffle.ruleset_choice import choose
from nuffle.teams_bb2020 import check_team, creation_cost, is_bb2020, suggest_team

RULESET = "bb2020"
UNLIMITED = 10**12


def read_team(raw: dict[str, Any], source: str) -> Team2020:
    """A stored BB2020 league team."""
    return team_from_dict(raw, source)


def load_entry_team(team: str, budget: int) -> Team2020:
    """A race key (its suggested team for `budget`) or a BB2020 team file as a league team: a new
    team (a team builder's file) keeps what its creation left of `budget`; a league team's file
    (one `league team` printed) may enter if its Team Value is within it. LeagueError for an LRB6
    team or one over the budget."""
    if not team.lower().endswith(".json"):
        spec = check_team(suggest_team(team, budget), team)
        return league_team(spec, budget - creation_cost(spec))
    raw = T.read_team_file(team)
    if not is_bb2020(raw):
        raise LeagueError(f"{team}: an LRB6 team; this league plays BB2020 (its teams are BB2020 team "
                               "files, \"ruleset\": \"bb2020\", or race keys)")
    league = team_from_dict(raw, team)
    if _has_history(raw):
        if league.team_value() > budget:
            raise LeagueError(f"{team}: Team Value {league.team_value():,} is over the league's "
                                   f"creation budget of {budget:,} (--budget)")
        return league
    spec = check_team(raw, team, treasury=UNLIMITED)  # every creation rule but the budget
    cost = creation_cost(spec)
    if cost > budget:
        raise LeagueError(f"{team}: the team costs {cost:,}, over the league's creation budget of "
                               f"{budget:,} (--budget)")
    return league_team(spec, budget - cost)


def _has_history(raw: dict[str, Any]) -> bool:
    """Whether a BB2020 team file is a league team's (`bb2020_file.team_to_dict`: its players carry
    league keys, it lists the dead and departed), not a new team's: a new team's `treasury` is
    its creation budget, a league team's the gold it holds."""
    players = raw.get("players") or []
    return any(k in raw for k in ("graveyard", "departed")) or any(
        isinstance(p, dict) and any(k in p for k in PLAYER_KEYS) for p in players)


def check_entry(bot: str, manager: str) -> None:
    """A BB2020 entry is played by a bot and managed by the default manager."""
    if is_human(bot):
        raise LeagueError("a person (bot 'human') coaches in LRB6 leagues only; a BB2020 league's "
                               "entries are played by bots")
    if manager != DEFAULT_MANAGER:
        raise LeagueError(f"manager {manager!r}: a BB2020 league's teams are managed by the default "
                               "manager (give none, or 'default')")


def play_round(store: Store, fixtures: list[Fixture], entries: dict[int, Entry], executor: str = "local",
               workers: int = 1) -> Iterator[Fixture]:
    """Play and commit `fixtures` in turn (in this process, whatever the executor), yielding each
    once committed."""
    del executor, workers  # a BB2020 match is played here, between its pre- and post-game
    league_seed, board = int(store.setting("seed")), int(store.setting("board"))
    rules = choose(RULESET)
    for fixture in fixtures:
        home, away = entries[fixture.home], entries[fixture.away]
        managers = (DefaultManager2020(derived_seed(league_seed, home.name, fixture.id)),
                    DefaultManager2020(derived_seed(league_seed, away.name, fixture.id)))
        dice = SeededDice(derived_seed(fixture.seed, fixture.id, "league"))
        match = play_league_match(home.team, away.team, managers, dice, rules, fixture.seed,
                                  bots=(home.bot, away.bot), board=board)
        game = match.game
        box = game.box_score()
        result = {"score": [game.state.teams[0].score, game.state.teams[1].score],
                  "cas": [box["home"]["casualties"], box["away"]["casualties"]], "conceded": None,
                  "gate": game.fans()["gate"]}
        sides = (match.pre_game.home, match.pre_game.away)
        postmatch = {key: {**_report(report), "prematch": _prematch(side)}
                     for key, report, side in zip(("home", "away"), match.reports, sides, strict=True)}
        ledger = [*_ledger(home, home.team, match.teams[0], match.reports[0]),
                  *_ledger(away, away.team, match.teams[1], match.reports[1])]
        store.commit_match(fixture, result, to_record(game), postmatch,
                           {home.id: match.teams[0], away.id: match.teams[1]}, ledger)
        yield fixture


def _prematch(side: Any) -> dict[str, Any]:
    """What the pre-game gave a side, for the match's report."""
    return {"fan_factor": side.fan_factor, "budget": side.budget, "petty_cash": side.treasury_spent,
            "induced": [i.label() for i in side.inducements], "journeymen": len(side.journeymen),
            "prayers": [p.name for p in side.prayers], "notes": list(side.refused)}


def _report(report: LeagueReport2020) -> dict[str, Any]:
    """A side's post-game report in JSON form."""
    g = report.game
    return {"winnings": g.winnings, "dedicated_fans_change": g.dedicated_fans_change, "mvp": g.mvp,
            "spp": {str(k): v for k, v in g.spp.items()},
            "injuries": {str(k): v for k, v in g.injuries.items()},
            "dead": list(g.dead), "advancements": [_advancement(a) for a in report.advancements],
            "fired": report.fired, "kept": report.kept, "bought": report.bought,
            "expensive_mistake": report.mistake.value, "mistake_loss": report.mistake_loss,
            "penalties": report.notes}


def _advancement(a: Any) -> dict[str, Any]:
    got = a.advancement
    return {"number": a.number, "kind": got.kind.value, "skill": got.skill, "stat": got.stat, "spp": a.cost,
            "rolls": list(a.rolls)}


def _ledger(entry: Entry, before: Team2020, after: Team2020, report: LeagueReport2020) -> list[LedgerRow]:
    """The treasury's movements: the winnings, and the rest (inducements paid from the treasury,
    hiring and buying, an Expensive Mistake) as one `purchase` row naming what was bought."""
    won = report.game.winnings
    rest = after.treasury - before.treasury - won
    rows = [LedgerRow(entry.id, "winnings", None, entry.name, won, won)]
    if rest:
        rows.append(LedgerRow(entry.id, "purchase", None, entry.name, -rest, rest,
                              {"bought": report.bought, "expensive_mistake": report.mistake.value,
                               "mistake_loss": report.mistake_loss}))
    return rows
