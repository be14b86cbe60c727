// The engine loop (core/game.py's Game._advance, legal_actions, step, decision) over the
// procedure frames: a switch on the procedure id sends `run`, `legal`, `act` and the decision
// detail to the ported procedures (one header per rule area under procs/, mirroring
// core/procedures/*.py). Every frame is ported; one that is not (a frame the Python registry
// gains before its port) throws NotPortedError naming it, and still loads and dumps as data.
#pragma once

#include <algorithm>

#include "nuffle/engine_base.hpp"
#include "nuffle/procs/ball.hpp"
#include "nuffle/procs/injury.hpp"
#include "nuffle/procs/kickoff.hpp"
#include "nuffle/procs/kickoff_bb2020.hpp"
#include "nuffle/procs/prayers.hpp"
#include "nuffle/procs/match.hpp"
#include "nuffle/procs/movement.hpp"
#include "nuffle/procs/move_step.hpp"
#include "nuffle/procs/rolls.hpp"
#include "nuffle/procs/setup.hpp"
#include "nuffle/procs/swarming.hpp"
#include "nuffle/procs/turn.hpp"
// block, push, foul, block substitutes
#include "nuffle/procs/block.hpp"
#include "nuffle/procs/strike.hpp"
#include "nuffle/procs/contact_foul.hpp"
#include "nuffle/procs/push.hpp"
// passing, bombs, Throw Team-Mate, Ball & Chain
#include "nuffle/procs/ball_and_chain.hpp"
#include "nuffle/procs/bomb.hpp"
#include "nuffle/procs/passing.hpp"
#include "nuffle/procs/throw_team_mate.hpp"
#include "nuffle/procs/throw_team_mate_bb2020.hpp"
#include "nuffle/procs/kick_team_mate.hpp"
// Diving Catch, the Tentacles and Shadowing rolls
#include "nuffle/procs/movement_skills.hpp"
// p1: Blood Lust's feeding, Hypnotic Gaze (Piling On lives in injury.hpp)
#include "nuffle/procs/declaration_skills.hpp"
// p3: Animosity, the Wizard
#include "nuffle/procs/animosity.hpp"
#include "nuffle/procs/wizard.hpp"

namespace nuffle {

// Whether procedure `proc` is ported (runs natively).
constexpr bool is_ported(int proc) noexcept {
    switch (proc) {
        case frames::MATCH:
        case frames::HALF:
        case frames::DRIVE:
        case frames::END_DRIVE:
        case frames::MASTER_CHEF:
        case frames::SETUP:
        case frames::SWARMING:
        case frames::KICKOFF:
        case frames::KICK_OFF_RETURN:
        case frames::GET_THE_REF:
        case frames::RIOT:
        case frames::PERFECT_DEFENCE:
        case frames::HIGH_KICK:
        case frames::CHEERING_FANS:
        case frames::BRILLIANT_COACHING:
        case frames::CHANGING_WEATHER:
        case frames::QUICK_SNAP:
        case frames::BLITZ_KICKOFF:
        // BB2020's kick-off table and prayers
        case frames::TIME_OUT:
        case frames::BLITZ_BB2020:
        case frames::SOLID_DEFENCE:
        case frames::QUICK_SNAP_BB2020:
        case frames::CHEERING_FANS_BB2020:
        case frames::BRILLIANT_COACHING_BB2020:
        case frames::OFFICIOUS_REF:
        case frames::PITCH_INVASION_BB2020:
        case frames::ROLL_OFF:
        case frames::CHANGING_WEATHER_BB2020:
        case frames::PRAYER:
        case frames::PRAYER_GIFT:
        case frames::PRAYER_ROCK:
        case frames::TRAPDOOR:
        case frames::PLAYER_ROLL:
        case frames::CATCH:
        case frames::BOUNCE:
        case frames::THROW_IN:
        case frames::TURN:
        case frames::PLAYER_ACTION:
        case frames::MOVE_STEP:
        case frames::DODGE_ROLL:
        case frames::REACTION:
        case frames::PICKUP:
        case frames::KNOCK_DOWN:
        case frames::PLACE_PRONE:
        case frames::INJURY:
        case frames::REGENERATE:
        case frames::THROW_A_ROCK:
        case frames::PITCH_INVASION:
        case frames::DECLARATION_ROLL:
            return true;
        // block, push, foul, block substitutes
        case frames::BLOCK:
        case frames::MULTIPLE_BLOCK:
        case frames::STRIKE:
        case frames::PUSH:
        case frames::STAND_CHOICE:
        case frames::CROWD_SURF:
        case frames::STRIP_BALL:
        case frames::FOUL:
        case frames::CHAINSAW_KICK_BACK:
        // passing, bombs, Throw Team-Mate, Ball & Chain
        case frames::PASS:
        case frames::HANDOFF:
        case frames::DUMP_OFF:
        case frames::PASS_BLOCK:
        case frames::BOMB:
        case frames::THROW_TEAM_MATE:
        case frames::THROW_TEAM_MATE_BB2020:
        case frames::KICK_TEAM_MATE:
        case frames::ALWAYS_HUNGRY:
        case frames::SWOOP:
        case frames::CHAIN_STEP:
        case frames::CHAIN_BLOCK:  // a Block (block.hpp) with the Ball & Chain's two differences
        // p1: Blood Lust, Hypnotic Gaze, Piling On, the plain re-roll contest
        case frames::FEED:
        case frames::GAZE:
        case frames::LASH_OUT:  // Animal Savagery (BB2020)
        case frames::PICK_ME_UP:  // Pick-me-up (BB2020)
        case frames::TRICK:  // Trickster (BB2020)
        case frames::PILING_ON:
        case frames::SAFE_PAIR_OF_HANDS:
        case frames::RE_ROLL_CONTEST:
            return true;
        // Diving Catch, the Tentacles and Shadowing rolls
        case frames::DIVING_CATCH:
        case frames::TENTACLES_ROLL:
        case frames::SHADOWING_ROLL:
        case frames::BB2020_TENTACLES_ROLL:
        case frames::BB2020_SHADOWING_ROLL:
        case frames::HIT_AND_RUN:
        case frames::FUMBLEROOSKIE:  // Fumblerooskie's leaving the ball (BB2020)
        case frames::PILE_DRIVER:  // Pile Driver (BB2020)
        // p3: Animosity, the Wizard
        case frames::ANIMOSITY:
        case frames::WIZARD:
        case frames::WEATHER_MAGE:  // BB2020
            return true;
        default:
            return false;
    }
}

[[noreturn]] inline void not_ported(const Frame& f) { throw NotPortedError(frames::PROCS[f.proc].frame); }

inline void run_top(Ctx& c) {
    switch (c.top().proc) {
        case frames::MATCH: procs::match_run(c); return;
        case frames::HALF: procs::half_run(c); return;
        case frames::DRIVE: procs::drive_run(c); return;
        case frames::END_DRIVE: procs::end_drive_run(c); return;
        case frames::MASTER_CHEF: procs::master_chef_run(c); return;
        case frames::SETUP: procs::setup_run(c); return;
        case frames::KICKOFF: procs::kickoff_run(c); return;
        case frames::KICK_OFF_RETURN: procs::kick_off_return_run(c); return;
        case frames::GET_THE_REF: procs::get_the_ref_run(c); return;
        case frames::RIOT: procs::riot_run(c); return;
        case frames::PERFECT_DEFENCE: procs::perfect_defence_run(c); return;
        case frames::HIGH_KICK: procs::high_kick_run(c); return;
        case frames::CHEERING_FANS:
        case frames::BRILLIANT_COACHING:
        case frames::RE_ROLL_CONTEST: procs::re_roll_contest_run(c, c.top().proc); return;
        case frames::CHANGING_WEATHER: procs::changing_weather_run(c); return;
        case frames::QUICK_SNAP: procs::quick_snap_run(c); return;
        case frames::BLITZ_KICKOFF: procs::blitz_kickoff_run(c); return;
        case frames::TIME_OUT: procs::time_out_run(c); return;
        case frames::BLITZ_BB2020: procs::blitz_bb2020_run(c); return;
        case frames::SOLID_DEFENCE: procs::solid_defence_run(c); return;
        case frames::SWARMING: procs::swarming_run(c); return;
        case frames::QUICK_SNAP_BB2020: procs::quick_snap_bb2020_run(c); return;
        case frames::CHEERING_FANS_BB2020:
        case frames::BRILLIANT_COACHING_BB2020:
        case frames::OFFICIOUS_REF:
        case frames::PITCH_INVASION_BB2020:
        case frames::ROLL_OFF: procs::roll_off_run(c, c.top().proc); return;
        case frames::CHANGING_WEATHER_BB2020: procs::changing_weather_bb2020_run(c); return;
        case frames::PRAYER: procs::prayer_run(c); return;
        case frames::PRAYER_GIFT: procs::prayer_gift_run(c); return;
        case frames::PRAYER_ROCK: procs::prayer_rock_run(c); return;
        case frames::TRAPDOOR: procs::trapdoor_run(c); return;
        case frames::PLAYER_ROLL: procs::player_roll_run(c); return;
        case frames::CATCH: procs::catch_run(c); return;
        case frames::BOUNCE: procs::bounce_run(c); return;
        case frames::THROW_IN: procs::throw_in_run(c); return;
        case frames::TURN: procs::turn_run(c); return;
        case frames::PLAYER_ACTION: procs::player_action_run(c); return;
        case frames::MOVE_STEP: procs::move_step_run(c); return;
        case frames::DODGE_ROLL: procs::dodge_roll_run(c); return;
        case frames::REACTION: procs::reaction_run(c); return;
        case frames::PICKUP: procs::pickup_run(c); return;
        case frames::KNOCK_DOWN:
        case frames::PLACE_PRONE: procs::knock_down_run(c); return;
        case frames::INJURY: procs::injury_run(c); return;
        case frames::REGENERATE: procs::regenerate_run(c); return;
        case frames::THROW_A_ROCK: procs::throw_a_rock_run(c); return;
        case frames::PITCH_INVASION: procs::pitch_invasion_run(c); return;
        case frames::DECLARATION_ROLL: procs::declaration_roll_run(c); return;
        // block, push, foul, block substitutes
        case frames::CHAIN_BLOCK:
        case frames::BLOCK: procs::contact::block_run(c); return;
        case frames::MULTIPLE_BLOCK: procs::contact::multiple_block_run(c); return;
        case frames::STRIKE: procs::contact::strike_run(c); return;
        case frames::PUSH: procs::contact::push_run(c); return;
        case frames::STAND_CHOICE: procs::contact::stand_choice_run(c); return;
        case frames::CROWD_SURF: procs::contact::crowd_surf_run(c); return;
        case frames::STRIP_BALL: procs::contact::strip_ball_run(c); return;
        case frames::FOUL: procs::contact::foul_run(c); return;
        case frames::CHAINSAW_KICK_BACK: procs::contact::chainsaw_kick_back_run(c); return;
        // passing, bombs, Throw Team-Mate, Ball & Chain
        case frames::PASS: procs::pass_run(c); return;
        case frames::HANDOFF: procs::handoff_run(c); return;
        case frames::DUMP_OFF: procs::dump_off_run(c); return;
        case frames::PASS_BLOCK: procs::pass_block_run(c); return;
        case frames::BOMB: procs::bomb_run(c); return;
        case frames::THROW_TEAM_MATE: procs::throw_team_mate_run(c); return;
        case frames::THROW_TEAM_MATE_BB2020: procs::throw_team_mate_bb2020_run(c); return;
        case frames::KICK_TEAM_MATE: procs::kick_team_mate_run(c); return;
        case frames::ALWAYS_HUNGRY: procs::always_hungry_run(c); return;
        case frames::SWOOP: procs::swoop_run(c); return;
        case frames::CHAIN_STEP: procs::chain_step_run(c); return;
        // Diving Catch, the Tentacles and Shadowing rolls
        case frames::DIVING_CATCH: procs::diving_catch_run(c); return;
        case frames::TENTACLES_ROLL: procs::tentacles_roll_run(c); return;
        case frames::SHADOWING_ROLL: procs::shadowing_roll_run(c); return;
        case frames::BB2020_TENTACLES_ROLL: procs::bb2020_tentacles_roll_run(c); return;
        case frames::BB2020_SHADOWING_ROLL: procs::bb2020_shadowing_roll_run(c); return;
        case frames::HIT_AND_RUN: procs::hit_and_run_run(c); return;
        case frames::FUMBLEROOSKIE: procs::fumblerooskie_run(c); return;
        case frames::PILE_DRIVER: procs::contact::pile_driver_run(c); return;
        // p1: Blood Lust, Hypnotic Gaze, Piling On
        case frames::FEED: procs::feed_run(c); return;
        case frames::LASH_OUT: procs::lash_out_run(c); return;
        case frames::PICK_ME_UP: procs::pick_me_up_run(c); return;
        case frames::TRICK: procs::trick_run(c); return;
        case frames::GAZE: procs::gaze_run(c); return;
        case frames::PILING_ON: procs::piling_on_run(c); return;
        case frames::SAFE_PAIR_OF_HANDS: procs::safe_pair_of_hands_run(c); return;
        // p3: Animosity, the Wizard
        case frames::ANIMOSITY: procs::animosity_run(c); return;
        case frames::WIZARD: procs::wizard_run(c); return;
        case frames::WEATHER_MAGE: procs::weather_mage_run(c); return;
        default: not_ported(c.top());
    }
}

inline Legal legal_top(Ctx& c) {
    switch (c.top().proc) {
        case frames::MATCH: return procs::match_legal(c);
        case frames::END_DRIVE: return procs::end_drive_legal(c);
        case frames::SETUP: return procs::setup_legal_actions(c);
        case frames::KICKOFF: return procs::kickoff_legal(c);
        case frames::KICK_OFF_RETURN: return procs::kick_off_return_legal(c);
        case frames::HIGH_KICK: return procs::high_kick_legal(c);
        case frames::QUICK_SNAP: return procs::quick_snap_legal(c);
        case frames::SOLID_DEFENCE: return procs::solid_defence_legal(c);
        case frames::SWARMING: return procs::swarming_legal(c);
        case frames::QUICK_SNAP_BB2020: return procs::quick_snap_bb2020_legal(c);
        case frames::PLAYER_ROLL: return procs::player_roll_legal(c);
        case frames::TURN: return procs::turn_legal(c);
        case frames::PLAYER_ACTION: return procs::player_action_legal(c);
        case frames::MOVE_STEP: return procs::move_step_legal(c);
        case frames::DODGE_ROLL: return procs::dodge_roll_legal(c);
        case frames::REACTION: return procs::reaction_legal(c);
        case frames::INJURY: return procs::injury_legal(c);
        // block, push, foul, block substitutes
        case frames::CHAIN_BLOCK:
        case frames::BLOCK: return procs::contact::block_legal(c);
        case frames::MULTIPLE_BLOCK: return procs::contact::multiple_block_legal(c);
        case frames::PUSH: return procs::contact::push_legal(c);
        case frames::STAND_CHOICE: return procs::contact::use_or_decline();
        case frames::STRIP_BALL: return procs::contact::use_or_decline();
        case frames::FOUL: return procs::contact::foul_legal(c);
        // passing, bombs, Throw Team-Mate, Ball & Chain
        case frames::PASS: return procs::pass_legal(c);
        case frames::DUMP_OFF: return procs::dump_off_legal(c);
        case frames::PASS_BLOCK: return procs::pass_block_legal(c);
        case frames::BOMB: return procs::bomb_legal(c);
        case frames::SWOOP: return procs::swoop_legal(c);
        // Diving Catch
        case frames::DIVING_CATCH: return procs::diving_catch_legal(c);
        case frames::HIT_AND_RUN: return procs::hit_and_run_legal(c);
        case frames::PILE_DRIVER: return procs::contact::pile_driver_legal(c);
        // p1: Blood Lust, Piling On
        case frames::FEED: return procs::feed_legal(c);
        case frames::PRAYER_GIFT: return procs::prayer_gift_legal(c);
        case frames::LASH_OUT: return procs::lash_out_legal(c);
        case frames::TRICK: return procs::trick_legal(c);
        case frames::PILING_ON: return procs::piling_on_legal(c);
        case frames::SAFE_PAIR_OF_HANDS: return procs::safe_pair_of_hands_legal(c);
        // p3: Animosity, the Wizard
        case frames::ANIMOSITY: return procs::animosity_legal(c);
        case frames::WIZARD: return procs::wizard_legal(c);
        case frames::WEATHER_MAGE: return procs::weather_mage_legal(c);
        default:
            if (is_ported(c.top().proc)) return {};
            not_ported(c.top());
    }
}

inline void act_top(Ctx& c, const Act& a) {
    switch (c.top().proc) {
        case frames::MATCH: procs::match_act(c, a); return;
        case frames::END_DRIVE: procs::end_drive_act(c, a); return;
        case frames::SETUP: procs::setup_act(c, a); return;
        case frames::SWARMING: procs::swarming_act(c, a); return;
        case frames::KICKOFF: procs::kickoff_act(c, a); return;
        case frames::KICK_OFF_RETURN: procs::kick_off_return_act(c, a); return;
        case frames::HIGH_KICK: procs::high_kick_act(c, a); return;
        case frames::QUICK_SNAP: procs::quick_snap_act(c, a); return;
        case frames::SOLID_DEFENCE:
        case frames::QUICK_SNAP_BB2020: procs::limited_moves_act(c, a); return;
        case frames::PLAYER_ROLL: procs::player_roll_act(c, a); return;
        case frames::TURN: procs::turn_act(c, a); return;
        case frames::PLAYER_ACTION: procs::player_action_act(c, a); return;
        case frames::MOVE_STEP: procs::move_step_act(c, a); return;
        case frames::DODGE_ROLL: procs::dodge_roll_act(c, a); return;
        case frames::REACTION: procs::reaction_act(c, a); return;
        case frames::INJURY: procs::injury_act(c, a); return;
        // block, push, foul, block substitutes
        case frames::CHAIN_BLOCK:
        case frames::BLOCK: procs::contact::block_act(c, a); return;
        case frames::MULTIPLE_BLOCK: procs::contact::multiple_block_act(c, a); return;
        case frames::PUSH: procs::contact::push_act(c, a); return;
        case frames::STAND_CHOICE: procs::contact::stand_choice_act(c, a); return;
        case frames::STRIP_BALL: procs::contact::strip_ball_act(c, a); return;
        case frames::FOUL: procs::contact::foul_act(c, a); return;
        // passing, bombs, Throw Team-Mate, Ball & Chain
        case frames::PASS: procs::pass_act(c, a); return;
        case frames::DUMP_OFF: procs::dump_off_act(c, a); return;
        case frames::PASS_BLOCK: procs::pass_block_act(c, a); return;
        case frames::BOMB: procs::bomb_act(c, a); return;
        case frames::SWOOP: procs::swoop_act(c, a); return;
        // Diving Catch
        case frames::DIVING_CATCH: procs::diving_catch_act(c, a); return;
        case frames::HIT_AND_RUN: procs::hit_and_run_act(c, a); return;
        case frames::PILE_DRIVER: procs::contact::pile_driver_act(c, a); return;
        // p1: Blood Lust, Piling On
        case frames::FEED: procs::feed_act(c, a); return;
        case frames::PRAYER_GIFT: procs::prayer_gift_act(c, a); return;
        case frames::LASH_OUT: procs::lash_out_act(c, a); return;
        case frames::TRICK: procs::trick_act(c, a); return;
        case frames::PILING_ON: procs::piling_on_act(c, a); return;
        case frames::SAFE_PAIR_OF_HANDS: procs::safe_pair_of_hands_act(c, a); return;
        // p3: Animosity, the Wizard
        case frames::ANIMOSITY: procs::animosity_act(c, a); return;
        case frames::WIZARD: procs::wizard_act(c, a); return;
        case frames::WEATHER_MAGE: procs::weather_mage_act(c, a); return;
        default:
            if (is_ported(c.top().proc)) {
                throw IllegalActionError(std::string(frames::PROCS[c.top().proc].cls) + " takes no decisions");
            }
            not_ported(c.top());
    }
}

// Procedure.decision_detail's default: the frame's `pid` field (if it has one and it is a
// player) and the procedure's decision skill.
inline Detail default_detail(const Frame& f) {
    Detail d;
    const frames::ProcInfo& info = frames::PROCS[f.proc];
    for (int k = 0; k < info.field_count; ++k) {
        if (std::string_view(info.fields[k].name) == "pid" && f.arg[info.fields[k].slot] >= 0) {
            d.player = f.arg[info.fields[k].slot];
        }
    }
    d.skill = info.decision_skill;
    return d;
}

inline Detail detail_top(Ctx& c) {
    switch (c.top().proc) {
        case frames::END_DRIVE: return procs::end_drive_detail(c);
        case frames::KICKOFF: return procs::kickoff_detail(c);
        case frames::PLAYER_ROLL: return procs::player_roll_detail(c);
        case frames::PLAYER_ACTION: return procs::player_action_detail(c);
        case frames::MOVE_STEP: return procs::move_step_detail(c);
        case frames::DODGE_ROLL: return procs::dodge_roll_detail(c);
        // block, push, foul, block substitutes
        case frames::CHAIN_BLOCK:
        case frames::BLOCK: return procs::contact::block_detail(c);
        case frames::PUSH: return procs::contact::push_detail(c);
        case frames::STRIP_BALL: return procs::contact::strip_ball_detail(c);
        case frames::FOUL: return procs::contact::foul_detail(c);
        // passing, bombs
        case frames::PASS: return procs::pass_detail(c);
        case frames::BOMB: return procs::bomb_detail(c);
        // p1: Piling On
        case frames::PILING_ON: return procs::piling_on_detail(c);
        case frames::SAFE_PAIR_OF_HANDS: return procs::safe_pair_of_hands_detail(c);
        case frames::PILE_DRIVER: return procs::contact::pile_driver_detail(c);
        // p3: the Wizard
        case frames::WIZARD: return procs::wizard_detail(c);
        case frames::WEATHER_MAGE: return procs::weather_mage_detail(c);
        case frames::PRAYER_GIFT: return procs::prayer_gift_detail(c);
        default:
            if (!is_ported(c.top().proc)) not_ported(c.top());
            return default_detail(c.top());
    }
}

// Game._advance: run the top frame while the engine runs; resolve a chance event from the
// state's generator (a sampled roller) unless `explicit_chance`; stop at a decision, at an
// explicit chance node or at the end, with the hand-over fields cleared.
// The most frames run and chance events sampled between two stops (a real game needs a few
// hundred): a position whose stack cannot progress is an error (EngineLimitError), not a hang.
// The Python engine's Game._advance has the same limit (game.MAX_RUNS).
constexpr long MAX_RUNS = 200000;

inline void advance(State& s, const Board& b, bool explicit_chance) {
    Ctx c{s, b};
    long runs = 0;
    while (true) {
        if (++runs > MAX_RUNS) throw std::length_error("the engine made no progress in 200000 steps (an impossible position)");
        const int d = s.decider;
        if (d == D_RUNNING) {
            if (s.frame_count == 0) throw std::logic_error("the engine runs with an empty procedure stack");
            run_top(c);
        } else if (d == D_CHANCE && !explicit_chance) {
            s.chance.outcome = sample(s.chance.event, s.rng);
            s.chance.event = Chance{};
            s.pending = 0;
            s.decider = D_RUNNING;
        } else {
            s.chance.outcome = Outcome::single(0);
            s.ok = 0;
            s.last_die = 0;
            s.reactor = -1;
            s.square = -1;
            s.last_square = -1;
            s.extra_moves = 0;
            return;
        }
    }
}

// Game.legal_actions: the groups of the side to decide (none at chance nodes and the end).
inline Legal legal_actions(State& s, const Board& b) {
    if (s.decider != D_HOME && s.decider != D_AWAY) return {};
    Ctx c{s, b};
    return legal_top(c);
}

inline bool allows(const Choice& g, const Act& a) {
    if (a.type != g.type) return false;
    if (!g.players.empty()) {
        if (std::find(g.players.begin(), g.players.end(), a.player) == g.players.end()) return false;
    } else if (a.player != -1) {
        return false;
    }
    if (!g.squares.empty()) return std::find(g.squares.begin(), g.squares.end(), a.square) != g.squares.end();
    return a.square == -1;
}

// Game.step's first half: a legal decision applied to the top frame, nothing run after it;
// IllegalActionError (state unchanged) else. `log_decision`: Game.step's log entry first.
inline void act_only(State& s, const Board& b, const Act& a, bool log_decision = false) {
    if (s.decider != D_HOME && s.decider != D_AWAY) throw IllegalActionError("no coach decides now");
    const Legal legal = legal_actions(s, b);
    if (std::none_of(legal.begin(), legal.end(), [&](const Choice& g) { return allows(g, a); })) {
        throw IllegalActionError("it is not among the legal actions of " +
                                 std::string(s.decider == D_HOME ? "home" : "away") + " in " +
                                 frames::PROCS[s.stack[s.frame_count - 1].proc].cls);
    }
    if (log_decision) note_decision(s, a.type, a.player, a.square);
    Ctx c{s, b};
    s.decider = D_RUNNING;
    act_top(c, a);
}

// Game.step: apply a legal decision and advance; IllegalActionError (state unchanged) else.
inline void step(State& s, const Board& b, const Act& a, bool explicit_chance) {
    act_only(s, b, a, true);
    advance(s, b, explicit_chance);
}

// Resolves the pending chance event with `outcome` (already checked) and advances.
inline void resolve(State& s, const Board& b, const Outcome& outcome, bool explicit_chance) {
    if (s.decider != D_CHANCE || s.pending == 0) throw IllegalActionError("there is no pending chance event");
    s.chance.outcome = outcome;
    s.chance.event = Chance{};
    s.pending = 0;
    s.decider = D_RUNNING;
    advance(s, b, explicit_chance);
}

inline Detail decision_detail(State& s, const Board& b) {
    if (s.decider != D_HOME && s.decider != D_AWAY) return Detail{};
    Ctx c{s, b};
    return detail_top(c);
}

}  // namespace nuffle
