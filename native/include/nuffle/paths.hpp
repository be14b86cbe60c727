// The probability-weighted pathfinder of core/paths.py, step for step: the same layered
// label-setting search over mass vectors (one probability mass per set of re-rolls still
// available), the same dominance test, the same float operations in the same order (so the
// same doubles) and the same tie-breaking. See core/paths.py and docs/PATHFINDING.md for the
// method; names here follow that module. The roll odds and mass vectors: paths_profile.hpp.
#pragma once

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <memory>
#include <tuple>
#include <utility>
#include <vector>

#include "nuffle/board.hpp"
#include "nuffle/paths_profile.hpp"
#include "nuffle/rules.hpp"
#include "nuffle/state.hpp"

namespace nuffle::paths {

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
    std::vector<Label> pool;
    std::vector<std::vector<int>> labels, layer;  // label indices per square
    std::vector<int> best, order, frontier, layer_order, tz, tackle;
    std::vector<char> clear, terminal;
    std::vector<Cand> cands;
    bool clean = false;  // the last search ran to its end (its labels all on `order`'s squares)

    void reset(std::size_t size) {
        pool.clear();
        if (labels.size() != size || !clean) {
            labels.assign(size, {});
            layer.assign(size, {});
        } else {  // only the squares the last search labelled (`order`); its layers ended empty
            for (const int q : order) labels[static_cast<std::size_t>(q)].clear();
        }
        clean = false;
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

// What a profile's odds are made of: the player's roll targets, re-roll sources and pick-up
// bonuses, the weather, the summation.
struct ProfileKey {
    int ag_target = 0, gfi = 0;
    bool rain = false, hands = false, loner = false, compensated = false;
    Src dodge{}, gfi_src{}, pickup{}, stand_up{};
    std::array<int, 9> pickup_bonus{};
    bool operator==(const ProfileKey&) const = default;
};

// Player `pid`'s profile key in `s` (`team_reroll`: -1 now, else 0 / 1).
inline ProfileKey profile_key(const State& s, int pid, int team_reroll, bool compensated) {
    const Player& me = s.players[pid];
    const bool team = team_reroll < 0 ? team_reroll_available(s, me.team) : team_reroll != 0;
    ProfileKey k;
    k.compensated = compensated;
    k.ag_target = ag_target(s, pid);
    k.gfi = gfi_target(s);
    k.rain = s.weather == frames::weather::POURING_RAIN;
    k.hands = can_handle_ball(s, pid);
    k.loner = reroll_sources(s, pid, rk::DODGE, false, -1).loner;
    k.dodge = sources(s, pid, rk::DODGE, team);
    k.gfi_src = sources(s, pid, rk::GFI, team);
    k.pickup = sources(s, pid, rk::PICKUP, team);
    k.stand_up = sources(s, pid, rk::STAND_UP, team);
    // A pick-up's modifiers but tackle zones and rain: the ruleset's base and the skills.
    for (int tz = 0; tz < 9; ++tz) {
        k.pickup_bonus[static_cast<std::size_t>(tz)] = rules_of(s).pickup_base + pickup_skill_bonus(s, pid, tz);
    }
    return k;
}

// The profile for `k`, shared by a thread's searches with the same key: the mass vectors, the
// steps between them and the dominance answers depend on nothing else, and a search reads a
// vector only by its contents (ids are equal exactly when vectors are: interned), so sharing
// changes no answer; each search finds most steps already worked out. A thread keeps the
// profiles of its last PROFILES keys; one grown past VECTORS vectors starts afresh when no
// search holds it.
inline std::shared_ptr<Profile> shared_profile(const ProfileKey& k) {
    static constexpr std::size_t PROFILES = 32, VECTORS = 4096;
    struct Entry {
        ProfileKey key;
        std::shared_ptr<Profile> prof;
    };
    thread_local std::vector<Entry> table;
    auto fresh = [&k] {
        auto p = std::make_shared<Profile>();
        p->compensated = k.compensated;
        p->ag_target = k.ag_target;
        p->gfi = k.gfi;
        p->rain = k.rain;
        p->hands = k.hands;
        p->loner = k.loner;
        p->dodge = k.dodge;
        p->gfi_src = k.gfi_src;
        p->pickup = k.pickup;
        p->stand_up = k.stand_up;
        for (int tz = 0; tz < 9; ++tz) p->pickup_bonus[tz] = k.pickup_bonus[static_cast<std::size_t>(tz)];
        p->init();
        return p;
    };
    for (Entry& e : table) {
        if (!(e.key == k)) continue;
        if (e.prof->vecs.size() > VECTORS && e.prof.use_count() == 1) e.prof = fresh();
        return e.prof;
    }
    if (table.size() >= PROFILES) table.erase(table.begin());
    table.push_back(Entry{k, fresh()});
    return table.back().prof;
}

// A search's goal (Search): the routes asked of it end on (or next to) a square, or in a column.
struct Goal {
    enum Kind { NONE, SQUARE, COLUMN } kind = NONE;
    int at = -1;  // the square, or the column's x
};

// One search for one player (paths.PathSearch). `team_reroll`: -1 now, else 0 / 1.
class Search {
   public:
    // `goal`: the only routes asked of this search end on the goal square or next to it
    // (path(goal), adjacent_to(kind, the player on it)) or in the goal column (endzone(), the
    // column being the end zone's). Labels that could not get there within the player's moves
    // (moves + steps to the goal > the limit) are not kept: every route to the goal keeps the
    // same labels in the same order (a dropped label is only ever compared with labels on its
    // square that have at least as many moves, dropped too, and its descendants would be
    // dropped), so those answers are unchanged and the rest of the board is not searched.
    // all(), reachable(), adjacent() are not for such a search.
    Search(const State& s, const Board& b, int pid, int moves_used, int team_reroll, bool pickup, bool compensated,
           Goal goal = Goal{})
        : s_(s), b_(b), pid_(pid), moves_used_(moves_used), goal_(goal), w_(take_work().release()),
          profile_(shared_profile(profile_key(s, pid, team_reroll, compensated))), prof_(*profile_), pool_(w_->pool),
          labels_(w_->labels), best_(w_->best), order_(w_->order) {
        w_->reset(static_cast<std::size_t>(b.size));
        const Player& me = s.players[pid];
        side_ = me.team;
        ma_ = me.ma;
        limit_ = me.ma + max_gfi(s, pid);
        pool_.reserve(1024);
        const int start = me.square;
        if (start < 0 || (me.status != static_cast<std::uint8_t>(Status::STANDING) &&
                          me.status != static_cast<std::uint8_t>(Status::PRONE))) {
            done();
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
        if (first.vid < 0) {
            done();
            return;
        }
        start_ = start;
        run(first, pickup);
        done();
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
        const int ez = b_.endzone_x[static_cast<std::size_t>(side_)];
        for (int y = 0; y < b_.height; ++y) {  // the end zone's squares in flat order
            const int q = b_.sq(ez, y);
            const int li = best_[static_cast<std::size_t>(q)];
            if (li >= 0) {
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
    Goal goal_;

    // The fewest steps from `q` to the goal: next to the goal square (-1 on it), into the goal
    // column (0 without a goal).
    int to_goal(int q) const noexcept {
        if (goal_.kind == Goal::SQUARE) return b_.distance(q, goal_.at) - 1;
        if (goal_.kind == Goal::COLUMN) return std::abs(b_.xs[static_cast<std::size_t>(q)] - goal_.at);
        return 0;
    }
    std::unique_ptr<Work, GiveBack> w_;  // this search's buffers (below), back to the shelf at its end
    std::shared_ptr<Profile> profile_;  // its roll odds and mass vectors, shared (shared_profile)
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
        const int zone_key = 7 + rules_of(s_).dodge_base;  // mod_bits of the base less the zones
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
        const bool goal = goal_.kind != Goal::NONE;
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
                    if (goal && m1 + to_goal(q) > limit_) continue;  // never on a route to the goal
                    int key = 0, nv = lab.vid;
                    if (lk || q == ball) {
                        if (!t) key = lk;
                        else if (special) {
                            const int mod = dodge_modifier(s_, b_, pid_, q, sq) + reaction_modifier(s_, b_, pid_, q, sq);
                            key = lk | mod_bits(mod);
                        } else {
                            key = lk | (std::max(0, zone_key - tz[qi]) << 3);
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

    // The search is over: its buffers hold labels only on `order_`'s squares.
    void done() noexcept { w_->clean = true; }

    // paths._rank of a label's (or candidate's) mass vector: safest first, then fewest moves.
    std::pair<double, int> rank(int vid, int moves) const { return {prof_.ranked[static_cast<std::size_t>(vid)], moves}; }

    void best() {
        if (!best_.empty()) return;
        best_.assign(static_cast<std::size_t>(b_.size), -1);
        for (const int q : order_) {  // the squares with labels
            const auto& labs = labels_[static_cast<std::size_t>(q)];
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
