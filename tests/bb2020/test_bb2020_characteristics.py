"""BB2020 characteristics on both engines: AG, PA and AV as "X+" targets, the PA characteristic,
the ruleset-chosen tests (core/characteristics.py, rules.hpp), and BB2020 teams in a match."""

from __future__ import annotations

import importlib.util
from dataclasses import replace

import pytest

from nuffle import teams_bb2020_match
from nuffle.core.actions import Action, ActionType
from nuffle.core.bb2020 import match_form
from nuffle.core.characteristics import (
    NO_PA_TARGET,
    ag_target,
    agility_target,
    armour_holds_to,
    pass_target,
)
from nuffle.core.dice import block, d6, two_d6
from nuffle.core.game import Game
from nuffle.core.hooks import implemented
from nuffle.core.procedures.movement import need
from nuffle.core.procedures.rolls import PlayerRoll
from nuffle.core.ruleset import LRB6, draft_ruleset
from nuffle.core.skills import BB2020_ONLY, LRB6_SKILLS, Skill
from nuffle.core.teams import TeamError, TeamSpec
from nuffle.core.types import BlockFace, Status
from nuffle.parity import parity_game
from nuffle.teams_bb2020 import build_team, check_team, suggest_team
from nuffle.teams_bb2020_match import engine_skill, match_team
from nuffle.testing import Scenario

BB2020 = draft_ruleset("bb2020")
HAS_NATIVE = importlib.util.find_spec("nuffle._native") is not None
needs_native = pytest.mark.skipif(not HAS_NATIVE, reason="the native extension is not built")
ENGINES = ["python", pytest.param("native", marks=needs_native)]
T = ActionType
#: The BB2020-only skills with handlers (the re-roll area's Brawler; the passing skills; the
#: movement skills' Drunkard, Hit and Run and Pogo Stick; the traits of
#: tests/skills/test_bb2020_trait_skills.py; fouls' Defensive; blocking's Iron Hard Skin and Arm Bar;
#: the special attacks; Cannoneer, Pile Driver, Fumblerooskie): every one of them.
DONE_BB2020 = frozenset({Skill.BRAWLER, Skill.CLOUD_BURSTER, Skill.MY_BALL, Skill.ON_THE_BALL,
                         Skill.RUNNING_PASS, Skill.SAFE_PAIR_OF_HANDS, Skill.SAFE_PASS, Skill.DRUNKARD,
                         Skill.HIT_AND_RUN, Skill.POGO_STICK, Skill.ANIMAL_SAVAGERY, Skill.PICK_ME_UP,
                         Skill.PLAGUE_RIDDEN, Skill.TIMMM_BER, Skill.TRICKSTER, Skill.UNCHANNELLED_FURY,
                         Skill.DEFENSIVE, Skill.IRON_HARD_SKIN, Skill.ARM_BAR,
                         Skill.PROJECTILE_VOMIT, Skill.BREATHE_FIRE, Skill.SWARMING, Skill.KICK_TEAM_MATE,
                         Skill.CANNONEER, Skill.PILE_DRIVER, Skill.FUMBLEROOSKIE})
#: BB2020 teams whose every roster skill the engines have (the rest lack one: match_team refuses).
COMPLETE = ("black-orc", "chaos-chosen", "chaos-dwarf", "chaos-renegades", "dark-elf", "dwarf", "elven-union",
            "goblin", "halfling",
            "high-elf", "human", "imperial-nobility", "khorne", "lizardmen", "necromantic-horror", "nurgle",
            "ogre", "old-world-alliance", "orc", "shambling-undead", "skaven", "slann", "snotling",
            "tomb-kings", "underworld-denizens", "vampire", "wood-elf")


#: Teams with linemen for the scenarios (suggest_team buys the specialists first).
SQUADS = {"human": [("Human Lineman", 7), ("Blitzer", 2), ("Thrower", 1), ("Catcher", 1)],
          "orc": [("Orc Lineman", 7), ("Blitzer", 2), ("Thrower", 1), ("Big Un Blocker", 1)]}


def _team(race: str) -> TeamSpec:
    raw = build_team(race, SQUADS[race], treasury=2_000_000) if race in SQUADS else suggest_team(race)
    return match_team(check_team(raw, treasury=raw.get("treasury"))).spec


def _pid(sc: Scenario, side: int, position: str) -> int:
    return sc.pid(side, position)


def test_the_tests_follow_the_ruleset() -> None:
    assert [agility_target(LRB6, ag) for ag in (1, 3, 4, 6, 7)] == [6, 4, 3, 1, 1]
    assert [agility_target(BB2020, ag) for ag in (1, 2, 3, 4, 6)] == [1, 2, 3, 4, 6]
    assert BB2020.x_plus and not LRB6.x_plus and "characteristics" in BB2020.areas


@pytest.mark.parametrize(("x", "needs"), [(2, [5, 4, 3, 2, 2]), (3, [6, 5, 4, 3, 2]), (4, [6, 6, 5, 4, 3]),
                                          (5, [6, 6, 6, 5, 4]), (6, [6, 6, 6, 6, 5])])
def test_the_x_plus_test_needs_what_the_digest_tabulates(x: int, needs: list[int]) -> None:
    """TABLES §1: the single-die requirement of an X+ test for net modifiers -3 to +1."""
    target = agility_target(BB2020, x)
    assert [need(target, mod) for mod in (-3, -2, -1, 0, 1)] == needs


def test_players_carry_their_bb2020_characteristics() -> None:
    game = Game.new(_team("human"), _team("orc"), seed=1, ruleset=BB2020)
    s = game.state
    by_position = {p.position: p for p in s.info if p.team == 0}
    thrower, blitzer, ogre = by_position["Thrower"], by_position["Blitzer"], by_position.get("Ogre")
    assert by_position["Human Lineman"].pa == 4
    assert (thrower.ma, thrower.st, thrower.ag, thrower.pa, thrower.av) == (6, 3, 3, 2, 9)
    assert (blitzer.ag, blitzer.pa, blitzer.av) == (3, 4, 9)
    assert ogre is None or ogre.pa == 5
    assert ag_target(s, thrower.pid) == 3 and pass_target(s, thrower.pid) == 2
    assert armour_holds_to(s, thrower.pid) == 8
    lrb6 = Game.new("human", "orc", seed=1).state
    assert all(p.pa == 0 for p in lrb6.info)
    assert pass_target(lrb6, 0) == 7 - min(lrb6.info[0].ag, 6) and armour_holds_to(lrb6, 0) == lrb6.info[0].av


def test_a_player_without_pa_passes_on_a_natural_six_only() -> None:
    s = Game.new(_team("orc"), _team("human"), seed=1, ruleset=BB2020).state
    blocker = next(p for p in s.info if p.position == "Big Un Blocker")
    assert blocker.pa == 0 and pass_target(s, blocker.pid) == NO_PA_TARGET == 7


def _knock_down(engine: str, armour: tuple[int, int], rules: object = BB2020) -> Game:
    """A Blitzer blocks an Orc Lineman (AV 10+ under BB2020, AV 9 under LRB6): Defender Down."""
    if rules is BB2020:
        sc = Scenario(_team("human"), _team("orc"), script=block(BlockFace.DEFENDER_DOWN) + two_d6(*armour)
                      + two_d6(1, 1), engine=engine, rules=BB2020)
        att, dfd = _pid(sc, 0, "Blitzer"), _pid(sc, 1, "Orc Lineman")
    else:
        sc = Scenario(script=block(BlockFace.DEFENDER_DOWN) + two_d6(*armour) + two_d6(1, 1), engine=engine)
        att, dfd = _pid(sc, 0, "Blitzer"), _pid(sc, 1, "Lineman")
    sc.put(att, (10, 7)).put(dfd, (11, 7))
    game = sc.start(active=0)
    game.step(Action(T.START_BLOCK, att))
    game.step(Action(T.BLOCK, None, (11, 7)))
    game.step(Action(T.SELECT_DEFENDER_DOWN))
    game.step(Action(T.PUSH, None, (12, 7)))
    game.step(Action(T.DECLINE))
    return game


@pytest.mark.parametrize("engine", ENGINES)
def test_armour_breaks_on_av_or_more_under_bb2020(engine: str) -> None:
    """2D6 >= AV breaks (AV 10+: 10 breaks, 9 holds); under LRB6 a total equal to AV holds."""
    broken = _knock_down(engine, (4, 6))
    dfd = next(p.pid for p in broken.state.info if p.position == "Orc Lineman")
    assert broken.state.info[dfd].av == 10
    assert broken.state.status[dfd] == Status.STUNNED  # armour broken, injury 2: Stunned
    held = _knock_down(engine, (4, 5))
    assert held.state.status[dfd] == Status.PRONE
    lrb6 = _knock_down(engine, (4, 5), LRB6)  # LRB6's Lineman, AV 9: 9 holds
    lineman = next(p.pid for p in lrb6.state.info if p.team == 1 and p.position == "Lineman")
    assert lrb6.state.status[lineman] == Status.PRONE


@pytest.mark.parametrize("engine", ENGINES)
@pytest.mark.parametrize("ruleset", ["lrb6", "bb2020"])
def test_a_dodge_asks_the_agility_test_of_the_ruleset(engine: str, ruleset: str) -> None:
    """A failed dodge waits on the team re-roll with its PlayerRoll on top: the target is the
    BB2020 AG (3+: 3) or LRB6's 7 - AG (AG 3: 4)."""
    rules = draft_ruleset(ruleset)
    home, away = (_team("human"), _team("orc")) if rules is BB2020 else ("human", "orc")
    sc = Scenario(home, away, script=d6(1), engine=engine, rules=rules)
    sc.set(rerolls=(2, 2))
    mover = _pid(sc, 0, "Blitzer")
    marker = _pid(sc, 1, "Orc Lineman" if rules is BB2020 else "Lineman")
    sc.put(mover, (10, 7)).put(marker, (11, 7))
    game = sc.start(active=0)
    game.step(Action(T.START_MOVE, mover))
    game.step(Action(T.MOVE, None, (9, 8)))
    assert Action(T.USE_REROLL) in game.legal_actions()
    roll = game.state.stack[-1]
    assert isinstance(roll, PlayerRoll) and roll.pid == mover
    assert roll.target == (3 if rules is BB2020 else 4)


def test_bb2020_team_skills_map_to_the_engines_or_are_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    assert engine_skill("Sidestep") is Skill.SIDE_STEP and engine_skill("Mighty Blow") is Skill.MIGHTY_BLOW
    assert engine_skill("Pogo Stick") is Skill.POGO_STICK and Skill.POGO_STICK in BB2020_ONLY
    for race in COMPLETE:
        made = match_team(check_team(suggest_team(race)))
        assert made.missing == () and made.as_lrb6, race
    # Every BB2020 skill has its handlers now: Kick Team-mate's are taken away to see a refusal.
    for where in (teams_bb2020_match, match_form):
        monkeypatch.setattr(where, "implemented", lambda: implemented() - {Skill.KICK_TEAM_MATE})
    with pytest.raises(TeamError) as info:
        match_team(check_team(suggest_team("ogre")))
    assert "Kick Team-mate" in str(info.value) and "\n" not in str(info.value)
    loose = match_team(check_team(suggest_team("ogre")), allow_missing=True)
    assert "Kick Team-mate" in loose.missing and "Kick Team-mate" not in loose.as_lrb6
    assert "Throw Team-mate" in loose.as_lrb6 and "Bone Head" in loose.as_lrb6  # their handlers
    assert any(Skill.KICK_TEAM_MATE in p.position.skills for p in loose.spec.players)  # kept, inert


def test_every_bb2020_roster_skill_is_a_skill_appended_after_lrb6s() -> None:
    """The BB2020 skills LRB6 lacks are appended (LRB6's values unchanged), each with its
    handlers now (`DONE_BB2020`: all of them)."""
    from nuffle.core.bb2020.rosters import teams

    assert int(Skill.WILD_ANIMAL) == 125 and min(BB2020_ONLY) == 126 and len(BB2020_ONLY) == 26
    # the three no roster starts with (advancement): Cannoneer, Fumblerooskie, Pile Driver
    assert [engine_skill(n) for n in ("Cannoneer", "Fumblerooskie", "Pile Driver")] == \
        [Skill.CANNONEER, Skill.FUMBLEROOSKIE, Skill.PILE_DRIVER] == sorted(BB2020_ONLY)[-3:]
    assert BB2020_ONLY & implemented() == DONE_BB2020 == BB2020_ONLY and implemented() >= LRB6_SKILLS
    for t in teams().values():
        for p in t.positionals:
            for rs in p.skills:
                assert engine_skill(rs.skill.name) is not None, (t.key, rs.skill.name)


@needs_native
@pytest.mark.parametrize(("home", "away", "board"), [("human", "orc", 11), ("wood-elf", "dwarf", 7),
                                                       ("lizardmen", "necromantic-horror", 5)])
def test_bb2020_teams_play_alike_on_both_engines(home: str, away: str, board: int) -> None:
    """BB2020 players (X+ characteristics, PA) in lockstep, forced dice: no divergence."""
    rec = parity_game(7, board, home, away, dice="forced", ruleset="bb2020", max_steps=2500)
    assert rec.outcome in ("complete", "step_limit"), rec.diff
    assert rec.steps > 200


def test_lrb6_players_have_no_pa_in_positions() -> None:
    game = Game.new("human", "orc", seed=3, board=3)
    assert all("pa" not in p for p in game.to_position()["players"])
    s = Game.new(_team("human"), _team("orc"), seed=3, board=3, ruleset=BB2020).state
    thrower = next(p for p in s.info if p.position == "Thrower")
    assert replace(thrower, pa=0) != thrower
