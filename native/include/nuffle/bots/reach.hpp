// Cheap movement helpers of the bots (agents/reach.py and the scripted bot's square ratings in
// agents/scripted/decisions.py): tackle-zone maps, roll-free reach with its routes, threats
// and sidelines.
#pragma once

#include <algorithm>
#include <array>
#include <cstdint>
#include <cstdlib>
#include <vector>

#include "nuffle/engine.hpp"

namespace nuffle::bots {

// reach.tz_map: for every square, the opposing tackle zones on it (for `side`).
inline std::vector<int> tz_map(const State& s, const Board& b, int side) {
    std::vector<int> out(static_cast<std::size_t>(b.size), 0);
    for (int q = 0; q < s.player_count; ++q) {
        const int p = s.players[q].square;
        if (s.players[q].team == side || p < 0 || !exerts_tz(s, q)) continue;
        for (const int o : b.neighbours) ++out[static_cast<std::size_t>(p + o)];
    }
    return out;
}

// reach.roll_free_reach: every square a player reaches in `budget` steps with no roll, breadth
// first over the board's neighbours, each with its parent square; `order` lists them in the
// order found (the Python dict's order). Empty for a marked player.
struct Reach {
    std::vector<int> parent;  // per square reached: its parent, -1 for the start
    std::vector<std::uint32_t> seen;  // per square: the search (`gen`) that last reached it
    std::vector<int> index;  // per square reached but the start: its place in `order`
    std::uint32_t gen = 0;
    std::vector<int> order;
    int start = -1;
    bool has(int sq) const noexcept {
        return start >= 0 && sq >= 0 && seen[static_cast<std::size_t>(sq)] == gen && sq != start;
    }
    // len(reach.route(...)): the steps from the start to `end`.
    std::size_t depth(int end) const noexcept {
        std::size_t n = 0;
        for (int sq = end; has(sq); sq = parent[static_cast<std::size_t>(sq)]) ++n;
        return n;
    }
    // reach.route: the squares from the start (excluded) to `end`.
    std::vector<int> route(int end) const {
        std::vector<int> out(depth(end));
        std::size_t at = out.size();
        for (int sq = end; has(sq); sq = parent[static_cast<std::size_t>(sq)]) out[--at] = sq;
        return out;
    }
};

// Fills `r` (its buffers reused: a search marks the squares it reaches with a new generation,
// so nothing is cleared between searches) and returns it; `nb`: the eight square offsets in
// the order tried (the board's by default).
inline const Reach& roll_free_reach(const State& s, const Board& b, int pid, int budget, const std::vector<int>& tz,
                                    Reach& r, const std::array<int, 8>& nb) {
    r.order.clear();
    r.start = -1;
    const int start = s.players[pid].square;
    if (start < 0 || tz[static_cast<std::size_t>(start)] > 0 || budget <= 0) return r;
    const int ball = s.ball_state == frames::ball::ON_GROUND ? s.ball : -1;
    const auto size = static_cast<std::size_t>(b.size);
    if (r.seen.size() != size) {
        r.seen.assign(size, 0);
        r.parent.assign(size, -1);
        r.index.assign(size, -1);
        r.gen = 0;
    }
    if (++r.gen == 0) {  // the generations wrapped: clear once
        std::fill(r.seen.begin(), r.seen.end(), 0U);
        r.gen = 1;
    }
    const std::uint32_t gen = r.gen;
    std::uint32_t* seen = r.seen.data();
    int* parent = r.parent.data();
    int* index = r.index.data();
    r.order.resize(size);  // room for every square; cut to those found at the end
    int* order = r.order.data();
    int found = 0;
    r.start = start;
    seen[start] = gen;
    parent[start] = -1;
    auto expand = [&](int sq) {
        if (sq != start && tz[static_cast<std::size_t>(sq)] != 0) return;
        for (const int o : nb) {
            const int n = sq + o;
            if (s.grid[n] == SQUARE_EMPTY && seen[n] != gen && n != ball) {
                seen[n] = gen;
                parent[n] = sq;
                index[n] = found;
                order[found++] = n;
            }
        }
    };
    int lo = 0, hi = 0;  // the frontier after the first step: order[lo:hi]
    for (int i = 0; i < budget; ++i) {
        const int before = found;
        if (i == 0) {
            expand(start);
        } else {
            for (int k = lo; k < hi; ++k) expand(order[k]);
        }
        if (found == before) break;
        lo = before;
        hi = found;
    }
    r.order.resize(static_cast<std::size_t>(found));
    return r;
}
inline const Reach& roll_free_reach(const State& s, const Board& b, int pid, int budget, const std::vector<int>& tz,
                                    Reach& r) {
    return roll_free_reach(s, b, pid, budget, tz, r, b.neighbours);
}

// decisions.threats: opposing standing players within two squares of `sq` (a negative `sq`
// reads the last square, as Python's index does).
inline int threats(const State& s, const Board& b, int sq, int side) noexcept {
    if (sq < 0) sq += b.size;
    const int x = b.xs[static_cast<std::size_t>(sq)], y = b.ys[static_cast<std::size_t>(sq)];
    int n = 0;
    for (int q = 0; q < s.player_count; ++q) {
        const int p = s.players[q].square;
        if (s.players[q].team == side || p < 0 || !standing(s, q)) continue;
        if (std::max(std::abs(b.xs[static_cast<std::size_t>(p)] - x), std::abs(b.ys[static_cast<std::size_t>(p)] - y)) <= 2) ++n;
    }
    return n;
}

// decisions.on_sideline: next to the crowd along a sideline.
inline bool on_sideline(const Board& b, int sq) noexcept {
    const int y = b.ys[static_cast<std::size_t>(sq)];
    return y == 0 || y == b.height - 1;
}

}  // namespace nuffle::bots
