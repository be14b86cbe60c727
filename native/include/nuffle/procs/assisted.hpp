// Assisted moves in a player action (core/procedures/action.py: PlayerAction.legal with the
// match option on, _plan, _walk): a move, blitz, hand-off or foul may name a square beyond the
// next one, listed with the chance of the safest path there (paths.hpp, core/paths.py), and the
// engine walks that path step by step before the block, hand-off or foul.
#pragma once

#include <vector>

#include "nuffle/engine_base.hpp"
#include "nuffle/paths.hpp"

namespace nuffle::procs::assisted {

namespace fpa = frames::p_player_action;

// Python's sum() of floats is compensated from 3.12 on; the module is built for one Python.
#if defined(PY_VERSION_HEX) && PY_VERSION_HEX >= 0x030C0000
constexpr bool COMPENSATED_SUM = true;
#else
constexpr bool COMPENSATED_SUM = false;
#endif

// PlayerAction._search: the safest paths of the acting player, with the moves he has used.
inline paths::Search search(const State& s, const Board& b, const Frame& f) {
    return paths::Search(s, b, f.arg[fpa::F_PID], f.arg[fpa::F_MOVES], -1, true, COMPENSATED_SUM);
}

// action._with_odds: one group listing every target square with its success chance (none if
// there is no target).
inline void add_with_odds(Legal& groups, int type, const std::vector<std::pair<int, paths::Route>>& found) {
    if (found.empty()) return;
    Choice g{type, {}, {}, {}};
    for (const auto& [sq, r] : found) {
        g.squares.push_back(sq);
        g.probabilities.push_back(r.prob);
    }
    groups.push_back(std::move(g));
}

// PlayerAction._plan: the path to walk to `target` (then the block, hand-off or foul).
inline void plan(State& s, const Board& b, Frame& f, int type, int target) {
    paths::Search ps = search(s, b, f);
    std::vector<std::pair<int, paths::Route>> found;
    if (type == frames::at::MOVE) {
        found = ps.all();
    } else {
        found = ps.adjacent(type == frames::at::BLOCK     ? paths::Search::BLITZ
                            : type == frames::at::HANDOFF ? paths::Search::HANDOFF
                                                          : paths::Search::FOUL);
    }
    const paths::Route* route = nullptr;
    for (const auto& [sq, r] : found) {
        if (sq == target) route = &r;
    }
    if (route == nullptr) throw IllegalActionError("no assisted path leads to the square");  // listed by legal
    ListRef path = list_field(s, f, fpa::F_PATH, fpa::F_PATH_AT, fpa::F_PATH_CAP);
    path.clear();
    for (const int q : route->steps) path.push_back(q);
    if (type != frames::at::MOVE) {
        f.arg[fpa::F_THEN] = static_cast<std::int16_t>(type);
        f.arg[fpa::F_THEN_SQ] = static_cast<std::int16_t>(target);
    }
}

}  // namespace nuffle::procs::assisted
