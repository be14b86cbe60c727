"""League play above the engine and the agents: teams that persist from match to match
(`team.py`) and the post-match sequence (`postmatch.py`). The league rules themselves are in
`nuffle.core.league`."""
