// BB2020's Prayers to Nuffle in a match (core/procedures/prayers.py): the Prayer frame (a D16,
// a result already in effect for the team rolled again), their expiry at a drive's and a
// half's end with the drive's Brilliant Coaching re-roll, and the effects asked where they act
// (Moles under the Pitch: rules.hpp's moles_modifier, in rush_modifier; Under Scrutiny and
// Friends with the Ref in the foul). The table's numbers and durations are frames.hpp's
// `prayer` (generated from Ruleset.prayers); a team's prayers are bit sets on its Team.
#pragma once

#include <stdexcept>
#include <vector>

#include "nuffle/engine_base.hpp"
#include "nuffle/procs/injury.hpp"
#include "nuffle/procs/prayer_state.hpp"
#include "nuffle/rules.hpp"

namespace nuffle::procs {

inline void push_prayer_gift(State& s, int side, int n) {
    Frame& f = push(s, frames::PRAYER_GIFT);
    f.arg[frames::p_prayer_gift::F_SIDE] = static_cast<std::int16_t>(side);
    f.arg[frames::p_prayer_gift::F_N] = static_cast<std::int16_t>(n);
    f.arg[frames::p_prayer_gift::F_LEFT] = 1;  // PrayerGift.left
    f.arg[frames::p_prayer_gift::F_TRAINEE] = -1;
}

// PrayerGift._train: Intensive Training's player is `pid`; his coach is offered the first skill.
inline void prayer_gift_train(State& s, Frame& f, int pid) {
    f.arg[frames::p_prayer_gift::F_TRAINEE] = static_cast<std::int16_t>(pid);
    f.phase = frames::p_prayer_gift::OFFER;
    wait(s, f.arg[frames::p_prayer_gift::F_SIDE], frames::dk::USE_SKILL);
}

// prayers.PrayerGift: a random candidate (PICK) or the praying coach's choice (TOUCHBACK
// decision, SELECT_PLAYER); none when nobody is eligible, no roll or choice for one. Bad
// Habits: a D3 (F_LEFT players; none when at most one is eligible), a PICK per player while
// more are eligible than are left to pick, then every eligible one.
inline void prayer_gift_run(Ctx& c) {
    State& s = c.s;
    Frame& f = c.top();
    namespace fg = frames::p_prayer_gift;
    const int side = f.arg[fg::F_SIDE];
    const int n = f.arg[fg::F_N];
    if (f.phase == fg::OFFER) {
        wait(s, side, frames::dk::USE_SKILL);
        return;
    }
    const Gift g = gift_of(n);
    std::vector<int> cands = gift_candidates(s, side, n);
    if (f.phase == fg::PICKED) {
        if (g.primary) {
            prayer_gift_train(s, f, cands[static_cast<std::size_t>(die(s))]);
            return;
        }
        set_gift(s, cands[static_cast<std::size_t>(die(s))], n, 1);
        --f.arg[fg::F_LEFT];
        cands = gift_candidates(s, side, n);
    } else if (f.phase == fg::COUNTED) {
        f.arg[fg::F_LEFT] = static_cast<std::int16_t>(die(s));
    } else if (g.d3 && cands.size() > 1) {
        f.phase = fg::COUNTED;
        request(s, Dice::D3, 1, purpose("prayer gift count"));
        return;
    }
    const int left = f.arg[fg::F_LEFT];
    if (static_cast<int>(cands.size()) <= left || left == 0) {
        if (g.primary && !cands.empty()) {
            prayer_gift_train(s, f, cands[0]);
            return;
        }
        for (std::size_t i = 0; i < cands.size() && static_cast<int>(i) < left; ++i) set_gift(s, cands[i], n, 1);
        pop(s);
        return;
    }
    if (g.chosen) {
        f.phase = fg::CHOOSE;
        wait(s, side, frames::dk::TOUCHBACK);
        return;
    }
    f.phase = fg::PICKED;
    request(s, Dice::PICK, static_cast<int>(cands.size()), purpose("prayer gift"));
}

inline Legal prayer_gift_legal(Ctx& c) {
    namespace fg = frames::p_prayer_gift;
    const Frame& f = c.top();
    if (f.phase == fg::OFFER) {
        const bool last = f.arg[fg::F_OFFER] == static_cast<int>(training_offers(c.s, f.arg[fg::F_TRAINEE]).size()) - 1;
        Legal out{Choice{frames::at::USE_SKILL, {}, {}, {}}};
        if (!last) out.push_back(Choice{frames::at::DECLINE, {}, {}, {}});
        return out;
    }
    return {Choice{frames::at::SELECT_PLAYER, gift_candidates(c.s, c.top().arg[fg::F_SIDE], c.top().arg[fg::F_N]), {}, {}}};
}

inline void prayer_gift_act(Ctx& c, const Act& a) {
    namespace fg = frames::p_prayer_gift;
    Frame& f = c.top();
    if (f.phase == fg::OFFER) {
        if (a.type == frames::at::DECLINE) {
            ++f.arg[fg::F_OFFER];
            return;
        }
        const int pid = f.arg[fg::F_TRAINEE];
        set_gift(c.s, pid, f.arg[fg::F_N], 1, training_offers(c.s, pid)[static_cast<std::size_t>(f.arg[fg::F_OFFER])]);
        pop(c.s);
        return;
    }
    set_gift(c.s, a.player, c.top().arg[frames::p_prayer_gift::F_N], 1);
    pop(c.s);
}

// PrayerGift.decision_detail: Intensive Training's player and the skill offered now.
inline Detail prayer_gift_detail(Ctx& c) {
    namespace fg = frames::p_prayer_gift;
    const Frame& f = c.top();
    Detail d;
    if (f.phase != fg::OFFER) return d;
    d.player = f.arg[fg::F_TRAINEE];
    d.skill = training_offers(c.s, d.player)[static_cast<std::size_t>(f.arg[fg::F_OFFER])];
    return d;
}

// prayers.Prayer
inline void prayer_run(Ctx& c) {
    State& s = c.s;
    Frame& f = c.top();
    namespace fp = frames::p_prayer;
    const int side = f.arg[fp::F_SIDE];
    Team& t = s.teams[side];
    const unsigned full = (1U << frames::prayer::COUNT) - 1;
    if (f.phase == fp::ROLLED) {
        const int n = die(s);
        if (((t.prayers >> (n - 1)) & 1) == 0) {
            t.prayers = static_cast<std::uint16_t>(t.prayers | (1U << (n - 1)));
            t.prayed = static_cast<std::uint16_t>(t.prayed | (1U << (n - 1)));
            note(s, frames::ev::PRAYER, side, n, 0);
            pop(s);
            if (is_gift(n)) push_prayer_gift(s, side, n);
            return;
        }
    }
    if ((t.prayers & full) == full) {
        pop(s);
        return;
    }
    f.phase = fp::ROLLED;
    request(s, Dice::D16, 1, purpose("Prayers to Nuffle"));
}

// prayer_rock._walks_in: `pid` reaches the end zone he attacks in at most MA steps through
// empty squares, leaving none in an opposing tackle zone.
inline bool walks_in(const State& s, const Board& b, int pid) {
    const Player& pl = s.players[pid];
    const int side = pl.team;
    std::vector<char> seen(static_cast<std::size_t>(b.size), 0);
    seen[static_cast<std::size_t>(pl.square)] = 1;
    std::vector<int> frontier{pl.square}, next;
    for (int step = 0; step < pl.ma; ++step) {
        next.clear();
        for (const int sq : frontier) {
            for (const int off : b.neighbours) {
                const int q = sq + off;
                if (seen[static_cast<std::size_t>(q)] != 0 || s.grid[q] != SQUARE_EMPTY) continue;
                if (b.scoring_side_at(q) == side) return true;
                seen[static_cast<std::size_t>(q)] = 1;
                if (tackle_zones(s, b, q, side) == 0) next.push_back(q);
            }
        }
        frontier.swap(next);
    }
    return false;
}

// prayer_rock.staller: the player of `side` who stalls at the end of its turn while the other
// team has Throw a Rock in effect, or -1.
inline int staller(const State& s, const Board& b, int side) {
    if (!prayer_active(s, other(side), frames::prayer::THROW_A_ROCK)) return -1;
    const int c = carrier(s);
    if (c < 0) return -1;
    const Player& pl = s.players[c];
    if (pl.team != side || pl.status != static_cast<int>(Status::STANDING) ||
        (pl.flags & (frames::flag::USED | frames::flag::ROOTED)) != 0) {
        return -1;
    }
    if (tackle_zones(s, b, pl.square, side) != 0) return -1;
    return walks_in(s, b, c) ? c : -1;
}

// prayer_rock.PrayerRock: a D6, 5+ knocks the staller down (not a turnover).
inline void prayer_rock_run(Ctx& c) {
    State& s = c.s;
    Frame& f = c.top();
    namespace fr = frames::p_prayer_rock;
    if (f.phase == fr::START) {
        f.phase = fr::ROLLED;
        request(s, Dice::D6, 1, purpose("thrown rock"));
        return;
    }
    const int pid = f.arg[fr::F_PID];
    pop(s);
    if (die(s) >= 5) push_knock_down(s, pid, -1, false);
}

inline void push_prayer_rock(State& s, int pid) {
    Frame& f = push(s, frames::PRAYER_ROCK);
    f.arg[frames::p_prayer_rock::F_PID] = static_cast<std::int16_t>(pid);
}

// prayer_trapdoor.trapdoor_here: `pid`, standing on `sq`, is on an open trapdoor ((6, 1) and
// its mirror through the pitch's centre, while either team has Treacherous Trapdoor).
inline bool trapdoor_here(const State& s, const Board& b, int pid, int sq) noexcept {
    if ((s.teams[0].prayers | s.teams[1].prayers) == 0) return false;
    if (!prayer_active(s, 0, frames::prayer::TREACHEROUS_TRAPDOOR) &&
        !prayer_active(s, 1, frames::prayer::TREACHEROUS_TRAPDOOR)) {
        return false;
    }
    const Player& p = s.players[pid];
    if (p.square != sq || p.status != static_cast<int>(Status::STANDING)) return false;
    constexpr int TX = 6, TY = 1;  // prayer_trapdoor.TRAPDOOR: none on a board too small for it
    const int x = b.xs[static_cast<std::size_t>(sq)], y = b.ys[static_cast<std::size_t>(sq)];
    return (x == TX && y == TY) || (x == b.width - 1 - TX && y == b.height - 1 - TY);
}

// prayer_trapdoor.Trapdoor: a D6, on a 1 he falls through (a crowd-surf from the sideline
// square next to the trapdoor; a pushed player's waits in the crowd list; a mover or a
// following-up attacker: a turnover when his team is moving; F_FREE, a free move or a landing:
// only when he held the ball).
inline void trapdoor_run(Ctx& c) {
    State& s = c.s;
    Frame& f = c.top();
    namespace ft = frames::p_trapdoor;
    if (f.phase == ft::START) {
        f.phase = ft::ROLLED;
        request(s, Dice::D6, 1, purpose("trapdoor"));
        return;
    }
    const int pid = f.arg[ft::F_PID];
    const bool f_pushed = f.arg[ft::F_PUSHED] != 0;
    const bool f_free = f.arg[ft::F_FREE] != 0;
    pop(s);
    if (die(s) != 1) return;
    const Board& b = c.b;
    const int sq = s.players[pid].square;
    const int x = b.xs[static_cast<std::size_t>(sq)], y = b.ys[static_cast<std::size_t>(sq)];
    const bool top = y < b.height / 2;
    const int edge = top ? 0 : b.height - 1, out = top ? -1 : b.height;
    const bool had_ball = s.ball_state == frames::ball::CARRIED && s.ball == sq;
    if (had_ball) s.ball_state = frames::ball::IN_AIR;
    remove_player(s, pid, static_cast<int>(Status::RESERVE));
    if (f_pushed) {  // a pushed player: his crowd-surf waits for the block's follow-up
        if (s.crowd_count + 4 > MAX_CROWD) throw std::length_error("the crowd list is full");
        for (const int v : {pid, b.sq(x, edge), b.sq(x, out), had_ball ? 1 : 0}) {
            s.crowd[s.crowd_count++] = static_cast<std::int16_t>(v);
        }
        return;
    }
    if (s.players[pid].team == s.active && (had_ball || !f_free)) s.turnover = 1;
    namespace fcs = frames::p_crowd_surf;
    Frame& cs = push(s, frames::CROWD_SURF);
    cs.arg[fcs::F_PID] = static_cast<std::int16_t>(pid);
    cs.arg[fcs::F_LAST] = static_cast<std::int16_t>(b.sq(x, edge));
    cs.arg[fcs::F_OUT] = static_cast<std::int16_t>(b.sq(x, out));
    cs.arg[fcs::F_HAD_BALL] = had_ball ? 1 : 0;
}

inline void push_trapdoor(State& s, int pid, bool pushed = false, bool free = false) {
    Frame& f = push(s, frames::TRAPDOOR);
    f.arg[frames::p_trapdoor::F_PID] = static_cast<std::int16_t>(pid);
    f.arg[frames::p_trapdoor::F_PUSHED] = pushed ? 1 : 0;
    f.arg[frames::p_trapdoor::F_FREE] = free ? 1 : 0;
}

// prayer_trapdoor.enter_trapdoor: after a free move or a landing, `pid` on an open trapdoor
// gets its D6 (returns whether it was pushed).
inline bool enter_trapdoor(State& s, const Board& b, int pid, bool free = true) {
    if (!trapdoor_here(s, b, pid, s.players[pid].square)) return false;
    push_trapdoor(s, pid, false, free);
    return true;
}

inline void push_prayer(State& s, int side) {
    Frame& f = push(s, frames::PRAYER);
    f.arg[frames::p_prayer::F_SIDE] = static_cast<std::int16_t>(side);
}

}  // namespace nuffle::procs
