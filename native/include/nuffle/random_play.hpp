// A random player inside the engine: whole games played in C++ with no Python between the
// decisions (the benchmark's "native random player" and a cheap source of games). Its choices
// come from its own xorshift64 stream, apart from the game's dice; they need not match the
// Python RandomBot's.
#pragma once

#include <cstdint>
#include <string>

#include "nuffle/engine.hpp"
#include "nuffle/rng.hpp"

namespace nuffle {

// How one random game ended: the score, the decisions taken, and why it stopped early
// (empty when it reached the end of the match).
struct RandomGame {
    int score[2] = {0, 0};
    long decisions = 0;
    bool complete = false;
    std::string stopped;  // NotPortedError's message, "error: ..." or "decision limit"
};

// A value in 0..k-1 from the chooser's stream (k >= 1).
inline std::uint32_t random_pick(std::uint64_t& r, std::size_t k) noexcept {
    r = next_state(r);
    return draw(r, static_cast<std::uint32_t>(k));
}

// One legal action: a group uniformly, then one of its players and one of its squares.
inline Act random_act(const Legal& legal, std::uint64_t& r) noexcept {
    const Choice& g = legal[random_pick(r, legal.size())];
    Act a{g.type, -1, -1};
    if (!g.players.empty()) a.player = g.players[random_pick(r, g.players.size())];
    if (!g.squares.empty()) a.square = g.squares[random_pick(r, g.squares.size())];
    return a;
}

// A set-up decision (the top frame is a Setup), read from the state without listing the legal
// actions: end it when legal; else put a reserve (setup.py's movable players) on a free square
// of the own half, filling the line of scrimmage first and keeping within the wide zones'
// limit, so the set-up soon becomes legal (a Perfect Defence re-arrangement moves a player on
// the pitch up to the line when it is short). Returns false when there is
// no such move (the caller then picks among the legal actions at random).
inline bool random_setup_act(const State& s, const Board& b, std::uint64_t& r, Act& out) {
    const Frame& f = s.stack[s.frame_count - 1];
    if (f.proc != frames::SETUP) return false;
    const bool rearrange = f.arg[frames::p_setup::F_REARRANGE] != 0;  // Perfect Defence: move those on the pitch
    const int side = f.arg[frames::p_setup::F_SIDE];
    const Ctx c{const_cast<State&>(s), b};  // setup_legal only reads it
    if (procs::setup_legal(c, side)) {
        out = Act{frames::at::END_SETUP, -1, -1};
        return true;
    }
    const Variant& v = b.variant;
    const std::uint8_t los = side == HOME ? LOS_HOME : LOS_AWAY;
    int placed = 0, on_los = 0, wide[3] = {0, 0, 0};
    int reserves[MAX_PLAYERS];
    int nr = 0;
    for (int p = 0; p < s.player_count; ++p) {
        const Player& pl = s.players[p];
        if (pl.team != side) continue;
        if (pl.square < 0) {
            if (!rearrange && pl.status == static_cast<int>(Status::RESERVE) && (pl.flags & frames::flag::HEAT) == 0) {
                reserves[nr++] = p;
            }
            continue;
        }
        ++placed;
        const bool at_los = (b.flags[static_cast<std::size_t>(pl.square)] & los) != 0;
        if (at_los) ++on_los;
        ++wide[b.wide[static_cast<std::size_t>(pl.square)]];
        if (rearrange && !at_los) reserves[nr++] = p;  // one who may move up to the line
    }
    const bool fill_los = on_los < v.los_min;
    if (rearrange && !fill_los) return false;
    if ((!rearrange && placed >= v.pitch_max) || nr == 0) return false;
    int squares[MAX_SQUARES];
    int ns = 0;
    for (int q = 0; q < b.size; ++q) {
        const auto k = static_cast<std::size_t>(q);
        if (s.grid[k] != SQUARE_EMPTY || !in_own_half(b, q, side)) continue;
        if (fill_los ? (b.flags[k] & los) == 0 : (b.wide[k] != 0 && wide[b.wide[k]] >= v.wide_max)) continue;
        squares[ns++] = q;
    }
    if (ns == 0) return false;
    out = Act{frames::at::PLACE_PLAYER, reserves[random_pick(r, static_cast<std::size_t>(nr))],
              squares[random_pick(r, static_cast<std::size_t>(ns))]};
    return true;
}

// Plays `s` to the end of the match with dice sampled from its generator and every decision
// but the set-ups (random_setup_act) chosen at random from the stream seeded with `choice_seed`. A frame not ported yet, an
// engine error or more than `max_decisions` decisions stop the game (reported, not thrown).
inline RandomGame play_random(State& s, const Board& b, std::uint64_t choice_seed, long max_decisions) {
    RandomGame out;
    std::uint64_t r = seed_state(choice_seed);
    try {
        advance(s, b, false);
        while (s.decider == D_HOME || s.decider == D_AWAY) {
            if (out.decisions >= max_decisions) {
                out.stopped = "decision limit";
                break;
            }
            Act a;
            if (!random_setup_act(s, b, r, a)) {
                const Legal legal = legal_actions(s, b);
                if (legal.empty()) throw std::logic_error("a coach decides with no legal action");
                a = random_act(legal, r);
            }
            Ctx c{s, b};
            s.decider = D_RUNNING;  // act_only without re-listing: the action is one of `legal`
            act_top(c, a);
            advance(s, b, false);
            ++out.decisions;
        }
        out.complete = s.decider == D_NOBODY;
    } catch (const NotPortedError& e) {
        out.stopped = e.what();
    } catch (const std::exception& e) {
        out.stopped = std::string("error: ") + e.what();
    }
    out.score[0] = s.teams[0].score;
    out.score[1] = s.teams[1].score;
    return out;
}

}  // namespace nuffle
