// The scripted roller (api; included by module.cpp after the state): `Script`, a
// dice.ScriptedRoller's queue held in C++ (nuffle/script.hpp), and the State methods that
// resolve chance events from it.
#pragma once

#include <deque>

namespace {

void bind_script(py::module_& m) {
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
}

}  // namespace
