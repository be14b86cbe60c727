"""The rules engine: game state, dice, actions and the procedures that apply the rules."""
