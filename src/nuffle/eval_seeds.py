"""The held-out evaluation seeds: game seeds kept for measuring strength, never for training.

`nuffle strength` plays pair i (two games, sides swapped) on seed `EVAL_SEED_START + offset + i`.
The range starts at 2**31, above every seed a training environment draws (those are drawn
below 2**31 - 1), so no training episode can meet it by chance; `refuse_held_out` lets code
that picks game seeds itself (the value tuner, the environments' game driver) refuse them.
"""

from __future__ import annotations

from nuffle.core.errors import InputError

#: First held-out pair seed (2**31).
EVAL_SEED_START = 2**31
#: How many pair seeds are held out.
EVAL_SEED_COUNT = 1_000_000
#: The held-out pair seeds.
EVAL_SEEDS = range(EVAL_SEED_START, EVAL_SEED_START + EVAL_SEED_COUNT)


def is_held_out(seed: int) -> bool:
    """Whether `seed` is one of the held-out evaluation seeds."""
    return seed in EVAL_SEEDS


def refuse_held_out(first: int, count: int = 1, what: str = "training") -> None:
    """Raise InputError if any of the seeds `first .. first + count - 1` is held out for
    evaluation (`what` says who asked, for the message)."""
    last = first + max(1, count) - 1
    if first <= EVAL_SEEDS[-1] and last >= EVAL_SEED_START:
        raise InputError(f"{what} may not use seeds {EVAL_SEED_START}..{EVAL_SEEDS[-1]} (held out "
                         f"for evaluation; docs/STRENGTH.md), but asked for {first}..{last}")


def eval_seed(pair: int, offset: int = 0) -> int:
    """The seed of evaluation pair `pair` (from 0) with `offset`; InputError outside the range."""
    if pair < 0 or offset < 0 or offset + pair >= EVAL_SEED_COUNT:
        raise InputError(f"evaluation pair {pair} with offset {offset} lies outside the "
                         f"{EVAL_SEED_COUNT} held-out seeds")
    return EVAL_SEED_START + offset + pair
