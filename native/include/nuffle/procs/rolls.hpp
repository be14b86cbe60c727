// A single-D6 player roll with every re-roll source (core/procedures/rolls.py): skill (the
// SKILL_REROLL handlers of rules.hpp), team re-roll (Leader's bonus re-roll first; Loner's 4+
// check), Pro (CHECKED_REROLL, 4+ first). The result goes to `s.ok` and `s.last_die`.
#pragma once

#include "nuffle/engine_base.hpp"
#include "nuffle/rules.hpp"

namespace nuffle::procs {

namespace fr = frames::p_player_roll;

// Pushes a PlayerRoll(kind, pid, target, mod, agility, blocked_skill).
inline void push_player_roll(State& s, int kind, int pid, int target, int mod, bool agility = true,
                             bool blocked_skill = false) {
    Frame& f = push(s, frames::PLAYER_ROLL);
    f.arg[fr::F_KIND] = static_cast<std::int16_t>(kind);
    f.arg[fr::F_PID] = static_cast<std::int16_t>(pid);
    f.arg[fr::F_TARGET] = static_cast<std::int16_t>(target);
    f.arg[fr::F_MOD] = static_cast<std::int16_t>(mod);
    f.arg[fr::F_AGILITY] = agility ? 1 : 0;
    f.arg[fr::F_BLOCKED_SKILL] = blocked_skill ? 1 : 0;
}

inline int roll_need(const Frame& f) noexcept {
    for (int d = 1; d <= 6; ++d) {
        if (roll_succeeds(d, f.arg[fr::F_TARGET], f.arg[fr::F_MOD], f.arg[fr::F_AGILITY] != 0)) return d;
    }
    return 7;
}

inline void request_roll(State& s, const Frame& f) {
    const int kind = f.arg[fr::F_KIND];
    const int purpose_id = frames::ROLL_PURPOSE[kind];
    if (kind == frames::roll::PASS) {
        request(s, Dice::D6, 1, purpose_id);
    } else {
        request_threshold(s, roll_need(f), purpose_id);
    }
}

inline void roll_finish(State& s, const Frame& f, bool ok) {
    s.ok = ok ? 1 : 0;
    s.last_die = f.arg[fr::F_DIE];
    s.reactor = -1;
    pop(s);
}

// PlayerRoll._skill: a skill of the roller may re-roll this failure (`use`: spend it).
inline bool roll_skill(State& s, const Frame& f, bool use) noexcept {
    if (f.arg[fr::F_BLOCKED_SKILL] != 0) return false;
    const int pid = f.arg[fr::F_PID];
    std::uint32_t once = 0;
    if (!detail::first_skill_reroll(s, pid, f.arg[fr::F_KIND], s.players[pid].flags, once)) return false;
    if (use) s.players[pid].flags |= once;
    return true;
}

inline bool roll_team(const State& s, const Frame& f) noexcept {
    const int kind = f.arg[fr::F_KIND];
    return kind != frames::roll::INTERCEPTION && kind != frames::roll::LONER &&
           team_reroll_available(s, s.players[f.arg[fr::F_PID]].team);
}

// rolls.CHECKED_REROLL (Pro), `use`: record the use.
inline bool roll_pro(State& s, int pid, bool use) noexcept {
    std::uint32_t spend = 0;
    if (!checked_reroll(s, pid, spend)) return false;
    if (use) s.players[pid].flags |= spend;
    return true;
}

// rolls.spend_team_reroll: the Leader's bonus re-roll first; true if a Loner check comes first
// (TEAM_REROLL_CHECK: Loner).
inline bool spend_team_reroll(State& s, int pid) noexcept {
    const int side = s.players[pid].team;
    Team& team = s.teams[side];
    team.reroll_used = 1;
    if (bonus_reroll_usable(s, side)) {
        team.bonus_reroll = 0;
    } else {
        --team.rerolls;
    }
    return team_reroll_check(s, pid);
}

// rolls.note_check: the 4+ check before a re-roll (Pro's, or Loner's before a team re-roll)
// logged as a roll.
inline void note_check(const State& s, int pid, bool pro) {
    note(s, frames::ev::ROLL, pid, pro ? frames::roll::PRO : frames::roll::LONER, die(s) * 8 + check_from(s, pro, pid));
}

// PlayerRoll.run over a frame laid out as PlayerRoll: `ask` requests the roll, `finish` ends it
// (DodgeRoll passes its own). With `faceless_failure`, a failure waiting for a re-roll choice
// keeps no face (any failing face alike, as DodgeRoll stores it).
inline void roll_run(State& s, Frame& f, void (*ask)(State&, const Frame&), void (*finish)(State&, const Frame&, bool),
                     bool faceless_failure) {
    if (f.phase == fr::START) {
        f.phase = fr::ROLLED;
        ask(s, f);
        return;
    }
    if (f.phase == fr::ROLLED) {
        const int d = die(s);
        f.arg[fr::F_DIE] = static_cast<std::int16_t>(d);
        note(s, frames::ev::ROLL, f.arg[fr::F_PID], f.arg[fr::F_KIND], d * 8 + roll_need(f));
        if (roll_succeeds(d, f.arg[fr::F_TARGET], f.arg[fr::F_MOD], f.arg[fr::F_AGILITY] != 0)) {
            finish(s, f, true);
            return;
        }
        const int pid = f.arg[fr::F_PID];
        if (f.arg[fr::F_REROLLED] != 0 || (!roll_skill(s, f, false) && !roll_team(s, f) && !roll_pro(s, pid, false))) {
            finish(s, f, false);
            return;
        }
        f.phase = fr::REROLL_CHOICE;
        wait(s, s.players[pid].team, frames::dk::REROLL);
        if (faceless_failure) f.arg[fr::F_DIE] = 1;
        return;
    }
    if (f.phase == fr::REROLL_CHECK || f.phase == fr::PRO_CHECK) {  // Loner's check or Pro's
        note_check(s, f.arg[fr::F_PID], f.phase == fr::PRO_CHECK);
        if (die(s) >= check_from(s, f.phase == fr::PRO_CHECK, f.arg[fr::F_PID])) {
            f.phase = fr::ROLLED;
            ask(s, f);
        } else {
            finish(s, f, false);
        }
    }
}

inline void player_roll_run(Ctx& c) { roll_run(c.s, c.top(), request_roll, roll_finish, false); }

// PlayerRoll.act's re-rolls (Pro, a skill, the team re-roll) of a roll frame laid out as
// PlayerRoll; `again` asks for the roll again.
inline void roll_reroll(State& s, Frame& f, const Act& a, void (*again)(State&, const Frame&)) {
    f.arg[fr::F_REROLLED] = 1;
    const int pid = f.arg[fr::F_PID];
    if (a.type == frames::at::USE_PRO) {
        roll_pro(s, pid, true);
        f.phase = fr::PRO_CHECK;
        request_threshold(s, check_from(s, true, pid), purpose("pro"));
        return;
    }
    if (a.type == frames::at::USE_SKILL) {
        roll_skill(s, f, true);
        f.phase = fr::ROLLED;
        again(s, f);
        return;
    }
    if (spend_team_reroll(s, pid)) {  // Loner
        f.phase = fr::REROLL_CHECK;
        request_threshold(s, check_from(s, false, pid), purpose("loner"));
    } else {
        f.phase = fr::ROLLED;
        again(s, f);
    }
}

inline Legal player_roll_legal(Ctx& c) {
    State& s = c.s;
    Frame& f = c.top();
    Legal out;
    if (roll_skill(s, f, false)) out.push_back(Choice{frames::at::USE_SKILL, {}, {}, {}});
    if (roll_team(s, f)) out.push_back(Choice{frames::at::USE_REROLL, {}, {}, {}});
    if (roll_pro(s, f.arg[fr::F_PID], false)) out.push_back(Choice{frames::at::USE_PRO, {}, {}, {}});
    out.push_back(Choice{frames::at::DECLINE, {}, {}, {}});
    return out;
}

inline void player_roll_act(Ctx& c, const Act& a) {
    State& s = c.s;
    Frame& f = c.top();
    if (a.type == frames::at::DECLINE) {
        roll_finish(s, f, false);
        return;
    }
    roll_reroll(s, f, a, request_roll);
}

inline Detail player_roll_detail(Ctx& c) {
    const Frame& f = c.top();
    Detail d;
    d.player = f.arg[fr::F_PID];
    d.roll = f.arg[fr::F_KIND];
    d.need = roll_need(f);
    return d;
}

}  // namespace nuffle::procs
