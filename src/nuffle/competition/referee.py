"""The referee: plays one game between two bot processes over the protocol, keeping their
clocks, giving penalties (see penalties.py) and recording the game in nuffle's record format."""

from __future__ import annotations

import hashlib
import json
import os
import random
import sys
import time
import traceback
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from nuffle.competition import positions
from nuffle.competition.clocks import BotClock, Clocks
from nuffle.competition.containment import contained
from nuffle.competition.penalties import Penalty
from nuffle.competition.process import BotProcess, Limits, Reply, wait_readable
from nuffle.competition.protocol import (
    DEFAULT_PARTS,
    ProtocolError,
    StateText,
    Wants,
    decide_line,
    decode,
    hello,
    legal_to_json,
    parse_action,
    parse_ready,
)
from nuffle.competition.randomplay import random_choice
from nuffle.competition.sandbox import Sandbox
from nuffle.competition.setups import complete_setup
from nuffle.core.actions import Action, ActionType, IllegalActionError
from nuffle.core.decision import DecisionKind
from nuffle.core.errors import StateError
from nuffle.core.game import Game
from nuffle.core.procedures.turn import Turn
from nuffle.core.teams import team_to_dict
from nuffle.core.types import Status
from nuffle.record import to_record
from nuffle.report import MatchReport
from nuffle.ruleset_choice import match_team

SIDES = ("home", "away")


@dataclass(frozen=True)
class BotSpec:
    """A bot taking part: its name, team (race or team file) and the command that runs it."""

    name: str
    team: str
    command: tuple[str, ...]
    cwd: str | None = None

    @staticmethod
    def builtin(name: str, team: str, spec: str) -> BotSpec:
        """A nuffle bot (`make_agent` spec) run through the protocol in its own process."""
        return BotSpec(name, team, (sys.executable, "-m", "nuffle.competition.builtin", spec))


@dataclass(frozen=True)
class Settings:
    """How games are refereed: board, clocks, process limits, the illegal-action allowance,
    the stray lines a bot may write in a game without a penalty, the actions a bot may play in
    one set-up, and the decisions a game may take."""

    board: int = 11
    clocks: Clocks = field(default_factory=Clocks)
    limits: Limits = field(default_factory=Limits)
    max_illegal: int = 3
    max_stray: int = 20
    max_setup_actions: int = 100
    max_decisions: int = 200_000
    #: The rules the games are played by (a tournament's `ruleset` key; not in the repr, so an
    #: LRB6 tournament's fingerprint is what it was before rulesets were chosen).
    ruleset: str = field(default="lrb6", repr=False)
    #: How bots are sandboxed (None: they run as the referee's user, in their config's folder).
    sandbox: Sandbox | None = None


def derived_seed(*parts: object) -> int:
    """A 63-bit seed digested from `parts` (bots cannot run it backwards to the match seed)."""
    digest = hashlib.blake2b(repr(parts).encode(), digest_size=8).digest()
    return int.from_bytes(digest, "little") >> 1


def bot_seed(*parts: object) -> int:
    """A bot's own seed: 53 bits, so that every language reads it exactly (a JavaScript
    number holds integers up to 2**53)."""
    return derived_seed(*parts) >> 10


def public_state(game: Game) -> dict[str, Any]:
    """The public position as JSON: what a view's `to_json` gives, without copying a view."""
    state = game.to_json()
    state["config"] = {**state["config"], "seed": None,
                       "roller": "explicit" if game.roller.explicit else "sampled"}
    return state


_STATUS_NAMES = tuple(st.name for st in Status)


def pitch(game: Game) -> dict[str, Any]:
    """Who stands where: `[id, x, y, status]` of every player on the pitch and the ball's
    square (the `pitch` part of a request, a light alternative to the whole state)."""
    s = game.state
    xy = s.board.xy
    status = s.status
    players = [[pid, *xy(sq), _STATUS_NAMES[status[pid]]] for pid, sq in enumerate(s.pos) if sq >= 0]
    return {"players": players, "ball": list(xy(s.ball)) if s.ball >= 0 else None}


def _same_id(got: object, rid: int) -> bool:
    return type(got) is int and got == rid


def _peek(line: bytes) -> dict[str, Any]:
    """A line as a message, for the stray-line log (an undecodable line is named as such)."""
    try:
        return decode(line)
    except ProtocolError:
        return {"type": "(not a message)"}


def _wanted(wants: Wants, part: str, kind: str) -> bool:
    if part not in wants:
        return False
    kinds = wants[part]
    return kinds is None or kind in kinds


class _Seat:
    """One side's bot during a game."""

    def __init__(self, spec: BotSpec, side: int, clocks: Clocks) -> None:
        self.spec = spec
        self.side = side
        self.clock = BotClock(clocks)
        self.proc: BotProcess | None = None
        self.out = False
        self.wants: Wants = dict.fromkeys(DEFAULT_PARTS)
        self.illegal = 0
        self.stray = 0
        self.flooded = False
        self.decisions = 0  # the decisions the bot itself made
        self.setup_key: object = None
        self.setup_actions = 0  # the actions it played in its current set-up
        self.stderr = ""


class Referee:
    """Runs one game; `play()` returns the game's report (a JSON-ready dict)."""

    def __init__(self, home: BotSpec, away: BotSpec, seed: int, settings: Settings,
                 record_path: str | Path | None = None) -> None:
        self.settings = settings
        self.seed = seed
        self.record_path = Path(record_path) if record_path is not None else None
        teams = (match_team(home.team, settings.ruleset), match_team(away.team, settings.ruleset))
        secret = int.from_bytes(os.urandom(8), "little")
        self.game = Game.new(teams[0], teams[1], seed=seed, board=settings.board, secret=secret,
                             ruleset=settings.ruleset)
        self.match_report = MatchReport(self.game)  # the game in words (nuffle.report)
        self.teams = {SIDES[i]: team_to_dict(t) for i, t in enumerate(teams)}
        self.seats = (_Seat(home, 0, settings.clocks), _Seat(away, 1, settings.clocks))
        self.rng = random.Random(derived_seed(seed, "referee"))
        self.penalties: list[Penalty] = []
        self.engine_error: str | None = None
        self.request_id = 0
        self._period_ident: tuple[str, int] | None = None
        self._state_text = StateText()
        self._serial = 0
        #: Wall seconds of the start (bots up to ready) and of the decision loop (benchmarks).
        self.timing: dict[str, float] = {}

    # --- penalties -------------------------------------------------------------------------

    def _penalise(self, seat: _Seat, kind: str, detail: str, request: int | None = None) -> None:
        """Log a penalty about `request` (default: the last request sent; 0 before any)."""
        rid = self.request_id if request is None else request
        p = Penalty(SIDES[seat.side], seat.spec.name, kind, rid, detail)
        self.penalties.append(p)
        if p.disqualifies and not seat.out:
            seat.out = True
            if seat.proc is not None:
                seat.proc.close()

    def _notify(self, seat: _Seat, message: dict[str, Any]) -> None:
        if seat.proc is not None and not seat.out:
            seat.proc.send(message, time.monotonic() + 1.0)

    def _check_stderr(self, seat: _Seat) -> None:
        proc = seat.proc
        if proc is not None and not seat.flooded and proc.stderr_total > self.settings.limits.stderr_bytes:
            seat.flooded = True
            self._penalise(seat, "stderr_flood", f"{proc.stderr_total} bytes written to stderr")

    def _bad_reply(self, seat: _Seat, reply: Reply, waited_for: str, rid: int = 0) -> None:
        """Disqualify for a reply that ends the bot's game (crash, silence, oversize)."""
        if reply.kind == "closed":
            self._penalise(seat, "crash", f"{reply.error} while {waited_for}", rid)
        elif reply.kind == "timeout":
            self._penalise(seat, "no_response", f"no answer while {waited_for}", rid)
        else:
            self._penalise(seat, "oversized_message", reply.error, rid)

    def _stray(self, seat: _Seat, message: dict[str, Any]) -> None:
        """Drop a line that answers no pending request (counted; past the allowance, logged)."""
        seat.stray += 1
        if seat.stray == self.settings.max_stray + 1:
            self._penalise(seat, "stray_message",
                           f"more than {self.settings.max_stray} lines that answered no request "
                           f"(the last: type {str(message.get('type'))[:40]!r}, "
                           f"id {str(message.get('id'))[:20]})")

    def _receive(self, seat: _Seat, deadline: float, wanted: str, rid: int | None) -> Reply:
        """The bot's next `wanted` message (for request `rid`, if given) by `deadline`; every
        other well-formed line in between is a stray line and dropped."""
        proc = seat.proc
        assert proc is not None
        while True:
            reply = proc.receive(deadline)
            if reply.kind != "message":
                return reply
            msg = reply.message
            assert msg is not None
            if msg.get("type") == wanted and (rid is None or _same_id(msg.get("id"), rid)):
                return reply
            self._stray(seat, msg)

    # --- the game --------------------------------------------------------------------------

    def play(self) -> dict[str, Any]:
        """Start the bots, play the game to its end, stop the bots; the game's report.

        Every process a bot starts is killed when the game ends (see containment.py); an
        interrupt (Ctrl-C) kills them at once and is raised again."""
        t0 = time.monotonic()
        with contained():
            try:
                self._start()
                self.timing["start"] = time.monotonic() - t0
                self._loop()
                self.timing["loop"] = time.monotonic() - t0 - self.timing["start"]
            except Exception:  # the engine failed: the game is a draw, the trace is kept
                self.engine_error = traceback.format_exc()
                self.penalties.append(Penalty("", "", "engine_error", self.request_id,
                                              self.engine_error.strip().splitlines()[-1]))
            except BaseException:
                self._kill()
                raise
            try:
                self._finish()
            except BaseException:
                self._kill()
                raise
        return self._report(time.monotonic() - t0)

    def _kill(self) -> None:
        for seat in self.seats:
            if seat.proc is not None:
                seat.proc.close()

    def _start(self) -> None:
        clocks = self.settings.clocks
        limits = self.settings.limits
        sent = [0.0, 0.0]
        for seat in self.seats:
            try:
                seat.proc = BotProcess(seat.spec.command, seat.spec.cwd, limits,
                                       sandbox=self.settings.sandbox, side=seat.side)
            except OSError as exc:
                self._penalise(seat, "crash", f"cannot start {seat.spec.command[0]!r}: {exc.strerror or exc}")
                continue
            msg = hello(seat.spec.name, SIDES[seat.side], bot_seed(self.seed, seat.side, "bot"),
                        self.settings.board, self.teams, clocks.to_dict(), limits.max_message_bytes,
                        self.game.config.ruleset)
            sent[seat.side] = time.monotonic()
            if not seat.proc.send(msg, sent[seat.side] + clocks.init):
                self._penalise(seat, "crash", f"{seat.proc.exited() or 'it does not read'} at hello")
        # Both bots are waited for at once, each on the init clock of its own hello: what one
        # does never costs the other.
        pending = [seat for seat in self.seats if not seat.out and seat.proc is not None]
        while pending:
            now = time.monotonic()
            for seat in list(pending):
                deadline = sent[seat.side] + clocks.init + clocks.grace
                reply = self._receive(seat, 0.0, "ready", None)  # what has come, without waiting
                if reply.kind == "timeout" and now < deadline:
                    continue
                pending.remove(seat)
                self._ready(seat, reply, sent[seat.side])
            if pending:
                wait_readable([seat.proc for seat in pending if seat.proc is not None], 0.05)

    def _ready(self, seat: _Seat, reply: Reply, start: float) -> None:
        """Take a bot's answer to hello (or penalise its absence)."""
        clocks = self.settings.clocks
        self._check_stderr(seat)
        if reply.kind != "message" and reply.kind != "malformed":
            self._bad_reply(seat, reply, "initialising")
            return
        try:
            if reply.kind == "malformed":
                raise ProtocolError(reply.error)
            assert reply.message is not None
            seat.wants = parse_ready(reply.message)
        except ProtocolError as exc:
            self._penalise(seat, "crash", f"bad answer to hello: {exc}")
            return
        if reply.at - start > clocks.init:
            self._penalise(seat, "delay_of_game",
                           f"hello answered after {reply.at - start:.3f} s (init clock {clocks.init} s)")

    def _period(self, side: int, kind: DecisionKind) -> tuple[int | None, str]:
        """An id of `side`'s current period (its team turn, or its set-up) and that period's
        clock; (None, "opponent_decision") when `side` decides outside its own period."""
        game = self.game
        s = game.state
        ident: tuple[str, int] | None
        if kind == DecisionKind.SETUP:
            ident = ("setup", game.decider)
        elif any(type(p) is Turn for p in s.stack):
            ident = ("turn", s.active)
        else:
            ident = None
        if ident != self._period_ident:
            self._period_ident = ident
            self._serial += 1
        if ident is None or ident[1] != side:
            return None, "opponent_decision"
        return self._serial, ident[0]

    def _loop(self) -> None:
        game = self.game
        limit = self.settings.max_decisions
        while not game.is_over:
            if len(game.history) > limit:
                # the bot that made more decisions is out; random play then ends the game
                if not self._stalling():
                    raise StateError(f"the game did not end within {limit} decisions")
                limit += max(self.settings.max_decisions, 100_000)
            side = game.decider
            if side > 1:
                raise StateError(f"the game waits for {game.decider}")
            seat = self.seats[side]
            kind = game.decision().kind
            key, clock = self._period(side, kind)
            if clock == "setup" and key != seat.setup_key:
                seat.setup_key, seat.setup_actions = key, 0
            if clock == "setup" and (seat.out or seat.clock.late_turn == key):
                complete_setup(game)
            elif clock == "setup" and seat.setup_actions >= self.settings.max_setup_actions:
                seat.clock.late_turn = key
                self._penalise(seat, "delay_of_game",
                               f"{seat.setup_actions} set-up actions without ending the set-up "
                               f"(allowed: {self.settings.max_setup_actions}); the referee "
                               "completes the set-up")
            elif seat.out or (key is not None and seat.clock.late_turn == key):
                self._random_step()
            else:
                if clock == "setup":
                    seat.setup_actions += 1
                self._ask(seat, key, clock)

    def _stalling(self) -> bool:
        """The game reached the decision cap: disqualify the bot that made more of them
        (False when both are out already)."""
        live = [seat for seat in self.seats if not seat.out]
        if not live:
            return False
        worst = max(live, key=lambda seat: seat.decisions)
        self._penalise(worst, "stalling",
                       f"the game reached {self.settings.max_decisions} decisions, "
                       f"{worst.decisions} of them this bot's")
        return True

    def _random_action(self) -> Action:
        game = self.game
        decision = game.decision()
        where = pitch(game) if decision.kind == DecisionKind.SETUP else None
        groups = legal_to_json(game.legal_actions())
        return Action.from_list(random_choice(groups, self.rng, where, decision.side_name))

    def _random_step(self) -> Action:
        action = self._random_action()
        self.match_report.step(self.game, action)
        return action

    def _ask(self, seat: _Seat, key: int | None, period: str) -> None:
        game = self.game
        proc = seat.proc
        assert proc is not None
        self.request_id += 1
        rid = self.request_id
        seat.decisions += 1
        clock, left = seat.clock.budget(key, period)
        decision = game.decision()
        kind = decision.kind.name
        wants = seat.wants
        state = self._state_text(public_state(game)) if _wanted(wants, "state", kind) else None
        parts: dict[str, Any] = {}
        if _wanted(wants, "position", kind):
            parts["position"] = positions.encode(game.view())
        if _wanted(wants, "pitch", kind):
            parts["pitch"] = pitch(game)
        legal = game.legal_actions() if _wanted(wants, "legal", kind) else None
        line = decide_line(rid, decision, clock, seat.clock.left(clock), parts, legal, state)
        for early in proc.discard_pending():  # written before the request: never its answer
            self._stray(seat, _peek(early))
        start = time.monotonic()
        allowed = left + seat.clock.bank
        game_bound = seat.clock.game_left < allowed  # the chess clock runs out first
        soft = start + min(allowed, seat.clock.game_left)
        hard = soft + self.settings.clocks.grace
        if not proc.send_line(line, hard):
            reason = proc.exited()
            self._penalise(seat, "crash" if reason else "no_response",
                           (reason or "it stopped reading") + f" at decision request {rid}", rid)
            return
        reply = self._receive(seat, hard, "action", rid)
        self._check_stderr(seat)
        if reply.kind == "timeout" and game_bound:
            seat.clock.game_left = 0.0
            self._penalise(seat, "out_of_time", f"the game clock ({self.settings.clocks.game} s) "
                           f"ran out at request {rid}, with no answer", rid)
            return
        if reply.kind not in ("message", "malformed"):
            self._bad_reply(seat, reply, f"deciding (request {rid})", rid)
            return
        elapsed = reply.at - start
        in_time = seat.clock.spend(clock, elapsed)
        if seat.clock.out_of_time:
            self._penalise(seat, "out_of_time", f"the game clock ({self.settings.clocks.game} s) "
                           f"ran out answering request {rid}; the answer is dropped", rid)
            return
        if not in_time:
            if key is not None:
                seat.clock.late_turn = key
            if clock == "setup":
                complete_setup(game)
                played = Action(ActionType.END_SETUP)
                until = "the referee completes the set-up"
            else:
                played = self._random_step()
                until = "random actions until " + ("the turn ends" if key is not None
                                                   else "the decision ends")
            self._penalise(seat, "delay_of_game",
                           f"answered request {rid} after {elapsed:.3f} s on the {clock} clock; "
                           f"{until}", rid)
            self._notify(seat, {"type": "penalty", "id": rid, "penalty": "delay_of_game",
                                "played": played.to_list()})
            return
        try:
            if reply.kind == "malformed":
                raise ProtocolError(reply.error)
            assert reply.message is not None
            action = parse_action(reply.message, rid)
            self.match_report.step(game, action)
        except (ProtocolError, IllegalActionError) as exc:
            self._reject(seat, rid, str(exc))

    def _reject(self, seat: _Seat, rid: int, error: str) -> None:
        seat.illegal += 1
        played = self._random_step()
        self._penalise(seat, "illegal_action", f"request {rid}: {error}", rid)
        self._notify(seat, {"type": "rejected", "id": rid, "error": error, "played": played.to_list()})
        allowed = self.settings.max_illegal
        if seat.illegal > allowed:
            self._penalise(seat, "repeat_offender", f"{seat.illegal} illegal actions (allowed: {allowed})",
                           rid)

    def _finish(self) -> None:
        clocks = self.settings.clocks
        result = self._result()
        for seat in self.seats:
            proc = seat.proc
            if proc is None or seat.out:
                continue
            end = {"type": "end", "result": result,
                   "penalties": [p.to_json() for p in self.penalties if p.side == SIDES[seat.side]]}
            deadline = time.monotonic() + clocks.end
            if proc.send(end, deadline):
                reply = self._receive(seat, deadline, "bye", None)
                if reply.kind == "timeout":
                    self._penalise(seat, "late_end", "the end of the game was not acknowledged in time")
            self._check_stderr(seat)
            proc.close(wait=1.0)
        for seat in self.seats:
            if seat.proc is not None:
                seat.proc.close()
                seat.stderr = seat.proc.stderr_tail.decode("utf-8", "replace")

    # --- results ---------------------------------------------------------------------------

    def _result(self) -> dict[str, Any]:
        game = self.game
        res = game.result
        score = list(res.score)
        out = [SIDES[s.side] for s in self.seats if s.out]
        if self.engine_error is not None:
            winner, outcome = None, "engine_error"
        elif len(out) == 2:
            winner, outcome = None, "both_disqualified"
        elif out:
            winner, outcome = ("away" if out[0] == "home" else "home"), "forfeit"
        else:
            winner, outcome = res.winner, "played"
        return {"score": score, "winner": winner, "outcome": outcome, "disqualified": out,
                "over": game.is_over}

    def record(self) -> dict[str, Any]:
        """The game's match record with the competition's result and penalties added."""
        record = to_record(self.game)
        record["competition"] = {
            "home": self.seats[0].spec.name, "away": self.seats[1].spec.name,
            "result": self._result(), "penalties": [p.to_json() for p in self.penalties],
        }
        return record

    def _report(self, seconds: float) -> dict[str, Any]:
        game = self.game
        result = self._result()
        box = game.box_score()
        report: dict[str, Any] = {
            "home": self.seats[0].spec.name,
            "away": self.seats[1].spec.name,
            "seed": self.seed,
            **result,
            "disqualified": [self.seats[SIDES.index(s)].spec.name for s in result["disqualified"]],
            "touchdowns": [box["home"]["touchdowns"], box["away"]["touchdowns"]],
            "casualties": [box["home"]["casualties"], box["away"]["casualties"]],
            "decisions": len(game.history),
            "seconds": round(seconds, 3),
            "penalties": [p.to_json() for p in self.penalties],
            "record": None,
            "trace": None,
        }
        if self.record_path is not None:
            save_outputs(report, self.record(), self.engine_error, self.record_path, self.match_report.lines)
        return report


def save_outputs(report: dict[str, Any], record: dict[str, Any], trace: str | None,
                 path: str | Path, lines: list[str] | None = None) -> None:
    """Write a game's record (and the engine's trace, if it failed, and the match report's
    `lines`, if given) and point the report at them."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(record))
    report["record"] = str(path)
    if lines is not None:
        text_path = path.with_suffix(".report.txt")
        text_path.write_text("\n".join(lines) + "\n")
        report["match_report"] = str(text_path)
    if trace is not None:
        trace_path = path.with_suffix(".trace.txt")
        trace_path.write_text(trace)
        report["trace"] = str(trace_path)


def run_game(home: BotSpec, away: BotSpec, seed: int, settings: Settings,
             record_path: str | Path | None = None) -> dict[str, Any]:
    """Referee one game between two bots; the game's report (see Referee)."""
    return Referee(home, away, seed, settings, record_path).play()
