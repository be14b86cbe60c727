"""Readable text for the board and for actions."""

from __future__ import annotations

from nuffle.core.actions import Action, ActionType
from nuffle.core.state import GameState
from nuffle.core.types import SIDE_NAMES, BallState, Status, Weather

_LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"


def player_letter(s: GameState, pid: int) -> str:
    """One-letter tag of a player: home upper case, away lower case, in roster order."""
    first = s.team_players(s.pteam[pid]).start
    letter = _LETTERS[(pid - first) % 26]
    return letter if s.pteam[pid] == 0 else letter.lower()


def player_label(s: GameState, pid: int) -> str:
    """E.g. 'home #4 Ogre (D)'."""
    info = s.info[pid]
    return f"{SIDE_NAMES[info.team]} #{info.number} {info.position} ({player_letter(s, pid)})"


def board_text(s: GameState) -> str:
    """The pitch as text: letters for players (_ prone, z stunned, * ball), '.' empty."""
    b = s.board
    t0, t1 = s.teams
    lines = [
        f"Half {s.half}  turn {t0.turn}/{t1.turn}  score {t0.score}-{t1.score}  "
        f"weather {Weather(s.weather).name.lower().replace('_', ' ')}  "
        f"re-rolls {t0.rerolls}/{t1.rerolls}",
        "    " + "".join(f"{x:<3d}" for x in range(b.width)),
    ]
    for y in range(b.height):
        row = []
        for x in range(b.width):
            sq = b.sq(x, y)
            pid = s.grid[sq]
            has_ball = s.ball == sq and s.ball_state in (BallState.CARRIED, BallState.ON_GROUND)
            if pid >= 0:
                mark = {Status.PRONE: "_", Status.STUNNED: "z"}.get(Status(s.status[pid]), " ")
                cell = " " + player_letter(s, pid) + ("*" if has_ball else mark)
            else:
                cell = " * " if has_ball else " . "
            row.append(cell)
        lines.append(f"{y:>3} " + "".join(row))
    legend = []
    for pid in range(len(s.info)):
        where = "pitch" if s.pos[pid] >= 0 else Status(s.status[pid]).name.lower()
        legend.append(f"{player_letter(s, pid)}={s.info[pid].position}#{s.info[pid].number}({where})")
    lines.append("home: " + " ".join(x for x in legend if x[0].isupper()))
    lines.append("away: " + " ".join(x for x in legend if x[0].islower()))
    return "\n".join(lines)


def describe_action(s: GameState, action: Action) -> str:
    """A sentence for an action, e.g. 'START_BLITZ: home #1 Blitzer (A)'."""
    parts = [action.type.name]
    if action.player is not None and 0 <= action.player < len(s.info):
        parts.append(player_label(s, action.player))
    if action.square is not None:
        verb = "at" if action.type in (ActionType.BLOCK, ActionType.FOUL, ActionType.HANDOFF) else "to"
        parts.append(f"{verb} {action.square}")
    return " ".join([parts[0] + ":", *parts[1:]]) if len(parts) > 1 else parts[0]
