"""Bots shipped with the competition package, in other languages (proof of the protocol)."""

from pathlib import Path

#: The JavaScript random bot (run with `node`).
JS_RANDOM_BOT = Path(__file__).with_name("random_bot.js")
