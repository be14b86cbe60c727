// The binding of the native bots (included by module.cpp after the batched environments'
// parts, whose `formations_from` it uses): `ScriptedBot(board, offense, defense, compensated)`
// (nuffle/bots/scripted.hpp), the scripted bot's decisions on a native state.
// agents/scripted/bot.py plays a native game's view with it.
#pragma once

#include <memory>

#include <map>
#include <string>

#include "nuffle/bots/grod.hpp"
#include "nuffle/bots/grod_rollouts.hpp"
#include "nuffle/bots/scripted.hpp"

namespace {

struct PyGrodBot {
    std::shared_ptr<const nuffle::Board> board;
    std::unique_ptr<nuffle::bots::GrodBot> bot;
};

struct PyGrodRollouts {
    std::shared_ptr<const nuffle::Board> board;
    std::unique_ptr<nuffle::bots::GrodRollouts> bot;
};

struct PyScriptedBot {
    std::shared_ptr<const nuffle::Board> board;
    std::unique_ptr<nuffle::bots::ScriptedBot> bot;
};

void bind_bots(py::module_& m) {
    py::class_<PyScriptedBot>(m, "ScriptedBot",
                              "The scripted bot in C++ (agents/scripted/bot.py's ScriptedBot, decision for decision).")
        .def(py::init([](std::shared_ptr<nuffle::Board> board, const py::dict& offense, const py::dict& defense,
                         bool compensated) {
                 auto out = std::make_unique<PyScriptedBot>();
                 out->board = board;
                 out->bot = std::make_unique<nuffle::bots::ScriptedBot>(*board, formations_from(offense),
                                                                         formations_from(defense), compensated);
                 return out;
             }),
             py::arg("board"), py::arg("offense"), py::arg("defense"), py::arg("compensated"),
             "On `board`, with its formations by name (home-side (x, y) squares in priority order); `compensated`: "
             "the pathfinder sums as Python 3.12+ does.")
        .def("reset", [](PyScriptedBot& b) { b.bot->reset(); }, "A new match: forget everything.")
        .def("act", [](PyScriptedBot& b, const PyState& st, bool plain) {
            const nuffle::Act a = b.bot->act(st.s, plain);
            return py::make_tuple(a.type, a.player, a.square);
        }, py::arg("state"), py::arg("plain") = false,
           "(action type, player or -1, flat square or -1): the decision of the side to decide in `state` "
           "(`plain`: as shown the match without assisted moves).");
    py::class_<PyGrodBot>(m, "GrodBot", "The grod bot in C++ (agents/grod/bot.py's GrodBot, decision for decision).")
        .def(py::init([](std::shared_ptr<nuffle::Board> board, const py::dict& offense, const py::dict& defense,
                         const std::map<std::string, double>& values, bool compensated) {
                 auto out = std::make_unique<PyGrodBot>();
                 out->board = board;
                 out->bot = std::make_unique<nuffle::bots::GrodBot>(*board, formations_from(offense),
                                                                     formations_from(defense),
                                                                     nuffle::bots::GrodValues::from(values), compensated);
                 return out;
             }),
             py::arg("board"), py::arg("offense"), py::arg("defense"), py::arg("values"), py::arg("compensated"),
             "On `board`, with the formation it sets up in of each kind (one by name, home-side (x, y) squares in "
             "priority order), its purpose values by name (agents/grod/values.py's table); `compensated`: the sums "
             "as Python 3.12+ does them.")
        .def("reset", [](PyGrodBot& b) { b.bot->reset(); }, "A new match: forget everything.")
        .def("act", [](PyGrodBot& b, const PyState& st, bool plain) {
            const nuffle::Act a = b.bot->act(st.s, plain);
            return py::make_tuple(a.type, a.player, a.square);
        }, py::arg("state"), py::arg("plain") = false,
           "(action type, player or -1, flat square or -1): the decision of the side to decide in `state` "
           "(`plain`: as shown the match without assisted moves).");
    py::class_<PyGrodRollouts>(m, "GrodRollouts",
                               "grod improved by rollouts at its team-turn decisions (nuffle/bots/grod_rollouts.hpp).")
        .def(py::init([](std::shared_ptr<nuffle::Board> board, const py::dict& offense, const py::dict& defense,
                         const std::map<std::string, double>& values, bool compensated, int candidates, int samples,
                         double seconds, int horizon, bool end_turn, double margin, double z, std::uint64_t seed) {
                 nuffle::bots::RolloutSettings cfg;
                 cfg.candidates = candidates;
                 cfg.samples = samples;
                 cfg.seconds = seconds;
                 cfg.horizon = horizon;
                 cfg.end_turn = end_turn;
                 cfg.margin = margin;
                 cfg.z = z;
                 cfg.seed = seed;
                 auto out = std::make_unique<PyGrodRollouts>();
                 out->board = board;
                 out->bot = std::make_unique<nuffle::bots::GrodRollouts>(
                     *board, formations_from(offense), formations_from(defense),
                     nuffle::bots::GrodValues::from(values), compensated, cfg);
                 return out;
             }),
             py::arg("board"), py::arg("offense"), py::arg("defense"), py::arg("values"), py::arg("compensated"),
             py::arg("candidates"), py::arg("samples"), py::arg("seconds"), py::arg("horizon"), py::arg("end_turn"),
             py::arg("margin"), py::arg("z"), py::arg("seed"),
             "As GrodBot's, with the search's settings (ValueError, one line, for one out of range).")
        .def("reset", [](PyGrodRollouts& b) { b.bot->reset(); }, "A new match: forget everything.")
        .def("act", [](PyGrodRollouts& b, const PyState& st, bool plain) {
            const nuffle::Act a = b.bot->act(st.s, plain);
            return py::make_tuple(a.type, a.player, a.square);
        }, py::arg("state"), py::arg("plain") = false,
           "(action type, player or -1, flat square or -1): the decision of the side to decide in `state`.")
        .def("options", [](PyGrodRollouts& b, const PyState& st) {
            nuffle::State view = st.s;
            const nuffle::Legal legal = nuffle::legal_actions(view, *b.board);
            py::list out;
            for (const auto& o : b.bot->options(view, legal)) {
                py::list plan;
                for (const nuffle::Act& a : o.plan) plan.append(py::make_tuple(a.type, a.player, a.square));
                out.append(py::make_tuple(o.pid, o.rank, plan));
            }
            return out;
        }, py::arg("state"), "grod's options searched at this team-turn decision: (player, rank, plan), its own first.")
        .def("rollout", [](PyGrodRollouts& b, const PyState& st, std::size_t option, std::uint64_t dice) {
            nuffle::State view = st.s;
            const nuffle::Legal legal = nuffle::legal_actions(view, *b.board);
            const auto options = b.bot->options(view, legal);
            if (option > options.size()) throw py::value_error("no such option");
            return b.bot->rollout(view, options, option, dice);
        }, py::arg("state"), py::arg("option"), py::arg("dice"),
           "The worth, for the side deciding, of one rollout of option `option` (len(options): end the turn) "
           "on dice stream `dice`.")
        .def("stats", [](const PyGrodRollouts& b) {
            const auto& s = b.bot->stats();
            py::dict d;
            d["decisions"] = s.decisions;
            d["rounds"] = s.rounds;
            d["rollouts"] = s.rollouts;
            d["changed"] = s.changed;
            d["seconds"] = s.seconds;
            return d;
        }, "What the searches did since the last reset: decisions searched, rounds, rollouts, decisions where "
           "another option than grod's was played, seconds.");
}

}  // namespace
