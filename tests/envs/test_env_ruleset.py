"""The environments' `ruleset=`: LRB6 as before, "bb2020" taken, a draft (a registered draft
copy of BB2020) or an unknown name refused in one line, BB2020 observed in its own layout
(tests/envs/test_bb2020_layout.py), a game of another ruleset refused by a driver, and the
policies playing LRB6 only."""

from __future__ import annotations

from collections.abc import Callable

import numpy as np
import pytest

from nuffle.core.game import Game
from nuffle.core.ruleset import BB2020, LRB6, DraftRulesetError, Ruleset, RulesetError
from nuffle.envs.aec_env import BloodBowlAEC
from nuffle.envs.core import MatchDriver
from nuffle.envs.gym_env import BloodBowlEnv

Register = Callable[[Ruleset], Ruleset]


def test_default_and_explicit_lrb6_observe_the_same() -> None:
    a, b = BloodBowlEnv(board=1), BloodBowlEnv(board=1, ruleset="lrb6")
    obs_a, _ = a.reset(seed=3)
    obs_b, _ = b.reset(seed=3)
    assert a.driver.ruleset == b.driver.ruleset == "lrb6"
    for key in obs_a:
        assert np.array_equal(obs_a[key], obs_b[key])


@pytest.mark.parametrize("make", [lambda r: BloodBowlEnv(board=1, ruleset=r),
                                  lambda r: BloodBowlAEC(board=1, ruleset=r)])
def test_a_draft_and_unknown_names_are_refused(make: Callable[[str], object],
                                               register_ruleset: Register) -> None:
    register_ruleset(BB2020.derive("bb2020-draft", draft=True, pending=("skills",)))
    with pytest.raises(DraftRulesetError, match=r"^BB2020-DRAFT is not yet playable"):
        make("bb2020-draft")
    with pytest.raises(RulesetError, match=r"^unknown ruleset 'bb2019' \(known: bb2020, lrb6\)$"):
        make("bb2019")


def test_a_registered_ruleset_is_played(register_ruleset: Register) -> None:
    register_ruleset(LRB6.derive("lrb6-env"))
    env = BloodBowlEnv(board=1, ruleset="lrb6-env", engine="python")
    env.reset(seed=1)
    assert env.driver.game is not None and env.driver.game.config.ruleset == "lrb6-env"


def test_bb2020_is_observed_in_a_layout_of_its_own() -> None:
    env = BloodBowlEnv(board=1, ruleset="bb2020", engine="python")
    lrb6 = BloodBowlEnv(board=1, engine="python")
    assert env.driver.layout.name == "bb2020" and lrb6.driver.layout.name == "lrb6"
    assert env.driver.encoder.spatial_shape[0] > lrb6.driver.encoder.spatial_shape[0]
    env.reset(seed=2)
    assert env.driver.game is not None and env.driver.game.state.rules is BB2020


def test_a_driver_refuses_a_game_of_another_ruleset(register_ruleset: Register) -> None:
    register_ruleset(LRB6.derive("lrb6-other"))
    driver = MatchDriver(1, "human", "orc", False, "python")
    game = Game.new("human", "orc", board=1, ruleset="lrb6-other")
    with pytest.raises(RulesetError, match=r"^this game is played by lrb6-other, not lrb6"):
        driver.attach(game.view(), same_match=False)


def test_the_bundled_policies_play_lrb6_only(register_ruleset: Register) -> None:
    pytest.importorskip("torch")
    from nuffle.agents.registry import make_agent
    from nuffle.rl.checkpoint import CheckpointError

    register_ruleset(LRB6.derive("lrb6-policy"))
    agent = make_agent("policy?model=b1")
    game = Game.new("human", "orc", board=1, ruleset="lrb6-policy")
    with pytest.raises(CheckpointError, match=r"^policy b1 was trained on lrb6, not lrb6-policy"):
        agent.new_game(game.view(), 0)
    agent.new_game(Game.new("human", "orc", board=1).view(), 0)  # LRB6 as before


def test_the_batched_environment_takes_the_ruleset(register_ruleset: Register) -> None:
    from nuffle.core.engines import native_available

    if not native_available():
        pytest.skip("the batched environment needs the native engine")
    from nuffle.envs.batched import BatchedVectorEnv

    register_ruleset(BB2020.derive("bb2020-draft", draft=True, pending=("skills",)))
    with pytest.raises(DraftRulesetError, match=r"^BB2020-DRAFT is not yet playable"):
        BatchedVectorEnv(1, board=1, ruleset="bb2020-draft")
    for name in ("lrb6", "bb2020"):
        env = BatchedVectorEnv(1, board=1, ruleset=name)
        try:
            env.reset(seed=0)
            assert env.batch_spec.ruleset == name and env.game(0).config.ruleset == name
        finally:
            env.close()
