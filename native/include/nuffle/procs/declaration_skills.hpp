// Blood Lust's feeding and Hypnotic Gaze (core/skill_rules/declaration_skills.py): the Feed
// and Gaze frames, and what the player action asks of them (the declaration roll, the Block
// changed into a Move, the gaze targets). The player action (movement.hpp) calls these at its
// hook points: action.after_declare, action.choices, action.end and the skill actions.
#pragma once

#include <algorithm>
#include <vector>

#include "nuffle/engine_base.hpp"
#include "nuffle/procs/ball.hpp"
#include "nuffle/procs/injury.hpp"
#include "nuffle/procs/rolls.hpp"
#include "nuffle/rules.hpp"

namespace nuffle::procs {

namespace ffd = frames::p_feed;
namespace fgz = frames::p_gaze;

// Whether player `q`'s roster keywords include 'thrall' (GameState.keywords).
inline bool is_thrall(const State& s, int q) noexcept { return s.players[q].has_keyword(KW_THRALL); }

// declaration_skills.thralls_to_bite: adjacent Thrall team-mates (any posture), sorted.
inline std::vector<int> thralls_to_bite(const State& s, const Board& b, int pid) {
    std::vector<int> out;
    const int sq = s.players[pid].square;
    const int side = s.players[pid].team;
    for (const int off : b.neighbours) {
        const int q = s.grid[sq + off];
        if (q >= 0 && s.players[q].team == side && is_thrall(s, q)) out.push_back(q);
    }
    std::sort(out.begin(), out.end());
    return out;
}

// Pushes Feed(pid) (declaration_skills._must_feed, ACTION_END).
inline void push_feed(State& s, int pid) {
    Frame& f = push(s, frames::FEED);
    f.arg[ffd::F_PID] = i16(pid);
    f.arg[ffd::F_BIT] = 0;
    f.arg[ffd::F_DROP] = -1;
}

// Feed._bite: the bite's injury (a casualty counts as Badly Hurt); a Thrall holding the ball
// drops it (a turnover).
inline void feed_bite(State& s, Frame& f, int thrall) {
    f.arg[ffd::F_BIT] = 1;
    f.phase = ffd::BITTEN;
    if (s.ball_state == frames::ball::CARRIED && s.ball == s.players[thrall].square) {
        s.ball_state = frames::ball::ON_GROUND;
        f.arg[ffd::F_DROP] = s.ball;
        s.turnover = 1;
    }
    push_injury(s, thrall);
    s.stack[s.frame_count - 1].arg[finj::F_CAP] = 1;
}

inline void feed_finish(State& s, const Frame& f) {
    s.ok = f.arg[ffd::F_BIT];
    pop(s);
}

inline void feed_run(Ctx& c) {
    State& s = c.s;
    Frame& f = c.top();
    const int pid = f.arg[ffd::F_PID];
    if (f.phase == ffd::START) {
        s.players[pid].flags &= ~frames::flag::MUST_FEED;
        if (s.players[pid].square < 0) {  // already off the pitch: no meal
            feed_finish(s, f);
            return;
        }
        const std::vector<int> thralls = thralls_to_bite(s, c.b, pid);
        if (thralls.empty()) {  // Feed._leave: he leaves the pitch to feed on the crowd
            s.turnover = 1;
            f.phase = ffd::LEFT_PITCH;
            take_off_pitch(s, pid, static_cast<int>(Status::RESERVE));
            return;
        }
        if (thralls.size() == 1) {
            feed_bite(s, f, thralls[0]);
            return;
        }
        f.phase = ffd::CHOOSE_THRALL;
        wait(s, s.players[pid].team, frames::dk::FEED);
        return;
    }
    if (f.phase == ffd::BITTEN && f.arg[ffd::F_DROP] >= 0) {
        f.phase = ffd::BOUNCED;  // the bitten Thrall dropped the ball
        push_bounce(s, f.arg[ffd::F_DROP]);
        return;
    }
    if (f.arg[ffd::F_BIT] && s.players[pid].square >= 0) check_touchdown(s, c.b, pid);
    feed_finish(s, f);
}

inline Legal feed_legal(Ctx& c) {
    return {Choice{frames::at::SELECT_PLAYER, thralls_to_bite(c.s, c.b, c.top().arg[ffd::F_PID]), {}, {}}};
}

inline void feed_act(Ctx& c, const Act& a) { feed_bite(c.s, c.top(), a.player); }

// --- Hypnotic Gaze ---------------------------------------------------------------------------

// declaration_skills.gaze_modifier: -1 per opposing tackle zone on the gazer but the target's.
inline int gaze_modifier(const State& s, const Board& b, int pid, int target) noexcept {
    int qs[8];
    const int n = tz_players(s, b, s.players[pid].square, s.players[pid].team, qs);
    int mod = 0;
    for (int i = 0; i < n; ++i) {
        if (qs[i] != target) --mod;
    }
    return mod;
}

inline void gaze_run(Ctx& c) {
    State& s = c.s;
    Frame& f = c.top();
    const int pid = f.arg[fgz::F_PID];
    if (f.phase == fgz::START) {
        f.phase = fgz::ROLLED;
        const int target = f.arg[fgz::F_TARGET];
        push_player_roll(s, frames::roll::HYPNOTIC_GAZE, pid, ag_target(s, pid),
                         gaze_modifier(s, c.b, pid, target));
        return;
    }
    if (s.ok) s.players[f.arg[fgz::F_TARGET]].flags |= frames::flag::HYPNOTISED;
    pop(s);
}

// --- the player action's hooks ---------------------------------------------------------------

// ACTION_CHOICES, Blood Lust (declaration_skills._block_to_move): a Vampire who must feed may
// change a declared Block into a Move before blocking.
inline void blood_lust_choices(const State& s, int pid, int kind, bool blocked, Legal& groups) {
    if (kind == frames::at::START_BLOCK && !blocked && (s.players[pid].flags & frames::flag::MUST_FEED) != 0) {
        groups.push_back(Choice{frames::at::START_MOVE, {pid}, {}, {}});
    }
}

// ACTION_CHOICES, Hypnotic Gaze (declaration_skills._gaze_choice): in a Move action, standing,
// the squares of adjacent standing opponents.
inline void gaze_choices(const State& s, const Board& b, int pid, int kind, Legal& groups) {
    if (kind != frames::at::START_MOVE || !standing(s, pid)) return;
    std::vector<int> targets;
    const int sq = s.players[pid].square;
    for (const int off : b.neighbours) {
        const int q = s.grid[sq + off];
        if (q >= 0 && s.players[q].team != s.players[pid].team && standing(s, q)) targets.push_back(sq + off);
    }
    if (!targets.empty()) groups.push_back(Choice{frames::at::HYPNOTIC_GAZE, {}, targets, {}});
}

// The skill action HYPNOTIC_GAZE: the gaze ends the Move action (the action's `finished`
// phase is set by the caller).
inline void push_gaze(State& s, int pid, int target) {
    Frame& g = push(s, frames::GAZE);
    g.arg[fgz::F_PID] = i16(pid);
    g.arg[fgz::F_TARGET] = i16(target);
}

}  // namespace nuffle::procs
