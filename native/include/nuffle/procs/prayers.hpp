// BB2020's Prayers to Nuffle in a match (core/procedures/prayers.py): the Prayer frame (a D16,
// a result already in effect for the team rolled again), their expiry at a drive's and a
// half's end with the drive's Brilliant Coaching re-roll, and the effects asked where they act
// (Moles under the Pitch: rules.hpp's moles_modifier, in rush_modifier; Under Scrutiny and
// Friends with the Ref in the foul). The table's numbers and durations are frames.hpp's
// `prayer` (generated from Ruleset.prayers); a team's prayers are bit sets on its Team.
#pragma once

#include "nuffle/engine_base.hpp"

namespace nuffle::procs {

// prayers.active: the prayer numbered `n` is in effect for `side`.
inline bool prayer_active(const State& s, int side, int n) noexcept { return ((s.teams[side].prayers >> (n - 1)) & 1) != 0; }

// prayers.expire: every prayer lasting `upto` (0 drive, 1 half) or less ends.
inline void expire_prayers(State& s, int upto) noexcept {
    if (s.teams[0].prayers == 0 && s.teams[1].prayers == 0) return;
    unsigned ending = 0;
    for (int i = 0; i < frames::prayer::COUNT; ++i) {
        if (frames::prayer::DURATION[i] <= upto) ending |= 1U << i;
    }
    for (Team& t : s.teams) t.prayers = static_cast<std::uint16_t>(t.prayers & ~ending);
}

// prayers.end_drive_rerolls: a Brilliant Coaching re-roll still held is lost at a drive's end.
inline void end_drive_rerolls(State& s) noexcept {
    for (Team& t : s.teams) {
        if (t.drive_reroll == 0) continue;
        const int keep = t.drive_reroll - 1;
        if (t.rerolls > keep) t.rerolls = static_cast<std::uint8_t>(keep);
        t.drive_reroll = 0;
    }
}

// prayers.count_under: one event of per-player record `stat` for `pid` while prayer `n` is in
// effect for his team (Perfect Passing, Necessary Violence, ...: the post-game prices them).
inline void count_under(State& s, int pid, int n, int stat) noexcept {
    if (prayer_active(s, s.players[pid].team, n)) ++s.pstats[pid * PSTATS + stat];
}

// prayers.acting_player: the player whose action is played (the innermost PlayerAction), or -1.
inline int acting_player(const State& s) noexcept {
    for (int i = s.frame_count - 1; i >= 0; --i) {
        if (s.stack[i].proc == frames::PLAYER_ACTION) return s.stack[i].arg[frames::p_player_action::F_PID];
    }
    return -1;
}

// prayers.scrutinised: Under Scrutiny, every foul by a player of `side` is spotted.
inline bool scrutinised(const State& s, int side) noexcept {
    return prayer_active(s, other(side), frames::prayer::UNDER_SCRUTINY);
}

// prayers.argue_target: Argue the Call succeeds on 6, or 5-6 with Friends with the Ref.
inline int argue_target(const State& s, int side) noexcept {
    return prayer_active(s, side, frames::prayer::FRIENDS_WITH_THE_REF) ? 5 : 6;
}

// prayers.Prayer
inline void prayer_run(Ctx& c) {
    State& s = c.s;
    Frame& f = c.top();
    namespace fp = frames::p_prayer;
    const int side = f.arg[fp::F_SIDE];
    Team& t = s.teams[side];
    const unsigned full = (1U << frames::prayer::COUNT) - 1;
    if (f.phase == fp::ROLLED) {
        const int n = die(s);
        if (((t.prayers >> (n - 1)) & 1) == 0) {
            t.prayers = static_cast<std::uint16_t>(t.prayers | (1U << (n - 1)));
            t.prayed = static_cast<std::uint16_t>(t.prayed | (1U << (n - 1)));
            note(s, frames::ev::PRAYER, side, n, 0);
            pop(s);
            return;
        }
    }
    if ((t.prayers & full) == full) {
        pop(s);
        return;
    }
    f.phase = fp::ROLLED;
    request(s, Dice::D16, 1, purpose("Prayers to Nuffle"));
}

inline void push_prayer(State& s, int side) {
    Frame& f = push(s, frames::PRAYER);
    f.arg[frames::p_prayer::F_SIDE] = static_cast<std::int16_t>(side);
}

}  // namespace nuffle::procs
