"""Plain-text display of the game: field, down and distance, clock and score."""

from __future__ import annotations

from nuffle.games.football_strategy import rules
from nuffle.games.football_strategy.chart import DEFENSE_LETTERS, DEFENSE_NAMES, PLAY_NAMES
from nuffle.games.football_strategy.state import KICK_CALL, GameState, Side

FIELD_CHARS = 50
ORDINALS = {1: "1st", 2: "2nd", 3: "3rd", 4: "4th"}


def spot_text(ball_on: int) -> str:
    """Where the ball is from the offense's view: ``its own 34``, ``midfield``, ``the opp 20``."""
    if ball_on == rules.FIELD_LENGTH // 2:
        return "midfield"
    if ball_on < rules.FIELD_LENGTH // 2:
        return f"its own {ball_on}"
    return f"the opponent's {rules.FIELD_LENGTH - ball_on}"


def down_text(state: GameState) -> str:
    """Down and distance, e.g. ``3rd & 4`` or ``1st & goal``."""
    goal = state.ball_on + state.to_go >= rules.FIELD_LENGTH
    return f"{ORDINALS[state.down]} & {'goal' if goal else state.to_go}"


def clock_text(state: GameState) -> str:
    """Quarter and time left in it, e.g. ``Q2 04:32``."""
    minutes, seconds = divmod(state.seconds_left, 60)
    return f"Q{state.quarter} {minutes:02d}:{seconds:02d}"


def field_bar(state: GameState) -> str:
    """The field from the home goal (left) to the away goal (right) with ball and line."""

    def column(ball_on: int) -> int:
        absolute = ball_on if state.possession == Side.HOME else rules.FIELD_LENGTH - ball_on
        return min(FIELD_CHARS - 1, absolute * FIELD_CHARS // rules.FIELD_LENGTH)

    cells = ["-"] * FIELD_CHARS
    for yard in range(10, rules.FIELD_LENGTH, 10):
        cells[yard * FIELD_CHARS // rules.FIELD_LENGTH] = "+"
    line = min(state.ball_on + state.to_go, rules.FIELD_LENGTH)
    if line < rules.FIELD_LENGTH:
        cells[column(line)] = "|"
    cells[column(state.ball_on)] = ">" if state.possession == Side.HOME else "<"
    return f"HOME [{''.join(cells)}] AWAY"


def scoreboard(state: GameState) -> list[str]:
    """Score, clock, timeouts, the field and the down, as display lines."""
    home, away = state.score
    ball = state.possession.label
    return [
        f"HOME {home:>2}  AWAY {away:>2}   {clock_text(state)}   "
        f"timeouts home {state.timeouts[Side.HOME]}, away {state.timeouts[Side.AWAY]}",
        field_bar(state),
        f"{ball} ball on {spot_text(state.ball_on)}, {down_text(state)}",
    ]


def play_list() -> list[str]:
    """The offensive calls in two columns."""
    names = [f"{i:>2} {PLAY_NAMES[i - 1]}" for i in range(1, len(PLAY_NAMES) + 1)]
    half = len(names) // 2
    lines = [f"{names[i]:<18} {names[i + half]}" for i in range(half)]
    lines.append(f"{KICK_CALL} Quick kick (punt in punt formation)")
    return lines


def defense_list() -> list[str]:
    """The defenses A-J."""
    return [f"{letter} {name}" for letter, name in zip(DEFENSE_LETTERS, DEFENSE_NAMES, strict=True)]
