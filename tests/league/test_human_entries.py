"""League entries a person coaches (`BOT human`, nuffle.league.human): accepted by `league new`
and `add` (a `human` with options is refused in one line), left pending by `league play`, which
plays every bot fixture not waiting behind one and says which wait; each team plays in round
order."""

import json

import pytest

from nuffle.cli import main
from nuffle.league.human import blocker, check_human, next_fixture, ready
from nuffle.league.store import Fixture, LeagueError, Store

ENTRIES = ["ME=human:human", "A=orc:random", "B=dwarf:random", "C=skaven:random"]


def new_league(path, entries=ENTRIES, *extra):
    args = ["league", "new", str(path), "--seed", "1", "--board", "1", *extra]
    for e in entries:
        args += ["--entry", e]
    return main(args)


def fixtures(path, capsys):
    capsys.readouterr()
    assert main(["league", "fixtures", str(path), "--json"]) == 0
    return {f["fixture"]: f for f in json.loads(capsys.readouterr().out)["fixtures"]}


def test_a_human_entry_is_accepted_on_any_board_and_kept_as_human(tmp_path, capsys):
    for board in (1, 11):
        path = tmp_path / f"b{board}.db"
        assert new_league(path, ENTRIES, "--board", str(board)) == 0
        capsys.readouterr()
        assert main(["league", "team", str(path), "ME"]) == 0
        store = Store.open(path, read_only=True)
        assert [e.bot for e in store.entries()] == ["human", "random", "random", "random"]
        store.close()
    assert main(["league", "add", str(tmp_path / "b1.db"), "YOU=orc:human:random"]) == 0


@pytest.mark.parametrize("bot", ["human?skill=9", "human?"])
def test_a_human_with_options_is_one_line_and_no_file(tmp_path, capsys, bot):
    path = tmp_path / "x.db"
    capsys.readouterr()
    assert new_league(path, ["ME=human:" + bot, "A=orc:random"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith("error: ")
    assert not path.exists()
    with pytest.raises(LeagueError, match="takes no options"):
        check_human("human?skill=9")
    assert check_human("human") and not check_human("random") and not check_human("mcts?iterations=5")


def test_play_leaves_the_coach_s_matches_and_those_behind_them_and_says_so(tmp_path, capsys):
    path = tmp_path / "l.db"
    assert new_league(path) == 0
    capsys.readouterr()
    assert main(["league", "play", str(path), "--quiet"]) == 0
    out = capsys.readouterr().out
    assert "1 matches played, 5 left" in out
    assert "waiting for a human coach: fixture 1, 3, 5" in out
    fx = fixtures(path, capsys)
    # round 1: ME v C waits, B v A is played; round 2: C v A waits behind C's match with ME
    assert [(f["home"], f["away"], f["played"]) for f in fx.values()] == [
        ("ME", "C", False), ("B", "A", True), ("B", "ME", False), ("C", "A", False), ("ME", "A", False),
        ("C", "B", False)]
    # the coach's match entered by hand (a forfeit, say): C v A follows; C v B (round 3) still
    # waits, behind B's round-2 match with ME
    assert main(["league", "result", str(path), "--fixture", "1", "--score", "0-2",
                 "--conceded", "home"]) == 0
    capsys.readouterr()
    assert main(["league", "play", str(path), "--quiet"]) == 0
    assert "1 matches played, 3 left" in capsys.readouterr().out
    fx = fixtures(path, capsys)
    assert [i for i, f in fx.items() if f["played"]] == [1, 2, 4]


def test_a_bots_only_league_plays_each_round_whole():
    f = [Fixture(1, 1, 1, 2, 0, True), Fixture(2, 1, 3, 4, 0, False), Fixture(3, 2, 1, 3, 0, False),
         Fixture(4, 2, 2, 4, 0, False)]
    assert ready(f) == [f[1]]  # 3 and 4 play fixture 2 first; 1 v 3 waits for it
    assert blocker(f, f[2]) == f[1] and blocker(f, f[1]) is None
    assert next_fixture(f, 1) == f[2] and next_fixture(f, 3) == f[1]
    done = [Fixture(i.id, i.round, i.home, i.away, i.seed, i.round == 1) for i in f]
    assert ready(done) == done[2:]  # a complete round: every fixture of the next
    assert next_fixture([Fixture(1, 1, 1, 2, 0, True)], 1) is None
