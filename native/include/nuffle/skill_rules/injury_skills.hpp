// LRB6's handlers at injury.hpp's hook points: the armour, injury and casualty skills of
// Python's skill_rules/contact_skills.py (Chainsaw's armour modifier, Mighty Blow, Dirty Player,
// Claws, Ball & Chain, Piling On, Thick Skull, Stunty, Decay, Regeneration, Nurgle's Rot).
// Included by injury.hpp after its procedures. And BB2020's own injury-table handlers.
#pragma once

#include <optional>
#include <vector>

#include "nuffle/hooks.hpp"
#include "nuffle/procs/injury.hpp"

namespace nuffle::procs {

namespace lrb6_injury {
namespace sk = frames::skill;

// ARMOUR_MODIFIER: Chainsaw, +3 to his foul's armour roll and against him when he falls or is
// blocked (a chainsaw attack or kick-back is a HIT whose +3 its procedure passes itself).
inline int chainsaw_armour(const State&, int owner, int victim, int by, int how) noexcept {
    if (how == how::FOUL) return owner == by ? 3 : 0;
    return owner == victim && (how == how::FALL || how == how::BLOCK || how == how::KNOCKED) ? 3 : 0;
}

// ARMOUR_OR_INJURY: Dirty Player on his foul, Mighty Blow on his block.
// Their +X: the player's value (skill_values.hpp; +1 by default).
inline int dirty_player(const State& s, int, int by, int how) noexcept {
    return how == how::FOUL ? skill_value(s.players[by], sk::DIRTY_PLAYER) : 0;
}
inline int mighty_blow(const State& s, int, int by, int how) noexcept {
    return how == how::BLOCK ? skill_value(s.players[by], sk::MIGHTY_BLOW) : 0;
}

// ARMOUR_BREAKS_AT: Claws, 8 on his block.
inline std::optional<int> claws(const State&, int, int, int how) noexcept {
    return how == how::BLOCK ? std::optional<int>(8) : std::nullopt;
}

inline bool ball_and_chain_falls(const State&, const Frame&) noexcept { return true; }  // ARMOUR_SKIPPED

// AFTER_ARMOUR / AFTER_INJURY: Piling On after his block (not on a casualty).
inline bool piling_on_armour(Ctx& c, const Frame& kd) {
    const int by = kd.arg[fkd::F_BY];
    if (kd.arg[fkd::F_HOW] != how::BLOCK || !can_pile_on(c.s, c.b, by, kd.arg[fkd::F_PID])) return false;
    push_piling_on(c.s, by, frames::at::SELECT_ARMOUR);
    return true;
}
inline bool piling_on_injury(Ctx& c, const Frame& inj, int result) {
    const int by = inj.arg[finj::F_BY];
    if (inj.arg[finj::F_HOW] != how::BLOCK || result == inj::CASUALTY || !can_pile_on(c.s, c.b, by, inj.arg[finj::F_PID])) {
        return false;
    }
    push_piling_on(c.s, by, frames::at::SELECT_INJURY);
    return true;
}

// INJURY_TABLE: Thick Skull (8: stunned), Stunty (7: KO, 9: badly hurt), Ball & Chain (no stun).
inline int thick_skull(const State&, const Frame&, int total, int result) noexcept {
    return total == 8 && result == inj::KO ? inj::STUNNED : result;
}
inline int stunty(const State&, const Frame&, int total, int result) noexcept {
    if (total == 7 && result == inj::STUNNED) return inj::KO;
    if (total == 9 && result == inj::KO) return inj::BADLY_HURT;
    return result;
}
inline int ball_and_chain_injury(const State&, const Frame&, int, int result) noexcept {
    return result == inj::STUNNED ? inj::KO : result;
}

inline int decay(const State&, const Frame&) noexcept { return 1; }  // CASUALTY_ROLLS

// RECOVER: Regeneration's roll (the Regenerate frame).
inline bool regeneration(State& s, const Frame& inj) {
    push(s, frames::REGENERATE).arg[frames::p_regenerate::F_PID] = inj.arg[finj::F_PID];
    return true;
}

// CASUALTY_CAUSED: Nurgle's Rot (BB2020's Plague Ridden, its league effect, the same), on an opponent killed who has none of Decay, Regeneration, Stunty.
inline void nurgles_rot(State& s, const Frame& inj) {
    const int pid = inj.arg[finj::F_PID];
    const int by = inj.arg[finj::F_BY];
    const Player& v = s.players[pid];
    const bool dead = is_dead(s, inj.arg[finj::F_CAS]) || is_dead(s, inj.arg[finj::F_CAS2]);
    if (!dead || v.team == s.players[by].team) return;
    if (v.has_skill(sk::DECAY) || v.has_skill(sk::REGENERATION) || v.has_skill(sk::STUNTY)) return;
    ++s.teams[s.players[by].team].stats[stat::ROTTED];
}
}  // namespace lrb6_injury

namespace i6 = lrb6_injury;
NUFFLE_LRB6_HANDLERS(ArmourModifier, {sk::CHAINSAW, i6::chainsaw_armour})
// Arm Bar (BB2020 only; skill_rules/bb2020_block_skills.py): +1 on the armour or injury roll of a
// failed dodge, jump or leap out of his tackle zone (FALL_CAUSED makes the fall his).
inline int arm_bar(const State&, int, int, int how) noexcept { return how == how::FALL ? 1 : 0; }
inline bool arm_bar_trips(const State&, int, int) noexcept { return true; }
NUFFLE_LRB6_HANDLERS(ArmourOrInjury, {sk::DIRTY_PLAYER, i6::dirty_player}, {sk::MIGHTY_BLOW, i6::mighty_blow},
                     {sk::ARM_BAR, arm_bar})
NUFFLE_LRB6_HANDLERS(FallCaused, {sk::ARM_BAR, arm_bar_trips})
NUFFLE_LRB6_HANDLERS(ArmourBreaksAt, {sk::CLAWS, i6::claws})
// Iron Hard Skin (BB2020 only; skill_rules/bb2020_block_skills.py): by's skills do not act on his armour.
inline bool iron_hard_skin(const State&, int, int, int) noexcept { return true; }
NUFFLE_LRB6_HANDLERS(ArmourImmune, {sk::IRON_HARD_SKIN, iron_hard_skin})
NUFFLE_LRB6_HANDLERS(ArmourSkipped, {sk::BALL_AND_CHAIN, i6::ball_and_chain_falls})
NUFFLE_LRB6_HANDLERS(AfterArmour, {sk::PILING_ON, i6::piling_on_armour})
NUFFLE_LRB6_NO_HANDLERS(InjuryModifier)
NUFFLE_LRB6_HANDLERS(InjuryTable, {sk::THICK_SKULL, i6::thick_skull}, {sk::BALL_AND_CHAIN, i6::ball_and_chain_injury},
                     {sk::STUNTY, i6::stunty})
NUFFLE_LRB6_HANDLERS(AfterInjury, {sk::PILING_ON, i6::piling_on_injury})
NUFFLE_LRB6_HANDLERS(CasualtyRolls, {sk::DECAY, i6::decay})
NUFFLE_LRB6_HANDLERS(Recover, {sk::REGENERATION, i6::regeneration})
NUFFLE_LRB6_HANDLERS(CasualtyCaused, {sk::NURGLES_ROT, i6::nurgles_rot}, {sk::PLAGUE_RIDDEN, i6::nurgles_rot})

// Safe Pair of Hands (BB2020 only; skill_rules/bb2020_passing_skills.py): BALL_DROPPED offers
// the SafePairOfHands frame when an empty square lies next to `sq`; its coach places the ball
// there or lets it bounce from `sq`.
namespace bb2020_ball {
namespace fsp = frames::p_safe_pair_of_hands;
inline std::vector<int> safe_squares(const State& s, const Board& b, int sq) {
    std::vector<int> out;
    for (const int o : b.neighbours) {
        if (s.grid[sq + o] == SQUARE_EMPTY) out.push_back(sq + o);
    }
    return out;
}
inline bool safe_pair_of_hands(State& s, const Board& b, int pid, int sq) {
    if (safe_squares(s, b, sq).empty()) return false;
    Frame& f = push(s, frames::SAFE_PAIR_OF_HANDS);
    f.arg[fsp::F_PID] = i16(pid);
    f.arg[fsp::F_SQ] = i16(sq);
    return true;
}
}  // namespace bb2020_ball
NUFFLE_LRB6_HANDLERS(BallDropped, {sk::SAFE_PAIR_OF_HANDS, bb2020_ball::safe_pair_of_hands})

inline void safe_pair_of_hands_run(Ctx& c) {
    wait(c.s, team_of(c.s, c.top().arg[bb2020_ball::fsp::F_PID]), frames::dk::USE_SKILL);
}
inline Legal safe_pair_of_hands_legal(Ctx& c) {
    return {Choice{frames::at::PLACE_BALL, {}, bb2020_ball::safe_squares(c.s, c.b, c.top().arg[bb2020_ball::fsp::F_SQ]), {}},
            Choice{frames::at::DECLINE, {}, {}, {}}};
}
inline void safe_pair_of_hands_act(Ctx& c, const Act& a) {
    State& s = c.s;
    const int sq = c.top().arg[bb2020_ball::fsp::F_SQ];
    pop(s);
    if (a.type == frames::at::DECLINE) {
        push_bounce(s, sq, false);
        return;
    }
    s.ball = i16(a.square);
    s.ball_state = frames::ball::ON_GROUND;
}
inline Detail safe_pair_of_hands_detail(Ctx& c) {
    Detail d;
    d.player = c.top().arg[bb2020_ball::fsp::F_PID];
    d.skill = frames::skill::SAFE_PAIR_OF_HANDS;
    return d;
}

// BB2020's own injury-table handlers (skill_rules/bb2020_injury_skills.py): Thick Skull keeps a
// player from the lowest total that would knock him out (8, or 7 with Stunty, whose table is
// 2-6 Stunned, 7-8 KO, 9 Badly Hurt, 10+ Casualty).
namespace bb2020_injury {
namespace sk = frames::skill;
inline int thick_skull(const State& s, const Frame& inj, int total, int result) noexcept {
    if (s.players[inj.arg[finj::F_PID]].has_skill(sk::STUNTY)) return result;  // Stunty's handler keeps 7 Stunned
    return total == 8 && result == inj::KO ? inj::STUNNED : result;
}
inline int stunty(const State& s, const Frame& inj, int total, int result) noexcept {
    if (total == 7 && result == inj::STUNNED) {
        return s.players[inj.arg[finj::F_PID]].has_skill(sk::THICK_SKULL) ? inj::STUNNED : inj::KO;
    }
    return total == 9 && result == inj::KO ? inj::BADLY_HURT : result;
}
}  // namespace bb2020_injury

NUFFLE_BB2020_HANDLERS(InjuryTable, {sk::THICK_SKULL, bb2020_injury::thick_skull},
                       {sk::BALL_AND_CHAIN, i6::ball_and_chain_injury}, {sk::STUNTY, bb2020_injury::stunty})

}  // namespace nuffle::procs
