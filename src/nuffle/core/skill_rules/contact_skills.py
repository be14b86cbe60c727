"""Pushes, armour, injuries, casualties and fouls."""

from __future__ import annotations
