"""Bots. Each registers by name in `nuffle.agents.registry`."""
