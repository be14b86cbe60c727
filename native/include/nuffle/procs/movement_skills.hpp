// The skills' own small frames around a move and a loose ball: the Tentacles and Shadowing
// rolls (core/skill_rules/movement_skills.py: TentaclesRoll, ShadowingRoll) and Diving Catch's
// choice (core/skill_rules/ball_skills.py: DivingCatch). MoveStep pushes the two rolls at its
// BEFORE_LEAVING and AFTER_LEAVING hooks; land_ball pushes DivingCatch (procs/ball.hpp).
#pragma once

#include "nuffle/engine_base.hpp"
#include "nuffle/procs/ball.hpp"
#include "nuffle/procs/prayers.hpp"

namespace nuffle::procs {

namespace ften = frames::p_tentacles_roll;
namespace fshd = frames::p_shadowing_roll;
namespace fdvc = frames::p_diving_catch;

// TentaclesRoll: 2D6 + mover's ST - holder's ST, 5 or less holds the mover (s.ok).
inline void tentacles_roll_run(Ctx& c) {
    State& s = c.s;
    Frame& f = c.top();
    if (f.phase == ften::START) {
        f.phase = ften::ROLLED;
        request(s, Dice::TWO_D6, 1, purpose("tentacles"), Group::SUM);
        return;
    }
    const int total = dice_sum(s) + s.players[f.arg[ften::F_MOVER]].st - s.players[f.arg[ften::F_HOLDER]].st;
    s.ok = total <= 5 ? 1 : 0;
    pop(s);
}

// ShadowingRoll: 2D6 + mover's MA - shadower's MA, 7 or less moves the shadower into the
// square the mover left (free, no dodge; he may score there).
inline void shadowing_roll_run(Ctx& c) {
    State& s = c.s;
    Frame& f = c.top();
    if (f.phase == fshd::START) {
        f.phase = fshd::ROLLED;
        request(s, Dice::TWO_D6, 1, purpose("shadowing"), Group::SUM);
        return;
    }
    const int q = f.arg[fshd::F_SHADOWER];
    const int sq = f.arg[fshd::F_SQUARE];
    const int total = dice_sum(s) + s.players[f.arg[fshd::F_MOVER]].ma - s.players[q].ma;
    if (total <= 7 && s.grid[sq] == SQUARE_EMPTY) {
        move_player(s, q, sq);
        check_touchdown(s, c.b, q);
    }
    pop(s);
}

// BB2020's Tentacles and Shadowing rolls (skill_rules/bb2020_movement_skills.py): a D6.
namespace fbten = frames::p_bb2020_tentacles_roll;
namespace fbshd = frames::p_bb2020_shadowing_roll;

// BB2020TentaclesRoll: D6 + holder's ST - mover's ST, 6 or more holds the mover (s.ok).
inline void bb2020_tentacles_roll_run(Ctx& c) {
    State& s = c.s;
    Frame& f = c.top();
    if (f.phase == fbten::START) {
        f.phase = fbten::ROLLED;
        request(s, Dice::D6, 1, purpose("tentacles"));
        return;
    }
    const int total = die(s) + s.players[f.arg[fbten::F_HOLDER]].st - s.players[f.arg[fbten::F_MOVER]].st;
    s.ok = total >= 6 ? 1 : 0;
    pop(s);
}

// BB2020ShadowingRoll: D6 + shadower's MA - mover's MA, 6 or more moves the shadower into the
// square the mover left (free, no dodge; he may score there).
inline void bb2020_shadowing_roll_run(Ctx& c) {
    State& s = c.s;
    Frame& f = c.top();
    if (f.phase == fbshd::START) {
        f.phase = fbshd::ROLLED;
        request(s, Dice::D6, 1, purpose("shadowing"));
        return;
    }
    const int q = f.arg[fbshd::F_SHADOWER];
    const int sq = f.arg[fbshd::F_SQUARE];
    const int total = die(s) + s.players[q].ma - s.players[f.arg[fbshd::F_MOVER]].ma;
    if (total >= 6 && s.grid[sq] == SQUARE_EMPTY) {
        move_player(s, q, sq);
        check_touchdown(s, c.b, q);
        pop(s);
        enter_trapdoor(s, c.b, q);  // BB2020's prayer: onto an open trapdoor, its D6
        return;
    }
    pop(s);
}

// bb2020_fumblerooskie.LeaveBall: after the step, a carrier still on F_START keeps the ball;
// another player there makes it bounce from it.
inline void fumblerooskie_run(Ctx& c) {
    State& s = c.s;
    namespace ff = frames::p_fumblerooskie;
    const int pid = c.top().arg[ff::F_PID];
    const int sq = c.top().arg[ff::F_START];
    pop(s);
    if (s.ball != sq || s.ball_state != frames::ball::ON_GROUND || s.grid[sq] < 0) return;
    if (s.grid[sq] == pid) {  // held in his square: he never left it
        s.ball_state = frames::ball::CARRIED;
        return;
    }
    push_bounce(s, sq);  // a Shadowing or Diving Tackling player ended on the ball
}

// HitAndRun (BB2020): the attacker's coach moves him one free square or declines.
namespace fhr = frames::p_hit_and_run;
inline void hit_and_run_run(Ctx& c) {
    const int pid = c.top().arg[fhr::F_PID];
    wait(c.s, c.s.players[pid].team, frames::dk::USE_SKILL);
}

inline Legal hit_and_run_legal(Ctx& c) {
    return {Choice{frames::at::MOVE, {}, contact::hit_and_run_squares(c.s, c.b, c.top().arg[fhr::F_PID]), {}},
            Choice{frames::at::DECLINE, {}, {}, {}}};
}

inline void hit_and_run_act(Ctx& c, const Act& a) {
    State& s = c.s;
    const int pid = c.top().arg[fhr::F_PID];
    pop(s);
    if (a.type == frames::at::MOVE) {
        move_player(s, pid, a.square);
        check_touchdown(s, c.b, pid);
        enter_trapdoor(s, c.b, pid, false);  // BB2020's prayer: his own move, a turnover
    }
}

// DivingCatch: the ball comes down on the empty square `sq` next to `pid`; his coach may have
// him catch it where he stands, or let it bounce from `sq`.
inline void diving_catch_run(Ctx& c) {
    const int pid = c.top().arg[fdvc::F_PID];
    wait(c.s, c.s.players[pid].team, frames::dk::USE_SKILL);
}

inline Legal diving_catch_legal(Ctx& c) {
    return {Choice{frames::at::USE_SKILL, {c.top().arg[fdvc::F_PID]}, {}, {}}, Choice{frames::at::DECLINE, {}, {}, {}}};
}

inline void diving_catch_act(Ctx& c, const Act& a) {
    State& s = c.s;
    const Frame f = c.top();
    pop(s);  // a tail call: the catch or the bounce replaces the choice
    const bool kickoff = f.arg[fdvc::F_KICKOFF] != 0;
    if (a.type == frames::at::USE_SKILL) {
        push_catch(s, f.arg[fdvc::F_PID], 0, kickoff, false);
        return;
    }
    const int sq = f.arg[fdvc::F_SQ];
    s.ball = static_cast<std::int16_t>(sq);
    s.ball_state = frames::ball::ON_GROUND;
    push_bounce(s, sq, kickoff);
}

}  // namespace nuffle::procs
