// Ball & Chain movement (core/procedures/ball_and_chain.py): ChainStep, one square of the move
// where the throw-in template sends it (a GFI first, the direction die, then a block of a
// standing player, a push of a prone or stunned one, the crowd, or an empty square). The
// ChainBlock it pushes is a Block and runs with the block procedures.
#pragma once

#include "nuffle/procs/passing.hpp"

namespace nuffle::procs {

namespace fcs = frames::p_chain_step;

// ball_and_chain.TEMPLATE: the template's three squares (D6 1-2, 3-4, 5-6) for an aim.
inline bool chain_template(int ax, int ay, int third, int& dx, int& dy) noexcept {
    static constexpr int AIMS[4][2] = {{1, 0}, {-1, 0}, {0, 1}, {0, -1}};
    static constexpr int SQ[4][3][2] = {
        {{1, -1}, {1, 0}, {1, 1}},
        {{-1, 1}, {-1, 0}, {-1, -1}},
        {{1, 1}, {0, 1}, {-1, 1}},
        {{-1, -1}, {0, -1}, {1, -1}},
    };
    for (int i = 0; i < 4; ++i) {
        if (AIMS[i][0] == ax && AIMS[i][1] == ay) {
            dx = SQ[i][third][0];
            dy = SQ[i][third][1];
            return true;
        }
    }
    return false;
}

// push.resolve_crowd: the native state's crowd list holds player ids only, so a pending
// crowd-surf (pid, last, out, had_ball) cannot be carried yet; none pending is false.
inline bool chain_resolve_crowd(const State& s) {
    if (s.crowd_count == 0) return false;
    throw NotPortedError("crowd_surf");
}

inline void push_chain_block(State& s, int attacker, int defender) {
    namespace fb = frames::p_chain_block;
    Frame& f = push(s, frames::CHAIN_BLOCK);
    f.arg[fb::F_ATTACKER] = nat3::i16(attacker);
    f.arg[fb::F_DEFENDER] = nat3::i16(defender);
    f.arg[fb::F_N] = 1;
    f.arg[fb::F_ATTACKER_CHOOSES] = 1;
    f.arg[fb::F_FACE] = -1;
    f.arg[fb::F_DEF_SQ] = -1;
    f.arg[fb::F_ASKER] = -1;
    f.arg[fb::F_ASKING] = -1;
}

inline void push_chain_push(State& s, int pid, int pusher_sq, int attacker) {
    namespace fp = frames::p_push;
    Frame& f = push(s, frames::PUSH);
    f.arg[fp::F_PID] = nat3::i16(pid);
    f.arg[fp::F_PUSHER_SQ] = nat3::i16(pusher_sq);
    f.arg[fp::F_ATTACKER] = nat3::i16(attacker);
    f.arg[fp::F_TARGET] = -1;
    f.arg[fp::F_LAST] = -1;
}

// ChainStep._enter: into the square the template gives.
inline void chain_enter(Ctx& c, Frame& f, int d6) {
    State& s = c.s;
    const Board& b = c.b;
    const int pid = f.arg[fcs::F_PID];
    const int here = nat3::pos(s, pid);
    const int x = b.xs[static_cast<std::size_t>(here)], y = b.ys[static_cast<std::size_t>(here)];
    ListRef aim = list_field(s, f, fcs::F_AIM, fcs::F_AIM_AT, 2);
    int dx = 0, dy = 0;
    if (!chain_template(aim[0], aim[1], (d6 - 1) / 2, dx, dy)) throw std::logic_error("a Ball & Chain aim is a unit vector");
    const int dest = b.sq(x + dx, y + dy);
    f.arg[fcs::F_DEST] = nat3::i16(dest);
    f.phase = fcs::DONE;
    if (x + dx < 0 || x + dx >= b.width || y + dy < 0 || y + dy >= b.height) {  // into the crowd
        const bool had_ball = s.ball_state == frames::ball::CARRIED && s.ball == here;
        if (had_ball) {
            s.ball_state = frames::ball::IN_AIR;
            s.turnover = 1;
        }
        remove_player(s, pid, static_cast<int>(Status::RESERVE));
        namespace fc = frames::p_crowd_surf;
        Frame& cs = push(s, frames::CROWD_SURF);
        cs.arg[fc::F_PID] = nat3::i16(pid);
        cs.arg[fc::F_LAST] = nat3::i16(here);
        cs.arg[fc::F_OUT] = nat3::i16(dest);
        cs.arg[fc::F_HAD_BALL] = had_ball ? 1 : 0;
        return;
    }
    const int occupant = s.grid[dest];
    if (occupant < 0) {
        nat3::move_player(s, pid, dest);
        if (s.ball == dest && s.ball_state == frames::ball::ON_GROUND) {
            Frame& p = push(s, frames::PICKUP);
            p.arg[frames::p_pickup::F_PID] = nat3::i16(pid);
            return;
        }
        nat3::check_touchdown(s, b, pid);
        pop(s);
        return;
    }
    f.arg[fcs::F_VICTIM] = nat3::i16(occupant);
    if (nat3::standing(s, occupant)) {
        f.phase = fcs::BLOCKED;
        push_chain_block(s, pid, occupant);
        return;
    }
    f.arg[fcs::F_WAS_STUNNED] = s.players[occupant].status == static_cast<std::uint8_t>(Status::STUNNED) ? 1 : 0;
    f.phase = fcs::PUSHED;
    push_chain_push(s, occupant, here, pid);
}

inline void chain_step_run(Ctx& c) {
    State& s = c.s;
    Frame& f = c.top();
    const int pid = f.arg[fcs::F_PID];
    if (f.phase == fcs::START) {
        f.phase = fcs::DIRECTION;
        if (f.arg[fcs::F_GFI]) {
            f.phase = fcs::GFI_ROLLED;
            nat3::push_roll(s, nat3::prk::GFI, pid, gfi_target(s), 0, false);
            return;
        }
    } else if (f.phase == fcs::GFI_ROLLED) {
        if (!s.ok) {  // he falls in the square he is in
            f.phase = fcs::DONE;
            nat3::push_knock_down(s, pid, true);
            return;
        }
        f.phase = fcs::DIRECTION;
    }
    if (f.phase == fcs::DIRECTION) {
        f.phase = fcs::DIRECTION_ROLLED;
        request(s, Dice::D6, 1, purpose("ball & chain direction"));
        return;
    }
    if (f.phase == fcs::DIRECTION_ROLLED) {
        chain_enter(c, f, die(s));
        return;
    }
    if (f.phase == fcs::BLOCKED) {
        const int v = f.arg[fcs::F_VICTIM];
        if (nat3::team_of(s, v) == nat3::team_of(s, pid) && !nat3::standing(s, v)) s.turnover = 1;
        pop(s);
        return;
    }
    if (f.phase == fcs::PUSHED) {
        const int dest = f.arg[fcs::F_DEST];
        if (s.grid[dest] == SQUARE_EMPTY && nat3::standing(s, pid)) nat3::move_player(s, pid, dest);
        f.phase = fcs::CROWD;
    }
    if (f.phase == fcs::CROWD) {
        if (chain_resolve_crowd(s)) return;
        f.phase = fcs::ARMOUR;
        if (nat3::pos(s, f.arg[fcs::F_VICTIM]) >= 0) {
            nat3::push_knock_down(s, f.arg[fcs::F_VICTIM], false);
            return;
        }
    }
    if (f.phase == fcs::ARMOUR) {
        Player& v = s.players[f.arg[fcs::F_VICTIM]];
        if (f.arg[fcs::F_WAS_STUNNED] && v.status == static_cast<std::uint8_t>(Status::PRONE)) {
            v.status = static_cast<std::uint8_t>(Status::STUNNED);
        }
        if (nat3::pos(s, pid) >= 0) nat3::check_touchdown(s, c.b, pid);
    }
    pop(s);
}

}  // namespace nuffle::procs
