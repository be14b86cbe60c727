"""The toolkit's block and foul odds agree exactly with the engine (`Game.transitions`).

Random positions with random skills: a block or a blitz (Block, Dodge, Tackle, Wrestle,
Juggernaut, Horns, Guard on the helpers, random assists on both sides) and a foul (Dirty
Player, Sneaky Git, Thick Skull, Stunty, random foul assists). The engine's decisions are
taken by the toolkit's own policy (the chooser's ranking of results, Wrestle and Juggernaut
when they give a better result), so the engine's exact distribution of who ends up standing
must equal the toolkit's. The toolkit reads every rule from the engine (`face_rules`,
`foul_rules`, `injury_result`): a rule it got wrong (a dice count, what a face does, an
option it thinks a coach has that the engine does not offer) shows up here.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from fractions import Fraction

from nuffle.analysis.blocks import (
    ATTACKER_FELL,
    ATTACKER_PREFERENCE,
    DEFENDER_FELL,
    DEFENDER_PREFERENCE,
    GOALS,
    BlockResult,
    BlockSkills,
    face_result,
)
from nuffle.analysis.queries import block_odds, block_skills, foul_odds
from nuffle.core.actions import SELECT_FACE, Action, ActionType
from nuffle.core.dice import SampledRoller
from nuffle.core.game import Game
from nuffle.core.procedures.action import PlayerAction
from nuffle.core.procedures.block import Block, BlockPhase
from nuffle.core.procedures.turn import Turn
from nuffle.core.skills import Skill
from nuffle.core.types import BlockFace, Status
from nuffle.testing import Scenario

T = ActionType
HOME = (0, 1, 2, 4, 5, 6, 7, 8, 9)  # no Bone-head Ogre
AWAY = (11, 12, 13, 15, 16, 17, 18, 19, 20)  # no Really Stupid Troll
BLOCK_SKILLS = (Skill.BLOCK, Skill.DODGE, Skill.TACKLE, Skill.WRESTLE)
ATTACKER_ONLY = (Skill.JUGGERNAUT, Skill.HORNS)
NEAR = [(x, y) for x in range(8, 14) for y in range(5, 10)]
_FACE_ORDER = (BlockFace.ATTACKER_DOWN, BlockFace.BOTH_DOWN, BlockFace.PUSHED,
               BlockFace.DEFENDER_STUMBLES, BlockFace.DEFENDER_DOWN)


def _settled(game: Game) -> bool:
    return game.is_over or isinstance(game.state.stack[-1], Turn | PlayerAction)


def _block_policy(game: Game, att: BlockSkills, dfd: BlockSkills) -> Action:
    """The toolkit's choices: the chooser's best face (the attacker a safe one first), Wrestle
    or Juggernaut when the toolkit says they give the result, else decline; first push square."""
    legal = game.legal_actions()
    types = legal.types()
    top = game.state.stack[-1]
    if isinstance(top, Block) and top.phase == BlockPhase.DICE_CHOICE:
        mine = game.decider == game.state.pteam[top.attacker]
        pref = ATTACKER_PREFERENCE if mine else DEFENDER_PREFERENCE

        def key(f: int) -> tuple[int, int, int]:
            res = face_result(BlockFace(f), att, dfd)
            return (int(mine and res not in GOALS["safe"]), pref.index(res), -_FACE_ORDER.index(BlockFace(f)))

        return Action(SELECT_FACE[min(top.faces, key=key)])
    if isinstance(top, Block) and (T.SELECT_PUSHED in types or T.USE_SKILL in types):
        res = face_result(BlockFace.BOTH_DOWN, att, dfd)
        if T.SELECT_PUSHED in types and res == BlockResult.PUSHED:
            return Action(T.SELECT_PUSHED)
        if T.USE_SKILL in types and res == BlockResult.BOTH_PRONE:
            return Action(T.USE_SKILL)
        return Action(T.DECLINE)
    if T.PUSH in types:
        return next(iter(legal))
    if T.DECLINE in types:
        return Action(T.DECLINE)
    return next(iter(legal))


def _exact(game: Game, first: Action, policy: Callable[[Game], Action],
           classify: Callable[[Game], str]) -> dict[str, Fraction]:
    dist: dict[str, Fraction] = {}
    frontier = [(Fraction(1), game, first)]
    while frontier:
        p, g, action = frontier.pop()
        for nxt, q in g.transitions(action):
            if _settled(nxt):
                key = classify(nxt)
                dist[key] = dist.get(key, Fraction(0)) + p * q
            else:
                frontier.append((p * q, nxt, policy(nxt)))
    assert sum(dist.values()) == 1
    return dist


def _scatter(sc: Scenario, rng: random.Random, players: tuple[int, ...], taken: set[tuple[int, int]],
             guard: bool) -> None:
    for pid in players:
        sq = rng.choice([q for q in NEAR if q not in taken])
        taken.add(sq)
        sc.put(pid, sq)
        if guard and rng.random() < 0.4:
            sc.grant(pid, Skill.GUARD)


def _block_position(rng: random.Random) -> tuple[Game, int, int, bool]:
    sc = Scenario()
    attacker, defender = rng.choice(HOME), rng.choice(AWAY)
    blitz = rng.random() < 0.5
    a_sq, d_sq = (9, 7), (10, 7)
    sc.put(attacker, a_sq).put(defender, d_sq)
    sc.take(attacker, *BLOCK_SKILLS).take(defender, *BLOCK_SKILLS)
    sc.grant(attacker, *(k for k in BLOCK_SKILLS + ATTACKER_ONLY if rng.random() < 0.35))
    sc.grant(defender, *(k for k in BLOCK_SKILLS if rng.random() < 0.35))
    taken = {a_sq, d_sq, (11, 6), (11, 7), (11, 8)}  # the defender's push squares stay free
    helpers = [p for p in HOME if p != attacker], [p for p in AWAY if p != defender]
    _scatter(sc, rng, tuple(rng.sample(helpers[0], rng.randrange(3))), taken, True)
    _scatter(sc, rng, tuple(rng.sample(helpers[1], rng.randrange(3))), taken, True)
    sc.set(rerolls=(0, 0), apothecaries=(0, 0))
    game = sc.start(0)
    game.roller = SampledRoller()
    game.step(Action(T.START_BLITZ if blitz else T.START_BLOCK, attacker))
    return game, attacker, defender, blitz


def _toolkit_policy(att: BlockSkills, dfd: BlockSkills) -> Callable[[Game], Action]:
    return lambda g: _block_policy(g, att, dfd)


def _standing(attacker: int, defender: int) -> Callable[[Game], str]:
    """Who ends up standing: 'up' or 'down' for the attacker, then the defender."""

    def classify(g: Game) -> str:
        st = g.state.status
        return "/".join("up" if st[p] == Status.STANDING else "down" for p in (attacker, defender))

    return classify


def test_block_odds_agree_with_the_engine() -> None:
    rng = random.Random(36)
    checked = 0
    seen: set[BlockResult] = set()
    while checked < 14:
        game, attacker, defender, blitz = _block_position(rng)
        if T.BLOCK not in game.legal_actions().types():
            continue  # not offered (a Blitz whose blitzer could not act): draw again
        s = game.state
        odds = block_odds(game, attacker, defender, blitz=blitz)
        want: dict[str, Fraction] = {}
        for res, p in odds.results.items():
            key = f"{'down' if res in ATTACKER_FELL else 'up'}/{'down' if res in DEFENDER_FELL else 'up'}"
            want[key] = want.get(key, Fraction(0)) + p
            seen.add(res)
        att, dfd = block_skills(s, attacker, defender, blitz)
        first = Action(T.BLOCK, None, s.board.xy(s.pos[defender]))
        got = _exact(game, first, _toolkit_policy(att, dfd), _standing(attacker, defender))
        skills = [sorted(k.name for k in s.info[p].skills) for p in (attacker, defender)]
        assert got == {k: v for k, v in want.items() if v}, (blitz, skills)
        checked += 1
    assert {BlockResult.BOTH_PRONE, BlockResult.NO_EFFECT, BlockResult.PUSHED} <= seen


def _foul_position(rng: random.Random) -> tuple[Game, int, int]:
    sc = Scenario()
    fouler, victim = rng.choice(HOME), rng.choice(AWAY)
    sc.put(fouler, (9, 7)).put(victim, (10, 7), Status.PRONE)
    sc.grant(fouler, *(k for k in (Skill.DIRTY_PLAYER, Skill.SNEAKY_GIT) if rng.random() < 0.5))
    sc.grant(victim, *(k for k in (Skill.THICK_SKULL, Skill.STUNTY) if rng.random() < 0.4))
    taken = {(9, 7), (10, 7)}
    helpers = [p for p in HOME if p != fouler], [p for p in AWAY if p != victim]
    _scatter(sc, rng, tuple(rng.sample(helpers[0], rng.randrange(4))), taken, True)
    _scatter(sc, rng, tuple(rng.sample(helpers[1], rng.randrange(4))), taken, True)
    sc.set(apothecaries=(0, 0))
    game = sc.start(0)
    game.roller = SampledRoller()
    game.step(Action(T.START_FOUL, fouler))
    return game, fouler, victim


def _foul_policy(game: Game) -> Action:
    types = game.legal_actions().types()
    if T.SELECT_ARMOUR in types:  # the bonus on the armour when it breaks it, as the toolkit assumes
        return Action(T.SELECT_ARMOUR)
    return Action(T.DECLINE)


_VICTIM = {Status.PRONE: "unbroken", Status.STUNNED: "stunned", Status.KO: "ko", Status.CASUALTY: "casualty"}


def _foul_result(fouler: int, victim: int) -> Callable[[Game], str]:
    """The victim's state and whether the fouler was sent off."""

    def classify(g: Game) -> str:
        st = g.state.status
        return f"{_VICTIM[Status(st[victim])]}/{'off' if st[fouler] == Status.SENT_OFF else 'on'}"

    return classify


def test_foul_odds_agree_with_the_engine() -> None:
    rng = random.Random(3636)
    for _ in range(10):
        game, fouler, victim = _foul_position(rng)
        query = foul_odds(game, fouler, victim)
        got = _exact(game, Action(T.FOUL, None, (10, 7)), _foul_policy, _foul_result(fouler, victim))
        victim_dist: dict[str, Fraction] = {}
        for k, p in got.items():
            victim_dist[k.split("/")[0]] = victim_dist.get(k.split("/")[0], Fraction(0)) + p
        want = {k: query[k] for k in ("unbroken", "stunned", "ko")} | {
            "casualty": query["casualty"] + query["badly_hurt"]}
        assert victim_dist == {k: v for k, v in want.items() if v}
        assert sum((p for k, p in got.items() if k.endswith("/off")), Fraction(0)) == query["sent_off"]
        assert query["armour_broken"] + query["unbroken"] == 1
