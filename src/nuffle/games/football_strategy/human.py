"""A person playing in the terminal: prompts that re-ask on bad input instead of failing."""

from __future__ import annotations

import sys
from collections.abc import Callable

from nuffle.errors import NuffleError
from nuffle.games.football_strategy import rules
from nuffle.games.football_strategy.agents import Agent
from nuffle.games.football_strategy.chart import DEFENSE_LETTERS, NUM_PLAYS
from nuffle.games.football_strategy.engine import legal_formations
from nuffle.games.football_strategy.render import defense_list, play_list, scoreboard
from nuffle.games.football_strategy.state import KICK_CALL, Formation, GameState

#: A person is offered timeouts only this late in a half (to keep prompts few).
HUMAN_TIMEOUT_WINDOW_SECONDS = 300


def read_line(prompt: str) -> str:
    """Prompt on the terminal and read one line."""
    return input(prompt)


def write_line(line: str) -> None:
    """Print one line to the terminal."""
    sys.stdout.write(line + "\n")


class QuitGame(NuffleError):
    """The person asked to stop (``q``, end of input or Ctrl-C)."""


class HumanAgent(Agent):
    """Asks a person for every decision through ``ask`` (a prompt -> answer function)."""

    name = "human"

    def __init__(
        self,
        ask: Callable[[str], str] | None = None,
        say: Callable[[str], None] | None = None,
    ) -> None:
        super().__init__(None)
        self.ask = ask if ask is not None else read_line
        self.say = say if say is not None else write_line

    def _prompt(self, prompt: str) -> str:
        try:
            answer = self.ask(prompt).strip()
        except (EOFError, KeyboardInterrupt) as exc:
            raise QuitGame from exc
        if answer.lower() in ("q", "quit", "exit"):
            raise QuitGame
        return answer

    def _show(self, state: GameState) -> None:
        self.say("")
        for line in scoreboard(state):
            self.say(line)

    def choose_formation(self, state: GameState) -> Formation:
        legal = legal_formations(state)
        self._show(state)
        options = "[n]ormal, [p]unt formation"
        if Formation.FIELD_GOAL in legal:
            chance = rules.field_goal_probability(state.ball_on)
            distance = rules.field_goal_distance(state.ball_on)
            options += f", [f]ield goal ({distance} yards, {chance:.0%})"
        choices = {"n": Formation.NORMAL, "normal": Formation.NORMAL, "": Formation.NORMAL}
        choices.update({"p": Formation.PUNT, "punt": Formation.PUNT})
        if Formation.FIELD_GOAL in legal:
            choices.update({"f": Formation.FIELD_GOAL, "fg": Formation.FIELD_GOAL})
        while True:
            answer = self._prompt(f"Formation? {options} (Enter = normal, q = quit): ").lower()
            if answer in choices:
                return choices[answer]
            if answer in ("f", "fg"):
                self.say("Hint: out of field-goal range here.")
            else:
                self.say("Hint: type n, p" + (" or f." if Formation.FIELD_GOAL in legal else "."))

    def call_offense(self, state: GameState, formation: Formation) -> int:
        kick = "punt" if formation is Formation.PUNT else "quick kick"
        note = " (any play is a fake punt: 5 yards are taken off its gain)"
        self.say(
            f"Your call: plays 1-{NUM_PLAYS}, {KICK_CALL} = {kick}, ? = list"
            + (note if formation is Formation.PUNT else "")
        )
        while True:
            answer = self._prompt("Play? ")
            if answer == "?":
                for line in play_list():
                    self.say(line)
                continue
            if answer.isdigit() and 1 <= int(answer) <= KICK_CALL:
                return int(answer)
            self.say(f"Hint: type a number from 1 to {KICK_CALL}, or ? for the list of plays.")

    def call_defense(self, state: GameState, formation: Formation) -> int:
        self._show(state)
        self.say(f"The offense is in {formation.value} formation. Defenses A-J, ? = list")
        while True:
            answer = self._prompt("Defense? ").upper()
            if answer == "?":
                for line in defense_list():
                    self.say(line)
                continue
            if len(answer) == 1 and answer in DEFENSE_LETTERS:
                return DEFENSE_LETTERS.index(answer)
            self.say("Hint: type one letter from A to J, or ? for the list of defenses.")

    def wants_timeout(self, state: GameState) -> bool:
        if state.half_seconds_left > HUMAN_TIMEOUT_WINDOW_SECONDS:
            return False
        left = state.timeouts[self.side]
        while True:
            answer = self._prompt(f"Clock running. Call a timeout ({left} left)? [y/N] ").lower()
            if answer in ("", "n", "no"):
                return False
            if answer in ("y", "yes"):
                return True
            self.say("Hint: type y or n.")
