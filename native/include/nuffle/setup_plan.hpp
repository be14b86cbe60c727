// The scripted bot's set-up in C++, for the batched environments' set-up helper: what
// agents/scripted/bot.py's ScriptedBot decides at a set-up decision (DecisionKind.SETUP): the
// formation (defence when kicking, offence when receiving; the one named "scripted" if the board
// has it, else the first by name), the order in which players take its squares (`setup_order`),
// the plan issued one placement at a time, then END_SETUP, and its fallback. ScriptedBot stays
// the reference (tests/native/test_native_setup_plan.py compares them action by action). The
// formations are data (data/formations/formations.json): the caller passes them in.
#pragma once

#include <algorithm>
#include <array>
#include <bit>
#include <cstddef>
#include <map>
#include <stdexcept>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

#include "nuffle/board.hpp"
#include "nuffle/engine.hpp"
#include "nuffle/state.hpp"

namespace nuffle::setup_plan {

// One formation: the home side's squares (x, y) in priority order (the away side mirrors x).
using Formation = std::vector<std::pair<int, int>>;
// A board's formations of one kind ("offense" or "defense") by name.
using Formations = std::map<std::string, Formation>;

// The name ScriptedBot picks among `names` (sorted): "scripted" if present, else the first.
inline const Formation* pick(const Formations& named) {
    if (named.empty()) return nullptr;
    const auto it = named.find("scripted");
    return it != named.end() ? &it->second : &named.begin()->second;
}

// Boards fielding at most this many players pick who plays for handling the ball first.
constexpr int TINY_BOARD = 3;

// setup_order: the order in which `players` take the formation's squares: line first (the
// strongest, then Big Guys, then plain linemen; ball handlers and fast players last). A side
// fielding at most three (`fielded`) first ranks who plays: Block first, then the most agile,
// the fastest, the strongest, Loners last; those picked then take the squares line first.
inline std::vector<int> setup_order(const State& s, std::vector<int> players, int fielded) {
    auto line_first = [&s](int p) {
        const Player& i = s.players[p];
        const int skills = i.st < 4 ? std::popcount(i.skills[0]) + std::popcount(i.skills[1]) : 0;
        return std::make_tuple(-static_cast<int>(i.st), skills, static_cast<int>(i.ma), p);
    };
    auto by_line = [&](int a, int b) { return line_first(a) < line_first(b); };
    if (!(0 < fielded && fielded <= TINY_BOARD)) {
        std::sort(players.begin(), players.end(), by_line);
        return players;
    }
    auto handler = [&s](int p) {
        const Player& i = s.players[p];
        return std::make_tuple(i.has_skill(frames::skill::LONER), !i.has_skill(frames::skill::BLOCK),
                               -ag_rank(s, p), -static_cast<int>(i.ma), -static_cast<int>(i.st), p);
    };
    std::sort(players.begin(), players.end(), [&](int a, int b) { return handler(a) < handler(b); });
    const auto cut = players.begin() + std::min<std::ptrdiff_t>(fielded, static_cast<std::ptrdiff_t>(players.size()));
    std::sort(players.begin(), cut, by_line);
    return players;
}

// ScriptedBot's set-up decisions on one board: build it once per board from the formations,
// `reset` at the start of every match (a new bot), `act` at each of its set-up decisions.
class SetupPlanner {
public:
    SetupPlanner(const Board& b, const Formations& offense, const Formations& defense)
        : board_(b.variant.players), width_(b.width) {
        const Formation* chosen[2] = {pick(offense), pick(defense)};
        for (int kind = 0; kind < 2; ++kind) {
            has_[kind] = chosen[kind] != nullptr;
            if (!has_[kind]) continue;
            for (int side = 0; side < 2; ++side) {
                std::vector<int>& flat = squares_[kind][side];
                for (const auto& [x0, y] : *chosen[kind]) {
                    const int x = side == HOME ? x0 : width_ - 1 - x0;
                    // a square off the pitch is never a legal placement: kept, as -1
                    flat.push_back(x >= 0 && x < b.width && y >= 0 && y < b.height ? b.sq(x, y) : -1);
                }
            }
        }
    }

    // A new match: no plan.
    void reset() noexcept {
        plan_.clear();
        next_ = 0;
    }

    // ScriptedBot's action at a set-up decision of the side deciding `s`, among `legal`.
    Act act(const State& s, const Legal& legal) {
        const int side = s.decider;
        if (side != HOME && side != AWAY) throw std::invalid_argument("no coach decides now");
        const Choice* group = nullptr;
        bool reserve = false, end = false;
        for (const Choice& g : legal) {
            if (g.type == frames::at::PLACE_PLAYER && group == nullptr) group = &g;
            reserve = reserve || g.type == frames::at::RESERVE_PLAYER;
            end = end || g.type == frames::at::END_SETUP;
        }
        if (group == nullptr && !reserve) {  // ScriptedBot's other decisions: end the set-up
            if (end) return Act{frames::at::END_SETUP, -1, -1};
            throw std::invalid_argument("not a set-up decision: no placement, reserve or END_SETUP is legal");
        }
        if (next_ >= plan_.size() && group != nullptr) {
            bool placed = false;
            for (int p = 0; p < s.player_count; ++p) placed = placed || (s.players[p].team == side && s.players[p].square >= 0);
            if (!placed) make_plan(s, side, group->players);
        }
        while (next_ < plan_.size()) {
            const Act a{frames::at::PLACE_PLAYER, plan_[next_].first, plan_[next_].second};
            ++next_;
            if (std::any_of(legal.begin(), legal.end(), [&](const Choice& g) { return allows(g, a); })) return a;
        }
        reset();
        if (end) return Act{frames::at::END_SETUP, -1, -1};
        if (group == nullptr || group->players.empty() || group->squares.empty()) {
            throw std::logic_error("a set-up decision with no placement and no END_SETUP");
        }
        return Act{frames::at::PLACE_PLAYER, group->players[0], group->squares[0]};
    }

    // The placements still to issue (player, flat square), in order.
    std::vector<std::pair<int, int>> pending() const {
        return {plan_.begin() + static_cast<std::ptrdiff_t>(next_), plan_.end()};
    }

private:
    void make_plan(const State& s, int side, const std::vector<int>& movable) {
        if (s.board != board_) {
            throw std::invalid_argument("the state is on board " + std::to_string(s.board) + ", the planner on board " +
                                        std::to_string(board_));
        }
        const int kind = side == s.kicking ? 1 : 0;
        if (!has_[kind]) {
            throw std::invalid_argument(std::string("no ") + (kind ? "defense" : "offense") + " formations for board " +
                                        std::to_string(board_));
        }
        const std::vector<int>& squares = squares_[kind][side];
        const std::vector<int> order = setup_order(s, movable, static_cast<int>(squares.size()));
        reset();
        for (std::size_t i = 0; i < order.size() && i < squares.size(); ++i) plan_.emplace_back(order[i], squares[i]);
    }

    int board_;
    int width_;
    std::array<bool, 2> has_{};  // offense, defense
    std::array<std::array<std::vector<int>, 2>, 2> squares_;  // [offense/defense][side]: flat squares
    std::vector<std::pair<int, int>> plan_;  // (player, flat square)
    std::size_t next_ = 0;  // the next placement of plan_ to issue
};

}  // namespace nuffle::setup_plan
