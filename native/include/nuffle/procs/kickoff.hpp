// The kick (core/procedures/kickoff.py): placing the ball, scatter (KICK_DISTANCE: another
// distance), AFTER_SCATTER, the kick-off table roll, the landing and touchbacks; and the
// kick-off table's results (kickoff_table.py, FAME). The LRB6 handlers (Kick, Kick-Off Return
// with its KickOffReturn frame here, Fan Favourite) are skill_rules/kickoff_skills.hpp's.
#pragma once

#include <algorithm>
#include <optional>
#include <vector>

#include "nuffle/engine_base.hpp"
#include "nuffle/procs/ball.hpp"
#include "nuffle/procs/injury.hpp"
#include "nuffle/procs/prayers.hpp"
#include "nuffle/procs/setup.hpp"
#include "nuffle/rules.hpp"

namespace nuffle::procs {

namespace fk = frames::p_kickoff;
namespace fkr = frames::p_kick_off_return;

NUFFLE_HOOK_POINT_BB2020(KickDistance, "kickoff.kick_distance", std::optional<int>(const State&, const Board&, int pid, int dist));
NUFFLE_HOOK_POINT(AfterScatter, "kickoff.after_scatter", void(Ctx&));
NUFFLE_HOOK_POINT(KickoffFame, "kickoff_table.fame", int(const State&, int pid));

// --- Kick-Off Return (ball_skills.py) ------------------------------------------------------

inline std::vector<int> kick_off_returners(const State& s, const Board& b) {
    const int recv = other(s.kicking);
    const std::uint8_t los = recv == HOME ? LOS_HOME : LOS_AWAY;
    std::vector<int> out;
    for (int p = 0; p < s.player_count; ++p) {
        const Player& pl = s.players[p];
        if (pl.team != recv || !on_pitch_status(pl.status)) continue;
        if ((!pl.has_skill(frames::skill::KICK_OFF_RETURN) && !pl.has_skill(frames::skill::ON_THE_BALL)) || pl.status != static_cast<int>(Status::STANDING)) continue;
        if ((pl.flags & frames::flag::NO_TZ) != 0 || (b.flags[static_cast<std::size_t>(pl.square)] & los) != 0) continue;
        if (tackle_zones(s, b, pl.square, recv) != 0) continue;
        out.push_back(p);
    }
    return out;
}

inline std::vector<int> kick_off_return_dests(const State& s, const Board& b, int pid) {
    std::vector<int> out;
    const int sq = s.players[pid].square;
    for (const int o : b.neighbours) {
        if (s.grid[sq + o] == SQUARE_EMPTY && in_own_half(b, sq + o, s.players[pid].team)) out.push_back(sq + o);
    }
    return out;
}

inline void kick_off_return_run(Ctx& c) {
    State& s = c.s;
    Frame& f = c.top();
    if (f.phase == fkr::START) {
        if (kick_off_returners(s, c.b).empty()) {
            pop(s);
            return;
        }
        wait(s, other(s.kicking), frames::dk::KICK_OFF_RETURN);
        return;
    }
    if (f.arg[fkr::F_LEFT] <= 0 || kick_off_return_dests(s, c.b, f.arg[fkr::F_PID]).empty()) {
        pop(s);
        return;
    }
    wait(s, other(s.kicking), frames::dk::KICK_OFF_RETURN);
}

inline Legal kick_off_return_legal(Ctx& c) {
    Frame& f = c.top();
    if (f.phase == fkr::START) {
        return {Choice{frames::at::SELECT_PLAYER, kick_off_returners(c.s, c.b), {}, {}},
                Choice{frames::at::DECLINE, {}, {}, {}}};
    }
    const int pid = f.arg[fkr::F_PID];
    return {Choice{frames::at::MOVE, {pid}, kick_off_return_dests(c.s, c.b, pid), {}},
            Choice{frames::at::END_ACTION, {}, {}, {}}};
}

inline void kick_off_return_act(Ctx& c, const Act& a) {
    State& s = c.s;
    Frame& f = c.top();
    if (a.type == frames::at::DECLINE || a.type == frames::at::END_ACTION) {
        pop(s);
        return;
    }
    if (a.type == frames::at::SELECT_PLAYER) {
        f.arg[fkr::F_PID] = static_cast<std::int16_t>(a.player);
        const int ma = s.players[a.player].ma;
        f.arg[fkr::F_LEFT] = static_cast<std::int16_t>(std::min(ma, rule::KICK_OFF_RETURN_SQUARES));
        f.phase = fkr::MOVING;
        return;
    }
    const int pid = f.arg[fkr::F_PID];
    move_player(s, pid, a.square);
    --f.arg[fkr::F_LEFT];
    if (tackle_zones(s, c.b, a.square, s.players[pid].team) != 0) f.arg[fkr::F_LEFT] = 0;
}

// --- Kickoff -------------------------------------------------------------------------------

// kickoff._other_distance: another distance a kicking player's KICK_DISTANCE handler lets his
// coach choose, or -1.
inline int kick_other_distance(const State& s, const Board& b, int dist) {
    for (int p = 0; p < s.player_count; ++p) {
        const Player& pl = s.players[p];
        if (pl.team != s.kicking || !on_pitch_status(pl.status)) continue;
        const std::optional<int> d = hooks::first<KickDistance>(s, p, s, b, p, dist);
        if (d && *d != dist) return *d;
    }
    return -1;
}

// kickoff._takers: standing receiving players able to hold the ball; if none and the ruleset
// lets a touchback go to any (BB2020), every receiving player on the pitch.
inline std::vector<int> touchback_takers(const State& s) {
    const int recv = other(s.kicking);
    std::vector<int> out;
    for (int p = 0; p < s.player_count; ++p) {
        const Player& pl = s.players[p];
        if (pl.team == recv && pl.status == static_cast<int>(Status::STANDING) && can_handle_ball(s, p)) out.push_back(p);
    }
    if (!out.empty() || !rules_of(s).touchback_any) return out;
    for (int p = 0; p < s.player_count; ++p) {
        if (s.players[p].team == recv && on_pitch_status(s.players[p].status)) out.push_back(p);
    }
    return out;
}

inline void kickoff_scatter(Ctx& c, Frame& f) {
    State& s = c.s;
    const Board& b = c.b;
    const int* d = rules_of(s).scatter[f.arg[fk::F_DIRECTION]];
    const int target = f.arg[fk::F_TARGET];
    const int dist = f.arg[fk::F_DIST];
    const int x = b.xs[static_cast<std::size_t>(target)] + d[0] * dist;
    const int y = b.ys[static_cast<std::size_t>(target)] + d[1] * dist;
    s.ball_state = frames::ball::IN_AIR;
    if (ball_on(b, x, y) && in_own_half(b, b.sq(x, y), other(s.kicking))) {
        s.ball = static_cast<std::int16_t>(b.sq(x, y));
    } else {
        s.ball = -1;
    }
    f.phase = fk::SCATTERED;
    // AFTER_SCATTER, once for each skill some player on the pitch has, in skill order
    for (const auto& h : hooks::handlers<AfterScatter>(s)) {
        bool present = false;
        for (int p = 0; p < s.player_count; ++p) {
            present = present || (on_pitch_status(s.players[p].status) && s.players[p].has_skill(h.skill));
        }
        if (present) h.fn(c);
    }
}

inline void kickoff_touchback(Ctx& c, Frame& f) {
    State& s = c.s;
    const Board& b = c.b;
    const int recv = other(s.kicking);
    if (!touchback_takers(s).empty()) {
        f.phase = fk::TOUCHBACK;
        wait(s, recv, frames::dk::TOUCHBACK);
        return;
    }
    // Nobody can take it: the empty square of the receiving half nearest its centre.
    double cx = 0, cy = 0;
    int n = 0;
    for (int q = 0; q < b.size; ++q) {
        if (!in_own_half(b, q, recv)) continue;
        cx += b.xs[static_cast<std::size_t>(q)];
        cy += b.ys[static_cast<std::size_t>(q)];
        ++n;
    }
    cx /= n;
    cy /= n;
    int best = -1;
    double best_d = 0;
    for (int q = 0; q < b.size; ++q) {
        if (!in_own_half(b, q, recv) || s.grid[q] != SQUARE_EMPTY) continue;
        const double dx = b.xs[static_cast<std::size_t>(q)] - cx, dy = b.ys[static_cast<std::size_t>(q)] - cy;
        const double dd = dx * dx + dy * dy;
        if (best < 0 || dd < best_d) {
            best = q;
            best_d = dd;
        }
    }
    if (best >= 0) {
        s.ball = static_cast<std::int16_t>(best);
        s.ball_state = frames::ball::ON_GROUND;
    }
    pop(s);
}

inline void kickoff_run(Ctx& c) {
    State& s = c.s;
    Frame& f = c.top();
    switch (f.phase) {
        case fk::START:
            s.active = -1;
            wait(s, s.kicking, frames::dk::KICK_TARGET);
            return;
        case fk::PLACED:
            f.phase = fk::DIRECTION_ROLLED;
            request(s, Dice::D8, 1, purpose("kick direction"));
            return;
        case fk::DIRECTION_ROLLED:
            f.arg[fk::F_DIRECTION] = static_cast<std::int16_t>(die(s));
            f.phase = fk::DISTANCE_ROLLED;
            request(s, c.b.variant.kick_scatter, 1, purpose("kick distance"));
            return;
        case fk::DISTANCE_ROLLED:
            f.arg[fk::F_DIST] = static_cast<std::int16_t>(dice_sum(s));
            f.arg[fk::F_ALT] = static_cast<std::int16_t>(kick_other_distance(s, c.b, f.arg[fk::F_DIST]));
            if (f.arg[fk::F_ALT] >= 0) {
                f.phase = fk::KICK_DISTANCE;
                wait(s, s.kicking, frames::dk::KICK_DISTANCE);
                return;
            }
            kickoff_scatter(c, f);
            return;
        case fk::SCATTERED:
            f.phase = fk::TABLE_ROLLED;
            request(s, Dice::TWO_D6, 1, purpose("kick-off table"), Group::SUM);
            return;
        case fk::TABLE_ROLLED:
        {
            f.phase = fk::TABLE_DONE;
            note(s, frames::ev::KICKOFF, -1, dice_sum(s), 0);
            Frame& r = push(s, rules_of(s).kickoff[dice_sum(s)]);
            if (r.proc == frames::PITCH_INVASION) {  // PitchInvasion(): fame [0, 0]
                ListRef fame = list_field(s, r, frames::p_pitch_invasion::F_FAME, frames::p_pitch_invasion::F_FAME_AT, frames::p_pitch_invasion::F_FAME_CAP);
                fame.push_back(0);
                fame.push_back(0);
            }
            if (r.proc == frames::OFFICIOUS_REF) r.arg[frames::p_officious_ref::F_PID] = -1;  // OfficiousRef(): pid -1
            return;
        }
        case fk::TABLE_DONE:
            s.turnover = 0;
            s.active = -1;
            if (s.ball < 0) {
                note(s, frames::ev::LAND, -1, -1, 1);  // out of the receiving half: a touchback
                kickoff_touchback(c, f);
                return;
            }
            f.phase = fk::LANDED;
            land_ball(s, c.b, s.ball, 0, true);
            return;
        case fk::LANDED:
            if (s.ball_state == frames::ball::NONE) {
                kickoff_touchback(c, f);
                return;
            }
            pop(s);
            return;
        default:
            return;
    }
}

inline Legal kickoff_legal(Ctx& c) {
    Frame& f = c.top();
    if (f.phase == fk::START) {
        std::vector<int> squares;
        for (int q = 0; q < c.b.size; ++q) {
            if (in_own_half(c.b, q, other(c.s.kicking))) squares.push_back(q);
        }
        return {Choice{frames::at::PLACE_BALL, {}, squares, {}}};
    }
    if (f.phase == fk::KICK_DISTANCE) return {Choice{frames::at::USE_SKILL, {}, {}, {}}, Choice{frames::at::DECLINE, {}, {}, {}}};
    return {Choice{frames::at::SELECT_PLAYER, touchback_takers(c.s), {}, {}}};
}

inline void kickoff_act(Ctx& c, const Act& a) {
    State& s = c.s;
    Frame& f = c.top();
    if (f.phase == fk::START) {
        f.arg[fk::F_TARGET] = static_cast<std::int16_t>(a.square);
        f.phase = fk::PLACED;
        return;
    }
    if (f.phase == fk::KICK_DISTANCE) {
        if (a.type == frames::at::USE_SKILL) f.arg[fk::F_DIST] = f.arg[fk::F_ALT];
        kickoff_scatter(c, f);
        return;
    }
    const int pid = a.player;
    s.ball = s.players[pid].square;
    s.ball_state = frames::ball::CARRIED;
    pop(s);
    if (s.players[pid].status != static_cast<int>(Status::STANDING) || !can_handle_ball(s, pid)) {
        s.ball_state = frames::ball::ON_GROUND;  // BB2020: a player who cannot hold it: a bounce
        push_bounce(s, s.players[pid].square);
    }
}

inline Detail kickoff_detail(Ctx& c) {
    Detail d;
    if (c.top().phase == fk::KICK_DISTANCE) d.skill = frames::skill::KICK;
    return d;
}

// --- the kick-off table ----------------------------------------------------------------------

inline void get_the_ref_run(Ctx& c) {
    ++c.s.teams[0].bribes;
    ++c.s.teams[1].bribes;
    pop(c.s);
}

inline void riot_shift(State& s, const Board& b, int delta) noexcept {
    const int tph = b.variant.turns_per_half;
    if (s.teams[0].turn + delta > tph || s.teams[1].turn + delta > tph) {
        s.teams[0].turn = s.teams[1].turn = static_cast<std::uint8_t>(tph);
        return;
    }
    for (Team& t : s.teams) t.turn = static_cast<std::uint8_t>(t.turn + delta > 0 ? t.turn + delta : 0);
}

inline void riot_run(Ctx& c) {
    State& s = c.s;
    Frame& f = c.top();
    const int tph = c.b.variant.turns_per_half;
    const int recv = s.teams[other(s.kicking)].turn;
    if (f.phase == frames::p_riot::START) {
        if (recv >= tph - 1) {
            riot_shift(s, c.b, -1);
        } else if (recv == 0) {
            riot_shift(s, c.b, 1);
        } else {
            f.phase = frames::p_riot::ROLLED;
            request_threshold(s, 4, purpose("riot"));
            return;
        }
        pop(s);
        return;
    }
    riot_shift(s, c.b, die(s) <= 3 ? 1 : -1);
    pop(s);
}

inline void perfect_defence_run(Ctx& c) {
    State& s = c.s;
    Frame& f = c.top();
    if (f.phase == frames::p_perfect_defence::START) {
        f.phase = frames::p_perfect_defence::REARRANGED;
        note(s, frames::ev::KICKOFF_SIDE, s.kicking, 0, 0);
        Frame& st = push(s, frames::SETUP);
        st.arg[fs::F_SIDE] = s.kicking;
        st.arg[fs::F_REARRANGE] = 1;
        return;
    }
    pop(s);
}

inline std::vector<int> high_kick_candidates(const State& s, const Board& b) {
    const int recv = other(s.kicking);
    std::vector<int> out;
    for (int p = 0; p < s.player_count; ++p) {
        const Player& pl = s.players[p];
        if (pl.team == recv && pl.status == static_cast<int>(Status::STANDING) && tackle_zones(s, b, pl.square, recv) == 0) {
            out.push_back(p);
        }
    }
    return out;
}

inline void high_kick_run(Ctx& c) {
    State& s = c.s;
    if (s.ball < 0 || s.grid[s.ball] != SQUARE_EMPTY || high_kick_candidates(s, c.b).empty()) {
        pop(s);
        return;
    }
    note(s, frames::ev::KICKOFF_SIDE, other(s.kicking), 0, 0);
    wait(s, other(s.kicking), frames::dk::HIGH_KICK);
}

inline Legal high_kick_legal(Ctx& c) {
    return {Choice{frames::at::SELECT_PLAYER, high_kick_candidates(c.s, c.b), {}, {}}, Choice{frames::at::DECLINE, {}, {}, {}}};
}

inline void high_kick_act(Ctx& c, const Act& a) {
    if (a.type == frames::at::SELECT_PLAYER) move_player(c.s, a.player, c.s.ball);
    pop(c.s);
    if (a.type == frames::at::SELECT_PLAYER) enter_trapdoor(c.s, c.b, a.player);  // BB2020's prayer
}

// kickoff_table.roll_off_winner: the side with the higher roll-off total, -1 on a tie.
inline int roll_off_winner(int home, int away) noexcept { return home > away ? 0 : (away > home ? 1 : -1); }

// kickoff_table.kickoff_fame: the match FAME plus the FAME handlers of its players on the pitch.
inline int kickoff_fame(const State& s, int side) noexcept {
    int fame = s.teams[side].fame;
    for (int p = 0; p < s.player_count; ++p) {
        const Player& pl = s.players[p];
        if (pl.team == side && on_pitch_status(pl.status)) fame += hooks::total<KickoffFame>(s, p, s, p);
    }
    return fame;
}

// _ReRollContest (Cheering Fans: cheerleaders; Brilliant Coaching: assistant coaches; the
// plain re_roll_contest frame: no helpers), by the frame id `proc`.
inline void re_roll_contest_run(Ctx& c, int proc) {
    State& s = c.s;
    Frame& f = c.top();
    namespace fx = frames::p_cheering_fans;
    static_assert(fx::F_HOME == frames::p_brilliant_coaching::F_HOME && fx::F_HOME == frames::p_re_roll_contest::F_HOME);
    const int purpose_id = proc == frames::BRILLIANT_COACHING ? purpose("BrilliantCoaching")
                           : proc == frames::CHEERING_FANS    ? purpose("CheeringFans")
                                                              : purpose("_ReRollContest");
    auto helpers = [&](int side) -> int {
        if (proc == frames::BRILLIANT_COACHING) return s.teams[side].assistant_coaches;
        return proc == frames::CHEERING_FANS ? s.teams[side].cheerleaders : 0;
    };
    if (f.phase == fx::START) {
        f.phase = fx::HOME_ROLLED;
        request(s, Dice::D3, 1, purpose_id);
        return;
    }
    if (f.phase == fx::HOME_ROLLED) {
        f.arg[fx::F_HOME] = static_cast<std::int16_t>(die(s) + kickoff_fame(s, 0) + helpers(0));
        f.phase = fx::AWAY_ROLLED;
        request(s, Dice::D3, 1, purpose_id);
        return;
    }
    const int away = die(s) + kickoff_fame(s, 1) + helpers(1);
    const int home = f.arg[fx::F_HOME];
    note(s, frames::ev::KICKOFF_SIDE, roll_off_winner(home, away), home, away);
    if (home >= away) ++s.teams[0].rerolls;
    if (away >= home) ++s.teams[1].rerolls;
    pop(s);
}

inline void changing_weather_run(Ctx& c) {
    State& s = c.s;
    const Board& b = c.b;
    Frame& f = c.top();
    namespace fw = frames::p_changing_weather;
    if (f.phase == fw::START) {
        f.phase = fw::WEATHER_ROLLED;
        request(s, Dice::TWO_D6, 1, purpose("weather"), Group::SUM);
        return;
    }
    if (f.phase == fw::WEATHER_ROLLED) {
        s.weather = static_cast<std::uint8_t>(rules_of(s).weather[dice_sum(s)]);
        note(s, frames::ev::WEATHER, -1, s.weather, 0);
        if (s.weather != frames::weather::NICE || s.ball < 0) {
            pop(s);
            return;
        }
        f.phase = fw::GUST_ROLLED;
        request(s, Dice::D8, 1, purpose("gentle gust"));
        return;
    }
    const int* d = rules_of(s).scatter[die(s)];
    const int nx = b.xs[static_cast<std::size_t>(s.ball)] + d[0];
    const int ny = b.ys[static_cast<std::size_t>(s.ball)] + d[1];
    if (ball_on(b, nx, ny) && in_own_half(b, b.sq(nx, ny), other(s.kicking))) {
        s.ball = static_cast<std::int16_t>(b.sq(nx, ny));
    } else {
        s.ball = -1;
    }
    pop(s);
}

inline void quick_snap_run(Ctx& c) {
    State& s = c.s;
    Frame& f = c.top();
    namespace fq = frames::p_quick_snap;
    if (list_field(s, f, fq::F_MOVED, fq::F_MOVED_AT, fq::F_MOVED_CAP).size() == 0) {  // (run again after each move)
        note(s, frames::ev::KICKOFF_SIDE, other(s.kicking), 0, 0);
    }
    wait(s, other(s.kicking), frames::dk::QUICK_SNAP);
}

inline Legal quick_snap_legal(Ctx& c) {
    State& s = c.s;
    const Board& b = c.b;
    Frame& f = c.top();
    namespace fq = frames::p_quick_snap;
    const ListRef moved = list_field(s, f, fq::F_MOVED, fq::F_MOVED_AT, fq::F_MOVED_CAP);
    Legal out;
    for (int p = 0; p < s.player_count; ++p) {
        const Player& pl = s.players[p];
        if (pl.team != other(s.kicking) || pl.status != static_cast<int>(Status::STANDING)) continue;
        bool done = false;
        for (int i = 0; i < moved.size(); ++i) done = done || moved[i] == p;
        if (done) continue;
        std::vector<int> dests;
        for (const int o : b.neighbours) {
            if (s.grid[pl.square + o] == SQUARE_EMPTY) dests.push_back(pl.square + o);
        }
        if (!dests.empty()) out.push_back(Choice{frames::at::MOVE, {p}, dests, {}});
    }
    out.push_back(Choice{frames::at::END_SETUP, {}, {}, {}});
    return out;
}

inline void quick_snap_act(Ctx& c, const Act& a) {
    State& s = c.s;
    if (a.type == frames::at::END_SETUP) {
        pop(s);
        return;
    }
    Frame& f = c.top();
    namespace fq = frames::p_quick_snap;
    move_player(s, a.player, a.square);
    list_field(s, f, fq::F_MOVED, fq::F_MOVED_AT, fq::F_MOVED_CAP).push_back(a.player);
    enter_trapdoor(s, c.b, a.player);  // BB2020's prayer: onto an open trapdoor, its D6
}

inline void blitz_kickoff_run(Ctx& c) {
    State& s = c.s;
    Frame& f = c.top();
    if (f.phase == frames::p_blitz_kickoff::START) {
        f.phase = frames::p_blitz_kickoff::TURN_PLAYED;
        note(s, frames::ev::KICKOFF_SIDE, s.kicking, 0, 0);
        Frame& t = push(s, frames::TURN);
        t.arg[frames::p_turn::F_SIDE] = s.kicking;
        t.arg[frames::p_turn::F_BLITZ] = 1;
        return;
    }
    pop(s);
}

}  // namespace nuffle::procs

namespace nuffle::procs {

// --- Throw a Rock and Pitch Invasion (they hurt players: injury.hpp) --------------------------

inline std::vector<int> on_pitch_of(const State& s, int side) {
    std::vector<int> out;
    for (int p = 0; p < s.player_count; ++p) {
        if (s.players[p].team == side && on_pitch_status(s.players[p].status)) out.push_back(p);
    }
    return out;
}

inline void throw_a_rock_run(Ctx& c) {
    State& s = c.s;
    Frame& f = c.top();
    namespace fr2 = frames::p_throw_a_rock;
    ListRef victims = list_field(s, f, fr2::F_VICTIMS, fr2::F_VICTIMS_AT, fr2::F_VICTIMS_CAP);
    if (f.phase == fr2::START) {
        f.phase = fr2::HOME_ROLLED;
        request(s, Dice::D6, 1, purpose("throw a rock"));
        return;
    }
    if (f.phase == fr2::HOME_ROLLED) {
        f.arg[fr2::F_HOME] = static_cast<std::int16_t>(die(s) + kickoff_fame(s, 0));
        f.phase = fr2::AWAY_ROLLED;
        request(s, Dice::D6, 1, purpose("throw a rock"));
        return;
    }
    if (f.phase == fr2::AWAY_ROLLED) {
        const int rolls[2] = {f.arg[fr2::F_HOME], die(s) + kickoff_fame(s, 1)};
        note(s, frames::ev::KICKOFF_SIDE, roll_off_winner(rolls[0], rolls[1]), rolls[0], rolls[1]);
        victims.clear();
        for (int side = 0; side < 2; ++side) {
            if (rolls[side] <= rolls[1 - side]) victims.push_back(side);
        }
        f.phase = fr2::VICTIMS;
    }
    if (f.phase == fr2::VICTIMS) {
        if (victims.size() == 0) {
            pop(s);
            return;
        }
        const auto on = on_pitch_of(s, victims[0]);
        if (on.empty()) {
            victims.erase_front();
            return;
        }
        f.phase = fr2::VICTIM_PICKED;
        request(s, Dice::PICK, static_cast<int>(on.size()), purpose("rock victim"));
        return;
    }
    const int side = victims[0];
    victims.erase_front();
    const int victim = on_pitch_of(s, side)[static_cast<std::size_t>(die(s))];
    if (s.players[victim].status == static_cast<int>(Status::STANDING)) {
        s.players[victim].status = static_cast<std::uint8_t>(Status::PRONE);
    }
    f.phase = fr2::VICTIMS;
    push_injury(s, victim, 0, false, -1, how::FALL, false, false);
}

inline void pitch_invasion_run(Ctx& c) {
    State& s = c.s;
    Frame& f = c.top();
    namespace fpi = frames::p_pitch_invasion;
    ListRef todo = list_field(s, f, fpi::F_TODO, fpi::F_TODO_AT, fpi::F_TODO_CAP);
    ListRef fame = list_field(s, f, fpi::F_FAME, fpi::F_FAME_AT, fpi::F_FAME_CAP);
    if (f.phase == fpi::START) {
        todo.clear();
        for (int p = 0; p < s.player_count; ++p) {
            if (s.players[p].square >= 0) todo.push_back(p);
        }
        fame.at[0] = static_cast<std::int16_t>(kickoff_fame(s, 0));
        fame.at[1] = static_cast<std::int16_t>(kickoff_fame(s, 1));
        f.phase = fpi::ROLLING;
    } else {
        const int p = todo[f.arg[fpi::F_IDX] - 1];
        const int d = die(s);
        if (d != 1 && d + fame[other(s.players[p].team)] >= 6) s.players[p].status = static_cast<std::uint8_t>(Status::STUNNED);
    }
    if (f.arg[fpi::F_IDX] < todo.size()) {
        const int p = todo[f.arg[fpi::F_IDX]];
        ++f.arg[fpi::F_IDX];
        request_threshold(s, 6 - fame[other(s.players[p].team)], purpose("pitch invasion"));
        return;
    }
    pop(s);
}

}  // namespace nuffle::procs

#include "nuffle/skill_rules/kickoff_skills.hpp"
