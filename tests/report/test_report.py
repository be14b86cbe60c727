"""The match report: lines from the engine's events with forced dice, every event kind and
enum value rendered in words, and the same report from play, a saved record and the CLI."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from nuffle.agents.registry import make_agent
from nuffle.cli import main
from nuffle.core.actions import Action, ActionType
from nuffle.core.dice import Dice, Outcome, block, d6, d8, d68, two_d6
from nuffle.core.game import Game
from nuffle.core.skills import BADLY_HURT, CASUALTY, KO, STUNNED
from nuffle.core.types import RollKind, Status, Weather, block_dice_code
from nuffle.play import play
from nuffle.record import replay, to_record
from nuffle.report import EventKind, MatchReport, Names, ReportEvent, render
from nuffle.report.model import decode_block
from nuffle.testing import BLITZER, DD, LINEMAN, O_LINE, Scenario

T = ActionType
ENUM_NAME = re.compile(r"\b[A-Z][A-Z0-9]*_[A-Z0-9_]+\b")
NO_ID = re.compile(r"-1(?! (MA|AV|AG|ST)\b)")  # a missing id leaking (not a '-1 MA' casualty)


def clean(line: str) -> bool:
    """No engine enum name, no None, no -1 in a report line."""
    return not ENUM_NAME.search(line) and "None" not in line and not NO_ID.search(line)


Step = tuple[ActionType, int | None, tuple[int, int] | None]


def run(game: Game, report: MatchReport, *steps: Step) -> None:
    for t, player, square in steps:
        report.step(game, Action(t, player, square))


def block_game(script: list[tuple[Dice, Outcome]],
               apothecaries: tuple[int, int] = (0, 0)) -> tuple[Game, MatchReport]:
    """Human Blitzer at (10,7) blocks the Orc Lineman at (11,7): Defender Down, push to (12,7)."""
    sc = Scenario(script=script)
    sc.put(BLITZER, (10, 7)).put(O_LINE, (11, 7)).set(apothecaries=apothecaries)
    game = sc.start(active=0)
    report = MatchReport(game)
    run(game, report, (T.START_BLOCK, BLITZER, None), (T.BLOCK, None, (11, 7)),
        (T.SELECT_DEFENDER_DOWN, None, None), (T.PUSH, None, (12, 7)), (T.DECLINE, None, None))
    return game, report


def test_block_names_the_defender_and_gives_armour_injury_and_casualty() -> None:
    game, report = block_game(block(DD) + two_d6(5, 6) + two_d6(5, 6) + d68(41))
    assert "Human Blitzer #1: Block action." in report.lines
    assert "Human Blitzer #1 blocks Orc Lineman #6: 1 die, the Human coach chooses: Defender Down." \
        in report.lines
    assert "Defender Down." in report.lines
    assert "Orc Lineman #6: armour 11: broken." in report.lines
    assert "Orc Lineman #6: injury roll 11: a casualty." in report.lines
    assert "Orc Lineman #6: casualty roll 41: Seriously Injured." in report.lines
    assert game.state.status[O_LINE] == Status.CASUALTY
    assert all(clean(line) for line in report.lines)


def test_the_wizard_is_reported() -> None:
    sc = Scenario(script=d6(5) + two_d6(5, 6) + two_d6(1, 1))
    sc.put(LINEMAN, (5, 5)).put(O_LINE, (11, 7))
    sc.state.teams[0].wizard = 1
    game = sc.start(active=0)
    report = MatchReport(game)
    run(game, report, (T.USE_LIGHTNING_BOLT, None, None), (T.SELECT_PLAYER, O_LINE, None))
    assert "The Human coach calls on the Wizard: a Lightning Bolt." in report.lines
    assert "Orc Lineman #6: armour 11: broken." in report.lines
    assert all(clean(line) for line in report.lines)


def test_armour_that_holds_and_a_ko() -> None:
    _, report = block_game(block(DD) + two_d6(4, 5))
    assert "Orc Lineman #6: armour 9: holds." in report.lines
    _, report = block_game(block(DD) + two_d6(4, 6) + two_d6(4, 4))
    assert "Orc Lineman #6: injury roll 8: KO'd." in report.lines


def test_apothecary_names_the_player() -> None:
    script = block(DD) + two_d6(4, 6) + two_d6(5, 5) + d68(61) + d68(23)
    game, report = block_game(script, apothecaries=(0, 1))
    run(game, report, (T.USE_APOTHECARY, None, None))
    assert "Orc Lineman #6: casualty roll 61: Dead!" in report.lines
    assert "The Orc apothecary treats Orc Lineman #6." in report.lines
    assert report.lines.index("Orc Lineman #6: casualty roll 23: Badly Hurt.") > \
        report.lines.index("The Orc apothecary treats Orc Lineman #6.")


def test_failed_dodge_is_a_turnover_with_its_cause() -> None:
    sc = Scenario(script=d6(1) + two_d6(1, 2))
    sc.put(LINEMAN, (10, 7)).put(O_LINE, (11, 7)).set(rerolls=(0, 0))
    game = sc.start(active=0)
    report = MatchReport(game)
    run(game, report, (T.START_MOVE, LINEMAN, None), (T.MOVE, None, (9, 7)))
    assert "Human Lineman #6: dodge 3+, rolled 1: failed." in report.lines
    assert "Human Lineman #6: armour 3: holds." in report.lines
    turnover = [e for e in report.events if e.kind == EventKind.TURNOVER]
    assert len(turnover) == 1 and turnover[0].cause == "failed dodge" and turnover[0].side == 0
    assert "Turnover (failed dodge): the Reikland Reavers turn ends." in report.lines


def test_foul_sent_off_on_a_double() -> None:
    sc = Scenario(script=two_d6(2, 2))
    sc.put(LINEMAN, (10, 7)).put(O_LINE, (11, 7), Status.PRONE)
    game = sc.start(active=0)
    report = MatchReport(game)
    run(game, report, (T.START_FOUL, LINEMAN, None), (T.FOUL, None, (11, 7)))
    assert "Human Lineman #6 fouls Orc Lineman #6." in report.lines
    assert "Orc Lineman #6: armour 4: holds." in report.lines
    assert "The referee sends Human Lineman #6 off!" in report.lines
    assert "Turnover (Human Lineman #6 sent off): the Reikland Reavers turn ends." in report.lines


def test_a_stand_up_and_each_square_moved_to_are_reported() -> None:
    sc = Scenario()
    sc.put(BLITZER, (10, 7), Status.PRONE).put(O_LINE, (20, 7))
    game = sc.start(active=0)
    report = MatchReport(game)
    run(game, report, (T.START_MOVE, BLITZER, None), (T.MOVE, None, (11, 7)), (T.MOVE, None, (12, 8)))
    who = report.names.player(BLITZER)
    assert report.lines[-3:] == [f"{who} stands up.", f"{who} moves to 11,7.", f"{who} moves to 12,8."]


def test_throw_team_mate_names_the_thrower_and_the_thrown() -> None:
    from nuffle.core.skills import Skill

    sc = Scenario("orc", "human", script=d6(1) + two_d6(1, 1)).set(rerolls=(0, 0))  # fumbled, he falls
    thrower, goblin = sc.pid(0, "Black Orc Blocker"), sc.pid(0, "Goblin")
    sc.grant(thrower, Skill.THROW_TEAM_MATE).put(thrower, (10, 7)).put(goblin, (11, 7))
    game = sc.start(active=0)
    report = MatchReport(game)
    run(game, report, (T.START_THROW_TEAM_MATE, thrower, None))
    report.before(game)
    game.step(Action(T.THROW_TEAM_MATE, goblin, (15, 7)))
    report.after(game, Action(T.THROW_TEAM_MATE, goblin, (15, 7)))
    n = report.names
    assert f"{n.player(thrower)} throws {n.player(goblin)} towards 15,7." in report.lines
    assert not any(line.startswith(f"{n.player(goblin)} throws") for line in report.lines)


def _throw(script: list[tuple[Dice, Outcome]], marked: bool) -> tuple[Game, MatchReport, int, int]:
    from nuffle.core.skills import Skill

    sc = Scenario("orc", "human", script=script).set(rerolls=(0, 0))
    thrower, goblin = sc.pid(0, "Black Orc Blocker"), sc.pid(0, "Goblin")
    sc.grant(thrower, Skill.THROW_TEAM_MATE).put(thrower, (10, 7)).put(goblin, (11, 7))
    if marked:  # a tackle zone on the thrower: -2 in all at Short range, so a 3 is a fumble
        sc.put(sc.pid(1, "Lineman"), (9, 7))
    game = sc.start(active=0)
    report = MatchReport(game)
    run(game, report, (T.START_THROW_TEAM_MATE, thrower, None), (T.THROW_TEAM_MATE, goblin, (15, 7)))
    return game, report, thrower, goblin


def test_a_modified_fumble_is_a_fumble_and_a_thrown_player_comes_down_where_he_scattered() -> None:
    _, report, thrower, _ = _throw(d6(3) + two_d6(1, 1), marked=True)
    assert f"{report.names.player(thrower)}: throw roll 3: fumbled!" in report.lines
    game, report, thrower, goblin = _throw(d6(3) + d8(1, 2, 3) + d6(6), marked=False)
    n = report.names
    x, y = game.state.board.xy(game.state.pos[goblin])
    assert (x, y) != (15, 7)  # he scattered
    at = report.lines.index(f"{n.player(goblin)} comes down on {x},{y}.")
    assert report.lines[at - 1] == f"{n.player(thrower)}: throw roll 3: he flies."
    assert report.lines[at + 1].startswith(f"{n.player(goblin)}: landing ")


def test_block_dice_code_round_trips() -> None:
    for faces in ((0,), (4, 2), (1, 3, 4), (4, 4, 4)):
        for chooser in (True, False):
            assert decode_block(block_dice_code(faces, chooser)) == (faces, chooser)


def every_event() -> list[ReportEvent]:
    """One event of every kind, with every value of the enums a kind names."""
    k = EventKind
    out = [
        ReportEvent(k.KICK_OR_RECEIVE, 0, value=int(T.KICK)),
        ReportEvent(k.KICK_OR_RECEIVE, 1, value=int(T.RECEIVE)),
        ReportEvent(k.HALF, value=1, half=1),
        ReportEvent(k.HALF, value=2, half=2, score=(1, 0)),
        ReportEvent(k.TURN, 1, value=3, half=1),
        ReportEvent(k.BLOCK_FACE, value=int(T.SELECT_PUSHED)),
        ReportEvent(k.FOLLOW_UP, 0, 0),
        ReportEvent(k.STAND_UP, 0, 0),
        ReportEvent(k.MOVE, 0, 0, square=(3, 4)),
        ReportEvent(k.LANDED, 0, 2, square=(5, 6)),
        ReportEvent(k.ROLL, 0, 4, value=int(RollKind.PASS), die=2, need=5, ok=False, result=1,
                    action=int(T.THROW_TEAM_MATE)),
        ReportEvent(k.REROLL, 0, value=int(T.USE_REROLL)),
        ReportEvent(k.REROLL, 1, value=int(T.USE_PRO)),
        ReportEvent(k.SKILL, 0, 0, skill="DIVING_CATCH"),
        ReportEvent(k.SKILL, 1, -1),
        ReportEvent(k.APOTHECARY, 1, 12),
        ReportEvent(k.BRIBE, 0),
        ReportEvent(k.SENT_OFF, 0, 3),
        ReportEvent(k.PICK_UP, 0, 2),
        ReportEvent(k.PICK_UP, 0, 2, ok=False),
        ReportEvent(k.CATCH, 0, 2),
        ReportEvent(k.CATCH, 0, 2, ok=False),
        ReportEvent(k.TOUCHDOWN, 1, 12, score=(0, 1)),
        ReportEvent(k.TURNOVER, 0, cause="failed dodge"),
        ReportEvent(k.TURNOVER, 1),
        ReportEvent(k.FINAL_WHISTLE, score=(2, 2)),
        ReportEvent(k.FINAL_WHISTLE, score=(0, 1)),
        ReportEvent(k.ARMOUR, 1, 12, value=9, ok=True),
        ReportEvent(k.ARMOUR, 1, 12, value=5, ok=False),
        ReportEvent(k.SPELL, 0, value=int(T.USE_FIREBALL)),
        ReportEvent(k.SPELL, 1, value=int(T.USE_LIGHTNING_BOLT)),
        ReportEvent(k.CROWD, 1, 12, square=(10, 0), ok=True),
        ReportEvent(k.CROWD, 1, 12, square=(10, 0), ok=False),
    ]
    out += [ReportEvent(k.BALL_LANDS, value=how, square=sq) for how in (0, 1, 2) for sq in ((3, 4), None)]
    out += [ReportEvent(k.BOUNCE, value=where, square=sq) for where in (0, 1, 2) for sq in ((3, 4), None)]
    out += [ReportEvent(k.KICK_OFF_SIDE, side, value=total, rolls=(3, 4)) for total in range(2, 13)
            for side in (-1, 0, 1)]
    out += [ReportEvent(k.WEATHER, value=int(w)) for w in Weather]
    out += [ReportEvent(k.KICK_OFF, value=total) for total in range(2, 13)]
    out += [ReportEvent(k.ACTION, 0, 1, value=int(a)) for a in T if a.name.startswith("START_")]
    targeted = (T.PASS, T.HANDOFF, T.FOUL, T.THROW_TEAM_MATE, T.LEAP, T.STAB, T.CHAINSAW, T.MULTIPLE_BLOCK,
                T.HYPNOTIC_GAZE, T.BOMB, T.HAIL_MARY, T.DUMP_OFF)
    out += [ReportEvent(k.TARGET, 0, 1, 12, value=int(a), square=(3, 4)) for a in targeted]
    out += [ReportEvent(k.TARGET, 0, 1, -1, value=int(T.LEAP), square=(3, 4))]
    out += [ReportEvent(k.ROLL, 0, 1, value=int(r), die=d, need=n, ok=d >= n) for r in RollKind
            for d, n in ((1, 3), (5, 3), (3, 7))]
    out += [ReportEvent(k.BLOCK, 0, 1, 12, value=len(f), faces=f, attacker_chooses=c, action=a)
            for f in ((0,), (4, 2), (1, 3, 2)) for c in (True, False) for a in (-1, int(T.START_BLITZ))]
    injuries = ((5, STUNNED), (8, KO), (10, BADLY_HURT), (11, CASUALTY))
    out += [ReportEvent(k.INJURY, 1, 12, value=v, result=r) for v, r in injuries]
    out += [ReportEvent(k.CASUALTY, 1, 12, value=v) for v in (11, 38, 41, 51, 53, 55, 57, 58, 61, 68)]
    return out


def test_every_event_kind_renders_in_words() -> None:
    game = Game.new("human", "orc", seed=1)
    names = Names(game.state)
    events = every_event()
    assert {e.kind for e in events} == set(EventKind)
    for e in events:
        line = render(e, names)
        assert line and clean(line), (e, line)


def test_same_race_players_are_told_apart_by_side() -> None:
    names = Names(Game.new("human", "human", seed=1).state)
    assert names.player(0) == "Blitzer #1 (home)"
    assert names.player(11) == "Blitzer #1 (away)"
    assert names.coach(1) == "the Human (away) coach"


def test_a_position_named_after_its_race_is_not_named_twice() -> None:
    game = Game.new("goblin", "orc", seed=1)
    names = Names(game.state)
    by_position = {(i.team, i.position): names.player(i.pid) for i in game.state.info}
    assert by_position[(0, "Goblin")].startswith("Goblin #")  # not 'Goblin Goblin #9'
    assert by_position[(0, "Troll")].startswith("Goblin Troll #")
    assert by_position[(1, "Goblin")].startswith("Orc Goblin #")
    assert by_position[(1, "Black Orc Blocker")].startswith("Black Orc Blocker #")


@pytest.mark.parametrize("board", [5, 11])
def test_a_whole_game_reports_in_words_and_the_record_replays_the_same_report(board: int) -> None:
    game = Game.new("human", "orc", seed=4, board=board)
    report = MatchReport(game)
    play(game, make_agent("scripted", seed=1), make_agent("scripted", seed=2), report=report)
    kinds = {e.kind for e in report.events}
    k = EventKind
    for kind in (k.WEATHER, k.KICK_OR_RECEIVE, k.HALF, k.KICK_OFF, k.TURN, k.ACTION, k.BLOCK, k.BLOCK_FACE,
                 k.ARMOUR, k.ROLL, k.TURNOVER, k.FINAL_WHISTLE, k.BALL_LANDS):
        assert kind in kinds, kind
    assert report.lines[-1].startswith("Final whistle: ")
    assert [e.value for e in report.events if e.kind == EventKind.HALF] == [1, 2]
    assert all(clean(line) for line in report.lines)
    score = game.state.teams[0].score + game.state.teams[1].score
    assert sum(e.kind == EventKind.TOUCHDOWN for e in report.events) == score
    reports: list[MatchReport] = []
    replay(to_record(game), reports)
    assert reports[0].lines == report.lines


def test_cli_play_log_and_replay_show(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "g.json"
    assert main(["play", "--home", "human:scripted", "--away", "orc:scripted", "--board", "5", "--seed", "2",
                 "--log", "--save", str(path)]) == 0
    played = capsys.readouterr().out
    assert "the first half begins." in played and "Final whistle: " in played
    assert main(["replay", str(path), "--show"]) == 0
    shown = capsys.readouterr().out
    report_part = played[:played.index("Final whistle: ")]
    assert report_part in shown


@pytest.mark.parametrize("die", [3, 1])
def test_a_bb2020_throw_modified_to_one_is_wildly_inaccurate_not_fumbled(die: int) -> None:
    """BB2020's Throw Team-mate (a Passing Ability test): marked twice at Short range (-3), a 3
    is wildly inaccurate (he deviates and flies), not LRB6's modified fumble; a natural 1 is."""
    from nuffle.testing import ttm_scenario

    flies = d8(5) + d6(3) + d6(6)  # deviates +x 3 squares from the thrower, lands on a 6
    script = d6(3) + flies if die == 3 else d6(1) + d8(5) + d6(6)  # a fumble: one scatter (+x)
    sc, thrower, thrown = ttm_scenario("python", script)
    sc.put(sc.pid(1, "Big Un Blocker"), (9, 6)).put(sc.pid(1, "Big Un Blocker", 1), (9, 7))
    game = sc.start(active=0)
    report = MatchReport(game)
    run(game, report, (T.START_THROW_TEAM_MATE, thrower, None), (T.THROW_TEAM_MATE, thrown, (13, 8)))
    verdict = "he flies." if die == 3 else "fumbled!"
    assert f"{report.names.player(thrower)}: throw roll {die}: {verdict}" in report.lines
    assert not game.roller.queue  # type: ignore[attr-defined]
