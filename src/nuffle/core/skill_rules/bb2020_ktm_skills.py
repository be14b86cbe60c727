"""BB2020's Kick Team-mate (SKILLS.md; procedures/kick_team_mate.py): declared as the Throw
Team-mate action (START_THROW_TEAM_MATE, then THROW_TEAM_MATE naming the kicked player and his
square: no new action type) by a player with Kick Team-mate and not Throw Team-mate, once a team
turn on its own allowance (`TeamState.ktm_used`: RULES §7.2; the Blitz, Pass and Throw Team-mate
stay free, though FFB's `StepKickTeamMate` spends the Blitz), not in the kick-off's Blitz turn;
the kicked player is an adjacent standing team-mate who may be thrown (Right Stuff). The C++
twins are in skill_rules/turn_skills.hpp and action_skills.hpp (`bb2020_ktm`)."""

from __future__ import annotations

from nuffle.core.actions import ActionChoice, ActionType
from nuffle.core.procedures.action import ACTION_CHOICES, PlayerAction
from nuffle.core.procedures.kick_team_mate import kicks
from nuffle.core.procedures.turn import DECLARATIONS, Turn
from nuffle.core.skill_rules.passing_skills import _throwable, add_thrower
from nuffle.core.skills import Skill
from nuffle.core.state import GameState


@DECLARATIONS.on(Skill.KICK_TEAM_MATE)  # BB2020 only (no LRB6 player has it)
def _ktm_declaration(s: GameState, turn: Turn, pid: int, groups: list[ActionChoice]) -> list[ActionChoice]:
    if not kicks(s, pid) or s.teams[s.pteam[pid]].ktm_used:
        return groups
    return add_thrower(s, pid, groups)


@ACTION_CHOICES.on(Skill.KICK_TEAM_MATE)  # BB2020 only
def _ktm_choices(s: GameState, action: PlayerAction, groups: list[ActionChoice]) -> None:
    if action.kind != ActionType.START_THROW_TEAM_MATE or not kicks(s, action.pid):
        return
    pid = action.pid
    for q in s.adjacent_players(s.pos[pid]):
        if _throwable(s, pid, q):
            groups.append(ActionChoice(ActionType.THROW_TEAM_MATE, (q,), (s.board.xy(s.pos[q]),)))
