// The binding's shared part (included by module.cpp first, before every *_bindings.hpp):
// PyState (a native state with its board and its event log, the Python `State`), the
// conversions of chance outcomes to and from Python, the argument checks every binding makes,
// and the pathfinder's results as Python dicts.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

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

// The pathfinder search for `pid` that `State.paths` and `State.path_odds` query (ValueError
// for a bad player or moves_used).
paths::Search search_of(const PyState& st, int pid, int moves_used, std::optional<bool> team_reroll, bool pickup,
                        bool compensated) {
    check_player(st, pid);
    if (moves_used < 0 || moves_used > 99) {
        throw std::invalid_argument("moves_used is 0 to 99, got " + std::to_string(moves_used));
    }
    return paths::Search(st.s, *st.board, pid, moves_used, team_reroll ? int(*team_reroll) : -1, pickup, compensated);
}

// Every query of one pathfinder search (paths.PathSearch): all, endzone, blitz, handoff, foul.
py::dict path_search(const PyState& st, int pid, int moves_used, std::optional<bool> team_reroll, bool pickup,
                     bool compensated) {
    paths::Search search = search_of(st, pid, moves_used, team_reroll, pickup, compensated);
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
    paths::Search search = search_of(st, pid, moves_used, team_reroll, pickup, compensated);
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
