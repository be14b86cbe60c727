"""Search bots: Monte Carlo tree search with exact chance nodes ("mcts") and a one-step
look-ahead ("lookahead"). See docs/SEARCH.md."""

from nuffle.agents.mcts.bot import LookaheadBot, MCTSBot
from nuffle.agents.mcts.search import Search, SearchConfig
from nuffle.agents.mcts.tree import Edge, Node, print_tree
from nuffle.agents.registry import register

__all__ = ["Edge", "LookaheadBot", "MCTSBot", "Node", "Search", "SearchConfig", "print_tree"]

register("mcts", MCTSBot)
register("lookahead", LookaheadBot)
