"""BB2020's Weather Mage inducement (RULES §15): once a match, its coach may change a weather
roll's result by one, up or down: the pre-game's weather roll or a Changing Weather kick-off's.

After such a roll (`push_weather_mage`), each team that still has its mage (`TeamState.
weather_mage`), the home team first, is asked (`DK.USE_SKILL`: USE_SKILL or DECLINE) whether
to raise the result by one, then whether to lower it, each only where the change gives other
weather (a 4-10 is Perfect Conditions whatever the change inside it; 2 and 12 are the table's
ends). Using it spends the mage and sets the new weather (a WEATHER log event); the away team
is then asked about the changed result. `Decision.need` is the 2D6 result the change would give.
"""

from __future__ import annotations

from typing import Final

from nuffle.core.actions import Action, ActionChoice, ActionType, LegalActions
from nuffle.core.decision import Decision
from nuffle.core.decision import DecisionKind as DK
from nuffle.core.procedures.base import Phases, Procedure
from nuffle.core.state import GameState
from nuffle.core.types import Event

#: The 2D6 results a weather roll may have.
LOWEST, HIGHEST = 2, 12


def changes(s: GameState, total: int) -> tuple[int, ...]:
    """The changes (+1, then -1) of weather result `total` that give other weather."""
    now = s.rules.weather_of(total)
    return tuple(d for d in (1, -1)
                 if LOWEST <= total + d <= HIGHEST and s.rules.weather_of(total + d) != now)


def push_weather_mage(s: GameState, total: int) -> bool:
    """Push the Weather Mages' offer after a weather roll of `total` when a team still has its
    mage; whether one was pushed."""
    if not (s.teams[0].weather_mage or s.teams[1].weather_mage):
        return False
    s.push(WeatherMage(total))
    return True


class WeatherMagePhase(Phases):
    """WeatherMage: each side's offer in turn (`side`, `step`: 0 raise, 1 lower)."""

    ASKING: Final = 1


class WeatherMage(Procedure):
    """The Weather Mages' offers on the weather result `total` (see the module)."""

    frame = "weather_mage"
    phases = WeatherMagePhase

    __slots__ = ("side", "step", "total")

    def __init__(self, total: int) -> None:
        super().__init__()
        self.total = total
        self.side = 0
        self.step = 0

    def run(self, s: GameState) -> None:
        while self.side < 2:
            if s.teams[self.side].weather_mage:
                while self.step < 2:
                    if (1, -1)[self.step] in changes(s, self.total):
                        self.phase = WeatherMagePhase.ASKING
                        s.wait(self.side, DK.USE_SKILL)
                        return
                    self.step += 1
            self.side += 1
            self.step = 0
        s.pop()

    def legal(self, s: GameState) -> LegalActions:
        return LegalActions([ActionChoice(ActionType.USE_SKILL), ActionChoice(ActionType.DECLINE)])

    def decision_detail(self, s: GameState) -> Decision:
        return Decision(need=self.total + (1, -1)[self.step])

    def act(self, s: GameState, action: Action) -> None:
        if action.type == ActionType.USE_SKILL:
            self.total += (1, -1)[self.step]
            s.teams[self.side].weather_mage = 0
            s.weather = s.rules.weather_of(self.total)
            s.note(Event.WEATHER, -1, s.weather, 0)
            self.side += 1
            self.step = 0
        else:
            self.step += 1
