"""Test support: mid-match positions with scripted dice (`Scenario`), matches scripted from the
pre-match on (`to_kickoff`), the default Human v Orc player ids, and checks on finished games.

    sc = Scenario(script=d6(3) + block(BlockFace.PUSHED))
    sc.put(0, (10, 7)); sc.put(11, (11, 7)); sc.give_ball(0)
    game = sc.start(active=0)          # a Turn of side 0, waiting for its first decision
    game.step(Action(ActionType.START_MOVE, 0))

Home players have ids 0..n-1 and away players follow, in team-file order (see
`nuffle/data/teams/*.json`). The match ends as soon as the scenario's turn ends.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import replace
from typing import Any

from nuffle.core.actions import Action, ActionChoice, ActionType
from nuffle.core.board import board_for
from nuffle.core.dice import Dice, Outcome, ScriptedRoller, coin, two_d6
from nuffle.core.engines import NATIVE, PYTHON, resolve_engine
from nuffle.core.errors import InputError
from nuffle.core.game import Game
from nuffle.core.match_config import MatchConfig
from nuffle.core.native_game import NativeGame
from nuffle.core.procedures.base import Procedure
from nuffle.core.procedures.match import Drive, DrivePhase, Half, HalfPhase, Match, MatchPhase
from nuffle.core.procedures.turn import Turn
from nuffle.core.ruleset import LRB6, Ruleset
from nuffle.core.skill_values import merged, player_values
from nuffle.core.skills import Skill
from nuffle.core.state import GameState, Options, PlayerInfo
from nuffle.core.teams import Inducements, TeamSpec
from nuffle.core.types import BallState, BlockFace, Status, Weather
from nuffle.random_player import midgame_states as midgame_states  # re-exported for tests
from nuffle.teams import load_team
from nuffle.teams_bb2020_match import default_match_team

# Player ids of the default Human v Orc match on the full board (team-file order).
BLITZER, THROWER, CATCHER, OGRE, BLITZER2, LINEMAN, CATCHER2, LINEMAN2, LINEMAN3 = range(9)
O_BLITZER, O_THROWER, O_GOBLIN, O_TROLL, O_BOB, O_LINE, O_BLITZER2, O_BOB2, O_GOBLIN2 = range(11, 20)
O_LINE2, O_LINE3, O_LINE4 = 20, 21, 22


# Block dice faces, as the block tests write them.
AD, BD, PU, DS, DD = (BlockFace.ATTACKER_DOWN, BlockFace.BOTH_DOWN, BlockFace.PUSHED,
                      BlockFace.DEFENDER_STUMBLES, BlockFace.DEFENDER_DOWN)


def do(game: Game, t: ActionType, player: int | None = None, square: tuple[int, int] | None = None) -> None:
    """Take one decision: `Action(t, player, square)`."""
    game.step(Action(t, player, square))


def move(game: Game, *squares: tuple[int, int]) -> None:
    """The acting player steps onto each of `squares` in turn."""
    for sq in squares:
        game.step(Action(ActionType.MOVE, None, sq))


def xy(game: Game, pid: int) -> tuple[int, int]:
    """Where player `pid` stands, as (x, y)."""
    return game.state.board.xy(game.state.pos[pid])


def legal_types(game: Game) -> set[ActionType]:
    """The types of the legal actions now."""
    return set(game.legal_actions().types())


def legal_group(game: Game, t: ActionType) -> ActionChoice:
    """The legal actions of type `t` now; AssertionError if there are none."""
    found = game.legal_actions().group(t)
    if found is None:
        raise AssertionError(f"{t.name} is not legal now (legal: {game.legal_actions().types()})")
    return found


def roller_of(game: Game) -> ScriptedRoller:
    """The scripted roller of a scenario's game (e.g. `assert not roller_of(game).queue`: every
    scripted die was used)."""
    if not isinstance(game.roller, ScriptedRoller):
        raise AssertionError(f"the game's roller is a {type(game.roller).__name__}, not scripted")
    return game.roller


def blitzer_scenario(engine: str, rules: Ruleset,
                     script: list[tuple[Dice, Outcome]]) -> tuple[Scenario, int, tuple[int, int]]:
    """Human v Orc (BB2020's suggested teams under a ruleset other than LRB6), two team re-rolls
    each: the home Blitzer (no Dodge) and two opposing blockers (BB2020: Big Un Blockers; LRB6:
    Linemen). Returns the scenario, the Blitzer and the two blockers."""
    bb = rules is not LRB6
    home, away = (bb2020_team("human"), bb2020_team("orc")) if bb else ("human", "orc")
    sc = Scenario(home, away, script=script, engine=engine, rules=rules)
    sc.set(rerolls=(2, 2))
    lineman = "Big Un Blocker" if bb else "Lineman"
    return sc, sc.pid(0, "Blitzer"), (sc.pid(1, lineman), sc.pid(1, lineman, 1))


#: The squares of `foul_scenario`: the fouler, his prone victim, a team-mate next to the victim
#: and the opponent marking that team-mate from below.
FOUL_SQUARES = ((10, 7), (11, 7), (11, 8), (11, 9))


def foul_scenario(engine: str, script: list[tuple[Dice, Outcome]], rules: Ruleset = LRB6,
                  bribes: int = 0, victim: Status = Status.PRONE) -> tuple[Scenario, int, int, int, int]:
    """A foul about to be made, Human v Orc (BB2020's teams under a ruleset other than LRB6): a
    Blitzer (the fouler) next to a prone Orc (AV 10+ under BB2020: a Big Un Blocker; LRB6: a
    Lineman, AV 9, so both break on 10+), a second Blitzer next to the victim and marked by a
    second Orc standing below him (`FOUL_SQUARES`). No re-rolls; the home team has `bribes`.
    `victim` is the victim's status (STANDING: a block about to be made, nobody assisting).
    Returns the scenario and the fouler, victim, helper and marker ids."""
    bb = rules is not LRB6
    home, away = (bb2020_team("human"), bb2020_team("orc")) if bb else ("human", "orc")
    sc = Scenario(home, away, script=script, engine=engine, rules=rules)
    sc.set(rerolls=(0, 0), bribes=(bribes, 0))
    victim_pos = "Big Un Blocker" if bb else "Lineman"
    fouler, helper = sc.pid(0, "Blitzer"), sc.pid(0, "Blitzer", 1)
    down, marker = sc.pid(1, victim_pos), sc.pid(1, victim_pos, 1)
    at, victim_sq, helper_sq, marker_sq = FOUL_SQUARES
    sc.put(fouler, at).put(down, victim_sq, victim).put(helper, helper_sq).put(marker, marker_sq)
    return sc, fouler, down, helper, marker


def foul(game: Game, fouler: int, square: tuple[int, int]) -> None:
    """`fouler` declares a Foul and fouls the player on the adjacent `square`."""
    game.step(Action(ActionType.START_FOUL, fouler))
    game.step(Action(ActionType.FOUL, None, square))


def check_finished(game: Game) -> None:
    """Raise AssertionError unless `game` ended properly: over, after both halves, its score
    equal to the touchdowns its box score counts, and its winner the side ahead."""
    s = game.state
    if not game.is_over:
        raise AssertionError(f"the game is not over ({game.decider} decides)")
    if s.half != 2:
        raise AssertionError(f"the game ended in half {s.half}")
    box = game.box_score()
    score = (s.teams[0].score, s.teams[1].score)
    tds = (box["home"]["touchdowns"], box["away"]["touchdowns"])
    if score != tds:
        raise AssertionError(f"score {score} but the box score counts touchdowns {tds}")
    ahead = None if score[0] == score[1] else ("home" if score[0] > score[1] else "away")
    if game.result.winner != ahead:
        raise AssertionError(f"score {score} but the winner is {game.result.winner}")


def bb2020_team(race: str, positions: Mapping[int, str] | None = None) -> TeamSpec:
    """The suggested BB2020 team of `race` as the engines play it (a BB2020 skill the engines do
    not implement yet stays on its players, inert: `teams_bb2020_match.match_team`); with
    `positions`, the players at those indexes play those positionals of the roster instead."""
    if not positions:
        return default_match_team(race)
    from nuffle.teams_bb2020 import check_team, suggest_team
    from nuffle.teams_bb2020_match import match_team

    raw = suggest_team(race)
    for i, name in positions.items():
        raw["players"][i]["position"] = name
    return match_team(check_team(raw, treasury=2_000_000), allow_missing=True).spec


def bb2020_scenario(home: str = "human", away: str = "orc", script: Iterable[tuple[Dice, Outcome]] = (),
                    engine: str | None = None) -> Scenario:
    """A `Scenario` of the suggested BB2020 teams of races `home` and `away` under the BB2020
    draft (`ruleset.draft_ruleset`), no team re-rolls."""
    from nuffle.core.ruleset import draft_ruleset

    sc = Scenario(bb2020_team(home), bb2020_team(away), script=script, engine=engine,
                  rules=draft_ruleset("bb2020"))
    return sc.set(rerolls=(0, 0))


def prayer_scenario(engine: str, side: int, prayer: str, squares: Sequence[tuple[int, int]], loner: int = 0,
                    script: Iterable[tuple[Dice, Outcome]] = ()) -> tuple[Scenario, list[int]]:
    """BB2020's Human (home) and Orc teams with the first home players on `squares`, the first
    `loner` of them given Loner, and `prayer` in effect for `side`: a prayer that marks players
    about to pick them. Returns the scenario and those home players."""
    from nuffle.core.ruleset import draft_ruleset

    sc = Scenario(bb2020_team("human"), bb2020_team("orc"), script=list(script), engine=engine,
                  rules=draft_ruleset("bb2020"))
    home = list(sc.state.team_players(0))[: len(squares)]
    for pid, sq in zip(home, squares, strict=True):
        sc.put(pid, sq)
    for pid in home[:loner]:
        sc.grant(pid, Skill.LONER)
    sc.pray(side, prayer)
    return sc, home


class Scenario:
    """A position under construction: players, ball, weather, re-rolls, scripted dice."""

    def __init__(
        self,
        home: str | TeamSpec = "human",
        away: str | TeamSpec = "orc",
        board: int = 11,
        script: Iterable[tuple[Dice, Outcome]] = (),
        assisted_moves: bool = False,
        engine: str | None = None,
        rules: Ruleset = LRB6,
    ) -> None:
        """`engine` runs the game `start` builds: 'python' or 'native' (default:
        `NUFFLE_ENGINE`, else 'python'); `home` and `away` are race keys or team specs;
        `rules` the ruleset played (a draft from `ruleset.draft_ruleset`)."""
        self.engine = resolve_engine(engine)
        bd = board_for(board)
        specs = tuple(t if isinstance(t, TeamSpec) else load_team(t) for t in (home, away))
        info: list[PlayerInfo] = []
        for side, spec in enumerate(specs):
            for i, ps in enumerate(spec.players[: bd.variant.roster_size]):
                p = ps.position
                info.append(
                    PlayerInfo(len(info), side, ps.number, ps.name, p.name, p.ma, p.st, p.ag, p.av, p.skills,
                               pa=p.pa, values=player_values(spec, i))
                )
        self.state = GameState.new(bd, (specs[0], specs[1]), tuple(info), 1, Options(assisted_moves), rules)
        self.state.half = 1
        self.roller = ScriptedRoller(script)
        names = [t if isinstance(t, str) else spec.race for t, spec in zip((home, away), specs, strict=True)]
        self.config = MatchConfig(names[0], names[1], 0, board, "scripted", assisted_moves,
                                  ruleset=rules.name)

    def pid(self, side: int, position: str, nth: int = 0) -> int:
        """Id of the `nth` player of `side` with positional name `position`."""
        found = [p.pid for p in self.state.info if p.team == side and p.position == position]
        return found[nth]

    def grant(self, pid: int, *skills: Skill, **stats: int) -> Scenario:
        """Give player `pid` extra skills and/or changed stats (ma, st, ag, av) for this test."""
        s = self.state
        old = s.info[pid]
        new = replace(old, skills=s.rules.skill_set(old.skills | frozenset(skills)), **stats)  # type: ignore[arg-type]
        s.info = (*s.info[:pid], new, *s.info[pid + 1:])
        return self

    def value(self, pid: int, values: Mapping[Skill, int]) -> Scenario:
        """Give player `pid` these skill values (`skill_values`: Loner (3+) as {Skill.LONER: 3})."""
        s = self.state
        old = s.info[pid]
        s.info = (*s.info[:pid], replace(old, values=merged(old.values, dict(values))), *s.info[pid + 1:])
        return self

    def take(self, pid: int, *skills: Skill) -> Scenario:
        """Remove skills from player `pid` for this test."""
        s = self.state
        old = s.info[pid]
        s.info = (*s.info[:pid], replace(old, skills=s.rules.skill_set(old.skills - frozenset(skills))),
                  *s.info[pid + 1:])
        return self

    def put(self, pid: int, square: tuple[int, int], status: Status = Status.STANDING) -> Scenario:
        """Place a player on the pitch."""
        s = self.state
        sq = s.board.sq(*square)
        if s.grid[sq] != -1:
            raise InputError(f"square {square} is not an empty pitch square")
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

    def pray(self, side: int, *names: str) -> Scenario:
        """Put BB2020 prayers (by name, `Ruleset.prayers`) in effect for `side`."""
        t = self.state.teams[side]
        for name in names:
            b = 1 << (self.state.rules.prayer_number(name) - 1)
            t.prayers |= b
            t.prayed |= b
        return self

    def induce(self, side: int, inducements: Inducements) -> Scenario:
        """`side`'s team sheet induced `inducements` (read where the match reads them: the
        start of the match or half, KO recovery)."""
        specs = list(self.state.specs)
        specs[side] = replace(specs[side], inducements=inducements)
        self.state.specs = (specs[0], specs[1])
        return self

    def start(self, active: int = 0, proc: Procedure | None = None, drive: bool = False) -> Game:
        """Begin a turn of `active` (or run `proc`) and advance to the first decision. With
        `drive` the turn is one of a drive of the second half, so the other side's turn
        follows it (for play that goes on past the turn); otherwise the match ends with it."""
        end = Match()
        end.phase = MatchPhase.OVER
        stack: list[Procedure] = [end]
        if drive:
            self.state.half = 2
            half = Half()
            half.phase = HalfPhase.DRIVE_ENDED
            play = Drive()
            play.phase = DrivePhase.TURNS
            play.next_side = 1 - active
            stack += [half, play]
        self.state.stack = [*stack, proc if proc is not None else Turn(active)]
        return Game.from_state(self.state, self.config, self.roller, self.engine)


@contextmanager
def skills_consulted() -> Iterator[set[Skill]]:
    """Within the block, note every skill whose handler the rules call (at any hook point):
    random-play tests use it to check that the skills they hand out were exercised."""
    from nuffle.core.hooks import points

    seen: set[Skill] = set()
    saved: list[tuple[Any, Skill, Any]] = []

    def spy(skill: Skill, fn: Any) -> Any:
        def call(*args: Any) -> Any:
            seen.add(skill)
            return fn(*args)

        return call

    for point in points().values():
        for skill, fn in list(point.handlers.items()):
            saved.append((point, skill, fn))
            point.handlers[skill] = spy(skill, fn)
        point._cache.clear()
        point._holders = None
    try:
        yield seen
    finally:
        for point, skill, fn in saved:
            point.handlers[skill] = fn
            point._cache.clear()
            point._holders = None


def random_skill_games(seeds: Iterable[int], grant: Callable[[Game, int], None],
                       board: int | Callable[[int], int] = 11) -> set[Skill]:
    """Play a seeded random Human v Orc game per seed, with invariants checked after every step
    (`nuffle.conformance.play_checked`); `grant(game, seed)` hands out skills before it starts.
    Returns the skills whose rules the Python engine consulted. Where `NUFFLE_ENGINE=native`,
    each game is played on the native engine as well, and both must end alike (history and
    final position)."""
    from nuffle.conformance import play_checked

    with skills_consulted() as seen:
        for seed in seeds:
            size = board(seed) if callable(board) else board
            game = Game.new("human", "orc", seed=seed, board=size, engine=PYTHON)
            grant(game, seed)  # changes the Python state: a native twin continues from it
            twin = on_engine(game)
            play_checked(game, seed)
            if twin is not game:
                play_checked(twin, seed)
                if twin.history != game.history or twin.state != game.state:
                    raise AssertionError(f"seed {seed}: the native game ended unlike the Python one")
    return seen


@contextmanager
def edit(game: Game) -> Iterator[GameState]:
    """Change a game's position in place, on either engine: `with edit(game) as s: s.status[p] =
    Status.KO`. A Python game's state is changed directly; a native game's (read-only) is
    copied, and the game takes the changed copy when the block ends (`NativeGame.reload`)."""
    native = isinstance(game, NativeGame)
    s = game.state.copy() if native else game.state  # a native game's state is read-only
    yield s
    if isinstance(game, NativeGame):
        game.reload(s)
    else:
        game._legal = None  # the legal actions are listed again from the changed position


def on_engine(game: Game, engine: str | None = None) -> Game:
    """`game` (a Python game, e.g. one whose players a test changed before it started) on
    `engine` (default: `NUFFLE_ENGINE`): itself for the Python engine, else a native game
    continuing from its position with its roller."""
    if resolve_engine(engine) == PYTHON or game.engine != PYTHON:
        return game
    native = Game.from_state(game.state.copy(), game.config, game.roller.copy(), NATIVE)
    native.history = game.history.copy()
    return native


def slow_except(values: Iterable[Any], quick: Iterable[Any]) -> list[Any]:
    """`values` as pytest parameters, those not in `quick` marked slow: a parametrized check
    keeps a few cases in the fast loop (`pytest -m "not slow"`) and runs them all in CI."""
    import pytest

    keep = set(quick)
    return [v if v in keep else pytest.param(v, marks=pytest.mark.slow) for v in values]


def grant_random_skills(game: Game, pool: Sequence[Skill], k: int, seed: int) -> None:
    """Give every player of `game` (before it starts) `k` skills drawn from `pool`, seeded:
    random-play tests use it to meet rare skill combinations."""
    rng = random.Random(seed)
    s = game.state.copy() if isinstance(game, NativeGame) else game.state  # native: read-only
    s.info = tuple(replace(p, skills=s.rules.skill_set(p.skills | frozenset(rng.sample(list(pool), k))))
                   for p in s.info)
    if isinstance(game, NativeGame):
        game.reload(s)  # a native game's state is a snapshot: the engine takes the change


# --- a scripted match from the start: pre-match, set-up, kick-off --------------------------------

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


def ttm_scenario(engine: str | None, script: Iterable[tuple[Dice, Outcome]],
                 thrower_at: tuple[int, int] = (10, 7), thrown_at: tuple[int, int] = (10, 8),
                 ball: bool = False, st: int = 5, thrower_skills: tuple[Skill, ...] = (),
                 thrown_skills: tuple[Skill, ...] = (), skill: Skill = Skill.THROW_TEAM_MATE,
                 **stats: int) -> tuple[Scenario, int, int]:
    """A BB2020 Throw Team-mate position: the Human Blitzer given Throw Team-mate (or `skill`:
    Kick Team-mate), ST `st` (PA 4+) and `stats`, next to the Halfling Hopeful (ST 2, AG 3+,
    Right Stuff), who holds the ball if `ball`; no team re-rolls; Orcs as the other side.
    Returns (scenario, thrower, thrown)."""
    from nuffle.core.ruleset import draft_ruleset

    sc = Scenario(bb2020_team("human"), bb2020_team("orc"), script=script, engine=engine,
                  rules=draft_ruleset("bb2020"))
    sc.set(rerolls=(0, 0))
    thrower, thrown = sc.pid(0, "Blitzer"), sc.pid(0, "Halfling Hopeful")
    sc.grant(thrower, skill, *thrower_skills, st=st, **stats).put(thrower, thrower_at)
    sc.grant(thrown, *thrown_skills).put(thrown, thrown_at)
    if ball:
        sc.give_ball(thrown)
    return sc, thrower, thrown


def throw_team_mate(sc: Scenario, thrower: int, thrown: int, target: tuple[int, int]) -> Game:
    """Start `sc`'s turn (side 0) and have `thrower` throw `thrown` to `target`."""
    game = sc.start(active=0)
    game.step(Action(ActionType.START_THROW_TEAM_MATE, thrower))
    game.step(Action(ActionType.THROW_TEAM_MATE, thrown, target))
    return game


def at_kickoff(sc: Scenario, kicking: int = 0) -> Game:
    """`sc`'s drive once both teams have set up: each side's first 11 players in the default
    formation (HOME_11, mirrored for away), `kicking` kicking; the drive goes on from its
    kick-off (the AFTER_SETUPS skills, BB2020's Swarming, then the Kickoff)."""
    s = sc.state
    for side in (0, 1):
        squares = HOME_11 if side == 0 else [mirror(q) for q in HOME_11]
        for pid, sq in zip(list(s.team_players(side))[: len(squares)], squares, strict=False):
            sc.put(pid, sq)
    sc.set(kicking=kicking)
    drive = Drive()
    drive.phase = DrivePhase.KICKOFF
    return sc.start(proc=drive)


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
