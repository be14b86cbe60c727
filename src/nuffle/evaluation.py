"""Series of bot-vs-bot games: entries like 'human:scripted', alternating venues, intervals."""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from nuffle.agents.registry import make_agent
from nuffle.core.game import Game
from nuffle.core.teams import TeamSpec
from nuffle.interrupts import deferred_interrupt
from nuffle.play import play
from nuffle.ruleset_choice import match_team
from nuffle.stats import wilson


@dataclass(frozen=True)
class Entry:
    """A team and the bot that plays it, written 'race:bot' (the bot defaults to random)."""

    team: str
    bot: str = "random"

    @staticmethod
    def parse(text: str, default_bot: str = "random") -> Entry:
        """Parse 'human:scripted', 'orc' or 'teams/my_team.json:random'."""
        team, sep, bot = text.rpartition(":")
        if not sep or not team:
            return Entry(text, default_bot)
        return Entry(team, bot or default_bot)

    def __str__(self) -> str:
        return f"{self.team}:{self.bot}"


@dataclass
class Record:
    """Results of one entry over some games."""

    wins: int = 0
    draws: int = 0
    losses: int = 0
    scored: int = 0
    conceded: int = 0
    seconds: float = 0.0
    games: list[dict[str, Any]] = field(default_factory=list)
    interrupted: bool = False  # the series was stopped (Ctrl-C) before its last game

    @property
    def played(self) -> int:
        """Number of games."""
        return self.wins + self.draws + self.losses

    def add(self, mine: int, theirs: int, seconds: float, summary: dict[str, Any]) -> None:
        """Count one game."""
        if mine > theirs:
            self.wins += 1
        elif mine == theirs:
            self.draws += 1
        else:
            self.losses += 1
        self.scored += mine
        self.conceded += theirs
        self.seconds += seconds
        self.games.append(summary)

    def merged(self, other: Record) -> Record:
        """The two records together."""
        return Record(
            self.wins + other.wins, self.draws + other.draws, self.losses + other.losses,
            self.scored + other.scored, self.conceded + other.conceded,
            self.seconds + other.seconds, self.games + other.games,
            self.interrupted or other.interrupted,
        )

    def summary(self) -> dict[str, Any]:
        """Totals, per-game rates and the 95% interval of the win rate."""
        n = max(1, self.played)
        lo, hi = wilson(self.wins, self.played)
        return {
            "games": self.played,
            "wins": self.wins,
            "draws": self.draws,
            "losses": self.losses,
            "win_rate": self.wins / n,
            "win_rate_95": [lo, hi],
            "td_per_game": self.scored / n,
            "conceded_per_game": self.conceded / n,
            "seconds_per_game": self.seconds / n,
        }


def play_series(
    first: Entry,
    second: Entry,
    games: int,
    seed: int = 0,
    board: int = 11,
    alternate: bool = True,
    on_game: Callable[[Game], None] | None = None,
    ruleset: str = "lrb6",
) -> tuple[Record, Record]:
    """Play `games` games of `first` against `second`; with `alternate`, `first` is at home in
    even games and away in odd ones; `on_game` sees each finished game. Returns `first`'s
    record at home and away; after Ctrl-C they hold the finished games and say `interrupted`.
    `ruleset`: the rules played (its teams: `ruleset_choice.match_team`)."""
    teams = {e.team: match_team(e.team, ruleset) for e in (first, second)}
    at_home, away = Record(), Record()
    try:
        _play_games(first, second, teams, games, seed, board, alternate, on_game, at_home, away,
                    ruleset)
    except KeyboardInterrupt:  # Ctrl-C: keep the games that finished
        at_home.interrupted = away.interrupted = True
    return at_home, away


def _play_games(first: Entry, second: Entry, teams: dict[str, TeamSpec], games: int, seed: int,
                board: int, alternate: bool, on_game: Callable[[Game], None] | None,
                at_home: Record, away: Record, ruleset: str) -> None:
    for i in range(games):
        s = seed + i
        home_first = not alternate or i % 2 == 0
        h, a = (first, second) if home_first else (second, first)
        bots = (make_agent(h.bot, s * 2 + 1), make_agent(a.bot, s * 2 + 2))
        t0 = time.perf_counter()
        game = play(Game.new(teams[h.team], teams[a.team], seed=s, board=board, ruleset=ruleset),
                    bots[0], bots[1])
        dt = time.perf_counter() - t0
        score = game.result.to_dict()["score"]
        box = game.box_score()
        summary = {
            "seed": s,
            "home": str(h),
            "away": str(a),
            "score": score,
            "winner": game.result.winner,
            "seconds": round(dt, 6),
            "decisions": len(game.history),
            "box": box,
        }
        with deferred_interrupt():  # a game counts once `on_game` (its record) is done, never half
            if on_game is not None:
                on_game(game)
            if home_first:
                at_home.add(score["home"], score["away"], dt, summary)
            else:
                away.add(score["away"], score["home"], dt, summary)
