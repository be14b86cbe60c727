"""The Python client library for writing a bot that speaks the protocol.

    from nuffle.competition.client import Bot, run

    class MyBot(Bot):
        wants = ("legal", "pitch@SETUP")

        def act(self, request):
            if request.decision["kind"] == "SETUP":
                return request.setup_action()
            return request.legal_actions()[0]

    if __name__ == "__main__":
        run(MyBot())

`AgentBot` runs any nuffle agent (scripted, random, a search bot) unchanged: each decision's
position is rebuilt into a `Game` the agent can clone and search."""

from __future__ import annotations

import os
import random
import sys
from abc import ABC, abstractmethod
from typing import IO, TYPE_CHECKING, Any

from nuffle.competition import positions
from nuffle.competition.protocol import DEFAULT_PARTS, ProtocolError, decode, encode
from nuffle.competition.randomplay import random_choice
from nuffle.core.actions import Action, ActionType
from nuffle.core.errors import InputError

if TYPE_CHECKING:  # imported lazily: a bot that only reads legal actions starts faster
    from nuffle.agents.base import Agent
    from nuffle.core.game import Game

_SIDES = {"home": 0, "away": 1}


class Request:
    """One decision request: `id`, `decision` (kind, side, player, ...), `clock` and the
    seconds left, and the parts the bot asked for (`state`, `legal`, `position`, `pitch`)."""

    def __init__(self, message: dict[str, Any]) -> None:
        self.message = message
        self.id: int = message["id"]
        self.decision: dict[str, Any] = message.get("decision", {})
        self.clock: str = message.get("clock", "")
        self.clock_left: float = message.get("clock_left", 0.0)
        self.state: dict[str, Any] | None = message.get("state")
        self.pitch: dict[str, Any] | None = message.get("pitch")
        self.legal: list[dict[str, Any]] = message.get("legal", [])
        self._game: Game | None = None
        #: the match's ruleset (the hello's 'rules'), if known: a position of another is refused
        self.rules: str | None = None

    def legal_actions(self) -> list[Action]:
        """Every legal action, expanded from the groups."""
        out = []
        for g in self.legal:
            kind = ActionType[g["type"]]
            for p in g.get("players") or [None]:
                for sq in g.get("squares") or [None]:
                    out.append(Action(kind, p, None if sq is None else (sq[0], sq[1])))
        return out

    def setup_action(self) -> Action:
        """A set-up step that always completes (needs the `pitch` part at SETUP): END_SETUP
        once it is legal, else a reserve onto the free square of the line of scrimmage
        nearest the middle of the pitch (what the random protocol bots do)."""
        if self.pitch is None:
            raise InputError("setup_action needs the pitch part: add 'pitch@SETUP' to wants")
        rng = random.Random(self.id)
        return Action.from_list(random_choice(self.legal, rng, self.pitch, self.decision.get("side")))

    def game(self) -> Game:
        """The position rebuilt as a `Game` (its dice are not the real ones); built once."""
        if self._game is None:
            self._game = positions.decode(self.message.get("position"), self.rules)
        return self._game


class Bot(ABC):
    """A protocol bot: override `act`; `setup`, `notice` and `end` are optional hooks."""

    name = "bot"
    #: The request parts this bot wants (fewer parts make requests cheaper); a part may be
    #: limited to some decision kinds, as in "state@SETUP".
    wants: tuple[str, ...] = DEFAULT_PARTS

    def setup(self, hello: dict[str, Any]) -> None:  # noqa: B027  (optional hook)
        """Called with the hello message (side, teams, board, clocks, seed)."""

    @abstractmethod
    def act(self, request: Request) -> Action:
        """Choose one of the request's legal actions."""

    def notice(self, message: dict[str, Any]) -> None:  # noqa: B027  (optional hook)
        """Called with a 'rejected' or 'penalty' message from the referee."""

    def end(self, message: dict[str, Any]) -> None:  # noqa: B027  (optional hook)
        """Called with the end message (result and this bot's penalties)."""


class AgentBot(Bot):
    """Runs a nuffle `Agent` through the protocol on games rebuilt from positions."""

    wants = ("position",)

    def __init__(self, agent: Agent) -> None:
        self.agent = agent
        self.name = agent.name
        self.side = 0
        self.started = False
        self.rules = "LRB6"  # the match's ruleset, as the hello names it

    def setup(self, hello: dict[str, Any]) -> None:
        self.side = _SIDES[hello["side"]]
        self.rules = str(hello.get("rules", "LRB6"))

    def act(self, request: Request) -> Action:
        request.rules = self.rules  # a position of another ruleset is refused (`positions.decode`)
        game = request.game()
        if not self.started:
            self.agent.new_game(game, self.side)
            self.started = True
        return self.agent.act(game)

    def end(self, message: dict[str, Any]) -> None:
        result = message.get("result", {})
        score = result.get("score", [0, 0])
        self.agent.end_game({"score": {"home": score[0], "away": score[1]},
                             "winner": result.get("winner"), "over": result.get("over", True)})


def run(bot: Bot, stdin: IO[bytes] | None = None, stdout: IO[bytes] | None = None) -> int:
    """Serve the protocol on stdin/stdout until the game ends; returns an exit code.

    While it runs, `print` goes to stderr so that stray output cannot break the protocol."""
    inp = stdin if stdin is not None else sys.stdin.buffer
    if stdout is None:
        out: IO[bytes] = os.fdopen(os.dup(sys.stdout.fileno()), "wb", buffering=0)
        sys.stdout = sys.stderr
    else:
        out = stdout

    def send(message: dict[str, Any]) -> None:
        out.write(encode(message))
        out.flush()

    for line in inp:
        if not line.strip():
            continue
        try:
            msg = decode(line)
        except ProtocolError as exc:
            print(f"{bot.name}: ignoring a bad message: {exc}", file=sys.stderr)
            continue
        kind = msg["type"]
        if kind == "hello":
            bot.setup(msg)
            send({"type": "ready", "name": bot.name, "wants": list(bot.wants)})
        elif kind == "decide":
            action = bot.act(Request(msg))
            send({"type": "action", "id": msg["id"], "action": action.to_list()})
        elif kind == "end":
            bot.end(msg)
            send({"type": "bye"})
            return 0
        else:
            bot.notice(msg)
    return 0
