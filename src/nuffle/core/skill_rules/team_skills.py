"""Team and match effects: Leader, Fan Favourite, Secret Weapon."""

from __future__ import annotations
