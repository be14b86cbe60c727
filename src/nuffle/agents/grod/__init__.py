"""The grod bot, registered as "grod": purpose-scored play in the style of GrodBot."""

from nuffle.agents.grod.bot import GrodBot
from nuffle.agents.registry import register

__all__ = ["GrodBot"]

register("grod", GrodBot)
