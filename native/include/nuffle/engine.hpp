// The engine loop (core/game.py's Game._advance, legal_actions, step, decision) over the
// procedure frames: a switch on the procedure id sends `run`, `legal`, `act` and the decision
// detail to the ported procedures (one header per rule area under procs/, mirroring
// core/procedures/*.py). A frame whose procedure is not ported yet throws NotPortedError
// naming it; it still loads and dumps as data.
#pragma once

#include <algorithm>

#include "nuffle/engine_base.hpp"
#include "nuffle/procs/match.hpp"
#include "nuffle/procs/setup.hpp"
// nat3: passing, bombs, Throw Team-Mate, Ball & Chain
#include "nuffle/procs/ball_and_chain.hpp"
#include "nuffle/procs/bomb.hpp"
#include "nuffle/procs/passing.hpp"
#include "nuffle/procs/throw_team_mate.hpp"

namespace nuffle {

// Whether procedure `proc` is ported (runs natively).
constexpr bool is_ported(int proc) noexcept {
    switch (proc) {
        case frames::MATCH:
        case frames::HALF:
        case frames::DRIVE:
        case frames::END_DRIVE:
        case frames::MASTER_CHEF:
        case frames::SETUP:
        // nat3: passing, bombs, Throw Team-Mate, Ball & Chain
        case frames::PASS:
        case frames::HANDOFF:
        case frames::DUMP_OFF:
        case frames::PASS_BLOCK:
        case frames::BOMB:
        case frames::THROW_TEAM_MATE:
        case frames::ALWAYS_HUNGRY:
        case frames::SWOOP:
        case frames::CHAIN_STEP:
            return true;
        default:
            return false;
    }
}

[[noreturn]] inline void not_ported(const Frame& f) { throw NotPortedError(frames::PROCS[f.proc].frame); }

inline void run_top(Ctx& c) {
    switch (c.top().proc) {
        case frames::MATCH: procs::match_run(c); return;
        case frames::HALF: procs::half_run(c); return;
        case frames::DRIVE: procs::drive_run(c); return;
        case frames::END_DRIVE: procs::end_drive_run(c); return;
        case frames::MASTER_CHEF: procs::master_chef_run(c); return;
        case frames::SETUP: procs::setup_run(c); return;
        // nat3: passing, bombs, Throw Team-Mate, Ball & Chain
        case frames::PASS: procs::pass_run(c); return;
        case frames::HANDOFF: procs::handoff_run(c); return;
        case frames::DUMP_OFF: procs::dump_off_run(c); return;
        case frames::PASS_BLOCK: procs::pass_block_run(c); return;
        case frames::BOMB: procs::bomb_run(c); return;
        case frames::THROW_TEAM_MATE: procs::throw_team_mate_run(c); return;
        case frames::ALWAYS_HUNGRY: procs::always_hungry_run(c); return;
        case frames::SWOOP: procs::swoop_run(c); return;
        case frames::CHAIN_STEP: procs::chain_step_run(c); return;
        default: not_ported(c.top());
    }
}

inline Legal legal_top(Ctx& c) {
    switch (c.top().proc) {
        case frames::MATCH: return procs::match_legal(c);
        case frames::END_DRIVE: return procs::end_drive_legal(c);
        case frames::SETUP: return procs::setup_legal_actions(c);
        // nat3: passing, bombs, Throw Team-Mate, Ball & Chain
        case frames::PASS: return procs::pass_legal(c);
        case frames::DUMP_OFF: return procs::dump_off_legal(c);
        case frames::PASS_BLOCK: return procs::pass_block_legal(c);
        case frames::BOMB: return procs::bomb_legal(c);
        case frames::SWOOP: return procs::swoop_legal(c);
        default:
            if (is_ported(c.top().proc)) return {};
            not_ported(c.top());
    }
}

inline void act_top(Ctx& c, const Act& a) {
    switch (c.top().proc) {
        case frames::MATCH: procs::match_act(c, a); return;
        case frames::END_DRIVE: procs::end_drive_act(c, a); return;
        case frames::SETUP: procs::setup_act(c, a); return;
        // nat3: passing, bombs, Throw Team-Mate, Ball & Chain
        case frames::PASS: procs::pass_act(c, a); return;
        case frames::DUMP_OFF: procs::dump_off_act(c, a); return;
        case frames::PASS_BLOCK: procs::pass_block_act(c, a); return;
        case frames::BOMB: procs::bomb_act(c, a); return;
        case frames::SWOOP: procs::swoop_act(c, a); return;
        default:
            if (is_ported(c.top().proc)) {
                throw IllegalActionError(std::string(frames::PROCS[c.top().proc].cls) + " takes no decisions");
            }
            not_ported(c.top());
    }
}

// Procedure.decision_detail's default: the frame's `pid` field (if it has one and it is a
// player) and the procedure's decision skill.
inline Detail default_detail(const Frame& f) {
    Detail d;
    const frames::ProcInfo& info = frames::PROCS[f.proc];
    for (int k = 0; k < info.field_count; ++k) {
        if (std::string_view(info.fields[k].name) == "pid" && f.arg[info.fields[k].slot] >= 0) {
            d.player = f.arg[info.fields[k].slot];
        }
    }
    d.skill = info.decision_skill;
    return d;
}

inline Detail detail_top(Ctx& c) {
    switch (c.top().proc) {
        case frames::END_DRIVE: return procs::end_drive_detail(c);
        // nat3: passing, bombs
        case frames::PASS: return procs::pass_detail(c);
        case frames::BOMB: return procs::bomb_detail(c);
        default:
            if (!is_ported(c.top().proc)) not_ported(c.top());
            return default_detail(c.top());
    }
}

// Game._advance: run the top frame while the engine runs; resolve a chance event from the
// state's generator (a sampled roller) unless `explicit_chance`; stop at a decision, at an
// explicit chance node or at the end, with the hand-over fields cleared.
inline void advance(State& s, const Board& b, bool explicit_chance) {
    Ctx c{s, b};
    while (true) {
        const int d = s.decider;
        if (d == D_RUNNING) {
            if (s.frame_count == 0) throw std::logic_error("the engine runs with an empty procedure stack");
            run_top(c);
        } else if (d == D_CHANCE && !explicit_chance) {
            s.chance.outcome = sample(s.chance.event, s.rng);
            s.chance.event = Chance{};
            s.pending = 0;
            s.decider = D_RUNNING;
        } else {
            s.chance.outcome = Outcome::single(0);
            s.ok = 0;
            s.last_die = 0;
            s.reactor = -1;
            s.square = -1;
            s.last_square = -1;
            s.extra_moves = 0;
            return;
        }
    }
}

// Game.legal_actions: the groups of the side to decide (none at chance nodes and the end).
inline Legal legal_actions(State& s, const Board& b) {
    if (s.decider != D_HOME && s.decider != D_AWAY) return {};
    Ctx c{s, b};
    return legal_top(c);
}

inline bool allows(const Choice& g, const Act& a) {
    if (a.type != g.type) return false;
    if (!g.players.empty()) {
        if (std::find(g.players.begin(), g.players.end(), a.player) == g.players.end()) return false;
    } else if (a.player != -1) {
        return false;
    }
    if (!g.squares.empty()) return std::find(g.squares.begin(), g.squares.end(), a.square) != g.squares.end();
    return a.square == -1;
}

// Game.step: apply a legal decision and advance; IllegalActionError (state unchanged) else.
inline void step(State& s, const Board& b, const Act& a, bool explicit_chance) {
    if (s.decider != D_HOME && s.decider != D_AWAY) throw IllegalActionError("no coach decides now");
    const Legal legal = legal_actions(s, b);
    if (std::none_of(legal.begin(), legal.end(), [&](const Choice& g) { return allows(g, a); })) {
        throw IllegalActionError("it is not among the legal actions of " +
                                 std::string(s.decider == D_HOME ? "home" : "away") + " in " +
                                 frames::PROCS[s.stack[s.frame_count - 1].proc].cls);
    }
    Ctx c{s, b};
    s.decider = D_RUNNING;
    act_top(c, a);
    advance(s, b, explicit_chance);
}

// Resolves the pending chance event with `outcome` (already checked) and advances.
inline void resolve(State& s, const Board& b, const Outcome& outcome, bool explicit_chance) {
    if (s.decider != D_CHANCE || s.pending == 0) throw IllegalActionError("there is no pending chance event");
    s.chance.outcome = outcome;
    s.chance.event = Chance{};
    s.pending = 0;
    s.decider = D_RUNNING;
    advance(s, b, explicit_chance);
}

inline Detail decision_detail(State& s, const Board& b) {
    if (s.decider != D_HOME && s.decider != D_AWAY) return Detail{};
    Ctx c{s, b};
    return detail_top(c);
}

}  // namespace nuffle
