"""The commissioner's tools: enter the result of a match not played here (or a forfeit: a
concession) by hand, and correct a result already recorded.

A result entered by hand is committed like a played match, in the fixtures' order (only a
fixture of the earliest round not yet complete), with the post-match steps that need no match
events (`postmatch.hand_post_match`: winnings, Fan Factor, expenses, a conceding team's
departures), the managers' winnings re-roll, firing and buying, and the ledger's rows; it has
no match record (`record`: `{"by_hand": true}`). A correction changes only the recorded score,
casualties and concession (so the table); the post-match sequence that followed stands, and the
earlier values are kept in the match's post-match report (`corrections`)."""

from __future__ import annotations

import dataclasses
from typing import Any

from nuffle.core.dice import SampledRoller, seed_state
from nuffle.league.ledger import postmatch_rows
from nuffle.league.manager import decide, make_manager
from nuffle.league.playoffs import settings as playoff_settings
from nuffle.league.postmatch import PostMatchDice, hand_post_match
from nuffle.league.runner import _close, _manage, schedule
from nuffle.league.schedule import derived_seed
from nuffle.league.store import Fixture, LeagueError, LedgerRow, Store

BY_HAND = {"by_hand": True}  # the record of a result entered by hand


def _fixture(store: Store, fixture_id: int) -> Fixture:
    for f in schedule(store):
        if f.id == fixture_id:
            return f
    raise LeagueError(f"{store.path}: no fixture {fixture_id} (see nuffle league fixtures)")


def _check(score: tuple[int, int], cas: tuple[int, int], conceded: int | None) -> None:
    if min(*score, *cas) < 0:
        raise LeagueError("scores and casualties must be whole numbers of 0 or more")
    if conceded not in (None, 0, 1):
        raise LeagueError(f"conceded must be home or away, not {conceded!r}")


def enter_result(store: Store, fixture_id: int, score: tuple[int, int], cas: tuple[int, int] = (0, 0),
                 conceded: int | None = None) -> None:
    """Commit the result of an unplayed fixture of the earliest incomplete round (a concession:
    `conceded` the side, 0 home or 1 away, that conceded)."""
    _check(score, cas, conceded)
    fixture = _fixture(store, fixture_id)
    if fixture.played:
        raise LeagueError(f"fixture {fixture_id} has a result already (--correct changes it)")
    first = min(f.round for f in store.fixtures() if not f.played)
    if fixture.round != first:
        raise LeagueError(f"fixture {fixture_id} is in round {fixture.round}; round {first} comes first")
    entries = {e.id: e for e in store.entries()}
    home, away = entries[fixture.home], entries[fixture.away]
    league_seed = int(store.setting("seed"))
    managers = (make_manager(home.manager, derived_seed(league_seed, home.name, fixture.id)),
                make_manager(away.manager, derived_seed(league_seed, away.name, fixture.id)))
    dice = PostMatchDice(SampledRoller(), seed_state(derived_seed(fixture.seed, fixture.id, "post-match")))
    (new_home, new_away), post = hand_post_match(
        (home.team, away.team), score, dice, conceded,
        rerollers=(decide(managers[0], "reroll_winnings"), decide(managers[1], "reroll_winnings")))
    ledger: list[LedgerRow] = []
    for entry, team, manager, side in zip((home, away), (new_home, new_away), managers, post.sides,
                                          strict=True):
        ledger += postmatch_rows(entry.id, entry.team, team, side)
        ledger += _manage(entry.id, team, manager, side.penalties)
        side.penalties += getattr(manager, "notes", [])
        _close(manager)
    result = {"score": list(score), "cas": list(cas), "conceded": conceded, "gate": None}
    postmatch: dict[str, Any] = {"home": dataclasses.asdict(post.sides[0]),
                                 "away": dataclasses.asdict(post.sides[1])}
    for key in ("home", "away"):
        postmatch[key]["prematch"] = {}
    store.commit_match(fixture, result, dict(BY_HAND), postmatch, {home.id: new_home, away.id: new_away},
                       ledger)


def correct_result(store: Store, fixture_id: int, score: tuple[int, int], cas: tuple[int, int] = (0, 0),
                   conceded: int | None = None) -> None:
    """Change a recorded result (the table follows; the teams are not changed). Refused for a
    regular-season match once the playoffs started, and for a playoff match once the next
    round is written (who went through is settled)."""
    _check(score, cas, conceded)
    fixture = _fixture(store, fixture_id)
    if not fixture.played:
        raise LeagueError(f"fixture {fixture_id} has no result to correct (enter it without --correct)")
    po = playoff_settings(store)
    if po and fixture.round < po["from_round"]:
        raise LeagueError(f"fixture {fixture_id}: the playoffs have started; the regular season is settled")
    if po and any(f.round > fixture.round for f in store.fixtures()):
        raise LeagueError(f"fixture {fixture_id}: the next knockout round is already drawn")
    store.correct_match(fixture, {"score": list(score), "cas": list(cas), "conceded": conceded})
