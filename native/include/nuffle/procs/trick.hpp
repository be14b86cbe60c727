// Trickster (core/skill_rules/bb2020_trait_skills.py, Trick): blocked (not by a Ball & Chain),
// before the dice the defender's coach may move him to an empty square next to the attacker
// (SELECT_SQUARE) or decline; the block goes on (s.ok). Block's BEFORE_DICE handler
// (skill_rules/block_skills.hpp) pushes it.
#pragma once

#include <vector>

#include "nuffle/engine_base.hpp"
#include "nuffle/procs/ball.hpp"

namespace nuffle::procs {

namespace ftr = frames::p_trick;

// bb2020_trait_skills.trick_squares: empty squares next to `attacker`, in neighbour order.
inline std::vector<int> trick_squares(const State& s, const Board& b, int attacker) {
    std::vector<int> out;
    const int sq = s.players[attacker].square;
    for (const int off : b.neighbours) {
        if (s.grid[sq + off] == SQUARE_EMPTY) out.push_back(sq + off);
    }
    return out;
}

inline void push_trick(State& s, int pid, int attacker) {
    Frame& f = push(s, frames::TRICK);
    f.arg[ftr::F_PID] = i16(pid);
    f.arg[ftr::F_ATTACKER] = i16(attacker);
}

inline void trick_run(Ctx& c) {
    Frame& f = c.top();
    f.phase = ftr::CHOOSE;
    wait(c.s, c.s.players[f.arg[ftr::F_PID]].team, frames::dk::USE_SKILL);
}

inline Legal trick_legal(Ctx& c) {
    return {Choice{frames::at::SELECT_SQUARE, {}, trick_squares(c.s, c.b, c.top().arg[ftr::F_ATTACKER]), {}},
            Choice{frames::at::DECLINE, {}, {}, {}}};
}

inline void trick_act(Ctx& c, const Act& a) {
    State& s = c.s;
    if (a.type == frames::at::SELECT_SQUARE) move_player(s, c.top().arg[ftr::F_PID], a.square);
    s.ok = 1;
    pop(s);
}

}  // namespace nuffle::procs
