"""The scripted bot: decisions in hand-made positions, a small strength check, and smoke games."""

from __future__ import annotations

import pytest

from nuffle.agents.registry import agent_names, make_agent
from nuffle.agents.scripted import ScriptedBot
from nuffle.core.actions import Action, ActionType
from nuffle.core.decision import DecisionKind
from nuffle.core.dice import block
from nuffle.core.game import Game
from nuffle.core.types import BlockFace, Status
from nuffle.play import play
from nuffle.testing import Scenario, check_finished, slow_except

A = ActionType


def _bot(game: Game, side: int = 0) -> ScriptedBot:
    bot = ScriptedBot(0)
    bot.new_game(game, side)
    return bot


def test_registered() -> None:
    assert "scripted" in agent_names()
    assert isinstance(make_agent("scripted", 3), ScriptedBot)


def test_scores_when_it_can() -> None:
    sc = Scenario()
    catcher = sc.pid(0, "Catcher")
    sc.put(catcher, (20, 7)).put(sc.pid(1, "Lineman"), (10, 3)).give_ball(catcher)
    game = sc.start(active=0)
    bot = _bot(game)
    first = bot.act(game)
    assert first == Action(A.START_MOVE, catcher)
    moves = [a.square for a in bot.queue if a.type == A.MOVE]
    assert moves and moves[-1] is not None and moves[-1][0] == 25
    game.step(first)
    while game.state.touchdown < 0 and not game.is_over and game.decider == 0:
        game.step(bot.act(game))
    assert game.state.teams[0].score == 1


def test_picks_up_a_loose_ball() -> None:
    sc = Scenario()
    lineman = sc.pid(0, "Lineman")
    sc.put(lineman, (8, 7)).put(sc.pid(1, "Lineman"), (20, 3)).ball_at((11, 7))
    game = sc.start(active=0)
    bot = _bot(game)
    assert bot.act(game) == Action(A.START_MOVE, lineman)
    assert bot.queue[-1] == Action(A.MOVE, None, (11, 7))


def test_blitzes_the_ball_carrier() -> None:
    sc = Scenario()
    blitzer = sc.pid(0, "Blitzer")
    orc = sc.pid(1, "Lineman")
    sc.put(blitzer, (8, 7)).put(orc, (12, 7)).give_ball(orc)
    game = sc.start(active=0)
    bot = _bot(game)
    assert bot.act(game) == Action(A.START_BLITZ, blitzer)
    assert Action(A.BLOCK, None, (12, 7)) in bot.queue


def test_chooses_defender_down_over_pushed() -> None:
    sc = Scenario(script=block(BlockFace.PUSHED, BlockFace.DEFENDER_DOWN))
    blitzer = sc.pid(0, "Blitzer")
    helper = sc.pid(0, "Lineman")
    orc = sc.pid(1, "Lineman")
    sc.put(blitzer, (10, 7)).put(helper, (11, 8)).put(orc, (11, 7))
    game = sc.start(active=0)
    game.step(Action(A.START_BLOCK, blitzer))
    game.step(Action(A.BLOCK, None, (11, 7)))
    assert _bot(game).act(game) == Action(A.SELECT_DEFENDER_DOWN)


def test_stands_up_a_marked_prone_player() -> None:
    sc = Scenario()
    lineman = sc.pid(0, "Lineman")
    sc.put(lineman, (10, 7), Status.PRONE).put(sc.pid(1, "Lineman"), (11, 7))
    sc.put(sc.pid(0, "Lineman", 1), (3, 3))
    game = sc.start(active=0)
    bot = _bot(game)
    assert bot.act(game) == Action(A.START_MOVE, lineman)
    assert bot.queue == [Action(A.END_ACTION)]


SEEDS = (11, 12, 13, 14, 15, 16)


def _beats_random(seeds: tuple[int, ...]) -> None:
    """The scripted bot outscores a random bot in every game (it alternates home and away), by
    three touchdowns a game on average."""
    tds = 0
    for i, seed in enumerate(seeds):
        me = i % 2
        bots = [make_agent("random", seed), make_agent("random", seed + 1)]
        bots[me] = make_agent("scripted", seed)
        game = play(Game.new("human", "human", seed=seed), bots[0], bots[1])
        score = game.result.score._asdict()
        mine, theirs = score[("home", "away")[me]], score[("home", "away")[1 - me]]
        assert mine > theirs, (seed, score)
        tds += mine
    assert tds >= 3 * len(seeds)


def test_beats_random_on_the_full_board_quick() -> None:
    _beats_random(SEEDS[:2])


@pytest.mark.slow
def test_beats_random_on_the_full_board() -> None:
    _beats_random(SEEDS)


#: the boards of the smoke games in the fast loop; all of them in the full run
BOARDS = slow_except([1, 3, 5, 7, 11], [1, 3, 5])


@pytest.mark.parametrize("board", BOARDS)
@pytest.mark.parametrize("race", ["human", "orc"])
def test_smoke_every_board_and_race(board: int, race: str) -> None:
    other = "orc" if race == "human" else "human"
    home = play(Game.new(race, other, seed=board, board=board), make_agent("scripted", 1),
                make_agent("random", 2))
    away = play(Game.new(other, race, seed=board + 1, board=board), make_agent("random", 3),
                make_agent("scripted", 4))
    for game, scripted in ((home, "home"), (away, "away")):
        check_finished(game)  # both halves, the score its touchdowns, the winner the side ahead
        score = game.result.score._asdict()
        other_side = "away" if scripted == "home" else "home"
        assert score[scripted] >= score[other_side], score  # the scripted bot never loses to random


@pytest.mark.parametrize("board", BOARDS)
def test_smoke_scripted_mirror(board: int) -> None:
    game = play(Game.new("orc", "human", seed=board, board=board), make_agent("scripted", 1),
                make_agent("scripted", 2))
    check_finished(game)


def test_tries_pro_when_the_team_reroll_is_not_worth_it() -> None:
    from nuffle.core.dice import d6
    from nuffle.core.skills import Skill

    # a failed GFI of a player without the ball, no team re-roll left: Pro is tried
    sc = Scenario(script=d6(1)).put(5, (5, 7)).grant(5, Skill.PRO, ma=1).set(rerolls=(0, 0))
    game = sc.start(active=0)
    game.step(Action(A.START_MOVE, 5))
    game.step(Action(A.MOVE, None, (6, 7)))
    game.step(Action(A.MOVE, None, (7, 7)))
    assert A.USE_PRO in game.legal_actions().types()
    assert _bot(game).act(game) == Action(A.USE_PRO)


def _fielded_by_the_bot(race: str, board: int) -> list[str]:
    """The positions (sorted) the scripted bot, side 0, fields at the first kick-off."""
    game = Game.new(race, race, seed=3, board=board)
    bot = ScriptedBot()
    bot.new_game(game.view(), 0)
    other = make_agent("random", seed=1)
    while not game.is_over:
        placed = any(game.state.pos[p] >= 0 for p in game.state.ranges[0])
        if placed and game.decision().kind is not DecisionKind.SETUP:
            break  # side 0 has set up
        game.step((bot if game.decider == 0 else other).act(game.view()))
    s = game.state
    return sorted(s.info[p].position for p in s.ranges[0] if s.pos[p] >= 0)


@pytest.mark.parametrize(("race", "expected"), [("human", "Blitzer"), ("orc", "Blitzer"),
                                                ("skaven", "Blitzer"), ("wood-elf", "Wardancer")])
def test_a_single_player_board_fields_a_blocker_who_can_score(race: str, expected: str) -> None:
    """On board 1 the one player must take the ball back (a one-die blitz) and score alone:
    not the Big Guy that a line-first order puts in on the larger boards, nor merely the
    fastest (Human's Catcher, Skaven's Gutter Runner), but a player with Block, the most agile
    of them."""
    assert _fielded_by_the_bot(race, board=1) == [expected]


@pytest.mark.parametrize(("board", "ogre"), [(3, False), (5, True)])
def test_three_player_board_fields_ball_handlers_larger_boards_the_line(board: int, ogre: bool) -> None:
    """Fielding three, every player must handle the ball: Block first, then agility, the Big
    Guy (Loner) last, so a Human side puts in its Blitzer, Thrower and Catcher. From five
    players up the line-first order puts the Ogre in."""
    fielded = _fielded_by_the_bot("human", board)
    if board == 3:
        assert fielded == ["Blitzer", "Catcher", "Thrower"]
    assert ("Ogre" in fielded) == ogre


def test_wizard_bolts_the_opposing_ball_carrier() -> None:
    sc = Scenario(script=[])
    carrier = sc.pid(1, "Blitzer")
    sc.put(0, (5, 5)).put(carrier, (14, 7)).give_ball(carrier)
    sc.state.teams[0].wizard = 1
    game = sc.start(active=0)
    bot = _bot(game)
    assert bot.act(game) == Action(A.USE_LIGHTNING_BOLT)
    game.step(Action(A.USE_LIGHTNING_BOLT))
    assert game.decision().kind == DecisionKind.WIZARD
    assert bot.act(game) == Action(A.SELECT_PLAYER, carrier)


def test_wizard_fireballs_a_crowd_of_opponents_and_is_kept_otherwise() -> None:
    sc = Scenario()
    lines = [sc.pid(1, "Lineman", k) for k in range(3)]
    sc.put(0, (5, 5))
    for pid, sq in zip(lines, [(14, 6), (14, 7), (15, 8)], strict=True):
        sc.put(pid, sq)
    sc.state.teams[0].wizard = 1
    game = sc.start(active=0)
    bot = _bot(game)
    assert bot.act(game) == Action(A.USE_FIREBALL)
    game.step(Action(A.USE_FIREBALL))
    target = bot.act(game)
    assert target.type == A.SELECT_SQUARE and target.square is not None
    x, y = target.square
    assert all(abs(x - a) <= 1 and abs(y - b) <= 1 for a, b in [(14, 6), (14, 7), (15, 8)])
    # two opponents together are not worth the spell: the bot plays its turn
    sc = Scenario()
    sc.put(0, (5, 5)).put(lines[0], (14, 6)).put(lines[1], (14, 7))
    sc.state.teams[0].wizard = 1
    game = sc.start(active=0)
    assert _bot(game).act(game).type not in (A.USE_FIREBALL, A.USE_LIGHTNING_BOLT)
