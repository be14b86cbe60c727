"""BB2020 parity with every variant (issue 51 item 7, in part): `nuffle parity --ruleset bb2020`
with `--give` over BB2020's skills (each with a handler under BB2020; one without is refused in
one line), `--give-all` under BB2020, random extra skills drawn from BB2020's handled skills,
and CI's run: 300 BB2020 games in lockstep, 0 divergences, across the variants (forced dice,
extra skills, assisted moves, the scripted and grod bots) with every handled BB2020 skill given
once.

Measured (2026-11-29, `time.process_time`, the shared two-core machine): what a game costs is
mostly the share of decisions whose exact `outcomes()` are compared (default 0.1), and that
cost swings from game to game on the small boards: 60 random-play games on board 3, seed 51,
took 96 s of CPU at the default share, 18 s at 0.02 and 4.2 s at 0 (the C++ twins still compared
at 0.1); 10-game samples at the default share gave 1.2 games a CPU second on board 1, 8.6 on
board 3, 5.3 on board 5, 4.5 on board 11. So CI's run (`test_ci_bb2020_parity`) plays its 300
games on board 3 with no `outcomes()` comparison (positions, legal actions, decisions and the
twins are compared as always): 300 games, 0 divergences, in 27.9 s of CPU (measured). The
smaller BB2020 runs (`test_bb2020_ruleset`, `test_extra_skills_under_bb2020_are_handled_bb2020_skills`)
compare `outcomes()` too.
"""

from __future__ import annotations

import importlib.util

import pytest

from nuffle import parity_cli
from nuffle.cli import main
from nuffle.core.skills import BB2020_ONLY, LRB6_SKILLS, Skill
from nuffle.parity import GameSpec, run_games, run_parity
from nuffle.parity_skills import bb2020_give_all_specs
from nuffle.teams_bb2020_match import handled_skills, playable_races

pytestmark = pytest.mark.skipif(importlib.util.find_spec("nuffle._native") is None, reason="no native")

#: CI's BB2020 run on board 3: (variant options, games); with the given skills, 300 games.
CI_BOARD = 3
CI_VARIANTS: tuple[tuple[dict[str, object], int], ...] = (
    ({}, 75), ({"dice": "forced"}, 45), ({"skills": 3}, 45), ({"assisted": True}, 35),
    ({"bots": "scripted"}, 15), ({"bots": "grod"}, 15),
)


def _one_line(err: str) -> str:
    lines = err.strip().splitlines()
    assert len(lines) == 1, err
    return lines[0]


def test_handled_skills_are_bb2020_skills_with_handlers() -> None:
    handled = handled_skills()
    assert Skill.BRAWLER in handled and Skill.PRO in handled and Skill.BLOCK in handled
    assert Skill.SWARMING in handled and Skill.KICK_TEAM_MATE in handled  # the last two BB2020-only ones
    assert Skill.PASS_BLOCK not in handled  # LRB6's only, not a BB2020 skill
    assert all(s in LRB6_SKILLS or s in BB2020_ONLY for s in handled)


def test_give_refuses_a_bb2020_skill_without_a_handler(capsys: pytest.CaptureFixture[str],
                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    """Every BB2020 skill has its handler now: one is taken away from the handled list."""
    handled = tuple(s for s in handled_skills() if s != Skill.KICK_TEAM_MATE)
    monkeypatch.setattr(parity_cli, "handled_skills", lambda: handled)
    run = ["parity", "--ruleset", "bb2020", "--games", "1", "--board", "1", "--give"]
    assert main([*run, "KICK_TEAM_MATE"]) == 2
    line = _one_line(capsys.readouterr().err)
    assert "KICK_TEAM_MATE" in line and "handler" in line
    assert main([*run, "PASS_BLOCK"]) == 2
    assert "PASS_BLOCK" in _one_line(capsys.readouterr().err)


def test_give_plays_a_handled_bb2020_skill(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["parity", "--ruleset", "bb2020", "--give", "BRAWLER", "--games", "1", "--board", "3",
                 "--json"]) == 0
    assert '"given": [\n        "BRAWLER"' in capsys.readouterr().out


def test_give_all_under_bb2020_deals_each_handled_skill(monkeypatch: pytest.MonkeyPatch,
                                                        capsys: pytest.CaptureFixture[str]) -> None:
    specs = bb2020_give_all_specs(1, 0, (3,))
    handled = handled_skills()
    assert len(specs) == len(handled)
    assert all(h in s.given for s, h in zip(specs, handled, strict=True))
    assert {r for s in specs for r in (s.home, s.away)} <= set(playable_races())
    played: list[GameSpec] = []

    def few(games: int, seed: int, boards: tuple[int, ...]) -> list[GameSpec]:
        out = bb2020_give_all_specs(games, seed, boards)[:2]
        played.extend(out)
        return out

    monkeypatch.setattr(parity_cli, "bb2020_give_all_specs", few)
    assert main(["parity", "--ruleset", "bb2020", "--give-all", "--games", "1", "--board", "3"]) == 0
    assert "2 games" in capsys.readouterr().out and len(played) == 2


def test_extra_skills_under_bb2020_are_handled_bb2020_skills() -> None:
    report = run_parity(games=2, seed=4, boards=(3,), skills=4, ruleset="bb2020")
    assert not report.divergences and all(g.outcome == "complete" for g in report.games)


@pytest.mark.slow
def test_ci_bb2020_parity() -> None:
    """300 BB2020 games on board 3, 0 divergences: each variant, then every handled BB2020 skill
    given to every player once; no `outcomes()` comparison (see the module's figures)."""
    games = diverged = 0
    for options, count in CI_VARIANTS:
        report = run_parity(games=count, seed=51, boards=(CI_BOARD,), ruleset="bb2020", outcomes=0.0,
                            **options)  # type: ignore[arg-type]
        assert not report.divergences, (options, report.text())
        games += len(report.games)
    given = run_games(bb2020_give_all_specs(1, 51, (CI_BOARD,)), ruleset="bb2020", outcomes=0.0)
    diverged += len(given.divergences)
    assert not diverged, given.text()
    assert {sk for g in given.games for sk in g.given} >= {s.name for s in handled_skills()}
    games += len(given.games)
    assert games >= 300
