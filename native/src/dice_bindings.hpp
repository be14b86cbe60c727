// The dice and the generator (included by module.cpp): seed_state, next_state, draw, sample,
// outcomes, grouped_outcomes and is_valid_outcome (nuffle/rng.hpp, nuffle/chance.hpp).
#pragma once

namespace {

void bind_dice(py::module_& m) {
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
        [](int kind, int n, int group, int ruleset) {
            const Chance c = make_chance(kind, n, group);
            if (ruleset < 0 || ruleset >= frames::rules::COUNT) {
                throw std::invalid_argument("ruleset must be 0 to " + std::to_string(frames::rules::COUNT - 1));
            }
            return weighted_to_py(grouped_outcomes(c.kind, n, c.group, ruleset));
        },
        py::arg("kind"), py::arg("n"), py::arg("group"), py::arg("ruleset") = 0,
        "Outcomes merged by the event's group (casualty classes of native ruleset `ruleset`).");
    m.def(
        "is_valid_outcome",
        [](int kind, int n, const py::handle& outcome) {
            return is_valid_outcome(make_chance(kind, n, 0), outcome_from_py(outcome));
        },
        py::arg("kind"), py::arg("n"), py::arg("outcome"), "Whether outcome is one of the event's.");
}

}  // namespace
