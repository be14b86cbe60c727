"""CMA-ES over grod's values (nuffle.ladder.es_tuning): a tiny run on board 1, its outputs,
determinism, the held-out seeds and the pairing."""

from __future__ import annotations

import csv
import json
import math
import subprocess
import sys
from dataclasses import replace
from pathlib import Path

import pytest

from nuffle.agents.grod.values import default_table, load_values, read_overrides
from nuffle.agents.registry import make_agent
from nuffle.core.errors import InputError
from nuffle.eval_seeds import EVAL_SEED_START
from nuffle.ladder.es_tuning import (
    LOG_FIELDS,
    NOT_SEARCHED,
    EsConfig,
    candidate_values,
    default_names,
    grod_spec,
    log_fields,
    pair_games,
    pair_points,
    pair_scores_by_opponent,
    play_fitness,
    play_fitness_by_opponent,
    run_es,
)

ROOT = Path(__file__).resolve().parents[1]
TINY = EsConfig(names=("cage", "mark_carrier", "sweep_depth"), opponents=("random",), board=1,
                popsize=3, pairs=2, generations=2, sigma0=0.5, seed=3, first_seed=900)


def _run(tmp: Path, config: EsConfig = TINY) -> tuple[dict[str, float], list[dict[str, str]], str]:
    vals, log = tmp / "v.json", tmp / "log.csv"
    run_es(config, vals, log)
    with log.open() as fh:
        rows = list(csv.DictReader(fh))
    return read_overrides(str(vals)), rows, vals.read_text()


def test_tiny_run_writes_a_loadable_values_file_and_log(tmp_path: Path) -> None:
    values, rows, _ = _run(tmp_path)
    assert set(values) == set(TINY.names)
    assert any(values[n] != default_table()[n] for n in TINY.names)  # the mean moved
    for n in TINY.names:  # within the bound's multipliers
        start = default_table()[n]
        assert start * math.exp(-TINY.bound) <= values[n] <= start * math.exp(TINY.bound)
    bot = make_agent(f"grod?values={tmp_path / 'v.json'}", 0)
    assert bot.v["cage"] == values["cage"]  # type: ignore[attr-defined]
    assert [int(r["generation"]) for r in rows] == [0, 1]
    assert list(rows[0]) == [*LOG_FIELDS, "mean_vs_0", "start_vs_0"]
    games = 2 * TINY.pairs * (TINY.popsize + 2)  # candidates, the mean and the start values
    assert [int(r["games"]) for r in rows] == [games, games]
    assert int(rows[1]["games_total"]) == 2 * games
    for r in rows:
        assert 0 <= float(r["worst"]) <= float(r["candidates_mean"]) <= float(r["best"]) <= 1
        assert float(r["sigma"]) > 0 and float(r["cpu_seconds"]) > 0
    assert float(rows[1]["wall_seconds"]) > float(rows[0]["wall_seconds"])
    # generation 0's mean is the start: the same values on the same seeds score the same
    assert rows[0]["mean_fitness"] == rows[0]["start_fitness"]


def test_a_fixed_seed_gives_the_same_run(tmp_path: Path) -> None:
    (tmp_path / "a").mkdir()
    (tmp_path / "b").mkdir()
    va, ra, _ = _run(tmp_path / "a")
    vb, rb, _ = _run(tmp_path / "b")
    assert va == vb
    drop = ("wall_seconds", "cpu_seconds")
    assert [{k: v for k, v in r.items() if k not in drop} for r in ra] == \
        [{k: v for k, v in r.items() if k not in drop} for r in rb]


def test_held_out_and_bad_settings_are_refused(tmp_path: Path) -> None:
    cases = [
        (EsConfig(first_seed=EVAL_SEED_START), "held out"),
        (EsConfig(first_seed=EVAL_SEED_START - 5, pairs=4, generations=2), "held out"),
        (EsConfig(first_seed=EVAL_SEED_START + 2_000_000), "below"),
        (EsConfig(names=("cage", "nope")), "'nope'"),
        (EsConfig(popsize=1), "popsize"),
        (EsConfig(seed=0), "seed"),
    ]
    for config, words in cases:
        with pytest.raises(InputError, match=words):
            run_es(config, tmp_path / "v.json", tmp_path / "log.csv")
    assert not (tmp_path / "v.json").exists()  # refused before any game


def test_the_pair_swaps_sides_and_bot_seeds() -> None:
    (ents1, fx1, seeds1), (ents2, fx2, seeds2) = pair_games("grod", "scripted", ("orc", "human"), 7)
    assert fx1.seed == fx2.seed == 7 and (fx1.home, fx1.away) == (fx2.home, fx2.away) == (0, 1)
    assert [(e.team, e.bot) for e in ents1] == [("orc", "grod"), ("human", "scripted")]
    assert [(e.team, e.bot) for e in ents2] == [("orc", "scripted"), ("human", "grod")]
    assert seeds1 == (15, 16) and seeds2 == (16, 15)  # each bot keeps its seed
    # points are the agent's: home in the first game, away in the second
    assert pair_points({"score": [2, 1]}, {"score": [0, 3]}) == 1.0
    assert pair_points({"score": [1, 1]}, {"score": [3, 0]}) == 0.25
    assert pair_points({"score": [0, 1]}, {"score": [2, 2]}) == 0.25


def test_fitness_is_mean_points_over_paired_games() -> None:
    config = EsConfig(opponents=("random",), board=1)
    fits, cpu = play_fitness(["grod", "random"], config, range(900, 902))
    assert fits[0] == 1.0  # grod beats random on board 1 in both venues
    assert 0 <= fits[1] <= 1 and cpu > 0


def test_candidate_values_and_spec() -> None:
    config = EsConfig(names=("cage", "sweep_depth"), bound=1.0)
    vals = candidate_values(config, [math.log(2), 5.0])
    assert vals == {"cage": 14.0, "sweep_depth": float(f"{0.2 * math.e:.6g}")}  # 5 clipped to 1
    assert grod_spec(candidate_values(config, [0.0, 0.0])) == "grod"
    spec = grod_spec(vals)
    assert spec.startswith("grod?tweak=cage=14,")
    tweak = spec.split("tweak=")[1]
    assert load_values(tweak=tweak)["sweep_depth"] == vals["sweep_depth"]
    assert not set(NOT_SEARCHED) & set(default_names())
    assert len(default_names()) == len(default_table()) - len(NOT_SEARCHED)


def test_bench_front_end_refuses_held_out_seeds_in_one_line(tmp_path: Path) -> None:
    run = subprocess.run([sys.executable, str(ROOT / "bench" / "grod_es.py"), "--first-seed",
                          str(EVAL_SEED_START), "--out", str(tmp_path / "v.json"), "--log",
                          str(tmp_path / "l.csv")], capture_output=True, text=True, timeout=120,
                         env={"PYTHONPATH": str(ROOT / "src"), "PATH": "/usr/bin:/bin"})
    assert run.returncode == 2
    assert run.stderr.count("\n") == 1 and "held out" in run.stderr


def test_fitness_against_a_pool_is_the_mean_over_its_opponents_on_the_same_seeds() -> None:
    seeds = range(900, 902)
    alone = [play_fitness(["grod", "scripted"], EsConfig(opponents=(o,), board=1), seeds)[0]
             for o in ("random", "scripted")]
    pool = EsConfig(opponents=("random", "scripted"), board=1)
    by_opp, _ = play_fitness_by_opponent(["grod", "scripted"], pool, seeds)
    assert by_opp == [[alone[0][0], alone[1][0]], [alone[0][1], alone[1][1]]]
    fits, _ = play_fitness(["grod", "scripted"], pool, seeds)
    assert fits == [(alone[0][k] + alone[1][k]) / 2 for k in range(2)]
    assert by_opp[0][0] == 1.0 and by_opp[0][0] != by_opp[0][1]  # the opponents differ


def test_a_pool_run_logs_each_opponent_and_writes_the_best(tmp_path: Path) -> None:
    config = replace(TINY, opponents=("random", "scripted"), generations=1)
    rows = run_es(config, tmp_path / "v.json", tmp_path / "log.csv", best_out=tmp_path / "b.json")
    with (tmp_path / "log.csv").open() as fh:
        logged = list(csv.DictReader(fh))
    assert list(logged[0]) == log_fields(config) == [*LOG_FIELDS, "mean_vs_0", "start_vs_0",
                                                     "mean_vs_1", "start_vs_1"]
    row = rows[0]
    assert int(logged[0]["games"]) == 2 * config.pairs * (config.popsize + 2) * 2
    assert row.mean_fitness == sum(row.mean_by_opponent) / 2
    assert row.start_fitness == sum(row.start_by_opponent) / 2
    best = json.loads((tmp_path / "b.json").read_text())
    assert best["_es"]["fitness"] == row.best and best["_es"]["opponents"] == ["random", "scripted"]
    with pytest.raises(InputError, match="opponents"):
        run_es(replace(TINY, opponents=()), tmp_path / "v2.json", tmp_path / "l2.csv")
    env = {"PYTHONPATH": str(ROOT / "src"), "PATH": "/usr/bin:/bin", "MPLBACKEND": "Agg"}
    curve = subprocess.run([sys.executable, str(ROOT / "bench" / "grod_es_curve.py"),
                            str(tmp_path / "log.csv"), "--out", str(tmp_path / "c.png"),
                            "--opponents", "random,scripted"],
                           capture_output=True, text=True, timeout=120, env=env)
    assert curve.returncode == 0, curve.stderr
    assert (tmp_path / "c.png").stat().st_size > 0 and curve.stdout.startswith("1 generations")


def test_the_recheck_script_reports_each_file_against_each_opponent(tmp_path: Path) -> None:
    values = tmp_path / "v.json"
    values.write_text(json.dumps({"values": {"cage": 14.0}}))
    run = subprocess.run([sys.executable, str(ROOT / "bench" / "grod_es_recheck.py"), "grod", str(values),
                          "grod", "--board", "1", "--opponent", "random", "--opponent", "scripted",
                          "--first-seed", "900", "--pairs", "2", "--json"], capture_output=True, text=True,
                         timeout=300, env={"PYTHONPATH": str(ROOT / "src"), "PATH": "/usr/bin:/bin"})
    assert run.returncode == 0, run.stderr
    out = json.loads(run.stdout)
    rows = {(r["values"], r["against"]): r for r in out["rows"][2:]}  # the tweaked file's rows
    config = EsConfig(opponents=("random", "scripted"), board=1)
    scores, _ = pair_scores_by_opponent([f"grod?values={values}"], config, range(900, 902))
    for o, opp in enumerate(("random", "scripted")):
        assert rows[(str(values), opp)]["points_rate"] == sum(scores[0][o]) / 2
    again = out["rows"][4:]  # grod a second time: the same games as the first file
    assert [r["minus_first"]["mean"] for r in again] == [0.0, 0.0]
    assert out["seeds"] == [900, 901] and len(out["rows"]) == 6
