"""`nuffle strength`: a paired, held-out, fixed-budget strength benchmark with an SPRT, and a
ladder mode with Bradley-Terry ratings anchored at the scripted bot (docs/STRENGTH.md)."""

from nuffle.strength.match import StrengthResult, run_strength
from nuffle.strength.pool import PoolResult, run_pool

__all__ = ["PoolResult", "StrengthResult", "run_pool", "run_strength"]
