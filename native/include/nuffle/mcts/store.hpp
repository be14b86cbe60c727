// Where the search keeps its nodes' states: the parts in use of each (transitions.hpp's zero
// rule: the frames above the top, the pool past the frames' ranges and the player slots past
// `player_count` are zero, so they need not be kept), packed one after another in large
// chunks: about a third of a whole state on board 11, so that a tree of a few hundred thousand
// nodes stays within a few hundred megabytes. A state that breaks the rule (never made by the
// engine) is kept whole.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <memory>
#include <vector>

#include "nuffle/transitions.hpp"

namespace nuffle::mcts {

class StateStore {
public:
    static constexpr std::size_t CHUNK = std::size_t{1} << 20;  // bytes
    static constexpr std::size_t HEAD = offsetof(State, players);

    std::size_t size() const noexcept { return locs_.size(); }

    // Keep `s` (its parts in use, or all of it with `whole`); returns its slot.
    int add(const State& s, bool whole) {
        const auto* src = reinterpret_cast<const unsigned char*>(&s);
        Loc loc{};
        loc.whole = whole;
        if (whole) {
            loc.p = room(sizeof(State));
            std::memcpy(loc.p, src, sizeof(State));
        } else {
            loc.players = sizeof(Player) * s.player_count;
            loc.frames = sizeof(Frame) * s.frame_count;
            loc.pool = sizeof(std::int16_t) * static_cast<std::size_t>(pool_in_use(s));
            unsigned char* p = loc.p = room(HEAD + loc.players + sizeof(State::pstats) + loc.frames + loc.pool + TAIL);
            p = put(p, src, HEAD + loc.players);
            p = put(p, src + offsetof(State, pstats), sizeof(State::pstats));
            p = put(p, src + offsetof(State, stack), loc.frames);
            p = put(p, src + offsetof(State, pool), loc.pool);
            put(p, src + offsetof(State, grid), TAIL);
        }
        locs_.push_back(loc);
        return static_cast<int>(locs_.size()) - 1;
    }

    // The state kept in `slot`, whole again.
    void load(int slot, State& out) const noexcept {
        const Loc& loc = locs_[static_cast<std::size_t>(slot)];
        auto* dst = reinterpret_cast<unsigned char*>(&out);
        if (loc.whole) {
            std::memcpy(dst, loc.p, sizeof(State));
            return;
        }
        std::memset(dst, 0, sizeof(State));
        const unsigned char* p = loc.p;
        p = get(dst, p, HEAD + loc.players);
        p = get(dst + offsetof(State, pstats), p, sizeof(State::pstats));
        p = get(dst + offsetof(State, stack), p, loc.frames);
        p = get(dst + offsetof(State, pool), p, loc.pool);
        get(dst + offsetof(State, grid), p, TAIL);
    }

    // The pending chance event of the state in `slot` (read where it lies, in the header).
    Chance event(int slot) const noexcept {
        Chance c;
        std::memcpy(&c, locs_[static_cast<std::size_t>(slot)].p + offsetof(State, chance) + offsetof(ChanceSlot, event),
                    sizeof(Chance));
        return c;
    }

    // Whether the state in `slot` is the same position as `s` (transitions.same_position: the
    // key bytes, less the fans and the players' records); `scratch` serves whole states.
    bool same(int slot, const State& s, State& scratch) const noexcept {
        const Loc& loc = locs_[static_cast<std::size_t>(slot)];
        if (loc.whole) {
            load(slot, scratch);
            return same_position_whole(scratch, s);
        }
        const unsigned char* p = loc.p;
        const auto* x = reinterpret_cast<const unsigned char*>(&s);
        constexpr std::size_t fans = sizeof(Team::fans);
        if (std::memcmp(p, x, KEY_FANS0) != 0 ||
            std::memcmp(p + KEY_FANS0 + fans, x + KEY_FANS0 + fans, KEY_FANS1 - KEY_FANS0 - fans) != 0 ||
            std::memcmp(p + KEY_FANS1 + fans, x + KEY_FANS1 + fans, HEAD - KEY_FANS1 - fans) != 0) {
            return false;
        }
        // equal headers: the same player and frame counts (and so the same pool in use once
        // the frames are equal)
        if (std::memcmp(p + HEAD, x + HEAD, loc.players) != 0) return false;
        p += HEAD + loc.players + sizeof(State::pstats);
        if (std::memcmp(p, x + offsetof(State, stack), loc.frames) != 0) return false;
        p += loc.frames;
        if (std::memcmp(p, x + offsetof(State, pool), loc.pool) != 0) return false;
        p += loc.pool;
        return std::memcmp(p, x + offsetof(State, grid), sizeof(State::grid)) == 0;
    }

    // Empty again; the first `keep` chunks stay allocated for the next tree.
    void clear(std::size_t keep) {
        locs_.clear();
        if (chunks_.size() > keep) chunks_.resize(keep);
        chunk_ = 0;
        used_ = 0;
    }

private:
    static constexpr std::size_t TAIL = sizeof(State) - offsetof(State, grid);
    struct Loc {
        unsigned char* p;
        std::uint32_t players, frames, pool;  // bytes kept of each part
        bool whole;
    };

    static unsigned char* put(unsigned char* p, const unsigned char* src, std::size_t n) noexcept {
        std::memcpy(p, src, n);
        return p + n;
    }
    static const unsigned char* get(unsigned char* dst, const unsigned char* p, std::size_t n) noexcept {
        std::memcpy(dst, p, n);
        return p + n;
    }

    // `n` bytes in the current chunk, or at the start of the next one.
    unsigned char* room(std::size_t n) {
        n = (n + 7) & ~std::size_t{7};
        if (chunks_.empty() || used_ + n > CHUNK) {
            if (!chunks_.empty()) ++chunk_;
            used_ = 0;
            if (chunk_ == chunks_.size()) chunks_.push_back(std::unique_ptr<unsigned char[]>(new unsigned char[CHUNK]));
        }
        unsigned char* p = chunks_[chunk_].get() + used_;
        used_ += n;
        return p;
    }

    std::vector<Loc> locs_;
    std::vector<std::unique_ptr<unsigned char[]>> chunks_;
    std::size_t chunk_ = 0;  // the chunk being filled
    std::size_t used_ = 0;  // bytes used in it
};

}  // namespace nuffle::mcts
