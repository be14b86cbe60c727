"""Football Strategy: the play-calling board game, its chart, engine and agents.

The chart shipped with nuffle is original to nuffle, not the published one; see
``docs/FOOTBALL_STRATEGY.md``.
"""
