"""nuffle: a Blood Bowl (LRB6 / BB2016) rules engine and AI research framework.

The public API (docs/API.md) is importable from here (`from nuffle import Game, play`); each name
loads its module on first use, so `import nuffle` stays light and the Python engine needs only
the standard library and numpy. The environments need the `[gym]` extra, the tournament runner
and leagues their own modules; they load only when asked for.
"""

from __future__ import annotations

import importlib
import sys
from types import ModuleType
from typing import TYPE_CHECKING, Any

__version__ = "1.0.0.dev0"  # semantic versioning; pyproject.toml reads it from here

#: Every public name but `__version__`, by the module that defines it.
_EXPORTS = {
    # the game
    "Game": "nuffle.core.game",
    "MatchConfig": "nuffle.core.match_config",
    "Decider": "nuffle.core.types",
    "Outcome": "nuffle.core.records",
    "Transition": "nuffle.core.records",
    "Result": "nuffle.core.records",
    "Score": "nuffle.core.records",
    "HistoryEntry": "nuffle.core.records",
    "EntryKind": "nuffle.core.records",
    "TeamSpec": "nuffle.core.teams",
    "load_team": "nuffle.teams",
    # actions and decisions
    "Action": "nuffle.core.actions",
    "ActionType": "nuffle.core.actions",
    "ActionChoice": "nuffle.core.actions",
    "LegalActions": "nuffle.core.actions",
    "Decision": "nuffle.core.decision",
    "DecisionKind": "nuffle.core.decision",
    # dice
    "SampledRoller": "nuffle.core.dice",
    "ScriptedRoller": "nuffle.core.dice",
    "ExplicitRoller": "nuffle.core.dice",
    # errors (nuffle.errors has them all)
    "NuffleError": "nuffle.errors",
    "InputError": "nuffle.errors",
    "IllegalActionError": "nuffle.core.actions",
    "EngineUnavailableError": "nuffle.core.engines",
    # bots, the registry and the match loop
    "Agent": "nuffle.agents.base",
    "make_agent": "nuffle.agents.registry",
    "register": "nuffle.agents.registry",
    "agent_names": "nuffle.agents.registry",
    "play": "nuffle.play",
    # environments ([gym] extra)
    "BloodBowlEnv": "nuffle.envs.gym_env",
    "make_vector_env": "nuffle.envs.vector",
    # the odds toolkit
    "odds": "nuffle.analysis.notation",
    # tournaments and leagues
    "TournamentConfig": "nuffle.competition.config",
    "LeagueTeam": "nuffle.league.team",
}

#: Submodules reachable as attributes (`nuffle.errors`, ...).
_MODULES = ("errors",)

__all__ = [  # what _EXPORTS and _MODULES list, and __version__ (tests/api/test_public_api.py)
    "Action", "ActionChoice", "ActionType", "Agent", "BloodBowlEnv", "Decider", "Decision",
    "DecisionKind", "EngineUnavailableError", "EntryKind", "ExplicitRoller", "Game", "HistoryEntry",
    "IllegalActionError", "InputError", "LeagueTeam", "LegalActions", "MatchConfig", "NuffleError",
    "Outcome", "Result", "SampledRoller", "Score", "ScriptedRoller", "TeamSpec", "TournamentConfig",
    "Transition",
    "__version__", "agent_names", "errors", "load_team", "make_agent", "make_vector_env", "odds", "play",
    "register",
]

if TYPE_CHECKING:
    from nuffle import errors
    from nuffle.agents.base import Agent
    from nuffle.agents.registry import agent_names, make_agent, register
    from nuffle.analysis.notation import odds
    from nuffle.competition.config import TournamentConfig
    from nuffle.core.actions import Action, ActionChoice, ActionType, IllegalActionError, LegalActions
    from nuffle.core.decision import Decision, DecisionKind
    from nuffle.core.dice import ExplicitRoller, SampledRoller, ScriptedRoller
    from nuffle.core.engines import EngineUnavailableError
    from nuffle.core.game import Game
    from nuffle.core.match_config import MatchConfig
    from nuffle.core.records import EntryKind, HistoryEntry, Outcome, Result, Score, Transition
    from nuffle.core.teams import TeamSpec
    from nuffle.core.types import Decider
    from nuffle.envs.gym_env import BloodBowlEnv
    from nuffle.envs.vector import make_vector_env
    from nuffle.errors import InputError, NuffleError
    from nuffle.league.team import LeagueTeam
    from nuffle.play import play
    from nuffle.teams import load_team


def __getattr__(name: str) -> Any:
    if name in _MODULES:
        return importlib.import_module(f"nuffle.{name}")
    module = _EXPORTS.get(name)
    if module is None:
        raise AttributeError(f"module 'nuffle' has no attribute {name!r}")
    value = getattr(importlib.import_module(module), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted(__all__)


class _Package(ModuleType):
    """The package's module type: importing a submodule that shares an exported name
    (`nuffle.play`) binds the submodule on the package, which would hide the export; the
    export (the function `play`) stays what `nuffle.play` is."""

    def __setattr__(self, name: str, value: Any) -> None:
        if isinstance(value, ModuleType) and _EXPORTS.get(name) == value.__name__:
            value = getattr(value, name)
        super().__setattr__(name, value)


sys.modules[__name__].__class__ = _Package
