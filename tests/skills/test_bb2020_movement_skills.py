"""BB2020's movement skills on both engines (SKILLS.md, RULES §8): Leap and Pogo Stick (a Jump
over any square), the Jump roll's negatives lessened (Leap, Very Long Legs: by 1 to no less
than -1; Pogo Stick: all) and Prehensile Tail on a Jump."""

from __future__ import annotations

import importlib.util

import pytest

from nuffle.core.actions import Action, ActionType
from nuffle.core.dice import Dice, Outcome, block, d6, two_d6
from nuffle.core.game import Game
from nuffle.core.procedures.movement import jump_modifier
from nuffle.core.ruleset import draft_ruleset
from nuffle.core.skills import Skill
from nuffle.core.types import BlockFace, Status
from nuffle.testing import Scenario, bb2020_team

BB2020 = draft_ruleset("bb2020")
HAS_NATIVE = importlib.util.find_spec("nuffle._native") is not None
NO_NATIVE = pytest.mark.skipif(not HAS_NATIVE, reason="no native extension")
ENGINES = ["python", pytest.param("native", marks=NO_NATIVE)]
T = ActionType
HOLDS = two_d6(1, 1)  # the armour of a player who falls holds


def _scenario(engine: str, script: list[tuple[Dice, Outcome]], *skills: Skill,
              marked: int = 2) -> tuple[Scenario, int]:
    """A Human Blitzer (AG 3+) with `skills` on (10, 7), marked by a Big Un on (9, 8); (12, 7)
    marked by `marked` more (on (13, 8), (13, 6), (13, 7)). No team re-rolls."""
    sc = Scenario(bb2020_team("human"), bb2020_team("orc"), script=script, engine=engine, rules=BB2020)
    sc.set(rerolls=(0, 0))
    mover = sc.pid(0, "Blitzer")
    sc.grant(mover, *skills).put(mover, (10, 7))
    sc.put(sc.pid(1, "Big Un Blocker"), (9, 8))
    for i, sq in enumerate([(13, 8), (13, 6), (13, 7)][:marked]):
        sc.put(sc.pid(1, "Big Un Blocker", i + 1), sq)
    return sc, mover


def _leap_squares(game: Game) -> tuple[tuple[int, int], ...] | None:
    group = game.legal_actions().group(T.LEAP)
    return None if group is None else tuple(group.squares)


def _jump(engine: str, script: list[tuple[Dice, Outcome]], *skills: Skill, marked: int = 2,
          tail: bool = False) -> tuple[Game, int]:
    """The Blitzer Jumps from (10, 7) to (12, 7) over the empty (11, 7)."""
    sc, mover = _scenario(engine, script, *skills, marked=marked)
    if tail:
        sc.grant(sc.pid(1, "Big Un Blocker"), Skill.PREHENSILE_TAIL)
    game = sc.start(active=0)
    game.step(Action(T.START_MOVE, mover))
    game.step(Action(T.LEAP, None, (12, 7)))
    return game, mover


def _standing_at(game: Game, pid: int, square: tuple[int, int]) -> bool:
    s = game.state
    return s.board.xy(s.pos[pid]) == square and s.status[pid] == Status.STANDING


@pytest.mark.parametrize("engine", ENGINES)
@pytest.mark.parametrize("skill", [Skill.LEAP, Skill.POGO_STICK])
def test_leap_and_pogo_stick_jump_over_any_square_two_away(engine: str, skill: Skill) -> None:
    """Every empty square exactly two away, none adjacent; without the skill, no Jump (nobody
    Prone to jump over)."""
    sc, mover = _scenario(engine, [], skill)
    game = sc.start(active=0)
    game.step(Action(T.START_MOVE, mover))
    taken = {(13, 8), (13, 6), (9, 8)}
    expected = {(10 + dx, 7 + dy) for dx in range(-2, 3) for dy in range(-2, 3) if max(abs(dx), abs(dy)) == 2}
    squares = _leap_squares(game)
    assert squares is not None and set(squares) == expected - taken and len(squares) == len(set(squares))
    plain, other = _scenario(engine, [])
    game = plain.start(active=0)
    game.step(Action(T.START_MOVE, other))
    assert _leap_squares(game) is None


@pytest.mark.parametrize("engine", ENGINES)
@pytest.mark.parametrize(("die", "made"), [(4, True), (3, False)])
def test_leap_lessens_the_jump_negatives_by_one(engine: str, die: int, made: bool) -> None:
    """Marked twice on (12, 7): -2, Leap makes it -1: a 4+ for AG 3+; a failure falls there."""
    game, mover = _jump(engine, d6(die) + ([] if made else HOLDS), Skill.LEAP)
    assert _standing_at(game, mover, (12, 7)) is made
    assert game.state.turnover is not made
    assert not game.roller.queue  # type: ignore[attr-defined]


@pytest.mark.parametrize("engine", ENGINES)
@pytest.mark.parametrize(("die", "made"), [(4, True), (3, False)])
def test_very_long_legs_and_leap_lessen_to_minus_one(engine: str, die: int, made: bool) -> None:
    """Marked three times: -3; Leap -2, Very Long Legs -1 (no lower): 4+."""
    game, mover = _jump(engine, d6(die) + ([] if made else HOLDS), Skill.LEAP, Skill.VERY_LONG_LEGS,
                        marked=3)
    assert _standing_at(game, mover, (12, 7)) is made
    assert not game.roller.queue  # type: ignore[attr-defined]


@pytest.mark.parametrize("engine", ENGINES)
def test_very_long_legs_alone_over_a_prone_player(engine: str) -> None:
    """Very Long Legs without Leap: a Jump over a Prone player, -2 lessened to -1: a 4 lands."""
    sc, mover = _scenario(engine, d6(4), Skill.VERY_LONG_LEGS)
    sc.put(sc.pid(1, "Goblin"), (11, 7), Status.PRONE)
    game = sc.start(active=0)
    game.step(Action(T.START_MOVE, mover))
    assert set(_leap_squares(game) or ()) == {(12, 6), (12, 7), (12, 8)}
    game.step(Action(T.LEAP, None, (12, 7)))
    assert _standing_at(game, mover, (12, 7))
    assert not game.roller.queue  # type: ignore[attr-defined]


@pytest.mark.parametrize("engine", ENGINES)
@pytest.mark.parametrize(("die", "made"), [(3, True), (2, False)])
def test_pogo_stick_ignores_every_negative(engine: str, die: int, made: bool) -> None:
    """Marked three times and a Prehensile Tail on the square left: with Pogo Stick 3+ (AG)."""
    game, mover = _jump(engine, d6(die) + ([] if made else HOLDS), Skill.POGO_STICK, marked=3, tail=True)
    assert _standing_at(game, mover, (12, 7)) is made
    assert not game.roller.queue  # type: ignore[attr-defined]


@pytest.mark.parametrize("engine", ENGINES)
@pytest.mark.parametrize(("die", "made"), [(5, True), (4, False)])
def test_prehensile_tail_on_a_jump(engine: str, die: int, made: bool) -> None:
    """Leaving a tail's zone by a Jump: -2 marking, -1 tail = -3, Leap lessens it to -2: 5+."""
    game, mover = _jump(engine, d6(die) + ([] if made else HOLDS), Skill.LEAP, tail=True)
    assert _standing_at(game, mover, (12, 7)) is made
    assert not game.roller.queue  # type: ignore[attr-defined]


def test_leap_jump_modifier_per_skill() -> None:
    """The modifier the engines roll with (`movement.jump_modifier`), marked twice (-2) or once
    (-1, which Leap leaves as it is), and LRB6's Leap unchanged (+1 with Very Long Legs)."""
    cases = [((), 2, -2), ((Skill.LEAP,), 2, -1), ((Skill.LEAP,), 1, -1),
             ((Skill.VERY_LONG_LEGS,), 2, -1), ((Skill.LEAP, Skill.VERY_LONG_LEGS), 3, -1),
             ((Skill.POGO_STICK,), 3, 0)]
    for skills, marked, mod in cases:
        sc, mover = _scenario("python", [], *skills, marked=marked)
        s = sc.state
        if marked == 1:  # the square left is open, (12, 7) marked once
            s.move_player(sc.pid(1, "Big Un Blocker"), s.board.sq(3, 3))
        assert jump_modifier(s, mover, s.pos[mover], s.board.sq(12, 7)) == mod, (skills, marked)
    lrb6 = Scenario(script=[])
    lrb6.grant(0, Skill.LEAP, Skill.VERY_LONG_LEGS).put(0, (10, 7)).put(12, (13, 7))
    s = lrb6.state
    assert jump_modifier(s, 0, s.pos[0], s.board.sq(12, 7)) == 1


def _open_mover(engine: str, script: list[tuple[Dice, Outcome]], *skills: Skill, ma: int = 2,
                **stats: int) -> tuple[Scenario, int]:
    """A BB2020 Human Blitzer with `skills` and MA `ma` on (5, 7), nobody near. No team re-rolls."""
    sc = Scenario(bb2020_team("human"), bb2020_team("orc"), script=script, engine=engine, rules=BB2020)
    sc.set(rerolls=(0, 0))
    mover = sc.pid(0, "Blitzer")
    sc.grant(mover, *skills, ma=ma, **stats).put(mover, (5, 7))
    sc.put(sc.pid(0, "Blitzer", 1), (2, 2))  # a team-mate who may still act
    return sc, mover


@pytest.mark.parametrize("engine", ENGINES)
@pytest.mark.parametrize(("die", "made"), [(3, True), (2, False)])
def test_drunkard_minus_one_to_rush(engine: str, die: int, made: bool) -> None:
    """MA 2: the third square is a Rush, 2+ but 3+ for a Drunkard; a failure falls there."""
    sc, mover = _open_mover(engine, d6(die) + ([] if made else HOLDS), Skill.DRUNKARD)
    game = sc.start(active=0)
    game.step(Action(T.START_MOVE, mover))
    for x in (6, 7, 8):
        game.step(Action(T.MOVE, None, (x, 7)))
    assert _standing_at(game, mover, (8, 7)) is made
    assert game.state.turnover is not made
    assert not game.roller.queue  # type: ignore[attr-defined]


@pytest.mark.parametrize("engine", ENGINES)
def test_sprint_a_third_rush_under_bb2020(engine: str) -> None:
    """MA 2 with Sprint: three Rushes (2+), no fourth."""
    sc, mover = _open_mover(engine, d6(2) * 3, Skill.SPRINT)
    game = sc.start(active=0)
    game.step(Action(T.START_MOVE, mover))
    for x in range(6, 11):
        game.step(Action(T.MOVE, None, (x, 7)))
    assert _standing_at(game, mover, (10, 7))
    assert game.legal_actions().group(T.MOVE) is None
    assert not game.roller.queue  # type: ignore[attr-defined]


@pytest.mark.parametrize("engine", ENGINES)
def test_sure_feet_rerolls_a_failed_rush_under_bb2020(engine: str) -> None:
    """A failed Rush (1) re-rolled by Sure Feet (2): he stands on the Rush square."""
    sc, mover = _open_mover(engine, d6(1) + d6(2), Skill.SURE_FEET)
    game = sc.start(active=0)
    game.step(Action(T.START_MOVE, mover))
    for x in (6, 7, 8):
        game.step(Action(T.MOVE, None, (x, 7)))
    assert set(game.legal_actions().types()) == {T.USE_SKILL, T.DECLINE}
    game.step(Action(T.USE_SKILL))
    assert _standing_at(game, mover, (8, 7)) and not game.state.turnover
    assert not game.roller.queue  # type: ignore[attr-defined]


@pytest.mark.parametrize("engine", ENGINES)
@pytest.mark.parametrize(("die", "made"), [(3, True), (2, False)])
def test_jump_up_block_from_prone_at_plus_one(engine: str, die: int, made: bool) -> None:
    """AG 4+: BB2020's +1 stands him on a 3 for the Block (LRB6's +2 would on a 2); failing he
    stays Prone, his action over, no turnover."""
    sc, mover = _open_mover(engine, d6(die), Skill.JUMP_UP, ag=4)
    s = sc.state
    s.status[mover] = Status.PRONE
    sc.put(sc.pid(1, "Big Un Blocker"), (6, 7))
    game = sc.start(active=0)
    game.step(Action(T.START_BLOCK, mover))
    assert (game.state.status[mover] == Status.STANDING) is made
    assert not game.state.turnover
    assert (Action(T.BLOCK, None, (6, 7)) in game.legal_actions()) is made
    assert not game.roller.queue  # type: ignore[attr-defined]


def _marked_mover(engine: str, script: list[tuple[Dice, Outcome]], skill: Skill,
                  **stats: int) -> tuple[Scenario, int, int]:
    """A BB2020 Human Blitzer (ST 3, MA 7, AG 3+) on (10, 7), marked by a Big Un Blocker (ST 4,
    MA 5) with `skill` and `stats` on (11, 7). No team re-rolls."""
    sc = Scenario(bb2020_team("human"), bb2020_team("orc"), script=script, engine=engine, rules=BB2020)
    sc.set(rerolls=(0, 0))
    mover, holder = sc.pid(0, "Blitzer"), sc.pid(1, "Big Un Blocker")
    sc.put(mover, (10, 7)).grant(holder, skill, **stats).put(holder, (11, 7))
    sc.put(sc.pid(0, "Blitzer", 1), (2, 2))  # a team-mate who may still act
    return sc, mover, holder


@pytest.mark.parametrize("engine", ENGINES)
@pytest.mark.parametrize(("die", "held"), [(5, True), (4, False)])
def test_tentacles_d6_plus_strength_difference_six_plus(engine: str, die: int, held: bool) -> None:
    """D6 + 4 - 3: a 5 holds him (he stays, his action over, no turnover); a 4 does not (the
    dodge, 3+, follows)."""
    sc, mover, _ = _marked_mover(engine, d6(die) + ([] if held else d6(3)), Skill.TENTACLES)
    game = sc.start(active=0)
    game.step(Action(T.START_MOVE, mover))
    game.step(Action(T.MOVE, None, (9, 7)))
    assert set(game.legal_actions().types()) == {T.USE_SKILL, T.DECLINE}
    game.step(Action(T.USE_SKILL))
    assert _standing_at(game, mover, (10, 7) if held else (9, 7))
    assert not game.state.turnover
    assert (game.legal_actions().group(T.MOVE) is None) is held
    assert not game.roller.queue  # type: ignore[attr-defined]


@pytest.mark.parametrize("engine", ENGINES)
@pytest.mark.parametrize(("die", "follows"), [(5, True), (4, False)])
def test_shadowing_d6_plus_movement_difference_six_plus(engine: str, die: int, follows: bool) -> None:
    """Shadower MA 8 against MA 7: D6 + 1, a 5 follows him into (10, 7), a 4 stays."""
    sc, mover, shadower = _marked_mover(engine, d6(3) + d6(die), Skill.SHADOWING, ma=8)
    game = sc.start(active=0)
    game.step(Action(T.START_MOVE, mover))
    game.step(Action(T.MOVE, None, (9, 7)))  # the dodge, 3+
    assert set(game.legal_actions().types()) == {T.USE_SKILL, T.DECLINE}
    game.step(Action(T.USE_SKILL))
    assert _standing_at(game, mover, (9, 7))
    assert _standing_at(game, shadower, (10, 7) if follows else (11, 7))
    assert not game.roller.queue  # type: ignore[attr-defined]


@pytest.mark.parametrize("engine", ENGINES)
def test_diving_tackle_on_a_jump(engine: str) -> None:
    """A Jump with Leap from (10, 7), marked by a Diving Tackler, into (12, 7) marked twice:
    4+; a 5 made, -2 turns it into a failure: the jumper falls in (12, 7), the tackler is
    Placed Prone in (10, 7)."""
    sc, mover = _scenario(engine, d6(5) + HOLDS, Skill.LEAP)
    diver = sc.pid(1, "Big Un Blocker")  # on (9, 8)
    sc.grant(diver, Skill.DIVING_TACKLE)
    game = sc.start(active=0)
    game.step(Action(T.START_MOVE, mover))
    game.step(Action(T.LEAP, None, (12, 7)))
    assert set(game.legal_actions().types()) == {T.USE_SKILL, T.DECLINE}
    game.step(Action(T.USE_SKILL))
    s = game.state
    assert s.board.xy(s.pos[mover]) == (12, 7) and s.status[mover] == Status.PRONE and s.turnover
    assert s.board.xy(s.pos[diver]) == (10, 7) and s.status[diver] == Status.PRONE
    assert not game.roller.queue  # type: ignore[attr-defined]


@pytest.mark.parametrize("engine", ENGINES)
@pytest.mark.parametrize(("st", "die"), [(3, 4), (5, 3)])
def test_break_tackle_plus_one_or_two_once_per_turn(engine: str, st: int, die: int) -> None:
    """AG 4+ into (9, 6), marked once: 5+; Break Tackle's +1 (ST 3) makes it 4+, +2 (ST 5) 3+.
    The next dodge that turn (out of (9, 6), into an open square: 4+) is not offered it."""
    sc, mover, _ = _marked_mover(engine, d6(die) + d6(4), Skill.GUARD)
    sc.grant(mover, Skill.BREAK_TACKLE, ag=4, st=st)
    sc.put(sc.pid(1, "Big Un Blocker", 1), (8, 5))  # marks (9, 6)
    game = sc.start(active=0)
    game.step(Action(T.START_MOVE, mover))
    game.step(Action(T.MOVE, None, (9, 6)))
    assert set(game.legal_actions().types()) == {T.USE_SKILL, T.DECLINE}
    game.step(Action(T.USE_SKILL))
    assert _standing_at(game, mover, (9, 6))
    game.step(Action(T.MOVE, None, (10, 5)))
    assert _standing_at(game, mover, (10, 5))
    assert not game.roller.queue  # type: ignore[attr-defined]


@pytest.mark.parametrize("engine", ENGINES)
@pytest.mark.parametrize(("extra", "ignores"), [(Skill.SECRET_WEAPON, True), (Skill.CHAINSAW, False),
                                                (Skill.SWOOP, False)])
def test_stunty_dodge_ignores_marking_on_the_destination(engine: str, extra: Skill, ignores: bool) -> None:
    """A Goblin (AG 3+, Stunty) dodging into a square two Humans mark: a 3 makes it, even with
    Secret Weapon (LRB6's exception), but not with Chainsaw or Swoop (then 5+: he falls)."""
    sc = Scenario(bb2020_team("human"), bb2020_team("orc"), script=d6(3) + ([] if ignores else HOLDS),
                  engine=engine, rules=BB2020)
    sc.set(rerolls=(0, 0))
    goblin = sc.pid(1, "Goblin")
    sc.take(goblin, Skill.DODGE).grant(goblin, extra).put(goblin, (10, 7))
    sc.put(sc.pid(0, "Blitzer"), (9, 7)).put(sc.pid(0, "Blitzer", 1), (11, 9))
    sc.put(sc.pid(0, "Catcher"), (9, 9)).put(sc.pid(1, "Goblin", 1), (20, 2))
    game = sc.start(active=1)
    game.step(Action(T.START_MOVE, goblin))
    game.step(Action(T.MOVE, None, (10, 8)))
    assert _standing_at(game, goblin, (10, 8)) is ignores
    assert not game.roller.queue  # type: ignore[attr-defined]


@pytest.mark.parametrize("engine", ENGINES)
def test_side_step_his_coach_picks_the_square_under_bb2020(engine: str) -> None:
    """Sidestep (LRB6's Side Step): pushed, his coach picks any empty square next to him."""
    sc = Scenario(bb2020_team("human"), bb2020_team("orc"), script=block(BlockFace.PUSHED), engine=engine,
                  rules=BB2020)
    sc.set(rerolls=(0, 0))
    att, dfd = sc.pid(0, "Blitzer"), sc.pid(1, "Big Un Blocker")
    sc.grant(att, st=4).put(att, (10, 7)).grant(dfd, Skill.SIDE_STEP).put(dfd, (11, 7))
    game = sc.start(active=0)
    game.step(Action(T.START_BLOCK, att))
    game.step(Action(T.BLOCK, None, (11, 7)))
    game.step(Action(T.SELECT_PUSHED))
    assert game.decider == 1
    around = {(11 + dx, 7 + dy) for dx in (-1, 0, 1) for dy in (-1, 0, 1) if dx or dy} - {(10, 7)}
    group = game.legal_actions().group(T.PUSH)
    assert group is not None and set(group.squares) == around
    game.step(Action(T.PUSH, None, (11, 6)))
    assert game.state.board.xy(game.state.pos[dfd]) == (11, 6)


def _hit_and_run_block(engine: str, blitz: bool = False) -> tuple[Game, int]:
    """A Blitzer (ST 4) with Hit and Run on (10, 7) pushes a Big Un from (11, 7) to (12, 7) and
    stays."""
    sc = Scenario(bb2020_team("human"), bb2020_team("orc"), script=block(BlockFace.PUSHED), engine=engine,
                  rules=BB2020)
    sc.set(rerolls=(0, 0))
    att, dfd = sc.pid(0, "Blitzer"), sc.pid(1, "Big Un Blocker")
    sc.grant(att, Skill.HIT_AND_RUN, st=4).put(att, (10, 7)).put(dfd, (11, 7))
    sc.put(sc.pid(0, "Blitzer", 1), (2, 2))
    game = sc.start(active=0)
    game.step(Action(T.START_BLITZ if blitz else T.START_BLOCK, att))
    game.step(Action(T.BLOCK, None, (11, 7)))
    game.step(Action(T.SELECT_PUSHED))
    game.step(Action(T.PUSH, None, (12, 7)))
    game.step(Action(T.DECLINE))  # no follow-up
    return game, att


@pytest.mark.parametrize("engine", ENGINES)
def test_hit_and_run_one_free_square_away_from_the_opponents(engine: str) -> None:
    """After the block: one free square (no roll) to a square no opponent is next to."""
    game, att = _hit_and_run_block(engine)
    group = game.legal_actions().group(T.MOVE)
    assert group is not None and set(group.squares) == {(9, 6), (10, 6), (9, 7), (9, 8), (10, 8)}
    assert T.DECLINE in game.legal_actions().types()
    game.step(Action(T.MOVE, None, (9, 7)))
    assert _standing_at(game, att, (9, 7)) and not game.state.turnover
    assert not game.roller.queue  # type: ignore[attr-defined]


@pytest.mark.parametrize("engine", ENGINES)
def test_hit_and_run_declined_and_not_after_a_blitz(engine: str) -> None:
    """Declined, he stays; after a Blitz's block there is no free move, the Blitz's own movement
    goes on (into (11, 7), which Hit and Run never offers: next to the Big Un)."""
    game, att = _hit_and_run_block(engine)
    game.step(Action(T.DECLINE))
    assert _standing_at(game, att, (10, 7))
    assert game.legal_actions().group(T.MOVE) is None  # his Block action is over
    blitz, att = _hit_and_run_block(engine, blitz=True)
    group = blitz.legal_actions().group(T.MOVE)  # the Blitz's own movement goes on, from (10, 7)
    assert group is not None and (11, 7) in group.squares


@pytest.mark.parametrize("engine", ENGINES)
@pytest.mark.parametrize("titchy", [True, False])
def test_titchy_marks_nobody_on_a_jump(engine: str, titchy: bool) -> None:
    """A Jump over a Prone Goblin, (10, 7) marked once and (12, 7) twice: 5+ (-2); when those
    three are Titchy none of them counts: 3+."""
    sc, mover = _scenario(engine, d6(3) + ([] if titchy else HOLDS))
    sc.put(sc.pid(1, "Goblin"), (11, 7), Status.PRONE)
    if titchy:
        for i in range(3):
            sc.grant(sc.pid(1, "Big Un Blocker", i), Skill.TITCHY)
    game = sc.start(active=0)
    game.step(Action(T.START_MOVE, mover))
    game.step(Action(T.LEAP, None, (12, 7)))
    assert _standing_at(game, mover, (12, 7)) is titchy
    assert not game.roller.queue  # type: ignore[attr-defined]
