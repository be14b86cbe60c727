"""BB2020 league teams before and after a game: a team built by the BB2020 team builder becomes a
league team (`league_team`); `run_pre_game` takes two teams through the pre-game sequence
(RULES.md §3: Fan Factor, Journeymen, inducements, Prayers to Nuffle; `nuffle.core.bb2020.
pregame`) with each manager choosing its inducements (a choice that may not be taken is skipped
and listed in the record's `refused`) and the treasuries paying their share; `run_post_game`
takes a team through the whole post-game sequence (RULES.md §16) with a manager choosing for
its coach:

1. the automatic steps (`nuffle.core.bb2020.postgame.post_game`: winnings, Dedicated Fans, SPP
   and the MVP, injuries, an illegal conceder's departures);
2. advancement: player by player (shirt-number order), the manager names what each buys until
   it names nothing; a player who still must spend (he can afford a characteristic
   improvement) is given `fallback` choices until he need not;
3. firing; the Journeymen who played and the manager keeps, hired for good (each then buys
   what his SPP allow, as in step 2); then hiring and buying (in the manager's order);
4. Expensive Mistakes on what is left.

A manager's choice that may not be taken is skipped and noted in the report; the league never
fails over one. The match comes in as a `GameResult`: explicit, or read off a match an engine
played (`nuffle.league.bb2020_match`, under BB2020); `nuffle league new --ruleset bb2020` runs a
league of such teams (`nuffle.league.bb2020_season`). The pre- and post-game API is
public from this module (`__all__`); its rules live in `nuffle.core.bb2020`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Protocol

from nuffle.core.bb2020.advancement import (
    AdvanceReport,
    Choice,
    advance,
    characteristic,
    choice_problem,
    chosen_primary,
    chosen_secondary,
    must_spend,
    random_primary,
    random_secondary,
    skill_problem,
)
from nuffle.core.bb2020.inducements import Cart, Induce2020, Item, PreGameError
from nuffle.core.bb2020.league_team import (
    MAX_PLAYERS,
    MAX_REROLLS,
    ForcedDice,
    LeagueDice,
    LeagueStepError,
    Player2020,
    PostGameError,
    SeededDice,
    Team2020,
    new_player,
    rules,
)
from nuffle.core.bb2020.management import (
    Staff,
    buy,
    fire,
    hire,
    hire_journeyman,
    hire_problem,
    retire,
    unspent_problem,
)
from nuffle.core.bb2020.postgame import (
    Casualty,
    Concession,
    GameResult,
    Mistake,
    PlayerGame,
    PostGameReport,
    expensive_mistakes,
    post_game,
)
from nuffle.core.bb2020.pregame import Prayer, PreGame, PreGameTeam, pay, pre_game
from nuffle.core.bb2020.rosters import Positional
from nuffle.core.bb2020.skills import catalogue
from nuffle.league.bb2020_inducing import default_inducements
from nuffle.teams_bb2020 import TeamSpec2020

# The BB2020 pre- and post-game API, public from here (the rules themselves are `nuffle.core.bb2020`).
__all__ = [
    "Cart", "Casualty", "Choice", "Concession", "DefaultManager2020", "ForcedDice", "GameResult",
    "Induce2020", "Inducer2020", "Item", "LeagueDice", "LeagueReport2020", "LeagueStepError",
    "Manager2020", "Mistake", "PlayerGame", "PostGameError", "Prayer", "PreGame", "PreGameError",
    "PreGameTeam", "Purchase2020", "SeededDice", "Staff", "Team2020", "advance", "buy", "characteristic",
    "chosen_primary", "chosen_secondary", "expensive_mistakes", "fallback", "fire", "hire",
    "hire_journeyman", "league_team", "post_game", "pre_game", "random_primary", "random_secondary",
    "retire", "run_post_game", "run_post_games", "run_pre_game", "unspent_problem",
]

Purchase2020 = Staff | str  # a staff item, or a positional to hire (its name)


def league_team(spec: TeamSpec2020, treasury: int = 0) -> Team2020:
    """A new BB2020 team (from `nuffle.teams_bb2020`) as a league team: rookies, with the
    treasury left after creation."""
    players = tuple(new_player(p.position, p.number, p.name) for p in spec.players)
    return Team2020(spec.team, spec.name, players, treasury, spec.rerolls, spec.apothecary,
                    spec.dedicated_fans, spec.assistant_coaches, spec.cheerleaders, spec.favoured_of)


class Manager2020(Protocol):
    """The choices a BB2020 league team's coach makes after a game."""

    def advancement(self, team: Team2020, player: Player2020) -> Choice | None:
        """What `player` buys now (None: he saves his SPP); asked again after each purchase."""
        ...

    def fire(self, team: Team2020) -> list[int]:
        """Shirt numbers of the players to let go (no refund)."""
        ...

    def keep_journeymen(self, team: Team2020, journeymen: Sequence[Player2020]) -> list[int]:
        """The match shirt numbers of the Journeymen to hire for good (at their positional's
        cost; each keeps the match's SPP and injuries)."""
        ...

    def purchases(self, team: Team2020) -> list[Purchase2020]:
        """What to hire and buy, in order, from `team.treasury`."""
        ...


class Inducer2020(Protocol):
    """The choice a BB2020 league team's coach makes before a game."""

    def inducements(self, cart: Cart, opponent: Team2020) -> list[Induce2020]:
        """What to induce, in order: `cart` holds the team, its Journeymen and its free budget
        (`cart.money` adds the treasury)."""
        ...


# Skills the default manager chooses first (the first a player may take as a Primary skill).
PREFERRED = ("Block", "Dodge", "Guard", "Mighty Blow", "Sure Hands", "Tackle", "Catch", "Sidestep",
             "Wrestle", "Strip Ball", "Accurate", "Pro", "Stand Firm", "Claws", "Juggernaut",
             "Break Tackle", "Nerves of Steel", "Sure Feet", "Fend", "Dauntless", "Jump Up", "Leader")
CATEGORY_ORDER = "GSAPM"  # the default manager's random-skill categories, first choice first
STAT_ORDER = ("st", "ag", "ma", "av", "pa")
KEEP_PLAYERS = 11  # players fit to play the next game
REROLLS_FIRST = 3  # re-rolls bought before spending down the treasury
MAX_STAFF = 2  # assistant coaches, cheerleaders


def is_key(position: Positional) -> bool:
    """A positional other than the lineman (a maximum under 11)."""
    return position.max_qty < KEEP_PLAYERS


def fallback(player: Player2020) -> Choice | None:
    """A legal advancement for a player who must spend: a random Primary skill, else a random
    Secondary one, else a characteristic improvement (any characteristic he may improve, else
    a Secondary skill); None if none is legal."""
    options: list[Choice] = [random_primary(c) for c in CATEGORY_ORDER]
    options += [random_secondary(c) for c in CATEGORY_ORDER]
    secondary = [s for c in player.position.secondary for s in catalogue().table[c]
                 if not skill_problem(player, s, primary=False)]
    options.append(characteristic(STAT_ORDER, secondary[0] if secondary else None))
    for choice in options:
        if not choice_problem(player, choice):
            return choice
    return None


class DefaultManager2020:
    """A sensible policy. Advancement: a key positional (not the lineman) saves for a chosen
    Primary skill, the first of `PREFERRED` he may take (else the first of his primary
    categories' tables); a lineman takes a random Primary skill as soon as he can afford one
    (categories in the order G, S, A, P, M); a player who must spend takes what `fallback`
    gives. Journeymen: those who earned SPP (most first), and others while fewer than 11 are
    fit. Firing: players with two niggling or two lasting injuries while 11 others stay.
    Buying: the cheapest lineman until 11 players are fit for the next game, re-rolls up to 3,
    an apothecary; then, to stay clear of Expensive Mistakes, it spends down while 100,000 or
    more is left: re-rolls up to 8, a key positional, a lineman, up to 2 assistant coaches and
    2 cheerleaders. Inducements: from the free budget only, a medic, Bribes for Secret Weapons
    and foulers, Extra Team Training, Kegs (`nuffle.league.bb2020_inducing`). It draws no dice
    of its own: a run is as deterministic as its dice."""

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed

    def advancement(self, team: Team2020, player: Player2020) -> Choice | None:
        if is_key(player.position):
            for skill in (*PREFERRED, *(s for c in player.position.primary for s in catalogue().table[c])):
                choice = chosen_primary(skill)
                if not skill_problem(player, skill, primary=True):
                    return None if choice_problem(player, choice) else choice
        else:
            for c in CATEGORY_ORDER:
                choice = random_primary(c)
                if not choice_problem(player, choice):
                    return choice
        return fallback(player) if must_spend(player) else None

    def inducements(self, cart: Cart, opponent: Team2020) -> list[Induce2020]:
        return default_inducements(cart, opponent)

    def keep_journeymen(self, team: Team2020, journeymen: Sequence[Player2020]) -> list[int]:
        """Those who earned SPP (most first), and others while fewer than 11 are fit for the
        next game, while the roster has room and the treasury covers each."""
        out: list[int] = []
        fit, size, money = team.available(), len(team.players), team.treasury
        for j in sorted(journeymen, key=lambda p: (-p.spp, p.number)):
            if size >= MAX_PLAYERS or money < j.position.cost or not (j.spp or fit < KEEP_PLAYERS):
                continue
            out.append(j.number)
            fit, size, money = fit + int(j.fit), size + 1, money - j.position.cost
        return out

    def fire(self, team: Team2020) -> list[int]:
        out: list[int] = []
        left = len(team.players)
        for p in team.players:
            if (p.niggles >= 2 or len(p.reductions) >= 2) and left > KEEP_PLAYERS:
                out.append(p.number)
                left -= 1
        return out

    def purchases(self, team: Team2020) -> list[Purchase2020]:
        plan: list[Purchase2020] = []
        sim = team
        lineman = min((p for p in team.team.positionals if p.max_qty >= KEEP_PLAYERS), key=lambda p: p.cost)

        def take(item: Purchase2020) -> bool:
            nonlocal sim
            try:
                sim = hire(sim, item) if isinstance(item, str) else buy(sim, item)
            except PostGameError:
                return False
            plan.append(item)
            return True

        while sim.available() < KEEP_PLAYERS and take(lineman.name):
            pass
        while sim.rerolls < REROLLS_FIRST and take(Staff.REROLL):
            pass
        if team.team.apothecary and not sim.apothecary:
            take(Staff.APOTHECARY)
        limit = int(rules()["expensive_mistakes_from"])
        while sim.treasury >= limit and any(take(item) for item in self._spend_down(sim, lineman)):
            pass
        return plan

    def _spend_down(self, team: Team2020, lineman: Positional) -> list[Purchase2020]:
        """What is worth buying with a treasury over the Expensive Mistakes line, best first."""
        out: list[Purchase2020] = []
        if team.rerolls < MAX_REROLLS:
            out.append(Staff.REROLL)
        keys = sorted((p for p in team.team.positionals if is_key(p)), key=lambda p: -p.cost)
        out += [p.name for p in keys if not hire_problem(team, p.name)]
        if len(team.players) < MAX_PLAYERS:
            out.append(lineman.name)
        if team.assistant_coaches < MAX_STAFF:
            out.append(Staff.ASSISTANT_COACH)
        if team.cheerleaders < MAX_STAFF:
            out.append(Staff.CHEERLEADER)
        return out


@dataclass(slots=True)
class LeagueReport2020:
    """What the whole post-game sequence did to one team."""

    game: PostGameReport
    advancements: list[AdvanceReport] = field(default_factory=list)
    fired: list[int] = field(default_factory=list)
    kept: list[int] = field(default_factory=list)  # roster numbers of the Journeymen hired
    bought: list[str] = field(default_factory=list)
    mistake: Mistake = Mistake.NONE
    mistake_loss: int = 0
    notes: list[str] = field(default_factory=list)  # the manager's choices that were skipped


def run_pre_game(home: Team2020, away: Team2020, home_manager: Inducer2020, away_manager: Inducer2020,
                 dice: LeagueDice, exhibition: bool = False) -> tuple[PreGame, Team2020, Team2020]:
    """The pre-game sequence of a match (`nuffle.core.bb2020.pregame.pre_game`, not strict: a
    manager's choice that may not be taken is skipped and listed in its team's `refused`);
    returns the record and both teams with their treasury's share of the inducements paid."""
    game = pre_game(home, away, dice, home_manager.inducements, away_manager.inducements,
                    exhibition=exhibition, strict=False)
    return game, pay(home, game.home), pay(away, game.away)


def run_post_game(team: Team2020, result: GameResult, manager: Manager2020,
                  dice: LeagueDice) -> tuple[Team2020, LeagueReport2020]:
    """The post-game sequence for one team (see the module); returns the new team and the
    report. PostGameError only for a `result` that cannot be (the team is then unchanged)."""
    team, game = post_game(team, result, dice)
    report = LeagueReport2020(game)
    for number in [p.number for p in team.players]:
        team = _advance(team, number, manager, dice, report)
    for number in manager.fire(team):
        try:
            team = fire(team, number)
            report.fired.append(number)
        except PostGameError as exc:
            report.notes.append(f"not fired: {exc}")
    offered = {j.number: j for j in game.journeymen}
    for number in manager.keep_journeymen(team, game.journeymen):
        try:
            if number not in offered:
                raise PostGameError(f"{team.name}: no Journeyman #{number} played this game")
            team = hire_journeyman(team, offered.pop(number))
        except PostGameError as exc:
            report.notes.append(f"not kept: {exc}")
            continue
        report.kept.append(team.players[-1].number)
        team = _advance(team, team.players[-1].number, manager, dice, report)
    for item in manager.purchases(team):
        try:
            team = hire(team, item) if isinstance(item, str) else buy(team, item)
            report.bought.append(item if isinstance(item, str) else item.value)
        except PostGameError as exc:
            report.notes.append(f"not bought: {exc}")
    team, report.mistake, report.mistake_loss = expensive_mistakes(team, dice)
    return team, report


def _advance(team: Team2020, number: int, manager: Manager2020, dice: LeagueDice,
             report: LeagueReport2020) -> Team2020:
    for _ in range(len(rules()["advancement_costs"])):
        player = team.player(number)
        choice = manager.advancement(team, player)
        if choice is None:
            break
        why = choice_problem(player, choice)
        if why:
            report.notes.append(f"not advanced: {why}")
            break
        team, got = advance(team, number, choice, dice)
        report.advancements.append(got)
    while must_spend(team.player(number)):
        forced = fallback(team.player(number))
        if forced is None:
            break
        team, got = advance(team, number, forced, dice)
        report.advancements.append(got)
    return team


def run_post_games(team: Team2020, results: Sequence[GameResult], manager: Manager2020,
                   dice: LeagueDice) -> tuple[Team2020, list[LeagueReport2020]]:
    """`run_post_game` after each of `results` in turn (a team's season of explicit games)."""
    reports = []
    for result in results:
        team, report = run_post_game(team, result, manager, dice)
        reports.append(report)
    return team, reports

