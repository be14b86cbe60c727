// LRB6's handlers at passing.hpp's hook points (Python's skill_rules/passing_skills.py):
// Accurate, Strong Arm, Stunty, Nerves of Steel, Disturbing Presence, Extra Arms, Very Long
// Legs, Safe Throw, Animosity, Pass Block, and at the Throw Team-Mate points Right Stuff,
// Always Hungry, Swoop (their frames are animosity.hpp's, passing.hpp's and
// throw_team_mate.hpp's). Included by passing.hpp after its procedures.
#pragma once

#include "nuffle/hooks.hpp"
#include "nuffle/procs/passing.hpp"

namespace nuffle::procs::passing {

namespace lrb6_passing {
namespace sk = frames::skill;

// PASS_MODIFIER: Accurate +1, Strong Arm +1 beyond Quick, Stunty -1.
inline int accurate(const State&, int, char) noexcept { return 1; }
inline int strong_arm(const State&, int, char band) noexcept { return band == 'Q' ? 0 : 1; }
inline int stunty_pass(const State&, int, char) noexcept { return -1; }

inline bool nerves_of_steel(const State&, int, int) noexcept { return true; }  // IGNORES_TACKLE_ZONES

// NEARBY_MODIFIER: Disturbing Presence, -1 within three squares.
inline int disturbing_presence(const State& s, const Board& b, int source, int pid, int) noexcept {
    return b.distance(pos(s, source), pos(s, pid)) <= 3 ? -1 : 0;
}

inline int long_reach(const State&, int) noexcept { return 1; }  // INTERCEPTION_MODIFIER: Extra Arms, Very Long Legs

// AFTER_INTERCEPTION: Safe Throw's unmodified Agility roll, unless the interceptor has Very
// Long Legs. KEEPS_FUMBLE: Safe Throw keeps a fumble that is not a 1 (not a bomb).
inline bool safe_throw_interception(State& s, int thrower, int interceptor, int) {
    if (s.players[interceptor].has_skill(sk::VERY_LONG_LEGS)) return false;
    push_player_roll(s, frames::roll::SAFE_THROW, thrower, ag_target(s, thrower), 0);
    return true;
}
inline bool safe_throw_fumble(const State&, int, int die, int throw_kind) noexcept {
    return die != 1 && throw_kind != BOMB;
}

// TARGET_DECLARED: Animosity, on a throw or hand-off to a team-mate of another race.
inline bool animosity(State& s, int giver, int target, int throw_kind) {
    const int q = s.grid[target];
    if (q < 0 || q == giver || team_of(s, q) != team_of(s, giver)) return false;
    if (!animosity_against(s, giver, q)) return false;
    namespace fan = frames::p_animosity;
    Frame& f = push(s, frames::ANIMOSITY);
    f.arg[fan::F_PID] = i16(giver);
    f.arg[fan::F_TARGET] = i16(target);
    f.arg[fan::F_THROW] = i16(throw_kind);
    return true;
}

inline bool right_stuff(const State&, int, int) noexcept { return true; }  // CAN_BE_THROWN

// BEFORE_THROW: Always Hungry (its AlwaysHungry frame).
inline bool always_hungry(State& s, const Frame& ttm) {
    namespace fa = frames::p_always_hungry;
    namespace ft = frames::p_throw_team_mate;
    Frame& h = push(s, frames::ALWAYS_HUNGRY);
    h.arg[fa::F_THROWER] = ttm.arg[ft::F_THROWER];
    h.arg[fa::F_THROWN] = ttm.arg[ft::F_THROWN];
    return true;
}

// FLIGHT: Swoop (its Swoop frame) instead of the three scatters.
inline bool swoop(State& s, const Frame& ttm) {
    namespace fs = frames::p_swoop;
    namespace ft = frames::p_throw_team_mate;
    Frame& w = push(s, frames::SWOOP);
    w.arg[fs::F_PID] = ttm.arg[ft::F_THROWN];
    w.arg[fs::F_START] = ttm.arg[ft::F_SPOT];  // LRB6: the target; BB2020: where the scatter starts
    for (const int slot : {fs::F_DIRECTION, fs::F_FACING}) {
        ListRef t = list_field(s, w, slot, slot == fs::F_DIRECTION ? fs::F_DIRECTION_AT : fs::F_FACING_AT, 2);
        t.push_back(0);
        t.push_back(0);
    }
    return true;
}
}  // namespace lrb6_passing

// BB2020's passing skills (skill_rules/bb2020_passing_skills.py): Accurate on Quick and Short
// passes only (BB2020's own handler); Safe Pass keeps any fumbled pass of the ball.
namespace bb2020_passing {
inline int accurate(const State&, int, char band) noexcept { return band == 'Q' || band == 'S' ? 1 : 0; }
inline bool safe_pass(const State&, int, int, int throw_kind) noexcept { return throw_kind != BOMB; }
// DEFLECTION_REROLL: Cloud Burster, on his Long and Long Bomb passes.
inline bool cloud_burster(const State&, int, char band) noexcept { return band == 'L' || band == 'B'; }
// PASS_MODIFIER: Cannoneer +1 to his Long and Long Bomb passes (a Hail Mary reads as a Long Bomb).
inline int cannoneer(const State&, int, char band) noexcept { return band == 'L' || band == 'B' ? 1 : 0; }
}  // namespace bb2020_passing

namespace a6 = lrb6_passing;
NUFFLE_LRB6_HANDLERS(PassModifier, {sk::ACCURATE, a6::accurate}, {sk::STRONG_ARM, a6::strong_arm},
                     {sk::STUNTY, a6::stunty_pass}, {sk::CANNONEER, bb2020_passing::cannoneer})
NUFFLE_LRB6_HANDLERS(IgnoresTackleZones, {sk::NERVES_OF_STEEL, a6::nerves_of_steel})
NUFFLE_LRB6_HANDLERS(NearbyModifier, {sk::DISTURBING_PRESENCE, a6::disturbing_presence})
NUFFLE_LRB6_HANDLERS(InterceptionModifier, {sk::EXTRA_ARMS, a6::long_reach}, {sk::VERY_LONG_LEGS, a6::long_reach})
NUFFLE_LRB6_HANDLERS(TargetDeclared, {sk::ANIMOSITY, a6::animosity})
NUFFLE_LRB6_HANDLERS(PassDeclared, {sk::PASS_BLOCK, pass_block}, {sk::ON_THE_BALL, pass_block})
NUFFLE_LRB6_HANDLERS(AfterInterception, {sk::SAFE_THROW, a6::safe_throw_interception})
NUFFLE_LRB6_HANDLERS(KeepsFumble, {sk::SAFE_THROW, a6::safe_throw_fumble}, {sk::SAFE_PASS, bb2020_passing::safe_pass})
NUFFLE_LRB6_HANDLERS(DeflectionReroll, {sk::CLOUD_BURSTER, bb2020_passing::cloud_burster})
NUFFLE_LRB6_HANDLERS(CanBeThrown, {sk::RIGHT_STUFF, a6::right_stuff})
NUFFLE_LRB6_HANDLERS(BeforeThrow, {sk::ALWAYS_HUNGRY, a6::always_hungry})
NUFFLE_LRB6_HANDLERS(Flight, {sk::SWOOP, a6::swoop})

// BB2020's own handlers (skill_rules/bb2020_ttm_skills.py): Right Stuff only between a thrower
// of ST 5+ and a team-mate of ST 3 or less; Strong Arm +1 to the Throw Team-mate test, nothing
// on a pass.
namespace bb2020_ttm {
constexpr int THROWER_MIN_ST = 5, THROWN_MAX_ST = 3;
inline bool right_stuff(const State& s, int thrower, int pid) noexcept {
    return s.players[thrower].st >= THROWER_MIN_ST && s.players[pid].st <= THROWN_MAX_ST;
}
inline int strong_arm_throw(const State&, int) noexcept { return 1; }
inline int strong_arm_pass(const State&, int, char) noexcept { return 0; }
}  // namespace bb2020_ttm
NUFFLE_BB2020_HANDLERS(PassModifier, {sk::ACCURATE, bb2020_passing::accurate},
                       {sk::STRONG_ARM, bb2020_ttm::strong_arm_pass},
                       {sk::STUNTY, a6::stunty_pass}, {sk::CANNONEER, bb2020_passing::cannoneer})
NUFFLE_BB2020_HANDLERS(CanBeThrown, {sk::RIGHT_STUFF, bb2020_ttm::right_stuff})
NUFFLE_LRB6_NO_HANDLERS(TtmModifier)
NUFFLE_BB2020_HANDLERS(TtmModifier, {sk::STRONG_ARM, bb2020_ttm::strong_arm_throw})

}  // namespace nuffle::procs::passing
