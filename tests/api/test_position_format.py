"""The saved-position format: frames by stable id and named phase (version 2), version 1 still read."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from nuffle.agents.random_bot import RandomBot
from nuffle.core.game import Game
from nuffle.core.position import VERSION, PositionError
from nuffle.core.procedures.base import FRAMES, Procedure
from nuffle.core.skills import LRB6_SKILLS
from nuffle.testing import grant_random_skills

V1 = json.loads((Path(__file__).parent / "data" / "positions_v1.json").read_text())


def _engine_classes() -> list[type[Procedure]]:
    out: list[type[Procedure]] = []
    todo = list(Procedure.__subclasses__())
    while todo:
        cls = todo.pop()
        todo.extend(cls.__subclasses__())
        if cls.__module__.startswith("nuffle.core."):
            out.append(cls)
    return out


def test_every_engine_procedure_has_its_own_frame_id() -> None:
    classes = _engine_classes()
    assert len(classes) >= 60
    for cls in classes:
        frame = cls.__dict__.get("frame")
        assert frame, f"{cls.__qualname__} has no frame id"
        assert FRAMES[frame] is cls


def test_version_2_names_frames_and_phases_not_python_classes() -> None:
    game = Game.new("human", "orc", seed=2)
    bots = (RandomBot(1), RandomBot(2))
    for _ in range(40):
        game.step(bots[game.decider].act(game.view()))
    data = game.to_position()
    assert data["version"] == VERSION == 2 and data["ruleset"] == "lrb6"
    assert "nuffle." not in json.dumps(data) and "ret" not in data
    frames = [f["$f"] for f in data["stack"]]
    assert frames[:2] == ["match", "half"]
    for f in data["stack"]:
        assert isinstance(f["phase"], str) and f["phase"] in FRAMES[f["$f"]].phases.names()
        assert "phase" not in f["f"]


@pytest.mark.parametrize("index", range(len(V1["positions"])))
def test_version_1_positions_still_load_as_the_same_state(index: int) -> None:
    entry = V1["positions"][index]
    assert entry["position"]["version"] == 1
    seed = V1["seed"]
    game = Game.new("human", "skaven", seed=seed, board=11)
    grant_random_skills(game, sorted(LRB6_SKILLS), 5, seed)
    bots = (RandomBot(seed), RandomBot(seed + 7))
    for _ in range(entry["steps"]):
        game.step(bots[game.decider].act(game.view()))
    loaded = Game.from_position(entry["position"])
    assert loaded.state == game.state and loaded.decision() == game.decision()
    # Written again, it is a version-2 position of the same state.
    again = Game.from_position(json.loads(json.dumps(loaded.to_position())))
    assert again.state == game.state


def test_a_position_from_a_deep_stack_round_trips_through_version_2() -> None:
    entry = V1["positions"][-1]
    loaded = Game.from_position(entry["position"])
    data = loaded.to_position()
    assert len(data["stack"]) == len(entry["position"]["stack"])
    assert Game.from_position(data).state == loaded.state


@pytest.mark.parametrize(
    ("mutate", "message"),
    [
        (lambda d: d["stack"][-1].update({"$f": "no_such_frame"}), "unknown procedure 'no_such_frame'"),
        (lambda d: d["stack"][0].update(phase="NOWHERE"), "frame 'match' has no phase 'NOWHERE'"),
        (lambda d: d["stack"][0].update(phase=3), "frame 'match' has no phase 3"),
        (lambda d: d.update(ruleset="lrb7"), "unknown ruleset 'lrb7'"),
        (lambda d: d.update(version=3), "unsupported position version 3"),
        (lambda d: d["log"].append({"$t": [{"$e": "Event", "v": "NO_SUCH_EVENT"}]}), "is not a Event"),
    ],
)
def test_bad_version_2_positions_are_rejected_naming_the_problem(mutate, message) -> None:
    data = json.loads(json.dumps(Game.new("human", "orc", seed=1).to_position()))
    mutate(data)
    with pytest.raises(PositionError, match=message):
        Game.from_position(data)


def test_a_procedure_without_a_frame_id_cannot_be_saved() -> None:
    class Scratch(Procedure):
        """A procedure a tool defines: not one of the engine's frames."""

        def run(self, s) -> None:  # pragma: no cover - never run
            s.pop()

    game = Game.new("human", "orc", seed=1)
    game.state.stack.append(Scratch())
    with pytest.raises(PositionError, match="Scratch has no frame id"):
        game.to_position()
