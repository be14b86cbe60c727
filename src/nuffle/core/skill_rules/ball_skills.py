"""Ball handling: pick-ups, catches, kicks, Throw Team-Mate."""

from __future__ import annotations
