// Set-up (core/procedures/setup.py): a coach places players in his half; legality is checked
// before it may end. Also the re-arrangement after a Perfect Defence (`rearrange`).
#pragma once

#include <vector>

#include "nuffle/engine_base.hpp"
#include "nuffle/procs/match.hpp"

namespace nuffle::procs {

namespace fs = frames::p_setup;

// setup.setup_problem: whether `side`'s set-up is legal now (not `counted`: the number on the
// pitch unchecked, as a re-arrangement keeps it and BB2020's Swarming may exceed 11).
inline bool setup_legal(const Ctx& c, int side, bool counted = true) {
    const State& s = c.s;
    const Board& b = c.b;
    const Variant& v = b.variant;
    int placed = 0, on_los = 0, wide[3] = {0, 0, 0};
    const std::uint8_t los = side == HOME ? LOS_HOME : LOS_AWAY;
    for (int p = 0; p < s.player_count; ++p) {
        const Player& pl = s.players[p];
        if (pl.team != side || pl.square < 0) continue;
        ++placed;
        if (!in_own_half(b, pl.square, side)) return false;
        const auto k = static_cast<std::size_t>(pl.square);
        if ((b.flags[k] & los) != 0) ++on_los;
        ++wide[b.wide[k]];
    }
    const int avail = available_count(s, side);
    const int can_field = v.pitch_max < avail ? v.pitch_max : avail;
    if (counted && (placed > v.pitch_max || placed < can_field)) return false;
    const int need = v.los_min < placed ? v.los_min : placed;
    if (on_los < need) return false;
    return wide[1] <= v.wide_max && wide[2] <= v.wide_max;
}

inline Legal setup_legal_actions(Ctx& c) {
    const State& s = c.s;
    const Board& b = c.b;
    Frame& f = c.top();
    const int side = f.arg[fs::F_SIDE];
    const bool rearrange = f.arg[fs::F_REARRANGE] != 0;
    std::vector<int> on, movable;
    for (int p = 0; p < s.player_count; ++p) {
        const Player& pl = s.players[p];
        if (pl.team != side) continue;
        if (pl.square >= 0) on.push_back(p);
        if (rearrange ? pl.square >= 0
                      : (pl.square >= 0 || (pl.status == static_cast<int>(Status::RESERVE) &&
                                            (pl.flags & frames::flag::HEAT) == 0))) {
            movable.push_back(p);
        }
    }
    Legal out;
    if (!movable.empty()) {  // setup._placements
        std::vector<int> free, occupied;
        for (int q = 0; q < b.size; ++q) {  // flat order is (y, x) order
            if (!in_own_half(b, q, side)) continue;
            const int occupant = s.grid[q];
            const bool taken = occupant >= 0 && s.players[occupant].team == side;
            (taken ? occupied : free).push_back(q);
        }
        if (on.empty()) {
            out.push_back(Choice{frames::at::PLACE_PLAYER, movable, free, {}});
        } else {
            out.push_back(Choice{frames::at::PLACE_PLAYER, movable, free, {}});
            std::vector<int> reserves;
            for (const int p : movable) {
                if (s.players[p].square < 0) reserves.push_back(p);
            }
            if (!reserves.empty() && !occupied.empty()) {
                out.push_back(Choice{frames::at::PLACE_PLAYER, reserves, occupied, {}});
            }
            for (const int p : movable) {
                if (s.players[p].square < 0) continue;
                std::vector<int> others;
                for (const int q : occupied) {
                    if (s.grid[q] != p) others.push_back(q);
                }
                if (!others.empty()) out.push_back(Choice{frames::at::PLACE_PLAYER, {p}, others, {}});
            }
        }
    }
    if (!on.empty() && !rearrange) out.push_back(Choice{frames::at::RESERVE_PLAYER, on, {}, {}});
    if (setup_legal(c, side)) out.push_back(Choice{frames::at::END_SETUP, {}, {}, {}});
    return out;
}

inline void setup_run(Ctx& c) { wait(c.s, c.top().arg[fs::F_SIDE], frames::dk::SETUP); }

inline void setup_act(Ctx& c, const Act& a) {
    State& s = c.s;
    if (a.type == frames::at::END_SETUP) {
        pop(s);
        return;
    }
    const int pid = a.player;
    if (a.type == frames::at::RESERVE_PLAYER) {
        remove_player(s, pid, static_cast<int>(Status::RESERVE));
        return;
    }
    const int sq = a.square;
    const int occupant = s.grid[sq];
    if (occupant == pid) return;
    Player& pl = s.players[pid];
    const int old = pl.square;
    if (old >= 0) s.grid[old] = SQUARE_EMPTY;
    if (occupant >= 0) {  // swap: the occupant takes the placed player's old place
        Player& o = s.players[occupant];
        if (old >= 0) {
            s.grid[old] = static_cast<std::int8_t>(occupant);
            o.square = static_cast<std::int16_t>(old);
        } else {
            o.square = -1;
            o.status = static_cast<std::uint8_t>(Status::RESERVE);
        }
    }
    s.grid[sq] = static_cast<std::int8_t>(pid);
    pl.square = static_cast<std::int16_t>(sq);
    pl.status = static_cast<std::uint8_t>(Status::STANDING);
}

}  // namespace nuffle::procs
