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
#include "nuffle/rules.hpp"

namespace nuffle::procs {

// prayers.active: the prayer numbered `n` is in effect for `side`.
inline bool prayer_active(const State& s, int side, int n) noexcept { return ((s.teams[side].prayers >> (n - 1)) & 1) != 0; }

// prayers.Gift: what a prayer that marks a player gives him (own team or opposing, chosen by
// the praying coach or random; a skill, -1 none, and MA / AV changes). prayers.GIFTS.
struct Gift {
    bool own, chosen;
    int skill, ma, av;
};

inline bool is_gift(int n) noexcept {
    namespace pr = frames::prayer;
    return n == pr::STILETTO || n == pr::IRON_MAN || n == pr::KNUCKLE_DUSTERS || n == pr::GREASY_CLEATS ||
           n == pr::BLESSED_STATUE_OF_NUFFLE;
}

// Player::marks holds a bit per gift (bit n-1 for prayer n) in one byte.
static_assert(frames::prayer::STILETTO <= 8 && frames::prayer::IRON_MAN <= 8 && frames::prayer::KNUCKLE_DUSTERS <= 8 &&
              frames::prayer::GREASY_CLEATS <= 8 && frames::prayer::BLESSED_STATUE_OF_NUFFLE <= 8);

inline Gift gift_of(int n) noexcept {
    namespace pr = frames::prayer;
    switch (n) {
        case pr::STILETTO: return {true, false, frames::skill::STAB, 0, 0};
        case pr::IRON_MAN: return {true, true, -1, 0, 1};
        case pr::KNUCKLE_DUSTERS: return {true, true, frames::skill::MIGHTY_BLOW, 0, 0};
        case pr::GREASY_CLEATS: return {false, false, -1, -1, 0};
        default: return {true, true, frames::skill::PRO, 0, 0};  // Blessed Statue of Nuffle
    }
}

constexpr int PRAYER_AV_MAX = 11;  // prayers.AV_MAX

// prayers.gift_candidates: the targeted team's players available for the drive (on the pitch
// while a drive is set up, else in reserves), without Loner, the gift changing something.
inline std::vector<int> gift_candidates(const State& s, int side, int n) {
    const Gift g = gift_of(n);
    const int team = g.own ? side : other(side);
    bool on = false;
    for (int p = 0; p < s.player_count; ++p) {
        if (s.players[p].team == team && s.players[p].square >= 0) on = true;
    }
    std::vector<int> out;
    for (int p = 0; p < s.player_count; ++p) {
        const Player& pl = s.players[p];
        if (pl.team != team) continue;
        if (on ? pl.square < 0 : pl.status != static_cast<int>(Status::RESERVE)) continue;
        if (pl.has_skill(frames::skill::LONER) || (g.skill >= 0 && pl.has_skill(g.skill))) continue;
        if ((g.av != 0 && pl.av + g.av > PRAYER_AV_MAX) || (g.ma != 0 && pl.ma + g.ma < 1)) continue;
        out.push_back(p);
    }
    return out;
}

// prayers.give / prayers.take_back: prayer `n`'s gift to player `pid` (sign 1) or back (-1).
inline void set_gift(State& s, int pid, int n, int sign) noexcept {
    const Gift g = gift_of(n);
    Player& p = s.players[pid];
    if (g.skill >= 0) {
        const std::uint64_t bit = 1ULL << (g.skill % 64);
        if (sign > 0) p.skills[g.skill / 64] |= bit;
        else p.skills[g.skill / 64] &= ~bit;
    }
    p.ma = static_cast<std::uint8_t>(p.ma + sign * g.ma);
    p.av = static_cast<std::uint8_t>(p.av + sign * g.av);
    const unsigned b = 1U << (n - 1);
    p.marks = static_cast<std::uint8_t>(sign > 0 ? (p.marks | b) : (p.marks & ~b));
}

inline unsigned gift_bits() noexcept {
    unsigned out = 0;
    for (int n = 1; n <= frames::prayer::COUNT; ++n) {
        if (is_gift(n)) out |= 1U << (n - 1);
    }
    return out;
}

// prayers.expire: every prayer lasting `upto` (0 drive, 1 half) or less ends; the players it
// marked lose its gift.
inline void expire_prayers(State& s, int upto) noexcept {
    if (s.teams[0].prayers == 0 && s.teams[1].prayers == 0) return;
    unsigned ending = 0;
    for (int i = 0; i < frames::prayer::COUNT; ++i) {
        if (frames::prayer::DURATION[i] <= upto) ending |= 1U << i;
    }
    const unsigned marked = ending & (s.teams[0].prayers | s.teams[1].prayers) & gift_bits();
    for (Team& t : s.teams) t.prayers = static_cast<std::uint16_t>(t.prayers & ~ending);
    if (marked == 0) return;
    for (int p = 0; p < s.player_count; ++p) {
        const unsigned m = s.players[p].marks & marked;
        for (int i = 0; i < frames::prayer::COUNT; ++i) {
            if ((m >> i) & 1U) set_gift(s, p, i + 1, -1);
        }
    }
}

// prayers.end_drive_rerolls: a Brilliant Coaching re-roll still held is lost at a drive's end.
inline void end_drive_rerolls(State& s) noexcept {
    for (Team& t : s.teams) {
        if (t.drive_reroll == 0) continue;
        const int keep = t.drive_reroll - 1;
        if (t.rerolls > keep) t.rerolls = static_cast<std::uint8_t>(keep);
        t.drive_reroll = 0;
    }
}

// prayers.count_under: one event of per-player record `stat` for `pid` while prayer `n` is in
// effect for his team (Perfect Passing, Necessary Violence, ...: the post-game prices them).
inline void count_under(State& s, int pid, int n, int stat) noexcept {
    if (prayer_active(s, s.players[pid].team, n)) ++s.pstats[pid * PSTATS + stat];
}

// prayers.acting_player: the player whose action is played (the innermost PlayerAction), or -1.
inline int acting_player(const State& s) noexcept {
    for (int i = s.frame_count - 1; i >= 0; --i) {
        if (s.stack[i].proc == frames::PLAYER_ACTION) return s.stack[i].arg[frames::p_player_action::F_PID];
    }
    return -1;
}

// prayers.scrutinised: Under Scrutiny, every foul by a player of `side` is spotted.
inline bool scrutinised(const State& s, int side) noexcept {
    return prayer_active(s, other(side), frames::prayer::UNDER_SCRUTINY);
}

// prayers.argue_target: Argue the Call succeeds on 6, or 5-6 with Friends with the Ref.
inline int argue_target(const State& s, int side) noexcept {
    return prayer_active(s, side, frames::prayer::FRIENDS_WITH_THE_REF) ? 5 : 6;
}

inline void push_prayer_gift(State& s, int side, int n) {
    Frame& f = push(s, frames::PRAYER_GIFT);
    f.arg[frames::p_prayer_gift::F_SIDE] = static_cast<std::int16_t>(side);
    f.arg[frames::p_prayer_gift::F_N] = static_cast<std::int16_t>(n);
}

// prayers.PrayerGift: a random candidate (PICK) or the praying coach's choice (TOUCHBACK
// decision, SELECT_PLAYER); none when nobody is eligible, no roll or choice for one.
inline void prayer_gift_run(Ctx& c) {
    State& s = c.s;
    Frame& f = c.top();
    namespace fg = frames::p_prayer_gift;
    const int side = f.arg[fg::F_SIDE];
    const int n = f.arg[fg::F_N];
    const std::vector<int> cands = gift_candidates(s, side, n);
    if (f.phase == fg::PICKED) {
        set_gift(s, cands[static_cast<std::size_t>(die(s))], n, 1);
        pop(s);
        return;
    }
    if (cands.size() <= 1) {
        if (!cands.empty()) set_gift(s, cands[0], n, 1);
        pop(s);
        return;
    }
    if (gift_of(n).chosen) {
        f.phase = fg::CHOOSE;
        wait(s, side, frames::dk::TOUCHBACK);
        return;
    }
    f.phase = fg::PICKED;
    request(s, Dice::PICK, static_cast<int>(cands.size()), purpose("prayer gift"));
}

inline Legal prayer_gift_legal(Ctx& c) {
    namespace fg = frames::p_prayer_gift;
    return {Choice{frames::at::SELECT_PLAYER, gift_candidates(c.s, c.top().arg[fg::F_SIDE], c.top().arg[fg::F_N]), {}, {}}};
}

inline void prayer_gift_act(Ctx& c, const Act& a) {
    set_gift(c.s, a.player, c.top().arg[frames::p_prayer_gift::F_N], 1);
    pop(c.s);
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
    constexpr int TX = 6, TY = 1;  // prayer_trapdoor.TRAPDOOR
    return sq == b.sq(TX, TY) || sq == b.sq(b.width - 1 - TX, b.height - 1 - TY);
}

// prayer_trapdoor.Trapdoor: a D6, on a 1 he falls through (a crowd-surf from the sideline
// square next to the trapdoor; a pushed player's waits in the crowd list; a mover or a
// following-up attacker: a turnover when his team is moving).
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
    if (s.players[pid].team == s.active) s.turnover = 1;
    namespace fcs = frames::p_crowd_surf;
    Frame& cs = push(s, frames::CROWD_SURF);
    cs.arg[fcs::F_PID] = static_cast<std::int16_t>(pid);
    cs.arg[fcs::F_LAST] = static_cast<std::int16_t>(b.sq(x, edge));
    cs.arg[fcs::F_OUT] = static_cast<std::int16_t>(b.sq(x, out));
    cs.arg[fcs::F_HAD_BALL] = had_ball ? 1 : 0;
}

inline void push_trapdoor(State& s, int pid, bool pushed = false) {
    Frame& f = push(s, frames::TRAPDOOR);
    f.arg[frames::p_trapdoor::F_PID] = static_cast<std::int16_t>(pid);
    f.arg[frames::p_trapdoor::F_PUSHED] = pushed ? 1 : 0;
}

inline void push_prayer(State& s, int side) {
    Frame& f = push(s, frames::PRAYER);
    f.arg[frames::p_prayer::F_SIDE] = static_cast<std::int16_t>(side);
}

}  // namespace nuffle::procs
