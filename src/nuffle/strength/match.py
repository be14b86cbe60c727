"""One agent against one opponent: paired held-out seeds, points with 95% intervals over pairs,
touchdowns and casualties, the home/away split, decision times, and an SPRT on pairs.

Pair i is seed `eval_seed(i, offset)` played twice with the same teams at the same venues and
the bots swapped: the agent at home in the first game, away in the second; each bot keeps its
own seed (the agent `2s + 1`, the opponent `2s + 2`) in both, so two copies of one bot are two
draws of it, not one game played twice. A pair's score is
the agent's points over its two games (win 1, draw 1/2) halved, in {0, 1/4, 1/2, 3/4, 1}; the
pair is the unit of every interval and of the test.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import asdict, dataclass, field
from typing import Any

from nuffle.agents.registry import agent_for_board, parse_bot_spec
from nuffle.core.board import VARIANTS
from nuffle.core.engines import NATIVE, PYTHON, native_module, resolve_engine
from nuffle.core.errors import InputError
from nuffle.eval_seeds import EVAL_SEED_COUNT, eval_seed
from nuffle.evaluation import Entry
from nuffle.interrupts import deferred_interrupt
from nuffle.ladder.runner import play_fixture
from nuffle.ladder.schedule import Fixture
from nuffle.stats import Sprt, mean_interval, wilson
from nuffle.teams import load_team

#: The test's hypotheses (the agent's expected points a game) and error rates.
P0, P1, ALPHA, BETA = 0.50, 0.55, 0.05, 0.05
#: No verdict before this many pairs: the pair variance is estimated from them (with 16, the
#: simulated false acceptance at 80% draws rose to 5.9%; with 32 it stays under 5%).
MIN_PAIRS = 32


def new_sprt() -> Sprt:
    """The benchmark's test on pair statistics `2 * pair score - 1`: H0 E = 2 * P0 - 1 = 0
    against H1 E = 2 * P1 - 1 = 0.1, alpha and beta 0.05, no verdict before `MIN_PAIRS`."""
    return Sprt(delta=2 * (P1 - P0), alpha=ALPHA, beta=BETA, min_pairs=MIN_PAIRS)


@dataclass
class Tally:
    """The agent's games in one venue (or all): results, points, touchdowns and casualties."""

    games: int = 0
    wins: int = 0
    draws: int = 0
    losses: int = 0
    td_for: int = 0
    td_against: int = 0
    cas_for: int = 0
    cas_against: int = 0

    def add(self, td: tuple[int, int], cas: tuple[int, int]) -> None:
        """Count one game: (agent's, opponent's) touchdowns and casualties."""
        self.games += 1
        if td[0] > td[1]:
            self.wins += 1
        elif td[0] == td[1]:
            self.draws += 1
        else:
            self.losses += 1
        self.td_for += td[0]
        self.td_against += td[1]
        self.cas_for += cas[0]
        self.cas_against += cas[1]

    @property
    def points(self) -> float:
        """Points: a win 1, a draw 1/2."""
        return self.wins + 0.5 * self.draws

    def to_json(self) -> dict[str, Any]:
        """Totals, per-game rates, and the points rate with its 95% Wilson interval over games."""
        n = max(1, self.games)
        lo, hi = wilson(self.points, self.games)
        return {**asdict(self), "points": self.points, "points_rate": self.points / n,
                "points_rate_95": [lo, hi],
                **{f"{k}_per_game": getattr(self, k) / n
                   for k in ("td_for", "td_against", "cas_for", "cas_against")}}


@dataclass
class Clock:
    """One side's decisions: how many, their total and longest seconds, how many over the limit."""

    decisions: int = 0
    seconds: float = 0.0
    longest: float = 0.0
    over_limit: int = 0

    def add(self, rec: dict[str, Any], side: int) -> None:
        """Count the decisions of venue `side` (0 home, 1 away) of a game record."""
        self.decisions += rec["decisions"][side]
        self.seconds += rec["decision_seconds"][side]
        self.longest = max(self.longest, rec["longest_decision"][side])
        self.over_limit += rec["over_limit"][side]

    def to_json(self) -> dict[str, Any]:
        """Counts with the mean and longest seconds a decision."""
        return {"decisions": self.decisions, "mean_seconds": self.seconds / max(1, self.decisions),
                "max_seconds": self.longest, "over_limit": self.over_limit}


@dataclass
class StrengthResult:
    """The benchmark's result; `to_json()` is what `nuffle strength --json` prints."""

    agent: str
    opponent: str
    board: int
    races: tuple[str, str]
    time_limit: float
    seed_offset: int
    max_games: int
    use_sprt: bool
    pair_scores: list[float] = field(default_factory=list)
    total: Tally = field(default_factory=Tally)
    home: Tally = field(default_factory=Tally)
    away: Tally = field(default_factory=Tally)
    agent_clock: Clock = field(default_factory=Clock)
    opponent_clock: Clock = field(default_factory=Clock)
    sprt: Sprt = field(default_factory=new_sprt)
    games: list[dict[str, Any]] = field(default_factory=list)
    interrupted: bool = False
    engine: str = PYTHON

    @property
    def pairs(self) -> int:
        """Pairs played (both games)."""
        return len(self.pair_scores)

    @property
    def points_rate(self) -> float:
        """The agent's mean points a game."""
        return sum(self.pair_scores) / max(1, self.pairs)

    @property
    def verdict(self) -> str:
        """'H1' (stronger by the test), 'H0' (not), 'undecided', or 'off' (no test)."""
        if not self.use_sprt:
            return "off"
        v = self.sprt.verdict
        return "undecided" if v is None else "H1" if v else "H0"

    @property
    def stopped(self) -> str:
        """Why the run ended: 'sprt', 'max_games' or 'interrupted'."""
        if self.interrupted:
            return "interrupted"
        return "sprt" if self.verdict in ("H0", "H1") else "max_games"

    def add_pair(self, first: dict[str, Any], second: dict[str, Any]) -> None:
        """Count one pair from its two game records: the agent at home, then away."""
        points = 0.0
        for rec, me in ((first, 0), (second, 1)):
            them = 1 - me
            td = (rec["score"][me], rec["score"][them])
            cas = (rec["casualties"][me], rec["casualties"][them])
            self.total.add(td, cas)
            (self.home if me == 0 else self.away).add(td, cas)
            self.agent_clock.add(rec, me)
            self.opponent_clock.add(rec, them)
            points += 1.0 if td[0] > td[1] else 0.5 if td[0] == td[1] else 0.0
            kept = {k: v for k, v in rec.items() if k not in ("home", "away")}  # entry indices
            self.games.append({**kept, "pair": self.pairs, "agent_home": me == 0})
        self.pair_scores.append(points / 2)
        self.sprt.add(points - 1.0)  # 2 * pair score - 1: H0 E = 0, H1 E = 2 * (P1 - P0)

    def to_json(self) -> dict[str, Any]:
        """The result as a JSON-ready dict (format 'nuffle-strength/1')."""
        lo, hi = mean_interval(self.pair_scores)
        low_bound, high_bound = self.sprt.bounds
        first = eval_seed(0, self.seed_offset)
        return {
            "format": "nuffle-strength/1",
            "agent": self.agent,
            "opponent": self.opponent,
            "board": self.board,
            "engine": self.engine,
            "races": list(self.races),
            "seeds": {"first": first, "last": first + max(0, self.pairs - 1), "offset": self.seed_offset},
            "pairs": self.pairs,
            "games": self.total.games,
            "max_games": self.max_games,
            "points_rate": self.points_rate,
            "points_rate_95": [lo, hi],
            "all": self.total.to_json(),
            "home": self.home.to_json(),
            "away": self.away.to_json(),
            "time_limit": self.time_limit,
            "time": {"agent": self.agent_clock.to_json(), "opponent": self.opponent_clock.to_json()},
            "within_limit": self.agent_clock.over_limit == 0 and self.opponent_clock.over_limit == 0,
            "sprt": {"h0": P0, "h1": P1, "alpha": self.sprt.alpha, "beta": self.sprt.beta,
                     "llr": self.sprt.llr, "bounds": [low_bound, high_bound],
                     "min_pairs": self.sprt.min_pairs, "verdict": self.verdict},
            "stopped": self.stopped,
            "interrupted": self.interrupted,
            "pair_scores": self.pair_scores,
            "list": self.games,
        }


def check_setup(agent: str, opponent: str, board: int, races: tuple[str, str], max_games: int,
                time_limit: float, seed_offset: int) -> None:
    """Raise InputError naming the first bad argument (before any game is played)."""
    if board not in VARIANTS:
        raise InputError(f"unknown board {board!r}: choose one of {', '.join(map(str, sorted(VARIANTS)))}")
    for spec in (agent, opponent):
        parse_bot_spec(spec)
        agent_for_board(spec, board)
    for race in races:
        load_team(race)
    if max_games < 2 or max_games % 2:
        raise InputError(f"max games must be an even number of at least 2 (pairs of games), got {max_games}")
    if not 0 < time_limit <= 3600:
        raise InputError(f"the time limit must be above 0 and at most 3600 seconds, got {time_limit}")
    if seed_offset < 0 or seed_offset + max_games // 2 > EVAL_SEED_COUNT:
        raise InputError(f"seed offset {seed_offset} with {max_games // 2} pairs leaves the "
                         f"{EVAL_SEED_COUNT} held-out seeds")


def check_engine(engine: str | None) -> str:
    """The engine the games will run on (`engine`, else `NUFFLE_ENGINE`, else the Python
    engine); InputError if it is unknown, or native and not built here."""
    chosen = resolve_engine(engine)
    if chosen == NATIVE:
        native_module()
    return chosen


def run_strength(agent: str, opponent: str, *, board: int = 11, races: tuple[str, str] = ("human", "human"),
                 max_games: int = 400, time_limit: float = 1.0, seed_offset: int = 0, sprt: bool = True,
                 on_pair: Callable[[StrengthResult], None] | None = None,
                 engine: str | None = None) -> StrengthResult:
    """Play pairs of `agent` against `opponent` in this process (one core) until the SPRT
    decides (with `sprt`) or `max_games` games are played; after Ctrl-C (or SIGTERM) the result
    holds the whole pairs played and says `interrupted`. `on_pair` sees the result after each pair.
    `engine`: see `check_engine`."""
    check_setup(agent, opponent, board, races, max_games, time_limit, seed_offset)
    chosen = check_engine(engine)
    result = StrengthResult(agent, opponent, board, races, time_limit, seed_offset, max_games, sprt,
                            engine=chosen)
    home_race, away_race = races
    agent_home = [Entry(home_race, agent), Entry(away_race, opponent)]
    agent_away = [Entry(home_race, opponent), Entry(away_race, agent)]
    try:
        for i in range(max_games // 2):
            s = eval_seed(i, seed_offset)
            mine, theirs = 2 * s + 1, 2 * s + 2  # each bot keeps its seed in both games
            first = play_fixture(agent_home, Fixture(0, 1, s), board, time_limit, (mine, theirs), chosen)
            second = play_fixture(agent_away, Fixture(0, 1, s), board, time_limit, (theirs, mine), chosen)
            first["bot_seeds"], second["bot_seeds"] = [mine, theirs], [theirs, mine]
            with deferred_interrupt():  # a pair counts whole or not at all
                result.add_pair(first, second)
                if on_pair is not None:
                    on_pair(result)
            if sprt and result.sprt.verdict is not None:
                break
    except KeyboardInterrupt:
        result.interrupted = True
    return result
