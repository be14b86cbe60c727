"""The match report: the engine's events as readable lines in Blood Bowl's own words.

`MatchReport` watches a game step by step (`before` / `after`, or `step`) and turns the
engine's structured events (`GameState.log`, `nuffle.core.types.Event`) and the changes of the
position (turns, halves, weather, sendings-off, the final whistle) into `ReportEvent`s;
`render` writes each as one line. The web page, `nuffle play --log`, `nuffle replay --show` and
the competition reports all use it.
"""

from nuffle.report.events import MatchReport
from nuffle.report.model import EventKind, ReportEvent
from nuffle.report.text import Names, render

__all__ = ["EventKind", "MatchReport", "Names", "ReportEvent", "render"]
