"""A BB2020 league match played by the engines, end to end: the pre-game sequence (`run_pre_game`),
the match (`teams_bb2020_pregame.match_spec` writes each team sheet; the engine plays it under the
given ruleset, `ruleset.BB2020`), then each team's post-game sequence (`run_post_game`) from the
`GameResult` that `game_result` reads off the finished match:

- both scores and both Fan Factors (the match's `GameState.fans`, its pre-game's);
- per rostered player and Journeyman (mercenaries earn nothing: they leave after the game):
  touchdowns, completions, deflections, interceptions and the casualties his blocks caused (the
  engines' per-player record, `Game.player_stats`), MVP eligibility (every one who was on the
  team sheet), and the casualty he suffered (a decayed player's worse of his two results; a
  Lasting Injury with the characteristic it lowered);
- per player, the events the Prayers to Nuffle that change SPP rewarded while in effect for his
  team (Perfect Passing, Necessary Violence, Fan Interaction, Fouling Frenzy: the engines count
  them, `prayers.count_under`); the post-game adds their SPP (`PlayerGame.prayer_spp`).
  Intensive Training's skill is the match's, no SPP; no prayer changes the winnings.

A completion includes a Throw Team-mate's: a Superb throw whose thrown player lands is the
thrower's (`throw_team_mate_bb2020`, RULES §8.7). Nobody concedes an engine match.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

from nuffle.agents.registry import make_agent
from nuffle.core.bb2020.league_team import LeagueDice, PostGameError, Team2020
from nuffle.core.bb2020.postgame import Casualty, GameResult, PlayerGame
from nuffle.core.bb2020.pregame import PreGame, PreGameTeam
from nuffle.core.game import Game
from nuffle.core.ruleset import Ruleset
from nuffle.league.bb2020 import Inducer2020, LeagueReport2020, Manager2020, run_post_game, run_pre_game
from nuffle.play import play
from nuffle.teams_bb2020_pregame import match_spec

#: The engines' casualty results (`Ruleset.casualty_of`) as the post-game records them, worst last.
CASUALTIES = {"badly_hurt": Casualty.BADLY_HURT, "seriously_hurt": Casualty.SERIOUSLY_HURT,
              "serious_injury": Casualty.SERIOUS_INJURY, "dead": Casualty.DEAD}
#: A Lasting Injury's characteristic codes (`Ruleset.casualties` past the die).
LASTING = ("ma", "st", "ag", "pa", "av")
_WORSE = (Casualty.BADLY_HURT, Casualty.SERIOUSLY_HURT, Casualty.SERIOUS_INJURY, Casualty.LASTING_INJURY,
          Casualty.DEAD)


def casualty(rules: Ruleset, code: int) -> tuple[Casualty | None, str | None]:
    """(the casualty, a Lasting Injury's characteristic) of an engine's casualty result code
    (0: none)."""
    if code <= 0:
        return None, None
    result = rules.casualty_of(code)
    if result in LASTING:
        return Casualty.LASTING_INJURY, result
    if result not in CASUALTIES:
        raise PostGameError(f"casualty result {result!r} (code {code}) is not a BB2020 casualty")
    return CASUALTIES[result], None


def _suffered(rules: Ruleset, first: int, second: int) -> tuple[Casualty | None, str | None]:
    a, b = casualty(rules, first), casualty(rules, second)
    if b[0] is None:
        return a
    if a[0] is None:
        return b
    return a if _WORSE.index(a[0]) >= _WORSE.index(b[0]) else b


def game_result(game: Game, side: int, record: PreGameTeam) -> GameResult:
    """The `GameResult` of `side` (0 home, 1 away) in a finished engine `game` whose team sheet
    was `match_spec(team, record)` (see the module). PostGameError for a match not over."""
    result = game.result
    if not result.over:
        raise PostGameError("the match is not over: its post-game cannot start")
    s = game.state
    stats = game.player_stats()
    hired = {m.number for m in record.mercenaries}
    journeymen = {j.number for j in record.journeymen}
    players: list[PlayerGame] = []
    journeys: list[PlayerGame] = []
    for pid in s.team_players(side):
        number = s.info[pid].number
        if number in hired:
            continue
        got = stats[pid]
        hurt, lasting = _suffered(s.rules, got["injury"], got["injury2"])
        entry = PlayerGame(number, touchdowns=got["touchdowns"], completions=got["completions"],
                           deflections=got["deflections"], interceptions=got["interceptions"],
                           casualties=got["casualties"], perfect_passing=got["perfect_passing"],
                           necessary_violence=got["necessary_violence"],
                           fan_interaction=got["fan_interaction"], fouling_frenzy=got["fouling_frenzy"],
                           casualty=hurt, lasting=lasting)
        (journeys if number in journeymen else players).append(entry)
    score = (result.score.home, result.score.away)
    return GameResult(score[side], score[1 - side], s.fans[side], s.fans[1 - side], tuple(players),
                      journeymen=tuple(journeys))


class Coach2020(Manager2020, Inducer2020, Protocol):
    """A BB2020 league coach: his inducements before a game and his choices after it."""


@dataclass(frozen=True, slots=True)
class LeagueMatch2020:
    """A league match played by an engine: the pre-game record, the finished game, each team's
    `GameResult`, the teams after the post-game and their reports (home first)."""

    pre_game: PreGame
    game: Game
    results: tuple[GameResult, GameResult]
    teams: tuple[Team2020, Team2020]
    reports: tuple[LeagueReport2020, LeagueReport2020]


def play_league_match(home: Team2020, away: Team2020, managers: tuple[Coach2020, Coach2020],
                      dice: LeagueDice, rules: Ruleset, seed: int, engine: str | None = None,
                      bots: tuple[str, str] = ("random", "random"), board: int = 11,
                      allow_missing: bool = False) -> LeagueMatch2020:
    """Pre-game, the match (the engine `engine` under `rules`, its dice from `seed`, each side
    played by the named bot), then both post-games. TeamError in one line for a team whose skills
    the engines lack (unless `allow_missing`)."""
    record, home, away = run_pre_game(home, away, managers[0], managers[1], dice)
    sheets = match_spec(home, record.home, allow_missing), match_spec(away, record.away, allow_missing)
    game = Game.new(sheets[0], sheets[1], seed=seed, board=board, ruleset=rules, engine=engine)
    play(game, make_agent(bots[0], seed=seed), make_agent(bots[1], seed=seed + 1))
    results = game_result(game, 0, record.home), game_result(game, 1, record.away)
    home, home_report = run_post_game(home, results[0], managers[0], dice)
    away, away_report = run_post_game(away, results[1], managers[1], dice)
    return LeagueMatch2020(record, game, results, (home, away), (home_report, away_report))
