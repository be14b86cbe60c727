"""`champion`: the strongest measured agent of each board, an alias read from `data/champion.json`.

The data file names, per board, the bot spec `champion` stands for (`policy?model=b1`, `grod`)
and the strength run that chose it (docs/STRENGTH.md). It moves as stronger agents land: measure
with `nuffle strength`, then change the file. The board is the game's (read from the view at
the first decision), or given beforehand (`ChampionAgent(board=11)`, `agent_for_board`).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Any

from nuffle.agents.base import Agent
from nuffle.agents.registry import make_agent, parse_bot_spec, register
from nuffle.core.actions import Action
from nuffle.core.board import VARIANTS
from nuffle.core.errors import InputError
from nuffle.core.game import Game

#: What an entry's `kind` may say: how the agent it names was made.
KINDS = ("hand-written", "learned", "search")


@dataclass(frozen=True)
class ChampionEntry:
    """One board's champion: the bot spec, how it was made, and the run that chose it."""

    board: int
    spec: str
    kind: str
    what: str
    evidence: dict[str, Any]


def parse_table(raw: Any, source: str = "champion.json") -> dict[int, ChampionEntry]:
    """The entries of a champion table (the data file's shape); InputError names a bad part."""
    boards = raw.get("boards") if isinstance(raw, dict) else None
    if not isinstance(boards, dict) or not boards:
        raise InputError(f"{source}: 'boards' must be an object of board -> entry")
    out: dict[int, ChampionEntry] = {}
    for key, entry in boards.items():
        if not key.isdigit() or int(key) not in VARIANTS:
            raise InputError(f"{source}: board {key!r} is not one of {', '.join(map(str, sorted(VARIANTS)))}")
        if not isinstance(entry, dict):
            raise InputError(f"{source}: board {key}'s entry must be an object")
        spec, kind = entry.get("spec"), entry.get("kind")
        if not isinstance(spec, str) or parse_bot_spec(spec)[0] == "champion":
            raise InputError(f"{source}: board {key}'s 'spec' must be a bot spec other than champion")
        if kind not in KINDS:
            raise InputError(f"{source}: board {key}'s 'kind' must be one of {', '.join(KINDS)}")
        evidence = entry.get("evidence")
        if not isinstance(evidence, dict) or "points_rate" not in evidence:
            raise InputError(f"{source}: board {key} has no 'evidence' with its 'points_rate'")
        out[int(key)] = ChampionEntry(int(key), spec, kind, str(entry.get("what", "")), evidence)
    return out


@cache
def champion_table() -> dict[int, ChampionEntry]:
    """The bundled table (`nuffle/data/champion.json`), board -> entry."""
    text = resources.files("nuffle.data").joinpath("champion.json").read_text()
    return parse_table(json.loads(text))


def champion_entry(board: int) -> ChampionEntry:
    """What `champion` plays on `board`; InputError for a board it has no entry for."""
    table = champion_table()
    if board not in table:
        raise InputError(f"champion has no agent for board {board} "
                         f"(its boards: {', '.join(map(str, sorted(table)))})")
    return table[board]


class ChampionAgent(Agent):
    """Plays as the board's champion does (see the module docstring)."""

    name = "champion"

    def __init__(self, seed: int = 0, board: int | None = None) -> None:
        self.seed = seed
        self.fixed = board
        self.inner: Agent | None = None
        self.inner_board: int | None = None
        self.boards = tuple(sorted(champion_table()))
        if board is not None:
            self.prepare(board)
            self.boards = (board,)

    @property
    def spec(self) -> str | None:
        """The spec of the agent now played (None before the board is known)."""
        return None if self.inner_board is None else champion_entry(self.inner_board).spec

    def prepare(self, board: int) -> None:
        """Build the board's agent now (a spec that does not load fails here, in one line)."""
        if self.fixed is not None and board != self.fixed:
            raise InputError(f"this champion was made for board {self.fixed}, not board {board}")
        if self.inner is not None and self.inner_board == board:
            return
        entry = champion_entry(board)
        what = f"champion on board {board} is {entry.spec!r}"
        try:
            inner = make_agent(entry.spec, seed=self.seed)
            inner.prepare(board)
        except ValueError as e:  # InputError, or a policy's CheckpointError
            raise InputError(f"{what}, which does not load: {e}") from None
        if inner.boards is not None and board not in inner.boards:
            raise InputError(f"{what}, which does not play board {board}")
        self.inner, self.inner_board = inner, board

    def new_game(self, view: Game, side: int) -> None:
        super().new_game(view, side)
        self.prepare(view.config.board)
        assert self.inner is not None
        self.inner.new_game(view, side)

    def act(self, view: Game) -> Action:
        if self.inner is None or self.inner_board != view.config.board:
            self.new_game(view, view.decider)
        assert self.inner is not None
        return self.inner.act(view)

    def end_game(self, result: dict[str, Any]) -> None:
        if self.inner is not None:
            self.inner.end_game(result)


def _factory(seed: int = 0) -> ChampionAgent:
    return ChampionAgent(seed=seed)


register("champion", _factory)
