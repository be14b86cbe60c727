"""What an observation holds: the spatial layers and non-spatial features, by name and meaning.

`docs/ENVS.md` lists these tables; `nuffle.envs.observation` fills them.
"""

from __future__ import annotations

from nuffle.core.actions import ActionType
from nuffle.core.skills import Skill
from nuffle.core.types import BallState, Weather

#: Skills given a layer of their own (and a flag in the acting player's features).
KEY_SKILLS = (
    Skill.BLOCK, Skill.DODGE, Skill.SURE_HANDS, Skill.CATCH, Skill.PASS, Skill.TACKLE,
    Skill.GUARD, Skill.MIGHTY_BLOW, Skill.FRENZY, Skill.STAND_FIRM, Skill.SURE_FEET, Skill.LEAP,
)

#: Per-player layers: written at each on-pitch player's cell.
PLAYER_LAYERS: tuple[tuple[str, str], ...] = (
    ("own_players", "1 where an own player stands, lies or is stunned"),
    ("opp_players", "1 where an opposing player is"),
    ("own_standing", "own player standing"),
    ("opp_standing", "opposing player standing"),
    ("own_prone", "own player prone (down, not stunned)"),
    ("opp_prone", "opposing player prone"),
    ("own_stunned", "own player stunned"),
    ("opp_stunned", "opposing player stunned"),
    ("own_used", "own player who has acted this turn"),
    ("opp_used", "opposing player who has acted this turn"),
    ("no_tackle_zone", "player without a tackle zone (distracted, hypnotised)"),
    ("ball_carrier", "the player holding the ball"),
    ("active_player", "the player the current decision concerns (`Game.decision().player`)"),
    ("ma", "movement allowance / 10"),
    ("st", "strength / 10"),
    ("ag", "agility / 6"),
    ("av", "armour value / 10"),
    *((f"skill_{sk.name.lower()}", f"player has {sk.name.replace('_', ' ').title()}") for sk in KEY_SKILLS),
)
#: Board layers computed from the whole position.
BOARD_LAYERS: tuple[tuple[str, str], ...] = (
    ("ball", "1 where the ball is (on the ground, carried or in the air)"),
    ("own_tackle_zones", "own tackle zones on the cell / 8"),
    ("opp_tackle_zones", "opposing tackle zones on the cell / 8"),
    ("own_assists", "own players who could assist a block here / 8 (standing, marked by at most one "
                    "opponent, or Guard)"),
    ("opp_assists", "opposing players who could assist a block here / 8"),
    ("own_end_zone", "the end zone the observer defends (x = 0)"),
    ("opp_end_zone", "the end zone the observer attacks (x = W - 1)"),
    ("own_half", "the observer's half"),
    ("legal_cells", "cells that are the target of a legal action now (squares and players)"),
    ("safe_reach", "at a move decision of a moving action (not a block): cells the acting player can "
                   "still reach without a dodge or go-for-it"),
    ("movement_left", "at a move decision, at the acting player's cell: his remaining movement / 10"),
)
SPATIAL_LAYERS = PLAYER_LAYERS + BOARD_LAYERS


LAYER_INDEX = {name: i for i, (name, _) in enumerate(SPATIAL_LAYERS)}
N_PLAYER = len(PLAYER_LAYERS)

PLAYER_ACTION_KINDS = tuple(t.name for t in ActionType if t.starts_action)

NON_SPATIAL: tuple[tuple[str, str], ...] = (
    ("score_own", "own touchdowns / 10"),
    ("score_opp", "opposing touchdowns / 10"),
    ("first_half", "1 in the first half"),
    ("second_half", "1 in the second half (or overtime)"),
    ("turn_own", "own turn number / turns per half"),
    ("turn_opp", "opposing turn number / turns per half"),
    ("own_team_turn", "1 when it is the observer's team turn"),
    ("rerolls_own", "own team re-rolls left / 8"),
    ("rerolls_opp", "opposing team re-rolls left / 8"),
    ("reroll_used_own", "own team re-roll used this turn"),
    ("reroll_used_opp", "opposing team re-roll used this turn"),
    ("leader_own", "own Leader re-roll available"),
    ("leader_opp", "opposing Leader re-roll available"),
    ("bribes_own", "own bribes / 3"),
    ("bribes_opp", "opposing bribes / 3"),
    ("apothecary_own", "own apothecaries left"),
    ("apothecary_opp", "opposing apothecaries left"),
    *((f"weather_{w.name.lower()}", f"weather is {w.name.replace('_', ' ').lower()}") for w in Weather),
    ("own_kicking", "the observer kicks this drive"),
    ("own_kicked_first", "the observer kicked the first half"),
    ("blitz_used_own", "own blitz used this turn"),
    ("blitz_used_opp", "opposing blitz used this turn"),
    ("pass_used_own", "own pass used this turn"),
    ("pass_used_opp", "opposing pass used this turn"),
    ("handoff_used_own", "own hand-off used this turn"),
    ("handoff_used_opp", "opposing hand-off used this turn"),
    ("foul_used_own", "own foul used this turn"),
    ("foul_used_opp", "opposing foul used this turn"),
    *((f"ball_{b.name.lower()}", f"ball state is {b.name.replace('_', ' ').lower()}") for b in BallState),
    ("own_has_ball", "an own player holds the ball"),
    ("opp_has_ball", "an opposing player holds the ball"),
    ("ball_x", "canonical ball column / (W - 1)"),
    ("ball_y", "ball row / (H - 1)"),
    ("ball_in_own_half", "the ball is in the observer's half"),
    ("on_pitch_own", "own players on the pitch / players a side"),
    ("on_pitch_opp", "opposing players on the pitch / players a side"),
    ("reserves_own", "own players in reserve / roster size"),
    ("reserves_opp", "opposing players in reserve / roster size"),
    ("ko_own", "own knocked-out players / roster size"),
    ("ko_opp", "opposing knocked-out players / roster size"),
    ("cas_own", "own casualties and sent-off players / roster size"),
    ("cas_opp", "opposing casualties and sent-off players / roster size"),
    ("acting", "1 when the decision concerns a player (`Game.decision().player`)"),
    ("acting_own", "that player is the observer's"),
    ("acting_ma", "that player's MA / 10"),
    ("acting_st", "that player's ST / 10"),
    ("acting_ag", "that player's AG / 6"),
    ("acting_av", "that player's AV / 10"),
    ("acting_moves_left", "at a move decision: his movement left / 10 (MA - `Game.decision().moved`)"),
    ("acting_has_ball", "that player holds the ball"),
    *((f"acting_{k.lower()}", f"at a move decision: the action under way is {k}")
      for k in PLAYER_ACTION_KINDS),
    *((f"acting_skill_{sk.name.lower()}", f"that player has {sk.name.replace('_', ' ').title()}")
      for sk in KEY_SKILLS),
)
N_NON_SPATIAL = len(NON_SPATIAL)
NS_INDEX = {name: i for i, (name, _) in enumerate(NON_SPATIAL)}
