"""A BB2020 match's pre-game results (RULES.md §3) as the engines take them.

The league side (`nuffle.core.bb2020.pregame.pre_game`) rolls the Fan Factors, fields the
Journeymen, buys the inducements and prays; the match rolls the weather and tosses the coin
itself. What the match needs of the rest is a `SideSetup` per team:

- `fan_factor`: D3 + Dedicated Fans (the ruleset's `fans` "fan_factor": no fans roll, no FAME;
  the kick-off table's Officious Ref and Pitch Invasion read it);
- `inducements`: the engines' `Inducements` (`INDUCED` says which BB2020 item sets which
  counter; Temp Agency Cheerleaders and Part-time Assistant Coaches add to the team sheet's
  cheerleaders and assistant coaches: `extra_cheerleaders`, `extra_coaches`);
- `prayers`: the Prayers to Nuffle results (D16 numbers) the team drew; the match starts with
  them in effect (`TeamSpec.prayers`, by name; the engines apply them: procedures/prayers.py).

Journeymen (Riotous Rookies among them) and mercenaries are players of the team sheet
(`match_spec`), with their Loner (4+).
`MatchSetup.from_dict` reads the JSON form and refuses bad input in one line (SetupError).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from nuffle.core.bb2020.inducements import Item, limit
from nuffle.core.bb2020.league_team import Player2020, Team2020, skill_base
from nuffle.core.bb2020.pregame import PreGameTeam, prayers
from nuffle.core.teams import Inducements, PlayerSpec, Positional, TeamError, TeamSpec
from nuffle.teams_bb2020 import PlayerEntry, TeamSpec2020
from nuffle.teams_bb2020_match import engine_skill, match_team

#: The engines' inducement counter each BB2020 item adds one to (RULES §15; RULES_NOTES "BB2020
#: on the engines": the Mortuary Assistant and the Plague Doctor re-roll a failed Regeneration
#: once a game, as LRB6's Igor; the Plague Doctor's use may heal a KO instead: `plague_doctor`).
INDUCED: Mapping[Item, str] = {
    Item.KEGS: "babes", Item.BRIBES: "bribes", Item.TRAINING: "training", Item.MASTER_CHEF: "chef",
    Item.APOTHECARIES: "apothecaries", Item.MORTUARY_ASSISTANT: "igor", Item.PLAGUE_DOCTOR: "igor",
    Item.WIZARD: "wizard", Item.BIASED_REFEREE: "biased_referee", Item.WEATHER_MAGE: "weather_mage",
}
#: Items the match plays on the team sheet instead.
SHEET = (Item.TEMP_CHEERLEADERS, Item.ASSISTANT_COACHES)
#: Items whose match effect the engines do not play yet (RULES_NOTES, "inducements"): none.
NOT_PLAYED: tuple[Item, ...] = ()
#: The most Fan Factor a team can have: D3 + Dedicated Fans (at most 7).
MAX_FAN_FACTOR = 10
#: The `Inducements` fields that are yes/no, not counts.
_FLAGS = frozenset(("chef", "igor", "wizard", "biased_referee", "plague_doctor", "weather_mage"))


class SetupError(TeamError):
    """A match set-up that cannot be (the message says why, in one line)."""


@dataclass(frozen=True, slots=True)
class SideSetup:
    """What one team's pre-game gives its match (see the module)."""

    fan_factor: int
    inducements: Inducements = field(default_factory=Inducements)
    extra_cheerleaders: int = 0
    extra_coaches: int = 0
    prayers: tuple[int, ...] = ()

    def check(self, side: str) -> None:
        """SetupError naming the first value that cannot be."""
        if not 1 <= self.fan_factor <= MAX_FAN_FACTOR:
            raise SetupError(f"{side}: fan_factor must be 1..{MAX_FAN_FACTOR}, not {self.fan_factor}")
        most = {"babes": limit(Item.KEGS), "bribes": limit(Item.BRIBES), "training": limit(Item.TRAINING),
                "apothecaries": limit(Item.APOTHECARIES)}
        for key, top in most.items():
            got = getattr(self.inducements, key)
            if not 0 <= got <= top:
                raise SetupError(f"{side}: inducements.{key} must be 0..{top}, not {got}")
        for key, top in (("extra_cheerleaders", limit(Item.TEMP_CHEERLEADERS)),
                         ("extra_coaches", limit(Item.ASSISTANT_COACHES))):
            if not 0 <= getattr(self, key) <= top:
                raise SetupError(f"{side}: {key} must be 0..{top}, not {getattr(self, key)}")
        faces = len(prayers())
        if len(set(self.prayers)) != len(self.prayers) or any(not 1 <= p <= faces for p in self.prayers):
            raise SetupError(f"{side}: prayers must be different results 1..{faces}, "
                             f"not {list(self.prayers)}")

    @staticmethod
    def from_dict(side: str, raw: Any) -> SideSetup:
        """Its JSON form: {"fan_factor": 4, "inducements": {"bribes": 1}, "prayers": [3]}."""
        if not isinstance(raw, dict):
            raise SetupError(f"{side}: a set-up is an object, not {type(raw).__name__}")
        keys = {"fan_factor", "inducements", "extra_cheerleaders", "extra_coaches", "prayers"}
        unknown = sorted(set(raw) - keys)
        if unknown:
            raise SetupError(f"{side}: unknown key {unknown[0]!r} (one of {', '.join(sorted(keys))})")
        if "fan_factor" not in raw:
            raise SetupError(f"{side}: fan_factor is missing")
        induced = raw.get("inducements", {})
        fields = set(Inducements.__slots__)
        if not isinstance(induced, dict) or set(induced) - fields:
            raise SetupError(f"{side}: inducements is an object of {', '.join(sorted(fields))}")
        try:
            setup = SideSetup(
                _int(raw["fan_factor"], side, "fan_factor"),
                _inducements({k: (_bool(v, side, f"inducements.{k}") if k in _FLAGS
                                  else _int(v, side, f"inducements.{k}")) for k, v in induced.items()}),
                _int(raw.get("extra_cheerleaders", 0), side, "extra_cheerleaders"),
                _int(raw.get("extra_coaches", 0), side, "extra_coaches"),
                tuple(_int(p, side, "prayers") for p in _list(raw.get("prayers", []), side)),
            )
        except TypeError as exc:  # pragma: no cover - every field is checked above
            raise SetupError(f"{side}: {exc}") from None
        setup.check(side)
        return setup

    def to_dict(self) -> dict[str, Any]:
        """Its JSON form (only what is set besides the Fan Factor)."""
        out: dict[str, Any] = {"fan_factor": self.fan_factor}
        if self.inducements.to_dict():
            out["inducements"] = self.inducements.to_dict()
        for key in ("extra_cheerleaders", "extra_coaches"):
            if getattr(self, key):
                out[key] = getattr(self, key)
        if self.prayers:
            out["prayers"] = list(self.prayers)
        return out


def _int(value: Any, side: str, key: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise SetupError(f"{side}: {key} must be a whole number, not {value!r}")
    return value


def _inducements(values: Mapping[str, int | bool]) -> Inducements:
    def get(key: str) -> int:
        return int(values.get(key, 0))

    return Inducements(get("babes"), get("bribes"), get("training"), bool(get("chef")), bool(get("igor")),
                       get("apothecaries"), bool(get("wizard")), bool(get("biased_referee")),
                       bool(get("plague_doctor")), bool(get("weather_mage")))


def _bool(value: Any, side: str, key: str) -> bool:
    if not isinstance(value, bool):
        raise SetupError(f"{side}: {key} must be true or false, not {value!r}")
    return value


def _list(value: Any, side: str) -> list[Any]:
    if not isinstance(value, list):
        raise SetupError(f"{side}: prayers must be a list of D16 results, not {value!r}")
    return value


@dataclass(frozen=True, slots=True)
class MatchSetup:
    """Both teams' `SideSetup`s."""

    home: SideSetup
    away: SideSetup

    @staticmethod
    def from_dict(raw: Any) -> MatchSetup:
        """{"home": {...}, "away": {...}}; SetupError in one line on bad input."""
        if not isinstance(raw, dict) or set(raw) != {"home", "away"}:
            raise SetupError("a match set-up is an object with exactly 'home' and 'away'")
        return MatchSetup(SideSetup.from_dict("home", raw["home"]), SideSetup.from_dict("away", raw["away"]))

    def to_dict(self) -> dict[str, Any]:
        """Its JSON form."""
        return {"home": self.home.to_dict(), "away": self.away.to_dict()}

    def apply(self, home: TeamSpec, away: TeamSpec) -> tuple[TeamSpec, TeamSpec]:
        """The two team sheets with their set-ups (`with_setup`)."""
        return with_setup(home, self.home), with_setup(away, self.away)


def with_setup(spec: TeamSpec, setup: SideSetup) -> TeamSpec:
    """`spec` as its match plays it: its Fan Factor, inducements, the temporary staff and the
    prayers it drew."""
    setup.check(spec.name)
    names = {p.number: p.name for p in prayers()}
    return replace(spec, fan_factor=setup.fan_factor, inducements=setup.inducements,
                   cheerleaders=spec.cheerleaders + setup.extra_cheerleaders,
                   assistant_coaches=spec.assistant_coaches + setup.extra_coaches,
                   prayers=spec.prayers + tuple(names[n] for n in setup.prayers))


def side_setup(record: PreGameTeam) -> SideSetup:
    """The set-up a league pre-game record gives its team's match (see the module)."""
    counts: dict[str, int] = {}
    for bought in record.inducements:
        key = INDUCED.get(bought.item)
        if key is not None:
            counts[key] = counts.get(key, 0) + 1
        if bought.item is Item.PLAGUE_DOCTOR:  # its Igor counter also heals a KO
            counts["plague_doctor"] = 1
    induced = _inducements({k: (v > 0 if k in _FLAGS else v) for k, v in counts.items()})
    return SideSetup(record.fan_factor, induced, record.count(Item.TEMP_CHEERLEADERS),
                     record.count(Item.ASSISTANT_COACHES), tuple(p.number for p in record.prayers))


def _player(pos: Positional, p: Player2020, extra: tuple[str, ...] = ()) -> PlayerSpec:
    """A league player (and what the game adds to a hired one) on the team sheet."""
    gained = frozenset(sk for label in (*p.skills[len(p.position.skill_labels()):], *extra)
                       if (sk := engine_skill(skill_base(label))) is not None)
    ma, st, ag, av = (p.stat(k) for k in ("ma", "st", "ag", "av"))
    assert ma is not None and st is not None and ag is not None and av is not None
    if (p.stat("pa") or 0) != pos.pa:
        pos = replace(pos, pa=p.stat("pa") or 0)
    return PlayerSpec(pos, p.number, p.name, gained - pos.skills,
                      (ma - pos.ma, st - pos.st, ag - pos.ag, av - pos.av), p.niggles)


def match_spec(team: Team2020, record: PreGameTeam, allow_missing: bool = False) -> TeamSpec:
    """The team sheet of `team`'s match after its pre-game `record`: its players fit to play
    (with their advancements and lasting injuries), its Journeymen and mercenaries (Loner (4+),
    a mercenary's skill), its Fan Factor, inducements and temporary staff. TeamError in one
    line for skills the engines lack (unless `allow_missing`)."""
    squad: list[tuple[Player2020, tuple[str, ...]]] = [(p, ()) for p in team.players if p.fit]
    squad += [(m.player, m.extra) for m in (*record.journeymen, *record.mercenaries)]
    entries = tuple(PlayerEntry(p.position, p.number, p.name) for p, _ in squad)
    sheet = TeamSpec2020(team.name, team.team, entries, team.rerolls, team.apothecary, team.dedicated_fans,
                         team.assistant_coaches, team.cheerleaders, team.favoured_of)
    base = match_team(sheet, allow_missing).spec
    players = tuple(_player(entry.position, p, extra)
                    for entry, (p, extra) in zip(base.players, squad, strict=True))
    return with_setup(replace(base, players=players), side_setup(record))
