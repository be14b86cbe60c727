// Frame-by-frame driving for parity checks from positions: run the ported frames only, stopping
// (without error) where an unported frame comes on top, and apply a decision or a chance outcome
// without advancing, so a position can be compared with the Python engine's after each part of
// a procedure, even one that pushes frames other rule areas have not ported yet.
#pragma once

#include "nuffle/engine.hpp"

namespace nuffle {

// Runs top frames while the engine runs and the top frame is ported; stops at a decision, a
// chance node, a stack shorter than `min_depth` (at least 1) or an unported frame (left on
// top, not run).
inline void run_ported(State& s, const Board& b, int min_depth = 1) {
    Ctx c{s, b};
    const int depth = min_depth < 1 ? 1 : min_depth;
    while (s.decider == D_RUNNING && s.frame_count >= depth && is_ported(c.top().proc)) run_top(c);
}

// The pending chance event resolved with `outcome` (already checked), nothing run after it.
inline void resolve_only(State& s, const Outcome& outcome) {
    if (s.decider != D_CHANCE || s.pending == 0) throw IllegalActionError("there is no pending chance event");
    s.chance.outcome = outcome;
    s.chance.event = Chance{};
    s.pending = 0;
    s.decider = D_RUNNING;
}

}  // namespace nuffle
