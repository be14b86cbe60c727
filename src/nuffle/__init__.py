"""nuffle: a Blood Bowl (LRB6 / BB2016) rules engine and AI research framework.

The names a user needs first are importable from here (`from nuffle import Game, play`); they
load on first use, so `import nuffle.core` stays free of the layers above the engine.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

__version__ = "1.0.0.dev0"  # semantic versioning; pyproject.toml reads it from here

_EXPORTS = {
    "Game": "nuffle.core.game",
    "MatchConfig": "nuffle.core.game",
    "Action": "nuffle.core.actions",
    "ActionType": "nuffle.core.actions",
    "IllegalActionError": "nuffle.core.actions",
    "Decision": "nuffle.core.decision",
    "DecisionKind": "nuffle.core.decision",
    "SampledRoller": "nuffle.core.dice",
    "ScriptedRoller": "nuffle.core.dice",
    "ExplicitRoller": "nuffle.core.dice",
    "Agent": "nuffle.agents.base",
    "make_agent": "nuffle.agents.registry",
    "register": "nuffle.agents.registry",
    "agent_names": "nuffle.agents.registry",
    "play": "nuffle.play",
}

__all__ = [
    "Action",
    "ActionType",
    "Agent",
    "Decision",
    "DecisionKind",
    "ExplicitRoller",
    "Game",
    "IllegalActionError",
    "MatchConfig",
    "SampledRoller",
    "ScriptedRoller",
    "__version__",
    "agent_names",
    "make_agent",
    "play",
    "register",
]

if TYPE_CHECKING:
    from nuffle.agents.base import Agent
    from nuffle.agents.registry import agent_names, make_agent, register
    from nuffle.core.actions import Action, ActionType, IllegalActionError
    from nuffle.core.decision import Decision, DecisionKind
    from nuffle.core.dice import ExplicitRoller, SampledRoller, ScriptedRoller
    from nuffle.core.game import Game, MatchConfig
    from nuffle.play import play


def __getattr__(name: str) -> Any:
    module = _EXPORTS.get(name)
    if module is None:
        raise AttributeError(f"module 'nuffle' has no attribute {name!r}")
    value = getattr(importlib.import_module(module), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted(__all__)
