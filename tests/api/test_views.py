"""Views: an agent's copy of the game cannot foresee the real dice nor change the real game."""

from __future__ import annotations

import math
import random
from fractions import Fraction

from nuffle.agents.base import Agent
from nuffle.agents.random_bot import RandomBot
from nuffle.core.actions import Action
from nuffle.core.dice import ScriptedRoller, d6
from nuffle.core.game import Game
from nuffle.core.state import GameState
from nuffle.play import play


def _key(state: GameState) -> tuple[object, ...]:
    """A state's key without its generator (outcome states differ only there)."""
    c = state.copy()
    c.rng = 0
    return c.key()


Outcomes = list[tuple[Fraction, Game]]


def _stochastic_positions(games: int, per_game: int) -> list[tuple[Game, Action, Outcomes]]:
    """Positions from random games where the random bot's action has a few outcomes."""
    found: list[tuple[Game, Action, Outcomes]] = []
    for seed in range(games):
        game = Game.new("human", "orc", seed=seed, board=[1, 3, 5][seed % 3])
        bots = (RandomBot(seed), RandomBot(seed + 1))
        rng = random.Random(seed)
        taken = 0
        while not game.is_over and taken < per_game:
            action = bots[game.decider].act(game.view())
            if rng.random() < 0.25:
                try:
                    outs = game.outcomes(action, max_states=60)
                except ValueError:
                    outs = []
                if len(outs) > 1:
                    found.append((game.clone(), action, outs))
                    taken += 1
            game.step(action)
    return found


def _agreement(positions: list[tuple[Game, Action, Outcomes]], predictor: str) -> tuple[int, float, float]:
    """How often stepping the action on the predictor's copy lands in the same outcome as the
    real game, and the agreement expected by chance (mean and variance)."""
    agree = 0
    mean = var = 0.0
    for game, action, outs in positions:
        index = {_key(g.state): i for i, (_, g) in enumerate(outs)}
        real = game.clone()
        real.step(action)
        guess = game.view() if predictor == "view" else game.clone()
        guess.step(action)
        i, j = index[_key(real.state)], index[_key(guess.state)]
        agree += i == j
        q = sum(float(p) ** 2 for p, _ in outs)
        mean += q
        var += q * (1 - q)
    return agree, mean, var


def test_views_do_not_know_the_future_dice() -> None:
    positions = _stochastic_positions(games=24, per_game=6)
    assert len(positions) >= 100
    agree, mean, var = _agreement(positions, "view")
    # A view's dice are independent of the real ones: its outcome matches the real one about
    # as often as two independent draws would (sum of p^2), never systematically more.
    assert agree <= mean + 4 * math.sqrt(var), (agree, mean, len(positions))
    # The same test catches clairvoyance: an exact clone always agrees.
    agree_clone, _, _ = _agreement(positions, "clone")
    assert agree_clone == len(positions)
    assert agree_clone > mean + 4 * math.sqrt(var)


def test_view_hides_the_seed_roller_and_shares_nothing() -> None:
    roller = ScriptedRoller(d6(6, 6, 6))
    game = Game.new("human", "orc", seed=11, roller=roller)
    view = game.view()
    assert view.config.seed is None and game.config.seed == 11
    assert view.roller is not game.roller and not hasattr(view.roller, "queue")
    assert view.state == view.state.copy() and view.state.rng != game.state.rng
    assert all(a is not b for a, b in zip(view.state.stack, game.state.stack, strict=True))
    # Views of one position agree with each other (a bot may take several).
    assert game.view().state.rng == view.state.rng
    assert view.view().state.rng != view.state.rng


def test_mutating_a_view_cannot_change_the_real_game() -> None:
    game = Game.new("human", "orc", seed=5, board=5)
    bots = (RandomBot(1), RandomBot(2))
    for _ in range(60):
        game.step(bots[game.decider].act(game.view()))
    before = game.state.key()
    view = game.view()
    s = view.state
    s.pos[:] = [-1] * len(s.pos)
    s.status[0] = 99
    s.teams[0].rerolls = 42
    for frame in s.stack:
        frame.phase = 77
    view.history.clear()
    while not view.is_over and view.decider < 2:
        view.step(next(iter(view.legal_actions())))
    assert game.state.key() == before
    assert game.state.stack[-1].phase != 77


class _Meddler(Agent):
    """Plays randomly but first tries to wreck what it is given."""

    def __init__(self, seed: int) -> None:
        self.bot = RandomBot(seed)
        self.seen_live = False

    def act(self, view: Game) -> Action:
        action = self.bot.act(view)
        view.state.teams[self.side].score += 10
        if view.config.seed is not None:
            self.seen_live = True
        return action


def test_play_hands_agents_views_only() -> None:
    game = Game.new("human", "orc", seed=2, board=3)
    twin = Game.new("human", "orc", seed=2, board=3)
    home, away = _Meddler(1), _Meddler(2)
    play(game, home, away)
    play(twin, RandomBot(1), RandomBot(2))
    assert not home.seen_live and not away.seen_live
    assert game.state.key() == twin.state.key()  # the meddling reached nothing real


def test_reseed_changes_future_dice_only() -> None:
    game = Game.new("human", "orc", seed=4)
    before = _key(game.state)
    other = game.clone()
    other.reseed(99)
    assert _key(other.state) == before and other.state.rng != game.state.rng
