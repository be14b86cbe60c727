"""`nuffle league new --ruleset`: stored with the league, LRB6 by default (and for a league
file written before it was stored), its matches played by it; a ruleset with BB2020's
characteristics needs league rules of its own (BB2020 has them: tests/league/test_bb2020_league.py),
refused in one line otherwise."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from nuffle.cli import main
from nuffle.core.ruleset import LRB6, Ruleset, draft_ruleset
from nuffle.league.runner import league_ruleset
from nuffle.league.store import Store

Register = Callable[[Ruleset], Ruleset]
ENTRIES = ["--entry", "a=orc:random", "--entry", "b=human:random", "--seed", "1", "--board", "1"]


def _played_rulesets(path: Path) -> set[str]:
    """The league's stored ruleset, and those its played matches' records name."""
    assert main(["league", "play", str(path), "--quiet"]) == 0
    store = Store.open(str(path))
    try:
        records = [store.record(m["fixture"]) for m in store.matches()]
        assert records
        return {league_ruleset(store)} | {r["config"]["ruleset"] for r in records}
    finally:
        store.close()


@pytest.mark.parametrize("extra", [[], ["--ruleset", "lrb6"]])
def test_lrb6_by_default_and_explicitly(tmp_path: Path, extra: list[str]) -> None:
    path = tmp_path / "l.db"
    assert main(["league", "new", str(path), *ENTRIES, *extra]) == 0
    assert _played_rulesets(path) == {"lrb6"}


def test_the_leagues_matches_are_played_by_its_ruleset(tmp_path: Path, register_ruleset: Register) -> None:
    register_ruleset(LRB6.derive("lrb6-league"))
    path = tmp_path / "l.db"
    assert main(["league", "new", str(path), *ENTRIES, "--ruleset", "lrb6-league"]) == 0
    assert _played_rulesets(path) == {"lrb6-league"}


def test_a_league_file_without_the_setting_is_lrb6(tmp_path: Path) -> None:
    path = tmp_path / "l.db"
    assert main(["league", "new", str(path), *ENTRIES]) == 0
    store = Store.open(str(path))
    try:
        store.conn.execute("DELETE FROM meta WHERE key = 'ruleset'")
        store.conn.commit()
        assert league_ruleset(store) == "lrb6"
    finally:
        store.close()


def test_a_ruleset_without_league_rules_is_refused(tmp_path: Path, register_ruleset: Register,
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    """A ruleset with BB2020's characteristics but no league rules of its own: one line."""
    register_ruleset(draft_ruleset("bb2020").derive("bb2020-house"))
    path = tmp_path / "l.db"
    assert main(["league", "new", str(path), *ENTRIES, "--ruleset", "bb2020-house"]) == 2
    err = capsys.readouterr().err
    assert "no league rules for bb2020-house" in err and len(err.strip().splitlines()) == 1
    assert not path.exists()
