// Animosity (core/skill_rules/passing_skills.py): the D6 after a throw or hand-off to a
// team-mate of another race is declared (passing.hpp's target_declared pushes it). On a 1 he
// refuses: he may then only give the ball to a team-mate it does not apply to (without moving)
// or keep it (skill_values.hpp's animosity_against: LRB6 another race, BB2020 its value). Leaves s.square = the square to go on with, or -1 (he keeps the ball).
//
// A player's race is his `race` code (the bridge fills it from passing_skills.race_of: his
// positional's 'race:' keyword, else his team's race); equal codes mean the same race.
#pragma once

#include <vector>

#include "nuffle/engine_base.hpp"
#include "nuffle/procs/passing.hpp"
#include "nuffle/procs/rolls.hpp"
#include "nuffle/rules.hpp"

namespace nuffle::procs {

namespace fan = frames::p_animosity;

// Animosity._targets: the squares of team-mates of his own race he may give the ball to, in
// the Python order (a hand-off: neighbour order; else y, then x).
inline std::vector<int> animosity_targets(const State& s, const Board& b, const Frame& f) {
    const int pid = f.arg[fan::F_PID];
    const int kind = f.arg[fan::F_THROW];
    const int side = team_of(s, pid);
    std::vector<int> sqs;
    if (kind == passing::HANDOFF) {
        for (const int off : b.neighbours) sqs.push_back(pos(s, pid) + off);
    } else if (kind == passing::HAIL_MARY) {
        for (int y = 0; y < b.height; ++y) {
            for (int x = 0; x < b.width; ++x) sqs.push_back(b.sq(x, y));
        }
    } else {
        sqs = passing::pass_targets(s, b, pid, kind == passing::DUMP_OFF ? "Q" : passing::allowed_bands(s));
    }
    std::vector<int> out;
    for (const int sq : sqs) {
        const int q = s.grid[sq];
        if (q >= 0 && q != pid && team_of(s, q) == side && can_catch(s, q) && !animosity_against(s, pid, q)) {
            out.push_back(sq);
        }
    }
    return out;
}

inline void animosity_run(Ctx& c) {
    State& s = c.s;
    Frame& f = c.top();
    if (f.phase == fan::START) {
        f.phase = fan::ROLLED;
        push_player_roll(s, frames::roll::ANIMOSITY, f.arg[fan::F_PID], 2, 0, false);
        return;
    }
    if (s.ok != 0) {
        s.square = f.arg[fan::F_TARGET];
        pop(s);
        return;
    }
    if (animosity_targets(s, c.b, f).empty()) {
        s.square = -1;
        pop(s);
        return;
    }
    wait(s, team_of(s, f.arg[fan::F_PID]), frames::dk::ANIMOSITY_TARGET);
}

inline Legal animosity_legal(Ctx& c) {
    const Frame& f = c.top();
    int type = frames::at::PASS;
    switch (f.arg[fan::F_THROW]) {
        case passing::HANDOFF: type = frames::at::HANDOFF; break;
        case passing::DUMP_OFF: type = frames::at::DUMP_OFF; break;
        case passing::HAIL_MARY: type = frames::at::HAIL_MARY; break;
        default: break;
    }
    return {Choice{type, {}, animosity_targets(c.s, c.b, f), {}}, Choice{frames::at::DECLINE, {}, {}, {}}};
}

inline void animosity_act(Ctx& c, const Act& a) {
    c.s.square = static_cast<std::int16_t>(a.square);
    pop(c.s);
}

}  // namespace nuffle::procs
