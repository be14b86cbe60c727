"""Writes native/include/nuffle/frames.hpp from the Python engine's procedure registry.

One source for the procedure ids, phases and fields of both engines: the Python `FRAMES`
registry (core/procedures/base.py). Run by hand after a procedure, phase or field changes:

    python native/gen_frames.py          # rewrite the header
    python native/gen_frames.py --check  # exit 1 when the header is stale (a test runs this)

Each procedure gets an id (frame ids in sorted order), an enum of its phases with the Python
values, and a field layout: a scalar field (int, bool, enum) is one `Frame::arg` slot; a list
or tuple field is one slot holding its length plus a fixed range of the state's list pool.
Field kinds are read from the procedure classes' source (annotations and assigned values);
`KIND_OVERRIDES` names the few that cannot be read there. Chance purposes (the strings the
procedures name their rolls with) get ids too, so a pending event crosses the bridge.

The enums and constant sets both engines share (`_constants`, `TYPED_ENUMS`, `INT_SETS`,
`shared_values`) are written here too: the Python engine is their one source, and no other
native header may define one by hand (tests/native/test_native_constants.py).
"""

from __future__ import annotations

import ast
import inspect
import json
import sys
import textwrap
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "src"))

import nuffle.core.game  # noqa: E402,F401  (registers every procedure and skill frame)
from nuffle.core.dice import Dice  # noqa: E402
from nuffle.core.procedures import rolls  # noqa: E402
from nuffle.core.procedures.base import FRAMES, Procedure  # noqa: E402

HEADER = ROOT / "native" / "include" / "nuffle" / "frames.hpp"
ENUMS = ("RollKind", "ActionType", "Skill", "Status", "Dice", "BlockFace", "Weather", "BallState",
         "DecisionKind")
#: The hand-written roles and list capacities of the frames' fields (one source for both engines'
#: position checks), and the layout this script writes from it for the Python validator.
FIELDS_DATA = ROOT / "src" / "nuffle" / "data" / "frame_fields.json"
LAYOUT = ROOT / "src" / "nuffle" / "data" / "frame_layout.json"
_FIELDS = json.loads(FIELDS_DATA.read_text())
#: List capacity by field name (elements of the state's list pool); others get DEFAULT_CAP.
CAPS: dict[str, int] = _FIELDS["caps"]
DEFAULT_CAP: int = _FIELDS["default_cap"]
ROLES = {None: "NONE", "player": "PLAYER", "player?": "PLAYER_OPT", "square": "SQUARE", "pitch": "SQUARE",
         "square?": "SQUARE_OPT", "side": "SIDE", "action?": "ACTION_OPT", "dice": "DICE",
         "vector": "VECTOR", "unit": "VECTOR", "d8": "D8", "face": "FACE", "face?": "FACE_OPT"}
#: Kinds the class source does not show.
KIND_OVERRIDES: dict[str, str] = {}


def _annotation_kind(text: str) -> str | None:
    text = text.replace(" ", "")
    if text.startswith("list"):
        return "list"
    if text.startswith("tuple"):
        return "tuple"
    if text == "bool":
        return "bool"
    if text in ENUMS:
        return f"enum:{text}"
    return None


def _value_kind(node: ast.expr, params: dict[str, str]) -> str | None:
    if isinstance(node, ast.Constant) and isinstance(node.value, bool):
        return "bool"
    if isinstance(node, ast.List | ast.ListComp):
        return "list"
    if isinstance(node, ast.Tuple):
        return "tuple"
    if isinstance(node, ast.Compare | ast.BoolOp):
        return "bool"
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.Not):
        return "bool"
    if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id in ENUMS:
        return f"enum:{node.value.id}"
    if isinstance(node, ast.Name) and node.id in params:
        return _annotation_kind(params[node.id])
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in ("bool",):
        return "bool"
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in ENUMS:
        return f"enum:{node.func.id}"
    return None


def field_kinds(cls: type[Procedure]) -> dict[str, str]:
    """Each field's kind: 'int', 'bool', 'enum:<class>', 'list' or 'tuple'."""
    found: dict[str, str] = {}
    for klass in reversed(cls.__mro__):
        if not (isinstance(klass, type) and issubclass(klass, Procedure)) or klass is Procedure:
            continue
        tree = ast.parse(textwrap.dedent(inspect.getsource(klass)))
        for fn in ast.walk(tree):
            if not isinstance(fn, ast.FunctionDef):
                continue
            params = {a.arg: ast.unparse(a.annotation) for a in fn.args.args if a.annotation is not None}
            for node in ast.walk(fn):
                targets: list[ast.expr] = []
                kind: str | None = None
                if isinstance(node, ast.AnnAssign):
                    targets, kind = [node.target], _annotation_kind(ast.unparse(node.annotation))
                elif isinstance(node, ast.Assign):
                    targets, kind = node.targets, _value_kind(node.value, params)
                for t in targets:
                    if not (isinstance(t, ast.Attribute) and isinstance(t.value, ast.Name)):
                        continue
                    if t.value.id == "self" and kind is not None and t.attr not in found:
                        found[t.attr] = kind
    out = {}
    for name in cls._fields:
        if name == "phase":
            continue
        out[name] = KIND_OVERRIDES.get(f"{cls.frame}.{name}", found.get(name, "int"))
    return out


def purposes() -> list[str]:
    """Every chance purpose the procedures name (the string constants passed to Chance and
    threshold (and casualty_roll.casualty_chance) calls or returned by a `_purpose` method, the player rolls' purposes and the
    procedure class names some rolls use)."""
    found: set[str] = set(rolls._PURPOSE.values()) | {""}
    for path in sorted((ROOT / "src" / "nuffle" / "core").rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.FunctionDef) and node.name == "_purpose":  # a purpose chosen at run time
                found.update(c.value for r in ast.walk(node) if isinstance(r, ast.Return)
                             for c in ast.walk(r) if isinstance(c, ast.Constant) and isinstance(c.value, str))
                continue
            if not isinstance(node, ast.Call) or not isinstance(node.func, ast.Name):
                continue
            if node.func.id in ("Chance", "threshold", "casualty_chance"):
                found.update(a.value for a in node.args
                             if isinstance(a, ast.Constant) and isinstance(a.value, str))
    found.update(cls.__name__ for cls in FRAMES.values())
    return sorted(found)


def _constants() -> list[str]:
    """The Python engine's enums and flags the procedures use, by value."""
    from nuffle.core.actions import ActionType
    from nuffle.core.decision import DecisionKind
    from nuffle.core.skills import Skill
    from nuffle.core.types import PF, BallState, Event, RollKind, Weather

    out = ["// The Python engine's enums the procedures name (actions.py, decision.py, types.py, skills.py)."]
    for ns, cls in (("at", ActionType), ("dk", DecisionKind), ("weather", Weather), ("ball", BallState),
                    ("ev", Event), ("skill", Skill), ("roll", RollKind)):
        out.append(f"namespace {ns} {{")
        out.extend(f"constexpr int {m.name} = {int(m)};" for m in cls)
        out.append(f"constexpr int COUNT = {len(cls)};")
        out.append(f"}}  // namespace {ns}")
    # evlog: the types that declare a player action (Game.step clears the event log on them)
    from nuffle.core.actions import START_ACTIONS

    out.append("namespace at {")
    out.append("inline constexpr int START_ACTIONS[] = {" + ", ".join(str(int(t)) for t in START_ACTIONS) + "};")
    out.append("}  // namespace at")
    names = {int(k): k.name for k in Skill}
    out.append("inline constexpr const char* SKILL_NAMES[] = {" + ", ".join(
        f'"{names.get(i, "")}"' for i in range(max(names) + 1)) + "};")
    out.append("namespace flag {")
    for name, value in vars(PF).items():  # PFlag's members and composites as plain ints
        if name.isupper() and type(value) is int:
            out.append(f"constexpr std::uint32_t {name} = {value};")
    out.append("}  // namespace flag")
    out.append("")
    from nuffle.core.ruleset import NATIVE

    for rules in NATIVE:
        out.extend(_ruleset_tables(rules))
    out.extend(_ruleset_index(NATIVE))
    out.extend(_prayer_table(NATIVE))
    out.append("")
    return out


def _prayer_table(native: tuple[Any, ...]) -> list[str]:
    """`prayer`: the Prayers to Nuffle table (Ruleset.prayers; BB2020's, the one ruleset with
    one): each result's number by name and its duration (0 drive, 1 half, 2 game) by result - 1
    (procs/prayers.hpp)."""
    from nuffle.core.ruleset import PRAYER_DURATIONS

    table = next(r.prayers for r in native if r.prayers)
    out = ["// Prayers to Nuffle (Ruleset.prayers; procedures/prayers.py): result numbers, durations.",
           "namespace prayer {", f"constexpr int COUNT = {len(table)};"]
    out.extend(f"constexpr int {_ident(name.replace(' ', '_'))} = {i + 1};" for i, (name, _) in enumerate(table))
    out.append("inline constexpr int DURATION[] = {" + ", ".join(
        str(PRAYER_DURATIONS.index(d)) for _, d in table) + "};  // 0 drive, 1 half, 2 game")
    out.append("}  // namespace prayer")
    return out


def _ruleset_tables(rules: Any) -> list[str]:
    """One built-in ruleset's tables as the namespace of its name (core/ruleset.py, its data)."""
    ns = rules.name
    out = [f"// The {ns.upper()} ruleset's tables (core/ruleset.py, data/{ns}/ruleset.json).", f"namespace {ns} {{"]
    out.append("inline constexpr int WEATHER[] = {" + ", ".join(str(int(w)) for w in rules.weather) + "};")
    out.append("inline constexpr int KICKOFF[] = {" + ", ".join(
        _ident(k) if k in FRAMES else "-1" for k in rules.kickoff) + "};")
    scatter = ", ".join(f"{{{dx}, {dy}}}" for dx, dy in rules.scatter)
    out.append("inline constexpr int SCATTER[][2] = {" + scatter + "};")
    out.append(f"constexpr int KO_FROM = {rules.ko_from};")
    bh = [(a, b) for a, b, r in rules.casualties if r == "badly_hurt"]
    dead = [(a, b) for a, b, r in rules.casualties if r == "dead"]
    assert len(bh) == 1 and len(dead) == 1
    out.append(f"constexpr int BADLY_HURT_FIRST = {bh[0][0]}, BADLY_HURT_LAST = {bh[0][1]};")
    out.append(f"constexpr int DEAD_FIRST = {dead[0][0]}, DEAD_LAST = {dead[0][1]};")
    out.append(f"constexpr int CASUALTY_FROM = {rules.casualty_from};")
    # The casualty dice's classes: (representative result, how many of its results) (dice.py).
    out.append("inline constexpr int CASUALTY_CLASSES[][2] = {" + ", ".join(
        f"{{{rep}, {count}}}" for rep, count in rules.casualty_classes()) + "};")
    # The range ruler (rows by |dy|, columns by |dx|) and each band's modifier (passing.py).
    out.append("inline constexpr const char* PASS_RANGES[] = {" + ", ".join(
        f'"{row}"' for row in rules.pass_ranges) + "};")
    out.append(f"constexpr int PASS_RANGE_ROWS = {len(rules.pass_ranges)};")
    out.append("inline constexpr int RANGE_MODIFIER[] = {" + ", ".join(
        str(rules.range_modifiers[band]) for band in "QSLB") + "};  // Q, S, L, B")
    out.append(f"}}  // namespace {ns}")
    return out


def _ruleset_index(native: tuple[Any, ...]) -> list[str]:
    """`rules::TABLES`, every built-in ruleset's tables by its native id (ruleset.NATIVE), which
    the procedures read through `rules_of(state)` (state.hpp)."""
    out = ["// The built-in rulesets by native id (ruleset.NATIVE; State::ruleset) and their tables.",
           "namespace rules {"]
    out.extend(f"constexpr int {r.name.upper()} = {i};" for i, r in enumerate(native))
    out.append(f"constexpr int COUNT = {len(native)};")
    out.append("struct Tables {")
    out.append("    const char* name;")
    out.append("    const int* weather;  // 2D6 total -> Weather")
    out.append("    const int* kickoff;  // 2D6 total -> kick-off result frame id")
    out.append("    const int (*scatter)[2];  // D8 -> (dx, dy)")
    out.append("    int ko_from, badly_hurt_first, badly_hurt_last, dead_first, dead_last, casualty_from;")
    out.append("    const int (*casualty_classes)[2];  // (representative result, count)")
    out.append("    int casualty_class_count;")
    out.append("    const char* const* pass_ranges;  // rows by |dy|")
    out.append("    int pass_range_rows;")
    out.append("    const int* range_modifier;  // Q, S, L, B")
    out.append("    bool x_plus;  // AG, PA, AV are \"X+\" targets (characteristics.py)")
    out.append("    int casualty_die;  // the casualty die (Dice: D68, D16)")
    out.append("    int casualty_max;  // its highest face (a BB2020 total past it counts as it)")
    out.append("    bool niggles_on_injury;  // niggling injuries +1 to the injury roll (LRB6), else the casualty roll")
    out.append("    int lasting_first, lasting_last, lasting_base;  // lasting injuries: results, code base (-1: none)")
    out.append("    bool heat_random;  // Sweltering Heat: D3 random players a team (BB2020), else a D6 each")
    out.append("    int catch_base;  // added to every catch roll (ball.catch_modifier)")
    out.append("    bool touchback_any;  // a touchback may go to any receiving player on the pitch (BB2020)")
    out.append("    bool pass_2020;  // the pass's BB2020 results (Ruleset.passing, passing.Pass)")
    out.append("    int dodge_base, pickup_base;  // a dodge's and a pick-up's base modifier (LRB6 +1)")
    out.append("    bool jump;  // any player may Jump over a Prone or Stunned player (procs/jump.hpp)")
    out.append("    int rerolls_per_turn;  // team re-rolls a team turn (0: any number, one per roll)")
    out.append("    bool blitz_turn_rerolls;  // team re-rolls usable in the kick-off Blitz! turn")
    out.append("    int pro_from;  // Pro's check: the lowest D6 (rolls.check_from)")
    out.append("    bool pro_one_die;  // Pro on block dice re-rolls one die the coach picks")
    out.append("    bool ttm_2020;  // BB2020's Throw Team-mate (Ruleset.throw_team_mate, procs/throw_team_mate_bb2020.hpp)")
    out.append("    bool foul_guard;  // Guard gives foul assists (BB2020)")
    out.append("    bool argue_the_call;  // the fouler's coach may Argue the Call on a send-off (BB2020)")
    out.append("    bool claws_with_bonus;  // an armour bonus (Mighty Blow) may reach Claws' total (LRB6)")
    out.append("    bool fans_given;  // the fans are the pre-game's Fan Factors, no roll, no FAME (BB2020)")
    out.append("    bool zap;  // the Wizard's second spell is Zap! (Ruleset.wizard, procs/zap.hpp), else Lightning Bolt")
    out.append("};")
    out.append("inline constexpr Tables TABLES[] = {")
    for r in native:
        ns = r.name
        out.append(f'    {{"{ns}", {ns}::WEATHER, {ns}::KICKOFF, {ns}::SCATTER, {ns}::KO_FROM, {ns}::BADLY_HURT_FIRST, '
                   f"{ns}::BADLY_HURT_LAST, {ns}::DEAD_FIRST, {ns}::DEAD_LAST, {ns}::CASUALTY_FROM, "
                   f"{ns}::CASUALTY_CLASSES, {len(r.casualty_classes())}, {ns}::PASS_RANGES, "
                   f"{ns}::PASS_RANGE_ROWS, {ns}::RANGE_MODIFIER, {str(r.x_plus).lower()}, "
                   f"{int(Dice[r.casualty_die])}, {r.casualty_faces[-1]}, {str(r.niggles_on == 'injury').lower()}, "
                   f"{r.lasting_band()[0]}, {r.lasting_band()[1]}, {r.lasting_base}, "
                   f"{str(r.heat == 'random').lower()}, {r.catch_base}, {str(r.touchback == 'any').lower()}, {str(r.passing == 'bb2020').lower()}, "
                   f"{r.dodge_base}, {r.pickup_base}, {str(r.jump).lower()}, "
                   f"{r.rerolls_per_turn}, {str(r.blitz_turn_rerolls).lower()}, {r.pro_from}, {str(r.pro_one_die).lower()}, "
                   f"{str(r.throw_team_mate == 'bb2020').lower()}, "
                   f"{str(r.foul_guard).lower()}, {str(r.argue_the_call).lower()}, "
                   f"{str(r.claws_with_bonus).lower()}, "
                   f"{str(r.fans == 'fan_factor').lower()}, {str(r.wizard == 'zap').lower()}}},")
    out.append("};")
    out.append("}  // namespace rules")
    return out


#: The typed enums of the native engine (chance.hpp, state.hpp alias them): C++ name, Python
#: source (module, name) and whether each member is a plain int constant rather than an enum member.
TYPED_ENUMS = (
    ("Status", "std::uint8_t", "nuffle.core.types", "Status"),  # types.Status
    ("Dice", "std::uint8_t", "nuffle.core.dice", "Dice"),  # dice.Dice
    ("BlockFace", "std::uint8_t", "nuffle.core.types", "BlockFace"),  # types.BlockFace
)
#: The int constant sets the procedures share (C++ namespace, Python module, names, what they are;
#: with no module, each name is a full module.NAME path). A prefix of the namespace's name (STAT_,
#: PSTAT_, BOUNCE_) is left off the names.
INT_SETS = (
    ("how", "nuffle.core.procedures.injury", ("FALL", "BLOCK", "FOUL", "HIT", "PLACED", "CROWD", "KNOCKED"),
     "injury.py's ways to be knocked down or hurt (KnockDown.how, Injury.how)"),
    ("inj", "nuffle.core.skills", ("STUNNED", "KO", "BADLY_HURT", "CASUALTY"),
     "skills.py's injury results (Injury.result, the INJURY log event)"),
    ("throw_kind", "nuffle.core.procedures.passing", ("PASS", "HAIL_MARY", "DUMP_OFF", "HANDOFF", "BOMB",
                                                      "TEAM_MATE"),
     "passing.py's throw kinds (Pass.kind and the passing hook points' throw_kind)"),
    ("follow", "nuffle.core.procedures.block", ("FREE", "MUST", "MAY_FORBID", "FORBID"),
     "block.py's FOLLOW_UP answers"),
    ("stat", "nuffle.core.state", ("STAT_TD", "STAT_CAS", "STAT_KO", "STAT_TURNOVERS", "STAT_ROTTED"),
     "state.py's team statistics (GameState.stats indices)"),
    ("pstat", "nuffle.core.state", ("PSTAT_COMPLETIONS", "PSTAT_TOUCHDOWNS", "PSTAT_CASUALTIES",
                                    "PSTAT_INTERCEPTIONS", "PSTAT_INJURY", "PSTAT_INJURY2",
                                    "PSTAT_DEFLECTIONS", "PSTAT_PERFECT_PASSING", "PSTAT_NECESSARY_VIOLENCE",
                                    "PSTAT_FAN_INTERACTION", "PSTAT_FOULING_FRENZY"),
     "state.py's per-player statistics (GameState.pstats indices)"),
    ("bounce", "nuffle.core.types", ("BOUNCE_OUT", "BOUNCE_IN_PLAY", "BOUNCE_TOUCHBACK"),
     "types.py's BOUNCE_*: where a bounce leaves the ball (the BOUNCE log event's last field)"),
    ("limits", "nuffle.core.position_limits", ("MAX_PLAYERS", "MAX_FRAMES", "LIST_POOL", "MAX_CROWD",
                                               "MAX_BLOCK_DICE", "MAX_PICK"),
     "position_limits.py's native state sizes"),
    ("rule", "", ("nuffle.core.skill_rules.block_skills.MULTIPLE_BLOCK_ST",
                  "nuffle.core.procedures.block_substitutes.CHAINSAW_ARMOUR",
                  "nuffle.core.procedures.wizard.FIREBALL_HITS_ON",
                  "nuffle.core.procedures.wizard.LIGHTNING_HITS_ON",
                  "nuffle.core.procedures.zap.FROG_MA", "nuffle.core.procedures.zap.FROG_ST",
                  "nuffle.core.procedures.zap.FROG_AG", "nuffle.core.procedures.zap.FROG_PA",
                  "nuffle.core.procedures.zap.FROG_AV", "nuffle.core.procedures.zap.FROG_MARK",
                  "nuffle.core.procedures.inducements.CHEF_DICE",
                  "nuffle.core.procedures.inducements.CHEF_STEALS_ON",
                  "nuffle.core.skill_rules.ball_skills.KICK_OFF_RETURN_SQUARES"),
     "fixed rule numbers the procedures name (block_skills, block_substitutes, wizard, zap, inducements, "
     "ball_skills)"),
    ("step_key", "", ("nuffle.core.paths._GFI", "nuffle.core.paths._DODGE", "nuffle.core.paths._TACKLE",
                      "nuffle.core.paths._PICKUP", "nuffle.core.paths._STANDUP"),
     "paths.py's step-key bits (the dodge modifier and the ball's tackle zones sit between them)"),
    ("reroll_mode", "", ("nuffle.core.paths._NO_SKILL", "nuffle.core.paths._ONCE", "nuffle.core.paths._EACH"),
     "paths.py's skill re-roll modes of a step"),
)


def _value(module: str, name: str) -> int:
    import importlib

    value = getattr(importlib.import_module(module), name)
    assert type(value) is int, (module, name)
    return value


def shared_values() -> dict[str, dict[str, int]]:
    """Every shared constant this script writes, by C++ namespace (or enum) and name: the
    values a test reads back from the header and the names no other header may define."""
    import importlib

    out: dict[str, dict[str, int]] = {}
    for cpp, _base, module, name in TYPED_ENUMS:
        out[cpp] = {m.name: int(m) for m in getattr(importlib.import_module(module), name)}
    from nuffle.core import dice, native_state, state, types

    out["Group"] = {n.removeprefix("GROUP_"): _value("nuffle.core.dice", n) for n in vars(dice)
                    if n.startswith("GROUP_")}
    out["Decider"] = {"D_RUNNING": types.RUNNING} | {f"D_{d.name}": int(d) for d in types.Decider}
    for ns, module, names, _about in INT_SETS:
        if not module:
            out[ns] = {n.rsplit(".", 1)[1].lstrip("_"): _value(*n.rsplit(".", 1)) for n in names}
        else:
            out[ns] = {n.removeprefix(f"{ns.upper()}_"): _value(module, n) for n in names}
    out["limits"] |= {"PSTATS": state.PSTATS, "TEAM_STATS": native_state.TEAM_STATS}
    out["kw"] = {w.upper(): 1 << i for i, w in enumerate(native_state.KEYWORDS)}
    from nuffle.core import board

    out["square"] = {"OFF": board.OFF, "EMPTY": board.EMPTY}
    from nuffle.core.procedures import block

    out["face"] = dict(out["BlockFace"]) | {"RESOLVED": block.RESOLVED}  # BlockFace as ints
    return out


def _shared() -> list[str]:
    """The shared constant sets (TYPED_ENUMS, INT_SETS and the few below) from the Python engine."""
    from nuffle.core.types import BLOCK_DIE_FACES

    values = shared_values()
    out = ["// The Python engine's enums and constant sets the native engine shares (one source)."]
    for cpp, base, module, name in (*TYPED_ENUMS, ("Group", "std::uint8_t", "nuffle.core.dice", "GROUP_*")):
        out.append(f"// {module.rsplit('.', 1)[1]}.{name}")
        out.append(f"enum class {cpp} : {base} {{ " + ", ".join(
            f"{k} = {v}" for k, v in values[cpp].items()) + " };")
    out.append(f"constexpr int DICE_KINDS = {len(values['Dice'])};")
    out.append(f"constexpr int BLOCK_FACE_KINDS = {len(values['BlockFace'])};")
    out.append("// types.BLOCK_DIE_FACES: the faces of one block die, in roll order.")
    out.append("inline constexpr std::uint8_t BLOCK_DIE_FACES[] = {" + ", ".join(
        str(int(f)) for f in BLOCK_DIE_FACES) + "};")
    out.append("// types.Decider and types.RUNNING (who acts; RUNNING while the engine advances).")
    out.append("enum Decider : std::int8_t { " + ", ".join(
        f"{k} = {v}" for k, v in values["Decider"].items()) + " };")
    abouts = {ns: about for ns, _m, _n, about in INT_SETS}
    abouts |= {"kw": "native_state.KEYWORDS: the roster keyword bits of a player (Player::keywords)",
               "square": "board.OFF and board.EMPTY: grid values of a padding and an empty pitch square",
               "face": "types.BlockFace as ints, and block.RESOLVED: Block.face once a RESULT_OPTIONS "
                        "handler resolved the result"}
    abouts["limits"] += ", state.PSTATS and native_state.TEAM_STATS"
    for ns in [s[0] for s in INT_SETS] + ["kw", "square", "face"]:
        out.append(f"// {abouts[ns]}.")
        out.append(f"namespace {ns} {{")
        out.extend(f"constexpr int {k} = {v};" for k, v in values[ns].items())
        out.append(f"}}  // namespace {ns}")
    out.extend(_training())
    out.append("")
    return out


def _training() -> list[str]:
    """prayer_training.category_skills: Intensive Training's skills per Primary category."""
    from nuffle.core.procedures.prayer_training import CATEGORIES, category_skills

    flat: list[int] = []
    starts = [0]
    for skills in category_skills():
        flat.extend(int(sk) for sk in skills)
        starts.append(len(flat))
    return ["// prayer_training.category_skills: per category (CATEGORIES, bit i of State::primary) the",
            "// skills the engines implement, SKILLS[START[i]] up to SKILLS[START[i + 1]], in skill order.",
            "namespace training {",
            f"constexpr int CATEGORIES = {len(CATEGORIES)};  // {CATEGORIES}",
            "inline constexpr int START[] = {" + ", ".join(map(str, starts)) + "};",
            "inline constexpr int SKILLS[] = {" + ", ".join(map(str, flat)) + "};",
            "}  // namespace training"]


def _ident(frame: str) -> str:
    return frame.upper()


def _enum_max(enum_class: str) -> int:
    """The largest value of the IntEnum `enum_class` names (0 for none)."""
    if not enum_class:
        return 0
    import nuffle.core.native_game as ng

    return max(int(m) for m in ng._ENUMS[enum_class])


def role(frame: str, name: str) -> str | None:
    """The role of field `name` of `frame` (frame_fields.json: the frame's own, else the name's)."""
    own = _FIELDS["frames"].get(frame, {})
    return own[name] if name in own else _FIELDS["fields"].get(name)


def layout() -> dict[str, dict[str, list[object]]]:
    """Per frame, per field: [kind, list capacity (0 for a scalar), role or None]."""
    out: dict[str, dict[str, list[object]]] = {}
    for f in sorted(FRAMES):
        out[f] = {}
        for name, full in field_kinds(FRAMES[f]).items():
            kind = full.partition(":")[0]
            cap = CAPS.get(name, DEFAULT_CAP) if kind in ("list", "tuple") else 0
            out[f][name] = [full, cap, role(f, name)]
    return out


def render_layout() -> str:
    """frame_layout.json's text."""
    body = ",\n".join(f"  {json.dumps(f)}: {json.dumps(v)}" for f, v in layout().items())
    note = json.dumps("GENERATED by native/gen_frames.py from FRAMES and frame_fields.json: per frame, "
                      "per field, [kind (enum:Class for an enum), list capacity, role]")
    head = "{\n  \"about\": " + note + ",\n  \"purposes\": " + json.dumps(purposes())
    return (head + ",\n  \"frames\": {\n"
            + body.replace("\n  ", "\n    ").replace('  "', '    "', 1) + "\n  }\n}\n")


def render() -> str:
    """The header's text."""
    lines = [
        "// GENERATED by native/gen_frames.py from the Python engine's FRAMES registry: do not edit.",
        "// Procedure ids (frame ids in sorted order), their phases (the Python values) and the",
        "// layout of their fields in a Frame (see native/README.md, \"Frames\").",
        "#pragma once",
        "",
        "#include <cstdint>",
        "",
        "namespace nuffle::frames {",
        "",
        "// Field kinds: how a Python field value maps onto a frame slot.",
        "enum class Kind : std::uint8_t { INT = 0, BOOL, ENUM, LIST, TUPLE };",
        "",
        "// Field roles (src/nuffle/data/frame_fields.json): what a loaded value must name.",
        "enum class Role : std::uint8_t {",
        "    NONE = 0, PLAYER, PLAYER_OPT, SQUARE, SQUARE_OPT, SIDE, ACTION_OPT, DICE, VECTOR, D8, FACE, FACE_OPT",
        "};",
        "",
        "struct FieldInfo {",
        "    const char* name;",
        "    Kind kind;",
        "    const char* enum_class;  // ENUM: the Python IntEnum class (types.py, actions.py), else \"\"",
        "    std::uint8_t slot;  // the Frame::arg slot (the length for a list or tuple)",
        "    std::uint16_t offset;  // list or tuple: first element in the frame's pool range",
        "    std::uint16_t cap;  // list or tuple: capacity",
        "    Role role;  // a player id, a square or a side (each item of a list), or NONE",
        "    std::int16_t enum_max;  // ENUM, ACTION_OPT: the largest value of its class, else 0",
        "};",
        "",
        "struct PhaseInfo {",
        "    const char* name;",
        "    std::uint16_t value;",
        "};",
        "",
        "struct ProcInfo {",
        "    const char* frame;  // the stable frame id positions name it by",
        "    const char* cls;  // the Python class",
        "    const FieldInfo* fields;",
        "    std::uint8_t field_count;",
        "    const PhaseInfo* phases;",
        "    std::uint8_t phase_count;",
        "    std::uint16_t pool;  // list pool elements a frame of it reserves",
        "    std::int16_t decision_skill;  // the skill its decisions offer (decision_skill), or -1",
        "};",
        "",
    ]
    frames = sorted(FRAMES)
    lines.append("enum Proc : std::uint16_t {")
    for i, f in enumerate(frames):
        lines.append(f"    {_ident(f)} = {i},")
    lines.append("};")
    lines.append(f"constexpr int PROC_COUNT = {len(frames)};")
    lines.append("")
    max_args = 0
    infos = []
    for f in frames:
        cls = FRAMES[f]
        ns = f"p_{f}"
        lines.append(f"namespace {ns} {{")
        lines.append("enum Phase : std::uint16_t {")
        for name in cls.phases.names():
            lines.append(f"    {name} = {cls.phases.value_of(name)},")
        lines.append("};")
        kinds = field_kinds(cls)
        slot = offset = 0
        rows = []
        consts = []
        for name, full in kinds.items():
            kind, _, enum_class = full.partition(":")
            cap = CAPS.get(name, DEFAULT_CAP) if kind in ("list", "tuple") else 0
            rows.append(f'    {{"{name}", Kind::{kind.upper()}, "{enum_class}", {slot}, {offset}, {cap}, '
                        f'Role::{ROLES[role(f, name)]}, '
                        f'{_enum_max("ActionType" if role(f, name) == "action?" else enum_class)}}},')
            consts.append(f"constexpr int F_{name.upper()} = {slot};")
            if cap:
                consts.append(f"constexpr int F_{name.upper()}_AT = {offset};")
                consts.append(f"constexpr int F_{name.upper()}_CAP = {cap};")
            slot += 1
            offset += cap
        max_args = max(max_args, slot)
        lines.extend(consts)
        if rows:
            lines.append("inline constexpr FieldInfo FIELDS[] = {")
            lines.extend(rows)
            lines.append("};")
        lines.append("inline constexpr PhaseInfo PHASES[] = {")
        for name in cls.phases.names():
            lines.append(f'    {{"{name}", {cls.phases.value_of(name)}}},')
        lines.append("};")
        lines.append(f"}}  // namespace {ns}")
        lines.append("")
        fields = f"{ns}::FIELDS" if rows else "nullptr"
        infos.append(f'    {{"{f}", "{cls.__name__}", {fields}, {len(rows)}, {ns}::PHASES, '
                     f"{len(cls.phases.names())}, {offset}, "
                     f"{-1 if cls.decision_skill is None else int(cls.decision_skill)}}},")
    lines.append(f"constexpr int MAX_FIELDS = {max_args};")
    lines.append("")
    lines.append("inline constexpr ProcInfo PROCS[PROC_COUNT] = {")
    lines.extend(infos)
    lines.append("};")
    lines.append("")
    lines.extend(_constants())
    lines.extend(_shared())
    ps = purposes()
    lines.append("// Chance purposes by id (sorted).")
    lines.append(f"constexpr int PURPOSE_COUNT = {len(ps)};")
    lines.append("inline constexpr const char* PURPOSES[PURPOSE_COUNT] = {")
    for p in ps:
        lines.append(f'    "{p}",')
    lines.append("};")
    lines.append("")
    from nuffle.core.types import RollKind

    lines.append("// The purpose id of each RollKind's roll (rolls._PURPOSE).")
    lines.append("inline constexpr int ROLL_PURPOSE[] = {" + ", ".join(
        str(ps.index(rolls._PURPOSE[k])) for k in RollKind) + "};")
    lines.append("")
    lines.append("}  // namespace nuffle::frames")
    return "\n".join(lines) + "\n"


def main() -> int:
    outputs = ((HEADER, render()), (LAYOUT, render_layout()))
    if "--check" in sys.argv[1:]:
        stale = [path for path, text in outputs if not path.exists() or path.read_text() != text]
        for path in stale:
            print(f"{path.relative_to(ROOT)} is stale: run python native/gen_frames.py")
        return 1 if stale else 0
    for path, text in outputs:
        path.write_text(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
