// A player action and its movement (core/procedures/action.py, movement.py, ball.Pickup):
// declaring, standing up, moving step by step with Going For It and dodges (Dodge, Tackle,
// Diving Tackle, Break Tackle, Stunty, Titchy, Two Heads, Prehensile Tail, Sprint, Sure Feet),
// picking the ball up, the reactions before and after leaving a square (Tentacles, Shadowing:
// their rolls in movement_skills.hpp), assisted moves (assisted.hpp: the targets with their
// chances, the path walked) and the finishing steps (Block, Pass, Hand-off, Foul). The
// declaration rolls (Bone-head, Really Stupid, Wild Animal, Take Root, Blood Lust), Leap (Very
// Long Legs), Jump Up, the skills' own choices and Blood Lust's feeding at the action's end
// (declaration_skills.hpp) are ported.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "nuffle/engine_base.hpp"
#include "nuffle/procs/assisted.hpp"
#include "nuffle/procs/ball.hpp"
#include "nuffle/procs/ball_and_chain.hpp"
#include "nuffle/procs/block.hpp"
#include "nuffle/procs/declaration_skills.hpp"
#include "nuffle/procs/injury.hpp"
#include "nuffle/procs/passing_actions.hpp"
#include "nuffle/procs/rolls.hpp"
#include "nuffle/rules.hpp"

namespace nuffle::procs {

namespace fa = frames::p_player_action;
namespace fm2 = frames::p_move_step;
namespace fdr = frames::p_dodge_roll;
namespace frx = frames::p_reaction;
namespace fpu = frames::p_pickup;

inline bool moving_action(int kind) noexcept {
    return kind == frames::at::START_MOVE || kind == frames::at::START_BLITZ || kind == frames::at::START_PASS ||
           kind == frames::at::START_HANDOFF || kind == frames::at::START_FOUL ||
           kind == frames::at::START_THROW_TEAM_MATE;
}

namespace fdc = frames::p_declaration_roll;

// action.AFTER_DECLARE, in skill order: the first handler that pushes
// a DeclarationRoll wins. True if one was pushed.
inline bool after_declare(State& s, const Board& b, const Frame& f) {
    const int pid = f.arg[fa::F_PID];
    const Player& pl = s.players[pid];
    int kind = -1, target = 0, mod = 0, lose = 1;
    std::uint32_t flag = 0;
    for (int k = pl.next_skill(0); k >= 0 && kind < 0; k = pl.next_skill(k + 1)) {
        if (k == frames::skill::BONE_HEAD) {
            kind = frames::roll::BONE_HEAD;
            target = 2;
            flag = frames::flag::DISTRACTED;
        } else if (k == frames::skill::REALLY_STUPID) {
            bool helped = false;  // declaration_skills._helped_by_team_mate
            for (const int off : b.neighbours) {
                const int q = s.grid[pl.square + off];
                if (q >= 0 && s.players[q].team == pl.team && s.players[q].status == static_cast<int>(Status::STANDING) &&
                    !s.players[q].has_skill(frames::skill::REALLY_STUPID)) {
                    helped = true;
                }
            }
            kind = frames::roll::REALLY_STUPID;
            target = helped ? 2 : 4;
            flag = frames::flag::DISTRACTED;
        } else if (k == frames::skill::TAKE_ROOT) {
            if ((pl.flags & frames::flag::ROOTED) != 0) continue;  // already rooted
            kind = frames::roll::TAKE_ROOT;
            target = 2;
            flag = frames::flag::ROOTED;
            lose = 0;
        } else if (k == frames::skill::WILD_ANIMAL) {
            kind = frames::roll::WILD_ANIMAL;
            target = 4;
            const int a = f.arg[fa::F_KIND];
            mod = (a == frames::at::START_BLOCK || a == frames::at::START_BLITZ) ? 2 : 0;
        } else if (k == frames::skill::BLOOD_LUST) {  // declaration_skills._blood_lust
            kind = frames::roll::BLOOD_LUST;
            target = 2;
            flag = frames::flag::MUST_FEED;
            lose = 0;
        }
    }
    if (kind < 0) return false;
    Frame& d = push(s, frames::DECLARATION_ROLL);
    d.arg[fdc::F_KIND] = static_cast<std::int16_t>(kind);
    d.arg[fdc::F_PID] = static_cast<std::int16_t>(pid);
    d.arg[fdc::F_TARGET] = static_cast<std::int16_t>(target);
    d.arg[fdc::F_MOD] = static_cast<std::int16_t>(mod);
    d.arg[fdc::F_FLAG] = static_cast<std::int16_t>(flag);
    d.arg[fdc::F_LOSE] = static_cast<std::int16_t>(lose);
    return true;
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

// PlayerAction._end: the action ends after what must happen at its end (ACTION_END: Blood
// Lust's feeding, declaration_skills._must_feed).
inline void action_end(State& s, Frame& f) {
    f.phase = fa::ENDED;
    const int pid = f.arg[fa::F_PID];
    if (s.players[pid].has_skill(frames::skill::BLOOD_LUST) && (s.players[pid].flags & frames::flag::MUST_FEED) != 0) {
        push_feed(s, pid);
        return;
    }
    pop(s);
}

// PlayerAction._finish_with for a pass or hand-off to `sq`: ACTION_END first (a Vampire who
// must feed does so before throwing; phase BEFORE_THROW), then the Pass or Handoff.
inline void finish_with_throw(State& s, Frame& f, int type, int sq) {
    const int pid = f.arg[fa::F_PID];
    if (s.players[pid].has_skill(frames::skill::BLOOD_LUST) && f.phase != fa::BEFORE_THROW) {
        f.phase = fa::BEFORE_THROW;
        f.arg[fa::F_THEN] = i16(type);
        f.arg[fa::F_THEN_SQ] = i16(sq);
        if ((s.players[pid].flags & frames::flag::MUST_FEED) != 0) {
            push_feed(s, pid);
            return;
        }
        f.arg[fa::F_THEN] = -1;
    }
    f.phase = fa::FINISHED;
    if (type == frames::at::PASS) {
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
    ListRef path = list_field(s, f, fa::F_PATH, fa::F_PATH_AT, 24);
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
    }
    if (f.phase == fa::STAND_UP) {
        f.phase = fa::MOVING;
        if (pl.status == static_cast<int>(Status::PRONE)) {
            const int cost = stand_up_cost(s, pid);
            const int ma = pl.ma;
            f.arg[fa::F_MOVES] = static_cast<std::int16_t>(cost < ma ? cost : ma);
            if (pl.has_skill(frames::skill::JUMP_UP) && f.arg[fa::F_KIND] == frames::at::START_BLOCK) {
                f.phase = fa::STAND_UP_ROLLED;  // STAND_UP_ROLL: Jump Up for a Block, AG roll at +2
                push_player_roll(s, frames::roll::JUMP_UP, pid, agility_target(pl.ag), 2);
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
            finish_with_throw(s, f, then, f.arg[fa::F_THEN_SQ]);
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
            if (s.grid[sq + o] == SQUARE_EMPTY) dests.push_back(sq + o);
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
    if (kind == frames::at::START_FOUL && ps) {
        assisted::add_with_odds(groups, frames::at::FOUL, ps->adjacent(paths::Search::FOUL));
    } else if (kind == frames::at::START_FOUL) {
        auto victims = adjacent_where(s, b, pid, [](const State& st, int q, int side) {
            return st.players[q].team != side && (st.players[q].status == static_cast<int>(Status::PRONE) ||
                                                  st.players[q].status == static_cast<int>(Status::STUNNED));
        });
        if (!victims.empty()) groups.push_back(Choice{frames::at::FOUL, {}, victims, {}});
    }
    groups.push_back(Choice{frames::at::END_ACTION, {}, {}, {}});
    // ACTION_CHOICES, each handler of the player's skills in skill order
    const Player& pl = s.players[pid];
    for (int k = pl.next_skill(0); k >= 0; k = pl.next_skill(k + 1)) {
        if (k == frames::skill::LEAP) {
            leap_choices(s, b, f, groups);
        } else if (k == frames::skill::MULTIPLE_BLOCK || k == frames::skill::CHAINSAW || k == frames::skill::STAB) {
            contact::block_skill_choices(s, b, k, pid, kind, blocked, f.arg[fa::F_MOVES], groups);
        } else if (k == frames::skill::HAIL_MARY_PASS) {
            passing::hail_mary_choices(s, b, kind, pid, groups);
        } else if (k == frames::skill::BOMBARDIER) {
            passing::bomb_choices(s, b, kind, pid, groups);
        } else if (k == frames::skill::THROW_TEAM_MATE) {
            passing::ttm_choices(s, b, kind, pid, groups);
        } else if (k == frames::skill::BALL_AND_CHAIN) {
            chain_choices(s, b, pid, can_step(s, f), f.arg[fa::F_MOVES], groups);
        } else if (k == frames::skill::BLOOD_LUST) {
            blood_lust_choices(s, pid, kind, blocked, groups);
        } else if (k == frames::skill::HYPNOTIC_GAZE) {
            gaze_choices(s, b, pid, kind, groups);
        }
    }
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
    if (a.type == frames::at::LEAP) {  // movement_skills._leap
        const int ma = s.players[pid].ma;
        const int over = f.arg[fa::F_MOVES] + 2 - ma;
        const int gfis = over < 0 ? 0 : (over > 2 ? 2 : over);
        f.arg[fa::F_MOVES] = static_cast<std::int16_t>(f.arg[fa::F_MOVES] + 2);
        list_field(s, f, fa::F_PATH, fa::F_PATH_AT, 24).clear();
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
        finish_with_throw(s, f, a.type, a.square);
        return;
    }
    f.phase = fa::FINISHED;  // a foul
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

// --- Reaction ------------------------------------------------------------------------------

inline void push_reaction(State& s, int side, const std::vector<int>& players) {
    Frame& r = push(s, frames::REACTION);
    r.arg[frx::F_SIDE] = static_cast<std::int16_t>(side);
    ListRef l = list_field(s, r, frx::F_PLAYERS, frx::F_PLAYERS_AT, 16);
    for (const int p : players) l.push_back(p);
}

inline Legal reaction_choices(const std::int16_t* players, int n) {
    if (n == 1) return {Choice{frames::at::USE_SKILL, {}, {}, {}}, Choice{frames::at::DECLINE, {}, {}, {}}};
    return {Choice{frames::at::SELECT_PLAYER, std::vector<int>(players, players + n), {}, {}},
            Choice{frames::at::DECLINE, {}, {}, {}}};
}

inline int chosen_player(const std::int16_t* players, const Act& a) noexcept {
    if (a.type == frames::at::DECLINE) return -1;
    if (a.type == frames::at::USE_SKILL) return players[0];
    return a.player;
}

inline void reaction_run(Ctx& c) { wait(c.s, c.top().arg[frx::F_SIDE], frames::dk::REACTION); }

inline Legal reaction_legal(Ctx& c) {
    Frame& f = c.top();
    return reaction_choices(&c.s.pool[f.pool_base + frx::F_PLAYERS_AT], f.arg[frx::F_PLAYERS]);
}

inline void reaction_act(Ctx& c, const Act& a) {
    Frame& f = c.top();
    c.s.reactor = static_cast<std::int16_t>(chosen_player(&c.s.pool[f.pool_base + frx::F_PLAYERS_AT], a));
    pop(c.s);
}

// --- DodgeRoll (a PlayerRoll with Diving Tackle) ---------------------------------------------

static_assert(fdr::F_KIND == fr::F_KIND && fdr::F_PID == fr::F_PID && fdr::F_TARGET == fr::F_TARGET &&
                  fdr::F_MOD == fr::F_MOD && fdr::F_AGILITY == fr::F_AGILITY && fdr::F_DIE == fr::F_DIE &&
                  fdr::F_REROLLED == fr::F_REROLLED && fdr::F_BLOCKED_SKILL == fr::F_BLOCKED_SKILL,
              "a DodgeRoll frame starts with PlayerRoll's fields");

inline void dodge_request(State& s, const Frame& f) {
    if (f.arg[fdr::F_DIVER] < 0) {
        request(s, Dice::D6, 1, purpose("dodge"));
    } else {
        request_roll(s, f);
    }
}

inline void dodge_finish(State& s, const Frame& f, bool ok) {
    const int diver = f.arg[fdr::F_DIVER];
    roll_finish(s, f, ok);
    s.reactor = static_cast<std::int16_t>(diver);
}

inline void dodge_roll_run(Ctx& c) {
    State& s = c.s;
    Frame& f = c.top();
    const int pid = f.arg[fdr::F_PID];
    if (f.phase == fdr::ROLLED && f.arg[fdr::F_DIVER] < 0) {
        const int d = die(s);
        if (roll_succeeds(d, f.arg[fdr::F_TARGET], f.arg[fdr::F_MOD], true)) {
            const std::int16_t* divers = frame_list(s, f, fdr::F_DIVERS_AT);
            const std::int16_t* dmods = frame_list(s, f, fdr::F_DMODS_AT);
            ListRef flips = list_field(s, f, fdr::F_FLIPS, fdr::F_FLIPS_AT, 16);
            std::vector<int> found;
            for (int i = 0; i < f.arg[fdr::F_DIVERS]; ++i) {
                if (!roll_succeeds(d, f.arg[fdr::F_TARGET], f.arg[fdr::F_MOD] + dmods[i], true)) found.push_back(divers[i]);
            }
            if (!found.empty()) {
                f.arg[fdr::F_DIE] = static_cast<std::int16_t>(need(f.arg[fdr::F_TARGET], f.arg[fdr::F_MOD], true));
                flips.clear();
                for (const int q : found) flips.push_back(q);
                f.phase = fdr::DIVING_TACKLE;
                wait(s, other(s.players[pid].team), frames::dk::DIVING_TACKLE);
                return;
            }
        }
    }
    // PlayerRoll.run, with DodgeRoll's event and finish
    if (f.phase == fr::START) {
        f.phase = fr::ROLLED;
        dodge_request(s, f);
        return;
    }
    if (f.phase == fr::ROLLED) {
        const int d = die(s);
        f.arg[fr::F_DIE] = static_cast<std::int16_t>(d);
        note(s, frames::ev::ROLL, f.arg[fr::F_PID], f.arg[fr::F_KIND], d * 8 + roll_need(f));
        if (roll_succeeds(d, f.arg[fr::F_TARGET], f.arg[fr::F_MOD], f.arg[fr::F_AGILITY] != 0)) {
            dodge_finish(s, f, true);
            return;
        }
        if (f.arg[fr::F_REROLLED] != 0 || (!roll_skill(s, f, false) && !roll_team(s, f) && !roll_pro(s, pid, false))) {
            dodge_finish(s, f, false);
            return;
        }
        f.phase = fr::REROLL_CHOICE;
        wait(s, s.players[pid].team, frames::dk::REROLL);
        f.arg[fr::F_DIE] = 1;  // a failure waiting for a re-roll choice: any failing face alike
        return;
    }
    if (f.phase == fr::REROLL_CHECK) {
        if (die(s) >= 4) {
            f.phase = fr::ROLLED;
            dodge_request(s, f);
        } else {
            dodge_finish(s, f, false);
        }
    }
}

inline Legal dodge_roll_legal(Ctx& c) {
    Frame& f = c.top();
    if (f.phase == fdr::DIVING_TACKLE) return reaction_choices(frame_list(c.s, f, fdr::F_FLIPS_AT), f.arg[fdr::F_FLIPS]);
    return player_roll_legal(c);
}

inline void dodge_roll_act(Ctx& c, const Act& a) {
    State& s = c.s;
    Frame& f = c.top();
    const int pid = f.arg[fdr::F_PID];
    if (f.phase != fdr::DIVING_TACKLE) {
        if (a.type == frames::at::DECLINE) {
            dodge_finish(s, f, false);
            return;
        }
        roll_reroll(s, f, a, dodge_request);
        return;
    }
    const int q = chosen_player(frame_list(s, f, fdr::F_FLIPS_AT), a);
    if (q < 0) {
        dodge_finish(s, f, true);
        return;
    }
    f.arg[fdr::F_DIVER] = static_cast<std::int16_t>(q);
    const std::int16_t* divers = frame_list(s, f, fdr::F_DIVERS_AT);
    const std::int16_t* dmods = frame_list(s, f, fdr::F_DMODS_AT);
    for (int i = 0; i < f.arg[fdr::F_DIVERS]; ++i) {
        if (divers[i] == q) {
            f.arg[fdr::F_MOD] = static_cast<std::int16_t>(f.arg[fdr::F_MOD] + dmods[i]);
            break;
        }
    }
    if (f.arg[fr::F_REROLLED] != 0 || (!roll_skill(s, f, false) && !roll_team(s, f))) {
        dodge_finish(s, f, false);
        return;
    }
    f.phase = fr::REROLL_CHOICE;
    wait(s, s.players[pid].team, frames::dk::REROLL);
}

inline Detail dodge_roll_detail(Ctx& c) {
    const Frame& f = c.top();
    if (f.phase == fdr::DIVING_TACKLE) {
        Detail d;
        d.player = f.arg[fdr::F_PID];
        d.skill = frames::skill::DIVING_TACKLE;
        return d;
    }
    return player_roll_detail(c);
}

// --- MoveStep ------------------------------------------------------------------------------

inline std::vector<int> leaving_reactors(const State& s, const Board& b, int pid, int start, bool after) {
    int qs[8];
    const int k = tz_players(s, b, start, s.players[pid].team, qs);
    std::vector<int> out;
    for (int i = 0; i < k; ++i) {
        if (after) {
            if (s.players[qs[i]].has_skill(frames::skill::SHADOWING) && s.grid[start] == SQUARE_EMPTY) out.push_back(qs[i]);
        } else if (s.players[qs[i]].has_skill(frames::skill::TENTACLES)) {
            out.push_back(qs[i]);
        }
    }
    return out;
}

inline void move_step_done(State& s, bool goes_on) {
    s.ok = goes_on ? 1 : 0;
    pop(s);
}

inline void move_step_dodge(Ctx& c, Frame& f) {
    State& s = c.s;
    const int pid = f.arg[fm2::F_PID];
    const int start = f.arg[fm2::F_START];
    const int dest = f.arg[fm2::F_DEST];
    const int stat = f.arg[fm2::F_ALT] > 0 ? f.arg[fm2::F_ALT] : s.players[pid].ag;
    const int target = agility_target(stat);
    const int mod = dodge_modifier(s, c.b, pid, dest, start);
    const bool blocked = dodge_reroll_blocked(s, c.b, pid, start);
    int qs[8];
    const int k = tz_players(s, c.b, start, s.players[pid].team, qs);
    std::vector<int> divers;
    for (int i = 0; i < k; ++i) {
        if (s.players[qs[i]].has_skill(frames::skill::DIVING_TACKLE)) divers.push_back(qs[i]);
    }
    if (divers.empty()) {
        push_player_roll(s, frames::roll::DODGE, pid, target, mod, true, blocked);
        return;
    }
    Frame& d = push(s, frames::DODGE_ROLL);
    d.arg[fdr::F_KIND] = frames::roll::DODGE;
    d.arg[fdr::F_PID] = static_cast<std::int16_t>(pid);
    d.arg[fdr::F_TARGET] = static_cast<std::int16_t>(target);
    d.arg[fdr::F_MOD] = static_cast<std::int16_t>(mod);
    d.arg[fdr::F_AGILITY] = 1;
    d.arg[fdr::F_BLOCKED_SKILL] = blocked ? 1 : 0;
    d.arg[fdr::F_DIVER] = -1;
    ListRef dl = list_field(s, d, fdr::F_DIVERS, fdr::F_DIVERS_AT, 16);
    ListRef ml = list_field(s, d, fdr::F_DMODS, fdr::F_DMODS_AT, 16);
    for (const int q : divers) {
        dl.push_back(q);
        ml.push_back(-2);  // Diving Tackle
    }
}

// MoveStep._offer_stat: Break Tackle, when ST needs a lower roll than AG.
inline bool move_step_offer_stat(Ctx& c, Frame& f) {
    State& s = c.s;
    if (f.arg[fm2::F_ALT] >= 0) return false;
    f.arg[fm2::F_ALT] = 0;
    const int pid = f.arg[fm2::F_PID];
    const Player& pl = s.players[pid];
    if (!pl.has_skill(frames::skill::BREAK_TACKLE)) return false;
    const int start = f.arg[fm2::F_START];
    const int mod = dodge_modifier(s, c.b, pid, f.arg[fm2::F_DEST], start) + reaction_modifier(s, c.b, pid, start);
    const int base = need(agility_target(pl.ag), mod, true);
    const int stat = (pl.flags & frames::flag::BREAK_TACKLE_USED) != 0 ? 0 : pl.st;
    if (stat != 0 && need(agility_target(stat), mod, true) < base) {
        f.arg[fm2::F_OFFER] = static_cast<std::int16_t>(stat);
        wait(s, pl.team, frames::dk::USE_SKILL);
        return true;
    }
    return false;
}

inline void move_step_run(Ctx& c) {
    State& s = c.s;
    const Board& b = c.b;
    Frame& f = c.top();
    const int pid = f.arg[fm2::F_PID];
    const int side = s.players[pid].team;
    if (f.phase == fm2::START) {
        const int start = s.players[pid].square;
        f.arg[fm2::F_START] = static_cast<std::int16_t>(start);
        f.arg[fm2::F_MARKED] = tackle_zones(s, b, start, side) != 0 ? 1 : 0;
        f.phase = fm2::GFI;
        if (f.arg[fm2::F_MARKED]) {
            const auto cands = leaving_reactors(s, b, pid, start, false);
            if (!cands.empty()) {
                f.phase = fm2::BEFORE_LEAVING;
                push_reaction(s, other(side), cands);
                return;
            }
        }
    } else if (f.phase == fm2::BEFORE_LEAVING) {
        const int q = s.reactor;
        f.phase = fm2::GFI;
        if (q >= 0) {
            f.phase = fm2::BEFORE_LEAVING_USED;
            Frame& t = push(s, frames::TENTACLES_ROLL);  // movement_skills._tentacles
            t.arg[frames::p_tentacles_roll::F_MOVER] = static_cast<std::int16_t>(pid);
            t.arg[frames::p_tentacles_roll::F_HOLDER] = static_cast<std::int16_t>(q);
            return;
        }
    } else if (f.phase == fm2::BEFORE_LEAVING_USED) {
        if (s.ok) {
            move_step_done(s, false);
            return;
        }
        f.phase = fm2::GFI;
    } else if (f.phase == fm2::GFI_ROLLED) {
        if (!s.ok) {
            move_player(s, pid, f.arg[fm2::F_DEST]);
            f.phase = fm2::DONE;
            push_knock_down(s, pid);
            return;
        }
        f.phase = fm2::GFI;
    } else if (f.phase == fm2::DODGE_ROLLED) {
        f.arg[fm2::F_FAILED] = s.ok ? 0 : 1;
        f.arg[fm2::F_DIVER] = s.reactor;
        f.phase = fm2::ENTER;
    }
    if (f.phase == fm2::GFI) {
        if (f.arg[fm2::F_GFI] > 0) {
            --f.arg[fm2::F_GFI];
            f.phase = fm2::GFI_ROLLED;
            push_player_roll(s, frames::roll::GFI, pid, gfi_target(s), 0, false);
            return;
        }
        f.phase = fm2::DODGE_OR_LEAP;
    }
    if (f.phase == fm2::DODGE_OR_LEAP) {
        if (f.arg[fm2::F_LEAP]) {
            f.phase = fm2::DODGE_ROLLED;
            const Player& pl = s.players[pid];
            const int mod = pl.has_skill(frames::skill::VERY_LONG_LEGS) ? 1 : 0;  // LEAP_MODIFIER
            push_player_roll(s, frames::roll::LEAP, pid, agility_target(pl.ag), mod);
            return;
        }
        if (f.arg[fm2::F_MARKED]) {
            if (move_step_offer_stat(c, f)) return;
            f.phase = fm2::DODGE_ROLLED;
            move_step_dodge(c, f);
            return;
        }
        f.phase = fm2::ENTER;
    }
    if (f.phase == fm2::ENTER) {
        move_player(s, pid, f.arg[fm2::F_DEST]);
        f.phase = fm2::ENTERED;
        const int q = f.arg[fm2::F_DIVER];
        if (q >= 0) {  // movement_skills._diving_tackle with use: the tackler is Placed Prone
            const int start = f.arg[fm2::F_START];
            if (s.grid[start] == SQUARE_EMPTY) move_player(s, q, start);
            s.players[q].status = static_cast<std::uint8_t>(Status::PRONE);
            const int qsq = s.players[q].square;
            bool bounce = false;
            if (s.ball_state == frames::ball::CARRIED && s.ball == qsq) {  // ball.drop_ball_if_carried
                s.ball_state = frames::ball::ON_GROUND;
                bounce = true;
            } else {
                bounce = s.ball_state == frames::ball::ON_GROUND && s.ball == qsq;
            }
            if (bounce) {
                push_bounce(s, qsq, false);
                return;
            }
        }
    }
    if (f.phase == fm2::ENTERED) {
        if (f.arg[fm2::F_FAILED]) {
            f.phase = fm2::DONE;
            push_knock_down(s, pid);
            return;
        }
        f.phase = fm2::LANDED;
        const int start = f.arg[fm2::F_START];
        if (f.arg[fm2::F_MARKED] && s.grid[start] == SQUARE_EMPTY) {
            const auto cands = leaving_reactors(s, b, pid, start, true);
            if (!cands.empty()) {
                f.phase = fm2::AFTER_LEAVING;
                push_reaction(s, other(side), cands);
                return;
            }
        }
    } else if (f.phase == fm2::AFTER_LEAVING) {
        const int q = s.reactor;
        f.phase = fm2::LANDED;
        if (q >= 0 && s.grid[f.arg[fm2::F_START]] == SQUARE_EMPTY) {
            f.phase = fm2::AFTER_LEAVING_USED;
            namespace fsh = frames::p_shadowing_roll;
            Frame& r = push(s, frames::SHADOWING_ROLL);  // movement_skills._shadowing
            r.arg[fsh::F_MOVER] = static_cast<std::int16_t>(pid);
            r.arg[fsh::F_SHADOWER] = static_cast<std::int16_t>(q);
            r.arg[fsh::F_SQUARE] = f.arg[fm2::F_START];
            return;
        }
    } else if (f.phase == fm2::AFTER_LEAVING_USED) {
        f.phase = fm2::LANDED;
    }
    if (f.phase == fm2::LANDED) {
        const int dest = f.arg[fm2::F_DEST];
        if (s.ball == dest && s.ball_state == frames::ball::ON_GROUND && s.players[pid].square == dest) {
            f.phase = fm2::DONE;
            push(s, frames::PICKUP).arg[fpu::F_PID] = static_cast<std::int16_t>(pid);
            return;
        }
        check_touchdown(s, b, pid);
        move_step_done(s, true);
        return;
    }
    if (f.phase == fm2::DONE) move_step_done(s, true);
}

inline Legal move_step_legal(Ctx&) { return {Choice{frames::at::USE_SKILL, {}, {}, {}}, Choice{frames::at::DECLINE, {}, {}, {}}}; }

inline void move_step_act(Ctx& c, const Act& a) {
    State& s = c.s;
    Frame& f = c.top();
    const int stat = f.arg[fm2::F_OFFER];
    f.arg[fm2::F_OFFER] = 0;
    if (a.type == frames::at::USE_SKILL) {
        Player& pl = s.players[f.arg[fm2::F_PID]];
        if ((pl.flags & frames::flag::BREAK_TACKLE_USED) == 0 && pl.st == stat) {
            pl.flags |= frames::flag::BREAK_TACKLE_USED;
            f.arg[fm2::F_ALT] = static_cast<std::int16_t>(stat);
        }
    }
    f.phase = fm2::DODGE_ROLLED;
    move_step_dodge(c, f);
}

inline Detail move_step_detail(Ctx& c) {
    Detail d;
    d.player = c.top().arg[fm2::F_PID];
    d.skill = frames::skill::BREAK_TACKLE;
    return d;
}

// --- Pickup --------------------------------------------------------------------------------

inline void pickup_run(Ctx& c) {
    State& s = c.s;
    Frame& f = c.top();
    const int pid = f.arg[fpu::F_PID];
    if (f.phase == fpu::START) {
        if (!can_handle_ball(s, pid)) {
            note(s, frames::ev::PICK_UP, pid, s.players[pid].square, 0);
            f.phase = fpu::FAILED;
            s.ok = 0;
        } else {
            f.phase = fpu::ROLLED;
            const int ag = s.players[pid].ag;
            push_player_roll(s, frames::roll::PICKUP, pid, 7 - (ag < 6 ? ag : 6), pickup_roll_modifier(s, c.b, pid));
            return;
        }
    }
    if (f.phase == fpu::ROLLED) {
        note(s, frames::ev::PICK_UP, pid, s.players[pid].square, s.ok);
        if (s.ok) {
            s.ball_state = frames::ball::CARRIED;
            check_touchdown(s, c.b, pid);
            pop(s);
            return;
        }
        f.phase = fpu::FAILED;
    }
    if (f.phase == fpu::FAILED) {
        if (s.players[pid].team == s.active) s.turnover = 1;
        f.phase = fpu::BOUNCED;
        push_bounce(s, s.players[pid].square, false);
        return;
    }
    pop(s);
}

}  // namespace nuffle::procs
