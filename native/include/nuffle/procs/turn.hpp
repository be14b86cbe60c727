// A team turn (core/procedures/turn.py): its start, the declarations with their hook point
// DECLARATIONS (its LRB6 handlers, Jump Up, Ball & Chain, Bombardier and Throw Team-Mate, are
// skill_rules/turn_skills.hpp's), the end of the turn.
// A declared action pushes a PlayerAction frame; a spell, the Wizard's frame (wizard.hpp).
#pragma once

#include <algorithm>
#include <vector>

#include "nuffle/engine_base.hpp"
#include "nuffle/procs/prayers.hpp"
#include "nuffle/procs/wizard.hpp"
#include "nuffle/rules.hpp"

namespace nuffle::procs {

namespace ft = frames::p_turn;

// turn.add_player: `pid` may declare `t` (a new group goes before END_TURN).
inline void add_declarer(Legal& groups, int t, int pid) {
    for (Choice& g : groups) {
        if (g.type != t) continue;
        if (std::find(g.players.begin(), g.players.end(), pid) == g.players.end()) {
            g.players.push_back(pid);
            std::sort(g.players.begin(), g.players.end());
        }
        return;
    }
    const bool end_last = !groups.empty() && groups.back().type == frames::at::END_TURN;
    groups.insert(end_last ? groups.end() - 1 : groups.end(), Choice{t, {pid}, {}, {}});
}

// turn.drop_player with t None: `pid` declares nothing (groups left empty go).
inline void drop_declarer(Legal& groups, int pid) {
    Legal out;
    for (Choice& g : groups) {
        const auto it = std::find(g.players.begin(), g.players.end(), pid);
        if (it != g.players.end()) {
            g.players.erase(it);
            if (g.players.empty()) continue;
        }
        out.push_back(std::move(g));
    }
    groups = std::move(out);
}

// turn.DECLARATIONS: which actions player `pid` (ready or prone-and-unused, on the acting team)
// may declare; the handlers edit `groups` (add_declarer, drop_declarer).
NUFFLE_HOOK_POINT(Declarations, "turn.declarations",
                  void(const State&, const Board&, int side, int pid, Legal& groups));

// turn.TURN_END: the team turn of the frame's side is ending (not the Blitz! turn, nor after a
// touchdown); `pid` is a standing player of the other side with a handler (in id order). True
// after pushing a procedure (Pick-me-up); the turn ends once it is done.
NUFFLE_HOOK_POINT(TurnEnd, "turn.end", bool(State&, const Board&, const Frame& turn, int pid));

// Turn._finish: the turn is over.
inline void turn_finish(State& s, const Board& b, const Frame& f) {
    const int side = f.arg[ft::F_SIDE];
    const bool blitz = f.arg[ft::F_BLITZ] != 0;
    for (int p = 0; p < s.player_count; ++p) {
        Player& pl = s.players[p];
        if (pl.team != side) continue;
        if (pl.status == static_cast<int>(Status::STUNNED) && (pl.flags & frames::flag::JUST_STUNNED) == 0) {
            pl.status = static_cast<std::uint8_t>(Status::PRONE);
        }
        pl.flags &= ~frames::flag::JUST_STUNNED;
    }
    s.active = -1;
    pop(s);
    if (!blitz && s.touchdown < 0 && (s.teams[0].prayers | s.teams[1].prayers) != 0) {
        const int pid = staller(s, b, side);  // BB2020's Throw a Rock (prayer_rock.py)
        if (pid >= 0) push_prayer_rock(s, pid);
    }
}

// Turn._end: the turnover's record, TURN_END's handlers, then the end.
inline void turn_end(Ctx& c, Frame& f) {
    State& s = c.s;
    const int side = f.arg[ft::F_SIDE];
    if (s.turnover) {
        add_stat(s, side, stat::TURNOVERS);
        note(s, frames::ev::TURNOVER, side, -1, 0);
    }
    if (!f.arg[ft::F_BLITZ] && s.touchdown < 0) {
        for (int p = 0; p < s.player_count; ++p) {  // TURN_END.holders, in id order
            const Player& pl = s.players[p];
            if (!hooks::holds<TurnEnd>(s, p) || pl.team == side || pl.status != static_cast<int>(Status::STANDING) ||
                pl.square < 0) {
                continue;
            }
            if (hooks::any<TurnEnd>(s, p, s, c.b, f, p)) {
                f.phase = ft::ENDING;
                return;
            }
        }
    }
    turn_finish(s, c.b, f);
}

inline void turn_run(Ctx& c) {
    State& s = c.s;
    Frame& f = c.top();
    const int side = f.arg[ft::F_SIDE];
    if (f.phase == ft::ENDING) {
        turn_finish(s, c.b, f);
        return;
    }
    if (f.phase == ft::START) {
        s.active = static_cast<std::int16_t>(side);
        s.turnover = 0;
        Team& t = s.teams[side];
        if (!f.arg[ft::F_BLITZ]) ++t.turn;
        t.reroll_used = 0;
        t.blitz_used = t.pass_used = t.handoff_used = t.foul_used = t.ktm_used = 0;
        for (int p = 0; p < s.player_count; ++p) s.players[p].flags &= ~frames::flag::PER_TURN;
        if (f.arg[ft::F_BLITZ]) {
            for (int p = 0; p < s.player_count; ++p) {
                Player& pl = s.players[p];
                if (pl.team == side && pl.square >= 0 && tackle_zones(s, c.b, pl.square, side) != 0) {
                    pl.flags |= frames::flag::USED;
                }
            }
        }
        f.phase = ft::DECLARE;
    }
    if (s.turnover || s.touchdown >= 0) {
        turn_end(c, f);
        return;
    }
    wait(s, side, frames::dk::SELECT_ACTION);
}

// Turn._blitz_bb2020: BB2020's kick-off Blitz (the blitz_bb2020 frame below the turn): its
// eligible players only, until `limit` of them have acted; Move actions and one Blitz.
inline Legal blitz_bb2020_legal(State& s, Frame& blitz, int side, const std::vector<int>& ready_all) {
    namespace fb = frames::p_blitz_bb2020;
    const ListRef eligible = list_field(s, blitz, fb::F_ELIGIBLE, fb::F_ELIGIBLE_AT, fb::F_ELIGIBLE_CAP);
    int acted = 0;
    for (int i = 0; i < eligible.size(); ++i) acted += (s.players[eligible[i]].flags & frames::flag::USED) != 0 ? 1 : 0;
    std::vector<int> ready;
    if (acted < blitz.arg[fb::F_LIMIT]) {
        for (const int p : ready_all) {
            for (int i = 0; i < eligible.size(); ++i) {
                if (eligible[i] == p) ready.push_back(p);
            }
        }
    }
    Legal groups;
    if (!ready.empty()) {
        groups.push_back(Choice{frames::at::START_MOVE, ready, {}, {}});
        if (!s.teams[side].blitz_used) groups.push_back(Choice{frames::at::START_BLITZ, ready, {}, {}});
    }
    groups.push_back(Choice{frames::at::END_TURN, {}, {}, {}});
    return groups;
}

inline Legal turn_legal(Ctx& c) {
    const State& s = c.s;
    const Board& b = c.b;
    const Frame& f = c.top();
    const int side = f.arg[ft::F_SIDE];
    const Team& t = s.teams[side];
    std::vector<int> ready, blockers;
    for (int p = 0; p < s.player_count; ++p) {
        const Player& pl = s.players[p];
        if (pl.team != side) continue;
        const bool standing = pl.status == static_cast<int>(Status::STANDING);
        if (!(standing || pl.status == static_cast<int>(Status::PRONE)) || (pl.flags & frames::flag::USED) != 0) continue;
        ready.push_back(p);
        if (!standing || pl.square < 0) continue;  // off the pitch (only in an impossible position)
        for (const int off : b.neighbours) {
            const int q = s.grid[pl.square + off];
            if (q >= 0 && s.players[q].team != side && s.players[q].status == static_cast<int>(Status::STANDING)) {
                blockers.push_back(p);
                break;
            }
        }
    }
    if (f.arg[ft::F_BLITZ] && s.frame_count > 1 && c.s.stack[s.frame_count - 2].proc == frames::BLITZ_BB2020) {
        return blitz_bb2020_legal(c.s, c.s.stack[s.frame_count - 2], side, ready);
    }
    Legal groups;
    if (!ready.empty()) {
        groups.push_back(Choice{frames::at::START_MOVE, ready, {}, {}});
        if (!blockers.empty()) groups.push_back(Choice{frames::at::START_BLOCK, blockers, {}, {}});
        if (!t.blitz_used) groups.push_back(Choice{frames::at::START_BLITZ, ready, {}, {}});
        if (!t.pass_used) groups.push_back(Choice{frames::at::START_PASS, ready, {}, {}});
        if (!t.handoff_used) groups.push_back(Choice{frames::at::START_HANDOFF, ready, {}, {}});
        bool down = false;
        for (int p = 0; p < s.player_count; ++p) {
            const Player& pl = s.players[p];
            down = down || (pl.team != side && (pl.status == static_cast<int>(Status::PRONE) ||
                                                pl.status == static_cast<int>(Status::STUNNED)));
        }
        if (!t.foul_used && down) groups.push_back(Choice{frames::at::START_FOUL, ready, {}, {}});
    }
    wizard_spells(s, side, f.arg[ft::F_BLITZ] != 0, groups);
    groups.push_back(Choice{frames::at::END_TURN, {}, {}, {}});
    for (int p = 0; p < s.player_count; ++p) {  // DECLARATIONS.holders, in id order
        const Player& pl = s.players[p];
        if (!hooks::holds<Declarations>(s, p) || pl.team != side) continue;
        if (!(pl.status == static_cast<int>(Status::STANDING) || pl.status == static_cast<int>(Status::PRONE)) ||
            (pl.flags & frames::flag::USED) != 0) {
            continue;
        }
        hooks::each<Declarations>(s, p, s, b, side, p, groups);
    }
    return groups;
}

inline void turn_act(Ctx& c, const Act& a) {
    State& s = c.s;
    if (a.type == frames::at::END_TURN) {
        turn_end(c, c.top());
        return;
    }
    if (a.type == frames::at::USE_FIREBALL || a.type == frames::at::USE_LIGHTNING_BOLT) {
        push_wizard(s, c.top().arg[ft::F_SIDE], a.type);
        return;
    }
    namespace fa = frames::p_player_action;
    Frame& f = push(s, frames::PLAYER_ACTION);
    f.arg[fa::F_PID] = static_cast<std::int16_t>(a.player);
    f.arg[fa::F_KIND] = static_cast<std::int16_t>(a.type);
    f.arg[fa::F_THEN] = -1;
    f.arg[fa::F_THEN_SQ] = -1;
}

}  // namespace nuffle::procs

#include "nuffle/skill_rules/turn_skills.hpp"
