"""The scripted bot's set-up in C++ (`nuffle._native.SetupPlanner`, built by
`nuffle.envs.native_parts` from the formations data file) against the reference
(`agents/scripted/bot.py`'s ScriptedBot): in scripted matches on every board between many
races, at every set-up decision of either side (kicking and receiving, the first drive, after
touchdowns and after half-time) the C++ choice equals the bot's, action by action. Some set-ups
begin with a few random placements first, so the bot's other branches (players already on the
pitch: no plan; its fallback placement) are compared too."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from nuffle.agents.scripted.bot import ScriptedBot
from nuffle.core.actions import Action, ActionType
from nuffle.core.decision import DecisionKind
from nuffle.core.game import Game
from nuffle.core.native_game import NativeGame
from nuffle.core.teams import available_teams
from nuffle.envs.native_parts import board_formations, native_setup_planner
from nuffle.formations import formation, formation_names

pytestmark = pytest.mark.usefixtures("native")

BOARDS = (1, 3, 5, 7, 11)
RACES = tuple(available_teams())
#: Decisions compared after random placements (the bot's fallback may move the same player back
#: and forth for ever when END_SETUP does not become legal).
DISTURBED_STEPS = 8


def flat(game: NativeGame, action: Action) -> tuple[int, int, int]:
    """`action` as the native planner gives it: (type, player or -1, flat square or -1)."""
    sq = -1 if action.square is None else game.state.board.sq(*action.square)
    return int(action.type), -1 if action.player is None else action.player, sq


def random_placement(game: NativeGame, rng: random.Random) -> Action | None:
    """A random legal placement (any player of the first placement group on any of its squares)."""
    group = game.legal_actions().group(ActionType.PLACE_PLAYER)
    if group is None or not group.players or not group.squares:
        return None
    return Action(ActionType.PLACE_PLAYER, rng.choice(group.players), rng.choice(group.squares))


def compare(game: NativeGame, bot: ScriptedBot, planner: object, side: int) -> Action:
    """The bot's set-up decision now, which must equal the C++ planner's."""
    want = bot.act(game.view())
    got = tuple(planner.act(game.native_state))  # type: ignore[attr-defined]
    s = game.state
    score = f"{s.teams[0].score}-{s.teams[1].score}"
    assert got == flat(game, want), f"side {side}, half {s.half}, score {score}: C++ {got}, bot {want}"
    return want


def disturbed(game: NativeGame, side: int, rng: random.Random, seen: Counter[str]) -> None:
    """On a copy of `game`: one to three random placements for `side`, then a fresh bot and
    planner take over (players already on the pitch: no plan, END_SETUP or the bot's fallback
    placement), compared for up to `DISTURBED_STEPS` decisions."""
    copy = game.clone()
    for _ in range(rng.randint(1, 3)):
        extra = random_placement(copy, rng)
        if extra is not None:
            copy.step(extra)
    bot, planner = ScriptedBot(0, native=False), native_setup_planner(copy.config.board)
    bot.new_game(copy, side)
    for _ in range(DISTURBED_STEPS):
        if copy.decider != side or copy.decision().kind is not DecisionKind.SETUP:
            break
        want = compare(copy, bot, planner, side)
        seen[f"disturbed {want.type.name}"] += 1
        copy.step(want)


def play_and_compare(game: NativeGame, seed: int, disturb: float, seen: Counter[str]) -> None:
    """A scripted match; at each set-up decision the C++ planner of the deciding side must choose
    what its ScriptedBot chooses. With probability `disturb` a side's set-up is also tried on a
    copy of the match that starts with random placements (`disturbed`)."""
    rng = random.Random(seed)
    bots = (ScriptedBot(seed, native=False), ScriptedBot(seed + 1, native=False))
    planners = (native_setup_planner(game.config.board), native_setup_planner(game.config.board))
    for side in (0, 1):
        bots[side].new_game(game, side)
        planners[side].reset()
    was_setup = [False, False]
    while not game.is_over:
        side = game.decider
        setup = game.decision().kind is DecisionKind.SETUP
        if setup and not was_setup[side]:  # a new set-up of this side
            s = game.state
            seen["kicking" if side == s.kicking else "receiving"] += 1
            seen[f"half {s.half}"] += 1
            seen["after a touchdown" if s.teams[0].score + s.teams[1].score > 0 else "no score yet"] += 1
            if rng.random() < disturb:
                disturbed(game, side, rng, seen)
        was_setup[side] = setup
        if not setup:
            game.step(bots[side].act(game.view()))
            continue
        want = compare(game, bots[side], planners[side], side)
        seen[want.type.name] += 1
        game.step(want)


def run(games_per_board: int, seed: int, disturb: float) -> Counter[str]:
    rng = random.Random(seed)
    order = list(RACES)
    rng.shuffle(order)
    seen: Counter[str] = Counter()
    k = 0
    for board in BOARDS:
        for g in range(games_per_board):
            home, away = order[k % len(order)], order[(k + 1) % len(order)]
            k += 2
            game = Game.new(home, away, seed=seed + g, board=board, engine="native",
                            assisted_moves=g % 2 == 1)
            assert isinstance(game, NativeGame)
            play_and_compare(game, seed * 1000 + k, disturb, seen)
    return seen


def test_native_setup_equals_the_scripted_bot_on_every_board() -> None:
    seen = run(games_per_board=2, seed=3, disturb=0.2)
    for what in ("kicking", "receiving", "half 1", "half 2", "after a touchdown", "no score yet",
                 "PLACE_PLAYER", "END_SETUP", "disturbed PLACE_PLAYER"):
        assert seen[what] > 0, f"no set-up compared: {what} ({dict(seen)})"


@pytest.mark.slow
def test_native_setup_equals_the_scripted_bot_over_many_races() -> None:
    seen = run(games_per_board=6, seed=41, disturb=0.3)
    assert seen["half 2"] > 0 and seen["after a touchdown"] > 0


def test_the_planner_reads_the_formations_file() -> None:
    for board in BOARDS:
        offense, defense = board_formations(board)
        assert sorted(offense) == formation_names(board, "offense")
        assert sorted(defense) == formation_names(board, "defense")
        for name, squares in defense.items():
            assert squares == formation(board, "defense", name, 0, 0)


def test_the_first_placement_follows_the_formation_and_mirrors_for_away() -> None:
    for side in (0, 1):
        game = Game.new("human", "orc", seed=1, board=11, engine="native")
        assert isinstance(game, NativeGame)
        bots = (ScriptedBot(0, native=False), ScriptedBot(1, native=False))
        for s, bot in enumerate(bots):
            bot.new_game(game, s)
        while game.decision().kind is not DecisionKind.SETUP or game.decider != side:
            game.step(bots[game.decider].act(game.view()))
        planner = native_setup_planner(11)
        kind = "defense" if side == game.state.kicking else "offense"
        name = "scripted" if "scripted" in formation_names(11, kind) else formation_names(11, kind)[0]
        first = formation(11, kind, name, side, game.state.board.width)[0]
        _, _, sq = planner.act(game.native_state)
        assert sq == game.state.board.sq(*first)
        assert len(planner.pending()) > 0


def test_a_planner_of_another_board_is_refused(native: object) -> None:
    game = Game.new("human", "orc", seed=1, board=5, engine="native")
    assert isinstance(game, NativeGame)
    bot = ScriptedBot(0)
    while game.decision().kind is not DecisionKind.SETUP:
        game.step(bot.act(game.view()))
    with pytest.raises(ValueError, match="the state is on board 5, the planner on board 11"):
        native_setup_planner(11).act(game.native_state)
