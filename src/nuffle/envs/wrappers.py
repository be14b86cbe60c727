"""`EpisodeStatistics`: a match's summary in `info["episode_stats"]` when its episode ends."""

from __future__ import annotations

from typing import Any

import gymnasium as gym


class EpisodeStatistics(gym.Wrapper[Any, Any, Any, Any]):
    """Wraps a `BloodBowlEnv` (or anything whose info carries its `events`); at the step that
    ends an episode, `info["episode_stats"]` holds the learner's `touchdowns`, the opponent's
    (`touchdowns_against`), the `casualties` and `knockouts` the learner inflicted, the
    `result` ('win', 'draw', 'loss', or 'truncated' when the step limit ended it), the
    episode's `return` (summed rewards) and `length` (learner steps)."""

    _SUMMED = ("touchdowns", "touchdowns_against", "casualties", "knockouts")

    def __init__(self, env: gym.Env[Any, Any]) -> None:
        super().__init__(env)
        self._totals: dict[str, float] = {}
        self._return = 0.0
        self._length = 0

    def reset(self, **kwargs: Any) -> tuple[Any, dict[str, Any]]:
        obs, info = self.env.reset(**kwargs)
        self._totals = dict.fromkeys(self._SUMMED, 0.0)
        self._return = 0.0
        self._length = 0
        self._add(info)
        return obs, info

    def step(self, action: Any) -> tuple[Any, float, bool, bool, dict[str, Any]]:
        obs, reward, terminated, truncated, info = self.env.step(action)
        self._return += float(reward)
        self._length += 1
        events = self._add(info)
        if terminated or truncated:
            result = ("win" if events.get("win") else "loss" if events.get("loss")
                      else "draw" if events.get("draw") else "truncated")
            info = dict(info)
            info["episode_stats"] = {**{k: int(v) for k, v in self._totals.items()}, "result": result,
                               "return": self._return, "length": self._length}
        return obs, float(reward), terminated, truncated, info

    def _add(self, info: dict[str, Any]) -> dict[str, Any]:
        events: dict[str, Any] = info.get("events", {})
        for k in self._SUMMED:
            self._totals[k] += events.get(k, 0)
        return events
