"""`nuffle league new --ruleset`: stored with the league, LRB6 by default (and for a league
file written before it was stored), its matches played by it; a ruleset with BB2020's
characteristics needs BB2020 league teams, refused in one line."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from nuffle.cli import main
from nuffle.core.ruleset import LRB6, Ruleset
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


def test_bb2020_league_teams_do_not_exist_yet(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """BB2020 is playable, but a league file holds LRB6 league teams only: one line."""
    path = tmp_path / "l.db"
    assert main(["league", "new", str(path), *ENTRIES, "--ruleset", "bb2020"]) == 2
    err = capsys.readouterr().err
    assert "a BB2020 league needs its own" in err and len(err.strip().splitlines()) == 1
    assert not path.exists()
