// The loose ball (core/procedures/ball.py): landing from the air, catching, bouncing,
// throw-ins and touchdowns. Diving Catch (LANDING_NEARBY) pushes its frame (run in
// movement_skills.hpp).
#pragma once

#include "nuffle/engine_base.hpp"
#include "nuffle/procs/rolls.hpp"
#include "nuffle/rules.hpp"

namespace nuffle::procs {

namespace fca = frames::p_catch;
namespace fb = frames::p_bounce;
namespace fti = frames::p_throw_in;

inline bool ball_on(const Board& b, int x, int y) noexcept { return x >= 0 && x < b.width && y >= 0 && y < b.height; }

// state.GameState.move_player: a carried ball moves with him.
inline void move_player(State& s, int pid, int sq) noexcept {
    Player& p = s.players[pid];
    const int old = p.square;
    if (old >= 0) s.grid[old] = SQUARE_EMPTY;
    if (sq >= 0) s.grid[sq] = static_cast<std::int8_t>(pid);  // -1: only from an impossible position
    p.square = static_cast<std::int16_t>(sq);
    if (s.ball_state == frames::ball::CARRIED && s.ball == old) s.ball = static_cast<std::int16_t>(sq);
}

// ball.check_touchdown.
inline bool check_touchdown(State& s, const Board& b, int pid) noexcept {
    if (s.ball_state != frames::ball::CARRIED || s.grid[s.ball] != pid) return false;
    const Player& p = s.players[pid];
    if (p.status != static_cast<int>(Status::STANDING) || (p.flags & frames::flag::MUST_FEED) != 0) return false;
    const int side = p.team;
    if (b.scoring_side_at(p.square) != side) return false;
    ++s.teams[side].score;
    add_stat(s, side, stat::TD);
    ++s.pstats[pid * PSTATS + pstat::TOUCHDOWNS];
    note(s, frames::ev::SCORE, pid, p.square);
    s.touchdown = static_cast<std::int8_t>(side);
    if (s.active >= 0 && s.active != side) {
        Team& t = s.teams[side];
        const int tph = b.variant.turns_per_half;
        t.turn = static_cast<std::uint8_t>(t.turn + 1 < tph ? t.turn + 1 : tph);
    }
    return true;
}

inline void push_catch(State& s, int pid, int bonus, bool kickoff, bool accurate) {
    Frame& f = push(s, frames::CATCH);
    f.arg[fca::F_PID] = static_cast<std::int16_t>(pid);
    f.arg[fca::F_BONUS] = static_cast<std::int16_t>(bonus);
    f.arg[fca::F_KICKOFF] = kickoff ? 1 : 0;
    f.arg[fca::F_ACCURATE] = accurate ? 1 : 0;
}

inline void push_bounce(State& s, int sq, bool kickoff = false) {
    Frame& f = push(s, frames::BOUNCE);
    f.arg[fb::F_SQ] = static_cast<std::int16_t>(sq);
    f.arg[fb::F_KICKOFF] = kickoff ? 1 : 0;
}

// ball.LANDING_NEARBY: with `use` false, whether `pid`, next to the empty square `sq` a ball
// from the air lands on, may act on it instead of the bounce; with `use` true, push the
// procedure through which he does (Diving Catch: skill_rules/ball_skills.hpp).
NUFFLE_HOOK_POINT(LandingNearby, "ball.landing_nearby",
                  bool(State&, const Board&, int pid, int sq, bool kickoff, bool use));

// ball.land_ball: a catch if someone can, a single player next to an empty square whose
// LANDING_NEARBY handler acts, else a bounce.
inline void land_ball(State& s, const Board& b, int sq, int bonus, bool kickoff = false) {
    note(s, frames::ev::LAND, -1, sq, kickoff ? 1 : 0);
    s.ball = static_cast<std::int16_t>(sq);
    s.ball_state = frames::ball::ON_GROUND;
    const int pid = s.grid[sq];
    if (pid >= 0) {
        if (can_catch(s, pid)) {
            push_catch(s, pid, bonus, kickoff, bonus > 0);
            return;
        }
    } else {  // LANDING_NEARBY: the first handler of each neighbour that may act
        int found = -1, count = 0;
        LandingNearby::Fn* act = nullptr;
        for (const int off : b.neighbours) {
            const int q = s.grid[sq + off];
            if (q < 0) continue;
            for (const auto& h : hooks::handlers<LandingNearby>(s)) {
                if (s.players[q].has_skill(h.skill) && h.fn(s, b, q, sq, kickoff, false)) {
                    found = q;
                    act = h.fn;
                    ++count;
                    break;
                }
            }
        }
        if (count == 1) {
            s.ball_state = frames::ball::IN_AIR;
            act(s, b, found, sq, kickoff, true);
            return;
        }
    }
    push_bounce(s, sq, kickoff);
}

// ball.take_off_pitch: off the pitch with `status`; a ball he held bounces from his square.
inline bool take_off_pitch(State& s, int pid, int status) {
    const int sq = pos(s, pid);
    const bool held = s.ball_state == frames::ball::CARRIED && s.ball == sq;
    remove_player(s, pid, status);
    if (held) {
        s.ball_state = frames::ball::ON_GROUND;
        push_bounce(s, sq);
    }
    return held;
}

// ball.drop_ball_if_carried: a ball he holds drops on his square; true if a bounce is due.
inline bool drop_ball_if_carried(State& s, int pid) noexcept {
    const int sq = pos(s, pid);
    if (s.ball_state == frames::ball::CARRIED && s.ball == sq) {
        s.ball_state = frames::ball::ON_GROUND;
        return true;
    }
    return s.ball_state == frames::ball::ON_GROUND && s.ball == sq;
}

// --- Catch ---------------------------------------------------------------------------------

inline void catch_run(Ctx& c) {
    State& s = c.s;
    Frame& f = c.top();
    const int pid = f.arg[fca::F_PID];
    if (f.phase == fca::START) {
        f.phase = fca::ROLLED;
        s.ball = s.players[pid].square;
        s.ball_state = frames::ball::IN_AIR;
        const int target = ag_target(s, pid);
        const int mod = catch_modifier(s, c.b, pid, f.arg[fca::F_BONUS], f.arg[fca::F_ACCURATE] != 0);
        push_player_roll(s, frames::roll::CATCH, pid, target, mod);
        return;
    }
    if (f.phase == fca::ROLLED) {
        note(s, frames::ev::CATCH, pid, s.players[pid].square, s.ok);
        if (s.ok != 0) {
            s.ball = s.players[pid].square;
            s.ball_state = frames::ball::CARRIED;
            check_touchdown(s, c.b, pid);
            pop(s);
            return;
        }
        s.ball_state = frames::ball::ON_GROUND;
        const int sq = s.players[pid].square;
        const bool kickoff = f.arg[fca::F_KICKOFF] != 0;
        pop(s);
        push_bounce(s, sq, kickoff);
        return;
    }
    pop(s);
}

// --- Bounce --------------------------------------------------------------------------------

inline void push_throw_in(State& s, int last, int out) {
    Frame& f = push(s, frames::THROW_IN);
    f.arg[fti::F_LAST] = static_cast<std::int16_t>(last);
    f.arg[fti::F_OUT] = static_cast<std::int16_t>(out);
    ListRef dir = list_field(s, f, fti::F_DIRECTION, fti::F_DIRECTION_AT, fti::F_DIRECTION_CAP);
    dir.push_back(0);
    dir.push_back(0);
}

inline void bounce_run(Ctx& c) {
    State& s = c.s;
    const Board& b = c.b;
    Frame& f = c.top();
    if (f.phase == fb::START) {
        f.phase = fb::ROLLED;
        request(s, Dice::D8, 1, purpose("bounce"));
        return;
    }
    if (f.phase == fb::DONE) {
        pop(s);
        return;
    }
    const int* d = rules_of(s).scatter[die(s)];
    const int sq = f.arg[fb::F_SQ];
    const int nx = b.xs[static_cast<std::size_t>(sq)] + d[0];
    const int ny = b.ys[static_cast<std::size_t>(sq)] + d[1];
    const int nsq = b.sq(nx, ny);
    const bool on = ball_on(b, nx, ny);
    const bool kickoff = f.arg[fb::F_KICKOFF] != 0;
    if (kickoff && (!on || !in_own_half(b, nsq, other(s.kicking)))) {
        note(s, frames::ev::BOUNCE, -1, on ? nsq : -1, bounce::TOUCHBACK);
        s.ball = -1;
        s.ball_state = frames::ball::NONE;
        pop(s);
        return;
    }
    if (!on) {
        note(s, frames::ev::BOUNCE, -1, -1, bounce::OUT);
        s.ball = static_cast<std::int16_t>(sq);
        s.ball_state = frames::ball::ON_GROUND;
        pop(s);
        push_throw_in(s, sq, nsq);
        return;
    }
    note(s, frames::ev::BOUNCE, -1, nsq, bounce::IN_PLAY);
    s.ball = static_cast<std::int16_t>(nsq);
    s.ball_state = frames::ball::ON_GROUND;
    const int pid = s.grid[nsq];
    if (pid < 0) {
        pop(s);
        return;
    }
    if (can_catch(s, pid)) {
        pop(s);
        push_catch(s, pid, 0, kickoff, false);
        return;
    }
    f.arg[fb::F_SQ] = static_cast<std::int16_t>(nsq);
    f.phase = fb::ROLLED;
    request(s, Dice::D8, 1, purpose("bounce"));
}

// --- ThrowIn -------------------------------------------------------------------------------

// ball.throw_in_direction.
inline void throw_in_direction(const Board& b, int out, int d6, int& dx, int& dy) noexcept {
    const int ox = b.xs[static_cast<std::size_t>(out)];
    const int oy = b.ys[static_cast<std::size_t>(out)];
    const int third = (d6 - 1) / 2;
    static constexpr int LEFT[3][2] = {{1, -1}, {1, 0}, {1, 1}};
    static constexpr int RIGHT[3][2] = {{-1, 1}, {-1, 0}, {-1, -1}};
    static constexpr int TOP[3][2] = {{1, 1}, {0, 1}, {-1, 1}};
    static constexpr int BOTTOM[3][2] = {{-1, -1}, {0, -1}, {1, -1}};
    const int(*t)[2] = ox < 0 ? LEFT : (ox >= b.width ? RIGHT : (oy < 0 ? TOP : BOTTOM));
    dx = t[third][0];
    dy = t[third][1];
}

inline Dice throw_in_die(const Board& b) noexcept { return b.variant.throw_in; }

inline void throw_in_run(Ctx& c) {
    State& s = c.s;
    const Board& b = c.b;
    Frame& f = c.top();
    ListRef dir = list_field(s, f, fti::F_DIRECTION, fti::F_DIRECTION_AT, fti::F_DIRECTION_CAP);
    if (f.phase == fti::START) {
        f.phase = fti::DIRECTION;
        request(s, Dice::D6, 1, purpose("throw-in direction"));
        return;
    }
    if (f.phase == fti::DIRECTION) {
        int dx = 0, dy = 0;
        throw_in_direction(b, f.arg[fti::F_OUT], die(s), dx, dy);
        dir.at[0] = static_cast<std::int16_t>(dx);
        dir.at[1] = static_cast<std::int16_t>(dy);
        f.phase = fti::DISTANCE;
        request(s, throw_in_die(b), 1, purpose("throw-in distance"), Group::SUM);
        return;
    }
    if (f.phase == fti::DONE) {
        pop(s);
        return;
    }
    const int dist = dice_sum(s);
    const int last = f.arg[fti::F_LAST];
    int lx = b.xs[static_cast<std::size_t>(last)], ly = b.ys[static_cast<std::size_t>(last)];
    const int dx = dir[0], dy = dir[1];
    for (int i = 0; i < dist; ++i) {
        const int nx = lx + dx, ny = ly + dy;
        if (!ball_on(b, nx, ny)) {
            f.arg[fti::F_LAST] = static_cast<std::int16_t>(b.sq(lx, ly));
            f.arg[fti::F_OUT] = static_cast<std::int16_t>(b.sq(nx, ny));
            s.ball = f.arg[fti::F_LAST];
            f.phase = fti::DIRECTION;
            request(s, Dice::D6, 1, purpose("throw-in direction"));
            return;
        }
        lx = nx;
        ly = ny;
    }
    pop(s);
    land_ball(s, b, b.sq(lx, ly), 0, false);
}

}  // namespace nuffle::procs

#include "nuffle/skill_rules/ball_skills.hpp"
