"""The parity harness: the Python and native engines in lockstep from the same seed.

At every step both games are compared (decider, decision record, legal actions in order, the
whole position as `native_state.state_data`, which holds the stack, the pending chance event
and the generator); the same action, chosen by a seeded random player, is applied to both. A
game ends complete, at its first divergence (with a readable diff), or where the native engine
reaches a frame it has not ported yet (`stopped_at_unported`, counted by frame id), so the
coverage figures are honest. `nuffle parity` prints the summary or its JSON.
"""

from __future__ import annotations

import argparse
import random
import re
from collections import Counter
from dataclasses import dataclass, field, replace
from typing import Any

from nuffle.core.actions import Action, ActionType
from nuffle.core.dice import ExplicitRoller
from nuffle.core.engines import NotPortedError
from nuffle.core.game import Game
from nuffle.core.native_game import NativeGame
from nuffle.core.native_state import state_data
from nuffle.core.skills import Skill
from nuffle.core.teams import TeamSpec, default_team, races
from nuffle.core.types import CHANCE
from nuffle.random_player import RandomPlayer

BOARDS = (1, 3, 5, 7, 11)
#: `actions` choices: every legal action, or player actions restricted to moves (no blocks,
#: passes, fouls...) so that movement, ball and injury are exercised end to end early.
ACTION_SETS = ("all", "moves")
#: `dice` choices: sampled from the state's generator (as a match plays), or forced: every
#: chance node stops (explicit roller) and one of its grouped outcomes is picked uniformly,
#: so rare results (casualties, apothecaries, double ones) come up often.
DICE_MODES = ("sampled", "forced")
_MOVES_ONLY = {ActionType.START_MOVE, ActionType.END_TURN}


@dataclass
class GameParity:
    """One lockstep game: where it ended and how far the engines agreed."""

    seed: int
    board: int
    home: str
    away: str
    steps: int = 0
    outcome: str = "complete"  # complete, stopped_at_unported, diverged, step_limit
    frame: str | None = None  # the unported frame it stopped at
    reason: str | None = None  # the engine's whole message (what of the frame is missing)
    diff: str | None = None  # the first divergence, readable

    def to_json(self) -> dict[str, Any]:
        """A JSON-ready dict."""
        return {"seed": self.seed, "board": self.board, "home": self.home, "away": self.away,
                "steps": self.steps, "outcome": self.outcome, "frame": self.frame, "reason": self.reason,
                "diff": self.diff}


@dataclass
class ParityReport:
    """The summary of a parity run."""

    games: list[GameParity] = field(default_factory=list)

    @property
    def steps(self) -> int:
        """Steps matched over all games."""
        return sum(g.steps for g in self.games)

    @property
    def divergences(self) -> list[GameParity]:
        """Games whose engines disagreed."""
        return [g for g in self.games if g.outcome == "diverged"]

    def unported(self) -> dict[str, int]:
        """Games stopped per unported frame id."""
        return dict(Counter(g.frame for g in self.games if g.outcome == "stopped_at_unported" and g.frame))

    def to_json(self) -> dict[str, Any]:
        """A JSON-ready summary (`games`, `steps`, `divergences` and the per-game records)."""
        return {
            "games": len(self.games),
            "steps": self.steps,
            "complete": sum(1 for g in self.games if g.outcome == "complete"),
            "stopped_at_unported": self.unported(),
            "divergences": len(self.divergences),
            "step_limit": sum(1 for g in self.games if g.outcome == "step_limit"),
            "records": [g.to_json() for g in self.games],
        }

    def text(self) -> str:
        """A readable summary, with the first divergence's diff."""
        j = self.to_json()
        lines = [f"{j['games']} games, {j['steps']} steps matched: {j['complete']} complete, "
                 f"{j['divergences']} diverged, {j['step_limit']} at the step limit",
                 "stopped at unported frames: "
                 + (", ".join(f"{k} {v}" for k, v in sorted(j["stopped_at_unported"].items())) or "none")]
        for g in self.divergences[:1]:
            lines.append(f"first divergence: seed {g.seed} board {g.board} ({g.home} v {g.away})")
            lines.append(g.diff or "")
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


def _choose(py: Game, bot: RandomPlayer, rng: random.Random, actions: str) -> Action:
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


def parity_game(seed: int, board: int, home: str, away: str, actions: str = "all",
                max_steps: int = 5000, dice: str = "sampled", wizards: bool = False,
                skills: frozenset[Skill] = frozenset()) -> GameParity:
    """One game in lockstep on both engines (`dice`: see DICE_MODES; `wizards`: both teams
    induce a Wizard; `skills`: every player has them too)."""
    rec = GameParity(seed, board, home, away)
    forced = dice == "forced"
    teams = teams_for(home, away, wizards, skills)  # p3
    py = Game.new(*teams, seed=seed, board=board, engine="python",
                  roller=ExplicitRoller() if forced else None)
    try:
        nat = NativeGame.start(*teams, seed=seed, board=board, explicit=forced)
    except NotPortedError as exc:
        rec.outcome, rec.frame, rec.reason = "stopped_at_unported", _unported_frame(exc), str(exc)
        return rec
    bots = (RandomPlayer(seed), RandomPlayer(seed + 1))
    bots[0].new_game(py.view(), 0)
    bots[1].new_game(py.view(), 1)
    rng = random.Random(seed ^ 0x9A17)
    while True:
        try:
            problem = _compare(rec.steps, py, nat)
        except NotPortedError as exc:
            rec.outcome, rec.frame, rec.reason = "stopped_at_unported", _unported_frame(exc), str(exc)
            return rec
        if problem is not None:
            rec.outcome, rec.diff = "diverged", problem
            return rec
        if py.is_over:
            return rec
        if rec.steps >= max_steps:
            rec.outcome = "step_limit"
            return rec
        try:
            if py.decider == CHANCE:
                options = py.chance_outcomes()
                outcome = options[rng.randrange(len(options))][0]
                py.apply_chance(outcome)
                nat.apply_chance(outcome)
            else:
                action = _choose(py, bots[py.decider], rng, actions)
                py.step(action)
                nat.step(action)
        except NotPortedError as exc:
            rec.outcome, rec.frame, rec.reason = "stopped_at_unported", _unported_frame(exc), str(exc)
            return rec
        rec.steps += 1


def run_parity(games: int = 10, seed: int = 0, boards: tuple[int, ...] = BOARDS, actions: str = "all",
               max_steps: int = 5000, dice: str = "sampled", wizards: bool = False,
               skills: frozenset[Skill] = frozenset(), races_from: tuple[str, ...] = ()) -> ParityReport:
    """`games` lockstep games per board, races drawn from every race (or `races_from`) by a
    seeded generator."""
    keys = sorted(races_from or races())
    report = ParityReport()
    pick = random.Random(seed)
    for board in boards:
        for i in range(games):
            home, away = pick.choice(keys), pick.choice(keys)
            report.games.append(parity_game(seed * 1000 + i, board, home, away, actions, max_steps, dice,
                                            wizards, skills))
    return report


# --- p3: teams with inducements (the Wizard) ---------------------------------------------------


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


def _skills(text: str) -> frozenset[Skill]:
    """`--skills`' value: skill names separated by commas (any case)."""
    try:
        return frozenset(Skill[w.strip().upper().replace(" ", "_")] for w in text.split(",") if w.strip())
    except KeyError as exc:
        raise argparse.ArgumentTypeError(f"unknown skill {exc.args[0]!r}") from None


def _races(text: str) -> tuple[str, ...]:
    """`--races`' value: race keys separated by commas."""
    keys = tuple(w.strip() for w in text.split(",") if w.strip())
    unknown = [k for k in keys if k not in races()]
    if unknown or not keys:
        raise argparse.ArgumentTypeError(f"unknown race {unknown[0] if unknown else text!r}: choose among "
                                         + ", ".join(sorted(races())))
    return keys


def _cmd(args: Any) -> int:
    import json

    from nuffle.core.engines import native_module

    native_module()  # a one-line error where the extension is not built
    boards = BOARDS if args.board is None else (args.board,)
    report = run_parity(args.games, args.seed, boards, args.actions, args.max_steps, args.dice,
                        args.wizards, args.skills, args.races)
    print(json.dumps(report.to_json(), indent=2) if args.json else report.text())
    return 1 if report.divergences else 0


def register(sub: Any) -> None:
    """Add `nuffle parity` to the CLI's subcommands."""
    p = sub.add_parser("parity", help="both engines in lockstep: steps matched, divergences, unported frames")
    p.add_argument("--games", type=int, default=10, help="games per board (default 10)")
    p.add_argument("--seed", type=int, default=0, help="seed of the run (default 0)")
    p.add_argument("--board", type=int, choices=BOARDS, help="one board (default: every board)")
    p.add_argument("--actions", choices=ACTION_SETS, default="all",
                   help="'moves': player actions restricted to moves (default all)")
    p.add_argument("--dice", choices=DICE_MODES, default="sampled",
                   help="'forced': pick every chance outcome uniformly among its results (default sampled)")
    p.add_argument("--max-steps", type=int, default=5000,
                   help="steps per game before it is cut (default 5000)")
    p.add_argument("--json", action="store_true", help="print JSON (games, steps, divergences, records)")
    # p3: inducements, extra skills, races
    p.add_argument("--wizards", action="store_true", help="both teams induce a Wizard")
    p.add_argument("--skills", type=_skills, default=frozenset(),
                   help="skills every player is given as well, e.g. ANIMOSITY or STAB,STAKES")
    p.add_argument("--races", type=_races, default=(),
                   help="the races drawn from, e.g. orc,goblin,underworld (default: all)")
    p.set_defaults(func=_cmd)
