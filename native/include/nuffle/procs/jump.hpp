// BB2020's Jump (core/procedures/jump.py): any player but a Ball & Chain may, once per
// activation of a moving action, jump to an empty square exactly two away over an adjacent
// Prone or Stunned player (a (2, 1) offset: either square between counts); it is the LEAP
// action (player_action_act), its roll's modifier move_step.hpp's jump_modifier. The
// pathfinders do not plan jumps; a player with the Leap skill is offered Leap's squares instead.
#pragma once

#include <cstdlib>
#include <vector>

#include "nuffle/engine_base.hpp"
#include "nuffle/procs/ball.hpp"
#include "nuffle/rules.hpp"

namespace nuffle::procs {

// jump._between: the offsets, along one axis, of the squares a jump of `d` passes over.
inline int jump_between(int d, int out[2]) noexcept {
    if (d == 2 || d == -2) {
        out[0] = d / 2;
        return 1;
    }
    out[0] = 0;
    out[1] = d;
    return d != 0 ? 2 : 1;
}

inline bool jump_down(const State& s, const Board& b, int x, int y) noexcept {
    const int q = s.grid[b.sq(x, y)];
    return q >= 0 && (s.players[q].status == static_cast<int>(Status::PRONE) ||
                      s.players[q].status == static_cast<int>(Status::STUNNED));
}

// jump.jump_squares, in the same order (`anywhere`: over any square, BB2020's Leap and Pogo Stick).
// A jump passes over a neighbour of its start only, so none is legal without a Prone or
// Stunned neighbour: checked first, as most moving players have none (the bench's hot path).
inline std::vector<int> jump_squares(const State& s, const Board& b, int pid, bool anywhere = false) {
    std::vector<int> out;
    const int sq = s.players[pid].square;
    bool near = anywhere;
    for (std::size_t i = 0; i < b.neighbours.size() && !near; ++i) {
        const int q = s.grid[sq + b.neighbours[i]];
        near = q >= 0 && (s.players[q].status == static_cast<int>(Status::PRONE) ||
                          s.players[q].status == static_cast<int>(Status::STUNNED));
    }
    if (!near) return out;
    const int x0 = b.xs[static_cast<std::size_t>(sq)], y0 = b.ys[static_cast<std::size_t>(sq)];
    for (int dy = -2; dy <= 2; ++dy) {
        for (int dx = -2; dx <= 2; ++dx) {
            const int x = x0 + dx, y = y0 + dy;
            if ((std::abs(dx) != 2 && std::abs(dy) != 2) || !ball_on(b, x, y) || s.grid[b.sq(x, y)] != SQUARE_EMPTY) {
                continue;
            }
            int mxs[2], mys[2];
            const int nx = jump_between(dx, mxs), ny = jump_between(dy, mys);
            bool over = anywhere;
            for (int j = 0; j < ny && !over; ++j) {
                for (int i = 0; i < nx && !over; ++i) over = jump_down(s, b, x0 + mxs[i], y0 + mys[j]);
            }
            if (over) out.push_back(b.sq(x, y));
        }
    }
    return out;
}

// jump.jump_choices: the LEAP group of a jump when the ruleset has Jump and no skill listed one.
inline void jump_choices(const State& s, const Board& b, int pid, bool moving, int moves, Legal& groups) {
    const Player& pl = s.players[pid];
    if (!rules_of(s).jump || !moving || (pl.flags & (pf::LEAP_USED | pf::ROOTED)) != 0 ||
        pl.has_skill(sk::BALL_AND_CHAIN) || moves + 2 > pl.ma + max_gfi(s, pid)) {
        return;
    }
    for (const Choice& g : groups) {
        if (g.type == frames::at::LEAP) return;
    }
    std::vector<int> squares = jump_squares(s, b, pid);
    if (!squares.empty()) groups.push_back(Choice{frames::at::LEAP, {}, squares, {}});
}

}  // namespace nuffle::procs
