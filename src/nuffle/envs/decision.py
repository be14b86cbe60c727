"""What is being decided: the names of the decision one-hot (`Game.decision().kind`).

The encoder reads everything else about the decision (the acting player, the player action
under way, the squares moved so far) from `Game.decision()` too, never from the engine's
procedure stack.
"""

from __future__ import annotations

from nuffle.core.decision import DecisionKind

#: The decision kinds outside the one-hot: the Wizard's target (league play), which the
#: environments never reach because they mask out the actions that call on him.
OUTSIDE_KINDS = frozenset({DecisionKind.WIZARD})

#: Names of the decision one-hot's entries, in order (`DecisionKind` values).
DECISION_NAMES = tuple(k.name for k in DecisionKind if k not in OUTSIDE_KINDS)


def n_decision_kinds() -> int:
    """The length of the decision one-hot."""
    return len(DECISION_NAMES)
