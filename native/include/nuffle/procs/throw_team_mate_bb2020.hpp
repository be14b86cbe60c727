// BB2020's Throw Team-mate (core/procedures/throw_team_mate_bb2020.py), chosen by the ruleset
// (rules_of(s).ttm_2020): the Passing Ability test's four results, the flight of each (3
// scatters from the target, a D8 x D6 deviation from the thrower, 1 scatter from the thrower),
// the landing test's modifier by result and a Superb throw's completion. Its frame's fields
// are LRB6's (same slots) and two more, so LRB6's helpers and skill handlers read it as theirs.
#pragma once

#include "nuffle/procs/prayers.hpp"
#include "nuffle/procs/throw_team_mate.hpp"

namespace nuffle::procs {

namespace ftb = frames::p_throw_team_mate_bb2020;
static_assert(ftb::F_HAD_BALL == ftt::F_HAD_BALL && ftb::F_MOD == ftt::F_MOD && ftb::F_SCATTERS == ftt::F_SCATTERS &&
                  ftb::F_SPOT == ftt::F_SPOT && ftb::F_STUNNED == ftt::F_STUNNED && ftb::F_TARGET == ftt::F_TARGET &&
                  ftb::F_THROWER == ftt::F_THROWER && ftb::F_THROWN == ftt::F_THROWN,
              "the BB2020 Throw Team-mate frame extends LRB6's");
static_assert(int(ftb::HIT_PLAYER) == int(ftt::HIT_PLAYER) && int(ftb::LANDING_ROLLED) == int(ftt::LANDING_ROLLED) &&
                  int(ftb::CROWD_INJURED) == int(ftt::CROWD_INJURED) && int(ftb::DONE) == int(ftt::DONE),
              "LRB6's helpers set these phases");

namespace ttm2020 {

// throw_team_mate_bb2020.LANDING_BY_RESULT
inline int landing_by_result(int result) noexcept {
    return result == passing::INACCURATE ? -1 : result == passing::WILDLY_INACCURATE ? -2
                                                  : result == passing::FUMBLED      ? -1
                                                                                    : 0;
}

// throw_team_mate_bb2020.throw_modifier_2020: range band, marking (unless
// IGNORES_TACKLE_ZONES), Very Sunny, TTM_MODIFIER, Disturbing Presence.
inline int throw_modifier(const State& s, const Board& b, int thrower, int target) {
    const Player& p = s.players[thrower];
    int mod = passing::range_modifier(s, passing::band_between(s, b, p.square, target));
    if (!hooks::any<passing::IgnoresTackleZones>(s, thrower, s, thrower, frames::roll::PASS)) {
        mod -= test_zones(s, b, thrower, p.square);
    }
    if (s.weather == frames::weather::VERY_SUNNY) --mod;
    mod += hooks::total<passing::TtmModifier>(s, thrower, s, thrower);
    return mod + passing::nearby_modifier(s, b, thrower, frames::roll::PASS);
}

// ThrowTeamMate2020._land
inline void land(Ctx& c, Frame& f) {
    State& s = c.s;
    const int tm = f.arg[ftb::F_THROWN];
    const int spot = f.arg[ftb::F_SPOT];
    passing::place(s, tm, spot, Status::STANDING);
    if (f.arg[ftb::F_HAD_BALL]) {
        s.ball = i16(spot);
        s.ball_state = frames::ball::CARRIED;
    }
    f.phase = ftb::LANDING_ROLLED;
    // KickTeamMate._landing_modifier: a kick's is its distance's (kept in F_MOD), not the result's
    const int by = f.proc == frames::KICK_TEAM_MATE ? f.arg[ftb::F_MOD] : landing_by_result(f.arg[ftb::F_RESULT]);
    const int mod = -test_zones(s, c.b, tm, spot) + by;
    push_player_roll(s, frames::roll::LANDING, tm, passing::ag_target(s, tm), mod);
}

// ThrowTeamMate._come_down with BB2020's landing
inline void come_down(Ctx& c, Frame& f) {
    State& s = c.s;
    const int occupant = s.grid[f.arg[ftb::F_SPOT]];
    if (occupant >= 0) {
        f.phase = ftb::HIT_PLAYER;
        f.arg[ftb::F_STUNNED] = i16(
            s.players[occupant].status == static_cast<std::uint8_t>(Status::STUNNED) ? occupant : -1);
        push_knock_down(s, occupant, -1, true);
        return;
    }
    land(c, f);
}

// ThrowTeamMate2020._scatter_from_spot: scatters from F_SPOT until 3 are done (FLIGHT: Swoop).
inline void scatter_from_spot(State& s, Frame& f) {
    f.phase = ftb::SCATTER;
    if (hooks::any<passing::Flight>(s, f.arg[ftb::F_THROWN], s, f)) {
        f.phase = ftb::FLIGHT_USED;
        return;
    }
    request(s, Dice::D8, 1, purpose("team-mate scatter"));
}

// ThrowTeamMate2020._flight
inline void flight(State& s, Frame& f) {
    const int thrower_sq = pos(s, f.arg[ftb::F_THROWER]);
    const int result = f.arg[ftb::F_RESULT];
    ttm_lift(s, f);
    if (result == passing::WILDLY_INACCURATE) {
        f.arg[ftb::F_SPOT] = i16(thrower_sq);
        f.phase = ftb::DEVIATE_DIRECTION;
        request(s, Dice::D8, 1, purpose("team-mate deviation"));
        return;
    }
    if (result == passing::FUMBLED) {
        f.arg[ftb::F_SPOT] = i16(thrower_sq);
        f.arg[ftb::F_SCATTERS] = 2;
    } else {
        f.arg[ftb::F_SPOT] = f.arg[ftb::F_TARGET];
        f.arg[ftb::F_SCATTERS] = 0;
    }
    scatter_from_spot(s, f);
}

// ThrowTeamMate2020._deviate
inline void deviate(Ctx& c, Frame& f) {
    State& s = c.s;
    if (f.phase == ftb::DEVIATE_DIRECTION) {
        f.arg[ftb::F_DIRECTION] = i16(die(s));
        f.phase = ftb::DEVIATE_DISTANCE;
        request(s, Dice::D6, 1, purpose("team-mate distance"));
        return;
    }
    const int d = f.arg[ftb::F_DIRECTION];
    const int step = rules_of(s).scatter[d][0] + rules_of(s).scatter[d][1] * c.b.stride;
    for (int i = 0, n = die(s); i < n; ++i) {
        const int spot = f.arg[ftb::F_SPOT];
        const int nxt = spot + step;
        if (s.grid[nxt] == SQUARE_OFF) {
            ttm_into_crowd(s, f, spot, nxt);
            return;
        }
        f.arg[ftb::F_SPOT] = i16(nxt);
    }
    come_down(c, f);
}

}  // namespace ttm2020

inline void throw_team_mate_bb2020_run(Ctx& c) {
    State& s = c.s;
    const Board& b = c.b;
    Frame& f = c.top();
    const int ph = f.phase;
    const int thr = f.arg[ftb::F_THROWER], tm = f.arg[ftb::F_THROWN];
    if (ph == ftb::START) {
        f.phase = ftb::THROW;
        if (hooks::any<passing::BeforeThrow>(s, thr, s, f)) {
            f.phase = ftb::BEFORE_THROW_USED;
            return;
        }
    } else if (ph == ftb::BEFORE_THROW_USED) {
        if (!s.ok) {
            if (pos(s, tm) < 0) {  // eaten: nothing left to throw
                pop(s);
                return;
            }
            f.arg[ftb::F_RESULT] = passing::FUMBLED;  // he squirmed free: a fumbled throw
            ttm2020::flight(s, f);
            return;
        }
        f.phase = ftb::THROW;
    }
    if (f.phase == ftb::THROW) {
        f.arg[ftb::F_MOD] = i16(ttm2020::throw_modifier(s, b, thr, f.arg[ftb::F_TARGET]));
        if (pass_target(s, thr) >= NO_PA_TARGET) {  // PA "-": no test, a fumble
            f.arg[ftb::F_RESULT] = passing::FUMBLED;
            ttm2020::flight(s, f);
            return;
        }
        f.phase = ftb::THROWN;
        push_player_roll(s, frames::roll::PASS, thr, pass_target(s, thr), f.arg[ftb::F_MOD]);
        return;
    }
    if (f.phase == ftb::THROWN) {
        f.arg[ftb::F_RESULT] = i16(passing::pass_result(s.last_die, pass_target(s, thr), f.arg[ftb::F_MOD]));
        ttm2020::flight(s, f);
        return;
    }
    if (f.phase == ftb::DEVIATE_DIRECTION || f.phase == ftb::DEVIATE_DISTANCE) {
        ttm2020::deviate(c, f);
        return;
    }
    if (f.phase == ftb::FLIGHT_USED) {
        if (s.grid[s.square] == SQUARE_OFF) {
            ttm_into_crowd(s, f, s.last_square, s.square);
            return;
        }
        f.arg[ftb::F_SPOT] = s.square;
        ttm2020::come_down(c, f);
        return;
    }
    if (f.phase == ftb::SCATTER) {
        const int d = die(s);
        const int spot = f.arg[ftb::F_SPOT];
        const int nxt = spot + rules_of(s).scatter[d][0] + rules_of(s).scatter[d][1] * b.stride;
        if (s.grid[nxt] == SQUARE_OFF) {
            ttm_into_crowd(s, f, spot, nxt);
            return;
        }
        f.arg[ftb::F_SPOT] = i16(nxt);
        ++f.arg[ftb::F_SCATTERS];
        if (f.arg[ftb::F_SCATTERS] < 3) {
            request(s, Dice::D8, 1, purpose("team-mate scatter"));
            return;
        }
        ttm2020::come_down(c, f);
        return;
    }
    if (f.phase == ftb::HIT_PLAYER) {
        const int st = f.arg[ftb::F_STUNNED];
        if (st >= 0 && s.players[st].status == static_cast<std::uint8_t>(Status::PRONE)) {
            s.players[st].status = static_cast<std::uint8_t>(Status::STUNNED);
        }
        f.arg[ftb::F_STUNNED] = -1;
        f.arg[ftb::F_SCATTERS] = 2;
        f.phase = ftb::SCATTER;
        request(s, Dice::D8, 1, purpose("team-mate scatter"));
        return;
    }
    if (f.phase == ftb::LANDING_ROLLED) {
        if (s.ok) {
            if (f.arg[ftb::F_RESULT] == passing::ACCURATE) {
                passing::add_pstat(s, thr, pstat::COMPLETIONS);  // a Superb throw landed: a completion
                count_under(s, thr, frames::prayer::PERFECT_PASSING, pstat::PERFECT_PASSING);
            }
            f.phase = ftb::TRAPDOOR;
            if (enter_trapdoor(s, b, tm)) return;  // he landed on an open trapdoor: its D6 first
        } else {
            if (f.arg[ftb::F_HAD_BALL] && team_of(s, tm) == s.active) s.turnover = 1;
            f.phase = ftb::DONE;
            push_knock_down(s, tm, -1, false);
            return;
        }
    }
    if (f.phase == ftb::TRAPDOOR) {  // BB2020's prayer: landed, and the trapdoor's D6 if any
        const int spot = f.arg[ftb::F_SPOT];
        f.phase = ftb::DONE;
        if (s.players[tm].square == spot) {  // still there (not fallen through)
            check_touchdown(s, b, tm);
            if (s.ball == spot && s.ball_state == frames::ball::ON_GROUND) push_bounce(s, spot);
            return;
        }
    }
    if (f.phase == ftb::CROWD_INJURED) {
        f.phase = ftb::DONE;
        if (f.arg[ftb::F_HAD_BALL]) {
            s.ball_state = frames::ball::ON_GROUND;
            push_throw_in(s, s.ball, f.arg[ftb::F_TARGET]);
            return;
        }
    }
    pop(s);
}

}  // namespace nuffle::procs
