"""Petty cash (`league new --petty-cash`): treasury gold may buy inducements. The favourite
chooses first, from its treasury; what it spends is added to the underdog's budget (the TV
difference), and the underdog may add its own treasury too. Without the option nothing
changes: only the underdog induces, with the TV difference."""

import json

from nuffle.cli import main
from nuffle.core.teams import default_team_dict


def league(tmp_path, capsys, *extra):
    tmp_path.mkdir(exist_ok=True)
    db = tmp_path / "l.db"
    raw = default_team_dict("human")  # 1,000,000, and three Linemen more: the favourite by 150,000
    raw["players"] += [{"position": "Lineman", "number": 30 + i} for i in range(3)]
    (tmp_path / "a.json").write_text(json.dumps(raw))
    # the budget leaves the favourite 350,000 in its treasury, the underdog 500,000
    assert main(["league", "new", str(db), "--seed", "4", "--board", "1", "--budget", "1500000", *extra,
                 "--entry", f"A={tmp_path / 'a.json'}:random", "--entry", "B=orc:random"]) == 0
    assert main(["league", "play", str(db), "--quiet"]) == 0
    capsys.readouterr()
    assert main(["league", "history", str(db), "--json"]) == 0
    match = json.loads(capsys.readouterr().out)["matches"][0]
    assert main(["league", "ledger", str(db), "--json"]) == 0
    rows = json.loads(capsys.readouterr().out)["ledger"]
    teams = {}
    for name in "AB":
        assert main(["league", "team", str(db), name]) == 0
        teams[name] = json.loads(capsys.readouterr().out)
    return match, rows, teams


def sides(match):
    pre = {k: match["postmatch"][k]["prematch"] for k in ("home", "away")}
    fav, dog = sorted(pre, key=lambda k: pre[k]["budget"])
    return pre[fav], pre[dog]


def test_without_petty_cash_only_the_underdog_induces_with_the_tv_difference(tmp_path, capsys):
    match, rows, _ = league(tmp_path, capsys)
    fav, dog = sides(match)
    assert fav["budget"] == 0 and fav["induced"] == [] and fav["petty_cash"] == 0
    assert dog["budget"] == 150_000 and dog["petty_cash"] == 0 and dog["induced"]
    assert sum(i["cost"] for i in dog["induced"]) <= dog["budget"]
    assert "petty_cash" not in {r["kind"] for r in rows}


def test_with_petty_cash_the_treasuries_buy_inducements(tmp_path, capsys):
    plain, _, _ = league(tmp_path / "plain", capsys)
    match, rows, teams = league(tmp_path, capsys, "--petty-cash")
    fav, dog = sides(match)
    spent = sum(i["cost"] for i in fav["induced"])
    assert spent > 0 and fav["petty_cash"] == spent  # the favourite pays all from its treasury
    _, plain_dog = sides(plain)
    assert dog["budget"] == plain_dog["budget"] + spent == 150_000 + spent  # the underdog gets as much more
    assert dog["petty_cash"] == max(0, sum(i["cost"] for i in dog["induced"]) - dog["budget"])
    fav_stars = {i["name"] for i in fav["induced"] if i["item"] == "star"}
    assert not fav_stars & {i["name"] for i in dog["induced"] if i["item"] == "star"}
    petty = [r for r in rows if r["kind"] == "petty_cash"]
    assert sum(r["gold"] for r in petty) == fav["petty_cash"] + dog["petty_cash"]
    for name, t in teams.items():
        assert sum(r["treasury"] for r in rows if r["entry"] == name) == t["treasury"]
