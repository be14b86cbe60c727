"""The scripted bot: plans one player action at a time from a priority list and issues it."""

from __future__ import annotations

from nuffle.agents.base import Agent
from nuffle.agents.scripted.decisions import (
    block_choice,
    fallback,
    follow_choice,
    push_choice,
    reroll_choice,
    select_player_choice,
    wizard_plan,
)
from nuffle.agents.scripted.native import NativeScripted
from nuffle.agents.scripted.planner import Planner
from nuffle.core.actions import SELECT_FACE, Action, ActionType, LegalActions
from nuffle.core.characteristics import ag_rank
from nuffle.core.decision import Decision
from nuffle.core.decision import DecisionKind as K
from nuffle.core.game import Game
from nuffle.core.native_game import NativeGame
from nuffle.core.skills import Skill
from nuffle.core.state import GameState
from nuffle.formations import formation, formation_names

A = ActionType
# The decisions the specialised choosers understand; anything else goes to `fallback`.
_BLOCK_KINDS = frozenset((*SELECT_FACE, A.USE_REROLL, A.DECLINE, A.FOLLOW_UP))
_ROLL_KINDS = frozenset((A.USE_SKILL, A.USE_REROLL, A.USE_PRO, A.DECLINE))


#: Boards fielding at most this many players pick them for handling the ball (see below).
_TINY_BOARD = 3


def setup_order(s: GameState, players: tuple[int, ...], fielded: int = 0) -> list[int]:
    """The order in which players take the formation's squares: line first, Big Guys, then
    plain linemen; ball handlers and fast players last.

    A side that fields at most three players (`fielded`, the 1- and 3-player boards) first
    picks who plays, since each of them must take the ball back and carry it: players with
    Block first (a one-die blitz on the carrier), then the most agile, the fastest, the
    strongest, Big Guys (Loner: AG 2, Bone-head and the like) last. Those picked then take
    the squares line first."""
    def line_first(p: int) -> tuple[int, int, int, int]:
        i = s.info[p]
        return (-i.st, len(i.skills) if i.st < 4 else 0, i.ma, p)

    if not 0 < fielded <= _TINY_BOARD:
        return sorted(players, key=line_first)

    def handler(p: int) -> tuple[bool, bool, int, int, int, int]:
        i = s.info[p]
        return (Skill.LONER in i.skills, Skill.BLOCK not in i.skills, -ag_rank(s, p), -i.ma, -i.st, p)

    ranked = sorted(players, key=handler)
    return sorted(ranked[:fielded], key=line_first) + ranked[fielded:]


class ScriptedBot(Agent):
    """A priority-list bot: plans one whole player action, then issues it step by step.

    On a native game's view it decides in C++ (`native`, the default: `scripted.native`, the
    same decisions as this code, which stays the reference); `native=False` (the bot spec
    `scripted?native=0`) runs this Python code there too."""

    name = "scripted"

    def __init__(self, seed: int = 0, native: bool = True) -> None:
        self.side = 0
        self.native = native
        self._core: NativeScripted | None = None
        self.queue: list[Action] = []
        self.acting = -1
        self.setup_plan: list[tuple[int, tuple[int, int]]] = []
        self.spell_target: Action | None = None  # the target of the Wizard's spell just called

    def new_game(self, view: Game, side: int) -> None:
        super().new_game(view, side)
        self.queue, self.acting, self.setup_plan, self.spell_target = [], -1, [], None
        if self._core is not None:
            self._core.reset()

    def act(self, game: Game) -> Action:
        if self.native and isinstance(game, NativeGame):
            if self._core is None or self._core.board != game.config.board:
                self._core = NativeScripted(game.config.board)
            return self._core.act(game)
        legal = game.legal_actions()
        action = self._choose(game, legal)
        if action not in legal:  # a decision the priority list does not model
            self.queue = []
            self.setup_plan = []
            action = fallback(legal)
        return action

    def _choose(self, game: Game, legal: LegalActions) -> Action:
        s = game.state
        side = game.decider
        types = legal.types()
        kinds = set(types)
        d = game.decision()
        if A.PLACE_PLAYER in kinds or A.RESERVE_PLAYER in kinds:
            return self._setup(game, legal, side)
        if d.kind == K.BLOCK_DICE and kinds <= _BLOCK_KINDS:
            return block_choice(s, legal, side, d)
        if d.kind == K.FOLLOW_UP:
            return follow_choice(s, side, d)
        if d.kind == K.PUSH and kinds == {A.PUSH}:
            return push_choice(s, legal, side)
        if d.kind == K.REROLL and kinds <= _ROLL_KINDS:
            return reroll_choice(s, legal, d)
        if d.kind == K.SELECT_ACTION:
            spell = wizard_plan(s, legal, side)
            if spell is not None:
                self.spell_target = spell[1]
                return spell[0]
            return self._turn(s, legal, side)
        if d.kind == K.WIZARD and self.spell_target is not None:
            target, self.spell_target = self.spell_target, None
            return target
        if d.kind == K.MOVE:
            return self._in_action(s, legal, side, d)
        return self._misc(s, legal, side, types, d)

    # --- team turn --------------------------------------------------------------------------

    def _turn(self, s: GameState, legal: LegalActions, side: int) -> Action:
        plan = Planner(s, side, legal).plan()
        first = plan[0]
        if first not in legal:
            return Action(A.END_TURN)
        self.queue = plan[1:]
        self.acting = first.player if first.player is not None else -1
        return first

    def _in_action(self, s: GameState, legal: LegalActions, side: int, d: Decision) -> Action:
        pid = d.player if d.player is not None else -1
        if pid != self.acting:
            self.queue = []
            self.acting = pid
        if self.queue:
            nxt = self.queue.pop(0)
            if nxt in legal:
                return nxt
            self.queue = []
        if (s.carrier() == pid and legal.group(A.MOVE) is not None
                and d.action in (A.START_MOVE, A.START_BLITZ)):
            plan = Planner(s, side, legal).carrier_move(pid, d.moved or 0, fresh=False)
            if plan and plan[0] in legal:
                self.queue = plan[1:]
                return plan[0]
        return Action(A.END_ACTION)

    # --- set-up, kick-off and the rest --------------------------------------------------------

    def _setup(self, game: Game, legal: LegalActions, side: int) -> Action:
        s = game.state
        group = legal.group(A.PLACE_PLAYER)
        if not self.setup_plan and group is not None:
            placed = any(s.pteam[p] == side and s.pos[p] >= 0 for p in s.ranges[side])
            if not placed:
                board = game.config.board
                kind = "defense" if side == s.kicking else "offense"
                names = formation_names(board, kind)
                name = "scripted" if "scripted" in names else names[0]
                squares = formation(board, kind, name, side, s.board.width)
                order = setup_order(s, group.players, len(squares))
                self.setup_plan = list(zip(order, squares, strict=False))
                self.setup_plan.reverse()
        while self.setup_plan:
            pid, sq = self.setup_plan.pop()
            act = Action(A.PLACE_PLAYER, pid, sq)
            if act in legal:
                return act
        self.setup_plan = []
        if A.END_SETUP in legal.types():
            return Action(A.END_SETUP)
        assert group is not None
        return Action(A.PLACE_PLAYER, group.players[0], group.squares[0])

    def _misc(
        self, s: GameState, legal: LegalActions, side: int, types: list[ActionType], d: Decision
    ) -> Action:
        if A.RECEIVE in types:
            return Action(A.RECEIVE)
        if A.PLACE_BALL in types:
            return self._kick(s, legal, side)
        if A.USE_APOTHECARY in types:
            return Action(A.USE_APOTHECARY)
        if A.USE_BRIBE in types:
            return Action(A.USE_BRIBE)
        sel = legal.group(A.SELECT_PLAYER)
        if sel is not None:
            return select_player_choice(s, d, list(sel.players), types, side)
        for t in (A.END_SETUP, A.END_ACTION, A.DECLINE, A.END_TURN):
            if t in types:
                return Action(t)
        return fallback(legal)

    def _kick(self, s: GameState, legal: LegalActions, side: int) -> Action:
        g = legal.group(A.PLACE_BALL)
        assert g is not None
        b = s.board
        deep = min(1, b.width // 6)
        x = deep if side == 1 else b.width - 1 - deep
        y = b.height // 2
        sq = min(g.squares, key=lambda q: (abs(q[0] - x) + abs(q[1] - y), q))
        return Action(A.PLACE_BALL, None, sq)
