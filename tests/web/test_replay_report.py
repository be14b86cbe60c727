"""The replay viewer's match report for a record written before the engine logged where the ball
lands and bounces: the record still verifies and replays, and its frames tell the kick's landing
and the bounces in words."""

from __future__ import annotations

import json
import re
from pathlib import Path

from nuffle.web.replay import frames

GOLDEN = Path(__file__).parents[1] / "golden"


def test_an_older_record_replays_with_the_kick_and_the_bounces_in_words() -> None:
    record = json.loads((GOLDEN / "board-5.json").read_text())
    lines = [line for frame in frames(record)["frames"] for line in frame["report"]]
    kicks = [line for line in lines if line.startswith("The kick lands ")]
    halves = sum(line.endswith("half begins.") for line in lines)
    touchdowns = sum(line.startswith("Touchdown!") for line in lines)
    assert halves <= len(kicks) <= halves + touchdowns  # a kick a drive (none after a late touchdown)
    assert all(re.fullmatch(r"The kick lands (on \d+,\d+|out of the receiving half: a touchback)\.", k)
               for k in kicks)
    assert any(re.fullmatch(r"The ball bounces to \d+,\d+\.", line) for line in lines)
    assert lines[-1].startswith("Final whistle: ")
