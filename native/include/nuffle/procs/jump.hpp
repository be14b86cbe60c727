// BB2020's Jump (core/procedures/jump.py): any player but a Ball & Chain may, once per
// activation of a moving action, jump to an empty square exactly two away over an adjacent
// Prone or Stunned player (a (2, 1) offset: either square between counts); it is the LEAP
// action (player_action_act), its roll's modifier move_step.hpp's jump_modifier. The
// pathfinders do not plan jumps; a player with the Leap skill is offered Leap's squares instead.
#pragma once

#include <array>
#include <cstddef>
#include <vector>

#include "nuffle/engine_base.hpp"
#include "nuffle/procs/ball.hpp"
#include "nuffle/rules.hpp"

namespace nuffle::procs {

// jump._between: the offsets, along one axis, of the squares a jump of `d` passes over.
constexpr int jump_between(int d, int out[2]) noexcept {
    if (d == 2 || d == -2) {
        out[0] = d / 2;
        return 1;
    }
    out[0] = 0;
    out[1] = d;
    return d != 0 ? 2 : 1;
}

// A square a jump may land on, as an offset from its start, and the neighbours of the start it
// passes over (bit (my + 1) * 3 + (mx + 1) for the neighbour at (mx, my)).
struct JumpTarget {
    int dx = 0, dy = 0;
    unsigned over = 0;
};

// The sixteen squares two away, in jump.jump_squares' order (rows, then columns).
constexpr std::array<JumpTarget, 16> jump_targets() noexcept {
    std::array<JumpTarget, 16> out{};
    std::size_t n = 0;
    for (int dy = -2; dy <= 2; ++dy) {
        for (int dx = -2; dx <= 2; ++dx) {
            if (dx != 2 && dx != -2 && dy != 2 && dy != -2) continue;
            int mxs[2] = {0, 0}, mys[2] = {0, 0};
            const int nx = jump_between(dx, mxs), ny = jump_between(dy, mys);
            unsigned over = 0;
            for (int j = 0; j < ny; ++j) {
                for (int i = 0; i < nx; ++i) over |= 1U << ((mys[j] + 1) * 3 + mxs[i] + 1);
            }
            out[n++] = JumpTarget{dx, dy, over};
        }
    }
    return out;
}

inline constexpr std::array<JumpTarget, 16> JUMP_TARGETS = jump_targets();
static_assert(JUMP_TARGETS[0].dx == -2 && JUMP_TARGETS[0].dy == -2 && JUMP_TARGETS[0].over == 0b1U);
static_assert(JUMP_TARGETS[1].dx == -1 && JUMP_TARGETS[1].over == 0b11U);    // over (-1, -1) or (0, -1)
static_assert(JUMP_TARGETS[8].dx == 2 && JUMP_TARGETS[8].dy == 0 && JUMP_TARGETS[8].over == 1U << 5);

// jump.jump_squares, in the same order (`anywhere`: over any square, BB2020's Leap and Pogo Stick).
// Which neighbours are Prone or Stunned is read once; most moving players have none, and none
// may jump (the bench's hot path). Out of line: inlined, it slowed LRB6's player_action_legal.
[[gnu::noinline]] inline std::vector<int> jump_squares(const State& s, const Board& b, int pid, bool anywhere = false) {
    std::vector<int> out;
    const int sq = s.players[pid].square;
    unsigned down = 0;  // JumpTarget::over's bits: the neighbours Prone or Stunned
    for (int my = -1; my <= 1 && !anywhere; ++my) {
        for (int mx = -1; mx <= 1; ++mx) {
            const int q = s.grid[sq + my * b.stride + mx];  // b.sq(x0 + mx, y0 + my)
            if (q >= 0 && (s.players[q].status == static_cast<int>(Status::PRONE) ||
                           s.players[q].status == static_cast<int>(Status::STUNNED))) {
                down |= 1U << ((my + 1) * 3 + mx + 1);
            }
        }
    }
    if (!anywhere && down == 0) return out;
    const int x0 = b.xs[static_cast<std::size_t>(sq)], y0 = b.ys[static_cast<std::size_t>(sq)];
    for (const JumpTarget& t : JUMP_TARGETS) {
        const int x = x0 + t.dx, y = y0 + t.dy;
        if ((anywhere || (t.over & down) != 0) && ball_on(b, x, y) && s.grid[b.sq(x, y)] == SQUARE_EMPTY) {
            out.push_back(b.sq(x, y));
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
