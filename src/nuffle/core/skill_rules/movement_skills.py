"""Movement: dodging, leaping, Going For It, tackle-zone effects."""

from __future__ import annotations
