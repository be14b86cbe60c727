"""Fixtures for the web app tests: an app on a temporary database and a random API player."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

pytest.importorskip("fastapi", reason="the web tests need the [web] extra")
pytest.importorskip("httpx", reason="the web tests need httpx (the [dev] extra)")

from fastapi.testclient import TestClient

from nuffle.web.app import create_app


@pytest.fixture
def db(tmp_path: Path) -> Path:
    return tmp_path / "games.sqlite3"


@pytest.fixture
def client(db: Path) -> Iterator[TestClient]:
    with TestClient(create_app(db)) as c:
        yield c
