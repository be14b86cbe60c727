"""The ``nuffle football`` command line: match reports, errors, and human play."""

from __future__ import annotations

import builtins
import itertools
from pathlib import Path

import numpy as np
import pytest

from nuffle.cli import main
from nuffle.games.football_strategy.chart import load_chart


def test_match_reports_results_with_confidence_intervals(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code = main(["football", "match", "greedy", "random", "-n", "4", "--seed", "2"])
    out, err = capsys.readouterr()
    assert code == 0
    assert "greedy vs random: 4 games" in out
    assert "wins" in out and "draws" in out and "losses" in out
    assert "95% CI" in out and "points per game" in out
    assert "4/4" in err  # the progress bar


def test_match_accepts_config_and_chart(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    chart = tmp_path / "chart.csv"
    chart.write_text(load_chart().to_csv(), encoding="utf-8")
    code = main(
        [
            "football", "match", "nash", "greedy", "-n", "1", "--no-progress",
            "--chart", str(chart), "--config-a", "turnover_penalty=90",
        ]
    )  # fmt: skip
    out, err = capsys.readouterr()
    assert code == 0 and "nash vs greedy: 1 games" in out and err == ""


@pytest.mark.parametrize(
    ("extra", "message"),
    [
        (["--chart", "/no/such/chart.csv"], "No such file"),
        (["--config-a", "speed=3"], "bad setting 'speed=3'"),
        (["--config-b", "turnover_penalty=abc"], "is not a float"),
        (["--config-a", "turnover_penalty=10"], "turnover_penalty must exceed"),
        (["-n", "0"], "--games must be at least 1"),
    ],
)
def test_match_errors_are_reported_without_traceback(
    extra: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    code = main(["football", "match", "nash", "random", "--no-progress", *extra])
    _, err = capsys.readouterr()
    assert code == 2
    assert message in err and "Traceback" not in err


def test_malformed_chart_names_the_cell(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    lines = load_chart().to_csv().splitlines()
    lines[4] = lines[4].replace(",", ",X", 1)  # play 4, column A
    path = tmp_path / "bad.csv"
    path.write_text("\n".join(lines), encoding="utf-8")
    code = main(["football", "play", "--chart", str(path)])
    _, err = capsys.readouterr()
    assert code == 2 and "row 4 (play 4), column A" in err


def chaotic_player(seed: int) -> tuple[list[str], object]:
    """An input function that mixes nonsense with valid answers, recording prompts."""
    rng = np.random.default_rng(seed)
    prompts: list[str] = []
    answers = {
        "Formation?": ["n", "p", "f", "", "punt", "zzz", "7"],
        "Play?": [*map(str, range(1, 22)), "?", "0", "22", "abc", "-1"],
        "Defense?": [*"ABCDEFGHIJ", *"abcdefghij", "?", "K", "", "AB", "1"],
        "Clock": ["y", "n", "", "maybe"],
    }

    def ask(prompt: str) -> str:
        prompts.append(prompt)
        for key, options in answers.items():
            if prompt.startswith(key):
                return str(options[int(rng.integers(len(options)))])
        raise AssertionError(f"unexpected prompt {prompt!r}")

    return prompts, ask


def test_human_game_survives_bad_input(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    prompts, ask = chaotic_player(1)
    monkeypatch.setattr(builtins, "input", ask)
    code = main(["football", "play", "--agent", "nash", "--seed", "4"])
    out, err = capsys.readouterr()
    assert code == 0, err
    assert "Final: you" in out
    assert "Hint:" in out
    assert "Traceback" not in out + err
    # The display shows the clock, down and distance and the result of plays.
    assert "Q4" in out and "1st & 10" in out and "timeouts home" in out
    assert any(p.startswith("Play?") for p in prompts)
    assert any(p.startswith("Defense?") for p in prompts)


@pytest.mark.parametrize("answers", [["q"], [], ["x", "?", "quit"]])
def test_human_can_quit_or_close_input(
    answers: list[str], monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    feed = itertools.chain(answers)

    def ask(prompt: str) -> str:
        try:
            return next(feed)
        except StopIteration:
            raise EOFError from None

    monkeypatch.setattr(builtins, "input", ask)
    code = main(["football", "play", "--side", "away", "--seed", "1"])
    out, err = capsys.readouterr()
    assert code == 1 and "Game abandoned." in out and "Traceback" not in err


def test_missing_games_extra_is_explained(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    import importlib.util

    real = importlib.util.find_spec
    monkeypatch.setattr(
        importlib.util, "find_spec", lambda name, *a: None if name == "tqdm" else real(name, *a)
    )
    code = main(["football", "match", "nash", "random"])
    _, err = capsys.readouterr()
    assert code == 2 and "missing tqdm" in err and "nuffle[games]" in err
