// What to ask the coach for each decision kind, and readable names for every action type.
"use strict";

const PROMPTS = {
  KICK_OR_RECEIVE: "You won the coin toss: kick or receive?",
  SETUP: "Set up: pick a formation, or click a player then a square (Reserve takes him off).",
  KICK_TARGET: "Kick: click the square to kick the ball to.",
  KICK_DISTANCE: "Kick: keep the scatter distance or take the other one.",
  TOUCHBACK: "Touchback: click the player who gets the ball.",
  HIGH_KICK: "High kick: move a player under the ball, or decline.",
  QUICK_SNAP: "Quick snap: move players one square each.",
  KICK_OFF_RETURN: "Kick-off return: choose the player, then his squares.",
  SELECT_ACTION: "Your turn: click a player to choose his action, or end the turn.",
  MOVE: "Click a highlighted square (hover for the path and its odds), or end the action.",
  REROLL: "A roll failed: re-roll it or accept it?",
  USE_SKILL: "Use the skill now?",
  REACTION: "Choose the player who reacts.",
  DIVING_TACKLE: "Diving Tackle the dodger?",
  BLOCK_DICE: "Block dice: choose the face (or re-roll).",
  BLOCK_RESULT: "A skill may change the result.",
  PUSH: "Push: click the square the player is pushed to.",
  STAND_FIRM: "Stand firm?",
  FOLLOW_UP: "Follow up?",
  FORBID_FOLLOW_UP: "Stop the attacker following up?",
  MULTIPLE_BLOCK: "Choose the second defender.",
  DUMP_OFF: "Dump off: pass the ball before the block?",
  INTERCEPTOR: "Choose who tries to intercept (or nobody).",
  PASS_BLOCK: "Pass block: move a player up to three squares.",
  ANIMOSITY_TARGET: "Animosity: choose a team-mate of the same race.",
  SWOOP: "Swoop: choose the direction.",
  THROW_ON: "Throw the bomb on, or drop it.",
  FEED: "Blood Lust: choose the Thrall to bite (Animal Savagery: the team-mate to lash out at).",
  ARMOUR_BONUS: "Spend the skill's bonus on this roll?",
  APOTHECARY: "Use the apothecary?",
  BRIBE: "Use a bribe?",
  WIZARD: "Wizard: click the spell's target (a square for a Fireball, a standing player for a Lightning Bolt).",
};

const ACTION_NAMES = {
  KICK: "Kick", RECEIVE: "Receive", PLACE_PLAYER: "Place", RESERVE_PLAYER: "Reserve", END_SETUP: "End set-up",
  PLACE_BALL: "Kick here", SELECT_PLAYER: "Select", DECLINE: "Decline", START_MOVE: "Move", START_BLOCK: "Block",
  START_BLITZ: "Blitz", START_PASS: "Pass", START_HANDOFF: "Hand-off", START_FOUL: "Foul",
  START_THROW_TEAM_MATE: "Throw team-mate", END_TURN: "End turn", MOVE: "Move here", BLOCK: "Block",
  PASS: "Pass here", HANDOFF: "Hand off", FOUL: "Foul", THROW_TEAM_MATE: "Throw here", END_ACTION: "End action",
  USE_REROLL: "Team re-roll", USE_SKILL: "Use skill", SELECT_ATTACKER_DOWN: "Attacker down",
  SELECT_BOTH_DOWN: "Both down", SELECT_PUSHED: "Pushed", SELECT_DEFENDER_STUMBLES: "Defender stumbles",
  SELECT_DEFENDER_DOWN: "Defender down", PUSH: "Push here", FOLLOW_UP: "Follow up", USE_APOTHECARY: "Apothecary",
  USE_BRIBE: "Bribe", LEAP: "Leap here", STAB: "Stab", CHAINSAW: "Chainsaw", MULTIPLE_BLOCK: "Multiple block",
  HYPNOTIC_GAZE: "Hypnotic gaze", START_BOMB: "Bomb", BOMB: "Bomb here", HAIL_MARY: "Hail Mary",
  DUMP_OFF: "Dump off", USE_PRO: "Pro", SELECT_ARMOUR: "On armour", SELECT_INJURY: "On injury",
  SELECT_SQUARE: "This square", USE_FIREBALL: "Wizard: Fireball", USE_LIGHTNING_BOLT: "Wizard: Lightning Bolt",
};

const FACES = ["attacker down", "both down", "pushed", "defender stumbles", "defender down"];

function actionName(type) {
  return ACTION_NAMES[type] || type.toLowerCase().replace(/_/g, " ");
}

// The sentence above the choices for a decision (with the roll, dice or skill it concerns).
function promptText(d, state) {
  let text = PROMPTS[d.kind] || d.kind.toLowerCase().replace(/_/g, " ");
  if (d.roll) text += ` (${d.roll}${d.need ? ", needs " + d.need + "+" : ""})`;
  if (d.skill) text += ` [${d.skill.toLowerCase().replace(/_/g, " ")}]`;
  if (d.kind === "BLOCK_DICE" && d.faces && d.faces.length) {
    text += ` Rolled ${d.dice || d.faces.length} dice: ${d.faces.map(f => FACES[f]).join(", ")}.`;
  }
  return text;
}
