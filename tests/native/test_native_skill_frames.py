"""Native Blood Lust (its feeding: Feed, the Block changed into a Move, feeding before a pass or
hand-off, leaving the pitch), Hypnotic Gaze (Gaze), Piling On (PilingOn: the armour or injury
re-roll, the attacker placed prone) and the plain re-roll contest against the Python engine.

Each check builds a Python position in play with one procedure pushed on top (a player action
of a Vampire, a Feed, a Gaze, a Block or knock-down by a Piling On player, ...), the skills and
Thralls handed out at random, loads it into the native engine and drives both in lockstep: the
ported frames run, then the whole position, the decider, the decision record and the legal
actions are compared; the same chance outcome (sampled from the position's generator, or any
outcome drawn at random) or the same random legal decision is applied to both. A run ends when
the pushed procedure is done; every frame runs on both engines (a NotPortedError fails the test).
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import replace
from types import ModuleType
from typing import Any

# the shared lockstep (pytest puts tests/native on sys.path)
from lockstep import add_skills, drive, give_ball, lockstep, pushed, python_game, standing, standing_actor  # type: ignore[import-not-found]

from nuffle.core.actions import Action, ActionType
from nuffle.core.dice import Chance, Dice
from nuffle.core.game import Game
from nuffle.core.native_game import NativeGame
from nuffle.core.native_state import state_data
from nuffle.core.procedures.action import PlayerAction, PlayerActionPhase
from nuffle.core.procedures.base import Procedure
from nuffle.core.procedures.block import Block
from nuffle.core.procedures.injury import BLOCK, Injury, KnockDown
from nuffle.core.procedures.kickoff_table import _ReRollContest
from nuffle.core.skill_rules.declaration_skills import Feed, Gaze
from nuffle.core.skills import Skill
from nuffle.core.state import GameState
from nuffle.core.types import PF, RUNNING, Status

Positions = Any

KINDS = (ActionType.START_MOVE, ActionType.START_BLOCK, ActionType.START_BLITZ, ActionType.START_PASS,
         ActionType.START_HANDOFF, ActionType.START_FOUL)
CONTACT = (Skill.MIGHTY_BLOW, Skill.CLAWS, Skill.BLOCK, Skill.DODGE, Skill.THICK_SKULL, Skill.STUNTY,
           Skill.DAUNTLESS, Skill.FRENZY, Skill.JUGGERNAUT, Skill.STAND_FIRM, Skill.REGENERATION)


def _make_thrall(s: GameState, pid: int) -> None:
    s.info = tuple(replace(p, position="Thrall") if i == pid else p for i, p in enumerate(s.info))


def _mates(s: GameState, pid: int) -> list[int]:
    return [q for q in s.adjacent_players(s.pos[pid]) if s.pteam[q] == s.pteam[pid]]


def _opponents(s: GameState, pid: int, standing: bool = True) -> list[int]:
    return [q for q in s.adjacent_players(s.pos[pid])
            if s.pteam[q] != s.pteam[pid] and (not standing or s.status[q] == Status.STANDING)]


def _thralls_around(s: GameState, pid: int, rng: random.Random) -> None:
    """Random adjacent team-mates become Thralls (none at all, sometimes); one may hold the ball."""
    if rng.random() < 0.25:
        return
    for q in _mates(s, pid):
        if rng.random() < 0.7:
            _make_thrall(s, q)
            if rng.random() < 0.2:
                give_ball(s, q)
                if rng.random() < 0.5:
                    s.status[q] = Status.PRONE


def _into_end_zone(s: GameState, pid: int, rng: random.Random) -> None:
    """Move `pid` (holding the ball) to an empty square of the end zone he attacks, a team-mate
    Thrall next to him where there is room: a Vampire who scores only once he has fed."""
    b = s.board
    side = s.pteam[pid]
    zone = [q for q in range(len(s.grid)) if s.grid[q] == -1 and b.scoring_side_at(q) == side]
    if not zone:
        return
    sq = rng.choice(zone)
    s.move_player(pid, sq)
    give_ball(s, pid)
    free = [sq + o for o in b.neighbours if s.grid[sq + o] == -1]
    mates = [q for q in standing(s, side) if q != pid]
    if free and mates and rng.random() < 0.8:
        q = rng.choice(mates)
        s.move_player(q, rng.choice(free))
        _make_thrall(s, q)


def _scenario(s: GameState, rng: random.Random, kind: str) -> Procedure | None:
    """Push-ready procedure `kind` on `s` (a position in play); None where it does not fit."""
    pid = standing_actor(s, rng)
    if pid is None:
        return None
    if kind == "feed":
        add_skills(s, pid, Skill.BLOOD_LUST)
        s.pflags[pid] |= PF.MUST_FEED
        if rng.random() < 0.3:
            _into_end_zone(s, pid, rng)
        elif rng.random() < 0.2:
            give_ball(s, pid)
        _thralls_around(s, pid, rng)
        return Feed(pid)
    if kind in ("vampire", "gaze", "piler"):
        action_kind = ActionType.START_MOVE if kind == "gaze" and rng.random() < 0.7 else rng.choice(KINDS)
        if kind == "vampire":
            add_skills(s, pid, Skill.BLOOD_LUST,
                       rng.choice((Skill.HYPNOTIC_GAZE, Skill.REGENERATION, Skill.DODGE)))
            _thralls_around(s, pid, rng)
        elif kind == "gaze":
            add_skills(s, pid, Skill.HYPNOTIC_GAZE)
            if rng.random() < 0.3:
                add_skills(s, pid, Skill.BLOOD_LUST)
                _thralls_around(s, pid, rng)
        else:
            add_skills(s, pid, Skill.PILING_ON, *rng.sample(CONTACT, rng.randint(0, 2)))
            action_kind = rng.choice((ActionType.START_BLOCK, ActionType.START_BLITZ))
        if action_kind in (ActionType.START_PASS, ActionType.START_HANDOFF) or rng.random() < 0.1:
            give_ball(s, pid)
        action = PlayerAction(pid, action_kind)
        if rng.random() < 0.6:  # declared already (the Blood Lust roll failed, or no roll)
            action.phase = PlayerActionPhase.MOVING
            if s.info[pid].skills & {Skill.BLOOD_LUST} and rng.random() < 0.8:
                s.pflags[pid] |= PF.MUST_FEED
        return action
    if kind == "gaze_roll":
        targets = _opponents(s, pid)
        if not targets:
            return None
        return Gaze(pid, rng.choice(targets))
    if kind in ("block", "knock_down", "injury"):
        victims = _opponents(s, pid)
        if not victims:
            return None
        victim = rng.choice(victims)
        add_skills(s, pid, Skill.PILING_ON, *rng.sample(CONTACT, rng.randint(0, 2)))
        add_skills(s, victim, *rng.sample(CONTACT, rng.randint(0, 2)))
        if rng.random() < 0.2:
            give_ball(s, pid)
        elif rng.random() < 0.2:
            give_ball(s, victim)
        if kind == "block":
            return Block(pid, victim)
        s.status[victim] = Status.PRONE
        if kind == "knock_down":
            return KnockDown(victim, attacker=pid)
        return Injury(victim, rng.choice((0, 0, 1)), by=pid, how=BLOCK)
    raise AssertionError(kind)


def _action(g: Game, rng: random.Random) -> Action:
    """A random legal decision, the skills' own choices more often than ending the action."""
    groups = list(g.legal_actions().groups)
    if len(groups) > 1 and rng.random() < 0.5:  # the skills' own choices more often than ending
        groups = [grp for grp in groups if grp.type != ActionType.END_ACTION] or groups
    group = rng.choice(groups)
    player = rng.choice(group.players) if group.players else None
    square = rng.choice(group.squares) if group.squares else None
    return Action(group.type, player, square)


def _run(native: ModuleType, game_positions: Positions, kinds: tuple[str, ...], seeds: range,
         boards: tuple[int, ...] = (3, 7, 11), per_position: int = 4) -> Counter[str]:
    seen: Counter[str] = Counter()
    runs = ((rng, pushed(s0, rng, lambda s, r: _scenario(s, r, kinds[i % len(kinds)])))  # noqa: B023 (called at once)
            for seed in seeds for board in boards for s0 in game_positions(seed, board, 3)
            for i in range(per_position) for rng in [random.Random(seed * 1_000_003 + board * 101 + i)])
    drive(native, runs, _action, ends=seen, limit=300, seen=seen)
    return seen


def test_feeding_matches_the_python_engine(native: ModuleType, game_positions: Positions) -> None:
    """Feed: one Thrall bitten (the injury capped at Badly Hurt, a dropped ball bouncing, a
    turnover), a choice of Thralls, none next to him (off the pitch, turnover, the ball he held
    bouncing), a touchdown once fed."""
    seen = _run(native, game_positions, ("feed",), range(8))
    assert seen["done"] >= 60, seen
    assert seen["feed/SELECT_PLAYER"] >= 3, seen
    assert seen["feed:2"] >= 20 and seen["feed:3"] >= 1 and seen["feed:4"] >= 10, seen


def test_vampire_actions_match_the_python_engine(native: ModuleType, game_positions: Positions) -> None:
    """A Vampire's player action: the Blood Lust roll, the Block changed into a Move, feeding
    at the action's end and before a pass or hand-off (which then goes on, or not)."""
    seen = _run(native, game_positions, ("vampire",), range(8, 18))
    assert seen["done"] >= 60, seen
    assert seen["player_action/START_MOVE"] >= 2, seen
    assert seen["declaration_roll:0"] >= 10, seen
    assert seen["player_action:7"] >= 2, seen  # BEFORE_THROW: fed before a pass or hand-off
    assert seen["feed:0"] >= 20, seen


def test_hypnotic_gaze_matches_the_python_engine(native: ModuleType, game_positions: Positions) -> None:
    """Hypnotic Gaze: the targets of a Move action, the gaze ending it, the roll and its
    modifier (opposing tackle zones other than the target's), the target hypnotised."""
    seen = _run(native, game_positions, ("gaze", "gaze_roll"), range(18, 26))
    assert seen["done"] >= 60, seen
    assert seen["player_action/HYPNOTIC_GAZE"] >= 5, seen
    assert seen["gaze:1"] >= 15, seen


def test_piling_on_matches_the_python_engine(native: ModuleType, game_positions: Positions) -> None:
    """Piling On after a block: the armour re-roll and the injury re-roll offered (not after a
    casualty, nor once re-rolled), taken (the attacker placed prone, a ball he held bouncing,
    a turnover) or declined."""
    seen = _run(native, game_positions, ("block", "knock_down", "injury", "piler"), range(26, 36))
    assert seen["done"] >= 80, seen
    assert seen["piling_on/SELECT_ARMOUR"] >= 5 and seen["piling_on/SELECT_INJURY"] >= 5, seen
    assert seen["piling_on/DECLINE"] >= 5, seen
    assert seen["place_prone:0"] >= 10, seen


def test_plain_re_roll_contest_matches_the_python_engine(native: ModuleType,
                                                         game_positions: Positions) -> None:
    """The re_roll_contest frame (the kick-off table's contest without helpers): D3 + FAME a
    side, both gain a re-roll on a tie."""
    seen: Counter[str] = Counter()
    for i, s0 in enumerate(game_positions(40, 7, 3)):
        for k in range(6):
            rng = random.Random(i * 10 + k)
            s = s0.copy()
            s.stack.append(_ReRollContest())
            s.decider = RUNNING
            checks, end, _frames = lockstep(native, s, rng, _action, limit=300, seen=seen)
            assert end == "done" and checks == 3, (checks, end)
    assert seen["re_roll_contest:2"] >= 6, seen


def test_no_stops_for_these_skills(native: ModuleType, game_positions: Positions) -> None:
    """A game of Vampires with Piling On for every player runs without NotPortedError naming
    Blood Lust, Hypnotic Gaze or Piling On, in lockstep with the Python engine."""
    from nuffle.random_player import RandomPlayer

    reached: Counter[str] = Counter()
    for seed, board in ((1, 3), (2, 5), (3, 7)):
        py = Game.new("vampire", "vampire", seed=seed, board=board)
        s = py.state
        s.info = tuple(replace(p, skills=p.skills | {Skill.PILING_ON}) for p in s.info)
        py = python_game(s)
        nat = NativeGame.from_state(s)
        bots = (RandomPlayer(seed), RandomPlayer(seed + 1))
        for side, bot in enumerate(bots):
            bot.new_game(py.view(), side)
        for _ in range(3000):
            assert state_data(py.state) == nat.data()
            if py.is_over:
                break
            reached.update({f.frame for f in py.state.stack} & {"feed", "gaze", "piling_on"})
            a = bots[py.decider].act(py.view())
            py.step(a)
            nat.step(a)  # no NotPortedError: every frame these games reach is ported
        assert py.is_over and nat.is_over
    assert reached["feed"] >= 1 and reached["gaze"] >= 3 and reached["piling_on"] >= 4, reached


def test_the_re_roll_contest_purpose_is_its_class_name(native: ModuleType) -> None:
    """The plain contest asks a D3 named after its class, as the Python engine does."""
    s = Game.new("human", "orc", seed=3, board=3).state
    s.stack.append(_ReRollContest())
    s.decider = RUNNING
    s.stack[-1].run(s)
    assert s.pending == Chance(Dice.D3, 1, "_ReRollContest")
