"""Learning grod's purpose values by an evolution strategy (CMA-ES, the `cma` package).

The search is over log-multipliers `x` of a chosen set of grod's values and modifiers
(`data/grod/purposes.json`): a candidate plays with `start[name] * exp(x[name])`, each `x`
clipped to `[-bound, bound]`. Only the numbers are learned; grod's structure (its purposes and
how it scores them) stays hand-written.

A candidate's fitness is its mean points a game (win 1, draw 1/2) against a fixed pool of
opponents (one or more bot specs; the mean over the pool, each opponent weighted alike) over
paired seeds, the same seeds against every opponent: each seed is played twice, the candidate
at home and then away, each bot keeping its seed in both games (as `nuffle strength` does).
Within a generation every candidate plays the same seeds (common random numbers); each
generation draws fresh ones, `first_seed + g * pairs ...`. Every seed lies below the held-out
evaluation range (`nuffle.eval_seeds`); a run that would reach it is refused before any game.

Each generation also plays, on its seeds, the distribution's mean (the current estimate) and the
start values (with the defaults, grod itself), so the curve compares like with like.
"""

from __future__ import annotations

import csv
import json
import math
import time
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import asdict, dataclass, field
from importlib import resources
from pathlib import Path
from typing import Any

from nuffle.agents.grod.values import default_table
from nuffle.core.errors import InputError
from nuffle.eval_seeds import EVAL_SEED_START, refuse_held_out
from nuffle.evaluation import Entry
from nuffle.ladder.runner import play_fixture
from nuffle.ladder.schedule import Fixture

#: Left out of the default search: `score` is the unit the other values are measured in (scaling
#: every value together changes nothing), and the two probability thresholds are not scales.
NOT_SEARCHED = ("score", "carrier_min_prob", "move_min_prob")

#: The per-generation log's columns (then, per opponent k of the pool, `mean_vs_k` and
#: `start_vs_k`: the mean's and the start values' points against that opponent alone).
LOG_FIELDS = ("generation", "candidates_mean", "best", "worst", "mean_fitness", "start_fitness",
              "sigma", "games", "games_total", "wall_seconds", "cpu_seconds")


def default_names() -> list[str]:
    """Every value and modifier except `NOT_SEARCHED`, in the data file's order."""
    return [n for n in default_table() if n not in NOT_SEARCHED]


@dataclass(frozen=True)
class EsConfig:
    """One run's settings (see the module's docstring)."""

    names: tuple[str, ...] = field(default_factory=lambda: tuple(default_names()))
    opponents: tuple[str, ...] = ("scripted",)
    board: int = 11
    races: tuple[str, str] = ("human", "human")
    popsize: int = 12
    pairs: int = 16
    generations: int = 20
    sigma0: float = 0.3
    bound: float = 2.0
    seed: int = 1
    first_seed: int = 100_000
    engine: str = "native"
    workers: int = 1
    max_seconds: float | None = None
    start: dict[str, float] = field(default_factory=dict)

    def check(self) -> None:
        """Raise InputError naming the first bad setting (before any game)."""
        table = default_table()
        unknown = [n for n in self.names if n not in table]
        if unknown:
            raise InputError(f"grod has no purpose value or modifier {unknown[0]!r}")
        if not self.names or len(set(self.names)) != len(self.names):
            raise InputError("give one or more distinct value names to search")
        zero = [n for n in self.names if {**table, **self.start}[n] == 0]
        if zero:
            raise InputError(f"value {zero[0]!r} is 0: a multiplier cannot move it")
        if not self.opponents:
            raise InputError("give one or more opponents")
        if self.popsize < 2 or self.pairs < 1 or self.generations < 1:
            raise InputError("popsize must be at least 2, pairs and generations at least 1")
        if not (self.sigma0 > 0 and self.bound > 0):
            raise InputError("sigma0 and bound must be above 0")
        if self.seed < 1:
            raise InputError(f"the search's seed must be at least 1, got {self.seed}")
        if self.workers < 1:
            raise InputError(f"workers must be at least 1, got {self.workers}")
        count = self.generations * self.pairs
        if self.first_seed < 0:
            raise InputError(f"game seeds must not be negative, got {self.first_seed}")
        refuse_held_out(self.first_seed, count, "ES tuning")
        if self.first_seed + count > EVAL_SEED_START:
            raise InputError(f"ES tuning plays seeds below {EVAL_SEED_START} only, but asked for "
                             f"{self.first_seed}..{self.first_seed + count - 1}")


def log_fields(config: EsConfig) -> list[str]:
    """The log's columns for `config`'s pool."""
    per = [f"{w}_vs_{k}" for k in range(len(config.opponents)) for w in ("mean", "start")]
    return [*LOG_FIELDS, *per]


@dataclass(frozen=True)
class Generation:
    """One generation's row of the log (fitness = mean points a game against the pool)."""

    generation: int
    candidates_mean: float
    best: float
    worst: float
    mean_fitness: float
    start_fitness: float
    sigma: float
    games: int
    games_total: int
    wall_seconds: float
    cpu_seconds: float
    mean_by_opponent: tuple[float, ...] = ()
    start_by_opponent: tuple[float, ...] = ()

    def log_row(self) -> dict[str, float | int]:
        """The CSV row (`log_fields`)."""
        row: dict[str, float | int] = {k: round(v, 6) if isinstance(v, float) else v
                                       for k, v in asdict(self).items() if k in LOG_FIELDS}
        for k, (m, s) in enumerate(zip(self.mean_by_opponent, self.start_by_opponent, strict=True)):
            row[f"mean_vs_{k}"], row[f"start_vs_{k}"] = round(m, 6), round(s, 6)
        return row


def candidate_values(config: EsConfig, x: Sequence[float]) -> dict[str, float]:
    """The searched values of log-multipliers `x` (clipped to the bound), to 6 significant digits."""
    start = {**default_table(), **config.start}
    out = {}
    for name, xi in zip(config.names, x, strict=True):
        clipped = max(-config.bound, min(config.bound, float(xi)))
        out[name] = float(f"{start[name] * math.exp(clipped):.6g}")
    return out


def grod_spec(values: dict[str, float]) -> str:
    """The bot spec of grod with `values` (those differing from the data file) as a tweak."""
    defaults = default_table()
    changed = {k: v for k, v in sorted(values.items()) if v != defaults[k]}
    return "grod?tweak=" + ",".join(f"{k}={v:.6g}" for k, v in changed.items()) if changed else "grod"


def pair_games(agent: str, opponent: str, races: tuple[str, str],
               seed: int) -> list[tuple[list[Entry], Fixture, tuple[int, int]]]:
    """The two games of one seed: the agent at home, then away; each bot keeps its seed
    (agent `2s + 1`, opponent `2s + 2`) in both. Entry 0 is always home."""
    mine, theirs = 2 * seed + 1, 2 * seed + 2
    home, away = races
    return [([Entry(home, agent), Entry(away, opponent)], Fixture(0, 1, seed), (mine, theirs)),
            ([Entry(home, opponent), Entry(away, agent)], Fixture(0, 1, seed), (theirs, mine))]


def pair_points(first: dict[str, Any], second: dict[str, Any]) -> float:
    """The agent's mean points over the games of `pair_games` (home in `first`, away in `second`)."""
    points = 0.0
    for rec, me in ((first, 0), (second, 1)):
        mine, theirs = rec["score"][me], rec["score"][1 - me]
        points += 1.0 if mine > theirs else 0.5 if mine == theirs else 0.0
    return points / 2


def _play(job: tuple[list[Entry], Fixture, int, tuple[int, int], str]) -> tuple[dict[str, Any], float]:
    entries, fixture, board, bot_seeds, engine = job
    cpu = time.process_time()
    rec = play_fixture(entries, fixture, board, bot_seeds=bot_seeds, engine=engine)
    return rec, time.process_time() - cpu


def pair_scores_by_opponent(specs: list[str], config: EsConfig, seeds: range,
                            pool: ProcessPoolExecutor | None = None
                            ) -> tuple[list[list[list[float]]], float]:
    """Each spec's pair scores (`pair_points`, one a seed of `seeds`) against each opponent of
    the pool, the same seeds against every opponent, as `[spec][opponent][pair]`; and the games'
    CPU seconds."""
    jobs = [(ents, fx, config.board, bs, config.engine) for spec in specs for opp in config.opponents
            for s in seeds for ents, fx, bs in pair_games(spec, opp, config.races, s)]
    results = list(pool.map(_play, jobs, chunksize=4)) if pool is not None else [_play(j) for j in jobs]
    cpu = sum(c for _, c in results)
    per = 2 * len(seeds)
    recs = [r for r, _ in results]
    out: list[list[list[float]]] = []
    for k in range(len(specs)):
        row = []
        for o in range(len(config.opponents)):
            start = (k * len(config.opponents) + o) * per
            block = recs[start:start + per]
            row.append([pair_points(block[i], block[i + 1]) for i in range(0, per, 2)])
        out.append(row)
    return out, cpu


def play_fitness_by_opponent(specs: list[str], config: EsConfig, seeds: range,
                             pool: ProcessPoolExecutor | None = None) -> tuple[list[list[float]], float]:
    """Each spec's mean points against each opponent of the pool over `seeds` (paired; the same
    seeds against every opponent), as `[spec][opponent]`, and the games' CPU seconds."""
    scores, cpu = pair_scores_by_opponent(specs, config, seeds, pool)
    return [[sum(xs) / len(xs) for xs in row] for row in scores], cpu


def play_fitness(specs: list[str], config: EsConfig, seeds: range,
                 pool: ProcessPoolExecutor | None = None) -> tuple[list[float], float]:
    """Each spec's fitness (mean points over the pool's opponents, each over `seeds` paired) and
    the games' CPU seconds."""
    by_opp, cpu = play_fitness_by_opponent(specs, config, seeds, pool)
    return [sum(row) / len(row) for row in by_opp], cpu


def write_values(path: Path, config: EsConfig, values: dict[str, float], about: dict[str, Any]) -> None:
    """A values file for `grod?values=FILE` (the data file's shape), with the run's settings."""
    data = resources.files("nuffle.data").joinpath("grod", "purposes.json").read_text()
    mods = set(json.loads(data)["modifiers"])
    doc = {"_doc": "grod values learned by CMA-ES (nuffle.ladder.es_tuning); the structure is "
                   "hand-written, only these numbers were learned",
           "_es": about,
           "values": {k: v for k, v in values.items() if k not in mods},
           "modifiers": {k: v for k, v in values.items() if k in mods}}
    path.write_text(json.dumps(doc, indent=1) + "\n")


def run_es(config: EsConfig, values_out: Path, log_out: Path,
           on_generation: Callable[[Generation], None] | None = None,
           best_out: Path | None = None) -> list[Generation]:
    """Run CMA-ES; after each generation append its row to the CSV `log_out`, write the
    distribution mean's values to `values_out` and (if given) the generation's best candidate's
    to `best_out`. Stops after `generations`, or after the
    generation during which `max_seconds` of wall-clock passed. Returns the rows."""
    config.check()
    import cma

    dim = len(config.names)
    es = cma.CMAEvolutionStrategy([0.0] * dim, config.sigma0,
                                  {"seed": config.seed, "popsize": config.popsize, "verbose": -9})
    start_values = candidate_values(config, [0.0] * dim)
    rows: list[Generation] = []
    games_total = 0
    t0, cpu0 = time.perf_counter(), time.process_time()
    cpu_games = 0.0
    pool = ProcessPoolExecutor(max_workers=config.workers) if config.workers > 1 else None
    with log_out.open("w", newline="") as fh:
        writer = csv.DictWriter(fh, fieldnames=log_fields(config))
        writer.writeheader()
        try:
            for g in range(config.generations):
                first = config.first_seed + g * config.pairs
                seeds = range(first, first + config.pairs)
                xs = es.ask()
                specs = [grod_spec(candidate_values(config, x)) for x in xs]
                specs += [grod_spec(candidate_values(config, es.mean)), grod_spec(start_values)]
                by_opp, cpu = play_fitness_by_opponent(specs, config, seeds, pool)
                fits = [sum(r) / len(r) for r in by_opp]
                cpu_games += cpu
                es.tell(xs, [-f for f in fits[:-2]])
                cand = fits[:-2]
                games = 2 * len(seeds) * len(specs) * len(config.opponents)
                games_total += games
                cpu_all = time.process_time() - cpu0 + (cpu_games if pool is not None else 0.0)
                row = Generation(g, sum(cand) / len(cand), max(cand), min(cand), fits[-2], fits[-1],
                                 float(es.sigma), games, games_total, time.perf_counter() - t0,
                                 cpu_all, tuple(by_opp[-2]), tuple(by_opp[-1]))
                rows.append(row)
                writer.writerow(row.log_row())
                fh.flush()
                about = {"generations": g + 1, "sigma": float(es.sigma), "games": games_total,
                         "opponents": list(config.opponents), "board": config.board,
                         "races": list(config.races),
                         "popsize": config.popsize, "pairs": config.pairs, "seed": config.seed,
                         "seeds": [config.first_seed, seeds[-1]], "names": list(config.names)}
                write_values(values_out, config, candidate_values(config, es.mean), about)
                if best_out is not None:
                    top = max(range(len(cand)), key=lambda i: cand[i])
                    write_values(best_out, config, candidate_values(config, xs[top]),
                                 {**about, "best_of_generation": g, "fitness": cand[top]})
                if on_generation is not None:
                    on_generation(row)
                if config.max_seconds is not None and row.wall_seconds >= config.max_seconds:
                    break
        finally:
            if pool is not None:
                pool.shutdown()
    return rows
