"""The native state layout: fixed size, no pointers, clone as a byte copy, and bad input to its
test accessors raising instead of corrupting it."""

from __future__ import annotations

from importlib import resources
from types import ModuleType
from typing import Any

import pytest

from nuffle.core.skills import Skill


def board(native: ModuleType, players: int = 11) -> Any:
    text = resources.files("nuffle.data").joinpath("boards.json").read_text()
    return native.read_boards(text)[players]


def test_a_state_fits_in_8_kb(native: ModuleType) -> None:
    s = native.State(board(native), 1)
    assert len(s.to_bytes()) == native.STATE_BYTES <= 8192
    assert 2 * board(native).variant["roster_size"] <= native.MAX_PLAYERS
    assert max(Skill) < 64 * 3  # the skill set's 192 bits hold every skill


@pytest.mark.parametrize("players", [1, 3, 5, 7, 11])
def test_a_new_state_marks_the_pitch(native: ModuleType, players: int) -> None:
    b = board(native, players)
    s = native.State(b, 0)
    on = [bool(f & native.ON_PITCH) for f in b.flags]
    assert [s.at(i) for i in range(b.size)] == [-1 if o else -2 for o in on]


def test_clone_is_an_exact_independent_copy(native: ModuleType) -> None:
    b = board(native)
    s = native.State(b, 99)
    for i in range(4):
        s.add_player(i % 2, i + 1, 6, 3, 3, 8)
    s.place_player(0, 3, 4)
    s.set_skill(0, int(Skill.BLOCK))
    s.push_frame(7, 2, [0, -5, 300])
    c = s.clone()
    assert c == s and c.to_bytes() == s.to_bytes()
    c.place_player(0, 5, 5)
    c.push_frame(8, 1)
    c.rng = 1
    c.set_skill(1, int(Skill.DODGE))
    assert c != s
    assert s.player(0)["square"] == b.sq(3, 4) and s.at(b.sq(3, 4)) == 0 and s.at(b.sq(5, 5)) == -1
    assert s.frames() == [(7, 2, (0, -5, 300) + (0,) * (native.FRAME_ARGS - 3))] and s.rng == 99
    assert not s.has_skill(1, int(Skill.DODGE)) and s.has_skill(0, int(Skill.BLOCK))
    assert c.at(b.sq(3, 4)) == -1 and c.at(b.sq(5, 5)) == 0 and c.frame_count == 2


def test_equal_states_are_equal_bytes(native: ModuleType) -> None:
    b = board(native)
    s, t = native.State(b, 5), native.State(b, 5)
    for st in (s, t):
        st.add_player(0, 1, 6, 3, 3, 8)
    s.push_frame(3, 1, [1, 2])
    s.pop_frame()
    s.place_player(0, 2, 2)
    s.place_player(0, 1, 1)
    t.place_player(0, 1, 1)
    assert s == t and s.to_bytes() == t.to_bytes()


def test_bad_input_raises_and_changes_nothing(native: ModuleType) -> None:
    b = board(native, 5)
    s = native.State(b, 3)
    s.add_player(0, 1, 6, 3, 3, 8)
    s.add_player(1, 2, 6, 3, 3, 8)
    s.place_player(0, 1, 1)
    before = s.to_bytes()
    bad = [
        (lambda: s.place_player(1, 1, 1), ValueError),  # occupied
        (lambda: s.place_player(1, -1, 0), ValueError),  # padding
        (lambda: s.place_player(1, 10**6, 0), ValueError),
        (lambda: s.place_player(5, 2, 2), ValueError),  # no such player
        (lambda: s.place_player(-3, 2, 2), ValueError),
        (lambda: s.player(2), IndexError),
        (lambda: s.set_skill(0, 192), IndexError),
        (lambda: s.set_skill(9, 1), IndexError),
        (lambda: s.at(-1), IndexError),
        (lambda: s.at(10**5), IndexError),
        (lambda: s.add_player(2, 1, 6, 3, 3, 8), ValueError),
        (lambda: s.add_player(0, 1, 600, 3, 3, 8), ValueError),
        (lambda: s.push_frame(70000, 0), ValueError),
        (lambda: s.push_frame(1, -1), ValueError),
        (lambda: s.push_frame(1, 1, [0] * (native.FRAME_ARGS + 1)), ValueError),
        (lambda: s.push_frame(1, 1, [40000]), ValueError),
        (lambda: s.push_frame(1, 1, ["x"]), TypeError),
        (lambda: s.push_frame(1, 1, "ab"), TypeError),
        (lambda: s.pop_frame(), IndexError),
        (lambda: s.place_player(0, 1.5, 2), TypeError),
    ]
    for call, error in bad:
        with pytest.raises(error):
            call()
        assert s.to_bytes() == before


def test_limits_raise(native: ModuleType) -> None:
    s = native.State(board(native), 0)
    for i in range(native.MAX_PLAYERS):
        s.add_player(i % 2, i, 6, 3, 3, 8)
    with pytest.raises(ValueError, match="at most"):
        s.add_player(0, 99, 6, 3, 3, 8)
    for i in range(native.MAX_FRAMES):
        s.push_frame(i % 3, 0)  # procedures without list fields (the list pool is smaller)
    with pytest.raises(ValueError, match="full"):
        s.push_frame(1, 0)
    assert [f[0] for f in s.frames()] == [i % 3 for i in range(native.MAX_FRAMES)]
