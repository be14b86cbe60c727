"""What the native state carries of races, rosters and inducements, and the rules that read
it, against the Python engine: the players' roster keywords and races (Animosity, Stakes),
the match's fans, the Wizard.

Animosity and Stakes are driven frame by frame from positions in play of races that have them
(the passing and contact lockstep helpers: the position, decider, decision and legal actions
compared after every part); the fans and the Wizard through whole games on both engines in
lockstep (every step's position, legal actions and decision compared).
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import replace
from types import ModuleType
from typing import Any

import pytest

# the shared lockstep (pytest puts tests/native on sys.path)
from lockstep import lockstep, positions_in_play, pushed  # type: ignore[import-not-found]

# the sibling modules' lockstep helpers (pytest puts tests/native on sys.path)
from test_native_contact import Tally, _forced, _give, _pairs  # type: ignore[import-not-found]
from test_native_passing import lockstep as passing_lockstep  # type: ignore[import-not-found]

from nuffle.core.actions import ActionType
from nuffle.core.game import Game
from nuffle.core.native_game import NativeGame
from nuffle.core.native_state import KEYWORDS, keyword_bits, race_code, state_data, to_native
from nuffle.core.procedures.block_substitutes import Strike
from nuffle.core.procedures.passing import DUMP_OFF, HAIL_MARY, PASS, Handoff, Pass, pass_targets
from nuffle.core.skill_rules.passing_skills import race_of
from nuffle.core.skills import Skill
from nuffle.core.state import GameState
from nuffle.core.teams import Inducements, default_team, races
from nuffle.core.types import RUNNING, BallState, Status
from nuffle.random_player import RandomPlayer

ANIMOSITY_RACES = ("goblin", "orc", "underworld", "chaos-pact", "chaos-dwarf", "skaven", "human", "ogre")
UNDEAD_RACES = ("undead", "necromantic", "khemri", "vampire")


def _positions(home: Any, away: Any, seed: int, board: int, count: int, every: int = 7) -> list[GameState]:
    """`count` positions in play (a team turn under way, its coach to decide) of one seeded
    random game between `home` and `away` (race names or team specs)."""
    game = Game.new(home, away, seed=seed, board=board, engine="python")
    return positions_in_play(game, seed, count, every, 20_000)  # type: ignore[no-any-return]


# --- the state: keywords, races, fans, the Wizard's spell ----------------------------------------


def test_every_roster_keyword_the_rules_read_is_carried() -> None:
    """A roster keyword is a race ('race:...') or one of the native KEYWORDS: a new keyword in
    the rosters fails here until the native state carries it."""
    words = {w for r in races().values() for p in r.positionals for w in p.keywords}
    assert {w for w in words if not w.startswith("race:")} <= set(KEYWORDS), words
    assert {"undead", "thrall"} <= words


@pytest.mark.parametrize("race", sorted(races()))
def test_keywords_and_races_cross_the_bridge(native: ModuleType, race: str) -> None:
    """Every positional of every race: its keyword bits and race code, both ways; within a team
    equal codes are equal races (what Animosity compares)."""
    s = Game.new(race, "orc" if race != "orc" else "goblin", seed=3, board=11, engine="python").state
    nat = to_native(s)
    dumped = nat.dump()
    assert dumped == state_data(s)
    for pid in range(len(s.info)):
        p = dumped["players"][pid]
        assert p["keywords"] == keyword_bits(s.keywords(pid))
        assert ("undead" in s.keywords(pid)) == bool(p["keywords"] & 1)
        for q in s.ranges[s.pteam[pid]]:
            assert (race_of(s, pid) == race_of(s, q)) == (p["race"] == dumped["players"][q]["race"])


def test_a_race_no_roster_names_gets_code_0_and_stays_exact_within_its_team() -> None:
    assert race_code("no such race") == 0
    assert race_code("goblin") != race_code("orc") and race_code("goblin") > 0


def test_bad_keywords_races_and_fans_are_refused(native: ModuleType) -> None:
    from nuffle.core.native_state import native_board

    s = Game.new("orc", "vampire", seed=1, board=3, engine="python").state

    for mutate, message in (
        (lambda d: d["players"][0].__setitem__("keywords", 4), "players[0].keywords"),
        (lambda d: d["players"][0].__setitem__("race", 256), "players[0].race"),
        (lambda d: d.__setitem__("fans", [3]), "fans"),
        (lambda d: d.__setitem__("fans", [3, -1]), "fans[1]"),
        (lambda d: d["teams"][1].__setitem__("wizard", 2), "teams[1].wizard"),
    ):
        d = state_data(s)
        mutate(d)
        with pytest.raises(ValueError, match=r"^" + message.replace("[", r"\[").replace("]", r"\]")):
            native.State.load(native_board(3), d)


def test_the_fans_are_rolled_and_carried_as_python_rolls_them(native: ModuleType) -> None:
    """The pre-match fans (2D6 + fan factor each) and FAME, from the same seeds."""
    for seed in range(12):
        home, away = sorted(races())[seed % 24], sorted(races())[(seed * 7 + 3) % 24]
        py = Game.new(home, away, seed=seed, board=5, engine="python")
        nat = NativeGame.start(home, away, seed=seed, board=5)
        assert py.state.fans != (0, 0)
        assert nat.state.fans == py.state.fans
        assert nat.data()["fans"] == list(py.state.fans)
        assert [t.fame for t in nat.state.teams] == [t.fame for t in py.state.teams]


# --- Animosity -------------------------------------------------------------------------------


def _animosity_scenario(s: GameState, rng: random.Random) -> Any:
    """A pass, Hail Mary, Dump-Off or hand-off by an Animosity player of the active side to a
    team-mate, of another race where one stands in reach (None where nothing fits)."""
    side = s.active
    b = s.board
    mine = [p for p in s.ranges[side] if s.pos[p] >= 0 and s.status[p] == Status.STANDING]
    if len(mine) < 2:
        return None
    pid = rng.choice(mine)
    _give(s, pid, {Skill.ANIMOSITY})
    s.ball, s.ball_state = s.pos[pid], BallState.CARRIED
    mates = [q for q in mine if q != pid]
    other = [q for q in mates if race_of(s, q) != race_of(s, pid)]
    kind = rng.choice(["pass", "pass", "hail_mary", "dump_off", "handoff"])
    if kind == "handoff":
        near = [q for q in s.adjacent_players(s.pos[pid]) if q in mates]
        near_other = [q for q in near if q in other]
        if not near:
            return None
        return Handoff(pid, rng.choice(near_other or near))
    throw = {"pass": PASS, "hail_mary": HAIL_MARY, "dump_off": DUMP_OFF}[kind]
    if throw == HAIL_MARY:
        squares = {b.sq(x, y) for y in range(b.height) for x in range(b.width)} - {s.pos[pid]}
    else:
        squares = {b.sq(*xy) for xy in pass_targets(s, pid, "Q" if throw == DUMP_OFF else None)}
    targets = ([s.pos[q] for q in other if s.pos[q] in squares]
               or [s.pos[q] for q in mates if s.pos[q] in squares])
    if not targets:
        return None
    return Pass(pid, rng.choice(targets), throw)


def test_animosity_matches_the_python_engine(native: ModuleType) -> None:
    """Animosity's D6, the refusal, the choice of a team-mate of his own race or keeping the
    ball, on passes, Hail Marys, Dump-Offs and hand-offs of mixed-race teams, frame by frame."""
    ends: Counter[str] = Counter()
    reached = 0
    for seed in range(10):
        rng = random.Random(seed)
        home, away = ANIMOSITY_RACES[seed % len(ANIMOSITY_RACES)], rng.choice(ANIMOSITY_RACES)
        for board in (5, 7, 11):
            for s0 in _positions(home, away, seed, board, 3):
                for i in range(4):
                    r = random.Random(seed * 1009 + board * 31 + i)
                    s = pushed(s0, r, _animosity_scenario)
                    if s is None:
                        continue
                    s.teams[s.active].rerolls = r.randint(0, 2)
                    reached += _pushes_animosity(s)
                    checks, end = passing_lockstep(native, s, r)
                    ends["checks"] += checks
                    ends[end] += 1
    assert reached >= 40, (reached, ends)
    assert ends["done"] >= 100 and ends["checks"] >= 600, ends


def _pushes_animosity(s: GameState) -> int:
    """1 if the procedure on top of `s` pushes Animosity (run once on a copy)."""
    c = s.copy()
    c.top().run(c)
    return int(c.stack[-1].frame == "animosity")


def test_a_refused_throw_goes_to_a_team_mate_of_his_race_or_stays(native: ModuleType) -> None:
    """Animosity failed (a 1): the coach's choice is offered the same on both engines and the
    throw goes on to the square chosen, or the ball is kept (no turnover)."""
    from nuffle.core.native_state import native_board
    from nuffle.core.procedures.base import Procedure

    seen: Counter[str] = Counter()
    for seed in range(6):
        for s0 in _positions("chaos-pact", "goblin", seed, 11, 4, every=3):
            rng = random.Random(seed)
            s = pushed(s0, rng, _animosity_scenario)
            if s is None:
                continue
            py = s.copy()
            while py.decider == RUNNING and py.stack[-1].frame != "player_roll":
                py.stack[-1].run(py)
            if py.stack[-1].frame != "player_roll":
                continue
            top: Procedure = py.stack.pop()  # the Animosity roll fails
            assert top.frame == "player_roll"
            py.ok, py.last_die = False, 1
            nat = native.State.load(native_board(11), state_data(py))
            depth = len(py.stack)  # Animosity's
            while py.decider == RUNNING and len(py.stack) >= depth:
                py.stack[-1].run(py)
            nat.run_ported(depth)
            assert state_data(py) == nat.dump()
            seen["waits" if py.decider in (0, 1) else "kept"] += 1
    assert seen["waits"] >= 1 and seen["kept"] >= 1, seen


# --- Stakes ----------------------------------------------------------------------------------


def test_stakes_stabs_match_the_python_engine(native: ModuleType) -> None:
    """Stabs by players with Stakes against teams with and without the 'undead' keyword: the
    +1 to the armour roll against undead only, frame by frame."""
    tally = Tally()
    undead_hits = 0
    for seed in range(8):
        rng = random.Random(seed + 40)
        home = rng.choice(("human", "dwarf", "amazon", "orc"))
        away = UNDEAD_RACES[seed % 4] if seed % 4 != 3 or seed < 4 else "elven-union"
        for board in (5, 7, 11):
            for s0 in _positions(home, away, seed, board, 4, every=3):
                pairs = _pairs(s0, Status.PRONE)
                for a, v in rng.sample(pairs, min(len(pairs), 5)):
                    s = s0.copy()
                    _give(s, a, {Skill.STAB, Skill.STAKES})
                    undead_hits += "undead" in s.keywords(v)
                    tally.add(_forced(native, s, Strike(ActionType.STAB, a, v, gfi=rng.random() < 0.3), rng))
    assert tally.runs["strike"] >= 60 and undead_hits >= 20, (tally, undead_hits)


def test_stakes_adds_one_to_the_armour_roll_against_undead_only(native: ModuleType) -> None:
    """Scripted armour dice equal to the victim's AV: broken (prone) with Stakes against an
    undead player, no effect against a living one or without Stakes; both engines agree."""
    from nuffle.core.native_state import native_board

    s0 = next(s for s in _positions("human", "necromantic", 2, 7, 6, every=2) if s.active == 0)
    pairs = [(a, v) for a, v in _pairs(s0, Status.PRONE) if "undead" in s0.keywords(v)]
    assert pairs
    for a, v in pairs[:4]:
        for stakes, undead in ((True, True), (False, True), (True, False)):
            s = s0.copy()
            _give(s, a, {Skill.STAB} | ({Skill.STAKES} if stakes else set()))
            if not undead:
                s.info = tuple(replace(p, position="Lineman") if p.pid == v else p for p in s.info)
                side = s.pteam[v]
                s.specs = tuple(replace(sp, race="human") if i == side else sp  # type: ignore[assignment]
                                for i, sp in enumerate(s.specs))
                assert "undead" not in s.keywords(v)
            s.stack.append(Strike(ActionType.STAB, a, v))
            s.decider = RUNNING
            depth = len(s.stack)
            nat = native.State.load(native_board(7), state_data(s))
            nat.run_ported(depth)
            av = s.info[v].av
            dice = (av // 2, av - av // 2)
            py = s.copy()
            while py.decider == RUNNING:
                py.top().run(py)
            assert py.pending is not None and py.pending.purpose == "armour"
            py.outcome, py.pending, py.decider = dice, None, RUNNING
            nat.resolve_only(dice)
            while py.decider == RUNNING and len(py.stack) >= depth:
                py.top().run(py)
            nat.run_ported(depth)
            assert state_data(py) == nat.dump()
            broken = len(py.stack) >= depth and py.status[v] == Status.PRONE
            assert broken == (stakes and undead), (stakes, undead, py.stack[-1].frame)


# --- the Wizard ------------------------------------------------------------------------------


def with_wizard(race: str) -> Any:
    return replace(default_team(race), inducements=Inducements(wizard=True))


def _lockstep_game(home: Any, away: Any, seed: int, board: int, max_steps: int = 3000) -> Counter[str]:
    """A whole game on both engines, the same random choices; every step compared."""
    py = Game.new(home, away, seed=seed, board=board, engine="python")
    nat = NativeGame.start(home, away, seed=seed, board=board)
    bots = (RandomPlayer(seed), RandomPlayer(seed + 1))
    bots[0].new_game(py.view(), 0)
    bots[1].new_game(py.view(), 1)
    seen: Counter[str] = Counter()
    for step in range(max_steps):
        assert py.decider == nat.decider, step
        assert py.decision() == nat.decision(), step
        assert py.legal_actions() == nat.legal_actions(), step
        assert state_data(py.state) == nat.data(), step
        if py.is_over:
            seen["complete"] += 1
            break
        if py.state.stack[-1].frame == "wizard":
            seen["wizard decisions"] += 1
        action = bots[py.decider].act(py.view())
        if action.type in (ActionType.USE_FIREBALL, ActionType.USE_LIGHTNING_BOLT):
            seen[action.type.name] += 1
        py.step(action)
        nat.step(action)  # every frame is ported: a NotPortedError fails the test
    return seen


def test_wizards_match_the_python_engine_in_whole_games(native: ModuleType) -> None:
    """Both teams with a Wizard: the spells offered at the start of a turn, the target, the
    to-hit dice, the knock-downs and turnovers, step by step over whole games."""
    seen: Counter[str] = Counter()
    for seed in range(6):
        for board in (1, 3, 5):
            seen.update(_lockstep_game(with_wizard("human"), with_wizard("orc"), seed, board))
    assert seen["USE_FIREBALL"] >= 5 and seen["USE_LIGHTNING_BOLT"] >= 3, seen
    assert seen["wizard decisions"] >= 8, seen


# --- niggling injuries -----------------------------------------------------------------------


def test_niggling_injuries_count_on_both_engines(native: ModuleType) -> None:
    """Players with niggling injuries (+1 each to the injury roll): knock-downs and injuries
    from positions in play, with apothecaries, Thick Skull and Stunty, frame by frame."""
    from nuffle.core.procedures.injury import Injury, KnockDown

    checks = niggled = 0
    for seed in range(6):
        rng = random.Random(seed + 70)
        for board in (3, 11):
            for s0 in _positions("halfling", "dwarf", seed, board, 3):
                s = s0.copy()
                s.info = tuple(replace(p, niggles=rng.randint(0, 3)) for p in s.info)
                on = [p for p in range(len(s.info)) if s.pos[p] >= 0 and s.status[p] == Status.STANDING]
                for pid in rng.sample(on, min(4, len(on))):
                    c = s.copy()
                    c.teams[c.pteam[pid]].apothecaries = rng.randint(0, 1)
                    c.stack.append(KnockDown(pid) if rng.random() < 0.5 else Injury(pid))
                    c.decider = RUNNING
                    n, end, _frames = lockstep(native, c, rng, limit=200)
                    assert not end.startswith("not ported"), end
                    checks += n
                    niggled += c.info[pid].niggles > 0
    assert checks >= 200 and niggled >= 20, (checks, niggled)


# --- the LRB6 ruleset's tables ---------------------------------------------------------------

#: Ruleset fields the native engine takes from LRB6 (frames.hpp's `lrb6` namespace, written by
#: gen_frames.py from the Python ruleset; test_native_engine checks the header is current) or
#: checks equal (the D68's casualty groups: chance.hpp, test_native_dice), and those it needs
#: not (team building, the skill handler overrides, which only other rulesets have).
NATIVE_TABLES = {"scatter", "weather", "kickoff", "ko_from", "casualty_from", "casualties", "pass_ranges",
                 "range_modifiers", "casualty_groups", "x_plus", "casualty_die", "niggles_on", "lasting_base",
                 "heat", "catch_base", "touchback", "passing",
                 "dodge_base", "pickup_base", "jump", "rerolls_per_turn", "blitz_turn_rerolls", "pro_from",
                 "pro_one_die", "throw_team_mate", "foul_guard", "argue_the_call", "claws_with_bonus",
                 "prayers", "fans", "wizard"}
NOT_IN_PLAY = {"name", "costs", "handlers", "draft", "areas", "pending"}


def test_every_ruleset_table_is_the_native_engines() -> None:
    """A new Ruleset table fails here until the native engine takes it from LRB6 as well."""
    from dataclasses import fields

    from nuffle.core.ruleset import Ruleset

    assert {f.name for f in fields(Ruleset)} == NATIVE_TABLES | NOT_IN_PLAY


@pytest.mark.parametrize("name", ["lrb6", "bb2020"])
def test_the_generated_ruleset_tables_are_the_python_rulesets(name: str) -> None:
    """frames.hpp's tables of each built-in ruleset hold the Python ruleset's values (read back
    from the header), and `rules::TABLES` lists them in `ruleset.NATIVE`'s order."""
    import re
    from pathlib import Path

    from nuffle.core.dice import Dice
    from nuffle.core.ruleset import NATIVE, draft_ruleset

    rules = draft_ruleset(name)
    text = (Path(__file__).resolve().parents[2] / "native" / "include" / "nuffle" / "frames.hpp").read_text()
    block = text[text.index(f"namespace {name} {{"):text.index(f"}}  // namespace {name}")]
    ints = [int(v) for v in re.search(r"WEATHER\[\] = \{([^}]*)\}", block).group(1).split(",")]  # type: ignore[union-attr]
    assert ints == [int(w) for w in rules.weather]
    rows = re.findall(r'"([TQSLB-]+)"', block)
    assert tuple(rows) == rules.pass_ranges
    assert f"KO_FROM = {rules.ko_from};" in block and f"CASUALTY_FROM = {rules.casualty_from};" in block
    def pairs(name: str) -> list[tuple[int, int]]:
        line = next(ln for ln in block.splitlines() if f" {name}[][2] = " in ln)
        return [(int(a), int(b)) for a, b in re.findall(r"\{(-?\d+), (-?\d+)\}", line)]

    assert pairs("SCATTER") == list(rules.scatter)
    assert pairs("CASUALTY_CLASSES") == list(rules.casualty_classes())
    index = text[text.index("namespace rules {"):text.index("}  // namespace rules")]
    assert re.findall(r'\{"(\w+)", ', index) == [r.name for r in NATIVE]
    assert f"constexpr int {name.upper()} = {NATIVE.index(rules)};" in index
    row = next(ln for ln in index.splitlines() if ln.strip().startswith(f'{{"{name}"'))
    tail = row[row.index("RANGE_MODIFIER, ") + len("RANGE_MODIFIER, "):].rstrip("},").split(", ")
    first, last = rules.lasting_band()
    assert tail == [str(rules.x_plus).lower(), str(int(Dice[rules.casualty_die])),
                    str(rules.casualty_faces[-1]), str(rules.niggles_on == "injury").lower(), str(first),
                    str(last), str(rules.lasting_base), str(rules.heat == "random").lower(),
                    str(rules.catch_base), str(rules.touchback == "any").lower(),
                    str(rules.passing == "bb2020").lower(), str(rules.dodge_base), str(rules.pickup_base),
                    str(rules.jump).lower(), str(rules.rerolls_per_turn),
                    str(rules.blitz_turn_rerolls).lower(), str(rules.pro_from),
                    str(rules.pro_one_die).lower(), str(rules.throw_team_mate == "bb2020").lower(),
                    str(rules.foul_guard).lower(),
                    str(rules.argue_the_call).lower(), str(rules.claws_with_bonus).lower(),
                    str(rules.fans == "fan_factor").lower(), str(rules.wizard == "zap").lower()]


def test_the_casualty_groups_are_the_python_rulesets(native: ModuleType) -> None:
    from fractions import Fraction

    from nuffle.core.dice import GROUP_CASUALTY, Dice
    from nuffle.core.ruleset import LRB6, NATIVE

    got = [(o, Fraction(*p)) for o, p in native.grouped_outcomes(int(Dice.D68), 1, GROUP_CASUALTY)]
    assert got == [(rep, Fraction(n, 48)) for rep, n in LRB6.casualty_groups]
    for rid, rules in enumerate(NATIVE):
        got = [(o, Fraction(*p)) for o, p in native.grouped_outcomes(int(Dice.D68), 1, GROUP_CASUALTY, rid)]
        assert got == [(rep, Fraction(n, 48)) for rep, n in rules.casualty_groups]
    with pytest.raises(ValueError):
        native.grouped_outcomes(int(Dice.D68), 1, GROUP_CASUALTY, len(NATIVE))


def test_another_ruleset_is_refused_in_one_line(native: ModuleType) -> None:
    from nuffle.core.errors import InputError
    from nuffle.core.ruleset import LRB6

    s = Game.new("orc", "human", seed=1, board=3, engine="python").state
    for rules in (LRB6.derive("house", ko_from=9), LRB6.derive("lrb6", casualty_from=11)):
        c = s.copy()
        c.rules = rules
        with pytest.raises(InputError) as info:
            NativeGame.from_state(c)
        assert "\n" not in str(info.value) and "rulesets lrb6, bb2020 only" in str(info.value)
