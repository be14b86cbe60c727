"""The MCTS search runs on a native game's views (`Game.rng` sets the generator through the
game: a native game's snapshot is read-only) and searches exactly as on the Python engine: the
same tree, the same visits, the same choice, with enumerated and sampled chance and rollouts."""

from __future__ import annotations

import pytest

from nuffle.agents.mcts.search import Search, SearchConfig
from nuffle.core.game import Game
from nuffle.random_player import RandomPlayer

pytestmark = pytest.mark.usefixtures("native")


def _in_play(engine: str, seed: int, board: int) -> Game:
    """A game of `engine` at a team turn in play (its second turn or later)."""
    g = Game.new("human", "orc", seed=seed, board=board, engine=engine)
    bots = (RandomPlayer(seed), RandomPlayer(seed + 1))
    while not g.is_over:
        s = g.state
        if s.active >= 0 and s.teams[s.active].turn >= 2 and s.decider == s.active:
            return g
        g.step(bots[g.decider].act(g.view()))
    raise AssertionError("the game ended before its second turn")


def _search(game: Game, config: SearchConfig) -> tuple[object, ...]:
    search = Search(config, seed=3)
    root = search.run(game.view(), iterations=40)
    visits = tuple(sorted((str(e.action), e.visits, e.value) for e in root.edges.values()))
    return search.table_size(), visits


@pytest.mark.parametrize("config", [SearchConfig(), SearchConfig(exact_limit=0),
                                    SearchConfig(rollouts=30, chance="sample")])
def test_mcts_searches_a_native_game_as_a_python_one(config: SearchConfig) -> None:
    for seed, board in ((5, 11), (6, 5)):
        py, na = _in_play("python", seed, board), _in_play("native", seed, board)
        assert na.engine == "native" and na.state.key() == py.state.key()
        assert _search(na, config) == _search(py, config)


def test_game_rng_sets_the_generator_on_both_engines() -> None:
    for engine in ("python", "native"):
        g = Game.new("human", "orc", seed=1, board=3, engine=engine)
        g.rng = 12345
        assert g.rng == 12345 and g.state.rng == 12345
        assert g.clone().rng == 12345
