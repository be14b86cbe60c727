"""Random and hostile arguments thrown at the native module's boundary: every call either
succeeds or raises a Python error, and a state stays consistent (its grid and its players
agree) whatever was refused."""

from __future__ import annotations

import random
from importlib import resources
from types import ModuleType

from nuffle.core.dice import Dice

VALUES = [0, 1, 2, 3, 6, 7, 8, 11, 255, 256, -1, -2, 2**15, 2**31, 2**63, 2**64, -(2**70), 1.5, "x", None,
          (1,), (1, 2), (9, 9, 9, 9), [], True]
ERRORS = (ValueError, TypeError, IndexError, OverflowError)


def pick(rng: random.Random) -> object:
    return rng.choice(VALUES) if rng.random() < 0.5 else rng.randint(-40, 600)


def test_module_functions_refuse_hostile_arguments(native: ModuleType) -> None:
    rng = random.Random(35)
    calls = [native.outcomes, native.sample, native.grouped_outcomes, native.is_valid_outcome,
             native.seed_state, native.next_state, native.draw, native.read_boards]
    refused = 0
    for _ in range(4000):
        fn = rng.choice(calls)
        args = [pick(rng) for _ in range(rng.randint(0, 3))]
        try:
            fn(*args)
        except ERRORS:
            refused += 1
    assert 0 < refused < 4000  # some calls were valid, some refused, none crashed


def test_state_stays_consistent_under_random_calls(native: ModuleType) -> None:
    text = resources.files("nuffle.data").joinpath("boards.json").read_text()
    boards = native.read_boards(text)
    rng = random.Random(36)
    for players in (1, 5, 11):
        b = boards[players]
        s = native.State(b, 1)
        for _ in range(3000):
            op = rng.randrange(6)
            try:
                if op == 0:
                    s.add_player(pick(rng), pick(rng), 6, 3, 3, 8)
                elif op == 1:
                    s.place_player(pick(rng), rng.randint(-3, b.width + 2), rng.randint(-3, b.height + 2))
                elif op == 2:
                    s.push_frame(pick(rng), pick(rng), [pick(rng) for _ in range(rng.randint(0, 8))])
                elif op == 3:
                    s.pop_frame()
                elif op == 4:
                    s.set_skill(pick(rng), pick(rng))
                else:
                    s = s.clone()
            except ERRORS:
                pass
        placed = {}
        for pid in range(s.player_count):
            sq = s.player(pid)["square"]
            if sq >= 0:
                placed[sq] = pid
        assert all(s.at(sq) == pid for sq, pid in placed.items())
        assert all(s.at(i) in (-1, -2) for i in range(b.size) if i not in placed)
        assert 0 <= s.frame_count <= native.MAX_FRAMES and s.player_count <= native.MAX_PLAYERS
    assert int(Dice.PICK) == 8  # the kinds the module numbers are dice.Dice's
