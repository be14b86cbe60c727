"""The compiled extension for the native tests: skipped where it is not built, except where
NUFFLE_REQUIRE_NATIVE=1 (CI) makes a missing extension a failure."""

from __future__ import annotations

import os
from types import ModuleType

import pytest

from nuffle.core.engines import EngineUnavailableError, native_module


@pytest.fixture(scope="session")
def native() -> ModuleType:
    try:
        return native_module()
    except EngineUnavailableError as exc:
        if os.environ.get("NUFFLE_REQUIRE_NATIVE") == "1":
            pytest.fail(f"NUFFLE_REQUIRE_NATIVE=1 but {exc}")
        pytest.skip(str(exc))
