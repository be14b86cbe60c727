"""A ruleset as a value: the tables the engine rolls on and the skill handlers it uses.

The state carries its `Ruleset` (`GameState.rules`) as it carries the board: procedures read
the scatter template, weather, kick-off, injury and casualty tables, pass ranges and costs from
it, never from constants of their own. `LRB6` is read from `data/lrb6/ruleset.json`; its skill
handlers are the ones `nuffle.core.skill_rules` attaches to the hook points.

Another ruleset is LRB6 with some tables and handlers changed (`Ruleset.derive`), registered
by name (`register`) so records, positions and `MatchConfig.ruleset` can name it. Its players'
skill sets are `RuleSkills`, which tell the hook points to use the ruleset's handlers: two
rulesets' versions of one skill live side by side in one process.

A built-in ruleset is a data file (`data/<name>/ruleset.json`); one may name a `base` whose
tables it takes where it gives none. The native engine knows the built-in rulesets by their
place in `NATIVE` (`State::ruleset`; frames.hpp carries each one's tables, generated).

A ruleset may be a *draft* (`Ruleset.draft`): it records the rule areas that follow its own
rules so far (`areas`) and those still played as its base's (`pending`). The public lookup
(`ruleset`, hence `Game.new("...", ruleset=...)`, `MatchConfig`, records, positions) refuses a
draft in one line; tests and the parity harness reach it through `draft_ruleset` (the internal
path), whose value `Game.new(..., ruleset=value)` takes. A ruleset that is not a draft has no
pending area (`load` refuses one that has). BB2020 was built in as a draft and is public now,
every area its own (`BB2020.areas`).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, fields, replace
from importlib import resources
from types import MappingProxyType
from typing import Any

from nuffle.core.errors import NuffleError
from nuffle.core.skills import Skill
from nuffle.core.types import Weather

#: The D68 results that exist (tens 1-6, units 1-8).
D68 = tuple(10 * t + u for t in range(1, 7) for u in range(1, 9))
#: The faces of each casualty die a ruleset may roll (`Ruleset.casualty_die`).
CASUALTY_DICE = {"D68": D68, "D16": tuple(range(1, 17))}

# Handler overrides: (hook point name, skill) -> the ruleset's handler, or None (no handler).
Handlers = Mapping[tuple[str, Skill], Callable[..., Any] | None]


#: The skill handlers of each built-in ruleset where they differ from LRB6's, by ruleset name:
#: filled by `nuffle.core.skill_rules` at import (`own_handler`), read through `Ruleset.handlers`.
_OWN: dict[str, dict[tuple[str, Skill], Callable[..., Any] | None]] = {}


def own_handler(name: str, point: str, skill: Skill) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
    """Decorator: the handler of `skill` at the hook point called `point` under built-in ruleset
    `name` (registered at import, before any match: the hook points cache their handlers)."""

    def register(fn: Callable[..., Any]) -> Callable[..., Any]:
        own = _OWN.setdefault(name, {})
        if (point, skill) in own:
            raise RulesetError(f"ruleset {name!r} already has a {skill.name} handler at {point}")
        own[(point, skill)] = fn
        return fn

    return register


class RulesetError(NuffleError, ValueError):
    """A ruleset name is unknown or its data is malformed."""


@dataclass(frozen=True, eq=False)
class Ruleset:
    """The rules of a match as data (frozen, shared by every state of a match)."""

    name: str
    #: D8 face -> (dx, dy) of the scatter / bounce template (index 0 unused).
    scatter: tuple[tuple[int, int], ...]
    #: 2D6 total -> Weather (indexes 0 and 1 unused).
    weather: tuple[Weather, ...]
    #: 2D6 total -> the frame id of the kick-off result's procedure (indexes 0 and 1 unused).
    kickoff: tuple[str, ...]
    #: Lowest injury total that is a KO, and lowest that is a casualty.
    ko_from: int
    casualty_from: int
    #: Casualty table: (first result, last result, result) in ascending order; results past
    #: the die's faces are the lasting injuries' codes (`lasting_base` + D6).
    casualties: tuple[tuple[int, int, str], ...]
    #: Pass range ruler: row = |dy|, column = |dx|; 'Q', 'S', 'L', 'B', 'T' (thrower), '-'.
    pass_ranges: tuple[str, ...]
    #: Pass roll modifier per range band.
    range_modifiers: Mapping[str, int]
    #: Team-building costs (treasury, apothecary, fan_factor, assistant_coach, cheerleader).
    costs: Mapping[str, int]
    #: Skill handlers that differ from LRB6's (see module docstring).
    handlers: Handlers = field(default_factory=lambda: MappingProxyType({}))
    #: AG, PA and AV are "X+" targets (BB2020), not LRB6's ratings (`core.characteristics`).
    x_plus: bool = False
    #: The casualty die ('D68' or 'D16', CASUALTY_DICE), and what niggling injuries add +1
    #: each to: 'injury' (the injury roll, LRB6) or 'casualty' (the casualty roll, capped at
    #: the die's highest face, BB2020).
    casualty_die: str = "D68"
    niggles_on: str = "injury"
    #: A lasting injury's code is this + its D6 (0: the table has no lasting injuries).
    lasting_base: int = 0
    #: Sweltering Heat at a drive's end: 'per_player' (a D6 each, 1 faints: LRB6) or 'random'
    #: (D3 randomly selected players of each team on the pitch: BB2020; procedures/heat.py).
    heat: str = "per_player"
    #: Added to every catch roll (ball.catch_modifier): LRB6 0 (an accurate pass or hand-off
    #: +1), BB2020 -1 (those 0, any other ball -1: AG folds LRB6's +1 in).
    catch_base: int = 0
    #: A touchback with no standing receiving player able to hold the ball: 'standing' (the
    #: ball rests on an empty square: LRB6) or 'any' (another receiving player on the pitch
    #: is given it, and it bounces from his square: BB2020; procedures/kickoff.py).
    touchback: str = "standing"
    #: The pass procedure's results: 'lrb6' (success, or a fumble or a scatter) or 'bb2020'
    #: (the Passing Ability test's accurate / inaccurate / wildly inaccurate / fumbled results,
    #: completions only for an accurate pass caught in the target square; passing.Pass).
    passing: str = "lrb6"
    #: The base modifier of a dodge and of a pick-up (movement.dodge_modifier,
    #: ball.pickup_modifier): LRB6 +1, BB2020 0 (AG folds LRB6's +1 in).
    dodge_base: int = 1
    pickup_base: int = 1
    #: Any player may Jump over a Prone or Stunned player (BB2020; procedures/jump.py).
    jump: bool = False
    #: Team re-rolls a team may use in one team turn (0: any number, one per roll: BB2020),
    #: and whether they may be used in the kick-off table's Blitz! turn (LRB6 yes, BB2020 no).
    rerolls_per_turn: int = 1
    blitz_turn_rerolls: bool = True
    #: Pro: the lowest D6 of its check (LRB6 4, BB2020 3), and whether on block dice it
    #: re-rolls one die the coach picks (BB2020) rather than them all (LRB6).
    pro_from: int = 4
    pro_one_die: bool = False
    #: The Throw Team-mate procedure: 'lrb6' (procedures/throw_team_mate.py) or 'bb2020' (the
    #: Passing Ability test's four results, each with its flight and landing modifier;
    #: procedures/throw_team_mate_bb2020.py).
    throw_team_mate: str = "lrb6"
    #: Fouls (foul.Foul): whether Guard gives foul assists as it does block assists (BB2020),
    #: and whether the fouler's coach may Argue the Call on a send-off (a D6: 1 sent off and
    #: the coach ejected, 2-5 sent off, 6 not sent off; BB2020).
    foul_guard: bool = False
    argue_the_call: bool = False
    #: Whether a bonus on the armour roll (Mighty Blow) may reach a total that breaks armour
    #: whatever the AV (Claws' 8): LRB6 yes, BB2020 no (the bonus counts against AV only).
    claws_with_bonus: bool = True
    #: Prayers to Nuffle (BB2020): the D16 result n's (name, duration) at index n - 1, its
    #: duration 'drive', 'half' or 'game' (procedures/prayers.py); () for a ruleset without.
    prayers: tuple[tuple[str, str], ...] = ()
    #: The match's fans: 'gate' (2D6 + Fan Factor a team, FAME from the two: LRB6) or
    #: 'fan_factor' (no roll: each team's `TeamSpec.fan_factor` is the Fan Factor its pre-game
    #: gave, D3 + Dedicated Fans, and there is no FAME: BB2020; procedures/match.py).
    fans: str = "gate"
    #: The Wizard's second spell beside the Fireball: 'lightning_bolt' (LRB6) or 'zap' (one
    #: opposing player turned into a frog for the match: BB2020; procedures/zap.py).
    wizard: str = "lightning_bolt"
    #: An incomplete ruleset: only `draft_ruleset` gives it (see module docstring).
    draft: bool = False
    #: The rule areas of a draft that follow its own rules, and those still played as LRB6.
    areas: tuple[str, ...] = ()
    pending: tuple[str, ...] = ()
    #: (representative result, number of the casualty die's faces giving it) per casualty result
    #: the die can give (D68: of 48, D16: of 16), for enumeration.
    casualty_groups: tuple[tuple[int, int], ...] = field(init=False, repr=False)

    def __post_init__(self) -> None:
        faces = self.casualty_faces
        groups = tuple((a, n) for a, b, _ in self.casualties if (n := sum(1 for d in faces if a <= d <= b)))
        object.__setattr__(self, "casualty_groups", groups)

    @property
    def casualty_faces(self) -> tuple[int, ...]:
        """The results of the casualty die."""
        return CASUALTY_DICE[self.casualty_die]

    def lasting_band(self) -> tuple[int, int]:
        """(first, last) casualty results that are a lasting injury (D6 to follow), or (-1, -1)."""
        for first, last, r in self.casualties:
            if r == "lasting":
                return first, last
        return -1, -1

    def prayer_number(self, name: str) -> int:
        """The D16 result of the prayer called `name` (1-16); RulesetError if there is none."""
        for i, (known, _) in enumerate(self.prayers):
            if known == name:
                return i + 1
        known = f" (its prayers: {', '.join(p for p, _ in self.prayers)})" if self.prayers else ""
        raise RulesetError(f"ruleset {self.name!r} has no prayer {name!r}{known}")

    def weather_of(self, total: int) -> Weather:
        """The weather of a 2D6 total."""
        return self.weather[total]

    def casualty_of(self, d68: int) -> str:
        """The casualty-table result of a D68 ('badly_hurt', ..., 'dead')."""
        for first, last, result in self.casualties:
            if first <= d68 <= last:
                return result
        raise RulesetError(f"{d68} is not a casualty result of ruleset {self.name!r}")

    def first_of(self, result: str) -> int:
        """The lowest D68 giving casualty `result`."""
        for first, _, r in self.casualties:
            if r == result:
                return first
        raise RulesetError(f"ruleset {self.name!r} has no casualty result {result!r}")

    def casualty_classes(self) -> tuple[tuple[int, int], ...]:
        """(representative D68, number of the 48 results) for each casualty result."""
        return self.casualty_groups

    def pass_range(self, dx: int, dy: int) -> str:
        """Range band ('Q', 'S', 'L', 'B'), 'T' for the thrower's square or '-' out of range."""
        dx, dy = abs(dx), abs(dy)
        if dy >= len(self.pass_ranges) or dx >= len(self.pass_ranges[dy]):
            return "-"
        return self.pass_ranges[dy][dx]

    def derive(self, name: str, handlers: Handlers | None = None, **tables: Any) -> Ruleset:
        """A ruleset called `name`: this one with `tables` (fields) replaced and `handlers`
        (point name, skill) -> handler or None added to this one's overrides."""
        merged = dict(self.handlers)
        merged.update(handlers or {})
        return replace(self, name=name, handlers=MappingProxyType(merged), **tables)

    def skill_set(self, skills: frozenset[Skill]) -> frozenset[Skill]:
        """A player's skills for this ruleset: the set itself for LRB6's handlers, else a
        `RuleSkills` that makes the hook points use this ruleset's."""
        if not self.handlers:
            return skills
        return RuleSkills(skills, self)

    def __repr__(self) -> str:
        return f"Ruleset({self.name!r})"

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled by name when registered (unpickled as the registered ruleset itself, so
        `is` holds across processes: environments in worker processes), else by its fields
        (its read-only mappings as dicts)."""
        if _RULESETS.get(self.name) is self:
            return (draft_ruleset, (self.name,))
        proxies = tuple(f.name for f in fields(self) if isinstance(getattr(self, f.name), MappingProxyType))
        values = {f.name: getattr(self, f.name) for f in fields(self) if f.init}
        return (_ruleset_from, ({k: dict(v) if k in proxies else v for k, v in values.items()}, proxies))


class RuleSkills(frozenset[Skill]):
    """A skill set played under a ruleset with its own skill handlers. Equal (and hashed) as
    the same skills under the same ruleset only, so the hook points cache its handlers apart."""

    __slots__ = ("rules",)
    rules: Ruleset

    def __new__(cls, skills: frozenset[Skill], rules: Ruleset) -> RuleSkills:
        out = super().__new__(cls, skills)
        out.rules = rules
        return out

    def __eq__(self, other: object) -> bool:
        return type(other) is RuleSkills and other.rules is self.rules and frozenset.__eq__(self, other)

    def __ne__(self, other: object) -> bool:
        return not self == other

    def __hash__(self) -> int:
        return hash((frozenset.__hash__(self), self.rules.name))

    def __reduce__(self) -> tuple[Any, ...]:
        return (_rule_skills, (frozenset(self), self.rules.name))


def _ruleset_from(values: dict[str, Any], proxies: tuple[str, ...]) -> Ruleset:
    """An unregistered ruleset from its pickled fields (`Ruleset.__reduce__`)."""
    given: dict[str, Any] = {k: MappingProxyType(v) if k in proxies else v for k, v in values.items()}
    return Ruleset(**given)


def _rule_skills(skills: frozenset[Skill], name: str) -> RuleSkills:
    return RuleSkills(skills, draft_ruleset(name))


def _indexed(
    table: dict[str, Any], size: int, convert: Callable[[Any], Any], empty: Any, what: str
) -> tuple[Any, ...]:
    """A dice-result-keyed table as a tuple indexed by the result."""
    out = [empty] * size
    for key, value in table.items():
        i = int(key)
        if not 0 <= i < size:
            raise RulesetError(f"{what}: {key} is not a result of the dice")
        out[i] = convert(value)
    return tuple(out)


def _choice(value: Any, choices: tuple[str, ...], what: str) -> str:
    if value not in choices:
        raise RulesetError(f"{what} must be one of {', '.join(choices)}, not {value!r}")
    return str(value)


def _raw(directory: str) -> dict[str, Any]:
    """The data of `nuffle/data/<directory>/ruleset.json`, its `base`'s tables under its own."""
    path = resources.files("nuffle.data").joinpath(directory, "ruleset.json")
    raw: dict[str, Any] = json.loads(path.read_text())
    base = raw.get("base")
    if base is None:
        return raw
    if base == directory:
        raise RulesetError(f"ruleset data {directory}/ruleset.json names itself as its base")
    return {**{k: v for k, v in _raw(str(base)).items() if k not in ("draft", "areas", "pending")}, **raw}


def _prayers(directory: str, value: Any) -> tuple[tuple[str, str], ...]:
    """The prayer table: a list of {name, duration}, or the name of a data file beside the
    ruleset's holding that list as its 'prayers' (BB2020's pregame.json)."""
    if value is None:
        return ()
    if isinstance(value, str):
        value = json.loads(resources.files("nuffle.data").joinpath(directory, value).read_text())["prayers"]
    return tuple((str(p["name"]), _choice(p["duration"], PRAYER_DURATIONS, "a prayer's duration"))
                 for p in value)


#: How long a prayer lasts, shortest first (procedures/prayers.py expires them in this order).
PRAYER_DURATIONS = ("drive", "half", "game")


def load(directory: str) -> Ruleset:
    """The ruleset whose data is `nuffle/data/<directory>/ruleset.json` (with its base's tables
    where it gives none)."""
    raw = _raw(directory)
    if not raw.get("draft", False) and raw.get("pending"):
        pending = ", ".join(map(str, raw["pending"]))
        raise RulesetError(f"ruleset data {directory}/ruleset.json: not a draft, yet its areas {pending} "
                           "are pending (a public ruleset is complete)")
    try:
        casualties = tuple((int(c["from"]), int(c["to"]), str(c["result"])) for c in raw["casualties"])
        return Ruleset(
            name=str(raw["name"]),
            scatter=_indexed(raw["scatter"], 9, lambda v: (int(v[0]), int(v[1])), (0, 0), "scatter"),
            weather=_indexed(raw["weather"], 13, lambda v: Weather[v], Weather.NICE, "weather"),
            kickoff=_indexed(raw["kickoff"], 13, str, "", "kickoff"),
            ko_from=int(raw["injury"]["ko_from"]),
            casualty_from=int(raw["injury"]["casualty_from"]),
            casualties=casualties,
            pass_ranges=tuple(str(row) for row in raw["pass_ranges"]),
            range_modifiers=MappingProxyType({str(k): int(v) for k, v in raw["range_modifiers"].items()}),
            costs=MappingProxyType({str(k): int(v) for k, v in raw["costs"].items()}),
            handlers=MappingProxyType(_OWN.setdefault(str(raw["name"]), {})),
            x_plus=bool(raw.get("x_plus", False)),
            casualty_die=_choice(raw.get("casualty_die", "D68"), tuple(CASUALTY_DICE), "casualty_die"),
            niggles_on=_choice(raw.get("niggles_on", "injury"), ("injury", "casualty"), "niggles_on"),
            lasting_base=int(raw.get("lasting_base", 0)),
            heat=_choice(raw.get("heat", "per_player"), ("per_player", "random"), "heat"),
            catch_base=int(raw.get("catch_base", 0)),
            touchback=_choice(raw.get("touchback", "standing"), ("standing", "any"), "touchback"),
            passing=_choice(raw.get("passing", "lrb6"), ("lrb6", "bb2020"), "passing"),
            dodge_base=int(raw.get("dodge_base", 1)),
            pickup_base=int(raw.get("pickup_base", 1)),
            jump=bool(raw.get("jump", False)),
            rerolls_per_turn=int(raw.get("rerolls_per_turn", 1)),
            blitz_turn_rerolls=bool(raw.get("blitz_turn_rerolls", True)),
            pro_from=int(raw.get("pro_from", 4)),
            pro_one_die=bool(raw.get("pro_one_die", False)),
            throw_team_mate=_choice(raw.get("throw_team_mate", "lrb6"), ("lrb6", "bb2020"),
                                    "throw_team_mate"),
            foul_guard=bool(raw.get("foul_guard", False)),
            argue_the_call=bool(raw.get("argue_the_call", False)),
            claws_with_bonus=bool(raw.get("claws_with_bonus", True)),
            prayers=_prayers(directory, raw.get("prayers")),
            fans=_choice(raw.get("fans", "gate"), ("gate", "fan_factor"), "fans"),
            wizard=_choice(raw.get("wizard", "lightning_bolt"), ("lightning_bolt", "zap"), "wizard"),
            draft=bool(raw.get("draft", False)),
            areas=tuple(str(a) for a in raw.get("areas", ())),
            pending=tuple(str(a) for a in raw.get("pending", ())),
        )
    except (KeyError, TypeError, ValueError, IndexError) as exc:
        raise RulesetError(f"malformed ruleset data {directory}/ruleset.json: {exc!r}") from None


LRB6 = load("lrb6")
#: BB2020: every area in `BB2020.areas` is BB2020's (`BB2020.pending` is empty).
BB2020 = load("bb2020")
_RULESETS: dict[str, Ruleset] = {LRB6.name: LRB6, BB2020.name: BB2020}
#: The built-in rulesets the native engine plays, by their id there (`State::ruleset`, frames.hpp).
NATIVE: tuple[Ruleset, ...] = (LRB6, BB2020)


def native_id(rules: Ruleset) -> int | None:
    """The native engine's id of `rules` (a built-in ruleset itself, not one derived from it),
    or None if the native engine does not play it."""
    for i, known in enumerate(NATIVE):
        if known is rules:
            return i
    return None


class DraftRulesetError(RulesetError):
    """A ruleset that is not complete yet was asked for by a public entry point."""


def refusal(rules: Ruleset) -> str:
    """The one line that refuses draft `rules` to a public entry point, naming its areas."""
    done = ", ".join(rules.areas) or "none"
    return (f"{rules.name.upper()} is not yet playable: it is incomplete (its own rules so far: {done}; "
            f"still LRB6: {', '.join(rules.pending) or 'none'})")


def register(rules: Ruleset) -> Ruleset:
    """Make `rules` known by its name (for `ruleset`, records, positions); returns it."""
    known = _RULESETS.get(rules.name)
    if known is not None and known is not rules:
        raise RulesetError(f"a different ruleset is already called {rules.name!r}")
    _RULESETS[rules.name] = rules
    return rules


def playable() -> tuple[str, ...]:
    """The names of the registered rulesets a match may be played by (drafts left out), sorted."""
    return tuple(sorted(name for name, rules in _RULESETS.items() if not rules.draft))


def draft_ruleset(name: str) -> Ruleset:
    """The ruleset called `name`, a draft included: the internal path by which tests and the
    parity harness play an incomplete ruleset (`Game.new(..., ruleset=draft_ruleset(name))`).
    Raises RulesetError naming it if none is."""
    try:
        return _RULESETS[name]
    except (KeyError, TypeError):
        known = ", ".join(playable())
        raise RulesetError(f"unknown ruleset {name!r} (known: {known})") from None


def ruleset(name: str) -> Ruleset:
    """The playable ruleset called `name`; raises RulesetError naming it if none is, and
    DraftRulesetError (one line naming what is done) for a draft."""
    rules = draft_ruleset(name)
    if rules.draft:
        raise DraftRulesetError(refusal(rules))
    return rules
