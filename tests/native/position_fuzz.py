"""Mutated positions for the position fuzz test (test_native_position_fuzz.py), and its worker.

`mutations(seed, count)` takes real positions (random games with random extra skills, stopped
at decisions and, with an explicit roller, at chance nodes) and changes one thing in each: a
player id, a square, an enum, a list's length, a counter, a value's type, the stack's depth or
a log entry. Run as a script (`python position_fuzz.py SEED COUNT`), it loads each on both
engines and, where one accepts it, plays a few steps; it prints one JSON line per position
(`{"i", "python", "native"}`, each 'ok', the error's class name, or 'ok/<error>' for an error
while playing), after a `{"start": i}` line, so that whoever runs it names the position that
killed it if the process dies.
"""

from __future__ import annotations

import copy
import json
import random
import sys
from collections.abc import Iterator
from typing import Any

from nuffle.core.dice import ExplicitRoller
from nuffle.core.game import Game
from nuffle.core.position_limits import layout
from nuffle.core.skills import LRB6_SKILLS
from nuffle.core.teams import races
from nuffle.random_player import RandomPlayer
from nuffle.testing import grant_random_skills

PLAY_STEPS = 12


def base_positions(seed: int, games: int = 4, every: int = 17) -> list[dict[str, Any]]:
    """Positions from random games (Python engine, random extra skills): at decisions and, in
    every other game (an explicit roller), at chance nodes too."""
    names = sorted(races())
    rng = random.Random(seed)
    out: list[dict[str, Any]] = []
    for g_i in range(games):
        explicit = g_i % 2 == 1
        game = Game.new(rng.choice(names), rng.choice(names), seed=seed * 100 + g_i,
                        roller=ExplicitRoller() if explicit else None)
        grant_random_skills(game, sorted(LRB6_SKILLS), 3, seed + g_i)
        bots = (RandomPlayer(seed + g_i), RandomPlayer(seed + g_i + 1))
        steps = 0
        while not game.is_over and steps < 1500:
            if steps % every == every - 1:
                out.append(game.to_position())
            if game.decider == 2:
                game.sample_chance()
            else:
                game.step(bots[game.decider].act(game.view()))
            steps += 1
    return out


def _leaves(v: Any, path: tuple[Any, ...] = ()) -> Iterator[tuple[tuple[Any, ...], Any]]:
    """Every (path, value) inside `v` (dicts by key, lists by index)."""
    yield path, v
    if isinstance(v, dict):
        for k, x in v.items():
            yield from _leaves(x, (*path, k))
    elif isinstance(v, list):
        for i, x in enumerate(v):
            yield from _leaves(x, (*path, i))


def _set(root: Any, path: tuple[Any, ...], value: Any) -> None:
    for k in path[:-1]:
        root = root[k]
    root[path[-1]] = value


def _odd_ints(pos: dict[str, Any], rng: random.Random) -> list[int]:
    n = len(pos["players"])
    size = len(pos["grid"])
    return [-32769, -5, -2, -1, 0, 1, 2, 3, n - 1, n, n + 1, 23, 31, 32, rng.randrange(n),
            rng.randrange(size), size - 1, size, 255, 256, 3000, 30000, 32767, 32768, 2**31, 2**64, 10**30]


def _frame_fields(pos: dict[str, Any]) -> list[tuple[tuple[Any, ...], str, str]]:
    """(path of the field's value, frame, field) of every stack frame field."""
    out = []
    for i, fr in enumerate(pos["stack"]):
        for name in fr["f"]:
            out.append((("stack", i, "f", name), fr["$f"], name))
    return out


def mutate(pos: dict[str, Any], rng: random.Random) -> tuple[str, dict[str, Any]]:
    """One random change of a copy of `pos`: (what was changed, the changed copy)."""
    p = copy.deepcopy(pos)
    odd = _odd_ints(p, rng)
    kind = rng.choice(("frame_int", "frame_int", "frame_list", "frame_enum", "int", "int", "enum",
                       "list", "type", "stack", "log", "pending", "cross", "cross"))
    fields = _frame_fields(p)
    if kind == "cross":
        return _cross(p, rng)
    if kind.startswith("frame") and fields:
        path, frame, name = rng.choice(fields)
        v = p["stack"][path[1]]["f"][name]
        cap = layout()["frames"][frame][name][1]
        if isinstance(v, list) or (isinstance(v, dict) and "$t" in v):
            items = v if isinstance(v, list) else v["$t"]
            how = rng.randrange(4)
            if how == 0:  # over capacity, or the end-of-drive worst case
                items.extend(rng.randrange(len(p["players"])) for _ in range(rng.choice((cap + 1, 22, 40))))
            elif how == 1 and items:
                items[rng.randrange(len(items))] = rng.choice(odd)
            elif how == 2:
                items.append(rng.choice(odd))
            else:
                items[:] = items[: rng.randrange(len(items) + 1)]
            return f"{frame}.{name} list", p
        if isinstance(v, dict) and "$e" in v:
            v["v"] = rng.choice(("NOPE", 999, -1, 0, "DECISION", 3))
            return f"{frame}.{name} enum", p
        _set(p, path, rng.choice(odd) if kind != "frame_enum" else rng.choice((True, None, "x", [1])))
        return f"{frame}.{name} = {p['stack'][path[1]]['f'][name]!r}", p
    leaves = [(path, v) for path, v in _leaves(p) if path and path[0] not in ("teams", "format", "version")]
    if kind == "int":
        ints = [(path, v) for path, v in leaves if type(v) is int]
        path, _ = rng.choice(ints)
        _set(p, path, rng.choice(odd))
        return f"{path} int", p
    if kind == "enum":
        enums = [(path, v) for path, v in leaves if isinstance(v, dict) and "$e" in v
                 and path[0] != "pending"]  # the dice the top frame asked for is not checked
        if enums:
            path, v = rng.choice(enums)
            v["v"] = rng.choice(("NOPE", 999, -1, 0, 5, "ROLL"))
            return f"{path} enum", p
    if kind == "list":
        lists = [(path, v) for path, v in leaves if isinstance(v, list) and path[0] != "stack"]
        path, v = rng.choice(lists)
        how = rng.randrange(3)
        if how == 0:
            v.extend([rng.choice(odd)] * rng.choice((1, 4, 40)))
        elif how == 1 and v:
            del v[rng.randrange(len(v)):]
        else:
            v.append(copy.deepcopy(v[0]) if v else 0)
        return f"{path} list", p
    if kind == "type":
        path, _ = rng.choice(leaves)
        _set(p, path, rng.choice((None, True, "x", 1.5, [], {}, {"$t": [1]}, {"$e": "Skill", "v": "BLOCK"})))
        return f"{path} type", p
    if kind == "stack":  # too deep, or a phase no frame has (a consistent stack is not checked)
        if rng.randrange(2):
            p["stack"].extend(copy.deepcopy(p["stack"][-1]) for _ in range(70))
            return "stack depth", p
        fr = rng.choice(p["stack"])
        fr["phase"] = rng.choice(("NOPE", 0, None))
        return "stack phase", p
    if kind == "log" and p["log"]:
        i = rng.randrange(len(p["log"]))
        p["log"][i] = rng.choice(([1, 2], {"$t": [1, 2, 3]}, {"$t": [{"$e": "Event", "v": "ROLL"}, 1, 2]},
                                  {"$t": [{"$e": "Event", "v": "ROLL"}, 1, 2, 40000]}, {"$t": [99, 1, 2, 3]},
                                  {"$t": ["x", 1, 2, 3]}, {"$t": [{"$e": "Event", "v": "ROLL"}, 1, None, 3]}))
        return "log", p
    if kind == "pending" and p["pending"] is not None:
        c = p["pending"]["$c"]
        field = rng.choice(("n", "purpose", "group"))  # the kind the top frame asked for is not checked
        c[field] = rng.choice((0, -1, 4, 256, "Nope", 99, True, {"$e": "Dice", "v": "BLOCK"}))
        return f"pending.{field}", p
    p["fans"][rng.randrange(2)] = rng.choice((-1, 32768, 10**30))
    return "fans", p


def _cross(p: dict[str, Any], rng: random.Random) -> tuple[str, dict[str, Any]]:
    """A change that keeps every field in range but breaks a rule between fields or frames
    (core/position_frames.py): a frame's player moved off the pitch or swapped for another, a
    side flipped, `kicking` or the decider flipped, another decision kind waiting."""
    on = [i for i, sq in enumerate(p["pos"]) if sq >= 0]
    off = [i for i, sq in enumerate(p["pos"]) if sq < 0]
    players = [(i, name) for i, fr in enumerate(p["stack"]) for name, (kind, _cap, role)
               in layout()["frames"][fr["$f"]].items()
               if role and role.startswith(("player", "side")) and kind not in ("list", "tuple")
               and isinstance(fr["f"][name], int) and fr["f"][name] >= 0]
    how = rng.randrange(4)
    if players and how < 2:
        i, name = players[-1] if rng.randrange(2) else rng.choice(players)  # the top frame's often
        fr = p["stack"][i]
        role = layout()["frames"][fr["$f"]][name][2]
        if role.startswith("side"):
            fr["f"][name] = 1 - fr["f"][name]
        elif how == 0 and off:
            fr["f"][name] = rng.choice(off)
        elif on:
            fr["f"][name] = rng.choice(on)
        return f"cross {fr['$f']}.{name} = {fr['f'][name]}", p
    if how == 2 and p["decider"] in (0, 1):
        if rng.randrange(2):
            p["decider"] = 1 - p["decider"]
            return "cross decider", p
        p["waiting"] = rng.randrange(1, 25)
        return f"cross waiting {p['waiting']}", p
    p["kicking"] = 1 - p["kicking"]
    return "cross kicking", p


def mutations(seed: int, count: int) -> list[tuple[str, dict[str, Any]]]:
    """`count` mutated positions (seeded)."""
    bases = base_positions(seed)
    rng = random.Random(seed)
    return [mutate(rng.choice(bases), rng) for _ in range(count)]


def verdict(position: dict[str, Any], engine: str, seed: int) -> str:
    """'ok' if `engine` loads the position and plays a few steps; else the error's class name
    (prefixed 'ok/' for one raised while playing)."""
    try:
        game = Game.from_position(position, engine=engine)
    except Exception as exc:
        return type(exc).__name__
    bot = RandomPlayer(seed)
    try:
        for _ in range(PLAY_STEPS):
            if game.is_over:
                break
            if game.decider == 2:
                game.sample_chance()
            else:
                game.step(bot.act(game.view()))
    except Exception as exc:
        return f"ok/{type(exc).__name__}: {exc}"
    return "ok"


def lockstep(position: dict[str, Any], seed: int) -> str:
    """Both engines from `position` in lockstep for `PLAY_STEPS` steps (a random player's
    actions, the dice from the position's generator): 'same', or where they first part
    ('-' where either refuses the position or raises: `verdict` says so)."""
    from nuffle.core.native_game import NativeGame
    from nuffle.core.native_state import state_data

    try:
        py = Game.from_position(position, engine="python")
        nat = Game.from_position(position, engine="native")
        assert isinstance(nat, NativeGame)
        bot = RandomPlayer(seed)
        for k in range(PLAY_STEPS + 1):
            if py.legal_actions() != nat.legal_actions() or state_data(py.state) != nat.data():
                return f"parted at step {k}"
            if py.is_over or k == PLAY_STEPS:
                return "same"
            if py.decider == 2:  # both from the position's generator
                if py.sample_chance() != nat.sample_chance():
                    return f"parted at step {k}: the dice"
            else:
                action = bot.act(py.view())
                py.step(action)
                nat.step(action)
    except Exception:
        return "-"
    return "same"


def main(seed: int, count: int) -> None:
    for i, (what, position) in enumerate(mutations(seed, count)):
        print(json.dumps({"start": i, "what": what}), flush=True)
        row = {"i": i, "what": what, "python": verdict(position, "python", i),
               "native": verdict(position, "native", i), "lockstep": lockstep(position, i)}
        print(json.dumps(row), flush=True)


if __name__ == "__main__":
    main(int(sys.argv[1]), int(sys.argv[2]))
