"""The bot registry: names to factories, and bot specs with options (`mcts?seconds=1&rollouts=0`).

Every runner (play, series, ladder, tournament, web, the environments' opponents) creates bots
through `make_agent`, so all of them reach every bot the same way. A factory is any callable
taking `seed` plus keyword options; the options a factory accepts are read from its signature,
and text values are converted to the type of the option's default (int, float, bool or str).
"""

from __future__ import annotations

import importlib
import inspect
import json
from collections.abc import Callable
from importlib import resources
from typing import Any
from urllib.parse import parse_qsl

from nuffle.agents.base import Agent
from nuffle.core.errors import InputError

AgentFactory = Callable[..., Agent]
_REGISTRY: dict[str, AgentFactory] = {}

#: Built-in bots, imported on first use (each module registers itself).
_BUILTIN_MODULES = {
    "random": "nuffle.agents.random_bot",
    "scripted": "nuffle.agents.scripted",
    "mcts": "nuffle.agents.mcts",
    "lookahead": "nuffle.agents.mcts",
    "grod": "nuffle.agents.grod",
    "grod-rollouts": "nuffle.agents.grod",
    "endzone": "nuffle.agents.endzone",
    "champion": "nuffle.agents.champion",
}


def _plugins() -> dict[str, str]:
    """Bots of higher layers (a trained `policy`, which needs the [rl] extra), declared in
    `data/bot_plugins.json`: name -> the module that registers it."""
    raw = json.loads(resources.files("nuffle.data").joinpath("bot_plugins.json").read_text())
    return {k: v for k, v in raw.items() if not k.startswith("_")}


_BUILTIN_MODULES.update(_plugins())


def register(name: str, factory: AgentFactory) -> None:
    """Make a bot available by name; `factory(seed=..., **options)` builds it."""
    if not name or not name.replace("-", "").replace("_", "").isalnum():
        raise InputError(f"bot name {name!r} must be letters, digits, '-' or '_'")
    _REGISTRY[name] = factory


def _load(name: str) -> None:
    module = _BUILTIN_MODULES.get(name)
    if module is not None and name not in _REGISTRY:
        try:
            importlib.import_module(module)
        except ModuleNotFoundError as e:
            raise InputError(f"bot {name!r} needs {e.name!r}, which is not installed "
                             f"(install nuffle's extra for it, e.g. pip install -e '.[rl]')") from None


def agent_names() -> list[str]:
    """Names of every registered or built-in bot (built-in ones are not imported to list them)."""
    return sorted(set(_REGISTRY) | set(_BUILTIN_MODULES))


def parse_bot_spec(spec: str) -> tuple[str, dict[str, str]]:
    """Split `name?key=value&key=value` into the name and its raw options."""
    name, _, query = spec.partition("?")
    name = name.strip()
    if not name:
        raise InputError(f"bot spec {spec!r} has no bot name")
    options: dict[str, str] = {}
    if query:
        for key, value in parse_qsl(query, keep_blank_values=True, strict_parsing=False):
            if key in options:
                raise InputError(f"bot option {key!r} is given twice in {spec!r}")
            options[key] = value
        if not options:
            raise InputError(f"bot spec {spec!r} has a malformed option list after '?'")
    return name, options


def _convert(bot: str, key: str, value: str, default: Any) -> Any:
    kind = type(default)
    try:
        if kind is bool:
            low = value.lower()
            if low in ("1", "true", "yes", "on"):
                return True
            if low in ("0", "false", "no", "off"):
                return False
            raise ValueError
        if kind is int:
            return int(value)
        if kind is float:
            return float(value)
    except ValueError:
        raise InputError(f"bot {bot!r}: option {key}={value!r} is not a valid {kind.__name__}") from None
    return value


def bot_options(name: str) -> dict[str, Any]:
    """The options bot `name` accepts, with their defaults."""
    _load(name)
    factory = _factory(name)
    out: dict[str, Any] = {}
    for pname, param in inspect.signature(factory).parameters.items():
        if pname == "seed" or param.kind in (param.VAR_POSITIONAL, param.VAR_KEYWORD):
            continue
        out[pname] = None if param.default is param.empty else param.default
    return out


def _factory(name: str) -> AgentFactory:
    if name not in _REGISTRY:
        raise InputError(f"unknown bot {name!r}: choose one of {', '.join(agent_names())}")
    return _REGISTRY[name]


def make_agent(spec: str, seed: int = 0) -> Agent:
    """Create a bot from `name` or `name?key=value&...`; raises ValueError naming a bad part."""
    name, raw = parse_bot_spec(spec)
    _load(name)
    factory = _factory(name)
    accepted = bot_options(name)
    options: dict[str, Any] = {}
    for key, value in raw.items():
        if key not in accepted:
            known = ", ".join(sorted(accepted)) or "none"
            raise InputError(f"bot {name!r} has no option {key!r} (its options: {known})")
        options[key] = _convert(name, key, value, accepted[key])
    return factory(seed=seed, **options)


def validate_bot_spec(spec: str) -> None:
    """Raise ValueError if `spec` does not name a known bot with valid options."""
    make_agent(spec)


def agent_for_board(spec: str, board: int, seed: int = 0) -> Agent:
    """`make_agent(spec, seed)`, checked to play `board` (a policy plays only the board it was
    trained for); raises ValueError naming the spec and the board."""
    agent = make_agent(spec, seed)
    if agent.boards is not None and board not in agent.boards:
        plays = ", ".join(map(str, agent.boards))
        raise InputError(f"bot {spec!r} plays board {plays} only, not board {board}")
    agent.prepare(board)
    return agent
