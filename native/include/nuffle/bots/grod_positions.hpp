// The grod bot's positional purposes in C++ (agents/grod/positions.py, step for step): what a
// square is worth to a player who moves there, side-relative: receiving positions, the cage and
// offensive screen around our carrier; marking theirs, the defensive screen and the sweep; a
// loose ball; tackle zones on opponents. Only the values are kept (the purposes' names change
// no decision).
#pragma once

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <vector>

#include "nuffle/bots/grod_values.hpp"
#include "nuffle/bots/reach.hpp"
#include "nuffle/engine.hpp"

namespace nuffle::bots {

// positions.threat_map: per square, the standing opponents of `side` within two squares (flat
// offsets, as the Python map adds them).
inline std::vector<int> threat_map(const State& s, const Board& b, int side) {
    std::vector<int> out(static_cast<std::size_t>(b.size), 0);
    const int st = b.stride;
    for (int q = 0; q < s.player_count; ++q) {
        const int sq = s.players[q].square;
        if (s.players[q].team == side || sq < 0 || s.players[q].status != static_cast<std::uint8_t>(Status::STANDING)) {
            continue;
        }
        for (int dx = -2; dx <= 2; ++dx) {
            for (int dy = -2; dy <= 2; ++dy) {
                const int n = sq + dy * st + dx;
                if (n >= 0 && n < b.size) ++out[static_cast<std::size_t>(n)];
            }
        }
    }
    return out;
}

// positions.PositionMap.
class PositionMap {
public:
    std::vector<int> threat;
    std::vector<double> general, receive;

    PositionMap(const State& s, const Board& b, int side, const GrodValues& v, const std::vector<int>& tz)
        : threat(threat_map(s, b, side)), general(static_cast<std::size_t>(b.size), 0.0),
          receive(static_cast<std::size_t>(b.size), 0.0), s_(s), b_(b), side_(side), v_(v), tz_(tz),
          ez_(b.endzone_x[static_cast<std::size_t>(side)]), own_ez_(b.endzone_x[static_cast<std::size_t>(1 - side)]) {
        const int c = carrier(s);
        if (c >= 0 && team_of(s, c) == side) {
            offence(c);
        } else if (c >= 0) {
            defence(c);
        } else if (s.ball_state == frames::ball::ON_GROUND && s.ball >= 0) {
            loose(s.ball);
        }
        tackle_zones_on_them();
    }

    // PositionMap.value: the square's worth (ball handlers also value receiving positions).
    double value(int sq, bool handler) const {
        const double g = general[static_cast<std::size_t>(sq)];
        if (handler && receive[static_cast<std::size_t>(sq)] > g) return receive[static_cast<std::size_t>(sq)];
        return g;
    }

private:
    const State& s_;
    const Board& b_;
    int side_;
    const GrodValues& v_;
    const std::vector<int>& tz_;
    int ez_, own_ez_;

    int x(int sq) const noexcept { return b_.xs[static_cast<std::size_t>(sq)]; }
    int y(int sq) const noexcept { return b_.ys[static_cast<std::size_t>(sq)]; }
    int to_ez(int sq) const noexcept { return std::abs(x(sq) - ez_); }
    int to_own_ez(int sq) const noexcept { return std::abs(x(sq) - own_ez_); }
    void set(int sq, double value) {
        double& g = general[static_cast<std::size_t>(sq)];
        if (value > g) g = value;
    }

    void offence(int c) {
        const int csq = pos(s_, c);
        const int st = b_.stride;
        for (const int d : {-st - 1, -st + 1, st - 1, st + 1}) {
            if (b_.on_pitch(csq + d)) set(csq + d, v_.cage);
        }
        const int cx = x(csq), cy = y(csq);
        const int reach = std::max(3, static_cast<int>(std::nearbyint(v_.screen_depth)));
        // the screen: the rows within 3 of the carrier's (each square set once; set() keeps the
        // greater value, so the order does not matter)
        for (int qy = std::max(0, cy - 3); qy <= std::min(b_.height - 1, cy + 3); ++qy) {
            for (int qx = 0; qx < b_.width; ++qx) {
                const int q = b_.sq(qx, qy);
                const int ahead = to_ez(csq) - to_ez(q);
                const int dy = std::abs(qy - cy);
                if (2 <= ahead && ahead <= reach && dy <= 3 && tz_[static_cast<std::size_t>(q)] == 0) {
                    set(q, v_.screen_offence * (1.0 - dy / 5.0));
                }
            }
        }
        // receiving positions: a column's worth is the same on every row (worked out once a column)
        const double want = std::max(2.0, v_.receive_depth * 10.0);
        for (int qx = 0; qx < b_.width; ++qx) {
            const int d = std::abs(qx - ez_);
            if (d <= 0 || std::abs(qx - cx) < 2) continue;
            const double worth = v_.receive * std::max(0.0, 1.0 - std::fabs(d - want) / 6.0);
            for (int qy = 1; qy < b_.height - 1; ++qy) {  // not on a sideline
                const int q = b_.sq(qx, qy);
                if (tz_[static_cast<std::size_t>(q)] != 0) continue;
                receive[static_cast<std::size_t>(q)] = worth - 0.5 * threat[static_cast<std::size_t>(q)];
            }
        }
    }

    void defence(int c) {
        const int esq = pos(s_, c);
        const int ey = y(esq);
        for (const int off : b_.neighbours) {
            if (b_.on_pitch(esq + off)) set(esq + off, v_.mark_carrier);
        }
        const double depth = v_.screen_depth;
        const int carrier_to_ez = to_own_ez(esq);
        std::vector<int> mates;
        for (int p = 0; p < s_.player_count; ++p) {
            if (team_of(s_, p) == side_ && pos(s_, p) >= 0 && standing(s_, p)) mates.push_back(pos(s_, p));
        }
        bool swept = false;
        for (const int m : mates) swept = swept || (to_own_ez(m) < carrier_to_ez - 3 && to_own_ez(m) <= 3);
        for (int q = 0; q < b_.size; ++q) {
            if (!b_.on_pitch(q)) continue;
            const int gap = carrier_to_ez - to_own_ez(q);
            const int dy = std::abs(y(q) - ey);
            if (2 <= gap && gap <= depth + 2 && dy <= 4) {
                int near = 0;
                for (const int m : mates) near += b_.distance(m, q) == 1 ? 1 : 0;
                set(q, v_.screen_defence * (1.0 - dy / 6.0) - 1.0 * near);
            }
            if (!swept && gap >= 4 && to_own_ez(q) <= 2 && dy <= 2) set(q, v_.sweep * (1.0 - v_.sweep_depth * to_own_ez(q)));
        }
    }

    void loose(int ball) {
        for (int q = 0; q < b_.size; ++q) {
            if (!b_.on_pitch(q) || q == ball) continue;
            const int d = b_.distance(q, ball);
            if (d <= 5) set(q, v_.to_ball * (1.0 - (d - 1) / 5.0));
        }
    }

    void tackle_zones_on_them() {
        const int ball = s_.ball >= 0 ? s_.ball : -1;
        for (int q = 0; q < s_.player_count; ++q) {
            const int sq = pos(s_, q);
            if (team_of(s_, q) == side_ || sq < 0 || !standing(s_, q)) continue;
            double val = v_.tackle_zone;
            if (ball >= 0 && b_.distance(sq, ball) <= 2) val = v_.tackle_zone_near_ball;
            for (const int off : b_.neighbours) {
                if (b_.on_pitch(sq + off)) set(sq + off, val);
            }
        }
    }
};

}  // namespace nuffle::bots
