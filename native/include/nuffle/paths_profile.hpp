// The pathfinder's roll odds and mass vectors (paths._Profile), the float helpers it shares with
// the bots (Python's sum and round), and the flat memo tables its searches keep between them.
// Part of the pathfinder (paths.hpp): the same floats in the same order as core/paths.py.
#pragma once

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>

#include "nuffle/board.hpp"
#include "nuffle/rules.hpp"
#include "nuffle/state.hpp"

namespace nuffle::paths {

// Step-key bits (paths.py): GFI, dodge, Tackle, dodge modifier + 7 in bits 3-6, pick-up,
// tackle zones on the ball in bits 8-11, stand-up roll.
constexpr int K_GFI = frames::step_key::GFI, K_DODGE = frames::step_key::DODGE, K_TACKLE = frames::step_key::TACKLE,
              K_PICKUP = frames::step_key::PICKUP, K_STANDUP = frames::step_key::STANDUP;  // generated
constexpr double EPS = 1e-12;
using namespace frames::reroll_mode;  // NO_SKILL, ONCE, EACH (paths.py's re-roll modes; generated)
constexpr int MAX_STATES = 16;  // 2**4 re-roll states at most
using Vec = std::array<double, MAX_STATES>;

inline int mod_bits(int mod) { return std::max(0, std::min(15, mod + 7)) << 3; }

// Python's sum() of floats from the int 0: a left fold before 3.12, Neumaier's compensated
// sum from 3.12 on (`compensated`).
template <typename F>
double py_sum(int n, F&& item, bool compensated) {
    if (n == 0) return 0.0;
    double f = item(0);
    if (!compensated) {
        for (int i = 1; i < n; ++i) f += item(i);
        return f;
    }
    double c = 0.0;
    for (int i = 1; i < n; ++i) {
        const double x = item(i);
        const double t = f + x;
        if (std::fabs(f) >= std::fabs(x)) c += (f - t) + x;
        else c += (x - t) + f;
        f = t;
    }
    if (c != 0.0 && std::isfinite(c)) f += c;
    return f;
}

// Python's round(x, 11): correctly rounded to 11 decimals (glibc prints exactly). A pure
// function of x's bits, so each thread keeps the answers it computed (the same chances recur
// in every search: the bots run many) in a direct-mapped table: one slot per hash of the bits,
// a newer answer replacing an older one in its slot.
inline double round11(double x) {
    struct Entry {
        std::uint64_t bits;
        double out;
        bool set;
    };
    static constexpr std::size_t SLOTS = 1 << 14;
    thread_local std::vector<Entry> cache(SLOTS, Entry{0, 0.0, false});
    std::uint64_t bits = 0;
    std::memcpy(&bits, &x, sizeof bits);
    Entry& e = cache[static_cast<std::size_t>((bits * 0x9E3779B97F4A7C15ULL) >> 50)];
    if (e.set && e.bits == bits) return e.out;
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.11f", x);
    const double out = std::strtod(buf, nullptr);
    e = Entry{bits, out, true};
    return out;
}

// Every up-set of the lattice of k-bit states as a bit mask over the 2**k states (_monotone).
inline std::vector<std::uint32_t> monotone(int k) {
    if (k == 0) return {0, 1};
    const int half = 1 << (k - 1);
    const auto sub = monotone(k - 1);
    std::vector<std::uint32_t> out;
    for (const auto lo : sub) {
        for (const auto hi : sub) {
            if ((lo & hi) == lo) out.push_back(lo | (hi << half));
        }
    }
    return out;
}

// An open-addressing table from 64-bit keys to ints that keeps its slots between searches:
// clear() is a new generation, not a sweep; it grows (doubling) past half full. The memo
// tables of one search (what a key maps to never depends on where it is stored).
class Memo {
   public:
    bool find(std::uint64_t key, int& val) const {
        return find(key, val, [](int) { return true; });
    }
    // The value stored under `key` for which `same(value)` holds (keys that are hashes).
    template <typename F>
    bool find(std::uint64_t key, int& val, F&& same) const {
        if (slots_.empty()) return false;
        for (std::size_t i = slot(key);; i = (i + 1) & mask_) {
            const Slot& e = slots_[i];
            if (e.gen != gen_) return false;
            if (e.key == key && same(e.val)) {
                val = e.val;
                return true;
            }
        }
    }
    void put(std::uint64_t key, int val) {  // a value not in the table
        if ((size_ + 1) * 2 > slots_.size()) grow();
        place(key, val);
        ++size_;
    }
    void clear() {
        size_ = 0;
        if (++gen_ == 0) {  // the generations wrapped: sweep once
            for (auto& e : slots_) e.gen = 0;
            gen_ = 1;
        }
    }

   private:
    struct Slot {
        std::uint64_t key;
        int val;
        std::uint32_t gen;
    };
    std::vector<Slot> slots_;
    std::size_t mask_ = 0, size_ = 0;
    std::uint32_t gen_ = 1;

    std::size_t slot(std::uint64_t key) const { return static_cast<std::size_t>((key * 0x9E3779B97F4A7C15ULL) >> 32) & mask_; }
    void place(std::uint64_t key, int val) {
        std::size_t i = slot(key);
        while (slots_[i].gen == gen_) i = (i + 1) & mask_;
        slots_[i] = Slot{key, val, gen_};
    }
    void grow() {
        std::vector<Slot> old;
        old.swap(slots_);
        const std::uint32_t g = gen_;
        slots_.assign(old.empty() ? 256 : old.size() * 2, Slot{0, 0, 0});
        mask_ = slots_.size() - 1;
        gen_ = 1;
        for (const auto& e : old) {
            if (e.gen == g) place(e.key, e.val);
        }
    }
};

// A mass vector's hash: the bits of its entries (never -0.0 or NaN: sums of products of
// non-negative finite chances; +0.0 stands in for -0.0 anyway, so equal vectors hash alike).
inline std::uint64_t vec_hash(const Vec& v, int n) {
    std::uint64_t h = 0xcbf29ce484222325ULL;
    for (int i = 0; i < n; ++i) {
        const double x = v[static_cast<std::size_t>(i)] == 0.0 ? 0.0 : v[static_cast<std::size_t>(i)];
        std::uint64_t bits = 0;
        std::memcpy(&bits, &x, sizeof bits);
        h = (h ^ bits) * 0x100000001b3ULL;
        h ^= h >> 29;
    }
    return h;
}

// The up-sets of monotone(k), each as its list of states, for k = 0..4 (computed once).
inline const std::vector<std::vector<int>>& upsets_of(int k) {
    static const auto table = [] {
        std::array<std::vector<std::vector<int>>, 5> t;
        for (int kk = 0; kk < 5; ++kk) {
            for (const auto f : monotone(kk)) {
                if (f == 0) continue;
                std::vector<int> u;
                for (int i = 0; i < (1 << kk); ++i) {
                    if ((f >> i) & 1U) u.push_back(i);
                }
                t[static_cast<std::size_t>(kk)].push_back(std::move(u));
            }
        }
        return t;
    }();
    return table[static_cast<std::size_t>(k)];
}

struct Src {
    int mode;
    bool team, pro;
    bool operator==(const Src&) const = default;
};

struct Roll {
    int kind;  // rk::STAND_UP, GFI, DODGE, PICKUP
    int need, wins, skill;
    bool team, pro;
};

// Roll odds and interned mass vectors of one search (paths._Profile).
struct Profile {
    int ag_target = 0, gfi = 0;
    bool rain = false, hands = false, loner = false, compensated = false;
    Src dodge{}, gfi_src{}, pickup{}, stand_up{};
    int pickup_bonus[9] = {};
    int dodge_bit = 0, sf_bit = 0, team_bit = 0, pro_bit = 0, n = 1;
    const std::vector<std::vector<int>>* upsets = nullptr;
    std::vector<Vec> vecs;
    std::vector<double> totals;
    std::vector<double> ranked;  // -round(total, 11) per vector: the rank key of paths._rank
    Memo ids;                    // vector hash -> vector id
    Memo step_memo, dom_memo;
    std::size_t nu = 0;          // the up-sets (upsets->size())
    std::vector<double> sums;    // per vector, its sums on the up-sets when there are a few (dominates)

    // Back to a fresh profile, keeping the tables' memory (a search reuses a finished one's).
    void reset() {
        ag_target = gfi = 0;
        rain = hands = loner = compensated = false;
        dodge = gfi_src = pickup = stand_up = Src{};
        std::fill(std::begin(pickup_bonus), std::end(pickup_bonus), 0);
        dodge_bit = sf_bit = team_bit = pro_bit = 0;
        n = 1;
        upsets = nullptr;
        vecs.clear();
        totals.clear();
        ranked.clear();
        ids.clear();
        step_memo.clear();
        dom_memo.clear();
        nu = 0;
        sums.clear();
    }

    void init() {
        int bit = 1;
        const bool any_team = dodge.team || gfi_src.team || pickup.team || stand_up.team;
        const bool any_pro = dodge.pro || gfi_src.pro || pickup.pro || stand_up.pro;
        if (dodge.mode == ONCE) { dodge_bit = bit; bit <<= 1; }
        if (gfi_src.mode == ONCE) { sf_bit = bit; bit <<= 1; }
        if (any_team) { team_bit = bit; bit <<= 1; }
        if (any_pro) { pro_bit = bit; bit <<= 1; }
        n = bit;
        int k = 0;
        while ((1 << (k + 1)) <= bit) ++k;
        upsets = &upsets_of(k);
        nu = upsets->size();
        Vec start{};
        start[static_cast<std::size_t>(bit - 1)] = 1.0;
        vecs.push_back(start);
        push_sums(start);
        totals.push_back(1.0);
        ranked.push_back(-round11(1.0));
        ids.put(vec_hash(start, n), 0);
    }

    Roll roll(int kind, const Src& src, int need_, int bit, bool blocked) const {
        const int skill = (blocked || src.mode == NO_SKILL) ? 0 : (src.mode == EACH ? -1 : bit);
        return Roll{kind, need_, 7 - need_, skill, src.team, src.pro};
    }

    // The rolls of a step key, in the engine's order (_Profile.rolls).
    int rolls(int key, Roll out[4]) const {
        int k = 0;
        if (key & K_STANDUP) out[k++] = roll(rk::STAND_UP, stand_up, 4, 0, false);
        if (key & K_GFI) out[k++] = roll(rk::GFI, gfi_src, need(gfi, 0, false), sf_bit, false);
        if (key & K_DODGE) {
            const int mod = ((key >> 3) & 15) - 7;
            out[k++] = roll(rk::DODGE, dodge, need(ag_target, mod, true), dodge_bit, (key & K_TACKLE) != 0);
        }
        if (key & K_PICKUP) {
            if (!hands) {
                out[k++] = Roll{rk::PICKUP, 7, 0, 0, false, false};
            } else {
                const int tz = (key >> 8) & 15;
                const int mod = pickup_base_modifier(tz, rain ? frames::weather::POURING_RAIN : 2, 0) + pickup_bonus[tz];
                out[k++] = roll(rk::PICKUP, pickup, need(ag_target, mod, true), 0, false);
            }
        }
        return k;
    }

    int intern(const Vec& v) {
        const double total = py_sum(n, [&](int i) { return v[static_cast<std::size_t>(i)]; }, compensated);
        if (total <= 0.0) return -1;
        const std::uint64_t h = vec_hash(v, n);
        int found = -1;
        if (ids.find(h, found, [&](int id) { return vecs[static_cast<std::size_t>(id)] == v; })) return found;
        const int vid = static_cast<int>(vecs.size());
        vecs.push_back(v);
        push_sums(v);
        totals.push_back(total);
        ranked.push_back(-round11(total));
        ids.put(h, vid);
        return vid;
    }

    // The mass vector after a step with key `key` (interned id; -1 if impossible).
    int apply(int vid, int key) {
        const auto mk = static_cast<std::uint64_t>(static_cast<std::int64_t>(vid) * 8192 + key);
        int got = 0;
        if (step_memo.find(mk, got)) return got;
        Vec vec = vecs[static_cast<std::size_t>(vid)];
        const double lam = loner ? 0.5 : 1.0;
        Roll rs[4];
        const int nr = rolls(key, rs);
        for (int r = 0; r < nr; ++r) {
            const Roll& ro = rs[r];
            const double p = ro.wins / 6.0;
            const double q = 1.0 - p;
            Vec out{};
            for (int s = 0; s < n; ++s) {
                const double m = vec[static_cast<std::size_t>(s)];
                if (m == 0.0) continue;
                out[static_cast<std::size_t>(s)] += m * p;
                if (ro.skill == -1) {
                    out[static_cast<std::size_t>(s)] += m * q * p;
                } else if (ro.skill != 0 && (s & ro.skill) != 0) {
                    out[static_cast<std::size_t>(s ^ ro.skill)] += m * q * p;
                } else if (ro.team && team_bit != 0 && (s & team_bit) != 0) {
                    out[static_cast<std::size_t>(s ^ team_bit)] += m * q * lam * p;
                } else if (ro.pro && (s & pro_bit) != 0) {
                    out[static_cast<std::size_t>(s ^ pro_bit)] += m * q * 0.5 * p;
                }
            }
            vec = out;
        }
        const int res = intern(vec);
        step_memo.put(mk, res);
        return res;
    }

    // A new vector's sums on the up-sets, in their order (the same sums dominates() would take),
    // kept when there are a few up-sets (up to two re-roll bits).
    void push_sums(const Vec& vv) {
        if (nu > 5) return;
        for (std::size_t j = 0; j < nu; ++j) {
            const auto& u = (*upsets)[j];
            sums.push_back(py_sum(static_cast<int>(u.size()), [&](int i) { return vv[static_cast<std::size_t>(u[static_cast<std::size_t>(i)])]; }, compensated));
        }
    }

    // Whether vector a is at least b on every up-set. A few up-sets: their sums kept per vector;
    // more: each pair's answer kept.
    bool dominates(int a, int b) {
        if (a == b) return true;
        if (nu <= 5) {
            const double* sa = &sums[static_cast<std::size_t>(a) * nu];
            const double* sb = &sums[static_cast<std::size_t>(b) * nu];
            for (std::size_t j = 0; j < nu; ++j) {
                if (!(sa[j] >= sb[j] - EPS)) return false;
            }
            return true;
        }
        return dominates_many(a, b);
    }

    bool dominates_many(int a, int b) {
        const auto mk = static_cast<std::uint64_t>(static_cast<std::int64_t>(a) * 1000003 + b);
        int got = 0;
        if (dom_memo.find(mk, got)) return got != 0;
        const Vec& va = vecs[static_cast<std::size_t>(a)];
        const Vec& vb = vecs[static_cast<std::size_t>(b)];
        bool ok = true;
        for (const auto& u : *upsets) {
            const int k = static_cast<int>(u.size());
            const double sa = py_sum(k, [&](int i) { return va[static_cast<std::size_t>(u[static_cast<std::size_t>(i)])]; }, compensated);
            const double sb = py_sum(k, [&](int i) { return vb[static_cast<std::size_t>(u[static_cast<std::size_t>(i)])]; }, compensated);
            if (!(sa >= sb - EPS)) {
                ok = false;
                break;
            }
        }
        dom_memo.put(mk, ok ? 1 : 0);
        return ok;
    }
};

}  // namespace nuffle::paths
