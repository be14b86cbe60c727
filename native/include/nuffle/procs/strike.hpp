// What stands beside the Block (core/procedures/block.py): MultipleBlock (block_skills.py),
// the block substitutes (core/procedures/block_substitutes.py): Strike (Stab, Chainsaw) with
// its hook points BEFORE_ATTACK and ARMOUR_MODIFIER (LRB6's Foul Appearance and Stakes:
// skill_rules/strike_skills.hpp), and the block skills' own player-action choices
// (block_skills.py at action.ACTION_CHOICES and skill_action).
#pragma once

#include <algorithm>
#include <vector>

#include "nuffle/engine_base.hpp"
#include "nuffle/procs/block.hpp"
#include "nuffle/procs/contact.hpp"
#include "nuffle/procs/passing.hpp"
#include "nuffle/procs/push.hpp"
#include "nuffle/rules.hpp"

namespace nuffle::procs::contact {

namespace fmb = frames::p_multiple_block;
namespace fst = frames::p_strike;

// --- MultipleBlock (block_skills.py) ---------------------------------------------------------

// block_skills._targets without `first`: standing opponents next to `pid`, in neighbour order.
inline std::vector<int> multiple_block_others(const State& s, const Board& b, int pid, int first) {
    int adj[8];
    const int n = adjacent_players(s, b, pos(s, pid), adj);
    std::vector<int> out;
    for (int i = 0; i < n; ++i) {
        const int q = adj[i];
        if (q != first && team_of(s, q) != team_of(s, pid) && standing(s, q)) {
            out.push_back(q);
        }
    }
    return out;
}

inline void multiple_block_run(Ctx& c) {
    State& s = c.s;
    Frame& f = c.top();
    const int pid = f.arg[fmb::F_PID];
    if (f.phase == fmb::START) {
        f.phase = fmb::SECOND_TARGET;
        wait(s, team_of(s, pid), frames::dk::MULTIPLE_BLOCK);
        return;
    }
    if (f.phase == fmb::FIRST_BLOCK) {
        f.phase = fmb::SECOND_BLOCK;
        push_block(s, pid, f.arg[fmb::F_FIRST], false, false, 0, true, rule::MULTIPLE_BLOCK_ST);
        return;
    }
    if (f.phase == fmb::SECOND_BLOCK) {
        f.phase = fmb::DONE;
        const int sec = f.arg[fmb::F_SECOND];
        if (standing(s, pid) && s.turnover == 0 && s.touchdown < 0 && standing(s, sec) && pos(s, sec) >= 0 &&
            c.b.distance(pos(s, pid), pos(s, sec)) == 1) {
            push_block(s, pid, sec, false, false, 0, true, rule::MULTIPLE_BLOCK_ST);
            return;
        }
    }
    pop(s);
}

inline Legal multiple_block_legal(Ctx& c) {
    const Frame& f = c.top();
    std::vector<int> squares;
    for (const int q : multiple_block_others(c.s, c.b, f.arg[fmb::F_PID], f.arg[fmb::F_FIRST])) {
        squares.push_back(pos(c.s, q));
    }
    return {Choice{frames::at::SELECT_SQUARE, {}, squares, {}}};
}

inline void multiple_block_act(Ctx& c, const Act& a) {
    Frame& f = c.top();
    f.arg[fmb::F_SECOND] = c.s.grid[a.square];
    f.phase = fmb::FIRST_BLOCK;
}

// --- Strike (block_substitutes.py) -----------------------------------------------------------

NUFFLE_HOOK_POINT(StrikeBeforeAttack, "block_substitutes.before_attack",
                  bool(State&, int attacker, int victim, int kind));
NUFFLE_HOOK_POINT(StrikeArmourModifier, "block_substitutes.armour_modifier",
                  int(const State&, int attacker, int target, int kind));

// Strike._breathed: Breathe Fire's D6, -1 against ST 5 or more: 1 or less he is placed prone (a
// turnover), 2-3 nothing, 4-5 the target is placed prone, 6 the target is knocked down.
inline constexpr int BREATHE_FIRE_STRONG = 5;
inline void breathed(State& s, Frame& f, int att, int victim) {
    int roll = die(s);
    if (pl(s, victim).st >= BREATHE_FIRE_STRONG) --roll;
    f.phase = fst::DONE;
    if (roll <= 1) {
        s.turnover = 1;
        push_place_prone(s, att);
    } else if (roll >= 6) {
        push_knock_down(s, victim, -1, false, 0, att);
    } else if (roll >= 4) {
        push_place_prone(s, victim, att);
    } else {
        pop(s);
    }
}

inline void strike_run(Ctx& c) {
    State& s = c.s;
    Frame& f = c.top();
    const int att = f.arg[fst::F_ATTACKER];
    const int victim = f.arg[fst::F_VICTIM];
    const bool chainsaw = f.arg[fst::F_KIND] == frames::at::CHAINSAW;
    // BB2020's Projectile Vomit (Strike._vomit): a Stab-coded attack by a player with it and not
    // Stab rolls the Chainsaw's D6 first, without its +3.
    const bool vomit = f.arg[fst::F_KIND] == frames::at::STAB && has(s, att, frames::skill::PROJECTILE_VOMIT) &&
                       !has(s, att, frames::skill::STAB);
    // BB2020's Breathe Fire (Strike._breathes): neither Stab nor Projectile Vomit as well.
    const bool breathe = f.arg[fst::F_KIND] == frames::at::STAB && has(s, att, frames::skill::BREATHE_FIRE) &&
                         !has(s, att, frames::skill::STAB) && !has(s, att, frames::skill::PROJECTILE_VOMIT);
    const int ph = f.phase;
    if (ph < fst::GO_AHEAD) {
        if (gfi_first(s, f, att, f.arg[fst::F_GFI] != 0)) return;
    } else if (ph == fst::BEFORE_ATTACK_USED) {  // a BEFORE_ATTACK procedure returned
        if (s.ok == 0 || !standing(s, att) || pos(s, victim) < 0) {
            pop(s);
            return;
        }
        f.phase = fst::GO_AHEAD;
    }
    if (f.phase == fst::GO_AHEAD) {
        int fns[SKILL_IDS];  // BEFORE_ATTACK, the victim's handlers one at a time
        const int n = hooks::skills<StrikeBeforeAttack>(s, victim, fns, SKILL_IDS);
        while (f.arg[fst::F_PRE] < n) {
            const int skill = fns[f.arg[fst::F_PRE]];
            f.arg[fst::F_PRE] = i16(f.arg[fst::F_PRE] + 1);
            if (hooks::handler<StrikeBeforeAttack>(s, skill)(s, att, victim, f.arg[fst::F_KIND])) {
                f.phase = fst::BEFORE_ATTACK_USED;
                return;
            }
        }
        if (chainsaw || vomit) {
            f.phase = fst::CHAINSAW_ROLLED;
            push_player_roll(s, frames::roll::CHAINSAW, att, 2, 0, false);
            return;
        }
        if (breathe) {
            f.phase = fst::CHAINSAW_ROLLED;
            request(s, Dice::D6, 1, purpose("chainsaw"));
            return;
        }
        f.phase = fst::ARMOUR;
    } else if (f.phase == fst::CHAINSAW_ROLLED && breathe) {
        breathed(s, f, att, victim);
        return;
    } else if (f.phase == fst::CHAINSAW_ROLLED) {
        f.arg[fst::F_TARGET] = i16(s.ok != 0 ? victim : att);  // a 1 kicks back on the attacker
        f.phase = fst::ARMOUR;
    }
    if (f.phase == fst::ARMOUR) {
        f.phase = fst::ARMOUR_ROLLED;
        request(s, Dice::TWO_D6, 1, purpose("armour"), Group::SUM);
        return;
    }
    if (f.phase == fst::ARMOUR_ROLLED) {
        const int tgt = f.arg[fst::F_TARGET];
        int total = dice_sum(s) + hooks::total<StrikeArmourModifier>(s, att, s, att, tgt, f.arg[fst::F_KIND]);
        if (chainsaw) total += rule::CHAINSAW_ARMOUR;
        if (total <= armour_holds_to(s, tgt)) {
            pop(s);  // no effect
            return;
        }
        f.phase = fst::INJURED;
        s.players[tgt].status = static_cast<std::uint8_t>(Status::PRONE);
        const int sq = pos(s, tgt);
        if (s.ball == sq && (s.ball_state == frames::ball::CARRIED || s.ball_state == frames::ball::ON_GROUND)) {
            s.ball_state = frames::ball::ON_GROUND;
            f.arg[fst::F_BOUNCE_FROM] = i16(sq);
        }
        if (team_of(s, tgt) == s.active) s.turnover = 1;
        push_injury(s, tgt);
        return;
    }
    if (f.phase == fst::INJURED) {
        f.phase = fst::DONE;
        if (f.arg[fst::F_BOUNCE_FROM] >= 0 && s.ball_state == frames::ball::ON_GROUND) {
            push_bounce(s, f.arg[fst::F_BOUNCE_FROM]);
            return;
        }
    }
    pop(s);
}

// --- the block skills' own actions (block_skills.py at action.ACTION_CHOICES and skill_action) ---
// For the player action (core/procedures/action.py), which calls them at its ACTION_CHOICES
// point in skill order with its other handlers: Multiple Block (65), Chainsaw (106), Stab (118).
// `kind`, `blocked` and `moves` are the player action's fields of those names.

// block_skills._targets: standing opponents next to `pid`, as flat squares in neighbour order.
inline std::vector<int> strike_target_squares(const State& s, const Board& b, int pid) {
    std::vector<int> out;
    for (const int q : multiple_block_others(s, b, pid, -1)) out.push_back(pos(s, q));
    return out;
}

// block_skills._may_strike: he may still make his block (or a block substitute) now.
inline bool may_strike(const State& s, int pid, int kind, bool blocked, int moves) noexcept {
    if (blocked) return false;
    if (kind == frames::at::START_BLOCK) return true;
    if (kind == frames::at::START_BLITZ) return moves < pl(s, pid).ma + max_gfi(s, pid);
    return false;
}

// ACTION_CHOICES of `skill` (MULTIPLE_BLOCK, CHAINSAW or STAB) for player `pid`: edits `groups`.
inline void block_skill_choices(const State& s, const Board& b, int skill, int pid, int kind, bool blocked, int moves,
                                Legal& groups) {
    if (!has(s, pid, skill)) return;
    if (skill == frames::skill::MULTIPLE_BLOCK) {
        if (kind != frames::at::START_BLOCK || blocked) return;
        std::vector<int> targets = strike_target_squares(s, b, pid);
        if (targets.size() >= 2) groups.push_back(Choice{frames::at::MULTIPLE_BLOCK, {}, targets, {}});
        return;
    }
    if (skill == frames::skill::CHAINSAW) {  // he must attack with the chainsaw: no ordinary block is offered
        std::erase_if(groups, [](const Choice& g) {
            return g.type == frames::at::BLOCK || g.type == frames::at::MULTIPLE_BLOCK;
        });
    }
    if (skill != frames::skill::CHAINSAW && skill != frames::skill::STAB) return;
    if (!may_strike(s, pid, kind, blocked, moves)) return;
    std::vector<int> targets = strike_target_squares(s, b, pid);
    if (!targets.empty()) {
        groups.push_back(Choice{skill == frames::skill::STAB ? frames::at::STAB : frames::at::CHAINSAW, {}, targets, {}});
    }
}

// The skill actions MULTIPLE_BLOCK, STAB and CHAINSAW chosen in a player action: true if `a` is
// one (it is then carried out: fields updated, the procedure pushed); `finished` is the player
// action's FINISHED phase.
inline bool block_skill_act(State& s, int pid, int kind, std::int16_t& blocked, std::int16_t& moves,
                            std::uint16_t& phase, int finished, const Act& a) {
    const int victim = s.grid[a.square];
    if (a.type == frames::at::MULTIPLE_BLOCK) {
        blocked = 1;
        phase = static_cast<std::uint16_t>(finished);  // the Block action ends after both blocks
        Frame& m = push(s, frames::MULTIPLE_BLOCK);
        m.arg[fmb::F_PID] = i16(pid);
        m.arg[fmb::F_FIRST] = i16(victim);
        m.arg[fmb::F_SECOND] = -1;
        return true;
    }
    if (a.type != frames::at::STAB && a.type != frames::at::CHAINSAW) return false;
    blocked = 1;  // _pay_for_strike: on a Blitz it costs a square
    bool gfi = false;
    if (kind == frames::at::START_BLITZ) {
        gfi = moves >= pl(s, pid).ma;
        moves = i16(moves + 1);
    }
    if (a.type == frames::at::STAB || kind != frames::at::START_BLITZ) {
        phase = static_cast<std::uint16_t>(finished);  // a Stab ends the action; a Chainsaw a Block action
    }
    Frame& k = push(s, frames::STRIKE);
    k.arg[fst::F_KIND] = i16(a.type);
    k.arg[fst::F_ATTACKER] = i16(pid);
    k.arg[fst::F_VICTIM] = i16(victim);
    k.arg[fst::F_GFI] = gfi ? 1 : 0;
    k.arg[fst::F_PRE] = 0;
    k.arg[fst::F_TARGET] = i16(victim);
    k.arg[fst::F_BOUNCE_FROM] = -1;
    return true;
}

}  // namespace nuffle::procs::contact

#include "nuffle/skill_rules/strike_skills.hpp"
