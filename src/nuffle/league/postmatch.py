"""The post-match sequence (RULES §16.1) applied to two league teams after a finished match:

1. winnings (D6 + FAME, +1 for a win or draw; the winner may re-roll its D6 once; a conceding
   team's go to its opponent),
2. Fan Factor (3D6 for the winner, 2D6 otherwise; a conceding team loses one),
3. spiralling expenses, paid from the treasury,
4. SPP from the match's own events (`Game.player_stats`) and the MVP, then improvement rolls
   (the team's chooser picks among exactly the legal improvements),
5. injuries recorded (Miss Next Game, niggles, characteristic losses, the dead to the
   graveyard), after clearing the Miss Next Game of those who sat this match out,
6. a conceding team's players with 51+ SPP may leave (D6: 1-3),
7. Necromancer and Nurgle raising of killed opponents,
8. Journeymen who played may be hired for good at their positional's cost (keeping the match's
   SPP, record and lasting injuries, without Loner; a dead one cannot be); improvement rolls
   their SPP earn follow at once.

Dice come from a `Roller` (sampled from the league's seed, or scripted in tests), in that order,
home team first in each step. The teams passed in are not changed: `post_match` returns new ones
and a `PostMatch` record, so a league commits both or neither.
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from nuffle.core import league as L
from nuffle.core.dice import Chance, Dice, Outcome, Roller
from nuffle.core.game import Game
from nuffle.core.teams import MAX_PLAYERS, implemented_skills, race
from nuffle.league.management import Purchase, problem
from nuffle.league.team import Improvement, LeaguePlayer, LeagueTeam

# (team, player, the 2D6 roll, the legal improvements) -> the one taken
Chooser = Callable[[LeagueTeam, LeaguePlayer, tuple[int, int], Sequence[Improvement]], Improvement]
# (team, its winnings D6, the gold it gives) -> whether the winner re-rolls it
Reroller = Callable[[LeagueTeam, int, int], bool]
# (team, the Journeymen it may hire, the cost of each) -> the shirt numbers hired
Keeper = Callable[[LeagueTeam, Sequence[LeaguePlayer], int], list[int]]


class PostMatchDice:
    """The post-match dice: a roller and the generator state it draws from."""

    def __init__(self, roller: Roller, rng: int) -> None:
        self.roller = roller
        self.rng = rng

    def roll(self, kind: Dice, purpose: str, n: int = 1) -> Outcome:
        """One chance outcome."""
        outcome, self.rng = self.roller.resolve(Chance(kind, n, purpose), self.rng)
        return outcome

    def d6(self, purpose: str) -> int:
        """One D6."""
        out = self.roll(Dice.D6, purpose)
        assert isinstance(out, int)
        return out

    def two_d6(self, purpose: str) -> tuple[int, int]:
        """2D6 as a pair (low, high)."""
        out = self.roll(Dice.TWO_D6, purpose)
        assert isinstance(out, tuple)
        return int(out[0]), int(out[1])


@dataclass(slots=True)
class SideReport:
    """What the post-match sequence did to one team."""

    winnings: int = 0
    winnings_rolls: list[int] = field(default_factory=list)  # its winnings D6 (two if re-rolled)
    expenses: int = 0
    fan_factor_roll: int = 0
    fan_factor_change: int = 0
    mvp: int = 0  # shirt number, 0 if none
    spp: dict[int, int] = field(default_factory=dict)  # number -> SPP earned
    improvements: list[dict[str, Any]] = field(default_factory=list)
    injuries: list[dict[str, Any]] = field(default_factory=list)  # number, name, result
    left: list[int] = field(default_factory=list)  # numbers who left after a concession
    raised: list[int] = field(default_factory=list)  # numbers of raised Zombies / Rotters
    kept: list[int] = field(default_factory=list)  # numbers of the Journeymen hired for good
    penalties: list[str] = field(default_factory=list)


@dataclass(slots=True)
class PostMatch:
    """Both teams' post-match reports."""

    sides: tuple[SideReport, SideReport]
    rng: int


def improvement_choices(player: LeaguePlayer, roll: tuple[int, int]) -> list[Improvement]:
    """Exactly the improvements `player` may take after the improvement roll `roll`."""
    inc = {k: player.increases(k) for k in L.STATS}
    loss = {k: player.losses(k) for k in L.STATS}
    opts = L.improvement_options(player.position, player.skills, inc, loss, roll[0], roll[1],
                                 implemented_skills())
    return [Improvement(g, s) for g, s in opts]


def _outcome(score: tuple[int, int], side: int, conceded: int | None) -> int:
    """1 won, 0 drew, -1 lost (a conceding team loses)."""
    if conceded is not None:
        return -1 if conceded == side else 1
    mine, theirs = score[side], score[1 - side]
    return (mine > theirs) - (mine < theirs)


def post_match(
    game: Game,
    teams: tuple[LeagueTeam, LeagueTeam],
    dice: PostMatchDice,
    choosers: tuple[Chooser, Chooser],
    conceded: int | None = None,
    rerollers: tuple[Reroller, Reroller] | None = None,
    keepers: tuple[Keeper, Keeper] | None = None,
    journeymen: tuple[Sequence[int], Sequence[int]] = ((), ()),
) -> tuple[tuple[LeagueTeam, LeagueTeam], PostMatch]:
    """Run the post-match sequence; returns the updated teams (copies) and the record.
    `rerollers` decide whether a winner re-rolls its winnings D6 (None: never); `keepers`
    which of its `journeymen` (their shirt numbers in the match) a team hires (None: none)."""
    home, away = copy.deepcopy(teams[0]), copy.deepcopy(teams[1])
    new = (home, away)
    reports = (SideReport(), SideReport())
    s = game.state
    score = (s.teams[0].score, s.teams[1].score)
    stats = game.player_stats()
    # Who played: league players by shirt number (Journeymen and stars are not on the roster).
    played: list[dict[int, int]] = [{}, {}]  # side -> number -> pid
    for p in s.info:
        if any(lp.number == p.number for lp in new[p.team].players):
            played[p.team][p.number] = p.pid
    for side in (0, 1):  # who sat this match out has served his Miss Next Game
        for lp in new[side].players:
            if lp.number not in played[side]:
                lp.mng = False
    fames = (s.teams[0].fame, s.teams[1].fame)
    _money(teams, new, reports, score, fames, dice, conceded, rerollers)
    # 4. SPP, MVP, improvements
    for side in (0, 1):
        _spp(new[side], reports[side], played[side], stats, dice, conceded == side)
    for side in (0, 1):
        _improve(new[side], reports[side], dice, choosers[side])
    # 5. injuries recorded
    for side in (0, 1):
        _injuries(new[side], reports[side], played[side], stats)
    # 6. a conceding team's stars may leave
    _leave(new, reports, dice, conceded)
    # 7. raising the dead
    for side in (0, 1):
        _raise(new[side], reports[side], game, side, stats)
    # 8. Journeymen hired for good
    for side in (0, 1):
        if keepers is not None and journeymen[side]:
            _keep(new[side], reports[side], game, side, set(journeymen[side]), stats, dice, keepers[side],
                  choosers[side])
    return new, PostMatch(reports, dice.rng)


def _money(teams: tuple[LeagueTeam, LeagueTeam], new: tuple[LeagueTeam, LeagueTeam],
           reports: tuple[SideReport, SideReport], score: tuple[int, int], fames: tuple[int, int],
           dice: PostMatchDice, conceded: int | None, rerollers: tuple[Reroller, Reroller] | None) -> None:
    """Steps 1-3: winnings, Fan Factor, spiralling expenses."""
    # 1. winnings
    for side in (0, 1):
        result = _outcome(score, side, conceded)
        fame = fames[side]
        die = dice.d6("winnings")
        reports[side].winnings_rolls.append(die)
        reroll = rerollers[side] if rerollers is not None and result > 0 else None
        if reroll is not None and reroll(new[side], die, L.winnings(die, fame, True)):
            die = dice.d6("winnings re-roll")  # the second roll stands
            reports[side].winnings_rolls.append(die)
        gold = L.winnings(die, fame, result >= 0)
        if conceded == side:
            reports[1 - side].winnings += gold
        else:
            reports[side].winnings += gold
    # 2. Fan Factor
    for side in (0, 1):
        team, rep = new[side], reports[side]
        if conceded == side:
            rep.fan_factor_change = -1 if team.fan_factor > 0 else 0
        else:
            result = _outcome(score, side, conceded)
            if result > 0:
                total = sum(dice.d6("fan factor") for _ in range(3))
            else:
                total = sum(dice.two_d6("fan factor"))
            rep.fan_factor_roll = total
            rep.fan_factor_change = L.fan_factor_change(total, team.fan_factor, result)
            if team.fan_factor + rep.fan_factor_change < 0:
                rep.fan_factor_change = 0
        team.fan_factor += rep.fan_factor_change
    # 3. spiralling expenses (from the team's value before this match's changes)
    for side in (0, 1):
        team, rep = new[side], reports[side]
        rep.expenses = L.spiralling_expenses(teams[side].team_value())
        team.treasury = max(0, team.treasury + rep.winnings - rep.expenses)


def _leave(new: tuple[LeagueTeam, LeagueTeam], reports: tuple[SideReport, SideReport], dice: PostMatchDice,
           conceded: int | None) -> None:
    """Step 6: a conceding team's players with 51+ SPP leave on a D6 of 1-3."""
    if conceded is not None:
        team = new[conceded]
        for lp in sorted(team.players, key=lambda p: p.number):
            if lp.spp >= L.CONCESSION_SPP and dice.d6("concession") <= L.CONCESSION_LEAVES_ON:
                team.release(lp)
                reports[conceded].left.append(lp.number)


def hand_post_match(teams: tuple[LeagueTeam, LeagueTeam], score: tuple[int, int], dice: PostMatchDice,
                    conceded: int | None = None, rerollers: tuple[Reroller, Reroller] | None = None,
                    ) -> tuple[tuple[LeagueTeam, LeagueTeam], PostMatch]:
    """The post-match sequence of a result entered by hand (a match not played here, or a
    forfeit): winnings (FAME 0: the fans are not known), Fan Factor, spiralling expenses and a
    conceding team's departures; no SPP, MVP, injuries, raised players or Journeymen (the
    match's events are not known). Everyone's Miss Next Game is served."""
    new = (copy.deepcopy(teams[0]), copy.deepcopy(teams[1]))
    reports = (SideReport(), SideReport())
    for team in new:
        for lp in team.players:
            lp.mng = False
    _money(teams, new, reports, score, (0, 0), dice, conceded, rerollers)
    _leave(new, reports, dice, conceded)
    return new, PostMatch(reports, dice.rng)


def _earned(st: dict[str, int]) -> int:
    """The SPP of one player's match events (the MVP aside)."""
    return (L.SPP_COMPLETION * st["completions"] + L.SPP_TOUCHDOWN * st["touchdowns"]
            + L.SPP_CASUALTY * st["casualties"] + L.SPP_INTERCEPTION * st["interceptions"])


def journeymen_of_match(game: Game, side: int, numbers: set[int],
                        stats: list[dict[str, int]]) -> list[LeaguePlayer]:
    """The Journeymen of `side` (shirt numbers `numbers`) as the players a team would hire:
    his positional without Loner, the match's SPP, record and lasting injuries; the dead left
    out."""
    s = game.state
    spec = {p.number: p for p in s.specs[side].players}
    out = []
    for p in s.info:
        if p.team != side or p.number not in numbers or p.number not in spec:
            continue
        st = stats[p.pid]
        results = [d for d in (st["injury"], st["injury2"]) if d > 0]
        if any(L.lasting(d).dead for d in results):
            continue
        pos = spec[p.number].position
        lp = LeaguePlayer(pos, p.number, f"{pos.name} #{p.number}", spp=_earned(st))
        lp.record["played"] = 1
        for key in ("completions", "touchdowns", "casualties", "interceptions"):
            lp.record[key] = st[key]
        for d in results:
            effect = L.lasting(d)
            if effect.mng:
                lp.injuries.append(d)
                lp.mng = True
        out.append(lp)
    return out


def _keep(team: LeagueTeam, rep: SideReport, game: Game, side: int, numbers: set[int],
          stats: list[dict[str, int]], dice: PostMatchDice, keep: Keeper, choose: Chooser) -> None:
    offered = journeymen_of_match(game, side, numbers, stats)
    if not offered:
        return
    cost = offered[0].position.cost
    for number in keep(team, offered, cost):
        lp = next((o for o in offered if o.number == number), None)
        if lp is None:
            rep.penalties.append(f"keep {number!r} skipped: not a Journeyman of this match who may be hired")
            continue
        why = problem(team, Purchase("player", lp.position.name))
        if why:
            rep.penalties.append(f"Journeyman #{number} not kept: {why}")
            continue
        team.treasury -= cost
        team.players.append(lp)
        offered.remove(lp)
        rep.kept.append(number)
    _improve(team, rep, dice, choose)  # the improvement rolls a kept Journeyman's SPP earn


def _spp(team: LeagueTeam, rep: SideReport, played: dict[int, int], stats: list[dict[str, int]],
         dice: PostMatchDice, conceded: bool) -> None:
    for number in sorted(played):
        lp = team.player(number)
        st = stats[played[number]]
        earned = _earned(st)
        lp.record["played"] += 1
        for key in ("completions", "touchdowns", "casualties", "interceptions"):
            lp.record[key] += st[key]
        if earned:
            lp.spp += earned
            rep.spp[number] = earned
    if conceded or not played:
        return
    numbers = sorted(played)
    pick = dice.roll(Dice.PICK, "MVP", len(numbers))
    assert isinstance(pick, int)
    mvp = team.player(numbers[pick])
    mvp.spp += L.SPP_MVP
    mvp.record["mvp"] += 1
    rep.mvp = mvp.number
    rep.spp[mvp.number] = rep.spp.get(mvp.number, 0) + L.SPP_MVP


def _improve(team: LeagueTeam, rep: SideReport, dice: PostMatchDice, choose: Chooser) -> None:
    for lp in sorted(team.players, key=lambda p: p.number):
        while lp.pending_improvements > 0:
            roll = dice.two_d6("improvement")
            options = improvement_choices(lp, roll)
            picked = choose(team, lp, roll, options)
            if picked not in options:  # the documented penalty: the first legal improvement
                rep.penalties.append(f"{lp.name}: illegal improvement {picked.to_dict()} replaced")
                picked = options[0]
            lp.improvements.append(picked)
            rep.improvements.append({"number": lp.number, "roll": list(roll), **picked.to_dict()})


def _injuries(team: LeagueTeam, rep: SideReport, played: dict[int, int], stats: list[dict[str, int]]) -> None:
    for number in sorted(played):
        lp = team.player(number)
        st = stats[played[number]]
        for d in (st["injury"], st["injury2"]):
            if d <= 0:
                continue
            rep.injuries.append({"number": number, "name": lp.name, "result": d})
            effect = L.lasting(d)
            if effect.mng or effect.dead:
                lp.injuries.append(d)
            if effect.mng:
                lp.mng = True
        if lp.dead:
            lp.mng = False
            deaths = [d for d in lp.injuries if L.lasting(d).dead]
            lp.injuries = [d for d in lp.injuries if not L.lasting(d).dead] + deaths[:1]
            team.players.remove(lp)
            team.graveyard.append(lp)


def _room(team: LeagueTeam, position: str) -> bool:
    pos = race(team.race).positional(position)
    if pos is None or len(team.players) >= MAX_PLAYERS or not team.free_numbers():
        return False
    return sum(1 for p in team.players if p.position.name == pos.name) < pos.max_qty


def _add(team: LeagueTeam, position: str) -> int:
    pos = race(team.race).positional(position)
    assert pos is not None
    number = team.free_numbers()[0]
    team.players.append(LeaguePlayer(pos, number, f"{pos.name} #{number}"))
    return number


def _raise(team: LeagueTeam, rep: SideReport, game: Game, side: int, stats: list[dict[str, int]]) -> None:
    if team.race in L.NECROMANCER_RACES:
        s = game.state
        for p in s.info:  # at most one raised per match [?]
            st = stats[p.pid]
            dead = st["injury"] > 0 and (L.lasting(st["injury"]).dead or L.lasting(st["injury2"]).dead)
            if p.team != side and dead and L.raisable(p.st, p.skills) and _room(team, L.NECROMANCER_POSITION):
                rep.raised.append(_add(team, L.NECROMANCER_POSITION))
                break
    rotted = game.box_score()["home" if side == 0 else "away"]["rotted"]
    for _ in range(rotted):
        if _room(team, L.NURGLE_POSITION):
            rep.raised.append(_add(team, L.NURGLE_POSITION))
