"""A web game's policy loads only a bundled policy or a file of the server's models folder
(issue 54, item 18): a path anywhere else on the server is refused, and the refusal is the same
whether that path exists or not."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from nuffle.rl.checkpoint import bundled
from nuffle.web.models import MODELS_ENV


def _create(client: TestClient, home: str, board: int = 1) -> tuple[int, dict[str, object]]:
    r = client.post("/api/games", json={"mode": "botvbot", "home": home, "away": "orc:random", "board": board,
                                        "delay": 0})
    return r.status_code, r.json()


def test_a_server_path_as_model_is_refused_without_telling_what_exists(client: TestClient,
                                                                       tmp_path: Path) -> None:
    pytest.importorskip("torch")
    real = bundled("b1")
    assert real is not None
    folder = tmp_path / "run"
    folder.mkdir()
    replies = []
    for model in (str(real), str(folder), str(tmp_path / "missing.pt"), "/etc/passwd", "../b1.pt"):
        status, body = _create(client, f"human:policy?model={model}")
        assert status == 400, body
        replies.append(str(body["error"]).replace(model, "MODEL"))
    # one answer for an existing checkpoint, a folder, a missing file and a system file
    assert len(set(replies)) == 1 and "not one of this server's policies" in replies[0], replies


def test_bundled_names_and_the_models_folder_are_served(client: TestClient, tmp_path: Path,
                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    pytest.importorskip("torch")
    real = bundled("b1")
    assert real is not None
    status, _ = _create(client, "human:policy?model=b1")
    assert status == 200
    shutil.copy(real, tmp_path / "mine.pt")
    status, body = _create(client, "human:policy?model=mine.pt")
    assert status == 400, body  # no folder configured
    monkeypatch.setenv(MODELS_ENV, str(tmp_path))
    status, body = _create(client, "human:policy?model=mine.pt")
    assert status == 200, body
    assert body["id"]


def test_a_server_path_as_grod_values_is_refused_without_telling_what_exists(client: TestClient,
                                                                             tmp_path: Path) -> None:
    real = tmp_path / "tuned.json"
    real.write_text("{}")
    replies = []
    for values in (str(real), str(tmp_path), str(tmp_path / "missing.json"), "/etc/passwd", "../tuned.json"):
        status, body = _create(client, f"human:grod?values={values}")
        assert status == 400, body
        replies.append(str(body["error"]).replace(values, "FILE"))
    assert len(set(replies)) == 1 and "not one of this server's files" in replies[0], replies


def test_grod_values_of_the_models_folder_are_served(client: TestClient, tmp_path: Path,
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "tuned.json").write_text('{"cage": 7}')
    (tmp_path / "tuned.txt").write_text('{"cage": 7}')
    status, body = _create(client, "human:grod?values=tuned.json")
    assert status == 400, body  # no folder configured
    monkeypatch.setenv(MODELS_ENV, str(tmp_path))
    status, body = _create(client, "human:grod?values=tuned.txt")
    assert status == 400 and "values file" in str(body["error"]), body
    status, body = _create(client, "human:grod?values=tuned.json")
    assert status == 200, body
    assert body["id"]
