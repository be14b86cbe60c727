// Fouls (core/procedures/foul.py: assists, Dirty Player, Sneaky Git, the referee, bribes) and
// hand-offs (passing.Handoff). Chainsaw's foul (BEFORE_FOUL) and Animosity (TARGET_DECLARED)
// are not ported: NotPortedError names them.
#pragma once

#include "nuffle/engine_base.hpp"
#include "nuffle/procs/ball.hpp"
#include "nuffle/procs/injury.hpp"
#include "nuffle/rules.hpp"

namespace nuffle::procs {

namespace ffo = frames::p_foul;
namespace fho = frames::p_handoff;

// foul.foul_assists: adjacent team-mates with a tackle zone no opponent but `target` marks.
inline int foul_assists(const State& s, const Board& b, int helper_side, int target, int opponent) {
    int n = 0;
    const int sq = s.players[target].square;
    for (const int off : b.neighbours) {
        const int q = s.grid[sq + off];
        if (q < 0 || q == opponent || s.players[q].team != helper_side || !exerts_tz(s, q)) continue;
        int ms[8];
        const int k = tz_players(s, b, s.players[q].square, helper_side, ms);
        bool only = true;
        for (int i = 0; i < k; ++i) only = only && ms[i] == target;
        if (only) ++n;
    }
    return n;
}

// ball.take_off_pitch: off the pitch with `status`; a ball he held bounces.
inline bool take_off_pitch(State& s, int pid, int status) {
    const int sq = s.players[pid].square;
    const bool held = s.ball_state == frames::ball::CARRIED && s.ball == sq;
    remove_player(s, pid, status);
    if (held) {
        s.ball_state = frames::ball::ON_GROUND;
        push_bounce(s, sq, false);
    }
    return held;
}

inline void foul_gate(const State& s, const Frame& f) {
    if (s.players[f.arg[ffo::F_FOULER]].has_skill(frames::skill::CHAINSAW)) throw NotPortedError("foul", "Chainsaw");
}

inline void foul_armour(State& s, Frame& f) {
    f.phase = ffo::ARMOUR_ROLLED;
    request(s, Dice::TWO_D6, 1, purpose("foul armour"));
}

inline void foul_armour_result(State& s, Frame& f, bool broken, int left) {
    const int fouler = f.arg[ffo::F_FOULER];
    if (f.arg[ffo::F_DOUBLES]) {
        const bool unseen = s.players[fouler].has_skill(frames::skill::SNEAKY_GIT) && !broken;  // UNSEEN
        f.arg[ffo::F_SENT_OFF] = unseen ? 0 : 1;
    }
    f.phase = ffo::REFEREE;
    if (broken) {
        f.phase = ffo::INJURED;
        const int mod = left < 0 ? f.arg[ffo::F_BONUS] : left;
        push_injury(s, f.arg[ffo::F_VICTIM], mod, false, fouler, HOW_FOUL, false, false);
    }
}

inline void foul_send_off(State& s, Frame& f) {
    s.turnover = 1;
    f.phase = ffo::SENT_OFF;
    take_off_pitch(s, f.arg[ffo::F_FOULER], static_cast<int>(Status::SENT_OFF));
}

inline void foul_run(Ctx& c) {
    State& s = c.s;
    Frame& f = c.top();
    foul_gate(s, f);
    const int fouler = f.arg[ffo::F_FOULER], victim = f.arg[ffo::F_VICTIM];
    const int ph = f.phase;
    if (ph == ffo::START) {
        f.phase = ffo::BEFORE_FOUL_USED;
        foul_armour(s, f);
        return;
    }
    if (ph == ffo::BEFORE_FOUL_USED) throw NotPortedError("foul", "Chainsaw");
    if (ph == ffo::ARMOUR_ROLLED) {
        const int a = s.chance.outcome.v[0], b = s.chance.outcome.v[1];
        const int side = s.players[fouler].team;
        int mod = foul_assists(s, c.b, side, victim, fouler) - foul_assists(s, c.b, 1 - side, fouler, victim);
        // ARMOUR_MODIFIER (Chainsaw, gated) and ARMOUR_BONUS (Dirty Player on a foul)
        const int bonus = s.players[fouler].has_skill(frames::skill::DIRTY_PLAYER) ? 1 : 0;
        f.arg[ffo::F_BONUS] = static_cast<std::int16_t>(bonus);
        f.arg[ffo::F_DOUBLES] = a == b ? 1 : 0;
        f.arg[ffo::F_TOTAL] = static_cast<std::int16_t>(a + b + mod);
        const int limit = s.players[victim].av;  // ARMOUR_BREAKS_AT: Claws acts on blocks only
        const int total = f.arg[ffo::F_TOTAL];
        if (total <= limit && bonus && total + bonus > limit) {
            f.phase = ffo::ARMOUR_BONUS;
            wait(s, side, frames::dk::ARMOUR_BONUS);
            return;
        }
        foul_armour_result(s, f, total > limit, -1);
        return;
    }
    if (ph == ffo::INJURED) {
        f.arg[ffo::F_SENT_OFF] = (f.arg[ffo::F_SENT_OFF] || s.ok) ? 1 : 0;
        f.phase = ffo::REFEREE;
    }
    if (f.phase == ffo::REFEREE) {
        if (!f.arg[ffo::F_SENT_OFF]) {
            pop(s);
            return;
        }
        const int side = s.players[fouler].team;
        if (s.teams[side].bribes > 0) {
            f.phase = ffo::BRIBE;
            wait(s, side, frames::dk::BRIBE);
            return;
        }
        foul_send_off(s, f);
        return;
    }
    if (f.phase == ffo::BRIBE_ROLLED) {
        if (die(s) >= 2) {
            pop(s);
            return;
        }
        foul_send_off(s, f);
        return;
    }
    pop(s);
}

inline Legal foul_legal(Ctx& c) {
    if (c.top().phase == ffo::ARMOUR_BONUS) {
        return {Choice{frames::at::SELECT_ARMOUR, {}, {}, {}}, Choice{frames::at::DECLINE, {}, {}, {}}};
    }
    return {Choice{frames::at::USE_BRIBE, {}, {}, {}}, Choice{frames::at::DECLINE, {}, {}, {}}};
}

inline void foul_act(Ctx& c, const Act& a) {
    State& s = c.s;
    Frame& f = c.top();
    if (f.phase == ffo::ARMOUR_BONUS) {
        if (a.type == frames::at::SELECT_ARMOUR) {
            foul_armour_result(s, f, true, 0);
        } else {
            foul_armour_result(s, f, false, -1);
        }
        return;
    }
    if (a.type == frames::at::USE_BRIBE) {
        --s.teams[s.players[f.arg[ffo::F_FOULER]].team].bribes;
        f.phase = ffo::BRIBE_ROLLED;
        request_threshold(s, 2, purpose("bribe"));
        return;
    }
    foul_send_off(s, f);
}

inline Detail foul_detail(Ctx& c) {
    Detail d;
    d.player = c.top().arg[ffo::F_FOULER];
    d.target = c.top().arg[ffo::F_VICTIM];
    return d;
}

// --- Handoff -------------------------------------------------------------------------------

inline void handoff_run(Ctx& c) {
    State& s = c.s;
    Frame& f = c.top();
    const int giver = f.arg[fho::F_GIVER];
    if (f.phase == fho::START) {
        if (s.players[giver].has_skill(frames::skill::ANIMOSITY)) throw NotPortedError("handoff", "Animosity");
        f.phase = fho::HAND_OVER;
    } else if (f.phase == fho::TARGET_DECLARED) {
        throw NotPortedError("handoff", "Animosity");
    }
    if (f.phase == fho::HAND_OVER) {
        f.phase = fho::CAUGHT;
        const int receiver = f.arg[fho::F_RECEIVER];
        s.ball = s.players[receiver].square;
        s.ball_state = frames::ball::ON_GROUND;
        if (can_catch(s, receiver)) {
            push_catch(s, receiver, 1, false, false);
        } else {
            push_bounce(s, s.ball, false);
        }
        return;
    }
    const int holder = s.ball_state == frames::ball::CARRIED ? s.grid[s.ball] : -1;
    if (holder < 0 || s.players[holder].team != s.players[giver].team) s.turnover = 1;
    pop(s);
}

}  // namespace nuffle::procs
