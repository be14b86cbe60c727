// Every hook point of the native engine (hooks.hpp) in one list, for the module to export as
// HOOK_SKILLS: a point's name and the skills its LRB6 table has handlers for, read from the
// table the procedures ask. A Python test checks them against the Python engine's handlers and
// lists the Python points whose C++ twin still tests skills inline (INLINE_HOOK_SKILLS).
#pragma once

#include <vector>

#include "nuffle/engine.hpp"
#include "nuffle/hooks.hpp"

namespace nuffle::hooks {

template <class... P>
struct PointList {};

using AllPoints = PointList<
    // rule queries (rules.hpp)
    SkillReroll, TeamRerollCheck, CheckedReroll, BonusReroll, GfiAllowance, RushModifier, DodgeModifier, DodgeZonesIgnored,
    DestZoneIgnored, TestZoneIgnored, LeftZoneModifier, DodgeRerollCancel, StandUpCost, NoHandling, PickupModifier, CatchModifier,
    OpponentCatchModifier, BlockAssist, AssistCancel,
    // match.hpp
    procs::SentOffAfterDrive,
    // block.hpp, push.hpp
    procs::contact::BlockCancel, procs::contact::BlockDieReroll, procs::contact::BlockStrength, procs::contact::BlockBeforeDice,
    procs::contact::BlockStrengthRoll, procs::contact::BlockResultOptions, procs::contact::BlockBothDownStands,
    procs::contact::BlockStumbleIsPush, procs::contact::BlockFollowUp, procs::contact::BlockAfter,
    procs::contact::PushRefuse, procs::contact::PushCancel, procs::contact::PushChoice, procs::contact::PushAfter,
    // injury.hpp
    procs::ArmourModifier, procs::ArmourOrInjury, procs::ArmourBreaksAt, procs::ArmourImmune, procs::ArmourSkipped,
    procs::AfterArmour, procs::FallCaused,
    procs::InjuryModifier, procs::InjuryTable, procs::AfterInjury, procs::CasualtyRolls, procs::Recover,
    procs::CasualtyCaused, procs::BallDropped,
    // contact_foul.hpp, strike.hpp
    procs::contact::FoulBefore, procs::contact::FoulUnseen, procs::contact::FoulMovesOn,
    procs::contact::StrikeBeforeAttack,
    procs::contact::StrikeArmourModifier,
    // ball.hpp, kickoff.hpp
    procs::LandingNearby, procs::KickDistance, procs::AfterScatter, procs::KickoffFame, procs::AfterSetups,
    // move_step.hpp (and rules.hpp's DodgeRollReaction)
    DodgeRollReaction, procs::BeforeLeaving, procs::AfterLeaving, procs::DodgeStat, procs::LeapModifier,
    procs::JumpNegatives,
    // passing.hpp (with Throw Team-Mate's)
    procs::passing::PassModifier, procs::passing::IgnoresTackleZones, procs::passing::NearbyModifier,
    procs::passing::InterceptionModifier, procs::passing::TargetDeclared, procs::passing::PassDeclared,
    procs::passing::AfterInterception, procs::passing::KeepsFumble, procs::passing::DeflectionReroll,
    procs::passing::CanBeThrown, procs::passing::BeforeThrow, procs::passing::Flight, procs::passing::TtmModifier,
    // movement.hpp (the player action), turn.hpp
    procs::AfterDeclare, procs::StandUpRoll, procs::ActionChoices, procs::ActionEnd, procs::PassMovesOn,
    procs::Declarations, procs::TurnEnd>;

struct PointSkills {
    const char* name;
    std::vector<int> skills;
};

template <class P>
inline std::vector<int> lrb6_skills() {
    std::vector<int> out;
    for (const auto& h : P::lrb6()) out.push_back(h.skill);
    return out;
}

template <class... P>
inline std::vector<PointSkills> lrb6_points(PointList<P...>) {
    return {PointSkills{P::name, lrb6_skills<P>()}...};
}

}  // namespace nuffle::hooks
