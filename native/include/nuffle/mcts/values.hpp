// The search's leaf heuristics and expansion priors in C++ (agents/mcts/evaluation.py and
// policy.py), term for term and in the same order of float operations, so that both searches
// value and order alike: `clock`, `nuffle` and `tutorial`, the heuristic and uniform priors and
// the side-neutral frame of an action (the tie-break of the expansion order).
#pragma once

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <vector>

#include "nuffle/engine.hpp"

namespace nuffle::mcts {

enum class Heuristic : std::uint8_t { CLOCK = 0, NUFFLE = 1, TUTORIAL = 2 };

// evaluation.py's constants.
constexpr double CARRIER_BASE = 0.2;
constexpr double CARRIER_PROGRESS = 0.4;
constexpr double LOOSE_BALL_STEP = 0.02;
constexpr int LOOSE_BALL_CAP = 2;

// One decision of the search: an action type, a player or -1, a flat square or -1.
struct Move {
    std::uint8_t type;
    std::int8_t player;
    std::int16_t square;
};

// policy.own: a home value seen by `side` (higher is better for it).
inline double own(double value, int side) noexcept { return side == 0 ? value : -value; }

// evaluation.terminal_value: 1, -1 or 0 for a home win, loss or draw.
inline double terminal_value(const State& s) noexcept {
    const int h = s.teams[0].score, a = s.teams[1].score;
    return h > a ? 1.0 : h < a ? -1.0 : 0.0;
}

// (standing, down, knocked out, casualties) among `side`'s players.
inline std::array<int, 4> side_terms(const State& s, int side) noexcept {
    std::array<int, 4> t = {0, 0, 0, 0};
    for (int p = 0; p < s.player_count; ++p) {
        if (s.players[p].team != side) continue;
        switch (static_cast<Status>(s.players[p].status)) {
            case Status::STANDING: ++t[0]; break;
            case Status::PRONE: case Status::STUNNED: ++t[1]; break;
            case Status::KO: ++t[2]; break;
            case Status::CASUALTY: ++t[3]; break;
            default: break;
        }
    }
    return t;
}

inline double tutorial_value(const State& s) noexcept {
    if (s.decider == D_NOBODY) return terminal_value(s);
    double x = 1.0 * (s.teams[0].score - s.teams[1].score);
    const int c = carrier(s);
    if (c >= 0) x += s.players[c].team == 0 ? 0.3 : -0.3;
    const auto h = side_terms(s, 0), a = side_terms(s, 1);
    x += 0.1 * (a[3] - h[3]) + 0.05 * (a[2] - h[2]) + 0.03 * (a[1] - h[1]);
    return std::tanh(x);
}

// evaluation._progress: 0 at `side`'s own line, 1 at the end zone it attacks.
inline double progress(const Board& b, int side, int sq) noexcept {
    const int x = b.xs[static_cast<std::size_t>(sq)];
    const int w = b.width - 1;
    return side == 0 ? static_cast<double>(x) / w : static_cast<double>(w - x) / w;
}

// evaluation._nuffle: `nuffle_value`, with `clock` the carrier's worth following the half's clock.
inline double nuffle_value(const State& s, const Board& b, bool clock) noexcept {
    if (s.decider == D_NOBODY) return terminal_value(s);
    double x = 1.0 * (s.teams[0].score - s.teams[1].score);
    const int c = carrier(s);
    if (c >= 0) {
        const int side = s.players[c].team;
        const double sign = side == 0 ? 1.0 : -1.0;
        const int sq = s.players[c].square;
        int marked = tackle_zones(s, b, sq, side);
        double base = CARRIER_BASE;
        double prog = CARRIER_PROGRESS * progress(b, side, sq);
        if (clock) {
            const int left = b.variant.turns_per_half - s.teams[side].turn + (s.active == side ? 1 : 0);
            if (left == 0) {
                base = prog = 0.0;
                marked = 0;
            } else if (left == 1 && s.active == side) {
                base = 0.0;
            }
        }
        x += sign * (base + prog - 0.06 * marked);
        if (s.players[c].status != static_cast<std::uint8_t>(Status::STANDING) && base + prog != 0.0) x -= sign * 0.1;
    } else if (s.ball_state == frames::ball::ON_GROUND && s.ball >= 0) {
        int best[2] = {99, 99};
        for (int side = 0; side < 2; ++side) {
            for (int p = 0; p < s.player_count; ++p) {
                if (s.players[p].team != side) continue;
                const int q = s.players[p].square;
                if (q >= 0 && s.players[p].status == static_cast<std::uint8_t>(Status::STANDING)) {
                    const int d = b.distance(q, s.ball);
                    if (d < best[side]) best[side] = d;
                }
            }
        }
        x += LOOSE_BALL_STEP * std::max(-LOOSE_BALL_CAP, std::min(LOOSE_BALL_CAP, best[1] - best[0]));
    }
    const auto h = side_terms(s, 0), a = side_terms(s, 1);
    x += 0.12 * (a[3] - h[3]) + 0.06 * (a[2] - h[2]) + 0.04 * (a[1] - h[1]) + 0.02 * (h[0] - a[0]);
    return std::tanh(x);
}

inline double heuristic_value(Heuristic h, const State& s, const Board& b) noexcept {
    switch (h) {
        case Heuristic::TUTORIAL: return tutorial_value(s);
        case Heuristic::NUFFLE: return nuffle_value(s, b, false);
        case Heuristic::CLOCK: break;
    }
    return nuffle_value(s, b, true);
}

// policy.heuristic_priors (`type_prior`: per action type, the Python table's value or 1.0;
// `move`: the MOVE type) or, without `type_prior`, policy.uniform_priors.
inline void priors_of(const State& s, const Board& b, int side, const std::vector<Move>& actions,
                      const std::vector<double>* type_prior, int move, std::vector<double>& out) {
    out.clear();
    const std::size_t n = actions.size();
    if (type_prior == nullptr) {
        out.assign(n, 1.0 / static_cast<double>(n));
        return;
    }
    const int c = carrier(s);
    double total = 0.0;  // Python's sum(): left to right
    for (const Move& a : actions) {
        double p = (*type_prior)[a.type];
        if (a.type == move) {
            double forward = 0.0;
            if (a.square >= 0) {
                const int w = b.width - 1;
                const int x = b.xs[static_cast<std::size_t>(a.square)];
                forward = side == 0 ? static_cast<double>(x) / w : static_cast<double>(w - x) / w;
            }
            p *= 0.7 + 0.6 * forward;
        }
        if (a.player >= 0 && a.player == c) p *= 1.3;
        out.push_back(p);
        total += p;
    }
    for (double& p : out) p /= total;
}

// policy.side_relative: an action in the deciding side's own frame (type, the player's index in
// his team, own or other, and the square seen from the side's own end).
inline std::array<std::int64_t, 4> side_relative(const State& s, const Board& b, int side, const Move& a) noexcept {
    int first[2] = {0, 0};
    bool seen[2] = {false, false};
    for (int p = 0; p < s.player_count; ++p) {
        const int t = s.players[p].team;
        if (!seen[t]) {
            seen[t] = true;
            first[t] = p;
        }
    }
    std::int64_t pid = -1;
    if (a.player >= 0) {
        pid = s.players[a.player].team == side ? a.player - first[side] : 1000 + a.player - first[1 - side];
    }
    if (a.square < 0) return {a.type, pid, -1, -1};
    std::int64_t x = b.xs[static_cast<std::size_t>(a.square)];
    const std::int64_t y = b.ys[static_cast<std::size_t>(a.square)];
    if (side == 1) x = b.width - 1 - x;
    return {a.type, pid, x, y};
}

}  // namespace nuffle::mcts
