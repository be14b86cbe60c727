// nuffle._native: the Python binding of the native engine (dice, board geometry, state layout,
// the engine loop and its procedures); core/native_game.py builds the public Game on it.
// One translation unit: each concern's bindings are a header (`bind_*`, below) that this
// module calls in order; here are the engine's errors, its sizes and its rule tables.
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

// PyState, outcome conversions and argument checks, which every binding below uses
#include "pystate.hpp"
// dice and generator; board geometry; the state and the engine loop; the scripted roller
#include "dice_bindings.hpp"
#include "board_bindings.hpp"
#include "state_bindings.hpp"
#include "script_bindings.hpp"
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

    bind_dice(m);  // seed_state .. is_valid_outcome
    bind_board(m);  // BoardGeometry, the square flags, read_boards
    bind_state(m);  // State
    bind_script(m);  // Script, State.step_scripted and the other scripted-roller methods
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
