"""Standings, ratings and the Markdown report from hand-made game results."""

from __future__ import annotations

from nuffle.competition import formats, report


def game(index, home, away, score, winner, outcome="played", dq=(), penalties=()):
    return {"index": index, "stage": "round-robin", "home": home, "away": away, "score": list(score),
            "winner": winner, "outcome": outcome, "disqualified": list(dq), "casualties": [1, 0],
            "penalties": list(penalties), "record": f"records/game-{index:03d}.json", "seed": index}


def test_standings_count_points_forfeits_and_double_disqualification():
    dq = {"side": "away", "bot": "b", "kind": "crash", "decision": 3, "detail": "exited"}
    games = [
        game(0, "a", "b", (1, 0), "home"),
        game(1, "b", "a", (0, 0), None),
        game(2, "a", "c", (0, 2), "home", "forfeit", ["c"], [dq | {"bot": "c"}]),
        game(3, "b", "c", (0, 0), None, "both_disqualified", ["b", "c"]),
    ]
    rows = {r["name"]: r for r in report.standings(["a", "b", "c"], games)}
    assert rows["a"]["points"] == 3 + 1 + 3 and rows["a"]["wins"] == 2
    assert rows["c"]["losses"] == 2 and rows["c"]["disqualified"] == 2 and rows["c"]["penalties"] == 1
    assert rows["b"]["points"] == 1 and rows["b"]["losses"] == 2
    assert rows["a"]["td_for"] == 1 and rows["a"]["td_against"] == 2
    assert report.standings(["a", "b", "c"], games)[0]["name"] == "a"


def test_ratings_order_and_intervals():
    games = ([game(i, "a", "b", (1, 0), "home") for i in range(6)]
             + [game(6 + i, "c", "b", (0, 1), "away") for i in range(6)]
             + [game(12, "a", "c", (1, 1), None), game(13, "a", "c", (0, 0), None, "both_disqualified")])
    rows = report.ratings(["a", "b", "c"], games)
    by = {r["name"]: r for r in rows}
    assert [r["name"] for r in rows] == ["a", "b", "c"]
    gap = by["a"]["rating"] - by["b"]["rating"]
    assert gap > 100 and abs(gap - (by["b"]["rating"] - by["c"]["rating"])) < 0.2  # a-c drew
    for r in rows:
        assert r["low"] < r["rating"] < r["high"]
    assert abs(sum(r["rating"] for r in rows)) < 1.0
    lone = report.ratings(["x", "y"], [])
    assert lone[0]["rating"] == lone[1]["rating"] == 0


def test_ratings_are_the_ladders_fit():
    from nuffle.ladder.ratings import fit_bradley_terry, score_matrix

    games = [game(0, "a", "b", (2, 1), "home"), game(1, "b", "a", (1, 1), None),
             game(2, "b", "a", (3, 0), "home"), game(3, "b", "a", (1, 0), "home")]
    bt = fit_bradley_terry(score_matrix(2, [(0, 1, 1.0), (1, 0, 0.5), (1, 0, 1.0), (1, 0, 1.0)]))
    by = {r["name"]: r for r in report.ratings(["a", "b"], games)}
    assert by["a"]["rating"] == round(float(bt.elo[0]), 1) < 0 < by["b"]["rating"]


def test_paired_round_robin_fixtures():
    fx = formats.round_robin(["a", "b", "c"], 3, seed=1)
    assert len(fx) == 9
    ab = [f for f in fx if {f.home, f.away} == {"a", "b"}]
    assert ab[0].seed == ab[1].seed != ab[2].seed
    assert (ab[0].home, ab[1].home, ab[2].home) == ("a", "b", "a")
    assert [f.index for f in fx] == list(range(9))
    assert formats.round_robin(["a", "b", "c"], 3, seed=2)[0].seed != fx[0].seed


def test_markdown_lists_standings_penalties_and_records():
    games = [game(0, "a", "b", (1, 0), "away", "forfeit", ["a"],
                  [{"side": "home", "bot": "a", "kind": "no_response", "decision": 5, "detail": "silent"}])]
    out = report.build({"name": "cup", "format": "round-robin", "games_per_pair": 1, "board": 1, "seed": 3},
                       ["a", "b"], games)
    text = report.markdown(out)
    assert "# cup" in text and "Champion: **b**" in text
    assert "no_response: silent" in text and "forfeit, b wins" in text
    assert "[records/game-000.json](records/game-000.json)" in text
