"""The error base classes, kept importable from here; they live in `nuffle.errors`."""

from __future__ import annotations

from nuffle.errors import InputError, InputTypeError, NuffleError, StateError

__all__ = ["InputError", "InputTypeError", "NuffleError", "StateError"]
