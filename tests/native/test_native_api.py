"""The public `Game` API on the native engine: a native game answers as the Python game of the
same match does (decisions, chance, copies, views, the position's reports), with all three
rollers, the Python engine's error messages, and views that do not know the live dice."""

from __future__ import annotations

import math
import random
from types import ModuleType

import pytest

from nuffle.agents.registry import make_agent
from nuffle.core.actions import Action, ActionType, IllegalActionError, MalformedActionError
from nuffle.core.dice import Dice, ExplicitRoller, Outcome, Roller, RollerError, ScriptedRoller, d6, two_d6
from nuffle.core.errors import InputError, InputTypeError
from nuffle.core.game import Game
from nuffle.core.native_game import NativeGame
from nuffle.core.skills import Skill
from nuffle.play import play
from nuffle.random_player import RandomPlayer
from nuffle.record import fingerprint, legacy_fingerprint, replay, to_record
from nuffle.testing import LINEMAN, O_LINE, Scenario, roller_of

pytestmark = pytest.mark.usefixtures("native")

T = ActionType


def _pair(seed: int, board: int, roller: Roller | None = None) -> tuple[Game, Game]:
    other = None if roller is None else type(roller)()
    return (Game.new("human", "orc", seed=seed, board=board, engine="python", roller=roller),
            Game.new("human", "orc", seed=seed, board=board, engine="native", roller=other))


def _same(py: Game, na: Game) -> None:
    assert na.state.key() == py.state.key()
    assert na.decider == py.decider and na.decision() == py.decision()
    assert na.legal_actions() == py.legal_actions()
    assert na.history == py.history


def _reports(game: Game) -> dict[str, object]:
    """Everything the public API reports of a position (less the event log and the fans,
    which the native state does not carry yet)."""
    position = game.to_position()
    position.pop("log")
    position.pop("fans")
    return {"box": game.box_score(), "text": game.board_text(), "json": game.to_json(),
            "position": position, "players": game.player_stats(), "result": game.result,
            "over": game.is_over, "decider": str(game.decider)}


def test_a_native_game_is_a_game_and_reports_as_the_python_one() -> None:
    for seed, board in ((1, 1), (2, 5), (3, 11)):
        py, na = _pair(seed, board)
        assert isinstance(na, Game) and na.engine == "native" and py.engine == "python"
        bots = (RandomPlayer(seed), RandomPlayer(seed + 1))
        step = 0
        while not py.is_over:
            if step % 7 == 0:
                _same(py, na)
                assert _reports(na) == _reports(py)
                for action in list(py.legal_actions())[:5]:
                    assert na.describe(action) == py.describe(action)
            action = bots[py.decider].act(py.view())
            py.step(action)
            na.step(action)
            step += 1
        _same(py, na)
        assert _reports(na) == _reports(py)


def test_clone_reseed_and_assisted_moves_copies_are_independent() -> None:
    py, na = _pair(4, 5)
    bots = (RandomPlayer(4), RandomPlayer(5))
    for _ in range(40):
        action = bots[py.decider].act(py.view())
        py.step(action)
        na.step(action)
    before = na.state.key()
    twin = na.clone()
    assert twin.state.key() == before and twin.engine == "native" and twin.history == na.history
    while not twin.is_over:
        twin.step(bots[twin.decider].act(twin.view()))
    assert na.state.key() == before  # the clone played on alone
    other = na.clone()
    other.reseed(99)
    assert other.state.rng != na.state.rng
    assert other.state.key()[:14] == na.state.key()[:14]  # the position is the same
    py.reseed(99)
    assert other.state.key() == py.state.key()
    with pytest.raises(InputTypeError, match="seed must be an integer"):
        na.reseed("7")  # type: ignore[arg-type]
    assisted = na.with_assisted_moves()
    assert assisted.state.options.assisted_moves and not na.state.options.assisted_moves
    assert assisted.with_assisted_moves(False).state.key() == na.state.key()


def test_the_snapshot_follows_the_game_and_writing_to_it_changes_nothing() -> None:
    py, na = _pair(6, 3)
    s = na.state
    bots = (RandomPlayer(6), RandomPlayer(7))
    for _ in range(30):
        action = bots[py.decider].act(py.view())
        py.step(action)
        na.step(action)
        assert s.key() == py.state.key()  # a snapshot held across steps stays current
    assert na.state is s
    legal = na.legal_actions()
    s.teams[0].score = 5
    s.pos[:] = [-1] * len(s.pos)
    assert na.legal_actions() == legal
    na.step(bots[py.decider].act(py.view()))  # the engine never saw the writes
    assert na.state.teams[0].score == 0
    with pytest.raises(InputError, match="read-only snapshot"):
        na.state = py.state


def _illegal_pool(game: Game, rng: random.Random) -> list[Action]:
    width, height = game.state.board.width, game.state.board.height
    out = []
    for _ in range(12):
        kind = rng.choice(list(ActionType))
        player = rng.choice([None, 0, 3, 12, len(game.state.info) - 1])
        square = rng.choice([None, (0, 0), (width // 2, height // 2), (width - 1, height - 1)])
        out.append(Action(kind, player, square))
    return [a for a in out if a not in game.legal_actions()]


def _error(game: Game, action: object) -> tuple[type, str]:
    try:
        game.step(action)  # type: ignore[arg-type]
    except IllegalActionError as exc:
        return type(exc), str(exc)
    raise AssertionError(f"{action} was accepted")


def test_illegal_actions_raise_the_python_message_and_change_nothing() -> None:
    rng = random.Random(3)
    checked = 0
    for seed, board in ((5, 1), (6, 5), (7, 11)):
        py, na = _pair(seed, board)
        assert isinstance(na, NativeGame)
        bots = (RandomPlayer(seed), RandomPlayer(seed + 1))
        for step in range(600):
            if py.is_over:
                break
            if step % 5 == 0:
                before, history = na.data(), list(na.history)
                for action in [*_illegal_pool(py, rng), "END_TURN", Action(T.END_TURN, "x")]:  # type: ignore[arg-type]
                    assert _error(na, action) == _error(py, action)
                    checked += 1
                assert na.data() == before and na.history == history
            action = bots[py.decider].act(py.view())
            py.step(action)
            na.step(action)
        _same(py, na)
    assert checked > 300
    assert issubclass(MalformedActionError, IllegalActionError)
    py, na = _pair(8, 3, ExplicitRoller())  # at a chance node no coach decides
    assert na.decider == 2
    assert _error(na, Action(T.END_TURN)) == _error(py, Action(T.END_TURN))
    with pytest.raises(IllegalActionError, match="is not an outcome of"):
        na.apply_chance((1, 2, 3))


def test_explicit_chance_and_outcomes_as_the_python_engine() -> None:
    rng = random.Random(9)
    compared = 0
    for seed, board in ((9, 1), (10, 3), (11, 5)):
        py, na = _pair(seed, board, ExplicitRoller())
        bots = (RandomPlayer(seed), RandomPlayer(seed + 1))
        for step in range(400):
            if py.is_over:
                break
            _same(py, na)
            if py.decider == 2:
                options = py.chance_outcomes()
                assert na.chance_outcomes() == options
                if step % 3 == 0:
                    assert na.sample_chance() == py.sample_chance()
                else:
                    outcome = options[rng.randrange(len(options))][0]
                    py.apply_chance(outcome)
                    na.apply_chance(outcome)
                continue
            action = bots[py.decider].act(py.view())
            if step % 4 == 0:
                try:
                    want = {g.state.key(): (p, g.history) for g, p in py.transitions(action, max_states=80)}
                except InputError:
                    want = None
                if want is not None:
                    outs = na.transitions(action, max_states=80)
                    assert {g.state.key(): (p, g.history) for g, p in outs} == want
                    assert len(outs) == len(want) and all(g.engine == "native" for g, _ in outs)
                    compared += 1
            py.step(action)
            na.step(action)
    assert compared > 20


def _dodge(engine: str, script: list[tuple[Dice, Outcome]]) -> tuple[Scenario, Game]:
    sc = Scenario(script=script, engine=engine)
    sc.put(LINEMAN, (10, 7)).put(O_LINE, (11, 7))
    game = sc.start(active=0)
    game.step(Action(T.START_MOVE, LINEMAN))
    return sc, game


def test_the_scripted_roller_as_the_python_one() -> None:
    # a dodge (4+) and an armour roll after its failure; the queue lives in the native engine
    games = {e: _dodge(e, d6(2) + two_d6(3, 4)) for e in ("python", "native")}
    (psc, py), (nsc, na) = games["python"], games["native"]
    assert type(nsc.roller.queue).__name__ == "Script" and roller_of(na) is nsc.roller
    assert len(nsc.roller.queue) == len(psc.roller.queue) == 2
    for game in (py, na):
        game.step(Action(T.MOVE, None, (9, 8)))
    _same(py, na)
    assert len(nsc.roller.queue) == len(psc.roller.queue) == 0
    assert [e for e in na.history if e[0] == "c"] == [("c", 2), ("c", (3, 4))]
    # what happens when the script runs out, or holds the wrong kind or an impossible outcome
    for script in ([], d6(5), two_d6(9, 9)):
        errors = []
        for engine in ("python", "native"):
            _sc, game = _dodge(engine, d6(2) + script)
            with pytest.raises(RollerError) as info:
                game.step(Action(T.MOVE, None, (9, 8)))
            errors.append((str(info.value), game.state.key(), game.decider, list(game.history)))
        assert errors[0] == errors[1]
        assert ("empty", "has a D6 (5) next", "impossible")[len(script) and 1 + (script == two_d6(9, 9))] \
            in errors[0][0]
    # the game waits at that chance node: more dice go on where it stopped
    games = {e: _dodge(e, d6(2)) for e in ("python", "native")}
    for sc, game in games.values():
        with pytest.raises(RollerError):
            game.step(Action(T.MOVE, None, (9, 8)))
        sc.roller.extend(two_d6(5, 6))
        game.apply_chance((2, 2))
    (_, py), (_, na) = games["python"], games["native"]
    _same(py, na)


def test_a_scripted_clone_has_its_own_queue_and_a_refused_action_leaves_it() -> None:
    sc, na = _dodge("native", d6(5, 6))
    twin = na.clone()
    assert roller_of(twin).queue is not sc.roller.queue and len(roller_of(twin).queue) == 2
    twin.step(Action(T.MOVE, None, (9, 8)))
    assert len(roller_of(twin).queue) == 1 and len(sc.roller.queue) == 2
    # a refused action leaves the game and its script as they were
    before, history = na.state.key(), list(na.history)
    with pytest.raises(IllegalActionError):
        na.step(Action(T.MOVE, None, (15, 1)))
    assert na.state.key() == before and len(sc.roller.queue) == 2 and na.history == history


def test_views_have_their_own_dice_and_are_the_python_engines_views() -> None:
    py, na = _pair(12, 5)
    na.roller = ScriptedRoller(d6(6, 6, 6))  # the live game knows its next dice
    view = na.view()
    assert view.config.seed is None and view.engine == "native"
    assert not hasattr(view.roller, "queue")
    assert view.state.rng != na.state.rng and na.view().state.rng == view.state.rng
    assert view.view().state.rng != view.state.rng
    bots = (RandomPlayer(12), RandomPlayer(13))
    py, na = _pair(12, 5)
    for _ in range(80):
        assert na.view().state.key() == py.view().state.key()  # the same secret mixing
        action = bots[py.decider].act(py.view())
        py.step(action)
        na.step(action)
    before = na.state.key()
    played = na.view()
    while not played.is_over:
        played.step(bots[played.decider].act(played))
    assert na.state.key() == before


def test_views_do_not_know_the_future_dice() -> None:
    """As tests/api/test_game_views.py checks it for the Python engine: stepping an action on a
    view lands in the live game's outcome about as often as two independent draws would."""
    agree = clone_agree = positions = 0
    mean = var = 0.0
    for seed in range(16):
        game = Game.new("human", "orc", seed=seed, board=(1, 3, 5)[seed % 3], engine="native")
        bots = (RandomPlayer(seed), RandomPlayer(seed + 1))
        rng = random.Random(seed)
        while not game.is_over and positions < 8 * (seed + 1):
            action = bots[game.decider].act(game.view())
            if rng.random() < 0.3:
                try:
                    outs = game.transitions(action, max_states=60)
                except InputError:
                    outs = []
                if len(outs) > 1:
                    classes: dict[object, float] = {}
                    for g, p in outs:
                        classes[g.state.key()] = classes.get(g.state.key(), 0.0) + float(p)
                    real, guess, twin = game.clone(), game.view(), game.clone()
                    for g in (real, guess, twin):
                        g.step(action)
                    agree += real.state.key()[:14] == guess.state.key()[:14]
                    clone_agree += real.state.key() == twin.state.key()
                    q = sum(p * p for p in classes.values())
                    mean += q
                    var += q * (1 - q)
                    positions += 1
            game.step(action)
    assert positions >= 60
    assert agree <= mean + 4 * math.sqrt(var), (agree, mean, positions)
    assert clone_agree == positions > mean + 4 * math.sqrt(var)


def test_nuffle_engine_native_is_the_default_everywhere(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("NUFFLE_ENGINE", "native")
    game = Game.new("human", "orc", seed=2, board=3)
    assert game.engine == "native"
    assert Game.from_position(game.to_position()).engine == "native"
    assert Scenario().put(LINEMAN, (10, 7)).start().engine == "native"
    assert Scenario(engine="python").put(LINEMAN, (10, 7)).start().engine == "python"
    play(game, make_agent("random", 1), make_agent("random", 2))
    again = replay(to_record(game))
    assert again.engine == "native" and fingerprint(again) == fingerprint(game)

    class Odd(Roller):
        def resolve(self, event: object, rng: int) -> tuple[int, int]:
            return 1, rng

    with pytest.raises(InputError, match="rolls with a SampledRoller, ScriptedRoller or ExplicitRoller"):
        Game.new(roller=Odd())


def test_fingerprints_agree_across_engines_and_old_records_still_load() -> None:
    py, na = _pair(3, 3)
    bots = (RandomPlayer(3), RandomPlayer(4))
    while not py.is_over:
        action = bots[py.decider].act(py.view())
        py.step(action)
        na.step(action)
    assert fingerprint(py) == fingerprint(na)
    record = to_record(py)
    record["final"]["fingerprint"] = legacy_fingerprint(py)  # as records were written before
    assert replay(record).state.key() == py.state.key()


BOTS = ("random", "scripted", "grod")


@pytest.mark.parametrize("bot", BOTS)
def test_play_gives_identical_results_on_both_engines(bot: str) -> None:
    for board, seed in ((1, 1), (3, 2), (5, 3)):
        games = []
        for engine in ("python", "native"):
            game = Game.new("human", "orc", seed=seed, board=board, engine=engine)
            games.append(play(game, make_agent(bot, seed * 2 + 1), make_agent(bot, seed * 2 + 2)))
        py, na = games
        assert py.is_over and na.is_over
        assert na.result == py.result and na.history == py.history
        assert fingerprint(na) == fingerprint(py) and na.box_score() == py.box_score()


RACES = (("human", "orc"), ("dwarf", "wood-elf"), ("dark-elf", "lizardman"), ("high-elf", "chaos"),
         ("skaven", "norse"), ("amazon", "halfling"), ("goblin", "ogre"))


@pytest.mark.slow
@pytest.mark.parametrize("bot", BOTS)
def test_play_gives_identical_results_on_both_engines_on_every_board(bot: str) -> None:
    """Every board and a dozen races: every game runs to its end on both engines, alike."""
    for i, board in enumerate((1, 3, 5, 7, 11, 5, 3)):
        home, away = RACES[i]
        seed = 4 + i
        py = play(Game.new(home, away, seed=seed, board=board, engine="python"),
                  make_agent(bot, seed * 2 + 1), make_agent(bot, seed * 2 + 2))
        na = play(Game.new(home, away, seed=seed, board=board, engine="native"),
                  make_agent(bot, seed * 2 + 1), make_agent(bot, seed * 2 + 2))
        assert na.is_over and na.history == py.history and fingerprint(na) == fingerprint(py)


def test_skills_given_before_the_start_play_alike(native: ModuleType) -> None:
    """A Python game changed before it starts continues natively (`testing.on_engine`)."""
    from nuffle.testing import grant_random_skills, on_engine

    pool = [Skill.DODGE, Skill.BLOCK, Skill.SURE_HANDS, Skill.GUARD, Skill.MIGHTY_BLOW, Skill.TACKLE]
    for seed in range(3):
        game = Game.new("human", "orc", seed=seed, board=5, engine="python")
        grant_random_skills(game, pool, 2, seed)
        twin = on_engine(game, "native")
        assert twin.engine == "native" and twin.state.key() == game.state.key()
        bots = (RandomPlayer(seed), RandomPlayer(seed + 1))
        while not game.is_over:
            action = bots[game.decider].act(game.view())
            game.step(action)
            twin.step(action)
        assert twin.history == game.history and twin.state.key() == game.state.key()


def test_positions_the_native_state_cannot_hold_are_position_errors_and_reload_takes_changes() -> None:
    from nuffle.core.position import PositionError
    from nuffle.testing import grant_random_skills

    data = Game.new("human", "orc", seed=1, board=3).to_position()
    data["stats"][0][3] = 1_000_000
    with pytest.raises(PositionError, match=r"'stats'\[0\]\[3\] is 1000000, outside") as info:
        Game.from_position(data, engine="native")
    assert "\n" not in str(info.value)
    py, na = _pair(2, 5)
    for game in (py, na):
        grant_random_skills(game, [Skill.DODGE, Skill.BLOCK, Skill.SURE_FEET], 2, 2)
    _same(py, na)
    assert isinstance(na, NativeGame)
    dodgers = [p["skills"] for p in na.data()["players"] if int(Skill.DODGE) in p["skills"]]
    assert dodgers and len(dodgers) == sum(Skill.DODGE in p.skills for p in py.state.info)
    bots = (RandomPlayer(2), RandomPlayer(3))
    while not py.is_over:
        action = bots[py.decider].act(py.view())
        py.step(action)
        na.step(action)
    _same(py, na)
