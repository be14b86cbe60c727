"""The odds toolkit on BB2020 positions (issue 51 item 5): the live-state queries ask the engine
(the ruleset's X+ tests, bases, pass results, Passing Interference, Jump, Rush, armour on AV+,
the D16 casualty table) and agree with its exact outcomes (`Game.transitions`, the chance
nodes of an explicit roller) and with TABLES §16's reference probabilities."""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction

import pytest

from nuffle.analysis import probability as P
from nuffle.analysis.queries import (
    PASS_RESULTS,
    casualty_odds,
    catch_odds,
    dodge_odds,
    gfi_odds,
    interception_odds,
    interference_odds,
    knockdown_odds,
    pass_odds,
    pickup_odds,
)
from nuffle.analysis.skill_odds import jump_odds
from nuffle.cli import main
from nuffle.core.actions import Action, ActionType
from nuffle.core.dice import ExplicitRoller
from nuffle.core.errors import InputError
from nuffle.core.game import Game
from nuffle.core.procedures.injury import KnockDown
from nuffle.core.procedures.passing import ACCURATE, Pass, PassPhase
from nuffle.core.ruleset import BB2020, LRB6, Ruleset
from nuffle.core.skills import Skill
from nuffle.core.state import PSTAT_INTERCEPTIONS, PSTATS
from nuffle.core.types import Status
from nuffle.teams_bb2020_match import default_match_team
from nuffle.testing import Scenario, do

T = ActionType
TARGET = (10, 7)


def _scenario(rerolls: tuple[int, int] = (0, 0)) -> tuple[Scenario, int, int, int, int]:
    """Human and Orc suggested BB2020 teams: a Human Blitzer (AG 3+) and Thrower, two Orc
    Blitzers (AG 3+); no team re-rolls unless given."""
    sc = Scenario(default_match_team("human"), default_match_team("orc"), rules=BB2020)
    sc.set(rerolls=rerolls)
    return sc, sc.pid(0, "Blitzer"), sc.pid(0, "Thrower"), sc.pid(1, "Blitzer"), sc.pid(1, "Blitzer", 1)


def _mass(outs: list[tuple[Game, Fraction]], pred: object) -> Fraction:
    return sum((p for g, p in outs if pred(g)), Fraction(0))  # type: ignore[operator]


def _settled(game: Game, action: Action) -> list[tuple[Game, Fraction]]:
    """`Game.transitions` of `action`, a re-roll offered on the way always taken (the skill's,
    else the team's, else Pro's): the policy the toolkit's odds assume."""
    out = []
    for t in game.transitions(action):
        types = set(t.game.legal_actions().types()) if not t.game.is_over else set()
        take = next((k for k in (T.USE_SKILL, T.USE_REROLL, T.USE_PRO) if k in types), None)
        if take is None:
            out.append((t.game, t.probability))
        else:
            out += [(g, t.probability * p) for g, p in _settled(t.game, Action(take))]
    return out


def _standing_at(pid: int, square: tuple[int, int]) -> object:
    def at(g: Game) -> bool:
        s = g.state
        return s.pos[pid] == s.board.sq(*square) and s.status[pid] == Status.STANDING and not s.turnover
    return at


# --- D6 tests: the queries against the engine and TABLES §16 ----------------------------------


@pytest.mark.parametrize(("dodge", "odds"), [(False, Fraction(1, 2)), (True, Fraction(3, 4))])
def test_a_dodge_into_one_marked_square(dodge: bool, odds: Fraction) -> None:
    """AG 3+ into a square one player marks: 4+, 1/2 (Dodge 3/4), as the engine plays it."""
    sc, mover, _, orc, _ = _scenario()
    if dodge:
        sc.grant(mover, Skill.DODGE)
    sc.put(mover, (10, 7)).put(orc, (11, 8))
    game = sc.start(0)
    do(game, T.START_MOVE, mover)
    open_ = dodge_odds(game, mover, (10, 6))  # an open square: 3+ (no +1 base)
    outs = _settled(game, Action(T.MOVE, None, (10, 6)))
    assert open_ == _mass(outs, _standing_at(mover, (10, 6))) == (Fraction(8, 9) if dodge else Fraction(2, 3))
    assert dodge_odds(game, mover, (10, 8)) == odds  # next to the orc: one marker
    outs = _settled(game, Action(T.MOVE, None, (10, 8)))
    assert _mass(outs, _standing_at(mover, (10, 8))) == odds


def test_pick_up_and_catches() -> None:
    """AG 3+: an unmarked pick-up 2/3 (no +1 base), an accurate pass caught 2/3, a bounce 1/2."""
    sc, mover, _, _, _ = _scenario()
    sc.put(mover, (10, 7)).ball_at((11, 7))
    game = sc.start(0)
    do(game, T.START_MOVE, mover)
    assert pickup_odds(game, mover) == Fraction(2, 3)
    outs = [(t.game, t.probability) for t in game.transitions(Action(T.MOVE, None, (11, 7)))]
    assert _mass(outs, lambda g: g.state.carrier() == mover) == Fraction(2, 3)
    assert catch_odds(game, mover, "accurate") == Fraction(2, 3)
    assert catch_odds(game, mover, "bounce") == Fraction(1, 2)


def test_rush_and_pro_follow_the_ruleset() -> None:
    """Two Rushes 25/36, with one team re-roll 25/27, with two 1225/1296 (several a turn);
    Pro's check is 3+ under BB2020 (4+ under LRB6): a 4+ dodge with Pro 1/2 + 1/2 * 2/3 * 1/2."""
    sc, mover, _, orc, _ = _scenario()
    sc.grant(mover, Skill.PRO).put(mover, (10, 7)).put(orc, (11, 8))
    game = sc.start(0)
    do(game, T.START_MOVE, mover)
    rush = gfi_odds(game, mover)
    assert rush == Fraction(5, 6) + Fraction(1, 6) * Fraction(2, 3) * Fraction(5, 6)
    half = Fraction(1, 2)
    assert dodge_odds(game, mover, (10, 8)) == half + half * Fraction(2, 3) * half
    step = P.RollStep(2)
    assert P.sequence_success([step, step]) == Fraction(25, 36)
    assert P.sequence_success([step, step], 1) == Fraction(25, 27)
    assert P.sequence_success([step, step], 2) == Fraction(1225, 1296)


def test_loner_team_reroll_on_a_four_plus_dodge() -> None:
    """TABLES §16: Loner (4+) team re-roll on a 4+ dodge, 5/8."""
    sc, mover, _, orc, _ = _scenario(rerolls=(1, 0))
    sc.grant(mover, Skill.LONER).take(mover, Skill.BLOCK).put(mover, (10, 7)).put(orc, (11, 8))
    game = sc.start(0)
    do(game, T.START_MOVE, mover)
    assert dodge_odds(game, mover, (10, 8)) == Fraction(5, 8)


def test_a_jump_from_one_marked_square_into_two() -> None:
    """AG 3+ Jump over a Prone orc from a square one player marks into one two mark: 5+, 1/3,
    as the engine plays it; a square he cannot jump to is refused in one line."""
    sc, mover, _, orc, orc2 = _scenario()
    down, third = sc.pid(1, "Big Un Blocker"), sc.pid(1, "Big Un Blocker", 1)
    sc.put(mover, (10, 7)).put(down, (11, 7), Status.PRONE).put(orc, (10, 8))
    sc.put(orc2, (13, 6)).put(third, (13, 8))
    game = sc.start(0)
    do(game, T.START_MOVE, mover)
    odds = jump_odds(game, mover, (12, 7))
    assert odds.leap.chance == Fraction(1, 3) and odds.gfis == 0
    outs = [(t.game, t.probability) for t in game.transitions(Action(T.LEAP, None, (12, 7)))]
    assert _mass(outs, _standing_at(mover, (12, 7))) == odds.total.chance
    with pytest.raises(InputError, match="cannot jump"):
        jump_odds(game, mover, (12, 9))


# --- passing and Passing Interference --------------------------------------------------------


def _pass_game(pa: int, marked: bool, ag: int = 3) -> tuple[Game, int, int]:
    """A Human Thrower (PA `pa`+, no Pass skill) on (5, 7) passes Short to (10, 7), an Orc
    Blitzer (AG `ag`+) on (7, 7) under the ruler (and one on (5, 8) marking him if `marked`);
    the explicit roller stops at the pass roll."""
    sc, _, thrower, orc, orc2 = _scenario()
    sc.take(thrower, Skill.PASS, Skill.SURE_HANDS).grant(thrower, pa=pa).grant(orc, ag=ag)
    sc.put(thrower, (5, 7)).give_ball(thrower).put(orc, (7, 7))
    if marked:
        sc.put(orc2, (5, 8))
    sc.roller = ExplicitRoller()  # type: ignore[assignment]  # stop at the chance nodes
    return sc.start(active=0, proc=Pass(thrower, sc.state.board.sq(*TARGET))), thrower, orc


def _pass_results(game: Game) -> dict[str, Fraction]:
    """The engine's pass result of each face of the pass roll (the Pass frame's `result`)."""
    out: dict[str, Fraction] = {}
    for outcome in game.chance_outcomes():
        g = game.clone()
        g.apply_chance(outcome.value)
        frame = next(p for p in g.state.stack if isinstance(p, Pass))
        key = PASS_RESULTS[frame.result]
        out[key] = out.get(key, Fraction(0)) + outcome.probability
    return out


def test_a_short_pass_by_a_marked_pa_three_thrower() -> None:
    """TABLES §16: PA 3+, Short, marked once (-2): accurate 1/3, inaccurate 1/6, wildly
    inaccurate 1/3, fumbled 1/6: the query's and the engine's."""
    game, thrower, _ = _pass_game(3, marked=True)
    odds = pass_odds(game, thrower, TARGET)
    assert odds == {"accurate": Fraction(1, 3), "inaccurate": Fraction(1, 6),
                    "wildly_inaccurate": Fraction(1, 3), "fumble": Fraction(1, 6)}
    assert _pass_results(game) == {k: v for k, v in odds.items() if v}


def test_a_pass_without_pa_always_fumbles() -> None:
    game, thrower, _ = _pass_game(0, marked=False)
    assert pass_odds(game, thrower, TARGET)["fumble"] == 1


@pytest.mark.parametrize(("ag", "result", "deflected", "intercepted"), [
    (3, "inaccurate", Fraction(1, 3), Fraction(1, 6)),
    (2, "accurate", Fraction(1, 3), Fraction(2, 9)),
    (3, "accurate", Fraction(1, 6), Fraction(1, 12)),
])
def test_passing_interference_odds(ag: int, result: str, deflected: Fraction, intercepted: Fraction) -> None:
    """TABLES §16: an inaccurate pass deflected by AG 3+ 1/3, intercepted 1/6; an accurate one by
    AG 2+ 1/3, intercepted 2/9 (the catch at -1)."""
    sc, _, thrower, orc, _ = _scenario()
    sc.grant(orc, ag=ag).put(thrower, (5, 7)).give_ball(thrower).put(orc, (7, 7))
    game = sc.start(0)
    odds = interference_odds(game, orc, thrower, TARGET, result)
    assert odds == {"deflected": deflected, "intercepted": intercepted}
    if result == "accurate":
        assert interception_odds(game, orc, thrower, TARGET) == intercepted


@pytest.mark.parametrize("ag", [2, 3])
def test_an_interception_agrees_with_the_engine(ag: int) -> None:
    """After an accurate pass the interferer is named: the engine's deflection roll and the
    catch of the deflected ball (its chance nodes, face by face) give the query's odds."""
    game, thrower, orc = _pass_game(3, marked=False, ag=ag)
    game.apply_chance(6)
    assert game.state.stack[-1].result == ACCURATE  # type: ignore[attr-defined]
    query = interference_odds(game, orc, thrower, TARGET, "accurate")
    game.step(Action(T.SELECT_PLAYER, orc))
    deflected = intercepted = Fraction(0)
    for roll in game.chance_outcomes():  # the deflection
        g = game.clone()
        g.apply_chance(roll.value)
        if next(p for p in g.state.stack if isinstance(p, Pass)).phase != PassPhase.DEFLECTED_CATCH:
            continue
        deflected += roll.probability
        for catch in g.chance_outcomes():  # the catch of the deflected ball
            g2 = g.clone()
            g2.apply_chance(catch.value)
            if g2.state.pstats[orc * PSTATS + PSTAT_INTERCEPTIONS] == 1:
                intercepted += roll.probability * catch.probability
    assert query == {"deflected": deflected, "intercepted": intercepted}


def test_interference_is_bb2020s() -> None:
    sc = Scenario(rules=LRB6)
    sc.put(1, (5, 7)).give_ball(1).put(11, (7, 7))
    with pytest.raises(InputError, match="no Passing Interference"):
        interference_odds(sc.start(0), 11, 1, TARGET)


# --- armour, injury, casualty ----------------------------------------------------------------


def _knockdown_game(av: int, *skills: Skill, victim_skills: tuple[Skill, ...] = ()) -> tuple[Game, int, int]:
    """An Orc Blitzer (AV `av`+, `victim_skills`) knocked down by a Human Blitzer with `skills`;
    the explicit roller stops at the armour roll."""
    sc, att, _, victim, _ = _scenario()
    sc.grant(att, *skills).grant(victim, *victim_skills, av=av).put(att, (10, 7)).put(victim, (11, 7))
    sc.roller = ExplicitRoller()  # type: ignore[assignment]  # stop at the chance nodes
    return sc.start(active=0, proc=KnockDown(victim, attacker=att)), att, victim


def _fates(game: Game, victim: int) -> dict[str, Fraction]:
    names = {Status.PRONE: "unbroken", Status.STUNNED: "stunned", Status.KO: "ko", Status.CASUALTY: "out"}
    out: dict[str, Fraction] = {}
    for t in game.transitions():
        key = names[Status(t.game.state.status[victim])]
        out[key] = out.get(key, Fraction(0)) + t.probability
    return out


@pytest.mark.parametrize("skills", [(Skill.MIGHTY_BLOW,), ()])
def test_armour_and_injury_agree_with_the_engine(skills: tuple[Skill, ...]) -> None:
    """AV 9+ breaks on 2D6 >= 9 (BB2020), Mighty Blow +1: 5/12 (TABLES §16); the query's
    armour and injury results are the engine's."""
    game, att, victim = _knockdown_game(9, *skills)
    odds = knockdown_odds(game, victim, att)
    assert 1 - odds["unbroken"] == (Fraction(5, 12) if skills else Fraction(5, 18))
    merged = {"unbroken": odds["unbroken"], "stunned": odds["stunned"], "ko": odds["ko"],
              "out": odds["badly_hurt"] + odds["casualty"]}
    assert _fates(game, victim) == {k: v for k, v in merged.items() if v}


def test_stunty_badly_hurt_on_nine() -> None:
    """TABLES §16: a Stunty player's injury roll is Badly Hurt on a 9, 1/9 of broken armour."""
    game, att, victim = _knockdown_game(9, victim_skills=(Skill.STUNTY,))
    odds = knockdown_odds(game, victim, att)
    assert odds["badly_hurt"] == (1 - odds["unbroken"]) * Fraction(1, 9)


@pytest.mark.parametrize(("niggles", "dead"), [(0, Fraction(1, 8)), (1, Fraction(3, 16))])
def test_the_d16_casualty_table(niggles: int, dead: Fraction) -> None:
    """TABLES §16: D16 casualty Dead 1/8, niggled once 3/16; LRB6's D68 as before."""
    sc, _, _, victim, _ = _scenario()
    sc.grant(victim, niggles=niggles)
    odds = casualty_odds(sc.start(0), victim)
    assert odds["dead"] == dead and sum(odds.values()) == 1
    assert set(odds) == {"badly_hurt", "seriously_hurt", "serious_injury", "lasting", "dead"}
    lrb6 = casualty_odds(Scenario().start(0), 12)
    assert lrb6 == P.casualty_table()


# --- nuffle odds --ruleset bb2020 -------------------------------------------------------------


def test_nuffle_odds_takes_bb2020(capsys: pytest.CaptureFixture[str],
                                  register_ruleset: Callable[[Ruleset], Ruleset]) -> None:
    """BB2020's Pro checks 3+: a 4+ roll with Pro 1/2 + 1/2 * 2/3 * 1/2 = 2/3 (LRB6 5/8); Pro on
    a two-dice block is refused; a draft (a registered draft copy) without --draft is one line
    naming the opt-in."""
    assert main(["odds", "4+:pro", "--ruleset", "bb2020"]) == 0
    assert "success 2/3" in capsys.readouterr().out
    assert main(["odds", "4+:pro"]) == 0
    assert "success 5/8" in capsys.readouterr().out
    assert main(["odds", "2BD:pro", "--ruleset", "bb2020"]) == 2
    assert "re-rolls one block die" in capsys.readouterr().err
    assert main(["odds", "1BD:kd:pro", "--ruleset", "bb2020"]) == 0
    capsys.readouterr()
    register_ruleset(BB2020.derive("bb2020-draft", draft=True, pending=("skills",)))
    assert main(["odds", "4+:pro", "--ruleset", "bb2020-draft"]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and err[0].startswith("error: BB2020-DRAFT is not yet playable")
    assert err[0].endswith("; --draft takes it anyway")
    assert main(["odds", "4+:pro", "--ruleset", "bb2020-draft", "--draft"]) == 2  # not the notation's
    assert "the notation's odds are lrb6 or bb2020's, not bb2020-draft's" in capsys.readouterr().err
