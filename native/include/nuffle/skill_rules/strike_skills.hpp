// LRB6's handlers at strike.hpp's hook points (Python's skill_rules/block_skills.py): Foul
// Appearance before a block substitute, Stakes on a Stab. Included by strike.hpp after its
// procedures.
#pragma once

#include "nuffle/hooks.hpp"
#include "nuffle/procs/strike.hpp"

namespace nuffle::procs::contact {

namespace lrb6_strike {
// BEFORE_ATTACK: Foul Appearance, the attacker's 2+ roll.
inline bool foul_appearance(State& s, int attacker, int, int) {
    push_player_roll(s, frames::roll::FOUL_APPEARANCE, attacker, 2, 0, false);
    return true;
}

// ARMOUR_MODIFIER: Stakes, +1 on a Stab against a player with the 'undead' roster keyword.
inline int stakes(const State& s, int, int target, int kind) noexcept {
    return kind == frames::at::STAB && s.players[target].has_keyword(KW_UNDEAD) ? 1 : 0;
}
}  // namespace lrb6_strike

NUFFLE_LRB6_HANDLERS(StrikeBeforeAttack, {frames::skill::FOUL_APPEARANCE, lrb6_strike::foul_appearance})
NUFFLE_LRB6_HANDLERS(StrikeArmourModifier, {frames::skill::STAKES, lrb6_strike::stakes})

}  // namespace nuffle::procs::contact
