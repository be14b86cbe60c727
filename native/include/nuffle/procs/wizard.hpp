// The Wizard inducement (core/procedures/wizard.py): once a match, at the start of one of its
// team's own turns before any player acts, the wizard casts a Fireball (any square: a D6 for
// each standing player there and around it, hit on 4+) or a Lightning Bolt (a standing player:
// one D6, hit on 2+). Every player hit falls at once; only a caster's player who held the ball
// turns the turn over. The Turn offers the spells (`wizard_spells`) and pushes the frame.
// Where the ruleset's Wizard casts Zap! (BB2020), USE_LIGHTNING_BOLT casts it (procs/zap.hpp).
#pragma once

#include <vector>

#include "nuffle/engine_base.hpp"
#include "nuffle/procs/ball.hpp"
#include "nuffle/procs/injury.hpp"
#include "nuffle/procs/zap.hpp"

namespace nuffle::procs {

namespace fwz = frames::p_wizard;

// wizard.lightning_targets: every standing player on the pitch, of either team, in id order.
inline std::vector<int> lightning_targets(const State& s) {
    std::vector<int> out;
    for (int p = 0; p < s.player_count; ++p) {
        if (s.players[p].square >= 0 && standing(s, p)) out.push_back(p);
    }
    return out;
}

// wizard.spells: appends the spells `side` may call on now (none without its spell, in a
// Blitz! kick-off turn, or once one of its players has acted).
inline void wizard_spells(const State& s, int side, bool blitz, Legal& groups) {
    if (s.teams[side].wizard == 0 || blitz) return;
    for (int p = 0; p < s.player_count; ++p) {
        if (s.players[p].team == side && (s.players[p].flags & frames::flag::USED) != 0) return;
    }
    groups.push_back(Choice{frames::at::USE_FIREBALL, {}, {}, {}});
    const bool second = rules_of(s).zap ? !zap_targets(s, side).empty() : !lightning_targets(s).empty();
    if (second) groups.push_back(Choice{frames::at::USE_LIGHTNING_BOLT, {}, {}, {}});
}

inline void push_wizard(State& s, int side, int spell) {
    Frame& f = push(s, frames::WIZARD);
    f.arg[fwz::F_SIDE] = i16(side);
    f.arg[fwz::F_SPELL] = i16(spell);
}

inline bool is_fireball(const Frame& f) noexcept { return f.arg[fwz::F_SPELL] == frames::at::USE_FIREBALL; }

// Wizard._zap: the spell is Zap! (the ruleset's second spell).
inline bool is_zap(const State& s, const Frame& f) noexcept { return !is_fireball(f) && rules_of(s).zap; }

// Wizard._frog: Zap!'s roll; a ball the frog held bounces from his square.
inline void wizard_frog(State& s, Frame& f, int p, bool zapped) {
    f.phase = fwz::DONE;
    if (!zapped) return;
    turn_into_frog(s, p);
    if (carrier(s) == p) {
        s.ball_state = frames::ball::ON_GROUND;
        push_bounce(s, s.players[p].square);
    }
}

inline void wizard_request(State& s, const Frame& f) {
    if (is_fireball(f)) {
        request_threshold(s, rule::FIREBALL_HITS_ON, purpose("fireball"));
    } else {
        request_threshold(s, rule::LIGHTNING_HITS_ON, purpose("lightning bolt"));
    }
}

// Wizard._knock_down: the players hit fall at once, then their knock-downs run in hit order.
inline void wizard_knock_down(State& s, Frame& f) {
    f.phase = fwz::DONE;
    const int held = carrier(s);
    const ListRef hits = list_field(s, f, fwz::F_HITS, fwz::F_HITS_AT, fwz::F_HITS_CAP);
    for (int i = hits.size() - 1; i >= 0; --i) push_knock_down(s, hits[i], -1, hits[i] == held);
    for (int i = 0; i < hits.size(); ++i) {
        const int p = hits[i];
        s.players[p].status = static_cast<std::uint8_t>(Status::PRONE);
        if (p == held) s.ball_state = frames::ball::ON_GROUND;
    }
}

inline void wizard_run(Ctx& c) {
    State& s = c.s;
    Frame& f = c.top();
    if (f.phase == fwz::START) {
        s.teams[f.arg[fwz::F_SIDE]].wizard = 0;
        f.phase = fwz::TARGET;
        wait(s, f.arg[fwz::F_SIDE], frames::dk::WIZARD);
        return;
    }
    if (f.phase == fwz::HITS) {
        ListRef victims = list_field(s, f, fwz::F_VICTIMS, fwz::F_VICTIMS_AT, fwz::F_VICTIMS_CAP);
        const int p = victims[0];
        victims.erase_front();
        if (is_zap(s, f)) {
            wizard_frog(s, f, p, die(s) >= zap_need(s, p));
            return;
        }
        if (die(s) >= (is_fireball(f) ? rule::FIREBALL_HITS_ON : rule::LIGHTNING_HITS_ON)) {
            list_field(s, f, fwz::F_HITS, fwz::F_HITS_AT, fwz::F_HITS_CAP).push_back(p);
        }
        if (victims.size() > 0) {
            wizard_request(s, f);
            return;
        }
        wizard_knock_down(s, f);
        return;
    }
    pop(s);
}

inline Legal wizard_legal(Ctx& c) {
    if (is_fireball(c.top())) {
        std::vector<int> squares;
        for (int y = 0; y < c.b.height; ++y) {
            for (int x = 0; x < c.b.width; ++x) squares.push_back(c.b.sq(x, y));
        }
        return {Choice{frames::at::SELECT_SQUARE, {}, squares, {}}};
    }
    if (is_zap(c.s, c.top())) return {Choice{frames::at::SELECT_PLAYER, zap_targets(c.s, c.top().arg[fwz::F_SIDE]), {}, {}}};
    return {Choice{frames::at::SELECT_PLAYER, lightning_targets(c.s), {}, {}}};
}

// Wizard._aim: the standing players to roll for, in the Python order.
inline void wizard_act(Ctx& c, const Act& a) {
    State& s = c.s;
    Frame& f = c.top();
    ListRef victims = list_field(s, f, fwz::F_VICTIMS, fwz::F_VICTIMS_AT, fwz::F_VICTIMS_CAP);
    if (a.type == frames::at::SELECT_SQUARE) {
        const int sq = a.square;
        if (s.grid[sq] >= 0 && standing(s, s.grid[sq])) victims.push_back(s.grid[sq]);
        int adj[8];
        const int n = adjacent_players(s, c.b, sq, adj);
        for (int i = 0; i < n; ++i) {
            if (standing(s, adj[i])) victims.push_back(adj[i]);
        }
    } else {
        victims.push_back(a.player);
    }
    if (victims.size() > 0) {
        f.phase = fwz::HITS;
        if (is_zap(s, f)) {
            request_threshold(s, zap_need(s, victims[0]), purpose("zap"));
            return;
        }
        wizard_request(s, f);
        return;
    }
    f.phase = fwz::DONE;
}

// Wizard.decision_detail: the spell.
inline Detail wizard_detail(Ctx& c) {
    Detail d;
    d.action = c.top().arg[fwz::F_SPELL];
    return d;
}

}  // namespace nuffle::procs
