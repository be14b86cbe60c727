// Throw Team-Mate (core/procedures/throw_team_mate.py) with its skills' frames from
// passing_skills.py: Always Hungry (before the throw) and Swoop (the flight).
#pragma once

#include "nuffle/procs/passing.hpp"

namespace nuffle::procs {

namespace ftt = frames::p_throw_team_mate;

// ThrowTeamMate._fumbled: he falls in his own square.
inline void ttm_fumbled(State& s, Frame& f) {
    const int tm = f.arg[ftt::F_THROWN];
    const bool had_ball = s.ball_state == frames::ball::CARRIED && s.ball == pos(s, tm);
    if (had_ball && team_of(s, tm) == s.active) s.turnover = 1;
    f.phase = ftt::DONE;
    push_knock_down(s, tm, -1, false);
}

inline void ttm_lift(State& s, Frame& f) {
    const int tm = f.arg[ftt::F_THROWN];
    const bool had = s.ball_state == frames::ball::CARRIED && s.ball == pos(s, tm);
    f.arg[ftt::F_HAD_BALL] = had ? 1 : 0;
    s.grid[pos(s, tm)] = SQUARE_EMPTY;
    s.players[tm].square = -1;
    if (had) s.ball_state = frames::ball::IN_AIR;
}

inline void ttm_land(Ctx& c, Frame& f) {
    State& s = c.s;
    const int tm = f.arg[ftt::F_THROWN];
    const int spot = f.arg[ftt::F_SPOT];
    passing::place(s, tm, spot, Status::STANDING);
    if (f.arg[ftt::F_HAD_BALL]) {
        s.ball = i16(spot);
        s.ball_state = frames::ball::CARRIED;
    }
    f.phase = ftt::LANDING_ROLLED;
    const int mod = -tackle_zones(s, c.b, spot, team_of(s, tm));
    push_player_roll(s, frames::roll::LANDING, tm, passing::ag_target(s, tm), mod);
}

inline void ttm_into_crowd(State& s, Frame& f, int last, int out) {
    const int tm = f.arg[ftt::F_THROWN];
    if (f.arg[ftt::F_HAD_BALL]) {
        s.ball = i16(last);
        if (team_of(s, tm) == s.active) s.turnover = 1;
    }
    f.arg[ftt::F_TARGET] = i16(out);
    s.players[tm].status = static_cast<std::uint8_t>(Status::RESERVE);
    f.phase = ftt::CROWD_INJURED;
    push_injury(s, tm, 0, true);
}

inline void ttm_come_down(Ctx& c, Frame& f) {
    State& s = c.s;
    const int occupant = s.grid[f.arg[ftt::F_SPOT]];
    if (occupant >= 0) {
        f.phase = ftt::HIT_PLAYER;
        f.arg[ftt::F_STUNNED] = i16(
            s.players[occupant].status == static_cast<std::uint8_t>(Status::STUNNED) ? occupant : -1);
        push_knock_down(s, occupant, -1, true);
        return;
    }
    ttm_land(c, f);
}

inline void throw_team_mate_run(Ctx& c) {
    State& s = c.s;
    const Board& b = c.b;
    Frame& f = c.top();
    const int ph = f.phase;
    const int thr = f.arg[ftt::F_THROWER], tm = f.arg[ftt::F_THROWN];
    if (ph == ftt::START) {
        f.phase = ftt::THROW;
        if (hooks::any<passing::BeforeThrow>(s, thr, s, f)) {
            f.phase = ftt::BEFORE_THROW_USED;
            return;
        }
    } else if (ph == ftt::BEFORE_THROW_USED) {
        if (!s.ok) {
            if (pos(s, tm) < 0) {  // eaten: nothing left to throw
                pop(s);
                return;
            }
            ttm_fumbled(s, f);
            return;
        }
        f.phase = ftt::THROW;
    }
    if (f.phase == ftt::THROW) {
        const int mod = passing::pass_roll_modifier(s, b, thr, passing::band_between(s, b, pos(s, thr), f.arg[ftt::F_TARGET])) - 1;
        f.arg[ftt::F_MOD] = i16(mod);
        f.phase = ftt::THROWN;
        push_player_roll(s, frames::roll::PASS, thr, pass_target(s, thr), mod);
        return;
    }
    if (f.phase == ftt::THROWN) {
        if (!s.ok && passing::is_fumble(s.last_die, f.arg[ftt::F_MOD])) {
            ttm_fumbled(s, f);
            return;
        }
        ttm_lift(s, f);
        f.arg[ftt::F_SPOT] = f.arg[ftt::F_TARGET];
        f.phase = ftt::SCATTER;
        if (hooks::any<passing::Flight>(s, tm, s, f)) {
            f.phase = ftt::FLIGHT_USED;
            return;
        }
        request(s, Dice::D8, 1, purpose("team-mate scatter"));
        return;
    }
    if (f.phase == ftt::FLIGHT_USED) {
        if (s.grid[s.square] == SQUARE_OFF) {
            ttm_into_crowd(s, f, s.last_square, s.square);
            return;
        }
        f.arg[ftt::F_SPOT] = s.square;
        ttm_come_down(c, f);
        return;
    }
    if (f.phase == ftt::SCATTER) {
        const int d = die(s);
        const int spot = f.arg[ftt::F_SPOT];
        const int nxt = spot + rules_of(s).scatter[d][0] + rules_of(s).scatter[d][1] * b.stride;
        if (s.grid[nxt] == SQUARE_OFF) {
            ttm_into_crowd(s, f, spot, nxt);
            return;
        }
        f.arg[ftt::F_SPOT] = i16(nxt);
        ++f.arg[ftt::F_SCATTERS];
        if (f.arg[ftt::F_SCATTERS] < 3) {
            request(s, Dice::D8, 1, purpose("team-mate scatter"));
            return;
        }
        ttm_come_down(c, f);
        return;
    }
    if (f.phase == ftt::HIT_PLAYER) {
        const int st = f.arg[ftt::F_STUNNED];
        if (st >= 0 && s.players[st].status == static_cast<std::uint8_t>(Status::PRONE)) {
            s.players[st].status = static_cast<std::uint8_t>(Status::STUNNED);
        }
        f.arg[ftt::F_STUNNED] = -1;
        f.arg[ftt::F_SCATTERS] = 2;
        f.phase = ftt::SCATTER;
        request(s, Dice::D8, 1, purpose("team-mate scatter"));
        return;
    }
    if (f.phase == ftt::LANDING_ROLLED) {
        const int spot = f.arg[ftt::F_SPOT];
        if (s.ok) {
            check_touchdown(s, b, tm);
            f.phase = ftt::DONE;
            if (s.ball == spot && s.ball_state == frames::ball::ON_GROUND) push_bounce(s, spot);
            return;
        }
        if (f.arg[ftt::F_HAD_BALL] && team_of(s, tm) == s.active) s.turnover = 1;
        f.phase = ftt::DONE;
        push_knock_down(s, tm, -1, false);
        return;
    }
    if (f.phase == ftt::CROWD_INJURED) {
        f.phase = ftt::DONE;
        if (f.arg[ftt::F_HAD_BALL]) {
            s.ball_state = frames::ball::ON_GROUND;
            push_throw_in(s, s.ball, f.arg[ftt::F_TARGET]);
            return;
        }
    }
    pop(s);
}

// --- AlwaysHungry (passing_skills.py) --------------------------------------------------------

inline void always_hungry_run(Ctx& c) {
    namespace fa = frames::p_always_hungry;
    State& s = c.s;
    Frame& f = c.top();
    if (f.phase == fa::START) {
        f.phase = fa::ROLLED;
        push_player_roll(s, frames::roll::ALWAYS_HUNGRY, f.arg[fa::F_THROWER], 2, 0, false);
        return;
    }
    if (f.phase == fa::ROLLED) {
        if (s.ok) {
            pop(s);
            return;
        }
        f.phase = fa::SECOND_ROLLED;
        request_threshold(s, 2, purpose("always hungry"));
        return;
    }
    if (f.phase == fa::SECOND_ROLLED && die(s) == 1) {
        const int tm = f.arg[fa::F_THROWN];
        add_stat(s, other(team_of(s, tm)), stat::CAS);
        s.turnover = 1;
        f.phase = fa::EATEN;
        const int sq = pos(s, tm);  // ball.take_off_pitch
        const bool held = s.ball_state == frames::ball::CARRIED && s.ball == sq;
        remove_player(s, tm, static_cast<int>(Status::CASUALTY));
        if (held) {
            s.ball_state = frames::ball::ON_GROUND;
            push_bounce(s, sq);
            return;
        }
    }
    s.ok = 0;
    pop(s);
}

// --- Swoop (passing_skills.py) ---------------------------------------------------------------

namespace fsw = frames::p_swoop;

inline std::vector<int> swoop_edges(const Ctx& c, const Frame& f) {
    const Board& b = c.b;
    const int start = f.arg[fsw::F_START];
    const int x = b.xs[static_cast<std::size_t>(start)], y = b.ys[static_cast<std::size_t>(start)];
    std::vector<int> out;
    const int cand[4][2] = {{x, 0}, {x, b.height - 1}, {0, y}, {b.width - 1, y}};
    for (const auto& q : cand) {
        if (q[0] == x && q[1] == y) continue;
        const int sq = b.sq(q[0], q[1]);
        if (std::find(out.begin(), out.end(), sq) == out.end()) out.push_back(sq);
    }
    return out;
}

inline void swoop_run(Ctx& c) {
    State& s = c.s;
    const Board& b = c.b;
    Frame& f = c.top();
    ListRef facing = list_field(s, f, fsw::F_FACING, fsw::F_FACING_AT, fsw::F_FACING_CAP);
    ListRef direction = list_field(s, f, fsw::F_DIRECTION, fsw::F_DIRECTION_AT, fsw::F_DIRECTION_CAP);
    if (f.phase == fsw::START) {
        f.phase = fsw::AIM;
        wait(s, team_of(s, f.arg[fsw::F_PID]), frames::dk::SWOOP);
        return;
    }
    if (f.phase == fsw::DIRECTION_ROLLED) {
        const int fx = facing[0], fy = facing[1];
        const int px = fy, py = -fx;
        const int third = (die(s) - 1) / 2;
        const int dirs[3][2] = {{fx + px, fy + py}, {fx, fy}, {fx - px, fy - py}};
        direction.at[0] = i16(dirs[third][0]);
        direction.at[1] = i16(dirs[third][1]);
        f.phase = fsw::DISTANCE_ROLLED;
        request(s, Dice::D3, 1, purpose("swoop distance"));
        return;
    }
    const int dx = direction[0], dy = direction[1];
    const int start = f.arg[fsw::F_START];
    int x = b.xs[static_cast<std::size_t>(start)], y = b.ys[static_cast<std::size_t>(start)];
    int last = start;
    for (int i = 0, n = die(s); i < n; ++i) {
        x += dx;
        y += dy;
        if (x < 0 || x >= b.width || y < 0 || y >= b.height) {
            s.square = i16(b.sq(x, y));
            s.last_square = i16(last);
            pop(s);
            return;
        }
        last = b.sq(x, y);
    }
    s.square = i16(last);
    s.last_square = i16(last);
    pop(s);
}

inline Legal swoop_legal(Ctx& c) { return {Choice{frames::at::SELECT_SQUARE, {}, swoop_edges(c, c.top()), {}}}; }

inline void swoop_act(Ctx& c, const Act& a) {
    State& s = c.s;
    const Board& b = c.b;
    Frame& f = c.top();
    const int start = f.arg[fsw::F_START];
    const int x = b.xs[static_cast<std::size_t>(start)], y = b.ys[static_cast<std::size_t>(start)];
    const int ex = b.xs[static_cast<std::size_t>(a.square)], ey = b.ys[static_cast<std::size_t>(a.square)];
    ListRef facing = list_field(s, f, fsw::F_FACING, fsw::F_FACING_AT, fsw::F_FACING_CAP);
    if (ex == x) {
        facing.at[0] = 0;
        facing.at[1] = i16(ey > y ? 1 : -1);
    } else {
        facing.at[0] = i16(ex > x ? 1 : -1);
        facing.at[1] = 0;
    }
    f.phase = fsw::DIRECTION_ROLLED;
    request(s, Dice::D6, 1, purpose("swoop direction"));
}

}  // namespace nuffle::procs
