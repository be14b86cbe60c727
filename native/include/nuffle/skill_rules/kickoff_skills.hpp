// LRB6's handlers at kickoff.hpp's hook points (Python's skill_rules/ball_skills.py): Kick,
// Kick-Off Return, Fan Favourite. Included by kickoff.hpp after its procedures.
#pragma once

#include <optional>

#include "nuffle/hooks.hpp"
#include "nuffle/procs/kickoff.hpp"

namespace nuffle::procs {

namespace lrb6_kickoff {
// KICK_DISTANCE: Kick, for a standing kicker off the line of scrimmage and out of the wide
// zones: half the distance, rounded down.
inline std::optional<int> kick(const State& s, const Board& b, int pid, int dist) noexcept {
    const Player& pl = s.players[pid];
    const std::uint8_t los = pl.team == HOME ? LOS_HOME : LOS_AWAY;
    const auto k = static_cast<std::size_t>(pl.square);
    if (pl.status != static_cast<int>(Status::STANDING) || (b.flags[k] & los) != 0 || b.wide[k] != 0) return std::nullopt;
    return dist / 2;
}

// AFTER_SCATTER: Kick-Off Return, unless a touchback or nobody may return.
inline void kick_off_return(Ctx& c) {
    if (c.s.ball >= 0 && !kick_off_returners(c.s, c.b).empty()) {
        push(c.s, frames::KICK_OFF_RETURN).arg[fkr::F_PID] = -1;  // KickOffReturn(): nobody chosen yet
    }
}

inline int fan_favourite(const State&, int) noexcept { return 1; }  // FAME
}  // namespace lrb6_kickoff

NUFFLE_LRB6_HANDLERS(KickDistance, {frames::skill::KICK, lrb6_kickoff::kick})
NUFFLE_LRB6_HANDLERS(AfterScatter, {frames::skill::KICK_OFF_RETURN, lrb6_kickoff::kick_off_return})
NUFFLE_LRB6_HANDLERS(KickoffFame, {frames::skill::FAN_FAVOURITE, lrb6_kickoff::fan_favourite})

}  // namespace nuffle::procs
