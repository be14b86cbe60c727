# mypy: disable-error-code="attr-defined,dict-item,import-not-found,no-any-return,type-arg,union-attr"
"""Every odds figure the API shows, for decisions drawn from seeded games on every board, equals
the exact odds of nuffle's toolkit (the engine's rules) or the `nuffle odds` plan it names:
blocks, passes, fouls, hand-offs, Leap, Throw Team-Mate (with the landing over the scatter and
the whole throw of "Throw here", asked of the throw endpoint), Gaze and Chainsaw."""

from __future__ import annotations

from typing import Any

import pytest
from fastapi.testclient import TestClient
from test_odds_api import swap_in

from nuffle.agents.registry import make_agent
from nuffle.analysis import queries, ttm_exact
from nuffle.analysis.blocks import BlockResult
from nuffle.analysis.chainsaw import chainsaw_foul_odds, chainsaw_odds
from nuffle.analysis.notation import parse_plan
from nuffle.core.actions import ActionType
from nuffle.core.decision import DecisionKind
from nuffle.core.game import Game
from nuffle.core.procedures.block_strength import block_dice
from nuffle.core.skills import Skill
from nuffle.web import odds as odds_module

#: (board, home, away, decisions): every board, with races whose skills give Leap, Throw
#: Team-Mate, Gaze; the decisions with odds checked per board, 270 in all (the full board's
#: fewer: each of its decisions prices a whole pitch of figures, half the suite's cost of this test)
MATCHES = [(1, "human", "orc", 60), (3, "goblin", "vampire", 60), (5, "skaven", "dwarf", 60),
           (7, "orc", "goblin", 60), (11, "vampire", "goblin", 30)]
#: Throw Team-Mate squares whose landing and whole throw are asked of the endpoint, per game
#: (each explores the engine's outcomes: about a second)
THROWS_ASKED = 3


def _plan_ok(o: dict[str, Any]) -> None:
    if o["plan"]:
        assert o["chance"] == float(parse_plan(o["plan"]).success()), o
    else:
        assert o["chance"] == 0.0, o


def _check_block(game: Game, b: dict[str, Any]) -> None:
    s = game.state
    attacker = game.decision().player
    assert attacker is not None
    defender = b["defender"]
    if b.get("far"):
        odds = queries.blitz_odds(game, attacker, defender, tuple(b["from"]))
    else:
        odds = queries.block_odds(game, attacker, defender,
                                  blitz=game.decision().action == ActionType.START_BLITZ)
        dice, chooses = block_dice(s, attacker, defender, game.decision().action == ActionType.START_BLITZ)
        assert (b["dice"], b["chooser"]) == (dice, "attacker" if chooses else "defender")
    assert b["knockdown"] == float(odds.results.get(BlockResult.DEFENDER_DOWN, 0)), b
    assert b["both_down"] == float(odds.results.get(BlockResult.BOTH_DOWN, 0)), b
    assert b["attacker_down"] == float(1 - odds.attacker_up), b
    assert 0 <= b["knockdown"] + b["both_down"] <= 1 + 1e-12


def _check(game: Game, odds: dict[str, Any], kinds: set[str], ask_throw: Any = None) -> int:
    """Check one decision's figures (adding to `kinds` the kinds shown); how many were checked.
    `ask_throw(thrown, square)`: the throw endpoint's answer, or None once enough were asked."""
    kinds.update(k for k, v in odds.items() if v)
    s = game.state
    b = s.board
    pid = game.decision().player
    assert pid is not None
    n = 0
    for blk in odds["blocks"]:
        _check_block(game, blk)
        n += 1
    for p in odds["passes"]:
        roll = queries.pass_odds(game, pid, tuple(p["square"]))
        assert (p["accurate"], p["fumble"]) == (float(roll["accurate"]), float(roll["fumble"]))
        assert p["catch"] == float(queries.catch_odds(game, p["catcher"]))
        n += 1
    for f in odds["fouls"]:
        there = s.copy()
        if f.get("far"):
            there.move_player(pid, b.sq(*f["from"]))
        if Skill.CHAINSAW in s.info[pid].skills:  # the kick-back first
            fo = chainsaw_foul_odds(there, pid, f["victim"])
            assert (f["kickback"], f["fouler_down"]) == (float(fo["kickback"]), float(fo["fouler_down"]))
            kinds.add("chainsaw fouls")
        else:
            fo = queries.foul_odds(there, pid, f["victim"])
            assert "kickback" not in f
        assert f["armour"] == float(fo["armour_broken"]) and f["sent_off"] == float(fo["sent_off"])
        n += 1
    for h in odds["handoffs"]:
        assert h["catch"] == float(queries.catch_odds(game, h["catcher"]))
        n += 1
    for leap in odds["leaps"]:
        for key in ("leap", "total", "here"):
            _plan_ok(leap[key])
        assert leap["here"]["chance"] <= leap["total"]["chance"] <= leap["leap"]["chance"]
        n += 1
    for t in odds["throws"]:
        for key in ("throw", "landing", "total"):
            _plan_ok(t[key])
        n += 1
        asked = ask_throw(t["thrown"], t["square"]) if ask_throw is not None else None
        if asked is not None:
            sq = (t["square"][0], t["square"][1])
            for key, figure in (("lands", ttm_exact.landing_over_scatter), ("whole", ttm_exact.whole_throw)):
                if asked[key] is None:  # too many outcomes to explore: the toolkit says so too
                    with pytest.raises(ValueError, match="enumerated more than"):
                        figure(game, pid, t["thrown"], sq, odds_module.THROW_STATES)
                else:
                    assert asked[key] == float(figure(game, pid, t["thrown"], sq, odds_module.THROW_STATES))
                    kinds.add(key)
            if asked["whole"] is not None:
                assert asked["whole"] <= t["throw"]["chance"] + 1e-12
    for c in odds["chainsaws"]:
        d = game.decision()
        gfi = d.action == ActionType.START_BLITZ and (d.moved or 0) >= s.info[pid].ma
        assert c["gfi"] == gfi
        co = chainsaw_odds(game, pid, c["victim"], gfi=gfi)
        assert (c["hit"], c["kickback"], c["victim_down"]) == (
            float(co["hit"]), float(co["kickback"]), float(co["victim_down"]))
        assert c["attacker_down"] == float(co["attacker_down"] + co["fell"])
        assert c["casualty"] == float(co["badly_hurt"] + co["casualty"])
        n += 1
    for g in odds["gazes"]:
        _plan_ok(g)
        assert g["target"] == s.grid[b.sq(*g["square"])]
        n += 1
    return n


def _decisions(client: TestClient, game: Game, seed: int, home: str, away: str,
               want: int, kinds: set[str]) -> tuple[int, int]:
    """Play `game` with random bots, checking the API's odds at its player-action decisions
    (every other one) until `want` showed some; (decisions, figures) checked."""
    bots = [make_agent("random", seed), make_agent("random", seed + 1)]
    for side, bot in enumerate(bots):
        bot.new_game(game.view(), side)
    decisions = figures = steps = 0
    asked = [0]
    while not game.is_over and decisions < want:
        steps += 1
        d = game.decision()
        if d.kind == DecisionKind.MOVE and d.player is not None and steps % 2 == 0:
            gid, state = swap_in(client, game.clone(), home, away)

            def ask_throw(thrown: int, square: list[int], gid: str = gid) -> Any:
                if asked[0] >= THROWS_ASKED:
                    return None
                asked[0] += 1
                r = client.get(f"/api/games/{gid}/throw", params={"thrown": thrown,
                                                                  "square": f"{square[0]},{square[1]}"})
                assert r.status_code == 200, r.text
                return r.json()

            n = _check(game, state["odds"], kinds, ask_throw)
            decisions += n > 0
            figures += n
        game.step(bots[game.decider].act(game.view()))
    return decisions, figures


@pytest.mark.slow
@pytest.mark.parametrize(("board", "home", "away", "want"), MATCHES)
def test_every_figure_the_api_shows_equals_the_exact_odds(client: TestClient, board: int, home: str,
                                                           away: str, want: int) -> None:
    decisions = figures = 0
    kinds: set[str] = set()
    for seed in range(40):
        game = Game.new(home, away, seed=seed, board=board)
        d, f = _decisions(client, game, seed, home, away, want - decisions, kinds)
        decisions += d
        figures += f
        if decisions >= want:
            break
    assert decisions >= want, (decisions, figures)
    assert "blocks" in kinds, kinds
