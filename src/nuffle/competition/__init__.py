"""Competition: bots in their own processes speaking a JSON-lines protocol, a referee with
clocks and penalties, and tournaments run on a local process pool or a Ray cluster.

See docs/COMPETITION.md (how to use it) and docs/PROTOCOL.md (the wire format)."""
