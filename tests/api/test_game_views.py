"""Views: an agent's copy of the game cannot foresee the real dice nor change the real game."""

from __future__ import annotations

import math
import random

import pytest

from nuffle.agents.base import Agent
from nuffle.agents.random_bot import RandomBot
from nuffle.core.actions import Action
from nuffle.core.dice import ScriptedRoller, d6
from nuffle.core.game import Game
from nuffle.core.records import Transition
from nuffle.core.state import GameState
from nuffle.play import play


def _key(state: GameState) -> tuple[object, ...]:
    """What an outcome changed that a coach sees: players, ball, score, who decides next (a
    re-roll offer keeps the failed die, which enumeration groups by success)."""
    s = state
    scores = (s.teams[0].score, s.teams[1].score)
    return (tuple(s.pos), tuple(s.status), s.ball, s.ball_state, s.decider, s.turnover, scores)


Outcomes = list[Transition]


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
                    outs = game.transitions(action, max_states=60)
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
        classes: dict[tuple[object, ...], float] = {}
        for g, p in outs:
            classes[_key(g.state)] = classes.get(_key(g.state), 0.0) + float(p)
        real = game.clone()
        real.step(action)
        guess = game.view() if predictor == "view" else game.clone()
        guess.step(action)
        i, j = _key(real.state), _key(guess.state)
        assert i in classes and j in classes
        agree += i == j
        q = sum(p * p for p in classes.values())
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
    game = Game.new("human", "orc", seed=11)
    game.roller = ScriptedRoller(d6(6, 6, 6))  # the next dice are known to the live game
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
    played = game.view()  # a view played on: its dice and moves are its own
    wanderer = RandomBot(9)
    for _ in range(300):
        if played.is_over:
            break
        played.step(wanderer.act(played))
    view = game.view()  # a view written into directly (not stepped: it is no longer a position)
    s = view.state
    s.pos[:] = [-1] * len(s.pos)
    s.status[0] = 99
    s.teams[0].rerolls = 42
    for frame in s.stack:
        frame.phase = 77
    view.history.clear()
    assert game.state.key() == before
    assert game.state.stack[-1].phase != 77


def test_a_views_legal_actions_are_its_own_and_equal_a_fresh_listing() -> None:
    for seed, board in ((3, 1), (4, 5), (5, 11)):
        game = Game.new("human", "orc", seed=seed, board=board)
        bots = (RandomBot(seed), RandomBot(seed + 1))
        for _ in range(150):
            if game.is_over:
                break
            view = game.view()
            fresh = view.clone()
            fresh._legal = None  # listed anew from the view's position
            listed = [(g.type, g.players, g.squares, g.probabilities) for g in view.legal_actions().groups]
            assert listed == [(g.type, g.players, g.squares, g.probabilities)
                              for g in fresh.legal_actions().groups]
            game.step(bots[game.decider].act(view))
    # A view's legal actions cannot be emptied or rewritten: the live game's check stays whole.
    game = Game.new("human", "orc", seed=8, board=5)
    while game.decider > 1 or len(game.legal_actions()) < 2:
        game.step(RandomBot(1).act(game.view()))
    legal = list(game.legal_actions())
    view = game.view()
    for group in view.legal_actions().groups:
        with pytest.raises(AttributeError):
            group.players = ()  # type: ignore[misc]
        with pytest.raises(AttributeError):
            group.squares = ()  # type: ignore[misc]
    with pytest.raises(AttributeError):
        view.legal_actions().groups.clear()  # type: ignore[attr-defined]
    assert list(game.legal_actions()) == legal
    game.step(legal[0])


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
