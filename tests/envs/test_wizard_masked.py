"""The Wizard's actions (league play) are outside the environments' action space: the layout
(and so every trained policy's meaning) is what it was before them, the codec masks them out,
and policies, environments and observations work in matches where a team has a wizard."""

from dataclasses import replace

import numpy as np
import pytest

from nuffle.agents.random_bot import RandomBot
from nuffle.agents.registry import make_agent
from nuffle.core.actions import ActionType
from nuffle.core.decision import DecisionKind
from nuffle.core.game import Game
from nuffle.core.teams import Inducements, default_team
from nuffle.envs.codec import N_TYPES, OUTSIDE_TYPES, ActionCodec
from nuffle.envs.decision import DECISION_NAMES
from nuffle.envs.gym_env import BloodBowlEnv
from nuffle.envs.layout_hash import layout_hash
from nuffle.play import play
from nuffle.testing import check_finished

SPELLS = {ActionType.USE_FIREBALL, ActionType.USE_LIGHTNING_BOLT}
# The layout hashes from before the Wizard existed (what the bundled policies were trained on).
HASHES = {1: "8bc067b4f3e2803a", 3: "1213b97fba4e8844", 5: "09996eed9c20b2c8", 7: "cb7d608142b4000c",
          11: "6b703d11b860d3e7"}


def with_wizard(race):
    return replace(default_team(race), inducements=Inducements(wizard=True))


@pytest.mark.parametrize("board", sorted(HASHES))
def test_the_layout_is_unchanged(board):
    assert layout_hash(board) == HASHES[board]
    assert N_TYPES == 47 and OUTSIDE_TYPES == SPELLS
    assert "WIZARD" not in DECISION_NAMES and len(DECISION_NAMES) == 32


def test_the_codec_masks_the_spells_out_and_keeps_everything_else():
    codec = ActionCodec(1)
    game = Game.new(with_wizard("human"), with_wizard("orc"), seed=4, board=1)
    bots = (RandomBot(1), RandomBot(2))
    offered = wizard_decisions = 0
    while not game.is_over:
        s, side, legal = game.state, game.decider, game.legal_actions()
        if game.decision().kind == DecisionKind.WIZARD:
            wizard_decisions += 1
        else:
            idx = codec.indices(s, legal, side)
            rest = {a for a in legal if a.type not in SPELLS}
            offered += len(rest) != len(legal)
            assert len(idx) == len(rest) and {codec.decode(int(k), s, side) for k in idx} == rest
        game.step(bots[side].act(game))
    assert offered >= 2  # both teams were offered their wizard
    assert wizard_decisions >= 1  # and a random bot called on one


def test_a_bundled_policy_plays_a_match_with_wizards_on_both_sides():
    game = Game.new(with_wizard("human"), with_wizard("human"), seed=2, board=1)
    game = play(game, make_agent("random", 5), make_agent("policy?model=b1&greedy=true", 6))
    check_finished(game)


def test_an_environment_learner_with_a_wizard_is_never_offered_him():
    env = BloodBowlEnv(board=1, home=with_wizard("human"), away=with_wizard("orc"), opponent="random")
    env.reset(seed=3)
    rng = np.random.default_rng(0)
    done = False
    while not done:
        legal = env.legal_indices()
        assert len(legal) and all(int(k) // env.driver.codec.targets < N_TYPES for k in legal)
        _, _, term, trunc, _ = env.step(int(rng.choice(legal)))
        done = term or trunc
