"""The exception base of the package: every error nuffle raises is a `NuffleError`.

Each concrete error also keeps the built-in base its callers already catch (`ValueError` for
bad input, `RuntimeError` for a state that cannot go on, ...), so `except ValueError` goes on
working while `except NuffleError` catches everything the package raises.
"""

from __future__ import annotations

__all__ = ["InputError", "InputTypeError", "NuffleError", "StateError"]


class NuffleError(Exception):
    """Base of every error the nuffle package raises."""


class InputError(NuffleError, ValueError):
    """A bad value handed to nuffle (the message names it)."""


class InputTypeError(NuffleError, TypeError):
    """A value of the wrong type handed to nuffle (the message names it)."""


class StateError(NuffleError, RuntimeError):
    """Something cannot go on from where it is (a game that does not end, a dead worker, ...)."""
