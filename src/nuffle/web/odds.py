"""The odds the page draws on the board, computed from nuffle's pathfinder and odds toolkit.

`path_preview` gives every square a player can reach with its safest path, the D6 target of
each roll on the way and the path's success chance; `overlays` gives, for the decision now,
each block target's dice, chooser and knock-down chance, each pass target's range, accuracy,
catch and interception odds, and the foul, hand-off, Leap, Throw Team-Mate, Gaze and Chainsaw
targets' odds; `throw_landing` a thrown player's landing over the scatter and the whole throw.
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from typing import Any

from nuffle.analysis import chainsaw, queries, skill_odds, ttm_exact
from nuffle.analysis.blocks import BlockOdds, BlockResult
from nuffle.analysis.pathfinding import Path, search
from nuffle.core.actions import Action, ActionType
from nuffle.core.decision import DecisionKind
from nuffle.core.errors import InputError
from nuffle.core.game import Game
from nuffle.core.procedures.block_strength import block_dice
from nuffle.core.procedures.passing import interceptors, pass_range
from nuffle.core.skills import Skill
from nuffle.core.state import GameState
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


def _block_figures(odds: BlockOdds) -> dict[str, float]:
    """A block's figures: the clean knock-down (the defender down, the attacker standing),
    Both Down apart (both knocked down, both roll armour) and the attacker falling at all."""
    return {"knockdown": float(odds.defender_down),
            "both_down": float(odds.results.get(BlockResult.BOTH_DOWN, 0)),
            "attacker_down": float(1 - odds.attacker_up)}


def _block_there(game: Game, attacker: int, defender: int, path: Path) -> dict[str, Any]:
    """The block of `defender` by `attacker` from the end of `path`: its square, route, dice,
    chooser, its figures (`_block_figures`) and the chance of getting there."""
    s = game.state
    odds = queries.blitz_odds(game, attacker, defender, path.end)
    there = s.copy()
    if there.pos[attacker] != s.board.sq(*path.end):
        there.move_player(attacker, s.board.sq(*path.end))
    dice, chooses = block_dice(there, attacker, defender, True)
    return {"from": list(path.end), "steps": [list(sq) for sq in path.steps], "dice": dice,
            "chooser": "attacker" if chooses else "defender", **_block_figures(odds), "path": path.prob}


def _blocks(game: Game, attacker: int, squares: tuple[tuple[int, int], ...]) -> list[dict[str, Any]]:
    """Each block target's dice, chooser and odds. A target from afar (a blitz, `far`) names
    the square the engine would block him from, with the route there (`blitz_options` lists
    the others)."""
    s = game.state
    b = s.board
    out = []
    here = s.pos[attacker]
    d = game.decision()
    blitz = d.action == ActionType.START_BLITZ  # Horns, Juggernaut: the engine counts the Blitz
    # (the path search only when a target is out of reach: a plain block needs none)
    reach = any(b.distance(here, b.sq(x, y)) > 1 for x, y in squares)
    found = search(game, attacker, d.moved or 0) if reach else None
    far = found.blitz() if found is not None else {}
    for x, y in squares:
        defender = s.grid[b.sq(x, y)]
        if defender < 0:
            continue
        try:
            if b.distance(s.pos[attacker], b.sq(x, y)) <= 1:
                odds = queries.block_odds(game, attacker, defender, blitz=blitz)
                dice, chooses = block_dice(s, attacker, defender, blitz)
                out.append({"square": [x, y], "defender": defender, "dice": dice,
                            "chooser": "attacker" if chooses else "defender",
                            **_block_figures(odds), "path": 1.0})
                continue
            path = far.get((x, y))
            if path is None or found is None:
                continue
            best = _block_there(game, attacker, defender, path)
        except ValueError:
            continue
        out.append({"square": [x, y], "defender": defender, **best, "far": True})
    return out


def blitz_options(game: Game, target: tuple[int, int]) -> dict[str, Any]:
    """Every square next to the standing opponent on `target` that the acting blitzer could
    block him from, the engine's choice first, then by the chance of getting there: each with
    its route, dice, chooser and odds (`_block_there`). Asked for when a coach wants another
    square than the engine's (the state's overlays carry only the engine's)."""
    d = game.decision()
    s = game.state
    if d.kind != DecisionKind.MOVE or d.player is None or d.action != ActionType.START_BLITZ:
        raise InputError("there is no blitz to aim now")
    b = s.board
    if (not isinstance(target, tuple | list) or len(target) != 2
            or not all(type(v) is int for v in target) or not b.is_on(*target)):
        raise InputError(f"square {target!r} is not a square of the pitch")
    x, y = target
    defender = s.grid[b.sq(x, y)]
    if defender < 0:
        raise InputError(f"no player stands on {x},{y}")
    found = search(game, d.player, d.moved or 0)
    best = found.blitz().get((x, y))
    if best is None:
        raise InputError(f"the blitzer cannot block the player on {x},{y}")
    others = [_block_there(game, d.player, defender, p)
              for sq, p in found.blitz_squares((x, y)).items() if sq != best.end]
    others.sort(key=lambda o: (-o["path"], o["from"]))
    return {"square": [x, y], "defender": defender,
            "options": [_block_there(game, d.player, defender, best), *others]}


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
    """Each foul target's odds (`queries.foul_odds`; a Chainsaw wielder's with its kick-back
    first, `chainsaw.chainsaw_foul_odds`): armour broken, an injury worse than Stunned, a
    casualty, and the fouler sent off. A victim out of reach (an assisted foul)
    names the square the engine's path ends on, the route there and its chance (`far`), the
    odds counted from there, like a blitz from afar."""
    s = game.state
    b = s.board
    out = []
    far = None
    for x, y in squares:
        victim = s.grid[b.sq(x, y)]
        if victim < 0:
            continue
        entry: dict[str, Any] = {"square": [x, y], "victim": victim}
        there: Game | GameState = game
        if b.distance(s.pos[fouler], b.sq(x, y)) > 1:
            if far is None:
                far = search(game, fouler, game.decision().moved or 0).foul()
            path = far.get((x, y))
            if path is None:
                continue
            there = s.copy()
            if there.pos[fouler] != b.sq(*path.end):
                there.move_player(fouler, b.sq(*path.end))
            entry.update({"far": True, "from": list(path.end), "steps": [list(sq) for sq in path.steps],
                          "path": path.prob})
        try:
            if Skill.CHAINSAW in s.info[fouler].skills:  # the kick-back first: no foul on a 1
                odds = chainsaw.chainsaw_foul_odds(there, fouler, victim)
                entry.update({"kickback": float(odds["kickback"]), "fouler_down": float(odds["fouler_down"])})
            else:
                odds = queries.foul_odds(there, fouler, victim)
        except ValueError:
            continue
        entry.update({"armour": float(odds["armour_broken"]),
                      "injury": float(odds["ko"] + odds["badly_hurt"] + odds["casualty"]),
                      "casualty": float(odds["badly_hurt"] + odds["casualty"]),
                      "sent_off": float(odds["sent_off"])})
        out.append(entry)
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


def _plan(odds: skill_odds.PlanOdds) -> dict[str, Any]:
    return {"chance": float(odds.chance), "plan": odds.plan}


def _leaps(game: Game, pid: int, moved: int, squares: tuple[tuple[int, int], ...]) -> list[dict[str, Any]]:
    """Each Leap square's odds (`skill_odds.leap_odds`): the Leap roll, with the Going For It
    rolls it costs the whole leap, and with the pick-up there the whole step ("Leap here",
    like "Move here"); each with its plan for `nuffle odds`."""
    out = []
    for sq in squares:
        try:
            odds = skill_odds.leap_odds(game, pid, sq, moved)
        except ValueError:
            continue
        out.append({"square": list(sq), "leap": _plan(odds.leap), "total": _plan(odds.total),
                    "here": _plan(odds.here), "gfis": odds.gfis})
    return out


def _throws(game: Game, thrower: int, thrown: int,
            squares: tuple[tuple[int, int], ...]) -> list[dict[str, Any]]:
    """Each Throw Team-Mate target's odds (`skill_odds.throw_team_mate_odds`): the throw not
    fumbled, the landing roll there, and both."""
    out = []
    for sq in squares:
        try:
            odds = skill_odds.throw_team_mate_odds(game, thrower, thrown, sq)
        except ValueError:
            continue
        out.append({"square": list(sq), "thrown": thrown, "throw": _plan(odds.throw),
                    "landing": _plan(odds.landing), "total": _plan(odds.total)})
    return out


def throw_landing(game: Game, thrown: int, target: tuple[int, int]) -> dict[str, Any]:
    """The chance the acting thrower's team-mate `thrown`, thrown at `target`, lands standing
    once the throw flies: over the three scatters, exact (`ttm_exact.landing_over_scatter`);
    and the whole throw from the roll on (`whole`, "Throw here": `ttm_exact.whole_throw`); each
    null when its outcomes are too many to explore.
    Asked for on hover (it explores the engine's outcomes: about a second with a re-roll)."""
    d = game.decision()
    if d.kind != DecisionKind.MOVE or d.player is None or d.action != ActionType.START_THROW_TEAM_MATE:
        raise InputError("there is no Throw Team-Mate to aim now")
    b = game.state.board
    if (not isinstance(target, tuple | list) or len(target) != 2
            or not all(type(v) is int for v in target) or not b.is_on(*target)):
        raise InputError(f"square {target!r} is not a square of the pitch")
    if isinstance(thrown, bool) or not isinstance(thrown, int) or not 0 <= thrown < len(game.state.info):
        raise InputError(f"unknown player id {thrown!r}")
    sq = (target[0], target[1])
    if Action(ActionType.THROW_TEAM_MATE, thrown, sq) not in game.legal_actions():
        raise InputError(f"player {d.player} cannot throw player {thrown} to {sq} now")
    return {"square": list(target), "thrown": thrown,
            "lands": _explored(ttm_exact.landing_over_scatter, game, d.player, thrown, sq),
            "whole": _explored(ttm_exact.whole_throw, game, d.player, thrown, sq)}


#: the most outcomes of one chance node a throw figure explores for the page (a hover waits)
THROW_STATES = 20_000


def _explored(figure: Callable[[Game, int, int, tuple[int, int], int], Fraction], game: Game, thrower: int,
              thrown: int, sq: tuple[int, int]) -> float | None:
    """An exact throw figure, or None when the engine's outcomes are too many to explore (a
    crowded landing zone: more than THROW_STATES outcomes of one chance node)."""
    try:
        return float(figure(game, thrower, thrown, sq, THROW_STATES))
    except InputError:
        return None


def _chainsaws(game: Game, pid: int, squares: tuple[tuple[int, int], ...]) -> list[dict[str, Any]]:
    """Each Chainsaw target's odds (`chainsaw.chainsaw_odds`): the hit, the kick-back, the
    victim down and a casualty, the wielder down (kicked back, or a failed GFI first)."""
    s = game.state
    d = game.decision()
    gfi = d.action == ActionType.START_BLITZ and (d.moved or 0) >= s.info[pid].ma
    out = []
    for x, y in squares:
        victim = s.grid[s.board.sq(x, y)]
        try:
            odds = chainsaw.chainsaw_odds(game, pid, victim, gfi=gfi)
        except ValueError:
            continue
        out.append({"square": [x, y], "victim": victim, "gfi": gfi, "hit": float(odds["hit"]),
                    "kickback": float(odds["kickback"]), "victim_down": float(odds["victim_down"]),
                    "casualty": float(odds["badly_hurt"] + odds["casualty"]),
                    "attacker_down": float(odds["attacker_down"] + odds["fell"]),
                    "wasted": float(odds["wasted"])})
    return out


def _gazes(game: Game, pid: int, squares: tuple[tuple[int, int], ...]) -> list[dict[str, Any]]:
    """Each Hypnotic Gaze target's chance (`skill_odds.gaze_odds`)."""
    s = game.state
    out = []
    for x, y in squares:
        target = s.grid[s.board.sq(x, y)]
        try:
            odds = skill_odds.gaze_odds(game, pid, target)
        except ValueError:
            continue
        out.append({"square": [x, y], "target": target, **_plan(odds)})
    return out


def overlays(game: Game) -> dict[str, Any]:
    """Block, pass, foul, hand-off, Leap, Throw Team-Mate, Hypnotic Gaze and Chainsaw odds for
    the acting player's targets (empty outside a player action)."""
    d = game.decision()
    out: dict[str, Any] = {"blocks": [], "passes": [], "fouls": [], "handoffs": [],
                           "leaps": [], "throws": [], "gazes": [], "chainsaws": []}
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
    leap = legal.group(ActionType.LEAP)
    if leap is not None:
        out["leaps"] = _leaps(game, d.player, d.moved or 0, leap.squares)
    for grp in legal.groups:
        if grp.type == ActionType.THROW_TEAM_MATE:
            for thrown in grp.players:
                out["throws"].extend(_throws(game, d.player, thrown, grp.squares))
    gaze = legal.group(ActionType.HYPNOTIC_GAZE)
    if gaze is not None:
        out["gazes"] = _gazes(game, d.player, gaze.squares)
    saw = legal.group(ActionType.CHAINSAW)
    if saw is not None:
        out["chainsaws"] = _chainsaws(game, d.player, saw.squares)
    return out
