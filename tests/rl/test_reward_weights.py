"""`nuffle rl train --reward` takes event weights as well as a preset name (issue 54, item 15):
a JSON object given inline or in a .json file, computed in C++ by the batched environment.
Bad weights are one error line and exit 2, before any file is written."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

pytest.importorskip("torch")

from nuffle.cli import main
from nuffle.rl import checkpoint

WEIGHTS = {"touchdowns": 1.0, "touchdowns_against": -1.0, "casualties": 0.1}
QUICK = ["--board", "1", "--steps", "160", "--envs", "4", "--workers", "1", "--log-every", "80",
         "--no-progress"]


@pytest.mark.parametrize("form", ["inline", "file"])
def test_rl_train_takes_event_weights(tmp_path: Path, form: str) -> None:
    path = tmp_path / "weights.json"
    path.write_text(json.dumps(WEIGHTS))
    given = json.dumps(WEIGHTS) if form == "inline" else str(path)
    out = tmp_path / "run"
    assert main(["rl", "train", "--out", str(out), "--reward", given, *QUICK]) == 0
    saved = checkpoint.load(out / "last.pt")
    assert saved.config.reward == WEIGHTS and saved.steps >= 160


@pytest.mark.parametrize(("given", "named"), [
    ('{"touchdowns": "lots"}', "reward weight 'touchdowns' must be a finite number"),
    ('{"touchdowns": NaN}', "reward weight 'touchdowns' must be a finite number"),
    ('{"goals": 1}', "unknown reward event 'goals'"),
    ("[1, 2]", "JSON object of event weights"),
    ("{not json", "--reward"),
    ("nowhere.json", "nowhere.json"),
    ("shaped", "unknown reward preset 'shaped'"),
])
def test_bad_weights_are_one_line_and_exit_2(tmp_path: Path, given: str, named: str,
                                             capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "run"
    assert main(["rl", "train", "--out", str(out), "--reward", given, *QUICK]) == 2
    err = capsys.readouterr().err
    assert len(err.strip().splitlines()) == 1 and named in err, err
    assert not out.exists()
