"""A BB2020 team between matches (RULES.md §16): every player's unspent SPP, advancements (his
level), niggling and lasting injuries and Miss Next Game; the team's treasury, re-rolls, staff,
Dedicated Fans and dead players. Frozen values: the post-game steps (`postgame`, `advancement`,
`management`) return new teams and never change the one they were given.

The post-game figures are data (`data/bb2020/postgame.json`, read by `rules`). Dice, before a
game (`pregame`) and after it, come from a `LeagueDice` (a seeded generator, or forced rolls in
tests); each die names what it is for. Bad input is one `LeagueStepError` line: a `PostGameError`
after a game, a `PreGameError` (`pregame`) before one.
"""

from __future__ import annotations

import json
from collections import deque
from collections.abc import Iterable
from dataclasses import dataclass, field, replace
from enum import Enum
from functools import lru_cache
from importlib import resources
from typing import Any, Protocol

from nuffle.core.bb2020.rosters import BOUNDS, Positional, Team
from nuffle.core.dice import draw, next_state, seed_state
from nuffle.core.errors import InputError

STATS = ("ma", "st", "ag", "pa", "av")
# Characteristics written "X+" whose improvement lowers the X (AG 3+ -> 2+); MA, ST and AV
# (AV 9+ -> 10+) go up.
TARGETS = frozenset({"ag", "pa"})
MAX_PLAYERS = 16
MAX_REROLLS = 8
MIN_DEDICATED_FANS = 1


class LeagueStepError(InputError):
    """A league step (or a die) that may not be taken (the message says why); nothing is changed."""


class PostGameError(LeagueStepError):
    """A post-game step that may not be taken (the message says why); the team is unchanged."""


@lru_cache(maxsize=4)
def figures(name: str) -> dict[str, Any]:
    """The figures of the league data file `data/bb2020/<name>.json`, its `_` notes left out."""
    text = resources.files("nuffle.data").joinpath("bb2020", f"{name}.json").read_text()
    raw: dict[str, Any] = json.loads(text)
    return {k: v for k, v in raw.items() if not k.startswith("_")}


def rules() -> dict[str, Any]:
    """The post-game figures of `data/bb2020/postgame.json`."""
    return figures("postgame")


@lru_cache(maxsize=1)
def creation() -> dict[str, int]:
    """The creation figures of `data/bb2020/creation.json` (staff costs, Dedicated Fans)."""
    text = resources.files("nuffle.data").joinpath("bb2020", "creation.json").read_text()
    return {str(k): int(v) for k, v in json.loads(text).items() if not str(k).startswith("_")}


class Kind(Enum):
    """The five advancements a player may buy with SPP."""

    RANDOM_PRIMARY = "random_primary"
    CHOSEN_PRIMARY = "chosen_primary"
    RANDOM_SECONDARY = "random_secondary"
    CHOSEN_SECONDARY = "chosen_secondary"
    CHARACTERISTIC = "characteristic"


@dataclass(frozen=True, slots=True)
class Advancement:
    """One advancement taken: its kind and what it gave (a skill, or a characteristic; a
    characteristic improvement exchanged for a chosen Secondary skill has `skill` set)."""

    kind: Kind
    skill: str | None = None
    stat: str | None = None

    @property
    def value(self) -> int:
        """What it adds to the player's value (TABLES §15)."""
        r = rules()
        if self.kind is Kind.CHARACTERISTIC:
            if self.stat is None:  # exchanged for a chosen Secondary skill
                return int(r["skill_values"][Kind.CHOSEN_SECONDARY.value])
            return int(r["characteristic_values"][self.stat])
        return int(r["skill_values"][self.kind.value])


def skill_base(label: str) -> str:
    """A skill's name without its value: "Mighty Blow (+1)" -> "Mighty Blow"."""
    return label.split(" (", 1)[0]


@dataclass(frozen=True, slots=True)
class Player2020:
    """A BB2020 player with his league history. `reductions` lists the characteristics lasting
    injuries lowered, in order (one entry per injury)."""

    position: Positional
    number: int
    name: str
    spp: int = 0  # unspent
    advancements: tuple[Advancement, ...] = ()
    niggles: int = 0
    reductions: tuple[str, ...] = ()
    mng: bool = False
    retired: bool = False  # temporarily retired: sits games out until the coach recalls him

    @property
    def level(self) -> int:
        """Advancements taken (0 Rookie ... 6 Legend)."""
        return len(self.advancements)

    @property
    def title(self) -> str:
        """Rookie, Experienced, ..., Legend."""
        return str(rules()["levels"][self.level])

    def improvements(self, stat: str) -> int:
        """How often `stat` was improved."""
        return sum(1 for a in self.advancements if a.kind is Kind.CHARACTERISTIC and a.stat == stat)

    def stat(self, stat: str) -> int | None:
        """The characteristic now (AG, PA, AV as the X of "X+"; PA None when he has none),
        improvements less lasting injuries, kept within its bounds."""
        base: int | None = getattr(self.position, stat)
        if base is None:
            return None
        net = self.improvements(stat) - self.reductions.count(stat)
        value = base - net if stat in TARGETS else base + net
        low, high = BOUNDS[stat]
        return max(low, min(high, value))

    @property
    def skills(self) -> tuple[str, ...]:
        """Every skill and trait he has: the roster's (with their values), then those gained."""
        gained = tuple(a.skill for a in self.advancements if a.skill is not None)
        return self.position.skill_labels() + gained

    def has(self, skill: str) -> bool:
        """Whether he has `skill` (by its name, with or without a value)."""
        name = skill_base(skill)
        return any(skill_base(s) == name for s in self.skills)

    @property
    def value(self) -> int:
        """His current value: the positional's cost plus every advancement's value."""
        return self.position.cost + sum(a.value for a in self.advancements)

    @property
    def fit(self) -> bool:
        """Whether he may play the next game (neither Miss Next Game nor retired)."""
        return not (self.mng or self.retired)


@dataclass(frozen=True, slots=True)
class Team2020:
    """A BB2020 league team. `graveyard` holds the dead, `departed` those who left (fired, or
    gone after a concession); no shirt number of theirs is given to a new player."""

    team: Team
    name: str
    players: tuple[Player2020, ...]
    treasury: int = 0
    rerolls: int = 0
    apothecary: bool = False
    dedicated_fans: int = 1
    assistant_coaches: int = 0
    cheerleaders: int = 0
    favoured_of: str | None = None
    graveyard: tuple[Player2020, ...] = ()
    departed: tuple[Player2020, ...] = ()

    def player(self, number: int) -> Player2020:
        """The player wearing `number`; PostGameError if none does."""
        for p in self.players:
            if p.number == number:
                return p
        raise PostGameError(f"{self.name}: no player wears number {number}")

    def with_player(self, player: Player2020) -> Team2020:
        """The team with `player` replacing the one of his number."""
        players = tuple(player if p.number == player.number else p for p in self.players)
        return replace(self, players=players)

    def free_number(self) -> int:
        """The lowest shirt number nobody of the team (past players included) ever wore."""
        used = {p.number for p in (*self.players, *self.graveyard, *self.departed)}
        for n in range(1, 100):
            if n not in used:
                return n
        raise PostGameError(f"{self.name}: every shirt number from 1 to 99 has been worn")

    @property
    def reroll_price(self) -> int:
        """A re-roll bought after creation: the roster price doubled."""
        return self.team.reroll_cost * int(rules()["reroll_price_factor"])

    def team_value(self, current: bool = False) -> int:
        """Team value (RULES §16.4): players' values, re-rolls at the roster price, assistant
        coaches, cheerleaders and the apothecary; `current` (CTV) leaves out the players who
        miss the next game and the temporarily retired."""
        c = creation()
        players = sum(p.value for p in self.players if p.fit or not current)
        return (players + self.rerolls * self.team.reroll_cost
                + (c["apothecary"] if self.apothecary else 0)
                + self.assistant_coaches * c["assistant_coach"] + self.cheerleaders * c["cheerleader"])

    def journeyman_position(self) -> Positional:
        """The positional Journeymen are of: the roster's cheapest of 0-11 or more (its
        0-16 / 0-12 lineman)."""
        return min((p for p in self.team.positionals if p.max_qty >= 11), key=lambda p: p.cost)

    def available(self) -> int:
        """Players who may play the next game (not Miss Next Game, not retired)."""
        return sum(1 for p in self.players if p.fit)


def new_player(position: Positional, number: int, name: str | None = None) -> Player2020:
    """A rookie of `position`."""
    return Player2020(position, number, name or f"{position.name} #{number}")


# --- dice --------------------------------------------------------------------------------------


class LeagueDice(Protocol):
    """Where every die of the league sequences (pre-game and post-game) comes from:
    `roll(sides, purpose)` is one die of `sides` faces (3, 6, 8, 16, or the number of
    candidates for a random pick), 1 to `sides`."""

    def roll(self, sides: int, purpose: str) -> int:
        """One die."""
        ...


@dataclass(slots=True)
class SeededDice:
    """Dice drawn from a seeded generator (the engine's xorshift64*): the same seed, the same
    rolls. `log` keeps (purpose, sides, result) for the report."""

    seed: int
    state: int = 0
    log: list[tuple[str, int, int]] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.state = seed_state(self.seed)

    def roll(self, sides: int, purpose: str) -> int:
        """One die."""
        if sides < 1:
            raise LeagueStepError(f"a die needs at least one face ({purpose})")
        self.state = next_state(self.state)
        result = draw(self.state, sides) + 1
        self.log.append((purpose, sides, result))
        return result


class ForcedDice:
    """Dice forced in order (tests): each entry is (sides, result); a die of other faces than
    the next entry's, or one asked for when none is left, is a LeagueStepError."""

    def __init__(self, rolls: Iterable[tuple[int, int]] = ()) -> None:
        self.queue: deque[tuple[int, int]] = deque(rolls)
        self.log: list[tuple[str, int, int]] = []
        for sides, result in self.queue:
            if not 1 <= result <= sides:
                raise LeagueStepError(f"a D{sides} cannot roll {result}")

    def roll(self, sides: int, purpose: str) -> int:
        """The next forced die."""
        if not self.queue:
            raise LeagueStepError(f"no forced die left for a D{sides} ({purpose})")
        want, result = self.queue[0]
        if want != sides:
            raise LeagueStepError(f"the next forced die is a D{want}, but a D{sides} is rolled ({purpose})")
        self.queue.popleft()
        self.log.append((purpose, sides, result))
        return result

    def left(self) -> int:
        """Forced dice not rolled yet."""
        return len(self.queue)
