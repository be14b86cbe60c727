// Bombs (core/procedures/bomb.py): interception, the throw, scatters, a catch and throw-on,
// and the explosion's hits (4+ each next to it), knocked down together.
#pragma once

#include "nuffle/procs/passing.hpp"

namespace nuffle::procs {

namespace fbo = frames::p_bomb;

inline ListRef bomb_list(State& s, Frame& f, int slot, int at) noexcept { return list_field(s, f, slot, at, 16); }

// Bomb._knock_down: every hit player falls at once; their armour rolls follow.
inline void bomb_knock_down(State& s, Frame& f) {
    f.phase = fbo::DONE;
    ListRef hits = bomb_list(s, f, fbo::F_HITS, fbo::F_HITS_AT);
    ListRef stunned = bomb_list(s, f, fbo::F_STUNNED, fbo::F_STUNNED_AT);
    stunned.clear();
    const int n = hits.size();
    int ids[16];
    for (int i = 0; i < n; ++i) {
        ids[i] = hits[i];
        if (s.players[ids[i]].status == static_cast<std::uint8_t>(Status::STUNNED)) stunned.push_back(ids[i]);
    }
    for (int i = n - 1; i >= 0; --i) push_knock_down(s, ids[i], -1, true);
    for (int i = 0; i < n; ++i) {
        const int p = ids[i];
        s.players[p].status = static_cast<std::uint8_t>(Status::PRONE);
        if (s.ball_state == frames::ball::CARRIED && s.ball == pos(s, p)) s.ball_state = frames::ball::ON_GROUND;
    }
}

// Bomb._explode: the player in `sq` is hit; those next to it on a 4+ each.
inline void bomb_explode(Ctx& c, Frame& f, int sq) {
    State& s = c.s;
    f.arg[fbo::F_SQ] = i16(sq);
    ListRef hits = bomb_list(s, f, fbo::F_HITS, fbo::F_HITS_AT);
    hits.clear();
    const int centre = s.grid[sq];
    if (centre >= 0) hits.push_back(centre);
    ListRef victims = bomb_list(s, f, fbo::F_VICTIMS, fbo::F_VICTIMS_AT);
    victims.clear();
    int adj[8];
    const int n_adj = adjacent_players(s, c.b, sq, adj);
    for (int i = 0; i < n_adj; ++i) victims.push_back(adj[i]);
    if (victims.size() > 0) {
        f.phase = fbo::HITS;
        request_threshold(s, 4, purpose("bomb"));
        return;
    }
    bomb_knock_down(s, f);
}

// Bomb._caught: `p` holds the bomb and must throw it on at once.
inline void bomb_caught(Ctx& c, Frame& f, int p) {
    State& s = c.s;
    f.arg[fbo::F_THROWER] = i16(p);
    f.arg[fbo::F_SQ] = i16(pos(s, p));
    if (passing::pass_targets(s, c.b, p, passing::allowed_bands(s)).empty()) {
        bomb_explode(c, f, f.arg[fbo::F_SQ]);
        return;
    }
    f.phase = fbo::THROW_ON;
    wait(s, team_of(s, p), frames::dk::THROW_ON);
}

// Bomb._come_down: a catch attempt if someone on `sq` can, else it explodes there.
inline void bomb_come_down(Ctx& c, Frame& f, int sq, int bonus) {
    State& s = c.s;
    f.arg[fbo::F_SQ] = i16(sq);
    const int p = s.grid[sq];
    if (p >= 0 && can_catch(s, p)) {
        f.arg[fbo::F_CATCHER] = i16(p);
        f.phase = fbo::CAUGHT;
        push_player_roll(s, frames::roll::CATCH, p, passing::ag_target(s, p), catch_modifier(s, c.b, p, bonus, false));
        return;
    }
    bomb_explode(c, f, sq);
}

inline void bomb_run(Ctx& c) {
    State& s = c.s;
    const Board& b = c.b;
    Frame& f = c.top();
    int ph = f.phase;
    const int thr = f.arg[fbo::F_THROWER];
    const bool hail_mary = f.arg[fbo::F_HAIL_MARY] != 0;
    if (ph == fbo::START) {
        if (!hail_mary && !passing::interceptors(s, b, thr, f.arg[fbo::F_TARGET]).empty()) {
            f.phase = fbo::INTERCEPT;
            wait(s, other(team_of(s, thr)), frames::dk::INTERCEPTOR);
            return;
        }
        ph = f.phase = fbo::ROLL;
    }
    if (ph == fbo::INTERCEPTED) {
        if (s.ok) {
            bomb_caught(c, f, f.arg[fbo::F_CATCHER]);
            return;
        }
        ph = f.phase = fbo::ROLL;
    }
    if (ph == fbo::ROLL && hail_mary) {
        f.arg[fbo::F_MOD] = 0;
        f.phase = fbo::ROLLED;
        push_player_roll(s, frames::roll::PASS, thr, 2, 0, false);
        return;
    }
    if (ph == fbo::ROLL) {
        const int mod = passing::pass_roll_modifier(s, b, thr, passing::band_between(s, b, pos(s, thr), f.arg[fbo::F_TARGET]));
        f.arg[fbo::F_MOD] = i16(mod);
        f.phase = fbo::ROLLED;
        push_player_roll(s, frames::roll::PASS, thr, pass_target(s, thr), mod);
        return;
    }
    if (ph == fbo::ROLLED) {
        if (s.ok && !hail_mary) {
            bomb_come_down(c, f, f.arg[fbo::F_TARGET], 1);
            return;
        }
        if (passing::is_fumble(s.last_die, f.arg[fbo::F_MOD]) && !passing::keeps_fumble(s, thr, s.last_die, passing::BOMB)) {
            bomb_explode(c, f, pos(s, thr));
            return;
        }
        f.arg[fbo::F_SQ] = f.arg[fbo::F_TARGET];
        f.arg[fbo::F_SCATTERS] = 0;
        f.phase = fbo::SCATTER;
        request(s, Dice::D8, 1, purpose("bomb scatter"));
        return;
    }
    if (ph == fbo::SCATTER) {
        const int d = die(s);
        const int sq = f.arg[fbo::F_SQ];
        const int x = b.xs[static_cast<std::size_t>(sq)] + rules_of(s).scatter[d][0];
        const int y = b.ys[static_cast<std::size_t>(sq)] + rules_of(s).scatter[d][1];
        if (x < 0 || x >= b.width || y < 0 || y >= b.height) {  // explodes in the crowd, harmlessly
            pop(s);
            return;
        }
        f.arg[fbo::F_SQ] = i16(b.sq(x, y));
        ++f.arg[fbo::F_SCATTERS];
        if (f.arg[fbo::F_SCATTERS] < 3) {
            request(s, Dice::D8, 1, purpose("bomb scatter"));
            return;
        }
        bomb_come_down(c, f, f.arg[fbo::F_SQ], 0);
        return;
    }
    if (ph == fbo::CAUGHT) {
        const int catcher = f.arg[fbo::F_CATCHER];
        if (s.ok) {
            bomb_caught(c, f, catcher);
            return;
        }
        bomb_explode(c, f, pos(s, catcher));
        return;
    }
    if (ph == fbo::HITS) {
        ListRef victims = bomb_list(s, f, fbo::F_VICTIMS, fbo::F_VICTIMS_AT);
        const int p = victims[0];
        victims.erase_front();
        if (die(s) >= 4) bomb_list(s, f, fbo::F_HITS, fbo::F_HITS_AT).push_back(p);
        if (victims.size() > 0) {
            request_threshold(s, 4, purpose("bomb"));
            return;
        }
        bomb_knock_down(s, f);
        return;
    }
    if (ph == fbo::DONE) {
        ListRef stunned = bomb_list(s, f, fbo::F_STUNNED, fbo::F_STUNNED_AT);
        for (int i = 0; i < stunned.size(); ++i) {
            Player& p = s.players[stunned[i]];
            if (p.status == static_cast<std::uint8_t>(Status::PRONE)) p.status = static_cast<std::uint8_t>(Status::STUNNED);
        }
        pop(s);
    }
}

inline Legal bomb_legal(Ctx& c) {
    const Frame& f = c.top();
    const int thr = f.arg[fbo::F_THROWER];
    if (f.phase == fbo::THROW_ON) {
        return {Choice{frames::at::BOMB, {}, passing::pass_targets(c.s, c.b, thr, passing::allowed_bands(c.s)), {}}};
    }
    return {Choice{frames::at::SELECT_PLAYER, passing::interceptors(c.s, c.b, thr, f.arg[fbo::F_TARGET]), {}, {}},
            Choice{frames::at::DECLINE, {}, {}, {}}};
}

inline void bomb_act(Ctx& c, const Act& a) {
    State& s = c.s;
    Frame& f = c.top();
    if (f.phase == fbo::THROW_ON) {
        f.arg[fbo::F_TARGET] = i16(a.square);
        f.arg[fbo::F_HAIL_MARY] = 0;
        f.phase = fbo::START;
        return;
    }
    if (a.type == frames::at::DECLINE) {
        f.phase = fbo::ROLL;
        return;
    }
    const int p = a.player;
    f.arg[fbo::F_CATCHER] = i16(p);
    f.phase = fbo::INTERCEPTED;
    push_player_roll(s, frames::roll::INTERCEPTION, p, passing::ag_target(s, p), passing::interception_modifier(s, c.b, p));
}

inline Detail bomb_detail(Ctx& c) {
    Detail d;
    d.player = c.top().arg[fbo::F_THROWER];
    return d;
}

}  // namespace nuffle::procs
