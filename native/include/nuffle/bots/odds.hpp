// The exact odds the scripted bot reads (analysis/queries.py and analysis/blocks.py, the parts
// agents/scripted/ uses): a catch, an accurate pass, the block dice and what each face does, and
// the chance that a blitz knocks the defender down. Each is an exact fraction (small integer
// numerator over a fixed denominator), turned into a double by one correctly rounded division,
// so it is the same double as Python's float(Fraction).
#pragma once

#include <algorithm>
#include <array>
#include <cstdint>
#include <vector>

#include "nuffle/engine.hpp"

namespace nuffle::bots {

namespace fsk = frames::skill;

// analysis.blocks.BlockResult, numbered by the attacker's preference (best first); the
// defender's preference is the reverse.
enum Result : int { DEFENDER_DOWN = 0, PUSHED = 1, NO_EFFECT = 2, BOTH_PRONE = 3, BOTH_DOWN = 4, ATTACKER_DOWN = 5 };
inline bool attacker_fell(int r) noexcept { return r == ATTACKER_DOWN || r == BOTH_DOWN || r == BOTH_PRONE; }

// analysis.blocks.BlockSkills as queries.block_skills states them (face_rules; no tackle: the
// Dodge it cancels is already left out of the defender's `dodge`).
struct BlockSkills {
    bool block = false, dodge = false, wrestle = false, juggernaut = false;
};

// queries.block_skills: (attacker, defender) by the engine's block rules.
inline void block_skills(const State& s, int att, int dfd, bool blitz, BlockSkills& a, BlockSkills& d) noexcept {
    using procs::contact::block_cancelled;
    a = BlockSkills{has(s, att, fsk::BLOCK), false, has(s, att, fsk::WRESTLE), has(s, att, fsk::JUGGERNAUT) && blitz};
    d = BlockSkills{has(s, dfd, fsk::BLOCK), has(s, dfd, fsk::DODGE) && !block_cancelled(s, att, blitz, fsk::DODGE),
                    has(s, dfd, fsk::WRESTLE) && !block_cancelled(s, att, blitz, fsk::WRESTLE), false};
}

// blocks.face_result: what face `face` (types.BlockFace) does.
inline int face_result(int face, const BlockSkills& a, const BlockSkills& d) noexcept {
    using namespace procs::contact;
    if (face == face::BOTH_DOWN && a.juggernaut) {
        BlockSkills plain = a;
        plain.juggernaut = false;
        return std::min(face_result(face, plain, d), static_cast<int>(PUSHED));
    }
    if (face == face::ATTACKER_DOWN) return ATTACKER_DOWN;
    if (face == face::PUSHED) return PUSHED;
    if (face == face::DEFENDER_STUMBLES) return d.dodge ? PUSHED : DEFENDER_DOWN;
    if (face == face::DEFENDER_DOWN) return DEFENDER_DOWN;
    if ((a.wrestle && !a.block) || (d.wrestle && !d.block)) return BOTH_PRONE;
    if (a.block && d.block) return NO_EFFECT;
    if (a.block) return DEFENDER_DOWN;
    if (d.block) return ATTACKER_DOWN;
    return BOTH_DOWN;
}

// block.block_dice: (dice, attacker chooses) for `att` blocking `dfd`.
inline int block_dice(const State& s, const Board& b, int att, int dfd, bool blitz, bool& chooses) noexcept {
    const int a = procs::contact::strength(s, att, dfd, blitz) + assists(s, b, team_of(s, att), dfd, att);
    const int d = s.players[dfd].st + assists(s, b, team_of(s, dfd), att, dfd);
    chooses = true;
    if (a > 2 * d) return 3;
    if (a > d) return 2;
    if (a == d) return 1;
    chooses = false;
    return d > 2 * a ? 3 : 2;
}

// A D6 roll's winning faces (probability.d6_success): a natural 1 fails, a natural 6 wins.
inline int d6_wins(int target, int mod) noexcept {
    int wins = 0;
    for (int d = 2; d <= 6; ++d) wins += (d + mod >= target || d == 6) ? 1 : 0;
    return wins;
}

// p + (1 - p) * f * p for p = wins / 6 and f = f2 / 2, as a double: one roll re-rolled with
// chance f (probability.sequence_success of one step, pass_roll's accurate result).
inline double rerolled(int wins, int f2) noexcept {
    return static_cast<double>(12 * wins + (6 - wins) * wins * f2) / 72.0;
}

// queries.catch_odds as a float: `accurate` for a pass aimed at him, else a hand-off (both +1).
inline double catch_odds(const State& s, const Board& b, int pid, bool accurate) noexcept {
    if (!can_catch(s, pid)) return 0.0;
    const int mod = catch_modifier(s, b, pid, 1, accurate);
    const RerollSources r = reroll_sources(s, pid, rk::CATCH, false, -1);
    const int f2 = std::max({r.skill ? 2 : 0, r.pro ? 1 : 0, r.team ? (r.loner ? 1 : 2) : 0});
    return rerolled(d6_wins(ag_target(s, pid), mod), f2);
}

// queries.pass_odds(...)["accurate"] as a float; false where the query refuses the target
// (the thrower's square, out of range or a band the weather forbids).
inline bool pass_accurate(const State& s, const Board& b, int pid, int target, double& out) {
    const char band = procs::passing::band_between(s, b, s.players[pid].square, target);
    if (band == 'T' || band == '-') return false;
    bool allowed = false;
    for (const char* c = procs::passing::allowed_bands(s); *c != '\0'; ++c) allowed = allowed || *c == band;
    if (!allowed) return false;
    const int mod = procs::passing::pass_roll_modifier(s, b, pid, band);
    const int goal = pass_target(s, pid);  // AG under LRB6, PA under BB2020
    if (rules_of(s).pass_2020 && goal >= NO_PA_TARGET) {  // PA "-": a fumble, no test
        out = 0.0;
        return true;
    }
    int acc = 0;
    for (int d = 1; d <= 6; ++d) acc += (d == 6 || (d != 1 && d + mod >= goal)) ? 1 : 0;
    const RerollSources r = reroll_sources(s, pid, rk::PASS, false, -1);
    const int f2 = (r.skill || (r.team && !r.loner)) ? 2 : ((r.pro || r.team) ? 1 : 0);
    out = rerolled(acc, f2);
    return true;
}

// The faces of one block die with their weights (blocks.FACE_WEIGHTS: Pushed twice).
inline constexpr std::array<std::array<int, 2>, 5> FACE_WEIGHTS{{{0, 1}, {1, 1}, {2, 2}, {3, 1}, {4, 1}}};

// Every roll of `dice` block dice (faces with their weights): the face the chooser takes (the
// least `key(face)`) counted into first[face] by its ways, and (with `order`) the faces in the
// order they are first taken. Returns 6**dice, the ways in all.
template <typename Key>
std::int64_t count_chosen_faces(int dice, Key&& key, std::int64_t first[5], std::vector<int>* order = nullptr) {
    int idx[3] = {0, 0, 0};
    for (;;) {
        std::int64_t ways = 1;
        int best = -1;
        for (int k = 0; k < dice; ++k) {
            const int f = FACE_WEIGHTS[static_cast<std::size_t>(idx[k])][0];
            ways *= FACE_WEIGHTS[static_cast<std::size_t>(idx[k])][1];
            if (best < 0 || key(f) < key(best)) best = f;
        }
        if (order != nullptr && first[best] == 0) order->push_back(best);
        first[best] += ways;
        int k = dice - 1;
        while (k >= 0 && ++idx[k] == 5) idx[k--] = 0;
        if (k < 0) break;
    }
    std::int64_t total = 1;
    for (int k = 0; k < dice; ++k) total *= 6;
    return total;
}

// probability of the defender being knocked down at all (BlockOdds.defender_armour) for the
// goal "kd" (blocks._block_odds with the chooser's pick and a re-roll allowed with chance
// allow2 / 2), as a double.
inline double defender_armour_kd(int dice, bool attacker_chooses, const BlockSkills& a, const BlockSkills& d, int allow2) {
    int res[5];
    for (int f = 0; f < 5; ++f) res[f] = face_result(f, a, d);
    auto key = [&](int f) {  // (missed, rank, -face order): the chooser takes the least
        const int missed = attacker_chooses && res[f] != DEFENDER_DOWN ? 1 : 0;
        const int rank = attacker_chooses ? res[f] : 5 - res[f];
        return std::array<int, 3>{missed, rank, -f};
    };
    std::int64_t first[5] = {0, 0, 0, 0, 0};  // ways out of 6**dice
    const std::int64_t total = count_chosen_faces(dice, key, first);
    std::int64_t fail = 0;
    for (int f = 0; f < 5; ++f) fail += res[f] != DEFENDER_DOWN ? first[f] : 0;
    std::int64_t num = 0;  // out of 2 * total**2
    for (int f = 0; f < 5; ++f) {
        const std::int64_t kept = res[f] == DEFENDER_DOWN ? first[f] * total * 2 : first[f] * total * (2 - allow2);
        const std::int64_t p = kept + fail * allow2 * first[f];
        if (res[f] == DEFENDER_DOWN || res[f] == BOTH_DOWN) num += p;
    }
    return static_cast<double>(num) / static_cast<double>(2 * total * total);
}

// queries.blitz_odds(s, att, dfd, from, goal="kd").defender_armour as a float: the block as if
// `att` stood on `from` (empty or his own square, next to `dfd`); false where the query refuses.
inline bool blitz_armour(const State& s, const Board& b, int att, int dfd, int from, double& out) {
    if (s.players[att].square < 0 || !standing(s, att) || s.players[dfd].square < 0 || !standing(s, dfd)) return false;
    if (!b.on_pitch(from) || (s.grid[from] != SQUARE_EMPTY && s.grid[from] != att)) return false;
    if (b.distance(from, s.players[dfd].square) != 1 || team_of(s, att) == team_of(s, dfd)) return false;
    State there = s;
    if (from != there.players[att].square) procs::move_player(there, att, from);
    bool chooses = true;
    const int dice = block_dice(there, b, att, dfd, true, chooses);
    BlockSkills a, d;
    block_skills(there, att, dfd, true, a, d);
    const RerollSources r = reroll_sources(there, att, rk::PASS, false, -1);  // Pro and Loner only
    const bool team = team_reroll_available(there, team_of(there, att));
    int allow2 = team ? (r.loner ? 1 : 2) : 0;
    if (r.pro) allow2 = std::max(allow2, 1);
    out = defender_armour_kd(dice, chooses, a, d, allow2);
    return true;
}

}  // namespace nuffle::bots
