"""BB2020's prayers that mark a player (TABLES §12), on both engines with forced dice: Stiletto
(a random own player gains Stab), Iron Man (a chosen one AV +1, at most 11+), Knuckle Dusters
(a chosen one gains Mighty Blow), Greasy Cleats (a random opponent MA -1), Blessed Statue of
Nuffle (a chosen one gains Pro). One mechanism (procedures/prayers.py `PrayerGift`, `give`,
`expire`; procs/prayers.hpp): the player's marks, his changed profile, taken back when the
prayer ends; the pre-game's prayers pick their player before the match."""

from __future__ import annotations

import importlib.util
from dataclasses import replace
from fractions import Fraction

import pytest

from nuffle.core.actions import Action, ActionType
from nuffle.core.decision import DecisionKind
from nuffle.core.dice import Dice, ExplicitRoller, ScriptedRoller, coin, two_d6
from nuffle.core.game import Game
from nuffle.core.position import PositionError, position_from_dict, position_to_dict
from nuffle.core.position_limits import check_limits
from nuffle.core.procedures.match import EndDrive
from nuffle.core.procedures.prayers import GIFTS, PrayerGift
from nuffle.core.ruleset import draft_ruleset
from nuffle.core.skills import Skill
from nuffle.core.teams import TeamSpec
from nuffle.testing import Scenario, bb2020_team, legal_group

BB2020 = draft_ruleset("bb2020")
HAS_NATIVE = importlib.util.find_spec("nuffle._native") is not None
NO_NATIVE = pytest.mark.skipif(not HAS_NATIVE, reason="no native extension")
ENGINES = ["python", pytest.param("native", marks=NO_NATIVE)]
SQUARES = [(10, 5), (10, 6), (10, 7), (10, 8)]  # home players on the pitch
ORCS = [(11, 5), (11, 6), (11, 7)]


def _scenario(engine: str, script: list[tuple[Dice, int]] | None = None
              ) -> tuple[Scenario, list[int], list[int]]:
    """Four home players and three orcs on the pitch (the others in reserves)."""
    sc = Scenario(bb2020_team("human"), bb2020_team("orc"), script=script or [], engine=engine, rules=BB2020)
    home = list(sc.state.team_players(0))[: len(SQUARES)]
    orcs = list(sc.state.team_players(1))[: len(ORCS)]
    for pid, sq in zip(home + orcs, SQUARES + ORCS, strict=True):
        sc.put(pid, sq)
    return sc, home, orcs


def _gift(engine: str, side: int, name: str, script: list[tuple[Dice, int]] | None = None,
          setup: dict[int, dict[str, int]] | None = None,
          loner: tuple[int, ...] = ()) -> tuple[Game, list[int], list[int]]:
    """Prayer `name` of `side` in effect and its PrayerGift run on `_scenario`'s position;
    `setup` changes the stats of home players by index (0-3), `loner` gives them Loner."""
    sc, home, orcs = _scenario(engine, script)
    sc.pray(side, name)
    for i, stats in (setup or {}).items():
        sc.grant(home[i], **stats)
    for i in loner:
        sc.grant(home[i], Skill.LONER)
    game = sc.start(proc=PrayerGift(side, BB2020.prayer_number(name)))
    return game, home, orcs


def _marked(game: Game, n: int) -> list[int]:
    return [p.pid for p in game.state.info if p.marks >> (n - 1) & 1]


def test_the_gifts_are_the_tables_prayers() -> None:
    """GIFTS is keyed by the table's result numbers."""
    names = {BB2020.prayers[n - 1][0]: g for n, g in GIFTS.items()}
    assert names == {
        "Stiletto": GIFTS[3], "Iron Man": GIFTS[4], "Knuckle Dusters": GIFTS[5], "Bad Habits": GIFTS[6],
        "Greasy Cleats": GIFTS[7], "Blessed Statue of Nuffle": GIFTS[8], "Intensive Training": GIFTS[16]}
    assert names["Stiletto"].skill == Skill.STAB and not names["Stiletto"].chosen
    assert names["Greasy Cleats"].ma == -1 and not names["Greasy Cleats"].own
    assert names["Iron Man"].av == 1 and names["Knuckle Dusters"].skill == Skill.MIGHTY_BLOW
    assert names["Blessed Statue of Nuffle"].skill == Skill.PRO


@pytest.mark.parametrize("engine", ENGINES)
@pytest.mark.parametrize("pick", [0, 2])
def test_stiletto_gives_stab_to_a_random_own_player(engine: str, pick: int) -> None:
    """A PICK among the home players on the pitch without Loner (a Loner player is left out)."""
    game, home, _ = _gift(engine, 0, "Stiletto", [(Dice.PICK, pick)], loner=(3,))
    assert game.is_over
    got = _marked(game, 3)
    assert got == [home[pick]] and Skill.STAB in game.state.info[home[pick]].skills
    assert all(Skill.STAB not in game.state.info[p].skills for p in home if p != home[pick])


@pytest.mark.parametrize("engine", ENGINES)
def test_the_pick_is_over_the_candidates_only(engine: str) -> None:
    """Loner players and those already having the skill are not candidates: the PICK is over
    the others, with exact equal odds (`chance_outcomes`)."""
    sc = Scenario(bb2020_team("human"), bb2020_team("orc"), engine=engine, rules=BB2020)
    sc.roller = ExplicitRoller()  # type: ignore[assignment]
    sc.pray(0, "Stiletto")
    home = list(sc.state.team_players(0))[:4]
    for pid, sq in zip(home, SQUARES, strict=True):
        sc.put(pid, sq)
    sc.grant(home[0], Skill.LONER).grant(home[1], Skill.STAB)
    game = sc.start(proc=PrayerGift(0, 3))
    outs = game.chance_outcomes()
    assert [o.probability for o in outs] == [Fraction(1, 2)] * 2
    g = game.clone()
    g.apply_chance(outs[1].value)
    assert _marked(g, 3) == [home[3]]


@pytest.mark.parametrize("engine", ENGINES)
def test_greasy_cleats_slows_a_random_opponent(engine: str) -> None:
    """The away team's Greasy Cleats: a random home player on the pitch loses 1 MA (an MA 1
    player is not a candidate)."""
    base = _scenario("python")[0].state.info
    game, home, _ = _gift(engine, 1, "Greasy Cleats", [(Dice.PICK, 1)], {0: {"ma": 1}})
    target = home[2]  # candidates: home[1..3]
    assert _marked(game, 7) == [target]
    assert game.state.info[target].ma == base[target].ma - 1
    others = [p for p in home[1:] if p != target]
    assert [game.state.info[p].ma for p in others] == [base[p].ma for p in others]


@pytest.mark.parametrize("engine", ENGINES)
@pytest.mark.parametrize(("name", "check"), [
    ("Knuckle Dusters", lambda before, after: Skill.MIGHTY_BLOW in after.skills and after.av == before.av),
    ("Blessed Statue of Nuffle", lambda before, after: Skill.PRO in after.skills),
    ("Iron Man", lambda before, after: after.av == before.av + 1 and after.skills == before.skills),
])
def test_a_chosen_own_player_gets_the_gift(engine: str, name: str, check: object) -> None:
    """The praying coach chooses (a TOUCHBACK decision, SELECT_PLAYER over the candidates: for
    Iron Man not a player with AV 11+)."""
    game, home, _ = _gift(engine, 0, name, setup={0: {"av": 11}})
    d = game.decision()
    assert d.kind is DecisionKind.TOUCHBACK and d.side == 0
    want = home[1:] if name == "Iron Man" else home
    assert sorted(legal_group(game, ActionType.SELECT_PLAYER).players) == sorted(want)
    before = game.state.info[home[2]]
    game.step(Action(ActionType.SELECT_PLAYER, home[2]))
    assert game.is_over
    assert _marked(game, BB2020.prayer_number(name)) == [home[2]]
    assert check(before, game.state.info[home[2]])  # type: ignore[operator]


@pytest.mark.parametrize("engine", ENGINES)
def test_a_drive_gift_ends_with_the_drive_and_a_game_one_stays(engine: str) -> None:
    """Knuckle Dusters (drive) is taken back at the drive's end; Iron Man (game) stays."""
    sc = Scenario(bb2020_team("human"), bb2020_team("orc"), engine=engine, rules=BB2020)
    sc.pray(0, "Knuckle Dusters", "Iron Man")
    s = sc.state
    a, b = list(s.team_players(0))[:2]
    before_a, before_b = s.info[a], s.info[b]
    dusters = replace(before_a, skills=BB2020.skill_set(before_a.skills | {Skill.MIGHTY_BLOW}), marks=1 << 4)
    iron = replace(before_b, av=before_b.av + 1, marks=1 << 3)
    s.info = tuple(dusters if p.pid == a else iron if p.pid == b else p for p in s.info)
    game = sc.start(proc=EndDrive(False))
    info = game.state.info
    assert info[a].skills == before_a.skills and info[a].marks == 0
    assert info[b].av == before_b.av + 1 and info[b].marks == 1 << 3
    assert game.prayers()["home"]["active"] == ("Iron Man",)


def _prayer_team(*prayers: str) -> TeamSpec:
    return replace(bb2020_team("human"), prayers=prayers)


@pytest.mark.parametrize("engine", ENGINES)
def test_the_pregames_prayers_pick_their_players_first(engine: str) -> None:
    """A match started with Knuckle Dusters (home) and Stiletto (away): home chooses among its
    reserves before anything else, then away's random pick (forced), then the match."""
    home = _prayer_team("Knuckle Dusters")
    away = replace(bb2020_team("orc"), prayers=("Stiletto",))
    roller = ScriptedRoller([(Dice.PICK, 0), *two_d6(3, 4), *coin(0)])  # Stiletto, weather, coin
    game = Game.new(home, away, seed=1, ruleset=BB2020, engine=engine, roller=roller)
    d = game.decision()
    assert d.kind is DecisionKind.TOUCHBACK and d.side == 0
    reserves = [p for p in game.state.team_players(0) if Skill.MIGHTY_BLOW not in game.state.info[p].skills]
    assert sorted(legal_group(game, ActionType.SELECT_PLAYER).players) == sorted(
        p for p in reserves if Skill.LONER not in game.state.info[p].skills)
    chosen = reserves[1]
    game.step(Action(ActionType.SELECT_PLAYER, chosen))
    assert not roller.queue and game.decision().kind is DecisionKind.KICK_OR_RECEIVE
    first_orc = game.state.ranges[1][0]
    assert _marked(game, 3) == [first_orc] and Skill.STAB in game.state.info[first_orc].skills
    assert Skill.MIGHTY_BLOW in game.state.info[chosen].skills


@pytest.mark.parametrize("engine", ENGINES)
def test_a_stab_gift_acts(engine: str) -> None:
    """The Stiletto player may Stab the orc next to him in a Block action (the engines read the
    gift as his skill); a team-mate without it may not."""
    sc, home, _ = _scenario(engine, [(Dice.PICK, 0)])
    sc.pray(0, "Stiletto")
    g0 = sc.start(proc=PrayerGift(0, 3))
    sc2, _, _ = _scenario(engine)
    sc2.pray(0, "Stiletto")
    sc2.state.info = g0.state.info
    game = sc2.start(active=0)
    for pid, stabs in ((home[0], True), (home[1], False)):
        g = game.clone()
        g.step(Action(ActionType.START_BLOCK, pid))
        assert (ActionType.STAB in {c.type for c in g.legal_actions()}) is stabs


def test_a_position_keeps_the_marks() -> None:
    """`players[i].marks` is written only for a marked player and read back with his changed
    profile (drafts' positions are refused, so an LRB6 state carries the marks here)."""
    game, home, _ = _gift("python", 0, "Stiletto", [(Dice.PICK, 1)])
    marked = game.state.info[home[1]]
    s = Scenario("human", "orc").start(active=0).state.copy()
    s.info = (*s.info[:home[1]], replace(s.info[home[1]], skills=marked.skills, marks=marked.marks),
              *s.info[home[1] + 1:])
    data = position_to_dict(s)
    assert data["players"][home[1]]["marks"] == 1 << 2
    assert all("marks" not in p for i, p in enumerate(data["players"]) if i != home[1])
    back = position_from_dict(data)
    assert back.info[home[1]].marks == 1 << 2 and Skill.STAB in back.info[home[1]].skills
    assert "marks" not in str(position_to_dict(Scenario("human", "orc").start(active=0).state)["players"])


def test_a_mark_of_a_prayer_in_effect_for_no_team_is_refused() -> None:
    """The positions' checks: a player's marks name prayers in effect."""
    game = _gift("python", 0, "Stiletto", [(Dice.PICK, 1)])[0]
    check_limits(game.state)
    s = game.state.copy()
    s.teams[0].prayers = 0
    with pytest.raises(PositionError, match=r"\.marks holds a prayer in effect for neither team"):
        check_limits(s)


def test_the_observation_sees_a_gift() -> None:
    """The Python encoder's per-match player tables follow a gift (the MA layer of a player
    Greasy Cleats slowed): the same observation as from tables built afresh."""
    import numpy as np

    from nuffle.core.procedures.prayers import give
    from nuffle.envs.observation import ObservationEncoder, StaticPlayers

    sc, home, _ = _scenario("python")
    game = sc.pray(1, "Greasy Cleats").start(active=0)
    encoder = ObservationEncoder(11)
    static = StaticPlayers(game.state)
    none = np.zeros(0, dtype=np.int64)
    before = encoder.encode(game.state, game.decision(), 0, static, none)[0]
    s = game.state.copy()
    give(s, home[0], 7)
    after = encoder.encode(s, game.decision(), 0, static, none)[0]
    fresh = ObservationEncoder(11).encode(s, game.decision(), 0, StaticPlayers(s), none)[0]
    assert np.array_equal(after, fresh) and not np.array_equal(after, before)
