"""Build mid-match positions for rule tests, with scripted dice.

    sc = Scenario(script=d6(3) + block(BlockFace.PUSHED))
    sc.put(0, (10, 7)); sc.put(11, (11, 7)); sc.give_ball(0)
    game = sc.start(active=0)          # a Turn of side 0, waiting for its first decision
    game.step(Action(ActionType.START_MOVE, 0))

Home players have ids 0..n-1 and away players follow, in team-file order (see
`nuffle/data/teams/*.json`). The match ends as soon as the scenario's turn ends.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from dataclasses import replace

from nuffle.core.board import board_for
from nuffle.core.dice import Dice, Outcome, ScriptedRoller
from nuffle.core.game import Game, MatchConfig
from nuffle.core.procedures.base import Procedure
from nuffle.core.procedures.match import Match
from nuffle.core.procedures.turn import Turn
from nuffle.core.skills import Skill
from nuffle.core.state import GameState, Options, PlayerInfo
from nuffle.core.teams import load_team
from nuffle.core.types import BallState, Status, Weather


class Scenario:
    """A position under construction: players, ball, weather, re-rolls, scripted dice."""

    def __init__(
        self,
        home: str = "human",
        away: str = "orc",
        board: int = 11,
        script: Iterable[tuple[Dice, Outcome]] = (),
        assisted_moves: bool = False,
    ) -> None:
        bd = board_for(board)
        specs = (load_team(home), load_team(away))
        info: list[PlayerInfo] = []
        for side, spec in enumerate(specs):
            for ps in spec.players[: bd.variant.roster_size]:
                p = ps.position
                info.append(
                    PlayerInfo(len(info), side, ps.number, ps.name, p.name, p.ma, p.st, p.ag, p.av, p.skills)
                )
        self.state = GameState.new(bd, specs, tuple(info), 1, Options(assisted_moves))
        self.state.half = 1
        self.roller = ScriptedRoller(script)
        self.config = MatchConfig(home, away, 0, board, "scripted", assisted_moves)

    def pid(self, side: int, position: str, nth: int = 0) -> int:
        """Id of the `nth` player of `side` with positional name `position`."""
        found = [p.pid for p in self.state.info if p.team == side and p.position == position]
        return found[nth]

    def grant(self, pid: int, *skills: Skill, **stats: int) -> Scenario:
        """Give player `pid` extra skills and/or changed stats (ma, st, ag, av) for this test."""
        s = self.state
        old = s.info[pid]
        new = replace(old, skills=old.skills | frozenset(skills), **stats)  # type: ignore[arg-type]
        s.info = (*s.info[:pid], new, *s.info[pid + 1:])
        return self

    def take(self, pid: int, *skills: Skill) -> Scenario:
        """Remove skills from player `pid` for this test."""
        s = self.state
        old = s.info[pid]
        s.info = (*s.info[:pid], replace(old, skills=old.skills - frozenset(skills)), *s.info[pid + 1:])
        return self

    def put(self, pid: int, square: tuple[int, int], status: Status = Status.STANDING) -> Scenario:
        """Place a player on the pitch."""
        s = self.state
        sq = s.board.sq(*square)
        if s.grid[sq] != -1:
            raise ValueError(f"square {square} is not an empty pitch square")
        s.place(pid, sq, status)
        return self

    def give_ball(self, pid: int) -> Scenario:
        """The player holds the ball."""
        self.state.ball = self.state.pos[pid]
        self.state.ball_state = BallState.CARRIED
        return self

    def ball_at(self, square: tuple[int, int]) -> Scenario:
        """The ball lies loose on a square."""
        self.state.ball = self.state.board.sq(*square)
        self.state.ball_state = BallState.ON_GROUND
        return self

    def set(self, weather: Weather | None = None, rerolls: tuple[int, int] | None = None,
            apothecaries: tuple[int, int] | None = None, turn: tuple[int, int] | None = None,
            kicking: int | None = None, bribes: tuple[int, int] | None = None) -> Scenario:
        """Adjust weather, team re-rolls, apothecaries, turn markers, kicking side or bribes."""
        s = self.state
        if weather is not None:
            s.weather = weather
        for side in (0, 1):
            t = s.teams[side]
            if rerolls is not None:
                t.rerolls = rerolls[side]
            if apothecaries is not None:
                t.apothecaries = apothecaries[side]
            if turn is not None:
                t.turn = turn[side]
            if bribes is not None:
                t.bribes = bribes[side]
        if kicking is not None:
            s.kicking = kicking
        return self

    def start(self, active: int = 0, proc: Procedure | None = None) -> Game:
        """Begin a turn of `active` (or run `proc`) and advance to the first decision."""
        end = Match()
        end.phase = 8
        self.state.stack = [end, proc if proc is not None else Turn(active)]
        return Game.from_state(self.state, self.config, self.roller)


def grant_random_skills(game: Game, pool: Sequence[Skill], k: int, seed: int) -> None:
    """Give every player of `game` (before it starts) `k` skills drawn from `pool`, seeded:
    random-play tests use it to meet rare skill combinations."""
    rng = random.Random(seed)
    s = game.state
    s.info = tuple(replace(p, skills=p.skills | frozenset(rng.sample(list(pool), k))) for p in s.info)


def midgame_states(seed: int, count: int, board: int = 11, every: int = 37,
                   min_on_pitch: int = 0) -> list[GameState]:
    """Copies of mid-game positions from a random Human v Orc game: after turn 3, with the
    active side to decide, sampled every `every` steps, at least `min_on_pitch` players on it."""
    from nuffle.agents.random_bot import RandomBot

    game = Game.new("human", "orc", seed=seed, board=board)
    bots = (RandomBot(seed), RandomBot(seed + 1))
    bots[0].new_game(game.view(), 0)
    bots[1].new_game(game.view(), 1)
    out: list[GameState] = []
    steps = 0
    while not game.is_over and len(out) < count and steps < 50_000:
        s = game.state
        if (steps % every == 0 and s.active >= 0 and s.teams[s.active].turn >= 3
                and s.decider == s.active
                and sum(1 for q in s.pos if q >= 0) >= min_on_pitch):
            out.append(s.copy())
        game.step(bots[game.decider].act(game.view()))
        steps += 1
    return out
