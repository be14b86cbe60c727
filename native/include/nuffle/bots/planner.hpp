// The scripted bot's turn planning in C++ (agents/scripted/planner.py, step for step): the
// priority list, one whole player action at a time, with the same pathfinder (paths.hpp), the
// same exact odds (bots/odds.hpp) and the same float ratings in the same order, so that it
// plans what the Python Planner plans.
#pragma once

#include <algorithm>
#include <cstdlib>
#include <functional>
#include <memory>
#include <tuple>
#include <vector>

#include "nuffle/bots/odds.hpp"
#include "nuffle/bots/reach.hpp"
#include "nuffle/engine.hpp"
#include "nuffle/paths.hpp"

namespace nuffle::bots {

namespace fat = frames::at;

// The group of `type` in `legal` (LegalActions.group: the first), or null.
inline const Choice* group_of(const Legal& legal, int type) noexcept {
    for (const Choice& g : legal) {
        if (g.type == type) return &g;
    }
    return nullptr;
}

// `a in legal`.
inline bool is_legal(const Legal& legal, const Act& a) {
    return std::any_of(legal.begin(), legal.end(), [&](const Choice& g) { return allows(g, a); });
}

using Plan = std::vector<Act>;

class Planner {
public:
    static constexpr double SCORE_CHANCE = 0.7;

    Planner(const State& s, const Board& b, int side, const Legal& legal, bool compensated)
        : s_(s), b_(b), side_(side), legal_(legal), compensated_(compensated), tz_(tz_map(s, b, side)),
          ez_(b.endzone_x[static_cast<std::size_t>(side)]), dir_(side == 0 ? 1 : -1) {
        if (const Choice* g = group_of(legal, fat::START_MOVE)) {
            ready_ = g->players;
            std::sort(ready_.begin(), ready_.end());
            ready_.erase(std::unique(ready_.begin(), ready_.end()), ready_.end());
        }
    }

    // Planner.plan: the actions of the next player action, or END_TURN.
    Plan plan() {
        using Step = Plan (Planner::*)();
        static constexpr Step STEPS[] = {&Planner::stand_up, &Planner::ball_carrier, &Planner::pickup,
                                         &Planner::safe_blocks, &Planner::receivers, &Planner::blitz,
                                         &Planner::cage, &Planner::support, &Planner::foul, &Planner::risky_blocks};
        for (const Step step : STEPS) {
            Plan got = (this->*step)();
            if (!got.empty()) return got;
        }
        return {Act{fat::END_TURN, -1, -1}};
    }

    // Planner.carrier_move: score if likely; else hand off or pass to a scorer; else advance.
    Plan carrier_move(int c, int moves, bool fresh) {
        auto& slot = searches_[c];
        slot = std::make_unique<paths::Search>(s_, b_, c, moves, -1, true, compensated_);
        paths::Search& ps = *slot;
        paths::Route ez;
        const bool has_ez = ps.endzone(ez);
        const bool last = s_.teams[side_].turn >= b_.variant.turns_per_half;
        if (has_ez && (ez.prob >= SCORE_CHANCE || last)) {
            Plan acts = path_actions(fat::START_MOVE, c, ez.steps);
            if (!fresh) acts.erase(acts.begin());
            return acts;
        }
        if (fresh) {
            Plan got = give_ball(c, ps, has_ez ? ez.prob : 0.0);
            if (!got.empty()) return got;
        }
        int best_sq = -1;  // the end of the best of PathSearch.all()'s paths, in its order
        double best_v = -1e9;
        const int here = pos(s_, c);
        if (standing(s_, c)) best_v = carrier_value(here, 1.0, here);
        for (const auto& [sq, prob] : ps.reachable()) {
            if (prob < 0.8) continue;
            const double v = carrier_value(sq, prob, here);
            if (v > best_v) {
                best_sq = sq;
                best_v = v;
            }
        }
        paths::Route best;
        if (best_sq < 0 || !ps.path(best_sq, best)) {
            if (fresh) {
                if (standing(s_, c)) return {};
                return {Act{fat::START_MOVE, c, -1}, Act{fat::END_ACTION, -1, -1}};
            }
            return {Act{fat::END_ACTION, -1, -1}};
        }
        Plan acts = path_actions(fat::START_MOVE, c, best.steps);
        if (!fresh) acts.erase(acts.begin());
        acts.push_back(Act{fat::END_ACTION, -1, -1});
        return acts;
    }

private:
    const State& s_;
    const Board& b_;
    int side_;
    const Legal& legal_;
    bool compensated_;
    std::vector<int> tz_;
    int ez_, dir_;
    std::vector<int> ready_;  // sorted
    Reach reach_;  // roll_free_reach's buffers, reused
    std::vector<std::unique_ptr<paths::Search>> searches_ = std::vector<std::unique_ptr<paths::Search>>(MAX_PLAYERS);

    int tz(int sq) const noexcept { return tz_[static_cast<std::size_t>(sq)]; }
    int to_ez(int sq) const noexcept { return std::abs(b_.xs[static_cast<std::size_t>(sq)] - ez_); }
    int carrier() const noexcept { return nuffle::carrier(s_); }

    bool can(int type, int pid) const {
        const Choice* g = group_of(legal_, type);
        return g != nullptr && std::find(g->players.begin(), g->players.end(), pid) != g->players.end();
    }

    paths::Search& search(int pid) {
        auto& slot = searches_[pid];
        if (!slot) slot = std::make_unique<paths::Search>(s_, b_, pid, 0, -1, true, compensated_);
        return *slot;
    }

    static Plan path_actions(int start, int pid, const std::vector<int>& steps) {
        Plan out{Act{start, pid, -1}};
        for (const int sq : steps) out.push_back(Act{fat::MOVE, -1, sq});
        return out;
    }

    std::vector<int> standing_ready() const {
        std::vector<int> out;
        for (const int p : ready_) {
            if (standing(s_, p)) out.push_back(p);
        }
        return out;
    }

    bool is_ready(int p) const { return std::binary_search(ready_.begin(), ready_.end(), p); }

    // --- the priority list ---------------------------------------------------------------------

    Plan stand_up() {
        for (const int p : ready_) {
            if (s_.players[p].status == static_cast<std::uint8_t>(Status::PRONE) && tz(pos(s_, p)) > 0) {
                return {Act{fat::START_MOVE, p, -1}, Act{fat::END_ACTION, -1, -1}};
            }
        }
        return {};
    }

    Plan ball_carrier() {
        const int c = carrier();
        if (c < 0 || team_of(s_, c) != side_ || !is_ready(c)) return {};
        return carrier_move(c, 0, true);
    }

    double carrier_value(int sq, double prob, int here) const {
        const int t = sq != here ? tz(sq) : tackle_zones(s_, b_, sq, side_);
        const int progress = to_ez(here) - to_ez(sq);
        return static_cast<double>(progress) - 4.0 * t - 0.7 * (on_sideline(b_, sq) ? 1 : 0) -
               0.2 * threats(s_, b_, sq, side_) - 20.0 * (1.0 - prob);
    }

    // Planner.give_ball: hand off or pass to a team-mate who can score with better odds.
    Plan give_ball(int c, paths::Search& ps, double own) {
        std::vector<int> mates;
        for (const int p : standing_ready()) {
            if (p != c && can_handle_ball(s_, p) && to_ez(pos(s_, p)) <= s_.players[p].ma + 1 && tz(pos(s_, p)) == 0) {
                mates.push_back(p);
            }
        }
        std::stable_sort(mates.begin(), mates.end(), [&](int a, int b) { return to_ez(pos(s_, a)) < to_ez(pos(s_, b)); });
        double best_v = std::max(own, 0.35);
        Plan best;
        std::vector<std::pair<int, paths::Route>> hand;
        if (can(fat::START_HANDOFF, c)) hand = ps.adjacent(paths::Search::HANDOFF);
        for (std::size_t i = 0; i < mates.size() && i < 2; ++i) {
            const int p = mates[i];
            paths::Route ez;
            if (!search(p).endzone(ez)) continue;
            const int sq = pos(s_, p);
            const auto hp = std::find_if(hand.begin(), hand.end(), [&](const auto& e) { return e.first == sq; });
            if (hp != hand.end()) {
                const double v = hp->second.prob * catch_odds(s_, b_, p, false) * ez.prob;
                if (v > best_v) {
                    best_v = v;
                    best = path_actions(fat::START_HANDOFF, c, hp->second.steps);
                    best.push_back(Act{fat::HANDOFF, -1, sq});
                }
            }
            if (can(fat::START_PASS, c) && standing(s_, c) && b_.distance(pos(s_, c), sq) > 1) {
                double acc = 0.0;
                if (!pass_accurate(s_, b_, c, sq, acc)) continue;
                double v = acc * catch_odds(s_, b_, p, true) * ez.prob;
                if (!procs::passing::interceptors(s_, b_, c, sq).empty()) v *= 0.75;
                if (v > best_v) {
                    best_v = v;
                    best = {Act{fat::START_PASS, c, -1}, Act{fat::PASS, -1, sq}};
                }
            }
        }
        return best;
    }

    Plan blocks(bool safe) {
        const Choice* g = group_of(legal_, fat::START_BLOCK);
        if (g == nullptr) return {};
        const int c = carrier();
        bool found = false;
        std::tuple<int, int, int> best_key{};
        int bp = -1, bq = -1;
        for (const int p : g->players) {
            if (p == c) continue;
            int adj[8];
            const int n = adjacent_players(s_, b_, pos(s_, p), adj);
            for (int i = 0; i < n; ++i) {
                const int q = adj[i];
                if (team_of(s_, q) == side_ || !standing(s_, q)) continue;
                bool mine = false;
                const int dice = block_dice(s_, b_, p, q, false, mine);
                if (!(safe ? mine && (dice >= 2 || has(s_, p, fsk::BLOCK)) : mine)) continue;
                const std::tuple<int, int, int> key{q == c ? 1 : 0, dice, on_sideline(b_, pos(s_, q)) ? 1 : 0};
                if (!found || key > best_key) {
                    found = true;
                    best_key = key;
                    bp = p;
                    bq = q;
                }
            }
        }
        if (!found) return {};
        return {Act{fat::START_BLOCK, bp, -1}, Act{fat::BLOCK, -1, pos(s_, bq)}, Act{fat::END_ACTION, -1, -1}};
    }

    Plan safe_blocks() { return blocks(true); }
    Plan risky_blocks() { return blocks(false); }

    Plan pickup() {
        if (s_.ball_state != frames::ball::ON_GROUND || s_.ball < 0) return {};
        const int ball = s_.ball;
        std::vector<int> cands;
        for (const int p : ready_) {
            const auto st = static_cast<Status>(s_.players[p].status);
            if ((st == Status::STANDING || st == Status::PRONE) && can_handle_ball(s_, p)) cands.push_back(p);
        }
        auto key = [&](int p) { return std::make_pair(b_.distance(pos(s_, p), ball) - s_.players[p].ma, p); };
        std::sort(cands.begin(), cands.end(), [&](int a, int b) { return key(a) < key(b); });
        paths::Route best;
        bool found = false;
        int who = -1;
        for (std::size_t i = 0; i < cands.size() && i < 3; ++i) {
            const int p = cands[i];
            if (b_.distance(pos(s_, p), ball) > s_.players[p].ma + 2) continue;
            paths::Route path;
            if (search(p).path(ball, path) && (!found || path.prob > best.prob)) {
                best = path;
                found = true;
                who = p;
            }
        }
        if (!found || best.prob < 0.25) return {};
        return path_actions(fat::START_MOVE, who, best.steps);
    }

    // Planner.move_to_best: an unmarked player along a roll-free route to the best-rated square.
    Plan move_to_best(int p, const std::function<double(int)>& value) {
        const int budget = s_.players[p].ma - (s_.players[p].status == static_cast<std::uint8_t>(Status::PRONE) ? 3 : 0);
        const Reach& reach = roll_free_reach(s_, b_, p, budget, tz_, reach_);
        if (reach.order.empty()) return {};
        const int here = pos(s_, p);
        int best_sq = here;
        double best_v = value(here) + 0.01;
        for (const int sq : reach.order) {
            const double v = value(sq);
            if (v > best_v) {
                best_sq = sq;
                best_v = v;
            }
        }
        if (best_sq == here) return {};
        Plan acts = path_actions(fat::START_MOVE, p, reach.route(best_sq));
        acts.push_back(Act{fat::END_ACTION, -1, -1});
        return acts;
    }

    Plan receivers() {
        const int c = carrier();
        if (c < 0 || team_of(s_, c) != side_) return {};
        for (const int p : standing_ready()) {
            if (p == c || !(has(s_, p, fsk::CATCH) || s_.players[p].ma >= 8)) continue;
            const int want = std::max(static_cast<int>(s_.players[p].ma) - 2, 2);
            Plan got = move_to_best(p, [&](int sq) {
                return static_cast<double>(-std::abs(to_ez(sq) - want) - 3 * tz(sq)) - 1.5 * (on_sideline(b_, sq) ? 1 : 0) -
                       0.5 * threats(s_, b_, sq, side_);
            });
            if (!got.empty()) return got;
        }
        return {};
    }

    Plan blitz() {
        if (group_of(legal_, fat::START_BLITZ) == nullptr) return {};
        const int c = carrier();
        if (c < 0 || team_of(s_, c) == side_ || !standing(s_, c)) return {};
        const int target = pos(s_, c);
        std::vector<int> cands;
        for (const int p : standing_ready()) {
            if (b_.distance(pos(s_, p), target) <= s_.players[p].ma + 2) cands.push_back(p);
        }
        auto key = [&](int p) {
            return std::make_tuple(-static_cast<int>(s_.players[p].st), -(has(s_, p, fsk::BLOCK) ? 1 : 0),
                                   b_.distance(pos(s_, p), target), p);
        };
        std::sort(cands.begin(), cands.end(), [&](int a, int b) { return key(a) < key(b); });
        bool found = false;
        double best_v = 0.0;
        int who = -1;
        paths::Route best;
        for (std::size_t i = 0; i < cands.size() && i < 3; ++i) {
            const int p = cands[i];
            const auto routes = search(p).adjacent(paths::Search::BLITZ);
            const auto it = std::find_if(routes.begin(), routes.end(), [&](const auto& e) { return e.first == target; });
            if (it == routes.end()) continue;
            const paths::Route& path = it->second;
            const int end = path.steps.empty() ? pos(s_, p) : path.steps.back();
            double armour = 0.0;
            if (!blitz_armour(s_, b_, p, c, end, armour)) continue;
            const double v = path.prob * armour;
            if (!found || v > best_v) {
                found = true;
                best_v = v;
                who = p;
                best = path;
            }
        }
        if (!found || best_v < 0.15) return {};
        Plan acts = path_actions(fat::START_BLITZ, who, best.steps);
        acts.push_back(Act{fat::BLOCK, -1, target});
        acts.push_back(Act{fat::END_ACTION, -1, -1});
        return acts;
    }

    Plan cage() {
        const int c = carrier();
        if (c < 0 || team_of(s_, c) != side_) return {};
        const int csq = pos(s_, c);
        const int st = b_.stride;
        std::vector<int> corners;
        for (const int d : {-st - 1, -st + 1, st - 1, st + 1}) {
            if (s_.grid[csq + d] == SQUARE_EMPTY) corners.push_back(csq + d);
        }
        if (corners.empty()) return {};
        for (const int p : standing_ready()) {
            if (p == c || (b_.distance(pos(s_, p), csq) == 1 && tz(pos(s_, p)) == 0)) continue;
            const Reach& reach = roll_free_reach(s_, b_, p, s_.players[p].ma, tz_, reach_);
            bool found = false;
            std::tuple<int, std::size_t, int> best_key{};
            int best = -1;
            for (const int q : corners) {
                if (!reach.has(q)) continue;
                const std::tuple<int, std::size_t, int> key{tz(q), reach.route(q).size(), q};
                if (!found || key < best_key) {
                    found = true;
                    best_key = key;
                    best = q;
                }
            }
            if (found) {
                Plan acts = path_actions(fat::START_MOVE, p, reach.route(best));
                acts.push_back(Act{fat::END_ACTION, -1, -1});
                return acts;
            }
        }
        return {};
    }

    // Planner.support: unmarked players toward the ball (ahead of our carrier, onto theirs, a loose ball).
    Plan support() {
        const int c = carrier();
        int aim = -1;
        bool mark = false;
        if (c >= 0 && team_of(s_, c) == side_) {
            int cx = b_.xs[static_cast<std::size_t>(pos(s_, c))] + 3 * dir_;
            const int cy = b_.ys[static_cast<std::size_t>(pos(s_, c))];
            cx = std::min(std::max(cx, 0), b_.width - 1);
            aim = b_.sq(cx, cy);
        } else if (s_.ball >= 0 && (s_.ball_state == frames::ball::ON_GROUND || s_.ball_state == frames::ball::CARRIED)) {
            aim = s_.ball;
            mark = true;
        } else {
            return {};
        }
        for (const int p : standing_ready()) {
            if (p == c || b_.distance(pos(s_, p), aim) <= 1) continue;
            Plan got = move_to_best(p, [&](int sq) {
                const int d = b_.distance(sq, aim);
                const double pen = mark ? 0.0 : 2.0 * tz(sq);
                return static_cast<double>(-d) - pen - 0.5 * (on_sideline(b_, sq) ? 1 : 0);
            });
            if (!got.empty()) return got;
        }
        return {};
    }

    Plan foul() {
        if (group_of(legal_, fat::START_FOUL) == nullptr) return {};
        const int c = carrier();
        for (const int p : standing_ready()) {
            if (p == c) continue;
            int adj[8];
            const int n = adjacent_players(s_, b_, pos(s_, p), adj);
            for (int i = 0; i < n; ++i) {
                const int q = adj[i];
                const auto st = static_cast<Status>(s_.players[q].status);
                if (team_of(s_, q) == side_ || (st != Status::PRONE && st != Status::STUNNED)) continue;
                const int net = procs::contact::foul_assists(s_, b_, side_, q, p) -
                                procs::contact::foul_assists(s_, b_, 1 - side_, p, q);
                if (net >= 1) {
                    return {Act{fat::START_FOUL, p, -1}, Act{fat::FOUL, -1, pos(s_, q)}, Act{fat::END_ACTION, -1, -1}};
                }
            }
        }
        return {};
    }
};

}  // namespace nuffle::bots
