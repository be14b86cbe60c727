// The binding's speed-minded part (included by module.cpp after PyState): whole random games
// played in C++ (`play_random_games`), exact outcomes (`State.outcomes`, core/transitions.py in
// C++) and the quick accessors bots ask most (a player's square, status, characteristics and
// skills; the ball; tackle zones; who is on the pitch).
#pragma once

#include <string>
#include <vector>

#include "nuffle/random_play.hpp"
#include "nuffle/transitions.hpp"

namespace {

// An unsigned 128-bit integer as a Python int.
py::object py_u128(nuffle::u128 v) {
    const auto hi = static_cast<std::uint64_t>(v >> 64);
    const auto lo = static_cast<std::uint64_t>(v);
    if (hi == 0) return py::int_(lo);
    return (py::int_(hi) * py::int_(std::uint64_t{1} << 32) * py::int_(std::uint64_t{1} << 32)) + py::int_(lo);
}

// {node: Fraction} of the absorbing nodes of an explored graph C++ could not solve (a cycle,
// rationals over 128 bits), by core/transitions.py's exact solver over Fractions.
py::dict python_flow(const nuffle::Explored& ex) {
    const py::object fraction = py::module_::import("fractions").attr("Fraction");
    py::list edges;
    py::list transient;
    for (std::size_t i = 0; i < ex.states.size(); ++i) {
        py::list es;
        for (const nuffle::Edge& e : ex.edges(i)) es.append(py::make_tuple(fraction(e.p.num, e.p.den), e.to));
        edges.append(es);
        transient.append(py::bool_(ex.states[i].decider == nuffle::D_CHANCE));
    }
    return py::module_::import("nuffle.core.transitions").attr("_flow")(edges, transient);
}

// [(num, den, State)] of the absorbing states of an explored graph, in discovery order; the
// graph is solved here when C++ could not (a cycle, or rationals over 128 bits).
py::list outcomes_to_py(const nuffle::Explored& ex, const std::shared_ptr<const nuffle::Board>& board) {
    const std::size_t n = ex.states.size();
    std::vector<py::object> nums(n), dens(n);
    std::vector<bool> has(n, false);
    if (ex.solved) {
        for (std::size_t i = 0; i < n; ++i) {
            if (ex.mass[i].num == 0) continue;
            nums[i] = py_u128(ex.mass[i].num);
            dens[i] = py_u128(ex.mass[i].den);
            has[i] = true;
        }
    } else {  // core/transitions.py's exact solver over Fractions
        for (const auto& [k, v] : python_flow(ex)) {
            const auto i = k.cast<std::size_t>();
            nums[i] = v.attr("numerator");
            dens[i] = v.attr("denominator");
            has[i] = true;
        }
    }
    py::list out;
    const bool paths = !ex.via.empty();
    for (std::size_t i = 0; i < n; ++i) {
        if (!has[i] || ex.states[i].decider == nuffle::D_CHANCE) continue;
        if (!paths) {
            out.append(py::make_tuple(nums[i], dens[i], py::cast(std::unique_ptr<PyState>(new PyState{ex.states[i], board, {}}))));
            continue;
        }
        py::list path;
        for (const nuffle::Outcome& o : nuffle::path_to(ex, static_cast<int>(i))) path.append(outcome_to_py(o));
        out.append(py::make_tuple(nums[i], dens[i], py::cast(std::unique_ptr<PyState>(new PyState{ex.states[i], board, nuffle::log_of(ex, static_cast<int>(i))})), path));
    }
    return out;
}

py::object xy_or_none(const PyState& st, int sq) {
    if (sq < 0) return py::none();
    return py::make_tuple(int(st.board->xs[static_cast<std::size_t>(sq)]), int(st.board->ys[static_cast<std::size_t>(sq)]));
}

void bind_perf(py::module_& m) {
    static PyObject* input_error_cls =
        py::object(py::module_::import("nuffle.core.errors").attr("InputError")).release().ptr();
    py::register_exception_translator([](std::exception_ptr p) {
        try {
            if (p) std::rethrow_exception(p);
        } catch (const nuffle::TooManyStatesError& e) {
            PyErr_SetString(input_error_cls, e.what());
        }
    });

    m.def(
        "play_random_games",
        [](const PyState& start, int games, std::uint64_t seed, long max_decisions) {
            if (games < 0) throw std::invalid_argument("games must be at least 0, got " + std::to_string(games));
            if (max_decisions < 1) throw std::invalid_argument("max_decisions must be at least 1");
            std::vector<nuffle::RandomGame> results(static_cast<std::size_t>(games));
            const nuffle::State first = nuffle::clone(start.s);  // `start` may change in another thread
            {
                py::gil_scoped_release free;
                for (int i = 0; i < games; ++i) {
                    {  // Ctrl-C between games (a game takes milliseconds)
                        const py::gil_scoped_acquire gil;
                        if (PyErr_CheckSignals() != 0) throw py::error_already_set();
                    }
                    nuffle::State s = nuffle::clone(first);
                    const std::uint64_t game_seed = seed + static_cast<std::uint64_t>(i);
                    s.rng = nuffle::seed_state(game_seed);
                    results[static_cast<std::size_t>(i)] =
                        nuffle::play_random(s, *start.board, game_seed ^ 0xA5A5A5A5A5A5A5A5ULL, max_decisions);
                }
            }
            py::list out;
            for (const nuffle::RandomGame& r : results) {
                out.append(py::make_tuple(r.score[0], r.score[1], r.decisions,
                                          r.complete ? py::object(py::none()) : py::object(py::str(r.stopped))));
            }
            return out;
        },
        py::arg("start"), py::arg("games"), py::arg("seed") = 0, py::arg("max_decisions") = 200000,
        "Play `games` whole games from copies of `start`, game i with its generator reseeded from "
        "seed + i and random decisions (a C++ xorshift stream), all in C++: a list of "
        "(home score, away score, decisions, None or why the game stopped early).");

    auto cls = py::reinterpret_borrow<py::class_<PyState>>(m.attr("State"));
    cls.def(
           "outcomes",
           [](const PyState& st, int type, int player, int square, int max_states, bool solve_in_cpp, bool paths) {
               if (max_states < 0) throw std::invalid_argument("max_states must be at least 0");
               nuffle::State start = nuffle::clone(st.s);
               nuffle::EventLog log;
               if (paths) log = st.log.get();
               if (type >= 0) {
                   check_act(st, type, player, square);
                   if (paths) {
                       const nuffle::LogScope scope(start, log);
                       nuffle::step(start, *st.board, nuffle::Act{type, player, square}, true);
                   } else {
                       nuffle::step(start, *st.board, nuffle::Act{type, player, square}, true);
                   }
               } else if (start.decider != nuffle::D_CHANCE) {
                   throw nuffle::IllegalActionError("outcomes() without an action needs a chance node");
               }
               // one exploration's storage per thread, reused (a nested call gets its own)
               thread_local nuffle::Explored kept;
               thread_local bool kept_busy = false;
               std::unique_ptr<nuffle::Explored> own;
               if (kept_busy) own = std::make_unique<nuffle::Explored>();
               nuffle::Explored& ex = own ? *own : kept;
               struct Busy {
                   bool& flag;
                   bool was;
                   ~Busy() { flag = was; }
               } busy{kept_busy, kept_busy};
               kept_busy = true;
               const std::function<void()> poll = [] {  // Ctrl-C while it enumerates
                   if (PyErr_CheckSignals() != 0) throw py::error_already_set();
               };
               nuffle::explore(start, *st.board, max_states, ex, paths ? &log : nullptr, poll);
               if (!solve_in_cpp) ex.solved = false;  // the tests check the other solver this way
               return outcomes_to_py(ex, st.board);
           },
           py::arg("type") = -1, py::arg("player") = -1, py::arg("square") = -1, py::arg("max_states") = 100000,
           py::arg("solve_in_cpp") = true, py::arg("paths") = false,
           "Game.outcomes in C++: the exact distribution [(num, den, State)] of taking the action "
           "(type -1: of resolving the pending chance event) up to the next decision or the end, "
           "identical positions merged; this state is untouched. solve_in_cpp=False: solve with "
           "core/transitions.py over Fractions, as is done anyway for a graph with a cycle. "
           "paths=True: [(num, den, State, outcomes)], each State with its event log (this "
           "state's, then the step's and the resolutions' notes) and the chance outcomes of the "
           "first path to it (what NativeGame.outcomes puts in the next games' histories).")
        .def("random_setup_action", [](PyState& st, std::uint64_t rng) {
            if (st.s.frame_count == 0 || st.s.stack[st.s.frame_count - 1].proc != nuffle::frames::SETUP ||
                (st.s.decider != nuffle::D_HOME && st.s.decider != nuffle::D_AWAY)) {
                throw std::invalid_argument("no set-up is being decided");
            }
            nuffle::Act a;
            if (!nuffle::random_setup_act(st.s, *st.board, rng, a)) {
                a = nuffle::random_act(nuffle::legal_actions(st.s, *st.board), rng);
            }
            return py::make_tuple(a.type, a.player, a.square, rng);
        }, py::arg("rng"),
           "The native random player's set-up decision: (type, player, flat square, next rng).")
        .def("square_of", [](const PyState& st, int pid) {
            check_player(st, pid);
            return int(st.s.players[pid].square);
        }, py::arg("pid"), "A player's flat square (-1 off the pitch).")
        .def("xy_of", [](const PyState& st, int pid) {
            check_player(st, pid);
            return xy_or_none(st, st.s.players[pid].square);
        }, py::arg("pid"), "A player's (x, y), or None off the pitch.")
        .def("status_of", [](const PyState& st, int pid) {
            check_player(st, pid);
            return int(st.s.players[pid].status);
        }, py::arg("pid"), "A player's Status value.")
        .def("team_of", [](const PyState& st, int pid) {
            check_player(st, pid);
            return int(st.s.players[pid].team);
        }, py::arg("pid"), "A player's side (0 home, 1 away).")
        .def("stats_of", [](const PyState& st, int pid) {
            check_player(st, pid);
            const nuffle::Player& p = st.s.players[pid];
            return py::make_tuple(int(p.ma), int(p.st), int(p.ag), int(p.av));
        }, py::arg("pid"), "A player's (MA, ST, AG, AV).")
        .def("skills_of", [](const PyState& st, int pid) {
            check_player(st, pid);
            std::vector<int> out;
            for (int k = 0; k < 64 * nuffle::SKILL_WORDS; ++k) {
                if (st.s.players[pid].has_skill(k)) out.push_back(k);
            }
            return out;
        }, py::arg("pid"), "A player's skills, as sorted Skill values.")
        .def("flags_of", [](const PyState& st, int pid) {
            check_player(st, pid);
            return st.s.players[pid].flags;
        }, py::arg("pid"), "A player's PFlag bits.")
        .def("player_at", [](const PyState& st, int x, int y) {
            if (x < 0 || x >= st.board->width || y < 0 || y >= st.board->height) {
                throw std::invalid_argument("square (" + std::to_string(x) + ", " + std::to_string(y) + ") is off the pitch");
            }
            const int v = st.s.grid[st.board->sq(x, y)];
            return v >= 0 ? py::object(py::int_(v)) : py::object(py::none());
        }, py::arg("x"), py::arg("y"), "The player on (x, y), or None.")
        .def("on_pitch", [](const PyState& st, int side) {
            if (side < -1 || side > 1) throw std::invalid_argument("side must be -1, 0 or 1, got " + std::to_string(side));
            std::vector<int> out;
            for (int pid = 0; pid < st.s.player_count; ++pid) {
                const nuffle::Player& p = st.s.players[pid];
                if (p.square >= 0 && (side < 0 || p.team == side)) out.push_back(pid);
            }
            return out;
        }, py::arg("side") = -1, "The ids of the players on the pitch (of one side, or -1: both).")
        .def("ball", [](const PyState& st) {
            return py::make_tuple(xy_or_none(st, st.s.ball), int(st.s.ball_state));
        }, "The ball: ((x, y) or None, BallState value).")
        .def("tackle_zones_at", [](const PyState& st, int x, int y, int side) {
            check_side(side);
            if (x < 0 || x >= st.board->width || y < 0 || y >= st.board->height) {
                throw std::invalid_argument("square (" + std::to_string(x) + ", " + std::to_string(y) + ") is off the pitch");
            }
            return nuffle::tackle_zones(st.s, *st.board, st.board->sq(x, y), side);
        }, py::arg("x"), py::arg("y"), py::arg("side"),
           "How many opponents of `side` put a tackle zone on (x, y) (GameState.tackle_zones).")
        .def_property_readonly("scores", [](const PyState& st) {
            return py::make_tuple(int(st.s.teams[0].score), int(st.s.teams[1].score));
        }, "(home score, away score).");
}

}  // namespace
