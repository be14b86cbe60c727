"""The grod bot: at every team-turn decision it scores every purpose of every player who can
act and takes the best player action, step by step; ending the turn scores 0."""

from __future__ import annotations

from nuffle.agents.base import Agent
from nuffle.agents.grod.decisions import block_dice_choice, reroll_choice, skill_choice
from nuffle.agents.grod.native import NativeGrod
from nuffle.agents.grod.purposes import Candidate, Scorer, choose
from nuffle.agents.grod.setup import formation_plan, kick_target
from nuffle.agents.grod.values import Values, load_values
from nuffle.agents.scripted.decisions import (
    fallback,
    follow_choice,
    push_choice,
    select_player_choice,
)
from nuffle.core.actions import Action, ActionType, LegalActions, Square
from nuffle.core.decision import Decision, DecisionKind
from nuffle.core.game import Game
from nuffle.core.native_game import NativeGame
from nuffle.core.state import GameState

A = ActionType
K = DecisionKind


class GrodBot(Agent):
    """Purpose-scored play: `values` names a JSON file of overrides, `tweak` sets single
    values (`cage=8,sweep=4`); see `nuffle.agents.grod.values`.

    On a native game's view it decides in C++ (`native`, the default: `grod.native`, the same
    decisions as this code, which stays the reference); `native=False` (the bot spec
    `grod?native=0`) runs this Python code there too."""

    name = "grod"

    def __init__(self, seed: int = 0, values: str = "", tweak: str = "", native: bool = True) -> None:
        self.v: Values = load_values(values, tweak)
        self.side = 0
        self.native = native
        self._core: NativeGrod | None = None
        self.queue: list[Action] = []
        self.acting = -1
        self.setup_plan: list[tuple[int, Square]] = []

    def new_game(self, view: Game, side: int) -> None:
        super().new_game(view, side)
        self.queue, self.acting, self.setup_plan = [], -1, []
        if self._core is not None:
            self._core.reset()

    def act(self, view: Game) -> Action:
        if self.native and isinstance(view, NativeGame):
            if self._core is None or self._core.board != view.config.board:
                self._core = NativeGrod(view.config.board, self.v)
            return self._core.act(view)
        legal = view.legal_actions()
        action = self._choose(view, legal)
        if action not in legal:  # a decision the bot does not model, or a stale plan
            self.queue = []
            self.setup_plan = []
            action = fallback(legal)
        return action

    def _choose(self, game: Game, legal: LegalActions) -> Action:
        s = game.state
        d = game.decision()
        side = game.decider
        kind = d.kind
        if kind == K.SETUP:
            return self._setup(game, legal, side)
        if kind == K.BLOCK_DICE:
            return block_dice_choice(s, d, legal, side, self.v)
        if kind == K.FOLLOW_UP:
            return follow_choice(s, side, d)
        if kind == K.PUSH and legal.types() == [A.PUSH]:
            return push_choice(s, legal, side)
        if kind == K.REROLL:
            return reroll_choice(s, d, legal, side, self.v)
        if kind == K.USE_SKILL:
            return skill_choice(s, d, legal, self.v)
        if kind == K.SELECT_ACTION:
            return self._turn(s, legal, side)
        if kind == K.MOVE and d.player is not None and d.action is not None:
            return self._in_action(s, legal, side, d.player, d.moved or 0, d.action)
        return self._misc(s, d, legal, side, legal.types())

    # --- team turn --------------------------------------------------------------------------

    def plan(self, s: GameState, legal: LegalActions, side: int) -> Candidate | None:
        """The player action the scores choose now (None: end the turn)."""
        scorer = Scorer(s, side, legal, self.v)
        return choose(scorer.candidates(), self.v)

    def _turn(self, s: GameState, legal: LegalActions, side: int) -> Action:
        best = self.plan(s, legal, side)
        if best is None or best.actions[0] not in legal:
            self.queue = []
            return Action(A.END_TURN)
        self.queue = best.actions[1:]
        self.acting = best.pid
        return best.actions[0]

    def _in_action(self, s: GameState, legal: LegalActions, side: int, pid: int, moved: int,
                   kind: ActionType) -> Action:
        """Inside `pid`'s action `kind` (from the decision, never the procedure stack)."""
        if pid != self.acting:
            self.queue = []
            self.acting = pid
        if self.queue:
            nxt = self.queue.pop(0)
            if nxt in legal:
                return nxt
            self.queue = []
        if s.carrier() == pid and legal.group(A.MOVE) is not None:
            scorer = Scorer(s, side, legal, self.v)
            cands = scorer.carrier_actions(pid, moved, fresh=False, kind=kind)
            best = choose(cands, self.v)
            if best is not None and best.actions and best.actions[0] in legal:
                self.queue = best.actions[1:]
                return best.actions[0]
        return Action(A.END_ACTION)

    # --- set-up, kick-off and the rest --------------------------------------------------------

    def _setup(self, game: Game, legal: LegalActions, side: int) -> Action:
        s = game.state
        group = legal.group(A.PLACE_PLAYER)
        placed = any(s.pteam[p] == side and s.pos[p] >= 0 for p in s.ranges[side])
        if not self.setup_plan and group is not None and not placed:
            self.setup_plan = formation_plan(s, game.config.board, side, group.players)
            self.setup_plan.reverse()
        while self.setup_plan:
            pid, sq = self.setup_plan.pop()
            act = Action(A.PLACE_PLAYER, pid, sq)
            if act in legal:
                return act
        if A.END_SETUP in legal.types():
            return Action(A.END_SETUP)
        assert group is not None
        return Action(A.PLACE_PLAYER, group.players[0], group.squares[0])

    def _misc(self, s: GameState, d: Decision, legal: LegalActions, side: int,
              types: list[ActionType]) -> Action:
        if A.RECEIVE in types:
            return Action(A.RECEIVE)
        if A.PLACE_BALL in types:
            return kick_target(s, legal, side, self.v)
        for t in (A.USE_APOTHECARY, A.USE_BRIBE):
            if t in types:
                return Action(t)
        sel = legal.group(A.SELECT_PLAYER)
        if sel is not None:
            return select_player_choice(s, d, list(sel.players), types, side)
        return fallback(legal)
