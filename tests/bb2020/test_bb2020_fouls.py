"""BB2020 fouls on both engines (RULES §12, SKILLS.md): Guard's foul assists, Defensive, Argue
the Call (D6: 1 sent off and the coach ejected, 2-5 sent off with a bribe still allowed, 6 not
sent off), Sneaky Git (never sent off for an armour double; may move on after the foul), and the
send-off on an armour or injury double as LRB6's."""

from __future__ import annotations

import importlib.util
from fractions import Fraction

import pytest

from nuffle.core.actions import Action, ActionType
from nuffle.core.decision import DecisionKind
from nuffle.core.dice import Dice, Outcome, d6, two_d6
from nuffle.core.game import Game
from nuffle.core.ruleset import LRB6, Ruleset, draft_ruleset
from nuffle.core.types import Status
from nuffle.testing import FOUL_SQUARES, Scenario, foul, foul_scenario, legal_types, roller_of

BB2020 = draft_ruleset("bb2020")
HAS_NATIVE = importlib.util.find_spec("nuffle._native") is not None
NO_NATIVE = pytest.mark.skipif(not HAS_NATIVE, reason="no native extension")
ENGINES = ["python", pytest.param("native", marks=NO_NATIVE)]
T = ActionType
VICTIM = FOUL_SQUARES[1]


def _scenario(engine: str, script: list[tuple[Dice, Outcome]], rules: Ruleset = BB2020,
              bribes: int = 0) -> tuple[Scenario, int, int, int, int]:
    return foul_scenario(engine, script, rules, bribes)


def _foul(sc: Scenario, fouler: int) -> Game:
    game = sc.start(active=0)
    foul(game, fouler, VICTIM)
    return game


def _sent_off_on_armour_double(engine: str, argue: list[tuple[Dice, Outcome]], bribes: int = 0) -> Game:
    """A 5+5 armour double breaks AV 10+, injury 1+2 (Stunned): sent off; the coach decides."""
    sc, fouler, _, _, _ = _scenario(engine, two_d6(5, 5) + two_d6(1, 2) + argue, bribes=bribes)
    game = _foul(sc, fouler)
    assert game.decision().kind == DecisionKind.BRIBE
    return game


@pytest.mark.parametrize("engine", ENGINES)
@pytest.mark.parametrize(("die", "sent_off", "ejected"),
                         [(1, True, True), (3, True, False), (6, False, False)])
def test_argue_the_call(engine: str, die: int, sent_off: bool, ejected: bool) -> None:
    """No bribes: Argue the Call (USE_SKILL) or accept (DECLINE); the D6 decides, a 1 ejects the
    coach, a 6 keeps the fouler on the pitch with no turnover."""
    game = _sent_off_on_armour_double(engine, d6(die))
    assert legal_types(game) == {T.USE_SKILL, T.DECLINE}
    fouler = game.decision().player
    assert fouler is not None
    game.step(Action(T.USE_SKILL))
    s = game.state
    assert (s.status[fouler] == Status.SENT_OFF) is sent_off
    assert s.turnover is sent_off or game.is_over
    assert s.teams[0].coach_ejected is ejected
    assert not roller_of(game).queue


@pytest.mark.parametrize("engine", ENGINES)
def test_a_bribe_after_a_lost_argument_but_not_after_an_ejection(engine: str) -> None:
    """With a bribe: Argue the Call, Bribe or decline are offered; after a 2-5 the bribe is still
    offered (2+ keeps him on), after a 1 it is not."""
    game = _sent_off_on_armour_double(engine, d6(4) + d6(2), bribes=1)
    assert legal_types(game) == {T.USE_BRIBE, T.USE_SKILL, T.DECLINE}
    fouler = game.decision().player
    assert fouler is not None
    game.step(Action(T.USE_SKILL))
    assert game.decision().kind == DecisionKind.BRIBE and legal_types(game) == {T.USE_BRIBE, T.DECLINE}
    game.step(Action(T.USE_BRIBE))
    assert game.state.status[fouler] == Status.STANDING and game.state.teams[0].bribes == 0
    ejected = _sent_off_on_armour_double(engine, d6(1), bribes=1)
    ejected.step(Action(T.USE_SKILL))
    assert ejected.state.status[fouler] == Status.SENT_OFF and ejected.state.teams[0].coach_ejected


@pytest.mark.parametrize("engine", ENGINES)
def test_an_ejected_coach_cannot_argue(engine: str) -> None:
    """The coach already ejected: no Argue the Call, and with no bribe the fouler goes."""
    sc, fouler, _, _, _ = _scenario(engine, two_d6(5, 5) + two_d6(1, 2))
    sc.state.teams[0].coach_ejected = True
    game = _foul(sc, fouler)
    assert game.state.status[fouler] == Status.SENT_OFF


@pytest.mark.parametrize("engine", ENGINES)
def test_lrb6_has_no_argue_the_call(engine: str) -> None:
    """LRB6: with a bribe only USE_BRIBE or DECLINE; with none the fouler is sent off at once."""
    sc, fouler, _, _, _ = _scenario(engine, two_d6(5, 5) + two_d6(1, 2), LRB6, bribes=1)
    game = _foul(sc, fouler)
    assert legal_types(game) == {T.USE_BRIBE, T.DECLINE}
    sc, fouler, _, _, _ = _scenario(engine, two_d6(5, 5) + two_d6(1, 2), LRB6)
    assert _foul(sc, fouler).state.status[fouler] == Status.SENT_OFF


@pytest.mark.parametrize("engine", ENGINES)
def test_a_fouler_without_sneaky_git_ends_his_action(engine: str) -> None:
    """No double, armour holds: the foul ends the action (no move on) on both rulesets."""
    sc, fouler, victim, _, _ = _scenario(engine, two_d6(1, 2))
    game = _foul(sc, fouler)
    assert game.state.status[victim] == Status.PRONE
    assert game.decision().kind == DecisionKind.SELECT_ACTION


def test_an_ejected_coach_is_kept_in_positions_only_when_ejected() -> None:
    """`team_state` names coach_ejected only for an ejected coach (earlier positions unchanged);
    it survives a position round trip and the native engine's state."""
    from nuffle.core.native_state import to_native
    from nuffle.core.position import position_from_dict, position_to_dict

    sc, _, _, _, _ = _scenario("python", [], LRB6)  # positions of the draft are refused
    s = sc.start(active=0).state
    assert all("coach_ejected" not in t for t in position_to_dict(s)["team_state"])
    s.teams[1].coach_ejected = True
    data = position_to_dict(s)
    assert "coach_ejected" not in data["team_state"][0] and data["team_state"][1]["coach_ejected"] is True
    back = position_from_dict(data)
    assert [t.coach_ejected for t in back.teams] == [False, True]
    assert back.key() == s.key() != _scenario("python", [], LRB6)[0].start(active=0).state.key()
    if HAS_NATIVE:
        assert to_native(s).dump()["teams"][1]["coach_ejected"] == 1


@pytest.mark.parametrize("engine", ENGINES)
def test_argue_the_call_odds_are_the_tables(engine: str) -> None:
    """TABLES §16: Argue the Call ejects the coach 1/6, sends the fouler off 2/3 (2-5), keeps him
    on the pitch 1/6, each face played out on the engine."""
    results: dict[str, Fraction] = {"ejected": Fraction(0), "sent off": Fraction(0), "stays": Fraction(0)}
    for face in range(1, 7):
        game = _sent_off_on_armour_double(engine, d6(face))
        fouler = game.decision().player
        assert fouler is not None
        game.step(Action(T.USE_SKILL))
        s = game.state
        key = ("ejected" if s.teams[0].coach_ejected else
               "sent off" if s.status[fouler] == Status.SENT_OFF else "stays")
        results[key] += Fraction(1, 6)
    assert results == {"ejected": Fraction(1, 6), "sent off": Fraction(2, 3), "stays": Fraction(1, 6)}


def test_the_prompt_offers_argue_the_call() -> None:
    """The decision's words (report.prompt) name Argue the Call where it is legal."""
    from nuffle.report.prompt import prompt

    game = _sent_off_on_armour_double("python", [])
    p = prompt(game)
    assert "Argue the Call" in p.text and T.USE_SKILL.name in p.choices
    sc, fouler, _, _, _ = _scenario("python", two_d6(5, 5) + two_d6(1, 2), LRB6, bribes=1)
    p = prompt(_foul(sc, fouler))
    assert "Argue" not in p.text and T.USE_SKILL.name not in p.choices
