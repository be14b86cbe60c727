"""BB2020's traits on both engines under the BB2020 draft (SKILLS.md "Traits", TABLES §13): the
declaration rolls kept from LRB6 (Bone Head 2+, Really Stupid 4+ / 2+, Take Root 2+) and
Unchannelled Fury (Wild Animal's roll: 4+, +2 on a Block or Blitz, the action lost, no
turnover), Regeneration (4+) and Decay (two casualty rolls) on the D16 table, Plague Ridden
(Nurgle's Rot's league count of a killed opponent), Stab (an armour roll against AV X+),
Hypnotic Gaze (an Agility test, -1 per marking player beyond the target) and Secret Weapon."""

from __future__ import annotations

import importlib.util

import pytest

from nuffle.core.actions import Action, ActionType
from nuffle.core.dice import Dice, Outcome, block, d6, d8, d16, two_d6
from nuffle.core.game import Game
from nuffle.core.procedures.match import EndDrive
from nuffle.core.skills import Skill
from nuffle.core.state import PSTAT_INJURY, PSTAT_INJURY2, PSTATS
from nuffle.core.types import BlockFace, PFlag, Status
from nuffle.teams_bb2020 import check_team, suggest_team
from nuffle.teams_bb2020_match import match_team
from nuffle.testing import Scenario, bb2020_scenario, legal_group

HAS_NATIVE = importlib.util.find_spec("nuffle._native") is not None
NO_NATIVE = pytest.mark.skipif(not HAS_NATIVE, reason="no native extension")
ENGINES = ["python", pytest.param("native", marks=NO_NATIVE)]
T = ActionType
Script = list[tuple[Dice, Outcome]]


def _one(engine: str, script: Script, skill: Skill) -> tuple[Scenario, int, int]:
    """A human Blitzer with `skill` on (10, 7); an orc Big Un Blocker (off the pitch)."""
    sc = bb2020_scenario(script=script, engine=engine)
    me, them = sc.pid(0, "Blitzer"), sc.pid(1, "Big Un Blocker")
    sc.grant(me, skill).put(me, (10, 7))
    return sc, me, them


def _declare(sc: Scenario, kind: ActionType, pid: int) -> Game:
    game = sc.start(active=0)
    game.step(Action(kind, pid))
    return game


def _lost(game: Game, pid: int) -> bool:
    """The action was lost: the player is used, the turn waits, no turnover."""
    s = game.state
    return bool(s.pflags[pid] & PFlag.USED) and T.END_TURN in game.legal_actions().types() \
        and T.MOVE not in game.legal_actions().types() and not s.turnover


@pytest.mark.parametrize("engine", ENGINES)
def test_bone_head_bb2020_one_loses_the_action_and_tackle_zone(engine: str) -> None:
    sc, me, _ = _one(engine, d6(1), Skill.BONE_HEAD)
    game = _declare(sc, T.START_MOVE, me)
    assert _lost(game, me) and game.state.pflags[me] & PFlag.DISTRACTED
    sc, me, _ = _one(engine, d6(2), Skill.BONE_HEAD)
    assert T.MOVE in _declare(sc, T.START_MOVE, me).legal_actions().types()


@pytest.mark.parametrize("engine", ENGINES)
def test_really_stupid_bb2020_four_alone_two_with_a_team_mate(engine: str) -> None:
    sc, me, _ = _one(engine, d6(3), Skill.REALLY_STUPID)
    game = _declare(sc, T.START_MOVE, me)
    assert _lost(game, me) and game.state.pflags[me] & PFlag.DISTRACTED
    sc, me, _ = _one(engine, d6(2), Skill.REALLY_STUPID)
    sc.put(sc.pid(0, "Catcher"), (10, 8))
    game = _declare(sc, T.START_MOVE, me)
    assert T.MOVE in game.legal_actions().types() and not game.state.pflags[me] & PFlag.DISTRACTED


@pytest.mark.parametrize("engine", ENGINES)
def test_take_root_bb2020_one_roots_him(engine: str) -> None:
    sc, me, _ = _one(engine, d6(1), Skill.TAKE_ROOT)
    game = _declare(sc, T.START_MOVE, me)
    assert game.state.pflags[me] & PFlag.ROOTED
    assert game.legal_actions().types() == [T.END_ACTION]


@pytest.mark.parametrize("engine", ENGINES)
def test_unchannelled_fury_three_loses_a_move_without_turnover(engine: str) -> None:
    sc, me, _ = _one(engine, d6(3), Skill.UNCHANNELLED_FURY)
    game = _declare(sc, T.START_MOVE, me)
    assert _lost(game, me)
    assert not game.state.pflags[me] & PFlag.DISTRACTED  # he keeps his tackle zone


@pytest.mark.parametrize("engine", ENGINES)
def test_unchannelled_fury_plus_two_on_a_block(engine: str) -> None:
    sc, me, them = _one(engine, d6(2), Skill.UNCHANNELLED_FURY)
    sc.put(them, (11, 7))
    game = _declare(sc, T.START_BLOCK, me)
    assert T.BLOCK in game.legal_actions().types()  # 2 + 2 = 4
    sc, me, them = _one(engine, d6(1), Skill.UNCHANNELLED_FURY)
    sc.put(them, (11, 7))
    assert _lost(_declare(sc, T.START_BLITZ, me), me)  # 1 + 2 = 3


def test_unchannelled_fury_and_plague_ridden_teams_are_played() -> None:
    """Chaos Chosen (Unchannelled Fury) and Nurgle (Plague Ridden) are no longer refused."""
    for race, trait in (("chaos-chosen", "Unchannelled Fury"), ("nurgle", "Plague Ridden")):
        team = match_team(check_team(suggest_team(race)))
        assert trait in team.as_lrb6 and not team.missing


def _knock_down(engine: str, script: Script, home: str = "human", attacker: str = "Blitzer",
                skills: tuple[Skill, ...] = ()) -> tuple[Game, int]:
    """A home `attacker` (given the victim's ST: one die) knocks the human Blitzer (AV 9+) or
    the orc Big Un (AV 10+) down with Defender Down and pushes him to (12, 7); then `script`."""
    away = "orc" if home == "human" else "human"
    sc = bb2020_scenario(home, away, script=block(BlockFace.DEFENDER_DOWN) + script, engine=engine)
    att, dfd = sc.pid(0, attacker), sc.pid(1, "Big Un Blocker" if away == "orc" else "Blitzer")
    sc.grant(att, st=sc.state.info[dfd].st).grant(dfd, *skills).put(att, (10, 7)).put(dfd, (11, 7))
    game = sc.start(active=0)
    game.step(Action(T.START_BLOCK, att))
    game.step(Action(T.BLOCK, None, (11, 7)))
    game.step(Action(T.SELECT_DEFENDER_DOWN))
    game.step(Action(T.PUSH, None, (12, 7)))
    game.step(Action(T.DECLINE))
    return game, dfd


CASUALTY = two_d6(5, 5) + two_d6(5, 5)  # armour 10 breaks AV 10+; injury 10 is a casualty


@pytest.mark.parametrize("engine", ENGINES)
@pytest.mark.parametrize(("die", "status"), [(4, Status.RESERVE), (3, Status.CASUALTY)])
def test_regeneration_bb2020_four_plus_after_a_d16_casualty(engine: str, die: int,
                                                            status: Status) -> None:
    game, dfd = _knock_down(engine, CASUALTY + d16(8) + d6(die), skills=(Skill.REGENERATION,))
    assert game.state.status[dfd] == status and not game.roller.queue  # type: ignore[attr-defined]


@pytest.mark.parametrize("engine", ENGINES)
def test_decay_bb2020_rolls_the_d16_table_twice(engine: str) -> None:
    game, dfd = _knock_down(engine, CASUALTY + d16(3) + d16(12), skills=(Skill.DECAY,))
    p = game.state.pstats
    assert game.state.status[dfd] == Status.CASUALTY and not game.roller.queue  # type: ignore[attr-defined]
    assert {p[dfd * PSTATS + PSTAT_INJURY], p[dfd * PSTATS + PSTAT_INJURY2]} == {3, 12}


@pytest.mark.parametrize("engine", ENGINES)
@pytest.mark.parametrize(("die", "rotted"), [(15, 1), (8, 0)])
def test_plague_ridden_counts_a_killed_opponent(engine: str, die: int, rotted: int) -> None:
    """A Rotter (Plague Ridden) kills a human Blitzer on 15-16 of the D16: the match result
    counts a Rotter-to-be for Nurgle (its league effect); a Seriously Hurt one does not."""
    game, dfd = _knock_down(engine, two_d6(5, 5) + two_d6(5, 5) + d16(die), home="nurgle",
                            attacker="Rotter Lineman")
    assert game.state.status[dfd] == Status.CASUALTY
    assert game.box_score()["home"]["rotted"] == rotted
    assert game.box_score()["away"]["rotted"] == 0


@pytest.mark.parametrize("engine", ENGINES)
@pytest.mark.parametrize(("dice", "status"), [((5, 5), Status.STUNNED), ((4, 5), Status.STANDING)])
def test_stab_bb2020_armour_roll_against_av_x_plus(engine: str, dice: tuple[int, int],
                                                   status: Status) -> None:
    """Stab on a Big Un (AV 10+): 10 breaks it (injury 4: Stunned), 9 holds; no turnover."""
    sc, me, them = _one(engine, two_d6(*dice) + two_d6(2, 2), Skill.STAB)
    sc.put(them, (11, 7))
    game = _declare(sc, T.START_BLOCK, me)
    game.step(Action(T.STAB, None, (11, 7)))
    assert game.state.status[them] == status and not game.state.turnover


@pytest.mark.parametrize("engine", ENGINES)
@pytest.mark.parametrize(("second", "hypnotised"), [(False, True), (True, False)])
def test_hypnotic_gaze_bb2020_agility_test_minus_one_per_other_marker(engine: str, second: bool,
                                                                      hypnotised: bool) -> None:
    """The Blitzer (AG 3+) rolls 3: it hypnotises the Big Un marking him alone; with a second
    orc marking him (-1) it fails."""
    sc, me, them = _one(engine, d6(3), Skill.HYPNOTIC_GAZE)
    sc.put(them, (11, 7))
    if second:
        sc.put(sc.pid(1, "Big Un Blocker", 1), (10, 6))
    game = _declare(sc, T.START_MOVE, me)
    game.step(Action(T.HYPNOTIC_GAZE, None, (11, 7)))
    assert bool(game.state.pflags[them] & PFlag.HYPNOTISED) is hypnotised
    assert not game.state.turnover


@pytest.mark.parametrize("engine", ENGINES)
def test_secret_weapon_bb2020_sent_off_after_his_drive(engine: str) -> None:
    sc = bb2020_scenario("human", "orc", engine=engine)
    sw, other = sc.pid(1, "Goblin"), sc.pid(1, "Goblin", 1)
    sc.grant(sw, Skill.SECRET_WEAPON).grant(other, Skill.SECRET_WEAPON)
    sc.put(sw, (10, 7)).put(other, (12, 7))
    sc.state.pflags[sw] |= PFlag.PLAYED
    sc.state.half = 1
    game = sc.start(proc=EndDrive(False))
    assert game.state.status[sw] == Status.SENT_OFF
    assert game.state.status[other] == Status.RESERVE  # did not play in the drive


def _timber(engine: str, script: Script, mates: int) -> tuple[Game, int]:
    """A prone human Blitzer with Timmm-ber! and MA 2 (below standing's 3) declares a Move with
    `mates` standing team-mates next to him (and a prone one, who does not count)."""
    sc, me, _ = _one(engine, script, Skill.TIMMM_BER)
    sc.grant(me, ma=2)
    sc.state.status[me] = Status.PRONE
    for n, sq in enumerate([(9, 7), (11, 7), (10, 8)][:mates]):
        sc.put(sc.pid(0, "Catcher", n), sq)
    sc.put(sc.pid(0, "Thrower"), (10, 6), Status.PRONE)
    return _declare(sc, T.START_MOVE, me), me


@pytest.mark.parametrize("engine", ENGINES)
@pytest.mark.parametrize(("die", "mates", "stands"),
                         [(2, 2, True), (3, 0, False), (2, 1, False), (1, 3, False)])
def test_timmm_ber_plus_one_per_standing_team_mate(engine: str, die: int, mates: int,
                                                   stands: bool) -> None:
    """4+ to stand: a 2 with two standing team-mates stands, a 3 alone or a 2 with one does
    not, nor a natural 1 with three; failing ends the action, no turnover."""
    game, me = _timber(engine, d6(die), mates)
    s = game.state
    assert (s.status[me] == Status.STANDING) is stands and not s.turnover
    assert not game.roller.queue  # type: ignore[attr-defined]
    if not stands:
        assert T.END_TURN in game.legal_actions().types() and s.pflags[me] & PFlag.USED


def test_timmm_ber_team_is_played() -> None:
    """Halflings (Timmm-ber! on the Treeman) are no longer refused."""
    team = match_team(check_team(suggest_team("halfling")))
    assert "Timmm-ber!" in team.as_lrb6 and not team.missing


def _savage(engine: str, script: Script, mates: int, kind: ActionType = T.START_MOVE,
            ball: bool = False) -> tuple[Game, int, list[int]]:
    """A human Blitzer with Animal Savagery on (10, 7) declares `kind` with `mates` standing
    team-mates next to him (a prone one too, whom he may not hit) and a Big Un on (11, 7); the
    first team-mate holds the ball if `ball`."""
    sc, me, them = _one(engine, script, Skill.ANIMAL_SAVAGERY)
    sc.put(them, (11, 7))
    squares = [(9, 7), (10, 8)]
    ids = [sc.pid(0, "Catcher", n) for n in range(mates)]
    for pid, sq in zip(ids, squares, strict=False):
        sc.put(pid, sq)
    sc.put(sc.pid(0, "Thrower"), (10, 6), Status.PRONE)
    if ball:
        sc.give_ball(ids[0])
    return _declare(sc, kind, me), me, ids


HOLDS = two_d6(1, 1)


@pytest.mark.parametrize("engine", ENGINES)
def test_animal_savagery_plus_two_on_a_block(engine: str) -> None:
    game, _, (mate,) = _savage(engine, d6(2), 1, T.START_BLOCK)
    assert T.BLOCK in game.legal_actions().types()  # 2 + 2 = 4: nobody is hit
    assert game.state.status[mate] == Status.STANDING


@pytest.mark.parametrize("engine", ENGINES)
def test_animal_savagery_lashes_out_at_his_team_mate_and_acts_on(engine: str) -> None:
    """3 on a Move: the only standing team-mate next to him is knocked down (armour holds), no
    turnover, and his Move goes on."""
    game, me, (mate,) = _savage(engine, d6(3) + HOLDS, 1)
    s = game.state
    assert s.status[mate] == Status.PRONE and not s.turnover
    assert T.MOVE in game.legal_actions().types() and s.status[me] == Status.STANDING
    assert not game.roller.queue  # type: ignore[attr-defined]


@pytest.mark.parametrize("engine", ENGINES)
def test_animal_savagery_coach_chooses_the_team_mate(engine: str) -> None:
    game, _, mates = _savage(engine, d6(1) + HOLDS, 2, T.START_BLITZ)  # 1 + 2 = 3
    assert game.decider == 0
    assert legal_group(game, T.SELECT_PLAYER).players == tuple(sorted(mates))
    game.step(Action(T.SELECT_PLAYER, mates[1]))
    s = game.state
    assert s.status[mates[1]] == Status.PRONE and s.status[mates[0]] == Status.STANDING
    assert T.BLOCK in game.legal_actions().types() and not s.turnover


@pytest.mark.parametrize("engine", ENGINES)
def test_animal_savagery_without_team_mate_loses_the_action(engine: str) -> None:
    game, me, _ = _savage(engine, d6(3), 0)
    assert _lost(game, me)


@pytest.mark.parametrize("engine", ENGINES)
def test_animal_savagery_ball_carrier_hit_is_a_turnover(engine: str) -> None:
    """The team-mate he hits holds the ball: it bounces (to (8, 7)) and the turn is over."""
    game, _, (mate,) = _savage(engine, d6(3) + HOLDS + d8(4), 1, ball=True)
    s = game.state
    assert s.status[mate] == Status.PRONE and s.turnover
    assert not game.roller.queue  # type: ignore[attr-defined]


def test_animal_savagery_team_is_played() -> None:
    """Skaven (Animal Savagery on the Rat Ogre) are no longer refused."""
    team = match_team(check_team(suggest_team("skaven")))
    assert "Animal Savagery" in team.as_lrb6 and not team.missing


def _pick_me_up(engine: str, script: Script) -> tuple[Game, list[int], int]:
    """The human turn ends with an orc Blitzer with Pick-me-up standing on (15, 7): two prone Big
    Uns two and three squares away roll, a third four away and a stunned Goblin do not; a prone
    human next to a human Catcher with Pick-me-up does not either (his own team's turn ended)."""
    sc = bb2020_scenario(script=script, engine=engine)
    helper = sc.pid(1, "Blitzer")
    bigs = [sc.pid(1, "Big Un Blocker", n) for n in range(3)]
    sc.grant(helper, Skill.PICK_ME_UP).put(helper, (15, 7))
    for pid, sq in zip(bigs, [(17, 7), (18, 9), (19, 7)], strict=True):
        sc.put(pid, sq, Status.PRONE)
    goblin = sc.pid(1, "Goblin")
    sc.put(goblin, (16, 8), Status.STUNNED)
    catcher, human = sc.pid(0, "Catcher"), sc.pid(0, "Blitzer")
    sc.grant(catcher, Skill.PICK_ME_UP).put(catcher, (5, 7)).put(human, (6, 7), Status.PRONE)
    game = sc.start(active=0)
    game.step(Action(T.END_TURN))
    return game, bigs, human


@pytest.mark.parametrize("engine", ENGINES)
def test_pick_me_up_five_plus_stands_prone_team_mates_within_three(engine: str) -> None:
    game, bigs, human = _pick_me_up(engine, d6(5) + d6(4))
    s = game.state
    assert [s.status[p] for p in bigs] == [Status.STANDING, Status.PRONE, Status.PRONE]
    assert s.status[human] == Status.PRONE and s.status[bigs[0]] == Status.STANDING
    assert not game.roller.queue  # type: ignore[attr-defined]


def test_pick_me_up_not_for_norse_refusal() -> None:
    """Norse's Pick-me-up (the Beer Boar) is no longer among the skills the engines lack."""
    team = match_team(check_team(suggest_team("norse")), allow_missing=True)
    assert "Pick-me-up" in team.as_lrb6 and "Pick-me-up" not in team.missing


def _tricked(engine: str, script: Script) -> tuple[Game, int, int]:
    """A human Blitzer (ST 4 for the test: one die) on (10, 7) blocks a Big Un with Trickster on
    (11, 7); a human Catcher stands on (9, 6)."""
    sc, me, them = _one(engine, script, Skill.BLOCK)
    sc.grant(me, st=4).grant(them, Skill.TRICKSTER).put(them, (11, 7))
    sc.put(sc.pid(0, "Catcher"), (9, 6))
    game = _declare(sc, T.START_BLOCK, me)
    game.step(Action(T.BLOCK, None, (11, 7)))
    return game, me, them


@pytest.mark.parametrize("engine", ENGINES)
def test_trickster_moves_next_to_the_attacker_before_the_dice(engine: str) -> None:
    """His coach moves him to (10, 8), next to the attacker; the block goes on there: Defender
    Down pushes him to (10, 9)."""
    game, _, them = _tricked(engine, block(BlockFace.DEFENDER_DOWN) + HOLDS)
    assert game.decider == 1
    assert set(game.legal_actions().types()) == {T.SELECT_SQUARE, T.DECLINE}
    squares = legal_group(game, T.SELECT_SQUARE).squares
    assert (10, 8) in squares and (11, 7) not in squares and (9, 6) not in squares
    game.step(Action(T.SELECT_SQUARE, None, (10, 8)))
    game.step(Action(T.SELECT_DEFENDER_DOWN))
    game.step(Action(T.PUSH, None, (10, 9)))
    game.step(Action(T.DECLINE))
    s = game.state
    assert s.board.xy(s.pos[them]) == (10, 9) and s.status[them] == Status.PRONE
    assert not game.roller.queue  # type: ignore[attr-defined]


@pytest.mark.parametrize("engine", ENGINES)
def test_trickster_declined_the_block_is_as_before(engine: str) -> None:
    game, _, them = _tricked(engine, block(BlockFace.PUSHED))
    game.step(Action(T.DECLINE))
    game.step(Action(T.SELECT_PUSHED))
    game.step(Action(T.PUSH, None, (12, 7)))
    s = game.state
    assert s.board.xy(s.pos[them]) == (12, 7) and s.status[them] == Status.STANDING


def test_trickster_not_among_the_gnomes_missing_skills() -> None:
    team = match_team(check_team(suggest_team("gnome")), allow_missing=True)
    assert "Trickster" in team.as_lrb6 and "Trickster" not in team.missing
