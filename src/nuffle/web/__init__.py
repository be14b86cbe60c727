"""The web app: play, watch and replay matches in a browser (`nuffle serve`, the `[web]` extra).

`store` keeps games in SQLite, `session` holds one live game, `manager` runs every game and its
bots, `odds` computes the board overlays, `app` is the FastAPI application and `cli` registers
the `serve` subcommand. The page lives in `static/` (plain HTML, CSS, JS and SVG).
"""
