// Pick-me-up at the end of the opposing team's turn (core/skill_rules/bb2020_trait_skills.py,
// PickMeUp): a D6 for each Prone player (not Stunned) within three squares of a standing
// team-mate with Pick-me-up, in id order; 5+ stands him up. The turn's TURN_END handler
// (skill_rules/turn_skills.hpp) pushes it.
#pragma once

#include "nuffle/engine_base.hpp"

namespace nuffle::procs {

namespace fpm = frames::p_pick_me_up;

// bb2020_trait_skills.picked_up: the first player of `side` after id `after` to roll for, or -1.
inline int picked_up(const State& s, const Board& b, int side, int after) {
    for (int q = after + 1; q < s.player_count; ++q) {
        const Player& pl = s.players[q];
        if (pl.team != side || pl.status != static_cast<int>(Status::PRONE) || pl.square < 0) continue;
        for (int h = 0; h < s.player_count; ++h) {
            const Player& hp = s.players[h];
            if (h != q && hp.team == side && hp.status == static_cast<int>(Status::STANDING) && hp.square >= 0 &&
                hp.has_skill(frames::skill::PICK_ME_UP) && b.distance(pl.square, hp.square) <= 3) {
                return q;
            }
        }
    }
    return -1;
}

inline void push_pick_me_up(State& s, int side) {
    Frame& f = push(s, frames::PICK_ME_UP);
    f.arg[fpm::F_SIDE] = i16(side);
    f.arg[fpm::F_AFTER] = -1;
}

inline void pick_me_up_run(Ctx& c) {
    State& s = c.s;
    Frame& f = c.top();
    if (f.phase == fpm::ROLLED && die(s) >= 5) {
        s.players[f.arg[fpm::F_AFTER]].status = static_cast<std::uint8_t>(Status::STANDING);
    }
    const int nxt = picked_up(s, c.b, f.arg[fpm::F_SIDE], f.arg[fpm::F_AFTER]);
    if (nxt < 0) {
        pop(s);
        return;
    }
    f.arg[fpm::F_AFTER] = i16(nxt);
    f.phase = fpm::ROLLED;
    request_threshold(s, 5, purpose("pick-me-up"));
}

}  // namespace nuffle::procs
