"""The grod bot, registered as "grod": purpose-scored play in the style of GrodBot; and
"grod-rollouts": grod improved by rollouts at its team-turn decisions."""

from nuffle.agents.grod.bot import GrodBot
from nuffle.agents.grod.rollouts import GrodRolloutsBot
from nuffle.agents.registry import register

__all__ = ["GrodBot", "GrodRolloutsBot"]

register("grod", GrodBot)
register("grod-rollouts", GrodRolloutsBot)
