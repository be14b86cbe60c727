// The binding of the batched environments' parts (included by module.cpp after PyState): the
// reward events and rewards (step_events.hpp: `StepEventTracker`, `Reward`, `EVENT_NAMES`) and
// the scripted set-up (setup_plan.hpp: `SetupPlanner`). envs/native_parts.py builds them from
// envs/rewards.py's presets and the formations data file.
#pragma once

#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "nuffle/setup_plan.hpp"
#include "nuffle/step_events.hpp"

namespace {

py::list events_list(const nuffle::rewards::StepEvents& e) {
    py::list out(e.v.size());
    for (std::size_t i = 0; i < e.v.size(); ++i) out[i] = py::float_(e.v[i]);
    return out;
}

nuffle::rewards::StepEvents events_from(const std::vector<double>& values) {
    nuffle::rewards::StepEvents e;
    if (values.size() != e.v.size()) {
        throw std::invalid_argument("events hold " + std::to_string(e.v.size()) + " values (EVENT_NAMES), got " +
                                    std::to_string(values.size()));
    }
    std::copy(values.begin(), values.end(), e.v.begin());
    return e;
}

nuffle::setup_plan::Formations formations_from(const py::dict& named) {
    nuffle::setup_plan::Formations out;
    for (const auto& [name, squares] : named) {
        out[py::cast<std::string>(name)] = py::cast<nuffle::setup_plan::Formation>(squares);
    }
    return out;
}

void bind_vecparts(py::module_& m) {
    namespace rw = nuffle::rewards;
    namespace sp = nuffle::setup_plan;
    py::tuple names(rw::EVENT_NAMES.size());
    for (std::size_t i = 0; i < rw::EVENT_NAMES.size(); ++i) names[i] = py::str(rw::EVENT_NAMES[i]);
    m.attr("EVENT_NAMES") = names;
    py::class_<rw::EventTracker>(m, "StepEventTracker",
                                 "The reward events of one side of a native game (envs/rewards.py's EventTracker).")
        .def(py::init([](const PyState& st, int side) {
                 check_side(side);
                 return rw::EventTracker(st.s, *st.board, st.log.get(), side);
             }),
             py::arg("state"), py::arg("side"))
        .def("after", [](rw::EventTracker& t, const PyState& st, int actor, int action_type) {
            check_side(actor);
            rw::StepEvents e;
            t.after(st.s, st.log.get(), actor, action_type, e);
            return events_list(e);
        }, py::arg("state"), py::arg("actor"), py::arg("action_type"),
           "The events (in EVENT_NAMES order) of the decision of `action_type` that `actor` just took in `state`.")
        .def("finish", [](const rw::EventTracker& t, const PyState& st) {
            rw::StepEvents e;
            t.finish(st.s, e);
            return events_list(e);
        }, py::arg("state"), "The result's events (win, loss or draw) when the match in `state` is over; zeros else.")
        .def_property_readonly("side", &rw::EventTracker::side);
    py::class_<rw::Reward>(m, "Reward", "A weighted sum of reward events (envs/rewards.py's WeightedReward).")
        .def(py::init<std::vector<std::pair<int, double>>, bool>(), py::arg("terms"), py::arg("compensated") = false,
             "From (event index, weight) terms, summed in their order as Python's sum() does (`compensated`: "
             "Neumaier's sum, Python 3.12 on).")
        .def("total", [](const rw::Reward& r, const std::vector<double>& values) { return r(events_from(values)); },
             py::arg("events"), "The reward of `events` (one value per EVENT_NAMES entry).")
        .def_property_readonly("terms", &rw::Reward::terms)
        .def_property_readonly("compensated", &rw::Reward::compensated);
    py::class_<sp::SetupPlanner>(m, "SetupPlanner",
                                 "The scripted bot's set-up decisions on one board (agents/scripted/bot.py).")
        .def(py::init([](const std::shared_ptr<nuffle::Board>& board, const py::dict& offense, const py::dict& defense) {
                 return sp::SetupPlanner(*board, formations_from(offense), formations_from(defense));
             }),
             py::arg("board"), py::arg("offense"), py::arg("defense"),
             "From the board's formations by name: home-side (x, y) squares in priority order.")
        .def("reset", &sp::SetupPlanner::reset, "A new match: forget the plan.")
        .def("act", [](sp::SetupPlanner& planner, PyState& st) {
            const nuffle::Legal legal = nuffle::legal_actions(st.s, *st.board);
            const nuffle::Act a = planner.act(st.s, legal);
            return py::make_tuple(a.type, a.player, a.square);
        }, py::arg("state"), "(action type, player or -1, flat square or -1): the set-up decision now.")
        .def("pending", &sp::SetupPlanner::pending, "The placements still planned: (player, flat square) pairs.");
}

}  // namespace
