"""Imitation data: (observation, mask, action) of every decision a bot takes in its games.

The bot plays the learner's side of the environment (shown views, as always), its actions are
turned into flat indices with the codec, and the environment steps on those indices, so the
data is exactly what a policy in that environment sees and does. Set-up decisions go to the
environment's setup bot, as in training. Saved as one compressed .npz file.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from nuffle.agents.registry import make_agent
from nuffle.core.errors import InputError
from nuffle.envs.gym_env import BloodBowlEnv


@dataclass
class Dataset:
    """Decisions of one bot: spatial (float16), non-spatial, legal indices (ragged), actions."""

    board: int
    spatial: np.ndarray
    non_spatial: np.ndarray
    legal: np.ndarray  # every sample's legal indices, concatenated
    offsets: np.ndarray  # sample i's legal indices are legal[offsets[i]:offsets[i + 1]]
    actions: np.ndarray
    setup: str

    def __len__(self) -> int:
        return int(self.actions.shape[0])

    def save(self, path: str | Path) -> None:
        path = Path(path)
        path.parent.mkdir(parents=True, exist_ok=True)
        np.savez_compressed(path, board=self.board, spatial=self.spatial, non_spatial=self.non_spatial,
                            legal=self.legal, offsets=self.offsets, actions=self.actions,
                            setup=np.array(self.setup))

    @staticmethod
    def load(path: str | Path) -> Dataset:
        """Read a dataset file; raises ValueError naming the problem."""
        try:
            with np.load(Path(path), allow_pickle=False) as z:
                d = Dataset(int(z["board"]), z["spatial"], z["non_spatial"], z["legal"], z["offsets"],
                            z["actions"], str(z["setup"]))
        except FileNotFoundError:
            raise InputError(f"dataset {path} not found") from None
        except Exception as e:
            raise InputError(f"{path} is not a nuffle dataset ({type(e).__name__}: {e})") from None
        n = len(d)
        if d.spatial.shape[0] != n or d.non_spatial.shape[0] != n or d.offsets.shape[0] != n + 1:
            raise InputError(f"{path} is corrupt: its arrays disagree on the number of samples")
        return d


def record(bot: str, board: int, games: int, opponent: str = "random", seed: int = 0,
           home: str = "human", away: str = "human", setup: str = "scripted",
           on_game: Callable[[int, int], None] | None = None) -> Dataset:
    """Play `games` games of `bot` against `opponent` (the bot's side alternating) and record
    every decision the bot takes outside set-up."""
    if games < 1:
        raise InputError(f"games must be at least 1, got {games}")
    make_agent(bot)
    spatial: list[np.ndarray] = []
    non_spatial: list[np.ndarray] = []
    legal: list[np.ndarray] = []
    actions: list[int] = []
    for g in range(games):
        side = ("home", "away")[g % 2]
        env = BloodBowlEnv(board=board, home=home, away=away, opponent=opponent, reward="win",
                           side=side, setup=setup, max_steps=None)  # whole games of the bot
        obs, _ = env.reset(seed=seed + g)
        game = env.driver.live()
        agent = make_agent(bot, seed=seed + g)
        agent.new_game(game.view(), env.side)
        done = game.is_over
        while not done:
            action = agent.act(game.view())
            index = env.driver.codec.index_of(action, env.driver.position(), env.side)
            spatial.append(obs["spatial"].astype(np.float16))
            non_spatial.append(obs["non_spatial"])
            legal.append(env.legal_indices().astype(np.int32))
            actions.append(index)
            obs, _, done, _, _ = env.step(index)
        agent.end_game(game.result)
        if on_game is not None:
            on_game(g + 1, len(actions))
    if not actions:
        raise InputError(f"{bot} took no decision outside set-up in {games} game(s): nothing to record")
    offsets = np.zeros(len(legal) + 1, dtype=np.int64)
    offsets[1:] = np.cumsum([len(x) for x in legal])
    return Dataset(board, np.stack(spatial), np.stack(non_spatial), np.concatenate(legal),
                   offsets, np.asarray(actions, dtype=np.int64), setup)
