"""The parity contract in CI: 300 lockstep games over every board and every race on both sides
(random, scripted and grod choices; sampled and forced dice; random extra skills; assisted
moves), 0 divergences. After every step the harness compares the decider, the decision, the
legal actions, the whole position with its event log, at every chance node the exact outcome
probabilities, and at a sampled tenth of the decisions and chance nodes the exact distribution
of `outcomes()` (each outcome's probability and next position) and at another tenth one C++
twin of a Python component in turn (pathfinder, encoder, search: `parity_twins`). Each skill
given in turn to every player runs in CI too (test_parity_harness.py). Every frame is ported:
every game runs to its end (a game stopped at a frame the native engine has not ported, `stopped_at_unported`,
fails)."""

from __future__ import annotations

from types import ModuleType
from typing import Any

import pytest

import nuffle.parity as parity
from nuffle.core.dice import ExplicitRoller
from nuffle.core.game import Game
from nuffle.core.native_game import NativeGame
from nuffle.core.teams import races
from nuffle.parity import BOARDS, native_chance_outcomes, parity_specs, race_pairs, run_games, run_parity
from nuffle.parity_twins import TWINS

# (options, games per board, shards): 300 games in all; the longest runs are split into shards
# (every shard-th game of the run, the same games in all) so the parallel suite spreads them
CI_RUNS: list[tuple[dict[str, Any], int, int]] = [
    ({"seed": 101}, 20, 2),
    ({"seed": 102, "dice": "forced"}, 10, 1),
    ({"seed": 103, "bots": "scripted"}, 8, 4),
    ({"seed": 104, "bots": "grod"}, 4, 1),
    ({"seed": 105, "skills": 4}, 10, 1),
    ({"seed": 106, "skills": 4, "dice": "forced"}, 4, 1),
    ({"seed": 107, "assisted": True}, 4, 1),
]
#: One test per shard of a run: (options, games per board, shard, shards).
CI_SHARDS = [(options, games, k, shards) for options, games, shards in CI_RUNS for k in range(shards)]


def _options(options: dict[str, Any]) -> dict[str, Any]:
    """A run's options less its seed (`run_games` takes the seeds from the specs)."""
    return {key: value for key, value in options.items() if key != "seed"}


def test_the_ci_runs_hold_300_games() -> None:
    assert sum(games * len(BOARDS) for _options, games, _shards in CI_RUNS) >= 300


def test_the_shards_play_each_run_whole_and_every_race_on_both_sides() -> None:
    for options, games, shards in CI_RUNS:
        specs = parity_specs(games, options["seed"])
        shard_specs = [s for o, g, k, n in CI_SHARDS if o is options
                       for s in parity_specs(g, o["seed"])[k::n]]
        assert sorted(shard_specs, key=str) == sorted(specs, key=str) and len(specs) == games * len(BOARDS)
        every = min(len(races()), len(specs))  # every race on both sides from 24 games on
        assert len({s.home for s in specs}) == len({s.away for s in specs}) == every
        for k in range(shards):  # every shard plays every board
            assert {s.board for s in specs[k::shards]} == set(BOARDS)


@pytest.mark.parametrize(("options", "games", "shard", "shards"), CI_SHARDS,
                         ids=[f"{o}-{k + 1}of{n}" if n > 1 else str(o) for o, _g, k, n in CI_SHARDS])
def test_parity_over_every_board_and_race(native: ModuleType, options: dict[str, Any], games: int,
                                          shard: int, shards: int) -> None:
    specs = parity_specs(games, options["seed"])[shard::shards]
    report = run_games(specs, **_options(options))
    j = report.to_json()
    assert j["divergences"] == 0, report.text()
    assert j["games"] == len(specs) and j["boards"] == list(BOARDS)
    assert j["step_limit"] == 0 and j["outcome_checks"] > j["games"]
    assert set(TWINS) <= set(j["twin_checks"])  # the pathfinder, encoder and search compared too
    assert j["stopped_at_unported"] == {}, report.text()
    assert all(g.outcome == "complete" for g in report.games), report.text()
    assert j["races"] == {"home": len({s.home for s in specs}), "away": len({s.away for s in specs})}
    if options.get("dice") == "forced":
        assert j["chance_nodes"] >= j["games"]  # the pre-match rolls at least


def test_a_shard_plays_the_games_of_its_run(native: ModuleType) -> None:
    # the same game, played whole by run_parity and as the one game of a shard: the same record
    whole = run_parity(games=1, seed=7, boards=(1, 3), max_steps=300)
    shard = run_games(parity_specs(1, 7, (1, 3))[1::2], max_steps=300)
    assert [g.to_json() for g in shard.games] == [g.to_json() for g in whole.games[1:]]


@pytest.mark.parametrize("options", [{}, {"dice": "forced"},
                                     pytest.param({"bots": "scripted"}, marks=pytest.mark.slow),
                                     {"skills": 4},
                                     {"skills": 4, "dice": "forced"}, {"assisted": True}])
def test_a_few_games_of_every_kind(native: ModuleType, options: dict[str, Any]) -> None:
    """One short game a board of each kind (what the sanitizer job runs; the runs above are
    the CI's 300)."""
    report = run_parity(games=1, seed=31, max_steps=400, **options)
    assert report.to_json()["divergences"] == 0, report.text()
    assert all(g.outcome in ("complete", "step_limit") for g in report.games), report.text()


def test_races_are_dealt_so_every_race_plays_both_sides() -> None:
    keys = set(races())
    assert len(keys) == 24
    pairs = race_pairs(24, seed=9)
    assert {h for h, _a in pairs} == keys and {a for _h, a in pairs} == keys
    assert race_pairs(24, seed=9) == pairs != race_pairs(24, seed=10)


def test_the_chance_outcomes_are_those_of_the_explicit_roller(native: ModuleType) -> None:
    py = Game.new("human", "orc", seed=3, board=3, roller=ExplicitRoller())
    nat = NativeGame.start("human", "orc", seed=3, board=3, explicit=True)
    assert py.decider == nat.decider == 2  # the pre-match fans roll
    outcomes = native_chance_outcomes(nat)
    assert outcomes == py.chance_outcomes() and sum(p for _o, p in outcomes) == 1


def test_a_chance_outcome_that_differs_is_a_divergence(native: ModuleType,
                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    real = parity.native_chance_outcomes

    def skewed(nat: Any) -> Any:  # one outcome's probability moved to another
        out = real(nat)
        if len(out) > 1:
            (o0, p0), (o1, p1) = out[0], out[1]
            out[0], out[1] = (o0, p0 + p1 / 2), (o1, p1 / 2)
        return out

    monkeypatch.setattr(parity, "native_chance_outcomes", skewed)
    report = run_parity(games=1, seed=1, boards=(3,), dice="forced")
    (g,) = report.games
    assert g.outcome == "diverged" and g.diff and "chance outcomes differs" in g.diff
    assert g.position is not None  # the position that produced it, to replay
    again = Game.from_position(g.position, roller=ExplicitRoller())
    outcomes = again.chance_outcomes()
    assert len(outcomes) > 1 and outcomes == real(NativeGame.from_state(again.state, explicit=True))


def test_an_unknown_bot_is_refused(native: ModuleType) -> None:
    with pytest.raises(ValueError, match="unknown parity bot 'mcts'"):
        run_parity(games=1, boards=(1,), bots="mcts")
