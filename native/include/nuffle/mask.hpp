// The environments' action codec (envs/codec.py) in C++, encoding only: the legal actions of
// one side (the engine's `legal_actions`) as indices of the flat action grid, grouped as
// `ActionCodec.grouped` lists them, and the bool mask they set.
//
// The grid's shape and its rows (which types have one, which carry a player, the joint rows)
// come from envs/codec.py through envs/native_encoder.py; the square targets from the layout
// tables (encode.hpp's SideGeometry).
#pragma once

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <stdexcept>
#include <string>
#include <vector>

#include "nuffle/encode.hpp"
#include "nuffle/engine.hpp"

namespace nuffle::encode {

// The flat grid: rows x targets (envs/codec.ActionCodec).
struct CodecSpec {
    int types = 0;  // rows 0 .. types - 1 are the action types (row == type)
    int rows = 0, targets = 0, cells = 0, squares = 0, roster = 0;
    std::vector<int> joint_types;  // types with one row per own roster slot, in row order
    std::vector<int> player_types;  // types whose argument is a player

    int size() const noexcept { return rows * targets; }
    int none_target() const noexcept { return targets - 1; }
};

class Codec {
public:
    Codec(const CodecSpec& spec, const Board& b) : spec_(spec), joint_(static_cast<std::size_t>(spec.types), -1),
                                                   player_(static_cast<std::size_t>(spec.types), false) {
        if (spec.types < 1 || spec.rows != spec.types + static_cast<int>(spec.joint_types.size()) * spec.roster ||
            spec.squares != spec.cells + 2 * (b.width + b.height) + 4 || spec.cells != b.width * b.height ||
            spec.targets != spec.squares + 2 * spec.roster + 1) {
            throw std::invalid_argument("the codec's grid does not fit board " + std::to_string(b.variant.players));
        }
        for (std::size_t j = 0; j < spec.joint_types.size(); ++j) at(joint_, spec.joint_types[j]) = static_cast<int>(j);
        for (const int t : spec.player_types) {
            if (t < spec.types) at(player_, t) = true;
        }
    }

    const CodecSpec& spec() const noexcept { return spec_; }

    // The legal indices of `side` into `out` (cleared first; none when `side` does not decide):
    // each group of one action type after the other, the large groups (joint rows, more than
    // 32 squares) after the others, as ActionCodec.grouped orders them. With `acts`, the
    // engine action of each index goes into it at the same position (ActionCodec.decode's
    // result, read off the legal groups instead of decoded).
    void indices(State& s, const Board& b, const SideGeometry& g, int side, std::vector<std::int64_t>& out,
                 std::vector<Act>* acts = nullptr) const {
        out.clear();
        if (acts != nullptr) {
            acts->clear();
            if (s.decider == side) listed<true>(s, b, g, side, out, acts);
        } else if (s.decider == side) {
            listed<false>(s, b, g, side, out, nullptr);
        }
    }

private:
    template <bool WithActs>
    void listed(State& s, const Board& b, const SideGeometry& g, int side, std::vector<std::int64_t>& out,
                std::vector<Act>* acts) const {
        static_cast<void>(acts);  // read only WithActs
        const Legal legal = legal_actions(s, b);
        int first[2] = {-1, -1};  // GameState.ranges: each side's players are consecutive ids
        int count[2] = {0, 0};
        for (int p = 0; p < s.player_count; ++p) {
            const int t = s.players[p].team;
            if (first[t] < 0) first[t] = p;
            ++count[t];
        }
        const int start = std::max(first[side], 0);
        const int own = count[side];
        const int opp_start = std::max(first[1 - side], 0);
        const std::int64_t t_n = spec_.targets;
        big_.clear();
        big_acts_.clear();
        // one index and, when asked for, its action (into the large groups' lists or the others')
        auto put = [&](bool big, std::int64_t index, const Act& a) __attribute__((always_inline)) {
            (big ? big_ : out).push_back(index);
            if constexpr (WithActs) (big ? big_acts_ : *acts).push_back(a);
        };
        for (const Choice& grp : legal) {
            const int row = grp.type;
            if (row >= spec_.types) continue;  // a type outside the grid (the Wizard's): masked out
            if (!grp.players.empty() && !grp.squares.empty()) {
                const int j = joint_[static_cast<std::size_t>(row)];
                if (j < 0) throw std::invalid_argument("action type " + std::to_string(row) + " carries a player and a square; no codec row for it");
                for (const int p : grp.players) {
                    const int slot = p - start;
                    if (slot < 0 || slot >= spec_.roster) {
                        throw std::invalid_argument("action type " + std::to_string(row) + " names player " + std::to_string(p) +
                                                    " outside side " + std::to_string(side) + "'s roster");
                    }
                    const std::int64_t base = (spec_.types + j * spec_.roster + slot) * t_n;
                    for (const int q : grp.squares) put(true, base + g.target[static_cast<std::size_t>(q)], Act{row, p, q});
                }
                continue;
            }
            if (!grp.players.empty()) {
                if (!player_[static_cast<std::size_t>(row)]) {
                    throw std::invalid_argument("action type " + std::to_string(row) + " names a player but the codec addresses it by square");
                }
                const std::int64_t base = row * t_n;
                for (const int p : grp.players) {
                    const int q = s.players[p].square;
                    int target;
                    if (q >= 0) {
                        target = g.cell[static_cast<std::size_t>(q)];
                    } else if (p >= start && p < start + own) {
                        target = spec_.squares + p - start;
                    } else {
                        target = spec_.squares + spec_.roster + p - opp_start;
                    }
                    put(false, base + target, Act{row, p, -1});
                }
            } else if (!grp.squares.empty()) {
                if (player_[static_cast<std::size_t>(row)]) {
                    throw std::invalid_argument("action type " + std::to_string(row) + " carries a square but the codec addresses it by player");
                }
                const bool big = grp.squares.size() > 32;
                const std::int64_t base = row * t_n;
                for (const int q : grp.squares) put(big, base + g.target[static_cast<std::size_t>(q)], Act{row, -1, q});
            } else {
                put(false, row * t_n + spec_.none_target(), Act{row, -1, -1});
            }
        }
        out.insert(out.end(), big_.begin(), big_.end());
        if constexpr (WithActs) acts->insert(acts->end(), big_acts_.begin(), big_acts_.end());
    }

public:

    // The canonical cells of the indices whose target is a board cell (the `legal_cells` layer).
    void cells(const std::vector<std::int64_t>& idx, std::vector<int>& out) const {
        out.resize(idx.size());
        std::size_t n = 0;
        for (const std::int64_t i : idx) {
            const auto t = static_cast<int>(i % spec_.targets);
            if (t < spec_.cells) out[n++] = t;
        }
        out.resize(n);
    }

    // The flat mask of `idx` (every entry written).
    void mask(const std::vector<std::int64_t>& idx, bool* out) const {
        std::memset(out, 0, static_cast<std::size_t>(spec_.size()));
        for (const std::int64_t i : idx) out[i] = true;
    }

    // A mask row kept across calls: clears the indices `shown` set last, sets `idx`, and
    // remembers them in `shown` (no pass over the whole grid; the row must hold exactly
    // `shown` when called).
    static void keep_mask(const std::vector<std::int64_t>& idx, std::vector<std::int64_t>& shown, bool* row) {
        for (const std::int64_t x : shown) row[x] = false;
        for (const std::int64_t x : idx) row[x] = true;
        shown.assign(idx.begin(), idx.end());
    }

private:
    template <class V>
    static typename V::reference at(V& v, int i) {
        if (i < 0 || i >= static_cast<int>(v.size())) throw std::invalid_argument("action type " + std::to_string(i) + " has no row");
        return v[static_cast<std::size_t>(i)];
    }

    CodecSpec spec_;
    std::vector<int> joint_;
    std::vector<bool> player_;
    mutable std::vector<std::int64_t> big_;
    mutable std::vector<Act> big_acts_;
};

}  // namespace nuffle::encode
