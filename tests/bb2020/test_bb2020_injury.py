"""BB2020 injury and casualties on both engines (RULES §11, TABLES §9-10): the injury roll with no
niggling modifier, the Stunty table and Thick Skull, the D16 casualty table with niggling
injuries, lasting injuries, the apothecary; the digest's reference probabilities."""

from __future__ import annotations

import importlib.util
from collections import Counter
from fractions import Fraction

import pytest

from nuffle.core.actions import Action, ActionType
from nuffle.core.dice import GROUP_CASUALTY, Dice, Outcome, block, d6, d16, grouped_outcomes, two_d6
from nuffle.core.game import Game
from nuffle.core.procedures.injury import BLOCK, injury_result
from nuffle.core.ruleset import LRB6, draft_ruleset
from nuffle.core.skills import BADLY_HURT, CASUALTY, KO, STUNNED, Skill
from nuffle.core.state import PSTAT_INJURY, PSTAT_INJURY2, PSTATS
from nuffle.core.teams import TeamSpec
from nuffle.core.types import BlockFace, Status
from nuffle.teams_bb2020 import build_team, check_team
from nuffle.teams_bb2020_match import match_team
from nuffle.testing import Scenario

BB2020 = draft_ruleset("bb2020")
HAS_NATIVE = importlib.util.find_spec("nuffle._native") is not None
NO_NATIVE = pytest.mark.skipif(not HAS_NATIVE, reason="no native extension")
ENGINES = ["python", pytest.param("native", marks=NO_NATIVE)]
T = ActionType
DD, PUSHED = BlockFace.DEFENDER_DOWN, BlockFace.PUSHED
SQUADS = {"human": [("Human Lineman", 7), ("Blitzer", 2), ("Thrower", 1), ("Catcher", 1)],
          "orc": [("Orc Lineman", 6), ("Blitzer", 2), ("Thrower", 1), ("Goblin", 2)]}


def _team(race: str) -> TeamSpec:
    raw = build_team(race, SQUADS[race], treasury=2_000_000)
    return match_team(check_team(raw, treasury=raw["treasury"])).spec


def _hit(engine: str, script: list[tuple[Dice, Outcome]], victim: str = "Orc Lineman",
         apothecary: bool = False, niggles: int = 0, skills: tuple[Skill, ...] = ()) -> tuple[Game, int]:
    """The home Blitzer (ST 3) blocks an away `victim` to the ground (Defender Down), then `script`:
    armour, injury, casualty dice."""
    two_dice = victim == "Goblin"  # ST 2: two block dice, the attacker picks
    sc = Scenario(_team("human"), _team("orc"), engine=engine, rules=BB2020,
                  script=block(DD, PUSHED) + script if two_dice else block(DD) + script)
    att, dfd = sc.pid(0, "Blitzer"), sc.pid(1, victim)
    sc.grant(dfd, *skills, niggles=niggles)
    sc.set(apothecaries=(0, 1 if apothecary else 0))
    sc.put(att, (10, 7)).put(dfd, (11, 7))
    game = sc.start(active=0)
    game.step(Action(T.START_BLOCK, att))
    game.step(Action(T.BLOCK, None, (11, 7)))
    game.step(Action(T.SELECT_DEFENDER_DOWN))
    game.step(Action(T.PUSH, None, (12, 7)))
    game.step(Action(T.DECLINE))
    return game, dfd


def _injury(game: Game, pid: int) -> tuple[int, int]:
    p = game.state.pstats
    return p[pid * PSTATS + PSTAT_INJURY], p[pid * PSTATS + PSTAT_INJURY2]


@pytest.mark.parametrize("engine", ENGINES)
def test_niggling_injuries_do_not_modify_the_injury_roll(engine: str) -> None:
    game, dfd = _hit(engine, two_d6(5, 5) + two_d6(3, 4), niggles=1)  # armour 10 vs 10+; injury 7
    assert game.state.status[dfd] == Status.STUNNED and not game.roller.queue  # type: ignore[attr-defined]


@pytest.mark.parametrize("engine", ENGINES)
@pytest.mark.parametrize(("d", "niggles", "cas", "result"), [
    (3, 0, 3, "badly_hurt"), (8, 0, 8, "seriously_hurt"), (11, 0, 11, "serious_injury"), (15, 0, 15, "dead"),
    (14, 1, 15, "dead"), (16, 2, 16, "dead"), (6, 1, 7, "seriously_hurt")])
def test_the_d16_casualty_table_with_niggles(engine: str, d: int, niggles: int, cas: int,
                                             result: str) -> None:
    game, dfd = _hit(engine, two_d6(5, 5) + two_d6(5, 6) + d16(d), niggles=niggles)
    assert game.state.status[dfd] == Status.CASUALTY
    assert _injury(game, dfd) == (cas, 0) and BB2020.casualty_of(cas) == result
    assert not game.roller.queue  # type: ignore[attr-defined]


@pytest.mark.parametrize("engine", ENGINES)
@pytest.mark.parametrize(("d6_", "result"),
                         [(1, "av"), (2, "av"), (3, "ma"), (4, "pa"), (5, "ag"), (6, "st")])
def test_a_lasting_injury_rolls_its_d6_once_the_casualty_stands(engine: str, d6_: int, result: str) -> None:
    game, dfd = _hit(engine, two_d6(5, 5) + two_d6(5, 6) + d16(13) + d6(d6_))
    assert game.state.status[dfd] == Status.CASUALTY
    cas, _ = _injury(game, dfd)
    assert cas == 20 + d6_ and BB2020.casualty_of(cas) == result
    assert not game.roller.queue  # type: ignore[attr-defined]


@pytest.mark.parametrize("engine", ENGINES)
def test_stunty_nine_is_badly_hurt_without_a_casualty_roll(engine: str) -> None:
    game, dfd = _hit(engine, two_d6(4, 4) + two_d6(4, 5), victim="Goblin")  # armour 8 vs 8+; injury 9
    assert game.state.status[dfd] == Status.CASUALTY
    assert BB2020.casualty_of(_injury(game, dfd)[0]) == "badly_hurt"
    assert not game.roller.queue  # type: ignore[attr-defined]


@pytest.mark.parametrize("engine", ENGINES)
@pytest.mark.parametrize(("injury", "status"), [((3, 4), Status.STUNNED), ((4, 4), Status.KO)])
def test_stunty_with_thick_skull(engine: str, injury: tuple[int, int], status: Status) -> None:
    """Stunty + Thick Skull: 7 Stunned, 8 KO (TABLES §9, FFB)."""
    game, dfd = _hit(engine, two_d6(4, 4) + two_d6(*injury), victim="Goblin", skills=(Skill.THICK_SKULL,))
    assert game.state.status[dfd] == status


@pytest.mark.parametrize("engine", ENGINES)
def test_the_apothecary_makes_a_ko_stunned(engine: str) -> None:
    game, dfd = _hit(engine, two_d6(5, 5) + two_d6(4, 4), apothecary=True)  # injury 8: KO
    assert set(game.legal_actions().types()) == {T.USE_APOTHECARY, T.DECLINE}
    game.step(Action(T.USE_APOTHECARY))
    assert game.state.status[dfd] == Status.STUNNED and game.state.pos[dfd] >= 0


@pytest.mark.parametrize("engine", ENGINES)
@pytest.mark.parametrize(("first", "again", "status", "kept"), [
    (12, 3, Status.RESERVE, None), (5, 15, Status.RESERVE, None), (15, 11, Status.CASUALTY, 11)])
def test_the_apothecary_rolls_the_d16_again_and_the_better_is_kept(
        engine: str, first: int, again: int, status: Status, kept: int | None) -> None:
    """A Badly Hurt first result goes to reserves with no second roll (it would be kept)."""
    again_roll = d16(again) if first > 6 else []
    game, dfd = _hit(engine, two_d6(5, 5) + two_d6(5, 6) + d16(first) + again_roll, apothecary=True)
    game.step(Action(T.USE_APOTHECARY))
    assert game.state.status[dfd] == status
    if kept is not None:
        assert _injury(game, dfd)[0] == kept
    assert not game.roller.queue  # type: ignore[attr-defined]


# --- the digest's reference probabilities (TABLES §9, §10, §16) ------------------------------------


def _injury_odds(skills: tuple[Skill, ...], mod: int) -> dict[int, Fraction]:
    """The injury results of every 2D6 against an Orc Lineman given `skills`, `mod` added."""
    s = Game.new(_team("human"), _team("orc"), seed=1, ruleset=BB2020).state
    victim = next(p.pid for p in s.info if p.team == 1 and p.position == "Orc Lineman")
    info = s.info[victim]
    s.info = (*s.info[:victim], type(info)(**{**{f: getattr(info, f) for f in info.__slots__},
                                              "skills": BB2020.skill_set(frozenset(skills))}),
              *s.info[victim + 1:])
    counts: Counter[int] = Counter(injury_result(s, victim, a + b, mod, -1, BLOCK)
                                   for a in range(1, 7) for b in range(1, 7))
    return {r: Fraction(n, 36) for r, n in counts.items()}


@pytest.mark.parametrize(("skills", "mod", "odds"), [
    ((), 0, {STUNNED: Fraction(7, 12), KO: Fraction(1, 4), CASUALTY: Fraction(1, 6)}),
    ((), 1, {STUNNED: Fraction(5, 12), KO: Fraction(11, 36), CASUALTY: Fraction(5, 18)}),
    ((Skill.THICK_SKULL,), 0, {STUNNED: Fraction(13, 18), KO: Fraction(1, 9), CASUALTY: Fraction(1, 6)}),
    ((Skill.STUNTY,), 0, {STUNNED: Fraction(5, 12), KO: Fraction(11, 36), BADLY_HURT: Fraction(1, 9),
                          CASUALTY: Fraction(1, 6)}),
    ((Skill.STUNTY,), 1, {STUNNED: Fraction(5, 18), KO: Fraction(11, 36), BADLY_HURT: Fraction(5, 36),
                          CASUALTY: Fraction(5, 18)}),
    ((Skill.STUNTY, Skill.THICK_SKULL), 0, {STUNNED: Fraction(7, 12), KO: Fraction(5, 36),
                                            BADLY_HURT: Fraction(1, 9), CASUALTY: Fraction(1, 6)}),
])
def test_the_injury_table_odds_are_the_digests(skills: tuple[Skill, ...], mod: int,
                                               odds: dict[int, Fraction]) -> None:
    assert _injury_odds(skills, mod) == odds


@pytest.mark.parametrize(("niggles", "odds"), [
    (0, {"badly_hurt": Fraction(3, 8), "seriously_hurt": Fraction(3, 16), "serious_injury": Fraction(3, 16),
         "lasting": Fraction(1, 8), "dead": Fraction(1, 8)}),
    (1, {"badly_hurt": Fraction(5, 16), "seriously_hurt": Fraction(3, 16), "serious_injury": Fraction(3, 16),
         "lasting": Fraction(1, 8), "dead": Fraction(3, 16)}),
    (2, {"badly_hurt": Fraction(1, 4), "seriously_hurt": Fraction(3, 16), "serious_injury": Fraction(3, 16),
         "lasting": Fraction(1, 8), "dead": Fraction(1, 4)})])
def test_the_casualty_table_odds_are_the_digests(niggles: int, odds: dict[str, Fraction]) -> None:
    got: Counter[str] = Counter(BB2020.casualty_of(min(d + niggles, 16)) for d in range(1, 17))
    assert {k: Fraction(n, 16) for k, n in got.items()} == odds


def test_the_d16_groups_by_casualty_result_on_both_engines() -> None:
    classes = grouped_outcomes(Dice.D16, 1, GROUP_CASUALTY, BB2020.casualty_groups)
    assert [(o, p) for o, p in classes] == [(1, Fraction(3, 8)), (7, Fraction(3, 16)), (10, Fraction(3, 16)),
                                            (13, Fraction(1, 8)), (15, Fraction(1, 8))]
    assert BB2020.casualty_die == "D16" and LRB6.casualty_die == "D68"
    if HAS_NATIVE:
        from nuffle.core.engines import native_module

        native = native_module().grouped_outcomes(int(Dice.D16), 1, GROUP_CASUALTY, 1)
        assert [(o, Fraction(*p)) for o, p in native] == list(classes)


def test_every_bb2020_casualty_result_has_a_report_name() -> None:
    from nuffle.report.text import CASUALTY_NAMES

    assert {r for _a, _b, r in BB2020.casualties} <= set(CASUALTY_NAMES)
