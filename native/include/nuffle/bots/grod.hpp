// The grod bot in C++ (agents/grod/bot.py's GrodBot, decision for decision): purpose scoring
// (bots/grod_scorer.hpp), its reactive decisions by expected value (re-rolls, block dice,
// skills; pushes, follow-ups and the defender's block choices are the scripted bot's,
// bots/decisions.hpp), the set-up from its formation (setup_plan.hpp, given the formations grod
// prefers) and its kick, with the bot's memory between decisions (the rest of the chosen player
// action, who is acting, the set-up plan). Its values come from the caller (values.py's table:
// data/grod/purposes.json and any overrides). The Python bot stays the reference:
// tests/native/test_native_grod.py compares the two at every decision of whole games.
#pragma once

#include <algorithm>
#include <cmath>
#include <deque>
#include <stdexcept>
#include <string>
#include <vector>

#include "nuffle/bots/decisions.hpp"
#include "nuffle/bots/grod_odds.hpp"
#include "nuffle/bots/grod_scorer.hpp"
#include "nuffle/bots/grod_values.hpp"
#include "nuffle/engine.hpp"
#include "nuffle/setup_plan.hpp"

namespace nuffle::bots {

namespace fdk = frames::dk;

// grod/decisions.reroll_cost: what spending a team re-roll now costs.
inline double reroll_cost(const State& s, const Board& b, int side, const GrodValues& v) {
    const Team& team = s.teams[side];
    const int left = std::max(1, b.variant.turns_per_half - static_cast<int>(team.turn) + 1);
    const int held = static_cast<int>(team.rerolls) + (bonus_reroll_usable(s, side) ? 1 : 0);
    return v.reroll * std::min(1.5, left / (v.reroll_turns * std::max(1, held)));
}

// grod/decisions.turnover_cost: a turnover now (and losing the ball with it).
inline double turnover_cost(const State& s, int side, const GrodValues& v, bool ball) {
    int ready = 0;  // ready_count: team-mates on their feet who have not acted
    for (int p = 0; p < s.player_count; ++p) {
        if (team_of(s, p) == side && pos(s, p) >= 0 && standing(s, p) && (s.players[p].flags & pf::USED) == 0) ++ready;
    }
    return v.turnover * (1.0 + ready / 6.0) + (ball ? v.ball_loss : 0.0);
}

class GrodBot {
public:
    // `offense` / `defense`: the formation grod sets up in of each kind (one each, by name);
    // `compensated`: the sums as Python 3.12+ does them (paths.hpp).
    GrodBot(const Board& b, const setup_plan::Formations& offense, const setup_plan::Formations& defense,
            const GrodValues& v, bool compensated)
        : b_(b), setup_(b, offense, defense), v_(v), compensated_(compensated) {}

    // A new match: no memory.
    void reset() noexcept {
        queue_.clear();
        acting_ = -1;
        setup_.reset();
    }

    // GrodBot.act: the decision of the side deciding `s` (`plain`: as if the match offered no
    // assisted moves).
    Act act(const State& s, bool plain = false) {
        return act_for_decider(
            s, b_, plain, [this](State& view, const Legal& legal) { return choose(view, legal); },
            [this] {
                queue_.clear();
                setup_.reset();
            });
    }

    // A team-turn option grod weighs (for a search over its choices, bots/grod_rollouts.hpp):
    // one player's best candidate action by expected worth, its rank as `choose` ranks them,
    // and its plan (the player action's decisions, first one first).
    struct Option {
        int pid;
        double rank;
        Plan plan;
    };

    // The options of the side deciding `s`, a team-turn (SELECT_ACTION) decision whose legal
    // actions are `legal`: each player's best candidate whose expected worth is positive, best
    // rank first (`choose`'s choice first), at most `k`, each with a plan whose first decision is
    // legal. Empty where grod would end the turn. Leaves the bot's memory as it was.
    std::vector<Option> options(const State& s, const Legal& legal, int k) {
        const int side = s.decider;
        Scorer scorer(s, b_, side, legal, v_, compensated_, buffers_);
        std::vector<Candidate> cands = scorer.candidates();
        const int top = bots::choose(cands, v_, compensated_);
        if (top < 0) return {};
        std::vector<std::pair<double, int>> best;  // (ev, candidate) per player, as choose keeps them
        int slot[MAX_PLAYERS];
        std::fill(std::begin(slot), std::end(slot), -1);
        for (std::size_t i = 0; i < cands.size(); ++i) {
            const double e = cands[i].ev(v_);
            if (!(e > 0)) continue;
            int& at = slot[cands[i].pid];
            if (at < 0) {
                at = static_cast<int>(best.size());
                best.emplace_back(e, static_cast<int>(i));
            } else if (e > best[static_cast<std::size_t>(at)].first) {
                best[static_cast<std::size_t>(at)] = {e, static_cast<int>(i)};
            }
        }
        const double pending = paths::py_sum(
            static_cast<int>(best.size()), [&](int i) { return best[static_cast<std::size_t>(i)].first; }, compensated_);
        std::vector<std::pair<double, int>> ranked;  // (rank, candidate)
        for (const auto& [e, i] : best) {
            const Candidate& c = cands[static_cast<std::size_t>(i)];
            ranked.emplace_back(e - (1.0 - c.prob) * v_.pending_share * (pending - e), i);
        }
        std::stable_sort(ranked.begin(), ranked.end(), [&](const auto& x, const auto& y) {
            if (x.second == top || y.second == top) return x.second == top && y.second != top;
            if (x.first != y.first) return x.first > y.first;
            return cands[static_cast<std::size_t>(x.second)].pid < cands[static_cast<std::size_t>(y.second)].pid;
        });
        std::vector<Option> out;
        for (const auto& [rank, i] : ranked) {
            if (static_cast<int>(out.size()) >= k) break;
            Candidate& c = cands[static_cast<std::size_t>(i)];
            const Plan& plan = c.plan();
            if (plan.empty() || !is_legal(legal, plan[0])) {
                if (i == top) return {};  // grod itself would end the turn here
                continue;
            }
            out.push_back(Option{c.pid, rank, plan});
        }
        return out;
    }

    // Play `plan` of player `pid` as grod plays its own choice: its first decision is being
    // taken now, the rest is queued (pid -1 and an empty plan: the turn is being ended).
    void follow(int pid, const Plan& plan) {
        queue_.clear();
        if (plan.size() > 1) queue_.assign(plan.begin() + 1, plan.end());
        if (pid >= 0) acting_ = pid;
    }

private:
    const Board& b_;
    setup_plan::SetupPlanner setup_;
    GrodValues v_;
    bool compensated_;
    std::deque<Act> queue_;
    int acting_ = -1;
    ReachBuffers buffers_;

    Act choose(State& s, const Legal& legal) {
        const int side = s.decider;
        const int kind = s.waiting;
        if (kind == fdk::SETUP) return setup_.act(s, legal);
        const Detail d = decision_detail(s, b_);
        if (kind == fdk::BLOCK_DICE) return block_dice_choice(s, legal, side, d);
        if (kind == fdk::FOLLOW_UP) return follow_choice(s, b_, side, d);
        if (kind == fdk::PUSH && legal.size() == 1 && legal[0].type == fat::PUSH) return push_choice(s, b_, legal, side);
        if (kind == fdk::REROLL) return grod_reroll(s, legal, side, d);
        if (kind == fdk::USE_SKILL) return skill_choice(s, legal, d);
        if (kind == fdk::SELECT_ACTION) return turn(s, legal, side);
        if (kind == fdk::MOVE && d.player >= 0 && d.action >= 0) return in_action(s, legal, side, d);
        return misc(s, legal, side);
    }

    // --- team turn -------------------------------------------------------------------------

    Act turn(const State& s, const Legal& legal, int side) {
        Scorer scorer(s, b_, side, legal, v_, compensated_, buffers_);
        std::vector<Candidate> cands = scorer.candidates();
        const int best = bots::choose(cands, v_, compensated_);
        if (best < 0) {
            queue_.clear();
            return Act{fat::END_TURN, -1, -1};
        }
        Candidate& c = cands[static_cast<std::size_t>(best)];
        const Plan& plan = c.plan();
        if (plan.empty() || !is_legal(legal, plan[0])) {
            queue_.clear();
            return Act{fat::END_TURN, -1, -1};
        }
        queue_.assign(plan.begin() + 1, plan.end());
        acting_ = c.pid;
        return plan[0];
    }

    // GrodBot._in_action: inside the player's action (from the decision).
    Act in_action(const State& s, const Legal& legal, int side, const Detail& d) {
        const int pid = d.player;
        if (pid != acting_) {
            queue_.clear();
            acting_ = pid;
        }
        if (!queue_.empty()) {
            const Act next = queue_.front();
            queue_.pop_front();
            if (is_legal(legal, next)) return next;
            queue_.clear();
        }
        if (carrier(s) == pid && group_of(legal, fat::MOVE) != nullptr) {
            Scorer scorer(s, b_, side, legal, v_, compensated_, buffers_);
            std::vector<Candidate> cands;
            scorer.carrier_actions(pid, std::max(d.moved, 0), false, d.action, cands);
            const int best = bots::choose(cands, v_, compensated_);
            if (best >= 0) {
                const Plan& plan = cands[static_cast<std::size_t>(best)].plan();
                if (!plan.empty() && is_legal(legal, plan[0])) {
                    queue_.assign(plan.begin() + 1, plan.end());
                    return plan[0];
                }
            }
        }
        return Act{fat::END_ACTION, -1, -1};
    }

    // --- reactive decisions (grod/decisions.py) --------------------------------------------

    // reroll_choice: a skill re-roll is free; a team re-roll when it pays; else Pro.
    Act grod_reroll(const State& s, const Legal& legal, int side, const Detail& d) const {
        if (group_of(legal, fat::USE_SKILL) != nullptr) return Act{fat::USE_SKILL, -1, -1};
        if (group_of(legal, fat::USE_REROLL) != nullptr && d.player >= 0 && d.need >= 0) {
            const int pid = d.player;
            double wins = std::max(0, 7 - d.need) / 6.0;
            if (team_reroll_check(s, pid)) wins *= 0.5;
            const int kind = d.roll;
            double cost = 0.0;
            if (kind == froll::BONE_HEAD || kind == froll::REALLY_STUPID || kind == froll::WILD_ANIMAL ||
                kind == froll::TAKE_ROOT || kind == froll::BLOOD_LUST || kind == froll::ANIMOSITY ||
                kind == froll::STAND_UP || kind == froll::JUMP_UP || kind == froll::HYPNOTIC_GAZE ||
                kind == froll::ALWAYS_HUNGRY) {
                cost = v_.negatrait_fail;
            } else {
                const bool carrying = s.ball_state == frames::ball::CARRIED && s.ball == pos(s, pid);
                const bool ball_roll = kind == froll::PICKUP || kind == froll::CATCH || kind == froll::PASS;
                cost = turnover_cost(s, side, v_, carrying || ball_roll);
            }
            if (wins * cost > reroll_cost(s, b_, side, v_)) return Act{fat::USE_REROLL, -1, -1};
        }
        if (group_of(legal, fat::USE_PRO) != nullptr) return Act{fat::USE_PRO, -1, -1};
        return Act{fat::DECLINE, -1, -1};
    }

    // _result_value: our worth of one block result when we attack.
    double result_value(const State& s, int att, int dfd, int res, int side) const {
        const int c = carrier(s);
        const double down = v_.block_knockdown + (c == dfd ? v_.block_carrier : 0.0);
        const double lost = turnover_cost(s, side, v_, c == att);
        switch (res) {
            case DEFENDER_DOWN: return down;
            case PUSHED: return on_sideline(b_, pos(s, dfd)) ? v_.block_push_sideline : 0.0;
            case NO_EFFECT: return 0.0;
            case BOTH_PRONE: return 0.3 * down;
            case BOTH_DOWN: return down - lost;
            default: return -lost;
        }
    }

    // block_dice_choice: as attacker the best face, re-rolled when a fresh roll is worth more.
    Act block_dice_choice(const State& s, const Legal& legal, int side, const Detail& d) const {
        std::vector<int> faces;
        for (int f = 0; f < 5; ++f) {
            if (group_of(legal, fat::SELECT_ATTACKER_DOWN + f) != nullptr) faces.push_back(f);
        }
        const int att = d.player, dfd = d.target;
        if (att < 0 || dfd < 0 || team_of(s, att) != side || faces.empty()) return block_choice(s, legal, side, d);
        BlockSkills a, df;
        block_skills(s, att, dfd, d.action == fat::START_BLITZ, a, df);
        double best_v = 0.0;
        int best_f = -1;
        for (const int f : faces) {
            const double val = result_value(s, att, dfd, face_result(f, a, df), side);
            if (best_f < 0 || val > best_v || (val == best_v && f > best_f)) {
                best_v = val;
                best_f = f;
            }
        }
        if (group_of(legal, fat::USE_REROLL) != nullptr) {
            const int dice = std::min(std::max(d.dice > 0 ? d.dice : 1, 1), 3);
            const auto fresh = fresh_faces(dice, a, df);
            const double ev = paths::py_sum(
                static_cast<int>(fresh.size()),
                [&](int i) {
                    const auto& [face, p] = fresh[static_cast<std::size_t>(i)];
                    return p * result_value(s, att, dfd, face_result(face, a, df), side);
                },
                compensated_);
            if (ev - reroll_cost(s, b_, side, v_) > best_v) return Act{fat::USE_REROLL, -1, -1};
        }
        return Act{fat::SELECT_ATTACKER_DOWN + best_f, -1, -1};
    }

    // skill_choice: Piling On only on an armour likely to break; any other skill is used.
    Act skill_choice(const State& s, const Legal& legal, const Detail& d) const {
        if (d.skill == fsk::PILING_ON) {
            const int victim = d.target;
            if (group_of(legal, fat::SELECT_ARMOUR) != nullptr && 0 <= victim && victim < s.player_count &&
                armour_break(armour_holds_to(s, victim)) >= v_.piling_on_armour) {
                return Act{fat::SELECT_ARMOUR, -1, -1};
            }
            return Act{fat::DECLINE, -1, -1};
        }
        const Choice* g = group_of(legal, fat::USE_SKILL);
        if (g == nullptr) {
            if (legal.empty()) throw std::logic_error("the grod bot decides with no legal action");
            g = &legal[0];
        }
        return Act{g->type, g->players.empty() ? -1 : g->players[0], g->squares.empty() ? -1 : g->squares[0]};
    }

    // --- kick-off and the rest -------------------------------------------------------------

    Act misc(const State& s, const Legal& legal, int side) const {
        if (group_of(legal, fat::RECEIVE) != nullptr) return Act{fat::RECEIVE, -1, -1};
        if (group_of(legal, fat::PLACE_BALL) != nullptr) return kick(legal, side);
        for (const int t : {fat::USE_APOTHECARY, fat::USE_BRIBE}) {
            if (group_of(legal, t) != nullptr) return Act{t, -1, -1};
        }
        if (const Choice* sel = group_of(legal, fat::SELECT_PLAYER)) return select_player_choice(s, b_, legal, *sel, side);
        return fallback(legal);
    }

    // grod/setup.kick_target: deep, to the middle of the receivers' last columns.
    Act kick(const Legal& legal, int side) const {
        const Choice* g = group_of(legal, fat::PLACE_BALL);
        const int deep = std::min(static_cast<int>(std::nearbyint(v_.kick_depth)), b_.width / 6);
        const int x = side == 1 ? deep : b_.width - 1 - deep;
        const int y = b_.height / 2;
        int best = -1;
        std::pair<int, int> best_key{};
        for (const int q : g->squares) {
            const int qx = b_.xs[static_cast<std::size_t>(q)], qy = b_.ys[static_cast<std::size_t>(q)];
            const std::pair<int, int> key{std::abs(qx - x) + std::abs(qy - y), qy};
            if (best < 0 || key < best_key) {
                best = q;
                best_key = key;
            }
        }
        return Act{fat::PLACE_BALL, -1, best};
    }
};

}  // namespace nuffle::bots
