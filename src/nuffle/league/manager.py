"""Managers: who decides for a league team between matches. A manager picks an improvement
among exactly the legal ones after each improvement roll, says whether a winner re-rolls its
winnings roll and which Journeymen to hire for good, and after the post-match sequence says
whom to fire and what to buy. Managers are registered by name like bots (`register_manager`,
`make_manager("name?key=value")`); built in: `default` and `random`.

What happens to a bad decision (documented in docs/LEAGUE.md): an illegal improvement is replaced
by the first legal one; a purchase the team may not make (overspending, a limit) is skipped and
noted; firing a player the team does not have is skipped and noted. The league never fails a
match over a manager's decision.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any, Protocol

from nuffle.core import league as L
from nuffle.core.errors import InputError
from nuffle.core.skills import Skill
from nuffle.core.teams import Positional, race
from nuffle.league.inducing import Induce
from nuffle.league.management import Purchase, price, problem
from nuffle.league.team import Improvement, LeaguePlayer, LeagueTeam


class ManagerError(InputError):
    """An unknown manager or a bad manager option."""


class Manager(Protocol):
    """The decisions a league team's coach makes between matches. Two later decisions are
    optional methods (the league asks the `default` manager for a manager without them, see
    `decide`): `reroll_winnings(team, roll, winnings) -> bool`, whether the winner re-rolls its
    winnings D6 `roll` (the second roll stands), and `keep_journeymen(team, journeymen, cost)
    -> list[int]`, the shirt numbers of the Journeymen who played to hire for good at `cost`
    each (they keep the match's SPP and lose Loner)."""

    def choose_improvement(self, team: LeagueTeam, player: LeaguePlayer, roll: tuple[int, int],
                           options: Sequence[Improvement]) -> Improvement:
        """One of `options` (the legal improvements after the 2D6 `roll`)."""
        ...

    def fire(self, team: LeagueTeam) -> list[int]:
        """Shirt numbers of players to release after the match (no refund)."""
        ...

    def purchases(self, team: LeagueTeam) -> list[Purchase]:
        """What to buy now, in order, from `team.treasury`."""
        ...

    def inducements(self, team: LeagueTeam, opponent: LeagueTeam, budget: int,
                    offer: Sequence[tuple[Induce, int]]) -> list[Induce]:
        """What to induce for the next match, in order, within `budget` (the offer: what the
        team may induce, with its cost)."""
        ...


_REGISTRY: dict[str, Callable[..., Manager]] = {}


def register_manager(name: str, factory: Callable[..., Manager]) -> None:
    """Register a manager factory (it takes `seed=`) under `name`."""
    _REGISTRY[name] = factory


def manager_names() -> list[str]:
    """The registered managers."""
    _load_builtin()
    return sorted(_REGISTRY)


def make_manager(spec: str, seed: int = 0) -> Manager:
    """A manager from `name` or `name?key=value&...` (`default`, `random`, `process?command=...`
    or a registered one)."""
    _load_builtin()
    name, _, query = spec.partition("?")
    if name not in _REGISTRY:
        raise ManagerError(f"unknown manager {name!r} (choose one of {', '.join(manager_names())})")
    options: dict[str, str] = {}
    for part in filter(None, query.split("&")):
        key, eq, value = part.partition("=")
        if not eq:
            raise ManagerError(f"manager option {part!r} must be key=value")
        options[key] = value
    try:
        return _REGISTRY[name](seed=seed, **options)
    except TypeError:
        raise ManagerError(f"manager {name!r} does not take the options {sorted(options)}") from None


def check_manager(spec: str) -> None:
    """Raise ManagerError unless `spec` makes a manager that answers: a manager with a `check`
    method (a manager program: started, greeted and ended) is asked to run it."""
    manager = make_manager(spec)
    check = getattr(manager, "check", None)
    if callable(check):
        check()


def decide(manager: object, method: str) -> Any:
    """`manager`'s decision `method`, or the `default` manager's for a manager written before
    that decision existed (the later decisions are optional)."""
    found = getattr(manager, method, None)
    if callable(found):
        return found
    return getattr(DefaultManager(getattr(manager, "seed", 0)), method)


def _load_builtin() -> None:
    """Register the built-in managers that live in their own modules."""
    import nuffle.league.process_manager  # noqa: F401  (registers 'process')


# The default manager's skill preferences: the first of these a player may take.
PREFERRED = (
    Skill.BLOCK, Skill.DODGE, Skill.GUARD, Skill.MIGHTY_BLOW, Skill.SURE_HANDS, Skill.TACKLE,
    Skill.CATCH, Skill.SIDE_STEP, Skill.WRESTLE, Skill.STRIP_BALL, Skill.ACCURATE, Skill.PRO,
    Skill.STAND_FIRM, Skill.DAUNTLESS, Skill.FEND, Skill.KICK,
)
GAIN_ORDER = (L.Gain.ST, L.Gain.AG)
STAR_BUDGET = 150_000  # the default manager induces a star only with this much or more
ROSTER_TARGET = 13  # the default manager keeps this many players when it can
WINNINGS_REROLL_BELOW = 3  # the default manager re-rolls a winnings D6 of this or less
RESERVE = 20_000  # gold it keeps after buying re-rolls


class DefaultManager:
    """A sensible policy. Improvements: +ST, then +AG, then the first skill of `PREFERRED` the
    player may take, then any other skill, then +MA, then +AV. A winner re-rolls a winnings D6
    of 1-3. Journeymen: the best kept while the roster is under 13. After a match: fire players
    with two or more niggling injuries or two characteristic losses (while at least 11 others
    remain); buy an apothecary (if the roster allows), hire the cheapest 0-16 positional up to
    13 players, then buy re-rolls up to 4 while keeping 20,000 in the treasury."""

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed

    def inducements(self, team: LeagueTeam, opponent: LeagueTeam, budget: int,
                    offer: Sequence[tuple[Induce, int]]) -> list[Induce]:
        """The most expensive star who fits a budget of 150,000 or more, then Extra Team
        Training, a Wizard, a Bribe, a Wandering Apothecary or Igor, more training, Bloodweiser Babes
        (and the Master Chef for a Halfling team) while the budget lasts."""
        out: list[Induce] = []
        money = budget
        stars = sorted(((c, i) for i, c in offer if i.item == "star" and c <= money and c >= STAR_BUDGET),
                       key=lambda ci: (-ci[0], ci[1].name))
        if stars:
            out.append(stars[0][1])
            money -= stars[0][0]
        costs = {i.item: c for i, c in offer if i.item not in ("star", "mercenary")}
        wishes = ["training", "wizard", "bribes", "apothecaries", "igor", "training", "babes", "babes",
                  "chef"]
        for item in wishes:
            if item == "chef" and team.race != "halfling":
                continue
            if item in costs and costs[item] <= money:
                out.append(Induce(item))
                money -= costs[item]
        return out

    def choose_improvement(self, team: LeagueTeam, player: LeaguePlayer, roll: tuple[int, int],
                           options: Sequence[Improvement]) -> Improvement:
        for gain in GAIN_ORDER:
            for o in options:
                if o.gain is gain:
                    return o
        for skill in PREFERRED:
            for o in options:
                if o.skill is skill:
                    return o
        for o in options:
            if o.skill is not None:
                return o
        for gain in (L.Gain.MA, L.Gain.AV):
            for o in options:
                if o.gain is gain:
                    return o
        return options[0]

    def reroll_winnings(self, team: LeagueTeam, roll: int, winnings: int) -> bool:
        """Re-roll a 1, 2 or 3 (below the 3.5 a new roll averages)."""
        return roll <= WINNINGS_REROLL_BELOW

    def keep_journeymen(self, team: LeagueTeam, journeymen: Sequence[LeaguePlayer], cost: int) -> list[int]:
        """The Journeymen with the most SPP first (then by shirt number), while the roster has
        fewer than 13 players and the treasury covers them."""
        out = []
        n, money = len(team.players), team.treasury
        for j in sorted(journeymen, key=lambda p: (-p.spp, p.number)):
            if n >= ROSTER_TARGET or money < cost:
                break
            out.append(j.number)
            n += 1
            money -= cost
        return out

    def fire(self, team: LeagueTeam) -> list[int]:
        out = []
        keep = len(team.players)
        for p in team.players:
            worn = p.niggles >= 2 or sum(p.losses(k) for k in L.STATS) >= 2
            if worn and keep > 11:
                out.append(p.number)
                keep -= 1
        return out

    def purchases(self, team: LeagueTeam) -> list[Purchase]:
        out: list[Purchase] = []
        money = team.treasury
        if not team.apothecary and race(team.race).apothecary:
            item = Purchase("apothecary")
            if price(team, item) <= money:
                out.append(item)
                money -= price(team, item)
        filler = cheapest_filler(team.race)
        n = len(team.players)
        while n < ROSTER_TARGET and money >= filler.cost:
            out.append(Purchase("player", filler.name))
            money -= filler.cost
            n += 1
        rerolls = team.rerolls
        while rerolls < 4 and money - 2 * team.reroll_cost >= RESERVE:
            out.append(Purchase("reroll"))
            money -= 2 * team.reroll_cost
            rerolls += 1
        return out


def cheapest_filler(race_key: str) -> Positional:
    """The race's cheapest positional that may be taken 11 or more times (Journeymen are of it)."""
    return min((p for p in race(race_key).positionals if p.max_qty >= 11), key=lambda p: p.cost)


class RandomManager:
    """Picks uniformly: a random legal improvement; re-rolls its winnings with probability 1/2;
    keeps each Journeyman with probability 1/2; fires nobody; buys random things it may buy
    (each candidate with probability 1/2); induces, in a random order, each offered thing the
    budget still covers with probability 1/2. Seeded."""

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def choose_improvement(self, team: LeagueTeam, player: LeaguePlayer, roll: tuple[int, int],
                           options: Sequence[Improvement]) -> Improvement:
        return self.rng.choice(list(options))

    def fire(self, team: LeagueTeam) -> list[int]:
        return []

    def reroll_winnings(self, team: LeagueTeam, roll: int, winnings: int) -> bool:
        return self.rng.random() < 0.5

    def keep_journeymen(self, team: LeagueTeam, journeymen: Sequence[LeaguePlayer], cost: int) -> list[int]:
        return [j.number for j in journeymen if self.rng.random() < 0.5]

    def inducements(self, team: LeagueTeam, opponent: LeagueTeam, budget: int,
                    offer: Sequence[tuple[Induce, int]]) -> list[Induce]:
        out = []
        for item, cost in self.rng.sample(list(offer), len(offer)):
            if cost <= budget and self.rng.random() < 0.5:
                out.append(item)
                budget -= cost
        return out

    def purchases(self, team: LeagueTeam) -> list[Purchase]:
        candidates = [Purchase("reroll"), Purchase("apothecary"), Purchase("assistant_coach"),
                      Purchase("cheerleader")]
        candidates += [Purchase("player", p.name) for p in race(team.race).positionals]
        return [c for c in candidates if not problem(team, c) and self.rng.random() < 0.5]


register_manager("default", DefaultManager)
register_manager("random", RandomManager)
