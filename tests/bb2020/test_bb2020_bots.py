"""The bots on BB2020 (issue 51 item 6): random, scripted, grod and MCTS play BB2020 matches to
the end on both engines; the scripted bot beats random as on LRB6; the C++ scripted and grod
bots decide as their Python references in BB2020 matches; the bots read characteristics through
the ruleset (`characteristics.ag_rank`, `armour_holds_to`), not as LRB6 numbers."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from nuffle.agents.grod.bot import GrodBot
from nuffle.agents.grod.native import native_grod
from nuffle.agents.grod.values import load_values
from nuffle.agents.registry import make_agent
from nuffle.agents.scripted.bot import ScriptedBot, setup_order
from nuffle.agents.scripted.decisions import select_player_choice
from nuffle.core.actions import Action, ActionType
from nuffle.core.characteristics import ag_rank, armour_holds_to
from nuffle.core.decision import Decision, DecisionKind
from nuffle.core.game import Game
from nuffle.core.native_state import native_board
from nuffle.core.ruleset import LRB6, draft_ruleset
from nuffle.core.skills import Skill
from nuffle.formations import board_formations
from nuffle.play import play
from nuffle.teams_bb2020_match import default_match_team
from nuffle.testing import Scenario

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "native"))
from bot_agreement import run  # type: ignore[import-not-found]

BB2020 = draft_ruleset("bb2020")
HAS_NATIVE = importlib.util.find_spec("nuffle._native") is not None
NO_NATIVE = pytest.mark.skipif(not HAS_NATIVE, reason="no native extension")
ENGINES = ["python", pytest.param("native", marks=NO_NATIVE)]
A = ActionType


def _teams(home: str = "human", away: str = "orc") -> tuple[Any, Any]:
    return default_match_team(home), default_match_team(away)


# --- the characteristics as the bots read them ------------------------------------------------


def test_ag_rank_is_higher_for_the_better_agility_under_either_ruleset() -> None:
    """LRB6 AG 4 beats AG 3; BB2020 AG 2+ beats AG 3+ (and ranks as LRB6's AG 5)."""
    lrb6 = Scenario().grant(1, ag=4).grant(2, ag=3)
    assert ag_rank(lrb6.state, 1) > ag_rank(lrb6.state, 2)
    bb = Scenario(*_teams(), rules=BB2020).grant(1, ag=2).grant(2, ag=3)
    assert ag_rank(bb.state, 1) > ag_rank(bb.state, 2) and ag_rank(bb.state, 1) == 5
    assert armour_holds_to(bb.state, 1) == bb.state.info[1].av - 1
    assert armour_holds_to(lrb6.state, 1) == lrb6.state.info[1].av


@pytest.mark.parametrize("rules", [LRB6, BB2020], ids=["lrb6", "bb2020"])
def test_the_interferer_picked_is_the_most_agile(rules: Any) -> None:
    """Both bots name the opponent with the best agility to intercept (LRB6) or interfere
    (BB2020): the higher AG under LRB6, the lower X+ under BB2020."""
    home, away = _teams() if rules is BB2020 else ("human", "orc")
    sc = Scenario(home, away, rules=rules)
    better, worse = (2, 4) if rules is BB2020 else (4, 2)
    sc.grant(11, ag=worse).grant(12, ag=better)
    d = Decision(kind=DecisionKind.INTERCEPTOR)
    got = select_player_choice(sc.state, d, [11, 12], [A.SELECT_PLAYER, A.DECLINE], 1)
    assert got == Action(A.SELECT_PLAYER, 12)


def test_the_tiny_board_set_up_picks_the_most_agile_handlers() -> None:
    """On a three-player board the scripted bot fields Block players first, then the most
    agile: a BB2020 AG 2+ player before AG 4+ ones."""
    sc = Scenario(*_teams(), rules=BB2020)
    s = sc.state
    plain = [p for p in range(len(s.info)) if s.info[p].team == 0
             and not {Skill.BLOCK, Skill.LONER} & set(s.info[p].skills)][:3]
    assert len(plain) == 3
    for p in plain:
        sc.grant(p, ag=4)
    sc.grant(plain[2], ag=2)
    assert setup_order(sc.state, tuple(plain), 1)[0] == plain[2]


# --- whole matches ---------------------------------------------------------------------------


@pytest.mark.parametrize("engine", ENGINES)
@pytest.mark.parametrize(("bot", "board"),
                         [("random", 11), ("scripted", 11), ("grod", 11), ("mcts?iterations=16", 1)])
def test_each_bot_plays_a_bb2020_match_to_the_end(engine: str, bot: str, board: int) -> None:
    game = Game.new(*_teams(), seed=5, board=board, engine=engine, ruleset=BB2020)
    play(game, make_agent(bot, 1), make_agent(bot, 2))
    assert game.is_over and game.state.rules is BB2020
    assert len(game.history) > 50


@NO_NATIVE
def test_scripted_beats_random_on_bb2020() -> None:
    """Paired seeds (each side home once), board 11, native engine: the scripted bot wins more
    games than random and scores more touchdowns."""
    wins = losses = tds = conceded = 0
    pairs = [("human", "orc"), ("orc", "dwarf"), ("skaven", "human")]
    for seed in range(4):
        for home, away in pairs:
            for scripted_home in (True, False):
                game = Game.new(*_teams(home, away), seed=seed, board=11, engine="native", ruleset=BB2020)
                bots = (make_agent("scripted", seed), make_agent("random", seed))
                play(game, *(bots if scripted_home else bots[::-1]))
                score = game.result.to_dict()["score"]
                mine, theirs = score["home"], score["away"]
                if not scripted_home:
                    mine, theirs = theirs, mine
                tds, conceded = tds + mine, conceded + theirs
                wins, losses = wins + (mine > theirs), losses + (mine < theirs)
    assert wins > losses and tds > conceded, (wins, losses, tds, conceded)


# --- the C++ bots decide as the Python bots under BB2020 -------------------------------------


@NO_NATIVE
@pytest.mark.parametrize("kind", ["scripted", "grod"])
def test_the_cpp_bots_decide_as_the_python_bots_on_bb2020(kind: str) -> None:
    """Whole BB2020 matches played by the Python bots on the native engine, where at every
    decision the C++ bot must choose what the Python bot chooses (tests/native/bot_agreement)."""
    native: ModuleType = importlib.import_module("nuffle._native")

    def bots(board: int) -> tuple[tuple[Any, Any], tuple[Any, Any]]:
        if kind == "scripted":
            offense, defense = board_formations(board)
            cpp = [native.ScriptedBot(native_board(board), offense, defense, sys.version_info >= (3, 12))
                   for _ in range(2)]
            return (ScriptedBot(0, native=False), ScriptedBot(1, native=False)), (cpp[0], cpp[1])
        return ((GrodBot(0, native=False), GrodBot(1, native=False)),
                (native_grod(board, load_values("")), native_grod(board, load_values(""))))

    seen = run(bots, (3, 11), (_teams("human", "orc"), _teams("skaven", "dwarf")), range(1), ruleset=BB2020)
    assert seen["complete"] == 4
