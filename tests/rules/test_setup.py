"""Set-up: pitch maximum, line of scrimmage, wide zones, own half, fielding all, swaps."""

from __future__ import annotations

import pytest

from nuffle.core.actions import Action, ActionType, IllegalActionError
from nuffle.core.game import Game
from nuffle.core.procedures.setup import Setup
from nuffle.core.types import Decider, Status
from nuffle.testing import HOME_11, edit, mirror, new_game, pregame_script, set_up


def _setup_game(kicking: int = 0, board: int = 11) -> Game:
    game, _ = new_game(pregame_script(), board=board)
    game.step(Action(ActionType.KICK if kicking == 0 else ActionType.RECEIVE))
    assert isinstance(game.state.stack[-1], Setup)
    assert game.decider == (Decider.HOME if kicking == 0 else Decider.AWAY)
    return game


def _place(game: Game, side: int, squares: list[tuple[int, int]]) -> list[int]:
    s = game.state
    pids = [p for p in s.team_players(side) if s.status[p] == Status.RESERVE][: len(squares)]
    for pid, sq in zip(pids, squares, strict=True):
        game.step(Action(ActionType.PLACE_PLAYER, pid, sq))
    return pids


def _end_fails(game: Game, message: str) -> None:
    assert Action(ActionType.END_SETUP) not in game.legal_actions()
    before = game.state.key()
    with pytest.raises(IllegalActionError, match=message):
        game.step(Action(ActionType.END_SETUP))
    assert game.state.key() == before


def test_kicking_team_sets_up_first_then_receiver() -> None:
    game = _setup_game(kicking=1)
    set_up(game, 1)
    assert game.decider == Decider.HOME
    assert isinstance(game.state.stack[-1], Setup)
    set_up(game, 0)
    legal = game.legal_actions()
    assert legal.types() == [ActionType.PLACE_BALL]
    assert str(game.decider) == "away"  # as text: mypy narrowed it above


def test_must_field_eleven() -> None:
    game = _setup_game()
    _end_fails(game, "only 0 players on the pitch; 11 must be set up")
    _place(game, 0, HOME_11[:10])
    _end_fails(game, "only 10 players on the pitch; 11 must be set up")
    _place(game, 0, HOME_11[10:])
    assert Action(ActionType.END_SETUP) in game.legal_actions()


def test_must_field_all_available_when_fewer_than_eleven() -> None:
    game = _setup_game()
    with edit(game) as s:
        s.status[10] = Status.KO  # one human player is in the KO box
    _place(game, 0, HOME_11[:9])
    _end_fails(game, "only 9 players on the pitch; 10 must be set up")
    _place(game, 0, HOME_11[9:10])
    game.step(Action(ActionType.END_SETUP))
    assert game.decider == Decider.AWAY


def test_at_most_eleven_on_the_pitch() -> None:
    game = _setup_game(kicking=1)  # orcs have 12 players
    squares = [mirror(q) for q in HOME_11] + [(20, 7)]
    _place(game, 1, squares)
    _end_fails(game, "12 players on the pitch; at most 11 are allowed")
    game.step(Action(ActionType.RESERVE_PLAYER, game.state.grid[game.state.board.sq(20, 7)]))
    game.step(Action(ActionType.END_SETUP))
    assert game.decider == Decider.HOME


def test_line_of_scrimmage_minimum() -> None:
    game = _setup_game()
    squares = [(12, 5), (12, 7), (11, 4), (10, 4), (10, 5), (10, 6), (10, 7), (10, 8), (10, 9),
               (10, 10), (7, 7)]
    _place(game, 0, squares)
    _end_fails(game, "only 2 players on the line of scrimmage; at least 3 are required")
    # x = 12 in a wide zone is not the line of scrimmage
    pid = game.state.grid[game.state.board.sq(11, 4)]
    game.step(Action(ActionType.PLACE_PLAYER, pid, (12, 3)))
    _end_fails(game, "only 2 players on the line of scrimmage")
    game.step(Action(ActionType.PLACE_PLAYER, pid, (12, 10)))
    game.step(Action(ActionType.END_SETUP))


def test_wide_zone_maximum() -> None:
    game = _setup_game()
    squares = [*HOME_11[:8], (5, 0), (5, 1), (5, 2)]
    _place(game, 0, squares)
    _end_fails(game, "3 players in the top wide zone; at most 2 are allowed")
    pid = game.state.grid[game.state.board.sq(5, 2)]
    game.step(Action(ActionType.PLACE_PLAYER, pid, (5, 12)))
    game.step(Action(ActionType.END_SETUP))


def test_only_own_half() -> None:
    game = _setup_game()
    squares = game.legal_actions().group(ActionType.PLACE_PLAYER)
    assert squares is not None
    assert {x for x, _ in squares.squares} == set(range(13))
    assert len(squares.squares) == 13 * 15
    before = game.state.key()
    with pytest.raises(IllegalActionError, match=r"PLACE_PLAYER player=0 square=\(13, 7\)"):
        game.step(Action(ActionType.PLACE_PLAYER, 0, (13, 7)))
    assert game.state.key() == before
    other = _setup_game(kicking=1).legal_actions().group(ActionType.PLACE_PLAYER)
    assert other is not None
    assert {x for x, _ in other.squares} == set(range(13, 26))


def test_place_on_occupied_square_swaps() -> None:
    game = _setup_game()
    s = game.state
    game.step(Action(ActionType.PLACE_PLAYER, 0, (12, 7)))
    game.step(Action(ActionType.PLACE_PLAYER, 1, (10, 7)))
    game.step(Action(ActionType.PLACE_PLAYER, 0, (10, 7)))  # onto team-mate 1: they swap
    assert s.board.xy(s.pos[0]) == (10, 7)
    assert s.board.xy(s.pos[1]) == (12, 7)
    game.step(Action(ActionType.PLACE_PLAYER, 2, (12, 7)))  # reserve onto 1: 1 goes to reserves
    assert s.board.xy(s.pos[2]) == (12, 7)
    assert s.pos[1] == -1 and s.status[1] == Status.RESERVE
    assert s.status[2] == Status.STANDING


# --- small boards ----------------------------------------------------------------------------

HOME_7 = [(9, 3), (9, 4), (9, 5), (7, 2), (7, 6), (6, 4), (4, 4)]  # board 7: 20 x 9
HOME_5 = [(7, 3), (7, 5), (5, 2), (5, 4), (5, 6)]  # board 5: 16 x 9


def test_board_7_constraints() -> None:
    game = _setup_game(board=7)
    s = game.state
    assert s.board.width == 20 and s.board.height == 9
    group = game.legal_actions().group(ActionType.PLACE_PLAYER)
    assert group is not None and {x for x, _ in group.squares} == set(range(10))
    _place(game, 0, HOME_7[:6])
    _end_fails(game, "only 6 players on the pitch; 7 must be set up")
    _place(game, 0, [(4, 0)])
    _place(game, 0, [(3, 1)])
    _end_fails(game, "8 players on the pitch; at most 7 are allowed")
    game.step(Action(ActionType.RESERVE_PLAYER, s.grid[s.board.sq(3, 1)]))
    pid = s.grid[s.board.sq(9, 5)]
    game.step(Action(ActionType.PLACE_PLAYER, pid, (9, 1)))  # y 0-1 is a wide zone on board 7
    _end_fails(game, "only 2 players on the line of scrimmage; at least 3 are required")
    game.step(Action(ActionType.PLACE_PLAYER, pid, (9, 6)))
    game.step(Action(ActionType.END_SETUP))
    assert game.decider == Decider.AWAY


def test_board_5_constraints() -> None:
    game = _setup_game(board=5)
    s = game.state
    _place(game, 0, [(7, 3), (6, 4), (5, 2), (5, 4), (5, 6)])
    _end_fails(game, "only 1 players on the line of scrimmage; at least 2 are required")
    pid = s.grid[s.board.sq(6, 4)]
    game.step(Action(ActionType.PLACE_PLAYER, pid, (7, 5)))
    assert Action(ActionType.END_SETUP) in game.legal_actions()
    pid = s.grid[s.board.sq(5, 2)]
    game.step(Action(ActionType.PLACE_PLAYER, pid, (4, 0)))
    p2 = s.grid[s.board.sq(5, 4)]
    game.step(Action(ActionType.PLACE_PLAYER, p2, (4, 1)))
    _end_fails(game, "2 players in the top wide zone; at most 1 are allowed")
    game.step(Action(ActionType.PLACE_PLAYER, p2, (4, 4)))
    game.step(Action(ActionType.END_SETUP))
    set_up(game, 1, [(15 - x, y) for x, y in HOME_5])
    assert game.legal_actions().types() == [ActionType.PLACE_BALL]


def test_no_player_to_field_moves_markers_and_awards_touchdown() -> None:
    # RULES 5.2 [?]: both markers +2; the team that could field a player scores.
    from nuffle.core.procedures.match import Drive
    from nuffle.testing import Scenario

    sc = Scenario()
    for p in range(11, 23):
        sc.state.status[p] = Status.CASUALTY
    sc.set(turn=(3, 3), kicking=0)
    game = sc.start(proc=Drive())
    s = game.state
    assert (s.teams[0].turn, s.teams[1].turn) == (5, 5)
    assert (s.teams[0].score, s.teams[1].score) == (1, 0)
    assert s.touchdown == 0
    assert game.is_over  # the scenario ends with the drive


def test_no_placement_that_changes_nothing() -> None:
    # a player is never offered (nor allowed) the square he already stands on
    game = _setup_game()
    game.step(Action(ActionType.PLACE_PLAYER, 0, (12, 7)))
    game.step(Action(ActionType.PLACE_PLAYER, 1, (10, 7)))
    legal = game.legal_actions()
    noop = Action(ActionType.PLACE_PLAYER, 0, (12, 7))
    assert noop not in legal
    assert noop not in list(legal)
    before = game.state.key()
    with pytest.raises(IllegalActionError, match=r"already stands on \(12, 7\)"):
        game.step(noop)
    assert game.state.key() == before
    # everything else stays legal: free squares, swaps with a team-mate, reserves onto him
    assert Action(ActionType.PLACE_PLAYER, 0, (11, 7)) in legal
    assert Action(ActionType.PLACE_PLAYER, 0, (10, 7)) in legal
    assert Action(ActionType.PLACE_PLAYER, 2, (12, 7)) in legal
    first = legal.group(ActionType.PLACE_PLAYER)
    assert first is not None and set(first.players) >= {0, 1, 2}
    # every offered placement changes the position
    s = game.state
    for act in legal:
        pid = act.player
        if act.type == ActionType.PLACE_PLAYER and pid is not None and s.pos[pid] >= 0:
            assert s.board.xy(s.pos[pid]) != act.square


def test_setup_counts_count_what_the_rules_check() -> None:
    from nuffle.core.procedures.setup import setup_counts

    game = _setup_game()
    c = setup_counts(game.state, 0)
    assert (c.on_pitch, c.on_los, c.wide_top, c.wide_bottom) == (0, 0, 0, 0)
    assert (c.pitch_max, c.must_field, c.los_min, c.wide_max) == (11, 11, 3, 2)
    _place(game, 0, [*HOME_11[:8], (5, 0), (5, 1), (5, 12)])
    c = setup_counts(game.state, 0)
    assert (c.on_pitch, c.on_los, c.wide_top, c.wide_bottom) == (11, 3, 2, 1)
    game.step(Action(ActionType.END_SETUP))  # the counts are within the rules: the set-up ends
