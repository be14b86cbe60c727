"""The Wizard through the bot protocol: an out-of-process bot whose team induced a Wizard is
offered his spells at the start of its turns, casts one, names the target in the WIZARD
decision, and the record replays."""

from __future__ import annotations

import json
import sys
from pathlib import Path

from nuffle.competition.clocks import Clocks
from nuffle.competition.referee import BotSpec, Settings, run_game
from nuffle.core.actions import ActionType
from nuffle.core.teams import default_team_dict
from nuffle.record import load

BOT = '''
from nuffle.competition.client import Bot, run
from nuffle.core.actions import ActionType

class Caster(Bot):
    name = "caster"
    wants = ("legal", "pitch@SETUP")

    def act(self, request):
        kind = request.decision["kind"]
        if kind == "SETUP":
            return request.setup_action()
        legal = request.legal_actions()
        spells = [a for a in legal if a.type == ActionType.USE_LIGHTNING_BOLT]
        if spells:
            return spells[0]
        if kind == "WIZARD":
            return legal[-1]
        return legal[0]

run(Caster())
'''


def test_a_protocol_bot_casts_its_wizards_spell(tmp_path: Path, no_leaks) -> None:
    team = default_team_dict("human")
    team["inducements"] = {"wizard": True}
    team_file = tmp_path / "wizard.json"
    team_file.write_text(json.dumps(team))
    bot = tmp_path / "caster.py"
    bot.write_text(BOT)
    clocks = Clocks(turn=60.0, opponent_decision=20.0, init=30.0, end=10.0, setup=60.0)
    report = run_game(BotSpec("caster", str(team_file), (sys.executable, str(bot))),
                      BotSpec.builtin("random", "orc", "random"), seed=5,
                      record_path=tmp_path / "g.json", settings=Settings(board=1, clocks=clocks))
    assert report["penalties"] == [] and report["over"]
    game = load(report["record"])
    assert game.is_over
    types = [entry[1].type for entry in game.history if entry[0] == "a"]
    assert types.count(ActionType.USE_LIGHTNING_BOLT) == 1  # once a match
    assert ActionType.SELECT_PLAYER in types[types.index(ActionType.USE_LIGHTNING_BOLT) + 1:]
