"""Probes: a skill given in turn, played where it matters, on both engines.

Random play seldom reaches the edge of a skill's rule (a pass thrown exactly three squares
from a Disturbing Presence, a Sprint player's third rush), so `nuffle parity --give-all` and
CI's every-skill run also play `probes`: positions built from `data/parity_probes.json` (the
actor free or in two tackle zones, the ball held or loose, opponents at the distances and of
the strength and armour the rules' edges sit at, a prone opponent), every player of both sides
given the skill. Each is explored on both engines at once, breadth first (`play_probe`): every
action of the actors at the turn's first decision, then a sample of each group of the next
decision's legal actions, then the decisions that go on with the same action, comparing at
every node the decider, decision, legal actions and position (`parity._compare`) and, for
every action, the exact distribution of `outcomes()` (each probability and next position).
"""

from __future__ import annotations

import json
from collections import Counter, deque
from dataclasses import dataclass, field
from functools import cache
from importlib import resources
from typing import Any

from nuffle.core.actions import Action, ActionChoice, ActionType
from nuffle.core.decision import DecisionKind
from nuffle.core.errors import NuffleError
from nuffle.core.game import Game
from nuffle.core.native_game import NativeGame
from nuffle.core.skills import Skill
from nuffle.core.types import CHANCE, Status
from nuffle.parity import _compare, _outcome_pairs, _Raised, _safe
from nuffle.testing import Scenario

PROBE_FILE = "parity_probes.json"
#: The actions of one group of a decision below the first whose outcomes are compared (`sample`).
PER_GROUP = 3
#: Below the decisions the actors' actions lead to, the decisions explored of each kind reached
#: by each type of action, and the depth (decisions from the probe's position) explored to.
DEEP_PER_KIND = 2
MAX_DEPTH = 5
#: Deeper decisions not explored: a move's further steps (the first decision's moves, assisted
#: along whole paths where the probe says, cover them).
_NOT_DEEPER = frozenset({(DecisionKind.MOVE, ActionType.MOVE)})

Slot = tuple[int, int]  # (side, n): the n-th player of that side in team-file order


@dataclass(frozen=True)
class Probe:
    """One position of the data file: who stands where, the ball, who acts."""

    name: str
    players: tuple[tuple[Slot, tuple[int, int], Status], ...]
    actors: tuple[Slot, ...]
    stats: tuple[tuple[Slot, tuple[tuple[str, int], ...]], ...] = ()  # changed ma, st, ag, av
    carrier: Slot | None = None
    ball: tuple[int, int] | None = None
    assisted: bool = False


@dataclass
class ProbeResult:
    """One probe played for one skill: the comparisons made and the first difference."""

    probe: str
    given: tuple[str, ...]
    home: str
    away: str
    checks: int = 0  # outcomes() compared
    nodes: int = 0  # decisions whose positions and legal actions were compared
    diff: str | None = None
    position: dict[str, Any] | None = None  # the Python position where the difference shows
    path: list[str] = field(default_factory=list)  # the actions from the probe's position to it

    def to_json(self) -> dict[str, Any]:
        """A JSON-ready dict."""
        return {"probe": self.probe, "given": list(self.given), "home": self.home, "away": self.away,
                "checks": self.checks, "nodes": self.nodes, "diff": self.diff, "path": self.path,
                "position": self.position}


@cache
def board() -> int:
    """The board the probes' squares are written for."""
    return int(_table()["board"])


@cache
def _table() -> dict[str, Any]:
    loaded: dict[str, Any] = json.loads(resources.files("nuffle.data").joinpath(PROBE_FILE).read_text())
    return loaded


def _slot(raw: list[int]) -> Slot:
    return int(raw[0]), int(raw[1])


@cache
def probes() -> tuple[Probe, ...]:
    """The probes of the data file."""
    out = []
    for p in _table()["probes"]:
        out.append(Probe(
            name=p["name"],
            players=tuple((_slot(s), (int(sq[0]), int(sq[1])), Status[st]) for s, sq, st, *_ in p["players"]),
            stats=tuple((_slot(s), tuple((k, int(v)) for k, v in rest[0].items()))
                        for s, _sq, _st, *rest in p["players"] if rest),
            actors=tuple(_slot(a) for a in p["actors"]),
            carrier=_slot(p["carrier"]) if "carrier" in p else None,
            ball=(int(p["ball"][0]), int(p["ball"][1])) if "ball" in p else None,
            assisted=bool(p.get("assisted", False))))
    return tuple(out)


def build(probe: Probe, home: str, away: str, given: frozenset[Skill]) -> tuple[Game, NativeGame]:
    """The probe's position, every player given `given`, side 0 at its turn's first decision:
    a Python game and a native game from the same state."""
    sc = Scenario(home, away, board=board(), assisted_moves=probe.assisted, engine="python")
    ids = {side: [p.pid for p in sc.state.info if p.team == side] for side in (0, 1)}
    for pid in range(len(sc.state.info)):
        sc.grant(pid, *given)
    for (side, n), square, status in probe.players:
        sc.put(ids[side][n], square, status)
    for (side, n), stats in probe.stats:
        sc.grant(ids[side][n], **dict(stats))
    if probe.carrier is not None:
        sc.give_ball(ids[probe.carrier[0]][probe.carrier[1]])
    elif probe.ball is not None:
        sc.ball_at(probe.ball)
    sc.set(turn=(1, 1))
    py = sc.start(active=0)
    return py, NativeGame.from_state(py.state.copy(), sc.config)


def _spread(items: list[Any], k: int) -> list[Any]:
    """Up to `k` of `items`, spread evenly (the first and the last among them)."""
    if len(items) <= k:
        return items
    if k == 1:
        return items[:1]
    return [items[round(i * (len(items) - 1) / (k - 1))] for i in range(k)]


def sample(group: ActionChoice, k: int = PER_GROUP, origin: tuple[int, int] | None = None) -> list[Action]:
    """Up to `k` actions of `group`: where they name squares and `origin` is given, the `k`
    nearest it (in the group's order where as near: the quick passes, the adjacent steps before
    an assisted move's far targets, whose odds the legal actions hold), else spread evenly over
    the group (its first and last among them)."""
    actions = list(group)
    if origin is not None and group.squares and len(actions) > k:
        ox, oy = origin
        return sorted(actions, key=lambda a: max(abs(a.square[0] - ox), abs(a.square[1] - oy))
                      if a.square is not None else 0)[:k]
    return _spread(actions, k)


class _Found(NuffleError):
    """A difference between the engines, with the path to it."""

    def __init__(self, diff: str, py: Game, path: list[str]) -> None:
        super().__init__(diff)
        self.py, self.path = py, path


def _outcomes(rec: ProbeResult, py: Game, nat: Game, action: Action,
              path: list[str]) -> list[tuple[Game, Game]]:
    rec.checks += 1
    where = [*path, str(action)]
    try:
        problem, pairs = _outcome_pairs(len(path), py, nat, action)
    except _Raised as exc:
        raise _Found(str(exc), py, where) from exc
    if problem is not None:
        raise _Found(problem, py, where)
    return pairs


def _node(rec: ProbeResult, py: Game, nat: Game, path: list[str]) -> None:
    rec.nodes += 1
    assert isinstance(nat, NativeGame)
    problem = _compare(len(path), py, nat)
    if problem is not None:
        raise _Found(problem, py, path)


def _origin(g: Game) -> tuple[int, int] | None:
    """Where the player the decision is about stands, if on the pitch."""
    pid = g.decision().player
    if pid is None or g.state.pos[pid] < 0:
        return None
    return g.state.board.xy(g.state.pos[pid])


def play_probe(probe: Probe, home: str, away: str, given: frozenset[Skill],
               per_group: int = PER_GROUP) -> ProbeResult:
    """Explore `probe` on both engines (the module's docstring): its result, `diff` set at the
    first difference (an exception of either engine is one), with the position and the path.

    Breadth first: the actors' actions at the first decision, every decision they lead to, then
    below those the decisions that go on with the same action (block dice, pushes, follow-ups,
    re-rolls...) but a move's further steps: of each action's outcomes `DEEP_PER_KIND` spread
    over them, and at most `DEEP_PER_KIND` of each kind of decision reached by each type of
    action, down to `MAX_DEPTH`."""
    rec = ProbeResult(probe.name, tuple(sorted(s.name for s in given)), home, away)
    try:
        py, nat = build(probe, home, away, given)
        ids = {side: [p.pid for p in py.state.info if p.team == side] for side in (0, 1)}
        actors = {ids[side][n] for side, n in probe.actors}
        seen: Counter[tuple[DecisionKind, ActionType]] = Counter()
        queue: deque[tuple[Game, Game, list[str]]] = deque([(py, nat, [])])
        while queue:
            ga, gb, path = queue.popleft()
            _node(rec, ga, gb, path)
            legal = ga.legal_actions()
            origin = _origin(ga)
            actions = ([a for a in legal if a.player in actors] if not path
                       else [a for group in legal.groups for a in sample(group, per_group, origin)])
            for action in actions:
                pairs = _outcomes(rec, ga, gb, action, path)
                if len(path) + 1 >= MAX_DEPTH:
                    continue
                for ca, cb in (pairs if not path else _spread(pairs, DEEP_PER_KIND)):
                    if ca.is_over or ca.decider == CHANCE:
                        continue
                    kind = ca.decision().kind
                    if path and (kind == DecisionKind.SELECT_ACTION or (kind, action.type) in _NOT_DEEPER):
                        continue  # the action is over (the next starts another), or a move goes on
                    if path:
                        seen[kind, action.type] += 1
                        if seen[kind, action.type] > DEEP_PER_KIND:
                            continue
                    queue.append((ca, cb, [*path, str(action)]))
    except _Found as exc:
        rec.diff, rec.path = str(exc), exc.path
        rec.position = _safe(exc.py.to_position)
    except Exception as exc:  # building the probe, or either engine, failed: a difference too
        rec.diff = f"{type(exc).__name__}: {exc}"
    return rec
