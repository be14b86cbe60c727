"""The probes of `nuffle parity --give-all` (`nuffle.parity_probes`): positions built so a skill
matters, explored two decisions deep on both engines. A rule bug planted in one engine (here in
the Python engine's handler, the C++ ones are planted by bench/parity_mutations.py) at the edge
random play seldom reaches is found, with the path and position; the true rules show none."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from types import ModuleType
from typing import Any

import pytest

import nuffle.parity_cli as parity_cli
from nuffle.cli import main
from nuffle.core.actions import ActionChoice, ActionType
from nuffle.core.game import Game
from nuffle.core.hooks import points
from nuffle.core.procedures.injury import BLOCK, FOUL
from nuffle.core.skills import Skill
from nuffle.parity import ParityReport
from nuffle.parity_probes import ProbeResult, build, probes, sample
from nuffle.parity_skills import give_all_probes, give_all_specs


@contextmanager
def planted(point: str, skill: Skill, fn: Callable[..., Any]) -> Iterator[None]:
    """The Python engine's handler of `skill` at hook point `point` replaced by `fn` within."""
    p = points()[point]
    real = p.handlers[skill]
    p.handlers[skill] = fn
    p._cache.clear()
    p._holders = None
    try:
        yield
    finally:
        p.handlers[skill] = real
        p._cache.clear()
        p._holders = None


def _dp_range_two(s: Any, source: int, pid: int, kind: Any) -> int:
    return -1 if s.board.distance(s.pos[source], s.pos[pid]) <= 2 else 0


def _dp_catch_range_two(s: Any, opp: int, pid: int) -> int:
    return -1 if s.board.distance(s.pos[opp], s.pos[pid]) <= 2 else 0


def _tail_once(s: Any, pid: int, q: int) -> int:
    """Only the first tail whose zone the dodger leaves counts (every opponent has one)."""
    return -1 if q == next(iter(s.tz_players(s.pos[pid], s.pteam[pid])), None) else 0


# (planted bug, hook point, skill, the planted handler): the bench's C++ mutations, in Python
PLANTS: list[tuple[str, str, Skill, Callable[..., Any]]] = [
    ("dp-pass", "passing.nearby_modifier", Skill.DISTURBING_PRESENCE, _dp_range_two),
    ("dp-catch", "ball.opponent_catch_modifier", Skill.DISTURBING_PRESENCE, _dp_catch_range_two),
    ("sprint", "movement.gfi_allowance", Skill.SPRINT, lambda s, pid: 2),
    ("two-heads", "movement.dodge_modifier", Skill.TWO_HEADS, lambda s, pid, start, dest: 2),
    ("tail-once", "movement.left_zone_modifier", Skill.PREHENSILE_TAIL, _tail_once),
    ("extra-arms", "ball.pickup_modifier", Skill.EXTRA_ARMS, lambda s, pid, tz: 2),
    ("mighty-blow-foul", "injury.armour_or_injury", Skill.MIGHTY_BLOW,
     lambda s, victim, by, how: 1 if how in (BLOCK, FOUL) else 0),
    ("claws", "injury.armour_breaks_at", Skill.CLAWS, lambda s, victim, by, how: 9 if how == BLOCK else None),
]


@pytest.mark.parametrize(("name", "point", "skill", "fn"), PLANTS, ids=[p[0] for p in PLANTS])
def test_a_planted_rule_bug_is_found_by_the_probes(native: ModuleType, name: str, point: str, skill: Skill,
                                                   fn: Callable[..., Any]) -> None:
    """(The true rules agree in every probe: test_parity_harness.py::test_every_skill_probed.)"""
    with planted(point, skill, fn):
        found = [r for r in give_all_probes(5, (skill,)) if r.diff is not None]
    assert found, name
    r = found[0]
    assert skill.name in r.given and r.path and r.position is not None and r.diff is not None
    assert "outcomes(" in r.diff or "legal actions" in r.diff  # where it shows: a distribution or a choice
    again = Game.from_position(r.position)  # the position where it shows, to replay
    assert again.decider == 0


def test_a_probe_divergence_is_reported_and_fails_the_run(native: ModuleType, monkeypatch: pytest.MonkeyPatch,
                                                          capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr(parity_cli, "give_all_specs", lambda *a: give_all_specs(*a)[:2])
    plant = planted("movement.gfi_allowance", Skill.SPRINT, lambda s, pid: 2)
    monkeypatch.setattr(parity_cli, "give_all_probes",
                        lambda seed, on_skill: give_all_probes(seed, (Skill.SPRINT, Skill.BLOCK), on_skill))
    with plant:
        assert main(["parity", "--give-all", "--board", "1"]) == 1
    out = capsys.readouterr().out
    assert "probes: 4 played" in out and "1 diverged" in out
    assert "first probe divergence: open-thrower" in out and "given SPRINT" in out and "legal actions" in out
    report = ParityReport(probes=[ProbeResult("p", ("SPRINT",), "human", "orc", checks=3, diff="x")])
    j = report.to_json()
    assert j["probes"] == 1 and j["probe_checks"] == 3 and j["probe_divergences"] == 1
    assert j["probe_records"][0]["diff"] == "x"


def test_probes_are_built_as_the_data_says(native: ModuleType) -> None:
    by_name = {p.name: p for p in probes()}
    assert {"open-thrower", "crowded-blocker"} <= set(by_name)
    py, nat = build(by_name["open-thrower"], "human", "orc", frozenset({Skill.SPRINT}))
    assert py.decider == nat.decider == 0 and py.to_position() == nat.to_position()
    s = py.state
    assert all(Skill.SPRINT in p.skills for p in s.info)
    thrower = next(p.pid for p in s.info if p.team == 0)
    assert s.board.xy(s.pos[thrower]) == (8, 3) and s.ball == s.pos[thrower]
    assert py.config.assisted_moves and py.legal_actions() == nat.legal_actions()
    # side 0's first decision offers the thrower every action a carrier may start
    starts = {a.type for a in py.legal_actions() if a.player == thrower}
    assert {ActionType.START_MOVE, ActionType.START_PASS, ActionType.START_HANDOFF} <= starts


def test_sample_spreads_over_a_group() -> None:
    group = ActionChoice(ActionType.MOVE, (), tuple((x, 0) for x in range(20)))
    picked = sample(group, 5)
    assert [a.square for a in picked] == [(0, 0), (5, 0), (10, 0), (14, 0), (19, 0)]
    small = ActionChoice(ActionType.BLOCK, (), ((1, 1), (2, 2)))
    assert len(sample(small, 5)) == 2
    # from where the actor stands: the nearest squares, in the group's order where as near
    assert [a.square for a in sample(group, 3, origin=(9, 1))] == [(8, 0), (9, 0), (10, 0)]
    players = ActionChoice(ActionType.SELECT_PLAYER, tuple(range(7)))
    assert [a.player for a in sample(players, 3, origin=(9, 1))] == [0, 3, 6]
