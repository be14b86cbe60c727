// BB2020's Prayers to Nuffle in effect (core/procedures/prayers.py): which prayers a team has,
// the gifts of the prayers that mark players (give, take back, expire), the counts of the SPP
// prayers and the foul's prayers. State only, no frames: the procedures that ask them (injury,
// passing, fouls) include this header; prayers.hpp holds the prayers' frames.
#pragma once

#include <vector>

#include "nuffle/engine_base.hpp"
#include "nuffle/rules.hpp"
#include "nuffle/skill_values.hpp"

namespace nuffle::procs {


// prayers.active: the prayer numbered `n` is in effect for `side`.
inline bool prayer_active(const State& s, int side, int n) noexcept { return ((s.teams[side].prayers >> (n - 1)) & 1) != 0; }

// prayers.Gift: what a prayer that marks a player gives him (own team or opposing, chosen by
// the praying coach or random; a skill, -1 none, and MA / AV changes; the skill's value, 0 his
// default; D3 players, not one). prayers.GIFTS.
struct Gift {
    bool own, chosen;
    int skill, ma, av;
    int value = 0;
    bool d3 = false;
    bool primary = false;  // a Primary skill his coach chooses (Intensive Training)
};

constexpr bool is_gift(int n) noexcept {
    namespace pr = frames::prayer;
    return n == pr::STILETTO || n == pr::IRON_MAN || n == pr::KNUCKLE_DUSTERS || n == pr::BAD_HABITS ||
           n == pr::GREASY_CLEATS || n == pr::BLESSED_STATUE_OF_NUFFLE || n == pr::INTENSIVE_TRAINING;
}

// prayers.MARK_BITS: gift `n`'s bit in the one-byte Player::marks: n-1 for prayers 3-8, bit 1
// (prayer 2 marks nobody) for Intensive Training; bit 0 is Zap!'s frog (frames::rule::FROG_MARK).
constexpr int mark_bit(int n) noexcept { return n == frames::prayer::INTENSIVE_TRAINING ? 1 : n - 1; }
static_assert(!is_gift(2) && frames::rule::FROG_MARK == 1 && frames::prayer::STILETTO <= 8 && frames::prayer::IRON_MAN <= 8 &&
              frames::prayer::KNUCKLE_DUSTERS <= 8 && frames::prayer::BAD_HABITS <= 8 &&
              frames::prayer::GREASY_CLEATS <= 8 && frames::prayer::BLESSED_STATUE_OF_NUFFLE <= 8);

inline Gift gift_of(int n) noexcept {
    namespace pr = frames::prayer;
    switch (n) {
        case pr::STILETTO: return {true, false, frames::skill::STAB, 0, 0};
        case pr::IRON_MAN: return {true, true, -1, 0, 1};
        case pr::KNUCKLE_DUSTERS: return {true, true, frames::skill::MIGHTY_BLOW, 0, 0};
        case pr::BAD_HABITS: return {false, false, frames::skill::LONER, 0, 0, 2, true};
        case pr::GREASY_CLEATS: return {false, false, -1, -1, 0};
        case pr::INTENSIVE_TRAINING: return {true, false, -1, 0, 0, 0, false, true};
        default: return {true, true, frames::skill::PRO, 0, 0};  // Blessed Statue of Nuffle
    }
}

constexpr int PRAYER_AV_MAX = 11;  // prayers.AV_MAX

// prayer_training.offers: the Primary skills Intensive Training may give `pid` (his categories'
// skills the engines implement, frames::training, that he has not got), in skill order.
inline std::vector<int> training_offers(const State& s, int pid) {
    std::uint64_t want[SKILL_WORDS] = {};
    for (int c = 0; c < frames::training::CATEGORIES; ++c) {
        if (((s.primary[pid] >> c) & 1) == 0) continue;
        for (int i = frames::training::START[c]; i < frames::training::START[c + 1]; ++i) {
            const int k = frames::training::SKILLS[i];
            want[k / 64] |= 1ULL << (k % 64);
        }
    }
    std::vector<int> out;
    const Player& p = s.players[pid];
    for (int k = 0; k < SKILL_IDS; ++k) {
        if (((want[k / 64] >> (k % 64)) & 1ULL) != 0 && !p.has_skill(k)) out.push_back(k);
    }
    return out;
}

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
        if (g.primary && training_offers(s, p).empty()) continue;
        out.push_back(p);
    }
    return out;
}

// prayers.give / prayers.take_back: prayer `n`'s gift to player `pid` (sign 1) or back (-1);
// Intensive Training's the `chosen` skill (it lasts the game: never taken back).
inline void set_gift(State& s, int pid, int n, int sign, int chosen = -1) noexcept {
    const Gift g = gift_of(n);
    Player& p = s.players[pid];
    const int skill = g.primary ? chosen : g.skill;
    if (skill >= 0) {
        const std::uint64_t bit = 1ULL << (skill % 64);
        if (sign > 0) p.skills[skill / 64] |= bit;
        else p.skills[skill / 64] &= ~bit;
        if (g.value != 0) set_skill_value(p, skill, sign > 0 ? g.value : skill_value_default(skill));
    }
    p.ma = static_cast<std::uint8_t>(p.ma + sign * g.ma);
    p.av = static_cast<std::uint8_t>(p.av + sign * g.av);
    const unsigned b = 1U << mark_bit(n);
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
        const unsigned m = s.players[p].marks;
        for (int i = 0; i < frames::prayer::COUNT; ++i) {
            if (((marked >> i) & 1U) != 0 && ((m >> mark_bit(i + 1)) & 1U) != 0) set_gift(s, p, i + 1, -1);
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
}  // namespace nuffle::procs
