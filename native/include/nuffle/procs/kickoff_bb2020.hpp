// BB2020's kick-off table results where they differ from LRB6's (core/procedures/
// kickoff_bb2020.py): Time-out, Solid Defence, Quick Snap, the D6 roll-offs of Cheering Fans (a
// prayer), Brilliant Coaching (a re-roll for the drive), Officious Ref and Pitch Invasion, and
// Changing Weather's three-square scatter. An Open player: standing, in no opposing tackle zone.
#pragma once

#include <utility>
#include <vector>

#include "nuffle/engine_base.hpp"
#include "nuffle/procs/ball.hpp"
#include "nuffle/procs/kickoff.hpp"
#include "nuffle/procs/prayers.hpp"
#include "nuffle/procs/setup.hpp"
#include "nuffle/procs/weather_mage.hpp"

namespace nuffle::procs {

// kickoff_bb2020.open_players
inline std::vector<int> open_players(const State& s, const Board& b, int side) {
    std::vector<int> out;
    for (int p = 0; p < s.player_count; ++p) {
        const Player& pl = s.players[p];
        if (pl.team == side && pl.status == static_cast<int>(Status::STANDING) && tackle_zones(s, b, pl.square, side) == 0) {
            out.push_back(p);
        }
    }
    return out;
}

inline void time_out_run(Ctx& c) {
    const int tph = c.b.variant.turns_per_half;
    riot_shift(c.s, c.b, c.s.teams[c.s.kicking].turn >= tph - 2 ? -1 : 1);
    pop(c.s);
}

// Solid Defence and Quick Snap share their layout: eligible, limit, moved.
namespace fsd = frames::p_solid_defence;
namespace fqs = frames::p_quick_snap_bb2020;
static_assert(fsd::F_ELIGIBLE == fqs::F_ELIGIBLE && fsd::F_LIMIT == fqs::F_LIMIT && fsd::F_MOVED == fqs::F_MOVED);
static_assert(fsd::F_MOVED_AT == fqs::F_MOVED_AT && static_cast<int>(fsd::MOVING) == static_cast<int>(fqs::MOVING) &&
              static_cast<int>(fsd::ROLLED) == static_cast<int>(fqs::ROLLED));

inline void limited_moves_run(Ctx& c, int side, int purpose_id, int kind) {
    State& s = c.s;
    Frame& f = c.top();
    if (f.phase == fsd::START) {
        note(s, frames::ev::KICKOFF_SIDE, side, 0, 0);
        f.phase = fsd::ROLLED;
        request(s, Dice::D3, 1, purpose_id);
        return;
    }
    if (f.phase == fsd::ROLLED) {
        f.arg[fsd::F_LIMIT] = static_cast<std::int16_t>(die(s) + 3);
        ListRef eligible = list_field(s, f, fsd::F_ELIGIBLE, fsd::F_ELIGIBLE_AT, fsd::F_ELIGIBLE_CAP);
        eligible.clear();
        for (const int p : open_players(s, c.b, side)) eligible.push_back(p);
        f.phase = fsd::MOVING;
    }
    wait(s, side, kind);
}

inline bool listed(const ListRef& l, int v) noexcept {
    for (int i = 0; i < l.size(); ++i) {
        if (l[i] == v) return true;
    }
    return false;
}

inline void solid_defence_run(Ctx& c) { limited_moves_run(c, c.s.kicking, purpose("solid defence"), frames::dk::SETUP); }
inline void quick_snap_bb2020_run(Ctx& c) {
    limited_moves_run(c, other(c.s.kicking), purpose("quick snap"), frames::dk::QUICK_SNAP);
}

inline Legal solid_defence_legal(Ctx& c) {
    State& s = c.s;
    Frame& f = c.top();
    const ListRef eligible = list_field(s, f, fsd::F_ELIGIBLE, fsd::F_ELIGIBLE_AT, fsd::F_ELIGIBLE_CAP);
    const ListRef moved = list_field(s, f, fsd::F_MOVED, fsd::F_MOVED_AT, fsd::F_MOVED_CAP);
    std::vector<int> movable, free;
    free.reserve(static_cast<std::size_t>(c.b.size / 2));  // the own half's squares at most
    for (int i = 0; i < eligible.size(); ++i) {
        if (listed(moved, eligible[i]) || moved.size() < f.arg[fsd::F_LIMIT]) movable.push_back(eligible[i]);
    }
    for (int q = 0; q < c.b.size; ++q) {
        if (in_own_half(c.b, q, s.kicking) && s.grid[q] == SQUARE_EMPTY) free.push_back(q);
    }
    Legal out;
    if (!movable.empty() && !free.empty()) {
        out.push_back(Choice{frames::at::PLACE_PLAYER, std::move(movable), std::move(free), {}});
    }
    if (setup_legal(c, s.kicking, false)) out.push_back(Choice{frames::at::END_SETUP, {}, {}, {}});  // Swarming: > 11
    return out;
}

inline Legal quick_snap_bb2020_legal(Ctx& c) {
    State& s = c.s;
    Frame& f = c.top();
    const ListRef eligible = list_field(s, f, fqs::F_ELIGIBLE, fqs::F_ELIGIBLE_AT, fqs::F_ELIGIBLE_CAP);
    const ListRef moved = list_field(s, f, fqs::F_MOVED, fqs::F_MOVED_AT, fqs::F_MOVED_CAP);
    Legal out;
    if (moved.size() < f.arg[fqs::F_LIMIT]) {
        for (int i = 0; i < eligible.size(); ++i) {
            const int p = eligible[i];
            if (listed(moved, p)) continue;
            std::vector<int> dests;
            for (const int o : c.b.neighbours) {
                if (s.grid[s.players[p].square + o] == SQUARE_EMPTY) dests.push_back(s.players[p].square + o);
            }
            if (!dests.empty()) out.push_back(Choice{frames::at::MOVE, {p}, dests, {}});
        }
    }
    out.push_back(Choice{frames::at::END_SETUP, {}, {}, {}});
    return out;
}

// Solid Defence and Quick Snap: a move (a player moved again is counted once).
inline void limited_moves_act(Ctx& c, const Act& a) {
    State& s = c.s;
    if (a.type == frames::at::END_SETUP) {
        pop(s);
        return;
    }
    Frame& f = c.top();
    move_player(s, a.player, a.square);
    ListRef moved = list_field(s, f, fsd::F_MOVED, fsd::F_MOVED_AT, fsd::F_MOVED_CAP);
    if (!listed(moved, a.player)) moved.push_back(a.player);
    // Quick Snap's move enters the square (BB2020's prayer); Solid Defence's is a set-up placement
    if (f.proc == frames::QUICK_SNAP_BB2020) enter_trapdoor(s, c.b, a.player);
}

// kickoff_bb2020.BlitzBB2020: the D3, the eligible (Open) players, the free turn; turn.hpp's
// turn_legal limits it (blitz_bb2020_legal).
inline void blitz_bb2020_run(Ctx& c) {
    State& s = c.s;
    Frame& f = c.top();
    namespace fb = frames::p_blitz_bb2020;
    if (f.phase == fb::START) {
        note(s, frames::ev::KICKOFF_SIDE, s.kicking, 0, 0);
        f.phase = fb::ROLLED;
        request(s, Dice::D3, 1, purpose("blitz"));
        return;
    }
    if (f.phase == fb::ROLLED) {
        f.arg[fb::F_LIMIT] = static_cast<std::int16_t>(die(s) + 3);
        ListRef eligible = list_field(s, f, fb::F_ELIGIBLE, fb::F_ELIGIBLE_AT, fb::F_ELIGIBLE_CAP);
        eligible.clear();
        for (const int p : open_players(s, c.b, s.kicking)) eligible.push_back(p);
        f.phase = fb::TURN_PLAYED;
        Frame& t = push(s, frames::TURN);
        t.arg[frames::p_turn::F_SIDE] = s.kicking;
        t.arg[frames::p_turn::F_BLITZ] = 1;
        return;
    }
    pop(s);
}

// --- the D6 roll-offs (kickoff_bb2020._RollOff), by the frame id `proc` -----------------------

namespace fro = frames::p_officious_ref;
static_assert(fro::F_HOME == frames::p_cheering_fans_bb2020::F_HOME && fro::F_HOME == frames::p_pitch_invasion_bb2020::F_HOME &&
              fro::F_HOME == frames::p_brilliant_coaching_bb2020::F_HOME);
static_assert(static_cast<int>(fro::RESOLVING) == static_cast<int>(frames::p_pitch_invasion_bb2020::RESOLVING) &&
              static_cast<int>(fro::PICKED) == static_cast<int>(frames::p_pitch_invasion_bb2020::PICKED) &&
              static_cast<int>(fro::ROLLED) == static_cast<int>(frames::p_pitch_invasion_bb2020::ROLLED));

inline int roll_off_bonus(const State& s, int proc, int side) noexcept {
    const Team& t = s.teams[side];
    if (proc == frames::ROLL_OFF) return 0;  // the plain _RollOff
    if (proc == frames::CHEERING_FANS_BB2020) return t.cheerleaders;
    if (proc == frames::BRILLIANT_COACHING_BB2020) return t.assistant_coaches - s.coach_ejected[side];  // an ejected coach: -1
    return t.fan_factor;
}

inline int roll_off_purpose(int proc) noexcept {
    switch (proc) {
        case frames::CHEERING_FANS_BB2020: return purpose("CheeringFansBB2020");
        case frames::BRILLIANT_COACHING_BB2020: return purpose("BrilliantCoachingBB2020");
        case frames::OFFICIOUS_REF: return purpose("OfficiousRef");
        case frames::ROLL_OFF: return purpose("_RollOff");
        default: return purpose("PitchInvasionBB2020");
    }
}

inline std::vector<int> standing_of(const State& s, int side) {
    std::vector<int> out;
    for (int p = 0; p < s.player_count; ++p) {
        if (s.players[p].team == side && s.players[p].status == static_cast<int>(Status::STANDING)) out.push_back(p);
    }
    return out;
}

inline void officious_ref_go_on(Ctx& c) {
    State& s = c.s;
    Frame& f = c.top();
    ListRef victims = list_field(s, f, fro::F_VICTIMS, fro::F_VICTIMS_AT, fro::F_VICTIMS_CAP);
    if (f.phase == fro::PICKED) {
        const int side = victims[0];
        victims.erase_front();
        f.arg[fro::F_PID] = static_cast<std::int16_t>(on_pitch_of(s, side)[static_cast<std::size_t>(die(s))]);
        f.phase = fro::ROLLED;
        request(s, Dice::D6, 1, purpose("officious ref"));
        return;
    }
    if (f.phase == fro::ROLLED) {
        const int pid = f.arg[fro::F_PID];
        if (die(s) == 1) {
            remove_player(s, pid, static_cast<int>(Status::SENT_OFF));
        } else {
            s.players[pid].status = static_cast<std::uint8_t>(Status::STUNNED);
        }
        f.phase = fro::RESOLVING;
    }
    while (victims.size() > 0 && on_pitch_of(s, victims[0]).empty()) victims.erase_front();
    if (victims.size() == 0) {
        pop(s);
        return;
    }
    f.phase = fro::PICKED;
    request(s, Dice::PICK, static_cast<int>(on_pitch_of(s, victims[0]).size()), purpose("referee's victim"));
}

inline void pitch_invasion_bb2020_go_on(Ctx& c) {
    State& s = c.s;
    Frame& f = c.top();
    namespace fpi = frames::p_pitch_invasion_bb2020;
    ListRef victims = list_field(s, f, fpi::F_VICTIMS, fpi::F_VICTIMS_AT, fpi::F_VICTIMS_CAP);
    if (f.phase == fpi::ROLLED) {
        f.arg[fpi::F_COUNT] = static_cast<std::int16_t>(die(s));
        f.arg[fpi::F_LEFT] = f.arg[fpi::F_COUNT];
        f.phase = fpi::RESOLVING;
    } else if (f.phase == fpi::PICKED) {
        const int p = standing_of(s, victims[0])[static_cast<std::size_t>(die(s))];
        s.players[p].status = static_cast<std::uint8_t>(Status::STUNNED);
        --f.arg[fpi::F_LEFT];
        f.phase = fpi::RESOLVING;
    }
    while (victims.size() > 0 && (f.arg[fpi::F_LEFT] == 0 || standing_of(s, victims[0]).empty())) {
        victims.erase_front();
        f.arg[fpi::F_LEFT] = f.arg[fpi::F_COUNT];
    }
    if (victims.size() == 0) {
        pop(s);
        return;
    }
    f.phase = fpi::PICKED;
    request(s, Dice::PICK, static_cast<int>(standing_of(s, victims[0]).size()), purpose("invader's victim"));
}

inline void roll_off_resolve(Ctx& c, int proc, int home, int away) {
    State& s = c.s;
    Frame& f = c.top();
    const int winner = roll_off_winner(home, away);
    if (proc == frames::CHEERING_FANS_BB2020) {
        pop(s);
        if (winner >= 0) push_prayer(s, winner);
        return;
    }
    if (proc == frames::BRILLIANT_COACHING_BB2020) {
        if (winner >= 0) {
            Team& t = s.teams[winner];
            if (t.drive_reroll == 0) t.drive_reroll = static_cast<std::uint16_t>(t.rerolls + 1);
            ++t.rerolls;
        }
        pop(s);
        return;
    }
    if (proc != frames::OFFICIOUS_REF && proc != frames::PITCH_INVASION_BB2020) {  // the plain _RollOff
        pop(s);
        return;
    }
    const int totals[2] = {home, away};
    namespace fpi = frames::p_pitch_invasion_bb2020;
    ListRef victims = proc == frames::OFFICIOUS_REF
                          ? list_field(s, f, fro::F_VICTIMS, fro::F_VICTIMS_AT, fro::F_VICTIMS_CAP)
                          : list_field(s, f, fpi::F_VICTIMS, fpi::F_VICTIMS_AT, fpi::F_VICTIMS_CAP);
    victims.clear();
    for (int side = 0; side < 2; ++side) {
        if (totals[side] <= totals[1 - side]) victims.push_back(side);
    }
    if (proc == frames::OFFICIOUS_REF) {
        officious_ref_go_on(c);
        return;
    }
    f.phase = frames::p_pitch_invasion_bb2020::ROLLED;
    request(s, Dice::D3, 1, purpose("pitch invasion"));
}

inline void roll_off_run(Ctx& c, int proc) {
    State& s = c.s;
    Frame& f = c.top();
    if (f.phase == fro::START) {
        f.phase = fro::HOME_ROLLED;
        request(s, Dice::D6, 1, roll_off_purpose(proc));
        return;
    }
    if (f.phase == fro::HOME_ROLLED) {
        f.arg[fro::F_HOME] = static_cast<std::int16_t>(die(s) + roll_off_bonus(s, proc, 0));
        f.phase = fro::AWAY_ROLLED;
        request(s, Dice::D6, 1, roll_off_purpose(proc));
        return;
    }
    if (f.phase == fro::AWAY_ROLLED) {
        const int home = f.arg[fro::F_HOME];
        const int away = die(s) + roll_off_bonus(s, proc, 1);
        note(s, frames::ev::KICKOFF_SIDE, roll_off_winner(home, away), home, away);
        f.phase = fro::RESOLVING;
        roll_off_resolve(c, proc, home, away);
        return;
    }
    if (proc == frames::OFFICIOUS_REF) {
        officious_ref_go_on(c);
    } else if (proc == frames::PITCH_INVASION_BB2020) {
        pitch_invasion_bb2020_go_on(c);
    } else {
        pop(s);
    }
}

inline void changing_weather_bb2020_run(Ctx& c) {
    State& s = c.s;
    const Board& b = c.b;
    Frame& f = c.top();
    namespace fw = frames::p_changing_weather_bb2020;
    if (f.phase == fw::START) {
        f.phase = fw::WEATHER_ROLLED;
        request(s, Dice::TWO_D6, 1, purpose("weather"), Group::SUM);
        return;
    }
    if (f.phase == fw::WEATHER_ROLLED) {
        s.weather = static_cast<std::uint8_t>(rules_of(s).weather[dice_sum(s)]);
        note(s, frames::ev::WEATHER, -1, s.weather, 0);
        if (push_weather_mage(s, dice_sum(s))) {
            f.phase = fw::WEATHER_MAGE;
            return;
        }
    }
    if (f.phase == fw::WEATHER_ROLLED || f.phase == fw::WEATHER_MAGE) {
        if (s.weather != frames::weather::NICE || s.ball < 0) {
            pop(s);
            return;
        }
        f.arg[fw::F_LEFT] = 3;
        f.phase = fw::SCATTERING;
    } else {
        const int* d = rules_of(s).scatter[die(s)];
        const int nx = b.xs[static_cast<std::size_t>(s.ball)] + d[0];
        const int ny = b.ys[static_cast<std::size_t>(s.ball)] + d[1];
        --f.arg[fw::F_LEFT];
        if (ball_on(b, nx, ny) && in_own_half(b, b.sq(nx, ny), other(s.kicking))) {
            s.ball = static_cast<std::int16_t>(b.sq(nx, ny));
        } else {
            s.ball = -1;
            f.arg[fw::F_LEFT] = 0;
        }
    }
    if (f.arg[fw::F_LEFT] == 0) {
        pop(s);
        return;
    }
    request(s, Dice::D8, 1, purpose("kick-off scatter"));
}

}  // namespace nuffle::procs
