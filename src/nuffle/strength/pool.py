"""Ladder mode: a pool of bots in a paired round robin on held-out seeds, one core, rated by
Bradley-Terry anchored at the scripted bot (rating 0) when it is in the pool.

Every entry plays the same race, so the two games of a pair differ only in which bot sits at
which venue. The round robin, its report and the fit are the ladder's (`nuffle.ladder`).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from nuffle.agents.registry import parse_bot_spec
from nuffle.core.errors import InputError
from nuffle.eval_seeds import eval_seed
from nuffle.evaluation import Entry
from nuffle.ladder.ratings import fit_bradley_terry, score_matrix
from nuffle.ladder.report import summarise
from nuffle.ladder.runner import LadderInterrupted, run_fixtures
from nuffle.ladder.schedule import Fixture, check_board, parse_entry, schedule
from nuffle.stats import mean_interval
from nuffle.strength.match import Clock, check_engine

ANCHOR = "scripted"


@dataclass
class PoolResult:
    """A pool's ratings; `to_json()` is what `nuffle strength --ladder --json` prints."""

    bots: list[str]
    race: str
    board: int
    pairs: int
    time_limit: float
    seed_offset: int
    games: list[dict[str, Any]] = field(default_factory=list)
    interrupted: bool = False
    engine: str = "python"

    @property
    def anchor(self) -> int | None:
        """The index of the scripted bot (plain 'scripted', no options), if in the pool."""
        plain = [i for i, b in enumerate(self.bots) if b.strip() == ANCHOR]
        return plain[0] if plain else None

    def to_json(self) -> dict[str, Any]:
        """Ratings (Elo scale, 95% intervals; anchored at scripted = 0 when it plays), each
        entry's points with the home/away split, and each match-up's pair scores."""
        n = len(self.bots)
        names = [f"{self.race}:{b}" for b in self.bots]
        config = {"board": self.board, "pairs": self.pairs, "seed": eval_seed(0, self.seed_offset)}
        report = summarise(names, self.games, config) if self.games else None
        results = [(g["home"], g["away"], 1.0 if g["score"][0] > g["score"][1] else
                    0.5 if g["score"][0] == g["score"][1] else 0.0) for g in self.games]
        bt = fit_bradley_terry(score_matrix(n, results), anchor=self.anchor)
        clocks = [Clock() for _ in self.bots]
        for g in self.games:
            clocks[g["home"]].add(g, 0)
            clocks[g["away"]].add(g, 1)
        table = []
        for i, bot in enumerate(self.bots):
            lo, hi = bt.interval(i)
            row = report["table"][i] if report else {}
            table.append({"bot": bot, "rating": float(bt.elo[i]), "rating_95": [lo, hi],
                          "all": row.get("all"), "home": row.get("home"), "away": row.get("away"),
                          "time": clocks[i].to_json()})
        return {
            "format": "nuffle-strength-pool/1",
            "bots": self.bots,
            "race": self.race,
            "board": self.board,
            "engine": self.engine,
            "pairs": self.pairs,
            "time_limit": self.time_limit,
            "seed_offset": self.seed_offset,
            "anchor": None if self.anchor is None else self.bots[self.anchor],
            "table": table,
            "matchups": self._matchups(),
            "games": len(self.games),
            "interrupted": self.interrupted,
            "list": self.games,
        }

    def _matchups(self) -> list[dict[str, Any]]:
        """Each pair of bots: the first one's pair scores' mean and its 95% interval."""
        scores: dict[tuple[int, int], dict[int, float]] = {}
        for g in self.games:
            i, j = sorted((g["home"], g["away"]))
            pts = 1.0 if g["score"][0] > g["score"][1] else 0.5 if g["score"][0] == g["score"][1] else 0.0
            mine = pts if g["home"] == i else 1.0 - pts
            scores.setdefault((i, j), {}).setdefault(g["seed"], 0.0)
            scores[(i, j)][g["seed"]] += mine / 2
        out = []
        for (i, j), by_seed in sorted(scores.items()):
            xs = list(by_seed.values())
            lo, hi = mean_interval(xs)
            out.append({"bot": self.bots[i], "against": self.bots[j], "pairs": len(xs),
                        "points_rate": sum(xs) / len(xs), "points_rate_95": [lo, hi]})
        return out


def check_pool(bots: list[str], board: int, race: str, pairs: int, time_limit: float,
               seed_offset: int) -> tuple[list[Entry], list[Fixture]]:
    """The pool's entries and round robin on held-out seeds; InputError naming the first bad
    argument (before any game is played)."""
    check_board(board)
    if len(bots) < 2:
        raise InputError(f"the ladder needs at least two bots, got {len(bots)}")
    for b in bots:
        parse_bot_spec(b)
        if ":" in b.partition("?")[0]:
            raise InputError(f"give ladder bots without a race ({b!r}); the race is --race-pair's")
    if len(set(bots)) != len(bots):
        raise InputError("a bot is given twice in the ladder")
    entries = [parse_entry(f"{race}:{b}", board) for b in bots]
    if not 0 < time_limit <= 3600:
        raise InputError(f"the time limit must be above 0 and at most 3600 seconds, got {time_limit}")
    n = len(bots)
    fixtures = schedule(n, pairs, eval_seed(0, seed_offset))
    eval_seed(n * (n - 1) // 2 * pairs - 1, seed_offset)  # the last seed is held out too
    return entries, fixtures


def run_pool(bots: list[str], *, board: int = 11, race: str = "human", pairs: int = 10,
             time_limit: float = 1.0, seed_offset: int = 0, engine: str | None = None) -> PoolResult:
    """Play the pool's paired round robin in this process (one core) on held-out seeds; after
    Ctrl-C (or SIGTERM) the result holds the games that finished and says `interrupted`."""
    entries, fixtures = check_pool(bots, board, race, pairs, time_limit, seed_offset)
    chosen = check_engine(engine)
    result = PoolResult(list(bots), race, board, pairs, time_limit, seed_offset, engine=chosen)
    try:
        result.games = run_fixtures(entries, fixtures, board, workers=1, time_limit=time_limit,
                                    engine=chosen)
    except LadderInterrupted as stop:
        result.games = stop.games
        result.interrupted = True
    return result
