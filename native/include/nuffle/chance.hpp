// Chance events: their kinds, outcomes, sampling from the in-state generator and the exact
// enumeration of outcomes, all as nuffle/core/dice.py defines them.
#pragma once

#include <algorithm>
#include <array>
#include <cstdlib>
#include <cstdint>
#include <numeric>
#include <stdexcept>
#include <string>
#include <vector>

#include "nuffle/frames.hpp"
#include "nuffle/rng.hpp"

namespace nuffle {

// Kinds of chance event (dice.Dice), how enumerated outcomes may be merged (dice.GROUP_*),
// block die faces (types.BlockFace) and the faces of one die in roll order: frames.hpp's.
using frames::BLOCK_DIE_FACES;
using frames::BLOCK_FACE_KINDS;
using frames::DICE_KINDS;
using BlockFace = frames::BlockFace;
using Dice = frames::Dice;
using Group = frames::Group;
constexpr int MAX_BLOCK_DICE = frames::limits::MAX_BLOCK_DICE;
constexpr int MAX_PICK = frames::limits::MAX_PICK;

// How many of a block die's six faces show each BlockFace (dice._FACE_WEIGHT).
constexpr std::array<std::uint32_t, BLOCK_FACE_KINDS> block_face_weights() noexcept {
    std::array<std::uint32_t, BLOCK_FACE_KINDS> w{};
    for (const std::uint8_t f : BLOCK_DIE_FACES) ++w[f];
    return w;
}

// One chance event; `n` is the block dice count, the pick range or the threshold.
struct Chance {
    Dice kind;
    std::uint8_t n;
    Group group;
    std::uint8_t purpose;  // an id of what the roll is for (named by the procedures)
};

// An outcome: a single value (a die, a D68 as tens*10+units, a coin side, a pick index) or a
// sorted tuple (a 2D6 pair, block dice faces). Fixed size and comparable byte for byte.
struct Outcome {
    std::uint8_t size;  // 0: the single value v[0]; 1..3: a tuple of v[0..size-1]
    std::uint8_t pad;
    std::array<std::int16_t, 3> v;

    static constexpr Outcome single(int value) noexcept {
        return Outcome{0, 0, {static_cast<std::int16_t>(value), 0, 0}};
    }
    friend constexpr bool operator==(const Outcome&, const Outcome&) = default;
};

// An exact probability num/den in lowest terms.
struct Probability {
    std::uint32_t num;
    std::uint32_t den;
    friend constexpr bool operator==(const Probability&, const Probability&) = default;
};

constexpr Probability reduced(std::uint32_t num, std::uint32_t den) noexcept {
    const std::uint32_t g = std::gcd(num, den);
    return Probability{num / g, den / g};
}

struct WeightedOutcome {
    Outcome outcome;
    Probability p;
};

// Throws std::invalid_argument naming the bad size of a block or pick event.
inline void check_event(Dice kind, int n) {
    if (static_cast<unsigned>(kind) >= static_cast<unsigned>(DICE_KINDS)) {
        throw std::invalid_argument("unknown chance event kind " + std::to_string(static_cast<int>(kind)));
    }
    if (kind == Dice::BLOCK && (n < 1 || n > MAX_BLOCK_DICE)) {
        throw std::invalid_argument("block dice count must be 1 to 3, got " + std::to_string(n));
    }
    if (kind == Dice::PICK && (n < 1 || n > MAX_PICK)) {
        throw std::invalid_argument("random pick needs 1 to 255 choices, got " + std::to_string(n));
    }
}

constexpr int simple_sides(Dice kind) noexcept {
    switch (kind) {
        case Dice::D2: return 2;
        case Dice::D3: return 3;
        case Dice::D6: return 6;
        case Dice::D8: return 8;
        case Dice::D16: return 16;
        default: return 0;
    }
}

// Sample an outcome of `event`, advancing `rng` (the draw order of dice.sample).
inline Outcome sample(const Chance& event, std::uint64_t& rng) {
    check_event(event.kind, event.n);
    auto roll = [&rng](std::uint32_t k) {
        rng = next_state(rng);
        return static_cast<int>(draw(rng, k));
    };
    switch (event.kind) {
        case Dice::COIN: return Outcome::single(roll(2));
        case Dice::D2: case Dice::D3: case Dice::D6: case Dice::D8: case Dice::D16:
            return Outcome::single(roll(static_cast<std::uint32_t>(simple_sides(event.kind))) + 1);
        case Dice::TWO_D6: {
            const int a = roll(6) + 1;
            const int b = roll(6) + 1;
            return Outcome{2, 0, {static_cast<std::int16_t>(std::min(a, b)),
                                  static_cast<std::int16_t>(std::max(a, b)), 0}};
        }
        case Dice::D68: {
            const int tens = roll(6) + 1;
            const int units = roll(8) + 1;
            return Outcome::single(tens * 10 + units);
        }
        case Dice::BLOCK: {
            Outcome out{event.n, 0, {0, 0, 0}};
            for (int i = 0; i < event.n; ++i) {
                out.v[static_cast<std::size_t>(i)] = BLOCK_DIE_FACES[static_cast<std::size_t>(roll(6))];
            }
            std::sort(out.v.begin(), out.v.begin() + event.n);
            return out;
        }
        case Dice::PICK: return Outcome::single(roll(event.n));
    }
    throw std::invalid_argument("unknown chance event kind");
}

// Every outcome of an event with its exact probability, in the order dice.outcomes lists them.
inline std::vector<WeightedOutcome> outcomes(Dice kind, int n = 1) {
    check_event(kind, n);
    std::vector<WeightedOutcome> out;
    if (const int sides = simple_sides(kind); sides > 0) {
        for (int i = 1; i <= sides; ++i) out.push_back({Outcome::single(i), reduced(1, static_cast<std::uint32_t>(sides))});
        return out;
    }
    switch (kind) {
        case Dice::COIN:
            out.push_back({Outcome::single(0), {1, 2}});
            out.push_back({Outcome::single(1), {1, 2}});
            break;
        case Dice::TWO_D6:
            for (int a = 1; a <= 6; ++a) {
                for (int b = a; b <= 6; ++b) {
                    out.push_back({Outcome{2, 0, {static_cast<std::int16_t>(a), static_cast<std::int16_t>(b), 0}},
                                   reduced(a == b ? 1 : 2, 36)});
                }
            }
            break;
        case Dice::D68:
            for (int t = 1; t <= 6; ++t) {
                for (int u = 1; u <= 8; ++u) out.push_back({Outcome::single(t * 10 + u), {1, 48}});
            }
            break;
        case Dice::BLOCK: {
            // Nondecreasing face tuples; probability = orderings * product of face weights / 6^n.
            constexpr std::array<std::uint32_t, BLOCK_FACE_KINDS> weight = block_face_weights();
            std::array<int, MAX_BLOCK_DICE> f = {0, 0, 0};
            const auto count = static_cast<std::size_t>(n);
            while (true) {
                std::uint32_t num = 1;
                std::uint32_t den = 1;
                std::array<std::uint32_t, BLOCK_FACE_KINDS> same = {0, 0, 0, 0, 0};
                for (std::size_t i = 0; i < count; ++i) {
                    num *= weight[static_cast<std::size_t>(f[i])];
                    den *= 6;
                    same[static_cast<std::size_t>(f[i])] += 1;
                }
                std::uint32_t orderings = 1;
                for (std::uint32_t i = 2; i <= count; ++i) orderings *= i;
                for (const std::uint32_t k : same) {
                    for (std::uint32_t i = 2; i <= k; ++i) orderings /= i;
                }
                Outcome o{static_cast<std::uint8_t>(n), 0, {0, 0, 0}};
                for (std::size_t i = 0; i < count; ++i) o.v[i] = static_cast<std::int16_t>(f[i]);
                out.push_back({o, reduced(num * orderings, den)});
                // next nondecreasing tuple
                std::size_t i = count;
                while (i > 0 && f[i - 1] == BLOCK_FACE_KINDS - 1) --i;
                if (i == 0) break;
                f[i - 1] += 1;
                for (std::size_t j = i; j < count; ++j) f[j] = f[i - 1];
            }
            break;
        }
        case Dice::PICK:
            for (int i = 0; i < n; ++i) out.push_back({Outcome::single(i), reduced(1, static_cast<std::uint32_t>(n))});
            break;
        default:
            break;
    }
    return out;
}

// Outcomes with equivalent results merged under one representative (dice.grouped_outcomes);
// the casualty classes (representative result, how many of the 48 results) are those of
// ruleset `ruleset` (frames::rules, generated).
inline std::vector<WeightedOutcome> grouped_outcomes(Dice kind, int n, Group group, int ruleset = frames::rules::LRB6) {
    if (group == Group::SUM && kind == Dice::TWO_D6) {
        std::vector<WeightedOutcome> out;
        for (int total = 2; total <= 12; ++total) {
            const int ways = 6 - std::abs(total - 7);
            const int a = total <= 7 ? 1 : total - 6;
            const int b = total <= 7 ? total - 1 : 6;
            out.push_back({Outcome{2, 0, {static_cast<std::int16_t>(a), static_cast<std::int16_t>(b), 0}},
                           reduced(static_cast<std::uint32_t>(ways), 36)});
        }
        return out;
    }
    if (group == Group::CASUALTY && (kind == Dice::D68 || kind == Dice::D16)) {
        std::vector<WeightedOutcome> out;
        const frames::rules::Tables& t = frames::rules::TABLES[ruleset];
        const std::uint32_t faces = kind == Dice::D68 ? 48 : 16;
        for (int i = 0; i < t.casualty_class_count; ++i) {
            out.push_back({Outcome::single(t.casualty_classes[i][0]),
                           reduced(static_cast<std::uint32_t>(t.casualty_classes[i][1]), faces)});
        }
        return out;
    }
    if (group == Group::THRESHOLD && kind == Dice::D6) {
        if (n > 6) return {{Outcome::single(1), {1, 1}}};
        if (n < 2) throw std::invalid_argument("a D6 threshold is at least 2, got " + std::to_string(n));
        return {{Outcome::single(1), reduced(static_cast<std::uint32_t>(n - 1), 6)},
                {Outcome::single(6), reduced(static_cast<std::uint32_t>(7 - n), 6)}};
    }
    return outcomes(kind, n);
}

// Whether `o` is one of the event's outcomes.
inline bool is_valid_outcome(const Chance& event, const Outcome& o) {
    for (const auto& w : outcomes(event.kind, event.n)) {
        if (w.outcome == o) return true;
    }
    return false;
}

}  // namespace nuffle
