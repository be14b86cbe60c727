"""Learning agents (needs the `[rl]` extra): actor-critic networks, A2C and PPO with action
masks, behaviour cloning, self-play and a curriculum, trained with `nuffle rl train`. A trained
policy plays as the bot `policy?model=PATH` (or a bundled name such as `b1`)."""
