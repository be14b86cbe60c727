"""The scripted bot, registered as "scripted": a priority list of sensible player actions."""

from nuffle.agents.registry import register
from nuffle.agents.scripted.bot import ScriptedBot

__all__ = ["ScriptedBot"]

register("scripted", ScriptedBot)
