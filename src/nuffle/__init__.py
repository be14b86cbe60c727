"""nuffle: a Blood Bowl (LRB6 / BB2016) rules engine and AI research framework."""

__version__ = "0.1.0"
