# mypy: disable-error-code="attr-defined,dict-item,import-not-found,no-any-return,type-arg,union-attr"
"""Every odds figure the API shows, for decisions drawn from seeded games on every board, equals
the exact odds of nuffle's toolkit (the engine's rules) or the `nuffle odds` plan it names."""

from __future__ import annotations

from typing import Any

import pytest
from fastapi.testclient import TestClient
from test_odds_api import swap_in

from nuffle.agents.registry import make_agent
from nuffle.analysis import queries
from nuffle.analysis.blocks import BlockResult
from nuffle.analysis.notation import parse_plan
from nuffle.core.actions import ActionType
from nuffle.core.decision import DecisionKind
from nuffle.core.game import Game
from nuffle.core.procedures.block import block_dice

#: (board, home, away): every board, with races whose skills give Leap, Throw Team-Mate, Gaze
MATCHES = [(1, "human", "orc"), (3, "goblin", "vampire"), (5, "skaven", "dwarf"),
           (7, "orc", "goblin"), (11, "vampire", "goblin")]
#: decisions with odds checked per game: a few hundred in all
PER_GAME = 60


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


def _check(game: Game, odds: dict[str, Any], kinds: set[str]) -> int:
    """Check one decision's figures (adding to `kinds` the kinds shown); how many were checked."""
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
        fo = queries.foul_odds(there, pid, f["victim"])
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
    while not game.is_over and decisions < want:
        steps += 1
        d = game.decision()
        if d.kind == DecisionKind.MOVE and d.player is not None and steps % 2 == 0:
            _, state = swap_in(client, game.clone(), home, away)
            n = _check(game, state["odds"], kinds)
            decisions += n > 0
            figures += n
        game.step(bots[game.decider].act(game.view()))
    return decisions, figures


@pytest.mark.slow
@pytest.mark.parametrize(("board", "home", "away"), MATCHES)
def test_every_figure_the_api_shows_equals_the_exact_odds(client: TestClient, board: int, home: str,
                                                           away: str) -> None:
    decisions = figures = 0
    kinds: set[str] = set()
    for seed in range(40):
        game = Game.new(home, away, seed=seed, board=board)
        d, f = _decisions(client, game, seed, home, away, PER_GAME - decisions, kinds)
        decisions += d
        figures += f
        if decisions >= PER_GAME:
            break
    assert decisions >= PER_GAME, (decisions, figures)
    assert "blocks" in kinds, kinds
