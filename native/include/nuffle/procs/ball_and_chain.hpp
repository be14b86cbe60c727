// Ball & Chain movement (core/procedures/ball_and_chain.py): ChainStep, one square of the move
// where the throw-in template sends it (a GFI first, the direction die, then a block of a
// standing player, a push of a prone or stunned one, the crowd, or an empty square). The
// ChainBlock it pushes is a Block: it runs as block.hpp's Block, with its two differences there.
#pragma once

#include "nuffle/procs/block.hpp"
#include "nuffle/procs/passing.hpp"
#include "nuffle/procs/prayers.hpp"
#include "nuffle/procs/push.hpp"

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

// team_skills._chain_choices (ACTION_CHOICES, Ball & Chain): the move choices replaced by the
// template's aims (ball_and_chain.aim_squares); the action may end only once his MA is used.
inline void chain_choices(const State& s, const Board& b, int pid, bool can_step, int moves, Legal& groups) {
    static constexpr int AIMS[4][2] = {{1, 0}, {-1, 0}, {0, 1}, {0, -1}};  // TEMPLATE's order
    groups.clear();
    bool must_go_on = false;
    if (can_step) {
        const int sq = pos(s, pid);
        const int x = b.xs[static_cast<std::size_t>(sq)], y = b.ys[static_cast<std::size_t>(sq)];
        std::vector<int> aims;
        for (const auto& a : AIMS) {
            if (ball_on(b, x + a[0], y + a[1])) aims.push_back(b.sq(x + a[0], y + a[1]));
        }
        if (!aims.empty()) {
            groups.push_back(Choice{frames::at::SELECT_SQUARE, {}, aims, {}});
            must_go_on = moves < s.players[pid].ma;
        }
    }
    if (!must_go_on) groups.push_back(Choice{frames::at::END_ACTION, {}, {}, {}});
}

// team_skills._chain_step (the SELECT_SQUARE skill action): ChainStep(pid, aim, gfi) towards `sq`.
inline void chain_step_act(State& s, const Board& b, int pid, std::int16_t& moves, int sq) {
    const int here = pos(s, pid);
    const int gfi = moves >= s.players[pid].ma ? 1 : 0;
    ++moves;
    Frame& f = push(s, frames::CHAIN_STEP);
    f.arg[fcs::F_PID] = i16(pid);
    f.arg[fcs::F_GFI] = i16(gfi);
    f.arg[fcs::F_DEST] = -1;
    f.arg[fcs::F_VICTIM] = -1;
    ListRef aim = list_field(s, f, fcs::F_AIM, fcs::F_AIM_AT, fcs::F_AIM_CAP);
    aim.push_back(b.xs[static_cast<std::size_t>(sq)] - b.xs[static_cast<std::size_t>(here)]);
    aim.push_back(b.ys[static_cast<std::size_t>(sq)] - b.ys[static_cast<std::size_t>(here)]);
}

// ChainStep._enter: into the square the template gives.
inline void chain_enter(Ctx& c, Frame& f, int d6) {
    State& s = c.s;
    const Board& b = c.b;
    const int pid = f.arg[fcs::F_PID];
    const int here = pos(s, pid);
    const int x = b.xs[static_cast<std::size_t>(here)], y = b.ys[static_cast<std::size_t>(here)];
    ListRef aim = list_field(s, f, fcs::F_AIM, fcs::F_AIM_AT, fcs::F_AIM_CAP);
    int dx = 0, dy = 0;
    if (!chain_template(aim[0], aim[1], (d6 - 1) / 2, dx, dy)) throw std::logic_error("a Ball & Chain aim is a unit vector");
    const int dest = b.sq(x + dx, y + dy);
    f.arg[fcs::F_DEST] = i16(dest);
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
        cs.arg[fc::F_PID] = i16(pid);
        cs.arg[fc::F_LAST] = i16(here);
        cs.arg[fc::F_OUT] = i16(dest);
        cs.arg[fc::F_HAD_BALL] = had_ball ? 1 : 0;
        return;
    }
    const int occupant = s.grid[dest];
    if (occupant < 0) {
        move_player(s, pid, dest);
        if (s.ball == dest && s.ball_state == frames::ball::ON_GROUND) {
            Frame& p = push(s, frames::PICKUP);
            p.arg[frames::p_pickup::F_PID] = i16(pid);
            return;
        }
        check_touchdown(s, b, pid);
        pop(s);
        return;
    }
    f.arg[fcs::F_VICTIM] = i16(occupant);
    if (standing(s, occupant)) {
        f.phase = fcs::BLOCKED;
        contact::push_block(s, pid, occupant, false, false, 0, false, 0, false, frames::CHAIN_BLOCK);
        return;
    }
    f.arg[fcs::F_WAS_STUNNED] = s.players[occupant].status == static_cast<std::uint8_t>(Status::STUNNED) ? 1 : 0;
    f.phase = fcs::PUSHED;
    contact::push_push(s, occupant, here, pid, false, false);
}

inline void chain_step_run(Ctx& c) {
    State& s = c.s;
    Frame& f = c.top();
    const int pid = f.arg[fcs::F_PID];
    if (f.phase == fcs::START) {
        f.phase = fcs::DIRECTION;
        if (f.arg[fcs::F_GFI]) {
            f.phase = fcs::GFI_ROLLED;
            push_player_roll(s, frames::roll::GFI, pid, gfi_target(s), rush_modifier(s, pid), false);
            return;
        }
    } else if (f.phase == fcs::GFI_ROLLED) {
        if (!s.ok) {  // he falls in the square he is in
            f.phase = fcs::DONE;
            push_knock_down(s, pid, -1, true);
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
        if (team_of(s, v) == team_of(s, pid) && !standing(s, v)) s.turnover = 1;
        pop(s);
        return;
    }
    if (f.phase == fcs::PUSHED) {
        const int dest = f.arg[fcs::F_DEST];
        if (s.grid[dest] == SQUARE_EMPTY && standing(s, pid)) move_player(s, pid, dest);
        f.phase = fcs::CROWD;
    }
    if (f.phase == fcs::CROWD) {
        if (contact::resolve_crowd(s)) return;
        f.phase = fcs::ARMOUR;
        if (pos(s, f.arg[fcs::F_VICTIM]) >= 0) {
            push_knock_down(s, f.arg[fcs::F_VICTIM], -1, false);
            return;
        }
    }
    if (f.phase == fcs::ARMOUR) {
        Player& v = s.players[f.arg[fcs::F_VICTIM]];
        if (f.arg[fcs::F_WAS_STUNNED] && v.status == static_cast<std::uint8_t>(Status::PRONE)) {
            v.status = static_cast<std::uint8_t>(Status::STUNNED);
        }
        if (pos(s, pid) >= 0) check_touchdown(s, c.b, pid);
    }
    pop(s);
}

}  // namespace nuffle::procs
