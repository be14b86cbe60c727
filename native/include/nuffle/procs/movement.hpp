// A player action (core/procedures/action.py): declaring, standing up, the steps of its
// movement pushed one by one (each step, its dodge, the reactions to it and the pick-up are
// move_step.hpp's), assisted moves (assisted.hpp: the targets with their chances, the path
// walked) and the finishing steps (Block, Pass, Hand-off, Foul), with action.py's hook points
// AFTER_DECLARE, STAND_UP_ROLL, ACTION_CHOICES and ACTION_END. Their LRB6 handlers (the
// declaration rolls of Bone-head, Really Stupid, Wild Animal, Take Root and Blood Lust, Jump
// Up, the skills' own choices, Blood Lust's feeding) are skill_rules/action_skills.hpp's.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "nuffle/engine_base.hpp"
#include "nuffle/procs/assisted.hpp"
#include "nuffle/procs/ball.hpp"
#include "nuffle/procs/ball_and_chain.hpp"
#include "nuffle/procs/block.hpp"
#include "nuffle/procs/contact_foul.hpp"
#include "nuffle/procs/declaration_skills.hpp"
#include "nuffle/procs/injury.hpp"
#include "nuffle/procs/jump.hpp"
#include "nuffle/procs/lash_out.hpp"
#include "nuffle/procs/passing_actions.hpp"
#include "nuffle/procs/rolls.hpp"
#include "nuffle/procs/strike.hpp"
#include "nuffle/rules.hpp"

namespace nuffle::procs {

namespace fa = frames::p_player_action;
namespace fm2 = frames::p_move_step;

inline bool moving_action(int kind) noexcept {
    return kind == frames::at::START_MOVE || kind == frames::at::START_BLITZ || kind == frames::at::START_PASS ||
           kind == frames::at::START_HANDOFF || kind == frames::at::START_FOUL ||
           kind == frames::at::START_THROW_TEAM_MATE;
}

namespace fdc = frames::p_declaration_roll;

// action.py's hook points (`action`: the PlayerAction frame).
NUFFLE_HOOK_POINT(AfterDeclare, "action.after_declare", bool(State&, const Board&, const Frame& action));
NUFFLE_HOOK_POINT_BB2020(StandUpRoll, "action.stand_up_roll", bool(State&, const Board&, const Frame& action));
NUFFLE_HOOK_POINT_BB2020(ActionChoices, "action.choices", void(const State&, const Board&, const Frame& action, Legal& groups));
NUFFLE_HOOK_POINT(ActionEnd, "action.end", bool(State&, const Frame& action, int then));
NUFFLE_HOOK_POINT(PassMovesOn, "action.pass_moves_on", bool(const State&, int pid, char band));

// Pushes a DeclarationRoll (declaration_skills.DeclarationRoll): `flag` set on a failure,
// which loses the action when `lose`.
inline void push_declaration_roll(State& s, int pid, int kind, int target, int mod, std::uint32_t flag, bool lose) {
    Frame& d = push(s, frames::DECLARATION_ROLL);
    d.arg[fdc::F_KIND] = static_cast<std::int16_t>(kind);
    d.arg[fdc::F_PID] = static_cast<std::int16_t>(pid);
    d.arg[fdc::F_TARGET] = static_cast<std::int16_t>(target);
    d.arg[fdc::F_MOD] = static_cast<std::int16_t>(mod);
    d.arg[fdc::F_FLAG] = static_cast<std::int16_t>(flag);
    d.arg[fdc::F_LOSE] = static_cast<std::int16_t>(lose ? 1 : 0);
}

// action.AFTER_DECLARE, in skill order: the first handler that pushes a procedure (a
// DeclarationRoll) is the only one that runs. True if one was pushed.
inline bool after_declare(State& s, const Board& b, const Frame& f) {
    return hooks::any<AfterDeclare>(s, f.arg[fa::F_PID], s, b, f);
}

inline void declaration_roll_run(Ctx& c) {
    State& s = c.s;
    Frame& f = c.top();
    const int pid = f.arg[fdc::F_PID];
    if (f.phase == fdc::START) {
        f.phase = fdc::ROLLED;
        push_player_roll(s, f.arg[fdc::F_KIND], pid, f.arg[fdc::F_TARGET], f.arg[fdc::F_MOD], false);
        return;
    }
    const auto flag = static_cast<std::uint32_t>(static_cast<std::uint16_t>(f.arg[fdc::F_FLAG]));
    if (s.ok) {
        s.players[pid].flags &= ~flag;
    } else {
        s.players[pid].flags |= flag;
        s.ok = f.arg[fdc::F_LOSE] ? 0 : 1;
    }
    pop(s);
}

inline bool carries(const State& s, int pid) noexcept {
    return s.ball_state == frames::ball::CARRIED && s.ball == s.players[pid].square;
}

inline bool can_step(const State& s, const Frame& f) noexcept {
    const int pid = f.arg[fa::F_PID];
    if ((s.players[pid].flags & frames::flag::ROOTED) != 0) return false;
    return f.arg[fa::F_MOVES] < s.players[pid].ma + max_gfi(s, pid);
}

inline void push_move_step(State& s, int pid, int dest, int gfi) {
    Frame& m = push(s, frames::MOVE_STEP);
    m.arg[fm2::F_PID] = static_cast<std::int16_t>(pid);
    m.arg[fm2::F_DEST] = static_cast<std::int16_t>(dest);
    m.arg[fm2::F_GFI] = static_cast<std::int16_t>(gfi);
    m.arg[fm2::F_START] = -1;
    m.arg[fm2::F_ALT] = -1;
    m.arg[fm2::F_DIVER] = -1;
}

// PlayerAction._end: the action ends after what must happen at its end (ACTION_END).
inline void action_end(State& s, Frame& f) {
    f.phase = fa::ENDED;
    if (hooks::any<ActionEnd>(s, f.arg[fa::F_PID], s, f, -1)) return;
    pop(s);
}

// PlayerAction._finish_with for a pass or hand-off to `sq`: ACTION_END first (a Vampire who
// must feed does so before throwing; phase BEFORE_THROW), then the Pass or Handoff.
inline void finish_with_throw(State& s, const Board& b, Frame& f, int type, int sq) {
    const int pid = f.arg[fa::F_PID];
    if (hooks::holds<ActionEnd>(s, pid) && f.phase != fa::BEFORE_THROW) {
        f.phase = fa::BEFORE_THROW;
        f.arg[fa::F_THEN] = i16(type);
        f.arg[fa::F_THEN_SQ] = i16(sq);
        if (hooks::any<ActionEnd>(s, pid, s, f, type)) return;
        f.arg[fa::F_THEN] = -1;
    }
    f.phase = fa::FINISHED;
    if (type == frames::at::PASS) {
        // PASS_MOVES_ON (Running Pass): once the pass is resolved the action may go on (PASSED)
        if (hooks::any<PassMovesOn>(s, pid, s, pid, passing::band_between(s, b, pos(s, pid), sq))) f.phase = fa::PASSED;
        passing::push_pass(s, pid, sq, passing::PASS);
    } else {
        Frame& h = push(s, frames::HANDOFF);
        h.arg[frames::p_handoff::F_GIVER] = i16(pid);
        h.arg[frames::p_handoff::F_RECEIVER] = s.grid[sq];
    }
}

inline void action_step(State& s, Frame& f, int sq) {
    const int pid = f.arg[fa::F_PID];
    const int gfi = f.arg[fa::F_MOVES] >= s.players[pid].ma ? 1 : 0;
    ++f.arg[fa::F_MOVES];
    f.phase = fa::STEPPED;
    push_move_step(s, pid, sq, gfi);
}

inline void player_action_act(Ctx& c, const Act& a);

// PlayerAction._walk: the next step of an assisted path (stopping where the way is blocked),
// or the planned block, hand-off or foul once next to its target.
inline void action_walk(Ctx& c, Frame& f) {
    State& s = c.s;
    const int pid = f.arg[fa::F_PID];
    ListRef path = list_field(s, f, fa::F_PATH, fa::F_PATH_AT, fa::F_PATH_CAP);
    if (path.size() > 0) {
        const int nxt = path[0];
        path.erase_front();
        if (s.grid[nxt] == SQUARE_EMPTY) {
            action_step(s, f, nxt);
            return;
        }
        path.clear();  // the way is blocked: stop and let the coach decide
        f.arg[fa::F_THEN] = -1;
        wait(s, s.players[pid].team, frames::dk::MOVE);
        return;
    }
    const int t = f.arg[fa::F_THEN], sq = f.arg[fa::F_THEN_SQ];
    f.arg[fa::F_THEN] = -1;
    if (c.b.distance(s.players[pid].square, sq) == 1 && s.grid[sq] >= 0) {
        player_action_act(c, Act{t, -1, sq});  // PlayerAction._finish_with, as a chosen action
    } else {
        wait(s, s.players[pid].team, frames::dk::MOVE);
    }
}

inline void player_action_run(Ctx& c) {
    State& s = c.s;
    Frame& f = c.top();
    const int pid = f.arg[fa::F_PID];
    Player& pl = s.players[pid];
    int ph = f.phase;
    if (ph == fa::START) {
        pl.flags = (pl.flags | frames::flag::USED | frames::flag::PLAYED) & ~frames::flag::HYPNOTISED;
        if (pl.status != static_cast<int>(Status::STANDING)) pl.flags &= ~frames::flag::ROOTED;
        Team& t = s.teams[pl.team];
        const int kind = f.arg[fa::F_KIND];
        if (kind == frames::at::START_BLITZ) {
            t.blitz_used = 1;
        } else if (kind == frames::at::START_THROW_TEAM_MATE && passing::kicks(s, pid)) {
            t.ktm_used = 1;  // BB2020's Kick Team-mate: its own allowance (RULES §7.2)
        } else if (kind == frames::at::START_PASS || kind == frames::at::START_THROW_TEAM_MATE) {
            t.pass_used = 1;
        } else if (kind == frames::at::START_HANDOFF) {
            t.handoff_used = 1;
        } else if (kind == frames::at::START_FOUL) {
            t.foul_used = 1;
        }
        f.phase = fa::DECLARED;
        if (after_declare(s, c.b, f)) return;
        f.phase = fa::STAND_UP;
    } else if (ph == fa::DECLARED) {
        if (!s.ok) {
            pop(s);
            return;
        }
        f.phase = fa::STAND_UP;
    } else if (ph == fa::BLITZ_BLOCKED) {
        f.arg[fa::F_MOVES] = static_cast<std::int16_t>(f.arg[fa::F_MOVES] + s.extra_moves);
        f.phase = fa::MOVING;
    } else if (ph == fa::PASSED) {  // he moves on, unless he kept a fumbled ball
        const bool kept = s.ball_state == frames::ball::CARRIED && s.ball == pl.square;
        f.phase = kept ? fa::FINISHED : fa::MOVING;
    } else if (ph == fa::FOULED) {  // the foul resolved: the action ends, or he moves on (MOVES_ON)
        if (s.turnover || pl.status != static_cast<int>(Status::STANDING) || s.touchdown >= 0 ||
            !hooks::any<contact::FoulMovesOn>(s, pid, s, pid)) {
            action_end(s, f);
            return;
        }
        f.arg[fa::F_BLOCKED] = 1;  // the foul is made: no second foul
        f.phase = fa::MOVING;
    }
    if (f.phase == fa::STAND_UP) {
        f.phase = fa::MOVING;
        if (pl.status == static_cast<int>(Status::PRONE)) {
            const int cost = stand_up_cost(s, pid);
            const int ma = pl.ma;
            f.arg[fa::F_MOVES] = static_cast<std::int16_t>(cost < ma ? cost : ma);
            if (hooks::any<StandUpRoll>(s, pid, s, c.b, f)) {
                f.phase = fa::STAND_UP_ROLLED;
                return;
            }
            if (cost > ma) {
                f.phase = fa::STAND_UP_ROLLED;
                push_player_roll(s, frames::roll::STAND_UP, pid, 4, 0, false);
                return;
            }
            pl.status = static_cast<std::uint8_t>(Status::STANDING);
            note(s, frames::ev::STAND_UP, pid, pl.square);
        }
    } else if (f.phase == fa::STAND_UP_ROLLED) {
        note(s, frames::ev::STAND_UP, pid, pl.square, s.ok);
        if (!s.ok) {
            action_end(s, f);
            return;
        }
        pl.status = static_cast<std::uint8_t>(Status::STANDING);
        f.phase = fa::MOVING;
    } else if (f.phase == fa::STEPPED) {
        if (!s.ok) {
            action_end(s, f);
            return;
        }
        f.phase = fa::MOVING;
    }
    if (f.phase == fa::MOVING) {
        if (s.turnover || s.touchdown >= 0 || pl.status != static_cast<int>(Status::STANDING)) {
            action_end(s, f);
            return;
        }
        if (f.arg[fa::F_PATH] > 0 || f.arg[fa::F_THEN] >= 0) {
            action_walk(c, f);
            return;
        }
        wait(s, pl.team, frames::dk::MOVE);
        return;
    }
    if (f.phase == fa::BEFORE_THROW) {  // ACTION_END ran before a pass or hand-off
        const int then = f.arg[fa::F_THEN];
        f.arg[fa::F_THEN] = -1;
        // a hand-off needs its receiver still there (a bitten Thrall may be gone)
        const bool gone = then == frames::at::HANDOFF && s.grid[f.arg[fa::F_THEN_SQ]] < 0;
        if (s.ok && !s.turnover && pl.status == static_cast<int>(Status::STANDING) && s.touchdown < 0 && !gone) {
            finish_with_throw(s, c.b, f, then, f.arg[fa::F_THEN_SQ]);
        } else {
            action_end(s, f);
        }
        return;
    }
    if (f.phase == fa::FINISHED) {
        action_end(s, f);
        return;
    }
    pop(s);  // ENDED
}

inline std::vector<int> adjacent_where(const State& s, const Board& b, int pid, bool (*pred)(const State&, int, int)) {
    std::vector<int> out;
    const int sq = s.players[pid].square;
    const int side = s.players[pid].team;
    for (const int o : b.neighbours) {
        const int q = s.grid[sq + o];
        if (q >= 0 && pred(s, q, side)) out.push_back(sq + o);
    }
    return out;
}

// movement_skills._leap_choices (ACTION_CHOICES, Leap): any empty square two away, once a turn.
inline void leap_choices(const State& s, const Board& b, const Frame& f, Legal& groups) {
    const int pid = f.arg[fa::F_PID];
    const Player& pl = s.players[pid];
    if (!moving_action(f.arg[fa::F_KIND]) || (pl.flags & frames::flag::LEAP_USED) != 0 ||
        f.arg[fa::F_MOVES] + 2 > pl.ma + max_gfi(s, pid)) {
        return;
    }
    std::vector<int> squares;
    const int x0 = b.xs[static_cast<std::size_t>(pl.square)], y0 = b.ys[static_cast<std::size_t>(pl.square)];
    for (int dy = -2; dy <= 2; ++dy) {
        for (int dx = -2; dx <= 2; ++dx) {
            const int x = x0 + dx, y = y0 + dy;
            if ((dx != 0 || dy != 0) && ball_on(b, x, y) && s.grid[b.sq(x, y)] == SQUARE_EMPTY) squares.push_back(b.sq(x, y));
        }
    }
    if (!squares.empty()) groups.push_back(Choice{frames::at::LEAP, {}, squares, {}});
}

// bb2020_movement_skills._jump_anywhere (BB2020's ACTION_CHOICES, Leap and Pogo Stick): a Jump
// over any square, once per activation, unless a skill listed the LEAP group already.
inline void jump_anywhere_choices(const State& s, const Board& b, const Frame& f, Legal& groups) {
    const int pid = f.arg[fa::F_PID];
    const Player& pl = s.players[pid];
    if (!moving_action(f.arg[fa::F_KIND]) || (pl.flags & (frames::flag::LEAP_USED | frames::flag::ROOTED)) != 0 ||
        f.arg[fa::F_MOVES] + 2 > pl.ma + max_gfi(s, pid)) {
        return;
    }
    for (const Choice& g : groups) {
        if (g.type == frames::at::LEAP) return;
    }
    std::vector<int> squares = jump_squares(s, b, pid, true);
    if (!squares.empty()) groups.push_back(Choice{frames::at::LEAP, {}, squares, {}});
}

inline Legal player_action_legal(Ctx& c) {
    const State& s = c.s;
    const Board& b = c.b;
    const Frame& f = c.top();
    const int pid = f.arg[fa::F_PID];
    const int kind = f.arg[fa::F_KIND];
    const bool blocked = f.arg[fa::F_BLOCKED] != 0;
    Legal groups;
    // Assisted moves: the safest paths replace the adjacent squares of a move, blitz, hand-off, foul.
    const bool assist = s.assisted_moves && moving_action(kind) && (s.players[pid].flags & frames::flag::ROOTED) == 0;
    std::optional<paths::Search> ps;
    if (assist) ps.emplace(assisted::search(s, b, f));
    if (ps && can_step(s, f)) {
        assisted::add_with_odds(groups, frames::at::MOVE, ps->all());
    } else if (moving_action(kind) && can_step(s, f)) {
        std::vector<int> dests;
        const int sq = s.players[pid].square;
        for (const int o : b.neighbours) {
            if (sq >= 0 && s.grid[sq + o] == SQUARE_EMPTY) dests.push_back(sq + o);  // sq < 0: impossible position
        }
        if (!dests.empty()) groups.push_back(Choice{frames::at::MOVE, {}, dests, {}});
    }
    if (kind == frames::at::START_BLITZ && !blocked && ps) {
        assisted::add_with_odds(groups, frames::at::BLOCK, ps->adjacent(paths::Search::BLITZ));
    } else if ((kind == frames::at::START_BLOCK && !blocked) ||
               (kind == frames::at::START_BLITZ && !blocked && can_step(s, f))) {
        auto targets = adjacent_where(s, b, pid, [](const State& st, int q, int side) {
            return st.players[q].team != side && st.players[q].status == static_cast<int>(Status::STANDING);
        });
        if (!targets.empty()) groups.push_back(Choice{frames::at::BLOCK, {}, targets, {}});
    }
    if (kind == frames::at::START_PASS && carries(s, pid)) {
        std::vector<int> targets = passing::pass_targets(s, b, pid, passing::allowed_bands(s));
        if (!targets.empty()) groups.push_back(Choice{frames::at::PASS, {}, targets, {}});
    }
    if (kind == frames::at::START_HANDOFF && carries(s, pid) && ps) {
        assisted::add_with_odds(groups, frames::at::HANDOFF, ps->adjacent(paths::Search::HANDOFF));
    } else if (kind == frames::at::START_HANDOFF && carries(s, pid)) {
        auto mates = adjacent_where(s, b, pid, [](const State& st, int q, int side) {
            return st.players[q].team == side && can_catch(st, q);
        });
        if (!mates.empty()) groups.push_back(Choice{frames::at::HANDOFF, {}, mates, {}});
    }
    if (kind == frames::at::START_FOUL && !blocked && ps) {
        assisted::add_with_odds(groups, frames::at::FOUL, ps->adjacent(paths::Search::FOUL));
    } else if (kind == frames::at::START_FOUL && !blocked) {
        auto victims = adjacent_where(s, b, pid, [](const State& st, int q, int side) {
            return st.players[q].team != side && (st.players[q].status == static_cast<int>(Status::PRONE) ||
                                                  st.players[q].status == static_cast<int>(Status::STUNNED));
        });
        if (!victims.empty()) groups.push_back(Choice{frames::at::FOUL, {}, victims, {}});
    }
    groups.push_back(Choice{frames::at::END_ACTION, {}, {}, {}});
    hooks::each<ActionChoices>(s, pid, s, b, f, groups);  // ACTION_CHOICES, in skill order
    jump_choices(s, b, pid, moving_action(kind), f.arg[fa::F_MOVES], groups);
    return groups;
}

inline void player_action_act(Ctx& c, const Act& a) {
    State& s = c.s;
    Frame& f = c.top();
    if (a.type == frames::at::END_ACTION) {
        action_end(s, f);
        return;
    }
    const int pid = f.arg[fa::F_PID];
    if ((a.type == frames::at::MOVE || a.type == frames::at::BLOCK || a.type == frames::at::HANDOFF ||
         a.type == frames::at::FOUL) &&
        c.b.distance(s.players[pid].square, a.square) > 1) {
        assisted::plan(s, c.b, f, a.type, a.square);  // PlayerAction._plan: walk there first
        return;
    }
    if (a.type == frames::at::MOVE) {
        action_step(s, f, a.square);
        return;
    }
    if (a.type == frames::at::PLACE_BALL) {  // bb2020_fumblerooskie._fumblerooskie: leave the ball, step
        s.ball_state = frames::ball::ON_GROUND;
        Frame& lb = push(s, frames::FUMBLEROOSKIE);
        lb.arg[frames::p_fumblerooskie::F_PID] = static_cast<std::int16_t>(pid);
        lb.arg[frames::p_fumblerooskie::F_START] = static_cast<std::int16_t>(s.players[pid].square);
        list_field(s, f, fa::F_PATH, fa::F_PATH_AT, fa::F_PATH_CAP).clear();  // f: a fixed stack slot
        f.arg[fa::F_THEN] = -1;
        action_step(s, f, a.square);
        return;
    }
    if (a.type == frames::at::LEAP) {  // movement_skills._leap
        const int ma = s.players[pid].ma;
        const int over = f.arg[fa::F_MOVES] + 2 - ma;
        const int gfis = over < 0 ? 0 : (over > 2 ? 2 : over);
        f.arg[fa::F_MOVES] = static_cast<std::int16_t>(f.arg[fa::F_MOVES] + 2);
        list_field(s, f, fa::F_PATH, fa::F_PATH_AT, fa::F_PATH_CAP).clear();
        f.arg[fa::F_THEN] = -1;
        s.players[pid].flags |= frames::flag::LEAP_USED;
        f.phase = fa::STEPPED;
        push_move_step(s, pid, a.square, gfis);
        s.stack[s.frame_count - 1].arg[fm2::F_LEAP] = 1;
        return;
    }
    if (a.type == frames::at::MULTIPLE_BLOCK || a.type == frames::at::STAB || a.type == frames::at::CHAINSAW) {
        contact::block_skill_act(s, pid, f.arg[fa::F_KIND], f.arg[fa::F_BLOCKED], f.arg[fa::F_MOVES], f.phase,
                                 fa::FINISHED, a);
        return;
    }
    if (passing::passing_skill_action(s, f, a)) return;  // HAIL_MARY, BOMB, THROW_TEAM_MATE
    if (a.type == frames::at::START_MOVE) {  // Blood Lust: the Block becomes a Move
        f.arg[fa::F_KIND] = frames::at::START_MOVE;
        return;
    }
    if (a.type == frames::at::HYPNOTIC_GAZE) {  // the gaze ends the Move action
        f.phase = fa::FINISHED;
        push_gaze(s, pid, s.grid[a.square]);
        return;
    }
    if (a.type == frames::at::SELECT_SQUARE) {  // Ball & Chain
        chain_step_act(s, c.b, pid, f.arg[fa::F_MOVES], a.square);
        return;
    }
    const int victim = s.grid[a.square];
    if (a.type == frames::at::BLOCK) {  // PlayerAction._finish_with
        f.arg[fa::F_BLOCKED] = 1;
        if (f.arg[fa::F_KIND] == frames::at::START_BLITZ) {
            const bool gfi = f.arg[fa::F_MOVES] >= s.players[pid].ma;
            ++f.arg[fa::F_MOVES];
            f.phase = fa::BLITZ_BLOCKED;
            contact::push_block(s, pid, victim, true, gfi, f.arg[fa::F_MOVES]);
        } else {
            f.phase = fa::FINISHED;
            contact::push_block(s, pid, victim);
        }
        return;
    }
    if (a.type == frames::at::PASS || a.type == frames::at::HANDOFF) {
        finish_with_throw(s, c.b, f, a.type, a.square);
        return;
    }
    f.phase = fa::FOULED;  // a foul
    Frame& h = push(s, frames::FOUL);
    h.arg[frames::p_foul::F_FOULER] = static_cast<std::int16_t>(pid);
    h.arg[frames::p_foul::F_VICTIM] = static_cast<std::int16_t>(victim);
}

inline Detail player_action_detail(Ctx& c) {
    const Frame& f = c.top();
    Detail d;
    d.player = f.arg[fa::F_PID];
    d.action = f.arg[fa::F_KIND];
    d.moved = f.arg[fa::F_MOVES];
    return d;
}

}  // namespace nuffle::procs

#include "nuffle/skill_rules/action_skills.hpp"
