"""The Football Strategy game engine: applies snaps, scores, kicks, the clock and quarters.

The engine owns a seeded random generator for the dice, so a game is reproducible from
its seed and the players' calls.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from nuffle.errors import NuffleError
from nuffle.games.football_strategy import rules
from nuffle.games.football_strategy.chart import DEFENSE_LETTERS, Chart, Outcome, load_chart
from nuffle.games.football_strategy.resolve import (
    Result,
    Transition,
    chart_transition,
    field_goal_transition,
    kick_transition,
)
from nuffle.games.football_strategy.state import (
    KICK_CALL,
    NUM_CALLS,
    Formation,
    GameState,
    Side,
    call_name,
)


def legal_formations(state: GameState) -> list[Formation]:
    """Formations the offense may declare: normal, punt, and field goal when in range."""
    formations = [Formation.NORMAL, Formation.PUNT]
    if rules.field_goal_need(state.ball_on) is not None:
        formations.append(Formation.FIELD_GOAL)
    return formations


class IllegalAction(NuffleError, ValueError):
    """A formation, call or timeout that the rules do not allow now."""


@dataclass
class PlayReport:
    """What happened on one snap, for display and for agents that learn from play."""

    offense: Side
    formation: Formation
    offense_call: int | None
    defense_call: int | None
    outcome: Outcome | None
    transition: Transition
    events: list[str] = field(default_factory=list)


class FootballGame:
    """One game of Football Strategy between HOME and AWAY."""

    def __init__(
        self,
        chart: Chart | None = None,
        seed: int | None = None,
        first_receiver: Side | None = None,
    ) -> None:
        self.chart = chart if chart is not None else load_chart()
        self.rng = np.random.default_rng(seed)
        self.state = GameState()
        if first_receiver is None:
            first_receiver = Side(int(self.rng.integers(2)))
        self.state.opening_receiver = first_receiver
        self.events: list[str] = [f"{first_receiver.label} receives the opening kick-off"]
        self._kickoff(first_receiver.other, after_safety=False)

    # ----------------------------------------------------------------- queries
    @property
    def over(self) -> bool:
        """True once the fourth quarter has ended."""
        return self.state.game_over

    def legal_formations(self) -> list[Formation]:
        """Formations the offense may declare now."""
        return legal_formations(self.state)

    def can_call_timeout(self, side: Side) -> bool:
        """A timeout is possible while the clock runs and ``side`` has one left this half."""
        state = self.state
        return not state.game_over and state.clock_running and state.timeouts[side] > 0

    # ------------------------------------------------------------------ dice
    def roll_die(self) -> int:
        """One six-sided die."""
        return int(self.rng.integers(1, 7))

    def roll_2d6(self) -> int:
        """Total of two six-sided dice."""
        return self.roll_die() + self.roll_die()

    # ----------------------------------------------------------------- actions
    def huddle(self, timeout_by: Side | None = None) -> list[str]:
        """Settle the time between plays: a timeout stops the clock, otherwise time runs off.

        Does nothing if the clock is already stopped. May end the quarter, the half or the game.
        """
        state = self.state
        if timeout_by is not None and not self.can_call_timeout(timeout_by):
            raise IllegalAction(f"{timeout_by.label} cannot call a timeout now")
        if not state.clock_running:
            return []
        if timeout_by is not None:
            state.timeouts[timeout_by] -= 1
            state.clock_running = False
            return self._log([f"timeout {timeout_by.label} ({state.timeouts[timeout_by]} left)"])
        state.clock_running = False
        return self._log(self._run_clock(rules.HUDDLE_SECONDS))

    def snap(
        self, formation: Formation, offense_call: int | None, defense_call: int | None
    ) -> PlayReport:
        """Play one snap. Field goals need no calls; other formations need both calls."""
        state = self.state
        if state.game_over:
            raise IllegalAction("the game is over")
        if state.clock_running:
            raise IllegalAction("settle the huddle (timeout or run-off) before the snap")
        if formation not in self.legal_formations():
            raise IllegalAction(f"{formation.value} formation is not allowed here")
        offense = state.possession
        outcome: Outcome | None = None
        if formation is Formation.FIELD_GOAL:
            need = rules.field_goal_need(state.ball_on)
            roll = self.roll_2d6()
            transition = field_goal_transition(state, need is not None and roll >= need)
            offense_call = defense_call = None
            prefix = f"field goal try (2d6 = {roll})"
        else:
            if offense_call is None or not 1 <= offense_call <= NUM_CALLS:
                raise IllegalAction(f"offensive call must be 1-{NUM_CALLS}, got {offense_call}")
            if defense_call is None or not 0 <= defense_call < len(DEFENSE_LETTERS):
                raise IllegalAction(f"defensive call must be 0-9, got {defense_call}")
            prefix = f"{call_name(offense_call, formation)} vs {DEFENSE_LETTERS[defense_call]}"
            if offense_call == KICK_CALL:
                roll = self.roll_2d6()
                quick = formation is Formation.NORMAL
                table = rules.QUICK_KICK_NET if quick else rules.PUNT_NET
                transition = kick_transition(state, table[roll], quick)
                prefix += f" (2d6 = {roll})"
            else:
                outcome = self.chart.outcome(offense_call, defense_call)
                fake = formation is Formation.PUNT
                transition = chart_transition(state, offense_call, outcome, fake)
        events = [f"{prefix}: {transition.text}"]
        state.plays += 1
        events += self._apply(transition)
        report = PlayReport(offense, formation, offense_call, defense_call, outcome, transition)
        report.events = self._log(events)
        return report

    # ----------------------------------------------------------------- internals
    def _log(self, events: list[str]) -> list[str]:
        self.events.extend(events)
        return events

    def _apply(self, t: Transition) -> list[str]:
        """Apply a transition: ball, downs, scores, the clock and any kick-off that follows."""
        state = self.state
        offense = state.possession
        events: list[str] = []
        kicker: Side | None = None
        after_safety = False
        if t.result is Result.PLAY_ON:
            state.ball_on, state.down, state.to_go = t.ball_on, t.down, t.to_go
        elif t.result is Result.CHANGE:
            self._give_ball(offense.other, t.ball_on)
        elif t.result in (Result.TOUCHDOWN, Result.DEFENSIVE_TOUCHDOWN):
            scorer = offense if t.result is Result.TOUCHDOWN else offense.other
            events += self._touchdown(scorer)
            kicker = scorer
        elif t.result is Result.FIELD_GOAL:
            state.score[offense] += rules.FIELD_GOAL_POINTS
            kicker = offense
        elif t.result is Result.SAFETY:
            state.score[offense.other] += rules.SAFETY_POINTS
            kicker, after_safety = offense, True
        state.clock_running = t.result is Result.PLAY_ON and not t.clock_stops
        if kicker is not None:
            events.append(self._score_line())
        before = (state.quarter, state.game_over)
        events += self._run_clock(t.seconds)
        period_over = (state.quarter, state.game_over) != before
        halftime = period_over and (state.quarter == 3 or state.game_over)
        if kicker is not None and not halftime:
            events += self._kickoff(kicker, after_safety)
        return events

    def _touchdown(self, scorer: Side) -> list[str]:
        state = self.state
        state.score[scorer] += rules.TOUCHDOWN_POINTS
        die = self.roll_die()
        if die > rules.EXTRA_POINT_MISS_MAX:
            state.score[scorer] += rules.EXTRA_POINT_POINTS
            return [f"touchdown {scorer.label}; extra point GOOD (die {die})"]
        return [f"touchdown {scorer.label}; extra point MISSED (die {die})"]

    def _score_line(self) -> str:
        home, away = self.state.score
        return f"score: home {home}, away {away}"

    def _give_ball(self, side: Side, ball_on: int) -> None:
        state = self.state
        state.possession = side
        state.ball_on = ball_on
        state.down = 1
        state.to_go = min(rules.FIRST_DOWN_YARDS, rules.FIELD_LENGTH - ball_on)

    def _kickoff(self, kicker: Side, after_safety: bool) -> list[str]:
        """Kick off (or free-kick after a safety) to the other side."""
        receiver = kicker.other
        roll = self.roll_2d6()
        start = rules.KICKOFF_START[roll]
        kind = "free kick" if after_safety else "kick-off"
        self.state.clock_running = False
        if start is None:
            self._give_ball(kicker, rules.FIELD_LENGTH - rules.KICKOFF_MUFF_SPOT)
            text = f"{kind} by {kicker.label} (2d6 = {roll}): MUFFED, {kicker.label} recovers"
        else:
            if after_safety:
                start = min(start + rules.SAFETY_KICK_BONUS, rules.FIELD_LENGTH // 2)
            self._give_ball(receiver, start)
            text = (
                f"{kind} by {kicker.label} (2d6 = {roll}): "
                f"{receiver.label} starts at its own {start}"
            )
        return [text, *self._run_clock(rules.KICKOFF_SECONDS)]

    def _run_clock(self, seconds: int) -> list[str]:
        """Take ``seconds`` off the quarter and handle the end of a quarter, half or game."""
        state = self.state
        state.seconds_left = max(0, state.seconds_left - seconds)
        if state.seconds_left > 0 or state.game_over:
            return []
        state.clock_running = False
        if state.quarter == rules.QUARTERS:
            state.game_over = True
            return [f"end of the game: {self._score_line()}"]
        state.quarter += 1
        state.seconds_left = rules.QUARTER_SECONDS
        if state.quarter == 3:
            state.timeouts = [rules.TIMEOUTS_PER_HALF] * 2
            return [
                f"halftime: {self._score_line()}",
                *self._kickoff(state.opening_receiver, after_safety=False),
            ]
        return [f"end of quarter {state.quarter - 1}"]
