"""Penalties the referee gives, as logged in records and reports.

- delay_of_game: an answer comes after the clock and the overage bank ran out. The late
  answer is dropped; random actions are played until the turn (turn clock) or the decision
  (opponent-decision clock) ends; in a set-up (set-up clock, or more than `max_setup_actions`
  actions in one set-up) the referee completes the set-up legally (setups.py). Also a hello
  answered after the init clock (within grace).
- out_of_time: the bot's game clock (all its thinking in one game) ran out: the answer that
  emptied it is dropped, or none came `grace` seconds after it ran out. Disqualified.
- no_response: no answer `grace` seconds after the clock ran out. Disqualified.
- crash: the bot exits, closes its stdout, cannot be started or answers hello wrongly.
  Disqualified.
- oversized_message: a line longer than the message limit. Disqualified.
- illegal_action: an illegal action, or a message that breaks the protocol. Rejected with an
  error message ('rejected'); a random legal action is played instead.
- repeat_offender: more than `max_illegal` illegal actions in one game. Disqualified.
- late_end: the end of the game is not acknowledged within the end clock. Logged only.
- stderr_flood: more than the stderr limit written in one game. Logged only (the excess is
  dropped).
- stray_message: more than `max_stray` lines in one game that answered no pending request
  (another type than the one awaited, or an action with another request's id). Each such
  line is dropped and never matched to a later request; the penalty is logged once.
- stalling: the game reached the decision cap (`max_decisions`): the bot that made more of
  its decisions is disqualified.
- engine_error: the engine itself fails. The game is a draw; the trace is saved beside the
  record.

A disqualified bot's process is stopped and its side is played at random to the end of the
game, which its opponent wins by forfeit (a game where both are disqualified has no winner).
"""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Any

DISQUALIFYING = ("out_of_time", "no_response", "crash", "oversized_message", "repeat_offender", "stalling")
KINDS = (
    "delay_of_game", "out_of_time", "no_response", "crash", "oversized_message", "illegal_action",
    "repeat_offender", "late_end", "stderr_flood", "stray_message", "stalling", "engine_error",
)


@dataclass(frozen=True)
class Penalty:
    """One logged penalty: the side and bot ('' for the engine), its kind, the id of the
    decide request it concerns (`decision`; 0 before the first request, e.g. at hello; for a
    penalty outside a request, the last request sent in the game) and a detail."""

    side: str
    bot: str
    kind: str
    decision: int
    detail: str

    @property
    def disqualifies(self) -> bool:
        """Whether this penalty disqualifies the bot from the game."""
        return self.kind in DISQUALIFYING

    def to_json(self) -> dict[str, Any]:
        """A JSON-ready dict."""
        return asdict(self)
