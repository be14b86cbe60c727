// A step of a player's movement (core/procedures/movement.py, ball.Pickup): moving one square
// with Going For It and its dodge (Dodge, Tackle, Diving Tackle, Break Tackle, Stunty, Titchy,
// Two Heads, Prehensile Tail, Sprint, Sure Feet), the reactions before and after leaving a
// square (Tentacles, Shadowing: their rolls in movement_skills.hpp) and picking the ball up.
// The player action that pushes the steps is movement.hpp's.
#pragma once

#include <algorithm>
#include <optional>
#include <string>
#include <vector>

#include "nuffle/engine_base.hpp"
#include "nuffle/procs/ball.hpp"
#include "nuffle/procs/block.hpp"
#include "nuffle/procs/injury.hpp"
#include "nuffle/procs/movement.hpp"
#include "nuffle/procs/prayers.hpp"
#include "nuffle/procs/rolls.hpp"
#include "nuffle/rules.hpp"

namespace nuffle::procs {

namespace fdr = frames::p_dodge_roll;
namespace frx = frames::p_reaction;
namespace fpu = frames::p_pickup;

// --- Reaction ------------------------------------------------------------------------------

inline void push_reaction(State& s, int side, const std::vector<int>& players) {
    Frame& r = push(s, frames::REACTION);
    r.arg[frx::F_SIDE] = static_cast<std::int16_t>(side);
    ListRef l = list_field(s, r, frx::F_PLAYERS, frx::F_PLAYERS_AT, frx::F_PLAYERS_CAP);
    for (const int p : players) l.push_back(p);
}

inline Legal reaction_choices(const std::int16_t* players, int n) {
    if (n == 1) return {Choice{frames::at::USE_SKILL, {}, {}, {}}, Choice{frames::at::DECLINE, {}, {}, {}}};
    return {Choice{frames::at::SELECT_PLAYER, std::vector<int>(players, players + n), {}, {}},
            Choice{frames::at::DECLINE, {}, {}, {}}};
}

inline int chosen_player(const std::int16_t* players, const Act& a) noexcept {
    if (a.type == frames::at::DECLINE) return -1;
    if (a.type == frames::at::USE_SKILL) return players[0];
    return a.player;
}

inline void reaction_run(Ctx& c) { wait(c.s, c.top().arg[frx::F_SIDE], frames::dk::REACTION); }

inline Legal reaction_legal(Ctx& c) {
    Frame& f = c.top();
    return reaction_choices(&c.s.pool[f.pool_base + frx::F_PLAYERS_AT], f.arg[frx::F_PLAYERS]);
}

inline void reaction_act(Ctx& c, const Act& a) {
    Frame& f = c.top();
    c.s.reactor = static_cast<std::int16_t>(chosen_player(&c.s.pool[f.pool_base + frx::F_PLAYERS_AT], a));
    pop(c.s);
}

// --- DodgeRoll (a PlayerRoll with Diving Tackle) ---------------------------------------------

static_assert(fdr::F_KIND == fr::F_KIND && fdr::F_PID == fr::F_PID && fdr::F_TARGET == fr::F_TARGET &&
                  fdr::F_MOD == fr::F_MOD && fdr::F_AGILITY == fr::F_AGILITY && fdr::F_DIE == fr::F_DIE &&
                  fdr::F_REROLLED == fr::F_REROLLED && fdr::F_BLOCKED_SKILL == fr::F_BLOCKED_SKILL,
              "a DodgeRoll frame starts with PlayerRoll's fields");

inline void dodge_request(State& s, const Frame& f) {
    if (f.arg[fdr::F_DIVER] < 0) {
        request(s, Dice::D6, 1, purpose("dodge"));
    } else {
        request_roll(s, f);
    }
}

inline void dodge_finish(State& s, const Frame& f, bool ok) {
    const int diver = f.arg[fdr::F_DIVER];
    roll_finish(s, f, ok);
    s.reactor = static_cast<std::int16_t>(diver);
}

inline void dodge_roll_run(Ctx& c) {
    State& s = c.s;
    Frame& f = c.top();
    const int pid = f.arg[fdr::F_PID];
    if (f.phase == fdr::ROLLED && f.arg[fdr::F_DIVER] < 0) {
        const int d = die(s);
        if (roll_succeeds(d, f.arg[fdr::F_TARGET], f.arg[fdr::F_MOD], true)) {
            const std::int16_t* divers = frame_list(s, f, fdr::F_DIVERS_AT);
            const std::int16_t* dmods = frame_list(s, f, fdr::F_DMODS_AT);
            ListRef flips = list_field(s, f, fdr::F_FLIPS, fdr::F_FLIPS_AT, fdr::F_FLIPS_CAP);
            std::vector<int> found;
            for (int i = 0; i < f.arg[fdr::F_DIVERS]; ++i) {
                if (!roll_succeeds(d, f.arg[fdr::F_TARGET], f.arg[fdr::F_MOD] + dmods[i], true)) found.push_back(divers[i]);
            }
            if (!found.empty()) {
                f.arg[fdr::F_DIE] = static_cast<std::int16_t>(need(f.arg[fdr::F_TARGET], f.arg[fdr::F_MOD], true));
                flips.clear();
                for (const int q : found) flips.push_back(q);
                f.phase = fdr::DIVING_TACKLE;
                wait(s, other(s.players[pid].team), frames::dk::DIVING_TACKLE);
                return;
            }
        }
    }
    roll_run(s, f, dodge_request, dodge_finish, true);  // PlayerRoll.run, with DodgeRoll's event and finish
}

inline Legal dodge_roll_legal(Ctx& c) {
    Frame& f = c.top();
    if (f.phase == fdr::DIVING_TACKLE) return reaction_choices(frame_list(c.s, f, fdr::F_FLIPS_AT), f.arg[fdr::F_FLIPS]);
    return player_roll_legal(c);
}

inline void dodge_roll_act(Ctx& c, const Act& a) {
    State& s = c.s;
    Frame& f = c.top();
    const int pid = f.arg[fdr::F_PID];
    if (f.phase != fdr::DIVING_TACKLE) {
        if (a.type == frames::at::DECLINE) {
            dodge_finish(s, f, false);
            return;
        }
        roll_reroll(s, f, a, dodge_request);
        return;
    }
    const int q = chosen_player(frame_list(s, f, fdr::F_FLIPS_AT), a);
    if (q < 0) {
        dodge_finish(s, f, true);
        return;
    }
    f.arg[fdr::F_DIVER] = static_cast<std::int16_t>(q);
    const std::int16_t* divers = frame_list(s, f, fdr::F_DIVERS_AT);
    const std::int16_t* dmods = frame_list(s, f, fdr::F_DMODS_AT);
    for (int i = 0; i < f.arg[fdr::F_DIVERS]; ++i) {
        if (divers[i] == q) {
            f.arg[fdr::F_MOD] = static_cast<std::int16_t>(f.arg[fdr::F_MOD] + dmods[i]);
            break;
        }
    }
    if (f.arg[fr::F_REROLLED] != 0 || (!roll_skill(s, f, false) && !roll_team(s, f))) {
        dodge_finish(s, f, false);
        return;
    }
    f.phase = fr::REROLL_CHOICE;
    wait(s, s.players[pid].team, frames::dk::REROLL);
}

inline Detail dodge_roll_detail(Ctx& c) {
    const Frame& f = c.top();
    if (f.phase == fdr::DIVING_TACKLE) {
        Detail d;
        d.player = f.arg[fdr::F_PID];
        d.skill = frames::skill::DIVING_TACKLE;
        return d;
    }
    return player_roll_detail(c);
}

// --- MoveStep ------------------------------------------------------------------------------

// movement.py's hook points for the move step (`step`: the MoveStep frame).
NUFFLE_HOOK_POINT_BB2020(BeforeLeaving, "movement.before_leaving", bool(State&, const Frame& step, int q, bool use));
NUFFLE_HOOK_POINT_BB2020(AfterLeaving, "movement.after_leaving", bool(State&, const Frame& step, int q, bool use));
NUFFLE_HOOK_POINT_BB2020(DodgeStat, "movement.dodge_stat", int(State&, int pid, bool use));
NUFFLE_HOOK_POINT(LeapModifier, "movement.leap_modifier", int(const State&, int pid));
NUFFLE_HOOK_POINT(JumpNegatives, "movement.jump_negatives", int(const State&, int pid, int mod));

// movement._marking: opponents marking `sq` against pid's Jump, but those whose zone does not
// count (DEST_ZONE_IGNORED: Titchy).
inline int jump_marking(const State& s, const Board& b, int pid, int sq) {
    int qs[8];
    const int k = tz_players(s, b, sq, s.players[pid].team, qs);
    int n = 0;
    for (int i = 0; i < k; ++i) {
        if (!hooks::any<DestZoneIgnored>(s, qs[i], s, pid, qs[i])) ++n;
    }
    return n;
}

// movement.jump_modifier: a Leap roll's modifier from `start` to `dest` (LEAP_MODIFIER); with the
// ruleset's Jump instead -1 per player marking the square left or entered, whichever count is
// higher, LEFT_ZONE_MODIFIER of those marking the square left, then JUMP_NEGATIVES in skill order.
inline int jump_modifier(const State& s, const Board& b, int pid, int start, int dest) {
    if (!rules_of(s).jump) return hooks::total<LeapModifier>(s, pid, s, pid);
    const int side = s.players[pid].team;
    int mod = -std::max(jump_marking(s, b, pid, start), jump_marking(s, b, pid, dest));
    int qs[8];
    const int k = tz_players(s, b, start, side, qs);
    for (int i = 0; i < k; ++i) mod += hooks::total<LeftZoneModifier>(s, qs[i], s, pid, qs[i]);
    for (const auto& h : hooks::handlers<JumpNegatives>(s)) {
        if (has(s, pid, h.skill)) mod = h.fn(s, pid, mod);
    }
    return mod;
}

// movement.reactors: opponents of the mover whose zone covers `start` and who may react at P.
template <class P>
inline std::vector<int> leaving_reactors(State& s, const Board& b, const Frame& step, int start) {
    int qs[8];
    const int k = tz_players(s, b, start, s.players[step.arg[fm2::F_PID]].team, qs);
    std::vector<int> out;
    for (int i = 0; i < k; ++i) {
        if (hooks::any<P>(s, qs[i], s, step, qs[i], false)) out.push_back(qs[i]);
    }
    return out;
}

// movement.use_reaction: `q`'s first handler at P that can act carries it out.
template <class P>
inline void use_reaction(State& s, const Frame& step, int q) {
    for (const auto& h : hooks::handlers<P>(s)) {
        if (has(s, q, h.skill) && h.fn(s, step, q, false)) {
            h.fn(s, step, q, true);
            return;
        }
    }
}

inline void move_step_done(State& s, bool goes_on) {
    s.ok = goes_on ? 1 : 0;
    pop(s);
}

// MoveStep._divers: the opponents whose zone the mover leaves who may react to his roll (each
// one's first DODGE_ROLL_REACTION handler that can), and their modifiers.
inline void move_step_divers(State& s, const Board& b, const Frame& f, std::vector<int>& divers, std::vector<int>& dmods) {
    const int pid = f.arg[fm2::F_PID];
    const int start = f.arg[fm2::F_START];
    const int dest = f.arg[fm2::F_DEST];
    int qs[8];
    const int k = tz_players(s, b, start, s.players[pid].team, qs);
    for (int i = 0; i < k; ++i) {
        for (const auto& h : hooks::handlers<DodgeRollReaction>(s)) {
            if (!has(s, qs[i], h.skill)) continue;
            const int m = h.fn(s, b, pid, qs[i], start, dest, false);
            if (m != 0) {
                divers.push_back(qs[i]);
                dmods.push_back(m);
                break;
            }
        }
    }
}

// A DodgeRoll of `kind` (DODGE, or a Jump's LEAP) with the opponents who may react to it.
inline void push_dodge_roll(State& s, int kind, int pid, int target, int mod, bool blocked,
                            const std::vector<int>& divers, const std::vector<int>& dmods) {
    Frame& d = push(s, frames::DODGE_ROLL);
    d.arg[fdr::F_KIND] = static_cast<std::int16_t>(kind);
    d.arg[fdr::F_PID] = static_cast<std::int16_t>(pid);
    d.arg[fdr::F_TARGET] = static_cast<std::int16_t>(target);
    d.arg[fdr::F_MOD] = static_cast<std::int16_t>(mod);
    d.arg[fdr::F_AGILITY] = 1;
    d.arg[fdr::F_BLOCKED_SKILL] = blocked ? 1 : 0;
    d.arg[fdr::F_DIVER] = -1;
    ListRef dl = list_field(s, d, fdr::F_DIVERS, fdr::F_DIVERS_AT, fdr::F_DIVERS_CAP);
    ListRef ml = list_field(s, d, fdr::F_DMODS, fdr::F_DMODS_AT, fdr::F_DMODS_CAP);
    for (std::size_t i = 0; i < divers.size(); ++i) {
        dl.push_back(divers[i]);
        ml.push_back(dmods[i]);
    }
}

inline void move_step_dodge(Ctx& c, Frame& f) {
    State& s = c.s;
    const int pid = f.arg[fm2::F_PID];
    const int start = f.arg[fm2::F_START];
    const int dest = f.arg[fm2::F_DEST];
    // another stat (Break Tackle's ST, an LRB6 rating) or his own Agility test
    const int target = f.arg[fm2::F_ALT] > 0 ? agility_target(f.arg[fm2::F_ALT]) : ag_target(s, pid);
    const int mod = dodge_modifier(s, c.b, pid, dest, start);
    const bool blocked = dodge_reroll_blocked(s, c.b, pid, start);
    std::vector<int> divers, dmods;
    move_step_divers(s, c.b, f, divers, dmods);
    if (divers.empty()) {
        push_player_roll(s, frames::roll::DODGE, pid, target, mod, true, blocked);
        return;
    }
    push_dodge_roll(s, frames::roll::DODGE, pid, target, mod, blocked, divers, dmods);
}

// MoveStep._offer_stat: a DODGE_STAT handler's stat, when it needs a lower roll than AG.
inline bool move_step_offer_stat(Ctx& c, Frame& f) {
    State& s = c.s;
    if (f.arg[fm2::F_ALT] >= 0) return false;
    f.arg[fm2::F_ALT] = 0;
    const int pid = f.arg[fm2::F_PID];
    if (!hooks::holds<DodgeStat>(s, pid)) return false;
    const int start = f.arg[fm2::F_START];
    const int dest = f.arg[fm2::F_DEST];
    const int mod = dodge_modifier(s, c.b, pid, dest, start) + reaction_modifier(s, c.b, pid, dest, start);
    const int base = need(ag_target(s, pid), mod, true);
    for (const auto& h : hooks::handlers<DodgeStat>(s)) {
        if (!has(s, pid, h.skill)) continue;
        const int stat = h.fn(s, pid, false);
        if (stat != 0 && need(agility_target(stat), mod, true) < base) {
            f.arg[fm2::F_OFFER] = static_cast<std::int16_t>(stat);
            wait(s, s.players[pid].team, frames::dk::USE_SKILL);
            return true;
        }
    }
    return false;
}

inline void move_step_run(Ctx& c) {
    State& s = c.s;
    const Board& b = c.b;
    Frame& f = c.top();
    const int pid = f.arg[fm2::F_PID];
    const int side = s.players[pid].team;
    if (f.phase == fm2::START) {
        const int start = s.players[pid].square;
        f.arg[fm2::F_START] = static_cast<std::int16_t>(start);
        f.arg[fm2::F_MARKED] = tackle_zones(s, b, start, side) != 0 ? 1 : 0;
        f.phase = fm2::GFI;
        if (f.arg[fm2::F_MARKED]) {
            const auto cands = leaving_reactors<BeforeLeaving>(s, b, f, start);
            if (!cands.empty()) {
                f.phase = fm2::BEFORE_LEAVING;
                push_reaction(s, other(side), cands);
                return;
            }
        }
    } else if (f.phase == fm2::BEFORE_LEAVING) {
        const int q = s.reactor;
        f.phase = fm2::GFI;
        if (q >= 0) {
            f.phase = fm2::BEFORE_LEAVING_USED;
            use_reaction<BeforeLeaving>(s, f, q);
            return;
        }
    } else if (f.phase == fm2::BEFORE_LEAVING_USED) {
        if (s.ok) {
            move_step_done(s, false);
            return;
        }
        f.phase = fm2::GFI;
    } else if (f.phase == fm2::GFI_ROLLED) {
        if (!s.ok) {
            move_player(s, pid, f.arg[fm2::F_DEST]);
            f.phase = fm2::DONE;
            push_knock_down(s, pid);
            return;
        }
        f.phase = fm2::GFI;
    } else if (f.phase == fm2::DODGE_ROLLED) {
        f.arg[fm2::F_FAILED] = s.ok ? 0 : 1;
        f.arg[fm2::F_DIVER] = s.reactor;
        f.phase = fm2::ENTER;
    }
    if (f.phase == fm2::GFI) {
        if (f.arg[fm2::F_GFI] > 0) {
            --f.arg[fm2::F_GFI];
            f.phase = fm2::GFI_ROLLED;
            push_player_roll(s, frames::roll::GFI, pid, gfi_target(s), rush_modifier(s, pid), false);
            return;
        }
        f.phase = fm2::DODGE_OR_LEAP;
    }
    if (f.phase == fm2::DODGE_OR_LEAP) {
        if (f.arg[fm2::F_LEAP]) {
            f.phase = fm2::DODGE_ROLLED;
            const int target = ag_target(s, pid);
            const int mod = jump_modifier(s, c.b, pid, f.arg[fm2::F_START], f.arg[fm2::F_DEST]);
            std::vector<int> divers, dmods;  // a Jump out of a marked square: reactions as to a dodge (BB2020)
            if (rules_of(s).jump && f.arg[fm2::F_MARKED]) move_step_divers(s, b, f, divers, dmods);
            if (divers.empty()) {
                push_player_roll(s, frames::roll::LEAP, pid, target, mod);
            } else {
                push_dodge_roll(s, frames::roll::LEAP, pid, target, mod, false, divers, dmods);
            }
            return;
        }
        if (f.arg[fm2::F_MARKED]) {
            if (move_step_offer_stat(c, f)) return;
            f.phase = fm2::DODGE_ROLLED;
            move_step_dodge(c, f);
            return;
        }
        f.phase = fm2::ENTER;
    }
    if (f.phase == fm2::ENTER) {
        move_player(s, pid, f.arg[fm2::F_DEST]);
        f.phase = fm2::ENTERED;
        const int q = f.arg[fm2::F_DIVER];
        if (q >= 0) {  // the diver's first DODGE_ROLL_REACTION handler that may act, with use
            const int depth = s.frame_count;
            const int start = f.arg[fm2::F_START];
            for (const auto& h : hooks::handlers<DodgeRollReaction>(s)) {
                if (has(s, q, h.skill) && h.fn(s, b, pid, q, start, f.arg[fm2::F_DEST], false) != 0) {
                    h.fn(s, b, pid, q, start, f.arg[fm2::F_DEST], true);
                    break;
                }
            }
            if (s.frame_count > depth) return;
        }
    }
    if (f.phase == fm2::ENTERED) {
        if (f.arg[fm2::F_FAILED]) {
            f.phase = fm2::DONE;
            push_knock_down(s, pid, -1, true, 0, fall_caused_by(s, b, pid, f.arg[fm2::F_START]));
            return;
        }
        f.phase = fm2::LANDED;
        const int start = f.arg[fm2::F_START];
        if (f.arg[fm2::F_MARKED] && s.grid[start] == SQUARE_EMPTY) {
            const auto cands = leaving_reactors<AfterLeaving>(s, b, f, start);
            if (!cands.empty()) {
                f.phase = fm2::AFTER_LEAVING;
                push_reaction(s, other(side), cands);
                return;
            }
        }
    } else if (f.phase == fm2::AFTER_LEAVING) {
        const int q = s.reactor;
        f.phase = fm2::LANDED;
        if (q >= 0) {
            f.phase = fm2::AFTER_LEAVING_USED;
            const int depth = s.frame_count;
            use_reaction<AfterLeaving>(s, f, q);
            if (s.frame_count > depth) return;
            f.phase = fm2::LANDED;
        }
    } else if (f.phase == fm2::AFTER_LEAVING_USED) {
        f.phase = fm2::LANDED;
    }
    if (f.phase == fm2::LANDED && trapdoor_here(s, b, pid, f.arg[fm2::F_DEST])) {  // BB2020's prayer
        f.phase = fm2::TRAPDOOR;
        push_trapdoor(s, pid);
        return;
    }
    if (f.phase == fm2::TRAPDOOR) {
        if (s.players[pid].square != f.arg[fm2::F_DEST]) {  // he fell through
            move_step_done(s, false);
            return;
        }
        f.phase = fm2::LANDED;
    }
    if (f.phase == fm2::LANDED) {
        const int dest = f.arg[fm2::F_DEST];
        if (s.ball == dest && s.ball_state == frames::ball::ON_GROUND && s.players[pid].square == dest) {
            f.phase = fm2::DONE;
            push(s, frames::PICKUP).arg[fpu::F_PID] = static_cast<std::int16_t>(pid);
            return;
        }
        check_touchdown(s, b, pid);
        move_step_done(s, true);
        return;
    }
    if (f.phase == fm2::DONE) move_step_done(s, true);
}

inline Legal move_step_legal(Ctx&) { return {Choice{frames::at::USE_SKILL, {}, {}, {}}, Choice{frames::at::DECLINE, {}, {}, {}}}; }

inline void move_step_act(Ctx& c, const Act& a) {
    State& s = c.s;
    Frame& f = c.top();
    const int stat = f.arg[fm2::F_OFFER];
    f.arg[fm2::F_OFFER] = 0;
    if (a.type == frames::at::USE_SKILL) {  // the DODGE_STAT handler that offered it is used
        const int pid = f.arg[fm2::F_PID];
        for (const auto& h : hooks::handlers<DodgeStat>(s)) {
            if (has(s, pid, h.skill) && h.fn(s, pid, false) == stat) {
                h.fn(s, pid, true);
                f.arg[fm2::F_ALT] = static_cast<std::int16_t>(stat);
                break;
            }
        }
    }
    f.phase = fm2::DODGE_ROLLED;
    move_step_dodge(c, f);
}

inline Detail move_step_detail(Ctx& c) {
    Detail d;
    d.player = c.top().arg[fm2::F_PID];
    d.skill = frames::skill::BREAK_TACKLE;
    return d;
}

// --- Pickup --------------------------------------------------------------------------------

inline void pickup_run(Ctx& c) {
    State& s = c.s;
    Frame& f = c.top();
    const int pid = f.arg[fpu::F_PID];
    if (f.phase == fpu::START) {
        if (!can_handle_ball(s, pid)) {
            note(s, frames::ev::PICK_UP, pid, s.players[pid].square, 0);
            f.phase = fpu::FAILED;
            s.ok = 0;
        } else {
            f.phase = fpu::ROLLED;
            push_player_roll(s, frames::roll::PICKUP, pid, ag_target(s, pid), pickup_roll_modifier(s, c.b, pid));
            return;
        }
    }
    if (f.phase == fpu::ROLLED) {
        note(s, frames::ev::PICK_UP, pid, s.players[pid].square, s.ok);
        if (s.ok) {
            s.ball_state = frames::ball::CARRIED;
            check_touchdown(s, c.b, pid);
            pop(s);
            return;
        }
        f.phase = fpu::FAILED;
    }
    if (f.phase == fpu::FAILED) {
        if (s.players[pid].team == s.active) s.turnover = 1;
        f.phase = fpu::BOUNCED;
        push_bounce(s, s.players[pid].square, false);
        return;
    }
    pop(s);
}

}  // namespace nuffle::procs

#include "nuffle/skill_rules/movement_skills.hpp"
