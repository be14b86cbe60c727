"""LRB6 as a value: a second ruleset plays beside LRB6 in one process, each by its own rules."""

from __future__ import annotations

import json
from collections.abc import Callable

import pytest

from nuffle.agents.random_bot import RandomBot
from nuffle.core.game import Game
from nuffle.core.procedures.base import FRAMES
from nuffle.core.procedures.block_strength import STRENGTH, strength
from nuffle.core.ruleset import LRB6, Ruleset, RulesetError, RuleSkills, register, ruleset
from nuffle.core.skills import Skill
from nuffle.core.state import GameState
from nuffle.core.types import Weather
from nuffle.record import replay, to_record


def _horns_toy(s: GameState, attacker: int, defender: int, blitz: bool) -> int:
    return 2 if blitz else 0  # LRB6's Horns: +1 on a Blitz


# LRB6 with one table (the weather: always a blizzard) and one skill (Horns) changed.
TOY = LRB6.derive(
    "toy-blizzard",
    handlers={(STRENGTH.name, Skill.HORNS): _horns_toy},
    weather=(Weather.BLIZZARD,) * 13,
)


@pytest.fixture(autouse=True)
def _toy_registered(register_ruleset: Callable[[Ruleset], Ruleset]) -> None:
    """TOY is known by name during each test here only: other tests see the built-in rulesets."""
    register_ruleset(TOY)


def _bots(seed: int) -> tuple[RandomBot, RandomBot]:
    return RandomBot(seed), RandomBot(seed + 1)


def _play(game: Game, bots: tuple[RandomBot, RandomBot], steps: int) -> None:
    for _ in range(steps):
        if game.is_over:
            return
        game.step(bots[game.decider].act(game.view()))


def _horned(game: Game) -> int:
    return next(p.pid for p in game.state.info if Skill.HORNS in p.skills)


def test_lrb6_data_gives_the_tables_the_engine_had() -> None:
    assert LRB6.scatter[1] == (-1, -1) and LRB6.scatter[8] == (1, 1)
    assert [LRB6.weather_of(t) for t in (2, 3, 7, 11, 12)] == [
        Weather.SWELTERING_HEAT, Weather.VERY_SUNNY, Weather.NICE, Weather.POURING_RAIN, Weather.BLIZZARD]
    assert all(FRAMES.get(LRB6.kickoff[t]) is not None for t in range(2, 13))
    classes = ((11, 24), (41, 8), (51, 2), (53, 2), (55, 2), (57, 1), (58, 1), (61, 8))
    assert LRB6.casualty_classes() == classes
    assert LRB6.pass_range(0, 0) == "T" and LRB6.pass_range(3, 0) == "Q" and LRB6.pass_range(14, 0) == "-"
    assert LRB6.costs["apothecary"] == 50_000


def test_a_toy_ruleset_plays_beside_lrb6_each_by_its_own_rules() -> None:
    toy_weathers, lrb6_weathers = set(), set()
    for seed in range(6):
        lrb6 = Game.new("chaos", "orc", seed=seed)
        toy = Game.new("chaos", "orc", seed=seed, ruleset="toy-blizzard")
        alone = Game.new("chaos", "orc", seed=seed)
        assert lrb6.state.rules is LRB6 and toy.state.rules is TOY and toy.config.ruleset == "toy-blizzard"
        # One skill changed: the same Horns player is stronger on a Blitz under the toy rules.
        att, dfd = _horned(lrb6), lrb6.state.ranges[1][0]
        assert isinstance(toy.state.info[att].skills, RuleSkills)
        base = lrb6.state.info[att].st
        assert strength(lrb6.state, att, dfd, blitz=True) == base + 1
        assert strength(toy.state, att, dfd, blitz=True) == base + 2
        assert strength(lrb6.state, att, dfd, blitz=True) == base + 1  # both cached side by side
        # Both matches play on in turns; the weather table differs, LRB6's play is undisturbed.
        lrb6_bots, toy_bots = _bots(seed), _bots(seed)
        for _ in range(8):
            _play(lrb6, lrb6_bots, 40)
            _play(toy, toy_bots, 40)
            toy_weathers.add(toy.state.weather)
            lrb6_weathers.add(lrb6.state.weather)
        _play(alone, _bots(seed), 320)
        assert lrb6.state == alone.state
    assert toy_weathers == {Weather.BLIZZARD}
    assert lrb6_weathers - {Weather.BLIZZARD}


def test_a_toy_match_plays_to_the_end_and_its_ruleset_travels_in_records_and_positions() -> None:
    toy = Game.new("chaos", "orc", seed=3, ruleset=TOY)
    _play(toy, _bots(3), 5000)
    assert toy.is_over
    record = json.loads(json.dumps(to_record(toy)))
    assert record["config"]["ruleset"] == "toy-blizzard"
    assert replay(record).state == toy.state
    mid = Game.new("chaos", "orc", seed=4, ruleset=TOY)
    _play(mid, _bots(4), 60)
    data = json.loads(json.dumps(mid.to_position()))
    assert data["ruleset"] == "toy-blizzard"
    loaded = Game.from_position(data)
    assert loaded.state.rules is TOY and loaded.state == mid.state
    assert loaded.config.ruleset == "toy-blizzard" and mid.clone().state.rules is TOY


def test_an_unknown_ruleset_is_refused_naming_it() -> None:
    with pytest.raises(RulesetError, match="unknown ruleset 'lrb9'"):
        Game.new("human", "orc", ruleset="lrb9")
    with pytest.raises(RulesetError, match="unknown ruleset"):
        ruleset("nope")
    with pytest.raises(RulesetError, match="already called 'lrb6'"):
        register(LRB6.derive("lrb6"))


def test_race_keywords_come_from_the_roster_data() -> None:
    from nuffle.core.teams import keywords, race

    assert keywords("vampire", "Thrall") == {"undead", "thrall"}
    assert keywords("vampire", "Vampire") == {"undead"}
    for r in ("khemri", "necromantic", "undead"):
        assert all("undead" in p.keywords for p in race(r).positionals)
    assert keywords("orc", "Goblin") == {"race:goblin"} and keywords("orc", "Blitzer") == frozenset()
    assert keywords("chaos-pact", "Dark Elf Renegade") == {"race:dark elf"}
    assert keywords("dwarf", "Troll Slayer") == frozenset()  # a Dwarf, whatever his name says
    assert keywords("human", "Thrall") == {"thrall"}  # a positional his race lacks: its own words
    assert keywords("undead", "Made Up") == {"undead"} and keywords("nowhere", "Made Up") == frozenset()


def test_enumeration_groups_casualty_rolls_by_the_rulesets_own_table() -> None:
    from fractions import Fraction

    from nuffle.core.dice import GROUP_CASUALTY, Dice, grouped_outcomes

    harsh = LRB6.derive("harsh", casualties=((11, 38, "badly_hurt"), (41, 68, "dead")))
    assert harsh.casualty_groups == ((11, 24), (41, 24)) and harsh.casualty_of(45) == "dead"
    assert grouped_outcomes(Dice.D68, 1, GROUP_CASUALTY, harsh.casualty_groups) == (
        (11, Fraction(1, 2)), (41, Fraction(1, 2)))
    assert len(grouped_outcomes(Dice.D68, 1, GROUP_CASUALTY, LRB6.casualty_groups)) == 8


def test_pass_targets_follow_the_matchs_ruler() -> None:
    """A ruleset whose ruler reaches one square: a thrower may pass to his neighbours only
    (the targets were read off LRB6's ruler whatever the match's ruleset)."""
    from nuffle.core.procedures.passing import pass_targets
    from nuffle.testing import Scenario

    short = LRB6.derive("toy-short-ruler", pass_ranges=("TQ", "QQ"))
    sc = Scenario().put(1, (10, 7))
    sc.state.rules = short
    s = sc.state
    assert set(pass_targets(s, 1, "QSLB")) == {(x, y) for x in (9, 10, 11) for y in (6, 7, 8)} - {(10, 7)}
    sc.state.rules = LRB6
    assert len(pass_targets(s, 1, "QSLB")) > 100
