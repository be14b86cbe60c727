// Fouls (core/procedures/foul.py), in namespace `contact` beside nat's procs/foul.hpp (which
// ports the Foul without Chainsaw; keep one Foul in engine.hpp's switches when both meet): Foul (armour with foul assists, the bonus choice, the
// injury, the referee, a bribe) with its hook points BEFORE_FOUL and UNSEEN, and the armour
// points of injury.hpp asked as foul.py asks them. The LRB6 handlers of BEFORE_FOUL and UNSEEN
// (Chainsaw's kick-back, Sneaky Git) are skill_rules/foul_skills.hpp's; the ChainsawKickBack
// frame is here.
#pragma once

#include "nuffle/engine_base.hpp"
#include "nuffle/procs/contact.hpp"
#include "nuffle/procs/prayers.hpp"
#include "nuffle/rules.hpp"

namespace nuffle::procs::contact {

namespace ffo = frames::p_foul;
namespace fck = frames::p_chainsaw_kick_back;

NUFFLE_HOOK_POINT(FoulBefore, "foul.before", bool(State&, const Frame& foul));
NUFFLE_HOOK_POINT_BB2020(FoulUnseen, "foul.unseen", bool(const State&, const Frame& foul, bool broken));
NUFFLE_HOOK_POINT_BB2020(FoulMovesOn, "foul.moves_on", bool(const State&, int pid));

// foul.foul_assists: team-mates next to `target` with a tackle zone that no opponent other
// than `target` marks; Guard helps where the ruleset says so (then they are the block assists).
inline int foul_assists(const State& s, const Board& b, int helper_side, int target, int opponent) noexcept {
    if (rules_of(s).foul_guard) return assists(s, b, helper_side, target, opponent);
    int adj[8];
    const int n = adjacent_players(s, b, pos(s, target), adj);
    int count = 0;
    for (int i = 0; i < n; ++i) {
        const int q = adj[i];
        if (q == opponent || team_of(s, q) != helper_side || !exerts_tz(s, q)) continue;
        int ms[8];
        const int k = tz_players(s, b, pos(s, q), helper_side, ms);
        bool free = true;
        for (int j = 0; j < k; ++j) free = free && ms[j] == target;
        if (free) ++count;
    }
    return count;
}

// --- Foul ----------------------------------------------------------------------------------

inline void foul_armour(State& s, Frame& f) {
    f.phase = ffo::ARMOUR_ROLLED;
    request(s, Dice::TWO_D6, 1, purpose("foul armour"));
}

// Foul._can_argue: the ruleset has Argue the Call and the fouler's coach is not ejected.
inline bool foul_can_argue(const State& s, const Frame& f) noexcept {
    return rules_of(s).argue_the_call && s.coach_ejected[team_of(s, f.arg[ffo::F_FOULER])] == 0;
}

inline void foul_send_off(State& s, Frame& f) {
    s.turnover = 1;
    f.phase = ffo::SENT_OFF;
    take_off_pitch(s, f.arg[ffo::F_FOULER], static_cast<int>(Status::SENT_OFF));
}

// foul.BIASED_REFEREE_SPOTS: the D6 on which the opposing Biased Referee sends off an unspotted fouler.
constexpr int BIASED_REFEREE_SPOTS = 5;

// Foul._referee: nothing, or a send-off the coach may bribe or argue.
inline void foul_referee(State& s, Frame& f) {
    const int side = team_of(s, f.arg[ffo::F_FOULER]);
    if (f.arg[ffo::F_SENT_OFF] == 0) {
        pop(s);
        return;
    }
    if (s.teams[side].bribes > 0 || foul_can_argue(s, f)) {
        f.phase = ffo::BRIBE;
        wait(s, side, frames::dk::BRIBE);
        return;
    }
    foul_send_off(s, f);
}

// Foul._armour_result: the referee on an armour double, then the injury if the armour broke;
// `left` is the bonus left for the injury roll (-1: all of it).
inline void foul_armour_result(State& s, Frame& f, bool broken, int left = -1) {
    const int fouler = f.arg[ffo::F_FOULER];
    note(s, frames::ev::ARMOUR, f.arg[ffo::F_VICTIM],
         left < 0 ? f.arg[ffo::F_TOTAL] : f.arg[ffo::F_TOTAL] + f.arg[ffo::F_BONUS], broken ? 1 : 0);
    if (f.arg[ffo::F_DOUBLES] != 0) {
        const bool unseen = hooks::any<FoulUnseen>(s, fouler, s, f, broken);
        f.arg[ffo::F_SENT_OFF] = unseen ? 0 : 1;
    }
    f.phase = ffo::REFEREE;
    if (broken) {
        f.phase = ffo::INJURED;
        const int mod = left < 0 ? f.arg[ffo::F_BONUS] : left;
        push_injury(s, f.arg[ffo::F_VICTIM], mod, false, fouler, how::FOUL);
    }
}

inline void foul_run(Ctx& c) {
    State& s = c.s;
    Frame& f = c.top();
    const int fouler = f.arg[ffo::F_FOULER];
    const int victim = f.arg[ffo::F_VICTIM];
    const int ph = f.phase;
    if (ph == ffo::START) {
        f.phase = ffo::BEFORE_FOUL_USED;
        if (hooks::any<FoulBefore>(s, fouler, s, f)) return;
        foul_armour(s, f);
        return;
    }
    if (ph == ffo::BEFORE_FOUL_USED) {
        if (s.ok == 0 || pos(s, fouler) < 0 || !standing(s, fouler)) {
            pop(s);
            return;
        }
        foul_armour(s, f);
        return;
    }
    if (ph == ffo::ARMOUR_ROLLED) {
        const int a = s.chance.outcome.v[0], b = s.chance.outcome.v[1];
        const int side = team_of(s, fouler);
        int mod = foul_assists(s, c.b, side, victim, fouler) - foul_assists(s, c.b, 1 - side, fouler, victim);
        // ARMOUR_MODIFIER with the victim's skills, then the fouler's (unless ARMOUR_IMMUNE:
        // Foul._immune); the fouler's ARMOUR_OR_INJURY
        const bool immune = hooks::any<ArmourImmune>(s, victim, s, victim, fouler, how::FOUL);
        mod += hooks::total<ArmourModifier>(s, victim, s, victim, victim, fouler, how::FOUL);
        if (!immune) mod += hooks::total<ArmourModifier>(s, fouler, s, fouler, victim, fouler, how::FOUL);
        const int bonus = hooks::total<ArmourOrInjury>(s, fouler, s, victim, fouler, how::FOUL);
        f.arg[ffo::F_BONUS] = i16(bonus);
        f.arg[ffo::F_DOUBLES] = a == b ? 1 : 0;
        const int total = a + b + mod;
        f.arg[ffo::F_TOTAL] = i16(total);
        int limit = armour_holds_to(s, victim);  // the fouler's ARMOUR_BREAKS_AT
        for (const auto& h : hooks::handlers<ArmourBreaksAt>(s)) {
            if (immune || !has(s, fouler, h.skill)) continue;
            if (const std::optional<int> at = h.fn(s, victim, fouler, how::FOUL)) limit = std::min(limit, *at - 1);
        }
        if (total <= limit && bonus != 0 && total + bonus > limit && !immune) {
            f.phase = ffo::ARMOUR_BONUS;  // the coach decides whether the bonus breaks the armour
            wait(s, side, frames::dk::ARMOUR_BONUS);
            return;
        }
        foul_armour_result(s, f, total > limit);
        return;
    }
    if (ph == ffo::INJURED) {
        if (s.ok != 0) f.arg[ffo::F_SENT_OFF] = 1;  // the injury roll was a double
        f.phase = ffo::REFEREE;
    }
    if (f.phase == ffo::REFEREE) {
        if (scrutinised(s, team_of(s, fouler))) f.arg[ffo::F_SENT_OFF] = 1;  // BB2020's Under Scrutiny
        if (f.arg[ffo::F_SENT_OFF] == 0 && s.ind_biased_referee[1 - team_of(s, fouler)] != 0) {
            f.phase = ffo::BIASED_ROLLED;  // the opposing team's Biased Referee looks
            request(s, Dice::D6, 1, purpose("BiasedReferee"));
            return;
        }
        foul_referee(s, f);
        return;
    }
    if (f.phase == ffo::BIASED_ROLLED) {
        if (die(s) >= BIASED_REFEREE_SPOTS) f.arg[ffo::F_SENT_OFF] = 1;
        foul_referee(s, f);
        return;
    }
    if (f.phase == ffo::ARGUE_ROLLED) {
        const int d = die(s);
        const int side = team_of(s, fouler);
        if (d >= argue_target(s, side)) {  // 6, or 5-6 with Friends with the Ref
            pop(s);
            return;
        }
        if (d == 1) {
            s.coach_ejected[side] = 1;
        } else if (s.teams[side].bribes > 0) {
            f.phase = ffo::BRIBE_AFTER_ARGUE;
            wait(s, team_of(s, fouler), frames::dk::BRIBE);
            return;
        }
        foul_send_off(s, f);
        return;
    }
    if (f.phase == ffo::BRIBE_ROLLED) {
        if (die(s) >= 2) {
            pop(s);
            return;
        }
        foul_send_off(s, f);
        return;
    }
    pop(s);
}

inline Legal foul_legal(Ctx& c) {
    if (c.top().phase == ffo::ARMOUR_BONUS) {
        return {Choice{frames::at::SELECT_ARMOUR, {}, {}, {}}, Choice{frames::at::DECLINE, {}, {}, {}}};
    }
    const State& s = c.s;
    const Frame& f = c.top();
    Legal out;
    if (s.teams[team_of(s, f.arg[ffo::F_FOULER])].bribes > 0) out.push_back(Choice{frames::at::USE_BRIBE, {}, {}, {}});
    if (f.phase == ffo::BRIBE && foul_can_argue(s, f)) out.push_back(Choice{frames::at::USE_SKILL, {}, {}, {}});
    out.push_back(Choice{frames::at::DECLINE, {}, {}, {}});
    return out;
}

inline void foul_act(Ctx& c, const Act& a) {
    State& s = c.s;
    Frame& f = c.top();
    if (f.phase == ffo::ARMOUR_BONUS) {
        if (a.type == frames::at::SELECT_ARMOUR) {
            foul_armour_result(s, f, true, 0);
        } else {
            foul_armour_result(s, f, false);
        }
        return;
    }
    if (a.type == frames::at::USE_SKILL) {  // Argue the Call
        f.phase = ffo::ARGUE_ROLLED;
        request(s, Dice::D6, 1, purpose("argue the call"));
        return;
    }
    if (a.type == frames::at::USE_BRIBE) {
        --s.teams[team_of(s, f.arg[ffo::F_FOULER])].bribes;
        f.phase = ffo::BRIBE_ROLLED;
        request_threshold(s, 2, purpose("bribe"));
        return;
    }
    foul_send_off(s, f);
}

inline Detail foul_detail(Ctx& c) {
    Detail d;
    d.player = c.top().arg[ffo::F_FOULER];
    d.target = c.top().arg[ffo::F_VICTIM];
    return d;
}

// --- PileDriver (BB2020; skill_rules/bb2020_block_skills.py) --------------------------------
// The attacker's coach may foul the knocked-down victim for free (USE_SKILL); then, unless sent
// off, the attacker is Placed Prone (a turnover only with the ball). DECLINE: nothing.

namespace fpd = frames::p_pile_driver;
inline void pile_driver_run(Ctx& c) {
    State& s = c.s;
    Frame& f = c.top();
    const int pid = f.arg[fpd::F_PID];
    if (f.phase == fpd::START) {
        wait(s, s.players[pid].team, frames::dk::USE_SKILL);
        return;
    }
    if (f.phase == fpd::FOULED && s.players[pid].square >= 0 &&
        s.players[pid].status == static_cast<std::uint8_t>(Status::STANDING)) {
        f.phase = fpd::PLACED;
        push_place_prone(s, pid);
        return;
    }
    pop(s);
}

inline Legal pile_driver_legal(Ctx&) {
    return {Choice{frames::at::USE_SKILL, {}, {}, {}}, Choice{frames::at::DECLINE, {}, {}, {}}};
}

inline void pile_driver_act(Ctx& c, const Act& a) {
    State& s = c.s;
    Frame& f = c.top();
    if (a.type == frames::at::DECLINE) {
        pop(s);
        return;
    }
    f.phase = fpd::FOULED;
    const int pid = f.arg[fpd::F_PID], victim = f.arg[fpd::F_VICTIM];
    Frame& h = push(s, frames::FOUL);
    h.arg[ffo::F_FOULER] = static_cast<std::int16_t>(pid);
    h.arg[ffo::F_VICTIM] = static_cast<std::int16_t>(victim);
}

inline Detail pile_driver_detail(Ctx& c) {
    Detail d;
    d.player = c.top().arg[fpd::F_PID];
    d.target = c.top().arg[fpd::F_VICTIM];
    d.skill = frames::skill::PILE_DRIVER;
    return d;
}

// --- ChainsawKickBack (contact_skills.py) ----------------------------------------------------

inline void chainsaw_kick_back_run(Ctx& c) {
    State& s = c.s;
    Frame& f = c.top();
    const int pid = f.arg[fck::F_PID];
    if (f.phase == fck::START) {
        f.phase = fck::ROLLED;
        push_player_roll(s, frames::roll::CHAINSAW, pid, 2, 0, false);
        return;
    }
    if (f.phase == fck::ROLLED) {
        if (s.ok != 0) {
            pop(s);  // the foul goes on
            return;
        }
        f.phase = fck::KICKED_BACK;
        push_knock_down(s, pid, -1, true, 3, pid, how::HIT);
        return;
    }
    s.ok = 0;
    pop(s);
}

}  // namespace nuffle::procs::contact

#include "nuffle/skill_rules/foul_skills.hpp"
