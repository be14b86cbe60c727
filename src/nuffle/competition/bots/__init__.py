"""Bots shipped with the competition package, in other languages (proof of the protocol)."""

from pathlib import Path

#: The JavaScript random bot (run with `node`).
JS_RANDOM_BOT = Path(__file__).with_name("random_bot.js")
#: The shell random bot (bash and jq), written from docs/PROTOCOL.md alone.
JQ_RANDOM_BOT = Path(__file__).with_name("jq_bot.sh")
