"""Game.decision(): every decision the engine asks has a kind, and the kinds are right."""

from __future__ import annotations

import ast
import random
from collections import Counter
from pathlib import Path

import pytest

from nuffle.agents.random_bot import RandomBot
from nuffle.core.actions import SELECT_FACE, ActionType
from nuffle.core.decision import COACH_KINDS, Decision, DecisionKind
from nuffle.core.game import Game
from nuffle.core.skills import LRB6_SKILLS
from nuffle.testing import grant_random_skills, slow_except

K = DecisionKind
A = ActionType
CORE = Path(__file__).resolve().parents[2] / "src" / "nuffle" / "core"

# The action types each kind of decision may offer (what the engine asks, by kind).
ALLOWED: dict[DecisionKind, frozenset[ActionType]] = {
    K.KICK_OR_RECEIVE: frozenset({A.KICK, A.RECEIVE}),
    K.SETUP: frozenset({A.PLACE_PLAYER, A.RESERVE_PLAYER, A.END_SETUP}),
    K.KICK_TARGET: frozenset({A.PLACE_BALL}),
    K.KICK_DISTANCE: frozenset({A.USE_SKILL, A.DECLINE}),
    K.TOUCHBACK: frozenset({A.SELECT_PLAYER}),
    K.HIGH_KICK: frozenset({A.SELECT_PLAYER, A.DECLINE}),
    K.QUICK_SNAP: frozenset({A.MOVE, A.END_SETUP}),
    K.KICK_OFF_RETURN: frozenset({A.SELECT_PLAYER, A.MOVE, A.END_ACTION, A.DECLINE}),
    K.REROLL: frozenset({A.USE_REROLL, A.USE_SKILL, A.USE_PRO, A.DECLINE}),
    K.USE_SKILL: frozenset({A.USE_SKILL, A.DECLINE, A.SELECT_ARMOUR, A.SELECT_INJURY}),
    K.REACTION: frozenset({A.SELECT_PLAYER, A.USE_SKILL, A.DECLINE}),
    K.DIVING_TACKLE: frozenset({A.SELECT_PLAYER, A.USE_SKILL, A.DECLINE}),
    K.BLOCK_DICE: frozenset({*SELECT_FACE, A.USE_REROLL, A.USE_PRO, A.DECLINE}),
    K.BLOCK_RESULT: frozenset({*SELECT_FACE, A.USE_SKILL, A.DECLINE}),
    K.PUSH: frozenset({A.PUSH}),
    K.STAND_FIRM: frozenset({A.USE_SKILL, A.DECLINE}),
    K.FOLLOW_UP: frozenset({A.FOLLOW_UP, A.DECLINE}),
    K.FORBID_FOLLOW_UP: frozenset({A.USE_SKILL, A.DECLINE}),
    K.MULTIPLE_BLOCK: frozenset({A.SELECT_SQUARE, A.DECLINE}),
    K.INTERCEPTOR: frozenset({A.SELECT_PLAYER, A.DECLINE}),
    K.PASS_BLOCK: frozenset({A.MOVE, A.END_ACTION, A.DECLINE}),
    K.THROW_ON: frozenset({A.BOMB}),
    K.APOTHECARY: frozenset({A.USE_APOTHECARY, A.DECLINE}),
    K.BRIBE: frozenset({A.USE_BRIBE, A.DECLINE}),
    K.WIZARD: frozenset({A.SELECT_SQUARE, A.SELECT_PLAYER}),
}
RACES = ("human", "orc", "dwarf", "skaven", "lizardman", "goblin", "vampire", "dark-elf",
         "halfling", "chaos-dwarf", "norse", "amazon", "ogre", "necromantic", "undead", "khemri",
         "nurgle", "underworld", "chaos-pact", "high-elf", "wood-elf", "elven-union", "chaos", "slann")


def _wait_calls() -> list[tuple[str, int, ast.Call]]:
    calls = []
    for path in sorted(CORE.rglob("*.py")):
        tree = ast.parse(path.read_text())
        for node in ast.walk(tree):
            func = node.func if isinstance(node, ast.Call) else None
            if isinstance(func, ast.Attribute) and func.attr == "wait":
                assert isinstance(node, ast.Call)
                calls.append((path.name, node.lineno, node))
    return calls


def test_every_wait_names_a_decision_kind() -> None:
    """Every place the engine waits for a coach declares its kind as `DK.<NAME>`."""
    calls = _wait_calls()
    assert len(calls) > 40
    used = set()
    for name, line, call in calls:
        assert len(call.args) == 2, f"{name}:{line} waits without naming a DecisionKind"
        kind = call.args[1]
        named = isinstance(kind, ast.Attribute) and isinstance(kind.value, ast.Name) and kind.value.id == "DK"
        assert named and isinstance(kind, ast.Attribute), f"{name}:{line} must name its kind as DK.<NAME>"
        used.add(DecisionKind.__members__[kind.attr])
    # Every kind but NONE is asked somewhere: the enum lists exactly the engine's decisions.
    assert used == set(COACH_KINDS)


@pytest.mark.parametrize("board", slow_except([1, 3, 5, 7, 11], [1, 11]))  # all in the full run
def test_random_games_every_decision_has_a_kind(board: int) -> None:
    """Random games with skill-rich teams: each decision has a kind, the deciding side, and
    only the action types its kind allows; chance nodes and the end have kind NONE."""
    seen: Counter[DecisionKind] = Counter()
    pool = sorted(LRB6_SKILLS)
    for seed in range(6):
        rng = random.Random(seed * 31 + board)
        home, away = rng.sample(RACES, 2)
        game = Game.new(home, away, seed=seed, board=board)
        grant_random_skills(game, pool, 6, seed)
        bots = (RandomBot(seed), RandomBot(seed + 100))
        steps = 0
        while not game.is_over and steps < 20_000:
            d = game.decision()
            assert d.kind != K.NONE and d.side == game.decider
            types = set(game.legal_actions().types())
            if d.kind in ALLOWED:
                assert types <= ALLOWED[d.kind], (d, types)
            if d.kind in (K.REROLL,):
                assert d.roll is not None and d.need is not None and d.player is not None
            if d.kind == K.BLOCK_DICE:
                assert d.player is not None and d.target is not None and d.dice and d.faces
            if d.kind in (K.MOVE, K.FOLLOW_UP, K.PUSH):
                assert d.player is not None
            seen[d.kind] += 1
            game.step(bots[game.decider].act(game.view()))
            steps += 1
        assert game.is_over
        assert game.decision().kind == K.NONE and game.decision().side is None
    for kind in (K.SETUP, K.KICK_TARGET, K.SELECT_ACTION, K.MOVE, K.KICK_OR_RECEIVE):
        assert seen[kind] > 0


def test_decision_to_json_and_in_game_json() -> None:
    game = Game.new("human", "orc", seed=3)
    d = game.decision()
    assert isinstance(d, Decision)
    j = game.to_json()["decision"]
    assert j == d.to_json()
    assert j["kind"] == d.kind.name and j["side"] in ("home", "away")


def test_block_decision_names_attacker_defender_and_dice() -> None:
    from nuffle.core.actions import Action
    from nuffle.core.dice import block
    from nuffle.core.types import BlockFace
    from nuffle.testing import Scenario

    sc = Scenario(script=block(BlockFace.PUSHED, BlockFace.ATTACKER_DOWN))
    attacker = 0  # a Blitzer, ST 3, against an ST 3 Thrower; player 1 assists: two dice
    sc.put(attacker, (10, 7)).put(12, (11, 7)).put(1, (10, 6))
    game = sc.start(0)
    assert game.state.info[attacker].st == game.state.info[12].st
    game.step(Action(ActionType.START_BLOCK, attacker))
    game.step(Action(ActionType.BLOCK, square=(11, 7)))
    d = game.decision()
    assert d.kind == K.BLOCK_DICE
    assert (d.player, d.target, d.dice, d.action) == (attacker, 12, 2, ActionType.START_BLOCK)
    assert d.to_json()["action"] == "START_BLOCK"
    assert sorted(d.faces) == sorted((int(BlockFace.PUSHED), int(BlockFace.ATTACKER_DOWN)))
