// BB2020's Kick Team-mate (core/procedures/kick_team_mate.py): the 2D6 kick along the line from
// the kicker through the kicked player (a double: hurt as by the crowd where he stands), then
// BB2020 Throw Team-mate's flight and landing (throw_team_mate_bb2020.hpp) on the same frame
// layout, the landing at the kick's distance modifier (F_MOD).
#pragma once

#include "nuffle/procs/throw_team_mate_bb2020.hpp"

namespace nuffle::procs {

namespace fkt = frames::p_kick_team_mate;
static_assert(fkt::F_HAD_BALL == ftb::F_HAD_BALL && fkt::F_MOD == ftb::F_MOD && fkt::F_SCATTERS == ftb::F_SCATTERS &&
                  fkt::F_SPOT == ftb::F_SPOT && fkt::F_STUNNED == ftb::F_STUNNED && fkt::F_TARGET == ftb::F_TARGET &&
                  fkt::F_THROWER == ftb::F_THROWER && fkt::F_THROWN == ftb::F_THROWN &&
                  fkt::F_DIRECTION == ftb::F_DIRECTION && fkt::F_RESULT == ftb::F_RESULT,
              "the Kick Team-mate frame is BB2020 Throw Team-mate's");
static_assert(int(fkt::SCATTER) == int(ftb::SCATTER) && int(fkt::DONE) == int(ftb::DONE) &&
                  int(fkt::START) == int(ftb::START),
              "Throw Team-mate's phases run the kick's flight");

// kick_team_mate.kick_landing_modifier
inline int kick_landing_modifier(int distance) noexcept { return distance >= 9 ? -2 : distance >= 6 ? -1 : 0; }

// KickTeamMate._kick
inline void kick_team_mate_kick(Ctx& c, Frame& f) {
    State& s = c.s;
    const Board& b = c.b;
    const int a = s.chance.outcome.v[0], d = s.chance.outcome.v[1];
    const int tm = f.arg[fkt::F_THROWN];
    const int start = pos(s, tm);
    if (a == d) {  // a double: hurt as by the crowd where he stands
        const bool had = s.ball_state == frames::ball::CARRIED && s.ball == start;
        s.grid[start] = SQUARE_EMPTY;
        s.players[tm].square = -1;
        s.players[tm].status = static_cast<std::uint8_t>(Status::RESERVE);
        f.phase = fkt::DONE;
        if (had) {
            s.ball_state = frames::ball::ON_GROUND;
            if (team_of(s, tm) == s.active) s.turnover = 1;
            push_bounce(s, start);
        }
        push_injury(s, tm, 0, true);
        return;
    }
    const int kicker_sq = pos(s, f.arg[fkt::F_THROWER]);
    const int dx = b.xs[static_cast<std::size_t>(start)] - b.xs[static_cast<std::size_t>(kicker_sq)];
    const int dy = b.ys[static_cast<std::size_t>(start)] - b.ys[static_cast<std::size_t>(kicker_sq)];
    for (int i = 1; i <= 8; ++i) {
        if (rules_of(s).scatter[i][0] == dx && rules_of(s).scatter[i][1] == dy) f.arg[fkt::F_DIRECTION] = i16(i);
    }
    f.arg[fkt::F_MOD] = i16(kick_landing_modifier(a + d));
    f.arg[fkt::F_RESULT] = passing::INACCURATE;  // he comes down as from a Subpar throw
    ttm_lift(s, f);
    int spot = start;
    for (int i = 0; i < a + d; ++i) {
        const int nxt = spot + dx + dy * b.stride;
        if (s.grid[nxt] == SQUARE_OFF) {
            ttm_into_crowd(s, f, spot, nxt);
            return;
        }
        spot = nxt;
    }
    f.arg[fkt::F_TARGET] = i16(spot);
    f.arg[fkt::F_SPOT] = i16(spot);
    f.arg[fkt::F_SCATTERS] = 0;
    ttm2020::scatter_from_spot(s, f);
}

inline void kick_team_mate_run(Ctx& c) {
    Frame& f = c.top();
    if (f.phase == fkt::START) {
        f.phase = fkt::KICKED;
        request(c.s, Dice::TWO_D6, 1, purpose("kick team-mate"));
        return;
    }
    if (f.phase == fkt::KICKED) {
        kick_team_mate_kick(c, f);
        return;
    }
    throw_team_mate_bb2020_run(c);  // the flight, landing and crowd phases
}

}  // namespace nuffle::procs
