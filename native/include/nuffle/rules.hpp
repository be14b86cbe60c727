// Rule queries of the native engine: tackle zones, block assists, re-roll sources and the
// modifiers of dodge, Going For It, pick-up and catch rolls. Each mirrors one query of the
// Python engine (named beside it) and asks the hook points declared here (hooks.hpp); their
// LRB6 handlers are skill_rules/queries.hpp's (Diving Tackle's, movement_skills.hpp's).
// Skills, roll kinds, flags, weather and the constant sets aliased below are the generated
// frames.hpp's (native/gen_frames.py).
#pragma once

#include <algorithm>
#include <cstdint>
#include <optional>

#include "nuffle/board.hpp"
#include "nuffle/frames.hpp"
#include "nuffle/hooks.hpp"
#include "nuffle/skill_values.hpp"
#include "nuffle/state.hpp"

namespace nuffle {

namespace sk = frames::skill;  // skills.Skill (generated)
namespace rk = frames::roll;  // types.RollKind (generated)
namespace pf = frames::flag;  // types.PFlag (generated)
namespace how = frames::how;  // injury.py's FALL, BLOCK, ... CROWD (generated)
namespace inj = frames::inj;  // skills.py's injury results STUNNED, KO, BADLY_HURT, CASUALTY (generated)
namespace face = frames::face;  // types.BlockFace as ints and block.RESOLVED (generated)
namespace follow = frames::follow;  // block.py's FOLLOW_UP answers (generated)
namespace stat = frames::stat;  // state.py's team statistics STAT_* (generated)
namespace pstat = frames::pstat;  // state.py's per-player statistics PSTAT_* (generated)
namespace bounce = frames::bounce;  // types.py's BOUNCE_*: where a bounce leaves the ball (generated)
namespace rule = frames::rule;  // fixed rule numbers (Multiple Block, Chainsaw, the wizard's spells; generated)

static_assert(sizeof(frames::SKILL_NAMES) / sizeof(frames::SKILL_NAMES[0]) <= SKILL_IDS,
              "every skill id fits a skill set");

// --- the rule queries' hook points (their LRB6 handlers: skill_rules/*.hpp) ----------------

NUFFLE_HOOK_POINT(SkillReroll, "rolls.skill_reroll", bool(int kind, std::uint32_t flags, std::uint32_t& once));
NUFFLE_HOOK_POINT(TeamRerollCheck, "rolls.team_reroll_check", bool(const State&, int pid));
NUFFLE_HOOK_POINT_BB2020(CheckedReroll, "rolls.checked_reroll", bool(const State&, int pid, std::uint32_t& spend));
NUFFLE_HOOK_POINT(BonusReroll, "rolls.bonus_reroll", bool(const State&, int pid));
NUFFLE_HOOK_POINT(GfiAllowance, "movement.gfi_allowance", int(const State&, int pid));
NUFFLE_HOOK_POINT(RushModifier, "movement.rush_modifier", int(const State&, int pid));
NUFFLE_HOOK_POINT(DodgeModifier, "movement.dodge_modifier", int(const State&, int pid, int start, int dest));
NUFFLE_HOOK_POINT_BB2020(DodgeZonesIgnored, "movement.dodge_zones_ignored", bool(const State&, int pid));
NUFFLE_HOOK_POINT(DestZoneIgnored, "movement.dest_zone_ignored", bool(const State&, int pid, int q));
NUFFLE_HOOK_POINT_BB2020(TestZoneIgnored, "marking.test_zone_ignored", bool(const State&, int q, int pid));
NUFFLE_HOOK_POINT(LeftZoneModifier, "movement.left_zone_modifier", int(const State&, int pid, int q));
NUFFLE_HOOK_POINT(DodgeRerollCancel, "movement.dodge_reroll_cancel", bool(const State&, int pid, int q));
NUFFLE_HOOK_POINT(StandUpCost, "action.stand_up_cost", std::optional<int>(const State&, int pid));
NUFFLE_HOOK_POINT(NoHandling, "ball.no_handling", bool(const State&, int pid));
NUFFLE_HOOK_POINT(PickupModifier, "ball.pickup_modifier", int(const State&, int pid, int tz));
NUFFLE_HOOK_POINT(CatchModifier, "ball.catch_modifier", int(const State&, int pid, int tz, bool accurate));
NUFFLE_HOOK_POINT(OpponentCatchModifier, "ball.opponent_catch_modifier",
                  int(const State&, const Board&, int opp, int pid));
// With use=false, the modifier opponent q may add to pid's dodge roll after seeing it (0: he
// cannot); with use=true (pid has left `start`) carry out the rest of the skill, pushing any
// procedure (its LRB6 handler, Diving Tackle: skill_rules/movement_skills.hpp).
NUFFLE_HOOK_POINT(DodgeRollReaction, "movement.dodge_roll_reaction",
                  int(State&, const Board&, int pid, int q, int start, int dest, bool use));
NUFFLE_HOOK_POINT(BlockAssist, "block.assist", bool(const State&, int helper, int target));
NUFFLE_HOOK_POINT(AssistCancel, "block.assist_cancel", bool(const State&, int owner, int helper));

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

// marking.test_zones: the opponents of `pid` marking `sq` for his agility or passing test, less
// those whose zone TestZoneIgnored ignores (BB2020's Titchy; none under LRB6).
inline int test_zones(const State& s, const Board& b, int pid, int sq) noexcept {
    int buf[8];
    const int n = tz_players(s, b, sq, s.players[pid].team, buf);
    int k = n;
    for (int i = 0; i < n; ++i) {
        if (hooks::any<TestZoneIgnored>(s, buf[i], s, buf[i], pid)) --k;
    }
    return k;
}

// block_strength.assists: assists for `helper_side` against `target`, `opponent` excluded (ASSIST).
inline int assists(const State& s, const Board& b, int helper_side, int target, int opponent) noexcept {
    int n = 0;
    const int tsq = s.players[target].square;
    for (const int off : b.neighbours) {
        const int q = s.grid[tsq + off];
        if (q < 0 || q == opponent || s.players[q].team != helper_side || !exerts_tz(s, q)) continue;
        int ms[8];
        const int k = tz_players(s, b, s.players[q].square, helper_side, ms);
        if (hooks::any<BlockAssist>(s, q, s, q, target)) {
            bool stopped = false;  // block_strength._assist_cancelled: a marker's ASSIST_CANCEL
            for (int i = 0; i < k && !stopped; ++i) stopped = hooks::any<AssistCancel>(s, ms[i], s, ms[i], q);
            if (!stopped) {
                ++n;
                continue;
            }
        }
        bool marked = false;
        for (int i = 0; i < k; ++i) marked = marked || ms[i] != target;
        if (!marked) ++n;
    }
    return n;
}

// block_strength.assists_when_marked: a helper with a handler at ASSIST (Guard).
inline bool assists_when_marked(const State& s, int helper) noexcept { return hooks::holds<BlockAssist>(s, helper); }

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
// The D6 an LRB6 rating asks before modifiers (movement.agility_target, rating_target).
inline int agility_target(int stat) noexcept { return 7 - std::min(stat, 6); }

// characteristics.py: the tests the ruleset chooses. LRB6 rates AG and AV; BB2020
// (Tables::x_plus) prints AG, PA and AV as "X+" targets.
constexpr int NO_PA_TARGET = 7;  // characteristics.NO_PA_TARGET: PA "-" under the LRB6 pass procedure
inline int ag_target(const State& s, int pid) noexcept {
    const int ag = s.players[pid].ag;
    return rules_of(s).x_plus ? ag : agility_target(ag);
}
inline int pass_target(const State& s, int pid) noexcept {
    if (!rules_of(s).x_plus) return agility_target(s.players[pid].ag);
    const int pa = s.players[pid].pa;
    return pa > 0 ? pa : NO_PA_TARGET;
}
// characteristics.ag_rank: AG as a rating where higher is better (the bots' rankings).
inline int ag_rank(const State& s, int pid) noexcept {
    const int ag = s.players[pid].ag;
    return rules_of(s).x_plus ? 7 - ag : ag;
}
// The highest armour total that holds: AV (LRB6, breaks on more), AV - 1 (BB2020, breaks on AV+).
inline int armour_holds_to(const State& s, int pid) noexcept {
    const int av = s.players[pid].av;
    return rules_of(s).x_plus ? av - 1 : av;
}

// movement.gfi_target and max_gfi (GFI_ALLOWANCE).
inline int gfi_target(const State& s) noexcept { return s.weather == frames::weather::BLIZZARD ? 3 : 2; }
inline int max_gfi(const State& s, int pid) noexcept { return 2 + hooks::total<GfiAllowance>(s, pid, s, pid); }
// prayers.moles_modifier: Moles under the Pitch (BB2020), -1 to `side`'s Rush (-2 when both have it).
inline int moles_modifier(const State& s, int side) noexcept {
    if (s.teams[0].prayers == 0 && s.teams[1].prayers == 0) return 0;
    constexpr unsigned moles = 1U << (frames::prayer::MOLES_UNDER_THE_PITCH - 1);
    if ((s.teams[1 - side].prayers & moles) == 0) return 0;
    return (s.teams[side].prayers & moles) != 0 ? -2 : -1;
}
// movement.rush_modifier: the modifier of his Going For It (Rush) rolls (RUSH_MODIFIER, and
// the prayers in effect).
inline int rush_modifier(const State& s, int pid) noexcept {
    return moles_modifier(s, s.players[pid].team) + hooks::total<RushModifier>(s, pid, s, pid);
}

// movement.stand_up_cost (STAND_UP_COST; normally 3).
inline int stand_up_cost(const State& s, int pid) noexcept {
    return hooks::first<StandUpCost>(s, pid, s, pid).value_or(3);
}

// movement.dodge_modifier: the ruleset's base (LRB6 +1), -1 per counted zone on `dest` (DODGE_ZONES_IGNORED,
// DEST_ZONE_IGNORED), the dodger's DODGE_MODIFIER, the zones left (LEFT_ZONE_MODIFIER).
// DODGE_ROLL_REACTION (Diving Tackle) is not included.
inline int dodge_modifier(const State& s, const Board& b, int pid, int dest, int start) noexcept {
    const int side = s.players[pid].team;
    int mod = rules_of(s).dodge_base;
    int qs[8];
    if (!hooks::any<DodgeZonesIgnored>(s, pid, s, pid)) {
        const int k = tz_players(s, b, dest, side, qs);
        for (int i = 0; i < k; ++i) {
            if (!hooks::any<DestZoneIgnored>(s, qs[i], s, pid, qs[i])) --mod;
        }
    }
    mod += hooks::total<DodgeModifier>(s, pid, s, pid, start, dest);
    const int k = tz_players(s, b, start, side, qs);
    for (int i = 0; i < k; ++i) mod += hooks::total<LeftZoneModifier>(s, qs[i], s, pid, qs[i]);
    return mod;
}

// movement.dodge_reroll_blocked (DODGE_REROLL_CANCEL).
inline bool dodge_reroll_blocked(const State& s, const Board& b, int pid, int start) noexcept {
    int qs[8];
    const int k = tz_players(s, b, start, s.players[pid].team, qs);
    for (int i = 0; i < k; ++i) {
        if (hooks::any<DodgeRerollCancel>(s, qs[i], s, pid, qs[i])) return true;
    }
    return false;
}

// movement.reaction_modifier: the worst DODGE_ROLL_REACTION modifier an opponent left behind may
// add after seeing the roll (Diving Tackle -2), 0 if none. Asked with use=false: the handlers
// only read the state then.
inline int reaction_modifier(const State& s, const Board& b, int pid, int dest, int start) {
    State& m = const_cast<State&>(s);
    int qs[8];
    const int k = tz_players(s, b, start, s.players[pid].team, qs);
    int worst = 0;
    for (int i = 0; i < k; ++i) worst = hooks::least<DodgeRollReaction>(s, qs[i], worst, m, b, pid, qs[i], start, dest, false);
    return worst;
}

// ball.can_handle_ball (NO_HANDLING) / can_catch.
inline bool can_handle_ball(const State& s, int pid) noexcept { return !hooks::any<NoHandling>(s, pid, s, pid); }
inline bool can_catch(const State& s, int pid) noexcept { return exerts_tz(s, pid) && can_handle_ball(s, pid); }

// ball.PICKUP_MODIFIER's skills for `tz` zones.
inline int pickup_skill_bonus(const State& s, int pid, int tz) noexcept {
    return hooks::total<PickupModifier>(s, pid, s, pid, tz);
}

// ball.pickup_modifier (no skills): `base` is the ruleset's (LRB6 +1, BB2020 0).
inline int pickup_base_modifier(int tz, int weather, int base) noexcept {
    return base - tz - (weather == frames::weather::POURING_RAIN ? 1 : 0);
}

// ball.pickup_roll_modifier: on the player's own square (he must be on the pitch).
inline int pickup_roll_modifier(const State& s, const Board& b, int pid) noexcept {
    const int tz = test_zones(s, b, pid, s.players[pid].square);
    return pickup_base_modifier(tz, s.weather, rules_of(s).pickup_base) + pickup_skill_bonus(s, pid, tz);
}

// ball.catch_modifier (he must be on the pitch): CATCH_MODIFIER, then OPPONENT_CATCH_MODIFIER
// of every opponent on the pitch.
inline int catch_modifier(const State& s, const Board& b, int pid, int bonus, bool accurate) noexcept {
    const int sq = s.players[pid].square;
    const int side = s.players[pid].team;
    const int tz = test_zones(s, b, pid, sq);
    int mod = bonus + rules_of(s).catch_base - tz;  // ball.catch_modifier: the ruleset's base
    if (s.weather == frames::weather::POURING_RAIN) --mod;
    mod += hooks::total<CatchModifier>(s, pid, s, pid, tz, accurate);
    for (int opp = 0; opp < s.player_count; ++opp) {
        const Player& o = s.players[opp];
        if (o.team == side || o.square < 0) continue;
        mod += hooks::total<OpponentCatchModifier>(s, opp, s, b, opp, pid);
    }
    return mod;
}

// rolls.bonus_reroll_usable (BONUS_REROLL) / team_reroll_available.
inline bool bonus_reroll_usable(const State& s, int side) noexcept {
    if (s.teams[side].bonus_reroll == 0) return false;
    for (int p = 0; p < s.player_count; ++p) {
        if (s.players[p].team == side && s.players[p].square >= 0 && hooks::any<BonusReroll>(s, p, s, p)) return true;
    }
    return false;
}
// rolls.in_blitz_turn: the team turn being played is the kick-off table's Blitz! turn.
inline bool in_blitz_turn(const State& s) noexcept {
    for (int i = s.frame_count - 1; i >= 0; --i) {
        if (s.stack[i].proc == frames::TURN) return s.stack[i].arg[frames::p_turn::F_BLITZ] != 0;
    }
    return false;
}
// The ruleset's limits: rerolls_per_turn (1: LRB6; 0: any number, BB2020), blitz_turn_rerolls.
inline bool team_reroll_available(const State& s, int side) noexcept {
    const Team& t = s.teams[side];
    if (s.active != side) return false;
    const auto& rules = rules_of(s);
    if (t.reroll_used != 0 && rules.rerolls_per_turn == 1) return false;
    if (!rules.blitz_turn_rerolls && in_blitz_turn(s)) return false;
    return t.rerolls > 0 || bonus_reroll_usable(s, side);
}

// rolls.RerollSources.
struct RerollSources {
    bool skill, skill_once, team, pro, loner;
};

namespace detail {
// The first SKILL_REROLL handler of `pid`'s skills that re-rolls a `kind` roll of a player
// with `flags`: the flag a use spends in `once` (0: usable every time).
inline bool first_skill_reroll(const State& s, int pid, int kind, std::uint32_t flags, std::uint32_t& once) noexcept {
    once = 0;
    return hooks::any<SkillReroll>(s, pid, kind, flags, once);
}
}  // namespace detail

// rolls.checked_reroll (Pro): whether `pid` may use it now; `spend` gets the flag a use sets.
inline bool checked_reroll(const State& s, int pid, std::uint32_t& spend) noexcept {
    spend = 0;
    return hooks::any<CheckedReroll>(s, pid, s, pid, spend);
}

// rolls.check_from: the lowest D6 of the check before a re-roll (Pro's: the ruleset's; Loner's
// the X of `pid`'s Loner (X+), 4 by default: skill_values.hpp).
inline int check_from(const State& s, bool pro, int pid) noexcept {
    return pro ? rules_of(s).pro_from : skill_value(s.players[pid], sk::LONER);
}

// rolls.TEAM_REROLL_CHECK: a team re-roll on `pid`'s roll needs a 4+ first (Loner).
inline bool team_reroll_check(const State& s, int pid) noexcept { return hooks::any<TeamRerollCheck>(s, pid, s, pid); }

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
    std::uint32_t spend = 0;
    r.pro = checked_reroll(s, pid, spend);
    r.loner = team_reroll_check(s, pid);
    return r;
}

}  // namespace nuffle

#include "nuffle/skill_rules/queries.hpp"
