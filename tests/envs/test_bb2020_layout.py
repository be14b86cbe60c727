"""BB2020's observation layout (`nuffle.envs.ruleset_layout`): LRB6's layers and features with
BB2020's own appended (PA, Throw Team-mate's skills, Jump, prayers), its own layout hash (LRB6's
unchanged: tests/envs/test_wizard_masked.py), both encoders writing it bit for bit, the
Gymnasium, PettingZoo and batched environments observing BB2020 matches in it, and the
policies (LRB6's layout) refusing a BB2020 environment in one line. The environments are given
BB2020 by its name ("bb2020") or as its value (`ruleset.BB2020`)."""

from __future__ import annotations

import random

import numpy as np
import pytest

from nuffle.core.actions import Action, ActionType
from nuffle.core.engines import native_available
from nuffle.core.game import Game
from nuffle.core.ruleset import BB2020, LRB6
from nuffle.core.skills import Skill
from nuffle.envs import EnvError
from nuffle.envs.gym_env import BloodBowlEnv
from nuffle.envs.layout_hash import layout_description, layout_hash
from nuffle.envs.observation import ObservationEncoder, StaticPlayers
from nuffle.envs.ruleset_layout import LRB6_LAYOUT, layout_for
from nuffle.teams_bb2020_match import default_match_team

NATIVE = pytest.mark.skipif(not native_available(), reason="no native extension")
LAYOUT = layout_for(BB2020)
NONE = np.zeros(0, dtype=np.int64)  # no legal cells


def test_the_layout_appends_bb2020s_layers_and_features() -> None:
    assert layout_for(LRB6) is LRB6_LAYOUT and layout_for(BB2020) == LAYOUT
    layers = [name for name, _ in LAYOUT.spatial]
    assert layers[: len(LRB6_LAYOUT.spatial)] == [name for name, _ in LRB6_LAYOUT.spatial]
    assert layers[len(LRB6_LAYOUT.spatial):] == ["pa", "skill_throw_team_mate", "skill_right_stuff",
                                                 "jump_over"]
    features = [name for name, _ in LAYOUT.non_spatial][len(LRB6_LAYOUT.non_spatial):]
    assert features[:3] == ["acting_pa", "acting_skill_throw_team_mate", "acting_skill_right_stuff"]
    assert len(features) == 3 + 2 * 16
    assert "prayer_iron_man_own" in features and "prayer_stiletto_opp" in features


#: BB2020's layout hashes (a change of its layers or features changes them: update them then)
HASHES = {1: "36840e8bab1d22b7", 3: "95c74751632be59f", 5: "a7c46c1a6ff76bdb", 7: "e61f005036afa976",
          11: "21aef86acd0e9514"}


@pytest.mark.parametrize("board", sorted(HASHES))
def test_bb2020_has_its_own_layout_hash(board: int) -> None:
    assert layout_hash(board, None, LAYOUT) == HASHES[board]
    assert "ruleset_layout" not in layout_description(board)
    assert layout_description(board, None, LAYOUT)["ruleset_layout"] == "bb2020"
    assert layout_hash(board, None, LAYOUT) != layout_hash(board) == layout_hash(board, None, LRB6_LAYOUT)


def _encoders(board: int) -> tuple[object, ObservationEncoder]:
    from nuffle.envs.native_encoder import NativeEncoder

    return NativeEncoder(board, LAYOUT), ObservationEncoder(board, LAYOUT)


def _pick(game: Game, rng: random.Random) -> Action:
    """A random legal action, mostly ending a set-up at once (random set-ups take long)."""
    legal = list(game.legal_actions())
    ends = [a for a in legal if a.type == ActionType.END_SETUP]
    return ends[0] if ends and rng.random() < 0.9 else rng.choice(legal)


@NATIVE
def test_both_encoders_write_the_bb2020_layout_alike() -> None:
    """Lockstep BB2020 games with prayers in effect: each observation of both sides
    from both encoders, bit for bit, and every BB2020 entry seen set at least once."""
    from nuffle.envs.codec import ActionCodec
    from nuffle.envs.features import LAYER_INDEX
    from nuffle.envs.native_encoder import NativeEncoder

    rules = BB2020
    board = 3
    native, python = NativeEncoder(board, LAYOUT), ObservationEncoder(board, LAYOUT)
    codec = ActionCodec(board)
    cells = codec.legal_cell_table(LAYER_INDEX["legal_cells"] * python.height * python.width, python.size)
    bufs = native.buffers()
    first = len(LRB6_LAYOUT.spatial)
    n_ns = len(LRB6_LAYOUT.non_spatial)
    seen = np.zeros(len(LAYOUT.extra_layers), dtype=bool)
    seen_ns = np.zeros(len(LAYOUT.extra_features), dtype=bool)
    for seed in range(6):
        from dataclasses import replace

        home = default_match_team("human", frozenset({Skill.THROW_TEAM_MATE}))  # team-mates to throw
        home = replace(home, prayers=("Iron Man", "Stiletto"))
        away = replace(default_match_team("orc"), prayers=("Perfect Passing",))
        py = Game.new(home, away, seed=seed, board=board, ruleset=rules)
        nat = Game.new(home, away, seed=seed, board=board, ruleset=rules, engine="native")
        static = StaticPlayers(py.state)
        rng = random.Random(seed)
        for _ in range(600):
            if py.is_over:
                break
            for side in (0, 1):
                idx = (codec.indices(py.state, py.legal_actions(), side) if py.decider == side
                       else np.zeros(0, dtype=np.int64))
                native.observe(nat, side, bufs["spatial"], bufs["non_spatial"], bufs["action_mask"],
                               bufs["indices"])
                spatial, ns = python.encode(py.state, py.decision(), side, static, cells[idx])
                assert np.array_equal(spatial.view(np.uint32), bufs["spatial"].view(np.uint32))
                assert np.array_equal(ns.view(np.uint32), bufs["non_spatial"].view(np.uint32))
                seen |= spatial[first:].reshape(len(seen), -1).any(axis=1)
                seen_ns |= ns[n_ns: n_ns + len(seen_ns)] != 0
            action = _pick(py, rng)
            py.step(action)
            nat.step(action)
    names = [name for name, _ in LAYOUT.extra_layers]
    assert seen.all(), [n for n, s in zip(names, seen, strict=True) if not s]
    features = [name for name, _ in LAYOUT.extra_features]
    for name in ("acting_pa", "prayer_iron_man_own", "prayer_iron_man_opp", "prayer_perfect_passing_own"):
        assert seen_ns[features.index(name)], name


def test_a_prayer_is_the_observers_or_the_opponents() -> None:
    from dataclasses import replace

    rules = BB2020
    home = replace(default_match_team("human"), prayers=("Iron Man",))
    game = Game.new(home, default_match_team("orc"), seed=1, board=1, ruleset=rules)
    enc = ObservationEncoder(1, LAYOUT)
    names = [name for name, _ in LAYOUT.non_spatial]
    for side, own in ((0, 1.0), (1, 0.0)):
        _, ns = enc.encode(game.state, game.decision(), side, StaticPlayers(game.state), NONE)
        assert ns[names.index("prayer_iron_man_own")] == own
        assert ns[names.index("prayer_iron_man_opp")] == 1 - own
        assert ns[names.index("prayer_stiletto_own")] == ns[names.index("prayer_stiletto_opp")] == 0


def test_the_throw_team_mate_layers_mark_thrower_and_thrown() -> None:
    """Every home player given Throw Team-mate, every away player Right Stuff: once both teams
    stand on the pitch, the home observer's layers are its own and the opponent's players."""
    rules = BB2020
    home = default_match_team("human", frozenset({Skill.THROW_TEAM_MATE}))
    away = default_match_team("orc", frozenset({Skill.RIGHT_STUFF}))
    game = Game.new(home, away, seed=1, board=3, ruleset=rules)
    rng = random.Random(1)
    while not (game.state.teams[0].turn and any(q >= 0 for q in game.state.pos)):
        game.step(rng.choice(list(game.legal_actions())))
    enc = ObservationEncoder(3, LAYOUT)
    spatial, _ = enc.encode(game.state, game.decision(), 0, StaticPlayers(game.state), NONE)
    names = [name for name, _ in LAYOUT.spatial]
    own, opp = spatial[names.index("own_players")], spatial[names.index("opp_players")]
    assert own.any() and opp.any()
    # (some players have the other skill too: a Halfling's Right Stuff, an Untrained Troll's throw)
    thrower, thrown = spatial[names.index("skill_throw_team_mate")], spatial[names.index("skill_right_stuff")]
    assert np.all(thrower >= own) and np.all(thrower <= own + opp)
    assert np.all(thrown >= opp) and np.all(thrown <= own + opp)
    pa = spatial[names.index("pa")]
    assert np.all((pa > 0) <= (own + opp > 0)) and pa.max() > 0  # PA where players stand (Humans have it)


@pytest.mark.parametrize("engine", ["python", pytest.param("native", marks=NATIVE)])
def test_the_gym_environment_observes_bb2020(engine: str) -> None:
    env = BloodBowlEnv(board=3, ruleset=BB2020, engine=engine)
    obs, _ = env.reset(seed=2)
    assert env.observation_space.contains(obs)
    assert obs["spatial"].shape[0] == len(LAYOUT.spatial)
    assert obs["non_spatial"].shape == env.observation_space["non_spatial"].shape
    assert env.driver.game is not None
    assert env.driver.game.state.specs[0].ruleset == "bb2020"  # BB2020's rosters
    rng = np.random.default_rng(0)
    for _ in range(60):
        action = int(rng.choice(np.flatnonzero(obs["action_mask"])))
        obs, _, done, cut, _ = env.step(action)
        assert env.observation_space.contains(obs)
        if done or cut:
            obs, _ = env.reset()
    pa = obs["spatial"][len(LRB6_LAYOUT.spatial)]
    assert env.driver.layout is LAYOUT and pa.max() <= 1.0


def test_the_pettingzoo_environments_observe_bb2020() -> None:
    """By its name, as the public path names BB2020."""
    pytest.importorskip("pettingzoo")
    from nuffle.envs.aec_env import BloodBowlAEC
    from nuffle.envs.parallel_env import BloodBowlParallel

    aec = BloodBowlAEC(board=1, ruleset="bb2020", engine="python")
    aec.reset(seed=1)
    obs, *_ = aec.last()
    assert obs["spatial"].shape[0] == len(LAYOUT.spatial)
    par = BloodBowlParallel(board=1, ruleset="bb2020", engine="python")
    observations, _ = par.reset(seed=1)
    assert all(o["non_spatial"].shape == obs["non_spatial"].shape for o in observations.values())


@NATIVE
def test_the_batched_environment_observes_bb2020() -> None:
    from nuffle.envs.batched import BatchedVectorEnv

    env = BatchedVectorEnv(2, board=1, ruleset="bb2020", opponent="random")
    try:
        obs, _ = env.reset(seed=0)
        assert obs["spatial"].shape == (2, len(LAYOUT.spatial), *obs["spatial"].shape[2:])
        assert env.game(0).config.ruleset == "bb2020" and env.game(0).state.specs[0].ruleset == "bb2020"
        for _ in range(20):
            actions = np.array([int(np.flatnonzero(m)[0]) for m in obs["action_mask"]])
            obs, *_ = env.step(actions)
        row = {k: obs[k][0] for k in ("spatial", "non_spatial", "action_mask")}
        assert env.single_observation_space.contains(row)
    finally:
        env.close()


def test_the_policies_refuse_a_bb2020_environment() -> None:
    pytest.importorskip("torch")
    from nuffle.envs.batched_core import batch_policy

    with pytest.raises(EnvError, match=r"^the opponent's policy reads LRB6's observation layout, not that of "
                                       r"bb2020 \(a layout of its own\)") as info:
        batch_policy("policy?model=b1", 1, BB2020)
    assert "\n" not in str(info.value)
    assert batch_policy("random", 1, BB2020) is None
    env = BloodBowlEnv(board=1, ruleset="bb2020", engine="python", opponent="policy?model=b1")
    from nuffle.rl.checkpoint import CheckpointError

    with pytest.raises(CheckpointError, match=r"^policy b1 was trained on lrb6, not bb2020: it plays LRB6 "
                                             r"matches only$"):
        env.reset(seed=0)
