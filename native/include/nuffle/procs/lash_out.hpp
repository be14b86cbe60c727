// Animal Savagery's lash-out (core/skill_rules/bb2020_trait_skills.py, LashOut): the D6 right
// after the declaration, 4+ (+2 for a Block or Blitz); failed, a standing team-mate next to him
// of his coach's choice is Knocked Down (a turnover only if he held the ball) and the action goes
// on, or with none next to him the action is lost. The player action's AFTER_DECLARE handler
// (skill_rules/action_skills.hpp) pushes it.
#pragma once

#include <algorithm>
#include <vector>

#include "nuffle/engine_base.hpp"
#include "nuffle/procs/injury.hpp"
#include "nuffle/procs/rolls.hpp"

namespace nuffle::procs {

namespace flo = frames::p_lash_out;

// bb2020_trait_skills.lash_targets: standing team-mates next to `pid`, sorted.
inline std::vector<int> lash_targets(const State& s, const Board& b, int pid) {
    std::vector<int> out;
    const int sq = s.players[pid].square;
    const int side = s.players[pid].team;
    for (const int off : b.neighbours) {
        const int q = s.grid[sq + off];
        if (q >= 0 && s.players[q].team == side && standing(s, q)) out.push_back(q);
    }
    std::sort(out.begin(), out.end());
    return out;
}

inline void push_lash_out(State& s, int pid, int mod) {
    Frame& f = push(s, frames::LASH_OUT);
    f.arg[flo::F_PID] = i16(pid);
    f.arg[flo::F_MOD] = i16(mod);
}

// LashOut._lash: the team-mate falls (no turnover by the fall; one if he held the ball).
inline void lash_out_hit(State& s, Frame& f, int mate) {
    f.phase = flo::KNOCKED;
    if (s.ball_state == frames::ball::CARRIED && s.ball == s.players[mate].square) s.turnover = 1;
    push_knock_down(s, mate, -1, false, 0, f.arg[flo::F_PID]);
}

inline void lash_out_run(Ctx& c) {
    State& s = c.s;
    Frame& f = c.top();
    const int pid = f.arg[flo::F_PID];
    if (f.phase == flo::START) {
        f.phase = flo::ROLLED;
        push_player_roll(s, frames::roll::WILD_ANIMAL, pid, 4, f.arg[flo::F_MOD], false);
        return;
    }
    if (f.phase == flo::ROLLED) {
        if (s.ok) {
            pop(s);
            return;
        }
        const std::vector<int> mates = lash_targets(s, c.b, pid);
        if (mates.empty()) {  // nobody to lash out at: the action is lost
            s.ok = 0;
            pop(s);
            return;
        }
        if (mates.size() == 1) {
            lash_out_hit(s, f, mates[0]);
            return;
        }
        f.phase = flo::CHOOSE;
        wait(s, s.players[pid].team, frames::dk::FEED);
        return;
    }
    s.ok = s.turnover ? 0 : 1;  // KNOCKED: the action goes on unless the ball was lost
    pop(s);
}

inline Legal lash_out_legal(Ctx& c) {
    return {Choice{frames::at::SELECT_PLAYER, lash_targets(c.s, c.b, c.top().arg[flo::F_PID]), {}, {}}};
}

inline void lash_out_act(Ctx& c, const Act& a) { lash_out_hit(c.s, c.top(), a.player); }

}  // namespace nuffle::procs
