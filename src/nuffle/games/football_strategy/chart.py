"""The play chart: 20 offensive plays by 10 defences, each cell one outcome.

A chart is a CSV file: a header ``play,A,B,...,J`` and 20 rows whose first field is the play
number 1-20. Lines starting with ``#`` are comments. Cell codes (case-insensitive):

* ``7``, ``-3`` - the ball carrier gains (or loses) that many yards;
* ``INC`` - incomplete pass;
* ``F<n>`` - fumble lost, the defence recovers ``n`` yards from the line of scrimmage;
* ``I<n>`` - interception, the defence takes over ``n`` yards downfield (after any return);
* ``ITD`` - interception returned for a touchdown;
* ``OP<n>`` - offensive penalty of 5, 10 or 15 yards, the down is replayed;
* ``DP<n>`` - defensive penalty of 5, 10 or 15 yards, first down if it reaches the line;
* ``PI<n>`` - pass interference: the ball is spotted ``n`` yards on, automatic first down.
"""

from __future__ import annotations

import csv
import enum
import functools
import io
import re
from dataclasses import dataclass
from importlib import resources
from pathlib import Path

from nuffle.errors import NuffleError

NUM_PLAYS = 20
NUM_DEFENSES = 10
DEFENSE_LETTERS = "ABCDEFGHIJ"
#: Plays 1..LAST_RUN_PLAY are runs; the rest are passes.
LAST_RUN_PLAY = 10

PLAY_NAMES: tuple[str, ...] = (
    "Dive",
    "Line Plunge",
    "Off Tackle",
    "Trap",
    "Counter",
    "Draw",
    "Pitch",
    "Sweep",
    "Option",
    "Reverse",
    "Screen",
    "Swing",
    "Flat",
    "Slant",
    "Hook",
    "Crossing",
    "Sideline",
    "Play Action",
    "Post",
    "Bomb",
)

DEFENSE_NAMES: tuple[str, ...] = (
    "Goal Line",
    "Run Blitz",
    "Stack",
    "Run Front",
    "Balanced",
    "Zone Blitz",
    "Short Zone",
    "Man",
    "Nickel",
    "Prevent",
)

MAX_GAIN = 99
MIN_GAIN = -20
PENALTY_YARDS = (5, 10, 15)


class OutcomeKind(enum.Enum):
    """What kind of result a chart cell describes."""

    GAIN = "gain"
    INCOMPLETE = "incomplete"
    FUMBLE = "fumble"
    INTERCEPTION = "interception"
    INTERCEPTION_TD = "interception_td"
    OFFENSIVE_PENALTY = "offensive_penalty"
    DEFENSIVE_PENALTY = "defensive_penalty"
    PASS_INTERFERENCE = "pass_interference"


@dataclass(frozen=True)
class Outcome:
    """One chart result: its kind and the yards it carries (0 where none apply)."""

    kind: OutcomeKind
    yards: int = 0

    @property
    def is_turnover(self) -> bool:
        """True for fumbles and interceptions (the defence gets the ball)."""
        return self.kind in (
            OutcomeKind.FUMBLE,
            OutcomeKind.INTERCEPTION,
            OutcomeKind.INTERCEPTION_TD,
        )

    @property
    def code(self) -> str:
        """The chart code of this outcome, as written in a CSV file."""
        prefix = {
            OutcomeKind.GAIN: "",
            OutcomeKind.FUMBLE: "F",
            OutcomeKind.INTERCEPTION: "I",
            OutcomeKind.OFFENSIVE_PENALTY: "OP",
            OutcomeKind.DEFENSIVE_PENALTY: "DP",
            OutcomeKind.PASS_INTERFERENCE: "PI",
        }
        if self.kind is OutcomeKind.INCOMPLETE:
            return "INC"
        if self.kind is OutcomeKind.INTERCEPTION_TD:
            return "ITD"
        return f"{prefix[self.kind]}{self.yards}"

    def describe(self) -> str:
        """A short human-readable description."""
        return _describe(self)


@functools.cache
def _describe(outcome: Outcome) -> str:
    """Text of an outcome (cached: the agents resolve the same outcomes many times)."""
    texts = {
        OutcomeKind.GAIN: f"{'gain' if outcome.yards >= 0 else 'loss'} of {abs(outcome.yards)}",
        OutcomeKind.INCOMPLETE: "incomplete pass",
        OutcomeKind.FUMBLE: f"FUMBLE lost at {outcome.yards:+d}",
        OutcomeKind.INTERCEPTION: f"INTERCEPTED at {outcome.yards:+d}",
        OutcomeKind.INTERCEPTION_TD: "INTERCEPTED and returned for a touchdown",
        OutcomeKind.OFFENSIVE_PENALTY: f"offensive penalty, {outcome.yards} yards",
        OutcomeKind.DEFENSIVE_PENALTY: f"defensive penalty, {outcome.yards} yards",
        OutcomeKind.PASS_INTERFERENCE: f"pass interference, {outcome.yards} yards",
    }
    return texts[outcome.kind]


class ChartError(NuffleError, ValueError):
    """A chart file or cell is malformed."""


_CELL = re.compile(r"^(?P<prefix>OP|DP|PI|F|I)?(?P<yards>[+-]?\d+)$")


def cell_name(play: int, defense: int) -> str:
    """Name a cell for messages, e.g. ``row 7 (play 7), column C``."""
    return f"row {play} (play {play}), column {DEFENSE_LETTERS[defense]}"


def parse_cell(text: str, play: int = 1, defense: int = 0) -> Outcome:
    """Parse one cell code; ``play`` (1-20) and ``defense`` (0-9) only name the cell in errors."""
    code = text.strip().upper()
    where = cell_name(play, defense)
    if code == "INC":
        return Outcome(OutcomeKind.INCOMPLETE)
    if code == "ITD":
        return Outcome(OutcomeKind.INTERCEPTION_TD)
    match = _CELL.match(code)
    if match is None:
        raise ChartError(
            f"chart cell at {where}: {text!r} is not a valid outcome "
            "(expected yards like 7 or -3, INC, F<n>, I<n>, ITD, OP<n>, DP<n> or PI<n>)"
        )
    yards = int(match["yards"])
    prefix = match["prefix"]
    if prefix in ("OP", "DP"):
        if yards not in PENALTY_YARDS:
            raise ChartError(f"chart cell at {where}: penalty {text!r} must be 5, 10 or 15 yards")
        kind = OutcomeKind.OFFENSIVE_PENALTY if prefix == "OP" else OutcomeKind.DEFENSIVE_PENALTY
        return Outcome(kind, yards)
    if prefix == "PI" and not 1 <= yards <= MAX_GAIN:
        raise ChartError(f"chart cell at {where}: pass interference {text!r} must be 1-99 yards")
    if not MIN_GAIN <= yards <= MAX_GAIN:
        raise ChartError(
            f"chart cell at {where}: {text!r} has yards outside {MIN_GAIN}..{MAX_GAIN}"
        )
    kinds = {
        None: OutcomeKind.GAIN,
        "F": OutcomeKind.FUMBLE,
        "I": OutcomeKind.INTERCEPTION,
        "PI": OutcomeKind.PASS_INTERFERENCE,
    }
    return Outcome(kinds[prefix], yards)


@dataclass(frozen=True)
class Chart:
    """A validated 20x10 chart; ``cells[play - 1][defense]`` is an Outcome."""

    cells: tuple[tuple[Outcome, ...], ...]
    source: str = "<memory>"

    def outcome(self, play: int, defense: int) -> Outcome:
        """The outcome of offensive play ``play`` (1-20) against defence index ``defense``."""
        return self.cells[play - 1][defense]

    @functools.cached_property
    def cell_ids(self) -> tuple[tuple[int, ...], ...]:
        """Per cell, the index of its outcome in :attr:`outcome_list` (for fast lookups)."""
        index = {outcome: i for i, outcome in enumerate(self.outcome_list)}
        return tuple(tuple(index[cell] for cell in row) for row in self.cells)

    @functools.cached_property
    def outcome_list(self) -> tuple[Outcome, ...]:
        """The distinct outcomes in order of first appearance."""
        return tuple(dict.fromkeys(cell for row in self.cells for cell in row))

    def distinct_outcomes(self) -> set[Outcome]:
        """Every different outcome that appears in the chart."""
        return {cell for row in self.cells for cell in row}

    def to_csv(self) -> str:
        """Serialise the chart in the CSV format that :func:`parse_chart` reads."""
        out = io.StringIO()
        writer = csv.writer(out, lineterminator="\n")
        writer.writerow(["play", *DEFENSE_LETTERS])
        for play, row in enumerate(self.cells, start=1):
            writer.writerow([play, *(cell.code for cell in row)])
        return out.getvalue()


def parse_chart(text: str, source: str = "<string>") -> Chart:
    """Parse and validate chart CSV text; raise ChartError naming the offending row or cell."""
    lines = [
        line for line in text.splitlines() if line.strip() and not line.lstrip().startswith("#")
    ]
    rows = list(csv.reader(lines))
    if not rows:
        raise ChartError(f"{source}: chart is empty")
    header = [field.strip().upper() for field in rows[0]]
    expected = ["PLAY", *DEFENSE_LETTERS]
    if header != expected:
        raise ChartError(f"{source}: header must be {','.join(expected)!r}, got {rows[0]!r}")
    body = rows[1:]
    if len(body) != NUM_PLAYS:
        raise ChartError(f"{source}: chart must have {NUM_PLAYS} play rows, got {len(body)}")
    cells: list[tuple[Outcome, ...]] = []
    for play, fields in enumerate(body, start=1):
        if len(fields) != NUM_DEFENSES + 1:
            raise ChartError(
                f"{source}: row {play} must have {NUM_DEFENSES + 1} fields "
                f"(play number and columns A-J), got {len(fields)}"
            )
        if fields[0].strip() != str(play):
            raise ChartError(
                f"{source}: row {play} must start with play number {play}, got {fields[0]!r}"
            )
        try:
            cells.append(tuple(parse_cell(fields[d + 1], play, d) for d in range(NUM_DEFENSES)))
        except ChartError as exc:
            raise ChartError(f"{source}: {exc}") from None
    return Chart(tuple(cells), source)


def load_chart(path: str | Path | None = None) -> Chart:
    """Load a chart CSV file, or the chart shipped with nuffle when ``path`` is None."""
    if path is None:
        resource = resources.files("nuffle").joinpath("data", "football_strategy", "chart.csv")
        return parse_chart(resource.read_text(encoding="utf-8"), "nuffle default chart")
    file = Path(path)
    return parse_chart(file.read_text(encoding="utf-8"), str(file))
