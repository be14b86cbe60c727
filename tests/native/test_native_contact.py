"""Parity of the native block, push, foul and block-substitute procedures, frame by frame.

Games go on in Python from positions in play, one procedure `run` at a time, with random
decisions (favouring blocks, blitzes, fouls, stabs and chainsaws) and chance outcomes drawn
from every possible outcome (so failures and rare faces come up often). Whenever the top frame
is one of these procedures, the native engine loads the same position and does the same step
(one `run`, or one decision with `act_top`), and the two positions are compared whole (stack,
frame fields, players, ball, counters), as are the legal actions and the decision record
before each decision. Frames of other rule areas run in Python only, so the comparison covers
these procedures wherever they are reached."""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass, field, replace
from types import ModuleType
from typing import Any

import pytest

from nuffle.core.actions import Action, ActionChoice, ActionType
from nuffle.core.dice import Dice, SampledRoller, outcomes, sample
from nuffle.core.game import Game
from nuffle.core.match_config import MatchConfig
from nuffle.core.native_game import NativeGame
from nuffle.core.native_state import native_board, state_data
from nuffle.core.skills import Skill
from nuffle.core.state import GameState
from nuffle.core.types import RUNNING, Status

Positions = Any

# The frames this area ports.
CONTACT_FRAMES = frozenset({"block", "multiple_block", "strike", "push", "stand_choice", "crowd_surf",
                            "strip_ball", "foul", "chainsaw_kick_back"})
# Skills acting in blocks, pushes, fouls and block substitutes (and the re-rolls of block dice).
CONTACT_SKILLS = (Skill.BLOCK, Skill.DODGE, Skill.TACKLE, Skill.GUARD, Skill.HORNS, Skill.DAUNTLESS,
                  Skill.FOUL_APPEARANCE, Skill.WRESTLE, Skill.JUGGERNAUT, Skill.FEND, Skill.FRENZY,
                  Skill.MULTIPLE_BLOCK, Skill.STAB, Skill.CHAINSAW, Skill.MIGHTY_BLOW, Skill.DIRTY_PLAYER,
                  Skill.CLAWS, Skill.SNEAKY_GIT, Skill.STAND_FIRM, Skill.GRAB, Skill.SIDE_STEP,
                  Skill.STRIP_BALL, Skill.SURE_HANDS, Skill.PRO, Skill.LONER, Skill.SPRINT, Skill.LEADER)
CONTACT_ACTIONS = frozenset({ActionType.START_BLOCK, ActionType.START_BLITZ, ActionType.START_FOUL,
                             ActionType.BLOCK, ActionType.FOUL, ActionType.STAB, ActionType.CHAINSAW,
                             ActionType.MULTIPLE_BLOCK})


@dataclass
class Tally:
    """What a lockstep run compared."""

    runs: Counter[str] = field(default_factory=Counter)  # procedure runs compared, by frame
    decisions: Counter[str] = field(default_factory=Counter)  # decisions compared, by frame

    def add(self, other: Tally) -> None:
        self.runs.update(other.runs)
        self.decisions.update(other.decisions)


def with_contact_skills(s: GameState, rng: random.Random) -> GameState:
    """`s` with one to four random contact skills for about half the players."""
    s.info = tuple(
        replace(p, skills=p.skills | frozenset(rng.sample(CONTACT_SKILLS, rng.randint(1, 4))))
        if rng.random() < 0.5 else p
        for p in s.info
    )
    return s


def _native(native: ModuleType, s: GameState) -> Any:
    return native.State.load(native_board(s.board.variant.players), state_data(s))


def _choose(legal: tuple[ActionChoice, ...], rng: random.Random) -> Action:
    weights = [8.0 if g.type in CONTACT_ACTIONS else 0.3 if g.type == ActionType.END_TURN else 1.0
               for g in legal]
    g = rng.choices(legal, weights)[0]
    player = rng.choice(g.players) if g.players else None
    square = rng.choice(g.squares) if g.squares else None
    return Action(g.type, player, square)


def _outcome(s: GameState, rng: random.Random) -> Any:
    event = s.pending
    assert event is not None
    if event.kind == Dice.PICK or rng.random() < 0.5:
        out, _ = sample(event, rng.getrandbits(63) | 1)
        return out
    return rng.choice(outcomes(event.kind, event.n))[0]


def _clear_hand_over(s: GameState) -> None:
    """What Game._advance clears when it stops at a decision."""
    s.outcome = 0
    s.ok = False
    s.last_die = 0
    s.reactor = -1
    s.square = -1
    s.last_square = -1
    s.extra_moves = 0


def _diff(py: dict[str, Any], nat: dict[str, Any]) -> str:
    """The keys where two positions differ, with both values (the stack frame by frame)."""
    out = []
    for k in py:
        if py[k] != nat.get(k):
            if k == "stack":
                for i, (a, b) in enumerate(zip(py[k], nat[k], strict=False)):
                    if a != b:
                        out.append(f"stack[{i}]: python {a} native {b}")
                if len(py[k]) != len(nat[k]):
                    out.append(f"stack: python {len(py[k])} frames, native {len(nat[k])}")
            else:
                out.append(f"{k}: python {py[k]} native {nat.get(k)}")
    return "; ".join(out)


def _same(s: GameState, nat: Any, what: str) -> None:
    py, nd = state_data(s), nat.dump()
    assert py == nd, f"{what} diverged: {_diff(py, nd)}"


def lockstep(native: ModuleType, s: GameState, rng: random.Random, max_steps: int = 4000,
             stop_below: int = 0) -> Tally:
    """Play on from `s` (copied) in Python, comparing every step of a contact frame natively,
    until the game ends, `max_steps` steps were taken or the stack is shorter than `stop_below`."""
    s = s.copy()
    game = Game(s, SampledRoller(), MatchConfig(s.specs[0].race, s.specs[1].race, None,
                                                s.board.variant.players))
    tally = Tally()
    for _ in range(max_steps):
        d = s.decider
        if not s.stack or len(s.stack) < stop_below:
            break
        top = s.stack[-1]
        frame = top.frame
        if d == RUNNING:
            if frame in CONTACT_FRAMES:
                nat = _native(native, s)
                nat.run_top()  # every frame is ported: a NotPortedError fails the test
                top.run(s)
                _same(s, nat, f"run of {frame}")
                tally.runs[frame] += 1
            else:
                top.run(s)
        elif d == 2:
            s.outcome = _outcome(s, rng)
            s.pending = None
            s.decider = RUNNING
        elif d == 3:
            break
        else:
            _clear_hand_over(s)
            game._legal = None
            legal = game.legal_actions()
            action = _choose(legal.groups, rng)
            if frame in CONTACT_FRAMES:
                nat = _native(native, s)
                ng = NativeGame(s, nat)
                sq = -1 if action.square is None else s.board.sq(*action.square)
                assert ng.legal_actions() == legal, f"legal actions of {frame}"
                assert ng.decision() == game.decision(), f"decision of {frame}"
                nat.act_only(int(action.type), -1 if action.player is None else action.player, sq)
                s.decider = RUNNING
                top.act(s, action)
                _same(s, nat, f"decision {action} in {frame}")
                tally.decisions[frame] += 1
            else:
                s.decider = RUNNING
                top.act(s, action)
    return tally


def _positions(game_positions: Positions, seeds: range, boards: tuple[int, ...],
               count: int) -> list[GameState]:
    out = []
    for seed in seeds:
        rng = random.Random(seed)
        for board in boards:
            for s in game_positions(seed, board, count):
                out.append(with_contact_skills(s, rng))
    return out


def test_contact_frames_match_the_python_engine_step_by_step(native: ModuleType,
                                                             game_positions: Positions) -> None:
    tally = Tally()
    rng = random.Random(35)
    for s in _positions(game_positions, range(3), (3, 5, 7, 11), 2):
        tally.add(lockstep(native, s, rng, max_steps=1500))
    runs, decisions = tally.runs, tally.decisions
    # every procedure of the area ran, and the decisions of the deciding ones were compared
    for frame in ("block", "push", "foul", "crowd_surf"):
        assert runs[frame] > 0, (frame, runs)
    for frame in ("block", "push"):
        assert decisions[frame] > 0, (frame, decisions)
    assert sum(runs.values()) > 500


def test_rare_contact_skills_are_reached(native: ModuleType, game_positions: Positions) -> None:
    """With every player holding many contact skills, the skills' own frames run too."""
    tally = Tally()
    rng = random.Random(7)
    for seed in range(10):
        for s in game_positions(seed + 10, 5, 2):
            s.info = tuple(replace(p, skills=p.skills | frozenset(rng.sample(CONTACT_SKILLS, 8)))
                           for p in s.info)
            for team in s.teams:
                team.bribes = 2  # the referee's decisions in fouls
            tally.add(lockstep(native, s, rng, max_steps=1500))
    for frame in ("stand_choice", "strike", "foul", "multiple_block"):
        assert tally.runs[frame] + tally.decisions[frame] > 0, (frame, tally.runs, tally.decisions)


def test_dump_off_before_the_dice_matches_python(native: ModuleType, game_positions: Positions) -> None:
    """A defender holding the ball with Dump-Off: the native Block pushes passing's DumpOff
    before the dice, as the Python Block does, and both play on alike (the block's pass)."""
    from nuffle.core.procedures.block import Block
    from nuffle.core.types import BallState

    rng = random.Random(3)
    checked = 0
    for s in game_positions(1, 5, 3):
        side = s.active
        att = next(p for p in range(len(s.info)) if s.pteam[p] == side and s.status[p] == Status.STANDING)
        dfd = next(p for p in range(len(s.info)) if s.pteam[p] != side and s.status[p] == Status.STANDING)
        s.info = tuple(replace(p, skills=p.skills | {Skill.DUMP_OFF}) if p.pid == dfd else p for p in s.info)
        s.ball, s.ball_state = s.pos[dfd], BallState.CARRIED
        block = Block(att, dfd)
        block.phase = 2  # GO_AHEAD
        s.stack.append(block)
        s.decider = RUNNING
        nat = _native(native, s)
        nat.run_top()
        block.run(s)
        _same(s, nat, "Dump-Off before the dice")
        assert s.stack[-1].frame == "dump_off"
        lockstep(native, s, rng, max_steps=200, stop_below=len(s.stack) - 1)
        checked += 1
    assert checked == 3


# --- forced positions: one contact procedure on top of a position in play -----------------------


def _pairs(s: GameState, victim_status: Status) -> list[tuple[int, int]]:
    """(attacker, victim) pairs: a standing player of the active side next to an opponent."""
    out = []
    for a in range(len(s.info)):
        if s.pteam[a] != s.active or s.status[a] != Status.STANDING or s.pos[a] < 0:
            continue
        for v in s.adjacent_players(s.pos[a]):
            if s.pteam[v] != s.active and s.status[v] in (Status.STANDING, victim_status):
                out.append((a, v))
    return out


def _give(s: GameState, pid: int, skills: set[Skill]) -> None:
    s.info = tuple(replace(p, skills=p.skills | skills) if p.pid == pid else p for p in s.info)


def _forced(native: ModuleType, s: GameState, proc: Any, rng: random.Random) -> Tally:
    s.stack.append(proc)
    s.decider = RUNNING
    s.pending = None
    return lockstep(native, s, rng, max_steps=400, stop_below=len(s.stack))


BLOCK_SKILLS = (Skill.BLOCK, Skill.DODGE, Skill.TACKLE, Skill.GUARD, Skill.HORNS, Skill.DAUNTLESS,
                Skill.FOUL_APPEARANCE, Skill.WRESTLE, Skill.JUGGERNAUT, Skill.FEND, Skill.FRENZY,
                Skill.MIGHTY_BLOW, Skill.CLAWS, Skill.STAND_FIRM, Skill.GRAB, Skill.SIDE_STEP,
                Skill.STRIP_BALL, Skill.SURE_HANDS, Skill.PRO, Skill.LONER, Skill.SPRINT)


def test_forced_blocks_blitzes_and_multiple_blocks(native: ModuleType, game_positions: Positions) -> None:
    from nuffle.core.procedures.block import Block
    from nuffle.core.skill_rules.block_skills import MultipleBlock
    from nuffle.core.types import BallState

    rng = random.Random(11)
    tally = Tally()
    for board in (5, 7, 11):
        for s0 in game_positions(21, board, 6, every=5):
            pairs = _pairs(s0, Status.STANDING)
            for a, v in rng.sample(pairs, min(len(pairs), 6)):
                s = s0.copy()
                _give(s, a, set(rng.sample(BLOCK_SKILLS, rng.randint(0, 5))))
                _give(s, v, set(rng.sample(BLOCK_SKILLS, rng.randint(0, 5))))
                if rng.random() < 0.3:  # the defender holds the ball (Strip Ball, touchdowns, bounces)
                    s.ball, s.ball_state = s.pos[v], BallState.CARRIED
                s.teams[s.active].rerolls = rng.randint(0, 2)
                others = [q for q in s.adjacent_players(s.pos[a])
                          if q != v and s.pteam[q] != s.active and s.status[q] == Status.STANDING]
                if others and rng.random() < 0.3:
                    _give(s, a, {Skill.MULTIPLE_BLOCK})
                    proc: Any = MultipleBlock(a, v)
                else:
                    blitz = rng.random() < 0.5
                    gfi = blitz and rng.random() < 0.4
                    proc = Block(a, v, blitz=blitz, gfi=gfi, moves=rng.randint(0, s.info[a].ma + 1))
                tally.add(_forced(native, s, proc, rng))
    for frame in ("block", "push", "stand_choice", "strip_ball", "multiple_block"):
        assert tally.runs[frame] + tally.decisions[frame] > 0, (frame, tally)
    assert tally.decisions["block"] > 100


def test_forced_fouls_stabs_and_chainsaws(native: ModuleType, game_positions: Positions) -> None:
    from nuffle.core.procedures.block_substitutes import Strike
    from nuffle.core.procedures.foul import Foul

    rng = random.Random(12)
    tally = Tally()
    for board in (5, 7, 11):
        for s0 in game_positions(22, board, 6, every=5):
            pairs = _pairs(s0, Status.PRONE)
            for a, v in rng.sample(pairs, min(len(pairs), 6)):
                s = s0.copy()
                kind = rng.choice(["foul", "stab", "chainsaw"])
                if kind == "foul":
                    s.status[v] = rng.choice([Status.PRONE, Status.STUNNED])
                    _give(s, a, set(rng.sample((Skill.DIRTY_PLAYER, Skill.SNEAKY_GIT, Skill.CHAINSAW,
                                                Skill.PRO, Skill.LONER), rng.randint(0, 3))))
                    s.teams[s.active].bribes = rng.randint(0, 2)
                    proc: Any = Foul(a, v)
                else:
                    _give(s, v, {Skill.FOUL_APPEARANCE} if rng.random() < 0.3 else set())
                    action = ActionType.STAB if kind == "stab" else ActionType.CHAINSAW
                    proc = Strike(action, a, v, gfi=rng.random() < 0.3)
                tally.add(_forced(native, s, proc, rng))
    for frame in ("foul", "strike", "chainsaw_kick_back"):
        assert tally.runs[frame] > 0, (frame, tally)
    assert tally.decisions["foul"] > 0


def test_the_crowd_list_carries_squares_both_ways(native: ModuleType, game_positions: Positions) -> None:
    """Pending crowd-surfs are (player, last square, crowd square, had ball) fours; board 11's
    squares do not fit a byte, and a list that is not of fours is refused in one line."""
    s = game_positions(3, 11, 1)[0]
    pid = next(p for p in range(len(s.info)) if s.pos[p] >= 0)
    last = s.pos[pid]
    s.remove(pid, Status.RESERVE)
    s.crowd = [pid, last, s.board.sq(s.board.width - 1, 0) - s.board.stride, 1]
    assert max(s.crowd) > 127
    assert _native(native, s).dump()["crowd"] == s.crowd
    s.crowd = s.crowd[:3]
    with pytest.raises(ValueError, match="crowd holds fours"):
        _native(native, s)


def test_a_push_into_the_crowd_on_the_far_sideline_of_board_11(native: ModuleType,
                                                              game_positions: Positions) -> None:
    """The crowd list holds squares past 127 (the native engine once stored them in a byte)."""
    from nuffle.core.procedures.block import Block, BlockPhase
    from nuffle.core.types import BlockFace

    s = game_positions(4, 11, 1)[0]
    b = s.board
    att = next(p for p in range(len(s.info)) if s.pteam[p] == s.active and s.status[p] == Status.STANDING)
    dfd = next(p for p in range(len(s.info)) if s.pteam[p] != s.active and s.status[p] == Status.STANDING)
    a_sq, d_sq = b.sq(12, b.height - 2), b.sq(12, b.height - 1)
    for pid in (att, dfd, s.grid[a_sq], s.grid[d_sq]):
        if pid >= 0 and s.pos[pid] >= 0:
            s.remove(pid, Status.RESERVE)
    s.place(att, a_sq)
    s.place(dfd, d_sq)
    s.info = tuple(replace(p, skills=frozenset()) if p.pid in (att, dfd) else p for p in s.info)
    s.teams[s.active].reroll_used = True  # the pushed face stands
    block = Block(att, dfd)
    block.phase = BlockPhase.DICE
    s.stack.append(block)
    s.decider = RUNNING
    s.outcome = (int(BlockFace.PUSHED),)
    tally = lockstep(native, s, random.Random(1), max_steps=60, stop_below=len(s.stack))
    assert tally.runs["crowd_surf"] >= 1 and tally.decisions["block"] >= 1, tally
