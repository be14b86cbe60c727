"""The native rule queries agree with the Python engine's on random positions of every board
with random extra skills: tackle zones, block assists (Guard), re-roll sources and the
modifiers and target numbers of dodge, Going For It, pick-up and catch rolls."""

from __future__ import annotations

from types import ModuleType
from typing import Any

import pytest

from nuffle.core import hooks
from nuffle.core.native_state import to_native
from nuffle.core.procedures.ball import can_catch, can_handle_ball, catch_modifier, pickup_roll_modifier
from nuffle.core.procedures.block_strength import assists, assists_when_marked
from nuffle.core.procedures.movement import (
    agility_target,
    dodge_modifier,
    dodge_reroll_blocked,
    gfi_target,
    max_gfi,
    need,
    reaction_modifier,
    stand_up_cost,
)
from nuffle.core.procedures.rolls import reroll_sources, team_reroll_available
from nuffle.core.types import RollKind

BOARDS = (1, 3, 5, 7, 11)

def _handled() -> dict[str, list[int]]:
    import nuffle.core.skill_rules  # noqa: F401  (registers the handlers)

    return {name: sorted(int(k) for k in p.handlers) for name, p in hooks.points().items() if p.handlers}


def test_native_hook_tables_hold_the_python_handlers(native: ModuleType) -> None:
    """Each native hook point with a handler table (its skills read from the table the
    procedures ask) has the Python point's handlers, skill for skill."""
    python = _handled()
    points = hooks.points()
    assert native.HOOK_SKILLS, "no native hook point"
    for name, skills in native.HOOK_SKILLS.items():
        assert name in points, f"native point {name} has no Python twin"
        assert sorted(skills) == python.get(name, []), name
        assert list(skills) == sorted(skills), f"{name}: handlers not in skill order"


def test_every_python_hook_point_has_a_native_twin(native: ModuleType) -> None:
    """Every Python point, with handlers or not, has a native hook point with a handler table:
    the points listed in the message have none yet (their skills would be tested inline)."""
    missing = sorted(set(hooks.points()) - set(native.HOOK_SKILLS))
    assert not missing, f"Python hook points without a native twin: {missing}"


@pytest.mark.parametrize("board", BOARDS)
def test_tackle_zones_and_assists_agree(native: ModuleType, game_positions: Any, board: int) -> None:
    checked = 0
    for seed in range(4):
        for s in game_positions(seed, board, 10):
            n = to_native(s)
            b = s.board
            for pid in range(len(s.info)):
                assert n.exerts_tz(pid) == s.exerts_tz(pid)
                assert n.assists_when_marked(pid) == assists_when_marked(s, pid)
            for sq in b.all_squares:
                for side in (0, 1):
                    assert n.tackle_zones(sq, side) == s.tackle_zones(sq, side)
                    assert n.tz_players(sq, side) == s.tz_players(sq, side)
            on = [p for p in range(len(s.info)) if s.pos[p] >= 0]
            for t in on:
                for opp in [-1, *on]:
                    for side in (0, 1):
                        assert n.assists(side, t, opp) == assists(s, side, t, opp)
                        checked += 1
    assert checked > 200


@pytest.mark.parametrize("board", BOARDS)
def test_roll_modifiers_and_reroll_sources_agree(native: ModuleType, game_positions: Any, board: int) -> None:
    checked = 0
    for seed in range(4):
        for s in game_positions(seed, board, 10):
            n = to_native(s)
            b = s.board
            assert n.gfi_target() == gfi_target(s)
            for side in (0, 1):
                assert n.team_reroll_available(side) == team_reroll_available(s, side)
            for pid in range(len(s.info)):
                assert n.max_gfi(pid) == max_gfi(s, pid)
                assert n.stand_up_cost(pid) == stand_up_cost(s, pid)
                assert n.can_handle_ball(pid) == can_handle_ball(s, pid)
                assert n.can_catch(pid) == can_catch(s, pid)
                for kind in (RollKind.DODGE, RollKind.GFI, RollKind.PICKUP, RollKind.CATCH,
                             RollKind.INTERCEPTION, RollKind.PASS, RollKind.STAND_UP, RollKind.LONER):
                    for team in (None, True, False):
                        for blocked in (False, True):
                            got = n.reroll_sources(pid, int(kind), blocked, team)
                            assert got == tuple(reroll_sources(s, pid, kind, blocked, team)), (pid, kind)
                sq = s.pos[pid]
                if sq < 0:
                    continue
                ag = agility_target(s.info[pid].ag)
                assert native.agility_target(s.info[pid].ag) == ag
                pm = pickup_roll_modifier(s, pid)
                assert n.pickup_roll_modifier(pid) == pm
                assert native.need(ag, pm, True) == need(ag, pm, True)
                for bonus in (0, 1):
                    for accurate in (False, True):
                        cm = catch_modifier(s, pid, bonus, accurate)
                        assert n.catch_modifier(pid, bonus, accurate) == cm
                        assert native.need(ag, cm, True) == need(ag, cm, True)
                assert n.reaction_modifier(pid, sq) == reaction_modifier(s, pid, sq)
                assert n.dodge_reroll_blocked(pid, sq) == dodge_reroll_blocked(s, pid, sq)
                for off in b.neighbours:
                    q = sq + off
                    if b.on_pitch[q]:
                        dm = dodge_modifier(s, pid, q, sq)
                        assert n.dodge_modifier(pid, q, sq) == dm == n.dodge_modifier(pid, q)
                        assert native.need(ag, dm, True) == need(ag, dm, True)
                        checked += 1
    assert checked > 100


def test_need_agrees_everywhere(native: ModuleType) -> None:
    for target in range(-3, 12):
        for mod in range(-8, 9):
            for agility in (False, True):
                assert native.need(target, mod, agility) == need(target, mod, agility)


def test_queries_refuse_bad_ids_and_squares(native: ModuleType, game_positions: Any) -> None:
    s = game_positions(2, 5, 1)[0]
    n = to_native(s)
    off = next(p for p in range(len(s.info)) if s.pos[p] < 0)
    calls = [
        lambda: n.exerts_tz(99), lambda: n.exerts_tz(-1), lambda: n.tackle_zones(0, 0),
        lambda: n.tackle_zones(10**6, 0), lambda: n.tackle_zones(s.board.sq(1, 1), 2),
        lambda: n.assists(0, off, -1), lambda: n.assists(3, 0, -1), lambda: n.assists(0, 0, 77),
        lambda: n.dodge_modifier(off, s.board.sq(1, 1)), lambda: n.dodge_modifier(0, -5),
        lambda: n.pickup_roll_modifier(off), lambda: n.catch_modifier(0, 50),
        lambda: n.reroll_sources(0, 99), lambda: n.reroll_sources(0, -1),
        lambda: native.need(1000, 0), lambda: native.agility_target(-1),
        lambda: n.dodge_reroll_blocked(0, 0), lambda: n.tz_players(-3, 0),
    ]
    for call in calls:
        with pytest.raises(ValueError):
            call()
