"""Prompts that say what is at stake: the players, the roll, what each choice means, the odds of
a re-roll (from the engine's chance nodes), the apothecary's player and injury, block dice."""

from __future__ import annotations

import re

import pytest

from nuffle.agents.registry import make_agent
from nuffle.core.actions import Action, ActionType
from nuffle.core.decision import DecisionKind
from nuffle.core.dice import Dice, Outcome, block, d6, d68, two_d6
from nuffle.core.game import Game
from nuffle.core.skills import Skill
from nuffle.core.types import BlockFace
from nuffle.report import Names
from nuffle.report.prompt import prompt
from nuffle.testing import BLITZER, DD, LINEMAN, O_BOB, O_LINE, Scenario, do

T = ActionType
ENUM_NAME = re.compile(r"\b[A-Z][A-Z0-9]*_[A-Z0-9_]+\b")


def failed_dodge(rerolls: int = 1, *skills: Skill) -> Game:
    """The Human Lineman dodges out of the Orc Lineman's tackle zone and rolls a 1 (needs 3+)."""
    sc = Scenario(script=d6(1))
    sc.set(rerolls=(rerolls, rerolls)).put(LINEMAN, (10, 7)).put(O_LINE, (11, 7)).grant(LINEMAN, *skills)
    game = sc.start(active=0)
    do(game, T.START_MOVE, LINEMAN)
    do(game, T.MOVE, square=(9, 7))
    assert game.decision().kind == DecisionKind.REROLL
    return game


def test_reroll_prompt_names_the_roll_and_gives_the_odds_with_and_without() -> None:
    game = failed_dodge()
    p = prompt(game.view())
    assert p.text == ("Human Lineman #6 failed his dodge (needs 3+, rolled 1). "
                      "Re-roll it or accept the failure?")
    assert p.odds["USE_REROLL"] == pytest.approx(2 / 3)
    assert p.odds["DECLINE"] == 0.0
    assert set(p.choices) == {"USE_REROLL", "DECLINE"}
    assert not game.roller.queue  # type: ignore[attr-defined]


def test_reroll_prompt_with_loner_halves_the_odds_and_says_so() -> None:
    game = failed_dodge(1, Skill.LONER)
    p = prompt(game.view())
    assert p.odds["USE_REROLL"] == pytest.approx(1 / 2 * 2 / 3)
    assert "Loner" in p.choices["USE_REROLL"]


def test_skill_reroll_odds() -> None:
    game = failed_dodge(0, Skill.DODGE)
    p = prompt(game.view())
    assert set(p.odds) == {"USE_SKILL", "DECLINE"} and p.odds["USE_SKILL"] == pytest.approx(2 / 3)


def knocked_down(script: list[tuple[Dice, Outcome]], apothecaries: tuple[int, int] = (0, 1)) -> Game:
    sc = Scenario(script=script)
    sc.put(BLITZER, (10, 7)).put(O_LINE, (11, 7)).set(apothecaries=apothecaries)
    game = sc.start(active=0)
    do(game, T.START_BLOCK, BLITZER)
    do(game, T.BLOCK, square=(11, 7))
    do(game, T.SELECT_DEFENDER_DOWN)
    do(game, T.PUSH, square=(12, 7))
    do(game, T.DECLINE)
    assert game.decision().kind == DecisionKind.APOTHECARY
    return game


def test_apothecary_prompt_on_a_ko_names_the_player_and_the_injury() -> None:
    p = prompt(knocked_down(block(DD) + two_d6(4, 6) + two_d6(4, 4)).view())
    assert p.text == "Orc Lineman #6 is KO'd (injury roll 8). Use the apothecary?"
    assert "Stunned" in p.choices["USE_APOTHECARY"]


def test_apothecary_prompt_on_a_casualty_names_the_result() -> None:
    p = prompt(knocked_down(block(DD) + two_d6(4, 6) + two_d6(5, 5) + d68(41)).view())
    assert p.text == "Orc Lineman #6 is a casualty: Seriously Injured (casualty roll 41). Use the apothecary?"
    p = prompt(knocked_down(block(DD) + two_d6(4, 6) + two_d6(5, 5) + d68(23)).view())
    assert p.text == "Orc Lineman #6 is a casualty: Badly Hurt (casualty roll 23). Use the apothecary?"
    assert "reserves" in p.choices["USE_APOTHECARY"]


def test_block_dice_prompt_says_who_chooses_and_what_each_face_does() -> None:
    sc = Scenario(script=block(BlockFace.PUSHED, DD))
    sc.put(BLITZER, (10, 7)).put(O_BOB, (11, 7)).set(rerolls=(0, 0))  # ST 3 against 4: the Orcs choose
    game = sc.start(active=0)
    do(game, T.START_BLOCK, BLITZER)
    do(game, T.BLOCK, square=(11, 7))
    d = game.decision()
    assert d.kind == DecisionKind.BLOCK_DICE and d.side == 1
    p = prompt(game.view())
    assert p.chooser == "the Orc coach"
    assert p.text == ("Human Blitzer #1 blocks Black Orc Blocker #5: 2 dice, the Orc coach chooses. "
                      "Rolled: Pushed, Defender Down.")
    assert p.choices == {"SELECT_PUSHED": "Black Orc Blocker #5 is pushed back",
                         "SELECT_DEFENDER_DOWN": "Black Orc Blocker #5 is pushed and falls"}


def test_every_decision_of_whole_games_is_said_in_words() -> None:
    kinds = set()
    for seed, board in ((1, 5), (2, 11)):
        game = Game.new("human", "orc", seed=seed, board=board)
        agents = [make_agent("scripted", seed=1), make_agent("scripted", seed=2)]
        for side, agent in enumerate(agents):
            agent.new_game(game.view(), side)
        names = Names(game.state)
        while not game.is_over:
            d = game.decision()
            p = prompt(game.view(), names)
            kinds.add(d.kind)
            assert p.text and not ENUM_NAME.search(p.text), (d, p)
            assert all(not ENUM_NAME.search(m) for m in p.choices.values()), (d, p)
            assert set(p.choices) <= {t.name for t in game.legal_actions().types()}, (d, p)
            assert all(0.0 <= v <= 1.0 for v in p.odds.values())
            game.step(agents[game.decider].act(game.view()))
        assert prompt(game).text == ""
    assert {DecisionKind.KICK_OR_RECEIVE, DecisionKind.SETUP, DecisionKind.SELECT_ACTION, DecisionKind.MOVE,
            DecisionKind.BLOCK_DICE, DecisionKind.PUSH, DecisionKind.FOLLOW_UP} <= kinds


def test_a_view_and_the_live_game_give_the_same_prompt() -> None:
    game = failed_dodge()
    assert prompt(game.view()) == prompt(game.clone())
    game.roller.extend(two_d6(1, 2))  # type: ignore[attr-defined]
    game.step(Action(T.DECLINE))  # the prompts took nothing from the real dice: armour 3 comes next
    assert not game.roller.queue and game.state.turnover  # type: ignore[attr-defined]


@pytest.mark.parametrize(("declared", "click"), [
    (ActionType.START_BLOCK, "click the standing opponent next to him to block"),
    (ActionType.START_FOUL, "the prone or stunned opponent to foul"),
    (ActionType.START_HANDOFF, "the team-mate to hand the ball to"),
    (ActionType.START_THROW_TEAM_MATE, "click the team-mate next to him to throw"),
])
def test_a_player_action_says_which_player_to_click(declared: ActionType, click: str) -> None:
    from nuffle.core.types import Status

    sc = Scenario("orc", "human")
    thrower, goblin, human = sc.pid(0, "Black Orc Blocker"), sc.pid(0, "Goblin"), sc.pid(1, "Lineman")
    sc.grant(thrower, Skill.THROW_TEAM_MATE).put(thrower, (10, 7)).put(goblin, (10, 8))
    sc.put(human, (11, 7), Status.PRONE if declared == ActionType.START_FOUL else Status.STANDING)
    if declared == ActionType.START_HANDOFF:
        sc.give_ball(thrower)
    game = sc.start(0)
    do(game, declared, thrower)
    assert game.decision().kind == DecisionKind.MOVE
    assert click in prompt(game).text
