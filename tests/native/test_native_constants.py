"""The constants both engines share are generated, once: frames.hpp holds the Python engine's
values (read back from the header, compared with the Python enums and module constants), and no
other native header or source redefines one of them by hand (the old hand-copied enums and
constant lists are gone)."""

from __future__ import annotations

import importlib.util
import re
from pathlib import Path
from types import ModuleType

import pytest

from nuffle.core import board, dice, native_state, paths, position_limits, skills, state, types
from nuffle.core.procedures import block, block_substitutes, inducements, injury, passing, wizard, zap
from nuffle.core.skill_rules import ball_skills, block_skills

ROOT = Path(__file__).resolve().parents[2]
NATIVE = ROOT / "native"
HEADER = NATIVE / "include" / "nuffle" / "frames.hpp"

#: The generated enum types (C++ name: the Python values by member name).
ENUMS: dict[str, dict[str, int]] = {
    "Status": {m.name: int(m) for m in types.Status},
    "Dice": {m.name: int(m) for m in dice.Dice},
    "BlockFace": {m.name: int(m) for m in types.BlockFace},
    "Group": {"NONE": dice.GROUP_NONE, "SUM": dice.GROUP_SUM, "CASUALTY": dice.GROUP_CASUALTY,
              "THRESHOLD": dice.GROUP_THRESHOLD},
    "Decider": {"D_RUNNING": types.RUNNING} | {f"D_{d.name}": int(d) for d in types.Decider},
}

#: The generated int namespaces (C++ namespace: the Python values by name), and the prefix the
#: old hand copies gave their names (HOW_FALL for how::FALL).
NAMESPACES: dict[str, tuple[str, dict[str, int]]] = {
    "how": ("HOW_", {n: getattr(injury, n)
                     for n in ("FALL", "BLOCK", "FOUL", "HIT", "PLACED", "CROWD", "KNOCKED")}),
    "inj": ("INJ_", {n: getattr(skills, n) for n in ("STUNNED", "KO", "BADLY_HURT", "CASUALTY")}),
    "throw_kind": ("", {n: getattr(passing, n) for n in ("PASS", "HAIL_MARY", "DUMP_OFF", "HANDOFF", "BOMB",
                                                          "TEAM_MATE")}),
    "follow": ("FOLLOW_", {n: getattr(block, n) for n in ("FREE", "MUST", "MAY_FORBID", "FORBID")}),
    "stat": ("STAT_", {"TD": state.STAT_TD, "CAS": state.STAT_CAS, "KO": state.STAT_KO,
                       "TURNOVERS": state.STAT_TURNOVERS, "ROTTED": state.STAT_ROTTED}),
    "bounce": ("BOUNCE_", {"OUT": types.BOUNCE_OUT, "IN_PLAY": types.BOUNCE_IN_PLAY,
                           "TOUCHBACK": types.BOUNCE_TOUCHBACK}),
    "pstat": ("PSTAT_", {"COMPLETIONS": state.PSTAT_COMPLETIONS, "TOUCHDOWNS": state.PSTAT_TOUCHDOWNS,
                         "CASUALTIES": state.PSTAT_CASUALTIES, "INTERCEPTIONS": state.PSTAT_INTERCEPTIONS,
                         "INJURY": state.PSTAT_INJURY, "INJURY2": state.PSTAT_INJURY2,
                         "DEFLECTIONS": state.PSTAT_DEFLECTIONS,
                         "PERFECT_PASSING": state.PSTAT_PERFECT_PASSING,
                         "NECESSARY_VIOLENCE": state.PSTAT_NECESSARY_VIOLENCE,
                         "FAN_INTERACTION": state.PSTAT_FAN_INTERACTION,
                         "FOULING_FRENZY": state.PSTAT_FOULING_FRENZY}),
    "limits": ("", {"MAX_PLAYERS": position_limits.MAX_PLAYERS, "MAX_FRAMES": position_limits.MAX_FRAMES,
                    "LIST_POOL": position_limits.LIST_POOL, "MAX_CROWD": position_limits.MAX_CROWD,
                    "MAX_BLOCK_DICE": position_limits.MAX_BLOCK_DICE, "MAX_PICK": position_limits.MAX_PICK,
                    "PSTATS": state.PSTATS, "TEAM_STATS": native_state.TEAM_STATS}),
    "rule": ("", {"MULTIPLE_BLOCK_ST": block_skills.MULTIPLE_BLOCK_ST,
                  "CHAINSAW_ARMOUR": block_substitutes.CHAINSAW_ARMOUR,
                  "FIREBALL_HITS_ON": wizard.FIREBALL_HITS_ON,
                  "LIGHTNING_HITS_ON": wizard.LIGHTNING_HITS_ON,
                  "FROG_MA": zap.FROG_MA, "FROG_ST": zap.FROG_ST, "FROG_AG": zap.FROG_AG,
                  "FROG_PA": zap.FROG_PA, "FROG_AV": zap.FROG_AV, "FROG_MARK": zap.FROG_MARK,
                  "CHEF_DICE": inducements.CHEF_DICE,
                  "CHEF_STEALS_ON": inducements.CHEF_STEALS_ON,
                  "KICK_OFF_RETURN_SQUARES": ball_skills.KICK_OFF_RETURN_SQUARES}),
    "step_key": ("K_", {"GFI": paths._GFI, "DODGE": paths._DODGE, "TACKLE": paths._TACKLE,
                        "PICKUP": paths._PICKUP, "STANDUP": paths._STANDUP}),
    "reroll_mode": ("", {"NO_SKILL": paths._NO_SKILL, "ONCE": paths._ONCE, "EACH": paths._EACH}),
    "kw": ("KW_", {w.upper(): 1 << i for i, w in enumerate(native_state.KEYWORDS)}),
    "square": ("SQUARE_", {"OFF": board.OFF, "EMPTY": board.EMPTY}),
    "face": ("FACE_", {m.name: int(m) for m in types.BlockFace} | {"RESOLVED": block.RESOLVED}),
}
#: Names the old hand copies used that are not a prefix plus a generated name (board.hpp's HOME
#: and AWAY are Decider's D_HOME and D_AWAY).
OLD_NAMES = {"FACE_STUMBLES", "HOME", "AWAY"}
#: Sizes the generator derives (name: value).
COUNTS = {"DICE_KINDS": len(dice.Dice), "BLOCK_FACE_KINDS": len(types.BlockFace)}


def _gen() -> ModuleType:
    spec = importlib.util.spec_from_file_location("gen_frames", NATIVE / "gen_frames.py")
    assert spec is not None and spec.loader is not None
    gen = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(gen)
    return gen


def _enum_in_header(text: str, name: str) -> dict[str, int]:
    m = re.search(rf"^enum (?:class )?{name} : [\w:]+ \{{([^}}]*)\}};", text, re.M)
    assert m is not None, f"frames.hpp has no enum {name}"
    return {k.strip(): int(v) for k, v in (item.split("=") for item in m.group(1).split(","))}


def _namespace_in_header(text: str, ns: str) -> dict[str, int]:
    m = re.search(rf"^namespace {ns} \{{\n(.*?)^\}}  // namespace {ns}$", text, re.M | re.S)
    assert m is not None, f"frames.hpp has no namespace {ns}"
    return {k: int(v) for k, v in re.findall(r"constexpr int (\w+) = (-?\d+);", m.group(1))}


def test_the_generated_constants_are_the_python_engines() -> None:
    """Each shared enum and constant set in frames.hpp holds the Python values, member for member."""
    text = HEADER.read_text()
    for name, values in ENUMS.items():
        assert _enum_in_header(text, name) == values, name
    for ns, (_prefix, values) in NAMESPACES.items():
        assert _namespace_in_header(text, ns) == values, ns
    for name, value in COUNTS.items():
        assert f"constexpr int {name} = {value};" in text, name
    faces = re.search(r"BLOCK_DIE_FACES\[\] = \{([^}]*)\}", text)
    assert faces is not None
    assert [int(v) for v in faces.group(1).split(",")] == [int(f) for f in types.BLOCK_DIE_FACES]
    classes = re.search(r"CASUALTY_CLASSES\[\]\[2\] = \{(.*)\};", text)
    assert classes is not None
    assert [(int(a), int(b)) for a, b in re.findall(r"\{(\d+), (\d+)\}", classes.group(1))] == list(
        dice.CASUALTY_CLASSES)


def test_the_generator_owns_every_set_this_test_checks() -> None:
    """gen_frames.shared_values() names the same sets and values (a set added to the generator is
    added here, so the static check below covers it)."""
    owned = _gen().shared_values()
    assert set(owned) == set(ENUMS) | set(NAMESPACES)
    for name, values in ENUMS.items():
        assert owned[name] == values, name
    for ns, (_prefix, values) in NAMESPACES.items():
        assert owned[ns] == values, ns


def _owned_names() -> set[str]:
    """Names a hand copy of a generated constant would define (with its old prefix, if any)."""
    names = set(COUNTS) | OLD_NAMES | {"BLOCK_DIE_FACES", "CASUALTY_CLASSES"}
    for _ns, (prefix, values) in NAMESPACES.items():
        names.update(prefix + k for k in values)
    return names


_ENUM_DEF = re.compile(r"\benum\s+(?:class\s+|struct\s+)?(\w+)\s*(?::[^{;]*)?\{")
_CONST_DEF = re.compile(r"\bconstexpr\b[^;(]*?;", re.S)
_ITEM = re.compile(r"(\w+)\s*(?:\[[^\]]*\])*\s*=\s*(\{|-?\s*\d)")


def redefinitions(text: str) -> list[str]:
    """Generated constants `text` (C++ source) defines by hand: an enum of a generated type's name,
    or a constexpr constant of a generated name given a literal value."""
    owned = _owned_names()
    found = [f"enum {m.group(1)}" for m in _ENUM_DEF.finditer(text) if m.group(1) in ENUMS]
    for m in _CONST_DEF.finditer(text):
        found.extend(name for name, _v in _ITEM.findall(m.group(0)) if name in owned)
    return found


def _native_sources() -> list[Path]:
    files = [p for p in NATIVE.rglob("*") if p.suffix in (".hpp", ".cpp", ".h", ".cc")]
    return sorted(p for p in files if p != HEADER)


def test_the_check_finds_a_hand_copy() -> None:
    """The static check below would fail on the old hand-written definitions."""
    old = """
    enum class Status : std::uint8_t { RESERVE = 0, STANDING, PRONE };
    constexpr int HOW_FALL = 0, HOW_BLOCK = 1;
    constexpr int FACE_RESOLVED = -2;
    constexpr std::array<std::uint8_t, 6> BLOCK_DIE_FACES = {0, 1, 2, 2, 3, 4};
    constexpr int PASS = 0, HAIL_MARY = 1;
    constexpr std::int8_t SQUARE_OFF = -2;
    """
    assert redefinitions(old) == ["enum Status", "HOW_FALL", "HOW_BLOCK", "FACE_RESOLVED", "BLOCK_DIE_FACES",
                                  "PASS", "HAIL_MARY", "SQUARE_OFF"]
    derived = """
    constexpr int MAX_PLAYERS = frames::limits::MAX_PLAYERS;
    constexpr std::int8_t SQUARE_OFF = frames::square::OFF;
    enum Result : int { DEFENDER_DOWN = 0, PUSHED = 1 };
    """
    assert redefinitions(derived) == []


@pytest.mark.parametrize("path", _native_sources(), ids=lambda p: str(p.relative_to(NATIVE)))
def test_no_native_source_redefines_a_generated_constant(path: Path) -> None:
    """Shared constants come from frames.hpp only (native/gen_frames.py writes it from the Python
    engine): use frames::Status, frames::how, ... or rules.hpp's aliases, never a hand copy."""
    assert redefinitions(path.read_text()) == [], f"{path.relative_to(ROOT)} redefines generated constants"
