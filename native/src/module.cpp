// nuffle._native: the Python binding of the native engine (dice, board geometry, state layout,
// the engine loop and its procedures); core/native_game.py builds the public Game on it.
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "nuffle/board.hpp"
#include "nuffle/boards_json.hpp"
#include "nuffle/chance.hpp"
#include "nuffle/rng.hpp"
#include "nuffle/paths.hpp"
#include "nuffle/points.hpp"
#include "nuffle/rules.hpp"
#include "nuffle/state.hpp"
#include "nuffle/engine.hpp"
#include "nuffle/frame_steps.hpp"  // frame-by-frame lockstep
#include "nuffle/procs/passing_actions.hpp"  // the passing skills in a player action
#include "nuffle/script.hpp"  // the scripted roller (api)
#include "bridge.hpp"

namespace py = pybind11;
using namespace nuffle;

namespace {

py::object outcome_to_py(const Outcome& o) {
    if (o.size == 0) return py::int_(o.v[0]);
    py::tuple t(o.size);
    for (std::size_t i = 0; i < o.size; ++i) t[i] = py::int_(o.v[i]);
    return t;
}

Dice dice_kind(int kind) {
    if (kind < 0 || kind >= DICE_KINDS) {
        throw std::invalid_argument("unknown chance event kind " + std::to_string(kind));
    }
    return static_cast<Dice>(kind);
}

std::int16_t small_int(const py::handle& h, const char* what) {
    if (!py::isinstance<py::int_>(h) || py::isinstance<py::bool_>(h)) {
        throw py::type_error(std::string(what) + " must be an integer");
    }
    int overflow = 0;
    const long long v = PyLong_AsLongLongAndOverflow(h.ptr(), &overflow);
    if (v == -1 && PyErr_Occurred() != nullptr) PyErr_Clear();
    if (overflow != 0 || v < -32768 || v > 32767) {
        throw std::invalid_argument(std::string(what) + " is out of range");
    }
    return static_cast<std::int16_t>(v);
}

Outcome outcome_from_py(const py::handle& h) {
    if (py::isinstance<py::tuple>(h)) {
        const auto t = h.cast<py::tuple>();
        if (t.size() < 1 || t.size() > 3) throw std::invalid_argument("an outcome tuple has 1 to 3 values");
        Outcome o{static_cast<std::uint8_t>(t.size()), 0, {0, 0, 0}};
        for (std::size_t i = 0; i < t.size(); ++i) o.v[i] = small_int(t[i], "an outcome value");
        return o;
    }
    return Outcome::single(small_int(h, "an outcome"));
}

py::list weighted_to_py(const std::vector<WeightedOutcome>& ws) {
    py::list out;
    for (const auto& w : ws) {
        out.append(py::make_tuple(outcome_to_py(w.outcome), py::make_tuple(w.p.num, w.p.den)));
    }
    return out;
}

Chance make_chance(int kind, int n, int group) {
    const Dice d = dice_kind(kind);
    if (n < 0 || n > 255) throw std::invalid_argument("an event's n is 0 to 255, got " + std::to_string(n));
    if (group < 0 || group > 3) throw std::invalid_argument("unknown outcome group " + std::to_string(group));
    check_event(d, n);
    return Chance{d, static_cast<std::uint8_t>(n), static_cast<Group>(group), 0};
}

// An event log shared by the copies of a state until one of them changes it (a clone copies
// no entries; the first change copies them).
class SharedLog {
public:
    SharedLog() = default;
    SharedLog(EventLog log) : p_(log.empty() ? nullptr : std::make_shared<EventLog>(std::move(log))) {}  // NOLINT
    const EventLog& get() const noexcept {
        static const EventLog empty;
        return p_ ? *p_ : empty;
    }
    // The log to change: this state's own (copied first if another state shares it).
    EventLog& own() {
        if (!p_) {
            p_ = std::make_shared<EventLog>();
        } else if (p_.use_count() > 1) {
            p_ = std::make_shared<EventLog>(*p_);
        }
        return *p_;
    }

private:
    std::shared_ptr<EventLog> p_;
};

// A state together with the board it lives on (the board is not part of the state's bytes)
// and its event log (GameState.log, kept beside the state: engine_base.hpp's LogScope).
// Allocated from a per-thread list of freed ones (a 6 KB block each: clones and outcomes
// make and drop many), except under AddressSanitizer, which should see every allocation.
struct PyState {
    State s;
    std::shared_ptr<const Board> board;
    SharedLog log;

#if !defined(__SANITIZE_ADDRESS__)
    static constexpr std::size_t KEEP = 64;  // freed blocks kept per thread
    struct Freed {
        void* blocks[KEEP];
        std::size_t n = 0;
        ~Freed() {
            while (n > 0) ::operator delete(blocks[--n]);
            gone() = true;
        }
    };
    // set once the thread's list is destroyed (a state freed later is freed at once)
    static bool& gone() noexcept {
        thread_local bool g = false;  // trivially destructible: readable to the thread's end
        return g;
    }
    static Freed& freed() noexcept {
        thread_local Freed f;
        return f;
    }
    static void* operator new(std::size_t n) {
        if (n == sizeof(PyState) && !gone()) {
            Freed& f = freed();
            if (f.n > 0) return f.blocks[--f.n];
        }
        return ::operator new(n);
    }
    static void operator delete(void* p, std::size_t n) noexcept {
        if (n == sizeof(PyState) && !gone()) {
            Freed& f = freed();
            if (f.n < KEEP) {
                f.blocks[f.n++] = p;
                return;
            }
        }
        ::operator delete(p);
    }
#endif
};

// State.clone as a plain CPython method (METH_NOARGS; the method descriptor checks `self`'s
// type), which skips pybind11's argument dispatch on the call searches make most: the copy is
// built in place and handed over as the holder (one memcpy of the state; the log is shared).
PyObject* clone_state(PyObject* self, PyObject* /*unused*/) noexcept {
    try {
        const auto& st = py::handle(self).cast<const PyState&>();
        return py::cast(std::unique_ptr<PyState>(new PyState{st.s, st.board, st.log})).release().ptr();
    } catch (py::error_already_set& e) {
        e.restore();
    } catch (const std::bad_alloc&) {
        PyErr_NoMemory();
    } catch (const std::exception& e) {
        PyErr_SetString(PyExc_RuntimeError, e.what());
    }
    return nullptr;
}

PyMethodDef clone_def = {"clone", clone_state, METH_NOARGS, "An exact copy (a memcpy of the state)."};

// Runs `body` on the state with its log bound; on any error the state and the log are put
// back as they were (nothing half-applied).
template <class F>
void guarded(PyState& st, F&& body) {
    const State before = clone(st.s);
    const SharedLog before_log = st.log;
    try {
        const LogScope scope(st.s, st.log.own());
        body();
    } catch (...) {
        st.s = before;
        st.log = before_log;
        throw;
    }
}

// A tuple of the values (built directly: no list first).
template <class T>
py::tuple tuple_of(const std::vector<T>& values) {
    py::tuple t(values.size());
    for (std::size_t i = 0; i < values.size(); ++i) {
        PyTuple_SET_ITEM(t.ptr(), static_cast<Py_ssize_t>(i), py::cast(values[i]).release().ptr());
    }
    return t;
}

void check_pid(const PyState& st, int pid) {
    if (pid < 0 || pid >= st.s.player_count) throw std::out_of_range("no player " + std::to_string(pid));
}

// A player id (ValueError for the rule queries).
void check_player(const PyState& st, int pid) {
    if (pid < 0 || pid >= st.s.player_count) throw std::invalid_argument("no player " + std::to_string(pid));
}

// A player on the pitch (queries about his own square need one).
void check_on_pitch(const PyState& st, int pid) {
    check_player(st, pid);
    if (st.s.players[pid].square < 0) throw std::invalid_argument("player " + std::to_string(pid) + " is not on the pitch");
}

// A flat square on the pitch.
void check_square(const PyState& st, int sq) {
    if (!st.board->on_pitch(sq)) throw std::invalid_argument("square " + std::to_string(sq) + " is not on the pitch");
}

void check_side(int side) {
    if (side != HOME && side != AWAY) throw std::invalid_argument("side must be 0 or 1, got " + std::to_string(side));
}

void check_kind(int kind) {
    if (kind < 0 || kind >= rk::COUNT) throw std::invalid_argument("unknown roll kind " + std::to_string(kind));
}

py::tuple route_to_py(const paths::Route& r) {
    return py::make_tuple(py::tuple(py::cast(r.steps)), r.prob, r.moves, r.moves_after, py::tuple(py::cast(r.keys)),
                          r.target);
}

py::dict routes_to_py(const std::vector<std::pair<int, paths::Route>>& rs) {
    py::dict d;
    for (const auto& [sq, r] : rs) d[py::int_(sq)] = route_to_py(r);
    return d;
}

// Every query of one pathfinder search (paths.PathSearch): all, endzone, blitz, handoff, foul.
py::dict path_search(const PyState& st, int pid, int moves_used, std::optional<bool> team_reroll, bool pickup,
                     bool compensated) {
    check_player(st, pid);
    if (moves_used < 0 || moves_used > 99) {
        throw std::invalid_argument("moves_used is 0 to 99, got " + std::to_string(moves_used));
    }
    paths::Search search(st.s, *st.board, pid, moves_used, team_reroll ? int(*team_reroll) : -1, pickup, compensated);
    py::dict out;
    out["all"] = routes_to_py(search.all());
    paths::Route ez{};
    out["endzone"] = search.endzone(ez) ? py::object(route_to_py(ez)) : py::object(py::none());
    out["blitz"] = routes_to_py(search.adjacent(paths::Search::BLITZ));
    out["handoff"] = routes_to_py(search.adjacent(paths::Search::HANDOFF));
    out["foul"] = routes_to_py(search.adjacent(paths::Search::FOUL));
    return out;
}

// The chance of the safest route to every reachable square (PathSearch.all's probabilities).
py::dict path_odds(const PyState& st, int pid, int moves_used, std::optional<bool> team_reroll, bool pickup,
                   bool compensated) {
    check_player(st, pid);
    if (moves_used < 0 || moves_used > 99) {
        throw std::invalid_argument("moves_used is 0 to 99, got " + std::to_string(moves_used));
    }
    paths::Search search(st.s, *st.board, pid, moves_used, team_reroll ? int(*team_reroll) : -1, pickup, compensated);
    py::dict out;
    for (const auto& [sq, p] : search.reachable()) out[py::int_(sq)] = p;
    return out;
}

}  // namespace

// The ids of an action crossing into the engine: IllegalActionError names a bad one.
void check_act(const PyState& st, int type, int player, int square) {
    if (type < 0 || type >= frames::at::COUNT) throw IllegalActionError("unknown action type " + std::to_string(type));
    if (player < -1 || player >= st.s.player_count) throw IllegalActionError("no player " + std::to_string(player));
    if (square < -1 || square >= st.board->size) throw IllegalActionError("no square " + std::to_string(square));
}

// Game.step less its _advance: a legal decision applied to the top frame, nothing run after it.
void act_checked(PyState& st, int type, int player, int square) {
    check_act(st, type, player, square);
    guarded(st, [&] { act_only(st.s, *st.board, Act{type, player, square}); });
}

// perf: whole random games, exact outcomes and quick accessors (perf_bindings.hpp)
#include "perf_bindings.hpp"
// the environments' observation and action mask (encode.hpp, mask.hpp)
#include "encoder_bindings.hpp"
// the batched environments' parts: reward events, rewards, the scripted set-up
#include "vecparts_bindings.hpp"
#include "bots_bindings.hpp"  // the native bots (after the parts: formations)
#include "vec_bindings.hpp"  // the batched environment (after the encoder: its buffers and specs)
// the MCTS loop (nuffle/mcts/search.hpp)
#include "mcts_bindings.hpp"

PYBIND11_MODULE(_native, m) {
    m.doc() = "The native engine's building blocks: dice, board geometry and the state layout.";
    m.attr("PLAYS_MATCHES") = true;  // a frame not ported yet raises NotPortedError
    // The engine's two errors are the Python engine's own classes (NuffleErrors): a frame not
    // ported yet (nuffle.core.engines.NotPortedError) and an illegal action
    // (nuffle.core.actions.IllegalActionError). Held for the module's lifetime.
    static PyObject* not_ported_cls = nullptr;
    static PyObject* illegal_cls = nullptr;
    static PyObject* limit_cls = nullptr;
    not_ported_cls = py::object(py::module_::import("nuffle.core.engines").attr("NotPortedError")).release().ptr();
    illegal_cls = py::object(py::module_::import("nuffle.core.actions").attr("IllegalActionError")).release().ptr();
    m.attr("NotPortedError") = py::handle(not_ported_cls);
    m.attr("IllegalActionError") = py::handle(illegal_cls);
    // A list or the stack of the fixed-size state is full (nuffle.core.engines.EngineLimitError).
    limit_cls = py::object(py::module_::import("nuffle.core.engines").attr("EngineLimitError")).release().ptr();
    m.attr("EngineLimitError") = py::handle(limit_cls);
    py::register_exception_translator([](std::exception_ptr p) {
        try {
            if (p) std::rethrow_exception(p);
        } catch (const NotPortedError& e) {
            PyErr_SetString(not_ported_cls, e.what());
        } catch (const IllegalActionError& e) {
            PyErr_SetString(illegal_cls, e.what());
        } catch (const std::length_error& e) {
            PyErr_SetString(limit_cls, (std::string("the native engine cannot go on: ") + e.what()).c_str());
        }
    });
    m.attr("STATE_BYTES") = sizeof(State);
    m.attr("MAX_PLAYERS") = MAX_PLAYERS;
    m.attr("MAX_FRAMES") = MAX_FRAMES;
    m.attr("FRAME_ARGS") = FRAME_ARGS;
    m.attr("MAX_SQUARES") = MAX_SQUARES;

    m.def("seed_state", &seed_state, py::arg("seed"), "The generator state of a 64-bit seed.");
    m.def("next_state", &next_state, py::arg("x"), "One xorshift64 step.");
    m.def(
        "draw",
        [](std::uint64_t x, std::uint32_t k) {
            if (k == 0) throw std::invalid_argument("draw needs k >= 1");
            return draw(x, k);
        },
        py::arg("x"), py::arg("k"), "A value in 0..k-1 from generator state x.");
    m.def(
        "sample",
        [](int kind, int n, std::uint64_t rng) {
            const Chance c = make_chance(kind, n, 0);
            const Outcome o = sample(c, rng);
            return py::make_tuple(outcome_to_py(o), rng);
        },
        py::arg("kind"), py::arg("n"), py::arg("rng"), "(outcome, new generator state) of one event.");
    m.def(
        "outcomes", [](int kind, int n) { return weighted_to_py(outcomes(make_chance(kind, n, 0).kind, n)); },
        py::arg("kind"), py::arg("n") = 1, "Every outcome with its probability as (num, den).");
    m.def(
        "grouped_outcomes",
        [](int kind, int n, int group) {
            const Chance c = make_chance(kind, n, group);
            return weighted_to_py(grouped_outcomes(c.kind, n, c.group));
        },
        py::arg("kind"), py::arg("n"), py::arg("group"), "Outcomes merged by the event's group.");
    m.def(
        "is_valid_outcome",
        [](int kind, int n, const py::handle& outcome) {
            return is_valid_outcome(make_chance(kind, n, 0), outcome_from_py(outcome));
        },
        py::arg("kind"), py::arg("n"), py::arg("outcome"), "Whether outcome is one of the event's.");

    py::class_<Board, std::shared_ptr<Board>>(m, "BoardGeometry", "The geometry of one board variant.")
        .def_property_readonly("players", [](const Board& b) { return b.variant.players; })
        .def_property_readonly("width", [](const Board& b) { return b.width; })
        .def_property_readonly("height", [](const Board& b) { return b.height; })
        .def_property_readonly("stride", [](const Board& b) { return b.stride; })
        .def_property_readonly("size", [](const Board& b) { return b.size; })
        .def_property_readonly("neighbours", [](const Board& b) { return b.neighbours; })
        .def_property_readonly("endzone_x", [](const Board& b) { return b.endzone_x; })
        .def_property_readonly("variant", [](const Board& b) {
            const Variant& v = b.variant;
            py::dict d;
            d["players"] = v.players;
            d["width"] = v.width;
            d["height"] = v.height;
            d["wide_rows"] = v.wide_rows;
            d["roster_size"] = v.roster_size;
            d["pitch_max"] = v.pitch_max;
            d["los_min"] = v.los_min;
            d["wide_max"] = v.wide_max;
            d["kick_scatter"] = static_cast<int>(v.kick_scatter);
            d["throw_in"] = static_cast<int>(v.throw_in);
            d["turns_per_half"] = v.turns_per_half;
            return d;
        })
        .def_property_readonly("xs", [](const Board& b) {
            return std::vector<int>(b.xs.begin(), b.xs.begin() + b.size);
        })
        .def_property_readonly("ys", [](const Board& b) {
            return std::vector<int>(b.ys.begin(), b.ys.begin() + b.size);
        })
        .def_property_readonly("wide", [](const Board& b) {
            return std::vector<int>(b.wide.begin(), b.wide.begin() + b.size);
        })
        .def_property_readonly("flags", [](const Board& b) {
            return std::vector<int>(b.flags.begin(), b.flags.begin() + b.size);
        })
        .def("sq", &Board::sq, py::arg("x"), py::arg("y"))
        .def("distance", [](const Board& b, int a, int c) {
            if (a < 0 || a >= b.size || c < 0 || c >= b.size) throw std::out_of_range("square out of range");
            return b.distance(a, c);
        })
        .def("scoring_side_at", [](const Board& b, int sq) {
            if (sq < 0 || sq >= b.size) throw std::out_of_range("square out of range");
            return b.scoring_side_at(sq);
        });
    m.attr("ON_PITCH") = static_cast<int>(ON_PITCH);
    m.attr("LOS_HOME") = static_cast<int>(LOS_HOME);
    m.attr("LOS_AWAY") = static_cast<int>(LOS_AWAY);
    m.attr("HOME_HALF") = static_cast<int>(HOME_HALF);

    m.def(
        "read_boards",
        [](const std::string& text) {
            py::dict out;
            for (const Variant& v : read_variants(text)) {
                out[py::int_(v.players)] = std::make_shared<Board>(make_board(v));
            }
            return out;
        },
        py::arg("text"), "Board geometries from the text of data/boards.json, by players a side.");

    py::class_<PyState>(m, "State", "A fixed-size native state (tests inspect its layout).")
        .def(py::init([](std::shared_ptr<Board> board, std::uint64_t rng) {
                 if (!board) throw std::invalid_argument("a state needs a board");
                 return PyState{make_state(*board, rng), board, {}};
             }),
             py::arg("board"), py::arg("rng") = 0)
        .def("__eq__", [](const PyState& a, const PyState& b) { return same_state(a.s, b.s); })
        .def("to_bytes", [](const PyState& st) {
            return py::bytes(reinterpret_cast<const char*>(&st.s), sizeof(State));
        })
        .def_property("rng", [](const PyState& st) { return st.s.rng; },
                      [](PyState& st, std::uint64_t v) { st.s.rng = v; })
        .def_property_readonly("board", [](const PyState& st) { return st.board; })
        .def_property_readonly("player_count", [](const PyState& st) { return st.s.player_count; })
        .def_property_readonly("frame_count", [](const PyState& st) { return st.s.frame_count; })
        .def("add_player",
             [](PyState& st, int team, int number, int ma, int s, int ag, int av) {
                 return add_player(st.s, team, number, ma, s, ag, av);
             },
             py::arg("team"), py::arg("number"), py::arg("ma"), py::arg("st"), py::arg("ag"), py::arg("av"))
        .def("place_player",
             [](PyState& st, int pid, int x, int y) {
                 if (x < -1 || x > st.board->width || y < -1 || y > st.board->height) {
                     throw std::invalid_argument("square (" + std::to_string(x) + ", " + std::to_string(y) +
                                                 ") is off the pitch");
                 }
                 place_player(st.s, *st.board, pid, st.board->sq(x, y));
             },
             py::arg("pid"), py::arg("x"), py::arg("y"))
        .def("player", [](const PyState& st, int pid) {
            check_pid(st, pid);
            const Player& p = st.s.players[pid];
            py::dict d;
            d["square"] = p.square;
            d["team"] = p.team;
            d["number"] = p.number;
            d["status"] = p.status;
            d["ma"] = p.ma;
            d["st"] = p.st;
            d["ag"] = p.ag;
            d["av"] = p.av;
            d["flags"] = p.flags;
            return d;
        })
        .def("set_skill", [](PyState& st, int pid, int skill) {
            check_pid(st, pid);
            if (skill < 0 || skill >= 64 * SKILL_WORDS) throw std::out_of_range("no skill " + std::to_string(skill));
            st.s.players[pid].skills[skill / 64] |= 1ULL << (skill % 64);
        })
        .def("has_skill", [](const PyState& st, int pid, int skill) {
            check_pid(st, pid);
            return st.s.players[pid].has_skill(skill);
        })
        .def("at", [](const PyState& st, int square) {
            if (square < 0 || square >= MAX_SQUARES) throw std::out_of_range("square out of range");
            return static_cast<int>(st.s.grid[square]);
        }, "The grid value of a flat square: a player id, -1 empty, -2 off the pitch.")
        .def("push_frame",
             [](PyState& st, int proc, int phase, const std::vector<py::handle>& args) {
                 if (args.size() > FRAME_ARGS) {
                     throw std::invalid_argument("a frame holds at most " + std::to_string(FRAME_ARGS) + " ints");
                 }
                 std::array<std::int16_t, FRAME_ARGS> vals{};
                 for (std::size_t i = 0; i < args.size(); ++i) vals[i] = small_int(args[i], "a frame value");
                 push_frame(st.s, proc, phase);
                 Frame& f = st.s.stack[st.s.frame_count - 1];
                 for (std::size_t i = 0; i < FRAME_ARGS; ++i) f.arg[i] = vals[i];
             },
             py::arg("proc"), py::arg("phase"), py::arg("args") = std::vector<py::handle>{})
        .def("pop_frame", [](PyState& st) { pop_frame(st.s); })
        .def("frames", [](const PyState& st) {
            py::list out;
            for (int i = 0; i < st.s.frame_count; ++i) {
                const Frame& f = st.s.stack[i];
                py::tuple args(FRAME_ARGS);
                for (std::size_t k = 0; k < FRAME_ARGS; ++k) args[k] = py::int_(f.arg[k]);
                out.append(py::make_tuple(f.proc, f.phase, args));
            }
            return out;
        }, "The stack, bottom first, as (procedure id, phase, args).")
        .def_static("load",
                    [](std::shared_ptr<Board> board, const py::handle& data) {
                        if (!board) throw std::invalid_argument("a state needs a board");
                        return PyState{bridge::load(*board, data), board, bridge::load_log(data)};
                    },
                    py::arg("board"), py::arg("data"),
                    "A state from the plain data of a Python position (nuffle.core.native_state).")
        .def("dump", [](const PyState& st) {
            py::dict d = bridge::dump(st.s);
            d["log"] = bridge::dump_log(st.log.get());
            return d;
        }, "The state as the data `load` takes.")
        .def_property_readonly("log", [](const PyState& st) { return bridge::dump_log(st.log.get()); },
                               "The event log (GameState.log): [event, a, b, c] entries, oldest first.")
        .def_property_readonly("decider", [](const PyState& st) { return static_cast<int>(st.s.decider); })
        .def_property_readonly("waiting", [](const PyState& st) { return static_cast<int>(st.s.waiting); })
        .def("top_frame", [](const PyState& st) -> py::object {
            if (st.s.frame_count == 0) return py::none();
            return py::str(frames::PROCS[st.s.stack[st.s.frame_count - 1].proc].frame);
        }, "The frame id of the top procedure (None for an empty stack).")
        .def("advance", [](PyState& st, bool explicit_chance) {
            guarded(st, [&] { advance(st.s, *st.board, explicit_chance); });
        }, py::arg("explicit_chance") = false,
           "Game._advance: run until a decision, an explicit chance node or the end.")
        // frame-by-frame lockstep from positions (frame_steps.hpp; the parity tests)
        .def("run_ported", [](PyState& st, int min_depth) { guarded(st, [&] { run_ported(st.s, *st.board, min_depth); }); },
             py::arg("min_depth") = 1,
             "Run the ported frames only: stop at a decision, a chance node, an unported frame or a stack shorter than min_depth.")
        .def("act_only", &act_checked, py::arg("type"), py::arg("player") = -1, py::arg("square") = -1,
             "Apply a legal decision to the top frame and run nothing after it.")
        .def("resolve_only", [](PyState& st, const py::handle& outcome) {
            const Outcome o = outcome_from_py(outcome);
            if (st.s.pending == 0) throw IllegalActionError("there is no pending chance event");
            if (!is_valid_outcome(st.s.chance.event, o)) throw IllegalActionError("not an outcome of the pending event");
            resolve_only(st.s, o);
        }, py::arg("outcome"), "Resolve the pending chance event with `outcome` and run nothing after it.")
        .def("passing_action_choices", [](const PyState& st, int kind, int pid) {
            check_pid(st, pid);
            if (st.s.players[pid].square < 0) throw std::invalid_argument("player " + std::to_string(pid) + " is not on the pitch");
            Legal groups;
            procs::passing::passing_action_choices(st.s, *st.board, kind, pid, groups);
            py::list out;
            for (const Choice& g : groups) {
                out.append(py::make_tuple(g.type, py::tuple(py::cast(g.players)), py::tuple(py::cast(g.squares))));
            }
            return out;
        }, py::arg("kind"), py::arg("pid"),
           "The Hail Mary Pass, Bombardier and Throw Team-Mate choices of a player action (type, players, squares).")
        .def("dump_off_before_dice", [](PyState& st, int asking, int defender, bool second) {
            check_pid(st, asking);
            check_pid(st, defender);
            if (st.s.players[defender].square < 0) throw std::invalid_argument("player " + std::to_string(defender) + " is not on the pitch");
            bool pushed = false;
            guarded(st, [&] { pushed = procs::passing::dump_off_before_dice(st.s, *st.board, asking, defender, second); });
            return pushed;
        }, py::arg("asking"), py::arg("defender"), py::arg("second") = false,
           "block.BEFORE_DICE's Dump-Off: push DumpOff for the blocked ball carrier; whether it did.")
        .def("passing_skill_action", [](PyState& st, int type, int player, int square) {
            if (st.s.frame_count == 0 || st.s.stack[st.s.frame_count - 1].proc != frames::PLAYER_ACTION) {
                throw std::invalid_argument("the top frame is not a player action");
            }
            bool done = false;
            guarded(st, [&] {
                done = procs::passing::passing_skill_action(st.s, st.s.stack[st.s.frame_count - 1], Act{type, player, square});
            });
            return done;
        }, py::arg("type"), py::arg("player") = -1, py::arg("square") = -1,
           "Apply a HAIL_MARY, BOMB or THROW_TEAM_MATE choice to the player action on top; False for other types.")
        .def("legal_actions", [](PyState& st) {
            const Legal legal = legal_actions(st.s, *st.board);
            py::list out(legal.size());
            for (std::size_t i = 0; i < legal.size(); ++i) {
                const Choice& g = legal[i];
                PyList_SET_ITEM(out.ptr(), static_cast<Py_ssize_t>(i),
                                py::make_tuple(g.type, tuple_of(g.players), tuple_of(g.squares), tuple_of(g.probabilities))
                                    .release().ptr());
            }
            return out;
        }, "The legal action groups: (type, players, flat squares, probabilities).")
        .def("step", [](PyState& st, int type, int player, int square, bool explicit_chance) {
            check_act(st, type, player, square);
            guarded(st, [&] { step(st.s, *st.board, Act{type, player, square}, explicit_chance); });
        }, py::arg("type"), py::arg("player") = -1, py::arg("square") = -1, py::arg("explicit_chance") = false,
           "Game.step: apply a legal decision and advance (the state is unchanged on any error).")
        .def("run_top", [](PyState& st) {
            if (st.s.decider != D_RUNNING || st.s.frame_count == 0) throw IllegalActionError("the engine is not running");
            guarded(st, [&] {
                Ctx c{st.s, *st.board};
                run_top(c);
            });
        }, "One `run` of the top procedure (the engine must be running), as Game._advance's loop body.")
        .def("resolve", [](PyState& st, const py::handle& outcome, bool explicit_chance) {
            const Outcome o = outcome_from_py(outcome);
            if (st.s.pending == 0) throw IllegalActionError("there is no pending chance event");
            if (!is_valid_outcome(st.s.chance.event, o)) throw IllegalActionError("not an outcome of the pending event");
            guarded(st, [&] { resolve(st.s, *st.board, o, explicit_chance); });
        }, py::arg("outcome"), py::arg("explicit_chance") = false,
           "Resolve the pending chance event with `outcome` and advance.")
        .def("decision_detail", [](PyState& st) {
            const Detail d = decision_detail(st.s, *st.board);
            py::dict out;
            out["player"] = d.player;
            out["target"] = d.target;
            out["skill"] = d.skill;
            out["roll"] = d.roll;
            out["need"] = d.need;
            out["dice"] = d.dice;
            out["faces"] = py::tuple(py::cast(d.faces));
            out["action"] = d.action;
            out["moved"] = d.moved;
            out["square"] = d.square;
            return out;
        }, "What the waiting decision concerns (-1 for none).")
        .def("exerts_tz", [](const PyState& st, int pid) {
            check_player(st, pid);
            return exerts_tz(st.s, pid);
        }, py::arg("pid"))
        .def("tz_players", [](const PyState& st, int sq, int side) {
            check_square(st, sq);
            check_side(side);
            int qs[8];
            const int n = tz_players(st.s, *st.board, sq, side, qs);
            return std::vector<int>(qs, qs + n);
        }, py::arg("sq"), py::arg("side"))
        .def("tackle_zones", [](const PyState& st, int sq, int side) {
            check_square(st, sq);
            check_side(side);
            return tackle_zones(st.s, *st.board, sq, side);
        }, py::arg("sq"), py::arg("side"))
        .def("assists", [](const PyState& st, int helper_side, int target, int opponent) {
            check_side(helper_side);
            check_on_pitch(st, target);
            if (opponent != -1) check_player(st, opponent);
            return assists(st.s, *st.board, helper_side, target, opponent);
        }, py::arg("helper_side"), py::arg("target"), py::arg("opponent"))
        .def("assists_when_marked", [](const PyState& st, int helper) {
            check_player(st, helper);
            return assists_when_marked(st.s, helper);
        }, py::arg("helper"))
        .def("dodge_modifier", [](const PyState& st, int pid, int dest, int start) {
            check_on_pitch(st, pid);
            check_square(st, dest);
            if (start < 0) start = st.s.players[pid].square;
            check_square(st, start);
            return dodge_modifier(st.s, *st.board, pid, dest, start);
        }, py::arg("pid"), py::arg("dest"), py::arg("start") = -1)
        .def("reaction_modifier", [](const PyState& st, int pid, int dest, int start) {
            check_on_pitch(st, pid);
            if (start < 0) start = st.s.players[pid].square;
            check_square(st, start);
            check_square(st, dest);
            return reaction_modifier(st.s, *st.board, pid, dest, start);
        }, py::arg("pid"), py::arg("dest"), py::arg("start") = -1)
        .def("dodge_reroll_blocked", [](const PyState& st, int pid, int start) {
            check_player(st, pid);
            check_square(st, start);
            return dodge_reroll_blocked(st.s, *st.board, pid, start);
        }, py::arg("pid"), py::arg("start"))
        .def("gfi_target", [](const PyState& st) { return gfi_target(st.s); })
        .def("max_gfi", [](const PyState& st, int pid) {
            check_player(st, pid);
            return max_gfi(st.s, pid);
        }, py::arg("pid"))
        .def("stand_up_cost", [](const PyState& st, int pid) {
            check_player(st, pid);
            return stand_up_cost(st.s, pid);
        }, py::arg("pid"))
        .def("can_handle_ball", [](const PyState& st, int pid) {
            check_player(st, pid);
            return can_handle_ball(st.s, pid);
        }, py::arg("pid"))
        .def("can_catch", [](const PyState& st, int pid) {
            check_player(st, pid);
            return can_catch(st.s, pid);
        }, py::arg("pid"))
        .def("pickup_roll_modifier", [](const PyState& st, int pid) {
            check_on_pitch(st, pid);
            return pickup_roll_modifier(st.s, *st.board, pid);
        }, py::arg("pid"))
        .def("catch_modifier", [](const PyState& st, int pid, int bonus, bool accurate) {
            check_on_pitch(st, pid);
            if (bonus < -9 || bonus > 9) throw std::invalid_argument("a catch bonus is -9 to 9, got " + std::to_string(bonus));
            return catch_modifier(st.s, *st.board, pid, bonus, accurate);
        }, py::arg("pid"), py::arg("bonus"), py::arg("accurate") = false)
        .def("team_reroll_available", [](const PyState& st, int side) {
            check_side(side);
            return team_reroll_available(st.s, side);
        }, py::arg("side"))
        .def("reroll_sources", [](const PyState& st, int pid, int kind, bool blocked_skill, std::optional<bool> team) {
            check_player(st, pid);
            check_kind(kind);
            const RerollSources r = reroll_sources(st.s, pid, kind, blocked_skill, team ? int(*team) : -1);
            return py::make_tuple(r.skill, r.skill_once, r.team, r.pro, r.loner);
        }, py::arg("pid"), py::arg("kind"), py::arg("blocked_skill") = false, py::arg("team") = py::none(),
           "(skill, skill_once, team, pro, loner) as rolls.reroll_sources.")
        .def("paths", &path_search, py::arg("pid"), py::arg("moves_used") = 0, py::arg("team_reroll") = py::none(),
             py::arg("pickup") = true, py::arg("compensated") = false,
             "One pathfinder search (core/paths.py) for `pid`: {'all', 'endzone', 'blitz', 'handoff', 'foul'}, "
             "each route (steps, prob, moves, moves_after, step keys, target square); `compensated`: "
             "sum floats as Python 3.12+ does.")
        .def("path_odds", &path_odds, py::arg("pid"), py::arg("moves_used") = 0, py::arg("team_reroll") = py::none(),
             py::arg("pickup") = true, py::arg("compensated") = false,
             "{flat square: chance of the safest route} for every square `pid` can reach (no routes built).");

    {
        const py::object state_cls = m.attr("State");
        PyObject* clone = PyDescr_NewMethod(reinterpret_cast<PyTypeObject*>(state_cls.ptr()), &clone_def);
        if (clone == nullptr) throw py::error_already_set();
        state_cls.attr("clone") = py::reinterpret_steal<py::object>(clone);
    }

    // --- the scripted roller (api): dice.ScriptedRoller's queue held in C++ -----------------
    // `Script` is a ScriptedRoller's `queue` on a native game (a deque of (Dice, outcome));
    // State.step_scripted / resolve_scripted / advance_scripted resolve chance events from it
    // and return the outcomes used (the game's record). On an error the state and the queue
    // are put back; a script that cannot resolve an event halts the game at that chance node.
    static PyObject* dice_cls = py::object(py::module_::import("nuffle.core.dice").attr("Dice")).release().ptr();
    auto entry_to_py = [](const ScriptEntry& e) {
        return py::make_tuple(py::handle(dice_cls)(static_cast<int>(e.kind)), outcome_to_py(e.outcome));
    };
    auto entry_from_py = [](const py::handle& h) {
        if (!py::isinstance<py::tuple>(h) || py::len(h) != 2) {
            throw py::type_error("a script entry is a (Dice kind, outcome) pair");
        }
        const auto t = h.cast<py::tuple>();
        return ScriptEntry{dice_kind(small_int(t[0], "a dice kind")), outcome_from_py(t[1])};
    };
    py::class_<Script>(m, "Script", "A scripted roller's queue of (Dice kind, outcome), held by the native engine.")
        .def(py::init<>())
        .def("append", [entry_from_py](Script& sc, const py::handle& e) { sc.queue.push_back(entry_from_py(e)); })
        .def("extend", [entry_from_py](Script& sc, const py::iterable& es) {
            std::deque<ScriptEntry> add;
            for (const py::handle& e : es) add.push_back(entry_from_py(e));
            sc.queue.insert(sc.queue.end(), add.begin(), add.end());
        })
        .def("popleft", [entry_to_py](Script& sc) {
            if (sc.queue.empty()) throw py::index_error("pop from an empty script");
            py::tuple e = entry_to_py(sc.queue.front());
            sc.queue.pop_front();
            return e;
        })
        .def("clear", [](Script& sc) { sc.queue.clear(); })
        .def("copy", [](const Script& sc) { return Script{sc.queue, {}}; })
        .def("__len__", [](const Script& sc) { return sc.queue.size(); })
        .def("__getitem__", [entry_to_py](const Script& sc, long i) {
            const long n = static_cast<long>(sc.queue.size());
            if (i < 0) i += n;
            if (i < 0 || i >= n) throw py::index_error("script index out of range");
            return entry_to_py(sc.queue[static_cast<std::size_t>(i)]);
        })
        .def("__iter__", [entry_to_py](const Script& sc) {
            py::list out;
            for (const ScriptEntry& e : sc.queue) out.append(entry_to_py(e));
            return py::iter(out);
        })
        .def("__repr__", [entry_to_py](const Script& sc) {
            py::list out;
            for (const ScriptEntry& e : sc.queue) out.append(entry_to_py(e));
            return "Script(" + py::repr(out).cast<std::string>() + ")";
        });
    auto scripted = [](PyState& st, Script& sc, auto&& body) {
        const std::deque<ScriptEntry> saved = sc.queue;
        sc.taken.clear();
        try {
            guarded(st, [&] {
                body();
                advance_scripted(st.s, *st.board, sc);
            });
        } catch (...) {
            sc.queue = saved;
            sc.taken.clear();
            throw;
        }
        py::list out;
        for (const Outcome& o : sc.taken) out.append(outcome_to_py(o));
        sc.taken.clear();
        return out;
    };
    py::reinterpret_borrow<py::class_<PyState>>(m.attr("State"))
        .def("advance_scripted", [scripted](PyState& st, Script& sc) { return scripted(st, sc, [] {}); },
             py::arg("script"), "Game._advance with a scripted roller; the outcomes it used.")
        .def("step_scripted", [scripted](PyState& st, int type, int player, int square, Script& sc) {
            check_act(st, type, player, square);
            // Game.step logs the decision whatever the roller (log_decision)
            return scripted(st, sc, [&] { act_only(st.s, *st.board, Act{type, player, square}, true); });
        }, py::arg("type"), py::arg("player"), py::arg("square"), py::arg("script"),
           "Game.step with a scripted roller; the outcomes it used.")
        .def("resolve_scripted", [scripted](PyState& st, const py::handle& outcome, Script& sc) {
            const Outcome o = outcome_from_py(outcome);
            if (st.s.pending == 0 || st.s.decider != D_CHANCE) throw IllegalActionError("there is no pending chance event");
            if (!is_valid_outcome(st.s.chance.event, o)) throw IllegalActionError("not an outcome of the pending event");
            return scripted(st, sc, [&] {
                st.s.chance.outcome = o;
                st.s.chance.event = Chance{};
                st.s.pending = 0;
                st.s.decider = D_RUNNING;
            });
        }, py::arg("outcome"), py::arg("script"),
           "Game.apply_chance with a scripted roller (the outcome is not the script's); the outcomes it used.");
    // --- end of the scripted roller (api) ---------------------------------------------------
    m.def("need", [](int target, int mod, bool agility) {
        if (target < -99 || target > 99 || mod < -99 || mod > 99) throw std::invalid_argument("target and modifier are -99 to 99");
        return need(target, mod, agility);
    }, py::arg("target"), py::arg("mod"), py::arg("agility") = true, "The lowest D6 face that succeeds (7: none).");
    m.def("agility_target", [](int stat) {
        if (stat < 0 || stat > 255) throw std::invalid_argument("a stat is 0 to 255, got " + std::to_string(stat));
        return agility_target(stat);
    }, py::arg("stat"));
    py::dict hook_skills;  // the hook points with handler tables (points.hpp), their LRB6 skills
    for (const hooks::PointSkills& h : hooks::lrb6_points(hooks::AllPoints{})) {
        if (hook_skills.contains(h.name)) throw std::logic_error(std::string("hook point listed twice: ") + h.name);
        hook_skills[h.name] = h.skills;
    }
    m.attr("HOOK_SKILLS") = hook_skills;
    py::list procs;
    for (int i = 0; i < frames::PROC_COUNT; ++i) {
        const frames::ProcInfo& info = frames::PROCS[i];
        py::list fields;
        for (int k = 0; k < info.field_count; ++k) {
            static constexpr const char* KINDS[] = {"int", "bool", "enum", "list", "tuple"};
            const frames::FieldInfo& fi = info.fields[k];
            fields.append(py::make_tuple(fi.name, KINDS[static_cast<int>(fi.kind)], fi.enum_class));
        }
        procs.append(py::make_tuple(info.frame, info.cls, fields, is_ported(i)));
    }
    m.attr("FRAMES") = procs;
    m.attr("LIST_POOL") = LIST_POOL;
    bind_perf(m);  // perf: play_random_games, State.outcomes, the quick accessors
    bind_encoder(m);  // the environments' encoder
    bind_vecparts(m);  // reward events, rewards, the scripted set-up
    bind_bots(m);  // the native bots
    bind_vec(m);  // the batched environment
    bind_mcts(m);  // the search
}
