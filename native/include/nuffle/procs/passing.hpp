// Passing (core/procedures/passing.py): the range ruler and interception lane, Pass (target
// skills, reactions, interceptions, the pass roll, fumbles and scatters), Handoff, DumpOff,
// PassBlock, and passing.py's hook points. Their LRB6 handlers (Python's
// skill_rules/passing_skills.py: Accurate, Strong Arm, Stunty, Nerves of Steel, Disturbing
// Presence, Extra Arms, Very Long Legs, Safe Throw, Animosity, Pass Block) are
// skill_rules/passing_skills.hpp's. Namespace `passing` holds this rule area's queries; the
// frames of other areas it pushes come from ball.hpp, injury.hpp and rolls.hpp.
#pragma once

#include <cmath>
#include <stdexcept>
#include <vector>

#include "nuffle/engine_base.hpp"
#include "nuffle/procs/ball.hpp"
#include "nuffle/procs/injury.hpp"
#include "nuffle/procs/rolls.hpp"
#include "nuffle/rules.hpp"

namespace nuffle::procs {

namespace passing {

// passing.py's throw kinds: passing::PASS, HAIL_MARY, DUMP_OFF, HANDOFF, BOMB, TEAM_MATE (generated).
using namespace frames::throw_kind;

NUFFLE_HOOK_POINT_BB2020(PassModifier, "passing.pass_modifier", int(const State&, int thrower, char band));
NUFFLE_HOOK_POINT(IgnoresTackleZones, "passing.ignores_tackle_zones", bool(const State&, int pid, int kind));
NUFFLE_HOOK_POINT(NearbyModifier, "passing.nearby_modifier", int(const State&, const Board&, int source, int pid, int kind));
NUFFLE_HOOK_POINT(InterceptionModifier, "passing.interception_modifier", int(const State&, int pid));
NUFFLE_HOOK_POINT(TargetDeclared, "passing.target_declared", bool(State&, int giver, int target, int throw_kind));
NUFFLE_HOOK_POINT(PassDeclared, "passing.pass_declared",
                  bool(State&, const Board&, int pid, int thrower, int target, int throw_kind));
NUFFLE_HOOK_POINT(AfterInterception, "passing.after_interception", bool(State&, int thrower, int interceptor, int throw_kind));
NUFFLE_HOOK_POINT(KeepsFumble, "passing.keeps_fumble", bool(const State&, int thrower, int die, int throw_kind));
NUFFLE_HOOK_POINT(DeflectionReroll, "passing.deflection_reroll", bool(const State&, int thrower, char band));
// throw_team_mate.py's points (asked in throw_team_mate.hpp, passing_actions.hpp and turn.hpp;
// `ttm`: the ThrowTeamMate frame).
NUFFLE_HOOK_POINT_BB2020(CanBeThrown, "throw_team_mate.can_be_thrown", bool(const State&, int thrower, int pid));
NUFFLE_HOOK_POINT(BeforeThrow, "throw_team_mate.before_throw", bool(State&, const Frame& ttm));
NUFFLE_HOOK_POINT(Flight, "throw_team_mate.flight", bool(State&, const Frame& ttm));
// throw_team_mate_bb2020.py's point (asked in throw_team_mate_bb2020.hpp): BB2020's Throw
// Team-mate test modifier (Strong Arm).
NUFFLE_HOOK_POINT_BB2020(TtmModifier, "throw_team_mate.throw_modifier", int(const State&, int thrower));

// Players of `side` in id order (state.ranges[side]).
inline std::vector<int> side_players(const State& s, int side) {
    std::vector<int> out;
    for (int p = 0; p < s.player_count; ++p) {
        if (s.players[p].team == side) out.push_back(p);
    }
    return out;
}

inline void add_pstat(State& s, int pid, int stat) noexcept { ++s.pstats[pid * PSTATS + stat]; }

// GameState.place: a player off the pitch onto an empty square.
inline void place(State& s, int pid, int sq, Status status) noexcept {
    s.grid[sq] = static_cast<std::int8_t>(pid);
    s.players[pid].square = i16(sq);
    s.players[pid].status = static_cast<std::uint8_t>(status);
}

using ::nuffle::ag_target;  // rules.hpp: the ruleset's Agility test

// ruleset.pass_range: 'Q', 'S', 'L', 'B', 'T' (the thrower's square) or '-' (out of range).
inline char pass_range(const State& s, int dx, int dy) noexcept {
    dx = dx < 0 ? -dx : dx;
    dy = dy < 0 ? -dy : dy;
    if (dy >= rules_of(s).pass_range_rows) return '-';
    const char* row = rules_of(s).pass_ranges[dy];
    for (int i = 0; i <= dx; ++i) {
        if (row[i] == '\0') return '-';
    }
    return row[dx];
}

inline char band_between(const State& s, const Board& b, int a, int c) noexcept {
    return pass_range(s, b.xs[static_cast<std::size_t>(c)] - b.xs[static_cast<std::size_t>(a)],
                      b.ys[static_cast<std::size_t>(c)] - b.ys[static_cast<std::size_t>(a)]);
}

inline int range_modifier(const State& s, char band) {
    switch (band) {
        case 'Q': return rules_of(s).range_modifier[0];
        case 'S': return rules_of(s).range_modifier[1];
        case 'L': return rules_of(s).range_modifier[2];
        case 'B': return rules_of(s).range_modifier[3];
        default: throw std::logic_error(std::string("no range modifier for band '") + band + "'");
    }
}

// passing.pass_targets: every square `pid` may throw to in the `bands` (y, then x order).
inline std::vector<int> pass_targets(const State& s, const Board& b, int pid, const char* bands) {
    std::vector<int> out;
    const int sq0 = pos(s, pid);
    const int x0 = b.xs[static_cast<std::size_t>(sq0)], y0 = b.ys[static_cast<std::size_t>(sq0)];
    for (int y = 0; y < b.height; ++y) {
        for (int x = 0; x < b.width; ++x) {
            const char r = pass_range(s, x - x0, y - y0);
            for (const char* c = bands; *c != '\0'; ++c) {
                if (*c == r) {
                    out.push_back(b.sq(x, y));
                    break;
                }
            }
        }
    }
    return out;
}

// passing.allowed_bands.
inline const char* allowed_bands(const State& s) noexcept {
    return s.weather == frames::weather::BLIZZARD ? "QS" : "QSLB";
}

// passing.in_lane: `sq` under the range ruler, strictly between thrower and target.
inline bool in_lane(const Board& b, int thrower_sq, int target, int sq) noexcept {
    const auto X = [&](int q) { return static_cast<int>(b.xs[static_cast<std::size_t>(q)]); };
    const auto Y = [&](int q) { return static_cast<int>(b.ys[static_cast<std::size_t>(q)]); };
    const int tx = X(thrower_sq), ty = Y(thrower_sq), rx = X(target), ry = Y(target), ix = X(sq), iy = Y(sq);
    if ((ix == tx && iy == ty) || (ix == rx && iy == ry)) return false;
    const int d_tr = (rx - tx) * (rx - tx) + (ry - ty) * (ry - ty);
    if (!(d_tr > (ix - tx) * (ix - tx) + (iy - ty) * (iy - ty) && d_tr > (rx - ix) * (rx - ix) + (ry - iy) * (ry - iy))) {
        return false;
    }
    const double lx = rx - tx, ly = ry - ty;
    const double norm = std::pow(static_cast<double>(d_tr), 0.5);
    double best = 0.0;
    bool first = true;
    for (const double cx : {ix - 0.5, ix + 0.5}) {
        for (const double cy : {iy - 0.5, iy + 0.5}) {
            const double d = std::fabs((cx - tx) * ly - (cy - ty) * lx) / norm;
            if (first || d < best) best = d;
            first = false;
        }
    }
    return best < 0.87;
}

// passing.interceptors.
inline std::vector<int> interceptors(const State& s, const Board& b, int thrower, int target) {
    std::vector<int> out;
    const int tsq = pos(s, thrower);
    for (const int p : side_players(s, other(team_of(s, thrower)))) {
        if (pos(s, p) >= 0 && can_catch(s, p) && in_lane(b, tsq, target, pos(s, p))) out.push_back(p);
    }
    return out;
}

// passing.nearby_modifier: the NEARBY_MODIFIER of every opponent of `pid` on the pitch.
inline int nearby_modifier(const State& s, const Board& b, int pid, int kind) noexcept {
    int mod = 0;
    for (int q = 0; q < s.player_count; ++q) {
        if (s.players[q].team == team_of(s, pid) || pos(s, q) < 0) continue;
        mod += hooks::total<NearbyModifier>(s, q, s, b, q, pid, kind);
    }
    return mod;
}

// passing.pass_roll_modifier: range, zones (unless IGNORES_TACKLE_ZONES), weather, PASS_MODIFIER.
inline int pass_roll_modifier(const State& s, const Board& b, int thrower, char band) {
    const Player& p = s.players[thrower];
    int mod = range_modifier(s, band);
    if (!hooks::any<IgnoresTackleZones>(s, thrower, s, thrower, frames::roll::PASS)) {
        mod -= test_zones(s, b, thrower, p.square);
    }
    if (s.weather == frames::weather::VERY_SUNNY) --mod;
    mod += hooks::total<PassModifier>(s, thrower, s, thrower, band);
    return mod + nearby_modifier(s, b, thrower, frames::roll::PASS);
}

// passing.HAIL_MARY_TARGET and hail_mary_modifier: BB2020's Hail Mary test, against 2, with a
// pass's modifiers but the range (the skills read the band as a Long Bomb).
constexpr int HAIL_MARY_TARGET = 2;
inline int hail_mary_modifier(const State& s, const Board& b, int thrower) {
    return pass_roll_modifier(s, b, thrower, 'B') - range_modifier(s, 'B');
}

// passing.interception_modifier: -2, zones (unless IGNORES_TACKLE_ZONES), weather,
// INTERCEPTION_MODIFIER.
inline int interception_modifier(const State& s, const Board& b, int pid) noexcept {
    const Player& p = s.players[pid];
    int mod = -2;
    if (!hooks::any<IgnoresTackleZones>(s, pid, s, pid, frames::roll::INTERCEPTION)) {
        mod -= test_zones(s, b, pid, p.square);
    }
    if (s.weather == frames::weather::POURING_RAIN) --mod;
    mod += hooks::total<InterceptionModifier>(s, pid, s, pid);
    return mod + nearby_modifier(s, b, pid, frames::roll::INTERCEPTION);
}

inline bool is_fumble(int d, int mod) noexcept { return d == 1 || d + mod <= 1; }

// passing.py's BB2020 pass results (Pass.result; 0 before the test; DEFLECTED: by Passing
// Interference).
constexpr int ACCURATE = 1, INACCURATE = 2, WILDLY_INACCURATE = 3, FUMBLED = 4, DEFLECTED = 5;

// passing.deflection_modifier: BB2020's Passing Interference test, -3 / -2 / -1 by the pass
// result in place of the interception's -2, +1 against a Stunty thrower.
inline int deflection_modifier(const State& s, const Board& b, int pid, int thrower, int result) noexcept {
    const int by_result = result == ACCURATE ? -3 : result == INACCURATE ? -2 : -1;
    return interception_modifier(s, b, pid) + 2 + by_result +
           (s.players[thrower].has_skill(frames::skill::STUNTY) ? 1 : 0);
}

// passing.pass_result: BB2020's Passing Ability test of die `d` against `target` with `mod`.
inline int pass_result(int d, int target, int mod) noexcept {
    if (target >= NO_PA_TARGET || d == 1) return FUMBLED;
    if (d == 6 || d + mod >= target) return ACCURATE;
    return d + mod <= 1 ? WILDLY_INACCURATE : INACCURATE;
}

// KEEPS_FUMBLE: the thrower keeps a fumbled ball.
inline bool keeps_fumble(const State& s, int thrower, int die, int throw_kind) noexcept {
    return hooks::any<KeepsFumble>(s, thrower, s, thrower, die, throw_kind);
}

// DEFLECTION_REROLL: a successful interference with the thrower's pass of `band` is re-rolled.
inline bool deflection_reroll(const State& s, int thrower, char band) noexcept {
    return hooks::any<DeflectionReroll>(s, thrower, s, thrower, band);
}

// TARGET_DECLARED: a handler of the giver pushes a procedure that leaves s.square = the square
// to go on with, or -1.
inline bool target_declared(State& s, int giver, int target, int throw_kind) {
    return hooks::any<TargetDeclared>(s, giver, s, giver, target, throw_kind);
}

inline void push_pass(State& s, int thrower, int target, int throw_kind) {
    namespace fp = frames::p_pass;
    Frame& f = push(s, frames::PASS);
    f.arg[fp::F_THROWER] = i16(thrower);
    f.arg[fp::F_TARGET] = i16(target);
    f.arg[fp::F_THROW] = i16(throw_kind);
    f.arg[fp::F_INTERCEPTOR] = -1;
}

// PASS_DECLARED: opponent `pid`'s handlers; true if one pushed a procedure.
inline bool pass_declared(State& s, const Board& b, int pid, int thrower, int target, int throw_kind) {
    return hooks::any<PassDeclared>(s, pid, s, b, pid, thrower, target, throw_kind);
}

// Pass Block's PASS_DECLARED handler (skill_rules/passing_skills.hpp): pushes PassBlock for
// opponent `pid` when he may use it.
inline bool pass_block(State& s, const Board& b, int pid, int thrower, int target, int throw_kind) {
    if (!standing(s, pid) || (s.players[pid].flags & (frames::flag::NO_TZ | frames::flag::ROOTED)) != 0) return false;
    bool room = false;
    for (const int off : b.neighbours) room = room || s.grid[pos(s, pid) + off] == SQUARE_EMPTY;
    if (!room) return false;
    for (int i = 0; i < s.frame_count; ++i) {  // a Dump-Off before his own block: he stays
        const Frame& f = s.stack[i];
        if ((f.proc == frames::BLOCK && f.arg[frames::p_block::F_ATTACKER] == pid) ||
            (f.proc == frames::CHAIN_BLOCK && f.arg[frames::p_chain_block::F_ATTACKER] == pid)) {
            return false;
        }
    }
    namespace fpb = frames::p_pass_block;
    const bool can_intercept = throw_kind != HAIL_MARY && can_catch(s, pid);
    const int thr_sq = pos(s, thrower);
    Frame& f = push(s, frames::PASS_BLOCK);
    f.arg[fpb::F_PID] = i16(pid);
    f.arg[fpb::F_THROWER_SQ] = i16(thr_sq);
    f.arg[fpb::F_TARGET] = i16(target);
    f.arg[fpb::F_CAN_INTERCEPT] = can_intercept ? 1 : 0;
    return true;
}

// block.BEFORE_DICE (Dump-Off): asked for the skills of the player `asking` before a block's
// dice; only the defender's counts, never before Frenzy's second block, and only while he holds
// the ball with a Quick pass to make. Pushes DumpOff and returns true when it applies.
inline bool dump_off_before_dice(State& s, const Board& b, int asking, int defender, bool second) {
    if (asking != defender || second || !s.players[defender].has_skill(frames::skill::DUMP_OFF)) return false;
    if (s.ball_state != frames::ball::CARRIED || s.ball != pos(s, defender)) return false;
    if (pass_targets(s, b, defender, "Q").empty()) return false;
    push(s, frames::DUMP_OFF).arg[frames::p_dump_off::F_PID] = i16(defender);
    return true;
}

}  // namespace passing

// --- Pass ----------------------------------------------------------------------------------

namespace fpa = frames::p_pass;

// Pass._completes: a team-mate holding the ball completes the pass (BB2020: only an accurate
// pass caught in the target square).
inline bool pass_completes(const State& s, const Frame& f, int holder) noexcept {
    if (!rules_of(s).pass_2020) return true;  // BB2020: never a Hail Mary (never accurate)
    return f.arg[fpa::F_RESULT] == passing::ACCURATE && pos(s, holder) == f.arg[fpa::F_TARGET];
}

inline void pass_end(State& s, Frame& f, bool check) {
    const int thr = f.arg[fpa::F_THROWER];
    if (check) {
        const int holder = carrier(s);
        if (holder < 0 || team_of(s, holder) != team_of(s, thr)) {
            s.turnover = 1;
        } else if (holder != thr && s.turnover == 0 && pass_completes(s, f, holder)) {
            passing::add_pstat(s, thr, pstat::COMPLETIONS);
            count_under(s, thr, frames::prayer::PERFECT_PASSING, pstat::PERFECT_PASSING);
        }
    }
    if (f.arg[fpa::F_THROW] == passing::DUMP_OFF) s.turnover = f.arg[fpa::F_SAVED] != 0 ? 1 : 0;
    f.phase = fpa::DONE;
    pop(s);
}

inline void pass_intercepted(Ctx& c, Frame& f) {
    State& s = c.s;
    const int p = f.arg[fpa::F_INTERCEPTOR];
    s.ball = i16(pos(s, p));
    s.ball_state = frames::ball::CARRIED;
    s.turnover = 1;
    passing::add_pstat(s, p, pstat::INTERCEPTIONS);
    check_touchdown(s, c.b, p);
    pass_end(s, f, false);
}

// Pass._fumble: the thrower keeps the ball (KEEPS_FUMBLE) or it bounces from his square, a
// turnover even if a team-mate catches the bounce.
inline void pass_fumble(State& s, Frame& f, int die) {
    const int thr = f.arg[fpa::F_THROWER];
    if (passing::keeps_fumble(s, thr, die, f.arg[fpa::F_THROW])) {
        pass_end(s, f, false);
        return;
    }
    f.phase = fpa::LANDED;
    s.turnover = 1;
    s.ball_state = frames::ball::ON_GROUND;
    push_bounce(s, pos(s, thr));
}

// Pass._arrive: the ball will land on `sq`; after a BB2020 pass result (not a Hail Mary, not
// once deflected) the opposing coach may first name a player under the ruler to interfere.
inline void pass_arrive(Ctx& c, Frame& f, int sq) {
    State& s = c.s;
    const int thr = f.arg[fpa::F_THROWER];
    f.phase = fpa::LANDED;
    const int result = f.arg[fpa::F_RESULT];
    if (result >= passing::ACCURATE && result <= passing::WILDLY_INACCURATE && f.arg[fpa::F_THROW] != passing::HAIL_MARY &&
        !passing::interceptors(s, c.b, thr, sq).empty()) {
        s.ball = i16(sq);
        s.ball_state = frames::ball::IN_AIR;
        f.phase = fpa::INTERFERER_CHOICE;
        wait(s, other(team_of(s, thr)), frames::dk::INTERCEPTOR);
        return;
    }
    land_ball(s, c.b, sq, f.arg[fpa::F_RESULT] == passing::ACCURATE && sq == f.arg[fpa::F_TARGET] ? 1 : 0);
}

// Pass._interference: no deflection lands the ball; a deflected ball goes to the interferer,
// who catches it at -1 (an interception) or it scatters 3 times from his square.
inline void pass_interference(Ctx& c, Frame& f) {
    State& s = c.s;
    const int p = f.arg[fpa::F_INTERCEPTOR];
    const int thr = f.arg[fpa::F_THROWER];
    const bool rolled = f.phase == fpa::DEFLECTION_ROLLED || f.phase == fpa::DEFLECTION_REROLLED;
    if (f.phase == fpa::NOT_DEFLECTED || (rolled && !s.ok)) {
        f.phase = fpa::LANDED;
        const bool accurate = f.arg[fpa::F_RESULT] == passing::ACCURATE && s.ball == f.arg[fpa::F_TARGET];
        land_ball(s, c.b, s.ball, accurate ? 1 : 0);
    } else if (f.phase == fpa::DEFLECTION_ROLLED &&
               passing::deflection_reroll(s, thr, passing::band_between(s, c.b, pos(s, thr), f.arg[fpa::F_TARGET]))) {
        f.phase = fpa::DEFLECTION_REROLLED;  // the test again (Cloud Burster)
        const int mod = passing::deflection_modifier(s, c.b, p, thr, f.arg[fpa::F_RESULT]);
        push_player_roll(s, frames::roll::INTERCEPTION, p, passing::ag_target(s, p), mod);
    } else if (rolled) {
        f.arg[fpa::F_RESULT] = passing::DEFLECTED;
        s.ball = i16(pos(s, p));
        f.phase = fpa::DEFLECTED_CATCH;
        push_player_roll(s, frames::roll::CATCH, p, passing::ag_target(s, p), catch_modifier(s, c.b, p, 0, false));
    } else {
        note(s, frames::ev::CATCH, p, pos(s, p), s.ok);
        if (s.ok) {
            pass_intercepted(c, f);
            return;
        }
        passing::add_pstat(s, p, pstat::DEFLECTIONS);  // deflected, not converted
        f.arg[fpa::F_SCATTERS] = 0;
        f.phase = fpa::SCATTER;
        request(s, Dice::D8, 1, purpose("pass scatter"));
    }
}

// Pass._thrown_bb2020: accurate to the target, inaccurate scatters 3 x D8 from the target,
// wildly inaccurate deviates D8 x D6 from the thrower, fumbled bounces.
inline void pass_thrown_2020(Ctx& c, Frame& f) {
    State& s = c.s;
    const int thr = f.arg[fpa::F_THROWER];
    const bool hail_mary = f.arg[fpa::F_THROW] == passing::HAIL_MARY;  // never accurate
    int result = passing::pass_result(s.last_die, hail_mary ? passing::HAIL_MARY_TARGET : pass_target(s, thr),
                                      f.arg[fpa::F_MOD]);
    if (hail_mary && result == passing::ACCURATE) result = passing::INACCURATE;
    f.arg[fpa::F_RESULT] = i16(result);
    if (result == passing::ACCURATE) {
        s.ball_state = frames::ball::IN_AIR;
        pass_arrive(c, f, f.arg[fpa::F_TARGET]);
    } else if (result == passing::FUMBLED) {
        pass_fumble(s, f, s.last_die);
    } else if (result == passing::INACCURATE) {
        s.ball = f.arg[fpa::F_TARGET];
        s.ball_state = frames::ball::IN_AIR;
        f.phase = fpa::SCATTER;
        request(s, Dice::D8, 1, purpose("pass scatter"));
    } else {
        s.ball = i16(pos(s, thr));
        s.ball_state = frames::ball::IN_AIR;
        f.phase = fpa::DEVIATE_DIRECTION;
        request(s, Dice::D8, 1, purpose("pass deviation"));
    }
}

// Pass._deviate: the D8 direction, then D6 squares from the thrower (off the pitch: a
// throw-in from the last square crossed).
inline void pass_deviate(Ctx& c, Frame& f) {
    State& s = c.s;
    const Board& b = c.b;
    if (f.phase == fpa::DEVIATE_DIRECTION) {
        f.arg[fpa::F_DIRECTION] = i16(die(s));
        f.phase = fpa::DEVIATE_DISTANCE;
        request(s, Dice::D6, 1, purpose("pass distance"));
        return;
    }
    const int dx = rules_of(s).scatter[f.arg[fpa::F_DIRECTION]][0], dy = rules_of(s).scatter[f.arg[fpa::F_DIRECTION]][1];
    int x = b.xs[static_cast<std::size_t>(s.ball)], y = b.ys[static_cast<std::size_t>(s.ball)];
    f.phase = fpa::LANDED;
    const int n = die(s);
    for (int i = 0; i < n; ++i) {
        if (x + dx < 0 || x + dx >= b.width || y + dy < 0 || y + dy >= b.height) {
            s.ball_state = frames::ball::ON_GROUND;
            push_throw_in(s, b.sq(x, y), b.sq(x + dx, y + dy));
            return;
        }
        x += dx;
        y += dy;
    }
    pass_arrive(c, f, b.sq(x, y));
}

// Pass._react: the next opponent's PASS_DECLARED handlers; true if one pushed a procedure.
inline bool pass_react(Ctx& c, Frame& f) {
    State& s = c.s;
    const int thr = f.arg[fpa::F_THROWER];
    const std::vector<int> opp = passing::side_players(s, other(team_of(s, thr)));
    while (f.arg[fpa::F_REACT] < static_cast<int>(opp.size())) {
        const int p = opp[static_cast<std::size_t>(f.arg[fpa::F_REACT])];
        ++f.arg[fpa::F_REACT];
        if (pos(s, p) >= 0 &&
            passing::pass_declared(s, c.b, p, thr, f.arg[fpa::F_TARGET], f.arg[fpa::F_THROW])) {
            return true;
        }
    }
    return false;
}

inline void pass_run(Ctx& c) {
    State& s = c.s;
    const Board& b = c.b;
    Frame& f = c.top();
    const int thr = f.arg[fpa::F_THROWER];
    const int kind = f.arg[fpa::F_THROW];
    if (f.phase == fpa::START) {
        f.arg[fpa::F_SAVED] = s.turnover ? 1 : 0;
        f.phase = fpa::PASS_DECLARED;
        if (passing::target_declared(s, thr, f.arg[fpa::F_TARGET], kind)) {
            f.phase = fpa::TARGET_DECLARED;
            return;
        }
    } else if (f.phase == fpa::TARGET_DECLARED) {
        if (s.square < 0) {
            pass_end(s, f, false);
            return;
        }
        f.arg[fpa::F_TARGET] = s.square;
        f.phase = fpa::PASS_DECLARED;
    }
    if (f.phase == fpa::PASS_DECLARED) {
        if (pass_react(c, f)) return;
        f.phase = fpa::INTERCEPTORS;
    }
    if (f.phase == fpa::INTERCEPTORS) {
        if (!rules_of(s).pass_2020 && kind != passing::HAIL_MARY && !passing::interceptors(s, b, thr, f.arg[fpa::F_TARGET]).empty()) {
            f.phase = fpa::INTERCEPTOR_CHOICE;
            wait(s, other(team_of(s, thr)), frames::dk::INTERCEPTOR);
            return;
        }
        f.phase = fpa::THROW;
    } else if (f.phase == fpa::INTERCEPTION_ROLLED) {
        if (s.ok) {
            const int icp = f.arg[fpa::F_INTERCEPTOR];
            if (hooks::any<passing::AfterInterception>(s, thr, s, thr, icp, f.arg[fpa::F_THROW])) {
                f.phase = fpa::AFTER_INTERCEPTION_USED;
                return;
            }
            pass_intercepted(c, f);
            return;
        }
        f.phase = fpa::THROW;
    } else if (f.phase == fpa::AFTER_INTERCEPTION_USED) {
        if (!s.ok) {
            pass_intercepted(c, f);
            return;
        }
        s.ball = i16(pos(s, thr));
        s.ball_state = frames::ball::CARRIED;
        f.phase = fpa::THROW;
    }
    if (f.phase == fpa::THROW) {
        f.phase = fpa::THROWN;
        const bool hail_mary = kind == passing::HAIL_MARY;
        if (hail_mary && !rules_of(s).pass_2020) {
            f.arg[fpa::F_MOD] = 0;
            push_player_roll(s, frames::roll::PASS, thr, 2, 0, false);
            return;
        }
        const int mod = hail_mary ? passing::hail_mary_modifier(s, b, thr)
                                  : passing::pass_roll_modifier(s, b, thr, passing::band_between(s, b, pos(s, thr), f.arg[fpa::F_TARGET]));
        f.arg[fpa::F_MOD] = i16(mod);
        if (rules_of(s).pass_2020 && pass_target(s, thr) >= NO_PA_TARGET) {  // PA "-": no test
            f.arg[fpa::F_RESULT] = passing::FUMBLED;
            pass_fumble(s, f, 1);
            return;
        }
        push_player_roll(s, frames::roll::PASS, thr, hail_mary ? passing::HAIL_MARY_TARGET : pass_target(s, thr), mod);
        return;
    }
    if (f.phase == fpa::THROWN && rules_of(s).pass_2020) {
        pass_thrown_2020(c, f);
        return;
    }
    if (f.phase == fpa::DEVIATE_DIRECTION || f.phase == fpa::DEVIATE_DISTANCE) {
        pass_deviate(c, f);
        return;
    }
    if (f.phase == fpa::DEFLECTION_ROLLED || f.phase == fpa::DEFLECTED_CATCH || f.phase == fpa::NOT_DEFLECTED ||
        f.phase == fpa::DEFLECTION_REROLLED) {
        pass_interference(c, f);
        return;
    }
    if (f.phase == fpa::THROWN) {
        const bool hail_mary = kind == passing::HAIL_MARY;
        if (s.ok && !hail_mary) {
            f.phase = fpa::LANDED;
            s.ball_state = frames::ball::IN_AIR;
            land_ball(s, b, f.arg[fpa::F_TARGET], 1);
            return;
        }
        if (!s.ok && passing::is_fumble(s.last_die, f.arg[fpa::F_MOD])) {
            pass_fumble(s, f, s.last_die);
            return;
        }
        s.ball = f.arg[fpa::F_TARGET];
        s.ball_state = frames::ball::IN_AIR;
        f.phase = fpa::SCATTER;
        request(s, Dice::D8, 1, purpose("pass scatter"));
        return;
    }
    if (f.phase == fpa::SCATTER) {
        const int d = die(s);
        const int dx = rules_of(s).scatter[d][0], dy = rules_of(s).scatter[d][1];
        const int x = b.xs[static_cast<std::size_t>(s.ball)] + dx, y = b.ys[static_cast<std::size_t>(s.ball)] + dy;
        if (x < 0 || x >= b.width || y < 0 || y >= b.height) {
            f.phase = fpa::LANDED;
            s.ball_state = frames::ball::ON_GROUND;
            push_throw_in(s, s.ball, b.sq(x, y));
            return;
        }
        s.ball = i16(b.sq(x, y));
        ++f.arg[fpa::F_SCATTERS];
        if (f.arg[fpa::F_SCATTERS] < 3) {
            request(s, Dice::D8, 1, purpose("pass scatter"));
            return;
        }
        pass_arrive(c, f, s.ball);
        return;
    }
    if (f.phase == fpa::LANDED) pass_end(s, f, true);
}

inline Legal pass_legal(Ctx& c) {
    Frame& f = c.top();
    const int aim = f.phase == fpa::INTERFERER_CHOICE ? c.s.ball : f.arg[fpa::F_TARGET];
    return {Choice{frames::at::SELECT_PLAYER, passing::interceptors(c.s, c.b, f.arg[fpa::F_THROWER], aim), {}, {}},
            Choice{frames::at::DECLINE, {}, {}, {}}};
}

inline void pass_act(Ctx& c, const Act& a) {
    State& s = c.s;
    Frame& f = c.top();
    const bool bb2020 = f.phase == fpa::INTERFERER_CHOICE;
    if (a.type == frames::at::DECLINE) {
        f.phase = bb2020 ? fpa::NOT_DEFLECTED : fpa::THROW;
        return;
    }
    const int p = a.player;
    f.arg[fpa::F_INTERCEPTOR] = i16(p);
    if (bb2020) {
        f.phase = fpa::DEFLECTION_ROLLED;
        const int mod = passing::deflection_modifier(s, c.b, p, f.arg[fpa::F_THROWER], f.arg[fpa::F_RESULT]);
        push_player_roll(s, frames::roll::INTERCEPTION, p, passing::ag_target(s, p), mod);
        return;
    }
    f.phase = fpa::INTERCEPTION_ROLLED;
    push_player_roll(s, frames::roll::INTERCEPTION, p, passing::ag_target(s, p), passing::interception_modifier(s, c.b, p));
}

inline Detail pass_detail(Ctx& c) {
    Detail d;
    d.player = c.top().arg[fpa::F_THROWER];
    return d;
}

// --- Handoff -------------------------------------------------------------------------------

inline void handoff_run(Ctx& c) {
    namespace fh = frames::p_handoff;
    State& s = c.s;
    Frame& f = c.top();
    const int giver = f.arg[fh::F_GIVER];
    if (f.phase == fh::START) {
        f.phase = fh::HAND_OVER;
        if (passing::target_declared(s, giver, pos(s, f.arg[fh::F_RECEIVER]), passing::HANDOFF)) {
            f.phase = fh::TARGET_DECLARED;
            return;
        }
    } else if (f.phase == fh::TARGET_DECLARED) {
        if (s.square < 0) {
            pop(s);
            return;
        }
        f.arg[fh::F_RECEIVER] = s.grid[s.square];
        f.phase = fh::HAND_OVER;
    }
    if (f.phase == fh::HAND_OVER) {
        const int receiver = f.arg[fh::F_RECEIVER];
        f.phase = fh::CAUGHT;
        s.ball = i16(pos(s, receiver));
        s.ball_state = frames::ball::ON_GROUND;
        if (can_catch(s, receiver)) {
            push_catch(s, receiver, 1, false, false);
        } else {
            push_bounce(s, s.ball);
        }
        return;
    }
    const int holder = carrier(s);
    if (holder < 0 || team_of(s, holder) != team_of(s, giver)) s.turnover = 1;
    pop(s);
}

// --- DumpOff (passing_skills.py) -------------------------------------------------------------

inline void dump_off_run(Ctx& c) {
    namespace fd = frames::p_dump_off;
    Frame& f = c.top();
    if (f.phase == fd::START) {
        f.phase = fd::CHOICE;
        wait(c.s, team_of(c.s, f.arg[fd::F_PID]), frames::dk::DUMP_OFF);
        return;
    }
    c.s.ok = 1;
    pop(c.s);
}

inline Legal dump_off_legal(Ctx& c) {
    const int pid = c.top().arg[frames::p_dump_off::F_PID];
    return {Choice{frames::at::DUMP_OFF, {}, passing::pass_targets(c.s, c.b, pid, "Q"), {}},
            Choice{frames::at::DECLINE, {}, {}, {}}};
}

inline void dump_off_act(Ctx& c, const Act& a) {
    if (a.type == frames::at::DECLINE) {
        c.s.ok = 1;
        pop(c.s);
        return;
    }
    passing::push_pass(c.s, c.top().arg[frames::p_dump_off::F_PID], a.square, passing::DUMP_OFF);
}

// --- PassBlock (passing_skills.py) -----------------------------------------------------------

namespace fpb = frames::p_pass_block;

// PassBlock._ok: a square that ends his move usefully.
inline bool pass_block_ok(const Ctx& c, const Frame& f, int sq) noexcept {
    const int target = f.arg[fpb::F_TARGET], thr_sq = f.arg[fpb::F_THROWER_SQ];
    if (sq == target) return false;
    if (c.b.distance(sq, thr_sq) == 1 || c.b.distance(sq, target) == 1) return true;
    return f.arg[fpb::F_CAN_INTERCEPT] != 0 && passing::in_lane(c.b, thr_sq, target, sq);
}

// PassBlock._reaches: a good square within `left` more steps of `start`.
inline bool pass_block_reaches(const Ctx& c, const Frame& f, int start, int left) {
    const int own = pos(c.s, f.arg[fpb::F_PID]);
    std::vector<char> seen(static_cast<std::size_t>(c.b.size), 0);
    seen[static_cast<std::size_t>(start)] = 1;
    std::vector<int> frontier{start};
    for (int depth = 0; depth <= left; ++depth) {
        std::vector<int> nxt;
        for (const int sq : frontier) {
            if (pass_block_ok(c, f, sq)) return true;
            if (depth == left) continue;
            for (const int o : c.b.neighbours) {
                const int n = sq + o;
                if (!seen[static_cast<std::size_t>(n)] && (c.s.grid[n] == SQUARE_EMPTY || n == own)) {
                    seen[static_cast<std::size_t>(n)] = 1;
                    nxt.push_back(n);
                }
            }
        }
        frontier = std::move(nxt);
    }
    return false;
}

inline std::vector<int> pass_block_moves(const Ctx& c, const Frame& f) {
    std::vector<int> out;
    const int steps = f.arg[fpb::F_STEPS];
    if (steps >= 3) return out;
    const int here = pos(c.s, f.arg[fpb::F_PID]);
    for (const int o : c.b.neighbours) {
        if (c.s.grid[here + o] == SQUARE_EMPTY && pass_block_reaches(c, f, here + o, 2 - steps)) out.push_back(here + o);
    }
    return out;
}

inline void pass_block_run(Ctx& c) {
    State& s = c.s;
    Frame& f = c.top();
    const int pid = f.arg[fpb::F_PID];
    if (f.phase == fpb::MOVING && (!standing(s, pid) || pos(s, pid) < 0 || f.arg[fpb::F_STEPS] >= 3)) {
        pop(s);
        return;
    }
    f.phase = fpb::MOVING;
    wait(s, team_of(s, pid), frames::dk::PASS_BLOCK);
}

inline Legal pass_block_legal(Ctx& c) {
    const Frame& f = c.top();
    Legal groups;
    const std::vector<int> moves = pass_block_moves(c, f);
    if (!moves.empty()) groups.push_back(Choice{frames::at::MOVE, {}, moves, {}});
    if (f.arg[fpb::F_STEPS] == 0) {
        groups.push_back(Choice{frames::at::DECLINE, {}, {}, {}});
    } else if (pass_block_ok(c, f, pos(c.s, f.arg[fpb::F_PID])) || moves.empty()) {
        groups.push_back(Choice{frames::at::END_ACTION, {}, {}, {}});
    }
    return groups;
}

inline void pass_block_act(Ctx& c, const Act& a) {
    if (a.type != frames::at::MOVE) {
        pop(c.s);
        return;
    }
    Frame& f = c.top();
    ++f.arg[fpb::F_STEPS];
    namespace fm = frames::p_move_step;
    Frame& m = push(c.s, frames::MOVE_STEP);
    m.arg[fm::F_PID] = f.arg[fpb::F_PID];
    m.arg[fm::F_DEST] = i16(a.square);
    m.arg[fm::F_START] = -1;
    m.arg[fm::F_ALT] = -1;
    m.arg[fm::F_DIVER] = -1;
}

}  // namespace nuffle::procs

#include "nuffle/skill_rules/passing_skills.hpp"
