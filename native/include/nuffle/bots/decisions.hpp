// The scripted bot's reactive decisions in C++ (agents/scripted/decisions.py, step for step):
// re-rolls, block dice, pushes, follow-ups, the Wizard and the fallback for what it does not model.
#pragma once

#include <algorithm>
#include <cstdlib>
#include <stdexcept>
#include <string>
#include <tuple>
#include <vector>

#include "nuffle/bots/odds.hpp"
#include "nuffle/bots/planner.hpp"
#include "nuffle/bots/reach.hpp"
#include "nuffle/engine.hpp"

namespace nuffle::bots {

namespace froll = frames::roll;

// decisions.fallback: the first legal of these types, else the first legal action.
inline Act fallback(const Legal& legal) {
    static constexpr int ORDER[] = {fat::USE_SKILL, fat::DECLINE, fat::END_ACTION, fat::FOLLOW_UP, fat::END_SETUP, fat::END_TURN};
    auto first = [](const Choice& g) {
        return Act{g.type, g.players.empty() ? -1 : g.players[0], g.squares.empty() ? -1 : g.squares[0]};
    };
    for (const int t : ORDER) {
        if (const Choice* g = group_of(legal, t)) return first(*g);
    }
    if (legal.empty()) throw std::logic_error("the scripted bot decides with no legal action");
    return first(legal[0]);
}

// The native bots' act(): the decision of the side deciding `s`, on the bot's board `b`, as
// `choose(view, legal)` makes it on the view (`plain`: as if the match offered no assisted
// moves); a decision the bot does not model, or a stale plan, gives way to the fallback after
// `forget()` clears the bot's memory.
template <class Choose, class Forget>
Act act_for_decider(const State& s, const Board& b, bool plain, Choose&& choose, Forget&& forget) {
    if (s.decider != D_HOME && s.decider != D_AWAY) throw std::invalid_argument("no coach decides now");
    if (s.board != b.variant.players) {
        throw std::invalid_argument("the state is on board " + std::to_string(s.board) + ", the bot on board " +
                                    std::to_string(b.variant.players));
    }
    State view = s;
    if (plain) view.assisted_moves = 0;
    const Legal legal = legal_actions(view, b);
    Act a = choose(view, legal);
    if (!is_legal(legal, a)) {
        forget();
        a = fallback(legal);
    }
    return a;
}

// decisions.select_player_choice (both bots): the best catcher for an interception; else
// decline where allowed; else the ball handler (any player when none) least threatened, fastest,
// first.
inline Act select_player_choice(const State& s, const Board& b, const Legal& legal, const Choice& sel, int side) {
    if (s.waiting == frames::dk::INTERCEPTOR) {
        int best = -1;
        for (const int p : sel.players) {
            if (best < 0 || std::make_pair(ag_rank(s, p), -p) > std::make_pair(ag_rank(s, best), -best)) {
                best = p;
            }
        }
        return Act{fat::SELECT_PLAYER, best, -1};
    }
    if (group_of(legal, fat::DECLINE) != nullptr) return Act{fat::DECLINE, -1, -1};
    std::vector<int> cands;
    for (const int p : sel.players) {
        if (can_handle_ball(s, p)) cands.push_back(p);
    }
    if (cands.empty()) cands = sel.players;
    auto key = [&](int p) { return std::make_tuple(threats(s, b, pos(s, p), side), -static_cast<int>(s.players[p].ma), p); };
    int best = cands[0];
    for (const int p : cands) {
        if (key(p) < key(best)) best = p;
    }
    return Act{fat::SELECT_PLAYER, best, -1};
}

// decisions.reroll_choice: a failed roll.
inline Act reroll_choice(const State& s, const Legal& legal, const Detail& d) {
    if (group_of(legal, fat::USE_SKILL) != nullptr) return Act{fat::USE_SKILL, -1, -1};
    if (group_of(legal, fat::USE_REROLL) != nullptr && d.roll >= 0 && d.player >= 0) {
        const int kind = d.roll;
        const int pid = d.player;
        const bool carrying = s.ball_state == frames::ball::CARRIED && s.ball == pos(s, pid);
        const bool never = kind == froll::STAND_UP || kind == froll::BONE_HEAD || kind == froll::REALLY_STUPID ||
                           kind == froll::LANDING || kind == froll::ALWAYS_HUNGRY;
        const bool always = kind == froll::PICKUP || kind == froll::CATCH || kind == froll::PASS;
        if (!never && (carrying || always || s.teams[team_of(s, pid)].rerolls > 1)) return Act{fat::USE_REROLL, -1, -1};
        if ((kind == froll::DODGE || kind == froll::GFI) && s.ball_state != frames::ball::CARRIED) {
            return Act{fat::USE_REROLL, -1, -1};
        }
    }
    if (group_of(legal, fat::USE_PRO) != nullptr) return Act{fat::USE_PRO, -1, -1};
    return Act{fat::DECLINE, -1, -1};
}

// decisions.block_choice: a block face (or a re-roll) for `side`, attacker or defender.
inline Act block_choice(const State& s, const Legal& legal, int side, const Detail& d) {
    const int att = d.player, dfd = d.target;
    BlockSkills a, df;
    block_skills(s, att, dfd, d.action == fat::START_BLITZ, a, df);
    const bool attacking = team_of(s, att) == side;
    const bool can_reroll = group_of(legal, fat::USE_REROLL) != nullptr;
    std::vector<int> faces;  // SELECT_FACE's order: face i is SELECT_ATTACKER_DOWN + i
    for (int f = 0; f < 5; ++f) {
        if (group_of(legal, fat::SELECT_ATTACKER_DOWN + f) != nullptr) faces.push_back(f);
    }
    if (faces.empty()) {  // the defender picks: re-roll if every face is bad for us
        int worst = -1;
        for (const int f : d.faces) worst = std::max(worst, face_result(f, a, df));
        if (can_reroll && worst >= 0 && attacker_fell(worst)) return Act{fat::USE_REROLL, -1, -1};
        return Act{fat::DECLINE, -1, -1};
    }
    std::tuple<int, int, int> best_key{};
    int best_res = -1;
    for (const int f : faces) {
        const int res = face_result(f, a, df);
        const std::tuple<int, int, int> key{attacking ? res : 5 - res, attacking ? -f : 0, fat::SELECT_ATTACKER_DOWN + f};
        if (best_res < 0 || key < best_key) {
            best_key = key;
            best_res = res;
        }
    }
    if (attacking && can_reroll) {
        const int c = carrier(s);
        const bool important = (c >= 0 && (c == att || c == dfd)) || d.action == fat::START_BLITZ;
        if (attacker_fell(best_res) && (important || best_res == ATTACKER_DOWN)) return Act{fat::USE_REROLL, -1, -1};
        if (important && c == dfd && best_res != DEFENDER_DOWN && !attacker_fell(best_res) && s.teams[side].rerolls > 0) {
            return Act{fat::USE_REROLL, -1, -1};
        }
    }
    return Act{std::get<2>(best_key), -1, -1};
}

// decisions.push_choice: toward the crowd, the sideline, and away from our ball carrier.
inline Act push_choice(const State& s, const Board& b, const Legal& legal, int side) {
    const Choice* g = group_of(legal, fat::PUSH);
    const int c = carrier(s);
    const int csq = c >= 0 && team_of(s, c) == side ? pos(s, c) : -1;
    bool found = false;
    std::tuple<int, int, int> best_key{};
    int best = -1;
    for (const int q : g->squares) {
        const int x = b.xs[static_cast<std::size_t>(q)], y = b.ys[static_cast<std::size_t>(q)];
        const int off = b.on_pitch(q) ? 0 : 1;
        const int edge = std::min(y, b.height - 1 - y);
        const int far = csq >= 0 ? std::max(std::abs(b.xs[static_cast<std::size_t>(csq)] - x),
                                            std::abs(b.ys[static_cast<std::size_t>(csq)] - y))
                                 : 0;
        const std::tuple<int, int, int> key{-off, edge, -far};
        if (!found || key < best_key) {
            found = true;
            best_key = key;
            best = q;
        }
    }
    return Act{fat::PUSH, -1, best};
}

// decisions.follow_choice: follow up unless it drags a cage player or the carrier into danger.
inline Act follow_choice(const State& s, const Board& b, int side, const Detail& d) {
    const int att = d.player;
    const int next = d.square;
    const int c = carrier(s);
    if (c == att) {
        const int here = tackle_zones(s, b, pos(s, att), side);
        const int there = tackle_zones(s, b, next, side);
        return Act{there < here || (there == 0 && !on_sideline(b, next)) ? fat::FOLLOW_UP : fat::DECLINE, -1, -1};
    }
    if (c >= 0 && team_of(s, c) == side) {
        const int csq = pos(s, c);
        if (b.distance(csq, pos(s, att)) == 1 && b.distance(csq, next) > 1) return Act{fat::DECLINE, -1, -1};
    }
    return Act{fat::FOLLOW_UP, -1, -1};
}

// decisions.FIREBALL_WORTH: standing opponents a Fireball's area must hold.
constexpr int FIREBALL_WORTH = 3;

// decisions.wizard_plan: the Wizard's call and then its target, or false to keep him.
inline bool wizard_plan(const State& s, const Board& b, const Legal& legal, int side, Act& call, Act& target) {
    if (group_of(legal, fat::USE_LIGHTNING_BOLT) == nullptr) return false;
    const int c = carrier(s);
    if (c >= 0 && team_of(s, c) != side && standing(s, c)) {
        call = Act{fat::USE_LIGHTNING_BOLT, -1, -1};
        target = Act{fat::SELECT_PLAYER, c, -1};
        return true;
    }
    int best_n = -1, best_sq = -1;
    for (int y = 0; y < b.height; ++y) {
        for (int x = 0; x < b.width; ++x) {
            const int sq = b.sq(x, y);
            int area[9];
            area[0] = s.grid[sq];
            const int n = 1 + adjacent_players(s, b, sq, area + 1);
            int count = 0;
            bool ours = false;
            for (int i = 0; i < n; ++i) {
                const int p = area[i];
                if (p < 0 || !standing(s, p)) continue;
                ++count;
                ours = ours || team_of(s, p) == side;
            }
            if (ours) continue;
            if (count >= FIREBALL_WORTH && count > best_n) {
                best_n = count;
                best_sq = sq;
            }
        }
    }
    if (best_sq < 0) return false;
    call = Act{fat::USE_FIREBALL, -1, -1};
    target = Act{fat::SELECT_SQUARE, -1, best_sq};
    return true;
}

}  // namespace nuffle::bots
