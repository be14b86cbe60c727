// The passing skills' parts of a player action (skill_rules/passing_skills.py at the hook points
// action.choices and the skill actions): Hail Mary Pass, Bombardier and Throw Team-Mate list
// their choices and push their procedures. A ported PlayerAction calls these for the player's
// skills, in skill order, where the Python engine runs ACTION_CHOICES and SKILL_ACTIONS.
#pragma once

#include <vector>

#include "nuffle/procs/passing.hpp"

namespace nuffle::procs::passing {

inline bool carries_ball(const State& s, int pid) noexcept {
    return s.ball_state == frames::ball::CARRIED && s.ball == pos(s, pid);
}

// ACTION_CHOICES (Hail Mary Pass): any square but his own, for a pass of the ball he holds or a
// Bombardier's bomb, except in a blizzard.
inline void hail_mary_choices(const State& s, const Board& b, int kind, int pid, Legal& groups) {
    if (!s.players[pid].has_skill(frames::skill::HAIL_MARY_PASS) || s.weather == frames::weather::BLIZZARD) return;
    const bool bomb = kind == frames::at::START_BOMB && s.players[pid].has_skill(frames::skill::BOMBARDIER);
    if (!bomb && (kind != frames::at::START_PASS || !carries_ball(s, pid))) return;
    std::vector<int> squares;
    for (int y = 0; y < b.height; ++y) {
        for (int x = 0; x < b.width; ++x) {
            if (b.sq(x, y) != pos(s, pid)) squares.push_back(b.sq(x, y));
        }
    }
    groups.push_back(Choice{frames::at::HAIL_MARY, {}, squares, {}});
}

// ACTION_CHOICES (Bombardier): the squares in range of a bomb action.
inline void bomb_choices(const State& s, const Board& b, int kind, int pid, Legal& groups) {
    if (!s.players[pid].has_skill(frames::skill::BOMBARDIER) || kind != frames::at::START_BOMB) return;
    std::vector<int> squares = pass_targets(s, b, pid, allowed_bands(s));
    if (!squares.empty()) groups.push_back(Choice{frames::at::BOMB, {}, squares, {}});
}

// passing_skills._throwable: a standing team-mate with a CAN_BE_THROWN handler that allows it.
inline bool throwable(const State& s, int thrower, int q) noexcept {
    return q != thrower && team_of(s, q) == team_of(s, thrower) && standing(s, q) &&
           hooks::any<CanBeThrown>(s, q, s, thrower, q);
}

// throw_team_mate.ttm_targets: Quick or Short range, on the pitch.
inline std::vector<int> ttm_targets(const State& s, const Board& b, int thrower) {
    return pass_targets(s, b, thrower, "QS");
}

// ACTION_CHOICES (Throw Team-Mate): one group per adjacent team-mate who may be thrown.
inline void ttm_choices(const State& s, const Board& b, int kind, int pid, Legal& groups) {
    if (!s.players[pid].has_skill(frames::skill::THROW_TEAM_MATE) || kind != frames::at::START_THROW_TEAM_MATE) return;
    int adj[8];
    const int n = adjacent_players(s, b, pos(s, pid), adj);
    for (int i = 0; i < n; ++i) {
        const int q = adj[i];
        if (!throwable(s, pid, q)) continue;
        std::vector<int> squares = ttm_targets(s, b, pid);
        if (!squares.empty()) groups.push_back(Choice{frames::at::THROW_TEAM_MATE, {q}, squares, {}});
    }
}

// kick_team_mate.kicks: his Throw Team-mate action is a kick (Kick Team-mate without Throw Team-mate).
inline bool kicks(const State& s, int pid) noexcept {
    const Player& pl = s.players[pid];
    return pl.has_skill(frames::skill::KICK_TEAM_MATE) && !pl.has_skill(frames::skill::THROW_TEAM_MATE);
}

// bb2020_ktm_skills._ktm_choices: kick an adjacent team-mate who may be thrown (his own square).
inline void ktm_choices(const State& s, const Board& b, int kind, int pid, Legal& groups) {
    if (kind != frames::at::START_THROW_TEAM_MATE || !kicks(s, pid)) return;
    int adj[8];
    const int n = adjacent_players(s, b, pos(s, pid), adj);
    for (int i = 0; i < n; ++i) {
        const int q = adj[i];
        if (throwable(s, pid, q)) groups.push_back(Choice{frames::at::THROW_TEAM_MATE, {q}, {pos(s, q)}, {}});
    }
}

// The three handlers above in skill order (Hail Mary Pass, Bombardier, Throw Team-Mate).
inline void passing_action_choices(const State& s, const Board& b, int kind, int pid, Legal& groups) {
    hail_mary_choices(s, b, kind, pid, groups);
    bomb_choices(s, b, kind, pid, groups);
    ttm_choices(s, b, kind, pid, groups);
}

// SKILL_ACTIONS for HAIL_MARY, BOMB and THROW_TEAM_MATE chosen in the player action `action`
// (the frame on top): it finishes and the throw's procedure is pushed. False for other types.
inline bool passing_skill_action(State& s, Frame& action, const Act& a) {
    namespace fa = frames::p_player_action;
    const int pid = action.arg[fa::F_PID];
    if (a.type == frames::at::HAIL_MARY) {
        action.phase = fa::FINISHED;
        if (action.arg[fa::F_KIND] == frames::at::START_BOMB) {
            Frame& f = push(s, frames::BOMB);
            f.arg[frames::p_bomb::F_THROWER] = i16(pid);
            f.arg[frames::p_bomb::F_TARGET] = i16(a.square);
            f.arg[frames::p_bomb::F_SQ] = i16(a.square);
            f.arg[frames::p_bomb::F_HAIL_MARY] = 1;
            f.arg[frames::p_bomb::F_CATCHER] = -1;
        } else {
            push_pass(s, pid, a.square, HAIL_MARY);
        }
        return true;
    }
    if (a.type == frames::at::BOMB) {
        action.phase = fa::FINISHED;
        Frame& f = push(s, frames::BOMB);
        f.arg[frames::p_bomb::F_THROWER] = i16(pid);
        f.arg[frames::p_bomb::F_TARGET] = i16(a.square);
        f.arg[frames::p_bomb::F_SQ] = i16(a.square);
        f.arg[frames::p_bomb::F_CATCHER] = -1;
        return true;
    }
    if (a.type == frames::at::THROW_TEAM_MATE) {
        namespace ft = frames::p_throw_team_mate;
        action.phase = fa::FINISHED;
        const bool kick = kicks(s, pid);  // BB2020's Kick Team-mate (kick_team_mate.hpp), same fields
        Frame& f = push(s, kick ? frames::KICK_TEAM_MATE
                                : rules_of(s).ttm_2020 ? frames::THROW_TEAM_MATE_BB2020 : frames::THROW_TEAM_MATE);
        f.arg[ft::F_THROWER] = i16(pid);
        f.arg[ft::F_THROWN] = i16(a.player);
        f.arg[ft::F_TARGET] = i16(kick ? -1 : a.square);
        f.arg[ft::F_SPOT] = -1;
        f.arg[ft::F_STUNNED] = -1;  // the BB2020 frame's fields are these too (throw_team_mate_bb2020.hpp)
        return true;
    }
    return false;
}

}  // namespace nuffle::procs::passing
