// Rule queries of the native engine: tackle zones, block assists, re-roll sources and the
// modifiers of dodge, Going For It, pick-up and catch rolls. Each mirrors one query of the
// Python engine (named beside it) with the skill handlers that act at its hook points; the
// table HOOK_SKILLS says which skills those are, and a Python test checks it against the
// Python engine's own handlers so that the two cannot drift apart silently.
#pragma once

#include <algorithm>
#include <cstdint>
#include <initializer_list>

#include "nuffle/board.hpp"
#include "nuffle/frames.hpp"
#include "nuffle/state.hpp"

namespace nuffle {

// skills.Skill values of the skills these queries consult.
namespace sk {
constexpr int SURE_HANDS = 11, TACKLE = 12, PRO = 8;
constexpr int CATCH = 20, DIVING_CATCH = 21, DIVING_TACKLE = 22, DODGE = 23, JUMP_UP = 24;
constexpr int SPRINT = 28, SURE_FEET = 29;
constexpr int LEADER = 43, NERVES_OF_STEEL = 44, PASS = 45;
constexpr int GUARD = 62;
constexpr int BIG_HAND = 80, DISTURBING_PRESENCE = 82, EXTRA_ARMS = 83, PREHENSILE_TAIL = 86;
constexpr int TWO_HEADS = 88;
constexpr int LONER = 110, MONSTROUS_MOUTH = 111, NO_HANDS = 112, SECRET_WEAPON = 117, STUNTY = 120;
constexpr int TITCHY = 124;
constexpr int COUNT_MAX = 128;  // skill ids are 0..127
}  // namespace sk

// types.PFlag bits.
namespace pf {
constexpr std::uint32_t DISTRACTED = 2, DODGE_USED = 32, SURE_FEET_USED = 64, PRO_USED = 128,
                        HYPNOTISED = 1024;
constexpr std::uint32_t NO_TZ = DISTRACTED | HYPNOTISED;
}  // namespace pf

// types.RollKind values the queries distinguish.
namespace rk {
constexpr int DODGE = 0, GFI = 1, PICKUP = 2, CATCH = 3, INTERCEPTION = 4, PASS = 5, STAND_UP = 6,
              LONER = 11, COUNT = 30;
}  // namespace rk

constexpr int WEATHER_POURING_RAIN = 3;
constexpr int WEATHER_BLIZZARD = 4;

// One hook point of the Python engine and the skills with a handler there, as the native
// queries implement them.
struct HookSkills {
    const char* point;
    std::initializer_list<int> skills;
};

inline const HookSkills HOOK_SKILLS[] = {
    {"rolls.skill_reroll", {sk::SURE_HANDS, sk::CATCH, sk::DODGE, sk::SURE_FEET, sk::PASS, sk::MONSTROUS_MOUTH}},
    {"rolls.team_reroll_check", {sk::LONER}},
    {"rolls.checked_reroll", {sk::PRO}},
    {"rolls.bonus_reroll", {sk::LEADER}},
    {"movement.gfi_allowance", {sk::SPRINT}},
    {"movement.dodge_modifier", {sk::TWO_HEADS, sk::TITCHY}},
    {"movement.dodge_zones_ignored", {sk::STUNTY}},
    {"movement.dest_zone_ignored", {sk::TITCHY}},
    {"movement.left_zone_modifier", {sk::PREHENSILE_TAIL}},
    {"movement.dodge_reroll_cancel", {sk::TACKLE}},
    {"movement.dodge_roll_reaction", {sk::DIVING_TACKLE}},
    {"action.stand_up_cost", {sk::JUMP_UP}},
    {"ball.no_handling", {sk::NO_HANDS}},
    {"ball.pickup_modifier", {sk::BIG_HAND, sk::EXTRA_ARMS}},
    {"ball.catch_modifier", {sk::DIVING_CATCH, sk::NERVES_OF_STEEL, sk::EXTRA_ARMS}},
    {"ball.opponent_catch_modifier", {sk::DISTURBING_PRESENCE}},
    {"block.assist", {sk::GUARD}},
    // the procedures' own hook points (procs/*.hpp)
    {"match.sent_off_after_drive", {sk::SECRET_WEAPON}},
    {"kickoff.kick_distance", {frames::skill::KICK}},
    {"kickoff.after_scatter", {frames::skill::KICK_OFF_RETURN}},
    {"ball.landing_nearby", {sk::DIVING_CATCH}},
    {"kickoff_table.fame", {frames::skill::FAN_FAVOURITE}},
    {"turn.declarations", {frames::skill::JUMP_UP, frames::skill::BOMBARDIER, frames::skill::THROW_TEAM_MATE,
                           frames::skill::BALL_AND_CHAIN}},
    {"throw_team_mate.can_be_thrown", {frames::skill::RIGHT_STUFF}},
    {"movement.dodge_stat", {frames::skill::BREAK_TACKLE}},
    {"movement.leap_modifier", {frames::skill::VERY_LONG_LEGS}},
    {"action.stand_up_roll", {frames::skill::JUMP_UP}},
    {"foul.unseen", {frames::skill::SNEAKY_GIT}},
    {"movement.before_leaving", {frames::skill::TENTACLES}},
    {"movement.after_leaving", {frames::skill::SHADOWING}},
    {"injury.armour_modifier", {frames::skill::CHAINSAW}},
    {"injury.armour_or_injury", {frames::skill::DIRTY_PLAYER, frames::skill::MIGHTY_BLOW}},
    {"injury.armour_breaks_at", {frames::skill::CLAWS}},
    {"injury.armour_skipped", {frames::skill::BALL_AND_CHAIN}},
    {"injury.modifier", {}},
    {"injury.table", {frames::skill::THICK_SKULL, frames::skill::STUNTY, frames::skill::BALL_AND_CHAIN}},
    {"injury.casualty_rolls", {frames::skill::DECAY}},
    {"injury.recover", {frames::skill::REGENERATION}},
    {"injury.casualty_caused", {frames::skill::NURGLES_ROT}},
    // p1: the player action's hooks (movement.hpp, declaration_skills.hpp) and Piling On (injury.hpp)
    {"action.after_declare", {frames::skill::BONE_HEAD, frames::skill::REALLY_STUPID, frames::skill::WILD_ANIMAL,
                              frames::skill::TAKE_ROOT, frames::skill::BLOOD_LUST}},
    {"action.choices", {frames::skill::LEAP, frames::skill::MULTIPLE_BLOCK, frames::skill::STAB, frames::skill::CHAINSAW,
                        frames::skill::HAIL_MARY_PASS, frames::skill::BOMBARDIER, frames::skill::THROW_TEAM_MATE,
                        frames::skill::BALL_AND_CHAIN, frames::skill::BLOOD_LUST, frames::skill::HYPNOTIC_GAZE}},
    {"action.end", {frames::skill::BLOOD_LUST}},
    {"injury.after_armour", {frames::skill::PILING_ON}},
    {"injury.after_injury", {frames::skill::PILING_ON}},
};

inline bool has(const State& s, int pid, int skill) noexcept { return s.players[pid].has_skill(skill); }

// GameState.exerts_tz: standing and not distracted or hypnotised.
inline bool exerts_tz(const State& s, int pid) noexcept {
    const Player& p = s.players[pid];
    return p.status == static_cast<std::uint8_t>(Status::STANDING) && (p.flags & pf::NO_TZ) == 0;
}

// GameState.tz_players: players opposing `side` whose tackle zones cover `sq`, in neighbour
// order; returns how many were written to `out` (at most 8).
inline int tz_players(const State& s, const Board& b, int sq, int side, int out[8]) noexcept {
    int n = 0;
    for (const int off : b.neighbours) {
        const int q = s.grid[sq + off];
        if (q >= 0 && s.players[q].team != side && exerts_tz(s, q)) out[n++] = q;
    }
    return n;
}

// GameState.tackle_zones.
inline int tackle_zones(const State& s, const Board& b, int sq, int side) noexcept {
    int buf[8];
    return tz_players(s, b, sq, side, buf);
}

// block.assists: assists for `helper_side` against `target`, `opponent` excluded (Guard).
inline int assists(const State& s, const Board& b, int helper_side, int target, int opponent) noexcept {
    int n = 0;
    const int tsq = s.players[target].square;
    for (const int off : b.neighbours) {
        const int q = s.grid[tsq + off];
        if (q < 0 || q == opponent || s.players[q].team != helper_side || !exerts_tz(s, q)) continue;
        if (has(s, q, sk::GUARD)) {
            ++n;
            continue;
        }
        int ms[8];
        const int k = tz_players(s, b, s.players[q].square, helper_side, ms);
        bool marked = false;
        for (int i = 0; i < k; ++i) marked = marked || ms[i] != target;
        if (!marked) ++n;
    }
    return n;
}

// block.assists_when_marked (Guard).
inline bool assists_when_marked(const State& s, int helper) noexcept { return has(s, helper, sk::GUARD); }

// rolls.roll_succeeds / movement.need / movement.agility_target.
inline bool roll_succeeds(int d, int target, int mod, bool agility) noexcept {
    if (d == 1) return false;
    if (agility && d == 6) return true;
    return d + mod >= target;
}
inline int need(int target, int mod, bool agility) noexcept {
    for (int d = 1; d <= 6; ++d) {
        if (roll_succeeds(d, target, mod, agility)) return d;
    }
    return 7;
}
inline int agility_target(int stat) noexcept { return 7 - std::min(stat, 6); }

// movement.gfi_target and max_gfi (Sprint).
inline int gfi_target(const State& s) noexcept { return s.weather == WEATHER_BLIZZARD ? 3 : 2; }
inline int max_gfi(const State& s, int pid) noexcept { return 2 + (has(s, pid, sk::SPRINT) ? 1 : 0); }

// movement.stand_up_cost (Jump Up: 0).
inline int stand_up_cost(const State& s, int pid) noexcept { return has(s, pid, sk::JUMP_UP) ? 0 : 3; }

// movement.dodge_modifier: +1, -1 per counted zone on `dest`, the dodger's skills, the
// zones left (Prehensile Tail). Diving Tackle is not included.
inline int dodge_modifier(const State& s, const Board& b, int pid, int dest, int start) noexcept {
    const int side = s.players[pid].team;
    int mod = 1;
    const bool ignores = has(s, pid, sk::STUNTY) && !has(s, pid, sk::SECRET_WEAPON);
    int qs[8];
    if (!ignores) {
        const int k = tz_players(s, b, dest, side, qs);
        for (int i = 0; i < k; ++i) {
            if (!has(s, qs[i], sk::TITCHY)) --mod;
        }
    }
    if (has(s, pid, sk::TWO_HEADS)) ++mod;
    if (has(s, pid, sk::TITCHY)) ++mod;
    const int k = tz_players(s, b, start, side, qs);
    for (int i = 0; i < k; ++i) {
        if (has(s, qs[i], sk::PREHENSILE_TAIL)) --mod;
    }
    return mod;
}

// movement.reaction_modifier: Diving Tackle's -2 if an opponent left behind has it.
inline int reaction_modifier(const State& s, const Board& b, int pid, int start) noexcept {
    int qs[8];
    const int k = tz_players(s, b, start, s.players[pid].team, qs);
    for (int i = 0; i < k; ++i) {
        if (has(s, qs[i], sk::DIVING_TACKLE)) return -2;
    }
    return 0;
}

// movement.dodge_reroll_blocked (Tackle).
inline bool dodge_reroll_blocked(const State& s, const Board& b, int pid, int start) noexcept {
    int qs[8];
    const int k = tz_players(s, b, start, s.players[pid].team, qs);
    for (int i = 0; i < k; ++i) {
        if (has(s, qs[i], sk::TACKLE)) return true;
    }
    return false;
}

// ball.can_handle_ball / can_catch.
inline bool can_handle_ball(const State& s, int pid) noexcept { return !has(s, pid, sk::NO_HANDS); }
inline bool can_catch(const State& s, int pid) noexcept { return exerts_tz(s, pid) && can_handle_ball(s, pid); }

// ball.PICKUP_MODIFIER's skills for `tz` zones (Big Hand, Extra Arms).
inline int pickup_skill_bonus(const State& s, int pid, int tz) noexcept {
    int mod = 0;
    if (has(s, pid, sk::BIG_HAND)) mod += tz + (s.weather == WEATHER_POURING_RAIN ? 1 : 0);
    if (has(s, pid, sk::EXTRA_ARMS)) mod += 1;
    return mod;
}

// ball.pickup_modifier (no skills).
inline int pickup_base_modifier(int tz, int weather) noexcept {
    return 1 - tz - (weather == WEATHER_POURING_RAIN ? 1 : 0);
}

// ball.pickup_roll_modifier: on the player's own square (he must be on the pitch).
inline int pickup_roll_modifier(const State& s, const Board& b, int pid) noexcept {
    const int tz = tackle_zones(s, b, s.players[pid].square, s.players[pid].team);
    return pickup_base_modifier(tz, s.weather) + pickup_skill_bonus(s, pid, tz);
}

// ball.catch_modifier (he must be on the pitch).
inline int catch_modifier(const State& s, const Board& b, int pid, int bonus, bool accurate) noexcept {
    const int sq = s.players[pid].square;
    const int side = s.players[pid].team;
    const int tz = tackle_zones(s, b, sq, side);
    int mod = bonus - tz;
    if (s.weather == WEATHER_POURING_RAIN) --mod;
    if (has(s, pid, sk::DIVING_CATCH) && accurate) ++mod;
    if (has(s, pid, sk::NERVES_OF_STEEL)) mod += tz;
    if (has(s, pid, sk::EXTRA_ARMS)) ++mod;
    for (int opp = 0; opp < s.player_count; ++opp) {
        const Player& o = s.players[opp];
        if (o.team == side || o.square < 0 || !o.has_skill(sk::DISTURBING_PRESENCE)) continue;
        if (b.distance(o.square, sq) <= 3) --mod;
    }
    return mod;
}

// rolls.bonus_reroll_usable / team_reroll_available.
inline bool bonus_reroll_usable(const State& s, int side) noexcept {
    if (s.teams[side].bonus_reroll == 0) return false;
    for (int p = 0; p < s.player_count; ++p) {
        if (s.players[p].team == side && s.players[p].square >= 0 && has(s, p, sk::LEADER)) return true;
    }
    return false;
}
inline bool team_reroll_available(const State& s, int side) noexcept {
    const Team& t = s.teams[side];
    if (s.active != side || t.reroll_used != 0) return false;
    return t.rerolls > 0 || bonus_reroll_usable(s, side);
}

// rolls.RerollSources.
struct RerollSources {
    bool skill, skill_once, team, pro, loner;
};

namespace detail {
// The SKILL_REROLL handlers in skill order: whether handler `skill` re-rolls a `kind` roll
// of a player with `flags`; `once` gets the flag a use spends (0: usable every time).
inline bool skill_reroll(int skill, int kind, std::uint32_t flags, std::uint32_t& once) noexcept {
    once = 0;
    switch (skill) {
        case sk::SURE_HANDS: return kind == rk::PICKUP;
        case sk::CATCH: return kind == rk::CATCH || kind == rk::INTERCEPTION;
        case sk::DODGE: once = pf::DODGE_USED; return kind == rk::DODGE && (flags & once) == 0;
        case sk::SURE_FEET: once = pf::SURE_FEET_USED; return kind == rk::GFI && (flags & once) == 0;
        case sk::PASS: return kind == rk::PASS;
        case sk::MONSTROUS_MOUTH: return kind == rk::CATCH;
        default: return false;
    }
}

// The first handler of `pid`'s skills that re-rolls the roll: its spent flag in `once`.
inline bool first_skill_reroll(const State& s, int pid, int kind, std::uint32_t flags, std::uint32_t& once) noexcept {
    static constexpr int ORDER[] = {sk::SURE_HANDS, sk::CATCH, sk::DODGE, sk::SURE_FEET, sk::PASS, sk::MONSTROUS_MOUTH};
    for (const int skill : ORDER) {
        if (has(s, pid, skill) && skill_reroll(skill, kind, flags, once)) return true;
    }
    return false;
}
}  // namespace detail

// rolls.reroll_sources. `team`: -1 asks whether a team re-roll is usable now; 0 or 1 overrides.
inline RerollSources reroll_sources(const State& s, int pid, int kind, bool blocked_skill, int team) noexcept {
    RerollSources r{false, false, false, false, false};
    const std::uint32_t flags = s.players[pid].flags;
    std::uint32_t once = 0;
    if (!blocked_skill && detail::first_skill_reroll(s, pid, kind, flags, once)) {
        r.skill = true;
        std::uint32_t again = 0;
        r.skill_once = !detail::first_skill_reroll(s, pid, kind, flags | once, again);
    }
    const bool allowed = kind != rk::INTERCEPTION && kind != rk::LONER;
    r.team = allowed && (team < 0 ? team_reroll_available(s, s.players[pid].team) : team != 0);
    r.pro = has(s, pid, sk::PRO) && (flags & pf::PRO_USED) == 0;
    r.loner = has(s, pid, sk::LONER);
    return r;
}

}  // namespace nuffle
