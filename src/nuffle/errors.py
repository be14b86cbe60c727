"""The exception hierarchy of the package: every error nuffle raises is a `NuffleError`.

Each concrete error also keeps the built-in base its callers already catch (`ValueError` for
bad input, `RuntimeError` for a state that cannot go on, ...), so `except ValueError` goes on
working while `except NuffleError` catches everything the package raises.

This module imports nothing, so every layer (the engine included) may raise from it; the
concrete errors of the layers (`IllegalActionError`, `EngineUnavailableError`, ...) are also
importable from here, loaded on first use.
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING, Any

__all__ = [
    "EngineUnavailableError",
    "IllegalActionError",
    "InputError",
    "InputTypeError",
    "MalformedActionError",
    "NuffleError",
    "PositionError",
    "StateError",
]

#: The errors of the layers, by the module that defines them (loaded on first use).
_LAYER_ERRORS = {
    "IllegalActionError": "nuffle.core.actions",
    "MalformedActionError": "nuffle.core.actions",
    "EngineUnavailableError": "nuffle.core.engines",
    "PositionError": "nuffle.core.position",
}

if TYPE_CHECKING:
    from nuffle.core.actions import IllegalActionError, MalformedActionError
    from nuffle.core.engines import EngineUnavailableError
    from nuffle.core.position import PositionError


class NuffleError(Exception):
    """Base of every error the nuffle package raises."""


class InputError(NuffleError, ValueError):
    """A bad value handed to nuffle (the message names it)."""


class InputTypeError(NuffleError, TypeError):
    """A value of the wrong type handed to nuffle (the message names it)."""


class StateError(NuffleError, RuntimeError):
    """Something cannot go on from where it is (a game that does not end, a dead worker, ...)."""


def __getattr__(name: str) -> Any:
    module = _LAYER_ERRORS.get(name)
    if module is None:
        raise AttributeError(f"module 'nuffle.errors' has no attribute {name!r}")
    return getattr(import_module(module), name)
