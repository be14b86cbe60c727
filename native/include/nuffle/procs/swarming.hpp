// After both set-ups (core/procedures/swarming.py): the AFTER_SETUPS skills act before the
// kick (BB2020's Swarming: D3 Swarming reserves placed in the team's own half, off the line of
// scrimmage and out of the wide zones, even beyond 11; the kicking team first).
#pragma once

#include <vector>

#include "nuffle/engine_base.hpp"
#include "nuffle/hooks.hpp"
#include "nuffle/procs/match.hpp"
#include "nuffle/procs/setup.hpp"
#include "nuffle/rules.hpp"

namespace nuffle::procs {

NUFFLE_HOOK_POINT(AfterSetups, "drive.after_setups", void(Ctx&, int side));

namespace fswm = frames::p_swarming;

// swarming.reserves: `side`'s reserves who may be set up (not heat-exhausted).
inline std::vector<int> setup_reserves(const State& s, int side) {
    std::vector<int> out;
    for (int p = 0; p < s.player_count; ++p) {
        const Player& pl = s.players[p];
        if (pl.team == side && pl.square < 0 && pl.status == static_cast<int>(Status::RESERVE) &&
            (pl.flags & frames::flag::HEAT) == 0) {
            out.push_back(p);
        }
    }
    return out;
}

// swarming.swarming_squares: empty squares of `side`'s half off the line and the wide zones.
inline std::vector<int> swarming_squares(const State& s, const Board& b, int side) {
    std::vector<int> out;
    const std::uint8_t los = side == HOME ? LOS_HOME : LOS_AWAY;
    for (int q = 0; q < b.size; ++q) {
        const auto k = static_cast<std::size_t>(q);
        if (in_own_half(b, q, side) && s.grid[q] == SQUARE_EMPTY && (b.flags[k] & los) == 0 && b.wide[k] == 0) {
            out.push_back(q);
        }
    }
    return out;
}

// swarming.after_setups: AFTER_SETUPS for the receiving team, then the kicking team (whose
// procedure, pushed last, resolves first); whether a procedure was pushed.
inline bool after_setups(Ctx& c) {
    State& s = c.s;
    const int depth = s.frame_count;
    for (const int side : {other(s.kicking), static_cast<int>(s.kicking)}) {
        const std::vector<int> res = setup_reserves(s, side);
        for (const auto& h : hooks::handlers<AfterSetups>(s)) {
            bool present = false;
            for (const int p : res) present = present || s.players[p].has_skill(h.skill);
            if (present) h.fn(c, side);
        }
    }
    return s.frame_count != depth;
}

inline void swarming_run(Ctx& c) {
    State& s = c.s;
    Frame& f = c.top();
    if (f.phase == fswm::START) {
        f.phase = fswm::ROLLED;
        request(s, Dice::D3, 1, purpose("swarming"));
        return;
    }
    if (f.phase == fswm::ROLLED) {
        f.arg[fswm::F_LIMIT] = static_cast<std::int16_t>(die(s));
        f.phase = fswm::PLACING;
    }
    wait(s, f.arg[fswm::F_SIDE], frames::dk::SETUP);
}

inline Legal swarming_legal(Ctx& c) {
    const State& s = c.s;
    const Frame& f = c.top();
    const int side = f.arg[fswm::F_SIDE];
    Legal out;
    if (f.arg[fswm::F_PLACED] < f.arg[fswm::F_LIMIT]) {
        std::vector<int> movers;
        for (const int p : setup_reserves(s, side)) {
            if (s.players[p].has_skill(frames::skill::SWARMING)) movers.push_back(p);
        }
        std::vector<int> squares = swarming_squares(s, c.b, side);
        if (!movers.empty() && !squares.empty()) {
            out.push_back(Choice{frames::at::PLACE_PLAYER, std::move(movers), std::move(squares), {}});
        }
    }
    out.push_back(Choice{frames::at::END_SETUP, {}, {}, {}});
    return out;
}

inline void swarming_act(Ctx& c, const Act& a) {
    State& s = c.s;
    if (a.type == frames::at::END_SETUP) {
        pop(s);
        return;
    }
    Player& pl = s.players[a.player];
    s.grid[a.square] = static_cast<std::int8_t>(a.player);
    pl.square = static_cast<std::int16_t>(a.square);
    pl.status = static_cast<std::uint8_t>(Status::STANDING);
    ++c.top().arg[fswm::F_PLACED];
}

}  // namespace nuffle::procs

#include "nuffle/skill_rules/setup_skills.hpp"
