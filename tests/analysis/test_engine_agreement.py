"""Statistical agreement: sampled engine play vs `Game.transitions()` vs the live-state queries.

Each scenario builds a position with `Scenario`, plays TRIALS sampled trials (a clone per trial with
its own generator state, re-roll and block decisions by one fixed policy), classifies each result,
and checks the counts against (a) the exact distribution from `transitions()` followed through the
same policy and (b) the query / toolkit Fractions, by chi-square (p > P_MIN). Where a category of
(a) is the very event a query describes, the Fractions must be equal exactly.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping
from fractions import Fraction
from typing import Any

import pytest

from nuffle.analysis.blocks import (
    ATTACKER_PREFERENCE,
    DEFENDER_PREFERENCE,
    GOALS,
    BlockResult,
    BlockSkills,
    face_result,
)
from nuffle.analysis.probability import knockdown
from nuffle.analysis.queries import (
    block_odds,
    dodge_odds,
    foul_odds,
    gfi_odds,
    interception_odds,
    pass_odds,
    pickup_odds,
)
from nuffle.core.actions import SELECT_FACE, Action, ActionType
from nuffle.core.dice import Chance, Outcome, SampledRoller, d6, sample, seed_state
from nuffle.core.game import Game
from nuffle.core.procedures.action import PlayerAction
from nuffle.core.procedures.block import Block
from nuffle.core.procedures.passing import interceptors, is_fumble, pass_range, pass_roll_modifier
from nuffle.core.procedures.rolls import roll_succeeds
from nuffle.core.procedures.turn import Turn
from nuffle.core.skills import Skill
from nuffle.core.types import BlockFace, Status, Weather
from nuffle.testing import BLITZER, CATCHER, LINEMAN, LINEMAN2, O_LINE, O_LINE2, OGRE, THROWER, Scenario, do

# 20,000 sampled trials a scenario: about a minute in all, out of the fast loop.
pytestmark = pytest.mark.slow

T = ActionType
TRIALS = 20_000
P_MIN = 0.001

Classify = Callable[[Game], str]


class LoggingRoller(SampledRoller):
    """A sampled roller that also notes `(purpose, outcome)` of every event it resolves."""

    def __init__(self) -> None:
        self.log: list[tuple[str, Outcome]] = []

    def resolve(self, event: Chance, rng: int) -> tuple[Outcome, int]:
        outcome, rng = sample(event, rng)
        self.log.append((event.purpose, outcome))
        return outcome, rng


# --- the fixed policy ----------------------------------------------------------------------------


def _bskills(game: Game, pid: int) -> BlockSkills:
    sk = game.state.info[pid].skills
    return BlockSkills(block=Skill.BLOCK in sk, dodge=Skill.DODGE in sk, tackle=Skill.TACKLE in sk)


def _best_face(game: Game, blk: Block, for_attacker: bool) -> BlockFace:
    """The face the chooser takes: the attacker a "safe" result first, then by preference."""
    att, dfd = _bskills(game, blk.attacker), _bskills(game, blk.defender)
    pref = ATTACKER_PREFERENCE if for_attacker else DEFENDER_PREFERENCE

    def key(f: int) -> tuple[int, int]:
        res = face_result(BlockFace(f), att, dfd)
        return (int(for_attacker and res not in GOALS["safe"]), pref.index(res))

    return BlockFace(min(blk.faces, key=key))


def policy(game: Game, follow_up: bool = True) -> Action:
    """Skill re-roll, else team re-roll (blocks: only when no safe face), best face, first push
    square, follow up (or not), always try to intercept, no apothecary or bribe."""
    legal = game.legal_actions()
    types = legal.types()
    top = game.state.stack[-1]
    if T.USE_SKILL in types:
        return Action(T.USE_SKILL)
    if isinstance(top, Block) and top.phase == 4:
        attacker_side = game.state.pteam[top.attacker]
        mine = game.decider == attacker_side
        if T.USE_REROLL in types:
            best = _best_face(game, top, True) if top.attacker_chooses else None
            unsafe = best is None or face_result(best, _bskills(game, top.attacker),
                                                  _bskills(game, top.defender)) not in GOALS["safe"]
            if not top.attacker_chooses:  # reroll when the defender could pick an unsafe face
                worst = _best_face(game, top, False)
                unsafe = face_result(worst, _bskills(game, top.attacker),
                                     _bskills(game, top.defender)) not in GOALS["safe"]
            if unsafe:
                return Action(T.USE_REROLL)
        if mine == top.attacker_chooses:
            return Action(SELECT_FACE[_best_face(game, top, mine)])
        return Action(T.DECLINE)
    if T.USE_REROLL in types:
        return Action(T.USE_REROLL)
    if T.PUSH in types:
        return next(iter(legal))
    if T.FOLLOW_UP in types:
        return Action(T.FOLLOW_UP if follow_up else T.DECLINE)
    if T.SELECT_PLAYER in types:
        return next(a for a in legal if a.type == T.SELECT_PLAYER)
    return Action(T.DECLINE)


def settled(game: Game) -> bool:
    """The action's dice are all resolved: the game is over or the coach picks his next step."""
    return game.is_over or isinstance(game.state.stack[-1], Turn | PlayerAction)


# --- the three distributions ---------------------------------------------------------------------


def exact(start: Game, first: Action, classify: Classify, follow_up: bool = True) -> dict[str, Fraction]:
    """Category distribution from `transitions()`, decisions taken by `policy`."""
    dist: dict[str, Fraction] = {}
    frontier = [(Fraction(1), start, first)]
    while frontier:
        p, game, action = frontier.pop()
        for nxt, q in game.transitions(action):
            if settled(nxt):
                key = classify(nxt)
                dist[key] = dist.get(key, Fraction(0)) + p * q
            else:
                frontier.append((p * q, nxt, policy(nxt, follow_up)))
    assert sum(dist.values()) == 1
    return dist


def sampled(start: Game, first: Action, classify: Classify, base: int,
            follow_up: bool = True) -> Counter[str]:
    """Category counts over TRIALS sampled plays at seeds base..base+TRIALS-1."""
    counts: Counter[str] = Counter()
    for i in range(TRIALS):
        game = start.clone()
        game.roller = LoggingRoller()
        game.state.rng = seed_state(base + i)
        action = first
        while True:
            game.step(action)
            if settled(game):
                break
            action = policy(game, follow_up)
        counts[classify(game)] += 1
    return counts


def agree(counts: Mapping[str, int], dist: Mapping[str, Fraction], label: str) -> float:
    """Chi-square of `counts` against `dist`; categories of probability 0 must never occur."""
    from scipy.stats import chisquare  # here, not at the top: the fast loop collects this file

    extra = set(counts) - {k for k, p in dist.items() if p}
    assert not extra, f"{label}: impossible categories observed: {extra}"
    keys = sorted(k for k, p in dist.items() if p)
    n = sum(counts.values())
    if len(keys) < 2:
        return 1.0
    pvalue = float(chisquare([counts.get(k, 0) for k in keys], [n * float(dist[k]) for k in keys]).pvalue)
    assert pvalue > P_MIN, f"{label}: chi-square p = {pvalue:.2e}; counts {dict(counts)}, expected {dist}"
    return pvalue


def start_game(sc: Scenario, active: int = 0) -> Game:
    game = sc.start(active=active)
    game.roller = SampledRoller()
    return game


# --- scenarios -----------------------------------------------------------------------------------


def standing_at(pid: int, square: tuple[int, int]) -> Classify:
    def classify(game: Game) -> str:
        s = game.state
        ok = s.status[pid] == Status.STANDING and s.pos[pid] == s.board.sq(*square)
        return "success" if ok else "fell"

    return classify


@pytest.mark.parametrize(("pid", "rerolls", "expected"), [
    (LINEMAN, 0, Fraction(1, 2)),   # AG3 into 1 TZ: 4+
    (CATCHER, 0, Fraction(3, 4)),   # with Dodge
    (LINEMAN, 1, Fraction(3, 4)),   # with a team re-roll
    (CATCHER, 1, Fraction(3, 4)),   # Dodge and a team re-roll: still one re-roll
], ids=["plain", "dodge", "team-reroll", "dodge+team-reroll"])
def test_dodge(pid: int, rerolls: int, expected: Fraction) -> None:
    sc = Scenario()
    sc.put(pid, (10, 7)).put(O_LINE, (9, 7)).put(O_LINE2, (12, 9)).set(rerolls=(rerolls, 0))
    game = start_game(sc)
    do(game, T.START_MOVE, pid)
    query = dodge_odds(game, pid, (11, 8))
    assert query == expected
    first = Action(T.MOVE, None, (11, 8))
    classify = standing_at(pid, (11, 8))
    dist = exact(game, first, classify)
    assert dist["success"] == query
    counts = sampled(game, first, classify, base=1000 * pid + rerolls * 100_000)
    agree(counts, dist, f"dodge {pid} rr{rerolls}")


def test_gfi_in_a_blizzard() -> None:
    sc = Scenario()
    sc.put(LINEMAN, (3, 7)).set(weather=Weather.BLIZZARD, rerolls=(1, 0))
    game = start_game(sc)
    do(game, T.START_MOVE, LINEMAN)
    for x in range(4, 10):  # the six squares of MA 6, no rolls
        do(game, T.MOVE, square=(x, 7))
    assert game.state.pos[LINEMAN] == game.state.board.sq(9, 7)
    query = gfi_odds(game, LINEMAN)
    assert query == Fraction(8, 9)  # 3+ with a team re-roll
    first = Action(T.MOVE, None, (10, 7))
    classify = standing_at(LINEMAN, (10, 7))
    dist = exact(game, first, classify)
    assert dist["success"] == query
    agree(sampled(game, first, classify, base=200_000), dist, "gfi blizzard")


def test_pickup_with_sure_hands() -> None:
    sc = Scenario()
    # Nobody near the ball: a bounce onto a standing player can chain catch/bounce without end,
    # which `transitions()` cannot enumerate (see the report).
    sc.put(THROWER, (10, 7)).ball_at((11, 7))
    game = start_game(sc)
    do(game, T.START_MOVE, THROWER)
    query = pickup_odds(game, THROWER)
    assert query == Fraction(8, 9)  # 3+ with Sure Hands

    def classify(g: Game) -> str:
        return "success" if g.state.carrier() == THROWER else "failed"

    first = Action(T.MOVE, None, (11, 7))
    dist = exact(game, first, classify)
    assert dist["success"] == query
    agree(sampled(game, first, classify, base=300_000), dist, "pickup sure hands")


def _block_classify(attacker: int, defender: int, def_sq: int) -> Classify:
    def classify(game: Game) -> str:
        s = game.state
        a_up, d_up = s.status[attacker] == Status.STANDING, s.status[defender] == Status.STANDING
        if not a_up:
            return "both_down" if not d_up else "attacker_down"
        followed = "followed" if s.pos[attacker] == def_sq else "stayed"
        return f"defender_down_{followed}" if not d_up else f"pushed_{followed}"

    return classify


def test_two_dice_block_and_follow_up() -> None:
    sc = Scenario()
    sc.put(LINEMAN, (10, 7)).put(O_LINE, (11, 7)).put(LINEMAN2, (12, 8)).set(rerolls=(1, 0))
    game = start_game(sc)
    do(game, T.START_BLOCK, LINEMAN)
    odds = block_odds(game, LINEMAN, O_LINE)
    assert odds.defender_down > Fraction(5, 9)  # 5/9 before the team re-roll
    classify = _block_classify(LINEMAN, O_LINE, game.state.board.sq(11, 7))
    first = Action(T.BLOCK, None, (11, 7))
    dist = exact(game, first, classify)
    r = odds.results
    assert dist == {"attacker_down": r[BlockResult.ATTACKER_DOWN], "both_down": r[BlockResult.BOTH_DOWN],
                    "pushed_followed": r[BlockResult.PUSHED],
                    "defender_down_followed": r[BlockResult.DEFENDER_DOWN]}
    agree(sampled(game, first, classify, base=400_000), dist, "block 2 dice + follow-up")


def test_armour_and_injury_with_mighty_blow() -> None:
    sc = Scenario(script=d6(2))  # the Ogre's Bone-head roll
    sc.put(OGRE, (10, 7)).put(O_LINE, (11, 7)).set(rerolls=(1, 0), apothecaries=(0, 0))
    game = sc.start()
    do(game, T.START_BLOCK, OGRE)
    game.roller = SampledRoller()
    odds = block_odds(game, OGRE, O_LINE)  # ST 5 v 3: two dice, Loner team re-roll
    kd = knockdown(game.state.info[O_LINE].av, mighty_blow=True)
    down = odds.defender_armour
    query = {"standing": 1 - down, "prone": down * kd["unbroken"], "stunned": down * kd["stunned"],
             "ko": down * kd["ko"], "casualty": down * (kd["casualty"] + kd["badly_hurt"])}
    names = {Status.STANDING: "standing", Status.PRONE: "prone", Status.STUNNED: "stunned",
             Status.KO: "ko", Status.CASUALTY: "casualty"}

    def classify(g: Game) -> str:
        return names[Status(g.state.status[O_LINE])]

    first = Action(T.BLOCK, None, (11, 7))
    dist = exact(game, first, classify, follow_up=False)
    assert dist == {k: v for k, v in query.items() if v}
    agree(sampled(game, first, classify, base=500_000, follow_up=False), dist, "mighty blow")


RANGES = {"Q": ((6, 7), (5, 7)), "S": ((8, 7), (6, 7)), "L": ((11, 7), (7, 7)), "B": ((15, 7), (9, 7))}


@pytest.mark.parametrize("band", list(RANGES))
def test_pass_at_each_range_with_an_interceptor(band: str) -> None:
    target, spot = RANGES[band]
    sc = Scenario()
    # The target square is empty and no two players are adjacent, so no catch/bounce chain.
    sc.put(THROWER, (3, 7)).give_ball(THROWER).put(O_LINE, spot)
    sc.set(rerolls=(1, 0))
    game = start_game(sc)
    s = game.state
    assert pass_range(target[0] - 3, target[1] - 7) == band
    assert interceptors(s, THROWER, s.board.sq(*target)) == (O_LINE,)
    do(game, T.START_PASS, THROWER)
    p_int = interception_odds(game, O_LINE, THROWER, target)
    rolled = pass_odds(game, THROWER, target)
    query = {"intercepted": p_int, **{k: (1 - p_int) * v for k, v in rolled.items()}}
    mod = pass_roll_modifier(s, THROWER, band)
    goal = 7 - min(s.info[THROWER].ag, 6)
    holders = {O_LINE: "interceptor", THROWER: "thrower"}

    def by_state(g: Game) -> str:
        return holders.get(g.state.carrier(), "loose")

    first = Action(T.PASS, None, target)
    dist = exact(game, first, by_state)
    counts: Counter[str] = Counter()
    rolls: Counter[str] = Counter()
    for i in range(TRIALS):  # as `sampled`, keeping the roll log too
        g = game.clone()
        roller = LoggingRoller()
        g.roller = roller
        g.state.rng = seed_state(600_000 + 100_000 * "QSLB".index(band) + i)
        action = first
        while True:
            g.step(action)
            if settled(g):
                break
            action = policy(g)
        counts[by_state(g)] += 1
        dice = [int(o) for purpose, o in roller.log if purpose == "pass" and isinstance(o, int)]
        if not dice:
            rolls["intercepted"] += 1
        elif roll_succeeds(dice[-1], goal, mod, True):
            rolls["accurate"] += 1
        else:
            rolls["fumble" if is_fumble(dice[-1], mod) else "inaccurate"] += 1
    agree(counts, dist, f"pass {band} (state)")
    agree(rolls, query, f"pass {band} (rolls vs query)")


def test_foul_with_assists() -> None:
    sc = Scenario()
    sc.put(LINEMAN, (10, 7)).put(O_LINE, (11, 7), Status.PRONE)
    sc.put(LINEMAN2, (12, 8)).put(BLITZER, (12, 6)).put(O_LINE2, (9, 6))  # +2 -1
    sc.set(apothecaries=(0, 0))
    game = start_game(sc)
    do(game, T.START_FOUL, LINEMAN)
    query = foul_odds(game, LINEMAN, O_LINE)
    names = {Status.PRONE: "unbroken", Status.STUNNED: "stunned", Status.KO: "ko",
             Status.CASUALTY: "casualty"}

    def classify(g: Game) -> str:
        off = "sent_off" if g.state.status[LINEMAN] == Status.SENT_OFF else "stays"
        return f"{names[Status(g.state.status[O_LINE])]}/{off}"

    first = Action(T.FOUL, None, (11, 7))
    dist = exact(game, first, classify)

    def marginal(d: Mapping[str, Any], part: int) -> dict[str, Any]:
        out: dict[str, Any] = {}
        for k, v in d.items():
            key = k.split("/")[part]
            out[key] = out.get(key, 0) + v
        return out

    victim = marginal(dist, 0)
    assert victim == {k: query[k] for k in ("unbroken", "stunned", "ko")} | {
        "casualty": query["casualty"] + query["badly_hurt"]}
    assert marginal(dist, 1)["sent_off"] == query["sent_off"]
    counts = sampled(game, first, classify, base=1_100_000)
    agree(counts, dist, "foul (joint)")
    agree(marginal(counts, 0), victim, "foul (victim vs query)")
