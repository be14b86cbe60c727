// LRB6's handlers at ball.hpp's hook points (Python's skill_rules/ball_skills.py): Diving
// Catch's landing nearby (its DivingCatch frame is ball.hpp's). Included by ball.hpp after its
// procedures.
#pragma once

#include "nuffle/hooks.hpp"
#include "nuffle/procs/ball.hpp"

namespace nuffle::procs {

namespace lrb6_ball {
// LANDING_NEARBY: Diving Catch, able to catch now; on a kick-off only inside the receiving half.
inline bool diving_catch(State& s, const Board& b, int pid, int sq, bool kickoff, bool use) {
    if (!can_catch(s, pid)) return false;
    if (kickoff && !in_own_half(b, s.players[pid].square, other(s.kicking))) return false;
    if (use) {
        Frame& f = push(s, frames::DIVING_CATCH);
        f.arg[frames::p_diving_catch::F_PID] = static_cast<std::int16_t>(pid);
        f.arg[frames::p_diving_catch::F_SQ] = static_cast<std::int16_t>(sq);
        f.arg[frames::p_diving_catch::F_KICKOFF] = kickoff ? 1 : 0;
    }
    return true;
}
}  // namespace lrb6_ball

NUFFLE_LRB6_HANDLERS(LandingNearby, {frames::skill::DIVING_CATCH, lrb6_ball::diving_catch})

}  // namespace nuffle::procs
