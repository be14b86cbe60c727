// LRB6's handlers at move_step.hpp's hook points and rules.hpp's DODGE_ROLL_REACTION (Python's
// skill_rules/movement_skills.py): Tentacles, Shadowing (their rolls' frames are
// procs/movement_skills.hpp's), Break Tackle, Very Long Legs' Leap modifier, Diving Tackle.
// Included by move_step.hpp after its procedures.
#pragma once

#include "nuffle/hooks.hpp"
#include "nuffle/procs/move_step.hpp"

namespace nuffle::procs {

namespace lrb6_movement {
namespace sk = frames::skill;

// BEFORE_LEAVING: Tentacles (the TentaclesRoll holds the mover or not).
inline bool tentacles(State& s, const Frame& step, int q, bool use) {
    if (use) {
        Frame& t = push(s, frames::TENTACLES_ROLL);
        t.arg[frames::p_tentacles_roll::F_MOVER] = step.arg[fm2::F_PID];
        t.arg[frames::p_tentacles_roll::F_HOLDER] = static_cast<std::int16_t>(q);
    }
    return true;
}

// AFTER_LEAVING: Shadowing, into the square left if it is still empty (the ShadowingRoll).
inline bool shadowing(State& s, const Frame& step, int q, bool use) {
    const int start = step.arg[fm2::F_START];
    if (s.grid[start] != SQUARE_EMPTY) return false;
    if (use) {
        namespace fsh = frames::p_shadowing_roll;
        Frame& r = push(s, frames::SHADOWING_ROLL);
        r.arg[fsh::F_MOVER] = step.arg[fm2::F_PID];
        r.arg[fsh::F_SHADOWER] = static_cast<std::int16_t>(q);
        r.arg[fsh::F_SQUARE] = static_cast<std::int16_t>(start);
    }
    return true;
}

// DODGE_STAT: Break Tackle, ST instead of AG once per turn (`use` records it).
inline int break_tackle(State& s, int pid, bool use) noexcept {
    Player& p = s.players[pid];
    if ((p.flags & frames::flag::BREAK_TACKLE_USED) != 0) return 0;
    if (use) p.flags |= frames::flag::BREAK_TACKLE_USED;
    return p.st;
}

inline int very_long_legs(const State&, int) noexcept { return 1; }  // LEAP_MODIFIER

// JUMP_NEGATIVES (asked only where the ruleset has Jump: BB2020): Leap and Very Long Legs lessen
// the negatives by 1 to no less than -1, Pogo Stick ignores them all.
inline int less_by_one(const State&, int, int mod) noexcept { return mod < -1 ? mod + 1 : mod; }
inline int pogo_stick(const State&, int, int mod) noexcept { return std::max(mod, 0); }

// DODGE_ROLL_REACTION: Diving Tackle, -2; with use the tackler is Placed Prone in the square the
// dodger left (no armour, no turnover), a ball he held bouncing.
inline int diving_tackle(State& s, const Board&, int, int q, int start, int, bool use) {
    if (!use) return -2;
    if (s.grid[start] == SQUARE_EMPTY) move_player(s, q, start);
    s.players[q].status = static_cast<std::uint8_t>(Status::PRONE);
    const int qsq = s.players[q].square;
    bool bounce = false;
    if (s.ball_state == frames::ball::CARRIED && s.ball == qsq) {  // ball.drop_ball_if_carried
        s.ball_state = frames::ball::ON_GROUND;
        bounce = true;
    } else {
        bounce = s.ball_state == frames::ball::ON_GROUND && s.ball == qsq;
    }
    if (bounce) push_bounce(s, qsq, false);
    return -2;
}
}  // namespace lrb6_movement

namespace m6 = lrb6_movement;
NUFFLE_LRB6_HANDLERS(BeforeLeaving, {sk::TENTACLES, m6::tentacles})
NUFFLE_LRB6_HANDLERS(AfterLeaving, {sk::SHADOWING, m6::shadowing})

// BB2020's Tentacles and Shadowing (skill_rules/bb2020_movement_skills.py): their D6 rolls.
namespace bb2020_movement {
inline bool tentacles(State& s, const Frame& step, int q, bool use) {
    if (use) {
        Frame& t = push(s, frames::BB2020_TENTACLES_ROLL);
        t.arg[frames::p_bb2020_tentacles_roll::F_MOVER] = step.arg[fm2::F_PID];
        t.arg[frames::p_bb2020_tentacles_roll::F_HOLDER] = static_cast<std::int16_t>(q);
    }
    return true;
}
inline bool shadowing(State& s, const Frame& step, int q, bool use) {
    const int start = step.arg[fm2::F_START];
    if (s.grid[start] != SQUARE_EMPTY) return false;
    if (use) {
        namespace fsh = frames::p_bb2020_shadowing_roll;
        Frame& r = push(s, frames::BB2020_SHADOWING_ROLL);
        r.arg[fsh::F_MOVER] = step.arg[fm2::F_PID];
        r.arg[fsh::F_SHADOWER] = static_cast<std::int16_t>(q);
        r.arg[fsh::F_SQUARE] = static_cast<std::int16_t>(start);
    }
    return true;
}
// DODGE_STAT: Break Tackle, +1 to the dodge (+2 with ST 5+) once per turn, as the LRB6 rating
// whose roll is his Agility test less the bonus.
inline int break_tackle(State& s, int pid, bool use) noexcept {
    Player& p = s.players[pid];
    if ((p.flags & frames::flag::BREAK_TACKLE_USED) != 0) return 0;
    if (use) p.flags |= frames::flag::BREAK_TACKLE_USED;
    return 7 - ag_target(s, pid) + (p.st >= 5 ? 2 : 1);
}
}  // namespace bb2020_movement
NUFFLE_BB2020_HANDLERS(BeforeLeaving, {sk::TENTACLES, bb2020_movement::tentacles})
NUFFLE_BB2020_HANDLERS(AfterLeaving, {sk::SHADOWING, bb2020_movement::shadowing})
NUFFLE_BB2020_HANDLERS(DodgeStat, {sk::BREAK_TACKLE, bb2020_movement::break_tackle})
NUFFLE_LRB6_HANDLERS(DodgeStat, {sk::BREAK_TACKLE, m6::break_tackle})
NUFFLE_LRB6_HANDLERS(LeapModifier, {sk::VERY_LONG_LEGS, m6::very_long_legs})
NUFFLE_LRB6_HANDLERS(JumpNegatives, {sk::LEAP, m6::less_by_one}, {sk::VERY_LONG_LEGS, m6::less_by_one},
                     {sk::POGO_STICK, m6::pogo_stick})

}  // namespace nuffle::procs

namespace nuffle {
// rules.hpp's point, whose handler needs the procedures (push_bounce).
NUFFLE_LRB6_HANDLERS(DodgeRollReaction, {frames::skill::DIVING_TACKLE, procs::lrb6_movement::diving_tackle})
}  // namespace nuffle
