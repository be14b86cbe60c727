"""League entries coached by a person: an entry whose bot is `human` plays its matches in the
web app (`nuffle serve --leagues DIR`), not in `nuffle league play`.

Every team plays its fixtures in round order: a fixture is ready when neither of its teams has
an unplayed fixture of an earlier round. `league play` plays the ready fixtures without a human
entry and leaves the others pending (a bot-v-bot fixture waits only when one of its teams still
has an earlier match to play against a person); the web app plays a ready fixture with a
human entry. Without human entries every fixture of the earliest unplayed round is ready, so a
league of bots plays exactly as before.
"""

from __future__ import annotations

from nuffle.agents.registry import parse_bot_spec
from nuffle.league.store import Entry, Fixture, LeagueError

HUMAN = "human"  # the bot spec of an entry a person coaches


def is_human(bot: str) -> bool:
    """Whether the bot spec `bot` is a person (`human`)."""
    return bot == HUMAN


def check_human(bot: str) -> bool:
    """True for `human`, False for another bot spec; LeagueError for `human` with options (a
    person takes none)."""
    if is_human(bot):
        return True
    try:
        name, _ = parse_bot_spec(bot)
    except ValueError:
        return False  # the bot registry names the problem
    if name == HUMAN:
        raise LeagueError(f"bot {bot!r}: a human coach takes no options (give the bot as plain 'human')")
    return False


def has_human(fixture: Fixture, entries: dict[int, Entry]) -> bool:
    """Whether a person coaches either team of `fixture`."""
    return is_human(entries[fixture.home].bot) or is_human(entries[fixture.away].bot)


def ready(fixtures: list[Fixture]) -> list[Fixture]:
    """The unplayed fixtures neither of whose teams has an unplayed fixture of an earlier round,
    in fixture order."""
    first: dict[int, int] = {}
    for f in fixtures:
        if not f.played:
            for team in (f.home, f.away):
                first[team] = min(first.get(team, f.round), f.round)
    return [f for f in fixtures if not f.played and first[f.home] == f.round == first[f.away]]


def waiting_for_coach(fixtures: list[Fixture], entries: dict[int, Entry]) -> list[Fixture]:
    """The unplayed fixtures with a human entry (each waits for its coach in the web app)."""
    return [f for f in fixtures if not f.played and has_human(f, entries)]


def next_fixture(fixtures: list[Fixture], entry: int) -> Fixture | None:
    """The entry's next unplayed fixture (the earliest by round), or None."""
    pending = [f for f in fixtures if not f.played and entry in (f.home, f.away)]
    return min(pending, key=lambda f: (f.round, f.id)) if pending else None


def blocker(fixtures: list[Fixture], fixture: Fixture) -> Fixture | None:
    """An unplayed fixture of an earlier round that one of `fixture`'s teams must play first
    (None: `fixture` is ready)."""
    earlier = [f for f in fixtures if not f.played and f.round < fixture.round
               and {f.home, f.away} & {fixture.home, fixture.away}]
    return min(earlier, key=lambda f: (f.round, f.id)) if earlier else None
