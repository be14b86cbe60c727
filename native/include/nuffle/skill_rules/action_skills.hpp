// LRB6's handlers at movement.hpp's player-action hook points (Python's skill_rules
// declaration_skills.py, movement_skills.py, block_skills.py, passing_skills.py and
// team_skills.py): the declaration rolls (Blood Lust, Bone-head, Really Stupid, Take Root, Wild
// Animal; BB2020's Unchannelled Fury the same roll), Jump Up's roll to stand for a Block, the skills' own choices (Leap, Hail Mary Pass,
// Multiple Block, Ball & Chain, Blood Lust, Bombardier, Chainsaw, Hypnotic Gaze, Stab, Throw
// Team-Mate: their helpers are in the procedure headers of their rule areas) and Blood Lust's
// feeding at the end of the action. Included by movement.hpp after its procedures.
#pragma once

#include "nuffle/hooks.hpp"
#include "nuffle/procs/movement.hpp"

namespace nuffle::procs {

namespace lrb6_action {
namespace sk = frames::skill;
namespace rk = frames::roll;

// --- AFTER_DECLARE: the declaration rolls --------------------------------------------------
inline bool blood_lust(State& s, const Board&, const Frame& f) {
    const int pid = f.arg[fa::F_PID];  // Bloodlust (X+): his X, LRB6's 2+ by default
    push_declaration_roll(s, pid, rk::BLOOD_LUST, skill_value(s.players[pid], sk::BLOOD_LUST), 0,
                          frames::flag::MUST_FEED, false);
    return true;
}
inline bool bone_head(State& s, const Board&, const Frame& f) {
    push_declaration_roll(s, f.arg[fa::F_PID], rk::BONE_HEAD, 2, 0, frames::flag::DISTRACTED, true);
    return true;
}
// Really Stupid: 2+ with a standing team-mate next to him who is not Really Stupid, else 4+.
inline bool really_stupid(State& s, const Board& b, const Frame& f) {
    const int pid = f.arg[fa::F_PID];
    const Player& pl = s.players[pid];
    bool helped = false;  // declaration_skills._helped_by_team_mate
    for (const int off : b.neighbours) {
        if (pl.square < 0) break;  // off the pitch (only in an impossible position)
        const int q = s.grid[pl.square + off];
        if (q >= 0 && s.players[q].team == pl.team && s.players[q].status == static_cast<int>(Status::STANDING) &&
            !s.players[q].has_skill(sk::REALLY_STUPID)) {
            helped = true;
        }
    }
    push_declaration_roll(s, pid, rk::REALLY_STUPID, helped ? 2 : 4, 0, frames::flag::DISTRACTED, true);
    return true;
}
inline bool take_root(State& s, const Board&, const Frame& f) {
    const int pid = f.arg[fa::F_PID];
    if ((s.players[pid].flags & frames::flag::ROOTED) != 0) return false;  // already rooted
    push_declaration_roll(s, pid, rk::TAKE_ROOT, 2, 0, frames::flag::ROOTED, false);
    return true;
}
inline bool wild_animal(State& s, const Board&, const Frame& f) {
    const int a = f.arg[fa::F_KIND];
    const int mod = (a == frames::at::START_BLOCK || a == frames::at::START_BLITZ) ? 2 : 0;
    push_declaration_roll(s, f.arg[fa::F_PID], rk::WILD_ANIMAL, 4, mod, 0, true);
    return true;
}

// --- STAND_UP_ROLL: Jump Up, for a Block declared while prone, an AG roll at +2 ------------
inline bool jump_up_block(State& s, const Board&, const Frame& f) {
    if (f.arg[fa::F_KIND] != frames::at::START_BLOCK) return false;
    const int pid = f.arg[fa::F_PID];
    push_player_roll(s, rk::JUMP_UP, pid, ag_target(s, pid), 2);
    return true;
}

// --- ACTION_CHOICES ------------------------------------------------------------------------
inline void leap(const State& s, const Board& b, const Frame& f, Legal& groups) { leap_choices(s, b, f, groups); }
inline void hail_mary(const State& s, const Board& b, const Frame& f, Legal& groups) {
    passing::hail_mary_choices(s, b, f.arg[fa::F_KIND], f.arg[fa::F_PID], groups);
}
template <int Skill>
inline void block_skill(const State& s, const Board& b, const Frame& f, Legal& groups) {  // Multiple Block, Chainsaw, Stab
    contact::block_skill_choices(s, b, Skill, f.arg[fa::F_PID], f.arg[fa::F_KIND], f.arg[fa::F_BLOCKED] != 0,
                                 f.arg[fa::F_MOVES], groups);
}
inline void ball_and_chain(const State& s, const Board& b, const Frame& f, Legal& groups) {
    chain_choices(s, b, f.arg[fa::F_PID], can_step(s, f), f.arg[fa::F_MOVES], groups);
}
inline void blood_lust_move(const State& s, const Board&, const Frame& f, Legal& groups) {
    blood_lust_choices(s, f.arg[fa::F_PID], f.arg[fa::F_KIND], f.arg[fa::F_BLOCKED] != 0, groups);
}
inline void bombardier(const State& s, const Board& b, const Frame& f, Legal& groups) {
    passing::bomb_choices(s, b, f.arg[fa::F_KIND], f.arg[fa::F_PID], groups);
}
inline void hypnotic_gaze(const State& s, const Board& b, const Frame& f, Legal& groups) {
    gaze_choices(s, b, f.arg[fa::F_PID], f.arg[fa::F_KIND], groups);
}
inline void throw_team_mate(const State& s, const Board& b, const Frame& f, Legal& groups) {
    passing::ttm_choices(s, b, f.arg[fa::F_KIND], f.arg[fa::F_PID], groups);
}
// BB2020's Kick Team-mate (skill_rules/bb2020_ktm_skills.py; no LRB6 player has it).
inline void kick_team_mate(const State& s, const Board& b, const Frame& f, Legal& groups) {
    passing::ktm_choices(s, b, f.arg[fa::F_KIND], f.arg[fa::F_PID], groups);
}

// --- ACTION_END: Blood Lust's feeding, when he must feed -------------------------------------
inline bool must_feed(State& s, const Frame& f, int) {
    const int pid = f.arg[fa::F_PID];
    if ((s.players[pid].flags & frames::flag::MUST_FEED) == 0) return false;
    push_feed(s, pid);
    return true;
}
}  // namespace lrb6_action

// BB2020's traits LRB6 lacks (skill_rules/bb2020_trait_skills.py).
namespace bb2020_action {
namespace sk = frames::skill;
// Animal Savagery: the lash-out roll (procs/lash_out.hpp), +2 for a Block or Blitz.
inline bool animal_savagery(State& s, const Board&, const Frame& f) {
    const int a = f.arg[fa::F_KIND];
    push_lash_out(s, f.arg[fa::F_PID], (a == frames::at::START_BLOCK || a == frames::at::START_BLITZ) ? 2 : 0);
    return true;
}
// Timmm-ber!: MA below the cost of standing up, the roll (4+) at +1 per standing team-mate next to him.
inline bool timmm_ber(State& s, const Board& b, const Frame& f) {
    const int pid = f.arg[fa::F_PID];
    const Player& pl = s.players[pid];
    if (stand_up_cost(s, pid) <= pl.ma) return false;  // he stands without a roll
    int mod = 0;  // bb2020_trait_skills.timmm_ber_modifier
    for (const int off : b.neighbours) {
        const int q = s.grid[pl.square + off];
        if (q >= 0 && s.players[q].team == pl.team && s.players[q].status == static_cast<int>(Status::STANDING)) ++mod;
    }
    push_player_roll(s, frames::roll::STAND_UP, pid, 4, mod, false);
    return true;
}
// Projectile Vomit (skill_rules/bb2020_special_skills.py): instead of his block, a Stab-coded
// attack on a standing opponent next to him (a player with Stab as well keeps Stab's).
inline void special_choice(const State& s, const Board& b, const Frame& f, Legal& groups) {
    const int pid = f.arg[fa::F_PID];
    if (!contact::may_strike(s, pid, f.arg[fa::F_KIND], f.arg[fa::F_BLOCKED] != 0, f.arg[fa::F_MOVES])) return;
    std::vector<int> targets = contact::strike_target_squares(s, b, pid);
    if (!targets.empty()) groups.push_back(Choice{frames::at::STAB, {}, targets, {}});
}
inline void projectile_vomit(const State& s, const Board& b, const Frame& f, Legal& groups) {
    if (!has(s, f.arg[fa::F_PID], sk::STAB)) special_choice(s, b, f, groups);
}
// Breathe Fire (the same file): the same choice, for a player with neither Stab nor Vomit.
inline void breathe_fire(const State& s, const Board& b, const Frame& f, Legal& groups) {
    const int pid = f.arg[fa::F_PID];
    if (!has(s, pid, sk::STAB) && !has(s, pid, sk::PROJECTILE_VOMIT)) special_choice(s, b, f, groups);
}
// Fumblerooskie (skill_rules/bb2020_fumblerooskie.py): in a Move or Blitz, a carrier who may
// still step may step to an empty square next to him leaving the ball (PLACE_BALL).
inline void fumblerooskie_choices(const State& s, const Board& b, const Frame& f, Legal& groups) {
    const int kind = f.arg[fa::F_KIND];
    const int pid = f.arg[fa::F_PID];
    if ((kind != frames::at::START_MOVE && kind != frames::at::START_BLITZ) || !carries(s, pid)) return;
    bool steps = false;
    for (const Choice& g : groups) steps = steps || g.type == frames::at::MOVE;
    if (!steps) return;  // he may not step any more
    const int sq = s.players[pid].square;
    std::vector<int> dests;
    for (const int o : b.neighbours) {
        if (s.grid[sq + o] == SQUARE_EMPTY) dests.push_back(sq + o);
    }
    if (!dests.empty()) groups.push_back(Choice{frames::at::PLACE_BALL, {}, dests, {}});
}
}  // namespace bb2020_action

namespace x6 = lrb6_action;
NUFFLE_LRB6_HANDLERS(AfterDeclare, {sk::BLOOD_LUST, x6::blood_lust}, {sk::BONE_HEAD, x6::bone_head},
                     {sk::REALLY_STUPID, x6::really_stupid}, {sk::TAKE_ROOT, x6::take_root},
                     {sk::WILD_ANIMAL, x6::wild_animal}, {sk::ANIMAL_SAVAGERY, bb2020_action::animal_savagery},
                     {sk::UNCHANNELLED_FURY, x6::wild_animal})
NUFFLE_LRB6_HANDLERS(StandUpRoll, {sk::JUMP_UP, x6::jump_up_block}, {sk::TIMMM_BER, bb2020_action::timmm_ber})
// BB2020's Jump Up (skill_rules/bb2020_movement_skills.py): the roll to stand for a Block at +1.
inline bool bb2020_jump_up_block(State& s, const Board&, const Frame& f) {
    if (f.arg[fa::F_KIND] != frames::at::START_BLOCK) return false;
    const int pid = f.arg[fa::F_PID];
    push_player_roll(s, frames::roll::JUMP_UP, pid, ag_target(s, pid), 1);
    return true;
}
NUFFLE_BB2020_HANDLERS(StandUpRoll, {sk::JUMP_UP, bb2020_jump_up_block}, {sk::TIMMM_BER, bb2020_action::timmm_ber})
NUFFLE_LRB6_HANDLERS(ActionChoices, {sk::LEAP, x6::leap}, {sk::HAIL_MARY_PASS, x6::hail_mary},
                     {sk::MULTIPLE_BLOCK, x6::block_skill<sk::MULTIPLE_BLOCK>}, {sk::BALL_AND_CHAIN, x6::ball_and_chain},
                     {sk::BLOOD_LUST, x6::blood_lust_move}, {sk::BOMBARDIER, x6::bombardier},
                     {sk::CHAINSAW, x6::block_skill<sk::CHAINSAW>}, {sk::HYPNOTIC_GAZE, x6::hypnotic_gaze},
                     {sk::STAB, x6::block_skill<sk::STAB>}, {sk::THROW_TEAM_MATE, x6::throw_team_mate},
                     {sk::BREATHE_FIRE, bb2020_action::breathe_fire}, {sk::KICK_TEAM_MATE, x6::kick_team_mate},
                     {sk::PROJECTILE_VOMIT, bb2020_action::projectile_vomit},
                     {sk::FUMBLEROOSKIE, bb2020_action::fumblerooskie_choices})
NUFFLE_LRB6_HANDLERS(ActionEnd, {sk::BLOOD_LUST, x6::must_feed})
// Running Pass (BB2020 only; skill_rules/bb2020_passing_skills.py): after his Quick pass.
inline bool running_pass(const State&, int, char band) noexcept { return band == 'Q'; }
NUFFLE_LRB6_HANDLERS(PassMovesOn, {sk::RUNNING_PASS, running_pass})
// BB2020: Leap's own choices (a Jump over any square) and Pogo Stick's, LRB6's others.
NUFFLE_BB2020_HANDLERS(ActionChoices, {sk::LEAP, jump_anywhere_choices}, {sk::HAIL_MARY_PASS, x6::hail_mary},
                       {sk::MULTIPLE_BLOCK, x6::block_skill<sk::MULTIPLE_BLOCK>},
                       {sk::BALL_AND_CHAIN, x6::ball_and_chain}, {sk::BLOOD_LUST, x6::blood_lust_move},
                       {sk::BOMBARDIER, x6::bombardier}, {sk::CHAINSAW, x6::block_skill<sk::CHAINSAW>},
                       {sk::HYPNOTIC_GAZE, x6::hypnotic_gaze}, {sk::STAB, x6::block_skill<sk::STAB>},
                       {sk::THROW_TEAM_MATE, x6::throw_team_mate}, {sk::BREATHE_FIRE, bb2020_action::breathe_fire},
                       {sk::KICK_TEAM_MATE, x6::kick_team_mate}, {sk::POGO_STICK, jump_anywhere_choices},
                       {sk::PROJECTILE_VOMIT, bb2020_action::projectile_vomit},
                       {sk::FUMBLEROOSKIE, bb2020_action::fumblerooskie_choices})

}  // namespace nuffle::procs
