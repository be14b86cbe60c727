"""Shared helpers for the environment tests (skipped without the [gym] extra)."""

import pytest

pytest.importorskip("gymnasium")
pytest.importorskip("pettingzoo")
