"""Imitation data: (observation, mask, action) of every decision a bot takes in its games.

The bot plays the learner's side of the environment (shown views, as always), its actions are
turned into flat indices with the codec, and the environment steps on those indices, so the
data is exactly what a policy in that environment sees and does. Set-up decisions go to the
environment's setup bot, as in training. With observation features (`features`, an import
path 'package.module:NAME') the recorded `non_spatial` vectors end with them, as the
environment gives them, and the file names them, so a clone learns on what it will see when it
plays. Saved as one compressed .npz file.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from nuffle.agents.registry import make_agent
from nuffle.core.errors import InputError
from nuffle.envs.extra_features import load_features
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
    features: str | None = None  # the observation features' import path, or None

    def _identity(self) -> tuple[int, str, str | None]:
        return self.board, self.setup, self.features

    def __len__(self) -> int:
        return int(self.actions.shape[0])

    def save(self, path: str | Path) -> None:
        path = Path(path)
        path.parent.mkdir(parents=True, exist_ok=True)
        np.savez_compressed(path, board=self.board, spatial=self.spatial, non_spatial=self.non_spatial,
                            legal=self.legal, offsets=self.offsets, actions=self.actions,
                            setup=np.array(self.setup), features=np.array(self.features or ""))

    @staticmethod
    def load(path: str | Path) -> Dataset:
        """Read a dataset file; raises ValueError naming the problem."""
        try:
            with np.load(Path(path), allow_pickle=False) as z:
                features = str(z["features"]) if "features" in z.files else ""  # older files: none
                d = Dataset(int(z["board"]), z["spatial"], z["non_spatial"], z["legal"], z["offsets"],
                            z["actions"], str(z["setup"]), features or None)
        except FileNotFoundError:
            raise InputError(f"dataset {path} not found") from None
        except Exception as e:
            raise InputError(f"{path} is not a nuffle dataset ({type(e).__name__}: {e})") from None
        n = len(d)
        if d.spatial.shape[0] != n or d.non_spatial.shape[0] != n or d.offsets.shape[0] != n + 1:
            raise InputError(f"{path} is corrupt: its arrays disagree on the number of samples")
        return d

    @staticmethod
    def load_many(paths: list[str | Path]) -> Dataset:
        """Several recordings joined in order (they must share board, set-up and features), filled into
        arrays sized from a first pass so the samples are held once, not twice."""
        if not paths:
            raise InputError("no dataset to load")
        sizes = []
        for path in paths:
            try:
                with np.load(Path(path), allow_pickle=False) as z:
                    sizes.append((int(z["actions"].shape[0]), int(z["legal"].shape[0])))
            except FileNotFoundError:
                raise InputError(f"dataset {path} not found") from None
            except Exception as e:
                raise InputError(f"{path} is not a nuffle dataset ({type(e).__name__}: {e})") from None
        if len(paths) == 1:
            return Dataset.load(paths[0])
        n, n_legal = sum(s[0] for s in sizes), sum(s[1] for s in sizes)
        joined: Dataset | None = None
        at, legal_at = 0, 0
        for path in paths:
            d = Dataset.load(path)
            if joined is None:
                joined = Dataset(d.board, np.empty((n, *d.spatial.shape[1:]), d.spatial.dtype),
                                 np.empty((n, *d.non_spatial.shape[1:]), d.non_spatial.dtype),
                                 np.empty(n_legal, d.legal.dtype), np.zeros(n + 1, np.int64),
                                 np.empty(n, d.actions.dtype), d.setup, d.features)
            elif d._identity() != joined._identity():
                raise InputError(f"datasets disagree: {paths[0]} is board {joined.board} set-up "
                                 f"{joined.setup} features {joined.features or 'none'}, {path} board "
                                 f"{d.board} set-up {d.setup} features {d.features or 'none'}")
            k, kl = len(d), int(d.offsets[-1])
            joined.spatial[at:at + k] = d.spatial
            joined.non_spatial[at:at + k] = d.non_spatial
            joined.actions[at:at + k] = d.actions
            joined.legal[legal_at:legal_at + kl] = d.legal
            joined.offsets[at + 1:at + k + 1] = d.offsets[1:] + legal_at
            at, legal_at = at + k, legal_at + kl
        assert joined is not None
        return joined


def record(bot: str, board: int, games: int, opponent: str = "random", seed: int = 0,
           home: str = "human", away: str = "human", setup: str = "scripted",
           on_game: Callable[[int, int], None] | None = None, driver: str | None = None,
           features: str | None = None) -> Dataset:
    """Play `games` games of `bot` against `opponent` (the bot's side alternating) and record
    every decision the bot takes outside set-up.

    With `driver` (DAgger), that bot plays the games instead and `bot` only labels: every state
    the driver reaches is recorded with the action `bot` would take there. `features` (an
    import path 'package.module:NAME') appends the user's observation features to every
    recorded `non_spatial` vector."""
    if games < 1:
        raise InputError(f"games must be at least 1, got {games}")
    make_agent(bot)
    if driver is not None:
        make_agent(driver)
    if features is not None:
        load_features(features)  # a bad path fails before any game is played
    spatial: list[np.ndarray] = []
    non_spatial: list[np.ndarray] = []
    legal: list[np.ndarray] = []
    actions: list[int] = []
    for g in range(games):
        side = ("home", "away")[g % 2]
        env = BloodBowlEnv(board=board, home=home, away=away, opponent=opponent, reward="win",
                           side=side, setup=setup, max_steps=None,
                           features=features)  # whole games of the bot
        obs, _ = env.reset(seed=seed + g)
        game = env.driver.live()
        agent = make_agent(bot, seed=seed + g)
        agent.new_game(game.view(), env.side)
        player = agent if driver is None else make_agent(driver, seed=seed + g)
        if player is not agent:
            player.new_game(game.view(), env.side)
        done = game.is_over
        while not done:
            index = env.driver.codec.index_of(agent.act(game.view()), env.driver.position(), env.side)
            spatial.append(obs["spatial"].astype(np.float16))
            non_spatial.append(obs["non_spatial"])
            legal.append(env.legal_indices().astype(np.int32))
            actions.append(index)
            if player is not agent:
                index = env.driver.codec.index_of(player.act(game.view()), env.driver.position(), env.side)
            obs, _, done, _, _ = env.step(index)
        agent.end_game(game.result)
        if player is not agent:
            player.end_game(game.result)
        if on_game is not None:
            on_game(g + 1, len(actions))
    if not actions:
        raise InputError(f"{bot} took no decision outside set-up in {games} game(s): nothing to record")
    offsets = np.zeros(len(legal) + 1, dtype=np.int64)
    offsets[1:] = np.cumsum([len(x) for x in legal])
    return Dataset(board, np.stack(spatial), np.stack(non_spatial), np.concatenate(legal),
                   offsets, np.asarray(actions, dtype=np.int64), setup, features)
