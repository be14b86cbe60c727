// Blocks (core/procedures/block.py): Block (a GFI, skills before the dice, strength and
// assists, the dice with their re-rolls and choice, result options, the push, follow-up,
// knock-down, touchdown, Frenzy's second block) and its hook points: BEFORE_DICE, STRENGTH,
// STRENGTH_ROLL, CANCEL, RESULT_OPTIONS, BOTH_DOWN_STANDS, STUMBLE_IS_PUSH, FOLLOW_UP,
// AFTER_BLOCK (ASSIST is rules.hpp's). Their LRB6 handlers are skill_rules/block_skills.hpp's.
// MultipleBlock, Strike and the block skills' own actions are strike.hpp's.
#pragma once

#include <algorithm>
#include <vector>

#include "nuffle/engine_base.hpp"
#include "nuffle/procs/contact.hpp"
#include "nuffle/procs/passing.hpp"
#include "nuffle/procs/push.hpp"
#include "nuffle/rules.hpp"

namespace nuffle::procs::contact {

namespace fbk = frames::p_block;

// block.py's hook points (their LRB6 handlers: skill_rules/block_skills.hpp, ASSIST in rules.hpp).
NUFFLE_HOOK_POINT(BlockCancel, "block.cancel", bool(const State&, int attacker, bool blitz, int skill));
NUFFLE_HOOK_POINT(BlockDieReroll, "block.die_reroll", bool(const State&, const Frame& block));
NUFFLE_HOOK_POINT(BlockStrength, "block.strength", int(const State&, int attacker, int defender, bool blitz));
NUFFLE_HOOK_POINT(BlockBeforeDice, "block.before_dice", bool(Ctx&, Frame& block));
NUFFLE_HOOK_POINT_BB2020(BlockStrengthRoll, "block.strength_roll", bool(Ctx&, Frame& block));
NUFFLE_HOOK_POINT(BlockResultOptions, "block.result_options", int(Ctx&, Frame& block, int pid, bool use));
NUFFLE_HOOK_POINT(BlockBothDownStands, "block.both_down_stands", bool(const State&, const Frame& block, int pid));
NUFFLE_HOOK_POINT(BlockStumbleIsPush, "block.stumble_is_push", bool(const State&, const Frame& block));
NUFFLE_HOOK_POINT(BlockFollowUp, "block.follow_up", int(const State&, const Frame& block, int pid));
NUFFLE_HOOK_POINT(BlockAfter, "block.after", bool(Ctx&, Frame& block));

// block_strength.cancelled: whether a CANCEL skill of `attacker` stops `skill` against this block.
inline bool block_cancelled(const State& s, int attacker, bool blitz, int skill) noexcept {
    return attacker >= 0 && hooks::any<BlockCancel>(s, attacker, s, attacker, blitz, skill);
}

// block_strength.strength: ST plus STRENGTH.
inline int strength(const State& s, int attacker, int defender, bool blitz) noexcept {
    return pl(s, attacker).st + hooks::total<BlockStrength>(s, attacker, s, attacker, defender, blitz);
}

// Block(attacker, defender, blitz, gfi, moves, multiple, def_bonus, second); `proc` CHAIN_BLOCK
// for the Ball & Chain's ChainBlock (the same fields).
inline void push_block(State& s, int attacker, int defender, bool blitz = false, bool gfi = false, int moves = 0,
                       bool multiple = false, int def_bonus = 0, bool second = false, int proc = frames::BLOCK) {
    static_assert(fbk::F_DEF_SQ == frames::p_chain_block::F_DEF_SQ && fbk::F_EXTRA == frames::p_chain_block::F_EXTRA &&
                  fbk::DICE == static_cast<int>(frames::p_chain_block::DICE));
    Frame& f = push(s, proc);
    f.arg[fbk::F_ATTACKER] = i16(attacker);
    f.arg[fbk::F_DEFENDER] = i16(defender);
    f.arg[fbk::F_BLITZ] = blitz ? 1 : 0;
    f.arg[fbk::F_GFI] = gfi ? 1 : 0;
    f.arg[fbk::F_MOVES] = i16(moves);
    f.arg[fbk::F_MULTIPLE] = multiple ? 1 : 0;
    f.arg[fbk::F_DEF_BONUS] = i16(def_bonus);
    f.arg[fbk::F_SECOND] = second ? 1 : 0;
    f.arg[fbk::F_N] = 1;
    f.arg[fbk::F_ATTACKER_CHOOSES] = 1;
    f.arg[fbk::F_REROLLED] = 0;
    f.arg[fbk::F_FACE] = -1;
    f.arg[fbk::F_DEF_SQ] = -1;
    f.arg[fbk::F_PRE] = 0;
    f.arg[fbk::F_AST] = 0;
    f.arg[fbk::F_DST] = 0;
    f.arg[fbk::F_ASKED] = 0;
    f.arg[fbk::F_ASKER] = -1;
    f.arg[fbk::F_ASKING] = -1;
    f.arg[fbk::F_EXTRA] = 0;
}

// The RESULT_OPTIONS of `pid` for the chosen face, in skill order (none: -1 answers).
inline std::vector<int> result_options(Ctx& c, Frame& f, int pid) {
    std::vector<int> out;
    for (const auto& h : hooks::handlers<BlockResultOptions>(c.s)) {
        if (!has(c.s, pid, h.skill)) continue;
        const int t = h.fn(c, f, pid, false);
        if (t >= 0) out.push_back(t);
    }
    return out;
}

// --- Block ---------------------------------------------------------------------------------

inline int block_side(const State& s, const Frame& f) noexcept { return team_of(s, f.arg[fbk::F_ATTACKER]); }

inline bool block_can_reroll(const State& s, const Frame& f) noexcept {
    return f.arg[fbk::F_REROLLED] == 0 && team_reroll_available(s, block_side(s, f));
}

inline bool block_can_pro(State& s, const Frame& f) noexcept {
    return f.arg[fbk::F_REROLLED] == 0 && roll_pro(s, f.arg[fbk::F_ATTACKER], false);
}

// The index of the first die showing `face`, -1 if none.
inline int block_die_of(const State& s, const Frame& f, int face) noexcept {
    const std::int16_t* faces = frame_list(s, f, fbk::F_FACES_AT);
    for (int i = 0; i < f.arg[fbk::F_FACES]; ++i) {
        if (faces[i] == face) return i;
    }
    return -1;
}

// Block._can_brawl: a skill re-rolls one Both Down die (Brawler).
inline bool block_can_brawl(const State& s, const Frame& f) noexcept {
    return f.arg[fbk::F_REROLLED] == 0 && block_die_of(s, f, face::BOTH_DOWN) >= 0 &&
           hooks::any<BlockDieReroll>(s, f.arg[fbk::F_ATTACKER], s, f);
}

// Block._one_die: re-roll die `index` alone.
inline void block_one_die(State& s, Frame& f, int index) {
    f.arg[fbk::F_FACE] = i16(index);  // the die re-rolled alone, until the dice are chosen
    f.phase = fbk::ONE_DIE_ROLLED;
    request(s, Dice::BLOCK, 1, purpose("block"));
}

// Block._choose: DICE_CHOICE, the attacker's coach when he may re-roll or chooses.
inline void block_choose(State& s, Frame& f) {
    f.phase = fbk::DICE_CHOICE;
    const int side = block_side(s, f);
    if (block_can_reroll(s, f) || block_can_pro(s, f) || block_can_brawl(s, f) || f.arg[fbk::F_ATTACKER_CHOOSES] != 0) {
        wait(s, side, frames::dk::BLOCK_DICE);
    } else {
        wait(s, other(side), frames::dk::BLOCK_DICE);
    }
}

inline void block_done(State& s, const Frame& f) {
    s.extra_moves = f.arg[fbk::F_EXTRA];
    pop(s);
}

inline void request_block_dice(State& s, const Frame& f) {
    request(s, Dice::BLOCK, f.arg[fbk::F_N], purpose("block"));
}

// Block._before_dice: the next BEFORE_DICE handler; true if it pushed a procedure.
inline bool block_before_dice(Ctx& c, Frame& f) {
    State& s = c.s;
    const int att = f.arg[fbk::F_ATTACKER];
    const int dfd = f.arg[fbk::F_DEFENDER];
    int mine[SKILL_IDS], theirs[SKILL_IDS];
    const int nm = hooks::skills<BlockBeforeDice>(s, att, mine, SKILL_IDS);
    const int nt = hooks::skills<BlockBeforeDice>(s, dfd, theirs, SKILL_IDS);
    while (f.arg[fbk::F_PRE] < nm + nt) {
        const int i = f.arg[fbk::F_PRE];
        const int skill = i < nm ? mine[i] : theirs[i - nm];
        f.arg[fbk::F_ASKING] = i16(i < nm ? att : dfd);
        f.arg[fbk::F_PRE] = i16(i + 1);
        if (hooks::handler<BlockBeforeDice>(s, skill)(c, f)) {
            f.phase = fbk::BEFORE_DICE_USED;
            return true;
        }
    }
    return false;
}

// Block._strength_roll: the next STRENGTH_ROLL handler; true if it pushed a procedure.
inline bool block_strength_roll(Ctx& c, Frame& f) {
    State& s = c.s;
    const int att = f.arg[fbk::F_ATTACKER];
    int fns[SKILL_IDS];
    const int n = hooks::skills<BlockStrengthRoll>(s, att, fns, SKILL_IDS);
    while (f.arg[fbk::F_PRE] < n) {
        const int skill = fns[f.arg[fbk::F_PRE]];
        f.arg[fbk::F_PRE] = i16(f.arg[fbk::F_PRE] + 1);
        if (hooks::handler<BlockStrengthRoll>(s, skill)(c, f)) {
            f.phase = fbk::STRENGTH_ROLLED;
            return true;
        }
    }
    return false;
}

// Block._follow_rule: the strongest FOLLOW_UP answer and who gave it.
inline int block_follow_rule(const State& s, const Frame& f, int& who) noexcept {
    int rule = follow::FREE;
    who = -1;
    for (const int pid : {f.arg[fbk::F_ATTACKER], f.arg[fbk::F_DEFENDER]}) {
        for (const auto& h : hooks::handlers<BlockFollowUp>(s)) {
            if (!has(s, pid, h.skill)) continue;
            const int r = h.fn(s, f, pid);
            if (r > rule) {
                rule = r;
                who = pid;
            }
        }
    }
    return rule;
}

// Block._follow: the attacker follows up (onto an open trapdoor: its D6 first).
inline void block_follow(State& s, const Board& b, const Frame& f) {
    const int att = f.arg[fbk::F_ATTACKER];
    const int def_sq = f.arg[fbk::F_DEF_SQ];
    move_player(s, att, def_sq);
    if (trapdoor_here(s, b, att, def_sq)) push_trapdoor(s, att);
}

// Block._follow_up: whether (and how) the attacker follows up; then FOLLOW_UP.
inline void block_follow_up(Ctx& c, Frame& f, bool asked) {
    State& s = c.s;
    const int att = f.arg[fbk::F_ATTACKER];
    const int dfd = f.arg[fbk::F_DEFENDER];
    const int def_sq = f.arg[fbk::F_DEF_SQ];
    f.phase = fbk::FOLLOW_UP;
    if (!standing(s, att) || pos(s, dfd) == def_sq || s.grid[def_sq] != SQUARE_EMPTY || f.arg[fbk::F_MULTIPLE] != 0 ||
        (pl(s, att).flags & frames::flag::ROOTED) != 0) {
        return;
    }
    int who = -1;
    int rule = block_follow_rule(s, f, who);
    if (rule == follow::MAY_FORBID && asked) {
        rule = follow::FREE;
        for (const int pid : {att, dfd}) {
            for (const auto& h : hooks::handlers<BlockFollowUp>(s)) {
                if (has(s, pid, h.skill) && h.fn(s, f, pid) == follow::MUST) rule = follow::MUST;
            }
        }
    }
    if (rule == follow::FORBID) return;
    if (rule == follow::MAY_FORBID) {
        f.phase = fbk::FORBID_FOLLOW_UP;
        f.arg[fbk::F_ASKER] = i16(who);
        wait(s, team_of(s, who), frames::dk::FORBID_FOLLOW_UP);
        return;
    }
    if (rule == follow::MUST) {
        block_follow(s, c.b, f);
        return;
    }
    wait(s, block_side(s, f), frames::dk::FOLLOW_UP);
}

// Block._resolve: the chosen (or changed) face.
inline void block_resolve(Ctx& c, Frame& f) {
    State& s = c.s;
    const int att = f.arg[fbk::F_ATTACKER];
    const int dfd = f.arg[fbk::F_DEFENDER];
    const int face = f.arg[fbk::F_FACE];
    if (face == face::RESOLVED) {
        f.phase = fbk::TOUCHDOWN_CHECK;
        return;
    }
    if (face == face::ATTACKER_DOWN) {
        f.phase = fbk::DONE;
        // knocked down, not falling over: a ball he holds is his BallDropped skills' (Safe Pair
        // of Hands); FALL for everyone else
        push_knock_down(s, att, -1, true, 0, -1, hooks::holds<BallDropped>(s, att) ? how::KNOCKED : -1);
        return;
    }
    if (face == face::BOTH_DOWN) {
        f.phase = fbk::DONE;
        const bool att_down = !hooks::any<BlockBothDownStands>(s, att, s, f, att);
        const bool def_down = !hooks::any<BlockBothDownStands>(s, dfd, s, f, dfd);
        // Both fall at once; then the defender's knock-down resolves first.
        if (att_down) {
            s.players[att].status = static_cast<std::uint8_t>(Status::PRONE);
            drop_ball_if_carried(s, att);
            push_knock_down(s, att);
        }
        if (def_down) {
            s.players[dfd].status = static_cast<std::uint8_t>(Status::PRONE);
            drop_ball_if_carried(s, dfd);
            push_knock_down(s, dfd, att, false);
        }
        return;
    }
    f.arg[fbk::F_DEF_SQ] = i16(pos(s, dfd));
    f.phase = fbk::PUSHED;
    push_push(s, dfd, pos(s, att), att, f.arg[fbk::F_BLITZ] != 0, false);
}

inline int block_asking(const Frame& f) noexcept {
    return f.arg[fbk::F_ASKED] == 0 ? f.arg[fbk::F_ATTACKER] : f.arg[fbk::F_DEFENDER];
}

// Block._offer: the chosen face's alternatives to each coach in turn, then the result.
inline void block_offer(Ctx& c, Frame& f) {
    State& s = c.s;
    while (f.arg[fbk::F_ASKED] < 2) {
        const int pid = block_asking(f);
        if (!result_options(c, f, pid).empty()) {
            f.phase = fbk::RESULT_OPTION;
            wait(s, team_of(s, pid), frames::dk::BLOCK_RESULT);
            return;
        }
        f.arg[fbk::F_ASKED] = i16(f.arg[fbk::F_ASKED] + 1);
    }
    block_resolve(c, f);
}

inline void block_run(Ctx& c) {
    State& s = c.s;
    Frame& f = c.top();
    const int ph = f.phase;
    const int att = f.arg[fbk::F_ATTACKER];
    const int dfd = f.arg[fbk::F_DEFENDER];
    const bool blitz = f.arg[fbk::F_BLITZ] != 0;
    // ChainBlock (ball_and_chain.py): against a team-mate the Ball & Chain player's coach picks the die
    if (f.proc == frames::CHAIN_BLOCK && ph == fbk::DICE && team_of(s, dfd) == team_of(s, att)) {
        f.arg[fbk::F_ATTACKER_CHOOSES] = 1;
    }
    if (ph < fbk::GO_AHEAD) {
        if (gfi_first(s, f, att, f.arg[fbk::F_GFI] != 0)) return;
    } else if (ph == fbk::BEFORE_DICE_USED) {  // a BEFORE_DICE procedure returned
        if (s.ok == 0 || !standing(s, att) || pos(s, dfd) < 0) {
            block_done(s, f);
            return;
        }
        f.phase = fbk::GO_AHEAD;
    } else if (ph == fbk::STRENGTH_ROLLED) {  // a STRENGTH_ROLL procedure returned
        if (s.ok != 0 && f.arg[fbk::F_AST] < f.arg[fbk::F_DST]) f.arg[fbk::F_AST] = f.arg[fbk::F_DST];
        f.phase = fbk::STRENGTH_ROLL;
    }
    if (f.phase == fbk::GO_AHEAD) {
        if (block_before_dice(c, f)) return;
        f.arg[fbk::F_AST] = i16(strength(s, att, dfd, blitz));
        f.arg[fbk::F_DST] = i16(pl(s, dfd).st + f.arg[fbk::F_DEF_BONUS]);
        f.arg[fbk::F_PRE] = 0;
        f.phase = fbk::STRENGTH_ROLL;
    }
    if (f.phase == fbk::STRENGTH_ROLL) {
        if (block_strength_roll(c, f)) return;
        const int a = f.arg[fbk::F_AST] + assists(s, c.b, team_of(s, att), dfd, att);
        const int d = f.arg[fbk::F_DST] + assists(s, c.b, team_of(s, dfd), att, dfd);
        int n = 2;
        bool chooses = false;
        if (a > 2 * d) {
            n = 3, chooses = true;
        } else if (a > d) {
            n = 2, chooses = true;
        } else if (a == d) {
            n = 1, chooses = true;
        } else if (d > 2 * a) {
            n = 3;
        }
        f.arg[fbk::F_N] = i16(n);
        f.arg[fbk::F_ATTACKER_CHOOSES] = chooses ? 1 : 0;
        f.phase = fbk::DICE;
        request_block_dice(s, f);
        return;
    }
    if (f.phase == fbk::DICE || f.phase == fbk::ONE_DIE_ROLLED) {
        ListRef faces = list_field(s, f, fbk::F_FACES, fbk::F_FACES_AT, fbk::F_FACES_CAP);
        const Outcome& o = s.chance.outcome;
        if (f.phase == fbk::ONE_DIE_ROLLED) {
            std::int16_t* at = frame_list(s, f, fbk::F_FACES_AT);
            at[f.arg[fbk::F_FACE]] = static_cast<std::int16_t>(o.v[0]);
            f.arg[fbk::F_FACE] = -1;
        } else {
            faces.clear();
            if (o.size == 0) {
                faces.push_back(o.v[0]);
            } else {
                for (int i = 0; i < o.size; ++i) faces.push_back(o.v[static_cast<std::size_t>(i)]);
            }
        }
        {  // types.block_dice_code: bit 0 who chooses, then the faces in base 6 (+1)
            int code = 0;
            for (int i = faces.size() - 1; i >= 0; --i) code = code * 6 + faces[i] + 1;
            note(s, frames::ev::BLOCK, att, dfd, code * 2 + (f.arg[fbk::F_ATTACKER_CHOOSES] != 0 ? 1 : 0));
        }
        block_choose(s, f);
        return;
    }
    if (f.phase == fbk::REROLL_CHECK || f.phase == fbk::PRO_CHECK) {  // the Loner check, or the Pro check
        const bool pro = f.phase == fbk::PRO_CHECK;
        note_check(s, f.arg[fbk::F_ATTACKER], pro);
        if (die(s) >= check_from(s, pro, f.arg[fbk::F_ATTACKER])) {
            if (pro && rules_of(s).pro_one_die) {  // one die: the coach picks which (of several)
                if (f.arg[fbk::F_N] == 1) {
                    block_one_die(s, f, 0);
                } else {
                    f.phase = fbk::ONE_DIE;
                    wait(s, block_side(s, f), frames::dk::BLOCK_DICE);
                }
                return;
            }
            f.phase = fbk::DICE;
            request_block_dice(s, f);
            return;
        }
        f.phase = fbk::DICE_CHOICE;
        const int side = block_side(s, f);
        wait(s, f.arg[fbk::F_ATTACKER_CHOOSES] != 0 ? side : other(side), frames::dk::BLOCK_DICE);
        return;
    }
    if (f.phase == fbk::PUSHED) {
        block_follow_up(c, f, false);
        return;
    }
    if (f.phase == fbk::FOLLOW_UP) {
        if (resolve_crowd(s)) return;
        f.phase = fbk::TOUCHDOWN_CHECK;
        const int face = f.arg[fbk::F_FACE];
        const bool stumble_is_push = hooks::any<BlockStumbleIsPush>(s, dfd, s, f);
        const bool knock = face == face::DEFENDER_DOWN || (face == face::DEFENDER_STUMBLES && !stumble_is_push);
        if (knock && pos(s, dfd) >= 0) {
            push_knock_down(s, dfd, att, false);
            return;
        }
    }
    if (f.phase == fbk::TOUCHDOWN_CHECK) {
        f.phase = fbk::AFTER_BLOCK;
        const int holder = carrier(s);  // a pushed, chain-pushed or following-up carrier may score
        if (holder >= 0) check_touchdown(s, c.b, holder);
        if (s.ball_state == frames::ball::ON_GROUND && s.ball >= 0 && s.grid[s.ball] >= 0) {
            push_bounce(s, s.ball);  // the ball lies under a player who did not pick it up
            return;
        }
    }
    if (f.phase == fbk::AFTER_BLOCK) {
        f.phase = fbk::DONE;
        if (f.arg[fbk::F_SECOND] == 0 && standing(s, att) && s.turnover == 0 && s.touchdown < 0 &&
            hooks::any<BlockAfter>(s, att, c, f)) {
            return;
        }
    }
    block_done(s, f);
}

inline Legal block_legal(Ctx& c) {
    State& s = c.s;
    Frame& f = c.top();
    const Choice decline{frames::at::DECLINE, {}, {}, {}};
    if (f.phase == fbk::FOLLOW_UP) {
        if (f.proc == frames::CHAIN_BLOCK) return {Choice{frames::at::FOLLOW_UP, {}, {}, {}}};  // he must follow up
        return {Choice{frames::at::FOLLOW_UP, {}, {}, {}}, decline};
    }
    if (f.phase == fbk::RESULT_OPTION) {
        Legal groups;
        for (const int t : result_options(c, f, block_asking(f))) groups.push_back(Choice{t, {}, {}, {}});
        groups.push_back(decline);
        return groups;
    }
    if (f.phase == fbk::FORBID_FOLLOW_UP) return {Choice{frames::at::USE_SKILL, {}, {}, {}}, decline};
    Legal groups;
    const bool mine = s.decider == block_side(s, f);
    if (f.phase != fbk::ONE_DIE) {
        if (mine && block_can_reroll(s, f)) groups.push_back(Choice{frames::at::USE_REROLL, {}, {}, {}});
        if (mine && block_can_pro(s, f)) groups.push_back(Choice{frames::at::USE_PRO, {}, {}, {}});
        if (mine && block_can_brawl(s, f)) groups.push_back(Choice{frames::at::USE_SKILL, {}, {}, {}});
    }
    if (f.phase == fbk::ONE_DIE || mine == (f.arg[fbk::F_ATTACKER_CHOOSES] != 0)) {
        const int n = f.arg[fbk::F_FACES];
        const std::int16_t* faces = frame_list(s, f, fbk::F_FACES_AT);
        std::vector<int> distinct(faces, faces + n);
        std::sort(distinct.begin(), distinct.end());
        distinct.erase(std::unique(distinct.begin(), distinct.end()), distinct.end());
        for (const int face : distinct) groups.push_back(Choice{frames::at::SELECT_ATTACKER_DOWN + face, {}, {}, {}});
    } else {
        groups.push_back(decline);  // keep the dice: the defender chooses
    }
    return groups;
}

inline void block_act(Ctx& c, const Act& a) {
    State& s = c.s;
    Frame& f = c.top();
    const int t = a.type;
    const int side = block_side(s, f);
    if (f.phase == fbk::FOLLOW_UP) {
        if (t == frames::at::FOLLOW_UP) block_follow(s, c.b, f);
        return;
    }
    if (f.phase == fbk::RESULT_OPTION) {
        if (t != frames::at::DECLINE) {  // the handler that offered it carries it out
            const int pid = block_asking(f);
            for (const auto& h : hooks::handlers<BlockResultOptions>(s)) {
                if (has(s, pid, h.skill) && h.fn(c, f, pid, false) == t) {
                    h.fn(c, f, pid, true);
                    break;
                }
            }
        }
        f.arg[fbk::F_ASKED] = i16(f.arg[fbk::F_ASKED] + 1);
        block_offer(c, f);
        return;
    }
    if (f.phase == fbk::FORBID_FOLLOW_UP) {
        if (t == frames::at::USE_SKILL) {
            f.phase = fbk::FOLLOW_UP;  // forbidden: no follow-up
        } else {
            block_follow_up(c, f, true);
        }
        return;
    }
    if (t == frames::at::USE_REROLL) {
        f.arg[fbk::F_REROLLED] = 1;
        if (spend_team_reroll(s, f.arg[fbk::F_ATTACKER])) {
            f.phase = fbk::REROLL_CHECK;
            request_threshold(s, check_from(s, false, f.arg[fbk::F_ATTACKER]), purpose("loner"));
        } else {
            f.phase = fbk::DICE;
            request_block_dice(s, f);
        }
        return;
    }
    if (t == frames::at::USE_PRO) {
        f.arg[fbk::F_REROLLED] = 1;
        roll_pro(s, f.arg[fbk::F_ATTACKER], true);
        f.phase = fbk::PRO_CHECK;
        request_threshold(s, check_from(s, true, f.arg[fbk::F_ATTACKER]), purpose("pro"));
        return;
    }
    if (f.phase == fbk::ONE_DIE) {
        block_one_die(s, f, block_die_of(s, f, t - frames::at::SELECT_ATTACKER_DOWN));
        return;
    }
    if (t == frames::at::USE_SKILL) {  // Brawler: a Both Down die
        f.arg[fbk::F_REROLLED] = 1;
        block_one_die(s, f, block_die_of(s, f, face::BOTH_DOWN));
        return;
    }
    if (t == frames::at::DECLINE) {
        f.arg[fbk::F_REROLLED] = 1;
        wait(s, other(side), frames::dk::BLOCK_DICE);
        return;
    }
    f.arg[fbk::F_FACE] = i16(t - frames::at::SELECT_ATTACKER_DOWN);
    f.arg[fbk::F_ASKED] = 0;
    block_offer(c, f);
}

inline Detail block_detail(Ctx& c) {
    const Frame& f = c.top();
    Detail d;
    d.player = f.arg[fbk::F_ATTACKER];
    if (f.phase == fbk::RESULT_OPTION) {
        d.player = block_asking(f);
    } else if (f.phase == fbk::FORBID_FOLLOW_UP) {
        d.player = f.arg[fbk::F_ASKER];
    }
    d.target = f.arg[fbk::F_DEFENDER];
    d.dice = f.arg[fbk::F_N];
    if (f.phase == fbk::DICE_CHOICE || f.phase == fbk::ONE_DIE) {
        const std::int16_t* faces = frame_list(c.s, f, fbk::F_FACES_AT);
        d.faces.assign(faces, faces + f.arg[fbk::F_FACES]);
    }
    d.action = f.arg[fbk::F_BLITZ] != 0 ? frames::at::START_BLITZ : frames::at::START_BLOCK;
    d.square = f.arg[fbk::F_DEF_SQ] >= 0 ? f.arg[fbk::F_DEF_SQ] : -1;
    return d;
}

}  // namespace nuffle::procs::contact

#include "nuffle/skill_rules/block_skills.hpp"
