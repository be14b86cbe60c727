// Zap! (core/procedures/zap.py): the Wizard's second spell where the ruleset says so
// (`rules_of(s).zap`, BB2020), in place of the Lightning Bolt. One opposing player on the
// pitch (any state, not already a frog); a D6 of his ST or more (2 to 6) turns him into a frog
// for the match: the frog's characteristics and skills replace his; a ball he held bounces.
#pragma once

#include <algorithm>
#include <vector>

#include "nuffle/engine_base.hpp"

namespace nuffle::procs {

// zap.zap_targets: the opposing players on the pitch, not frogs, in id order.
inline std::vector<int> zap_targets(const State& s, int side) {
    std::vector<int> out;
    for (int p = 0; p < s.player_count; ++p) {
        const Player& pl = s.players[p];
        if (pl.team != side && pl.square >= 0 && (pl.marks & frames::rule::FROG_MARK) == 0) out.push_back(p);
    }
    return out;
}

// zap.zap_need: the D6 that zaps `pid`, his ST clamped to 2..6.
inline int zap_need(const State& s, int pid) noexcept {
    return std::max(2, std::min(6, static_cast<int>(s.players[pid].st)));
}

// zap.turn_into_frog: the frog's profile replaces his (and his marks: a frog's alone).
inline void turn_into_frog(State& s, int pid) noexcept {
    Player& p = s.players[pid];
    p.ma = frames::rule::FROG_MA;
    p.st = frames::rule::FROG_ST;
    p.ag = frames::rule::FROG_AG;
    p.pa = frames::rule::FROG_PA;
    p.av = frames::rule::FROG_AV;
    for (auto& w : p.skills) w = 0;
    namespace sk = frames::skill;
    for (const int k : {sk::DODGE, sk::LEAP, sk::NO_HANDS, sk::STUNTY, sk::TITCHY, sk::VERY_LONG_LEGS}) {
        p.skills[k / 64] |= 1ULL << (k % 64);
    }
    for (auto& v : p.values) v = 0;
    p.animosity = 0;
    p.marks = frames::rule::FROG_MARK;
}

}  // namespace nuffle::procs
