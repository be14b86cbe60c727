// The binding of the batched environment's core (included by module.cpp after the encoder's
// binding): `VecEnv(board, n, spec, codec, start, options)` steps n matches of one board
// (nuffle/vec_env.hpp) and writes into numpy arrays bound once (`bind`). envs/batched.py
// drives it.
#pragma once

#include <pybind11/numpy.h>

#include <algorithm>
#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "nuffle/vec_env.hpp"

namespace {

struct PyVecEnv {
    std::shared_ptr<const nuffle::Board> board;
    std::unique_ptr<nuffle::vec::VecEnv> env;
    py::dict arrays;  // the bound arrays, kept alive while bound
    bool bound = false;

    nuffle::vec::VecEnv& ready() {
        if (!bound) throw std::invalid_argument("the batched environment has no arrays yet: call bind() first");
        return *env;
    }
    nuffle::vec::Row& row(int i) {
        if (i < 0 || i >= env->size()) {
            throw py::index_error("row " + std::to_string(i) + " is out of range 0.." + std::to_string(env->size() - 1));
        }
        return env->row(i);
    }
    py::list pending() const {
        py::list out;
        for (int i = 0; i < env->size(); ++i) {
            if (env->row(i).pending != nuffle::vec::NONE) out.append(i);
        }
        return out;
    }
};

nuffle::vec::Options vec_options(const py::dict& d) {
    nuffle::vec::Options o;
    const auto opponent = d["opponent"].cast<int>();
    const auto setup = d["setup"].cast<int>();
    if (opponent < 0 || opponent > 5) throw std::invalid_argument("unknown opponent mode " + std::to_string(opponent));
    if (setup < 0 || setup > 2) throw std::invalid_argument("unknown set-up mode " + std::to_string(setup));
    o.opponent = static_cast<nuffle::vec::Opponent>(opponent);
    o.setup = static_cast<nuffle::vec::Setup>(setup);
    o.max_steps = d["max_steps"].cast<int>();
    o.setup_kind = d["setup_kind"].cast<int>();
    o.reward = nuffle::rewards::Reward(d["reward"].cast<std::vector<std::pair<int, double>>>(),
                                       d["compensated"].cast<bool>());
    if (d.contains("opponent_setup")) {
        const auto opponent_setup = d["opponent_setup"].cast<int>();
        if (opponent_setup != 0 && opponent_setup != 2) {
            throw std::invalid_argument("unknown opponent set-up mode " + std::to_string(opponent_setup));
        }
        o.opponent_setup = static_cast<nuffle::vec::Setup>(opponent_setup);
    }
    o.compensated = d["compensated"].cast<bool>();
    if (d.contains("keep_final")) o.keep_final = d["keep_final"].cast<bool>();
    if (o.setup == nuffle::vec::Setup::SCRIPTED || o.opponent_setup == nuffle::vec::Setup::SCRIPTED ||
        o.opponent == nuffle::vec::Opponent::SCRIPTED) {
        o.offense = formations_from(d["offense"].cast<py::dict>());
        o.defense = formations_from(d["defense"].cast<py::dict>());
    }
    if (o.opponent == nuffle::vec::Opponent::GROD) {
        o.grod_offense = formations_from(d["grod_offense"].cast<py::dict>());
        o.grod_defense = formations_from(d["grod_defense"].cast<py::dict>());
        o.grod_values = nuffle::bots::GrodValues::from(d["grod_values"].cast<std::map<std::string, double>>());
    }
    return o;
}

void bind_vec(py::module_& m) {
    // a NuffleError: nuffle.core.errors.InputError (a ValueError) is its base
    const py::object input_error = py::module_::import("nuffle.core.errors").attr("InputError");
    py::register_exception<nuffle::vec::ActionError>(m, "VecActionError", input_error);
    py::class_<PyVecEnv>(m, "VecEnv", "N matches of one board stepped together (envs/batched.py).")
        .def(py::init([](std::shared_ptr<nuffle::Board> board, int n, const py::dict& spec, const py::dict& codec,
                         const PyState& start, const py::dict& options) {
                 if (start.s.board != board->variant.players) {
                     throw std::invalid_argument("the start position is on board " + std::to_string(start.s.board) +
                                                 ", the environment on board " + std::to_string(board->variant.players));
                 }
                 auto out = std::make_unique<PyVecEnv>();
                 out->board = board;
                 out->env = std::make_unique<nuffle::vec::VecEnv>(n, *board, spec_from_py(spec), codec_from_py(codec), start.s,
                                                                  vec_options(options));
                 return out;
             }),
             py::arg("board"), py::arg("n"), py::arg("spec"), py::arg("codec"), py::arg("start"), py::arg("options"))
        .def_property_readonly("size", [](const PyVecEnv& v) { return v.env->size(); })
        .def("bind", [](PyVecEnv& v, const py::dict& arrays) {
            const nuffle::vec::VecEnv& e = *v.env;
            const py::ssize_t n = e.size();
            const auto& o = e.observer();
            const py::ssize_t l = o.layers(), h = o.height(), w = o.width(), f = o.non_spatial_size();
            const py::ssize_t a = e.codec().spec().size();
            nuffle::vec::Arrays x;
            x.spatial = out_buffer<float>(arrays["spatial"], "spatial", "float32", {n, l, h, w});
            x.non_spatial = out_buffer<float>(arrays["non_spatial"], "non_spatial", "float32", {n, f});
            x.mask = out_buffer<bool>(arrays["action_mask"], "action_mask", "bool", {n, a});
            std::fill(x.mask, x.mask + n * a, false);  // VecEnv keeps each row's mask by its last indices
            x.reward = out_buffer<double>(arrays["reward"], "reward", "float64", {n});
            x.terminated = out_buffer<bool>(arrays["terminated"], "terminated", "bool", {n});
            x.truncated = out_buffer<bool>(arrays["truncated"], "truncated", "bool", {n});
            x.side = out_buffer<std::int8_t>(arrays["side"], "side", "int8", {n});
            x.actions = out_buffer<std::int64_t>(arrays["actions"], "actions", "int64", {n});
            x.seeds = out_buffer<std::int64_t>(arrays["seeds"], "seeds", "int64", {n, 3});
            x.final_spatial = out_buffer<float>(arrays["final_spatial"], "final_spatial", "float32", {n, l, h, w});
            x.final_non_spatial = out_buffer<float>(arrays["final_non_spatial"], "final_non_spatial", "float32", {n, f});
            x.final_mask = out_buffer<bool>(arrays["final_action_mask"], "final_action_mask", "bool", {n, a});
            x.final_side = out_buffer<std::int8_t>(arrays["final_side"], "final_side", "int8", {n});
            x.final_score = out_buffer<std::int16_t>(arrays["final_score"], "final_score", "int16", {n, 2});
            x.other_reward = out_buffer<double>(arrays["other_reward"], "other_reward", "float64", {n});
            v.env->bind(x);
            v.arrays = arrays;
            v.bound = true;
        }, py::arg("arrays"), "Bind the arrays every later call reads and writes (each checked: dtype, shape, layout).")
        .def("reset", [](PyVecEnv& v) {
            v.ready().reset();
            return v.pending();
        }, "Start every row's episode from `seeds`; returns the rows waiting for Python.")
        .def("step", [](PyVecEnv& v) {
            v.ready().step();
            return v.pending();
        }, "Take `actions` (all checked first: VecActionError naming the row and index, nothing stepped); "
           "returns the rows waiting for Python.")
        .def("check", [](PyVecEnv& v) { v.ready().check(); },
             "step's check of `actions` alone (VecActionError naming the row and index); nothing is stepped.")
        .def("sample", [](PyVecEnv& v, std::uint64_t seed) { v.ready().sample(seed); }, py::arg("seed"),
             "Random legal actions into `actions` (a random action type, then one of its indices; the random "
             "player's set-up moves).")
        .def("pending", &PyVecEnv::pending, "The rows waiting for Python.")
        .def("pending_kind", [](PyVecEnv& v, int i) { return static_cast<int>(v.row(i).pending); }, py::arg("row"),
             "0 none, 1 a new episode (its bots' new_game), 2 a decision Python takes, 3 the policy opponent's.")
        .def("act", [](PyVecEnv& v, int i, int type, int player, int square) {
            v.row(i);
            v.ready().act(i, nuffle::Act{type, player, square});
        }, py::arg("row"), py::arg("type"), py::arg("player") = -1, py::arg("square") = -1,
           "Python's decision for a pending row (IllegalActionError, nothing changed, when it is not legal).")
        .def("policy_observe", [](PyVecEnv& v, const py::handle& spatial, const py::handle& non_spatial,
                                  const py::handle& uniforms) {
            nuffle::vec::VecEnv& e = v.ready();
            const py::ssize_t n = e.size();
            const auto& o = e.observer();
            float* sp = out_buffer<float>(spatial, "spatial", "float32", {n, o.layers(), o.height(), o.width()});
            float* ns = out_buffer<float>(non_spatial, "non_spatial", "float32", {n, o.non_spatial_size()});
            double* u = out_buffer<double>(uniforms, "uniforms", "float64", {n});
            const int k = e.policy_observe(sp, ns, u);
            std::size_t width = 1;
            for (const int i : e.policy_rows()) width = std::max(width, e.row(i).idx.size());
            py::array_t<std::int64_t> legal({static_cast<py::ssize_t>(k), static_cast<py::ssize_t>(width)});
            std::int64_t* out = legal.mutable_data();
            std::fill(out, out + static_cast<std::size_t>(k) * width, std::int64_t{-1});
            for (std::size_t j = 0; j < static_cast<std::size_t>(k); ++j) {
                const std::vector<std::int64_t>& idx = e.row(e.policy_rows()[j]).idx;
                std::copy(idx.begin(), idx.end(), out + j * width);
            }
            return legal;
        }, py::arg("spatial"), py::arg("non_spatial"), py::arg("uniforms"),
           "Every row waiting for the policy opponent: its observation seen by its decider and a uniform draw of "
           "its opponent stream into the first k rows of the arrays (n rows each). Returns its legal indices in the "
           "codec's order, (k, width) padded with -1.")
        .def("policy_rows", [](PyVecEnv& v) { return v.ready().policy_rows(); },
             "The rows the last policy_observe wrote, in its order (its first k rows).")
        .def("policy_act", [](PyVecEnv& v, const py::array_t<std::int64_t, py::array::c_style | py::array::forcecast>& index) {
            if (index.ndim() != 1) throw py::value_error("policy_act takes a 1-d array of action indices");
            v.ready().policy_act(index.data(), static_cast<std::size_t>(index.shape(0)));
            return v.pending();
        }, py::arg("indices"),
           "The policy opponent's index for each row policy_observe wrote (all checked first: VecActionError, "
           "nothing stepped); the rows run on. Returns the rows waiting for Python or the policy.")
        .def("resume", [](PyVecEnv& v, int i) {
            v.row(i);
            v.ready().resume(i);
        }, py::arg("row"), "Run on a row waiting at the start of its episode.")
        .def("state", [](PyVecEnv& v, int i) {
            const nuffle::vec::Row& r = v.row(i);
            return std::unique_ptr<PyState>(new PyState{r.s, v.board, SharedLog(r.log)});
        }, py::arg("row"), "A copy of the row's position (with its event log).")
        .def("final_state", [](PyVecEnv& v, int i) {
            return std::unique_ptr<PyState>(new PyState{v.row(i).final_state, v.board, SharedLog()});
        }, py::arg("row"), "A copy of the row's last ended episode's final position (kept when Python takes decisions).")
        .def("episode", [](PyVecEnv& v, int i) { return v.row(i).episode; }, py::arg("row"),
             "How many episodes the row has started.")
        .def("learner", [](PyVecEnv& v, int i) { return v.row(i).learner; }, py::arg("row"),
             "The learner's side in the row's episode.")
        .def("steps", [](PyVecEnv& v, int i) { return v.row(i).steps; }, py::arg("row"),
             "The learner steps of the row's episode.");
}

}  // namespace
