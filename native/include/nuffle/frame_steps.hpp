// Frame-by-frame driving for parity checks from positions: run the ported frames only, stopping
// (without error) where an unported frame comes on top, and apply a decision or a chance outcome
// without advancing, so a position can be compared with the Python engine's after each part of
// a procedure, even one that pushes frames other rule areas have not ported yet.
#pragma once

#include "nuffle/engine.hpp"

namespace nuffle {

// Runs top frames while the engine runs and the top frame is ported; stops at a decision, a
// chance node, an empty stack or an unported frame (left on top, not run).
inline void run_ported(State& s, const Board& b) {
    Ctx c{s, b};
    while (s.decider == D_RUNNING && s.frame_count > 0 && is_ported(c.top().proc)) run_top(c);
}

// Game.step's first half: a legal decision applied to the top frame, nothing run after it.
inline void act_only(State& s, const Board& b, const Act& a) {
    if (s.decider != D_HOME && s.decider != D_AWAY) throw IllegalActionError("no coach decides now");
    const Legal legal = legal_actions(s, b);
    if (std::none_of(legal.begin(), legal.end(), [&](const Choice& g) { return allows(g, a); })) {
        throw IllegalActionError("it is not among the legal actions of " +
                                 std::string(s.decider == D_HOME ? "home" : "away") + " in " +
                                 frames::PROCS[s.stack[s.frame_count - 1].proc].cls);
    }
    Ctx c{s, b};
    s.decider = D_RUNNING;
    act_top(c, a);
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
