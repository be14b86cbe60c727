"""Which engine runs a match: the Python engine (the reference) or the native one (C++,
`nuffle._native`), chosen by `Game.new(..., engine=...)` or the `NUFFLE_ENGINE` variable.

The native extension is optional: an install without a working C++ compiler leaves it out and
records why (`_native_build_error.txt` beside the package); asking for it then raises an
`EngineUnavailableError` that says so. The extension holds the native engine (its building
blocks, the procedure loop and every procedure frame; `core/native_game.py`), which plays whole
matches. `NotPortedError` stays as the guard for a frame the Python engine gains before its
native port: such a game would stop with that one-line error naming the frame, its position
unchanged.
"""

from __future__ import annotations

import importlib
import os
from importlib import resources
from types import ModuleType

from nuffle.core.errors import InputError, StateError

PYTHON = "python"
NATIVE = "native"
ENGINES = (PYTHON, NATIVE)
ENV_VARIABLE = "NUFFLE_ENGINE"
_BUILD_NOTE = "_native_build_error.txt"


class EngineUnavailableError(InputError):
    """The engine asked for cannot run here (not built), or cannot go on (`NotPortedError`)."""


class EngineLimitError(StateError, ValueError):
    """An engine cannot go on: the native engine's fixed-size state cannot hold what the game
    needs next (a frame's list, the list pool, the stack or the crowd list is full; the lists
    are sized from the rules' worst case, data/frame_fields.json, so no legal game meets it),
    or either engine ran 200000 steps without a stop (an impossible position's stack)."""


class NotPortedError(EngineUnavailableError):
    """A native game reached a procedure frame the native engine has not ported (none today:
    the guard for a frame the Python engine gains before its port)."""


def resolve_engine(engine: str | None) -> str:
    """The engine to use: `engine` if given, else `NUFFLE_ENGINE`, else the Python engine.
    Raises InputError naming an unknown engine (and where the name came from)."""
    if engine is None:
        value = os.environ.get(ENV_VARIABLE, "").strip()
        if not value:
            return PYTHON
        if value not in ENGINES:
            raise InputError(f"unknown engine {value!r} in {ENV_VARIABLE}: choose 'python' or 'native'")
        return value
    if engine not in ENGINES:
        raise InputError(f"unknown engine {engine!r}: choose 'python' or 'native'")
    return engine


def _build_note() -> str | None:
    """The reason the install recorded for not building the extension, if it left one."""
    try:
        text = resources.files("nuffle").joinpath(_BUILD_NOTE).read_text().strip()
    except (OSError, ValueError):
        return None
    return " ".join(text.split()) or None


def native_module() -> ModuleType:
    """The compiled extension `nuffle._native`; raises EngineUnavailableError saying why it is
    missing."""
    try:
        module = importlib.import_module("nuffle._native")
    except ImportError as exc:
        why = _build_note() or f"nuffle._native cannot be imported ({exc})"
        raise EngineUnavailableError(
            f"the native engine is not built: {why}; install a C++20 compiler (g++) and reinstall "
            f"nuffle, or use engine='python'"
        ) from None
    return module


def native_available() -> bool:
    """Whether the compiled extension is importable here."""
    try:
        native_module()
    except EngineUnavailableError:
        return False
    return True


def check_engine(engine: str | None) -> str:
    """The engine a new game runs on; raises ValueError for an unknown name and
    EngineUnavailableError where the native engine is asked for but is not built."""
    name = resolve_engine(engine)
    if name == NATIVE:
        source = f" (asked for by {ENV_VARIABLE}=native)" if engine is None else ""
        try:
            module = native_module()
        except EngineUnavailableError as exc:
            raise EngineUnavailableError(f"{exc}{source}") from None
        if not getattr(module, "PLAYS_MATCHES", False):
            raise EngineUnavailableError(
                f"the native extension here is too old to play matches (rebuild it: pip install -e .)"
                f"{source}; use engine='python'"
            )
    return name
