"""Cross-field rules of a loaded position (core/position_frames.py): a position whose fields are
each in range but disagree with each other (a frame's player off the pitch, the drive's set-up
for the wrong side, a Diving Catch far from the ball, a pass roll by someone other than the
thrower, a target out of the thrower's range, a block die's face, a player id given as True, a
decision that offers nothing) is refused on load by both engines with the same one-line
`PositionError`, and positions of real games never are."""

from __future__ import annotations

import copy
import random
from collections.abc import Callable
from types import ModuleType
from typing import Any

import pytest

from nuffle.core.actions import LegalActions
from nuffle.core.dice import ExplicitRoller
from nuffle.core.game import Game
from nuffle.core.position import PositionError, position_from_dict
from nuffle.core.position_frames import decision_problem, stack_problem
from nuffle.core.procedures.base import Procedure
from nuffle.core.skill_rules.ball_skills import DivingCatch
from nuffle.core.skills import LRB6_SKILLS
from nuffle.core.state import GameState
from nuffle.core.teams import races
from nuffle.core.types import RollKind
from nuffle.random_player import RandomPlayer
from nuffle.testing import grant_random_skills

ENGINES = ("python", "native")


def _positions(seed: int, want: Callable[[dict[str, Any]], bool], count: int = 1,
               board: int = 5) -> list[dict[str, Any]]:
    """Positions of random games (skills, explicit dice) on `board` for which `want` holds."""
    out: list[dict[str, Any]] = []
    for g in range(40):
        game = Game.new("human", "orc", seed=seed * 100 + g, board=board, roller=ExplicitRoller())
        grant_random_skills(game, sorted(LRB6_SKILLS), 2, seed + g)
        bots, rng, steps = (RandomPlayer(g), RandomPlayer(g + 1)), random.Random(g), 0
        while not game.is_over and steps < 3000:
            data = game.to_position()
            if want(data):
                out.append(data)
                if len(out) == count:
                    return out
            if game.decider == 2:
                options = game.chance_outcomes()
                game.apply_chance(options[rng.randrange(len(options))][0])
            else:
                game.step(bots[game.decider].act(game.view()))
            steps += 1
    raise AssertionError("no such position in 40 games")


def _top(data: dict[str, Any]) -> dict[str, Any]:
    top: dict[str, Any] = data["stack"][-1]
    return top


def _off_pitch(data: dict[str, Any]) -> int:
    return next(pid for pid, sq in enumerate(data["pos"]) if sq < 0)


def _refused_alike(data: dict[str, Any], phrase: str) -> str:
    """Both engines refuse `data` with the same one-line PositionError holding `phrase`."""
    messages = []
    for engine in ENGINES:
        with pytest.raises(PositionError) as err:
            Game.from_position(data, engine=engine)
        messages.append(str(err.value))
    assert messages[0] == messages[1] and "\n" not in messages[0], messages
    assert phrase in messages[0], messages[0]
    return messages[0]


def _acting(data: dict[str, Any]) -> bool:
    return data["decider"] in (0, 1) and _top(data)["$f"] == "player_action"


def _blocking(data: dict[str, Any]) -> bool:
    return bool(_top(data)["$f"] == "block" and _top(data)["phase"] in ("DICE", "DICE_CHOICE"))


def _setting_up(data: dict[str, Any]) -> bool:
    return bool(_top(data)["$f"] == "setup" and data["stack"][-2]["$f"] == "drive")


@pytest.mark.parametrize(("want", "field", "phrase"), [
    (_acting, "pid", "(player_action).pid is player"),
    (_blocking, "attacker", "(block).attacker is player"),
    (_blocking, "defender", "(block).defender is player"),
])
def test_the_player_the_top_frame_acts_with_stands_on_the_pitch(native: ModuleType, want: Any, field: str,
                                                               phrase: str) -> None:
    (data,) = _positions(3, want)
    for engine in ENGINES:
        Game.from_position(data, engine=engine)  # as the game left it: loads
    bad = copy.deepcopy(data)
    _top(bad)["f"][field] = _off_pitch(bad)
    message = _refused_alike(bad, phrase)
    assert "who is not on the pitch" in message and "the frame on top acts with him there" in message


def test_a_defender_pushed_into_the_crowd_may_be_off_the_pitch_after_the_push() -> None:
    (data,) = _positions(3, _blocking)
    s = position_from_dict(data)
    top = s.stack[-1]
    top.defender = _off_pitch(data)  # type: ignore[attr-defined]
    assert stack_problem(s) is not None
    top.phase = type(top).phases.value_of("FOLLOW_UP")  # type: ignore[assignment]
    assert stack_problem(s) is None


def test_the_drive_sets_up_the_kicking_side_first(native: ModuleType) -> None:
    (data,) = _positions(4, _setting_up)
    bad = copy.deepcopy(data)
    bad["kicking"] = 1 - bad["kicking"]
    _refused_alike(bad, "(setup).side is")


def test_a_diving_catch_is_made_beside_the_ball() -> None:
    (data,) = _positions(5, _acting)
    s = position_from_dict(data)
    pid = s.stack[-1].pid  # type: ignore[attr-defined]
    b = s.board
    near = next(q for q in range(b.size) if b.on_pitch[q] and b.distance(q, s.pos[pid]) == 1)
    far = next(q for q in range(b.size) if b.on_pitch[q] and b.distance(q, s.pos[pid]) > 3)
    s.stack.append(DivingCatch(pid, near, False))
    assert stack_problem(s) is None
    s.stack[-1] = DivingCatch(pid, far, False)
    problem = stack_problem(s)
    assert problem is not None
    assert f"(diving_catch).pid is player {pid}, who does not stand on or next to" in problem


def _passing(data: dict[str, Any]) -> bool:
    return bool(_top(data)["$f"] == "player_roll" and data["stack"][-2]["$f"] == "pass"
                and _top(data)["f"]["kind"]["v"] == "PASS")


def test_a_pass_roll_is_the_throwers_and_the_target_in_his_range(native: ModuleType) -> None:
    (data,) = _positions(6, _passing, board=11)
    other = next(pid for pid, sq in enumerate(data["pos"])
                 if sq >= 0 and pid != data["stack"][-2]["f"]["thrower"])
    bad = copy.deepcopy(data)
    _top(bad)["f"]["pid"] = other
    _refused_alike(bad, "(player_roll).pid is")
    s = position_from_dict(data)
    assert stack_problem(s) is None and s.stack[-1].kind == RollKind.PASS  # type: ignore[attr-defined]
    far = copy.deepcopy(data)
    at = s.pos[far["stack"][-2]["f"]["thrower"]]
    far["stack"][-2]["f"]["target"] = max((q for q in range(s.board.size) if s.board.on_pitch[q]),
                                          key=lambda q: s.board.distance(at, q))
    _refused_alike(far, "is out of range of its thrower")


def test_a_block_dies_faces_are_block_faces(native: ModuleType) -> None:
    data = _positions(7, lambda d: _top(d)["$f"] == "block" and bool(_top(d)["f"]["faces"]["$t"]))[0]
    bad = copy.deepcopy(data)
    _top(bad)["f"]["faces"]["$t"][0] = -5  # Python read it from the end of a table, C++ before it
    _refused_alike(bad, "(block).faces is -5: not a block die's face")


def test_a_player_id_is_no_bool(native: ModuleType) -> None:
    (data,) = _positions(3, _acting)
    bad = copy.deepcopy(data)
    _top(bad)["f"]["pid"] = True
    _refused_alike(bad, "(player_action).pid must be an integer, not True")


class _Empty(Procedure):
    """A test frame that offers nothing."""

    def run(self, s: GameState) -> None:
        raise AssertionError("not run")

    def legal(self, s: GameState) -> LegalActions:
        return LegalActions([])


def test_a_decision_must_offer_an_action() -> None:
    (data,) = _positions(3, _acting)
    s = position_from_dict(data)
    assert decision_problem(s) is None
    s.stack.append(_Empty())
    problem = decision_problem(s)
    assert problem is not None and "offers no legal action" in problem


@pytest.mark.parametrize("seed", [1, 2])
def test_positions_of_real_games_keep_every_cross_field_rule(seed: int) -> None:
    """Every stop of random games with random skills, forced dice, assisted moves, all races:
    no rule refuses a position the engine reached (the conformance checker applies them after
    every step of its games too)."""
    names = sorted(races())
    rng = random.Random(seed)
    stops = 0
    for g in range(8):
        game = Game.new(rng.choice(names), rng.choice(names), seed=seed * 10 + g, board=rng.choice((5, 11)),
                        roller=ExplicitRoller(), assisted_moves=g % 2 == 1)
        grant_random_skills(game, sorted(LRB6_SKILLS), 4, g)
        bots = (RandomPlayer(g), RandomPlayer(g + 1))
        while not game.is_over:
            s = game.state
            assert stack_problem(s) is None and decision_problem(s) is None, (g, stops)
            stops += 1
            if game.decider == 2:
                options = game.chance_outcomes()
                game.apply_chance(options[rng.randrange(len(options))][0])
            else:
                game.step(bots[game.decider].act(game.view()))
    assert stops > 1000
