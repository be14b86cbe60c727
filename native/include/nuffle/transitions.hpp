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
#include <deque>
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

inline u128 gcd128(u128 a, u128 b) noexcept {
    while (b != 0) {
        const u128 t = a % b;
        a = b;
        b = t;
    }
    return a;
}

// a * b; false on overflow.
inline bool ratio_mul(const Ratio& a, std::uint32_t qn, std::uint32_t qd, Ratio& out) noexcept {
    u128 n = a.num, d = a.den, bn = qn, bd = qd;
    u128 g = gcd128(n, bd);
    if (g > 1) { n /= g; bd /= g; }
    g = gcd128(bn, d);
    if (g > 1) { bn /= g; d /= g; }
    return !__builtin_mul_overflow(n, bn, &out.num) && !__builtin_mul_overflow(d, bd, &out.den);
}

// a + b; false on overflow.
inline bool ratio_add(const Ratio& a, const Ratio& b, Ratio& out) noexcept {
    if (a.num == 0) { out = b; return true; }
    if (b.num == 0) { out = a; return true; }
    const u128 g = gcd128(a.den, b.den);
    u128 den, x, y, num;
    if (__builtin_mul_overflow(a.den / g, b.den, &den)) return false;
    if (__builtin_mul_overflow(a.num, b.den / g, &x)) return false;
    if (__builtin_mul_overflow(b.num, a.den / g, &y)) return false;
    if (__builtin_add_overflow(x, y, &num)) return false;
    const u128 h = gcd128(num, den);
    out.num = num / h;
    out.den = den / h;
    return true;
}

// The explored graph: node 0 is the start; chance nodes have edges (probability, next node).
struct Explored {
    std::deque<State> states;  // a deque: references stay valid while it grows
    std::vector<std::vector<std::pair<Probability, int>>> edges;
    std::vector<Ratio> mass;  // absorbed mass per node (solved == true)
    bool solved = false;  // false: a cycle or an overflow; solve `edges` elsewhere
    // Kept when `explore` is given the start's event log (Game.outcomes' next games): how each
    // node was first reached (its parent node, -1 for the start, and the outcome resolved
    // there) and its event log (the start's, then what the resolutions on that path noted).
    std::vector<std::pair<int, Outcome>> via;
    std::deque<EventLog> logs;
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

// What makes two next states the same (GameState.key()): the state's bytes, less each team's
// fans (rolled before the match and kept for the box score, not part of a position: two fans
// rolls lead to one kick-off), the players' match records (`pstats`: who caused which casualty
// is not part of a position) and anything kept after the pitch grid (an event log is not part
// of a position either). KEY_RANGES: the [begin, end) byte ranges compared.
constexpr std::size_t KEY_FANS0 = offsetof(State, teams) + offsetof(Team, fans);
constexpr std::size_t KEY_FANS1 = KEY_FANS0 + sizeof(Team);
constexpr std::size_t KEY_A_END = offsetof(State, pstats);
constexpr std::size_t KEY_B_BEGIN = offsetof(State, pstats) + sizeof(State::pstats);
constexpr std::size_t KEY_B_END = offsetof(State, grid) + sizeof(State::grid);
constexpr std::pair<std::size_t, std::size_t> KEY_HEAD[] = {
    {0, KEY_FANS0}, {KEY_FANS0 + sizeof(Team::fans), KEY_FANS1}, {KEY_FANS1 + sizeof(Team::fans), KEY_A_END}};

// A 64-bit hash of `n` bytes in four independent lanes (no long multiply chain).
inline std::uint64_t hash_bytes(const unsigned char* p, std::size_t n, std::uint64_t h) noexcept {
    // four lanes in locals (registers), not an array the compiler keeps in memory
    std::uint64_t l0 = h, l1 = h ^ 0x243F6A8885A308D3ULL, l2 = h ^ 0x13198A2E03707344ULL, l3 = h ^ 0xA4093822299F31D0ULL;
    std::size_t i = 0;
    for (; i + 32 <= n; i += 32) {
        std::uint64_t w[4];
        std::memcpy(w, p + i, 32);
        l0 = (l0 ^ w[0]) * 0xFF51AFD7ED558CCDULL;
        l1 = (l1 ^ w[1]) * 0xFF51AFD7ED558CCDULL;
        l2 = (l2 ^ w[2]) * 0xFF51AFD7ED558CCDULL;
        l3 = (l3 ^ w[3]) * 0xFF51AFD7ED558CCDULL;
    }
    std::uint64_t out = l0 ^ (l1 >> 17) ^ (l2 << 13) ^ (l3 >> 31);
    for (; i < n; ++i) out = (out ^ p[i]) * 0x100000001B3ULL;
    return out;
}

// A 64-bit hash of a state's position: of its header, teams and players (less the fans) and
// of the frames in use (the rest of the key bytes, compared by `same_position`, seldom tells
// positions apart that these do not).
inline std::uint64_t state_hash(const State& s) noexcept {
    const auto* p = reinterpret_cast<const unsigned char*>(&s);
    std::uint64_t h = 0x9E3779B97F4A7C15ULL;
    for (const auto& [begin, end] : KEY_HEAD) h = hash_bytes(p + begin, end - begin, h);
    return hash_bytes(p + offsetof(State, stack), sizeof(Frame) * s.frame_count, h);
}

// Whether two states are the same position (equal key bytes).
inline bool same_position(const State& a, const State& b) noexcept {
    const auto* x = reinterpret_cast<const unsigned char*>(&a);
    const auto* y = reinterpret_cast<const unsigned char*>(&b);
    for (const auto& [begin, end] : KEY_HEAD) {
        if (std::memcmp(x + begin, y + begin, end - begin) != 0) return false;
    }
    return std::memcmp(x + KEY_B_BEGIN, y + KEY_B_BEGIN, KEY_B_END - KEY_B_BEGIN) == 0;
}

// Explores every chance node reachable from `start` (a copy) in the Python engine's order
// (a stack of nodes to expand, outcomes in grouped order), merging identical states; then
// flows the probabilities forward when the graph has no cycle. With `start_log` (the start's
// event log), each node's first path and log are kept too (Explored::via, Explored::logs).
inline void explore(const State& start, const Board& b, int max_states, Explored& out,
                    const EventLog* start_log = nullptr) {
    std::unordered_multimap<std::uint64_t, int> index;
    const bool track = start_log != nullptr;
    out.states.push_back(clone(start));
    if (track) {
        out.via.emplace_back(-1, Outcome{});
        out.logs.push_back(*start_log);
    }
    index.emplace(state_hash(start), 0);
    out.edges.emplace_back();
    std::vector<int> todo{0};
    while (!todo.empty()) {
        const int i = todo.back();
        todo.pop_back();
        if (out.states[static_cast<std::size_t>(i)].decider != D_CHANCE) continue;
        const Chance ev = out.states[static_cast<std::size_t>(i)].chance.event;
        for (const WeightedOutcome& w : grouped_outcomes(ev.kind, ev.n, ev.group)) {
            // the child is resolved in the next slot, and given back if it is a position seen before
            // copied in place (a trivial copy: one memcpy, no temporary; a deque keeps the
            // parent's reference valid while it grows)
            State& child = out.states.emplace_back(out.states[static_cast<std::size_t>(i)]);
            try {
                if (track) {
                    EventLog& log = out.logs.emplace_back(out.logs[static_cast<std::size_t>(i)]);
                    const LogScope scope(child, log);
                    resolve(child, b, w.outcome, true);
                } else {
                    resolve(child, b, w.outcome, true);
                }
            } catch (...) {
                out.states.pop_back();
                if (track && out.logs.size() > out.states.size()) out.logs.pop_back();
                throw;
            }
            const std::uint64_t h = state_hash(child);
            int j = -1;
            const auto [lo, hi] = index.equal_range(h);
            for (auto it = lo; it != hi; ++it) {
                if (same_position(out.states[static_cast<std::size_t>(it->second)], child)) {
                    j = it->second;
                    break;
                }
            }
            if (j >= 0) {
                out.states.pop_back();
                if (track) out.logs.pop_back();
            } else {
                j = static_cast<int>(out.states.size()) - 1;
                if (j > max_states) throw TooManyStatesError(max_states);
                index.emplace(h, j);
                if (track) out.via.emplace_back(i, w.outcome);
                out.edges.emplace_back();
                todo.push_back(j);
            }
            out.edges[static_cast<std::size_t>(i)].push_back({w.p, j});
        }
    }
    // Kahn's order over the chance nodes' edges; a node left unordered lies on a cycle.
    const std::size_t n = out.states.size();
    std::vector<int> indegree(n, 0);
    for (const auto& es : out.edges) {
        for (const auto& e : es) ++indegree[static_cast<std::size_t>(e.second)];
    }
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
        for (const auto& [p, j] : out.edges[static_cast<std::size_t>(i)]) {
            Ratio part, sum;
            if (!ratio_mul(m, p.num, p.den, part) || !ratio_add(out.mass[static_cast<std::size_t>(j)], part, sum)) {
                return;  // too large for 128 bits: solve elsewhere
            }
            out.mass[static_cast<std::size_t>(j)] = sum;
            if (--indegree[static_cast<std::size_t>(j)] == 0) ready.push_back(j);
        }
    }
    out.solved = ordered == n;
}

}  // namespace nuffle
