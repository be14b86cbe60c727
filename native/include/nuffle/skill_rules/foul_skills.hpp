// The handlers at contact_foul.hpp's hook points: LRB6's foul skills of Python's
// skill_rules/contact_skills.py (Chainsaw's kick-back, Sneaky Git) and BB2020's Sneaky Git
// (skill_rules/bb2020_foul_skills.py). Included by contact_foul.hpp after its procedures.
#pragma once

#include "nuffle/hooks.hpp"
#include "nuffle/procs/contact_foul.hpp"

namespace nuffle::procs::contact {

namespace lrb6_foul {
// BEFORE_FOUL: Chainsaw's kick-back (the ChainsawKickBack frame) before the armour roll.
inline bool chainsaw_foul(State& s, const Frame& foul) {
    push(s, frames::CHAINSAW_KICK_BACK).arg[fck::F_PID] = foul.arg[ffo::F_FOULER];
    return true;
}

inline bool sneaky_git(const State&, const Frame&, bool broken) noexcept { return !broken; }  // UNSEEN
}  // namespace lrb6_foul

NUFFLE_LRB6_HANDLERS(FoulBefore, {frames::skill::CHAINSAW, lrb6_foul::chainsaw_foul})
NUFFLE_LRB6_HANDLERS(FoulUnseen, {frames::skill::SNEAKY_GIT, lrb6_foul::sneaky_git})
NUFFLE_LRB6_NO_HANDLERS(FoulMovesOn)

// BB2020's Sneaky Git (skill_rules/bb2020_foul_skills.py): never sent off for an armour double,
// and he may go on moving after the foul.
namespace bb2020_foul {
inline bool sneaky_git(const State&, const Frame&, bool) noexcept { return true; }  // UNSEEN
inline bool sneaky_git_moves_on(const State&, int) noexcept { return true; }  // MOVES_ON
}  // namespace bb2020_foul

NUFFLE_BB2020_HANDLERS(FoulUnseen, {frames::skill::SNEAKY_GIT, bb2020_foul::sneaky_git})
NUFFLE_BB2020_HANDLERS(FoulMovesOn, {frames::skill::SNEAKY_GIT, bb2020_foul::sneaky_git_moves_on})

}  // namespace nuffle::procs::contact
