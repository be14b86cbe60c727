"""Helpers shared by the rule tests: driving a scripted match through the pre-match and set-up."""

from __future__ import annotations

from collections.abc import Iterable

from nuffle.core.actions import Action, ActionType
from nuffle.core.dice import Dice, Outcome, ScriptedRoller, coin, two_d6
from nuffle.core.game import Game
from nuffle.core.teams import TeamSpec
from nuffle.core.types import Status

Script = list[tuple[Dice, Outcome]]

# Home (defends x = 0) formation on the 11-player board: 3 on the LoS, none in the wide zones.
HOME_11 = [(12, 5), (12, 7), (12, 9), (10, 4), (10, 5), (10, 6), (10, 7), (10, 8), (10, 9),
           (10, 10), (7, 7)]


def mirror(square: tuple[int, int], width: int = 26) -> tuple[int, int]:
    """The same square seen from the other half."""
    return (width - 1 - square[0], square[1])


def pregame_script(weather: tuple[int, int] = (3, 4), winner: int = 0,
                   fans: tuple[tuple[int, int], tuple[int, int]] = ((3, 3), (3, 3))) -> Script:
    """Dice of the pre-match sequence: home fans, away fans, weather, coin toss."""
    return two_d6(*fans[0]) + two_d6(*fans[1]) + two_d6(*weather) + coin(winner)


def new_game(script: Iterable[tuple[Dice, Outcome]], home: str | TeamSpec = "human",
             away: str | TeamSpec = "orc", board: int = 11) -> tuple[Game, ScriptedRoller]:
    """A scripted match, advanced to its first decision."""
    roller = ScriptedRoller(script)
    return Game.new(home, away, board=board, roller=roller), roller


def set_up(game: Game, side: int, squares: list[tuple[int, int]] | None = None) -> list[int]:
    """Place `side`'s first available players on `squares` (default formation), end set-up."""
    s = game.state
    if squares is None:
        squares = HOME_11 if side == 0 else [mirror(q) for q in HOME_11]
    pids = [p for p in s.team_players(side) if s.status[p] == Status.RESERVE][: len(squares)]
    for pid, sq in zip(pids, squares, strict=True):
        game.step(Action(ActionType.PLACE_PLAYER, pid, sq))
    game.step(Action(ActionType.END_SETUP))
    return pids


def to_kickoff(kicking: int = 0, weather: tuple[int, int] = (3, 4),
               extra: Iterable[tuple[Dice, Outcome]] = (),
               fans: tuple[tuple[int, int], tuple[int, int]] = ((3, 3), (3, 3)),
               home: str | TeamSpec = "human") -> tuple[Game, ScriptedRoller]:
    """Drive a match to the kick-off's PLACE_BALL decision, with `kicking` kicking.

    The coin is won by home, who kicks or receives so that `kicking` kicks; both sides set up
    the default formation. `extra` dice are queued for what follows.
    """
    game, roller = new_game(pregame_script(weather=weather, fans=fans) + list(extra), home=home)
    game.step(Action(ActionType.KICK if kicking == 0 else ActionType.RECEIVE))
    set_up(game, kicking)
    set_up(game, 1 - kicking)
    return game, roller


def give_skills(sc: object, pid: int, *skills: object, **stats: int) -> None:
    """Give a scenario player extra skills or changed characteristics (e.g. Tackle, MA 2)."""
    from dataclasses import replace

    from nuffle.testing import Scenario

    assert isinstance(sc, Scenario)
    info = list(sc.state.info)
    p = info[pid]
    info[pid] = replace(p, skills=p.skills | frozenset(skills), **stats)  # type: ignore[arg-type]
    sc.state.info = tuple(info)
