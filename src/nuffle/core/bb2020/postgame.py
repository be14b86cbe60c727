"""The BB2020 post-game sequence's automatic steps (RULES.md §16) for one team, from a match's
outcome, and Expensive Mistakes (TABLES §14), its last step:

1. winnings: (½ x (both Fan Factors) + own touchdowns) x 10,000; an illegally conceding team
   gets none and its opponent the whole attendance (both Fan Factors);
2. Dedicated Fans: a draw changes nothing; the winner rolls a D6, ≥ DF gains one (at most 7);
   the loser rolls a D6, < DF loses one (never below 1); an illegal conceder loses D3 instead;
3. SPP from the match's events, then the MVP (4 SPP): one player picked at random among the
   team's eligible players who were not killed (an illegal conceder has none);
4. injuries recorded: whoever missed this game has served his Miss Next Game; Seriously Hurt,
   Serious Injury (a niggle) and Lasting Injury (a characteristic) miss the next one; the dead
   go to the graveyard;
5. an illegal conceder's players with 3+ advancements each roll a D6: 1-3 leaves the team;
6. the Journeymen who played (and survived) are offered for hire (`PostGameReport.journeymen`,
   each with the match's SPP and injuries; `management.hire_journeyman`).

Then the coach's steps: advancement (`advancement`), hiring, firing and buying (`management`),
and `expensive_mistakes` (when 100,000 or more is left). The match itself is an explicit
`GameResult` (the engines do not play BB2020 yet).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field, replace
from enum import Enum

from nuffle.core.bb2020.league_team import (
    MIN_DEDICATED_FANS,
    STATS,
    LeagueDice,
    Player2020,
    PostGameError,
    Team2020,
    creation,
    new_player,
    rules,
)


class Casualty(Enum):
    """A casualty-table result (RULES §11.4) as far as it lasts beyond the match."""

    BADLY_HURT = "badly_hurt"
    SERIOUSLY_HURT = "seriously_hurt"  # Miss Next Game
    SERIOUS_INJURY = "serious_injury"  # a Niggling Injury and Miss Next Game
    LASTING_INJURY = "lasting_injury"  # a characteristic lowered and Miss Next Game
    DEAD = "dead"


class Concession(Enum):
    """Whether a team conceded: LEGAL (at set-up, 3 or fewer players to field: no penalty,
    but the match is lost) or ILLEGAL (the penalties of RULES §16.4)."""

    NONE = "none"
    LEGAL = "legal"
    ILLEGAL = "illegal"


@dataclass(frozen=True, slots=True)
class PlayerGame:
    """One rostered player's match: the events that earn SPP (`casualties`: those his Block
    actions caused, the only ones that earn SPP), whether he may be MVP (eligible to play in
    the game) and the casualty he suffered (`lasting`: the characteristic a Lasting Injury
    lowered). The Prayers to Nuffle that change SPP (TABLES §12) count the events they reward
    while in effect for his team: `perfect_passing` of his completions (either kind),
    `necessary_violence` of his casualties, `fan_interaction` the opponents he pushed into the
    crowd who became casualties, `fouling_frenzy` the casualties his fouls caused; each earns
    the extra SPP `postgame.json`'s "prayer_spp" gives it."""

    number: int
    touchdowns: int = 0
    completions: int = 0
    throwing_completions: int = 0
    deflections: int = 0
    interceptions: int = 0
    casualties: int = 0
    perfect_passing: int = 0
    necessary_violence: int = 0
    fan_interaction: int = 0
    fouling_frenzy: int = 0
    mvp_eligible: bool = True
    casualty: Casualty | None = None
    lasting: str | None = None

    def spp(self) -> int:
        """SPP the events earn (RULES §16.1), the MVP aside."""
        s: dict[str, int] = rules()["spp"]
        return (self.touchdowns * s["touchdown"] + self.completions * s["completion"]
                + self.throwing_completions * s["throwing_completion"]
                + self.deflections * s["deflection"] + self.interceptions * s["interception"]
                + self.casualties * s["casualty"] + self.prayer_spp())

    def prayer_spp(self) -> int:
        """The extra SPP the Prayers to Nuffle in effect gave his events (RULES §16.1)."""
        extra: dict[str, int] = rules()["prayer_spp"]
        return (self.perfect_passing * extra["perfect_passing"]
                + self.necessary_violence * extra["necessary_violence"]
                + self.fan_interaction * extra["fan_interaction"]
                + self.fouling_frenzy * extra["fouling_frenzy"])


@dataclass(frozen=True, slots=True)
class GameResult:
    """A match as one team saw it: both scores and both Fan Factors (Dedicated Fans + the
    pre-game D3), who conceded, the team's players who took part (a rostered player not
    listed was not eligible, e.g. he was missing this game) and its Journeymen (by their match
    shirt numbers, none a rostered player's)."""

    score: int
    opponent_score: int
    fan_factor: int
    opponent_fan_factor: int
    players: tuple[PlayerGame, ...] = ()
    conceded: Concession = Concession.NONE
    opponent_conceded: Concession = Concession.NONE
    journeymen: tuple[PlayerGame, ...] = ()

    @property
    def outcome(self) -> int:
        """1 won, 0 drew, -1 lost (a conceding team loses)."""
        if self.conceded is not Concession.NONE:
            return -1
        if self.opponent_conceded is not Concession.NONE:
            return 1
        return (self.score > self.opponent_score) - (self.score < self.opponent_score)


def mirror(result: GameResult, players: tuple[PlayerGame, ...] = (),
           journeymen: tuple[PlayerGame, ...] = ()) -> GameResult:
    """The same match as the other team saw it, with its `players` and `journeymen`."""
    return GameResult(result.opponent_score, result.score, result.opponent_fan_factor, result.fan_factor,
                      players, result.opponent_conceded, result.conceded, journeymen)


@dataclass(frozen=True, slots=True)
class PostGameReport:
    """What the automatic steps did to one team."""

    winnings: int
    dedicated_fans_roll: int  # 0 when nothing was rolled (a draw)
    dedicated_fans_change: int
    mvp: int  # shirt number, 0 when none
    spp: dict[int, int] = field(default_factory=dict)  # number -> SPP earned (MVP included)
    injuries: dict[int, str] = field(default_factory=dict)  # number -> casualty (Journeymen too)
    dead: tuple[int, ...] = ()
    left: tuple[int, ...] = ()  # gone after an illegal concession
    journeymen: tuple[Player2020, ...] = ()  # who may be hired for good (match SPP, injuries)


def winnings(result: GameResult) -> int:
    """The gold the team wins (RULES §16 step 1)."""
    unit = int(rules()["winnings_unit"])
    if result.conceded is Concession.ILLEGAL:
        return 0
    fans = result.fan_factor + result.opponent_fan_factor
    if result.opponent_conceded is Concession.ILLEGAL:
        return (fans + result.score) * unit
    return fans * unit // 2 + result.score * unit


def dedicated_fans(fans: int, result: GameResult, dice: LeagueDice) -> tuple[int, int]:
    """The Dedicated Fans after the match and the die rolled (0 when none), RULES §16 step 2."""
    top = creation()["dedicated_fans_max"]
    if result.conceded is Concession.ILLEGAL:
        roll = dice.roll(3, "Dedicated Fans lost by conceding")
        return max(MIN_DEDICATED_FANS, fans - roll), roll
    if result.outcome == 0:
        return fans, 0
    roll = dice.roll(6, "Dedicated Fans")
    if result.outcome > 0:
        return (min(top, fans + 1) if roll >= fans else fans), roll
    return (max(MIN_DEDICATED_FANS, fans - 1) if roll < fans else fans), roll


def check_result(team: Team2020, result: GameResult) -> None:
    """PostGameError naming the first thing in `result` that cannot be: a score, Fan Factor or
    count below 0, a player listed twice, one the team does not have or who was missing this
    game, a Lasting Injury without its characteristic (or a characteristic without one), both
    teams conceding."""
    if min(result.score, result.opponent_score, result.fan_factor, result.opponent_fan_factor) < 0:
        raise PostGameError("a score or Fan Factor cannot be negative")
    if result.conceded is not Concession.NONE and result.opponent_conceded is not Concession.NONE:
        raise PostGameError("both teams cannot concede the same match")
    seen = Counter(g.number for g in (*result.players, *result.journeymen))
    twice = [n for n, c in seen.items() if c > 1]
    if twice:
        raise PostGameError(f"{team.name}: shirt number {twice[0]} is listed twice in the match")
    rostered = {p.number for p in team.players}
    for g in result.journeymen:
        if g.number in rostered:
            raise PostGameError(f"{team.name}: Journeyman {g.number} wears a rostered player's number")
    for g in result.players:
        p = team.player(g.number)
        if not p.fit:
            why = "Miss Next Game" if p.mng else "temporarily retired"
            raise PostGameError(f"{team.name}: {p.name} (#{p.number}) was missing this game ({why})")
    for g in (*result.players, *result.journeymen):
        counts = (g.touchdowns, g.completions, g.throwing_completions, g.deflections, g.interceptions,
                  g.casualties, g.perfect_passing, g.necessary_violence, g.fan_interaction, g.fouling_frenzy)
        if min(counts) < 0:
            raise PostGameError(f"{team.name}: #{g.number}'s match counts cannot be negative")
        if g.perfect_passing > g.completions + g.throwing_completions or g.necessary_violence > g.casualties:
            raise PostGameError(f"{team.name}: #{g.number}: a prayer cannot reward more completions or "
                                "casualties than he made")
        if (g.casualty is Casualty.LASTING_INJURY) != (g.lasting is not None):
            raise PostGameError(f"{team.name}: #{g.number}: a Lasting Injury names the characteristic "
                                "it lowers (lasting=...), and only a Lasting Injury does")
        if g.lasting is not None and g.lasting not in STATS:
            raise PostGameError(f"{team.name}: #{g.number}: {g.lasting!r} is not a characteristic "
                                f"(one of {', '.join(STATS)})")


def post_game(team: Team2020, result: GameResult, dice: LeagueDice) -> tuple[Team2020, PostGameReport]:
    """Steps 1-3 of the post-game sequence and the injuries (see the module); returns the new
    team (the one given is not changed) and what happened. Dice, in order: Dedicated Fans, the
    MVP pick (a die with a face per candidate, none for a single one), then a D6 per player
    who may leave after an illegal concession."""
    check_result(team, result)
    gold = winnings(result)
    fans, fans_roll = dedicated_fans(team.dedicated_fans, result, dice)
    games = {g.number: g for g in (*result.players, *result.journeymen)}
    earned = {n: g.spp() for n, g in games.items() if g.spp()}
    mvp = 0
    if result.conceded is not Concession.ILLEGAL:
        candidates = [n for n, g in sorted(games.items())
                      if g.mvp_eligible and g.casualty is not Casualty.DEAD]
        if candidates:  # a die of as many faces as candidates (none rolled for one)
            pick = dice.roll(len(candidates), "MVP") if len(candidates) > 1 else 1
            mvp = candidates[pick - 1]
            earned[mvp] = earned.get(mvp, 0) + int(rules()["spp"]["mvp"])
    players: list[Player2020] = []
    dead: list[Player2020] = []
    injuries: dict[int, str] = {}
    for p in team.players:
        g = games.get(p.number)
        p = replace(p, spp=p.spp + earned.get(p.number, 0), mng=False)  # a missed game is served
        if g is not None and g.casualty is not None:
            injuries[p.number] = g.casualty.value
            p = _injure(p, g)
            if g.casualty is Casualty.DEAD:
                dead.append(p)
                continue
        players.append(p)
    new = replace(team, players=tuple(players), treasury=team.treasury + gold, dedicated_fans=fans,
                  graveyard=team.graveyard + tuple(dead))
    left: tuple[int, ...] = ()
    if result.conceded is Concession.ILLEGAL:
        new, left = _walk_out(new, dice)
    journeymen = []
    for g in result.journeymen:
        if g.casualty is not None:
            injuries[g.number] = g.casualty.value
        if g.casualty is not Casualty.DEAD:
            rookie = new_player(team.journeyman_position(), g.number, f"Journeyman #{g.number}")
            journeymen.append(_injure(replace(rookie, spp=earned.get(g.number, 0)), g))
    return new, PostGameReport(gold, fans_roll, fans - team.dedicated_fans, mvp, earned, injuries,
                               tuple(p.number for p in dead), left, tuple(journeymen))


def _injure(p: Player2020, g: PlayerGame) -> Player2020:
    c = g.casualty
    if c is Casualty.SERIOUSLY_HURT:
        return replace(p, mng=True)
    if c is Casualty.SERIOUS_INJURY:
        return replace(p, mng=True, niggles=p.niggles + 1)
    if c is Casualty.LASTING_INJURY:
        assert g.lasting is not None
        return replace(p, mng=True, reductions=(*p.reductions, g.lasting))
    return p


def _walk_out(team: Team2020, dice: LeagueDice) -> tuple[Team2020, tuple[int, ...]]:
    """An illegal conceder's players with 3+ advancements roll a D6 each: 1-3 leaves."""
    r = rules()
    stay: list[Player2020] = []
    gone: list[Player2020] = []
    for p in team.players:
        if p.level >= int(r["concession_leave_advancements"]) \
                and dice.roll(6, f"#{p.number} stays after the concession") <= int(r["concession_leaves_on"]):
            gone.append(p)
        else:
            stay.append(p)
    new = replace(team, players=tuple(stay), departed=team.departed + tuple(gone))
    return new, tuple(p.number for p in gone)


# --- Expensive Mistakes (TABLES §14) ----------------------------------------------------------


class Mistake(Enum):
    """An Expensive Mistakes result."""

    NONE = "none"  # under 100,000: nothing rolled
    AVERTED = "averted"
    MINOR = "minor"
    MAJOR = "major"
    CATASTROPHE = "catastrophe"


def mistake(treasury: int, roll: int) -> Mistake:
    """The Expensive Mistakes result for a treasury and a D6 (TABLES §14)."""
    r = rules()
    if treasury < int(r["expensive_mistakes_from"]):
        return Mistake.NONE
    column = min(5, treasury // int(r["expensive_mistakes_band"]) - 1)
    return Mistake(r["expensive_mistakes"][roll - 1][column])


def expensive_mistakes(team: Team2020, dice: LeagueDice) -> tuple[Team2020, Mistake, int]:
    """The last step: with 100,000 or more in the treasury, a D6 on the table; a Minor Incident
    loses D3 x 10,000, a Major one half the treasury (the loss rounded down to 5,000), a
    Catastrophe all but 2D6 x 10,000. Returns the team, the result and the gold lost."""
    if team.treasury < int(rules()["expensive_mistakes_from"]):
        return team, Mistake.NONE, 0
    found = mistake(team.treasury, dice.roll(6, "Expensive Mistakes"))
    unit = int(rules()["winnings_unit"])
    loss = 0
    if found is Mistake.MINOR:
        loss = min(team.treasury, dice.roll(3, "Minor Incident") * unit)
    elif found is Mistake.MAJOR:
        step = int(rules()["major_rounding"])
        loss = team.treasury // 2 // step * step
    elif found is Mistake.CATASTROPHE:
        kept = (dice.roll(6, "Catastrophe") + dice.roll(6, "Catastrophe")) * unit
        loss = max(0, team.treasury - kept)
    return replace(team, treasury=team.treasury - loss), found, loss
