"""The mask property: at every decision the decoded mask is exactly the engine's legal set,
and masked indices step without error (random games, all boards, skill-rich teams)."""

import random

import numpy as np
import pytest

from nuffle.agents.random_bot import RandomBot
from nuffle.core.game import Game
from nuffle.core.teams import implemented_skills, races
from nuffle.envs.codec import ActionCodec
from nuffle.testing import grant_random_skills

BOARDS = (1, 3, 5, 7, 11)
SKILLS = sorted(implemented_skills(), key=lambda s: s.name)
RACES = sorted(races())


def _check_game(board: int, seed: int, max_steps: int) -> int:
    rng = random.Random(seed)
    codec = ActionCodec(board)
    home, away = rng.choice(RACES), rng.choice(RACES)
    game = Game.new(home, away, seed=seed, board=board, assisted_moves=bool(seed % 2))
    grant_random_skills(game, SKILLS, 5, seed)
    bots = (RandomBot(seed), RandomBot(seed + 1))
    steps = 0
    while not game.is_over and steps < max_steps:
        s = game.state
        side = game.decider
        legal = game.legal_actions()
        idx = codec.indices(s, legal, side)
        mask = codec.mask(idx)
        masked = np.flatnonzero(mask)
        assert len(masked) == len(idx) == len(legal), "two legal actions share an index"
        decoded = {codec.decode(int(k), s, side) for k in masked}
        assert decoded == set(legal)
        for k in rng.sample(list(masked), min(4, len(masked))):
            trial = game.clone()
            trial.step(codec.decode(int(k), s, side))
        if rng.random() < 0.5 or legal.group(legal.types()[0]) is None:
            action = bots[side].act(game)
            if action not in legal:  # random set-up moves made the bot's set-up plan stale
                bots[side].plan = []
                action = bots[side].act(game)
            assert mask[codec.index_of(action, s, side)] == 1
        else:
            types = sorted({int(k) // codec.targets for k in masked})
            row = rng.choice(types)
            action = codec.decode(rng.choice([int(k) for k in masked if k // codec.targets == row]), s, side)
        game.step(action)
        steps += 1
    return steps


@pytest.mark.slow
@pytest.mark.parametrize("board", BOARDS)
def test_mask_equals_engine_legal_set_over_20000_steps(board):
    """20,000 decisions in all, 4,000 on each board (one test a board, so workers share them)."""
    total = 0
    seed = 0
    while total < 20_000 // len(BOARDS):
        total += _check_game(board, seed, 1200)
        seed += 1
    assert total >= 4_000


def test_mask_equals_engine_legal_set_quick():
    assert sum(_check_game(board, 100 + board, 150) for board in BOARDS) > 600
