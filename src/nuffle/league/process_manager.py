"""A manager that is another program, in any language, speaking the manager protocol
(`nuffle.league.protocol`) on its stdin and stdout: `process?command=PROGRAM ARGS`. One process
serves one match's decisions (hello ... bye). A program that answers badly (an answer that
breaks the protocol, an option index out of range), too late or not at all gets the documented
penalty, noted in the match's post-match report: it is not asked again in that match, and every
decision left takes the null answer (the first legal improvement, keep the winnings roll, hire
no Journeyman, fire nobody, buy nothing, induce nothing), one the program could have given
itself, so misbehaving never does better than answering."""

from __future__ import annotations

import json
import os
import selectors
import shlex
import shutil
import subprocess
from collections.abc import Sequence
from typing import IO, Any

from nuffle.league.inducing import Induce
from nuffle.league.management import Purchase
from nuffle.league.manager import DefaultManager, ManagerError, register_manager
from nuffle.league.protocol import (
    WINNINGS_OPTIONS,
    ManagerProtocolError,
    hello,
    improvement_request,
    inducements_request,
    journeymen_request,
    parse_choice,
    parse_inducements,
    parse_keep,
    parse_ready,
    parse_roster,
    roster_request,
    winnings_request,
)
from nuffle.league.team import Improvement, LeaguePlayer, LeagueTeam

TIMEOUT = 10.0  # seconds for each answer
PENALTY = "first legal improvement, keep, no Journeymen, fire nobody, buy nothing, induce nothing"


class ProcessManager:
    """Decisions from an external program; the default manager's when it fails."""

    def __init__(self, seed: int = 0, command: str = "", timeout: float | str = TIMEOUT) -> None:
        if not command.strip():
            raise ManagerError("the process manager needs a command: process?command=PROGRAM ARGS")
        self.argv = shlex.split(command)
        self.seed = seed
        try:  # an option of the spec arrives as text (process?command=...&timeout=5)
            self.timeout = float(timeout)
        except ValueError:
            raise ManagerError("the process manager's timeout must be a number of seconds, "
                               f"not {timeout!r}") from None
        if not self.timeout > 0:
            raise ManagerError(f"the process manager's timeout must be positive, not {timeout!r}")
        self.notes: list[str] = []
        self.fallback = DefaultManager(seed)  # only for the optional decisions it does not ask for
        self._proc: subprocess.Popen[bytes] | None = None
        self._failed = False
        self._id = 0
        self._pending: tuple[list[int], list[Purchase]] | None = None
        self._decisions: frozenset[str] = frozenset()  # the optional decisions it answers

    def check(self) -> None:
        """Start the program, greet it and end it; ManagerError naming what went wrong (a
        program that is not there, one that does not answer `hello` with `ready`)."""
        program = self.argv[0]
        found = shutil.which(program) if os.sep not in program else (
            program if os.access(program, os.X_OK) and os.path.isfile(program) else None)
        if found is None:
            raise ManagerError(f"manager program {program!r} is not an executable file "
                               "(process?command=PROGRAM ARGS)")
        try:
            self._start()
        except (OSError, ManagerProtocolError, TimeoutError) as exc:
            raise ManagerError(f"manager program {shlex.join(self.argv)!r} does not answer hello with "
                               f"ready: {exc}") from None
        finally:
            self.close()

    def _start(self) -> None:
        self._proc = subprocess.Popen(self.argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                      stderr=subprocess.DEVNULL)
        self._decisions = parse_ready(self._ask(hello("league", self.seed)))

    def _ask(self, message: dict[str, Any]) -> dict[str, Any]:
        proc = self._proc
        assert proc is not None and proc.stdin is not None and proc.stdout is not None
        proc.stdin.write((json.dumps(message) + "\n").encode())
        proc.stdin.flush()
        line = _read_line(proc.stdout, self.timeout)
        try:
            msg = json.loads(line.decode("utf-8"))
        except (json.JSONDecodeError, UnicodeDecodeError):
            raise ManagerProtocolError(f"not a JSON object: {line[:60]!r}") from None
        if not isinstance(msg, dict):
            raise ManagerProtocolError("a message must be a JSON object")
        return msg

    def _call(self, message: dict[str, Any]) -> dict[str, Any] | None:
        """Send a request and return the answer, or None after a failure (noted)."""
        if self._failed:
            return None
        try:
            if self._proc is None:
                self._start()
            return self._ask(message)
        except (OSError, ManagerProtocolError, TimeoutError) as exc:
            self._fail(f"manager program failed ({exc})")
            return None

    def _fail(self, why: str) -> None:
        """The penalty: note `why`, end the program, and give null answers from now on."""
        self._failed = True
        self.notes.append(f"{why}; it is not asked again this match (null answers: {PENALTY})")
        self.close()

    def choose_improvement(self, team: LeagueTeam, player: LeaguePlayer, roll: tuple[int, int],
                           options: Sequence[Improvement]) -> Improvement:
        self._id += 1
        answer = self._call(improvement_request(self._id, team, player, roll, options))
        if answer is not None:
            try:
                return options[parse_choice(answer, self._id, len(options))]
            except ManagerProtocolError as exc:
                self._fail(f"{player.name}: bad improvement answer ({exc})")
        return options[0]

    def _roster(self, team: LeagueTeam) -> tuple[list[int], list[Purchase]]:
        self._id += 1
        answer = self._call(roster_request(self._id, team))
        if answer is not None:
            try:
                return parse_roster(answer, self._id)
            except ManagerProtocolError as exc:
                self._fail(f"bad roster answer ({exc})")
        return [], []

    def inducements(self, team: LeagueTeam, opponent: LeagueTeam, budget: int,
                    offer: Sequence[tuple[Induce, int]]) -> list[Induce]:
        self._id += 1
        answer = self._call(inducements_request(self._id, team, opponent, budget, offer))
        if answer is not None:
            try:
                return parse_inducements(answer, self._id)
            except ManagerProtocolError as exc:
                self._fail(f"bad inducements answer ({exc})")
        return []

    def _wants(self, decision: str) -> bool | None:
        """Whether the program answers `decision` (one it listed in `ready`); starts it. None
        once it has failed (the penalty's null answer applies)."""
        if self._failed:
            return None
        if self._proc is None:
            try:
                self._start()
            except (OSError, ManagerProtocolError, TimeoutError) as exc:
                self._fail(f"manager program failed ({exc})")
                return None
        return decision in self._decisions

    def reroll_winnings(self, team: LeagueTeam, roll: int, winnings: int) -> bool:
        wants = self._wants("winnings")
        if wants is None:
            return False
        if not wants:
            return self.fallback.reroll_winnings(team, roll, winnings)
        self._id += 1
        answer = self._call(winnings_request(self._id, team, roll, winnings))
        if answer is not None:
            try:
                return WINNINGS_OPTIONS[parse_choice(answer, self._id, len(WINNINGS_OPTIONS))] == "reroll"
            except ManagerProtocolError as exc:
                self._fail(f"bad winnings answer ({exc})")
        return False

    def keep_journeymen(self, team: LeagueTeam, journeymen: Sequence[LeaguePlayer], cost: int) -> list[int]:
        wants = self._wants("journeymen")
        if wants is None:
            return []
        if not wants:
            return self.fallback.keep_journeymen(team, journeymen, cost)
        self._id += 1
        answer = self._call(journeymen_request(self._id, team, journeymen, cost))
        if answer is not None:
            try:
                return parse_keep(answer, self._id)
            except ManagerProtocolError as exc:
                self._fail(f"bad journeymen answer ({exc})")
        return []

    def fire(self, team: LeagueTeam) -> list[int]:
        self._pending = self._roster(team)
        return self._pending[0]

    def purchases(self, team: LeagueTeam) -> list[Purchase]:
        pending, self._pending = self._pending, None
        return pending[1] if pending is not None else self._roster(team)[1]

    def close(self) -> None:
        """Say bye and end the program."""
        proc, self._proc = self._proc, None
        if proc is None:
            return
        try:
            if proc.stdin is not None:
                proc.stdin.write(b'{"type":"bye"}\n')
                proc.stdin.close()
            proc.wait(timeout=2)
        except (OSError, subprocess.TimeoutExpired):
            proc.kill()
            proc.wait()


def _read_line(stream: IO[bytes], timeout: float) -> bytes:
    """One line from `stream` within `timeout` seconds."""
    sel = selectors.DefaultSelector()
    sel.register(stream, selectors.EVENT_READ)
    try:
        if not sel.select(timeout):
            raise TimeoutError(f"no answer within {timeout:g} s")
        line = stream.readline()
    finally:
        sel.close()
    if not line:
        raise ManagerProtocolError("the program closed its output")
    return line


register_manager("process", ProcessManager)
