// The grod bot's purpose scoring in C++ (agents/grod/purposes.py, step for step): every
// purpose of every player who can act as a candidate player action (its value if it succeeds,
// its chance of success), from the same pathfinder (paths.hpp), roll-free reach (bots/reach.hpp),
// positional map (bots/grod_positions.hpp) and exact odds (bots/odds.hpp, bots/grod_odds.hpp),
// with the same float arithmetic in the same order; `choose` picks one as Python's does.
#pragma once

#include <algorithm>
#include <cstdlib>
#include <map>
#include <memory>
#include <tuple>
#include <utility>
#include <vector>

#include "nuffle/bots/grod_odds.hpp"
#include "nuffle/bots/grod_positions.hpp"
#include "nuffle/bots/grod_values.hpp"
#include "nuffle/bots/planner.hpp"
#include "nuffle/bots/reach.hpp"
#include "nuffle/engine.hpp"
#include "nuffle/paths.hpp"

namespace nuffle::bots {

// Projectile Vomit's D6 hits the target on 2+ (agents/grod/purposes.py VOMIT_HITS).
inline constexpr double VOMIT_HITS = 5.0 / 6.0;

// purposes.Candidate: one player action for one purpose. The carrier's moves to safety keep
// their route in the search (`lazy`, to `lazy_sq`; `lazy_cut`: inside the action already), built
// only for the one chosen.
struct Candidate {
    int pid = -1;
    double value = 0.0, prob = 0.0;
    Plan actions;
    bool ball = false;  // a failure loses the ball
    paths::Search* lazy = nullptr;
    int lazy_sq = -1;
    bool lazy_cut = false;

    double ev(const GrodValues& v) const {
        const double cost = v.turnover + (ball ? v.ball_loss : 0.0);
        return prob * value - (1.0 - prob) * cost;
    }
    const Plan& plan() {
        if (actions.empty() && lazy != nullptr) {
            paths::Route r;
            lazy->path(lazy_sq, r);
            if (!lazy_cut) actions.push_back(Act{fat::START_MOVE, pid, -1});
            for (const int sq : r.steps) actions.push_back(Act{fat::MOVE, -1, sq});
            actions.push_back(Act{fat::END_ACTION, -1, -1});
        }
        return actions;
    }
};

// purposes.choose: each player's best by expected worth, then safe ones first; -1 ends the turn.
inline int choose(const std::vector<Candidate>& cands, const GrodValues& v, bool compensated) {
    std::vector<std::pair<double, int>> best;  // (ev, candidate) per player, in first-seen order
    int slot[MAX_PLAYERS];
    std::fill(std::begin(slot), std::end(slot), -1);
    for (std::size_t i = 0; i < cands.size(); ++i) {
        const Candidate& c = cands[i];
        const double e = c.ev(v);
        if (!(e > 0)) continue;
        int& k = slot[c.pid];
        if (k < 0) {
            k = static_cast<int>(best.size());
            best.emplace_back(e, static_cast<int>(i));
        } else if (e > best[static_cast<std::size_t>(k)].first) {
            best[static_cast<std::size_t>(k)] = {e, static_cast<int>(i)};
        }
    }
    if (best.empty()) return -1;
    const double pending =
        paths::py_sum(static_cast<int>(best.size()), [&](int i) { return best[static_cast<std::size_t>(i)].first; }, compensated);
    const double share = v.pending_share;
    int top = -1;
    double top_rank = 0.0;
    for (const auto& [e, i] : best) {
        const Candidate& c = cands[static_cast<std::size_t>(i)];
        const double rank = e - (1.0 - c.prob) * share * (pending - e);
        if (top < 0 || rank > top_rank || (rank == top_rank && -c.pid > -cands[static_cast<std::size_t>(top)].pid)) {
            top = i;
            top_rank = rank;
        }
    }
    return top;
}

// The roll-free reaches a Scorer computes (its caches' buffers, kept by the bot between plans so
// that they are not allocated afresh for each).
struct ReachBuffers {
    std::vector<Reach> moves = std::vector<Reach>(MAX_PLAYERS), blitz = std::vector<Reach>(MAX_PLAYERS);
};

// purposes.Scorer: scores the purposes of `side` in position `s` for one plan.
class Scorer {
public:
    Scorer(const State& s, const Board& b, int side, const Legal& legal, const GrodValues& v, bool compensated,
           ReachBuffers& buffers)
        : s_(s), b_(b), side_(side), legal_(legal), v_(v), compensated_(compensated), reaches_(buffers.moves),
          blitz_reaches_(buffers.blitz), tz_(tz_map(s, b, side)),
          ez_(b.endzone_x[static_cast<std::size_t>(side)]),
          last_turn_(s.teams[side].turn >= b.variant.turns_per_half) {
        const int f = side == 0 ? 1 : -1;  // reach._neighbours: side-relative, forward first
        const int st = b.stride;
        const int order[8][2] = {{1, 0}, {1, -1}, {1, 1}, {0, -1}, {0, 1}, {-1, 0}, {-1, -1}, {-1, 1}};
        for (int i = 0; i < 8; ++i) nb_[static_cast<std::size_t>(i)] = order[i][1] * st + order[i][0] * f;
        reach_done_.fill(false);
        blitz_done_.fill(false);
    }

    // Scorer.candidates: every scored candidate of every player who can act.
    std::vector<Candidate> candidates() {
        std::vector<Candidate> out;
        const int c = carrier();
        const bool loose = s_.ball_state == frames::ball::ON_GROUND && s_.ball >= 0;
        const std::vector<int> ready = ready_players();
        std::vector<int> pickers;
        if (loose) {
            for (const int p : ready) {
                if (can_handle_ball(s_, p)) pickers.push_back(p);
            }
            auto key = [&](int p) { return std::make_pair(b_.distance(pos(s_, p), s_.ball) - s_.players[p].ma, p); };
            std::sort(pickers.begin(), pickers.end(), [&](int a, int b) { return key(a) < key(b); });
            if (pickers.size() > 2) pickers.resize(2);
        }
        for (const int p : ready) {
            if (p == c) carrier_actions(p, 0, true, fat::START_MOVE, out);
            if (loose && std::find(pickers.begin(), pickers.end(), p) != pickers.end()) pickup(p, out);
            if (can(fat::START_BLOCK, p)) blocks(p, out);
            if (can(fat::START_FOUL, p)) fouls(p, out);
            if (p != c) moves(p, out);
        }
        if (group_of(legal_, fat::START_BLITZ) != nullptr) blitzes(out);
        return out;
    }

    // Scorer.carrier_actions: score, advance to safety, hand off or pass.
    void carrier_actions(int c, int moves, bool fresh, int kind, std::vector<Candidate>& out) {
        paths::Search& ps = search(c, moves);
        const std::size_t cut = fresh ? 0 : 1;
        paths::Route ez;
        if (ps.endzone(ez)) {
            const double val = v_.score * (last_turn_ ? v_.last_turn_score : 1.0);
            out.push_back(Candidate{c, val, ez.prob, cut_plan(steps(fat::START_MOVE, c, ez.steps), cut), true, {}});
        }
        const int here = pos(s_, c);
        double base = carrier_value(here, here);
        if (!standing(s_, c)) base -= v_.stand_up;
        for (const auto& [sq, prob] : ps.reachable()) {
            if (prob < v_.carrier_min_prob) continue;
            const double gain = carrier_value(sq, here) - base;
            if (gain > 0) out.push_back(Candidate{c, gain, prob, {}, true, &ps, sq, cut > 0});
        }
        if (fresh && s_.players[c].status == static_cast<std::uint8_t>(Status::PRONE) && ps.started()) {
            out.push_back(Candidate{c, v_.stand_up, 1.0, {Act{fat::START_MOVE, c, -1}, Act{fat::END_ACTION, -1, -1}}, false, {}});
        }
        if (fresh || kind == fat::START_HANDOFF) handoffs(c, ps, cut, out);
        if ((fresh || kind == fat::START_PASS) && standing(s_, c)) passes(c, cut, out);
    }

private:
    const State& s_;
    const Board& b_;
    int side_;
    const Legal& legal_;
    const GrodValues& v_;
    bool compensated_;
    std::vector<Reach>& reaches_;
    std::vector<Reach>& blitz_reaches_;
    std::vector<int> tz_;
    int ez_;
    bool last_turn_;
    std::array<int, 8> nb_{};
    // this plan's searches by (player, moves used, goal kind, goal)
    std::map<std::tuple<int, int, int, int>, std::unique_ptr<paths::Search>> searches_;
    std::unique_ptr<PositionMap> positions_;
    std::array<bool, MAX_PLAYERS> reach_done_{};
    std::array<bool, MAX_PLAYERS> blitz_done_{};

    int tz(int sq) const noexcept { return tz_[static_cast<std::size_t>(sq)]; }
    int to_ez(int sq) const noexcept { return std::abs(b_.xs[static_cast<std::size_t>(sq)] - ez_); }
    int carrier() const noexcept { return nuffle::carrier(s_); }
    std::pair<int, int> neutral(int pid) const noexcept {
        const int sq = pos(s_, pid);
        return {to_ez(sq), b_.ys[static_cast<std::size_t>(sq)]};
    }

    bool can(int type, int pid) const {
        const Choice* g = group_of(legal_, type);
        return g != nullptr && std::find(g->players.begin(), g->players.end(), pid) != g->players.end();
    }

    std::vector<int> ready_players() const {
        std::vector<int> out;
        for (const int t : {fat::START_MOVE, fat::START_BLOCK}) {
            if (const Choice* g = group_of(legal_, t)) out.insert(out.end(), g->players.begin(), g->players.end());
        }
        std::sort(out.begin(), out.end());
        out.erase(std::unique(out.begin(), out.end()), out.end());
        return out;
    }

    paths::Search& search(int pid, int moves = 0, paths::Goal goal = {}) {
        auto& slot = searches_[{pid, moves, static_cast<int>(goal.kind), goal.at}];
        if (!slot) slot = std::make_unique<paths::Search>(s_, b_, pid, moves, -1, true, compensated_, goal);
        return *slot;
    }

    PositionMap& positions() {
        if (!positions_) positions_ = std::make_unique<PositionMap>(s_, b_, side_, v_, tz_);
        return *positions_;
    }

    int move_budget(int pid) const {
        const int ma = s_.players[pid].ma;
        return s_.players[pid].status != static_cast<std::uint8_t>(Status::PRONE) ? ma : ma - stand_up_cost(s_, pid);
    }

    // The roll-free reach of `p` a blitz keeps a square of movement for (cached for this plan).
    const Reach& blitz_reach(int p) {
        if (!blitz_done_[static_cast<std::size_t>(p)]) {
            roll_free_reach(s_, b_, p, move_budget(p) - 1, tz_, blitz_reaches_[static_cast<std::size_t>(p)], nb_);
            blitz_done_[static_cast<std::size_t>(p)] = true;
        }
        return blitz_reaches_[static_cast<std::size_t>(p)];
    }

    // Scorer.reach: roll-free reach of `p` (cached for this plan).
    const Reach& reach(int p) {
        if (!reach_done_[static_cast<std::size_t>(p)]) {
            roll_free_reach(s_, b_, p, move_budget(p), tz_, reaches_[static_cast<std::size_t>(p)], nb_);
            reach_done_[static_cast<std::size_t>(p)] = true;
        }
        return reaches_[static_cast<std::size_t>(p)];
    }

    static Plan steps(int start, int pid, const std::vector<int>& squares) {
        Plan out;
        out.reserve(squares.size() + 3);  // room for the action's last acts too
        out.push_back(Act{start, pid, -1});
        for (const int sq : squares) out.push_back(Act{fat::MOVE, -1, sq});
        return out;
    }
    static Plan cut_plan(Plan p, std::size_t cut) {
        if (cut > 0 && !p.empty()) p.erase(p.begin());
        return p;
    }

    // Scorer.carrier_value.
    double carrier_value(int sq, int here) {
        const int t = sq != here ? tz(sq) : tackle_zones(s_, b_, sq, side_);
        return -to_ez(sq) * v_.carrier_progress - t * v_.carrier_marked -
               positions().threat[static_cast<std::size_t>(sq)] * v_.carrier_threat -
               (on_sideline(b_, sq) ? 1 : 0) * v_.carrier_sideline;
    }

    // Scorer.mate_worth.
    double mate_worth(int q) {
        if (can(fat::START_MOVE, q) && to_ez(pos(s_, q)) <= s_.players[q].ma + 2) {
            paths::Route ez;
            if (search(q, 0, {paths::Goal::COLUMN, ez_}).endzone(ez)) return ez.prob * v_.score * v_.pass_unused_mate;
        }
        if (last_turn_) return 0.0;
        return v_.score_later * std::max(0.0, 1.0 - v_.pass_near_endzone * to_ez(pos(s_, q)));
    }

    void handoffs(int c, paths::Search& ps, std::size_t cut, std::vector<Candidate>& out) {
        if (cut == 0 && !can(fat::START_HANDOFF, c)) return;
        for (const auto& [sq, hp] : ps.adjacent(paths::Search::HANDOFF)) {
            const int q = s_.grid[sq];
            if (tz(pos(s_, q)) != 0) continue;
            const double worth = mate_worth(q);
            if (worth <= 0) continue;
            const double catch_p = catch_odds(s_, b_, q, false);
            Plan acts = cut_plan(steps(fat::START_HANDOFF, c, hp.steps), cut);
            acts.push_back(Act{fat::HANDOFF, -1, sq});
            out.push_back(Candidate{c, worth * v_.handoff, hp.prob * catch_p, std::move(acts), true, {}});
        }
    }

    void passes(int c, std::size_t cut, std::vector<Candidate>& out) {
        if (cut == 0 && !can(fat::START_PASS, c)) return;
        const int here = pos(s_, c);
        for (int q = 0; q < s_.player_count; ++q) {
            if (team_of(s_, q) != side_) continue;
            const int sq = pos(s_, q);
            if (q == c || sq < 0 || !standing(s_, q) || tz(sq) != 0 || b_.distance(sq, here) < 2 ||
                to_ez(sq) >= to_ez(here) || !can_handle_ball(s_, q)) {
                continue;
            }
            const double worth = mate_worth(q);
            if (worth <= 0) continue;
            double acc = 0.0;
            if (!pass_accurate(s_, b_, c, sq, acc)) continue;
            double prob = acc * catch_odds(s_, b_, q, true);
            if (!procs::passing::interceptors(s_, b_, c, sq).empty()) prob *= v_.pass_interception;
            Plan acts = cut_plan({Act{fat::START_PASS, c, -1}, Act{fat::PASS, -1, sq}}, cut);
            out.push_back(Candidate{c, worth * v_.pass, prob, std::move(acts), true, {}});
        }
    }

    // Scorer.pickup: move to the ball and pick it up.
    void pickup(int p, std::vector<Candidate>& out) {
        if (b_.distance(pos(s_, p), s_.ball) > s_.players[p].ma + 3) return;
        paths::Route path;
        if (!search(p, 0, {paths::Goal::SQUARE, s_.ball}).path(s_.ball, path)) return;
        out.push_back(Candidate{p, v_.pickup, path.prob, steps(fat::START_MOVE, p, path.steps), false, {}});
    }

    // Scorer.moves: the best roll-free positional move of `p`, or standing up.
    void moves(int p, std::vector<Candidate>& out) {
        if (!can(fat::START_MOVE, p)) return;
        PositionMap& pm = positions();
        const bool handler = can_handle_ball(s_, p);
        const int here = pos(s_, p);
        const bool prone = s_.players[p].status == static_cast<std::uint8_t>(Status::PRONE);
        const double stay = pm.value(here, handler);
        const double bonus = prone ? v_.stand_up : 0.0;
        const double base = prone ? 0.0 : stay;
        bool found = false;
        Candidate best;
        int best_sq = -1;
        if (prone) {
            best = Candidate{p, stay + bonus, 1.0, {Act{fat::START_MOVE, p, -1}, Act{fat::END_ACTION, -1, -1}}, false, {}};
            found = true;
        }
        const Reach& parent = reach(p);
        for (const int sq : parent.order) {
            const double gain = pm.value(sq, handler) - base + bonus;
            if (gain > 0.05 && (!found || gain > best.value + 1e-9)) {
                best = Candidate{p, gain, 1.0, {}, false, {}};
                found = true;
                best_sq = sq;
            }
        }
        if (!found) return;
        if (best.actions.empty()) {
            best.actions = steps(fat::START_MOVE, p, parent.route(best_sq));
            best.actions.push_back(Act{fat::END_ACTION, -1, -1});
        }
        out.push_back(std::move(best));
    }

    double block_value(int q, const SafeOdds& odds) const {
        double val = odds.defender_armour * v_.block_knockdown;
        if (carrier() == q) val += odds.ball_lost * v_.block_carrier;
        if (on_sideline(b_, pos(s_, q))) val += v_.block_push_sideline;
        return val;
    }

    // Scorer.blocks: blocks on adjacent standing opponents, or a Stab.
    void blocks(int p, std::vector<Candidate>& out) {
        if (!standing(s_, p) || p == carrier()) return;
        int adj[8];
        const int n = adjacent_players(s_, b_, pos(s_, p), adj);
        std::vector<int> qs(adj, adj + n);
        std::stable_sort(qs.begin(), qs.end(), [&](int a, int b) { return neutral(a) < neutral(b); });
        for (const int q : qs) {
            if (team_of(s_, q) == side_ || !standing(s_, q)) continue;
            const SafeOdds odds = block_odds_safe(s_, b_, p, q, false);
            const int sq = pos(s_, q);
            out.push_back(Candidate{p, block_value(q, odds), odds.success,
                                    {Act{fat::START_BLOCK, p, -1}, Act{fat::BLOCK, -1, sq}, Act{fat::END_ACTION, -1, -1}},
                                    false, {}});
            special_attack(p, q, sq, out);
        }
    }

    // Scorer._special_attack: the Stab-coded attack on q priced as what it is: Stab, else
    // BB2020's Projectile Vomit (5 in 6 it hits him), else Breathe Fire (a D6, -1 against ST 5+:
    // 1 or less a turnover, 4-5 placed prone, 6 knocked down), each with its own value.
    void special_attack(int p, int q, int sq, std::vector<Candidate>& out) {
        const double brk = armour_break(armour_holds_to(s_, q));
        const double carrier_v = carrier() == q ? v_.block_carrier : 0.0;
        const Plan acts{Act{fat::START_BLOCK, p, -1}, Act{fat::STAB, -1, sq}, Act{fat::END_ACTION, -1, -1}};
        if (has(s_, p, fsk::STAB)) {
            out.push_back(Candidate{p, v_.stab * brk * (v_.block_knockdown + carrier_v), 1.0, acts, false, {}});
        } else if (has(s_, p, fsk::PROJECTILE_VOMIT)) {
            out.push_back(Candidate{p, v_.vomit * brk * (v_.block_knockdown + carrier_v), VOMIT_HITS, acts, false, {}});
        } else if (has(s_, p, fsk::BREATHE_FIRE)) {
            const bool strong = s_.players[q].st >= procs::contact::BREATHE_FIRE_STRONG;
            const double fails = (strong ? 2.0 : 1.0) / 6.0;
            const double knocks = strong ? 0.0 : 1.0 / 6.0;
            const double down = 2.0 / 6.0 + knocks;
            const double val = v_.breathe_fire * (down * carrier_v + knocks * brk * v_.block_knockdown) / (1.0 - fails);
            out.push_back(Candidate{p, val, 1.0 - fails, acts, false, {}});
        }
    }

    // Scorer.blitzes: blitzes, preferably on the ball carrier.
    void blitzes(std::vector<Candidate>& out) {
        const Choice* group = group_of(legal_, fat::START_BLITZ);
        const int c = carrier();
        const bool ours = c >= 0 && team_of(s_, c) == side_;
        std::vector<std::pair<int, double>> targets;
        if (c >= 0 && !ours && standing(s_, c)) targets.emplace_back(c, v_.blitz_carrier);
        if (ours) {
            int ms[8];
            const int n = tz_players(s_, b_, pos(s_, c), side_, ms);
            std::vector<int> qs(ms, ms + n);
            std::stable_sort(qs.begin(), qs.end(), [&](int a, int b) { return neutral(a) < neutral(b); });
            for (const int q : qs) targets.emplace_back(q, v_.blitz_free_carrier);
        }
        if (targets.empty()) {
            const int ball = s_.ball >= 0 ? s_.ball : -1;
            for (int q = 0; q < s_.player_count && targets.size() < 4; ++q) {
                if (team_of(s_, q) == side_ || pos(s_, q) < 0 || !standing(s_, q)) continue;
                if (ball < 0 || b_.distance(pos(s_, q), ball) <= 4) targets.emplace_back(q, 0.0);
            }
        }
        for (const auto& [q, bonus] : targets) {
            const int tsq = pos(s_, q);
            std::vector<int> cands;
            for (const int p : group->players) {
                if (p != c && pos(s_, p) >= 0 && b_.distance(pos(s_, p), tsq) <= s_.players[p].ma + 3) cands.push_back(p);
            }
            std::sort(cands.begin(), cands.end());
            cands.erase(std::unique(cands.begin(), cands.end()), cands.end());
            auto key = [&](int p) { return std::make_tuple(-static_cast<int>(s_.players[p].st), b_.distance(pos(s_, p), tsq), p); };
            std::sort(cands.begin(), cands.end(), [&](int a, int b) { return key(a) < key(b); });
            for (std::size_t i = 0; i < cands.size() && i < 3; ++i) {
                const int p = cands[i];
                double prob = 1.0;
                int end = -1;
                std::vector<int> route;
                if (q == c) {  // worth the full pathfinder: dodges and GFIs allowed
                    paths::Route path;
                    if (!search(p, 0, {paths::Goal::SQUARE, tsq}).adjacent_to(paths::Search::BLITZ, q, path) ||
                        path.prob < 0.3) {
                        continue;
                    }
                    prob = path.prob;
                    route = std::move(path.steps);
                    end = route.empty() ? pos(s_, p) : route.back();
                } else {
                    const Reach& parent = blitz_reach(p);
                    end = -1;  // the first spot next to the target: his own square, else the first reached
                    if (b_.distance(pos(s_, p), tsq) == 1) {
                        end = pos(s_, p);
                    } else {
                        for (const int sq : parent.order) {
                            if (b_.distance(sq, tsq) == 1) {
                                end = sq;
                                break;
                            }
                        }
                    }
                    if (end < 0) continue;
                    route = parent.route(end);
                }
                SafeOdds odds;
                if (!blitz_odds_safe(s_, b_, p, q, end, odds)) continue;
                const double val = odds.defender_armour * v_.blitz_knockdown +
                                   bonus * (q == c ? odds.ball_lost : odds.defender_armour) - v_.blitz_spent;
                Plan acts = steps(fat::START_BLITZ, p, route);
                acts.push_back(Act{fat::BLOCK, -1, tsq});
                acts.push_back(Act{fat::END_ACTION, -1, -1});
                out.push_back(Candidate{p, val, prob * odds.success, std::move(acts), false, {}});
            }
        }
    }

    // Scorer.fouls: fouls on opponents on the ground, reached without a roll.
    void fouls(int p, std::vector<Candidate>& out) {
        if (p == carrier() || !standing(s_, p)) return;
        const int here = pos(s_, p);
        std::vector<int> victims;
        for (int q = 0; q < s_.player_count; ++q) {
            const int qsq = pos(s_, q);
            const auto st = static_cast<Status>(s_.players[q].status);
            if (team_of(s_, q) != side_ && qsq >= 0 && (st == Status::PRONE || st == Status::STUNNED) &&
                b_.distance(qsq, here) <= s_.players[p].ma + 1) {
                victims.push_back(q);
            }
        }
        if (victims.empty()) return;
        const Reach& parent = reach(p);
        for (const int q : victims) {
            const int qsq = pos(s_, q);
            int spot = -1;
            if (b_.distance(here, qsq) == 1) {
                spot = here;
            } else {  // the first square in reach order with the least (tackle zones, steps)
                std::tuple<int, std::size_t, int> best_key{};
                for (const int off : b_.neighbours) {
                    const int n = qsq + off;
                    if (!parent.has(n)) continue;
                    const std::tuple<int, std::size_t, int> key{tz(n), parent.depth(n), parent.index[static_cast<std::size_t>(n)]};
                    if (spot < 0 || key < best_key) {
                        spot = n;
                        best_key = key;
                    }
                }
            }
            if (spot < 0) continue;
            const auto [sent_off, broken] = foul_figures(s_, b_, p, q, spot);
            const double val = v_.foul_injury * broken - v_.foul_sent_off * sent_off;
            if (val <= 0) continue;
            Plan acts = steps(fat::START_FOUL, p, spot != here ? parent.route(spot) : std::vector<int>{});
            acts.push_back(Act{fat::FOUL, -1, qsq});
            acts.push_back(Act{fat::END_ACTION, -1, -1});
            out.push_back(Candidate{p, val, 1.0 - sent_off, std::move(acts), false, {}});
        }
    }
};

}  // namespace nuffle::bots
