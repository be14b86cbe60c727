"""grod improved by rollouts (`grod-rollouts`, native/include/nuffle/bots/grod_rollouts.hpp):
legal whole games on native (and Python) games, its options and their one-line errors, the
native module required, determinism for a seed, grod's own choice first among its options, grod
itself when there is nothing to compare, and the search playing the option its rollouts value
clearly best, then that option's plan."""

from __future__ import annotations

from typing import Any

import pytest

from nuffle.agents.base import Agent
from nuffle.agents.grod.rollouts import GrodRolloutsBot
from nuffle.agents.registry import make_agent
from nuffle.cli import main
from nuffle.core.actions import Action, ActionType
from nuffle.core.decision import DecisionKind
from nuffle.core.engines import EngineUnavailableError
from nuffle.core.errors import InputError
from nuffle.core.game import Game
from nuffle.core.native_game import NativeGame
from nuffle.play import play

pytestmark = pytest.mark.usefixtures("native")

# a search whose every decision plays all its rounds (the time limit never binds): fixed for a
# seed; ending the turn is an option and any better mean is played (z=0), so it often leaves grod
FIXED = "grod-rollouts?samples=3&seconds=60&end_turn=1&z=0"


class Recorder(Agent):
    """Plays `inner` and keeps every action it took."""

    def __init__(self, inner: Agent) -> None:
        self.inner = inner
        self.actions: list[Action] = []

    def new_game(self, view: Game, side: int) -> None:
        super().new_game(view, side)
        self.inner.new_game(view, side)

    def act(self, view: Game) -> Action:
        a = self.inner.act(view)
        self.actions.append(a)
        return a


def game_of(home: str, away: str, seed: int, board: int = 11, engine: str = "native",
            seeds: tuple[int, int] = (1, 2)) -> tuple[Game, Recorder, Recorder]:
    game = Game.new("human", "human", seed=seed, board=board, engine=engine)
    h, a = Recorder(make_agent(home, seeds[0])), Recorder(make_agent(away, seeds[1]))
    play(game, h, a)
    return game, h, a


@pytest.mark.parametrize("board", [3, 11])
def test_it_plays_legal_whole_games_on_native_states(board: int) -> None:
    game, h, _ = game_of(FIXED, "grod", seed=11, board=board)  # game.step refuses any illegal action
    assert game.is_over
    bot = h.inner
    assert isinstance(bot, GrodRolloutsBot)
    stats = bot.stats()
    assert stats["decisions"] > 0 and stats["rollouts"] >= 2 * 3 * stats["decisions"]
    assert stats["rounds"] == 3 * stats["decisions"]  # seconds=60 never cuts a search short
    assert 0 < stats["changed"] < stats["decisions"]


def test_it_plays_a_python_engine_game_through_the_native_engine() -> None:
    game, h, _ = game_of("grod-rollouts?samples=2&seconds=60", "scripted", seed=4, board=3, engine="python")
    assert game.is_over
    assert isinstance(h.inner, GrodRolloutsBot) and h.inner.stats()["decisions"] > 0


def test_a_seed_fixes_its_games() -> None:
    one = game_of(FIXED, "grod", seed=21, board=5, seeds=(7, 8))
    two = game_of(FIXED, "grod", seed=21, board=5, seeds=(7, 8))
    assert one[1].actions == two[1].actions and one[2].actions == two[2].actions
    assert one[0].state.teams[0].score == two[0].state.teams[0].score


def test_with_nothing_to_compare_it_is_grod() -> None:
    # one candidate and no turn ending: every decision is grod's own, so the games are grod's
    ref = game_of("grod", "grod", seed=3, board=5)
    mine = game_of("grod-rollouts?candidates=1&end_turn=0", "grod", seed=3, board=5)
    assert mine[1].actions == ref[1].actions and mine[2].actions == ref[2].actions
    bot = mine[1].inner
    assert isinstance(bot, GrodRolloutsBot) and bot.stats()["decisions"] == 0


def turn_decisions(seed: int, board: int, count: int) -> list[tuple[Game, Agent]]:
    """Up to `count` team-turn decisions of a grod v grod game, with the grod of the side to act
    (its memory as it was there)."""
    game = Game.new("human", "human", seed=seed, board=board, engine="native")
    bots = (make_agent("grod", 1), make_agent("grod", 2))
    for side, b in enumerate(bots):
        b.new_game(game.view(), side)
    out: list[tuple[Game, Agent]] = []
    while not game.is_over and len(out) < count:
        if game.decision().kind == DecisionKind.SELECT_ACTION:
            out.append((game.clone(), bots[game.decider]))
        game.step(bots[game.decider].act(game.view()))
    return out


def native_of(game: Game) -> Any:
    """The native state of a native game's view."""
    view = game.view()
    assert isinstance(view, NativeGame)
    return view.native_state


def as_action(game: Game, raw: tuple[int, int, int]) -> Action:
    kind, player, square = raw
    return Action(ActionType(kind), None if player < 0 else player,
                  None if square < 0 else game.state.board.xy(square))


def test_grods_own_choice_is_its_first_option() -> None:
    bot = GrodRolloutsBot(candidates=4)
    checked = 0
    for game, _ in turn_decisions(seed=5, board=11, count=40):
        options = bot._core_for(11).options(native_of(game))
        choice = make_agent("grod", 0).act(game.view())  # a fresh grod at a turn decision plans anew
        if not options:
            assert choice.type == ActionType.END_TURN
            continue
        assert len(options) <= 4
        assert as_action(game, options[0][2][0]) == choice
        assert len({o[0] for o in options}) == len(options)  # one option a player
        checked += 1
    assert checked > 10


def clearly_better(values: list[list[float]]) -> int | None:
    """The option whose rollouts beat option 0 (grod's own) on the same dice streams by at least
    0.1 a rollout and 3 standard errors of the paired difference, if one does."""
    n = len(values[0])
    for k in range(1, len(values)):
        d = [x - y for x, y in zip(values[k], values[0], strict=True)]
        mean = sum(d) / n
        sd = (sum((x - mean) ** 2 for x in d) / (n - 1)) ** 0.5
        if mean >= 0.1 and mean > 3 * sd / n ** 0.5:
            return k
    return None


def test_the_search_leaves_grod_for_an_option_its_rollouts_value_clearly_better_then_plays_its_plan() -> None:
    # the first team-turn decision of this game where another option's rollouts beat grod's own
    # choice clearly on 128 matched dice streams (0.18 a rollout, 3.6 standard errors): the bot,
    # searching as many streams of its own, leaves grod's choice for a better option and then
    # plays that option's plan
    samples = 128
    for game, _ in turn_decisions(seed=10, board=11, count=40):
        bot = GrodRolloutsBot(seed=5, candidates=3, samples=samples, seconds=60, end_turn=False)
        core: Any = bot._core_for(11)
        view = game.view()
        state = native_of(game)
        options = core.options(state)
        if len(options) < 2:
            continue
        values = [[core.rollout(state, k, d) for d in range(samples)] for k in range(len(options))]
        if clearly_better(values) is not None:
            break
    else:
        pytest.fail("no decision with a clearly better option than grod's")
    means = [sum(v) / samples for v in values]
    bot.new_game(view, game.decider)
    first = bot.act(view)
    firsts = [as_action(game, o[2][0]) for o in options]
    assert first in firsts[1:], (first, firsts)
    pick = firsts.index(first)
    assert means[pick] > means[0]
    assert bot.stats()["changed"] == 1
    live = game.clone()
    live.step(first)
    followed = 0
    for expected in (as_action(game, raw) for raw in options[pick][2][1:]):
        if live.is_over or live.decider != view.decider or live.decision().kind != DecisionKind.MOVE:
            break  # a roll failed or the action ended: the rest of the plan is moot
        assert bot.act(live.view()) == expected
        live.step(expected)
        followed += 1
    assert followed > 0


@pytest.mark.parametrize("options, message", [
    ("candidates=0", "candidates must be 1..16"),
    ("samples=0", "samples must be 1..10000"),
    ("seconds=0", "seconds must be > 0"),
    ("seconds=nan", "seconds must be > 0"),
    ("horizon=5", "horizon must be 1..4"),
    ("margin=-1", "margin must be a finite number >= 0"),
    ("z=11", "z must be 0..10"),
    ("depth=3", "depth"),
])
def test_bad_options_are_one_line_errors(options: str, message: str) -> None:
    with pytest.raises(InputError) as info:
        make_agent(f"grod-rollouts?{options}", 0)
    assert message in str(info.value) and "\n" not in str(info.value)


def test_the_cpp_settings_are_checked_too(native: Any) -> None:
    from nuffle.agents.grod.native import grod_formations
    from nuffle.agents.grod.values import load_values
    from nuffle.core.native_state import native_board
    offense, defense = grod_formations(11)
    with pytest.raises(ValueError, match=r"samples must be 1\.\.10000"):
        native.GrodRollouts(native_board(11), offense, defense, dict(load_values("", "").table), True,
                            3, 0, 0.1, 2, True, 0.0, 2.0, 0)


def test_bad_options_at_the_cli_exit_2_with_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["strength", "grod-rollouts?samples=0", "--against", "grod", "--max-games", "2"])
    err = capsys.readouterr().err
    assert code == 2 and "samples must be 1..10000" in err and len(err.strip().splitlines()) == 1


def test_without_the_native_module_it_says_so(monkeypatch: pytest.MonkeyPatch) -> None:
    import nuffle.agents.grod.rollouts as mod

    def missing() -> None:
        raise EngineUnavailableError("the native engine is not built: no compiler")

    monkeypatch.setattr(mod, "native_module", missing)
    with pytest.raises(EngineUnavailableError, match="native engine is not built"):
        make_agent("grod-rollouts", 0)
