// LRB6's handlers at kickoff.hpp's hook points (Python's skill_rules/ball_skills.py): Kick,
// Kick-Off Return, Fan Favourite. Included by kickoff.hpp after its procedures.
#pragma once

#include <algorithm>
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

// AFTER_SCATTER: BB2020's On the Ball, its Kick-Off Return half (none of its own where a
// Kick-Off Return player is on the pitch: one move for the team).
inline void on_the_ball(Ctx& c) {
    for (int p = 0; p < c.s.player_count; ++p) {
        const Player& pl = c.s.players[p];
        if (on_pitch_status(pl.status) && pl.has_skill(frames::skill::KICK_OFF_RETURN)) return;
    }
    kick_off_return(c);
}

inline int fan_favourite(const State&, int) noexcept { return 1; }  // FAME
}  // namespace lrb6_kickoff

NUFFLE_LRB6_HANDLERS(KickDistance, {frames::skill::KICK, lrb6_kickoff::kick})
// BB2020's own Kick (skill_rules/bb2020_kick_skills.py): the nominated kicker, implicit, is one
// of kickers(): standing players off the line of scrimmage and out of the wide zones, else those
// on it, else any standing player; Kick halves his kick's deviation, rounded down.
namespace bb2020_kickoff {
inline bool may_kick(const State& s, const Board& b, int pid) noexcept {
    const std::uint8_t los = s.kicking == HOME ? LOS_HOME : LOS_AWAY;
    int tier_of_pid = -1, best = 3;  // 0: off the line and wide zones, 1: on the line, 2: other
    for (int p = 0; p < s.player_count; ++p) {
        const Player& pl = s.players[p];
        if (pl.team != s.kicking || pl.status != static_cast<int>(Status::STANDING)) continue;
        const auto k = static_cast<std::size_t>(pl.square);
        const int tier = (b.flags[k] & los) != 0 ? 1 : (b.wide[k] != 0 ? 2 : 0);
        best = std::min(best, tier);
        if (p == pid) tier_of_pid = tier;
    }
    return tier_of_pid >= 0 && tier_of_pid == best;
}
inline std::optional<int> kick(const State& s, const Board& b, int pid, int dist) noexcept {
    if (!may_kick(s, b, pid)) return std::nullopt;
    return dist / 2;
}
}  // namespace bb2020_kickoff

NUFFLE_BB2020_HANDLERS(KickDistance, {frames::skill::KICK, bb2020_kickoff::kick})
NUFFLE_LRB6_HANDLERS(AfterScatter, {frames::skill::KICK_OFF_RETURN, lrb6_kickoff::kick_off_return},
                     {frames::skill::ON_THE_BALL, lrb6_kickoff::on_the_ball})
NUFFLE_LRB6_HANDLERS(KickoffFame, {frames::skill::FAN_FAVOURITE, lrb6_kickoff::fan_favourite})

}  // namespace nuffle::procs
