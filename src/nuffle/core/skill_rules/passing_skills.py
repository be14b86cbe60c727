"""Passing: pass rolls, interceptions, special passes and bombs."""

from __future__ import annotations
