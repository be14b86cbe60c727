// LRB6's handlers at push.hpp's hook points: the push skills of Python's
// skill_rules/contact_skills.py (Stand Firm, Take Root, Juggernaut, Grab, Side Step, Strip
// Ball). Included by push.hpp after its procedures.
#pragma once

#include "nuffle/hooks.hpp"
#include "nuffle/procs/push.hpp"

namespace nuffle::procs::contact {

namespace lrb6_push {
namespace sk = frames::skill;

// Grab works for the blocked player on a Block action (not a Blitz, not a chain push).
inline bool grab_applies(const Frame& f) noexcept { return f.arg[fpu::F_BLITZ] == 0 && f.arg[fpu::F_CHAIN] == 0; }

// PUSH_REFUSE: Stand Firm (his coach may refuse, unless cancelled), Take Root (rooted: he stays).
inline int stand_firm(const State& s, const Frame& f) noexcept {
    return push_cancelled(s, f, sk::STAND_FIRM, f.arg[fpu::F_ATTACKER]) ? 0 : 1;
}
inline int take_root(const State& s, const Frame& f) noexcept {
    return (s.players[f.arg[fpu::F_PID]].flags & frames::flag::ROOTED) != 0 ? 2 : 0;
}

// PUSH_CANCEL: Juggernaut on a Blitz cancels Stand Firm; Grab and Side Step cancel each other.
inline bool juggernaut(const State&, const Frame& f, int skill) noexcept {
    return f.arg[fpu::F_BLITZ] != 0 && skill == sk::STAND_FIRM;
}
inline bool grab_cancels(const State&, const Frame& f, int skill) noexcept {
    return skill == sk::SIDE_STEP && grab_applies(f);
}
inline bool side_step_cancels(const State&, const Frame&, int skill) noexcept { return skill == sk::GRAB; }

// PUSH_CHOICE: Side Step (the pushed player's coach: any empty adjacent square, only those);
// Grab (the attacker's coach: the empty adjacent squares as well).
inline bool side_step(const State& s, const Board& b, const Frame& f, int owner, PushAnswer& out) {
    const int pid = f.arg[fpu::F_PID];
    if (owner != pid || push_cancelled(s, f, sk::SIDE_STEP, f.arg[fpu::F_ATTACKER])) return false;
    std::vector<int> empty = empty_neighbours(s, b, pos(s, pid));
    if (empty.empty()) return false;
    out = PushAnswer{team_of(s, pid), std::move(empty), true};
    return true;
}
inline bool grab(const State& s, const Board& b, const Frame& f, int owner, PushAnswer& out) {
    const int pid = f.arg[fpu::F_PID];
    if (owner != f.arg[fpu::F_ATTACKER] || !grab_applies(f) || push_cancelled(s, f, sk::GRAB, pid)) return false;
    std::vector<int> empty = empty_neighbours(s, b, pos(s, pid));
    if (empty.empty()) return false;
    out = PushAnswer{team_of(s, owner), std::move(empty), false};
    return true;
}

// AFTER_PUSH: Strip Ball, on an opposing carrier pushed (not in a chain) without Sure Hands or
// Monstrous Mouth: the StripBall decision.
inline bool strip_ball(State& s, const Frame& f) {
    const int pid = f.arg[fpu::F_PID];
    const int att = f.arg[fpu::F_ATTACKER];
    if (f.arg[fpu::F_CHAIN] != 0 || carrier(s) != pid || team_of(s, pid) == team_of(s, att)) return false;
    if (has(s, pid, sk::SURE_HANDS) || has(s, pid, sk::MONSTROUS_MOUTH)) return false;
    Frame& sb = push(s, frames::STRIP_BALL);
    sb.arg[frames::p_strip_ball::F_ATTACKER] = i16(att);
    sb.arg[frames::p_strip_ball::F_PID] = i16(pid);
    return true;
}
}  // namespace lrb6_push

namespace p6 = lrb6_push;
NUFFLE_LRB6_HANDLERS(PushRefuse, {sk::STAND_FIRM, p6::stand_firm}, {sk::TAKE_ROOT, p6::take_root})
NUFFLE_LRB6_HANDLERS(PushCancel, {sk::SIDE_STEP, p6::side_step_cancels}, {sk::GRAB, p6::grab_cancels},
                     {sk::JUGGERNAUT, p6::juggernaut})
NUFFLE_LRB6_HANDLERS(PushChoice, {sk::SIDE_STEP, p6::side_step}, {sk::GRAB, p6::grab})
NUFFLE_LRB6_HANDLERS(PushAfter, {sk::STRIP_BALL, p6::strip_ball})

}  // namespace nuffle::procs::contact
