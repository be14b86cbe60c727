// The exact odds the grod bot reads beyond the scripted bot's (bots/odds.hpp): a block's
// BlockOdds for the goal "safe" (success, defender_armour, ball_lost; queries.block_odds and
// blitz_odds), the faces one fresh roll of the block dice gives its chooser
// (probability.block_odds(...).faces), an armour break (probability.armour_break) and a foul's
// (sent off, armour broken) by the engine's foul rules (grod/purposes.foul_figures). Each figure
// is an exact fraction turned into a double by one correctly rounded division, so it is the
// same double as Python's float(Fraction).
#pragma once

#include <algorithm>
#include <array>
#include <cstdint>
#include <optional>
#include <utility>
#include <vector>

#include "nuffle/bots/odds.hpp"
#include "nuffle/engine.hpp"

namespace nuffle::bots {

// The goal "safe": the attacker is not knocked down.
inline bool safe_result(int r) noexcept { return r != BOTH_DOWN && r != ATTACKER_DOWN; }

// blocks._chosen_faces for the goal "safe": ways (out of 6**dice, `total`) the chooser picks
// each face, and the faces in the order the enumeration first picks them (the Python dict's
// order).
struct ChosenFaces {
    std::int64_t total = 0;  // 0: not worked out yet
    std::int64_t first[5] = {0, 0, 0, 0, 0};
    int order[5] = {0, 0, 0, 0, 0};
    int count = 0;  // faces in `order`
};

inline ChosenFaces count_faces(int dice, bool attacker_chooses, const BlockSkills& a, const BlockSkills& d) {
    int res[5];
    for (int f = 0; f < 5; ++f) res[f] = face_result(f, a, d);
    auto key = [&](int f) {  // (missed, rank, -face order): the chooser takes the least
        const int missed = attacker_chooses && !safe_result(res[f]) ? 1 : 0;
        const int rank = attacker_chooses ? res[f] : 5 - res[f];
        return std::array<int, 3>{missed, rank, -f};
    };
    ChosenFaces out;
    std::vector<int> order;
    out.total = count_chosen_faces(dice, key, out.first, &order);
    for (const int f : order) out.order[out.count++] = f;
    return out;
}

// The same, worked out once per thread for each of its few arguments (1-3 dice, the chooser,
// four skills a side): a pure function of them.
inline const ChosenFaces& chosen_faces(int dice, bool attacker_chooses, const BlockSkills& a, const BlockSkills& d) {
    auto bits = [](const BlockSkills& s) {
        return (s.block ? 1 : 0) | (s.dodge ? 2 : 0) | (s.wrestle ? 4 : 0) | (s.juggernaut ? 8 : 0);
    };
    thread_local std::vector<ChosenFaces> memo(3 * 2 * 16 * 16);
    thread_local ChosenFaces other;
    if (dice < 1 || dice > 3) {
        other = count_faces(dice, attacker_chooses, a, d);
        return other;
    }
    ChosenFaces& e = memo[static_cast<std::size_t>((((dice - 1) * 2 + (attacker_chooses ? 1 : 0)) * 16 + bits(a)) * 16 + bits(d))];
    if (e.total == 0) e = count_faces(dice, attacker_chooses, a, d);
    return e;
}

// BlockOdds' figures for the goal "safe" as doubles.
struct SafeOdds {
    double success = 0.0, defender_armour = 0.0, ball_lost = 0.0;
};

// blocks._block_odds(dice, chooser, a, d, re-roll allowed with chance allow2 / 2, "safe",
// carrier 0 none / 1 attacker / 2 defender).
inline SafeOdds safe_block_odds(int dice, bool attacker_chooses, const BlockSkills& a, const BlockSkills& d,
                                int allow2, int carrier_role) {
    const ChosenFaces& cf = chosen_faces(dice, attacker_chooses, a, d);
    const std::int64_t total = cf.total;
    const std::int64_t* first = cf.first;
    int res[5];
    for (int f = 0; f < 5; ++f) res[f] = face_result(f, a, d);
    std::int64_t fail = 0;
    for (int f = 0; f < 5; ++f) fail += safe_result(res[f]) ? 0 : first[f];
    std::int64_t success = 0, armour = 0, lost = 0;  // out of 2 * total**2
    for (int f = 0; f < 5; ++f) {
        const std::int64_t kept = safe_result(res[f]) ? first[f] * total * 2 : first[f] * total * (2 - allow2);
        const std::int64_t p = kept + fail * allow2 * first[f];
        const int r = res[f];
        if (safe_result(r)) success += p;
        if (r == DEFENDER_DOWN || r == BOTH_DOWN) armour += p;
        if ((carrier_role == 1 && attacker_fell(r)) ||
            (carrier_role == 2 && (r == DEFENDER_DOWN || r == BOTH_DOWN || r == BOTH_PRONE))) {
            lost += p;
        }
    }
    const double den = static_cast<double>(2 * total * total);
    return SafeOdds{static_cast<double>(success) / den, static_cast<double>(armour) / den,
                    static_cast<double>(lost) / den};
}

// queries.block_odds(s, att, dfd, "safe", blitz) on an adjacent standing pair of opponents.
inline SafeOdds block_odds_safe(const State& s, const Board& b, int att, int dfd, bool blitz) {
    bool chooses = true;
    const int dice = block_dice(s, b, att, dfd, blitz, chooses);
    BlockSkills a, d;
    block_skills(s, att, dfd, blitz, a, d);
    const bool team = team_reroll_available(s, team_of(s, att));
    std::uint32_t spend = 0;
    const bool pro = checked_reroll(s, att, spend);
    const bool loner = team_reroll_check(s, att);
    int allow2 = team ? (loner ? 1 : 2) : 0;
    if (pro) allow2 = std::max(allow2, 1);
    const int c = carrier(s);
    const int role = c < 0 ? 0 : (c == att ? 1 : (c == dfd ? 2 : 0));
    return safe_block_odds(dice, chooses, a, d, allow2, role);
}

// queries.blitz_odds(s, att, dfd, from, "safe"); false where the query refuses (the attacker or
// defender not standing, `from` taken or not next to the defender, team-mates).
inline bool blitz_odds_safe(const State& s, const Board& b, int att, int dfd, int from, SafeOdds& out) {
    if (s.players[att].square < 0 || !standing(s, att) || s.players[dfd].square < 0 || !standing(s, dfd)) return false;
    if (!b.on_pitch(from) || (s.grid[from] != SQUARE_EMPTY && s.grid[from] != att)) return false;
    if (b.distance(from, s.players[dfd].square) != 1 || team_of(s, att) == team_of(s, dfd)) return false;
    if (from == s.players[att].square) {
        out = block_odds_safe(s, b, att, dfd, true);
        return true;
    }
    State there = s;
    procs::move_player(there, att, from);
    out = block_odds_safe(there, b, att, dfd, true);
    return true;
}

// probability.block_odds(dice, True, attacker=a, defender=d).faces: each face one fresh roll
// gives the attacker, with its chance, in the Python dict's order.
inline std::vector<std::pair<int, double>> fresh_faces(int dice, const BlockSkills& a, const BlockSkills& d) {
    const ChosenFaces& cf = chosen_faces(dice, true, a, d);
    std::vector<std::pair<int, double>> out;
    for (int i = 0; i < cf.count; ++i) {
        const int f = cf.order[i];
        out.emplace_back(f, static_cast<double>(cf.first[f]) / static_cast<double>(cf.total));
    }
    return out;
}

// float(probability.armour_break(av)): 2D6 > av.
inline double armour_break(int av) noexcept {
    int n = 0;
    for (int a = 1; a <= 6; ++a) {
        for (int c = 1; c <= 6; ++c) n += a + c > av ? 1 : 0;
    }
    return static_cast<double>(n) / 36.0;
}

// grod/purposes.foul_figures: (P(sent off), P(armour broken)) of `p` fouling `q` from `spot`,
// by the engine's foul rules (foul.foul_rules: net assists, skills, the bonus, Sneaky Git).
inline std::pair<double, double> foul_figures(const State& s0, const Board& b, int p, int q, int spot) {
    namespace ffo = frames::p_foul;
    using namespace procs;
    using namespace procs::contact;
    State moved;
    const State* sp = &s0;
    if (spot != s0.players[p].square) {
        moved = s0;
        procs::move_player(moved, p, spot);
        sp = &moved;
    }
    const State& s = *sp;
    const int side = team_of(s, p);
    int mod = foul_assists(s, b, side, q, p) - foul_assists(s, b, 1 - side, p, q);
    mod += hooks::total<ArmourModifier>(s, q, s, q, q, p, how::FOUL);
    mod += hooks::total<ArmourModifier>(s, p, s, p, q, p, how::FOUL);
    const int bonus = hooks::total<ArmourOrInjury>(s, p, s, q, p, how::FOUL);
    int limit = armour_holds_to(s, q);
    for (const auto& h : hooks::handlers<ArmourBreaksAt>(s)) {
        if (!has(s, p, h.skill)) continue;
        if (const std::optional<int> at = h.fn(s, q, p, how::FOUL)) limit = std::min(limit, *at - 1);
    }
    Frame probe{};
    probe.arg[ffo::F_FOULER] = static_cast<std::int16_t>(p);
    probe.arg[ffo::F_VICTIM] = static_cast<std::int16_t>(q);
    const bool unseen_held = hooks::any<FoulUnseen>(s, p, s, probe, false);
    const bool unseen_broken = hooks::any<FoulUnseen>(s, p, s, probe, true);
    std::int64_t broken = 0, sent = 0;  // out of 36 and 36 * 36
    for (int a = 1; a <= 6; ++a) {
        for (int c = 1; c <= 6; ++c) {
            const int total = a + c + mod;
            const bool breaks = total > limit || (bonus != 0 && total + bonus > limit);
            if (!breaks) {
                if (a == c && !unseen_held) sent += 36;
                continue;
            }
            ++broken;
            sent += a == c && !unseen_broken ? 36 : 6;  // the injury roll's 36 outcomes, 6 of them doubles
        }
    }
    return {static_cast<double>(sent) / 1296.0, static_cast<double>(broken) / 36.0};
}

}  // namespace nuffle::bots
