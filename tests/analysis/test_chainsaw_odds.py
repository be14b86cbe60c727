"""The toolkit's Chainsaw odds (`analysis.chainsaw`) agree exactly with the engine's outcomes.

Random positions: a Chainsaw wielder (with or without Pro, Sure Feet, Loner, a team re-roll, a
Blizzard) attacks an adjacent opponent (with or without Foul Appearance, Thick Skull, Stunty,
random AV) in a Block, or in a Blitz past his MA (a Going For It first). The engine's re-roll
decisions are taken by expectimax on the chance the victim goes down; the distribution of how
both players end must equal the toolkit's figures.
"""

from __future__ import annotations

import random
from fractions import Fraction

import pytest

from nuffle.analysis.chainsaw import chainsaw_odds
from nuffle.core.actions import Action, ActionType
from nuffle.core.decision import DecisionKind
from nuffle.core.dice import SampledRoller
from nuffle.core.errors import InputError
from nuffle.core.game import Game
from nuffle.core.procedures.action import PlayerAction
from nuffle.core.procedures.turn import Turn
from nuffle.core.skills import Skill
from nuffle.core.types import Status, Weather
from nuffle.testing import Scenario

T = ActionType
ATTACKER, VICTIM = 1, 12  # a Human Lineman and an Orc Lineman
_STATUS = {Status.STANDING: "up", Status.PRONE: "prone", Status.STUNNED: "stunned", Status.KO: "ko",
           Status.CASUALTY: "cas"}


def _position(rng: random.Random) -> tuple[Game, bool]:
    sc = Scenario()
    sc.put(ATTACKER, (9, 7)).put(VICTIM, (10, 7))
    sc.grant(ATTACKER, Skill.CHAINSAW, *(k for k in (Skill.PRO, Skill.SURE_FEET, Skill.LONER)
                                          if rng.random() < 0.3), av=rng.choice((7, 8, 9)))
    sc.grant(VICTIM, *(k for k in (Skill.FOUL_APPEARANCE, Skill.THICK_SKULL, Skill.STUNTY)
                       if rng.random() < 0.35), av=rng.choice((7, 8, 9, 10)))
    sc.set(rerolls=(rng.choice((0, 1)), 0), apothecaries=(0, 0),
           weather=Weather.BLIZZARD if rng.random() < 0.2 else Weather.NICE)
    game = sc.start(0)
    game.roller = SampledRoller()
    gfi = rng.random() < 0.4
    game.step(Action(T.START_BLITZ if gfi else T.START_BLOCK, ATTACKER))
    if gfi:
        top = game.state.stack[-1]
        assert isinstance(top, PlayerAction)
        top.moves = game.state.info[ATTACKER].ma  # every square of his MA used: the strike is a GFI
    return game, gfi


def _settled(game: Game) -> bool:
    return game.is_over or isinstance(game.state.stack[-1], Turn | PlayerAction)


def _ends(g: Game) -> str:
    st = g.state.status
    return f"{_STATUS[Status(st[ATTACKER])]}/{_STATUS[Status(st[VICTIM])]}"


def _exact(game: Game, action: Action) -> tuple[Fraction, dict[str, Fraction]]:
    """(P victim down, how both end) from `game` taking `action`, the re-rolls by expectimax."""
    dist: dict[str, Fraction] = {}
    for t in game.transitions(action):
        if _settled(t.game):
            sub = {_ends(t.game): Fraction(1)}
        else:
            d = t.game.decision()
            assert d.kind == DecisionKind.REROLL, d
            sub = max((_exact(t.game, Action(a))[1] for a in t.game.legal_actions().types()),
                      key=lambda dd: sum(p for k, p in dd.items() if not k.endswith("/up")))
        for k, p in sub.items():
            dist[k] = dist.get(k, Fraction(0)) + t.probability * p
    return sum((p for k, p in dist.items() if not k.endswith("/up")), Fraction(0)), dist


def test_chainsaw_odds_agree_with_the_engine() -> None:
    rng = random.Random(53)
    seen = {"gfi": 0, "wasted": 0, "reroll": 0}
    for _ in range(40):
        game, gfi = _position(rng)
        s = game.state
        odds = chainsaw_odds(game, ATTACKER, VICTIM, gfi=gfi)
        _, dist = _exact(game, Action(T.CHAINSAW, None, (10, 7)))
        victim = {k: sum(p for key, p in dist.items() if key.endswith("/" + k)) for k in _STATUS.values()}
        assert victim["up"] == 1 - odds["victim_down"]
        assert victim["stunned"] + victim["prone"] == odds["stunned"]
        assert victim["ko"] == odds["ko"] and victim["cas"] == odds["badly_hurt"] + odds["casualty"]
        attacker_down = sum(p for key, p in dist.items() if not key.startswith("up/"))
        assert attacker_down == odds["fell"] + odds["attacker_down"]
        assert odds["fell"] + odds["wasted"] + odds["hit"] + odds["kickback"] == 1
        seen["gfi"] += gfi
        seen["wasted"] += odds["wasted"] > 0
        seen["reroll"] += s.teams[0].rerolls > 0 or Skill.PRO in s.info[ATTACKER].skills
    assert min(seen.values()) >= 3, seen


def test_a_lone_chainsaw_roll_and_its_kickback() -> None:
    game, _ = _position(random.Random(0))
    s = game.state
    s.teams[0].rerolls = 0
    odds = chainsaw_odds(game, ATTACKER, VICTIM)
    if Skill.PRO not in s.info[ATTACKER].skills and Skill.FOUL_APPEARANCE not in s.info[VICTIM].skills:
        assert (odds["hit"], odds["kickback"]) == (Fraction(5, 6), Fraction(1, 6))


@pytest.mark.parametrize(("attacker", "victim", "message"), [
    (ATTACKER, ATTACKER, "same team"), (2, VICTIM, "not on the pitch"), (ATTACKER, 99, "not on the pitch"),
])
def test_bad_players_are_refused(attacker: int, victim: int, message: str) -> None:
    game, _ = _position(random.Random(1))
    with pytest.raises(InputError, match=message):
        chainsaw_odds(game, attacker, victim)


_FOUL_FIRST = (T.SELECT_ARMOUR, T.USE_SKILL, T.USE_REROLL, T.USE_PRO, T.DECLINE)


def _foul_exact(game: Game, action: Action, fouler: int) -> dict[str, Fraction]:
    """How the victim and the fouler end after `action`: the re-roll taken (the best source
    first), Dirty Player's bonus on the armour."""
    dist: dict[str, Fraction] = {}
    for t in game.transitions(action):
        if _settled(t.game):
            st = t.game.state.status
            who = ("off" if st[fouler] == Status.SENT_OFF else "up" if st[fouler] == Status.STANDING
                   else "down")
            sub = {f"{_STATUS[Status(st[VICTIM])]}/{who}": Fraction(1)}
        else:
            types = t.game.legal_actions().types()
            sub = _foul_exact(t.game, Action(next(k for k in _FOUL_FIRST if k in types)), fouler)
        for k, p in sub.items():
            dist[k] = dist.get(k, Fraction(0)) + t.probability * p
    return dist


def test_a_chainsaw_foul_counts_the_kickback_first() -> None:
    from nuffle.analysis.chainsaw import chainsaw_foul_odds

    rng = random.Random(7)
    for _ in range(12):
        sc = Scenario()
        sc.put(ATTACKER, (9, 7)).put(VICTIM, (10, 7), Status.PRONE)
        sc.grant(ATTACKER, Skill.CHAINSAW, *(k for k in (Skill.PRO, Skill.LONER, Skill.DIRTY_PLAYER,
                                                          Skill.SNEAKY_GIT) if rng.random() < 0.3),
                 av=rng.choice((7, 8, 9)))
        sc.grant(VICTIM, *(k for k in (Skill.THICK_SKULL, Skill.STUNTY) if rng.random() < 0.35))
        sc.set(rerolls=(rng.choice((0, 1)), 0), apothecaries=(0, 0))
        game = sc.start(0)
        game.roller = SampledRoller()
        game.step(Action(T.START_FOUL, ATTACKER))
        odds = chainsaw_foul_odds(game, ATTACKER, VICTIM)
        got = _foul_exact(game, Action(T.FOUL, None, (10, 7)), ATTACKER)
        ends: dict[str, Fraction] = {}
        for k, p in got.items():
            ends[k.split("/")[0]] = ends.get(k.split("/")[0], Fraction(0)) + p
        assert ends.get("prone", 0) == odds["unbroken"] + odds["kickback"]  # no foul: he lies as he was
        assert ends.get("stunned", 0) == odds["stunned"] and ends.get("ko", 0) == odds["ko"]
        assert ends.get("cas", 0) == odds["badly_hurt"] + odds["casualty"]
        assert sum(p for k, p in got.items() if k.endswith("/off")) == odds["sent_off"]
        assert sum(p for k, p in got.items() if k.endswith("/down")) == odds["fouler_down"]
        assert odds["kickback"] > 0
