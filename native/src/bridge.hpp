// The state bridge: a native State filled from the plain data of a Python GameState (see
// nuffle/core/native_state.py, which builds it) and read back into the same shape. Every value
// is checked on the way in; anything malformed raises ValueError (std::invalid_argument) or
// TypeError naming the field, and leaves no half-filled state behind.
#pragma once

#include <pybind11/pybind11.h>

#include <cstdint>
#include <memory>
#include <string>
#include <utility>

#include "nuffle/board.hpp"
#include "nuffle/engine_base.hpp"  // the event log
#include "nuffle/rules.hpp"
#include "nuffle/state.hpp"

namespace nuffle::bridge {

namespace py = pybind11;

inline const char* const STATE_KEYS[] = {
    "board", "rng", "decider", "waiting", "half", "first_kicker", "kicking", "active", "weather",
    "ball_state", "ball", "ok", "last_die", "turnover", "touchdown", "teams", "players",
    "reactor", "square", "last_square", "extra_moves", "assisted_moves", "crowd", "pstats",
    "stack", "pending", "outcome",
    "log",  // evlog: the event log (load_log / dump_log)
    "fans",  // p3: the match's fans
    "ruleset"};  // the rules played: hooks::Ruleset (frames::rules)
inline const char* const TEAM_KEYS[] = {
    "rerolls", "bonus_reroll", "reroll_used", "turn", "score", "bribes", "apothecaries", "fame",
    "blitz_used", "pass_used", "handoff_used", "foul_used", "ktm_used", "stats", "igor",
    "spec_rerolls", "spec_apothecary", "fan_factor", "ind_babes", "ind_bribes", "ind_training",
    "ind_chef", "ind_igor", "ind_apothecaries", "cheerleaders", "assistant_coaches",
    "wizard", "ind_wizard", "ind_biased_referee", "ind_plague_doctor", "coach_ejected", "prayers", "prayed", "drive_reroll",
    "weather_mage", "ind_weather_mage"};
inline const char* const PLAYER_KEYS[] = {"team", "number", "square", "status", "flags", "ma", "st", "ag", "av", "pa",
                                          "niggles", "skills", "values", "marks",
                                          "keywords", "race", "primary"};

// An int in [lo, hi] (bools refused); ValueError/TypeError naming `what`.
inline long long int_in(const py::handle& h, const std::string& what, long long lo, long long hi) {
    if (!py::isinstance<py::int_>(h) || py::isinstance<py::bool_>(h)) {
        throw py::type_error(what + " must be an int, got " + std::string(py::str(py::type::of(h).attr("__name__"))));
    }
    int overflow = 0;
    const long long v = PyLong_AsLongLongAndOverflow(h.ptr(), &overflow);
    if (v == -1 && PyErr_Occurred() != nullptr) PyErr_Clear();
    if (overflow != 0 || v < lo || v > hi) {
        throw std::invalid_argument(what + " must be " + std::to_string(lo) + " to " + std::to_string(hi) + ", got " +
                                    std::string(py::str(h)));
    }
    return v;
}

// A dict with exactly `keys`.
template <std::size_t N>
py::dict exact_dict(const py::handle& h, const std::string& what, const char* const (&keys)[N]) {
    if (!py::isinstance<py::dict>(h)) throw py::type_error(what + " must be a dict");
    auto d = py::reinterpret_borrow<py::dict>(h);
    for (const char* k : keys) {
        if (!d.contains(k)) throw std::invalid_argument(what + " has no " + k);
    }
    if (d.size() != N) {
        for (const auto& item : d) {
            bool known = false;
            for (const char* k : keys) known = known || (py::isinstance<py::str>(item.first) && py::str(item.first).cast<std::string>() == k);
            if (!known) throw std::invalid_argument(what + " has an unknown field " + std::string(py::repr(item.first)));
        }
    }
    return d;
}

inline py::list list_of(const py::handle& h, const std::string& what, std::size_t max) {
    if (!py::isinstance<py::list>(h) && !py::isinstance<py::tuple>(h)) throw py::type_error(what + " must be a list");
    py::list l(py::reinterpret_borrow<py::object>(h));
    if (l.size() > max) throw std::invalid_argument(what + " holds at most " + std::to_string(max) + " items, got " + std::to_string(l.size()));
    return l;
}

// The procedure id of frame id `name` (ValueError for an unknown one).
inline int proc_of(const py::handle& name, const std::string& what) {
    if (!py::isinstance<py::str>(name)) throw py::type_error(what + " must be a frame id (str)");
    const std::string n = name.cast<std::string>();
    for (int i = 0; i < frames::PROC_COUNT; ++i) {
        if (n == frames::PROCS[i].frame) return i;
    }
    throw std::invalid_argument(what + ": unknown frame " + std::string(py::repr(name)));
}

// The values a field of `fi`'s role (or enum class) may hold in `s` on a board of `squares`
// squares, its players loaded: a player id of the position, a square of the board, a side,
// an action type (or -1), a count of block dice, a direction's dx or dy, a D8 direction, a
// block die's face;
// any 16-bit int where the field has no role (the Python validator, position_fields.py, checks
// the same roles: this is the defence in depth for data that did not pass through it).
inline std::pair<long long, long long> field_range(const State& s, int squares, const frames::FieldInfo& fi) {
    switch (fi.role) {
        case frames::Role::PLAYER: return {0, s.player_count - 1};
        case frames::Role::PLAYER_OPT: return {-1, s.player_count - 1};
        case frames::Role::SQUARE: return {0, squares - 1};
        case frames::Role::SQUARE_OPT: return {-1, squares - 1};
        case frames::Role::SIDE: return {0, 1};
        case frames::Role::ACTION_OPT: return {-1, fi.enum_max};
        case frames::Role::DICE: return {1, 3};
        case frames::Role::VECTOR: return {-1, 1};
        case frames::Role::D8: return {0, 8};
        case frames::Role::FACE: return {0, 4};  // a BlockFace
        case frames::Role::FACE_OPT: return {-2, 4};  // a BlockFace, -1 none, -2 resolved by a skill
        case frames::Role::NONE: break;
    }
    if (fi.kind == frames::Kind::ENUM) return {0, fi.enum_max};
    return {-32768, 32767};
}

// The stack: a list of [frame id, phase, [field values]] (bools, enums as ints; lists and
// tuples as lists of ints).
inline void load_stack(State& s, int squares, const py::handle& h) {
    const py::list stack = list_of(h, "stack", MAX_FRAMES);
    for (std::size_t i = 0; i < stack.size(); ++i) {
        const std::string w = "stack[" + std::to_string(i) + "]";
        const py::list entry = list_of(stack[i], w, 3);
        if (entry.size() != 3) throw std::invalid_argument(w + " must be [frame, phase, fields]");
        const int proc = proc_of(entry[0], w);
        const frames::ProcInfo& info = frames::PROCS[proc];
        const auto phase = static_cast<int>(int_in(entry[1], w + ".phase", 0, 0xFFFF));
        bool known = false;
        for (int k = 0; k < info.phase_count; ++k) known = known || info.phases[k].value == phase;
        if (!known) throw std::invalid_argument(w + ": frame " + info.frame + " has no phase " + std::to_string(phase));
        const py::list fields = list_of(entry[2], w + ".fields", frames::MAX_FIELDS);
        if (fields.size() != info.field_count) {
            throw std::invalid_argument(w + ": frame " + std::string(info.frame) + " has " +
                                        std::to_string(info.field_count) + " fields, got " + std::to_string(fields.size()));
        }
        try {
            push_frame(s, proc, phase);
        } catch (const std::length_error& e) {
            throw std::invalid_argument(w + ": " + e.what());
        }
        Frame& f = s.stack[s.frame_count - 1];
        for (int k = 0; k < info.field_count; ++k) {
            const frames::FieldInfo& fi = info.fields[k];
            const std::string fw = w + "." + fi.name;
            const py::handle v = fields[static_cast<std::size_t>(k)];
            switch (fi.kind) {
                case frames::Kind::BOOL:
                    f.arg[fi.slot] = static_cast<std::int16_t>(int_in(v, fw, 0, 1));
                    break;
                case frames::Kind::LIST:
                case frames::Kind::TUPLE: {
                    const py::list items = list_of(v, fw, fi.cap);
                    std::int16_t* out = frame_list(s, f, fi.offset);
                    const auto [lo, hi] = field_range(s, squares, fi);
                    for (std::size_t j = 0; j < items.size(); ++j) {
                        out[j] = static_cast<std::int16_t>(int_in(items[j], fw + "[" + std::to_string(j) + "]", lo, hi));
                    }
                    f.arg[fi.slot] = static_cast<std::int16_t>(items.size());
                    break;
                }
                default: {
                    const auto [lo, hi] = field_range(s, squares, fi);
                    f.arg[fi.slot] = static_cast<std::int16_t>(int_in(v, fw, lo, hi));
                }
            }
        }
        // fields that go together (position_limits.py checks the same)
        if (proc == frames::PLAYER_ACTION && f.arg[frames::p_player_action::F_THEN] >= 0 &&
            f.arg[frames::p_player_action::F_THEN_SQ] < 0) {
            throw std::invalid_argument(w + ": a follow-up action (then) needs its square (then_sq)");
        }
    }
}

inline py::list dump_stack(const State& s) {
    py::list out;
    for (int i = 0; i < s.frame_count; ++i) {
        const Frame& f = s.stack[i];
        const frames::ProcInfo& info = frames::PROCS[f.proc];
        py::list fields;
        for (int k = 0; k < info.field_count; ++k) {
            const frames::FieldInfo& fi = info.fields[k];
            if (fi.kind == frames::Kind::LIST || fi.kind == frames::Kind::TUPLE) {
                py::list items;
                const std::int16_t* at = frame_list(s, f, fi.offset);
                for (int j = 0; j < f.arg[fi.slot]; ++j) items.append(at[j]);
                fields.append(items);
            } else {
                fields.append(f.arg[fi.slot]);
            }
        }
        py::list entry;
        entry.append(info.frame);
        entry.append(f.phase);
        entry.append(fields);
        out.append(entry);
    }
    return out;
}

// The pending chance event (None or [kind, n, purpose, group]) and the last outcome (an int or
// a list of 1 to 3 ints).
inline void load_chance(State& s, const py::handle& pending, const py::handle& outcome) {
    if (!pending.is_none()) {
        const py::list e = list_of(pending, "pending", 4);
        if (e.size() != 4) throw std::invalid_argument("pending must be [kind, n, purpose, group]");
        const auto kind = static_cast<int>(int_in(e[0], "pending.kind", 0, DICE_KINDS - 1));
        const auto n = static_cast<int>(int_in(e[1], "pending.n", 0, 255));
        check_event(static_cast<Dice>(kind), n);
        if (!py::isinstance<py::str>(e[2])) throw py::type_error("pending.purpose must be a str");
        const std::string purpose = e[2].cast<std::string>();
        int id = -1;
        for (int i = 0; i < frames::PURPOSE_COUNT; ++i) {
            if (purpose == frames::PURPOSES[i]) id = i;
        }
        if (id < 0) throw std::invalid_argument("pending.purpose: unknown chance purpose " + std::string(py::repr(e[2])));
        s.chance.event = Chance{static_cast<Dice>(kind), static_cast<std::uint8_t>(n),
                                static_cast<Group>(int_in(e[3], "pending.group", 0, 3)), static_cast<std::uint8_t>(id)};
        s.pending = 1;
    }
    if (py::isinstance<py::list>(outcome) || py::isinstance<py::tuple>(outcome)) {
        const py::list o = list_of(outcome, "outcome", 3);
        if (o.size() < 1) throw std::invalid_argument("an outcome tuple has 1 to 3 values");
        s.chance.outcome.size = static_cast<std::uint8_t>(o.size());
        for (std::size_t i = 0; i < o.size(); ++i) {
            s.chance.outcome.v[i] = static_cast<std::int16_t>(int_in(o[i], "outcome[" + std::to_string(i) + "]", -32768, 32767));
        }
    } else {
        s.chance.outcome = Outcome::single(static_cast<int>(int_in(outcome, "outcome", -32768, 32767)));
    }
}

// The state `data` describes on `board` (built off to the side: nothing is half-applied).
inline State load(const Board& b, const py::handle& data) {
    const py::dict d = exact_dict(data, "state", STATE_KEYS);
    if (int_in(d["board"], "board", 0, 99) != b.variant.players) {
        throw std::invalid_argument("state is for board " + std::string(py::str(d["board"])) + " but the geometry is board " +
                                    std::to_string(b.variant.players));
    }
    State s = make_state(b, 0);
    if (!py::isinstance<py::int_>(d["rng"]) || py::isinstance<py::bool_>(d["rng"])) throw py::type_error("rng must be an int");
    {
        const py::object r = d["rng"];
        const unsigned long long v = PyLong_AsUnsignedLongLong(r.ptr());
        if (v == static_cast<unsigned long long>(-1) && PyErr_Occurred() != nullptr) {
            PyErr_Clear();
            throw std::invalid_argument("rng must be 0 to 2**64 - 1, got " + std::string(py::str(r)));
        }
        s.rng = v;
    }
    s.decider = static_cast<std::int8_t>(int_in(d["decider"], "decider", -1, 3));
    s.waiting = static_cast<std::uint8_t>(int_in(d["waiting"], "waiting", 0, 255));
    s.half = static_cast<std::int8_t>(int_in(d["half"], "half", 0, 127));
    s.first_kicker = static_cast<std::int8_t>(int_in(d["first_kicker"], "first_kicker", 0, 1));
    s.kicking = static_cast<std::int8_t>(int_in(d["kicking"], "kicking", 0, 1));
    s.active = static_cast<std::int16_t>(int_in(d["active"], "active", -1, 1));
    s.weather = static_cast<std::uint8_t>(int_in(d["weather"], "weather", 0, 4));
    s.ball_state = static_cast<std::uint8_t>(int_in(d["ball_state"], "ball_state", 0, 3));
    s.ball = static_cast<std::int16_t>(int_in(d["ball"], "ball", -1, b.size - 1));
    s.ok = static_cast<std::int16_t>(int_in(d["ok"], "ok", 0, 1));
    s.last_die = static_cast<std::int16_t>(int_in(d["last_die"], "last_die", -32768, 32767));
    s.turnover = static_cast<std::uint8_t>(int_in(d["turnover"], "turnover", 0, 1));
    s.touchdown = static_cast<std::int8_t>(int_in(d["touchdown"], "touchdown", -1, 1));

    const py::list teams = list_of(d["teams"], "teams", 2);
    if (teams.size() != 2) throw std::invalid_argument("teams must hold 2 teams, got " + std::to_string(teams.size()));
    for (int side = 0; side < 2; ++side) {
        const std::string w = "teams[" + std::to_string(side) + "]";
        const py::dict t = exact_dict(teams[static_cast<std::size_t>(side)], w, TEAM_KEYS);
        Team& tm = s.teams[side];
        auto u8 = [&](const char* k) { return static_cast<std::uint8_t>(int_in(t[k], w + "." + k, 0, 255)); };
        auto flag = [&](const char* k) { return static_cast<std::uint8_t>(int_in(t[k], w + "." + k, 0, 1)); };
        tm.rerolls = u8("rerolls");
        tm.bonus_reroll = u8("bonus_reroll");
        tm.reroll_used = flag("reroll_used");
        tm.turn = u8("turn");
        tm.score = u8("score");
        tm.bribes = u8("bribes");
        tm.apothecaries = u8("apothecaries");
        tm.fame = u8("fame");
        tm.blitz_used = flag("blitz_used");
        tm.pass_used = flag("pass_used");
        tm.handoff_used = flag("handoff_used");
        tm.foul_used = flag("foul_used");
        tm.ktm_used = flag("ktm_used");
        tm.igor = u8("igor");
        tm.spec_rerolls = u8("spec_rerolls");
        tm.spec_apothecary = flag("spec_apothecary");
        tm.fan_factor = u8("fan_factor");
        tm.ind_babes = u8("ind_babes");
        tm.ind_bribes = u8("ind_bribes");
        tm.ind_training = u8("ind_training");
        tm.ind_chef = flag("ind_chef");
        tm.ind_igor = flag("ind_igor");
        tm.ind_apothecaries = u8("ind_apothecaries");
        tm.cheerleaders = u8("cheerleaders");
        tm.assistant_coaches = u8("assistant_coaches");
        tm.wizard = flag("wizard");
        tm.ind_wizard = flag("ind_wizard");
        tm.weather_mage = flag("weather_mage");
        tm.ind_weather_mage = flag("ind_weather_mage");
        s.ind_biased_referee[side] = flag("ind_biased_referee");
        s.ind_plague_doctor[side] = flag("ind_plague_doctor");
        s.coach_ejected[side] = flag("coach_ejected");
        tm.prayers = static_cast<std::uint16_t>(int_in(t["prayers"], w + ".prayers", 0, 0xFFFF));
        tm.prayed = static_cast<std::uint16_t>(int_in(t["prayed"], w + ".prayed", 0, 0xFFFF));
        tm.drive_reroll = u8("drive_reroll");
        const py::list stats = list_of(t["stats"], w + ".stats", TEAM_STATS);
        for (std::size_t i = 0; i < stats.size(); ++i) {
            tm.stats[i] = static_cast<std::int16_t>(int_in(stats[i], w + ".stats[" + std::to_string(i) + "]", 0, 32767));
        }
    }

    const py::list players = list_of(d["players"], "players", MAX_PLAYERS);
    for (std::size_t i = 0; i < players.size(); ++i) {
        const std::string w = "players[" + std::to_string(i) + "]";
        const py::dict p = exact_dict(players[i], w, PLAYER_KEYS);
        const int pid = s.player_count++;
        Player& pl = s.players[pid];
        pl.team = static_cast<std::uint8_t>(int_in(p["team"], w + ".team", 0, 1));
        pl.number = static_cast<std::uint8_t>(int_in(p["number"], w + ".number", 0, 255));
        pl.status = static_cast<std::uint8_t>(int_in(p["status"], w + ".status", 0, 6));
        pl.flags = static_cast<std::uint32_t>(int_in(p["flags"], w + ".flags", 0, 0xFFFFFFFFLL));
        pl.ma = static_cast<std::uint8_t>(int_in(p["ma"], w + ".ma", 0, 255));
        pl.st = static_cast<std::uint8_t>(int_in(p["st"], w + ".st", 0, 255));
        pl.ag = static_cast<std::uint8_t>(int_in(p["ag"], w + ".ag", 0, 255));
        pl.av = static_cast<std::uint8_t>(int_in(p["av"], w + ".av", 0, 255));
        pl.pa = static_cast<std::uint8_t>(int_in(p["pa"], w + ".pa", 0, 6));
        pl.niggles = static_cast<std::uint8_t>(int_in(p["niggles"], w + ".niggles", 0, 255));
        pl.marks = static_cast<std::uint8_t>(int_in(p["marks"], w + ".marks", 0, 0xFF));
        pl.keywords = static_cast<std::uint8_t>(int_in(p["keywords"], w + ".keywords", 0, KW_UNDEAD | KW_THRALL));
        pl.race = static_cast<std::uint8_t>(int_in(p["race"], w + ".race", 0, 255));
        s.primary[pid] = static_cast<std::uint8_t>(int_in(p["primary"], w + ".primary", 0, (1 << frames::training::CATEGORIES) - 1));
        const py::list skills = list_of(p["skills"], w + ".skills", SKILL_IDS);
        for (std::size_t k = 0; k < skills.size(); ++k) {
            const auto v = static_cast<int>(int_in(skills[k], w + ".skills[" + std::to_string(k) + "]", 0, SKILL_IDS - 1));
            pl.skills[v / 64] |= 1ULL << (v % 64);
        }
        const py::list values = list_of(p["values"], w + ".values", 5);  // skill_values: [[skill, value], ...]
        for (std::size_t k = 0; k < values.size(); ++k) {
            const std::string wv = w + ".values[" + std::to_string(k) + "]";
            const py::list pair = list_of(values[k], wv, 2);
            if (pair.size() != 2) throw std::invalid_argument(wv + " must be [skill, value]");
            const auto skill = static_cast<int>(int_in(pair[0], wv + "[0]", 0, SKILL_IDS - 1));
            const auto value = static_cast<int>(int_in(pair[1], wv + "[1]", 1, 0xFFFF));
            if (skill != frames::skill::ANIMOSITY && value > 6) throw std::invalid_argument(wv + " must be 1 to 6");
            if (!set_skill_value(pl, skill, value)) throw std::invalid_argument(wv + " names a skill with no value");
        }
        const auto sq = static_cast<int>(int_in(p["square"], w + ".square", -1, b.size - 1));
        pl.square = -1;
        if (sq >= 0) {
            if (!b.on_pitch(sq)) throw std::invalid_argument(w + ".square " + std::to_string(sq) + " is off the pitch");
            if (s.grid[sq] != SQUARE_EMPTY) {
                throw std::invalid_argument(w + ".square " + std::to_string(sq) + " already holds player " +
                                            std::to_string(s.grid[sq]));
            }
            pl.square = static_cast<std::int16_t>(sq);
            s.grid[sq] = static_cast<std::int8_t>(pid);
        }
    }
    s.reactor = static_cast<std::int16_t>(int_in(d["reactor"], "reactor", -1, MAX_PLAYERS - 1));
    s.square = static_cast<std::int16_t>(int_in(d["square"], "square", -1, b.size - 1));
    s.last_square = static_cast<std::int16_t>(int_in(d["last_square"], "last_square", -1, b.size - 1));
    s.extra_moves = static_cast<std::int16_t>(int_in(d["extra_moves"], "extra_moves", 0, 99));
    s.assisted_moves = static_cast<std::uint8_t>(int_in(d["assisted_moves"], "assisted_moves", 0, 1));
    s.ruleset = static_cast<std::uint8_t>(int_in(d["ruleset"], "ruleset", 0, frames::rules::COUNT - 1));
    const py::list crowd = list_of(d["crowd"], "crowd", MAX_CROWD);
    if (crowd.size() % 4 != 0) throw std::invalid_argument("crowd holds fours (player, square, square, had ball), got " + std::to_string(crowd.size()) + " values");
    for (std::size_t i = 0; i < crowd.size(); ++i) {
        const std::string what = "crowd[" + std::to_string(i) + "]";
        const int hi = i % 4 == 0 ? s.player_count - 1 : (i % 4 == 3 ? 1 : b.size - 1);
        s.crowd[i] = static_cast<std::int16_t>(int_in(crowd[i], what, 0, hi));
    }
    s.crowd_count = static_cast<std::uint8_t>(crowd.size());
    const py::list pstats = list_of(d["pstats"], "pstats", static_cast<std::size_t>(MAX_PLAYERS * PSTATS));
    if (pstats.size() != static_cast<std::size_t>(s.player_count * PSTATS)) {
        throw std::invalid_argument("pstats must hold " + std::to_string(s.player_count * PSTATS) + " ints, got " +
                                    std::to_string(pstats.size()));
    }
    for (std::size_t i = 0; i < pstats.size(); ++i) {
        s.pstats[i] = static_cast<std::int16_t>(int_in(pstats[i], "pstats[" + std::to_string(i) + "]", 0, 32767));
    }
    load_stack(s, b.size, d["stack"]);
    load_chance(s, d["pending"], d["outcome"]);
    // p3: the match's fans
    const py::list fans = list_of(d["fans"], "fans", 2);
    if (fans.size() != 2) throw std::invalid_argument("fans must hold 2 ints, got " + std::to_string(fans.size()));
    for (std::size_t i = 0; i < 2; ++i) {
        s.teams[i].fans = static_cast<std::int16_t>(int_in(fans[i], "fans[" + std::to_string(i) + "]", 0, 32767));
    }
    return s;
}

// The state as the same data `load` takes.
inline py::dict dump(const State& s) {
    py::dict d;
    d["board"] = s.board;
    d["rng"] = s.rng;
    d["decider"] = s.decider;
    d["waiting"] = s.waiting;
    d["half"] = s.half;
    d["first_kicker"] = s.first_kicker;
    d["kicking"] = s.kicking;
    d["active"] = s.active;
    d["weather"] = s.weather;
    d["ball_state"] = s.ball_state;
    d["ball"] = s.ball;
    d["ok"] = s.ok;
    d["last_die"] = s.last_die;
    d["turnover"] = s.turnover;
    d["touchdown"] = s.touchdown;
    d["reactor"] = s.reactor;
    d["square"] = s.square;
    d["last_square"] = s.last_square;
    d["extra_moves"] = s.extra_moves;
    d["assisted_moves"] = s.assisted_moves;
    d["ruleset"] = s.ruleset;
    py::list crowd;
    for (int i = 0; i < s.crowd_count; ++i) crowd.append(s.crowd[i]);
    d["crowd"] = crowd;
    py::list pstats;
    for (int i = 0; i < s.player_count * PSTATS; ++i) pstats.append(s.pstats[i]);
    d["pstats"] = pstats;
    d["stack"] = dump_stack(s);
    if (s.pending != 0) {
        py::list e;
        e.append(static_cast<int>(s.chance.event.kind));
        e.append(s.chance.event.n);
        e.append(frames::PURPOSES[s.chance.event.purpose]);
        e.append(static_cast<int>(s.chance.event.group));
        d["pending"] = e;
    } else {
        d["pending"] = py::none();
    }
    if (s.chance.outcome.size == 0) {
        d["outcome"] = s.chance.outcome.v[0];
    } else {
        py::list o;
        for (int i = 0; i < s.chance.outcome.size; ++i) o.append(s.chance.outcome.v[i]);
        d["outcome"] = o;
    }
    py::list teams;
    for (const Team& t : s.teams) {
        py::dict td;
        td["rerolls"] = t.rerolls;
        td["bonus_reroll"] = t.bonus_reroll;
        td["reroll_used"] = t.reroll_used;
        td["turn"] = t.turn;
        td["score"] = t.score;
        td["bribes"] = t.bribes;
        td["apothecaries"] = t.apothecaries;
        td["fame"] = t.fame;
        td["blitz_used"] = t.blitz_used;
        td["pass_used"] = t.pass_used;
        td["handoff_used"] = t.handoff_used;
        td["foul_used"] = t.foul_used;
        td["ktm_used"] = t.ktm_used;
        td["igor"] = t.igor;
        td["spec_rerolls"] = t.spec_rerolls;
        td["spec_apothecary"] = t.spec_apothecary;
        td["fan_factor"] = t.fan_factor;
        td["ind_babes"] = t.ind_babes;
        td["ind_bribes"] = t.ind_bribes;
        td["ind_training"] = t.ind_training;
        td["ind_chef"] = t.ind_chef;
        td["ind_igor"] = t.ind_igor;
        td["ind_apothecaries"] = t.ind_apothecaries;
        td["cheerleaders"] = t.cheerleaders;
        td["assistant_coaches"] = t.assistant_coaches;
        td["wizard"] = t.wizard;
        td["ind_wizard"] = t.ind_wizard;
        td["weather_mage"] = t.weather_mage;
        td["ind_weather_mage"] = t.ind_weather_mage;
        td["ind_biased_referee"] = s.ind_biased_referee[&t - s.teams];
        td["ind_plague_doctor"] = s.ind_plague_doctor[&t - s.teams];
        td["coach_ejected"] = s.coach_ejected[&t - s.teams];
        td["prayers"] = t.prayers;
        td["prayed"] = t.prayed;
        td["drive_reroll"] = t.drive_reroll;
        py::list stats;
        for (const auto v : t.stats) stats.append(v);
        td["stats"] = stats;
        teams.append(td);
    }
    d["teams"] = teams;
    py::list players;
    for (int i = 0; i < s.player_count; ++i) {
        const Player& p = s.players[i];
        py::dict pd;
        pd["team"] = p.team;
        pd["number"] = p.number;
        pd["square"] = p.square;
        pd["status"] = p.status;
        pd["flags"] = p.flags;
        pd["ma"] = p.ma;
        pd["st"] = p.st;
        pd["ag"] = p.ag;
        pd["av"] = p.av;
        pd["pa"] = p.pa;
        pd["niggles"] = p.niggles;
        pd["marks"] = p.marks;
        pd["keywords"] = p.keywords;
        pd["race"] = p.race;
        pd["primary"] = s.primary[i];
        py::list skills;
        for (int k = 0; k < SKILL_IDS; ++k) {
            if (p.has_skill(k)) skills.append(k);
        }
        pd["skills"] = skills;
        py::list values;  // non-default only, in skill order (PlayerInfo.values)
        for (const int k : VALUED_IN_ORDER) {
            if (!value_set(p, k)) continue;
            py::list pair;
            pair.append(k);
            pair.append(skill_value(p, k));
            values.append(pair);
        }
        pd["values"] = values;
        players.append(pd);
    }
    d["players"] = players;
    py::list fans;
    fans.append(s.teams[0].fans);
    fans.append(s.teams[1].fans);
    d["fans"] = fans;
    return d;
}

// --- the event log (evlog): GameState.log as [[event, a, b, c], ...] ----------------------------

constexpr std::size_t MAX_LOG_ENTRIES = 1 << 16;  // far beyond a match's; refuses hostile sizes

// The log of `data` (a state dict `load` accepted): ValueError/TypeError naming a bad entry.
inline EventLog load_log(const py::handle& data) {
    const py::list entries = list_of(py::reinterpret_borrow<py::dict>(data)["log"], "log", MAX_LOG_ENTRIES);
    EventLog log;
    log.reserve(entries.size());
    for (std::size_t i = 0; i < entries.size(); ++i) {
        const std::string w = "log[" + std::to_string(i) + "]";
        const py::list e = list_of(entries[i], w, 4);
        if (e.size() != 4) throw std::invalid_argument(w + " must be [event, a, b, c]");
        log.push_back(LogEntry{static_cast<int>(int_in(e[0], w + ".event", 0, frames::ev::COUNT - 1)),
                               static_cast<int>(int_in(e[1], w + "[1]", -32768, 32767)),
                               static_cast<int>(int_in(e[2], w + "[2]", -32768, 32767)),
                               static_cast<int>(int_in(e[3], w + "[3]", -32768, 32767))});
    }
    return log;
}

inline py::list dump_log(const EventLog& log) {
    py::list out;
    for (const LogEntry& e : log) {
        py::list entry;
        entry.append(e.event);
        entry.append(e.a);
        entry.append(e.b);
        entry.append(e.c);
        out.append(entry);
    }
    return out;
}

}  // namespace nuffle::bridge
