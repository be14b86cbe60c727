"""Typed chance events, their exact outcome distributions, the in-state RNG and `Roller` policies.

Every random thing in a match is one `Chance` event. A `Roller` resolves it: `SampledRoller`
draws from the seeded generator kept in the game state (so clones continue identically),
`ScriptedRoller` takes outcomes from a queue (tests), and `ExplicitRoller` makes the engine stop
at a chance node so the caller picks or enumerates outcomes.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections import deque
from collections.abc import Iterable
from enum import IntEnum
from fractions import Fraction
from functools import cache
from itertools import combinations_with_replacement
from typing import NamedTuple

from nuffle.core.errors import InputError, InputTypeError, NuffleError
from nuffle.core.ruleset import LRB6
from nuffle.core.types import BLOCK_DIE_FACES, BlockFace

MASK64 = (1 << 64) - 1

Outcome = int | tuple[int, ...]


class Dice(IntEnum):
    """Kinds of chance event."""

    COIN = 0  # outcome: the winning side (0 home, 1 away)
    D2 = 1
    D3 = 2
    D6 = 3
    D8 = 4
    TWO_D6 = 5  # outcome: the pair sorted (low, high), so doubles stay visible
    D68 = 6  # outcome: tens * 10 + units, tens D6 and units D8
    BLOCK = 7  # n dice; outcome: the faces sorted
    PICK = 8  # a uniformly random index 0..n-1 (e.g. a random player)
    D16 = 9  # BB2020's casualty table and Prayers to Nuffle


DICE_NAMES = {
    Dice.COIN: "coin",
    Dice.D2: "D2",
    Dice.D3: "D3",
    Dice.D6: "D6",
    Dice.D8: "D8",
    Dice.TWO_D6: "2D6",
    Dice.D68: "D68",
    Dice.BLOCK: "block dice",
    Dice.PICK: "random pick",
    Dice.D16: "D16",
}


# How an event's outcomes may be grouped when enumerated (`grouped_outcomes`): only the
# rules' consequences matter, so equivalent faces are merged into one representative.
GROUP_NONE = 0  # every outcome is distinct
GROUP_SUM = 1  # 2D6 where only the total matters (no doubles rule)
GROUP_CASUALTY = 2  # a casualty die (D68, D16) where only the casualty class matters (within a match)
GROUP_THRESHOLD = 3  # D6 where only "at least n" matters; n is stored in `Chance.n`


class Chance(NamedTuple):
    """One chance event: its kind, its size (block dice count or pick range), its purpose and
    how its outcomes may be grouped for enumeration."""

    kind: Dice
    n: int = 1
    purpose: str = ""
    group: int = GROUP_NONE

    def describe(self) -> str:
        """Readable name, e.g. '2 block dice (block)'."""
        name = DICE_NAMES[self.kind]
        if self.kind == Dice.BLOCK:
            name = f"{self.n} {name}"
        elif self.kind == Dice.PICK:
            name = f"{name} of {self.n}"
        return f"{name} ({self.purpose})" if self.purpose else name


def threshold(n: int, purpose: str) -> Chance:
    """A D6 that succeeds on n or more (natural 1 always fails, so n is at least 2).

    Enumeration groups it into failure (shown as a 1) and success (shown as a 6).
    """
    return Chance(Dice.D6, max(2, n), purpose, GROUP_THRESHOLD)


_SIMPLE_SIDES = {Dice.D2: 2, Dice.D3: 3, Dice.D6: 6, Dice.D8: 8, Dice.D16: 16}
_FACE_WEIGHT = {f: BLOCK_DIE_FACES.count(f) for f in BlockFace}


@cache
def outcomes(kind: Dice, n: int = 1) -> tuple[tuple[Outcome, Fraction], ...]:
    """Every outcome of an event with its exact probability; probabilities sum to 1."""
    if kind in _SIMPLE_SIDES:
        k = _SIMPLE_SIDES[kind]
        return tuple((i, Fraction(1, k)) for i in range(1, k + 1))
    if kind == Dice.COIN:
        return ((0, Fraction(1, 2)), (1, Fraction(1, 2)))
    if kind == Dice.TWO_D6:
        out: list[tuple[Outcome, Fraction]] = []
        for a in range(1, 7):
            for b in range(a, 7):
                out.append(((a, b), Fraction(1 if a == b else 2, 36)))
        return tuple(out)
    if kind == Dice.D68:
        return tuple((t * 10 + u, Fraction(1, 48)) for t in range(1, 7) for u in range(1, 9))
    if kind == Dice.BLOCK:
        if n < 1:
            raise InputError(f"block dice count must be at least 1, got {n}")
        res: list[tuple[Outcome, Fraction]] = []
        for combo in combinations_with_replacement(sorted(BlockFace), n):
            p = Fraction(_multinomial(combo))
            for face in combo:
                p *= Fraction(_FACE_WEIGHT[face], 6)
            res.append((tuple(int(f) for f in combo), p))
        return tuple(res)
    if kind == Dice.PICK:
        if n < 1:
            raise InputError(f"random pick needs at least one choice, got {n}")
        return tuple((i, Fraction(1, n)) for i in range(n))
    raise InputError(f"unknown chance event kind {kind!r}")


def _multinomial(combo: tuple[BlockFace, ...]) -> int:
    """Number of orderings of a multiset."""
    count = 1
    for i in range(2, len(combo) + 1):
        count *= i
    for face in set(combo):
        for i in range(2, combo.count(face) + 1):
            count //= i
    return count


# Casualty classes: (representative D68, number of the 48 results in the class), from LRB6's
# casualty table (the default of `grouped_outcomes`; a game passes its ruleset's).
CASUALTY_CLASSES = LRB6.casualty_classes()


@cache
def grouped_outcomes(
    kind: Dice, n: int = 1, group: int = GROUP_NONE, classes: tuple[tuple[int, int], ...] = CASUALTY_CLASSES
) -> tuple[tuple[Outcome, Fraction], ...]:
    """Outcomes with equivalent results merged under one representative (see `Chance.group`);
    casualty rolls (D68, D16) by `classes` (the ruleset's casualty results).

    Every representative is itself a valid outcome of the event, so it can be applied as is.
    """
    if group == GROUP_SUM and kind == Dice.TWO_D6:
        out: list[tuple[Outcome, Fraction]] = []
        for total in range(2, 13):
            ways = 6 - abs(total - 7)
            pair = (1, total - 1) if total <= 7 else (total - 6, 6)
            out.append((pair, Fraction(ways, 36)))
        return tuple(out)
    if group == GROUP_CASUALTY and kind in (Dice.D68, Dice.D16):
        faces = 48 if kind == Dice.D68 else 16
        return tuple((rep, Fraction(count, faces)) for rep, count in classes)
    if group == GROUP_THRESHOLD and kind == Dice.D6:
        if n > 6:
            return ((1, Fraction(1)),)
        return ((1, Fraction(n - 1, 6)), (6, Fraction(7 - n, 6)))
    return outcomes(kind, n)


def total(outcome: Outcome) -> int:
    """The total of a die or dice outcome (a 2D6 pair sums)."""
    return sum(outcome) if isinstance(outcome, tuple) else outcome


def is_valid_outcome(event: Chance, outcome: object) -> bool:
    """Whether `outcome` is one of the event's outcomes."""
    return any(o == outcome for o, _ in outcomes(event.kind, event.n))


# --- the in-state random number generator (xorshift64*) ------------------------------------


def seed_state(seed: int) -> int:
    """Turn any integer seed into a non-zero 64-bit generator state (splitmix64 finaliser)."""
    z = (seed + 0x9E3779B97F4A7C15) & MASK64
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
    z ^= z >> 31
    return z or 0x2545F4914F6CDD1D


def check_rng(value: object) -> int:
    """`value` if it is a generator state: an int from 1 to 2**64 - 1 (0 is the generator's
    fixed point: every die would come up alike for ever). InputTypeError for a non-int (bools
    included), InputError for one out of range; both engines check `Game.rng` with it."""
    if type(value) is not int:
        raise InputTypeError(f"a generator state must be an int, not {value!r}")
    if not 0 < value <= MASK64:
        raise InputError(f"a generator state must be 1 to 2**64 - 1 (0 freezes the dice), not {value}")
    return value


def next_state(x: int) -> int:
    """Advance the xorshift64 generator state by one step."""
    x ^= x >> 12
    x ^= (x << 25) & MASK64
    x ^= x >> 27
    return x


def draw(x: int, k: int) -> int:
    """A value in 0..k-1 from generator state `x` (the state must then be advanced)."""
    return (((x * 0x2545F4914F6CDD1D) & MASK64) >> 11) % k


def sample(event: Chance, rng: int) -> tuple[Outcome, int]:
    """Sample an outcome of `event` from generator state `rng`; returns (outcome, new state)."""
    kind = event.kind
    if kind == Dice.D6:
        rng = next_state(rng)
        return draw(rng, 6) + 1, rng
    if kind in _SIMPLE_SIDES:
        rng = next_state(rng)
        return draw(rng, _SIMPLE_SIDES[kind]) + 1, rng
    if kind == Dice.TWO_D6:
        rng = next_state(rng)
        a = draw(rng, 6) + 1
        rng = next_state(rng)
        b = draw(rng, 6) + 1
        return ((a, b) if a <= b else (b, a)), rng
    if kind == Dice.BLOCK:
        faces = []
        for _ in range(event.n):
            rng = next_state(rng)
            faces.append(int(BLOCK_DIE_FACES[draw(rng, 6)]))
        faces.sort()
        return tuple(faces), rng
    if kind == Dice.D68:
        rng = next_state(rng)
        t = draw(rng, 6) + 1
        rng = next_state(rng)
        u = draw(rng, 8) + 1
        return t * 10 + u, rng
    if kind == Dice.COIN:
        rng = next_state(rng)
        return draw(rng, 2), rng
    if kind == Dice.PICK:
        rng = next_state(rng)
        return draw(rng, event.n), rng
    raise InputError(f"unknown chance event kind {kind!r}")


# --- roller policies --------------------------------------------------------------------------


class RollerError(NuffleError, RuntimeError):
    """A scripted roller ran out of outcomes or was asked for the wrong kind of event."""


class Roller(ABC):
    """Policy that resolves chance events. Subclasses: sampled, scripted, explicit.

    `name` is how a match record names it; `recorded` says whether the outcomes it produces go
    into the game's history (a record cannot regenerate them from the seed)."""

    name = "sampled"
    explicit = False
    recorded = False

    @abstractmethod
    def resolve(self, event: Chance, rng: int) -> tuple[Outcome, int]:
        """Return (outcome, new rng state) for `event`."""

    def copy(self) -> Roller:
        """An independent copy (used by `Game.clone`)."""
        return self


class SampledRoller(Roller):
    """Draws every outcome from the seeded generator stored in the game state."""

    def resolve(self, event: Chance, rng: int) -> tuple[Outcome, int]:
        return sample(event, rng)


class ExplicitRoller(Roller):
    """Makes the engine stop at every chance node; see `Game.chance_outcomes`."""

    name = "explicit"
    explicit = True

    def resolve(self, event: Chance, rng: int) -> tuple[Outcome, int]:
        raise RollerError("an explicit roller never resolves events itself")


class ScriptedRoller(Roller):
    """Takes outcomes from a queue of `(Dice kind, outcome)` pairs, in order (for tests)."""

    name = "scripted"
    recorded = True

    def __init__(self, script: Iterable[tuple[Dice, Outcome]] = ()) -> None:
        self.queue: deque[tuple[Dice, Outcome]] = deque()
        self.extend(script)

    def extend(self, script: Iterable[tuple[Dice, Outcome]]) -> None:
        """Append more scripted outcomes."""
        for kind, outcome in script:
            self.queue.append((Dice(kind), _normalise(Dice(kind), outcome)))

    def resolve(self, event: Chance, rng: int) -> tuple[Outcome, int]:
        if not self.queue:
            raise RollerError(f"scripted roller is empty but the engine asked for {event.describe()}")
        kind, outcome = self.queue[0]
        if kind != event.kind:
            raise RollerError(
                f"scripted roller has a {DICE_NAMES[kind]} ({outcome!r}) next, "
                f"but the engine asked for {event.describe()}"
            )
        if not is_valid_outcome(event, outcome):
            raise RollerError(f"scripted outcome {outcome!r} is impossible for {event.describe()}")
        self.queue.popleft()
        return outcome, rng

    def copy(self) -> ScriptedRoller:
        clone = ScriptedRoller()
        clone.queue = deque(self.queue)
        return clone


def _normalise(kind: Dice, outcome: Outcome) -> Outcome:
    if kind == Dice.TWO_D6 and isinstance(outcome, tuple):
        a, b = outcome
        return (a, b) if a <= b else (b, a)
    if kind == Dice.BLOCK and isinstance(outcome, tuple):
        return tuple(sorted(int(f) for f in outcome))
    return outcome


# Helpers to write scripts tersely: D6(4), TWO_D6(3, 5), BLOCK(PUSHED, DEFENDER_DOWN)...
def d6(*values: int) -> list[tuple[Dice, Outcome]]:
    """Scripted D6 results."""
    return [(Dice.D6, v) for v in values]


def d8(*values: int) -> list[tuple[Dice, Outcome]]:
    """Scripted D8 results."""
    return [(Dice.D8, v) for v in values]


def d3(*values: int) -> list[tuple[Dice, Outcome]]:
    """Scripted D3 results."""
    return [(Dice.D3, v) for v in values]


def two_d6(a: int, b: int) -> list[tuple[Dice, Outcome]]:
    """One scripted 2D6 result."""
    return [(Dice.TWO_D6, (a, b))]


def block(*faces: BlockFace) -> list[tuple[Dice, Outcome]]:
    """One scripted block-dice result."""
    return [(Dice.BLOCK, tuple(int(f) for f in faces))]


def d68(value: int) -> list[tuple[Dice, Outcome]]:
    """One scripted casualty roll."""
    return [(Dice.D68, value)]


def d16(value: int) -> list[tuple[Dice, Outcome]]:
    """One scripted D16 (BB2020's casualty roll)."""
    return [(Dice.D16, value)]


def coin(winner: int) -> list[tuple[Dice, Outcome]]:
    """One scripted coin toss won by `winner`."""
    return [(Dice.COIN, winner)]


def pick(index: int) -> list[tuple[Dice, Outcome]]:
    """One scripted random pick."""
    return [(Dice.PICK, index)]
