// The probability-weighted pathfinder of core/paths.py, step for step: the same layered
// label-setting search over mass vectors (one probability mass per set of re-rolls still
// available), the same dominance test, the same float operations in the same order (so the
// same doubles) and the same tie-breaking. See core/paths.py and docs/PATHFINDING.md for the
// method; names here follow that module.
#pragma once

#include <array>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <map>
#include <memory>
#include <tuple>
#include <unordered_map>
#include <vector>

#include "nuffle/board.hpp"
#include "nuffle/rules.hpp"
#include "nuffle/state.hpp"

namespace nuffle::paths {

// Step-key bits (paths.py): GFI, dodge, Tackle, dodge modifier + 7 in bits 3-6, pick-up,
// tackle zones on the ball in bits 8-11, stand-up roll.
constexpr int K_GFI = 1, K_DODGE = 2, K_TACKLE = 4, K_PICKUP = 128, K_STANDUP = 4096;
constexpr double EPS = 1e-12;
constexpr int NO_SKILL = 0, ONCE = 1, EACH = 2;
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
    std::vector<double> sums;   // per vector, its sum on each up-set (dominates), once asked
    std::vector<char> summed;   // per vector, whether its sums are in `sums`

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
        sums.clear();
        summed.clear();
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
        Vec start{};
        start[static_cast<std::size_t>(bit - 1)] = 1.0;
        vecs.push_back(start);
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
                const int mod = pickup_base_modifier(tz, rain ? frames::weather::POURING_RAIN : 2) + pickup_bonus[tz];
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

    // Vector v's sums on the up-sets, in their order (the same sums dominates() takes).
    void sum_upsets(int v) {
        const auto vi = static_cast<std::size_t>(v);
        const std::size_t nu = upsets->size();
        if (summed.size() <= vi) summed.resize(vecs.size(), 0);
        if (summed[vi]) return;
        if (sums.size() < vecs.size() * nu) sums.resize(vecs.size() * nu, 0.0);
        const Vec& vv = vecs[vi];
        for (std::size_t j = 0; j < nu; ++j) {
            const auto& u = (*upsets)[j];
            sums[vi * nu + j] = py_sum(static_cast<int>(u.size()), [&](int i) { return vv[static_cast<std::size_t>(u[static_cast<std::size_t>(i)])]; }, compensated);
        }
        summed[vi] = 1;
    }

    // Whether vector a is at least b on every up-set. A few up-sets (up to two re-roll bits):
    // their sums kept per vector; more: each pair's answer kept.
    bool dominates(int a, int b) {
        if (a == b) return true;
        const std::size_t nu = upsets->size();
        if (nu <= 5) {
            sum_upsets(a);
            sum_upsets(b);
            const double* sa = &sums[static_cast<std::size_t>(a) * nu];
            const double* sb = &sums[static_cast<std::size_t>(b) * nu];
            for (std::size_t j = 0; j < nu; ++j) {
                if (!(sa[j] >= sb[j] - EPS)) return false;
            }
            return true;
        }
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

struct Label {
    int vid, sq, moves, parent, key;  // parent: index into Search::pool, -1 none
};

// One found route (paths.Path): squares entered, chance, MA used, step keys, target square.
struct Route {
    std::vector<int> steps;
    double prob;
    int moves, moves_after;
    std::vector<int> keys;
    int target;  // -1 none
};

inline Src sources(const State& s, int pid, int kind, bool team) {
    const RerollSources r = reroll_sources(s, pid, kind, false, team ? 1 : 0);
    return Src{r.skill ? (r.skill_once ? ONCE : EACH) : NO_SKILL, r.team, r.pro};
}

// A square's candidate route end for PathSearch._pick.
struct Cand {
    int sq, label, vid;
    double prob;
    int key;
};

// The buffers of one search, kept between searches: a finished search hands them back to its
// thread's shelf and the next search takes them, so a warm thread's searches allocate almost
// nothing (the lists keep their capacity). No result depends on them: each search starts from
// cleared ones.
struct Work {
    Profile prof;
    std::vector<Label> pool;
    std::vector<std::vector<int>> labels, layer;  // label indices per square
    std::vector<int> best, order, frontier, layer_order, tz, tackle;
    std::vector<char> clear, terminal;
    std::vector<Cand> cands;

    void reset(std::size_t size) {
        prof.reset();
        pool.clear();
        if (labels.size() != size) {
            labels.assign(size, {});
            layer.assign(size, {});
        } else {
            for (auto& l : labels) l.clear();
            for (auto& l : layer) l.clear();
        }
        best.clear();
        order.clear();
        frontier.clear();
        layer_order.clear();
        cands.clear();
    }
};

// Each thread's finished searches' buffers (at most SHELF kept), and whether its shelf is gone
// (a search ended during the thread's exit frees its own).
struct Shelf {
    static constexpr std::size_t SHELF = 64;
    std::vector<std::unique_ptr<Work>> free;
    ~Shelf() { gone() = true; }
    static bool& gone() noexcept {
        thread_local bool g = false;
        return g;
    }
    static Shelf& mine() {
        thread_local Shelf s;
        return s;
    }
};

inline std::unique_ptr<Work> take_work() {
    if (!Shelf::gone()) {
        Shelf& s = Shelf::mine();
        if (!s.free.empty()) {
            std::unique_ptr<Work> w = std::move(s.free.back());
            s.free.pop_back();
            return w;
        }
    }
    return std::make_unique<Work>();
}

struct GiveBack {
    void operator()(Work* w) const noexcept {
        std::unique_ptr<Work> own(w);
        if (Shelf::gone()) return;
        try {
            Shelf& s = Shelf::mine();
            if (s.free.size() < Shelf::SHELF) s.free.push_back(std::move(own));
        } catch (...) {  // no room on the shelf: freed
        }
    }
};

// One search for one player (paths.PathSearch). `team_reroll`: -1 now, else 0 / 1.
class Search {
   public:
    Search(const State& s, const Board& b, int pid, int moves_used, int team_reroll, bool pickup, bool compensated)
        : s_(s), b_(b), pid_(pid), moves_used_(moves_used), w_(take_work().release()), prof_(w_->prof), pool_(w_->pool),
          labels_(w_->labels), best_(w_->best), order_(w_->order) {
        w_->reset(static_cast<std::size_t>(b.size));
        const Player& me = s.players[pid];
        side_ = me.team;
        const bool team = team_reroll < 0 ? team_reroll_available(s, side_) : team_reroll != 0;
        prof_.compensated = compensated;
        prof_.ag_target = 7 - std::min<int>(me.ag, 6);
        prof_.gfi = gfi_target(s);
        prof_.rain = s.weather == frames::weather::POURING_RAIN;
        prof_.hands = can_handle_ball(s, pid);
        prof_.loner = reroll_sources(s, pid, rk::DODGE, false, -1).loner;
        prof_.dodge = sources(s, pid, rk::DODGE, team);
        prof_.gfi_src = sources(s, pid, rk::GFI, team);
        prof_.pickup = sources(s, pid, rk::PICKUP, team);
        prof_.stand_up = sources(s, pid, rk::STAND_UP, team);
        for (int tz = 0; tz < 9; ++tz) prof_.pickup_bonus[tz] = pickup_skill_bonus(s, pid, tz);
        prof_.init();
        ma_ = me.ma;
        limit_ = me.ma + max_gfi(s, pid);
        pool_.reserve(1024);
        const int start = me.square;
        if (start < 0 || (me.status != static_cast<std::uint8_t>(Status::STANDING) &&
                          me.status != static_cast<std::uint8_t>(Status::PRONE))) {
            return;
        }
        Label first{};
        if (me.status == static_cast<std::uint8_t>(Status::PRONE)) {
            const int cost = stand_up_cost(s, pid);
            if (me.ma < cost) {
                first = Label{prof_.apply(0, K_STANDUP), start, std::max(moves_used, static_cast<int>(me.ma)), -1, K_STANDUP};
            } else {
                first = Label{0, start, moves_used + cost, -1, 0};
            }
        } else {
            first = Label{0, start, moves_used, -1, 0};
        }
        if (first.vid < 0) return;
        start_ = start;
        run(first, pickup);
    }

    // Whether the search started (PathSearch.start is not None): a player on the pitch, standing
    // or prone, who can stand up.
    bool started() const noexcept { return start_ >= 0; }

    // Every reachable square but the start with its safest route (PathSearch.all).
    std::vector<std::pair<int, Route>> all() {
        best();
        std::vector<std::pair<int, Route>> out;
        for (const int q : order_) {  // in the order squares were reached, as PathSearch.all's dict
            if (best_[static_cast<std::size_t>(q)] >= 0 && q != s_.players[pid_].square) {
                out.emplace_back(q, route(best_[static_cast<std::size_t>(q)], prof_.totals[static_cast<std::size_t>(pool_[static_cast<std::size_t>(best_[static_cast<std::size_t>(q)])].vid)], 0, -1, 0));
            }
        }
        return out;
    }

    // Every reachable square but the start with the chance of its safest route (no routes built).
    std::vector<std::pair<int, double>> reachable() {
        best();
        std::vector<std::pair<int, double>> out;
        for (const int q : order_) {
            const int li = best_[static_cast<std::size_t>(q)];
            if (li >= 0 && q != s_.players[pid_].square) {
                out.emplace_back(q, prof_.totals[static_cast<std::size_t>(pool_[static_cast<std::size_t>(li)].vid)]);
            }
        }
        return out;
    }

    // The safest route to the flat square `sq` (PathSearch.path), if any.
    bool path(int sq, Route& r) {
        best();
        if (!b_.on_pitch(sq)) return false;
        const int li = best_[static_cast<std::size_t>(sq)];
        if (li < 0) return false;
        r = route(li, prof_.totals[static_cast<std::size_t>(pool_[static_cast<std::size_t>(li)].vid)], 0, -1, 0);
        return true;
    }

    // The safest route into the end zone this player attacks, if any.
    bool endzone(Route& r) {
        best();
        std::vector<Cand>& cands = w_->cands;
        cands.clear();
        for (int q = 0; q < b_.size; ++q) {
            const int li = best_[static_cast<std::size_t>(q)];
            if (li >= 0 && b_.xs[static_cast<std::size_t>(q)] == b_.endzone_x[static_cast<std::size_t>(side_)]) {
                const int vid = pool_[static_cast<std::size_t>(li)].vid;
                cands.push_back(Cand{q, li, vid, prof_.totals[static_cast<std::size_t>(vid)], 0});
            }
        }
        const int k = pick(cands);
        if (k < 0) return false;
        const Cand& c = cands[static_cast<std::size_t>(k)];
        r = route(c.label, c.prob, 0, -1, 0);
        return true;
    }

    // PathSearch.blitz / handoff / foul: per target player's square, the chosen route.
    enum Kind { BLITZ, HANDOFF, FOUL };
    std::vector<std::pair<int, Route>> adjacent(Kind kind) {
        std::vector<std::pair<int, Route>> out;
        for (int t = 0; t < s_.player_count; ++t) {
            Route r;
            if (adjacent_to(kind, t, r)) out.emplace_back(s_.players[t].square, std::move(r));
        }
        return out;
    }

    // The chosen route next to player `t` alone (his entry of adjacent(kind)), if any.
    bool adjacent_to(Kind kind, int t, Route& r) {
        const Player& p = s_.players[t];
        if (p.square < 0 || !wanted(kind, t)) return false;
        const bool cost = kind == BLITZ;
        std::vector<Cand>& cands = w_->cands;
        cands.clear();
        for (const int off : b_.neighbours) {
            const int q = p.square + off;
            for (const int li : labels_[static_cast<std::size_t>(q)]) {
                const Label& lab = pool_[static_cast<std::size_t>(li)];
                int key = 0;
                if (cost) {
                    if (lab.moves >= limit_) continue;
                    if (lab.moves >= ma_) key = K_GFI;
                }
                const int vid = key ? prof_.apply(lab.vid, key) : lab.vid;
                if (vid >= 0) cands.push_back(Cand{q, li, vid, prof_.totals[static_cast<std::size_t>(vid)], key});
            }
        }
        const int k = pick(cands);
        if (k < 0) return false;
        const Cand& c = cands[static_cast<std::size_t>(k)];
        r = route(c.label, c.prob, c.key, p.square, cost ? 1 : 0);
        return true;
    }

   private:
    const State& s_;
    const Board& b_;
    int pid_, moves_used_, side_ = 0, ma_ = 0, limit_ = 0, start_ = -1;
    std::unique_ptr<Work, GiveBack> w_;  // this search's buffers (below), back to the shelf at its end
    Profile& prof_;
    std::vector<Label>& pool_;
    std::vector<std::vector<int>>& labels_;  // label indices per square, in the order found
    std::vector<int>& best_;
    std::vector<int>& order_;  // squares in the order they first got a label (PathSearch.labels' keys)

    bool wanted(Kind kind, int q) const {
        const Player& p = s_.players[q];
        const auto standing = static_cast<std::uint8_t>(Status::STANDING);
        if (kind == BLITZ) return p.team != side_ && p.status == standing;
        if (kind == FOUL) {
            return p.team != side_ && (p.status == static_cast<std::uint8_t>(Status::PRONE) ||
                                       p.status == static_cast<std::uint8_t>(Status::STUNNED));
        }
        return q != pid_ && p.team == side_ && p.status == standing && exerts_tz(s_, q) && can_handle_ball(s_, q);
    }

    int add(const Label& l) {
        pool_.push_back(l);
        return static_cast<int>(pool_.size()) - 1;
    }

    void run(const Label& first, bool pickup) {
        const int st = b_.stride;
        const int f = side_ == 0 ? 1 : -1;
        static constexpr int DIRS[8][2] = {{1, 0}, {1, -1}, {1, 1}, {0, -1}, {0, 1}, {-1, 0}, {-1, -1}, {-1, 1}};
        int nbs[8];
        for (int i = 0; i < 8; ++i) nbs[i] = DIRS[i][1] * st + DIRS[i][0] * f;
        const auto size = static_cast<std::size_t>(b_.size);
        std::vector<int>& tz = w_->tz;
        std::vector<int>& tackle = w_->tackle;
        tz.assign(size, 0);
        tackle.assign(size, 0);
        // the dodge hook points' skills leave the plain count of zones: the exact path search
        bool special = hooks::holds<DodgeModifier>(s_, pid_) || hooks::holds<DodgeZonesIgnored>(s_, pid_);
        for (int q = 0; q < s_.player_count; ++q) {
            const Player& p = s_.players[q];
            if (p.team == side_ || p.square < 0 || !exerts_tz(s_, q)) continue;
            const int tk = hooks::holds<DodgeRerollCancel>(s_, q) ? K_TACKLE : 0;
            if (hooks::holds<DestZoneIgnored>(s_, q) || hooks::holds<LeftZoneModifier>(s_, q) ||
                hooks::holds<DodgeRollReaction>(s_, q)) {
                special = true;
            }
            for (const int off : nbs) {
                tz[static_cast<std::size_t>(p.square + off)] += 1;
                tackle[static_cast<std::size_t>(p.square + off)] |= tk;
            }
        }
        std::vector<char>& clear = w_->clear;
        std::vector<char>& terminal = w_->terminal;
        clear.assign(size, 0);
        terminal.assign(size, 0);
        const int start = first.sq;
        int ball = -1, pk = 0;
        if (s_.ball_state == 1 && s_.ball >= 0 && s_.ball != start) {
            if (pickup) {
                ball = s_.ball;
                pk = K_PICKUP | (tz[static_cast<std::size_t>(ball)] << 8);
                terminal[static_cast<std::size_t>(ball)] = 1;
            } else {
                clear[static_cast<std::size_t>(s_.ball)] = 1;
            }
        }
        if (s_.ball_state == 2 && s_.ball == start) {
            const int ez = b_.endzone_x[static_cast<std::size_t>(side_)];
            for (int i = 0; i < b_.size; ++i) {
                if (b_.on_pitch(i) && b_.xs[static_cast<std::size_t>(i)] == ez) terminal[static_cast<std::size_t>(i)] = 1;
            }
        }
        const int first_i = add(first);
        labels_[static_cast<std::size_t>(start)].push_back(first_i);
        order_.push_back(start);
        if (first.vid == 0) clear[static_cast<std::size_t>(start)] = 1;
        std::vector<int>& frontier = w_->frontier;
        std::vector<int>& layer_order = w_->layer_order;
        std::vector<std::vector<int>>& layer = w_->layer;
        frontier.assign(1, first_i);
        for (int m = first.moves; m < limit_; ++m) {
            layer_order.clear();
            const int gfi = m >= ma_ ? K_GFI : 0;
            const int m1 = m + 1;
            for (const int li : frontier) {
                const Label lab = pool_[static_cast<std::size_t>(li)];
                const int sq = lab.sq;
                const int t = tz[static_cast<std::size_t>(sq)];
                const int lk = t ? (K_DODGE | tackle[static_cast<std::size_t>(sq)] | gfi) : gfi;
                for (const int off : nbs) {
                    const int q = sq + off;
                    const auto qi = static_cast<std::size_t>(q);
                    if (clear[qi] || (s_.grid[q] != SQUARE_EMPTY && q != start)) continue;
                    int key = 0, nv = lab.vid;
                    if (lk || q == ball) {
                        if (!t) key = lk;
                        else if (special) {
                            const int mod = dodge_modifier(s_, b_, pid_, q, sq) + reaction_modifier(s_, b_, pid_, q, sq);
                            key = lk | mod_bits(mod);
                        } else {
                            key = lk | ((8 - tz[qi]) << 3);
                        }
                        if (q == ball) key |= pk;
                        nv = prof_.apply(lab.vid, key);
                        if (nv < 0) continue;
                    }
                    bool dom = false;
                    for (const int oi : labels_[qi]) {
                        const int ov = pool_[static_cast<std::size_t>(oi)].vid;
                        if (ov == nv || prof_.dominates(ov, nv)) { dom = true; break; }
                    }
                    if (dom) continue;
                    std::vector<int>& cur = layer[qi];
                    if (cur.empty()) {
                        layer_order.push_back(q);
                        cur.push_back(add(Label{nv, q, m1, li, key}));
                        continue;
                    }
                    for (const int ci : cur) {
                        const int cv = pool_[static_cast<std::size_t>(ci)].vid;
                        if (cv == nv || prof_.dominates(cv, nv)) { dom = true; break; }
                    }
                    if (!dom) {  // keep the labels the new one does not dominate, then add it
                        std::size_t w = 0;
                        for (std::size_t r = 0; r < cur.size(); ++r) {
                            if (!prof_.dominates(nv, pool_[static_cast<std::size_t>(cur[r])].vid)) cur[w++] = cur[r];
                        }
                        cur.resize(w);
                        cur.push_back(add(Label{nv, q, m1, li, key}));
                    }
                }
            }
            frontier.clear();
            for (const int q : layer_order) {
                const auto qi = static_cast<std::size_t>(q);
                if (labels_[qi].empty()) order_.push_back(q);
                for (const int li : layer[qi]) {
                    labels_[qi].push_back(li);
                    if (pool_[static_cast<std::size_t>(li)].vid == 0) clear[qi] = 1;
                    if (!terminal[qi]) frontier.push_back(li);
                }
                layer[qi].clear();
            }
            if (frontier.empty()) break;
        }
    }

    // paths._rank of a label's (or candidate's) mass vector: safest first, then fewest moves.
    std::pair<double, int> rank(int vid, int moves) const { return {prof_.ranked[static_cast<std::size_t>(vid)], moves}; }

    void best() {
        if (!best_.empty()) return;
        best_.assign(static_cast<std::size_t>(b_.size), -1);
        for (int q = 0; q < b_.size; ++q) {
            const auto& labs = labels_[static_cast<std::size_t>(q)];
            if (labs.empty()) continue;
            int top = labs[0];
            auto rk_ = rank(pool_[static_cast<std::size_t>(top)].vid, pool_[static_cast<std::size_t>(top)].moves);
            for (std::size_t i = 1; i < labs.size(); ++i) {
                const Label& l = pool_[static_cast<std::size_t>(labs[i])];
                const auto r = rank(l.vid, l.moves);
                if (r < rk_) { top = labs[i]; rk_ = r; }
            }
            best_[static_cast<std::size_t>(q)] = top;
        }
    }

    // PathSearch._pick: safest, shortest, nearest the start's row, lower y, forward x.
    int pick(const std::vector<Cand>& cands) const {
        if (cands.empty()) return -1;  // (a player off the pitch has no square to measure from)
        const int w = b_.width - 1;
        const int y0 = b_.ys[static_cast<std::size_t>(s_.players[pid_].square)];
        int bi = -1;
        std::tuple<double, int, int, int, int> bk{};
        for (std::size_t i = 0; i < cands.size(); ++i) {
            const Cand& c = cands[i];
            const int x = b_.xs[static_cast<std::size_t>(c.sq)];
            const int y = b_.ys[static_cast<std::size_t>(c.sq)];
            const int fx = side_ == 0 ? x : w - x;
            const auto r = rank(c.vid, pool_[static_cast<std::size_t>(c.label)].moves + (c.key ? 1 : 0));
            const std::tuple<double, int, int, int, int> k{r.first, r.second, std::abs(y - y0), y, -fx};
            if (bi < 0 || k < bk) { bi = static_cast<int>(i); bk = k; }
        }
        return bi;
    }

    Route route(int li, double prob, int extra_key, int target, int cost) const {
        Route r{};
        std::size_t len = 0;  // the labels from the start to `li`, filled from the end back
        for (int i = li; i >= 0; i = pool_[static_cast<std::size_t>(i)].parent) ++len;
        r.keys.reserve(len + (extra_key ? 1 : 0));
        r.keys.resize(len);
        r.steps.resize(len - 1);
        std::size_t at = len;
        for (int i = li; i >= 0; i = pool_[static_cast<std::size_t>(i)].parent) {
            const Label& l = pool_[static_cast<std::size_t>(i)];
            --at;
            if (at > 0) r.steps[at - 1] = l.sq;
            r.keys[at] = l.key;
        }
        if (extra_key) r.keys.push_back(extra_key);
        r.prob = prob;
        r.moves_after = pool_[static_cast<std::size_t>(li)].moves + cost;
        r.moves = r.moves_after - moves_used_;
        r.target = target;
        return r;
    }
};

}  // namespace nuffle::paths
