// The binding of the C++ search (nuffle/mcts/search.hpp), included by module.cpp after
// perf_bindings.hpp: `nuffle._native.MctsSearch`, which agents/mcts/native_search.py drives for
// `Search.run` on a native game, and the readers its tree proxies use.
#pragma once

#include <atomic>
#include <stdexcept>
#include <string>
#include <vector>

#include "nuffle/mcts/search.hpp"

namespace {

// The float of each absorbing node's probability, worked out in Python: core/transitions.py's
// solver over Fractions for a graph C++ did not solve (a cycle, 128-bit overflow), and
// float(Fraction) for parts too large to divide exactly as doubles.
std::vector<double> python_masses(const nuffle::Explored& ex) {
    const py::gil_scoped_acquire gil;  // the search runs without the GIL
    const py::object fraction = py::module_::import("fractions").attr("Fraction");
    const std::size_t n = ex.states.size();
    std::vector<double> out(n, 0.0);
    if (ex.solved) {
        for (std::size_t i = 0; i < n; ++i) {
            if (ex.mass[i].num == 0) continue;
            out[i] = py::float_(fraction(py_u128(ex.mass[i].num), py_u128(ex.mass[i].den))).cast<double>();
        }
        return out;
    }
    for (const auto& [k, v] : python_flow(ex)) out[k.cast<std::size_t>()] = py::float_(py::reinterpret_borrow<py::object>(v)).cast<double>();
    return out;
}

struct PySearch {
    nuffle::mcts::Search search;
    std::shared_ptr<const nuffle::Board> board;
    std::atomic<bool> running{false};  // a run or look-ahead is under way (without the GIL)
};

// A search used from a second thread while it runs: nuffle's StateError, one line.
struct SearchInUseError : std::runtime_error {
    SearchInUseError()
        : std::runtime_error("this native search is already running in another thread: a bot (and its "
                             "search) decides for one thread at a time; give each thread its own bot") {}
};

// Set by `stop_searches(True)` (a server shutting down): every native search in any thread
// stops at its next poll with SearchStoppedError, and new ones refuse to start, so that no
// thread is inside a search, without the GIL, when the interpreter ends.
std::atomic<bool>& searches_stopped() noexcept {
    static std::atomic<bool> stopped{false};
    return stopped;
}

struct SearchStoppedError : std::runtime_error {
    SearchStoppedError() : std::runtime_error("the native searches were stopped (the program is ending)") {}
};

void check_running_allowed() {
    if (searches_stopped().load()) throw SearchStoppedError();
}

void check_idle(const PySearch& p) {
    if (p.running.load()) throw SearchInUseError();
}

// Held for a run: a second thread's run, or any reader meanwhile, raises SearchInUseError.
struct Running {
    std::atomic<bool>& flag;
    explicit Running(std::atomic<bool>& f) : flag(f) {
        if (flag.exchange(true)) throw SearchInUseError();
    }
    ~Running() { flag.store(false); }
    Running(const Running&) = delete;
    Running& operator=(const Running&) = delete;
};

py::object move_to_py(const nuffle::mcts::Move& m) { return py::make_tuple(int(m.type), int(m.player), int(m.square)); }

void bind_mcts(py::module_& m) {
    namespace mc = nuffle::mcts;
    static PyObject* state_error_cls =
        py::object(py::module_::import("nuffle.core.errors").attr("StateError")).release().ptr();
    py::register_exception_translator([](std::exception_ptr p) {
        try {
            if (p) std::rethrow_exception(p);
        } catch (const SearchInUseError& e) {
            PyErr_SetString(state_error_cls, e.what());
        } catch (const SearchStoppedError& e) {
            PyErr_SetString(state_error_cls, e.what());
        }
    });
    m.def("stop_searches", [](bool stop) { searches_stopped().store(stop); }, py::arg("stop") = true,
          "Stop every native search now running, in any thread, at its next poll (they raise "
          "StateError), and refuse new ones until stop_searches(False): what a server does before "
          "it exits, so that no bot thread is inside C++ when the interpreter ends.");
    py::class_<PySearch>(m, "MctsSearch",
                         "The MCTS loop in C++ (agents/mcts/native_search.py drives it for Search.run).")
        .def(py::init([](std::shared_ptr<nuffle::Board> board, const std::string& policy, double c,
                         const std::string& heuristic, const std::string& chance, int exact_limit,
                         const std::string& priors, bool reuse, int max_nodes,
                         const std::vector<std::pair<int, double>>& type_prior, int move_type,
                         const std::vector<int>& kickoff_kinds, std::uint64_t canon_rng, std::int64_t salt,
                         int rollouts, const std::string& rollout, double mix, bool crn, const std::string& rollout_at,
                         int setup_kind, int end_action, int end_turn) {
                 if (!board) throw std::invalid_argument("the search needs a board");
                 mc::Config cfg;
                 if (policy != "uct" && policy != "puct") throw std::invalid_argument("unknown policy '" + policy + "'");
                 cfg.policy = policy == "uct" ? mc::Policy::UCT : mc::Policy::PUCT;
                 cfg.c = c;
                 if (heuristic == "clock") {
                     cfg.heuristic = mc::Heuristic::CLOCK;
                 } else if (heuristic == "nuffle") {
                     cfg.heuristic = mc::Heuristic::NUFFLE;
                 } else if (heuristic == "tutorial") {
                     cfg.heuristic = mc::Heuristic::TUTORIAL;
                 } else {
                     throw std::invalid_argument("unknown heuristic '" + heuristic + "'");
                 }
                 if (chance != "expect" && chance != "sample") throw std::invalid_argument("unknown chance mode '" + chance + "'");
                 cfg.sample_chance = chance == "sample";
                 if (priors != "heuristic" && priors != "uniform") throw std::invalid_argument("unknown priors '" + priors + "'");
                 cfg.heuristic_priors = priors == "heuristic";
                 if (exact_limit < 0 || max_nodes < 0) throw std::invalid_argument("exact_limit and max_nodes must be >= 0");
                 cfg.exact_limit = exact_limit;
                 cfg.reuse = reuse;
                 cfg.max_nodes = max_nodes;
                 cfg.type_prior.assign(256, 1.0);
                 for (const auto& [t, p] : type_prior) {
                     if (t < 0 || t > 255) throw std::invalid_argument("an action type is 0 to 255");
                     cfg.type_prior[static_cast<std::size_t>(t)] = p;
                 }
                 cfg.move_type = move_type;
                 for (const int k : kickoff_kinds) {
                     if (k < 0 || k > 63) throw std::invalid_argument("a decision kind is 0 to 63");
                     cfg.kickoff_kinds |= 1ULL << k;
                 }
                 cfg.canon_rng = canon_rng;
                 cfg.salt = salt;
                 if (rollouts < 0) throw std::invalid_argument("rollouts must be >= 0");
                 if (rollout != "reply" && rollout != "random") throw std::invalid_argument("unknown rollout policy '" + rollout + "'");
                 if (rollout_at != "end" && rollout_at != "all") throw std::invalid_argument("unknown rollout_at '" + rollout_at + "'");
                 if (!(mix >= 0.0 && mix <= 1.0)) throw std::invalid_argument("mix must be between 0 and 1");
                 cfg.rollouts = rollouts;
                 cfg.reply = rollout == "reply";
                 cfg.mix = mix;
                 cfg.crn = crn;
                 cfg.rollout_all = rollout_at == "all";
                 cfg.setup_kind = setup_kind;
                 cfg.end_action = end_action;
                 cfg.end_turn = end_turn;
                 const auto poll = [] {  // every Search::POLL iterations: Ctrl-C, and a turn for other threads
                     check_running_allowed();  // before taking the GIL, which an ending interpreter keeps
                     const py::gil_scoped_acquire gil;
                     if (PyErr_CheckSignals() != 0) throw py::error_already_set();
                 };
                 return std::unique_ptr<PySearch>(new PySearch{mc::Search(std::move(cfg), *board, &python_masses, poll), board});
             }),
             py::arg("board"), py::arg("policy"), py::arg("c"), py::arg("heuristic"), py::arg("chance"),
             py::arg("exact_limit"), py::arg("priors"), py::arg("reuse"), py::arg("max_nodes"),
             py::arg("type_prior"), py::arg("move_type"), py::arg("kickoff_kinds"), py::arg("canon_rng"),
             py::arg("salt"), py::arg("rollouts"), py::arg("rollout"), py::arg("mix"), py::arg("crn"),
             py::arg("rollout_at"), py::arg("setup_kind"), py::arg("end_action"), py::arg("end_turn"))
        .def_property("rng", [](const PySearch& p) { check_idle(p); return p.search.rng.state(); },
                      [](PySearch& p, const std::vector<std::uint64_t>& words) { check_idle(p); p.search.rng.set_state(words); },
                      "The random.Random state words and index (Random.getstate()[1]).")
        .def("run", [](PySearch& p, const PyState& view, int iterations, double start, double deadline, bool early) {
            if (view.board->variant.players != p.board->variant.players) throw std::invalid_argument("the view is on another board");
            if (view.s.decider != nuffle::D_HOME && view.s.decider != nuffle::D_AWAY) {
                throw std::invalid_argument("the search starts at a coach's decision");
            }
            check_running_allowed();
            const Running running(p.running);
            const nuffle::State root = view.s;  // the view may change in another thread meanwhile
            const py::gil_scoped_release free;  // other Python threads run while it searches
            return p.search.run(root, iterations, start, deadline, early);
        }, py::arg("view"), py::arg("iterations"), py::arg("start"), py::arg("deadline"), py::arg("early"),
           "Search from the view's state; iterations > 0, or until `deadline` (time.perf_counter "
           "seconds; `start`: when the decision began). Returns the iterations run. Other Python "
           "threads run meanwhile (the GIL is released); a second thread using this search meanwhile gets "
           "nuffle's StateError.")
        .def("lookahead", [](PySearch& p, const PyState& view, int exact_limit, int samples) {
            if (view.board->variant.players != p.board->variant.players) throw std::invalid_argument("the view is on another board");
            if (view.s.decider != nuffle::D_HOME && view.s.decider != nuffle::D_AWAY) {
                throw std::invalid_argument("the look-ahead starts at a coach's decision");
            }
            if (exact_limit < 0 || samples < 1) throw std::invalid_argument("exact_limit must be >= 0 and samples >= 1");
            check_running_allowed();
            const Running running(p.running);
            const nuffle::State root = view.s;
            const py::gil_scoped_release free;
            return p.search.lookahead(root, exact_limit, samples);
        }, py::arg("view"), py::arg("exact_limit"), py::arg("samples"),
           "LookaheadBot's choice: the index of the best legal action (in legal-action order).")
        .def_property_readonly("root", [](const PySearch& p) { return p.search.root_id(); })
        .def_property_readonly("reused", [](const PySearch& p) { check_idle(p); return p.search.reused(); })
        .def_property_readonly("iterations", [](const PySearch& p) { check_idle(p); return p.search.iterations(); })
        .def_property_readonly("table_size", [](const PySearch& p) { check_idle(p); return p.search.table_size(); })
        .def_property_readonly("node_count", [](const PySearch& p) { check_idle(p); return p.search.node_count(); })
        .def("visit_sum", [](const PySearch& p) { check_idle(p); return p.search.visit_sum(); }, "The visits of the nodes in the table, summed.")
        .def("clear", [](PySearch& p) { check_idle(p); p.search.clear(); }, "Forget the tree.")
        .def("node", [](const PySearch& p, int i) {
            check_idle(p);
            const mc::Node& n = p.search.node(i);
            return py::make_tuple(n.visits, n.value, n.solved, n.final, int(n.side), n.in_table);
        }, py::arg("i"), "(visits, value, solved, final, side, in_table) of node i.")
        .def("edges", [](const PySearch& p, int i) {
            check_idle(p);
            const mc::Node& n = p.search.node(i);
            py::list out;
            for (const mc::EdgeStat& st : n.edges) {
                const mc::Edge& e = p.search.edge(st.edge);
                out.append(py::make_tuple(st.index, move_to_py(e.action), st.visits, st.value, st.solved, e.exact,
                                          e.children, e.probs, e.counts, e.prior));
            }
            return out;
        }, py::arg("i"),
           "Node i's edges in the order they were made: (index, (type, player, square), visits, value, "
           "solved, exact, children, probs, counts, prior).")
        .def("actions", [](const PySearch& p, int i) {
            check_idle(p);
            const mc::Node& n = p.search.node(i);
            py::list out;
            for (const mc::Move& a : n.actions) out.append(move_to_py(a));
            return py::make_tuple(out, n.priors, n.tried);
        }, py::arg("i"), "Node i's actions in expansion order, their priors and how many were tried.")
        .def("state", [](const PySearch& p, int i) -> py::object {
            check_idle(p);
            std::unique_ptr<PyState> st(new PyState{nuffle::State{}, p.board, {}});
            if (!p.search.state_of(i, st->s)) return py::none();
            return py::cast(std::move(st));
        }, py::arg("i"), "A copy of node i's state, or None for a leaf kept without one.");
}

}  // namespace
