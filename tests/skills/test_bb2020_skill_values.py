"""BB2020's skills with a value on both engines (SKILLS.md, `skill_values`): Loner (X+), Bloodlust
(X+), Dirty Player (+X), Mighty Blow (+X) and Animosity (who), each at a value other than LRB6's,
carried from the roster (or granted) into the match, and written in positions only when not the
default."""

from __future__ import annotations

import importlib.util
from dataclasses import replace

import pytest

from nuffle.core.actions import Action, ActionType
from nuffle.core.bb2020.match_form import skill_values
from nuffle.core.bb2020.rosters import team
from nuffle.core.bb2020.skills import RosterSkill, catalogue
from nuffle.core.decision import DecisionKind
from nuffle.core.dice import Dice, Outcome, block, d6, two_d6
from nuffle.core.game import Game
from nuffle.core.native_state import state_data
from nuffle.core.position import PositionError, position_from_dict, position_to_dict
from nuffle.core.ruleset import draft_ruleset
from nuffle.core.skill_values import skill_value
from nuffle.core.skills import Skill
from nuffle.core.teams import TeamError
from nuffle.core.types import PF, BlockFace, Status
from nuffle.parity import bb2020_teams, run_parity
from nuffle.testing import FOUL_SQUARES, Scenario, bb2020_team, foul, foul_scenario, roller_of

BB2020 = draft_ruleset("bb2020")
HAS_NATIVE = importlib.util.find_spec("nuffle._native") is not None
NO_NATIVE = pytest.mark.skipif(not HAS_NATIVE, reason="no native extension")
ENGINES = ["python", pytest.param("native", marks=NO_NATIVE)]
T = ActionType
Script = list[tuple[Dice, Outcome]]


# --- carried from the roster, kept only when not the default -----------------------------------


def test_roster_values_reach_the_players() -> None:
    """The Old World Alliance's Dwarfs play Loner (3+), its Human Loner (4+) Ogre the default;
    a Vampire Blitzer Bloodlust (3+), a Runner the default (2+); positions keep the values."""
    sc = Scenario(bb2020_team("old-world-alliance"), bb2020_team("vampire"), rules=BB2020)
    s = sc.state
    dwarf, human = sc.pid(0, "Old World Dwarf Blitzer"), sc.pid(0, "Old World Human Blitzer")
    blitzer, runner = sc.pid(1, "Vampire Blitzer"), sc.pid(1, "Vampire Runner")
    assert skill_value(s, dwarf, Skill.LONER) == 3 and s.info[dwarf].values == ((Skill.LONER, 3),)
    assert skill_value(s, blitzer, Skill.BLOOD_LUST) == 3
    assert skill_value(s, runner, Skill.BLOOD_LUST) == 2 and s.info[runner].values == ()
    human_who = skill_value(s, human, Skill.ANIMOSITY)  # all Dwarf and Halfling team-mates
    covered = {s.info[q].position for q in range(len(s.info)) if s.info[q].team == 0 and human_who >> q & 1}
    assert covered == {"Old World Human Blitzer", "Old World Halfling Hopeful", "Old World Dwarf Blitzer",
                       "Old World Dwarf Blocker", "Old World Dwarf Runner", "Old World Dwarf Troll Slayer"}
    entries = position_to_dict(s)["players"]
    assert entries[dwarf]["values"] == [["LONER", 3]] and "values" not in entries[runner]


def test_deathroller_values_and_unreadable_ones() -> None:
    """The Deathroller: Dirty Player (+2) and Loner (5+) kept, Mighty Blow (+1) the default; an
    Animosity naming nobody the data knows, or a value that is no number, is one TeamError."""
    sc = Scenario(bb2020_team("dwarf", {10: "Deathroller"}), bb2020_team("orc"), rules=BB2020)
    roller = sc.pid(0, "Deathroller")
    assert sc.state.info[roller].values == ((Skill.DIRTY_PLAYER, 2), (Skill.LONER, 5))
    assert skill_value(sc.state, roller, Skill.MIGHTY_BLOW) == 1
    blitzer = team("orc").positional("Blitzer")
    assert blitzer is not None and skill_values(blitzer) == ((), "all team-mates")
    for name, value in (("Animosity", "all Elves"), ("Loner", "often")):
        rs = RosterSkill(catalogue().skills[name], value)
        with pytest.raises(TeamError):
            skill_values(replace(blitzer, skills=(rs,)))


def test_positions_read_values_back() -> None:
    """A position's values come back as they were; a bad one is a PositionError."""
    data = position_to_dict(Game.new("human", "orc", seed=1).state)
    data["players"][3]["values"] = [["DIRTY_PLAYER", 2], ["LONER", 3]]
    info = position_from_dict(data).info
    assert info[3].values == ((Skill.DIRTY_PLAYER, 2), (Skill.LONER, 3))
    assert position_to_dict(position_from_dict(data))["players"][3]["values"] == data["players"][3]["values"]
    for bad in ([["LONER", 9]], [["BLOCK", 1]], [["LONER", 4]], [["LONER", 3], ["DIRTY_PLAYER", 2]]):
        data["players"][3]["values"] = bad
        with pytest.raises(PositionError):
            position_from_dict(data)


def test_lrb6_players_have_no_values() -> None:
    """LRB6 teams: no values, nothing written (positions and records as they were)."""
    game = Game.new("human", "orc", seed=1)
    assert all(p.values == () for p in game.state.info)
    assert all("values" not in p for p in position_to_dict(game.state)["players"])


@pytest.mark.skipif(not HAS_NATIVE, reason="no native extension")
def test_values_cross_the_bridge() -> None:
    """The native engine keeps every value (Animosity's mask too) and gives it back."""
    sc = Scenario(bb2020_team("old-world-alliance"), bb2020_team("vampire"), rules=BB2020, engine="native")
    sc.value(sc.pid(1, "Thrall Lineman"), {Skill.DIRTY_PLAYER: 2, Skill.MIGHTY_BLOW: 3})
    game = sc.start(active=0)
    assert game.data()["players"] == state_data(sc.state)["players"]  # type: ignore[attr-defined]
    assert any(p["values"] for p in game.data()["players"])  # type: ignore[attr-defined]



@pytest.mark.skipif(not HAS_NATIVE, reason="no native extension")
@pytest.mark.parametrize("bad", [[[110, 9]], [[0, 1]], [[110]], [[101, 1 << 16]], [[110, 3]] * 6])
def test_native_refuses_bad_values(bad: list[list[int]]) -> None:
    """The bridge refuses a value out of range, on a skill with none, malformed, or too many."""
    from nuffle.core.engines import native_module
    from nuffle.core.native_state import native_board

    data = state_data(Game.new("human", "orc", seed=1).state)
    data["players"][0]["values"] = bad
    with pytest.raises((ValueError, TypeError)) as err:
        native_module().State.load(native_board(11), data)
    assert str(err.value) and "\n" not in str(err.value)

# --- Loner (X+) ----------------------------------------------------------------------------------


def _dwarf_dodge(engine: str, script: Script) -> tuple[Game, int]:
    """The Old World Alliance's Dwarf Blitzer (Loner (3+), AG 3+) dodges away from an Orc and
    fails (1); the team re-roll is offered and taken."""
    sc = Scenario(bb2020_team("old-world-alliance"), bb2020_team("orc"), script=d6(1) + script,
                  engine=engine, rules=BB2020)
    sc.set(rerolls=(2, 2))
    dwarf, orc = sc.pid(0, "Old World Dwarf Blitzer"), sc.pid(1, "Big Un Blocker")
    sc.put(dwarf, (10, 7)).put(orc, (11, 7))
    game = sc.start(active=0)
    game.step(Action(T.START_MOVE, dwarf))
    game.step(Action(T.MOVE, None, (9, 8)))
    assert T.USE_REROLL in game.legal_actions().types()
    game.step(Action(T.USE_REROLL))
    return game, dwarf


@pytest.mark.parametrize("engine", ENGINES)
def test_loner_three_plus_uses_the_reroll_on_a_three(engine: str) -> None:
    """Loner (3+): a 3 lets the re-roll go ahead (6: he stands); a 2 wastes it (he falls, 1+1
    holds his armour)."""
    game, dwarf = _dwarf_dodge(engine, d6(3, 6))
    assert game.state.status[dwarf] == Status.STANDING
    assert not roller_of(game).queue
    game, dwarf = _dwarf_dodge(engine, d6(2) + two_d6(1, 1))
    assert game.state.status[dwarf] == Status.PRONE
    assert not roller_of(game).queue


@pytest.mark.parametrize("engine", ENGINES)
def test_loner_value_on_the_block_dice_reroll(engine: str) -> None:
    """A Loner (2+) granted for a block's re-roll: a 2 re-rolls the dice (LRB6's 4+ would not)."""
    sc = Scenario(bb2020_team("human"), bb2020_team("orc"), rules=BB2020, engine=engine,
                  script=block(BlockFace.ATTACKER_DOWN) + d6(2) + block(BlockFace.PUSHED))
    sc.set(rerolls=(2, 2))
    att, dfd = sc.pid(0, "Blitzer"), sc.pid(1, "Big Un Blocker")
    sc.grant(att, Skill.LONER).value(att, {Skill.LONER: 2}).grant(dfd, st=3)
    sc.put(att, (10, 7)).put(dfd, (11, 7))
    game = sc.start(active=0)
    game.step(Action(T.START_BLOCK, att))
    game.step(Action(T.BLOCK, None, (11, 7)))
    game.step(Action(T.USE_REROLL))
    assert T.SELECT_PUSHED in game.legal_actions().types()
    assert not roller_of(game).queue


# --- Bloodlust (X+) ------------------------------------------------------------------------------


@pytest.mark.parametrize("engine", ENGINES)
def test_blood_lust_three_plus_fails_on_a_two(engine: str) -> None:
    """Each rolls a 2 on activation: the Vampire Blitzer's Bloodlust (3+) fails (he must feed),
    the Runner's (2+) passes."""
    for position, hungry in (("Vampire Blitzer", True), ("Vampire Runner", False)):
        sc = Scenario(bb2020_team("vampire"), bb2020_team("orc"), script=d6(2), engine=engine, rules=BB2020)
        sc.set(rerolls=(0, 0))
        vampire = sc.pid(0, position)
        sc.put(vampire, (10, 7))
        game = sc.start(active=0)
        game.step(Action(T.START_MOVE, vampire))
        assert bool(game.state.pflags[vampire] & PF.MUST_FEED) is hungry
        assert not roller_of(game).queue


# --- Dirty Player (+X) and Mighty Blow (+X) ----------------------------------------------------


def _foul(engine: str, script: Script, plus: int) -> tuple[Game, int]:
    """A Human Blitzer with Dirty Player (+`plus`) fouls a prone Big Un Blocker (AV 10+)."""
    sc, fouler, victim, _, _ = foul_scenario(engine, script, BB2020)
    sc.grant(fouler, Skill.DIRTY_PLAYER).value(fouler, {Skill.DIRTY_PLAYER: plus})
    game = sc.start(active=0)
    foul(game, fouler, FOUL_SQUARES[1])
    if T.SELECT_ARMOUR in game.legal_actions().types():  # the bonus can break it: on the armour
        game.step(Action(T.SELECT_ARMOUR))
    return game, victim


@pytest.mark.parametrize("engine", ENGINES)
def test_dirty_player_plus_two(engine: str) -> None:
    """3+5 = 8 against AV 10+: +2 breaks it (the coach puts it on the armour; injury 1+2:
    Stunned), +1 does not; 4+6 breaks alone and the +2 goes on the injury (3+4+2 = 9: KO)."""
    game, victim = _foul(engine, two_d6(3, 5) + two_d6(1, 2), 2)
    assert game.state.status[victim] == Status.STUNNED
    assert not roller_of(game).queue
    game, victim = _foul(engine, two_d6(3, 5), 1)
    assert game.state.status[victim] == Status.PRONE
    assert not roller_of(game).queue
    game, victim = _foul(engine, two_d6(4, 6) + two_d6(3, 4), 2)
    assert game.state.status[victim] == Status.KO
    assert not roller_of(game).queue


def _knock_down(engine: str, script: Script, plus: int) -> tuple[Game, int]:
    """A Human Blitzer with Mighty Blow (+`plus`), ST 3 v 3, knocks the Big Un Blocker down."""
    sc, att, dfd, _, _ = foul_scenario(engine, block(BlockFace.DEFENDER_DOWN) + script, BB2020,
                                       victim=Status.STANDING)
    sc.grant(att, Skill.MIGHTY_BLOW).value(att, {Skill.MIGHTY_BLOW: plus}).grant(dfd, st=3)
    game = sc.start(active=0)
    game.step(Action(T.START_BLOCK, att))
    game.step(Action(T.BLOCK, None, FOUL_SQUARES[1]))
    game.step(Action(T.SELECT_DEFENDER_DOWN))
    game.step(Action(T.PUSH, None, (12, 7)))
    game.step(Action(T.DECLINE))
    return game, dfd


@pytest.mark.parametrize("engine", ENGINES)
def test_mighty_blow_plus_two(engine: str) -> None:
    """4+4 = 8 against AV 10+: +2 breaks it (injury 3+4: Stunned), +1 does not; 4+6 breaks
    alone and the +2 goes on the injury (3+4+2 = 9: KO)."""
    game, dfd = _knock_down(engine, two_d6(4, 4) + two_d6(3, 4), 2)
    assert game.state.status[dfd] == Status.STUNNED
    game, dfd = _knock_down(engine, two_d6(4, 4), 1)
    assert game.state.status[dfd] == Status.PRONE
    game, dfd = _knock_down(engine, two_d6(4, 6) + two_d6(3, 4), 2)
    assert game.state.status[dfd] == Status.KO
    assert not roller_of(game).queue


# --- Animosity (who) -----------------------------------------------------------------------------


def _handoff(engine: str, script: Script, to: str) -> tuple[Game, Scenario]:
    """Underworld Denizens: the Skaven Thrower (Animosity (Underworld Goblin Linemen)) holds the
    ball between a Goblin Lineman (9, 7) and a Clanrat (11, 7) and hands off to `to`."""
    team = bb2020_team("underworld-denizens", {6: "Underworld Goblin Lineman"})
    sc = Scenario(team, bb2020_team("orc"), script=script, engine=engine, rules=BB2020)
    sc.set(rerolls=(0, 0))
    thrower, rat = sc.pid(0, "Skaven Thrower"), sc.pid(0, "Skaven Clanrat")
    goblin = sc.pid(0, "Underworld Goblin Lineman")
    sc.put(thrower, (10, 7)).put(goblin, (9, 7)).put(rat, (11, 7)).give_ball(thrower)
    game = sc.start(active=0)
    game.step(Action(T.START_HANDOFF, thrower))
    game.step(Action(T.HANDOFF, None, (9, 7) if to == "goblin" else (11, 7)))
    return game, sc


@pytest.mark.parametrize("engine", ENGINES)
def test_animosity_applies_to_the_team_mates_it_names(engine: str) -> None:
    """To the Goblin Lineman: the Animosity D6 (1: he refuses, and may give the ball only to
    the Clanrat, whom it does not name); to the Clanrat: no roll, the catch (6) follows."""
    game, sc = _handoff(engine, d6(1), "goblin")
    assert game.decision().kind == DecisionKind.ANIMOSITY_TARGET
    assert [a.square for a in game.legal_actions() if a.type == T.HANDOFF] == [(11, 7)]
    assert not roller_of(game).queue
    game, sc = _handoff(engine, d6(6), "clanrat")
    assert game.state.ball == game.state.pos[sc.pid(0, "Skaven Clanrat")]
    assert not roller_of(game).queue


# --- parity: the valued skills dealt with values, both engines in lockstep ----------------------


def test_parity_deals_given_skills_with_values() -> None:
    """Under BB2020, a given Loner or Dirty Player comes with a value drawn from the rosters'
    range for each player, not always the default."""
    home, _ = bb2020_teams("human", "orc", False, frozenset({Skill.LONER, Skill.DIRTY_PLAYER}), 3)
    values = [dict(p.values) for p in home.players]
    assert {v.get(Skill.LONER, 4) for v in values} <= {2, 3, 4, 5}
    assert {v.get(Skill.DIRTY_PLAYER, 1) for v in values} == {1, 2}
    assert any(Skill.LONER in v for v in values)


@pytest.mark.skipif(not HAS_NATIVE, reason="no native extension")
def test_bb2020_parity_with_values() -> None:
    """Forced dice, the valued skills given with values and the rosters' own (Old World Alliance's
    Loner (3+) and Animosity, the Vampires' Bloodlust (3+), the Orcs' and Renegades' Animosity):
    the engines agree."""
    given = frozenset({Skill.LONER, Skill.DIRTY_PLAYER, Skill.MIGHTY_BLOW, Skill.BLOOD_LUST})
    report = run_parity(games=2, boards=(11,), dice="forced", given=given, ruleset="bb2020",
                        races_from=("old-world-alliance", "vampire", "orc", "chaos-renegades"))
    assert report.divergences == [] and len(report.games) == 2
