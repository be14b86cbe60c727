// BB2020's set-up skills at swarming.hpp's hook point (Python's skill_rules/bb2020_setup_skills.py):
// Swarming (BB2020 only: no LRB6 player has it, so it sits in the LRB6 table as Projectile Vomit's).
#pragma once

#include "nuffle/hooks.hpp"
#include "nuffle/procs/swarming.hpp"

namespace nuffle::procs {

namespace bb2020_setup {
// AFTER_SETUPS: Swarming, where there is room.
inline void swarming(Ctx& c, int side) {
    if (swarming_squares(c.s, c.b, side).empty()) return;
    push(c.s, frames::SWARMING).arg[fswm::F_SIDE] = static_cast<std::int16_t>(side);
}
}  // namespace bb2020_setup

NUFFLE_LRB6_HANDLERS(AfterSetups, {frames::skill::SWARMING, bb2020_setup::swarming})

}  // namespace nuffle::procs
