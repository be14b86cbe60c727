"""Teams that persist from match to match: every player's SPP, improvements, lasting injuries
and record; the team's treasury, staff, Fan Factor and dead players; Team Value.

The file format is today's team file (`nuffle.teams`) plus optional keys, so every existing team
file is a league team with no history:

* per player: `spp`, `improvements` (a list of `{"gain": "normal"|"double"|"ma"|"st"|"ag"|"av",
  "skill": NAME}` in the order taken; `skill` only for normal/double), `injuries` (the lasting
  casualty-table results suffered, as D68 values 41-58), `mng` (misses the next match) and
  `record` (`played`, `completions`, `touchdowns`, `casualties`, `interceptions`, `mvp`: what
  the league saw; it may earn fewer SPP than `spp` holds, never more);
* per team: `treasury`, `graveyard` (dead players, as player objects whose injuries end in a
  death result 61-68) and `released` (players who left the team: fired, or gone after a
  concession; they keep their shirt number, which no other player of the team ever takes).

`LeagueTeam.from_dict` checks the whole history and raises TeamError naming the first thing that
could not have happened. The league rules themselves are in `nuffle.core.league`.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from nuffle.core import league as L
from nuffle.core.skills import Skill, skill_from_name
from nuffle.core.teams import (
    STAR,
    PlayerSpec,
    Positional,
    TeamError,
    TeamSpec,
    parse_team,
    race,
    skill_name,
)

PLAYER_KEYS = frozenset({"spp", "improvements", "injuries", "mng", "record"})
TEAM_KEYS = frozenset({"graveyard", "released"})
SHIRTS = range(1, 100)  # the shirt numbers a team file allows
RECORD_KEYS = ("played", "completions", "touchdowns", "casualties", "interceptions", "mvp")
APOTHECARY_VALUE = 50_000
STAFF_VALUE = 10_000  # each Fan Factor point, assistant coach and cheerleader


@dataclass(frozen=True, slots=True)
class Improvement:
    """One improvement taken: its kind and, for a skill, which."""

    gain: L.Gain
    skill: Skill | None = None

    def to_dict(self) -> dict[str, str]:
        """JSON form."""
        out = {"gain": self.gain.value}
        if self.skill is not None:
            out["skill"] = skill_name(self.skill)
        return out


@dataclass(slots=True)
class LeaguePlayer:
    """A player with his league history."""

    position: Positional
    number: int
    name: str
    spp: int = 0
    improvements: list[Improvement] = field(default_factory=list)
    injuries: list[int] = field(default_factory=list)
    mng: bool = False
    record: dict[str, int] = field(default_factory=lambda: dict.fromkeys(RECORD_KEYS, 0))

    @property
    def skills(self) -> frozenset[Skill]:
        """Every skill he has: the positional's and those gained."""
        return self.position.skills | self.gained

    @property
    def gained(self) -> frozenset[Skill]:
        """The skills he gained by improvement."""
        return frozenset(i.skill for i in self.improvements if i.skill is not None)

    def increases(self, stat: str) -> int:
        """How often `stat` (ma, st, ag, av) was raised."""
        return sum(1 for i in self.improvements if i.gain.value == stat)

    def losses(self, stat: str) -> int:
        """How much injuries lowered `stat`: at most 2, and never below 1 (further results of
        the same kind are recorded but change nothing)."""
        n = sum(1 for d in self.injuries if L.lasting(d).loss == stat)
        floor: int = getattr(self.position, stat) + self.increases(stat) - L.MIN_STAT
        return max(0, min(n, L.MAX_LOSS, floor))

    def changes(self) -> tuple[int, int, int, int]:
        """MA, ST, AG, AV changes: improvements less injuries."""
        ma, st, ag, av = (self.increases(k) - self.losses(k) for k in L.STATS)
        return ma, st, ag, av

    @property
    def niggles(self) -> int:
        """Niggling injuries."""
        return sum(1 for d in self.injuries if L.lasting(d).niggle)

    @property
    def dead(self) -> bool:
        """Whether a casualty-table result killed him."""
        return any(L.lasting(d).dead for d in self.injuries)

    @property
    def value(self) -> int:
        """His cost plus the value of his improvements."""
        return self.position.cost + sum(L.GAIN_VALUE[i.gain] for i in self.improvements)

    @property
    def title(self) -> str:
        """Rookie ... Legend."""
        return L.title(self.spp)

    @property
    def pending_improvements(self) -> int:
        """Improvement rolls earned and not yet taken."""
        return L.improvements_earned(self.spp) - len(self.improvements)

    def spec(self) -> PlayerSpec:
        """The player as he enters a match."""
        return PlayerSpec(self.position, self.number, self.name, self.gained, self.changes(), self.niggles)

    def to_dict(self) -> dict[str, Any]:
        """JSON form (history keys only when there is history)."""
        out: dict[str, Any] = {"position": self.position.name, "number": self.number, "name": self.name}
        if self.spp:
            out["spp"] = self.spp
        if self.improvements:
            out["improvements"] = [i.to_dict() for i in self.improvements]
        if self.injuries:
            out["injuries"] = list(self.injuries)
        if self.mng:
            out["mng"] = True
        if any(self.record.values()):
            out["record"] = dict(self.record)
        return out


@dataclass(slots=True)
class LeagueTeam:
    """A team with its league history and money."""

    name: str
    race: str
    players: list[LeaguePlayer]
    rerolls: int = 0
    apothecary: bool = False
    fan_factor: int = 0
    cheerleaders: int = 0
    assistant_coaches: int = 0
    treasury: int = 0
    graveyard: list[LeaguePlayer] = field(default_factory=list)
    released: list[LeaguePlayer] = field(default_factory=list)

    def used_numbers(self) -> set[int]:
        """The shirt numbers the team's players hold or held: on the roster, dead or released.
        A player's number is his identity in the league's records; no one else takes it."""
        return {p.number for p in self.players + self.graveyard + self.released}

    def free_numbers(self) -> list[int]:
        """The shirt numbers no player of the team ever held, lowest first."""
        used = self.used_numbers()
        return [n for n in SHIRTS if n not in used]

    def release(self, player: LeaguePlayer) -> None:
        """Take `player` off the roster for good (fired, or leaving); his number stays his."""
        self.players.remove(player)
        self.released.append(player)

    @property
    def reroll_cost(self) -> int:
        """A re-roll's roster price (its value in TV)."""
        return race(self.race).reroll_cost

    def available(self) -> list[LeaguePlayer]:
        """Players who may play the next match (not missing it)."""
        return [p for p in self.players if not p.mng]

    def team_value(self) -> int:
        """Team Value (RULES §16.4): players able to play the next match with their
        improvements, re-rolls at the roster price, Fan Factor, staff and apothecary."""
        return (
            sum(p.value for p in self.available())
            + self.rerolls * self.reroll_cost
            + (self.fan_factor + self.assistant_coaches + self.cheerleaders) * STAFF_VALUE
            + (APOTHECARY_VALUE if self.apothecary else 0)
        )

    def match_spec(self) -> TeamSpec:
        """The team as it enters its next match: players missing it sit out (Journeymen are
        added by the league before the match)."""
        return TeamSpec(self.name, self.race, tuple(p.spec() for p in self.available()), self.rerolls,
                        self.apothecary, self.fan_factor, self.cheerleaders, self.assistant_coaches)

    def player(self, number: int) -> LeaguePlayer:
        """The player with shirt `number`; TeamError if there is none."""
        for p in self.players:
            if p.number == number:
                return p
        raise TeamError(f"{self.name}: no player number {number}")

    def to_dict(self) -> dict[str, Any]:
        """JSON form: a team file with history."""
        out: dict[str, Any] = {
            "name": self.name, "race": self.race, "rerolls": self.rerolls, "apothecary": self.apothecary,
            "fan_factor": self.fan_factor, "cheerleaders": self.cheerleaders,
            "assistant_coaches": self.assistant_coaches, "treasury": self.treasury,
            "players": [p.to_dict() for p in self.players],
        }
        if self.graveyard:
            out["graveyard"] = [p.to_dict() for p in self.graveyard]
        if self.released:
            out["released"] = [p.to_dict() for p in self.released]
        return out

    @staticmethod
    def from_dict(raw: Mapping[str, Any], source: str = "team") -> LeagueTeam:
        """Read and check a team file with or without history (TeamError naming the problem)."""
        if not isinstance(raw, Mapping):
            raise TeamError(f"{source}: a team must be a JSON object")
        base = {k: v for k, v in raw.items() if k not in TEAM_KEYS}
        players_raw = raw.get("players")
        if isinstance(players_raw, list):
            base["players"] = [_strip(p) for p in players_raw]
        spec = parse_team(base, source)
        for ps in spec.players:
            if ps.position.race == STAR:
                raise TeamError(f"{source}: player {ps.number}: {ps.position.name} is a star player, "
                                "induced for one match, never on a league roster")
            if ps.extra_skills or ps.changes != (0, 0, 0, 0) or ps.niggles:
                raise TeamError(f"{source}: player {ps.number}: a league team gains skills and "
                                "characteristics through 'improvements' and loses them through 'injuries'")
        players = [_player(ps, players_raw[i], f"{source}: player {ps.number}", False)  # type: ignore[index]
                   for i, ps in enumerate(spec.players)]
        team = LeagueTeam(spec.name, spec.race, players, spec.rerolls, spec.apothecary, spec.fan_factor,
                          spec.cheerleaders, spec.assistant_coaches, int(raw.get("treasury", 0)))
        team.graveyard = _graveyard(raw.get("graveyard", []), spec, source)
        team.released = _graveyard(raw.get("released", []), spec, source, "released")
        held: set[int] = set()
        for p in team.players + team.graveyard + team.released:
            if p.number in held:
                raise TeamError(f"{source}: shirt number {p.number} is held by two players (a number "
                                "stays with its player, on the roster, in the graveyard or released)")
            held.add(p.number)
        return team


def is_league_team(raw: Mapping[str, Any]) -> bool:
    """Whether a team file carries league history (beyond today's team-file keys)."""
    players = raw.get("players")
    return any(k in raw for k in TEAM_KEYS) or (
        isinstance(players, list) and any(isinstance(p, dict) and PLAYER_KEYS & set(p) for p in players)
    )


def _strip(entry: Any) -> Any:
    return {k: v for k, v in entry.items() if k not in PLAYER_KEYS} if isinstance(entry, dict) else entry


def _graveyard(raw: Any, spec: TeamSpec, source: str, key: str = "graveyard") -> list[LeaguePlayer]:
    """The players of the team key `key`: the dead (graveyard) or those released."""
    if not isinstance(raw, list):
        raise TeamError(f"{source}: {key!r} must be a list of players")
    r = race(spec.race)
    out = []
    for i, entry in enumerate(raw):
        where = f"{source}: {key} player {i + 1}"
        if not isinstance(entry, dict):
            raise TeamError(f"{where} must be an object")
        pos = r.positional(str(entry.get("position")))
        if pos is None:
            raise TeamError(f"{where}: {r.name} has no positional {entry.get('position')!r}")
        number = entry.get("number", 0)
        name = entry.get("name", f"{pos.name} #{number}")
        if not isinstance(number, int) or isinstance(number, bool) or number not in SHIRTS:
            raise TeamError(f"{where}: number must be an integer from 1 to 99, not {number!r}")
        p = _player(PlayerSpec(pos, number, str(name)), entry, where, key == "graveyard")
        out.append(p)
    return out


def _nonneg(entry: Mapping[str, Any], key: str, where: str) -> int:
    v = entry.get(key, 0)
    if not isinstance(v, int) or isinstance(v, bool) or v < 0:
        raise TeamError(f"{where}: {key!r} must be a non-negative integer, not {v!r}")
    return v


def _player(ps: PlayerSpec, entry: Mapping[str, Any], where: str, in_graveyard: bool) -> LeaguePlayer:
    """A player's history, checked: nothing in it could not have happened."""
    p = LeaguePlayer(ps.position, ps.number, ps.name, spp=_nonneg(entry, "spp", where))
    mng = entry.get("mng", False)
    if not isinstance(mng, bool):
        raise TeamError(f"{where}: 'mng' must be true or false, not {mng!r}")
    p.mng = mng
    injuries = entry.get("injuries", [])
    if not isinstance(injuries, list):
        raise TeamError(f"{where}: 'injuries' must be a list of casualty results")
    for d in injuries:
        lasting_ok = isinstance(d, int) and not isinstance(d, bool) and 41 <= d <= 68 and 1 <= d % 10 <= 8
        if not lasting_ok:
            raise TeamError(f"{where}: {d!r} is not a lasting casualty result (41-48, 51-58, 61-68)")
        p.injuries.append(d)
    deaths = [d for d in p.injuries if L.lasting(d).dead]
    if deaths and not in_graveyard:
        raise TeamError(f"{where}: {p.name} is dead (casualty {deaths[0]}) but still on the roster")
    if in_graveyard and (not deaths or p.injuries[-1] != deaths[0] or len(deaths) > 1):
        raise TeamError(f"{where}: a dead player's injuries must end with his one death result (61-68)")
    improvements = entry.get("improvements", [])
    if not isinstance(improvements, list):
        raise TeamError(f"{where}: 'improvements' must be a list")
    earned = L.improvements_earned(p.spp)
    if len(improvements) > earned:
        raise TeamError(f"{where}: {len(improvements)} improvements but {p.spp} SPP earn only {earned}")
    for j, imp in enumerate(improvements):
        p.improvements.append(_improvement(p, imp, f"{where}: improvement {j + 1}"))
    record = entry.get("record")
    if record is not None:
        if not isinstance(record, dict) or set(record) - set(RECORD_KEYS):
            raise TeamError(f"{where}: 'record' must be an object with keys {', '.join(RECORD_KEYS)}")
        p.record = {k: _nonneg(record, k, f"{where}: record") for k in RECORD_KEYS}
        earned_spp = (L.SPP_COMPLETION * p.record["completions"] + L.SPP_TOUCHDOWN * p.record["touchdowns"]
                      + L.SPP_CASUALTY * p.record["casualties"]
                      + L.SPP_INTERCEPTION * p.record["interceptions"] + L.SPP_MVP * p.record["mvp"])
        if earned_spp > p.spp:  # fewer is possible: SPP from before the record was kept
            raise TeamError(f"{where}: {p.spp} SPP but the record earns {earned_spp}")
        if p.record["mvp"] > p.record["played"]:
            raise TeamError(f"{where}: {p.record['mvp']} MVP awards in {p.record['played']} matches")
    return p


def _improvement(p: LeaguePlayer, raw: Any, where: str) -> Improvement:
    """One improvement, legal for the player as he was when he took it."""
    if not isinstance(raw, dict) or set(raw) - {"gain", "skill"}:
        raise TeamError(f"{where} must be an object with 'gain' and, for a skill, 'skill'")
    try:
        gain = L.Gain(raw.get("gain"))
    except ValueError:
        raise TeamError(f"{where}: unknown gain {raw.get('gain')!r} "
                        f"(one of {', '.join(g.value for g in L.Gain)})") from None
    if gain in (L.Gain.NORMAL, L.Gain.DOUBLE):
        try:
            skill = skill_from_name(str(raw.get("skill", "")))
        except ValueError:
            raise TeamError(f"{where}: unknown skill {raw.get('skill')!r}") from None
        problem = L.skill_problem(p.position, p.skills, skill, gain)
        if not problem and L.skill_gain(p.position, skill) is not gain:
            problem = f"it is a {L.skill_gain(p.position, skill).value} skill for him"  # type: ignore[union-attr]
        if problem:
            raise TeamError(f"{where}: {p.name} may not take {skill_name(skill)}: {problem}")
        return Improvement(gain, skill)
    if "skill" in raw:
        raise TeamError(f"{where}: a characteristic increase names no skill")
    stat = gain.value
    # the file does not say when each injury came; the check allows the order that permits
    # most (the injuries first), so it refuses only what could not have happened
    problem = L.increase_problem(getattr(p.position, stat), p.increases(stat), p.losses(stat))
    if problem:
        raise TeamError(f"{where}: {p.name} may not raise {stat.upper()}: {problem}")
    return Improvement(gain)
