// The scripted roller (core/dice.py's ScriptedRoller): chance events take their outcomes from a
// queue of (dice kind, outcome), in order. A game whose script cannot resolve the pending event
// (empty, another kind next, an impossible outcome) halts at that chance node untouched; the
// caller then raises the Python roller's own RollerError, as Game._advance does.
#pragma once

#include <deque>
#include <stdexcept>
#include <vector>

#include "nuffle/chance.hpp"
#include "nuffle/engine.hpp"

namespace nuffle {

struct ScriptEntry {
    Dice kind;
    Outcome outcome;
};

struct Script {
    std::deque<ScriptEntry> queue;
    std::vector<Outcome> taken;  // outcomes used since the caller last cleared it (the game's record)

    // Whether the queue's front resolves `event` (ScriptedRoller.resolve would not raise).
    bool fits(const Chance& event) const {
        return !queue.empty() && queue.front().kind == event.kind && is_valid_outcome(event, queue.front().outcome);
    }
};

// Game._advance with a scripted roller: run while the engine runs, resolve each chance event
// from the script's front; stop at a decision or the end (hand-over fields cleared, as
// `advance` does) and return true, or halt at a chance node the script cannot resolve and
// return false (the state as Game._advance leaves it when the roller raises).
inline bool advance_scripted(State& s, const Board& b, Script& script) {
    Ctx c{s, b};
    while (true) {
        if (s.decider == D_RUNNING) {
            if (s.frame_count == 0) throw std::logic_error("the engine runs with an empty procedure stack");
            run_top(c);
        } else if (s.decider == D_CHANCE) {
            if (!script.fits(s.chance.event)) return false;
            s.chance.outcome = script.queue.front().outcome;
            script.taken.push_back(s.chance.outcome);
            script.queue.pop_front();
            s.chance.event = Chance{};
            s.pending = 0;
            s.decider = D_RUNNING;
        } else {
            advance(s, b, true);  // a decision or the end: only clears the hand-over fields
            return true;
        }
    }
}

}  // namespace nuffle
