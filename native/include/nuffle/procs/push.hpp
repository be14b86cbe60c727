// Push-backs (core/procedures/push.py): Push (the three-square fan, chain pushes, the crowd),
// StandChoice, CrowdSurf, and the hook points PUSH_REFUSE, PUSH_CANCEL, PUSH_CHOICE and
// AFTER_PUSH; their LRB6 handlers (Python's skill_rules/contact_skills.py: Stand Firm, Take
// Root, Juggernaut, Grab, Side Step, Strip Ball) are skill_rules/push_skills.hpp's.
#pragma once

#include <vector>

#include "nuffle/engine_base.hpp"
#include "nuffle/procs/contact.hpp"
#include "nuffle/rules.hpp"

namespace nuffle::procs::contact {

namespace fpu = frames::p_push;

inline int sign(int v) noexcept { return (v > 0) - (v < 0); }

// push.push_squares: empty on-pitch squares, else off-pitch ones (crowd), else occupied ones.
inline std::vector<int> push_squares(const State& s, const Board& b, int pusher_sq, int sq) {
    const int stride = b.stride;
    const int dx = sign(b.xs[sq] - b.xs[pusher_sq]);
    const int dy = sign(b.ys[sq] - b.ys[pusher_sq]);
    int cands[3];
    if (dx == 0 || dy == 0) {
        const int px = dy == 0 ? 0 : 1;
        const int py = dy == 0 ? 1 : 0;
        cands[0] = sq + dx + dy * stride;
        cands[1] = sq + dx + px + (dy + py) * stride;
        cands[2] = sq + dx - px + (dy - py) * stride;
    } else {
        cands[0] = sq + dx + dy * stride;
        cands[1] = sq + dx;
        cands[2] = sq + dy * stride;
    }
    std::vector<int> out;
    for (const int c : cands) {
        if (s.grid[c] == SQUARE_EMPTY) out.push_back(c);
    }
    if (!out.empty()) return out;
    for (const int c : cands) {
        if (s.grid[c] == SQUARE_OFF) out.push_back(c);
    }
    if (!out.empty()) return out;
    return {cands[0], cands[1], cands[2]};
}

// push.empty_neighbours.
inline std::vector<int> empty_neighbours(const State& s, const Board& b, int sq) {
    std::vector<int> out;
    for (const int off : b.neighbours) {
        if (s.grid[sq + off] == SQUARE_EMPTY) out.push_back(sq + off);
    }
    return out;
}

// A PUSH_CHOICE answer: the side that chooses the square, the squares it may choose, and
// whether they replace the standard ones (`only`) or are added to them.
struct PushAnswer {
    int side = 0;
    std::vector<int> squares;
    bool only = false;
};

NUFFLE_HOOK_POINT(PushRefuse, "push.refuse", int(const State&, const Frame& push));
NUFFLE_HOOK_POINT(PushCancel, "push.cancel", bool(const State&, const Frame& push, int skill));
NUFFLE_HOOK_POINT(PushChoice, "push.choice",
                  bool(const State&, const Board&, const Frame& push, int owner, PushAnswer& answer));
NUFFLE_HOOK_POINT(PushAfter, "push.after", bool(State&, const Frame& push));

// push.cancelled: whether a PUSH_CANCEL skill of `other_pid` cancels `skill` in push frame `f`.
inline bool push_cancelled(const State& s, const Frame& f, int skill, int other_pid) noexcept {
    return other_pid >= 0 && hooks::any<PushCancel>(s, other_pid, s, f, skill);
}

// Push._options: the squares he may be pushed to and the side that chooses (PUSH_CHOICE: the
// pushed player's skills, then the attacker's, in skill order; the first answer counts).
inline std::vector<int> push_options(const State& s, const Board& b, const Frame& f, int& side) {
    const int pid = f.arg[fpu::F_PID];
    const int att = f.arg[fpu::F_ATTACKER];
    std::vector<int> options = push_squares(s, b, f.arg[fpu::F_PUSHER_SQ], pos(s, pid));
    side = s.active >= 0 ? s.active : (team_of(s, pid) ^ 1);
    PushAnswer found;
    if (hooks::any<PushChoice>(s, pid, s, b, f, pid, found) ||
        (att >= 0 && hooks::any<PushChoice>(s, att, s, b, f, att, found))) {
        side = found.side;
        if (found.only) return found.squares;
        for (const int q : found.squares) {
            bool seen = false;
            for (const int o : options) seen = seen || o == q;
            if (!seen) options.push_back(q);
        }
    }
    return options;
}

// Push(pid, pusher_sq, attacker, blitz, chain).
inline void push_push(State& s, int pid, int pusher_sq, int attacker, bool blitz, bool chain) {
    Frame& f = push(s, frames::PUSH);
    f.arg[fpu::F_PID] = i16(pid);
    f.arg[fpu::F_PUSHER_SQ] = i16(pusher_sq);
    f.arg[fpu::F_ATTACKER] = i16(attacker);
    f.arg[fpu::F_BLITZ] = blitz ? 1 : 0;
    f.arg[fpu::F_CHAIN] = chain ? 1 : 0;
    f.arg[fpu::F_TARGET] = -1;
    f.arg[fpu::F_HAD_BALL] = 0;
    f.arg[fpu::F_LAST] = -1;
}

// push.resolve_crowd: start the next pending crowd-surf; false when none is pending.
inline bool resolve_crowd(State& s) {
    if (s.crowd_count < 4) return false;
    const int pid = s.crowd[0], last_sq = s.crowd[1], out = s.crowd[2], had_ball = s.crowd[3];
    for (int i = 4; i < s.crowd_count; ++i) s.crowd[i - 4] = s.crowd[i];
    for (int i = s.crowd_count - 4; i < s.crowd_count; ++i) s.crowd[i] = 0;
    s.crowd_count = static_cast<std::uint8_t>(s.crowd_count - 4);
    namespace fcs = frames::p_crowd_surf;
    Frame& f = push(s, frames::CROWD_SURF);
    f.arg[fcs::F_PID] = i16(pid);
    f.arg[fcs::F_LAST] = i16(last_sq);
    f.arg[fcs::F_OUT] = i16(out);
    f.arg[fcs::F_HAD_BALL] = had_ball != 0 ? 1 : 0;
    return true;
}

// --- Push ----------------------------------------------------------------------------------

inline void push_stay(State& s) {
    s.ok = 0;
    pop(s);
}

inline void push_choose(Ctx& c, int sq) {
    State& s = c.s;
    Frame& f = c.top();
    f.arg[fpu::F_TARGET] = i16(sq);
    f.phase = fpu::CHOSEN;
    const int occupant = s.grid[sq];
    if (occupant >= 0) {
        push_push(s, occupant, pos(s, f.arg[fpu::F_PID]), f.arg[fpu::F_ATTACKER],
                           f.arg[fpu::F_BLITZ] != 0, true);
    }
}

inline void push_run(Ctx& c) {
    State& s = c.s;
    Frame& f = c.top();
    const int pid = f.arg[fpu::F_PID];
    int ph = f.phase;
    if (ph == fpu::START) {
        const int refuse = hooks::greatest<PushRefuse>(s, pid, 0, s, f);  // PUSH_REFUSE: the largest answer
        if (refuse == 2) {
            push_stay(s);
            return;
        }
        if (refuse == 1) {
            f.phase = fpu::STAND_FIRM;
            Frame& sc = push(s, frames::STAND_CHOICE);
            sc.arg[frames::p_stand_choice::F_PID] = i16(pid);
            return;
        }
        ph = f.phase = fpu::CHOOSE;
    } else if (ph == fpu::STAND_FIRM) {
        if (s.ok != 0) {
            push_stay(s);
            return;
        }
        ph = f.phase = fpu::CHOOSE;
    }
    if (ph == fpu::CHOOSE) {
        int side = 0;
        const std::vector<int> options = push_options(s, c.b, f, side);
        if (options.size() == 1) {
            push_choose(c, options[0]);
        } else {
            wait(s, side, frames::dk::PUSH);
        }
        return;
    }
    if (ph == fpu::CHOSEN) {
        const int tgt = f.arg[fpu::F_TARGET];
        if (s.grid[tgt] == SQUARE_OFF) {  // into the crowd: the injury waits for the block's follow-up
            const int last_sq = pos(s, pid);
            const bool had_ball = s.ball_state == frames::ball::CARRIED && s.ball == last_sq;
            f.arg[fpu::F_LAST] = i16(last_sq);
            f.arg[fpu::F_HAD_BALL] = had_ball ? 1 : 0;
            if (had_ball) s.ball_state = frames::ball::IN_AIR;
            remove_player(s, pid, static_cast<int>(Status::RESERVE));
            if (s.crowd_count + 4 > MAX_CROWD) throw std::length_error("the crowd list is full");
            for (const int v : {pid, last_sq, tgt, had_ball ? 1 : 0}) s.crowd[s.crowd_count++] = static_cast<std::int16_t>(v);
        } else if (s.grid[tgt] >= 0) {  // the chain ahead did not move: neither does he
            push_stay(s);
            return;
        } else {
            move_player(s, pid, tgt);
            f.phase = fpu::MOVED;
            const int att = f.arg[fpu::F_ATTACKER];
            if (att >= 0 && hooks::any<PushAfter>(s, att, s, f)) return;  // AFTER_PUSH
        }
    }
    if (f.phase == fpu::MOVED && trapdoor_here(s, c.b, pid, f.arg[fpu::F_TARGET])) {  // BB2020's prayer
        f.phase = fpu::TRAPDOOR;
        push_trapdoor(s, pid, true);
        return;
    }
    s.ok = 1;
    pop(s);
}

inline Legal push_legal(Ctx& c) {
    int side = 0;
    return {Choice{frames::at::PUSH, {}, push_options(c.s, c.b, c.top(), side), {}}};
}

inline void push_act(Ctx& c, const Act& a) { push_choose(c, a.square); }

inline Detail push_detail(Ctx& c) {
    Detail d;
    const Frame& f = c.top();
    d.player = f.arg[fpu::F_ATTACKER] >= 0 ? f.arg[fpu::F_ATTACKER] : -1;
    d.target = f.arg[fpu::F_PID];
    return d;
}

// --- StandChoice ---------------------------------------------------------------------------

inline void stand_choice_run(Ctx& c) {
    wait(c.s, team_of(c.s, c.top().arg[frames::p_stand_choice::F_PID]), frames::dk::STAND_FIRM);
}

inline Legal use_or_decline() {
    return {Choice{frames::at::USE_SKILL, {}, {}, {}}, Choice{frames::at::DECLINE, {}, {}, {}}};
}

inline void stand_choice_act(Ctx& c, const Act& a) {
    c.s.ok = a.type == frames::at::USE_SKILL ? 1 : 0;
    pop(c.s);
}

// --- CrowdSurf -----------------------------------------------------------------------------

inline void crowd_surf_run(Ctx& c) {
    namespace fcs = frames::p_crowd_surf;
    State& s = c.s;
    Frame& f = c.top();
    const int pid = f.arg[fcs::F_PID];
    if (f.phase == fcs::START) {
        f.phase = fcs::INJURED;
        note(s, frames::ev::CROWD, pid, f.arg[fcs::F_LAST], f.arg[fcs::F_HAD_BALL]);
        push_injury(s, pid, 0, true);
        return;
    }
    if (f.phase == fcs::INJURED) {
        f.phase = fcs::THROWN_IN;
        if (f.arg[fcs::F_HAD_BALL] != 0) {
            if (team_of(s, pid) == s.active) s.turnover = 1;  // the moving team lost the ball
            const int last_sq = f.arg[fcs::F_LAST];
            s.ball = i16(last_sq);
            s.ball_state = frames::ball::ON_GROUND;
            push_throw_in(s, last_sq, f.arg[fcs::F_OUT]);
            return;
        }
    }
    pop(s);
}

// --- StripBall (contact_skills.py) ----------------------------------------------------------

inline void strip_ball_run(Ctx& c) {
    wait(c.s, team_of(c.s, c.top().arg[frames::p_strip_ball::F_ATTACKER]), frames::dk::USE_SKILL);
}

inline void strip_ball_act(Ctx& c, const Act& a) {
    if (a.type == frames::at::USE_SKILL) c.s.ball_state = frames::ball::ON_GROUND;  // it bounces after the block
    pop(c.s);
}

inline Detail strip_ball_detail(Ctx& c) {
    Detail d;
    d.player = c.top().arg[frames::p_strip_ball::F_ATTACKER];
    d.target = c.top().arg[frames::p_strip_ball::F_PID];
    d.skill = frames::skill::STRIP_BALL;
    return d;
}

}  // namespace nuffle::procs::contact

#include "nuffle/skill_rules/push_skills.hpp"
