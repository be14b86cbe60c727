"""The command line's one-line error: `error: MESSAGE` on standard error, and the exit code."""

from __future__ import annotations

import sys


def error(message: str, code: int = 2) -> int:
    """Print a one-line error and return the exit code (2: bad input, by default)."""
    print(f"error: {message}", file=sys.stderr)
    return code
