"""Tuning bot values by measurement: paired games and a sequential probability ratio test.

A *candidate* (the current values with one change) is compared with the *baseline* (the
current values), either head to head (self-play) or each against the same fixed pool of
opponents on the same seeds. Every seed is played with both venues, and one seed's games give
one paired statistic `y` in [-1, 1]:

- self-play: the candidate's score over the two games, rescaled (`2 * score - 1`);
- pool: the candidate's score less the baseline's, against the same opponent.

The SPRT (`nuffle.stats.Sprt`, which `nuffle strength` uses too) tests H0 `E[y] = 0` against
H1 `E[y] = delta` with the normal approximation of the log-likelihood ratio (the pair variance
estimated from the data, so draws and pairing are accounted for) and stops once it crosses
`log(beta / (1 - alpha))` (keep the baseline) or `log((1 - beta) / alpha)` (take the change),
but not before `min_pairs` seeds (the variance estimate needs them), or after `max_pairs` seeds
(keep the baseline). Tuning refuses the held-out evaluation seeds (`nuffle.eval_seeds`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from typing import Any

from nuffle.core.errors import InputError
from nuffle.eval_seeds import refuse_held_out
from nuffle.evaluation import Entry
from nuffle.ladder.runner import play_fixture
from nuffle.ladder.schedule import Fixture
from nuffle.stats import Sprt

__all__ = ["Sprt", "Trial", "coordinate_changes", "pair_statistic", "sprt_match", "tune"]


@dataclass(frozen=True)
class Trial:
    """The outcome of one candidate test."""

    change: dict[str, float]
    accepted: bool
    pairs: int
    mean: float
    llr: float


def _pair_games(candidate: Entry, baseline: Entry, pool: list[Entry],
                seed: int) -> list[tuple[list[Entry], Fixture]]:
    """The games of one seed: both venues, head to head or each side against every opponent."""
    if not pool:
        ents = [candidate, baseline]
        return [(ents, Fixture(0, 1, seed)), (ents, Fixture(1, 0, seed))]
    out = []
    for opp in pool:
        for me in (candidate, baseline):
            ents = [me, opp]
            out += [(ents, Fixture(0, 1, seed)), (ents, Fixture(1, 0, seed))]
    return out


def _points(rec: dict[str, Any], me: int) -> float:
    mine, theirs = rec["score"][0 if rec["home"] == me else 1], rec["score"][1 if rec["home"] == me else 0]
    return 1.0 if mine > theirs else 0.5 if mine == theirs else 0.0


def pair_statistic(recs: list[dict[str, Any]], pool: bool) -> float:
    """`y` of one seed from its game records, in the order `_pair_games` lists them."""
    if not pool:
        return (_points(recs[0], 0) + _points(recs[1], 0)) - 1.0
    total = 0.0
    for k in range(0, len(recs), 4):
        cand = _points(recs[k], 0) + _points(recs[k + 1], 0)
        base = _points(recs[k + 2], 0) + _points(recs[k + 3], 0)
        total += (cand - base) / 2.0
    return total / (len(recs) / 4)


def _play(job: tuple[list[Entry], Fixture, int]) -> dict[str, Any]:
    return play_fixture(*job)


def sprt_match(candidate: Entry, baseline: Entry, pool: list[Entry], sprt: Sprt, *, board: int = 11,
                seed: int = 0, max_pairs: int = 200, batch: int = 4,
                pool_exec: ProcessPoolExecutor | None = None) -> tuple[bool, int]:
    """Play seeds `seed, seed + 1, ...` in batches until the SPRT decides or `max_pairs` seeds
    are played; returns (accepted, seeds played)."""
    refuse_held_out(seed, max_pairs, "tuning")
    played = 0
    while played < max_pairs:
        k = min(batch, max_pairs - played)
        seeds = range(seed + played, seed + played + k)
        per_seed = [_pair_games(candidate, baseline, pool, s) for s in seeds]
        jobs = [(ents, fx, board) for games in per_seed for ents, fx in games]
        recs = list(pool_exec.map(_play, jobs)) if pool_exec is not None else [_play(j) for j in jobs]
        step = len(per_seed[0])
        for i in range(k):
            sprt.add(pair_statistic(recs[i * step:(i + 1) * step], bool(pool)))
        played += k
        verdict = sprt.verdict
        if verdict is not None:
            return verdict, played
    return False, played


def coordinate_changes(values: dict[str, float], names: list[str], step: float) -> Iterator[dict[str, float]]:
    """Candidate changes: each named value up and down by the factor `1 +- step`."""
    for name in names:
        if name not in values:
            raise InputError(f"unknown value {name!r} to tune")
        for sign in (1.0, -1.0):
            yield {name: round(values[name] * (1.0 + sign * step), 4)}


def tune(make_spec: Callable[[dict[str, float]], str], values: dict[str, float], names: list[str], *,
         team: str = "human", pool: list[Entry] | None = None, rounds: int = 1, step: float = 0.25,
         delta: float = 0.1, max_pairs: int = 100, board: int = 11, seed: int = 0, workers: int = 2,
         on_trial: Callable[[Trial], None] | None = None) -> tuple[dict[str, float], list[Trial]]:
    """Coordinate search: try each change against the current values; keep it only when the
    SPRT accepts it. Each test uses fresh seeds. Returns the final values and every trial."""
    current = dict(values)
    trials: list[Trial] = []
    next_seed = seed
    executor = ProcessPoolExecutor(max_workers=workers) if workers > 1 else None
    try:
        for _ in range(rounds):
            for change in coordinate_changes(current, names, step):
                cand = Entry(team, make_spec({**current, **change}))
                base = Entry(team, make_spec(current))
                sprt = Sprt(delta=delta)
                ok, played = sprt_match(cand, base, pool or [], sprt, board=board, seed=next_seed,
                                         max_pairs=max_pairs, pool_exec=executor)
                next_seed += played
                mean = sum(sprt.ys) / max(1, len(sprt.ys))
                trial = Trial(change, ok, played, mean, sprt.llr)
                trials.append(trial)
                if on_trial is not None:
                    on_trial(trial)
                if ok:
                    current.update(change)
    finally:
        if executor is not None:
            executor.shutdown()
    return current, trials
