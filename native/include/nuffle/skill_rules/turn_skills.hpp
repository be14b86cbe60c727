// LRB6's handlers at turn.hpp's DECLARATIONS (Python's skill_rules movement_skills.py,
// team_skills.py and passing_skills.py): Jump Up (a prone player may declare a Block), Ball &
// Chain (only a Move), Bombardier (a Bomb action), Throw Team-Mate (with a team-mate who may be
// thrown). Included by turn.hpp after its procedures.
#pragma once

#include <algorithm>

#include "nuffle/hooks.hpp"
#include "nuffle/procs/passing.hpp"
#include "nuffle/procs/pick_me_up.hpp"
#include "nuffle/procs/turn.hpp"

namespace nuffle::procs {

namespace lrb6_turn {
inline void jump_up(const State& s, const Board& b, int side, int pid, Legal& groups) {
    const Player& pl = s.players[pid];
    if (pl.status != static_cast<int>(Status::PRONE) || pl.square < 0) return;
    for (const int off : b.neighbours) {
        const int q = s.grid[pl.square + off];
        if (q >= 0 && s.players[q].team != side && s.players[q].status == static_cast<int>(Status::STANDING)) {
            add_declarer(groups, frames::at::START_BLOCK, pid);
            return;
        }
    }
}

inline void ball_and_chain(const State&, const Board&, int, int pid, Legal& groups) {
    drop_declarer(groups, pid);
    add_declarer(groups, frames::at::START_MOVE, pid);
}

inline void bombardier(const State& s, const Board&, int, int pid, Legal& groups) {
    if (s.players[pid].status == static_cast<int>(Status::STANDING)) add_declarer(groups, frames::at::START_BOMB, pid);
}

// Throw Team-Mate: once the pass is unused, with a standing team-mate who may be thrown
// (passing_skills._throwable over CAN_BE_THROWN's holders); the group goes after START_PASS.
inline void add_thrower(const State& s, int pid, Legal& groups);
inline void throw_team_mate(const State& s, const Board&, int side, int pid, Legal& groups) {
    if (!s.teams[side].pass_used) add_thrower(s, pid, groups);
}
// The Throw Team-mate declaration of `pid` (his allowance checked): with a standing team-mate
// who may be thrown.
inline void add_thrower(const State& s, int pid, Legal& groups) {
    const Player& pl = s.players[pid];
    bool any = false;
    for (int q = 0; q < s.player_count && !any; ++q) {
        const Player& o = s.players[q];
        any = q != pid && o.team == pl.team && o.status == static_cast<int>(Status::STANDING) &&
              hooks::any<passing::CanBeThrown>(s, q, s, pid, q);
    }
    if (!any) return;
    const int t = frames::at::START_THROW_TEAM_MATE;
    auto it = std::find_if(groups.begin(), groups.end(), [&](const Choice& g) { return g.type == t; });
    if (it != groups.end()) {
        it->players.push_back(pid);
        std::sort(it->players.begin(), it->players.end());
        it->squares.clear();
        it->probabilities.clear();
        return;
    }
    auto pass = std::find_if(groups.begin(), groups.end(), [](const Choice& g) { return g.type == frames::at::START_PASS; });
    const auto at = pass != groups.end() ? pass + 1 : groups.end() - 1;
    groups.insert(at, Choice{t, {pid}, {}, {}});
}
}  // namespace lrb6_turn

// BB2020's Kick Team-mate (skill_rules/bb2020_ktm_skills.py): the Throw Team-mate declaration of a
// player with Kick Team-mate and not Throw Team-mate, once a turn (its own allowance).
namespace bb2020_turn {
inline void kick_team_mate(const State& s, const Board&, int side, int pid, Legal& groups) {
    if (s.players[pid].has_skill(frames::skill::THROW_TEAM_MATE) || s.teams[side].ktm_used) return;
    lrb6_turn::add_thrower(s, pid, groups);
}
}  // namespace bb2020_turn

// My Ball (BB2020 only; skill_rules/bb2020_passing_skills.py): no Pass and no Hand-off action.
namespace bb2020_turn {
inline void my_ball(const State&, const Board&, int, int pid, Legal& groups) {
    Legal out;
    for (Choice& g : groups) {
        if (g.type == frames::at::START_PASS || g.type == frames::at::START_HANDOFF) {
            g.players.erase(std::remove(g.players.begin(), g.players.end(), pid), g.players.end());
            if (g.players.empty()) continue;
        }
        out.push_back(std::move(g));
    }
    groups = std::move(out);
}
}  // namespace bb2020_turn

NUFFLE_LRB6_HANDLERS(Declarations, {frames::skill::JUMP_UP, lrb6_turn::jump_up},
                     {frames::skill::BALL_AND_CHAIN, lrb6_turn::ball_and_chain},
                     {frames::skill::BOMBARDIER, lrb6_turn::bombardier},
                     {frames::skill::THROW_TEAM_MATE, lrb6_turn::throw_team_mate},
                     {frames::skill::KICK_TEAM_MATE, bb2020_turn::kick_team_mate},
                     {frames::skill::MY_BALL, bb2020_turn::my_ball})

// BB2020's Pick-me-up at TURN_END (skill_rules/bb2020_trait_skills.py): his team's roll to stand.
namespace bb2020_turn {
inline bool pick_me_up(State& s, const Board& b, const Frame&, int pid) {
    const int side = s.players[pid].team;
    if (picked_up(s, b, side, -1) < 0) return false;
    push_pick_me_up(s, side);
    return true;
}
}  // namespace bb2020_turn

NUFFLE_LRB6_HANDLERS(TurnEnd, {frames::skill::PICK_ME_UP, bb2020_turn::pick_me_up})

}  // namespace nuffle::procs
