"""Run a nuffle bot through the protocol: `python -m nuffle.competition.builtin SPEC`.

SPEC is a bot spec as `make_agent` takes it (`scripted`, `random`, `mcts?seconds=1`); the
special spec `random-legal` plays from the legal actions alone, without rebuilding games."""

from __future__ import annotations

import random
import sys
from typing import Any, NoReturn

from nuffle.competition.client import AgentBot, Bot, Request, run
from nuffle.competition.randomplay import random_choice
from nuffle.core.actions import Action
from nuffle.errors import NuffleError


class RandomLegalBot(Bot):
    """Random play from the request's legal-action groups (the JavaScript bot's twin)."""

    name = "random-legal"
    wants = ("legal", "pitch@SETUP")

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def setup(self, hello: dict[str, Any]) -> None:
        self.rng.seed(hello["seed"])

    def act(self, request: Request) -> Action:
        return Action.from_list(random_choice(request.legal, self.rng, request.pitch,
                                              request.decision.get("side")))


class _Seeded(AgentBot):
    """An agent built once hello gives its seed."""

    def __init__(self, spec: str) -> None:
        from nuffle.agents.registry import make_agent

        self.spec = spec
        super().__init__(make_agent(spec))

    def setup(self, hello: dict[str, Any]) -> None:
        from nuffle.agents.registry import make_agent

        super().setup(hello)
        try:
            self.agent = make_agent(self.spec, seed=hello["seed"])
            board = hello.get("board")
            if isinstance(board, int):
                self.agent.prepare(board)  # within the init clock: `champion` loads its board's agent
        except NuffleError as e:
            _fail(e)


def _fail(error: NuffleError) -> NoReturn:
    """A bot spec that does not load: one line on stderr, exit code 2."""
    print(f"nuffle.competition.builtin: {error}", file=sys.stderr)
    raise SystemExit(2)


def main(argv: list[str] | None = None) -> int:
    """Entry point: the bot spec is the only argument."""
    args = sys.argv[1:] if argv is None else argv
    if len(args) != 1:
        print("usage: python -m nuffle.competition.builtin BOT_SPEC", file=sys.stderr)
        return 2
    try:
        bot: Bot = RandomLegalBot() if args[0] == "random-legal" else _Seeded(args[0])
    except NuffleError as e:
        _fail(e)
    return run(bot)


if __name__ == "__main__":
    sys.exit(main())
