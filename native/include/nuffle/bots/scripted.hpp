// The scripted bot in C++ (agents/scripted/bot.py's ScriptedBot, decision for decision): the
// priority-list planner (bots/planner.hpp), the reactive decisions (bots/decisions.hpp) and the
// set-up plan (setup_plan.hpp), with the bot's memory between decisions (the rest of the
// planned player action, who is acting, the Wizard's target, the set-up plan). It decides on
// the native state for the side to decide, as the Python bot decides on that side's view (with
// `plain`, on the view without assisted moves, as the environments' opponents are shown). The Python bot stays the reference: tests/native/test_native_scripted.py compares
// the two at every decision of whole games.
#pragma once

#include <algorithm>
#include <deque>
#include <stdexcept>
#include <vector>

#include "nuffle/bots/decisions.hpp"
#include "nuffle/bots/planner.hpp"
#include "nuffle/engine.hpp"
#include "nuffle/setup_plan.hpp"

namespace nuffle::bots {

namespace fdk = frames::dk;

class ScriptedBot {
public:
    // `compensated`: the pathfinder sums as Python 3.12+ does (paths.hpp).
    ScriptedBot(const Board& b, const setup_plan::Formations& offense, const setup_plan::Formations& defense,
                 bool compensated)
        : b_(b), setup_(b, offense, defense), compensated_(compensated) {}

    // A new match (ScriptedBot is built afresh for each): no memory.
    void reset() noexcept {
        queue_.clear();
        acting_ = -1;
        setup_.reset();
        has_spell_ = false;
    }

    // ScriptedBot.act: the decision of the side deciding `s` (`plain`: as if the match offered
    // no assisted moves).
    Act act(const State& s, bool plain = false) {
        return act_for_decider(
            s, b_, plain, [this](State& view, const Legal& legal) { return choose(view, legal); },
            [this] {
                queue_.clear();
                setup_.reset();
            });
    }

private:
    const Board& b_;
    setup_plan::SetupPlanner setup_;
    bool compensated_;
    std::deque<Act> queue_;
    int acting_ = -1;
    bool has_spell_ = false;
    Act spell_{};

    static bool only(const Legal& legal, std::initializer_list<int> kinds) {
        return std::all_of(legal.begin(), legal.end(), [&](const Choice& g) {
            return std::find(kinds.begin(), kinds.end(), g.type) != kinds.end();
        });
    }

    Act choose(State& s, const Legal& legal) {
        const int side = s.decider;
        if (group_of(legal, fat::PLACE_PLAYER) != nullptr || group_of(legal, fat::RESERVE_PLAYER) != nullptr) {
            return setup_.act(s, legal);
        }
        const Detail d = decision_detail(s, b_);
        const int kind = s.waiting;
        if (kind == fdk::BLOCK_DICE &&
            only(legal, {fat::SELECT_ATTACKER_DOWN, fat::SELECT_BOTH_DOWN, fat::SELECT_PUSHED, fat::SELECT_DEFENDER_STUMBLES,
                         fat::SELECT_DEFENDER_DOWN, fat::USE_REROLL, fat::DECLINE, fat::FOLLOW_UP})) {
            return block_choice(s, legal, side, d);
        }
        if (kind == fdk::FOLLOW_UP) return follow_choice(s, b_, side, d);
        if (kind == fdk::PUSH && !legal.empty() && only(legal, {fat::PUSH})) return push_choice(s, b_, legal, side);
        if (kind == fdk::REROLL && only(legal, {fat::USE_SKILL, fat::USE_REROLL, fat::USE_PRO, fat::DECLINE})) {
            return reroll_choice(s, legal, d);
        }
        if (kind == fdk::SELECT_ACTION) {
            Act call, target;
            if (wizard_plan(s, b_, legal, side, call, target)) {
                spell_ = target;
                has_spell_ = true;
                return call;
            }
            return turn(s, legal, side);
        }
        if (kind == fdk::WIZARD && has_spell_) {
            has_spell_ = false;
            return spell_;
        }
        if (kind == fdk::MOVE) return in_action(s, legal, side, d);
        return misc(s, legal, side);
    }

    Act turn(const State& s, const Legal& legal, int side) {
        const Plan plan = Planner(s, b_, side, legal, compensated_).plan();
        const Act first = plan[0];
        if (!is_legal(legal, first)) return Act{fat::END_TURN, -1, -1};
        queue_.assign(plan.begin() + 1, plan.end());
        acting_ = first.player;
        return first;
    }

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
        if (pid >= 0 && carrier(s) == pid && group_of(legal, fat::MOVE) != nullptr &&
            (d.action == fat::START_MOVE || d.action == fat::START_BLITZ)) {
            const Plan plan = Planner(s, b_, side, legal, compensated_).carrier_move(pid, std::max(d.moved, 0), false);
            if (!plan.empty() && is_legal(legal, plan[0])) {
                queue_.assign(plan.begin() + 1, plan.end());
                return plan[0];
            }
        }
        return Act{fat::END_ACTION, -1, -1};
    }

    Act misc(const State& s, const Legal& legal, int side) const {
        if (group_of(legal, fat::RECEIVE) != nullptr) return Act{fat::RECEIVE, -1, -1};
        if (group_of(legal, fat::PLACE_BALL) != nullptr) return kick(legal, side);
        for (const int t : {fat::USE_APOTHECARY, fat::USE_BRIBE}) {
            if (group_of(legal, t) != nullptr) return Act{t, -1, -1};
        }
        if (const Choice* sel = group_of(legal, fat::SELECT_PLAYER)) return select_player_choice(s, b_, legal, *sel, side);
        for (const int t : {fat::END_SETUP, fat::END_ACTION, fat::DECLINE, fat::END_TURN}) {
            if (group_of(legal, t) != nullptr) return Act{t, -1, -1};
        }
        return fallback(legal);
    }

    // ScriptedBot._kick: deep in the middle of the receivers' half.
    Act kick(const Legal& legal, int side) const {
        const Choice* g = group_of(legal, fat::PLACE_BALL);
        const int deep = std::min(1, b_.width / 6);
        const int x = side == 1 ? deep : b_.width - 1 - deep;
        const int y = b_.height / 2;
        int best = -1;
        std::tuple<int, int, int> best_key{};
        for (const int q : g->squares) {
            const int qx = b_.xs[static_cast<std::size_t>(q)], qy = b_.ys[static_cast<std::size_t>(q)];
            const std::tuple<int, int, int> key{std::abs(qx - x) + std::abs(qy - y), qx, qy};
            if (best < 0 || key < best_key) {
                best = q;
                best_key = key;
            }
        }
        return Act{fat::PLACE_BALL, -1, best};
    }
};

}  // namespace nuffle::bots
