// Pitch geometry of every board variant, as nuffle/core/board.py builds it: flat square
// indices on a grid padded by one off-pitch square on every side, so a neighbour lookup never
// needs a bounds check.
#pragma once

#include <algorithm>
#include <array>
#include <cstdint>
#include <stdexcept>
#include <string>

#include "nuffle/chance.hpp"

namespace nuffle {

// The largest board (11 a side) is 26 x 15, padded to 28 x 17.
constexpr int MAX_WIDTH = 26;
constexpr int MAX_HEIGHT = 15;
constexpr int MAX_SQUARES = (MAX_WIDTH + 2) * (MAX_HEIGHT + 2);
constexpr int HOME = frames::D_HOME;  // types.HOME, AWAY (generated)
constexpr int AWAY = frames::D_AWAY;

// The limits of one board variant (one entry of data/boards.json).
struct Variant {
    int players = 0;
    int width = 0;
    int height = 0;
    int wide_rows = 0;
    int roster_size = 0;
    int pitch_max = 0;
    int los_min = 0;
    int wide_max = 0;
    Dice kick_scatter = Dice::D6;  // the dice of the kick's scatter distance
    Dice throw_in = Dice::D6;  // the dice of a throw-in's distance
    int turns_per_half = 0;
};

// Square flags kept per flat index.
enum SquareFlag : std::uint8_t {
    ON_PITCH = 1,
    LOS_HOME = 2,  // the home side's line of scrimmage
    LOS_AWAY = 4,
    HOME_HALF = 8,  // the half the home side defends (x < width / 2)
};

// Immutable geometry of one pitch; fixed size, no pointers.
struct Board {
    Variant variant;
    int width = 0;
    int height = 0;
    int stride = 0;  // width + 2
    int size = 0;  // (width + 2) * (height + 2)
    std::array<int, 8> neighbours{};  // flat offsets of the eight neighbours
    std::array<int, 2> endzone_x{};  // the column each side scores in
    std::array<std::int8_t, MAX_SQUARES> xs{};  // -1 and width are the padding
    std::array<std::int8_t, MAX_SQUARES> ys{};
    std::array<std::uint8_t, MAX_SQUARES> wide{};  // 0 centre, 1 top wing, 2 bottom wing
    std::array<std::uint8_t, MAX_SQUARES> flags{};  // SquareFlag bits

    int sq(int x, int y) const noexcept { return (y + 1) * stride + (x + 1); }
    bool on_pitch(int square) const noexcept {
        return square >= 0 && square < size && (flags[static_cast<std::size_t>(square)] & ON_PITCH) != 0;
    }
    // The side that scores by standing with the ball on `square`, or -1.
    int scoring_side_at(int square) const noexcept {
        const int x = xs[static_cast<std::size_t>(square)];
        if (x == width - 1) return HOME;
        if (x == 0) return AWAY;
        return -1;
    }
    int distance(int a, int b) const noexcept {
        const int dx = xs[static_cast<std::size_t>(a)] - xs[static_cast<std::size_t>(b)];
        const int dy = ys[static_cast<std::size_t>(a)] - ys[static_cast<std::size_t>(b)];
        return std::max(dx < 0 ? -dx : dx, dy < 0 ? -dy : dy);
    }
};

// The geometry of a variant; throws std::invalid_argument if it does not fit the fixed grid.
inline Board make_board(const Variant& v) {
    if (v.width < 2 || v.width > MAX_WIDTH || v.height < 1 || v.height > MAX_HEIGHT) {
        throw std::invalid_argument("board " + std::to_string(v.players) + " is " + std::to_string(v.width) +
                                    " x " + std::to_string(v.height) + ": the native grid holds at most " +
                                    std::to_string(MAX_WIDTH) + " x " + std::to_string(MAX_HEIGHT));
    }
    if (v.wide_rows < 0 || 2 * v.wide_rows > v.height) {
        throw std::invalid_argument("board " + std::to_string(v.players) + " has wide_rows " +
                                    std::to_string(v.wide_rows) + " on a pitch " + std::to_string(v.height) +
                                    " high");
    }
    Board b;
    b.variant = v;
    b.width = v.width;
    b.height = v.height;
    b.stride = v.width + 2;
    b.size = b.stride * (v.height + 2);
    const int s = b.stride;
    b.neighbours = {-s - 1, -s, -s + 1, -1, 1, s - 1, s, s + 1};
    b.endzone_x = {v.width - 1, 0};
    const int half_x = v.width / 2;
    for (int i = 0; i < b.size; ++i) {
        const auto k = static_cast<std::size_t>(i);
        const int x = i % s - 1;
        const int y = i / s - 1;
        b.xs[k] = static_cast<std::int8_t>(x);
        b.ys[k] = static_cast<std::int8_t>(y);
        if (x < 0 || x >= v.width || y < 0 || y >= v.height) continue;
        const std::uint8_t wide = y < v.wide_rows ? 1 : (y >= v.height - v.wide_rows ? 2 : 0);
        b.wide[k] = wide;
        std::uint8_t f = ON_PITCH;
        if (x < half_x) f |= HOME_HALF;
        if (wide == 0 && x == half_x - 1) f |= LOS_HOME;
        if (wide == 0 && x == half_x) f |= LOS_AWAY;
        b.flags[k] = f;
    }
    return b;
}

}  // namespace nuffle
