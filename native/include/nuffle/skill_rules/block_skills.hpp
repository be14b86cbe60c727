// LRB6's handlers at block.hpp's hook points: Python's skill_rules/block_skills.py (Block,
// Dodge, Tackle, Horns, Dauntless, Foul Appearance, Wrestle, Juggernaut, Fend, Frenzy) and
// passing_skills.py's Dump-Off. Included by block.hpp after its procedures.
#pragma once

#include "nuffle/hooks.hpp"
#include "nuffle/procs/block.hpp"
#include "nuffle/procs/trick.hpp"

namespace nuffle::procs::contact {

namespace lrb6_block {
namespace sk = frames::skill;

inline bool block(const State&, const Frame&, int) noexcept { return true; }  // BOTH_DOWN_STANDS

// STUMBLE_IS_PUSH: Dodge, unless the attacker cancels it.
inline bool dodge(const State& s, const Frame& f) noexcept {
    return !block_cancelled(s, f.arg[fbk::F_ATTACKER], f.arg[fbk::F_BLITZ] != 0, sk::DODGE);
}

// CANCEL: Tackle stops Dodge; Juggernaut on a Blitz stops Fend, Stand Firm and Wrestle.
inline bool tackle(const State&, int, bool, int skill) noexcept { return skill == sk::DODGE; }
inline bool juggernaut_cancels(const State&, int, bool blitz, int skill) noexcept {
    return blitz && (skill == sk::FEND || skill == sk::STAND_FIRM || skill == sk::WRESTLE);
}

inline int horns(const State&, int, int, bool blitz) noexcept { return blitz ? 1 : 0; }  // STRENGTH

// STRENGTH_ROLL: Dauntless, if the attacker is the weaker and a 6 would do; D6 + ST above the
// defender's ST, or equal to it where `ties` (BB2020) (block_skills.dauntless_roll).
inline bool dauntless_roll(Ctx& c, Frame& f, bool ties) {
    const int ast = f.arg[fbk::F_AST], dst = f.arg[fbk::F_DST];
    if (ast >= dst) return false;
    const int need = dst - ast + (ties ? 0 : 1);
    if (need > 6) return false;
    push_player_roll(c.s, frames::roll::DAUNTLESS, f.arg[fbk::F_ATTACKER], need, 0, false);
    return true;
}
inline bool dauntless(Ctx& c, Frame& f) { return dauntless_roll(c, f, false); }

// BEFORE_DICE: Foul Appearance (only the blocked player's counts); Dump-Off (passing.hpp).
inline bool foul_appearance(Ctx& c, Frame& f) {
    if (f.arg[fbk::F_ASKING] != f.arg[fbk::F_DEFENDER]) return false;
    push_player_roll(c.s, frames::roll::FOUL_APPEARANCE, f.arg[fbk::F_ATTACKER], 2, 0, false);
    return true;
}
inline bool dump_off(Ctx& c, Frame& f) {
    return passing::dump_off_before_dice(c.s, c.b, f.arg[fbk::F_ASKING], f.arg[fbk::F_DEFENDER],
                                         f.arg[fbk::F_SECOND] != 0);
}

// RESULT_OPTIONS: Wrestle (both placed prone, the defender's first) and Juggernaut (Both Down
// counts as Pushed on a Blitz); -1: no option.
inline int wrestle(Ctx& c, Frame& f, int pid, bool use) {
    if (f.arg[fbk::F_FACE] != face::BOTH_DOWN) return -1;
    const int att = f.arg[fbk::F_ATTACKER];
    if (pid == f.arg[fbk::F_DEFENDER] && block_cancelled(c.s, att, f.arg[fbk::F_BLITZ] != 0, sk::WRESTLE)) return -1;
    if (use) {
        push_place_prone(c.s, att);
        push_place_prone(c.s, f.arg[fbk::F_DEFENDER]);
        f.arg[fbk::F_FACE] = face::RESOLVED;
    }
    return frames::at::USE_SKILL;
}
inline int juggernaut(Ctx&, Frame& f, int pid, bool use) {
    if (pid != f.arg[fbk::F_ATTACKER] || f.arg[fbk::F_BLITZ] == 0 || f.arg[fbk::F_FACE] != face::BOTH_DOWN) return -1;
    if (use) f.arg[fbk::F_FACE] = face::PUSHED;
    return frames::at::SELECT_PUSHED;
}

// FOLLOW_UP: Fend (the defender's coach may forbid it), Frenzy (the attacker must).
inline int fend(const State& s, const Frame& f, int pid) noexcept {
    if (pid != f.arg[fbk::F_DEFENDER] || block_cancelled(s, f.arg[fbk::F_ATTACKER], f.arg[fbk::F_BLITZ] != 0, sk::FEND)) {
        return follow::FREE;
    }
    return follow::MAY_FORBID;
}
inline int frenzy_follows(const State&, const Frame& f, int pid) noexcept {
    return pid == f.arg[fbk::F_ATTACKER] ? follow::MUST : follow::FREE;
}

// AFTER_BLOCK: a second block on a defender pushed and still standing next to him.
inline bool frenzy_second_block(Ctx& c, Frame& f) {
    State& s = c.s;
    const int att = f.arg[fbk::F_ATTACKER];
    const int dfd = f.arg[fbk::F_DEFENDER];
    const int face = f.arg[fbk::F_FACE];
    if (f.arg[fbk::F_MULTIPLE] != 0 || (face != face::PUSHED && face != face::DEFENDER_STUMBLES)) return false;
    if (!standing(s, dfd) || pos(s, dfd) < 0 || c.b.distance(pos(s, att), pos(s, dfd)) != 1) return false;
    bool gfi = false;
    const bool blitz = f.arg[fbk::F_BLITZ] != 0;
    const int moves = f.arg[fbk::F_MOVES];
    if (blitz) {  // the second block costs a square of movement
        const int ma = pl(s, att).ma;
        if (moves >= ma + max_gfi(s, att)) return false;
        gfi = moves >= ma;
        f.arg[fbk::F_EXTRA] = i16(f.arg[fbk::F_EXTRA] + 1);
    }
    push_block(s, att, dfd, blitz, gfi, moves + 1, false, 0, true);
    return true;
}

}  // namespace lrb6_block

namespace b6 = lrb6_block;
NUFFLE_LRB6_HANDLERS(BlockCancel, {sk::TACKLE, b6::tackle}, {sk::JUGGERNAUT, b6::juggernaut_cancels})
NUFFLE_LRB6_HANDLERS(BlockStrength, {sk::HORNS, b6::horns})
// Trickster (BB2020 only; skill_rules/bb2020_trait_skills.py): the blocked player may move next to
// the attacker first (procs/trick.hpp); not against a Ball & Chain.
inline bool trickster(Ctx& c, Frame& f) {
    const int att = f.arg[fbk::F_ATTACKER];
    const int dfd = f.arg[fbk::F_DEFENDER];
    if (f.arg[fbk::F_ASKING] != dfd || has(c.s, att, sk::BALL_AND_CHAIN)) return false;
    if (trick_squares(c.s, c.b, att).empty()) return false;
    push_trick(c.s, dfd, att);
    return true;
}
NUFFLE_LRB6_HANDLERS(BlockBeforeDice, {sk::DUMP_OFF, b6::dump_off}, {sk::FOUL_APPEARANCE, b6::foul_appearance},
                     {sk::TRICKSTER, trickster})
NUFFLE_LRB6_HANDLERS(BlockStrengthRoll, {sk::DAUNTLESS, b6::dauntless})
NUFFLE_LRB6_HANDLERS(BlockResultOptions, {sk::WRESTLE, b6::wrestle}, {sk::JUGGERNAUT, b6::juggernaut})
NUFFLE_LRB6_HANDLERS(BlockBothDownStands, {sk::BLOCK, b6::block})
NUFFLE_LRB6_HANDLERS(BlockStumbleIsPush, {sk::DODGE, b6::dodge})
NUFFLE_LRB6_HANDLERS(BlockFollowUp, {sk::FEND, b6::fend}, {sk::FRENZY, b6::frenzy_follows})
// Hit and Run (BB2020; skill_rules/bb2020_movement_skills.py): the squares of his free move, in
// board order: empty, on the pitch, no opposing player next to them, no ball lying there.
inline std::vector<int> hit_and_run_squares(const State& s, const Board& b, int pid) {
    std::vector<int> out;
    const int sq0 = s.players[pid].square;
    const int side = s.players[pid].team;
    const int x0 = b.xs[static_cast<std::size_t>(sq0)], y0 = b.ys[static_cast<std::size_t>(sq0)];
    for (int dy = -1; dy <= 1; ++dy) {
        for (int dx = -1; dx <= 1; ++dx) {
            const int x = x0 + dx, y = y0 + dy;
            if ((dx == 0 && dy == 0) || !ball_on(b, x, y)) continue;
            const int sq = b.sq(x, y);
            if (s.grid[sq] != SQUARE_EMPTY || (s.ball == sq && s.ball_state == frames::ball::ON_GROUND)) continue;
            bool open = true;
            for (const int off : b.neighbours) {
                const int q = s.grid[sq + off];
                if (q >= 0 && s.players[q].team != side) open = false;
            }
            if (open) out.push_back(sq);
        }
    }
    return out;
}

// AFTER_BLOCK: Hit and Run after the block of a Block action (not a Blitz, not a Multiple Block).
inline bool hit_and_run(Ctx& c, Frame& f) {
    const int att = f.arg[fbk::F_ATTACKER];
    if (f.arg[fbk::F_BLITZ] != 0 || f.arg[fbk::F_MULTIPLE] != 0 || hit_and_run_squares(c.s, c.b, att).empty()) return false;
    push(c.s, frames::HIT_AND_RUN).arg[frames::p_hit_and_run::F_PID] = static_cast<std::int16_t>(att);
    return true;
}

// AFTER_BLOCK: Pile Driver (BB2020; skill_rules/bb2020_block_skills.py) once his single block
// knocked the defender down (Defender Down, Defender Stumbles, Both Down) and the defender lies
// on the pitch next to him: the PileDriver choice (procs/contact_foul.hpp).
inline bool pile_driver(Ctx& c, Frame& f) {
    const State& s = c.s;
    const int att = f.arg[fbk::F_ATTACKER], dfd = f.arg[fbk::F_DEFENDER];
    const int face = f.arg[fbk::F_FACE];
    if (f.arg[fbk::F_MULTIPLE] != 0 || (face != face::DEFENDER_DOWN && face != face::DEFENDER_STUMBLES &&
                                        face != face::BOTH_DOWN)) {
        return false;
    }
    const Player& d = s.players[dfd];
    if (d.square < 0 || (d.status != static_cast<std::uint8_t>(Status::PRONE) &&
                         d.status != static_cast<std::uint8_t>(Status::STUNNED))) {
        return false;
    }
    if (c.b.distance(s.players[att].square, d.square) != 1) return false;
    Frame& p = push(c.s, frames::PILE_DRIVER);
    p.arg[frames::p_pile_driver::F_PID] = static_cast<std::int16_t>(att);
    p.arg[frames::p_pile_driver::F_VICTIM] = static_cast<std::int16_t>(dfd);
    return true;
}

NUFFLE_LRB6_HANDLERS(BlockAfter, {sk::FRENZY, b6::frenzy_second_block}, {sk::HIT_AND_RUN, hit_and_run},
                     {sk::PILE_DRIVER, pile_driver})
// Brawler (BB2020 only; skill_rules/bb2020_reroll_skills.py): a Block action's Both Down die.
inline bool brawler(const State&, const Frame& block) noexcept { return block.arg[fbk::F_BLITZ] == 0; }
NUFFLE_LRB6_HANDLERS(BlockDieReroll, {sk::BRAWLER, brawler})
// BB2020's Dauntless (skill_rules/bb2020_block_skills.py): D6 + ST equal to the defender's will do.
inline bool bb2020_dauntless(Ctx& c, Frame& f) { return b6::dauntless_roll(c, f, true); }
NUFFLE_BB2020_HANDLERS(BlockStrengthRoll, {sk::DAUNTLESS, bb2020_dauntless})

}  // namespace nuffle::procs::contact
