"""`Game`: the public face of the engine (new, legal_actions, step, clone, chance, record)."""

from __future__ import annotations

import warnings
from collections import deque
from dataclasses import replace
from fractions import Fraction
from typing import Any, Final

import nuffle.core.skill_rules  # noqa: F401  (attaches every skill's handlers)
from nuffle.core.actions import (
    Action,
    IllegalActionError,
    LegalActions,
    MalformedActionError,
    action_problem,
)
from nuffle.core.board import board_for
from nuffle.core.decision import NO_DECISION, Decision, DecisionKind
from nuffle.core.dice import (
    ExplicitRoller,
    Roller,
    SampledRoller,
    ScriptedRoller,
    check_rng,
    grouped_outcomes,
    is_valid_outcome,
    sample,
    seed_state,
)
from nuffle.core.engines import NATIVE, PYTHON, EngineLimitError, check_engine
from nuffle.core.errors import InputTypeError
from nuffle.core.match_config import MatchConfig as MatchConfig  # its name here too (nuffle.core.game's API)
from nuffle.core.match_config import check_new, from_config, mix, view_config
from nuffle.core.position import position_from_dict, position_to_dict
from nuffle.core.position_check import check_position
from nuffle.core.procedures.match import Match
from nuffle.core.procedures.prayers import names as prayer_names
from nuffle.core.procedures.prayers import push_start_gifts, start_prayers
from nuffle.core.records import EntryKind, HistoryEntry, Outcome, Result, Transition
from nuffle.core.render import board_text, describe_action
from nuffle.core.ruleset import Ruleset
from nuffle.core.ruleset import ruleset as find_ruleset
from nuffle.core.skill_values import player_values
from nuffle.core.state import (
    PSTAT_NAMES,
    PSTATS,
    STAT_NAMES,
    STAT_ROTTED,
    GameState,
    Options,
    PlayerInfo,
)
from nuffle.core.teams import TeamSpec, default_team
from nuffle.core.transitions import explore
from nuffle.core.types import CHANCE, DECIDERS, NOBODY, RUNNING, SIDE_NAMES, Decider, Event, Status

# Enum members the hot code reads, bound once as module globals: on Python 3.11 reading a
# member off its enum class costs about ten times a global (the enum metaclass's
# `__getattr__` hook slows every attribute read on the class).
_EV_DECISION: Final = Event.DECISION

_KINDS = tuple(DecisionKind)  # value -> kind (the values are 0, 1, 2, ...)
assert all(k.value == i for i, k in enumerate(_KINDS))
_set = object.__setattr__

RecordEntry = HistoryEntry  # its earlier name
FANS_UNIT = 1_000  # fans are counted in thousands


#: The most frames run and chance events resolved between two stops (a real game needs a few
#: hundred): a position whose stack cannot progress raises EngineLimitError instead of hanging
#: (the native engine's advance has the same limit).
MAX_RUNS = 200_000


def _restore(engine: str, position: dict[str, Any], roller: Roller, config: MatchConfig,
             history: list[RecordEntry], secret: int) -> Game:
    """A game `Game.__reduce__` wrote: its position on `engine`, with its roller and the rest."""
    game = Game.from_state(position_from_dict(position), config, roller, engine)
    game.history = history
    game._secret = secret
    return game


class Game:
    """A match. Decisions go in through `step`, chance outcomes through `apply_chance`.

    Agents are given `view()`s of a game, never the game itself (see `view`)."""

    __slots__ = ("_legal", "_secret", "config", "history", "roller", "state")

    def __init__(
        self, state: GameState, roller: Roller, config: MatchConfig, secret: int | None = None
    ) -> None:
        self.state = state
        self.roller = roller
        self.config = config
        self.history: list[HistoryEntry] = []
        self._legal: LegalActions | None = None
        # The secret views derive their dice from: by default a digest of the seed, so that
        # matches with searching bots replay exactly; a referee passes a random one.
        self._secret = mix(config.seed or 0, 0x5EC2E7) if secret is None else secret

    @staticmethod
    def start_state(home: str | TeamSpec = "human", away: str | TeamSpec = "orc", seed: int = 0,
                    board: int = 11, assisted_moves: bool = False,
                    ruleset: str | Ruleset = "lrb6") -> GameState:
        """The position `Game.new` starts from, before it runs to the first decision (the batched
        environment copies it for every episode, with the dice seeded from `seed`)."""
        for name, team in (("home", home), ("away", away)):
            if not isinstance(team, str | TeamSpec):
                raise InputTypeError(f"{name} must be a race key or a TeamSpec, got {team!r}")
        rules = ruleset if isinstance(ruleset, Ruleset) else find_ruleset(ruleset)
        bd = board_for(board)
        specs = (
            home if isinstance(home, TeamSpec) else default_team(home),
            away if isinstance(away, TeamSpec) else default_team(away),
        )
        info: list[PlayerInfo] = []
        for side, spec in enumerate(specs):
            for i, ps in enumerate(spec.players[: bd.variant.roster_size]):
                pos = ps.position
                # the position's own skill set where nothing is added: the hook points cache
                # their handlers per set, and a shared set is found by identity
                skills = pos.skills | ps.extra_skills if ps.extra_skills else pos.skills
                info.append(
                    PlayerInfo(
                        len(info), side, ps.number, ps.name, pos.name,
                        *ps.stats(), skills, ps.niggles, pos.pa, player_values(spec, i),
                    )
                )
        state = GameState.new(bd, specs, tuple(info), seed_state(seed), Options(assisted_moves), rules)
        if specs[0].prayers or specs[1].prayers:
            start_prayers(state)  # BB2020: the pre-game sequence's prayers
            state.stack.append(Match())
            push_start_gifts(state)  # the prayers that mark a player pick him first
            return state
        state.stack.append(Match())
        return state

    @staticmethod
    def new(
        home: str | TeamSpec = "human",
        away: str | TeamSpec = "orc",
        seed: int = 0,
        board: int = 11,
        roller: Roller | None = None,
        assisted_moves: bool = False,
        secret: int | None = None,
        ruleset: str | Ruleset = "lrb6",
        engine: str | None = None,
        *,
        config: MatchConfig | None = None,
    ) -> Game:
        """Start a match; it runs until the first decision (or chance node if explicit).

        `home` and `away` are race keys (the shipped default team) or `TeamSpec`s (a team
        file is read by `nuffle.teams.load_team`). With `assisted_moves`, a move, blitz,
        hand-off or foul may target a non-adjacent square; the engine walks the safest path
        (see docs/PATHFINDING.md). `secret` seeds the dice of the game's views (default:
        derived from `seed`). `ruleset` is a ruleset or the name of a registered one
        (default LRB6). `engine` is 'python' or 'native' (default: `NUFFLE_ENGINE`, else
        'python'; see `nuffle.core.engines`). `config`, a `MatchConfig` (another game's
        `config`, say), gives the teams, seed, board, assisted moves and ruleset instead, and
        the roller when `roller` is not given ('scripted' needs one)."""
        if config is not None:
            home, away, seed, board, assisted_moves, ruleset, roller = from_config(
                config, (home, away, seed, board, assisted_moves, ruleset), roller)
        engine_name = check_engine(engine)
        check_new(seed, board, roller)
        state = Game.start_state(home, away, seed, board, assisted_moves, ruleset)
        rules = state.rules
        specs = state.specs
        roller = roller or SampledRoller()
        config = MatchConfig(
            home=specs[0].race if isinstance(home, TeamSpec) else home,
            away=specs[1].race if isinstance(away, TeamSpec) else away,
            seed=seed,
            board=board,
            roller=roller.name,
            assisted_moves=assisted_moves,
            ruleset=rules.name,
        )
        if engine_name == NATIVE:
            from nuffle.core.native_game import NativeGame

            return NativeGame.from_state(state, config, roller, secret=secret)
        game = Game(state, roller, config, secret)
        game._advance()
        return game

    @staticmethod
    def from_state(
        state: GameState, config: MatchConfig | None = None, roller: Roller | None = None,
        engine: str | None = None,
    ) -> Game:
        """A game continuing from a built or loaded position; it takes the state over (copy it
        first to keep one) and runs to the next decision. Tests and tools use it instead of
        reaching into private methods. `engine` as in `Game.new` (a native game copies the
        position into the native engine; a native game's read-only `state` is copied, not
        taken over)."""
        if check_engine(engine) == NATIVE:
            from nuffle.core.native_game import NativeGame

            return NativeGame.from_state(state, config, roller, adopt=True)
        s = state if type(state) is GameState else state.copy()  # a native game's read-only snapshot
        if config is None:
            config = MatchConfig(s.specs[0].race, s.specs[1].race, None, s.board.variant.players,
                                 ruleset=s.rules.name)
        roller = roller or SampledRoller()
        if config.roller != roller.name:
            config = replace(config, roller=roller.name)
        game = Game(s, roller, config)
        game._advance()
        return game

    def to_position(self) -> dict[str, Any]:
        """The whole position as JSON-ready data (`Game.from_position` reads it back)."""
        return position_to_dict(self.state)

    @staticmethod
    def from_position(data: Any, roller: Roller | None = None, engine: str | None = None) -> Game:
        """A game continuing from a position `to_position` wrote (raises PositionError); `engine`
        as in `Game.new`."""
        name = check_engine(engine)
        return Game.from_state(check_position(position_from_dict(data)), None, roller, name)

    @property
    def engine(self) -> str:
        """The engine this game runs on: 'python' or 'native' (a `NativeGame`)."""
        return PYTHON

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickling (and `copy.deepcopy`, `copy.copy`) goes through the position: the copy is
        rebuilt by `Game.from_position` on the same engine, with this game's roller, match
        parameters, history and view secret, so a game crosses process boundaries."""
        roller = self.roller
        if isinstance(roller, ScriptedRoller) and not isinstance(roller.queue, deque):
            roller = ScriptedRoller(roller.queue)  # a native game's queue lives in the engine
        return (_restore, (self.engine, self.to_position(), roller, self.config, list(self.history),
                           self._secret))

    # --- the engine loop -----------------------------------------------------------------

    def _advance(self) -> None:
        s = self.state
        roller = self.roller
        runs = 0
        while True:
            runs += 1
            if runs > MAX_RUNS:
                raise EngineLimitError(
                    f"the engine made no progress in {MAX_RUNS} steps (an impossible position)")
            d = s.decider
            if d == RUNNING:
                s.top().run(s)
            elif d == CHANCE and not roller.explicit:
                event = s.pending
                assert event is not None
                s.outcome, s.rng = roller.resolve(event, s.rng)
                if roller.recorded:  # the seed cannot reproduce it: keep it for the record
                    self.history.append(HistoryEntry(EntryKind.CHANCE, s.outcome))
                s.pending = None
                s.decider = RUNNING
            else:
                # Clear the hand-over values so equal positions compare (and hash) equal.
                s.outcome = 0
                s.ok = False
                s.last_die = 0
                s.reactor = -1
                s.square = -1
                s.last_square = -1
                s.extra_moves = 0
                return

    # --- decisions ------------------------------------------------------------------------

    @property
    def current_decider(self) -> str:
        """Deprecated since 1.0: `str(game.decider)`. Who must act now: 'home', 'away', 'chance'
        or 'nobody' (game over)."""
        warnings.warn("Game.current_decider is deprecated: use Game.decider (a Decider; "
                      "str(game.decider) is 'home', 'away', 'chance' or 'nobody')",
                      DeprecationWarning, stacklevel=2)
        return SIDE_NAMES[self.decider]

    @property
    def decider(self) -> Decider:
        """Who must act now: a `Decider` (HOME, AWAY, CHANCE or NOBODY once the game is over),
        an int 0-3 that reads as 'home', 'away', 'chance' or 'nobody'."""
        return DECIDERS[self.state.decider]

    def decision(self) -> Decision:
        """What is being decided now, as a frozen record (`kind`, `side`, `player`, the roll
        or block it concerns); `DecisionKind.NONE` at chance nodes and at the end."""
        s = self.state
        side = s.decider
        if side > 1:
            return NO_DECISION
        d = s.stack[-1].decision_detail(s)
        # every decision_detail builds a new record: fill in its kind and side in place (a
        # `dataclasses.replace` copy cost more than the rest of this call)
        _set(d, "kind", _KINDS[s.waiting])
        _set(d, "side", side)
        return d

    def legal_actions(self) -> LegalActions:
        """The legal actions of the side to decide (empty at chance nodes and at the end)."""
        if self._legal is None:
            s = self.state
            self._legal = s.stack[-1].legal(s) if s.decider in (0, 1) else LegalActions([])
        return self._legal

    def _check_action(self, action: Action) -> None:
        """Raise MalformedActionError or IllegalActionError (saying why) unless `action` is a
        legal decision now (both engines give the same messages)."""
        problem = action_problem(action)
        if problem is not None:
            raise MalformedActionError(problem)
        if self.decider not in (0, 1):
            raise IllegalActionError(
                f"{action} is not legal: no coach decides now ({self.decider} is next)"
            )
        legal = self.legal_actions()
        if action not in legal:
            s = self.state
            reason = s.stack[-1].explain(s, action)
            if reason is None:
                kinds = ", ".join(t.name for t in legal.types())
                reason = (
                    f"it is not among the legal actions of {self.decider} in "
                    f"{type(s.stack[-1]).__name__} (legal types: {kinds})"
                )
            raise IllegalActionError(f"{action} is illegal: {reason}")

    def step(self, action: Action) -> None:
        """Apply a decision; raises IllegalActionError (state unchanged) if it is not legal."""
        self._check_action(action)
        s = self.state
        self._legal = None
        self.history.append(HistoryEntry(EntryKind.ACTION, action))
        if action.type.starts_action:
            s.log.clear()  # the log explains the current player action
        sq = s.board.sq(*action.square) if action.square is not None else -1
        s.log.append((_EV_DECISION, int(action.type), -1 if action.player is None else action.player, sq))
        s.decider = RUNNING
        s.top().act(s, action)
        self._advance()

    # --- explicit chance ------------------------------------------------------------------

    def chance_outcomes(self) -> list[Outcome]:
        """At a chance node: every `Outcome(value, probability)` of the pending event.

        Outcomes with the same consequences are grouped under one representative (an armour
        roll by its total, a casualty by its class); probabilities sum to exactly 1.
        """
        s = self.state
        ev = s.pending
        if s.decider != CHANCE or ev is None:
            return []
        return [Outcome(o, p) for o, p in grouped_outcomes(ev.kind, ev.n, ev.group, s.rules.casualty_groups)]

    def apply_chance(self, outcome: Any) -> None:
        """Resolve the pending chance event with `outcome` and continue."""
        s = self.state
        event = s.pending
        if s.decider != CHANCE or event is None:
            raise IllegalActionError("there is no pending chance event")
        if isinstance(outcome, list):
            outcome = tuple(outcome)
        if not is_valid_outcome(event, outcome):
            raise IllegalActionError(f"{outcome!r} is not an outcome of {event.describe()}")
        self.history.append(HistoryEntry(EntryKind.CHANCE, outcome))
        self._resolve(outcome)

    def sample_chance(self) -> Any:
        """Resolve the pending chance event from the state's own generator (as a sampled
        roller would) without recording it; returns the outcome."""
        s = self.state
        event = s.pending
        if s.decider != CHANCE or event is None:
            raise IllegalActionError("there is no pending chance event")
        outcome, s.rng = sample(event, s.rng)
        self._resolve(outcome)
        return outcome

    def _resolve(self, outcome: Any) -> None:
        s = self.state
        self._legal = None
        s.outcome = outcome
        s.pending = None
        s.decider = RUNNING
        self._advance()

    def transitions(self, action: Action | None = None, max_states: int = 100_000) -> list[Transition]:
        """The exact distribution of taking `action` (or, at a chance node, of resolving it) up
        to the next decision or the end of the game: every `Transition(game, probability)`.

        Works on clones; this game is untouched. Identical next states are merged and the
        probabilities are Fractions summing to exactly 1. Each next game keeps this game's
        roller; its history ends with the action and the chance outcomes of one path to it.
        Raises IllegalActionError for an illegal action and InputError (a ValueError) if more
        than `max_states` distinct states would be enumerated.
        """
        return [Transition(game, prob) for prob, game in self._outcomes(action, max_states)]

    def outcomes(
        self, action: Action | None = None, max_states: int = 100_000
    ) -> list[tuple[Fraction, Game]]:
        """Deprecated since 1.0: `transitions`, whose pairs put the game first, as every pair of
        the API does. Returns `[(probability, next_game)]`."""
        warnings.warn("Game.outcomes() is deprecated: use Game.transitions(), which gives "
                      "Transition(game, probability) records", DeprecationWarning, stacklevel=2)
        return self._outcomes(action, max_states)

    def _outcomes(self, action: Action | None, max_states: int) -> list[tuple[Fraction, Game]]:
        """`[(probability, next_game)]` for `transitions` (each engine has its own)."""
        start = self.clone()
        start.roller = ExplicitRoller()
        if action is not None:
            start.step(action)
        elif start.state.decider != CHANCE:
            raise IllegalActionError("transitions() without an action needs a chance node")
        result = []
        for prob, game in explore(start, max_states):
            game.roller = self.roller.copy()
            result.append((prob, game))
        return result

    # --- copies, results, views ---------------------------------------------------------------

    def clone(self) -> Game:
        """An exact, independent copy that continues identically (same dice): for tests,
        replays and tools. Agents get views (`view()`) instead."""
        g = Game.__new__(Game)
        g.state = self.state.copy()
        g.roller = self.roller.copy()
        g.config = self.config
        g.history = self.history.copy()
        g._legal = self._legal
        g._secret = self._secret
        return g

    def with_assisted_moves(self, on: bool = True) -> Game:
        """A clone whose match offers assisted moves: the same position, where a move, blitz,
        hand-off or foul may target any reachable square (for bots that think in them). With
        `on` False, a clone whose match has none (for bots that play by the plain rules)."""
        g = self.clone()
        g._offer_assisted_moves(on)
        return g

    def _offer_assisted_moves(self, on: bool) -> None:
        """Switch this copy's match to (or from) assisted moves."""
        if self.state.options.assisted_moves != on:
            self.state.options = Options(assisted_moves=on)
            self._legal = None

    def view(self, assisted_moves: bool | None = None) -> Game:
        """A copy for a decider: the same position, but its dice are reseeded from a secret
        the holder cannot read, so they are not the real future dice. `assisted_moves` True
        or False shows the match with or without assisted moves (None: as it is).

        A view clones and steps like any game (it is the forward model for search), holds no
        reference to this game, its frames or its roller (a scripted roller's queue stays
        here), and does not carry the match seed. Views of one position are identical."""
        s = self.state
        legal = self.legal_actions()  # the live game checks the decider's action against it
        shared = s.shared
        vs = s.copy()
        s.shared = shared  # no frame is shared with the view: the live game need not copy any
        vs.stack = [p.copy() for p in s.stack]
        vs.shared = 0
        vs.rng = mix(self._secret, s.rng, len(self.history))
        v = Game.__new__(Game)
        v.state = vs
        explicit = self.roller.explicit
        v.roller = ExplicitRoller() if explicit else SampledRoller()
        v.config = view_config(self.config, explicit)
        v.history = self.history.copy()
        v._legal = legal.copy()  # the same legal actions (they do not depend on the dice)
        v._secret = mix(vs.rng, self._secret, 0x51EE)
        if assisted_moves is not None:
            v._offer_assisted_moves(assisted_moves)
        return v

    def reseed(self, seed: int) -> None:
        """Replace the state's random generator with one seeded from `seed` (what is rolled
        from now on changes; the position does not)."""
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise InputTypeError(f"seed must be an integer, not {seed!r}")
        self.state.rng = seed_state(seed)

    @property
    def rng(self) -> int:
        """The generator's state (`GameState.rng`), as a search sets it to sample or to
        canonicalise positions (on either engine; a native game's snapshot is read-only)."""
        return self.state.rng

    @rng.setter
    def rng(self, value: int) -> None:
        self.state.rng = check_rng(value)

    @property
    def is_over(self) -> bool:
        """Whether the match has ended (the same as `is_terminal`)."""
        return self.state.decider == NOBODY

    @property
    def is_terminal(self) -> bool:
        """Whether the match has ended: nobody decides any more."""
        return self.is_over

    @property
    def result(self) -> Result:
        """How the match stands: a `Result` (its `score`, its `winner`, 'home', 'away' or None
        for a draw or an unfinished game, and whether it is `over`)."""
        s = self.state
        home, away = s.teams[0].score, s.teams[1].score
        winner = None
        if self.is_over and home != away:
            winner = "home" if home > away else "away"
        return Result(home, away, winner, self.is_over)

    def fans(self) -> dict[str, int]:
        """The crowd of the pre-match sequence (RULES §3): each team's fans (2D6 + its Fan
        Factor, x 1,000) as `home` and `away`, and the `gate` (both together); all 0 before
        they are rolled."""
        home, away = (n * FANS_UNIT for n in self.state.fans)
        return {"home": home, "away": away, "gate": home + away}

    def prayers(self) -> dict[str, dict[str, tuple[str, ...]]]:
        """BB2020's Prayers to Nuffle of each side ('home', 'away'): `given`, every prayer the
        team had this match (at its start or from the kick-off table; the league applies those
        acting after the game: Perfect Passing, Fan Interaction, Necessary Violence, Fouling
        Frenzy), and `active`, those in effect now; empty under LRB6."""
        s = self.state
        return {side: {"given": prayer_names(s.rules, t.prayed), "active": prayer_names(s.rules, t.prayers)}
                for side, t in zip(("home", "away"), s.teams, strict=True)}

    def player_stats(self) -> list[dict[str, int]]:
        """Per player (by id), what happened to him in the match: `completions`, `touchdowns`,
        `casualties` (caused by his blocks), `interceptions`, and `injury` / `injury2` (the
        casualty-table results he suffered, as D68 values; 0 if none). A league awards SPP and
        records injuries from these."""
        s = self.state
        return [
            {name: s.pstats[pid * PSTATS + i] for i, name in enumerate(PSTAT_NAMES)}
            for pid in range(len(s.info))
        ]

    def box_score(self) -> dict[str, Any]:
        """Per-team, per-half statistics: touchdowns, casualties, knockouts, turnovers; and
        `rotted`, opponents killed by the team's Nurgle's Rot players (a league adds Rotters)."""
        s = self.state
        out: dict[str, Any] = {}
        for side, name in ((0, "home"), (1, "away")):
            row: dict[str, Any] = {"team": s.specs[side].name, "race": s.specs[side].race}
            for i, stat in enumerate(STAT_NAMES):
                first, second = s.stats[side][i], s.stats[side][4 + i]
                row[stat] = first + second
                row[f"{stat}_by_half"] = [first, second]
            row["rotted"] = s.stats[side][STAT_ROTTED]
            out[name] = row
        return out

    def board_text(self) -> str:
        """The pitch as readable text."""
        return board_text(self.state)

    def describe(self, action: Action) -> str:
        """A readable sentence for an action in this game."""
        return describe_action(self.state, action)

    def to_json(self) -> dict[str, Any]:
        """A JSON-ready snapshot of the visible position."""
        s = self.state
        b = s.board
        players = []
        for p in s.info:
            players.append(
                {
                    "id": p.pid,
                    "team": SIDE_NAMES[p.team],
                    "number": p.number,
                    "name": p.name,
                    "position": p.position,
                    "ma": p.ma,
                    "st": p.st,
                    "ag": p.ag,
                    "av": p.av,
                    "skills": sorted(sk.name for sk in p.skills),
                    "status": Status(s.status[p.pid]).name,
                    "square": list(b.xy(s.pos[p.pid])) if s.pos[p.pid] >= 0 else None,
                    "flags": s.pflags[p.pid],
                }
            )
        return {
            "config": self.config.to_dict(),
            "half": s.half,
            "weather": s.weather,
            "turn": [s.teams[0].turn, s.teams[1].turn],
            "score": [s.teams[0].score, s.teams[1].score],
            "rerolls": [s.teams[0].rerolls, s.teams[1].rerolls],
            "active": s.active,
            "kicking": s.kicking,
            "ball": {
                "square": list(b.xy(s.ball)) if s.ball >= 0 else None,
                "state": s.ball_state,
            },
            "decider": str(self.decider),
            "procedure": type(s.stack[-1]).__name__ if s.stack else None,
            "decision": self.decision().to_json(),
            "players": players,
            "result": self.result.to_dict(),
        }
