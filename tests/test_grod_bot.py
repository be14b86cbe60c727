"""The grod bot: purpose scores on hand-built positions, side neutrality, options, full games."""

from __future__ import annotations

import random

import pytest

from nuffle.agents.grod import GrodBot
from nuffle.agents.grod.purposes import Scorer, choose
from nuffle.agents.grod.values import load_values
from nuffle.agents.registry import agent_names, make_agent
from nuffle.core.actions import Action, ActionType
from nuffle.core.decision import DecisionKind
from nuffle.core.dice import SampledRoller, d6
from nuffle.core.game import Game
from nuffle.core.skills import Skill
from nuffle.play import play
from nuffle.testing import Scenario, slow_except

A = ActionType


def _scorer(game: Game, side: int = 0) -> Scorer:
    return Scorer(game.state, side, game.legal_actions(), load_values())


def test_registered_with_options() -> None:
    assert "grod" in agent_names()
    bot = make_agent("grod?tweak=cage=9.5,sweep=1", 3)
    assert isinstance(bot, GrodBot)
    assert bot.v["cage"] == 9.5 and bot.v["sweep"] == 1.0
    with pytest.raises(ValueError, match="'cagee'"):
        make_agent("grod?tweak=cagee=3")
    with pytest.raises(ValueError, match="not a number"):
        make_agent("grod?tweak=cage=lots")
    with pytest.raises(ValueError, match=r"nowhere\.json"):
        make_agent("grod?values=/nowhere.json")


def test_free_ball_next_to_unmarked_player_outranks_a_risky_dodge() -> None:
    sc = Scenario("human", "human")
    free = sc.pid(0, "Lineman", 0)
    marked = sc.pid(0, "Catcher", 0)
    sc.put(free, (8, 7)).put(marked, (10, 9)).ball_at((9, 7))
    sc.put(sc.pid(1, "Lineman", 0), (11, 9)).put(sc.pid(1, "Lineman", 1), (11, 10))
    sc.put(sc.pid(1, "Lineman", 2), (20, 3))
    game = sc.start(active=0)
    v = load_values()
    cands = _scorer(game).candidates()
    pick = [c for c in cands if c.purpose == "pickup" and c.pid == free]
    dodgy = [c for c in cands if c.pid == marked and c.prob < 0.9]
    assert pick and dodgy
    assert pick[0].ev(v) > max(c.ev(v) for c in dodgy)
    best = choose(cands, v)
    assert best is not None and best.pid == free and best.purpose == "pickup"
    assert best.actions == [Action(A.START_MOVE, free), Action(A.MOVE, None, (9, 7))]


def test_two_dice_block_on_the_carrier_outranks_a_move() -> None:
    sc = Scenario("human", "orc")
    blitzer = sc.pid(0, "Blitzer")
    helper = sc.pid(0, "Lineman", 0)
    runner = sc.pid(0, "Catcher", 0)
    orc = sc.pid(1, "Lineman", 0)
    sc.put(blitzer, (10, 7)).put(helper, (11, 8)).put(orc, (11, 7)).give_ball(orc)
    sc.put(runner, (4, 2)).put(sc.pid(1, "Lineman", 1), (20, 12))
    game = sc.start(active=0)
    v = load_values()
    cands = _scorer(game).candidates()
    blocks = [c for c in cands if c.purpose == "block" and c.pid == blitzer]
    moves = [c for c in cands if c.pid == runner and c.actions[0].type == A.START_MOVE]
    assert blocks and moves
    assert blocks[0].ev(v) > max(c.ev(v) for c in moves)
    best = choose(cands, v)
    assert best is not None and best.purpose == "block" and best.pid == blitzer
    assert Action(A.BLOCK, None, (11, 7)) in best.actions


def test_scores_with_the_ball_when_it_can() -> None:
    sc = Scenario("human", "orc")
    catcher = sc.pid(0, "Catcher")
    sc.put(catcher, (20, 7)).put(sc.pid(1, "Lineman"), (10, 3)).give_ball(catcher)
    game = sc.start(active=0)
    bot = GrodBot()
    bot.new_game(game, 0)
    while game.state.touchdown < 0 and not game.is_over and game.decider == 0:
        game.step(bot.act(game))
    assert game.state.teams[0].score == 1


def _mirror_pair(seed: int) -> tuple[Game, Game, int, int]:
    """The same random position twice: home to act, and mirrored with away to act."""
    rng = random.Random(seed)
    home, away = Scenario("human", "human"), Scenario("human", "human")
    st = home.state
    n = len(st.ranges[0])
    w, h = st.board.width, st.board.height
    squares = rng.sample([(x, y) for x in range(w) for y in range(h)], 14)
    mine = rng.sample(range(n), 7)
    theirs = rng.sample(range(n), 7)
    placed = [(p, 0) for p in mine] + [(q, 1) for q in theirs]
    for (p, side), (x, y) in zip(placed, squares, strict=True):
        home.put(p + side * n, (x, y))
        away.put(p + (1 - side) * n, (w - 1 - x, y))
    kind = rng.randrange(3)
    if kind == 0:
        home.give_ball(mine[0])
        away.give_ball(mine[0] + n)
    elif kind == 1:
        home.give_ball(theirs[0] + n)
        away.give_ball(theirs[0])
    else:
        free = next(sq for sq in ((x, y) for x in range(w) for y in range(h)) if sq not in squares)
        home.ball_at(free)
        away.ball_at((w - 1 - free[0], free[1]))
    home.set(rerolls=(2, 1), turn=(4, 4))
    away.set(rerolls=(1, 2), turn=(4, 4))
    g_home, g_away = home.start(active=0), away.start(active=1)
    g_home.roller, g_away.roller = SampledRoller(), SampledRoller()  # equal seeds: equal dice
    return g_home, g_away, n, w


def _mirrored(action: Action, n: int, w: int) -> Action:
    player = None if action.player is None else (action.player + n) % (2 * n)
    square = None if action.square is None else (w - 1 - action.square[0], action.square[1])
    return Action(action.type, player, square)


@pytest.mark.parametrize("seed", range(12))
def test_mirror_position_gets_the_mirrored_choice(seed: int) -> None:
    g_home, g_away, n, w = _mirror_pair(seed)
    v = load_values()
    for _ in range(5):  # successive plans; each chosen player then just ends his action
        c_home = choose(_scorer(g_home, 0).candidates(), v)
        c_away = choose(_scorer(g_away, 1).candidates(), v)
        if c_home is None:
            assert c_away is None
            break
        assert c_away is not None
        assert [_mirrored(a, n, w) for a in c_home.actions] == c_away.actions
        first = Action(A.START_MOVE, c_home.pid)
        if first not in g_home.legal_actions():
            break
        for game, act in ((g_home, first), (g_away, _mirrored(first, n, w))):
            game.step(act)
            game.step(Action(A.END_ACTION))


@pytest.mark.parametrize("board", slow_except([1, 3, 5, 7, 11], [1, 11]))  # all in the full run
def test_full_game_on_every_board(board: int) -> None:
    game = play(Game.new("human", "orc", seed=board, board=board), make_agent("grod", 1),
                make_agent("random", 2))
    assert game.is_over
    score = game.result.score
    assert score.home >= score.away


def _failed_dodge(carrier: bool, rerolls: int) -> Game:
    sc = Scenario("human", "orc", script=d6(1))
    runner = sc.pid(0, "Lineman")  # no Dodge skill: only the team re-roll is on offer
    sc.put(runner, (10, 7)).put(sc.pid(1, "Lineman"), (11, 7)).set(rerolls=(rerolls, 0))
    if carrier:
        sc.give_ball(runner)
    game = sc.start(active=0)
    game.step(Action(A.START_MOVE, runner))
    game.step(Action(A.MOVE, None, (9, 6)))
    assert game.decision().kind == DecisionKind.REROLL
    return game


def test_rerolls_by_expected_value() -> None:
    bot = GrodBot()
    # the ball carrier's failed dodge: losing the ball costs far more than the re-roll
    game = _failed_dodge(carrier=True, rerolls=1)
    assert bot.act(game) == Action(A.USE_REROLL)
    # a lone runner's failed dodge on turn 1 with the last re-roll: keep it for later
    game = _failed_dodge(carrier=False, rerolls=1)
    game.state.teams[0].turn = 1
    assert bot.act(game) == Action(A.DECLINE)


def test_stab_outranks_a_one_die_block() -> None:
    sc = Scenario("human", "orc")
    stabber = sc.pid(0, "Lineman")
    orc = sc.pid(1, "Blitzer")
    sc.grant(stabber, Skill.STAB).put(stabber, (10, 7)).put(orc, (11, 7))
    game = sc.start(active=0)
    v = load_values()
    cands = [c for c in _scorer(game).candidates() if c.pid == stabber]
    stab = next(c for c in cands if c.purpose == "stab")
    block = next(c for c in cands if c.purpose == "block")
    assert stab.ev(v) > block.ev(v)
    best = choose(cands, v)
    assert best is not None and best.actions[1] == Action(A.STAB, None, (11, 7))


@pytest.mark.parametrize("skill", [Skill.PROJECTILE_VOMIT, Skill.BREATHE_FIRE])
@pytest.mark.parametrize("strong", [False, True])
def test_vomit_and_breathe_fire_are_priced_as_themselves(skill: Skill, strong: bool) -> None:
    """BB2020: a player with Projectile Vomit or Breathe Fire (no Stab) gets the Stab-coded
    attack as its own candidate, with its own value and its own chance of not going down: the
    vomit hits 5 in 6; the fire fails (he is placed prone) 1 in 6, 2 in 6 against ST 5+, where
    it never knocks the target down."""
    from fractions import Fraction

    from nuffle.analysis import probability as P
    from nuffle.core.characteristics import armour_holds_to
    from nuffle.testing import bb2020_scenario

    sc = bb2020_scenario("human", "orc")
    attacker, orc = sc.pid(0, "Catcher"), sc.pid(1, "Big Un Blocker")
    sc.grant(attacker, skill).put(attacker, (10, 7)).put(orc, (11, 7))
    if strong:
        sc.grant(orc, st=5)
    game = sc.start(active=0)
    v = load_values()
    cands = [c for c in _scorer(game).candidates() if c.pid == attacker]
    assert not any(c.purpose == "stab" for c in cands)
    brk = float(P.armour_break(armour_holds_to(game.state, orc)))
    if skill == Skill.PROJECTILE_VOMIT:
        c = next(c for c in cands if c.purpose == "vomit")
        assert c.prob == pytest.approx(5 / 6)
        assert c.value == pytest.approx(v["vomit"] * brk * v["block_knockdown"])
    else:
        c = next(c for c in cands if c.purpose == "breathe_fire")
        fails = Fraction(2 if strong else 1, 6)
        knocks = 0 if strong else 1 / 6
        assert c.prob == pytest.approx(float(1 - fails))
        worth = v["breathe_fire"] * knocks * brk * v["block_knockdown"]
        assert c.value == pytest.approx(worth / float(1 - fails))
        assert (c.value == 0) is strong  # no ball: only a knock-down is worth anything
    assert c.actions[1] == Action(A.STAB, None, (11, 7))
