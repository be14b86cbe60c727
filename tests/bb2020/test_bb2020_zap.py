"""Zap! (BB2020 RULES §15), the Wizard's second spell under BB2020, on both engines with forced
dice: its targets (opposing players on the pitch, any state), the D6 against ST (a 1 never, a 6
always), the frog's profile for the rest of the match, a ball he held bouncing, and the frog
through positions and the observation tables."""

from __future__ import annotations

import importlib.util
from dataclasses import replace

import pytest

from nuffle.core.actions import ActionType
from nuffle.core.decision import DecisionKind
from nuffle.core.dice import d6, d8
from nuffle.core.game import Game
from nuffle.core.position import PositionError, position_to_dict
from nuffle.core.position_limits import check_limits
from nuffle.core.procedures.zap import (
    FROG_AG,
    FROG_AV,
    FROG_MA,
    FROG_MARK,
    FROG_PA,
    FROG_SKILLS,
    FROG_ST,
    zap_targets,
)
from nuffle.core.skills import Skill
from nuffle.core.types import BallState, Status
from nuffle.testing import Scenario, bb2020_scenario, do, legal_group, legal_types, on_engine, roller_of

HAS_NATIVE = importlib.util.find_spec("nuffle._native") is not None
ENGINES = ["python", pytest.param("native", marks=pytest.mark.skipif(not HAS_NATIVE, reason="no native"))]
T = ActionType
THROWER, BLITZER, ORC_BLITZER, BIG_UN, GOBLIN = 0, 2, 11, 12, 13  # bb2020_scenario's human / orc


def zap_scenario(engine: str, script: list, side: int = 0) -> Scenario:  # type: ignore[type-arg]
    """Humans against orcs under BB2020; `side` has its Wizard; a few players on the pitch."""
    sc = bb2020_scenario(script=script, engine=engine)
    sc.put(THROWER, (5, 5)).put(BLITZER, (13, 7))
    sc.put(ORC_BLITZER, (14, 7)).put(BIG_UN, (14, 8), Status.PRONE).put(GOBLIN, (15, 9))
    sc.state.teams[side].wizard = 1
    return sc


def cast_zap(game: Game, target: int) -> None:
    do(game, T.USE_LIGHTNING_BOLT)
    d = game.decision()
    assert d.kind == DecisionKind.WIZARD and d.action == T.USE_LIGHTNING_BOLT
    do(game, T.SELECT_PLAYER, target)


def assert_frog(game: Game, pid: int) -> None:
    p = game.state.info[pid]
    assert (p.ma, p.st, p.ag, p.pa, p.av) == (FROG_MA, FROG_ST, FROG_AG, FROG_PA, FROG_AV) == (5, 1, 2, 0, 5)
    assert set(p.skills) == set(FROG_SKILLS) == {Skill.DODGE, Skill.LEAP, Skill.NO_HANDS, Skill.STUNTY,
                                                 Skill.TITCHY, Skill.VERY_LONG_LEGS}
    assert p.values == () and p.marks == FROG_MARK


@pytest.mark.parametrize("engine", ENGINES)
def test_zap_targets_every_opposing_player_on_the_pitch_in_any_state(engine: str) -> None:
    game = zap_scenario(engine, []).start(active=0)
    assert {T.USE_FIREBALL, T.USE_LIGHTNING_BOLT} <= legal_types(game)
    do(game, T.USE_LIGHTNING_BOLT)
    # the prone Big Un too
    assert set(legal_group(game, T.SELECT_PLAYER).players) == {ORC_BLITZER, BIG_UN, GOBLIN}


@pytest.mark.parametrize("engine", ENGINES)
@pytest.mark.parametrize(("target", "roll", "zapped"), [
    (BIG_UN, 4, True), (BIG_UN, 3, False),  # ST 4: a 4 or more
    (ORC_BLITZER, 3, True), (ORC_BLITZER, 2, False),  # ST 3
    (GOBLIN, 2, True), (GOBLIN, 1, False),  # ST 2; a 1 never zaps
])
def test_zap_turns_him_into_a_frog_on_his_st_or_more(engine: str, target: int, roll: int,
                                                     zapped: bool) -> None:
    game = zap_scenario(engine, d6(roll)).start(active=0)
    before = game.state.info[target]
    status = game.state.status[target]
    cast_zap(game, target)
    s = game.state
    if zapped:
        assert_frog(game, target)
        assert s.info[target].number == before.number and s.info[target].position == before.position
    else:
        assert s.info[target] == before
    assert s.status[target] == status  # he keeps his state (the Big Un stays prone)
    assert s.teams[0].wizard == 0 and not s.turnover
    assert game.decision().kind == DecisionKind.SELECT_ACTION
    assert not {T.USE_FIREBALL, T.USE_LIGHTNING_BOLT} & legal_types(game)  # once a match
    assert not roller_of(game).queue


@pytest.mark.parametrize("engine", ENGINES)
def test_a_six_zaps_the_strongest(engine: str) -> None:
    sc = zap_scenario(engine, d6(6))
    sc.grant(BIG_UN, st=7)
    game = sc.start(active=0)
    cast_zap(game, BIG_UN)
    assert_frog(game, BIG_UN)


@pytest.mark.parametrize("engine", ENGINES)
def test_a_zapped_ball_carrier_drops_the_ball_and_it_bounces(engine: str) -> None:
    sc = zap_scenario(engine, d6(5) + d8(2)).give_ball(ORC_BLITZER)  # D8 2: one square up
    game = sc.start(active=0)
    cast_zap(game, ORC_BLITZER)
    s = game.state
    assert_frog(game, ORC_BLITZER)
    assert s.ball_state == BallState.ON_GROUND and s.ball == s.board.sq(14, 6)
    assert not s.turnover and game.decision().kind == DecisionKind.SELECT_ACTION
    assert not roller_of(game).queue


def test_the_opponents_wizard_zaps_the_other_side_and_a_frog_is_no_target() -> None:
    game = zap_scenario("python", d6(6), side=1).start(active=1)
    do(game, T.USE_LIGHTNING_BOLT)
    assert set(legal_group(game, T.SELECT_PLAYER).players) == {THROWER, BLITZER}
    do(game, T.SELECT_PLAYER, BLITZER)
    assert_frog(game, BLITZER)
    assert zap_targets(game.state, 1) == (THROWER,)


def test_a_frog_in_a_position_its_checks_and_the_native_bridge() -> None:
    """A position writes the frog's profile and mark (a draft's positions are not read back
    yet); the checks accept the mark under a ruleset whose Wizard zaps, and only there; the
    native engine takes the frog and gives him back."""
    game = zap_scenario("python", d6(4)).start(active=0)
    cast_zap(game, BIG_UN)
    s = game.state
    row = position_to_dict(s)["players"][BIG_UN]
    assert (row["ma"], row["st"], row["ag"], row["av"], row["marks"]) == (5, 1, 2, 5, FROG_MARK)
    assert "pa" not in row and "values" not in row and row["skills"] == sorted(k.name for k in FROG_SKILLS)
    check_limits(s)
    lrb6 = Scenario("human", "orc").start(active=0).state.copy()
    lrb6.info = (*lrb6.info[:BIG_UN], replace(lrb6.info[BIG_UN], marks=FROG_MARK), *lrb6.info[BIG_UN + 1:])
    with pytest.raises(PositionError, match=r"\.marks holds a prayer in effect for neither team"):
        check_limits(lrb6)
    if HAS_NATIVE:
        native = on_engine(game, "native")
        assert_frog(native, BIG_UN)
        assert native.state.key() == s.key()


def test_the_frog_is_in_the_state_key() -> None:
    a = zap_scenario("python", d6(4)).start(active=0)
    b = zap_scenario("python", d6(3)).start(active=0)
    cast_zap(a, BIG_UN)
    cast_zap(b, BIG_UN)
    assert a.state.key() != b.state.key()


def test_the_observation_follows_the_frog() -> None:
    """The Python encoder (BB2020's layout: its PA and extra-skill layers too) sees the frog:
    the same observation as from an encoder and tables built afresh."""
    import numpy as np

    from nuffle.envs.observation import ObservationEncoder, StaticPlayers
    from nuffle.envs.ruleset_layout import layout_for

    game = zap_scenario("python", d6(4)).start(active=0)
    s = game.state
    s.info = (*s.info[:GOBLIN], replace(s.info[GOBLIN], pa=3), *s.info[GOBLIN + 1:])  # Right Stuff, PA
    layout = layout_for(s.rules)
    encoder = ObservationEncoder(11, layout)
    static = StaticPlayers(s)
    none = np.zeros(0, dtype=np.int64)
    before = encoder.encode(s, game.decision(), 0, static, none)[0]
    game = zap_scenario("python", d6(4)).start(active=0)
    game.state.info = s.info
    cast_zap(game, GOBLIN)
    s = game.state
    after = encoder.encode(s, game.decision(), 0, static, none)[0]
    fresh = ObservationEncoder(11, layout).encode(s, game.decision(), 0, StaticPlayers(s), none)[0]
    assert np.array_equal(after, fresh) and not np.array_equal(after, before)
    assert static.ma[GOBLIN] == FROG_MA


def test_the_prompt_names_zap_under_bb2020() -> None:
    from nuffle.report.prompt import prompt

    game = zap_scenario("python", []).start(active=0)
    assert "Zap!" in prompt(game).choices[T.USE_LIGHTNING_BOLT.name]
    lrb6 = Scenario("human", "orc")
    lrb6.state.teams[0].wizard = 1
    assert "Lightning Bolt" in prompt(lrb6.start(active=0)).choices[T.USE_LIGHTNING_BOLT.name]
