// Exact transition distributions in C++ (core/transitions.py): from a state at a chance node,
// resolve every grouped outcome, again and again, up to the next decision or the end; identical
// positions (equal key bytes, `same_position`) are merged, the first reached kept, and the
// probability of ending in each is exact.
//
// The chance nodes form a finite Markov chain. When it has no cycle (the usual case) the
// probabilities flow forward in topological order as 128-bit rationals. A cycle (a ball
// bouncing between players can revisit a state) or a rational too large for 128 bits is
// reported as such; the caller then solves the explored graph exactly (the binding hands it to
// core/transitions.py's solver over Fractions).
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <algorithm>
#include <functional>
#include <bit>
#include <memory>
#include <span>
#include <stdexcept>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

#include "nuffle/engine.hpp"

namespace nuffle {

using u128 = unsigned __int128;

// Too many distinct states (core: InputError).
struct TooManyStatesError : std::runtime_error {
    explicit TooManyStatesError(int max_states)
        : std::runtime_error("outcomes() enumerated more than " + std::to_string(max_states) + " states") {}
};

// An exact probability with 128-bit parts, in lowest terms.
struct Ratio {
    u128 num = 0;
    u128 den = 1;
};

// Binary gcd of two 64-bit numbers (shifts and subtractions, no division).
inline std::uint64_t gcd64(std::uint64_t a, std::uint64_t b) noexcept {
    if (a == 0) return b;
    if (b == 0) return a;
    const int shift = std::countr_zero(a | b);
    a >>= std::countr_zero(a);
    do {
        b >>= std::countr_zero(b);
        if (a > b) std::swap(a, b);
        b -= a;
    } while (b != 0);
    return a << shift;
}

inline u128 gcd128(u128 a, u128 b) noexcept {
    // the same gcd; a 64-bit one once both parts fit (the usual case: dice odds)
    while (b != 0) {
        if ((a >> 64) == 0 && (b >> 64) == 0) return gcd64(static_cast<std::uint64_t>(a), static_cast<std::uint64_t>(b));
        const u128 t = a % b;
        a = b;
        b = t;
    }
    return a;
}

// q / d, by a 64-bit division when both fit.
inline u128 div128(u128 q, u128 d) noexcept {
    if ((q >> 64) == 0 && (d >> 64) == 0) return static_cast<std::uint64_t>(q) / static_cast<std::uint64_t>(d);
    return q / d;
}

// a * b; false on overflow.
inline bool ratio_mul(const Ratio& a, std::uint32_t qn, std::uint32_t qd, Ratio& out) noexcept {
    u128 n = a.num, d = a.den, bn = qn, bd = qd;
    u128 g = gcd128(n, bd);
    if (g > 1) { n = div128(n, g); bd = div128(bd, g); }
    g = gcd128(bn, d);
    if (g > 1) { bn = div128(bn, g); d = div128(d, g); }
    return !__builtin_mul_overflow(n, bn, &out.num) && !__builtin_mul_overflow(d, bd, &out.den);
}

// a + b; false on overflow.
inline bool ratio_add(const Ratio& a, const Ratio& b, Ratio& out) noexcept {
    if (a.num == 0) { out = b; return true; }
    if (b.num == 0) { out = a; return true; }
    const u128 g = gcd128(a.den, b.den);
    u128 den, x, y, num;
    if (__builtin_mul_overflow(div128(a.den, g), b.den, &den)) return false;
    if (__builtin_mul_overflow(a.num, div128(b.den, g), &x)) return false;
    if (__builtin_mul_overflow(b.num, div128(a.den, g), &y)) return false;
    if (__builtin_add_overflow(x, y, &num)) return false;
    const u128 h = gcd128(num, den);
    out.num = div128(num, h);
    out.den = div128(den, h);
    return true;
}

// grouped_outcomes, kept per thread once worked out (a pure function of the event and ruleset).
inline const std::vector<WeightedOutcome>& grouped_outcomes_of(const Chance& ev, int ruleset) {
    thread_local std::unordered_map<std::uint32_t, std::vector<WeightedOutcome>> known;
    const std::uint32_t key = (static_cast<std::uint32_t>(ruleset) << 24) | (static_cast<std::uint32_t>(ev.kind) << 16) |
                              (static_cast<std::uint32_t>(ev.n) << 8) | static_cast<std::uint32_t>(ev.group);
    const auto it = known.find(key);
    if (it != known.end()) return it->second;
    return known.emplace(key, grouped_outcomes(ev.kind, ev.n, ev.group, ruleset)).first->second;
}

// memcpy with a size the compiler does not see: the library's vector copy rather than an
// inlined `rep movsq`, which is slow on some processors.
inline void copy_bytes(void* dst, const void* src, std::size_t n) noexcept {
    asm("" : "+r"(n));
    std::memcpy(dst, src, n);
}

// --- the parts of a state in use ---------------------------------------------------------------
// A state's frames above `frame_count`, its list pool past the frames' ranges and its player
// slots past `player_count` are zero (make_state, add_player, push_frame and pop_frame keep them
// so: equal states have equal bytes). A copy, a hash and a
// comparison of positions need only the parts in use; a state that breaks the rule (never made
// by the engine) is explored with whole copies instead, so the result is the same bytes.

// Where the frames' list ranges end in the pool (elements): the top frame's range ends last,
// as frames take their ranges stack-wise (push_frame; `unused_is_zero` checks it).
inline int pool_in_use(const State& s) noexcept { return next_pool_base(s); }

// Whether everything past the parts in use is zero (see above): the frames above the top, the
// pool past the frames' ranges and the player slots past `player_count`.
inline bool unused_is_zero(const State& s) noexcept {
    int base = 0;
    for (int k = 0; k < s.frame_count; ++k) {
        const Frame& f = s.stack[k];
        if (f.proc >= frames::PROC_COUNT || f.pool_base != base) return false;
        base += frames::PROCS[f.proc].pool;
    }
    if (base > LIST_POOL) return false;
    // 8-byte words: the unused frames start at a multiple of 8, the pool's unused part may not
    static_assert(offsetof(State, stack) % 8 == 0 && sizeof(Frame) % 8 == 0 && offsetof(State, grid) % 8 == 0);
    const auto* p = reinterpret_cast<const unsigned char*>(&s);
    const std::size_t frames_from = offsetof(State, stack) + sizeof(Frame) * s.frame_count;
    const std::size_t pool_from = offsetof(State, pool) + sizeof(std::int16_t) * static_cast<std::size_t>(pool_in_use(s));
    std::uint64_t any = 0;  // no early exit: the loops vectorise
    static_assert(sizeof(Player) % 8 == 0 && offsetof(State, players) % 8 == 0);
    for (std::size_t i = offsetof(State, players) + sizeof(Player) * s.player_count; i < offsetof(State, pstats); i += 8) {
        std::uint64_t w;
        std::memcpy(&w, p + i, 8);
        any |= w;
    }
    for (std::size_t i = frames_from; i < offsetof(State, pool); i += 8) {
        std::uint64_t w;
        std::memcpy(&w, p + i, 8);
        any |= w;
    }
    std::size_t i = pool_from;
    for (; i % 8 != 0; ++i) any |= p[i];
    for (; i < offsetof(State, grid); i += 8) {
        std::uint64_t w;
        std::memcpy(&w, p + i, 8);
        any |= w;
    }
    return any == 0;
}

// dst = src, byte for byte, when both follow the rule above: the parts src uses are copied and
// those only dst used are cleared.
inline void copy_in_use(State& dst, const State& src) noexcept {
    const int old_frames = dst.frame_count, old_pool = pool_in_use(dst);
    const int frames_n = src.frame_count, pool = pool_in_use(src);
    copy_bytes(&dst, &src, offsetof(State, stack) + sizeof(Frame) * static_cast<std::size_t>(frames_n));
    if (old_frames > frames_n) {
        std::memset(static_cast<void*>(&dst.stack[frames_n]), 0, sizeof(Frame) * static_cast<std::size_t>(old_frames - frames_n));
    }
    copy_bytes(dst.pool, src.pool, sizeof(std::int16_t) * static_cast<std::size_t>(pool));
    if (old_pool > pool) std::memset(&dst.pool[pool], 0, sizeof(std::int16_t) * static_cast<std::size_t>(old_pool - pool));
    copy_bytes(dst.grid, src.grid, sizeof(State) - offsetof(State, grid));
}

// Explored states with stable addresses, in blocks (no allocation per state). A slot given
// back, or kept from an earlier exploration (`restart`), is handed out again with the bytes of
// the state it held: a whole state, following the zero rule when that exploration copied only
// the parts in use.
class StateStore {
public:
    static constexpr std::size_t BLOCK = 8;
    static constexpr std::size_t KEEP_BLOCKS = 8;  // kept by `restart`; more are freed
    std::size_t size() const noexcept { return size_; }
    bool empty() const noexcept { return size_ == 0; }
    State& operator[](std::size_t i) noexcept { return blocks_[i / BLOCK][i % BLOCK]; }
    const State& operator[](std::size_t i) const noexcept { return blocks_[i / BLOCK][i % BLOCK]; }
    // Empty again, for an exploration that copies the parts in use (`in_use`) or whole states.
    void restart(bool in_use) {
        size_ = 0;
        if (blocks_.size() > KEEP_BLOCKS) blocks_.resize(KEEP_BLOCKS);
        high_ = in_use && in_use_ ? std::min(high_, blocks_.size() * BLOCK) : 0;
        in_use_ = in_use;
    }
    // After an error: no slot is known to follow the zero rule.
    void forget() noexcept { high_ = 0; }
    // A new last slot; `fresh`: its bytes are unset (never handed out since `restart`, or not
    // known to follow the zero rule), else those of a state.
    State& add(bool& fresh) {
        if (size_ == blocks_.size() * BLOCK) blocks_.push_back(std::unique_ptr<State[]>(new State[BLOCK]));
        fresh = size_ >= high_;
        if (fresh) high_ = size_ + 1;
        ++size_;
        return (*this)[size_ - 1];
    }
    void pop_back() noexcept { --size_; }

private:
    std::vector<std::unique_ptr<State[]>> blocks_;
    std::size_t size_ = 0;
    std::size_t high_ = 0;  // slots [0, high_) hold states
    bool in_use_ = false;  // the last exploration copied the parts in use
};

// One edge of a chance node: the outcome's probability and the node it leads to.
struct Edge {
    Probability p;
    int to;
};

// The explored graph: node 0 is the start; chance nodes have edges (probability, next node).
struct Explored {
    StateStore states;
    std::vector<Edge> edge_list;  // each node's edges together, in its outcomes' order
    std::vector<std::pair<int, int>> edge_at;  // per node: [begin, end) in edge_list
    std::vector<Ratio> mass;  // absorbed mass per node (solved == true)
    bool solved = false;  // false: a cycle or an overflow; solve the edges elsewhere
    // Kept when `explore` is given the start's event log (Game.outcomes' next games): how each
    // node was first reached (its parent node, -1 for the start, and the outcome resolved
    // there) and what its resolution noted (`log_of` puts its whole log together).
    std::vector<std::pair<int, Outcome>> via;
    EventLog start_log;
    std::vector<LogEntry> log_list;
    std::vector<std::pair<int, int>> log_at;  // per node: [begin, end) in log_list

    // Empty again (what it holds kept for reuse), for an exploration copying the parts in use
    // of states (`in_use`) or whole ones.
    void restart(bool in_use) {
        states.restart(in_use);
        edge_list.clear();
        edge_at.clear();
        mass.clear();
        solved = false;
        via.clear();
        start_log.clear();
        log_list.clear();
        log_at.clear();
    }

    std::span<const Edge> edges(std::size_t i) const noexcept {
        const auto [lo, hi] = edge_at[i];
        return {edge_list.data() + lo, static_cast<std::size_t>(hi - lo)};
    }
};

// The outcomes resolved on the first path from the start to node `i` (Explored::via), in order.
inline std::vector<Outcome> path_to(const Explored& ex, int i) {
    std::vector<Outcome> path;
    while (i > 0) {
        const auto& [parent, outcome] = ex.via[static_cast<std::size_t>(i)];
        path.push_back(outcome);
        i = parent;
    }
    return {path.rbegin(), path.rend()};
}

// Node `i`'s event log (tracked explorations): the start's, then what each resolution on its
// first path noted.
inline EventLog log_of(const Explored& ex, int i) {
    std::vector<int> nodes;
    for (; i >= 0; i = ex.via[static_cast<std::size_t>(i)].first) nodes.push_back(i);
    EventLog log = ex.start_log;
    for (auto it = nodes.rbegin(); it != nodes.rend(); ++it) {
        const auto [lo, hi] = ex.log_at[static_cast<std::size_t>(*it)];
        log.insert(log.end(), ex.log_list.begin() + lo, ex.log_list.begin() + hi);
    }
    return log;
}

// What makes two next states the same (GameState.key()): the state's bytes, less each team's
// fans (rolled before the match and kept for the box score, not part of a position: two fans
// rolls lead to one kick-off), the players' match records (`pstats`: who caused which casualty
// is not part of a position) and anything kept after the pitch grid (an event log is not part
// of a position either). KEY_HEAD: the [begin, end) byte ranges before the records (header,
// teams less the fans, all player slots); after the records come the frames, the pool and the
// grid. `same_position` compares the parts of these in use (the rest is zero, see above),
// `same_position_whole` all of them.
constexpr std::size_t KEY_FANS0 = offsetof(State, teams) + offsetof(Team, fans);
constexpr std::size_t KEY_FANS1 = KEY_FANS0 + sizeof(Team);
constexpr std::size_t KEY_A_END = offsetof(State, pstats);
constexpr std::pair<std::size_t, std::size_t> KEY_HEAD[] = {
    {0, KEY_FANS0}, {KEY_FANS0 + sizeof(Team::fans), KEY_FANS1}, {KEY_FANS1 + sizeof(Team::fans), KEY_A_END}};

// A 64-bit hash of a state's position, over 8-byte words in four lanes of cheap steps (it only
// picks a bucket: equal positions are told by `same_position`): its header and teams (less the
// fans), its players' squares, statuses, characteristics and flags (not their skills) and the
// frames in use (the rest seldom tells positions apart that these do not).
struct HashLanes {
    std::uint64_t a = 0x9E3779B97F4A7C15ULL, b = 0x243F6A8885A308D3ULL, c = 0x13198A2E03707344ULL,
                  d = 0xA4093822299F31D0ULL;
    void mix(std::uint64_t w0, std::uint64_t w1, std::uint64_t w2, std::uint64_t w3) noexcept {
        a = std::rotl(a ^ w0, 23) + w0;
        b = std::rotl(b ^ w1, 29) + w1;
        c = std::rotl(c ^ w2, 37) + w2;
        d = std::rotl(d ^ w3, 43) + w3;
    }
    // `count` words from `p`, four at a time (the last group padded with zeros).
    void mix_words(const unsigned char* p, std::size_t count) noexcept {
        std::size_t i = 0;
        for (; i + 4 <= count; i += 4) mix(load(p, i), load(p, i + 1), load(p, i + 2), load(p, i + 3));
        if (i < count) {
            mix(load(p, i), i + 1 < count ? load(p, i + 1) : 0, i + 2 < count ? load(p, i + 2) : 0, 0);
        }
    }
    std::uint64_t value(std::uint64_t n) const noexcept {
        const std::uint64_t out = (a ^ std::rotl(b, 17)) * 0xFF51AFD7ED558CCDULL ^ (c + std::rotl(d, 31)) * 0xC4CEB9FE1A85EC53ULL;
        return out ^ (out >> 29) ^ n;
    }
    // word `i` of `p` (straight from memory: no copy into an array first)
    static std::uint64_t load(const unsigned char* p, std::size_t i) noexcept {
        std::uint64_t w;
        std::memcpy(&w, p + 8 * i, 8);
        return w;
    }
};

inline std::uint64_t state_hash(const State& s) noexcept {
    static_assert(offsetof(Player, skills) == 16, "a player's first 16 bytes are all but his skills");
    static_assert(sizeof(Frame) % 8 == 0 && sizeof(Player) % 8 == 0 && offsetof(State, players) % 8 == 0);
    static_assert(sizeof(Team::fans) == 2 && KEY_FANS0 % 8 <= 6 && KEY_FANS1 % 8 <= 6, "each team's fans lie in one word");
    constexpr std::size_t head_words = offsetof(State, players) / 8;
    static_assert(head_words % 4 == 0 && KEY_FANS0 / 8 != KEY_FANS1 / 8);
    constexpr std::uint64_t fans0 = ~(0xFFFFULL << (8 * (KEY_FANS0 % 8))), fans1 = ~(0xFFFFULL << (8 * (KEY_FANS1 % 8)));
    const auto* p = reinterpret_cast<const unsigned char*>(&s);
    HashLanes h;
    for (std::size_t i = 0; i < head_words; i += 4) {  // the header and teams, each team's fans masked
        std::uint64_t w[4];
        for (std::size_t k = 0; k < 4; ++k) {
            w[k] = HashLanes::load(p, i + k);
            if (i + k == KEY_FANS0 / 8) w[k] &= fans0;
            if (i + k == KEY_FANS1 / 8) w[k] &= fans1;
        }
        h.mix(w[0], w[1], w[2], w[3]);
    }
    const int players = s.player_count;
    const auto* pl = reinterpret_cast<const unsigned char*>(s.players);
    int k = 0;
    for (; k + 2 <= players; k += 2) {  // 4 words a player: the first 2
        h.mix(HashLanes::load(pl, 4 * k), HashLanes::load(pl, 4 * k + 1), HashLanes::load(pl, 4 * k + 4),
              HashLanes::load(pl, 4 * k + 5));
    }
    if (k < players) h.mix(HashLanes::load(pl, 4 * k), HashLanes::load(pl, 4 * k + 1), 0, 0);
    h.mix_words(reinterpret_cast<const unsigned char*>(s.stack), sizeof(Frame) / 8 * s.frame_count);
    return h.value(static_cast<std::uint64_t>(players) << 8 | s.frame_count);
}

// Whether two states (following the rule above) are the same position (equal key bytes).
inline bool same_position(const State& a, const State& b) noexcept {
    const auto* x = reinterpret_cast<const unsigned char*>(&a);
    const auto* y = reinterpret_cast<const unsigned char*>(&b);
    // the header and the teams; then what most often tells positions apart: the frames
    constexpr std::size_t head_end = offsetof(State, players);
    if (std::memcmp(x, y, KEY_FANS0) != 0 ||
        std::memcmp(x + KEY_FANS0 + sizeof(Team::fans), y + KEY_FANS0 + sizeof(Team::fans),
                    KEY_FANS1 - KEY_FANS0 - sizeof(Team::fans)) != 0 ||
        std::memcmp(x + KEY_FANS1 + sizeof(Team::fans), y + KEY_FANS1 + sizeof(Team::fans),
                    head_end - KEY_FANS1 - sizeof(Team::fans)) != 0) {
        return false;
    }
    // equal headers: the same frame and player counts; equal frames: the same pool in use
    return std::memcmp(a.stack, b.stack, sizeof(Frame) * a.frame_count) == 0 &&
           std::memcmp(a.players, b.players, sizeof(Player) * a.player_count) == 0 &&
           std::memcmp(a.pool, b.pool, sizeof(std::int16_t) * static_cast<std::size_t>(pool_in_use(a))) == 0 &&
           std::memcmp(a.grid, b.grid, sizeof(State::grid)) == 0;
}

// Whether two states are the same position, whatever their unused parts hold (whole key bytes).
inline bool same_position_whole(const State& a, const State& b) noexcept {
    const auto* x = reinterpret_cast<const unsigned char*>(&a);
    const auto* y = reinterpret_cast<const unsigned char*>(&b);
    for (const auto& [begin, end] : KEY_HEAD) {
        if (std::memcmp(x + begin, y + begin, end - begin) != 0) return false;
    }
    constexpr std::size_t b_begin = offsetof(State, pstats) + sizeof(State::pstats);
    constexpr std::size_t b_end = offsetof(State, grid) + sizeof(State::grid);
    return std::memcmp(x + b_begin, y + b_begin, b_end - b_begin) == 0;
}

// An open-addressing table from position hashes to node numbers (several nodes may share a hash).
class NodeIndex {
public:
    NodeIndex() : slots_(64, Slot{0, -1}) {}
    // Calls `found(node)` on every node stored under `h` until it returns true; that node, or -1.
    template <class F>
    int find(std::uint64_t h, F&& found) const {
        for (std::size_t k = h & (slots_.size() - 1);; k = (k + 1) & (slots_.size() - 1)) {
            const Slot& slot = slots_[k];
            if (slot.node < 0) return -1;
            if (slot.hash == h && found(slot.node)) return slot.node;
        }
    }
    void add(std::uint64_t h, int node) {
        if (2 * (used_ + 1) > slots_.size()) grow();
        put(h, node);
    }

private:
    struct Slot {
        std::uint64_t hash;
        int node;
    };
    void put(std::uint64_t h, int node) noexcept {
        std::size_t k = h & (slots_.size() - 1);
        while (slots_[k].node >= 0) k = (k + 1) & (slots_.size() - 1);
        slots_[k] = Slot{h, node};
        ++used_;
    }
    void grow() {
        std::vector<Slot> old(slots_.size() * 2, Slot{0, -1});
        old.swap(slots_);
        used_ = 0;
        for (const Slot& s : old) {
            if (s.node >= 0) put(s.hash, s.node);
        }
    }
    std::vector<Slot> slots_;
    std::size_t used_ = 0;
};

// Explores every chance node reachable from `start` (a copy) in the Python engine's order
// (a stack of nodes to expand, outcomes in grouped order), merging identical states; then
// flows the probabilities forward when the graph has no cycle. With `start_log` (the start's
// event log), each node's first path and what its resolution noted are kept too
// (Explored::via, log_of). `out` is emptied first (an earlier result's storage is reused).
// Every EXPLORE_POLL states taken, `poll` (when given) is called: the binding checks for a
// signal there (Ctrl-C) and throws to stop; `out` is then left to be emptied by the next call.
constexpr int EXPLORE_POLL = 512;

inline void explore(const State& start, const Board& b, int max_states, Explored& out,
                    const EventLog* start_log = nullptr, const std::function<void()>& poll = {}) {
    NodeIndex index;
    const bool track = start_log != nullptr;
    // a start following the zero rule (every state the engine makes): copies and comparisons
    // of the parts in use; else whole ones
    const bool in_use = unused_is_zero(start);
    out.restart(in_use);
    bool fresh = true;
    copy_bytes(&out.states.add(fresh), &start, sizeof(State));
    EventLog scratch;  // a child's own notes (tracked)
    if (track) {
        out.via.emplace_back(-1, Outcome{});
        out.start_log = *start_log;
        out.log_at.emplace_back(0, 0);
    }
    index.add(state_hash(start), 0);
    out.edge_at.emplace_back(0, 0);
    std::vector<int> todo{0};
    int taken = 0;
    while (!todo.empty()) {
        if (poll && ++taken % EXPLORE_POLL == 0) poll();
        const int i = todo.back();
        todo.pop_back();
        const State& parent = out.states[static_cast<std::size_t>(i)];
        if (parent.decider != D_CHANCE) continue;
        const Chance ev = parent.chance.event;
        const int edges_begin = static_cast<int>(out.edge_list.size());
        int last = -1;  // where the previous outcome led
        for (const WeightedOutcome& w : grouped_outcomes_of(ev, parent.ruleset)) {
            // the child is resolved in the next slot (its address stays valid as the store
            // grows), and given back if it is a position seen before
            State& child = out.states.add(fresh);
            try {
                if (in_use && !fresh) {
                    copy_in_use(child, parent);
                } else {
                    copy_bytes(&child, &parent, sizeof(State));
                }
                if (track) {
                    scratch.clear();
                    const LogScope scope(child, scratch);
                    resolve(child, b, w.outcome, true);
                } else {
                    resolve(child, b, w.outcome, true);
                }
            } catch (...) {
                out.states.pop_back();
                out.states.forget();
                throw;
            }
            // most often the position the previous outcome led to (a run of dice with one
            // result): compared first, without a hash; else looked up
            const auto same = [&](int k) {
                const State& seen = out.states[static_cast<std::size_t>(k)];
                return in_use ? same_position(seen, child) : same_position_whole(seen, child);
            };
            std::uint64_t h = 0;
            int j = -1;
            if (last >= 0 && same(last)) {
                j = last;
            } else {
                h = state_hash(child);
                j = index.find(h, same);
            }
            if (j >= 0) {
                out.states.pop_back();
            } else {
                j = static_cast<int>(out.states.size()) - 1;
                if (j > max_states) throw TooManyStatesError(max_states);
                index.add(h, j);
                if (track) {
                    out.via.emplace_back(i, w.outcome);
                    const int lo = static_cast<int>(out.log_list.size());
                    out.log_list.insert(out.log_list.end(), scratch.begin(), scratch.end());
                    out.log_at.emplace_back(lo, static_cast<int>(out.log_list.size()));
                }
                out.edge_at.emplace_back(0, 0);
                todo.push_back(j);
            }
            out.edge_list.push_back(Edge{w.p, j});
            last = j;
        }
        out.edge_at[static_cast<std::size_t>(i)] = {edges_begin, static_cast<int>(out.edge_list.size())};
    }
    // Kahn's order over the chance nodes' edges; a node left unordered lies on a cycle.
    const std::size_t n = out.states.size();
    std::vector<int> indegree(n, 0);
    for (const Edge& e : out.edge_list) ++indegree[static_cast<std::size_t>(e.to)];
    if (indegree[0] != 0) return;  // the start is revisited: a cycle
    out.mass.assign(n, Ratio{});
    out.mass[0] = Ratio{1, 1};
    std::vector<int> ready{0};
    std::size_t ordered = 0;
    while (!ready.empty()) {
        const int i = ready.back();
        ready.pop_back();
        ++ordered;
        const Ratio m = out.mass[static_cast<std::size_t>(i)];
        for (const Edge& e : out.edges(static_cast<std::size_t>(i))) {
            const auto j = static_cast<std::size_t>(e.to);
            Ratio part, sum;
            if (!ratio_mul(m, e.p.num, e.p.den, part) || !ratio_add(out.mass[j], part, sum)) {
                return;  // too large for 128 bits: solve elsewhere
            }
            out.mass[j] = sum;
            if (--indegree[j] == 0) ready.push_back(e.to);
        }
    }
    out.solved = ordered == n;
}

}  // namespace nuffle
