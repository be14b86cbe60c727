// Skills with a value (core/skill_values.py): BB2020's Dirty Player (+X), Mighty Blow (+X),
// Bloodlust (X+), Loner (X+) and Animosity (who). A player keeps each value on his `Player`
// (the bridge fills them from PlayerInfo.values, non-default ones only): a small X in
// `values[i]` for VALUED[i] (0: DEFAULTS[i], LRB6's), Animosity's team-mates in `animosity`
// (bit i: his team's i-th player, his own bit set; 0: LRB6's rule, another race).
#pragma once

#include "nuffle/frames.hpp"
#include "nuffle/state.hpp"

namespace nuffle {

inline constexpr int VALUED[4] = {frames::skill::DIRTY_PLAYER, frames::skill::MIGHTY_BLOW,
                                  frames::skill::BLOOD_LUST, frames::skill::LONER};
inline constexpr int VALUE_DEFAULTS[4] = {1, 1, 2, 4};

// skill_values.skill_value: `p`'s value of `skill` (its default unless his team gave another).
inline int skill_value(const Player& p, int skill) noexcept {
    if (skill == frames::skill::ANIMOSITY) return p.animosity;
    for (int i = 0; i < 4; ++i) {
        if (VALUED[i] == skill) return p.values[i] != 0 ? p.values[i] : VALUE_DEFAULTS[i];
    }
    return 0;
}

// skill_values.DEFAULTS: `skill`'s default value (0 for Animosity and a skill with none).
inline int skill_value_default(int skill) noexcept {
    for (int i = 0; i < 4; ++i) {
        if (VALUED[i] == skill) return VALUE_DEFAULTS[i];
    }
    return 0;
}

// The valued skills in skill order (how PlayerInfo.values lists them).
inline constexpr int VALUED_IN_ORDER[5] = {frames::skill::DIRTY_PLAYER, frames::skill::MIGHTY_BLOW,
                                           frames::skill::ANIMOSITY, frames::skill::BLOOD_LUST, frames::skill::LONER};

// Whether `p` has a value of `skill` other than its default.
inline bool value_set(const Player& p, int skill) noexcept {
    if (skill == frames::skill::ANIMOSITY) return p.animosity != 0;
    for (int i = 0; i < 4; ++i) {
        if (VALUED[i] == skill) return p.values[i] != 0;
    }
    return false;
}

// Set `p`'s value of `skill` (a default is kept as 0); false for a skill with no value.
inline bool set_skill_value(Player& p, int skill, int value) noexcept {
    if (skill == frames::skill::ANIMOSITY) {
        p.animosity = static_cast<std::uint16_t>(value);
        return true;
    }
    for (int i = 0; i < 4; ++i) {
        if (VALUED[i] == skill) {
            p.values[i] = static_cast<std::uint8_t>(value == VALUE_DEFAULTS[i] ? 0 : value);
            return true;
        }
    }
    return false;
}

// skill_values.team_slot: `pid`'s index among his team's players.
inline int team_slot(const State& s, int pid) noexcept {
    int first = 0;
    while (s.players[first].team != s.players[pid].team) ++first;
    return pid - first;
}

// skill_values.animosity_against: whether `giver`'s Animosity applies to his team-mate `q`.
inline bool animosity_against(const State& s, int giver, int q) noexcept {
    const int who = s.players[giver].animosity;
    if (who == 0) return s.players[q].race != s.players[giver].race;
    return ((who >> team_slot(s, q)) & 1) != 0;
}

}  // namespace nuffle
