"""The engine's internals are named: no bare phase numbers and no integer result register
(`s.ret` / `s.ret_die`) in `nuffle.core`."""

from __future__ import annotations

import re
from pathlib import Path

import nuffle.core
from nuffle.core.procedures.base import FRAMES, Phases
from nuffle.core.types import PF, PFlag

CORE = Path(nuffle.core.__file__).parent
# A phase (or its local copy `ph`) compared with, set to or tested against a literal number.
BARE_PHASE = re.compile(r"\b(?:phase|ph)\s*(?:[=!<>]=|[<>]|=(?!=)|\+=|-=|(?:not\s+)?in\s*[(\[])\s*\(?\s*\d")
# The old integer hand-over register, read or written.
REGISTER = re.compile(r"\.ret(?:_die)?\b")


def _offences(pattern: re.Pattern[str]) -> list[str]:
    out = []
    for path in sorted(CORE.rglob("*.py")):
        for n, line in enumerate(path.read_text().splitlines(), 1):
            code = line.split("#", 1)[0]
            if pattern.search(code):
                out.append(f"{path.relative_to(CORE)}:{n}: {line.strip()}")
    return out


def test_the_scan_finds_bare_phase_numbers() -> None:
    for line in ("if self.phase == 3:", "ph = self.phase = 12", "elif ph < 2:", "proc.phase = 99",
                 "if self.phase in (1, 2):", "self.phase += 1"):
        assert BARE_PHASE.search(line), line
    for line in ("if self.phase == BlockPhase.DICE:", "self.phase = MatchPhase.OVER", "ph = self.phase"):
        assert not BARE_PHASE.search(line), line


def test_no_bare_phase_numbers_in_the_engine() -> None:
    assert _offences(BARE_PHASE) == []


def test_every_frame_names_its_phases_and_starts_at_start() -> None:
    for frame, cls in FRAMES.items():
        assert issubclass(cls.phases, Phases), frame
        assert cls.phases.name_of(0) == "START", frame
        for name in cls.phases.names():
            assert cls.phases.name_of(cls.phases.value_of(name) or 0) == name or name == "START"


def test_the_scan_finds_the_old_register() -> None:
    for line in ("if not s.ret:", "s.ret = int(ok)", "is_fumble(s.ret_die, mod)", "q = state.ret - 1"):
        assert REGISTER.search(line), line
    for line in ("if not s.ok:", "s.last_die = self.die", "s.reactor = q", "return self.retry"):
        assert not REGISTER.search(line), line


def test_children_hand_results_back_in_named_fields_not_a_register() -> None:
    assert _offences(REGISTER) == []


# A player's flags combined with a literal number (`s.pflags[p] & 4`, `pflags[q] |= 1`, `~2`).
BARE_FLAG = re.compile(r"pflags\b[^#]*(?:[&|^]=?|~)\s*\(?\s*\d|\d\s*[&|^]\s*[\w.\[\]]*pflags\b")
# An IntFlag member in the engine's code (slow arithmetic: the engine uses `PF`'s ints).
INTFLAG_MEMBER = re.compile(r"\bPFlag\.[A-Z]")


def test_the_scan_finds_bare_flag_numbers() -> None:
    for line in ("if s.pflags[p] & 4:", "s.pflags[pid] |= 1", "pflags[q] = pflags[q] & ~2",
                 "if 8 & s.pflags[p]:"):
        assert BARE_FLAG.search(line), line
    for line in ("if s.pflags[p] & PF.USED:", "s.pflags[pid] |= PF.USED | PF.PLAYED",
                 "s.pflags = [0] * n", "pflags[q] &= ~PF.PER_TURN"):
        assert not BARE_FLAG.search(line), line


def test_no_bare_flag_numbers_in_the_engine() -> None:
    assert _offences(BARE_FLAG) == []


def test_the_engine_tests_flags_with_plain_ints() -> None:
    """`PFlag` names the flags for the API; the engine's code works on `PF`'s int copies."""
    offences = [o for o in _offences(INTFLAG_MEMBER) if not o.startswith(("types.py", "position"))]
    assert offences == []


def test_pf_mirrors_pflag() -> None:
    names = {n for n in vars(PF) if n.isupper()}
    assert names == set(PFlag.__members__)
    for name in names:
        value = getattr(PF, name)
        assert type(value) is int and value == PFlag[name]


def test_a_players_flags_are_the_named_intflag() -> None:
    from nuffle.testing import Scenario

    game = Scenario().put(0, (5, 5)).start(0)
    s = game.state
    s.pflags[0] = PF.USED | PF.DODGE_USED
    flags = s.flags(0)
    assert type(flags) is PFlag
    assert flags == PFlag.USED | PFlag.DODGE_USED and PFlag.USED in flags and PFlag.ROOTED not in flags
