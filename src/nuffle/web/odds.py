"""The odds the page draws on the board, computed from nuffle's pathfinder and odds toolkit.

`path_preview` gives every square a player can reach with its safest path, the D6 target of
each roll on the way and the path's success chance; `overlays` gives, for the decision now,
each block target's dice, chooser and knock-down chance and each pass target's range,
accuracy, catch and interception odds.
"""

from __future__ import annotations

from typing import Any

from nuffle.analysis import queries
from nuffle.analysis.pathfinding import Path, blitz_paths, search
from nuffle.core.actions import ActionType
from nuffle.core.decision import DecisionKind
from nuffle.core.errors import InputError
from nuffle.core.game import Game
from nuffle.core.procedures.block import block_dice
from nuffle.core.procedures.passing import interceptors, pass_range
from nuffle.core.types import Status

BAND_NAMES = {"Q": "quick", "S": "short", "L": "long", "B": "long bomb"}


def _path_json(path: Path) -> dict[str, Any]:
    return {
        "prob": path.prob,
        "steps": [[x, y, [[kind, need] for kind, need in rolls]] for (x, y), rolls in path.step_rolls],
        "moves": path.moves,
    }


def path_preview(game: Game, pid: int) -> dict[str, Any]:
    """Every square `pid` can reach now, keyed "x,y", each with its safest path.

    Moves already made count when `pid` is the acting player of the current decision."""
    s = game.state
    if isinstance(pid, bool) or not isinstance(pid, int) or not 0 <= pid < len(s.info):
        raise InputError(f"unknown player id {pid!r}")
    if s.pos[pid] < 0:
        raise InputError(f"player {pid} is not on the pitch")
    d = game.decision()
    moved = (d.moved or 0) if d.player == pid else 0
    paths = search(game, pid, moved).all()
    return {"player": pid, "paths": {f"{x},{y}": _path_json(p) for (x, y), p in paths.items()}}


def _blocks(game: Game, attacker: int, squares: tuple[tuple[int, int], ...]) -> list[dict[str, Any]]:
    s = game.state
    b = s.board
    out = []
    d = game.decision()
    far = blitz_paths(game, attacker, d.moved or 0) if squares else {}
    blitz = d.action == ActionType.START_BLITZ  # Horns, Juggernaut: the engine counts the Blitz
    for x, y in squares:
        defender = s.grid[b.sq(x, y)]
        if defender < 0:
            continue
        try:
            if b.distance(s.pos[attacker], b.sq(x, y)) <= 1:
                odds = queries.block_odds(game, attacker, defender, blitz=blitz)
                path_prob = 1.0
                dice, chooses = block_dice(s, attacker, defender, blitz)
            else:
                path = far.get((x, y))
                if path is None:
                    continue
                odds = queries.blitz_odds(game, attacker, defender, path.end)
                path_prob = path.prob
                there = s.copy()
                there.move_player(attacker, b.sq(*path.end))
                dice, chooses = block_dice(there, attacker, defender, True)
        except ValueError:
            continue
        out.append({
            "square": [x, y],
            "defender": defender,
            "dice": dice,
            "chooser": "attacker" if chooses else "defender",
            "knockdown": float(odds.defender_armour),
            "attacker_down": float(1 - odds.attacker_up),
            "path": path_prob,
        })
    return out


def _passes(game: Game, thrower: int, squares: tuple[tuple[int, int], ...]) -> list[dict[str, Any]]:
    s = game.state
    b = s.board
    side = s.pteam[thrower]
    tx, ty = b.xy(s.pos[thrower])
    out = []
    for x, y in squares:
        catcher = s.grid[b.sq(x, y)]
        if catcher < 0 or s.pteam[catcher] != side or s.status[catcher] != Status.STANDING:
            continue
        try:
            roll = queries.pass_odds(game, thrower, (x, y))
            catch = queries.catch_odds(game, catcher)
            cut = [float(queries.interception_odds(game, q, thrower, (x, y)))
                   for q in interceptors(s, thrower, b.sq(x, y))]
        except ValueError:
            continue
        out.append({
            "square": [x, y],
            "catcher": catcher,
            "range": BAND_NAMES.get(pass_range(x - tx, y - ty), "?"),
            "accurate": float(roll["accurate"]),
            "fumble": float(roll["fumble"]),
            "catch": float(catch),
            "interception": max(cut, default=0.0),
            "interceptors": len(cut),
        })
    return out


def _fouls(game: Game, fouler: int, squares: tuple[tuple[int, int], ...]) -> list[dict[str, Any]]:
    """Each adjacent foul target's odds (`queries.foul_odds`): armour broken, an injury worse
    than Stunned, a casualty, and the fouler sent off."""
    s = game.state
    b = s.board
    out = []
    for x, y in squares:
        victim = s.grid[b.sq(x, y)]
        if victim < 0 or b.distance(s.pos[fouler], b.sq(x, y)) > 1:
            continue
        try:
            odds = queries.foul_odds(game, fouler, victim)
        except ValueError:
            continue
        out.append({"square": [x, y], "victim": victim, "armour": float(odds["armour_broken"]),
                    "injury": float(odds["ko"] + odds["badly_hurt"] + odds["casualty"]),
                    "casualty": float(odds["badly_hurt"] + odds["casualty"]),
                    "sent_off": float(odds["sent_off"])})
    return out


def _handoffs(game: Game, squares: tuple[tuple[int, int], ...]) -> list[dict[str, Any]]:
    """Each hand-off target's catch chance (`queries.catch_odds`, a hand-off being accurate)."""
    s = game.state
    b = s.board
    out = []
    for x, y in squares:
        catcher = s.grid[b.sq(x, y)]
        if catcher < 0:
            continue
        try:
            catch = float(queries.catch_odds(game, catcher))
        except ValueError:
            continue
        out.append({"square": [x, y], "catcher": catcher, "catch": catch})
    return out


def overlays(game: Game) -> dict[str, Any]:
    """Block, pass, foul and hand-off odds for the acting player's targets (empty outside a
    player action)."""
    d = game.decision()
    out: dict[str, Any] = {"blocks": [], "passes": [], "fouls": [], "handoffs": []}
    if d.kind != DecisionKind.MOVE or d.player is None:
        return out
    legal = game.legal_actions()
    block = legal.group(ActionType.BLOCK)
    if block is not None:
        out["blocks"] = _blocks(game, d.player, block.squares)
    passing = legal.group(ActionType.PASS)
    if passing is not None:
        out["passes"] = _passes(game, d.player, passing.squares)
    foul = legal.group(ActionType.FOUL)
    if foul is not None:
        out["fouls"] = _fouls(game, d.player, foul.squares)
    handoff = legal.group(ActionType.HANDOFF)
    if handoff is not None:
        out["handoffs"] = _handoffs(game, handoff.squares)
    return out
