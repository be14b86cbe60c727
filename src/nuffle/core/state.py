"""The game state as plain data: per-player arrays, team counters, ball, stack and RNG.

Players are ids into parallel lists (`pos`, `status`, `pflags`); static player data lives in
`PlayerInfo` records shared between clones. `copy()` duplicates only mutable parts; the match
records that change rarely (`stats`, `pstats`) are tuples, replaced when they change, so clones
share them.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any, Final

from nuffle.core.board import EMPTY, Board
from nuffle.core.dice import Chance, Outcome
from nuffle.core.ruleset import LRB6, Ruleset
from nuffle.core.skills import Skill
from nuffle.core.teams import TeamSpec, keywords
from nuffle.core.types import CHANCE, HOME, PF, RUNNING, BallState, PFlag, Status, Weather

# Enum members the hot code reads, bound once as module globals: on Python 3.11 reading a
# member off its enum class costs about ten times a global (the enum metaclass's
# `__getattr__` hook slows every attribute read on the class).
_BALL_CARRIED: Final = BallState.CARRIED
_BALL_NONE: Final = BallState.NONE
_RESERVE: Final = Status.RESERVE
_STANDING: Final = Status.STANDING
_STUNNED: Final = Status.STUNNED

if TYPE_CHECKING:
    from nuffle.core.procedures.base import Procedure

# Per-half statistics kept for each team.
STAT_TD, STAT_CAS, STAT_KO, STAT_TURNOVERS = 0, 1, 2, 3
STAT_NAMES = ("touchdowns", "casualties", "knockouts", "turnovers")
# Match totals kept after the two halves' statistics (index into a team's `stats` list).
STAT_ROTTED = 8  # opponents killed by this team's Nurgle's Rot players (new Rotters, league)
# Per-player match record (`GameState.pstats`, PSTATS ints per player): what a league reads after
# the match (SPP events, the casualty results the player suffered; 0 = none). A tuple shared by
# clones and replaced when it changes (it changes rarely; a clone must stay cheap).
PSTAT_COMPLETIONS, PSTAT_TOUCHDOWNS, PSTAT_CASUALTIES, PSTAT_INTERCEPTIONS = 0, 1, 2, 3
PSTAT_INJURY, PSTAT_INJURY2 = 4, 5
PSTAT_DEFLECTIONS = 6  # BB2020: passes deflected by Passing Interference and not caught (RULES §16.1)
# BB2020: the events a prayer in effect for his team made worth more SPP (TABLES §12; the
# post-game's `postgame.json` "prayers" prices them): completions under Perfect Passing, his
# Block casualties under Necessary Violence, opponents he pushed into the crowd and made
# casualties under Fan Interaction, casualties his fouls caused under Fouling Frenzy.
PSTAT_PERFECT_PASSING, PSTAT_NECESSARY_VIOLENCE, PSTAT_FAN_INTERACTION, PSTAT_FOULING_FRENZY = 7, 8, 9, 10
PSTATS = 11
#: Intensive Training's bit in `PlayerInfo.marks` (procedures/prayers.py MARK_BITS; its key adds the skills).
TRAINING_MARK: Final = 2
#: The per-player record lengths of positions written before later counts were added (the
#: missing counts read as 0): six before deflections, seven before the prayers' counts.
OLD_PSTATS = (6, 7)
PSTAT_NAMES = ("completions", "touchdowns", "casualties", "interceptions", "injury", "injury2", "deflections",
               "perfect_passing", "necessary_violence", "fan_interaction", "fouling_frenzy")


@dataclass(frozen=True, slots=True)
class PlayerInfo:
    """Static data of one player in this match."""

    pid: int
    team: int
    number: int
    name: str
    position: str
    ma: int
    st: int
    ag: int
    av: int
    skills: frozenset[Skill]
    niggles: int = 0  # niggling injuries: +1 each to his injury rolls
    pa: int = 0  # BB2020's Passing Ability, the X of "X+"; 0: none (LRB6, or PA "-")
    # his skills' values that differ from their defaults, (skill, value) in skill order
    # (BB2020's Loner (3+), Mighty Blow (+2), ...; `skill_values`)
    values: tuple[tuple[Skill, int], ...] = ()
    # BB2020: bit n-1 for each prayer n whose gift he has now (procedures/prayers.py: the
    # skills and characteristics above include it)
    marks: int = 0


@dataclass(frozen=True, slots=True)
class Options:
    """Engine options chosen at `Game.new` (shared, never changed during a match)."""

    # A move, blitz, hand-off or foul may target a non-adjacent square; the engine then walks
    # the safest path step by step (see `PlayerAction`).
    assisted_moves: bool = False


#: What `GameState.key` appends for the assisted-moves option (off, on).
_ASSISTED_KEY: tuple[tuple[str, ...], tuple[str, ...]] = ((), ("assisted_moves",))


class TeamState:
    """Mutable per-team counters."""

    __slots__ = (
        "apothecaries",
        "blitz_used",
        "bonus_reroll",
        "bribes",
        "coach_ejected",
        "drive_reroll",
        "fame",
        "foul_used",
        "handoff_used",
        "igor",
        "ktm_used",
        "pass_used",
        "prayed",
        "prayers",
        "reroll_used",
        "rerolls",
        "score",
        "turn",
        "weather_mage",
        "wizard",
    )

    def __init__(self) -> None:
        self.rerolls = 0
        self.bonus_reroll = 0  # the half's Leader re-roll (usable while a Leader is on the pitch)
        self.reroll_used = False
        self.turn = 0
        self.score = 0
        self.bribes = 0
        self.apothecaries = 0
        self.fame = 0
        self.blitz_used = False
        self.pass_used = False
        self.handoff_used = False
        self.foul_used = False
        self.ktm_used = False  # BB2020: the turn's Kick Team-mate (its own allowance, RULES §7.2)
        self.igor = 0  # an induced Igor's re-roll of a failed Regeneration roll, once a match
        self.wizard = 0  # an induced Wizard's spell, once a match
        self.weather_mage = 0  # BB2020: an induced Weather Mage's change, once a match (weather_mage.py)
        self.coach_ejected = False  # BB2020: the head coach was ejected (Argue the Call rolled a 1)
        # BB2020 Prayers to Nuffle (procedures/prayers.py): bit n-1 for the table's result n,
        # those in effect and every one this match has given the team (for the league).
        self.prayers = 0
        self.prayed = 0
        # BB2020 Brilliant Coaching: 1 + the re-rolls held before the drive's extra one (the
        # drive's end keeps at most those), 0 when the team has no re-roll for the drive only.
        self.drive_reroll = 0

    def copy(self) -> TeamState:
        """An independent copy."""
        t = TeamState.__new__(TeamState)
        t.rerolls = self.rerolls
        t.bonus_reroll = self.bonus_reroll
        t.reroll_used = self.reroll_used
        t.turn = self.turn
        t.score = self.score
        t.bribes = self.bribes
        t.apothecaries = self.apothecaries
        t.fame = self.fame
        t.blitz_used = self.blitz_used
        t.pass_used = self.pass_used
        t.handoff_used = self.handoff_used
        t.foul_used = self.foul_used
        t.ktm_used = self.ktm_used
        t.igor = self.igor
        t.wizard = self.wizard
        t.weather_mage = self.weather_mage
        t.coach_ejected = self.coach_ejected
        t.prayers = self.prayers
        t.prayed = self.prayed
        t.drive_reroll = self.drive_reroll
        return t

    def key(self) -> tuple[int | bool, ...]:
        """All values, for equality and hashing."""
        return (
            self.rerolls,
            self.bonus_reroll,
            self.reroll_used,
            self.turn,
            self.score,
            self.bribes,
            self.apothecaries,
            self.fame,
            self.blitz_used,
            self.pass_used,
            self.handoff_used,
            self.foul_used,
        ) + (  # games without Igor, a Wizard or an ejected coach keep their earlier keys
            (self.igor, self.wizard, True) if self.coach_ejected
            else (self.igor, self.wizard) if self.wizard else (self.igor,) if self.igor else ()
        ) + (  # nor do games without prayers or a Brilliant Coaching re-roll (BB2020)
            (self.igor, self.wizard, self.prayers, self.prayed, self.drive_reroll)
            if self.prayed or self.drive_reroll else ()
        ) + ((-2, self.weather_mage) if self.weather_mage else ()  # nor without a Weather Mage
             ) + ((-1,) if self.ktm_used else ())  # a Kick Team-mate this turn (BB2020; -1, -2: no counts)


class GameState:
    """Everything that defines a match position. Procedures read and write it directly."""

    __slots__ = (
        "active",
        "ball",
        "ball_state",
        "board",
        "crowd",
        "decider",
        "extra_moves",
        "fans",
        "first_kicker",
        "grid",
        "half",
        "info",
        "kicking",
        "last_die",
        "last_square",
        "log",
        "ok",
        "options",
        "outcome",
        "pending",
        "pflags",
        "pos",
        "pstats",
        "pteam",
        "ranges",
        "reactor",
        "rng",
        "rules",
        "shared",
        "specs",
        "square",
        "stack",
        "stats",
        "status",
        "teams",
        "touchdown",
        "turnover",
        "waiting",
        "weather",
    )

    board: Board
    info: tuple[PlayerInfo, ...]
    options: Options
    rules: Ruleset
    pteam: tuple[int, ...]
    ranges: tuple[range, range]
    specs: tuple[TeamSpec, TeamSpec]
    grid: list[int]
    pos: list[int]
    status: list[int]
    pflags: list[int]
    teams: list[TeamState]
    ball: int
    ball_state: int
    weather: int
    half: int
    first_kicker: int
    kicking: int
    active: int
    stack: list[Procedure]
    shared: int  # stack frames below this index may be shared with clones (copy on write)
    rng: int
    decider: int
    waiting: int  # the DecisionKind of the decision `decider` is asked (when a side decides)
    pending: Chance | None
    outcome: Outcome
    # Hand-over values: what a child procedure that just ended tells its parent (cleared
    # whenever the engine stops, like `outcome`, so equal positions compare equal).
    ok: bool  # its yes/no answer: a roll succeeded, or the step a hook interrupted goes on
    last_die: int  # the final die of a player roll
    reactor: int  # the opponent who reacted (a Reaction's choice, a Diving Tackle), or -1
    square: int  # a square it chose (a new pass target, where a Swoop comes down), or -1
    last_square: int  # the last on-pitch square a flight passed over (Swoop), or -1
    extra_moves: int  # squares of movement a block's follow-on blocks used (Frenzy on a Blitz)
    turnover: bool
    touchdown: int
    stats: tuple[tuple[int, ...], tuple[int, ...]]  # per team (see STAT_*); `add_stat` changes it
    pstats: tuple[int, ...]  # PSTATS per player (see PSTAT_*); not part of key()
    fans: tuple[int, int]  # LRB6: fans in thousands (2D6 + Fan Factor); BB2020: the Fan Factor; not in key()
    crowd: list[int]
    log: list[tuple[int, int, int, int]]

    @staticmethod
    def new(
        board: Board,
        specs: tuple[TeamSpec, TeamSpec],
        info: tuple[PlayerInfo, ...],
        rng: int,
        options: Options | None = None,
        rules: Ruleset = LRB6,
    ) -> GameState:
        """A fresh pre-match state with every player in reserves, played under `rules` (the
        players' skill sets become the ruleset's, see `Ruleset.skill_set`)."""
        s = GameState.__new__(GameState)
        s.board = board
        s.options = options or Options()
        s.rules = rules
        s.specs = specs
        if rules.handlers:
            info = tuple(replace(p, skills=rules.skill_set(p.skills)) for p in info)
        s.info = info
        s.pteam = tuple(p.team for p in info)
        n_home = s.pteam.count(0)
        s.ranges = (range(0, n_home), range(n_home, len(info)))
        s.grid = list(board.template)
        n = len(info)
        s.pos = [-1] * n
        s.status = [int(_RESERVE)] * n
        s.pflags = [0] * n
        s.teams = [TeamState(), TeamState()]
        s.ball = -1
        s.ball_state = _BALL_NONE
        s.weather = Weather.NICE
        s.half = 0
        s.first_kicker = HOME
        s.kicking = HOME
        s.active = HOME
        s.stack = []
        s.shared = 0
        s.rng = rng
        s.decider = RUNNING
        s.waiting = 0
        s.pending = None
        s.outcome = 0
        s.ok = False
        s.last_die = 0
        s.reactor = -1
        s.square = -1
        s.last_square = -1
        s.extra_moves = 0
        s.turnover = False
        s.touchdown = -1
        s.stats = ((0,) * 9, (0,) * 9)
        s.pstats = (0,) * (PSTATS * n)
        s.fans = (0, 0)
        s.crowd = []
        s.log = []
        return s

    def copy(self) -> GameState:
        """An exact, independent copy (shares only immutable data)."""
        c = GameState.__new__(GameState)
        c.board = self.board
        c.options = self.options
        c.rules = self.rules
        c.specs = self.specs
        c.info = self.info
        c.pteam = self.pteam
        c.ranges = self.ranges
        c.grid = self.grid.copy()
        c.pos = self.pos.copy()
        c.status = self.status.copy()
        c.pflags = self.pflags.copy()
        c.teams = [self.teams[0].copy(), self.teams[1].copy()]
        c.ball = self.ball
        c.ball_state = self.ball_state
        c.weather = self.weather
        c.half = self.half
        c.first_kicker = self.first_kicker
        c.kicking = self.kicking
        c.active = self.active
        # Frames are shared copy-on-write: whoever next changes one copies it first (`top`).
        c.stack = self.stack.copy()
        c.shared = self.shared = len(self.stack)
        c.rng = self.rng
        c.decider = self.decider
        c.waiting = self.waiting
        c.pending = self.pending
        c.outcome = self.outcome
        c.ok = self.ok
        c.last_die = self.last_die
        c.reactor = self.reactor
        c.square = self.square
        c.last_square = self.last_square
        c.extra_moves = self.extra_moves
        c.turnover = self.turnover
        c.touchdown = self.touchdown
        c.stats = self.stats  # immutable: shared
        c.pstats = self.pstats
        c.fans = self.fans
        c.crowd = self.crowd.copy()
        c.log = self.log.copy()
        return c

    def key(self) -> tuple[object, ...]:
        """Canonical contents: equal states have equal keys (and hashes). For positions where
        the engine stopped: `reactor`, `square`, `last_square` and `extra_moves` are left out.
        The assisted-moves option counts (it changes the legal actions): a match with it ends
        its key with one marker, so a key without it (and its record fingerprint) is unchanged."""
        home, away = self.teams
        return (
            tuple(self.grid),
            tuple(self.pos),
            tuple(self.status),
            tuple(self.pflags),
            home.key(),
            away.key(),
            self.ball,
            self.ball_state,
            self.weather,
            self.half,
            self.first_kicker,
            self.kicking,
            self.active,
            tuple([p.key() for p in self.stack]),
            self.rng,
            self.decider,
            self.pending,
            self.outcome,
            # The hand-over fields are at their defaults whenever the engine stops; these two
            # stand where the integer registers stood, so record fingerprints (a digest of
            # the key) stay valid.
            int(self.ok),
            self.last_die,
            self.turnover,
            self.touchdown,
            tuple(self.stats[0]),
            tuple(self.stats[1]),
            tuple(self.crowd),
        ) + _ASSISTED_KEY[self.options.assisted_moves] + (
            self._marks() if home.prayed or away.prayed or self.rules.wizard == "zap" else ())

    def _marks(self) -> tuple[tuple[Any, ...], ...]:
        """The players' marks (a prayer's gift, a frog) for `key` (BB2020), nothing while no
        player has one; with Intensive Training's (whose skill the mark does not tell) the
        trained players' skills."""
        marks = tuple(p.marks for p in self.info)
        if not any(marks):
            return ()
        trained = tuple(tuple(sorted(p.skills)) for p in self.info if p.marks & TRAINING_MARK)
        return (marks, trained) if trained else (marks,)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, GameState) and self.key() == other.key()

    def __hash__(self) -> int:
        return hash(self.key())

    # --- engine plumbing used by procedures ------------------------------------------------

    def top(self) -> Procedure:
        """The top procedure, made private to this state before it changes (copy on write)."""
        stack = self.stack
        i = len(stack) - 1
        if i < self.shared:
            stack[i] = stack[i].copy()
            self.shared = i
        return stack[i]

    def push(self, proc: Procedure) -> None:
        """Put a child procedure on top of the stack; it runs next."""
        self.stack.append(proc)

    def pop(self) -> None:
        """Remove the top procedure (it is finished)."""
        self.stack.pop()

    def request(self, event: Chance) -> None:
        """Ask for a chance event; its outcome is in `self.outcome` when the caller runs again."""
        self.pending = event
        self.decider = CHANCE

    def die(self) -> int:
        """The last chance outcome as a single die value."""
        out = self.outcome
        assert isinstance(out, int)
        return out

    def dice(self) -> tuple[int, ...]:
        """The last chance outcome as a tuple of dice (a 2D6 pair or block faces)."""
        out = self.outcome
        assert isinstance(out, tuple)
        return out

    def wait(self, side: int, kind: int) -> None:
        """Wait for a decision of `side`; `kind` is its `DecisionKind` (see core/decision.py)."""
        self.decider = side
        self.waiting = kind

    # --- board queries ---------------------------------------------------------------------

    def has(self, pid: int, skill: Skill) -> bool:
        """Whether player `pid` has `skill`."""
        return skill in self.info[pid].skills

    def flags(self, pid: int) -> PFlag:
        """Player `pid`'s flags, as the named `PFlag` (the engine keeps plain ints in `pflags`)."""
        return PFlag(self.pflags[pid])

    def exerts_tz(self, pid: int) -> bool:
        """Whether the player exerts a tackle zone (standing, not distracted)."""
        return self.status[pid] == _STANDING and not self.pflags[pid] & PF.NO_TZ

    def tackle_zones(self, sq: int, side: int) -> int:
        """Number of players opposing `side` whose tackle zones cover `sq`."""
        grid = self.grid
        pteam = self.pteam
        status = self.status
        pflags = self.pflags
        n = 0
        for off in self.board.neighbours:
            q = grid[sq + off]
            if (
                q >= 0
                and pteam[q] != side
                and status[q] == _STANDING
                and not pflags[q] & PF.NO_TZ
            ):
                n += 1
        return n

    def tz_players(self, sq: int, side: int) -> list[int]:
        """Players opposing `side` whose tackle zones cover `sq`."""
        out = []
        for off in self.board.neighbours:
            q = self.grid[sq + off]
            if q >= 0 and self.pteam[q] != side and self.exerts_tz(q):
                out.append(q)
        return out

    def adjacent_players(self, sq: int) -> list[int]:
        """Players on the squares next to `sq`."""
        grid = self.grid
        return [q for q in (grid[sq + off] for off in self.board.neighbours) if q >= 0]

    def carrier(self) -> int:
        """The player holding the ball, or -1."""
        if self.ball_state == _BALL_CARRIED:
            return self.grid[self.ball]
        return -1

    def on_pitch(self, side: int) -> list[int]:
        """Ids of `side`'s players on the pitch."""
        return [
            p
            for p in range(len(self.info))
            if self.pteam[p] == side and _STANDING <= self.status[p] <= _STUNNED
        ]

    def team_players(self, side: int) -> range:
        """Ids of all of `side`'s players."""
        return self.ranges[side]

    # --- board mutation --------------------------------------------------------------------

    def place(self, pid: int, sq: int, status: int = _STANDING) -> None:
        """Put a player (not on the pitch) on an empty square."""
        self.grid[sq] = pid
        self.pos[pid] = sq
        self.status[pid] = status

    def move_player(self, pid: int, sq: int) -> None:
        """Move a player on the pitch to an empty square; a carried ball moves with him."""
        old = self.pos[pid]
        self.grid[old] = EMPTY
        self.grid[sq] = pid
        self.pos[pid] = sq
        if self.ball_state == _BALL_CARRIED and self.ball == old:
            self.ball = sq

    def remove(self, pid: int, status: int) -> None:
        """Take a player off the pitch into a dugout box."""
        sq = self.pos[pid]
        if sq >= 0:
            self.grid[sq] = EMPTY
        self.pos[pid] = -1
        self.status[pid] = status

    def keywords(self, pid: int) -> frozenset[str]:
        """Player `pid`'s roster keywords ('undead', 'thrall', 'race:goblin', ...)."""
        return keywords(self.specs[self.pteam[pid]].race, self.info[pid].position)

    def note(self, event: int, pid: int = -1, sq: int = -1, ok: bool | int = True) -> None:
        """Log a forced event (pick-up, catch, touchdown, stand-up; the rolls, blocks, armour,
        injuries, kick-off results and turnovers of `Event`) of the current player action;
        `nuffle.analysis.mdp` explains actions and `nuffle.report` writes the match report from
        this log. Not part of `key()`."""
        self.log.append((event, pid, sq, int(ok)))

    def add_pstat(self, pid: int, stat: int) -> None:
        """Count one event of `stat` (PSTAT_COMPLETIONS ... PSTAT_INTERCEPTIONS) for `pid`."""
        i = pid * PSTATS + stat
        self.set_pstat(pid, stat, self.pstats[i] + 1)

    def set_pstat(self, pid: int, stat: int, value: int) -> None:
        """Set player `pid`'s match record `stat` (a PSTAT_* index) to `value`."""
        i = pid * PSTATS + stat
        ps = self.pstats
        self.pstats = (*ps[:i], value, *ps[i + 1:])

    def add_stat(self, side: int, stat: int) -> None:
        """Count one event of `stat` (STAT_TD ... STAT_TURNOVERS) for `side` in the current half."""
        half = self.half if self.half in (1, 2) else 1
        self.count_stat(side, (half - 1) * 4 + stat)

    def count_stat(self, side: int, index: int, n: int = 1) -> None:
        """Add `n` to `side`'s team statistic at `index` of its `stats` row (a match total such
        as STAT_ROTTED, or a half's figure)."""
        row = self.stats[side]
        row = (*row[:index], row[index] + n, *row[index + 1:])
        self.stats = (row, self.stats[1]) if side == 0 else (self.stats[0], row)
