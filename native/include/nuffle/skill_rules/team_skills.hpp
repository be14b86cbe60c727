// LRB6's handlers of Python's skill_rules/team_skills.py at match.hpp's hook points: Secret
// Weapon (SENT_OFF_AFTER_DRIVE). Leader's BONUS_REROLL is in queries.hpp. Included by match.hpp.
#pragma once

#include "nuffle/hooks.hpp"
#include "nuffle/procs/match.hpp"

namespace nuffle::procs {

inline bool secret_weapon(const State&, int) noexcept { return true; }

NUFFLE_LRB6_HANDLERS(SentOffAfterDrive, {frames::skill::SECRET_WEAPON, secret_weapon})

}  // namespace nuffle::procs
