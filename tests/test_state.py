"""Clone exactness, equality and the canonical hash on random positions."""

from __future__ import annotations

import itertools
import random

from nuffle.agents.random_bot import RandomBot
from nuffle.core.game import Game


def _random_positions(n_games: int = 6) -> list[Game]:
    out = []
    for seed in range(n_games):
        g = Game.new("human", "orc", seed=seed)
        bots = (RandomBot(seed), RandomBot(seed + 100))
        rng = random.Random(seed)
        stops = sorted(rng.sample(range(5, 300), 6))
        step = 0
        while not g.is_over and stops:
            if step == stops[0]:
                out.append(g.clone())
                stops.pop(0)
            g.step(bots[g.decider].act(g))
            step += 1
    return out


def test_clone_is_equal_and_hashes_equal() -> None:
    positions = _random_positions()
    assert len(positions) >= 20
    for g in positions:
        c = g.clone()
        assert c.state == g.state
        assert hash(c.state) == hash(g.state)
        assert c.state.key() == g.state.key()


def test_clone_is_independent_and_continues_identically() -> None:
    for g in _random_positions(3):
        if g.is_over:
            continue
        before = g.state.key()
        c = g.clone()
        bot_a, bot_b = RandomBot(7), RandomBot(7)
        a1 = bot_a.act(c)
        c.step(a1)
        assert g.state.key() == before, "stepping a clone changed the original"
        a2 = bot_b.act(g)
        assert a1 == a2
        g.step(a2)
        assert g.state == c.state
        assert hash(g.state) == hash(c.state)


def test_different_positions_are_unequal() -> None:
    positions = _random_positions(2)
    keys = {p.state.key() for p in positions}
    assert len(keys) == len(positions)
    for a, b in itertools.pairwise(positions):
        assert a.state != b.state


def test_same_seed_same_game() -> None:
    g1 = Game.new("human", "orc", seed=42)
    g2 = Game.new("human", "orc", seed=42)
    bots1 = (RandomBot(1), RandomBot(2))
    bots2 = (RandomBot(1), RandomBot(2))
    while not g1.is_over:
        g1.step(bots1[g1.decider].act(g1))
        g2.step(bots2[g2.decider].act(g2))
    assert g2.is_over
    assert g1.state == g2.state


def test_procedure_copy_and_key_are_generated_over_slots() -> None:
    from nuffle.core.actions import ActionType
    from nuffle.core.procedures.action import PlayerAction

    a = PlayerAction(3, ActionType.START_MOVE)
    a.path = [10, 11]
    a.phase = 4
    c = a.copy()
    assert type(c) is PlayerAction and c is not a
    assert c.path == [10, 11] and c.path is not a.path  # lists are copied
    assert c.pid == 3 and c.phase == 4 and c.kind == ActionType.START_MOVE
    assert c.key() == a.key() and c.key()[0] == "PlayerAction"
    assert (10, 11) in a.key()  # lists are keyed as tuples
    c.path.append(12)
    assert a.path == [10, 11] and c.key() != a.key()


def test_subclass_frames_copy_as_their_own_class() -> None:
    from nuffle.core.procedures.injury import KnockDown, PlaceProne

    parent = KnockDown(4)
    parent.copy()  # the parent class compiles its copy first
    child = PlaceProne(5)
    c = child.copy()
    assert type(c) is PlaceProne and c.pid == 5 and c.key() == child.key()
    assert c.key()[0] == "PlaceProne"
