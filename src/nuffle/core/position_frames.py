"""Cross-field checks of a position's procedure stack: what the frames read of each other and of
the players, beyond each field's own range (position_limits).

Both engines stop only where these hold, and read them without checking again: the players the
frame on top of the stack acts with stand on the pitch (data/frame_fields.json's "on_pitch":
the acting player of a player action, a bomb's thrower, the mover of a move step, the player
rolling, the attacker and defender of a block or a Ball & Chain block, a Ball & Chain step's
player, the pushed player and his pusher, the player knocked down), since both engines read
their squares (an off-pitch square, -1, is read as a list's last item by Python and as memory
before the grid by C++: the two engines then part); a Diving Catch's player stands beside the
ball's square ("near"); a bomb's or pass's PASS roll is its thrower's ("rollers") and its
target within his range; the set-up a drive runs is the kicking side's first, then the
receiving side's (a `kicking` flipped under it leaves a coach to decide with no legal action).
`stack_problem` names the first that fails; `check_position` refuses it (one `PositionError`
line, the same for both engines, which load positions through it) and the conformance checker
tests it after every step of its games. `decision_problem` (on load only) asks the frame that
waits for a decision to list it: a position whose decision offers no action, or a choice of
player with no player (a bomb's thrower changed under it: the engines would roll an
interception for player -1), is refused too.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache
from importlib import resources

import nuffle.core.skill_rules  # noqa: F401  (defines the skills' procedure frames, and with them the rest)
from nuffle.core.actions import ActionType
from nuffle.core.procedures.base import FRAMES
from nuffle.core.procedures.bomb import Bomb
from nuffle.core.procedures.match import DrivePhase
from nuffle.core.procedures.passing import HAIL_MARY, Pass, band_between
from nuffle.core.procedures.rolls import PlayerRoll
from nuffle.core.procedures.setup import Setup
from nuffle.core.state import GameState
from nuffle.core.types import AWAY, HOME, RollKind, Status, other


@dataclass(frozen=True)
class _Rules:
    on_pitch: dict[str, tuple[str, ...]]  # frame -> the fields naming players on the pitch
    excepted: dict[tuple[str, str], frozenset[int]]  # (frame, field) -> the phases excepted
    near: dict[str, tuple[tuple[str, str], ...]]  # frame -> (player field, square field) pairs
    rollers: dict[str, dict[int, str]]  # frame -> RollKind -> the field naming who rolls it above


@cache
def _rules() -> _Rules:
    """data/frame_fields.json's cross-field rules, phases as their values."""
    data = json.loads(resources.files("nuffle.data").joinpath("frame_fields.json").read_text())
    excepted: dict[tuple[str, str], frozenset[int]] = {}
    for key, phases in data["on_pitch_except"].items():
        frame, _, name = key.partition(".")
        values = {FRAMES[frame].phases.value_of(p) for p in phases}
        excepted[frame, name] = frozenset(v for v in values if v is not None)
    return _Rules({frame: tuple(names) for frame, names in data["on_pitch"].items()}, excepted,
                  {frame: tuple((a, b) for a, b in pairs) for frame, pairs in data["near"].items()},
                  {frame: {int(RollKind[k]): name for k, name in kinds.items()}
                   for frame, kinds in data["rollers"].items()})


def stack_problem(s: GameState) -> str | None:
    """The first cross-field rule of the stack that `s` breaks (see the module), or None."""
    if not s.stack:
        return None
    rules = _rules()
    i = len(s.stack) - 1
    top = s.stack[i]
    for name in rules.on_pitch.get(top.frame, ()):
        pid = getattr(top, name)
        if not 0 <= pid < len(s.pos) or s.pos[pid] >= 0:
            continue  # none (-1), or on the pitch (an id out of range is position_limits')
        if top.phase in rules.excepted.get((top.frame, name), ()):
            continue
        return (f"'stack'[{i}] ({top.frame}).{name} is player {pid}, who is not on the pitch "
                f"({Status(s.status[pid]).name}), but the frame on top acts with him there")
    for name, square in rules.near.get(top.frame, ()):
        pid, sq = getattr(top, name), getattr(top, square)
        at = s.pos[pid] if 0 <= pid < len(s.pos) else -1
        if at < 0 or not 0 <= sq < len(s.grid) or s.board.distance(at, sq) > 1:
            return (f"'stack'[{i}] ({top.frame}).{name} is player {pid}, who does not stand on or "
                    f"next to its {square} {sq}")
    for j, p in enumerate(s.stack):  # a throw's target within its thrower's range
        if (isinstance(p, Pass) and p.throw != HAIL_MARY) or (isinstance(p, Bomb) and not p.hail_mary):
            thrower, target = p.thrower, p.target
            at = s.pos[thrower] if 0 <= thrower < len(s.pos) else -1
            if at >= 0 and 0 <= target < len(s.grid) and band_between(s, at, target) == "-":
                return (f"'stack'[{j}] ({p.frame}).target {target} is out of range of its thrower, "
                        f"player {thrower}")
    for j in range(1, len(s.stack)):
        below, p = s.stack[j - 1], s.stack[j]
        roller = rules.rollers.get(below.frame, {}).get(p.kind) if isinstance(p, PlayerRoll) else None
        if isinstance(p, PlayerRoll) and roller is not None and p.pid != getattr(below, roller):
            return (f"'stack'[{j}] (player_roll).pid is {p.pid}, but the {below.frame} below "
                    f"is {roller} {getattr(below, roller)}'s: its {RollKind(p.kind).name} roll is his")
        if isinstance(p, Setup) and below.frame == "drive":
            first = below.phase == DrivePhase.RECEIVING_SETUP
            want = s.kicking if first else other(s.kicking)
            side = p.side
            if side != want:
                return (f"'stack'[{j}] (setup).side is {side}, but the drive sets up the "
                        f"{'kicking' if first else 'receiving'} side {want} now ('kicking' is {s.kicking})")
    return None


def decision_problem(s: GameState) -> str | None:
    """Where a coach decides: the decision waiting must offer an action, and a choice of
    player (SELECT_PLAYER) a player to choose (a frame whose fields were changed under it, e.g.
    a bomb's thrower with no one placed to intercept, would ask for one it has not got); None
    when it does or nobody decides. The frame's `legal` is the Python engine's own listing."""
    if s.decider not in (HOME, AWAY) or not s.stack:
        return None
    top = s.stack[-1]
    where = f"'stack'[{len(s.stack) - 1}] ({top.frame})"
    try:
        legal = top.legal(s)
    except Exception as exc:  # a frame that cannot list its choices in this position
        return f"{where} cannot list its decision's actions here ({type(exc).__name__}: {exc})"
    if not legal.groups:
        return f"{where} asks side {s.decider} to decide, but offers no legal action"
    for g in legal.groups:
        if g.type == ActionType.SELECT_PLAYER and not g.players:
            return f"{where} asks side {s.decider} to select a player, but offers none"
    return None
