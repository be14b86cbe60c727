"""Macro moves for bots that think in assisted moves while the match has none.

A bot that searches or was trained with assisted moves (a move, blitz, hand-off or foul
targeting any reachable square in one action) may play in a match without them. `assisted`
gives it the position as an assisted-moves match would offer it, and `MacroWalker` walks the
chosen square's safest path one step per decision, then takes the block, hand-off or foul.
"""

from __future__ import annotations

from collections.abc import Callable

from nuffle.analysis.pathfinding import Path, PathSearch
from nuffle.analysis.pathfinding import search as search_paths
from nuffle.core.actions import Action, ActionType, LegalActions, Square
from nuffle.core.decision import DecisionKind
from nuffle.core.errors import StateError
from nuffle.core.game import Game

#: Per action type, the safest paths by target square (a move's to the square, the others' to
#: a square next to it).
_WALKED: dict[ActionType, Callable[[PathSearch], dict[Square, Path]]] = {
    ActionType.MOVE: PathSearch.all,
    ActionType.BLOCK: PathSearch.blitz,
    ActionType.HANDOFF: PathSearch.handoff,
    ActionType.FOUL: PathSearch.foul,
}


def assisted(view: Game) -> Game:
    """`view` itself when its match has assisted moves, else a clone that has them (the same
    position; only the legal move, blitz, hand-off and foul targets differ)."""
    return view if view.state.options.assisted_moves else view.with_assisted_moves()


def _owner(view: Game, player: int | None) -> tuple[int | None, int, int, int, int]:
    """Whose walk a decision belongs to: the acting player and the team turn."""
    s = view.state
    return (player, s.half, s.active, s.teams[0].turn, s.teams[1].turn)


class MacroWalker:
    """The steps left of a macro action being walked in a match without assisted moves."""

    def __init__(self) -> None:
        self.steps: list[Action] = []
        self.owner: tuple[int | None, int, int, int, int] | None = None

    def reset(self) -> None:
        """Forget any walk (a new game, or a decision outside the walk)."""
        self.steps = []
        self.owner = None

    def next(self, view: Game, legal: LegalActions) -> Action | None:
        """The walk's next step, if one is under way and legal now; else None. A question
        asked on the way (a re-roll of a failed dodge, a skill) leaves the walk waiting for the
        bot's answer; the walk is dropped at a move decision of another player or team turn,
        or where its next step is not legal (the roll failed, the player was pushed)."""
        if not self.steps:
            return None
        d = view.decision()
        if d.kind != DecisionKind.MOVE:
            return None
        if _owner(view, d.player) == self.owner and self.steps[0] in legal:
            return self.steps.pop(0)
        self.reset()
        return None

    def start(self, view: Game, action: Action) -> Action:
        """The first step of the macro `action`, which `view`'s match does not allow: the safest
        path to the chosen square (or next to the chosen target), then the block, hand-off or
        foul. Raises RuntimeError when the action is no macro action of the deciding player."""
        d = view.decision()
        if d.player is None or action.square is None or action.type not in _WALKED:
            raise StateError(f"{action} is not an action the match allows")
        path = _WALKED[action.type](search_paths(view, d.player, d.moved or 0)).get(action.square)
        if path is None:
            raise StateError(f"no path for the macro action {action}")
        steps = [Action(ActionType.MOVE, None, sq) for sq in path.steps]
        if action.type != ActionType.MOVE:
            steps.append(Action(action.type, None, action.square))
        self.steps = steps[1:]
        self.owner = _owner(view, d.player)
        return steps[0]
