"""BB2020's Intensive Training (TABLES §12, prayer 16, the game): a random own player without
Loner gains a Primary skill his coach chooses, walking the skills on offer as USE_SKILL
decisions (procedures/prayer_training.py, `PrayerGift`; procs/prayers.hpp), on both engines with
forced dice; the gift lasts the game; its mark is bit 1 of the one-byte `marks` (bit 0 is a frog's)."""

from __future__ import annotations

import importlib.util
from fractions import Fraction

import pytest

from nuffle.core.actions import Action, ActionType
from nuffle.core.bb2020.skills import catalogue
from nuffle.core.decision import DecisionKind
from nuffle.core.dice import Dice, ExplicitRoller
from nuffle.core.game import Game
from nuffle.core.procedures.match import EndDrive
from nuffle.core.procedures.prayer_training import CATEGORIES, category_skills, offers, primary_bits
from nuffle.core.procedures.prayers import GIFTS, MARK_BITS, PrayerGift, marks_prayers
from nuffle.core.ruleset import draft_ruleset
from nuffle.core.skills import Skill
from nuffle.teams_bb2020_match import engine_skill, handled_skills
from nuffle.testing import Scenario, prayer_scenario

BB2020 = draft_ruleset("bb2020")
HAS_NATIVE = importlib.util.find_spec("nuffle._native") is not None
ENGINES = ["python", pytest.param("native", marks=pytest.mark.skipif(not HAS_NATIVE, reason="no native"))]
TRAINING = BB2020.prayer_number("Intensive Training")
SQUARES = [(10, 5), (10, 6), (10, 7)]


def _scenario(engine: str, script: list[tuple[Dice, int]] | None = None,
              loner: int = 1) -> tuple[Scenario, list[int]]:
    """Three human players on the pitch (the first `loner` with Loner), Intensive Training in
    effect for home."""
    return prayer_scenario(engine, 0, "Intensive Training", SQUARES, loner, script or [])


def _trained(game: Game) -> list[int]:
    return [p.pid for p in game.state.info if p.marks >> MARK_BITS[TRAINING] & 1]


def test_the_offers_are_his_primary_categories_implemented_skills() -> None:
    """Each category's skills: the catalogue's of that category the engines play; a player's
    offers: those of his positional's primary categories he has not got."""
    handled = set(handled_skills())
    defs = catalogue().skills
    for cat, skills in zip(CATEGORIES, category_skills(), strict=True):
        assert skills == tuple(sorted(sk for name, d in defs.items() if d.category == cat
                                      and (sk := engine_skill(name)) is not None and sk in handled))
        assert skills
    sc, _ = _scenario("python")
    s = sc.state
    blitzer = sc.pid(0, "Blitzer")
    assert primary_bits(s, blitzer) == 0b101  # G and S
    want = sorted((set(category_skills()[0]) | set(category_skills()[2])) - s.info[blitzer].skills)
    assert list(offers(s, blitzer)) == want and Skill.BLOCK not in want


def test_intensive_training_is_a_game_gift_on_mark_bit_one() -> None:
    gift = GIFTS[TRAINING]
    assert BB2020.prayers[TRAINING - 1] == ("Intensive Training", "game")
    assert gift.own and not gift.chosen and gift.primary and MARK_BITS[TRAINING] == 1
    assert marks_prayers(2 | 1 << 2) == 1 << (TRAINING - 1) | 1 << 2  # Intensive Training, Stiletto
    assert marks_prayers(1) == 0  # bit 0: a frog (Zap!), no prayer


@pytest.mark.parametrize("engine", ENGINES)
def test_a_random_player_gains_the_skill_his_coach_takes(engine: str) -> None:
    """PICK 1 of the two non-Loner players; his coach declines the first skill on offer and
    takes the second: he has it, marked on bit 1; nobody else changed."""
    sc, home = _scenario(engine, [(Dice.PICK, 1)])
    before = sc.state.info
    game = sc.start(proc=PrayerGift(0, TRAINING))
    trainee = home[2]
    on_offer = offers(game.state, trainee)
    d = game.decision()
    assert d.kind is DecisionKind.USE_SKILL and d.side == 0 and d.player == trainee and d.skill == on_offer[0]
    assert set(game.legal_actions().types()) == {ActionType.USE_SKILL, ActionType.DECLINE}
    game.step(Action(ActionType.DECLINE))
    assert game.decision().skill == on_offer[1]
    game.step(Action(ActionType.USE_SKILL))
    assert game.is_over and _trained(game) == [trainee]
    info = game.state.info[trainee]
    assert set(info.skills) == set(before[trainee].skills) | {on_offer[1]} and info.marks == 2
    assert all(game.state.info[p] == before[p] for p in range(len(before)) if p != trainee)


@pytest.mark.parametrize("engine", ENGINES)
def test_the_last_offer_must_be_taken(engine: str) -> None:
    """Declining every skill but the last: the last one has USE_SKILL only."""
    sc, home = _scenario(engine, loner=2)  # one candidate: no PICK
    game = sc.start(proc=PrayerGift(0, TRAINING))
    trainee = home[2]
    on_offer = offers(game.state, trainee)
    for _ in on_offer[:-1]:
        game.step(Action(ActionType.DECLINE))
    assert game.decision().skill == on_offer[-1]
    assert game.legal_actions().types() == [ActionType.USE_SKILL]
    game.step(Action(ActionType.USE_SKILL))
    assert on_offer[-1] in game.state.info[trainee].skills


@pytest.mark.parametrize("engine", ENGINES)
def test_the_pick_has_exact_outcomes(engine: str) -> None:
    """The PICK is 1/2 over the two players without Loner (forced outcomes)."""
    sc, home = _scenario(engine)
    sc.roller = ExplicitRoller()  # type: ignore[assignment]
    game = sc.start(proc=PrayerGift(0, TRAINING))
    outs = game.chance_outcomes()
    assert [o.probability for o in outs] == [Fraction(1, 2)] * 2
    game.apply_chance(outs[0].value)
    assert game.decision().player == home[1]


@pytest.mark.parametrize("engine", ENGINES)
def test_the_skill_lasts_the_game(engine: str) -> None:
    """A drive's end (and a half's) leaves the trained player as he is."""
    sc, home = _scenario(engine, loner=2)
    game = sc.start(proc=PrayerGift(0, TRAINING))
    game.step(Action(ActionType.USE_SKILL))
    trained = game.state.info
    sc2, _ = _scenario(engine)
    sc2.state.info = trained
    after = sc2.start(proc=EndDrive(True)).state.info
    assert after[home[2]] == trained[home[2]] and after[home[2]].marks == 2


def test_the_state_key_tells_the_trained_skill() -> None:
    """Two states alike but for the skill chosen are different states (the mark alone does not
    tell it): the key carries the trained players' skills."""
    keys = set()
    for declines in (0, 1):
        sc, _ = _scenario("python", loner=2)
        game = sc.start(proc=PrayerGift(0, TRAINING))
        for _ in range(declines):
            game.step(Action(ActionType.DECLINE))
        game.step(Action(ActionType.USE_SKILL))
        keys.add(game.state.key())
    assert len(keys) == 2
