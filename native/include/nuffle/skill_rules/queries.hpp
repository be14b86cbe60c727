// LRB6's handlers at the rule queries' hook points (rules.hpp): the query parts of Python's
// skill_rules reroll_skills (Sure Hands, Catch, Dodge, Sure Feet, Pass, Monstrous Mouth, Loner,
// Pro, Leader), movement_skills (Sprint, Stunty, Two Heads, Titchy, Prehensile Tail, Tackle,
// Jump Up), ball_skills (No Hands, Big Hand, Extra Arms, Diving Catch, Nerves of Steel,
// Disturbing Presence) and block_skills (Guard). Included by rules.hpp after its points.
#pragma once

#include <cstdint>
#include <optional>

#include "nuffle/board.hpp"
#include "nuffle/frames.hpp"
#include "nuffle/hooks.hpp"
#include "nuffle/state.hpp"

namespace nuffle {

namespace lrb6_queries {
namespace sk = frames::skill;
namespace rk = frames::roll;
namespace pf = frames::flag;

// --- rolls.SKILL_REROLL: the kinds each re-rolls; each sets `once`, the flag a use spends (0:
// none), whatever it answers: the first handler that answers yes leaves the caller its own.
inline bool sure_hands(int kind, std::uint32_t, std::uint32_t& once) noexcept {
    once = 0;
    return kind == rk::PICKUP;
}
inline bool catch_(int kind, std::uint32_t, std::uint32_t& once) noexcept {
    once = 0;
    return kind == rk::CATCH || kind == rk::INTERCEPTION;
}
inline bool dodge(int kind, std::uint32_t flags, std::uint32_t& once) noexcept {
    once = pf::DODGE_USED;
    return kind == rk::DODGE && (flags & once) == 0;
}
inline bool sure_feet(int kind, std::uint32_t flags, std::uint32_t& once) noexcept {
    once = pf::SURE_FEET_USED;
    return kind == rk::GFI && (flags & once) == 0;
}
inline bool pass(int kind, std::uint32_t, std::uint32_t& once) noexcept {
    once = 0;
    return kind == rk::PASS;
}
inline bool monstrous_mouth(int kind, std::uint32_t, std::uint32_t& once) noexcept {
    once = 0;
    return kind == rk::CATCH;
}

// rolls.TEAM_REROLL_CHECK (Loner), CHECKED_REROLL (Pro, once per turn), BONUS_REROLL (Leader).
inline bool loner(const State&, int) noexcept { return true; }
inline bool pro(const State& s, int pid, std::uint32_t& spend) noexcept {
    spend = pf::PRO_USED;
    return (s.players[pid].flags & pf::PRO_USED) == 0;
}
inline bool leader(const State&, int) noexcept { return true; }

// --- movement --------------------------------------------------------------------------------
inline int sprint(const State&, int) noexcept { return 1; }
inline bool stunty(const State& s, int pid) noexcept { return !s.players[pid].has_skill(sk::SECRET_WEAPON); }
inline int plus_one(const State&, int, int, int) noexcept { return 1; }  // Two Heads, Titchy
inline bool titchy_zone(const State&, int, int) noexcept { return true; }
inline int prehensile_tail(const State&, int, int) noexcept { return -1; }
inline bool tackle(const State&, int, int) noexcept { return true; }
inline std::optional<int> jump_up_cost(const State&, int) noexcept { return 0; }

// --- ball ------------------------------------------------------------------------------------
inline bool no_hands(const State&, int) noexcept { return true; }
inline int big_hand(const State& s, int, int tz) noexcept {
    return tz + (s.weather == frames::weather::POURING_RAIN ? 1 : 0);
}
inline int extra_arms_pickup(const State&, int, int) noexcept { return 1; }
inline int diving_catch(const State&, int, int, bool accurate) noexcept { return accurate ? 1 : 0; }
inline int nerves_of_steel(const State&, int, int tz, bool) noexcept { return tz; }
inline int extra_arms_catch(const State&, int, int, bool) noexcept { return 1; }
inline int disturbing_presence(const State& s, const Board& b, int opp, int pid) noexcept {
    return b.distance(s.players[opp].square, s.players[pid].square) <= 3 ? -1 : 0;
}

// --- block.ASSIST (Guard) --------------------------------------------------------------------
inline bool guard(const State&, int, int) noexcept { return true; }

// --- block.ASSIST_CANCEL (BB2020's Defensive: skill_rules/bb2020_foul_skills.py) ---------------
inline bool defensive(const State& s, int owner, int) noexcept { return s.active != s.players[owner].team; }
}  // namespace lrb6_queries

namespace q = lrb6_queries;
NUFFLE_LRB6_HANDLERS(SkillReroll, {sk::SURE_HANDS, q::sure_hands}, {sk::CATCH, q::catch_}, {sk::DODGE, q::dodge},
                     {sk::SURE_FEET, q::sure_feet}, {sk::PASS, q::pass}, {sk::MONSTROUS_MOUTH, q::monstrous_mouth})
NUFFLE_LRB6_HANDLERS(TeamRerollCheck, {sk::LONER, q::loner})
NUFFLE_LRB6_HANDLERS(CheckedReroll, {sk::PRO, q::pro})
// BB2020's Pro (skill_rules/bb2020_reroll_skills.py): only in his own team's turn.
inline bool bb2020_pro(const State& s, int pid, std::uint32_t& spend) noexcept {
    return s.active == s.players[pid].team && q::pro(s, pid, spend);
}
NUFFLE_BB2020_HANDLERS(CheckedReroll, {sk::PRO, bb2020_pro})
NUFFLE_LRB6_HANDLERS(BonusReroll, {sk::LEADER, q::leader})
NUFFLE_LRB6_HANDLERS(GfiAllowance, {sk::SPRINT, q::sprint})
// Drunkard (BB2020): -1 to his Rush rolls.
inline int drunkard(const State&, int) noexcept { return -1; }
NUFFLE_LRB6_HANDLERS(RushModifier, {sk::DRUNKARD, drunkard})
NUFFLE_LRB6_HANDLERS(DodgeModifier, {sk::TWO_HEADS, q::plus_one}, {sk::TITCHY, q::plus_one})
NUFFLE_LRB6_HANDLERS(DodgeZonesIgnored, {sk::STUNTY, q::stunty})
// BB2020's Stunty (skill_rules/bb2020_movement_skills.py): not with Bombardier, Chainsaw or Swoop.
inline bool bb2020_stunty(const State& s, int pid) noexcept {
    const Player& p = s.players[pid];
    return !p.has_skill(sk::BOMBARDIER) && !p.has_skill(sk::CHAINSAW) && !p.has_skill(sk::SWOOP);
}
NUFFLE_BB2020_HANDLERS(DodgeZonesIgnored, {sk::STUNTY, bb2020_stunty})
NUFFLE_LRB6_HANDLERS(DestZoneIgnored, {sk::TITCHY, q::titchy_zone})
// BB2020's Titchy (skill_rules/bb2020_movement_skills.py): his zone puts no modifier on an
// opponent's pick-up, catch, pass, Passing Interference or landing (marking.test_zones).
NUFFLE_LRB6_NO_HANDLERS(TestZoneIgnored)
NUFFLE_BB2020_HANDLERS(TestZoneIgnored, {sk::TITCHY, q::titchy_zone})
NUFFLE_LRB6_HANDLERS(LeftZoneModifier, {sk::PREHENSILE_TAIL, q::prehensile_tail})
NUFFLE_LRB6_HANDLERS(DodgeRerollCancel, {sk::TACKLE, q::tackle})
NUFFLE_LRB6_HANDLERS(StandUpCost, {sk::JUMP_UP, q::jump_up_cost})
NUFFLE_LRB6_HANDLERS(NoHandling, {sk::NO_HANDS, q::no_hands})
NUFFLE_LRB6_HANDLERS(PickupModifier, {sk::BIG_HAND, q::big_hand}, {sk::EXTRA_ARMS, q::extra_arms_pickup})
NUFFLE_LRB6_HANDLERS(CatchModifier, {sk::DIVING_CATCH, q::diving_catch}, {sk::NERVES_OF_STEEL, q::nerves_of_steel},
                     {sk::EXTRA_ARMS, q::extra_arms_catch})
NUFFLE_LRB6_HANDLERS(OpponentCatchModifier, {sk::DISTURBING_PRESENCE, q::disturbing_presence})
NUFFLE_LRB6_HANDLERS(BlockAssist, {sk::GUARD, q::guard})
NUFFLE_LRB6_HANDLERS(AssistCancel, {sk::DEFENSIVE, q::defensive})

}  // namespace nuffle
