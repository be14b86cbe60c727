"""The parity harness: the Python and native engines in lockstep from the same seed.

At every step both games are compared (decider, decision record, legal actions in order, the
whole position as `native_state.state_data`, which holds the stack, the pending chance event,
the generator and the event log); at every chance node (`dice="forced"`) the exact outcome
probabilities of the explicit roller too (`Game.chance_outcomes` against the native engine's
grouped outcomes of its pending event). The same action is applied to both: chosen by a
seeded random player, or by the scripted or grod bot (`bots`), which see the Python game's
view. Races are dealt so that every race plays on both sides (`race_pairs`); players may get
random extra skills (`skills`) and the match may offer assisted moves (`assisted`). A game ends
complete, at its first divergence (with a readable diff and the position to replay it), at the
step limit, or where the native engine reaches a frame it has not ported (`stopped_at_unported`,
counted by frame id: none since every frame is ported; the count stays as the guard for a frame
added to the Python engine first). At a sampled share of the decisions and chance nodes
(`outcomes`) the exact distributions of `Game.outcomes` are compared too: every outcome's
probability and next position; at another (`twins`) one of the C++ twins of Python components
(the pathfinder, the observation encoder, the search; `parity_twins`). An exception either
engine raises is a divergence of that game
(its message and the position before the step), and the run goes on; Ctrl-C ends the run with
the games finished so far (`ParityReport.interrupted`). `nuffle parity` (`parity_cli`) prints
the summary or its JSON; `parity_skills` gives every skill in turn (`--give-all`).
"""

from __future__ import annotations

import random
import re
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from fractions import Fraction
from typing import TYPE_CHECKING, Any, Protocol

from nuffle.core.actions import Action, ActionType
from nuffle.core.dice import ExplicitRoller
from nuffle.core.engines import NotPortedError, native_module
from nuffle.core.errors import InputError, NuffleError
from nuffle.core.game import Game
from nuffle.core.native_game import NativeGame
from nuffle.core.native_state import state_data
from nuffle.core.ruleset import BB2020, draft_ruleset
from nuffle.core.skill_values import merged
from nuffle.core.skills import LRB6_SKILLS, Skill
from nuffle.core.teams import Inducements, TeamSpec, default_team, races
from nuffle.core.types import CHANCE
from nuffle.parity_twins import TWINS_SHARE, TwinChecks
from nuffle.random_player import RandomPlayer
from nuffle.teams_bb2020_match import default_match_team, handled_skills, playable_races
from nuffle.teams_bb2020_pregame import SideSetup, with_setup

if TYPE_CHECKING:
    from nuffle.parity_probes import ProbeResult

BOARDS = (1, 3, 5, 7, 11)
#: `actions` choices: every legal action, or player actions restricted to moves (no blocks,
#: passes, fouls...) so that movement, ball and injury are exercised end to end early.
ACTION_SETS = ("all", "moves")
#: `dice` choices: sampled from the state's generator (as a match plays), or forced: every
#: chance node stops (explicit roller) and one of its grouped outcomes is picked uniformly,
#: so rare results (casualties, apothecaries, double ones) come up often.
DICE_MODES = ("sampled", "forced")
#: `bots` choices: who picks the actions (both engines get the same one); the bots see the
#: Python game's view.
BOT_KINDS = ("random", "scripted", "grod")
_MOVES_ONLY = {ActionType.START_MOVE, ActionType.END_TURN}


class _Chooser(Protocol):
    def new_game(self, view: Game, side: int) -> None: ...
    def act(self, view: Game) -> Action: ...


@dataclass
class GameParity:
    """One lockstep game: where it ended and how far the engines agreed."""

    seed: int
    board: int
    home: str
    away: str
    steps: int = 0
    chance_nodes: int = 0  # chance nodes whose outcome probabilities were compared
    outcome: str = "complete"  # complete, stopped_at_unported, diverged, step_limit
    frame: str | None = None  # the unported frame it stopped at
    reason: str | None = None  # the engine's whole message (what of the frame is missing)
    diff: str | None = None  # the first divergence, readable
    position: dict[str, Any] | None = None  # the Python position that produced it (Game.from_position)
    outcome_checks: int = 0  # decisions and chance nodes whose `outcomes()` were compared
    given: tuple[str, ...] = ()  # the skills every player was given as well
    twin_checks: dict[str, int] = field(default_factory=dict)  # C++ twins compared (parity_twins), per twin

    def to_json(self) -> dict[str, Any]:
        """A JSON-ready dict."""
        return {"seed": self.seed, "board": self.board, "home": self.home, "away": self.away,
                "given": list(self.given), "steps": self.steps, "chance_nodes": self.chance_nodes,
                "outcome_checks": self.outcome_checks, "twin_checks": dict(self.twin_checks),
                "outcome": self.outcome,
                "frame": self.frame, "reason": self.reason, "diff": self.diff, "position": self.position}


@dataclass
class ParityReport:
    """The summary of a parity run."""

    games: list[GameParity] = field(default_factory=list)
    planned: int = 0  # the games the run was to play
    interrupted: bool = False  # Ctrl-C ended the run: `games` holds those finished before it
    probes: list[ProbeResult] = field(default_factory=list)  # positions explored (parity_probes)

    @property
    def steps(self) -> int:
        """Steps matched over all games."""
        return sum(g.steps for g in self.games)

    @property
    def divergences(self) -> list[GameParity]:
        """Games whose engines disagreed."""
        return [g for g in self.games if g.outcome == "diverged"]

    @property
    def probe_divergences(self) -> list[ProbeResult]:
        """Probes whose engines disagreed."""
        return [p for p in self.probes if p.diff is not None]

    def unported(self) -> dict[str, int]:
        """Games stopped per unported frame id."""
        return dict(Counter(g.frame for g in self.games if g.outcome == "stopped_at_unported" and g.frame))

    def to_json(self) -> dict[str, Any]:
        """A JSON-ready summary (`games`, `steps`, `divergences` and the per-game records)."""
        return {
            "games": len(self.games),
            "steps": self.steps,
            "planned": self.planned,
            "interrupted": self.interrupted,
            "chance_nodes": sum(g.chance_nodes for g in self.games),
            "outcome_checks": sum(g.outcome_checks for g in self.games),
            "twin_checks": dict(sum((Counter(g.twin_checks) for g in self.games), Counter())),
            "races": {"home": len({g.home for g in self.games}), "away": len({g.away for g in self.games})},
            "boards": sorted({g.board for g in self.games}),
            "complete": sum(1 for g in self.games if g.outcome == "complete"),
            "stopped_at_unported": self.unported(),
            "divergences": len(self.divergences),
            "step_limit": sum(1 for g in self.games if g.outcome == "step_limit"),
            "records": [g.to_json() for g in self.games],
            "probes": len(self.probes),
            "probe_checks": sum(p.checks for p in self.probes),
            "probe_divergences": len(self.probe_divergences),
            "probe_records": [p.to_json() for p in self.probes],
        }

    def text(self) -> str:
        """A readable summary, with the first divergence's diff."""
        j = self.to_json()
        lines = [f"{j['games']} games, {j['steps']} steps matched: {j['complete']} complete, "
                 f"{j['divergences']} diverged, {j['step_limit']} at the step limit",
                 f"chance nodes compared: {j['chance_nodes']}; outcomes() compared: "
                 f"{j['outcome_checks']}; C++ twins compared: "
                 + (", ".join(f"{k} {v}" for k, v in sorted(j["twin_checks"].items())) or "none")
                 + f"; races {j['races']['home']} home, "
                 f"{j['races']['away']} away; boards {j['boards']}",
                 "stopped at unported frames: "
                 + (", ".join(f"{k} {v}" for k, v in sorted(j["stopped_at_unported"].items())) or "none")]
        if self.interrupted:
            lines.insert(0, f"interrupted: {len(self.games)} of {self.planned} games finished")
        for g in self.divergences[:1]:
            given = f", given {','.join(g.given)}" if g.given else ""
            lines.append(f"first divergence: seed {g.seed} board {g.board} ({g.home} v {g.away}{given})")
            lines.append(g.diff or "")
        if self.probes:
            lines.append(f"probes: {j['probes']} played, outcomes() compared {j['probe_checks']} times, "
                         f"{j['probe_divergences']} diverged")
        for p in self.probe_divergences[:1]:
            lines.append(f"first probe divergence: {p.probe} ({p.home} v {p.away}, given "
                         f"{','.join(p.given)}) after {' / '.join(p.path) or 'the start'}")
            lines.append(p.diff or "")
        return "\n".join(lines)


def _diff(step: int, what: str, py: Any, nat: Any) -> str:
    """Where two values first differ, readably."""
    if isinstance(py, dict) and isinstance(nat, dict):
        for key in py:
            if py.get(key) != nat.get(key):
                if key == "players":
                    for i, (a, b) in enumerate(zip(py[key], nat[key], strict=False)):
                        if a != b:
                            return f"step {step}: {what}.players[{i}] differs\n  python: {a}\n  native: {b}"
                if key == "log":
                    a, b = py[key], nat.get(key) or []
                    same = (i for i, (x, y) in enumerate(zip(a, b, strict=False)) if x != y)
                    i = next(same, min(len(a), len(b)))
                    return (f"step {step}: {what}.log differs from entry {i} (event, a, b, c)\n"
                            f"  python: {a[i:i + 6]!r}\n  native: {b[i:i + 6]!r}\n"
                            f"  python stack: {py.get('stack')!r}")
                if key == "teams":
                    for i, (a, b) in enumerate(zip(py[key], nat[key], strict=False)):
                        if a != b:
                            keys = [k for k in a if a[k] != b.get(k)]
                            return (f"step {step}: {what}.teams[{i}] differs in {keys}\n  python: "
                                    f"{[a[k] for k in keys]}\n  native: {[b.get(k) for k in keys]}")
                return (f"step {step}: {what}.{key} differs\n  python: {py[key]!r}\n"
                        f"  native: {nat.get(key)!r}\n  python stack: {py.get('stack')!r}\n"
                        f"  native stack: {nat.get('stack')!r}")
    return f"step {step}: {what} differs\n  python: {py!r}\n  native: {nat!r}"


def _compare(step: int, py: Game, nat: NativeGame) -> str | None:
    """The first difference between the two games now, or None."""
    if py.decider != nat.decider:
        return _diff(step, "decider", py.decider, nat.decider)
    if py.decision() != nat.decision():
        return _diff(step, "decision", py.decision(), nat.decision())
    if py.legal_actions() != nat.legal_actions():
        return _diff(step, "legal actions", py.legal_actions().groups, nat.legal_actions().groups)
    a, b = state_data(py.state), nat.data()
    if a != b:
        return _diff(step, "position", a, b)
    return None


def native_chance_outcomes(nat: NativeGame) -> list[tuple[Any, Fraction]]:
    """The native engine's outcomes of its pending chance event, grouped as the explicit
    roller offers them, with exact probabilities (empty when no event is pending)."""
    data = nat.data()
    pending = data["pending"]
    if pending is None:
        return []
    kind, n, _purpose, group = pending
    grouped = native_module().grouped_outcomes(kind, n, group, data["ruleset"])
    return [(o, Fraction(num, den)) for o, (num, den) in grouped]


def _compare_chance(step: int, py: Game, nat: NativeGame) -> str | None:
    """At a chance node: the outcomes and their exact probabilities, in order."""
    a, b = py.chance_outcomes(), native_chance_outcomes(nat)
    if a != b:
        return _diff(step, "chance outcomes", a, b)
    if sum(p for _o, p in a) != 1:
        return f"step {step}: the chance outcomes' probabilities sum to {sum(p for _o, p in a)}, not 1"
    return None


#: The share of decisions (and chance nodes) at which `outcomes()` is compared by default.
OUTCOMES_SHARE = 0.1
#: The states one `outcomes()` comparison may enumerate: past it both engines must refuse alike.
OUTCOMES_MAX_STATES = 2000


def _enumerate(game: Game, action: Action | None) -> list[tuple[Fraction, Game]] | str:
    """`game.transitions(action)` as (probability, game) pairs, or 'refused' where it enumerates
    too many states."""
    try:
        return [(t.probability, t.game) for t in game.transitions(action, OUTCOMES_MAX_STATES)]
    except NotPortedError:
        raise
    except InputError as exc:
        if "more than" in str(exc):
            return "refused: more than the states allowed"
        raise


def _compare_outcomes(step: int, py: Game, nat: NativeGame, action: Action | None) -> str | None:
    """`outcomes(action)` (at a chance node, `action` None) on both engines: the same
    probabilities in the same order, each next position and decider equal."""
    return _outcome_pairs(step, py, nat, action)[0]


def _outcome_pairs(step: int, py: Game, nat: Game,
                   action: Action | None) -> tuple[str | None, list[tuple[Game, Game]]]:
    """As `_compare_outcomes`, with the next games of both engines paired (none where they
    differ, or where both refuse to enumerate that many states)."""
    what = "outcomes()" if action is None else f"outcomes({action})"
    a = _on(PYTHON_ENGINE, _enumerate, py, action)
    b = _on(NATIVE_ENGINE, _enumerate, nat, action)
    if isinstance(a, str) or isinstance(b, str):
        return (None if a == b else _diff(step, what, a if isinstance(a, str) else f"{len(a)} outcomes",
                                          b if isinstance(b, str) else f"{len(b)} outcomes")), []
    pa, pb = [p for p, _g in a], [p for p, _g in b]
    if pa != pb:
        return _diff(step, f"{what} probabilities", pa, pb), []
    if sum(pa) != 1:
        return f"step {step}: {what}'s probabilities sum to {sum(pa)}, not 1", []
    for i, ((_p, ga), (_q, gb)) in enumerate(zip(a, b, strict=True)):
        assert isinstance(gb, NativeGame)
        if ga.decider != gb.decider:
            return _diff(step, f"{what}[{i}] decider", ga.decider, gb.decider), []
        da, db = state_data(ga.state), gb.data()
        if da != db:
            return _diff(step, f"{what}[{i}] position", da, db), []
    return None, [(ga, gb) for (_p, ga), (_q, gb) in zip(a, b, strict=True)]


PYTHON_ENGINE, NATIVE_ENGINE = "the Python engine", "the native engine"


class _Raised(NuffleError):
    """An exception one engine raised (`engine`: PYTHON_ENGINE or NATIVE_ENGINE)."""

    def __init__(self, engine: str, exc: Exception) -> None:
        super().__init__(f"{engine} raised {type(exc).__name__}: {exc}")


def _on(engine: str, call: Callable[..., Any], *args: Any) -> Any:
    """`call(*args)`, an exception (but NotPortedError) said to come from `engine`."""
    try:
        return call(*args)
    except (NotPortedError, _Raised):
        raise
    except Exception as exc:
        raise _Raised(engine, exc) from exc


def step_both(py: Game, nat: Game, rng: random.Random, choose: Callable[[Game], Action]) -> None:
    """One step of a lockstep game on both engines: at a chance node an outcome drawn with
    `rng` from the Python game's `chance_outcomes` (each listed once, whatever its
    probability), else the action `choose(py)` picks. The native engine moves first, so that
    where it raises the Python game still holds the position before the step; an exception of
    either engine is raised as `_Raised`, which says whose it was."""
    if py.decider == CHANCE:
        options = py.chance_outcomes()
        outcome = options[rng.randrange(len(options))][0]
        _on(NATIVE_ENGINE, nat.apply_chance, outcome)
        _on(PYTHON_ENGINE, py.apply_chance, outcome)
    else:
        action = choose(py)
        _on(NATIVE_ENGINE, nat.step, action)
        _on(PYTHON_ENGINE, py.step, action)


def _choose(py: Game, bot: _Chooser, rng: random.Random, actions: str) -> Action:
    legal = py.legal_actions()
    if actions == "moves" and any(t.starts_action and t not in _MOVES_ONLY for t in legal.types()):
        allowed = [t for t in legal.types() if t in _MOVES_ONLY]
        if allowed:
            kind = allowed[rng.randrange(len(allowed))]
            group = legal.group(kind)
            assert group is not None
            player = group.players[rng.randrange(len(group.players))] if group.players else None
            return Action(kind, player)
    return bot.act(py.view())


def _unported_frame(exc: NotPortedError) -> str:
    m = re.search(r"frame '([a-z_]+)'", str(exc))
    return m.group(1) if m else str(exc)


def _bot(kind: str, seed: int) -> _Chooser:
    """The chooser of one side: a seeded random player or a registered bot."""
    if kind == "random":
        return RandomPlayer(seed)
    if kind not in BOT_KINDS:
        raise InputError(f"unknown parity bot {kind!r} (choose from {', '.join(BOT_KINDS)})")
    from nuffle.agents.registry import make_agent

    return make_agent(kind, seed=seed)


def _with_extra_skills(py: Game, count: int, rng: random.Random) -> None:
    """About half the players of `py` get 1 to `count` random extra skills (of every LRB6 skill;
    under BB2020 of its skills with a handler, `teams_bb2020_match.handled_skills`)."""
    s = py.state
    every = list(handled_skills()) if s.rules.x_plus else sorted(LRB6_SKILLS, key=int)
    count = min(count, len(every))
    s.info = tuple(
        replace(p, skills=s.rules.skill_set(p.skills | frozenset(rng.sample(every, rng.randint(1, count)))))
        if rng.random() < 0.5 else p
        for p in s.info
    )


def parity_game(seed: int, board: int, home: str, away: str, actions: str = "all",
                max_steps: int = 5000, dice: str = "sampled", bots: str = "random", skills: int = 0,
                assisted: bool = False, wizards: bool = False,
                given: frozenset[Skill] = frozenset(), outcomes: float = OUTCOMES_SHARE,
                twins: float = TWINS_SHARE, ruleset: str = "lrb6") -> GameParity:
    """One game in lockstep on both engines (`dice`: see DICE_MODES; `bots`: BOT_KINDS;
    `skills`: up to that many random extra skills for about half the players; `assisted`:
    the match offers assisted moves; `wizards`: both teams induce a Wizard; `given`: skills
    every player has as well; `outcomes`: the share of decisions and chance nodes at which
    `outcomes()` is compared, drawn from a generator of its own so the game stays the same;
    `twins`: the share of decisions at which a C++ twin is compared, `parity_twins`, likewise;
    `ruleset`: the rules played, a draft included: `ruleset.draft_ruleset`; under
    BB2020, `home` and `away` are BB2020 teams with a pre-game drawn from `seed`: `bb2020_teams`)."""
    rec = GameParity(seed, board, home, away, given=tuple(sorted(s.name for s in given)))
    forced = dice == "forced"
    rules = draft_ruleset(ruleset)
    teams = bb2020_teams(home, away, wizards, given, seed) if rules is BB2020 \
        else teams_for(home, away, wizards, given)
    py = Game.new(*teams, seed=seed, board=board, engine="python", assisted_moves=assisted,
                  roller=ExplicitRoller() if forced else None, ruleset=rules)
    try:
        if skills > 0:  # the same players, skills and position on both engines
            _with_extra_skills(py, skills, random.Random(seed ^ 0x5C11))
            nat = NativeGame.from_state(py.state, explicit=forced)
        else:
            nat = NativeGame.start(*teams, seed=seed, board=board, assisted_moves=assisted,
                                   explicit=forced, ruleset=rules)
    except NotPortedError as exc:
        rec.outcome, rec.frame, rec.reason = "stopped_at_unported", _unported_frame(exc), str(exc)
        return rec
    except Exception as exc:  # any engine error is a divergence, reported
        rec.outcome, rec.diff = "diverged", f"start: {type(exc).__name__}: {exc}"
        return rec
    choosers = (_bot(bots, seed), _bot(bots, seed + 1))
    choosers[0].new_game(py.view(), 0)
    choosers[1].new_game(py.view(), 1)
    rng = random.Random(seed ^ 0x9A17)
    sampled = random.Random(seed ^ 0x0C7E)  # where outcomes() is compared
    twin_checks = TwinChecks(twins, random.Random(seed ^ 0x7712))
    rec.twin_checks = twin_checks.counts  # a Counter, filled as the game goes

    def choose(g: Game) -> Action:
        action = _choose(g, choosers[g.decider], rng, actions)
        if outcomes > 0 and sampled.random() < outcomes:
            rec.outcome_checks += 1
            problem = _compare_outcomes(rec.steps, py, nat, action)
            if problem is not None:
                raise _Diverged(problem)
        return action

    while True:
        try:
            problem = _compare(rec.steps, py, nat)
            if problem is None and py.decider == CHANCE:
                problem = _compare_chance(rec.steps, py, nat)
                rec.chance_nodes += 1
                if problem is None and outcomes > 0 and sampled.random() < outcomes:
                    rec.outcome_checks += 1
                    problem = _compare_outcomes(rec.steps, py, nat, None)
            elif problem is None:
                problem = twin_checks.compare(rec.steps, py, nat)
            if problem is None and not py.is_over and rec.steps < max_steps:
                step_both(py, nat, rng, choose)
                rec.steps += 1
                continue
        except NotPortedError as exc:
            rec.outcome, rec.frame, rec.reason = "stopped_at_unported", _unported_frame(exc), str(exc)
            return rec
        except (_Diverged, _Raised) as exc:
            problem = str(exc) if isinstance(exc, _Diverged) else f"step {rec.steps}: {exc}"
        except Exception as exc:  # any other error (of the comparison, a bot) is a divergence too
            problem = f"step {rec.steps}: {type(exc).__name__}: {exc}"
        if problem is not None:
            rec.outcome, rec.diff = "diverged", f"{problem}\n{_safe(py.board_text)}"
            rec.position = _safe(py.to_position)
            return rec
        if not py.is_over:
            rec.outcome = "step_limit"
        return rec


class _Diverged(NuffleError):
    """A difference found while choosing the step's action (its `outcomes()`)."""


def _safe(read: Callable[[], Any]) -> Any:
    """`read()`, or None where the Python game can no longer show itself."""
    try:
        return read()
    except Exception:
        return None


def race_pairs(count: int, seed: int, races_from: tuple[str, ...] = ()) -> list[tuple[str, str]]:
    """`count` (home, away) races from `races_from` (default: every race): every race plays home
    once, and away once, in each run of as many games as there are races (two independent
    seeded orders)."""
    keys = sorted(races_from or races())
    pick = random.Random(seed)
    homes, aways = keys[:], keys[:]
    pick.shuffle(homes)
    pick.shuffle(aways)
    return [(homes[i % len(keys)], aways[(i + 1) % len(keys)]) for i in range(count)]


@dataclass(frozen=True)
class GameSpec:
    """One game a run plays: its seed, board, races and the skills every player is given."""

    seed: int
    board: int
    home: str
    away: str
    given: frozenset[Skill] = frozenset()


def run_games(specs: list[GameSpec], on_game: Callable[[GameParity], None] | None = None,
              **options: Any) -> ParityReport:
    """Play `specs` in lockstep (`options`: `parity_game`'s), calling `on_game` after each;
    Ctrl-C ends the run with the games finished before it (`interrupted`)."""
    report = ParityReport(planned=len(specs))
    given = options.pop("given", frozenset())
    try:
        for spec in specs:
            report.games.append(parity_game(spec.seed, spec.board, spec.home, spec.away,
                                            given=given | spec.given, **options))
            if on_game is not None:
                on_game(report.games[-1])
    except KeyboardInterrupt:
        report.interrupted = True
    return report


def parity_specs(games: int, seed: int, boards: tuple[int, ...] = BOARDS,
                 races_from: tuple[str, ...] = ()) -> list[GameSpec]:
    """The games `run_parity` plays, in its order: `games` a board, the races dealt over all of
    them by `race_pairs` (a slice of the list is a shard of the same run)."""
    pairs = race_pairs(games * len(boards), seed, races_from)
    return [GameSpec(seed * 1000 + i, board, *pairs[b * games + i])
            for b, board in enumerate(boards) for i in range(games)]


def run_parity(games: int = 10, seed: int = 0, boards: tuple[int, ...] = BOARDS, actions: str = "all",
               max_steps: int = 5000, dice: str = "sampled", bots: str = "random", skills: int = 0,
               assisted: bool = False, wizards: bool = False, given: frozenset[Skill] = frozenset(),
               races_from: tuple[str, ...] = (), outcomes: float = OUTCOMES_SHARE,
               twins: float = TWINS_SHARE, ruleset: str = "lrb6",
               on_game: Callable[[GameParity], None] | None = None) -> ParityReport:
    """`games` lockstep games per board; the races dealt over all the games by `race_pairs`, so
    that 24 games or more play every race on both sides (other arguments: `parity_game`;
    `on_game`, Ctrl-C: `run_games`). Under BB2020 the races are BB2020's (`playable_races`:
    suggested teams with only skills the engines have; `teams_bb2020_match.default_match_team`)."""
    if ruleset == BB2020.name and not races_from:
        races_from = playable_races()
    specs = parity_specs(games, seed, boards, races_from)
    return run_games(specs, on_game, actions=actions, max_steps=max_steps, dice=dice, bots=bots,
                     skills=skills, assisted=assisted, wizards=wizards, given=given, outcomes=outcomes,
                     twins=twins, ruleset=ruleset)



# --- teams with inducements (the Wizard) and given skills; the races drawn from -------------


#: The values a BB2020 parity game deals a given skill with one (`skill_values`): the rosters'.
GIVEN_VALUES = {Skill.LONER: (2, 5), Skill.BLOOD_LUST: (2, 3), Skill.DIRTY_PLAYER: (1, 2),
                Skill.MIGHTY_BLOW: (1, 2)}


def given_values(team: TeamSpec, given: frozenset[Skill], rng: random.Random) -> TeamSpec:
    """`team` with each player's value of every given skill in `GIVEN_VALUES` drawn by `rng`."""
    valued = sorted(given & GIVEN_VALUES.keys())
    if not valued:
        return team
    players = tuple(replace(p, values=merged(p.values, {sk: rng.randint(*GIVEN_VALUES[sk]) for sk in valued}))
                    for p in team.players)
    return replace(team, players=players)


def bb2020_teams(home: str, away: str, wizards: bool, given: frozenset[Skill],
                 seed: int) -> tuple[TeamSpec, TeamSpec]:
    """The two BB2020 teams of a parity game (`default_match_team`, every player given `given`),
    each with a pre-game set-up drawn from `seed` (`teams_bb2020_pregame.with_setup`): a Fan
    Factor of D3 + its Dedicated Fans; with `wizards`, a Wizard and a random draw of the other
    inducements the match plays (Kegs, Bribes, Extra Team Training, a Master Chef, Wandering
    Apothecaries for a team allowed one, an Igor's counter, a Biased Referee, a Plague Doctor's KO
    cure, a Weather Mage) and up to three Prayers to Nuffle (`TeamSpec.prayers`) drawn from a
    generator of their own (the inducements stay the seed's). A given skill with a value
    (`GIVEN_VALUES`) gets a value drawn for each player from a third generator."""
    rng = random.Random(seed ^ 0xB2020)
    prng = random.Random(seed ^ 0x9A7E)
    vrng = random.Random(seed ^ 0x7A1E)
    table = [name for name, _ in BB2020.prayers]
    out = []
    for race in (home, away):
        team = given_values(default_match_team(race, given), given, vrng)
        induced = Inducements()
        if wizards:
            induced = Inducements(rng.randint(0, 2), rng.randint(0, 3), rng.randint(0, 4), rng.random() < 0.3,
                                  rng.random() < 0.3, rng.randint(0, 2) if team.apothecary else 0, True,
                                  rng.random() < 0.5, rng.random() < 0.5, rng.random() < 0.5)
        prayers = tuple(prng.sample(table, prng.randint(0, 3))) if wizards else ()
        out.append(replace(with_setup(team, SideSetup(rng.randint(1, 3) + team.fan_factor, induced)),
                           prayers=prayers))
    return out[0], out[1]


def teams_for(home: str, away: str, wizards: bool,
              skills: frozenset[Skill] = frozenset()) -> tuple[str | TeamSpec, str | TeamSpec]:
    """The two teams a parity game plays: the shipped teams of `home` and `away`, each with a
    Wizard induced if `wizards`, every player given `skills` as well."""
    if not wizards and not skills:
        return home, away

    def team(race: str) -> TeamSpec:
        t = default_team(race)
        players = tuple(replace(p, extra_skills=p.extra_skills | skills) for p in t.players)
        return replace(t, players=players, inducements=replace(t.inducements, wizard=wizards))

    return team(home), team(away)
