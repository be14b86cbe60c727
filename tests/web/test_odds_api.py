# mypy: disable-error-code="attr-defined,dict-item,import-not-found,no-any-return,type-arg,union-attr"
"""The odds the API shows on the board, for built positions, against the engine's exact figures."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from fastapi.testclient import TestClient

from nuffle.core.actions import Action, ActionType
from nuffle.core.game import Game
from nuffle.core.skills import Skill
from nuffle.core.types import BallState, Status
from nuffle.testing import Scenario, do

T = ActionType


def swap_in(client: TestClient, game: Game, home: str, away: str) -> tuple[str, dict[str, Any]]:
    """A hot-seat game of `home` against `away` whose position is `game`; its state."""
    g = client.post("/api/games", json={"mode": "hotseat", "home": home, "away": away,
                                        "board": 11}).json()
    live = client.app.state.manager.games[g["id"]]
    live.game = game
    live.saved = len(game.history)
    live.version += 1
    return g["id"], client.get(f"/api/games/{g['id']}").json()


def _at(items: list[dict[str, Any]], square: tuple[int, int]) -> dict[str, Any]:
    return next(o for o in items if o["square"] == list(square))


def _troll_block(client: TestClient, ogre: bool) -> dict[str, Any]:
    """A Troll (no Block, no re-roll) blocking a Human: a lineman (2 dice, he chooses) or the
    Ogre with a lineman's assist (2 dice, the Ogre chooses)."""
    sc = Scenario("goblin", "human").set(rerolls=(0, 0))
    troll = sc.pid(0, "Troll")
    target = sc.pid(1, "Ogre") if ogre else sc.pid(1, "Lineman")
    sc.take(troll, Skill.REALLY_STUPID).put(troll, (10, 7)).put(target, (11, 7))
    if ogre:
        sc.put(sc.pid(1, "Lineman"), (11, 8))
    game = sc.start(0)
    do(game, T.START_BLOCK, troll)
    _, state = swap_in(client, game, "goblin", "human")
    return _at(state["odds"]["blocks"], (11, 7))


def test_block_knockdown_is_the_clean_one_with_both_down_apart(client: TestClient) -> None:
    # two dice, the Troll picks: he knocks the lineman down cleanly unless both dice are among
    # Both Down, Attacker Down and Pushed (4 faces of 6); Both Down is taken only with no push
    plain = _troll_block(client, ogre=False)
    assert (plain["dice"], plain["chooser"]) == (2, "attacker")
    assert plain["knockdown"] == float(1 - Fraction(4, 6) ** 2)  # 55.6%, not 63.9%
    assert plain["both_down"] == float(Fraction(2, 6) ** 2 - Fraction(1, 6) ** 2)
    # the Ogre picks: a clean knock-down only when both dice show it
    ogre = _troll_block(client, ogre=True)
    assert (ogre["dice"], ogre["chooser"]) == (2, "defender")
    assert ogre["knockdown"] == float(Fraction(2, 6) ** 2)  # 11.1%, not 36.1%
    assert ogre["both_down"] == float(Fraction(5, 6) ** 2 - Fraction(4, 6) ** 2)


def test_leap_here_is_the_whole_step_with_the_pick_up(client: TestClient) -> None:
    sc = Scenario("orc", "human").set(rerolls=(0, 0))
    goblin = sc.pid(0, "Goblin")
    sc.grant(goblin, Skill.LEAP).put(goblin, (10, 7)).put(sc.pid(1, "Lineman"), (11, 7))
    sc.put(sc.pid(1, "Lineman", 1), (13, 8))  # marks the landing square: the pick-up is 5+
    sc.ball_at((12, 7))
    game = sc.start(0)
    do(game, T.START_MOVE, goblin)
    _, state = swap_in(client, game, "orc", "human")
    leap = _at(state["odds"]["leaps"], (12, 7))
    outs = game.transitions(Action(T.LEAP, None, (12, 7)))
    # he goes on with his move (no turnover: the match of this position ends with one)
    held = sum((p for g, p in outs if not g.is_over and g.state.pos[goblin] == g.state.board.sq(12, 7)
                and g.state.status[goblin] == Status.STANDING
                and g.state.ball_state == BallState.CARRIED and g.state.ball == g.state.pos[goblin]),
               Fraction(0))
    assert leap["here"]["chance"] == float(held) == float(Fraction(3, 6) * Fraction(2, 6))
    assert leap["here"]["plan"] == "4+:norr 5+:norr"
    assert leap["total"]["chance"] == 0.5  # the leap alone, as before


def test_a_foul_from_afar_previews_the_square_the_route_and_the_odds_from_there(client: TestClient) -> None:
    from nuffle.analysis.pathfinding import path_to
    from nuffle.analysis.queries import foul_odds

    def position(fouler_at: tuple[int, int]) -> tuple[Scenario, int, int]:
        sc = Scenario("orc", "human", assisted_moves=True).set(rerolls=(0, 0))
        fouler, victim = sc.pid(0, "Lineman"), sc.pid(1, "Lineman")
        sc.put(fouler, fouler_at).put(victim, (14, 7), Status.PRONE).put(sc.pid(1, "Lineman", 1), (16, 9))
        return sc, fouler, victim

    sc, fouler, _ = position((10, 7))
    game = sc.start(0)
    do(game, T.START_FOUL, fouler)
    _, state = swap_in(client, game, "orc", "human")
    foul = _at(state["odds"]["fouls"], (14, 7))
    assert foul["far"] and max(abs(foul["from"][0] - 14), abs(foul["from"][1] - 7)) == 1
    route = path_to(game, fouler, tuple(foul["from"]))
    assert route is not None and foul["path"] == route.prob and foul["steps"][-1] == foul["from"]
    # the odds are those of a foul by him standing on that square (built there directly)
    near, fouler2, victim2 = position(tuple(foul["from"]))
    expected = foul_odds(near.start(0), fouler2, victim2)
    assert foul["armour"] == float(expected["armour_broken"])
    assert foul["sent_off"] == float(expected["sent_off"])


def test_the_throw_endpoint_gives_the_landing_over_the_scatter(client: TestClient) -> None:
    from nuffle.analysis.skill_odds import throw_team_mate_odds
    from nuffle.analysis.ttm_exact import landing_over_scatter

    sc = Scenario("orc", "human").set(rerolls=(1, 1))
    thrower, goblin = sc.pid(0, "Black Orc Blocker"), sc.pid(0, "Goblin")
    sc.grant(thrower, Skill.THROW_TEAM_MATE).put(thrower, (10, 7)).put(goblin, (11, 7))
    sc.put(sc.pid(1, "Lineman"), (15, 8)).put(sc.pid(1, "Lineman", 1), (16, 6))
    game = sc.start(0, drive=True)
    do(game, T.START_THROW_TEAM_MATE, thrower)
    gid, _ = swap_in(client, game, "orc", "human")
    r = client.get(f"/api/games/{gid}/throw", params={"thrown": goblin, "square": "15,7"})
    assert r.status_code == 200, r.text
    lands = r.json()["lands"]
    assert lands == float(landing_over_scatter(game, thrower, goblin, (15, 7)))
    assert lands != float(throw_team_mate_odds(game, thrower, goblin, (15, 7)).landing.chance)
    bad = client.get(f"/api/games/{gid}/throw", params={"thrown": goblin, "square": "25,7"})
    assert bad.status_code == 400 and "cannot throw" in bad.json()["error"]


def test_throw_here_is_the_whole_throw_from_the_roll(client: TestClient) -> None:
    from nuffle.analysis.skill_odds import throw_team_mate_odds
    from nuffle.analysis.ttm_exact import landing_over_scatter, whole_throw

    sc = Scenario("orc", "human").set(rerolls=(0, 0))  # no re-roll: the throw and the landing apart
    thrower, goblin = sc.pid(0, "Black Orc Blocker"), sc.pid(0, "Goblin")
    sc.grant(thrower, Skill.THROW_TEAM_MATE).put(thrower, (10, 7)).put(goblin, (11, 7))
    sc.put(sc.pid(1, "Lineman"), (15, 8))
    game = sc.start(0, drive=True)
    do(game, T.START_THROW_TEAM_MATE, thrower)
    gid, _ = swap_in(client, game, "orc", "human")
    r = client.get(f"/api/games/{gid}/throw", params={"thrown": goblin, "square": "14,7"}).json()
    thrown = throw_team_mate_odds(game, thrower, goblin, (14, 7)).throw.chance  # not fumbled
    lands = landing_over_scatter(game, thrower, goblin, (14, 7))
    assert r["whole"] == float(whole_throw(game, thrower, goblin, (14, 7))) == float(thrown * lands)
    assert r["whole"] < r["lands"]


def _saw(client: TestClient, rerolls: int, blitz: bool = False) -> tuple[dict[str, Any], Game, int, int]:
    sc = Scenario("human", "orc").set(rerolls=(rerolls, 0), apothecaries=(0, 0))
    wielder, victim = sc.pid(0, "Lineman"), sc.pid(1, "Lineman")
    sc.grant(wielder, Skill.CHAINSAW).put(wielder, (10, 7)).put(victim, (11, 7))
    game = sc.start(0)
    do(game, T.START_BLITZ if blitz else T.START_BLOCK, wielder)
    if blitz:
        game.state.stack[-1].moves = game.state.info[wielder].ma  # his next square is a GFI
    _, state = swap_in(client, game, "human", "orc")
    return _at(state["odds"]["chainsaws"], (11, 7)), game, wielder, victim


def _broken(av: int) -> Fraction:
    """P(2D6 + 3 beats armour `av`)."""
    return sum((Fraction(6 - abs(t - 7), 36) for t in range(2, 13) if t + 3 > av), Fraction(0))


def test_chainsaw_odds_with_the_kickback(client: TestClient) -> None:
    saw, game, wielder, victim = _saw(client, rerolls=0)
    info = game.state.info
    assert (info[wielder].av, info[victim].av) == (8, 9)  # a Human and an Orc Lineman
    assert saw["hit"] == float(Fraction(5, 6)) and saw["kickback"] == float(Fraction(1, 6))
    assert saw["victim_down"] == float(Fraction(5, 6) * _broken(9))
    assert saw["attacker_down"] == float(Fraction(1, 6) * _broken(8))  # kicked back on his own AV 8
    assert saw["gfi"] is False and saw["wasted"] == 0
    rr, *_ = _saw(client, rerolls=1)
    assert rr["hit"] == float(Fraction(35, 36)) and rr["kickback"] == float(Fraction(1, 36))
    gfi, *_ = _saw(client, rerolls=0, blitz=True)
    assert gfi["gfi"] is True and gfi["hit"] == float(Fraction(5, 6) ** 2)
    assert gfi["attacker_down"] == float(Fraction(1, 6) + Fraction(5, 6) * Fraction(1, 6) * _broken(8))


def test_a_chainsaw_foul_shows_the_kickback_first(client: TestClient) -> None:
    from nuffle.analysis.queries import foul_odds

    sc = Scenario("human", "orc").set(rerolls=(0, 0), apothecaries=(0, 0))
    wielder, victim = sc.pid(0, "Lineman"), sc.pid(1, "Lineman")
    sc.grant(wielder, Skill.CHAINSAW).put(wielder, (10, 7)).put(victim, (11, 7), Status.PRONE)
    game = sc.start(0)
    do(game, T.START_FOUL, wielder)
    _, state = swap_in(client, game, "human", "orc")
    foul = _at(state["odds"]["fouls"], (11, 7))
    plain = foul_odds(game, wielder, victim)  # the foul once it goes on (+3 on the armour)
    assert foul["kickback"] == float(Fraction(1, 6))
    assert foul["armour"] == float(Fraction(5, 6) * plain["armour_broken"])
    assert foul["sent_off"] == float(Fraction(5, 6) * plain["sent_off"])
    assert foul["fouler_down"] == float(Fraction(1, 6) * _broken(8))
