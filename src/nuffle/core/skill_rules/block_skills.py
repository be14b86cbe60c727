"""Block skills: strength, dice, results and block substitutes."""

from __future__ import annotations
