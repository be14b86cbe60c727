# mypy: disable-error-code="attr-defined,operator,index"
"""The search bots: exact chance values, tree policies, determinism, mirrored positions, a
short match and bad options."""

from __future__ import annotations

import json
import math
import random
from pathlib import Path

import pytest

from nuffle.agents.mcts import MCTSBot, Search, SearchConfig
from nuffle.agents.mcts.evaluation import heuristic, reply_rollout, rollout, turn_key
from nuffle.agents.mcts.policy import most_visited, puct_select, uct_select
from nuffle.agents.mcts.search import in_team_turn, settled
from nuffle.agents.mcts.tree import Edge, Node, print_tree
from nuffle.agents.registry import make_agent
from nuffle.core.actions import Action, ActionType
from nuffle.core.dice import SampledRoller
from nuffle.core.game import Game
from nuffle.core.state import GameState
from nuffle.core.types import Status
from nuffle.play import play
from nuffle.testing import Scenario, check_finished, midgame_states

A = ActionType
LINEMAN = 5  # human lineman: MA6 AG3, no skills
ORC_LINE = 16


def _dodge_for_touchdown(rerolls: int) -> tuple[Game, Action]:
    """A home lineman marked by one orc at (23, 7) dodges into the end zone at (25, 6): a 3+
    roll (2/3) scores, a failure is a turnover. The scenario ends with the turn, 1-0 or 0-0."""
    sc = Scenario()
    sc.put(LINEMAN, (24, 7)).put(ORC_LINE, (23, 7)).give_ball(LINEMAN).set(rerolls=(rerolls, 0))
    game = sc.start(active=0)
    game.step(Action(A.START_MOVE, LINEMAN))
    return game, Action(A.MOVE, None, (25, 6))


def _edge(root: Node, action: Action) -> Edge:
    for e in root.edges.values():
        if e.action == action:
            return e
    raise AssertionError(f"{action} was not expanded")


def _dodge_only_search(rerolls: int, chance: str) -> tuple[Search, Game, Action]:
    """A search whose root offers the dodge alone (the failures' injuries make every other
    move's outcomes long to enumerate)."""
    game, dodge = _dodge_for_touchdown(rerolls)
    search = Search(SearchConfig(exact_limit=2000, chance=chance), seed=3)
    root = search._root(game.view())
    search._prepare(root)
    root.actions, root.priors = [dodge], [1.0]
    return search, game, dodge


@pytest.mark.parametrize(("rerolls", "expected"), [(0, 2 / 3), (1, 8 / 9)])
def test_chance_edge_value_is_the_exact_expectation(rerolls: int, expected: float) -> None:
    search, game, dodge = _dodge_only_search(rerolls, "expect")
    root = search.run(game.view(), iterations=50)
    assert search.reused and root.solved
    edge = _edge(root, dodge)
    assert edge.exact and edge.solved
    # a touchdown is a win (1), the turnover a 0-0 draw (0); with the re-roll, the search
    # finds that re-rolling the failure beats declining it
    assert math.isclose(edge.value, expected, abs_tol=1e-12)
    assert math.isclose(sum(edge.probs), 1.0, abs_tol=1e-12)
    scored = sum(p for p, c in zip(edge.probs, edge.children, strict=True)
                 if c.game.state.teams[0].score == 1)
    assert math.isclose(scored, 2 / 3, abs_tol=1e-12)


def test_sampled_chance_mode_converges_to_the_expectation() -> None:
    search, game, dodge = _dodge_only_search(0, "sample")
    root = search.run(game.view(), iterations=600)
    edge = _edge(root, dodge)
    assert edge.visits == 600
    assert abs(edge.value - 2 / 3) < 0.1


def _hand_built(side: int, values: list[float], visits: list[int], untried: int = 0) -> Node:
    node = Node(None, side, 0.0, False)  # type: ignore[arg-type]  # policies never read the game
    n = len(values) + untried
    node.actions = [Action(A.MOVE, None, (i, 0)) for i in range(n)]
    node.priors = [1.0 / n] * n
    for i, (v, k) in enumerate(zip(values, visits, strict=True)):
        e = Edge(node.actions[i], node.priors[i], exact=True)
        e.value, e.visits = v, k
        node.edges[i] = e
    node.tried = len(values)
    node.visits = sum(visits)
    node.value = node.best_value()
    return node


def test_uct_explores_exploits_and_lets_the_away_side_minimise() -> None:
    node = _hand_built(0, [0.6, 0.5], [10, 1])
    # 0.6 + 0.4 sqrt(ln 11 / 10) = 0.796 < 0.5 + 0.4 sqrt(ln 11) = 1.119
    assert uct_select(node, 0.4) == 1
    assert uct_select(node, 0.0) == 0
    away = _hand_built(1, [0.6, 0.5], [10, 10])
    assert uct_select(away, 0.0) == 1  # the away side prefers the lower home value
    assert uct_select(_hand_built(0, [0.9], [5], untried=2), 0.4) == 1  # untried first, in order
    solved = _hand_built(0, [0.9, 0.1], [5, 5])
    solved.edges[0].solved = True
    assert uct_select(solved, 0.0) == 1  # a solved edge is not searched again


def test_puct_follows_priors_and_first_play_urgency() -> None:
    node = _hand_built(0, [0.6, 0.55], [10, 2])
    node.priors = [0.2, 0.8]
    # 0.6 + 1 * 0.2 * sqrt(12) / 11 = 0.663 < 0.55 + 1 * 0.8 * sqrt(12) / 3 = 1.474
    assert puct_select(node, 1.0) == 1
    assert puct_select(node, 0.0) == 0
    fresh = _hand_built(0, [0.6], [4], untried=1)
    fresh.priors = [0.5, 0.5]
    # untried: 0.6 - 0.1 + 0.5 * 2 = 1.5 beats 0.6 + 0.5 * 2 / 5 = 0.8
    assert puct_select(fresh, 1.0) == 1
    assert puct_select(fresh, 0.0) == 0


def test_final_choice_is_the_most_visited_unless_a_solved_edge_is_strictly_best() -> None:
    node = _hand_built(0, [0.6, 0.7], [50, 1])
    assert most_visited(node) is node.edges[0]
    node.edges[1].solved = True  # exact, and never searched again after its first visit
    assert most_visited(node) is node.edges[1]
    node.edges[1].value = 0.6  # only as good (say, ending the turn): the most visited stays
    assert most_visited(node) is node.edges[0]
    away = _hand_built(1, [0.6, 0.7], [50, 1])
    away.edges[1].solved = True  # the away side minimises: 0.7 is worse for it
    assert most_visited(away) is away.edges[0]
    away.edges[1].value = 0.5
    assert most_visited(away) is away.edges[1]


def test_settled_only_when_the_lead_outlasts_the_time_left() -> None:
    node = _hand_built(0, [0.6, 0.5], [50, 10])
    # a lead of 40 settles 26 iterations left (1.5 x 26 = 39) but not 27 (40.5)
    assert settled(node, 26) and not settled(node, 27)
    # an action not yet expanded counts as 0 visits
    assert settled(_hand_built(0, [0.6], [50], untried=1), 33)
    assert not settled(_hand_built(0, [0.6], [50], untried=1), 34)


class _Clock:
    """A fake `time.perf_counter`: each reading advances it by `tick` seconds."""

    def __init__(self, tick: float) -> None:
        self.now = 0.0
        self.tick = tick

    def __call__(self) -> float:
        self.now += self.tick
        return self.now


def _lineman_ahead(x: int = 24, carrier: Status | None = None, ball: tuple[int, int] | None = None,
                   active: int = 0, turns: tuple[int, int] = (0, 0)) -> GameState:
    """A good position for home (four orcs down): the home lineman at (x, 7) with the ball
    (`carrier` None), or with status `carrier` and the ball at `ball` (None: off the pitch);
    a team turn of `active` begun from the turn markers `turns`."""
    sc = Scenario()
    sc.put(LINEMAN, (x, 7), carrier or Status.STANDING).put(ORC_LINE, (10, 7)).set(turn=turns)
    for i in range(4):
        sc.put(ORC_LINE + 1 + i, (5, 2 + 3 * i), Status.PRONE)
    if carrier is None:
        sc.give_ball(LINEMAN)
    elif ball is not None:
        sc.ball_at(ball)
    return sc.start(active=active).state


def _ahead(carrier: Status | None, ball: tuple[int, int] | None, score: int) -> float:
    """The nuffle heuristic's home value of `_lineman_ahead` at the goal line, home `score`."""
    state = _lineman_ahead(carrier=carrier, ball=ball)
    state.teams[0].score = score
    return heuristic("nuffle")(state)


def test_a_go_for_it_into_the_end_zone_is_worth_more_than_holding_the_ball() -> None:
    hold = _ahead(None, None, 0)
    scored = _ahead(Status.STANDING, None, 1)  # no ball on the pitch: the kick-off to come
    fell = _ahead(Status.PRONE, (24, 8), 0)  # the 2+ failed: down, the ball loose beside him
    assert scored > hold > fell
    assert 5 / 6 * scored + 1 / 6 * fell > hold


def test_a_four_plus_pickup_is_worth_more_than_standing_beside_the_loose_ball() -> None:
    # home lineman beside the ball; the only orc standing is far off. Under the old loose-ball
    # term (0.04 a square, up to 4) standing there was worth 0.310, more than a 4+ pickup
    # (0.250), and a search with rollouts left the ball on the ground for turns.
    value = heuristic("clock")
    stand = value(_lineman_ahead(16, Status.STANDING, (17, 7), turns=(3, 3)))
    hold = value(_lineman_ahead(17, turns=(3, 3)))
    fail = value(_lineman_ahead(17, Status.PRONE, (18, 8), turns=(3, 3)))  # down, the ball bounced
    assert hold > stand > fail
    assert (hold + fail) / 2 > stand


def _carrier_at(x: int, active: int, turns: tuple[int, int]) -> float:
    """The clock heuristic's home value of `_lineman_ahead` with the carrier at (x, 7)."""
    return heuristic("clock")(_lineman_ahead(x, active=active, turns=turns))


def test_clock_heuristic_values_the_ball_by_the_turns_left_in_the_half() -> None:
    # with turns left it is the nuffle heuristic: the carrier's progress counts
    assert _carrier_at(20, 0, (3, 3)) < _carrier_at(23, 0, (3, 3))
    # home's last turn of the half: progress still counts (a chance to score now), but the
    # carrier is worth less than with turns to come
    assert _carrier_at(20, 0, (7, 7)) < _carrier_at(23, 0, (7, 7)) < _carrier_at(23, 0, (3, 3))
    # away's last turn, home has none left: where the carrier stands is worth nothing
    assert _carrier_at(20, 1, (8, 7)) == _carrier_at(23, 1, (8, 7)) < _carrier_at(23, 1, (3, 3))


LAST_TURN = Path(__file__).parent.parent / "golden" / "mcts_last_turn_b11.json"


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_search_scores_in_the_last_turn_of_the_half(seed: int) -> None:
    """A position from a match: the away carrier one step from the end zone in his side's
    last turn of the first half, with home players down. Without the clock the
    search's mid-turn leaves still credit him the ball the half's end takes away, and it
    walked him about (0 touchdowns in 3 seeds at 300 iterations); with it, it scores."""
    data = json.loads(LAST_TURN.read_text())
    game = Game.from_position(data, SampledRoller())
    side = game.state.active
    assert game.state.teams[side].turn == game.state.board.variant.turns_per_half
    search = Search(SearchConfig(), seed=seed)
    for _ in range(200):
        if game.is_over or game.state.active != side:
            break
        game.step(search.choose(game.view(), iterations=300))
    assert game.state.teams[side].score == 1


def _board1_team_turn() -> Game:
    """A board-1 match position in a team turn, for the timed-search tests."""
    state = next(st for st in midgame_states(6, 1, board=1) if in_team_turn(Game.from_state(st)))
    return Game.from_state(state)


def test_timed_search_stops_early_once_its_choice_is_settled(monkeypatch: pytest.MonkeyPatch) -> None:
    import nuffle.agents.mcts.search as search_module

    game = _board1_team_turn()
    runs = {}
    for early in (False, True):
        monkeypatch.setattr(search_module.time, "perf_counter", _Clock(1e-4))
        search = Search(SearchConfig(stop_early=early), seed=5)
        choice = search.choose(game.view(), seconds=0.3)
        runs[early] = (choice, search.iterations)
    # the full budget reads the clock once per iteration: 0.3 s / 1e-4 s = 3000 readings
    assert runs[False][1] == 3001
    assert runs[True][0] == runs[False][0]  # the same choice ...
    assert runs[True][1] < 0.7 * runs[False][1]  # ... for well under the full budget


def test_time_budget_counts_preparing_the_root(monkeypatch: pytest.MonkeyPatch) -> None:
    import nuffle.agents.mcts.search as search_module

    game = _board1_team_turn()
    clock = _Clock(1e-4)
    monkeypatch.setattr(search_module.time, "perf_counter", clock)
    search = Search(SearchConfig(stop_early=False), seed=5)
    prepare = search._root

    def slow_root(view: Game) -> Node:
        clock.now += 0.2  # preparing the root takes two thirds of the budget
        return prepare(view)

    monkeypatch.setattr(search, "_root", slow_root)
    search.run(game.view(), seconds=0.3)
    # 0.1 s left for the iterations, one clock reading each: 1000 (3001 with the full budget)
    assert abs(search.iterations - 1000) <= 1


def test_timed_decisions_keep_to_the_budget_with_their_finishing_time(
        monkeypatch: pytest.MonkeyPatch) -> None:
    import nuffle.agents.mcts.search as search_module

    game = _board1_team_turn()
    clock = _Clock(1e-4)
    monkeypatch.setattr(search_module.time, "perf_counter", clock)
    choose = search_module.most_visited

    def slow_choice(root: Node) -> Edge:
        clock.now += 0.1  # what follows the loop (the collector's pass) takes 0.1 s
        return choose(root)

    monkeypatch.setattr(search_module, "most_visited", slow_choice)
    search = Search(SearchConfig(stop_early=False, reuse=False), seed=5)
    spent = []
    for _ in range(12):
        t0 = clock.now
        search.choose(game.view(), seconds=0.3)
        spent.append(clock.now - t0)
    assert spent[0] == pytest.approx(0.4, abs=0.002)  # the first decision runs over by 0.1 s
    assert spent[-1] == pytest.approx(0.3, abs=0.005)  # later ones end the loop 0.1 s early
    assert search.finish == pytest.approx(0.1, abs=0.005)
    # an iteration budget is never shortened
    search.choose(game.view(), iterations=50)
    assert search.iterations == 50


def test_fixed_seed_and_iterations_give_the_same_search() -> None:
    state = midgame_states(7, 1, board=5)[0]
    game = Game.from_state(state)
    runs = []
    for _ in range(2):
        search = Search(SearchConfig(), seed=11)
        root = search.run(game.view(), iterations=150)
        runs.append((most_visited(root).action,
                     sorted((str(e.action), e.visits, round(e.value, 12)) for e in root.edges.values())))
    assert runs[0] == runs[1]


def _mirror_position(active: int) -> tuple[Game, int]:
    """Two humans and an orc... mirrored: the same position seen from the other end."""
    sc = Scenario(home="human", away="human")
    n = len(sc.state.ranges[0])
    w = sc.state.board.width
    base = [(LINEMAN, (12, 7)), (0, (11, 5)), (2, (10, 9))]
    foes = [(1, (13, 7)), (3, (14, 6))]
    off = 0 if active == 0 else n
    for pid, (x, y) in base:
        sc.put(pid + off, (x if active == 0 else w - 1 - x, y))
    for pid, (x, y) in foes:
        sc.put(pid + n - off, (x if active == 0 else w - 1 - x, y))
    sc.give_ball(LINEMAN + off)
    return sc.start(active=active), off


def test_mirrored_positions_get_mirrored_choices() -> None:
    home, _ = _mirror_position(0)
    away, off = _mirror_position(1)
    w = home.state.board.width
    a = Search(SearchConfig(), seed=2).choose(home.view(), iterations=300)
    b = Search(SearchConfig(), seed=2).choose(away.view(), iterations=300)
    assert a.type == b.type
    assert (a.player is None and b.player is None) or b.player == a.player + off
    assert (a.square is None and b.square is None) or b.square == (w - 1 - a.square[0], a.square[1])


def _lineman_moving() -> Game:
    """A home lineman who has started a move, far from the only opponent (no dice on the way)."""
    sc = Scenario()
    sc.put(LINEMAN, (10, 7)).put(ORC_LINE, (16, 7))
    game = sc.start(active=0)
    game.step(Action(A.START_MOVE, LINEMAN))
    return game


def test_tree_reuse_between_decisions_of_a_turn() -> None:
    game = _lineman_moving()
    search = Search(SearchConfig(), seed=1)
    first = search.run(game.view(), iterations=200)
    step = Action(A.MOVE, None, (11, 7))  # no dice: the tree holds the very next position
    assert any(e.action == step for e in first.edges.values())
    game.step(step)
    second = search.run(game.view(), iterations=10)
    assert search.reused and second is _edge(first, step).children[0]


def test_transpositions_share_one_node() -> None:
    # two routes to (12, 8) with no dice on the way reach the same state: one node in the table
    game = _lineman_moving()
    search = Search(SearchConfig(), seed=1)
    root = search.run(game.view(), iterations=1500)
    ends = []
    for first in ((11, 7), (11, 8)):
        mid = _edge(root, Action(A.MOVE, None, first)).children[0]
        ends.append(_edge(mid, Action(A.MOVE, None, (12, 8))).children[0])
    assert ends[0] is ends[1]
    assert search.table[ends[0].game.state.key()] is ends[0]


def test_print_tree_lists_the_most_visited_edges_with_their_outcomes() -> None:
    game = _lineman_moving()
    search = Search(SearchConfig(), seed=1)
    root = search.run(game.view(), iterations=300)
    lines: list[str] = []
    print_tree(root, depth=2, top=3, out=lines.append)
    assert lines[0] == f"root (home to act) N={root.visits} V={root.value:.3f}"
    edges = [line for line in lines if line.startswith("  ") and not line.startswith("   ")]
    best = sorted(root.edges.values(), key=lambda e: -e.visits)[:3]
    assert len(edges) == 3
    assert [line.split("  N=")[1].split(" ")[0] for line in edges] == [str(e.visits) for e in best]
    assert any("-> p=1.000 home" in line for line in lines)  # a move's single exact outcome


class _LoggedGame(Game):
    """A game that records (turn, action) for each step it takes."""

    __slots__ = ()
    taken: list[tuple[tuple[int, int, int, int], Action]] = []

    def step(self, action: Action) -> None:
        self.taken.append((turn_key(self.state), action))
        super().step(action)


def test_reply_rollout_ends_the_turn_then_plays_the_opponent_at_random() -> None:
    game = next(g for g in map(Game.from_state, midgame_states(5, 6, board=5))
                if in_team_turn(g) and g.state.decider == g.state.active)
    side = game.state.active
    turn = turn_key(game.state)
    value = heuristic("nuffle")
    taken: list[tuple[tuple[int, int, int, int], Action]] = []
    _LoggedGame.taken = taken
    for seed in range(5):
        g = game.clone()
        g.__class__ = _LoggedGame
        v = reply_rollout(g, 30, random.Random(seed), value, turn)
        assert v == value(g.state)
        assert turn_key(g.state) != turn
    own = [a for k, a in taken if k == turn]
    reply = [a for k, a in taken if k != turn]
    assert own and all(a.type in (A.END_ACTION, A.END_TURN) for a in own)  # no own play
    # the opponent's turn was played at random: more than ending it at once, and varied
    assert len(reply) > 5 and len({a.type for a in reply}) > 2
    assert all(k[1] == 1 - side for k, _ in taken if k != turn)  # only the other side's turn


def _crowded(active: int) -> Game:
    """Eleven humans a side in midfield, `active`'s lineman holding the ball; for active 1 the
    mirror image of active 0's position (the sides swapped, the pitch flipped), in a drive so
    that the other side's turn follows."""
    sc = Scenario(home="human", away="human")
    n = len(sc.state.ranges[0])
    w = sc.state.board.width
    r = random.Random(1)
    squares = r.sample([(x, y) for x in range(8, 20) for y in range(1, 14)], 22)
    own, foes = sorted(squares[:11]), sorted(squares[11:])
    for i in range(11):
        if active == 0:
            sc.put(i, own[i]).put(n + i, foes[i])
        else:
            sc.put(n + i, (w - 1 - own[i][0], own[i][1])).put(i, (w - 1 - foes[i][0], foes[i][1]))
    sc.give_ball(LINEMAN + (0 if active == 0 else n)).set(turn=(3, 3), rerolls=(2, 2))
    return sc.start(active=active, drive=True)


@pytest.mark.parametrize("kind", ["random", "reply"])
def test_rollouts_are_side_neutral(kind: str) -> None:
    """A position and its mirror image get the same rollout value for the side to act (the
    means of 600 rollouts agree within sampling noise)."""
    value = heuristic(SearchConfig().heuristic)
    means = []
    for active in (0, 1):
        game = _crowded(active)
        sign = 1 if active == 0 else -1
        rng = random.Random(7)
        total = 0.0
        for _ in range(600):
            g = game.clone()
            g.roller = SampledRoller()
            g.state.rng = rng.getrandbits(63) | 1
            if kind == "reply":
                total += sign * reply_rollout(g, 20, rng, value, turn_key(game.state))
            else:
                total += sign * rollout(g, 20, rng, value)
        means.append((sign * value(game.state), total / 600))
    assert means[0][0] == means[1][0]  # the heuristic sees the mirror exactly
    assert means[0][1] != means[0][0]  # the rollouts did play on
    assert abs(means[0][1] - means[1][1]) < 0.012


@pytest.mark.parametrize("rollout", ["random", "reply"])
def test_mix_blends_the_rollout_with_the_leaf_heuristic(rollout: str) -> None:
    game = next(g for g in map(Game.from_state, midgame_states(5, 6, board=5)) if in_team_turn(g))
    h = heuristic(SearchConfig().heuristic)(game.state)
    rolled = []
    for seed in range(6):
        values = {}
        for mix in (0.0, 0.5, 1.0):
            config = SearchConfig(rollouts=20, rollout=rollout, mix=mix, rollout_at="all", crn=False)
            search = Search(config, seed=seed)
            search.turn = turn_key(game.state)
            values[mix] = search._evaluate(game, False)
        assert values[0.0] == h
        assert values[0.5] == pytest.approx(0.5 * values[1.0] + 0.5 * h)
        rolled.append(values[1.0])
    assert any(v != h for v in rolled)  # the rollouts did change the value


@pytest.mark.parametrize("rollout", ["random", "reply"])
def test_rollout_at_end_rolls_out_only_where_the_searched_turn_has_ended(rollout: str) -> None:
    game = next(g for g in map(Game.from_state, midgame_states(5, 6, board=5)) if in_team_turn(g))
    h = heuristic(SearchConfig().heuristic)(game.state)
    mid, ended = [], []
    for seed in range(6):
        config = SearchConfig(rollouts=20, rollout=rollout, rollout_at="end", mix=1.0, crn=False)
        search = Search(config, seed=seed)
        search.turn = turn_key(game.state)
        mid.append(search._evaluate(game, False))  # the searched turn goes on: the heuristic
        ended.append(search._evaluate(game, True))  # a leaf past the turn's end: a rollout
    assert mid == [h] * 6
    assert any(v != h for v in ended)


def test_crn_numbers_the_rollout_streams_the_leaves_share() -> None:
    games = [g for g in map(Game.from_state, midgame_states(5, 12, board=5)) if in_team_turn(g)][:2]
    assert len(games) == 2
    for crn in (False, True):
        config = SearchConfig(rollouts=20, rollout="random", crn=crn, rollout_at="all", mix=1.0)
        search = Search(config, seed=3)
        search._crn_base = 12345
        firsts = [search._evaluate(games[0], False, 0) for _ in range(4)]
        numbered = [search._evaluate(games[0], False, k) for k in range(4)]
        if crn:
            assert len(set(firsts)) == 1  # stream 0 again: the same rollout
            assert len(set(numbered)) > 1  # other streams: other rollouts
            # another leaf's stream k is stream k too: equal to a fresh evaluation of it
            other = [search._evaluate(games[1], False, k) for k in range(4)]
            assert other == [search._evaluate(games[1], False, k) for k in range(4)]
        else:
            assert len(set(firsts)) > 1  # independent rollouts


def test_short_match_against_random_completes() -> None:
    game = Game.new("human", "orc", seed=4, board=1)
    bot = make_agent("mcts?iterations=50", seed=1)
    play(game, bot, make_agent("random", seed=2))
    check_finished(game)  # both halves played, the score its touchdowns, the winner the side ahead
    assert isinstance(bot, MCTSBot) and bot.searches >= 1 and bot.search.iterations >= 1


def test_lookahead_completes_a_match() -> None:
    game = Game.new("human", "orc", seed=6, board=1)
    play(game, make_agent("random", seed=1), make_agent("lookahead", seed=2))
    check_finished(game)


@pytest.mark.parametrize(("spec", "message"), [
    ("mcts?seconds=-1", "seconds must be"),
    ("mcts?iterations=-5", "iterations must be"),
    ("mcts?seconds=0", "needs a budget"),
    ("mcts?bogus=1", "no option 'bogus'"),
    ("mcts?policy=greedy", "unknown policy"),
    ("mcts?heuristic=magic", "unknown heuristic"),
    ("mcts?rollouts=-1", "rollouts must be"),
    ("mcts?rollout=greedy", "unknown rollout policy"),
    ("mcts?mix=1.5", "mix must be"),
    ("mcts?rollout_at=middle", "unknown rollout_at"),
    ("mcts?seconds=nan", "seconds must be"),
    ("mcts?seconds=1e9", "seconds must be a number from 0 to 3600"),
    ("mcts?iterations=100000000000", "iterations must be from 0 to"),
])
def test_bad_options_are_refused(spec: str, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        make_agent(spec)


def test_the_bot_options_default_to_the_search_defaults() -> None:
    # `mcts?rollouts=20` is the measured rollout setting (docs/SEARCH.md): reply rollouts at the
    # leaves past the turn's end, mixed half and half with the heuristic, on common streams
    bot = make_agent("mcts?rollouts=20", seed=0)
    assert isinstance(bot, MCTSBot)
    assert bot.search.config == SearchConfig(rollouts=20)
    assert (bot.search.config.rollout, bot.search.config.rollout_at, bot.search.config.mix,
            bot.search.config.crn) == ("reply", "end", 0.5, True)
    first = make_agent("mcts?rollouts=5&rollout=random&mix=1&crn=0&rollout_at=all")
    assert isinstance(first, MCTSBot)
    assert first.search.config == SearchConfig(rollouts=5, rollout="random", mix=1.0, crn=False,
                                               rollout_at="all")


def test_a_budget_too_small_still_runs_one_iteration() -> None:
    state = midgame_states(2, 1, board=3)[0]
    game = Game.from_state(state)
    bot = make_agent("mcts?seconds=0.000001", seed=0)
    action = bot.act(game.view())
    assert action in game.legal_actions()
    assert isinstance(bot, MCTSBot) and bot.search.iterations == 1


def test_speed_bench_reports_iterations_per_second() -> None:
    from nuffle.bench.mcts import format_mcts_bench, run_mcts_bench

    figures = run_mcts_bench(boards=(1,), positions=1, seconds=0.05, rollouts=5)
    row = figures["boards"]["1"]
    assert row["positions"] == 1
    assert row["iterations_per_s"] > 0 and row["iterations_per_s_rollouts"] > 0
    assert row["iterations_per_cpu_s"] > 0 and row["iterations_per_cpu_s_rollouts"] > 0
    assert len(figures["loadavg"]) == 3
    assert "it/cpu s" in format_mcts_bench(figures)


def test_a_search_in_a_thread_leaves_the_garbage_collector_on(monkeypatch: pytest.MonkeyPatch) -> None:
    """The collector's switch is the whole process's: a search in a thread (the web server's
    bots) must not turn it off under the other threads (issue 54, item 20)."""
    import gc
    import threading

    seen: list[bool] = []
    iterate = Search._iterate

    def watched(self: Search, root: Node) -> None:
        seen.append(gc.isenabled())
        iterate(self, root)

    monkeypatch.setattr(Search, "_iterate", watched)
    search = Search(SearchConfig(), seed=1)
    search.native = False  # the Python loop: it is the one that pauses the collector
    view = _board1_team_turn().view()
    worker = threading.Thread(target=lambda: search.run(view, iterations=20))
    assert gc.isenabled()
    worker.start()
    worker.join()
    assert len(seen) == 20 and all(seen) and gc.isenabled()
