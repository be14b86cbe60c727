"""What is being decided: the names of the decision one-hot (`Game.decision().kind`).

The encoder reads everything else about the decision (the acting player, the player action
under way, the squares moved so far) from `Game.decision()` too, never from the engine's
procedure stack.
"""

from __future__ import annotations

from nuffle.core.decision import DecisionKind

#: Names of the decision one-hot's entries, in order (`DecisionKind` values).
DECISION_NAMES = tuple(k.name for k in DecisionKind)


def n_decision_kinds() -> int:
    """The length of the decision one-hot."""
    return len(DECISION_NAMES)
