// Blocks (core/procedures/block.py): Block (a GFI, skills before the dice, strength and
// assists, the dice with their re-rolls and choice, result options, the push, follow-up,
// knock-down, touchdown, Frenzy's second block), and core/skill_rules/block_skills.py at its hook
// points: BEFORE_DICE (Foul Appearance; Dump-Off, through passing.hpp's dump_off_before_dice), STRENGTH (Horns), STRENGTH_ROLL (Dauntless), ASSIST
// (Guard, in rules.hpp), CANCEL (Tackle, Juggernaut), RESULT_OPTIONS (Wrestle, Juggernaut),
// BOTH_DOWN_STANDS (Block), STUMBLE_IS_PUSH (Dodge), FOLLOW_UP (Fend, Frenzy), AFTER_BLOCK
// (Frenzy). MultipleBlock, Strike and the block skills' own actions are strike.hpp's.
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

// types.BlockFace and block.py's RESOLVED and FOLLOW_UP answers.
constexpr int FACE_ATTACKER_DOWN = 0, FACE_BOTH_DOWN = 1, FACE_PUSHED = 2, FACE_STUMBLES = 3, FACE_DEFENDER_DOWN = 4;
constexpr int FACE_RESOLVED = -2;
constexpr int FOLLOW_FREE = 0, FOLLOW_MUST = 1, FOLLOW_MAY_FORBID = 2, FOLLOW_FORBID = 3;
constexpr int MULTIPLE_BLOCK_ST = 2;

// block.cancelled: the CANCEL skills of `attacker` (Tackle: Dodge; Juggernaut on a Blitz:
// Fend, Stand Firm, Wrestle).
inline bool block_cancelled(const State& s, int attacker, bool blitz, int skill) noexcept {
    if (attacker < 0) return false;
    if (has(s, attacker, frames::skill::TACKLE) && skill == frames::skill::DODGE) return true;
    return has(s, attacker, frames::skill::JUGGERNAUT) && blitz &&
           (skill == frames::skill::FEND || skill == frames::skill::STAND_FIRM || skill == frames::skill::WRESTLE);
}

// block.strength: ST plus STRENGTH (Horns on a Blitz).
inline int strength(const State& s, int attacker, bool blitz) noexcept {
    return pl(s, attacker).st + (has(s, attacker, frames::skill::HORNS) && blitz ? 1 : 0);
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

// The BEFORE_DICE handlers of `pid`'s skills, in skill order (Dump-Off 41, Foul Appearance 84).
inline int before_dice_fns(const State& s, int pid, int out[2]) noexcept {
    int n = 0;
    if (has(s, pid, frames::skill::DUMP_OFF)) out[n++] = frames::skill::DUMP_OFF;
    if (has(s, pid, frames::skill::FOUL_APPEARANCE)) out[n++] = frames::skill::FOUL_APPEARANCE;
    return n;
}

// The RESULT_OPTIONS of `pid` for the chosen face, in skill order (Wrestle, Juggernaut).
inline std::vector<int> result_options(const State& s, const Frame& f, int pid) {
    std::vector<int> out;
    const int face = f.arg[fbk::F_FACE];
    const int att = f.arg[fbk::F_ATTACKER];
    const bool blitz = f.arg[fbk::F_BLITZ] != 0;
    if (has(s, pid, frames::skill::WRESTLE) && face == FACE_BOTH_DOWN &&
        !(pid == f.arg[fbk::F_DEFENDER] && block_cancelled(s, att, blitz, frames::skill::WRESTLE))) {
        out.push_back(frames::at::USE_SKILL);
    }
    if (has(s, pid, frames::skill::JUGGERNAUT) && pid == att && blitz && face == FACE_BOTH_DOWN) {
        out.push_back(frames::at::SELECT_PUSHED);
    }
    return out;
}

// One FOLLOW_UP handler's answer for `pid` (Fend 3, Frenzy 4).
inline int follow_answer(const State& s, const Frame& f, int skill, int pid) noexcept {
    if (skill == frames::skill::FEND) {
        if (pid != f.arg[fbk::F_DEFENDER] ||
            block_cancelled(s, f.arg[fbk::F_ATTACKER], f.arg[fbk::F_BLITZ] != 0, frames::skill::FEND)) {
            return FOLLOW_FREE;
        }
        return FOLLOW_MAY_FORBID;
    }
    return pid == f.arg[fbk::F_ATTACKER] ? FOLLOW_MUST : FOLLOW_FREE;  // Frenzy
}

// --- Block ---------------------------------------------------------------------------------

inline int block_side(const State& s, const Frame& f) noexcept { return team_of(s, f.arg[fbk::F_ATTACKER]); }

inline bool block_can_reroll(const State& s, const Frame& f) noexcept {
    return f.arg[fbk::F_REROLLED] == 0 && team_reroll_available(s, block_side(s, f));
}

inline bool block_can_pro(State& s, const Frame& f) noexcept {
    return f.arg[fbk::F_REROLLED] == 0 && roll_pro(s, f.arg[fbk::F_ATTACKER], false);
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
    int mine[2], theirs[2];
    const int nm = before_dice_fns(s, att, mine);
    const int nt = before_dice_fns(s, dfd, theirs);
    while (f.arg[fbk::F_PRE] < nm + nt) {
        const int i = f.arg[fbk::F_PRE];
        const int skill = i < nm ? mine[i] : theirs[i - nm];
        f.arg[fbk::F_ASKING] = i16(i < nm ? att : dfd);
        f.arg[fbk::F_PRE] = i16(i + 1);
        if (f.arg[fbk::F_ASKING] != dfd) continue;  // only the blocked player's skills act here
        if (skill == frames::skill::FOUL_APPEARANCE) {
            push_player_roll(s, frames::roll::FOUL_APPEARANCE, att, 2, 0, false);
            f.phase = fbk::BEFORE_DICE_USED;
            return true;
        }
        // Dump-Off: a Quick pass before the dice, by a defender holding the ball
        if (skill == frames::skill::DUMP_OFF && passing::dump_off_before_dice(s, c.b, dfd, dfd, f.arg[fbk::F_SECOND] != 0)) {
            f.phase = fbk::BEFORE_DICE_USED;
            return true;
        }
    }
    return false;
}

// Block._strength_roll: Dauntless, if the attacker is the weaker.
inline bool block_strength_roll(Ctx& c, Frame& f) {
    State& s = c.s;
    const int att = f.arg[fbk::F_ATTACKER];
    const int fns = has(s, att, frames::skill::DAUNTLESS) ? 1 : 0;
    while (f.arg[fbk::F_PRE] < fns) {
        f.arg[fbk::F_PRE] = i16(f.arg[fbk::F_PRE] + 1);
        const int ast = f.arg[fbk::F_AST], dst = f.arg[fbk::F_DST];
        if (ast >= dst) continue;
        const int need = dst - ast + 1;  // D6 + ST > the defender's ST
        if (need > 6) continue;
        push_player_roll(s, frames::roll::DAUNTLESS, att, need, 0, false);
        f.phase = fbk::STRENGTH_ROLLED;
        return true;
    }
    return false;
}

// Block._follow_rule: the strongest FOLLOW_UP answer and who gave it.
inline int block_follow_rule(const State& s, const Frame& f, int& who) noexcept {
    int rule = FOLLOW_FREE;
    who = -1;
    for (const int pid : {f.arg[fbk::F_ATTACKER], f.arg[fbk::F_DEFENDER]}) {
        for (const int skill : {frames::skill::FEND, frames::skill::FRENZY}) {
            if (!has(s, pid, skill)) continue;
            const int r = follow_answer(s, f, skill, pid);
            if (r > rule) {
                rule = r;
                who = pid;
            }
        }
    }
    return rule;
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
    if (rule == FOLLOW_MAY_FORBID && asked) {
        rule = FOLLOW_FREE;
        for (const int pid : {att, dfd}) {
            for (const int skill : {frames::skill::FEND, frames::skill::FRENZY}) {
                if (has(s, pid, skill) && follow_answer(s, f, skill, pid) == FOLLOW_MUST) rule = FOLLOW_MUST;
            }
        }
    }
    if (rule == FOLLOW_FORBID) return;
    if (rule == FOLLOW_MAY_FORBID) {
        f.phase = fbk::FORBID_FOLLOW_UP;
        f.arg[fbk::F_ASKER] = i16(who);
        wait(s, team_of(s, who), frames::dk::FORBID_FOLLOW_UP);
        return;
    }
    if (rule == FOLLOW_MUST) {
        move_player(s, att, def_sq);
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
    if (face == FACE_RESOLVED) {
        f.phase = fbk::TOUCHDOWN_CHECK;
        return;
    }
    if (face == FACE_ATTACKER_DOWN) {
        f.phase = fbk::DONE;
        push_knock_down(s, att);
        return;
    }
    if (face == FACE_BOTH_DOWN) {
        f.phase = fbk::DONE;
        const bool att_down = !has(s, att, frames::skill::BLOCK);  // BOTH_DOWN_STANDS: Block
        const bool def_down = !has(s, dfd, frames::skill::BLOCK);
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
        if (!result_options(s, f, pid).empty()) {
            f.phase = fbk::RESULT_OPTION;
            wait(s, team_of(s, pid), frames::dk::BLOCK_RESULT);
            return;
        }
        f.arg[fbk::F_ASKED] = i16(f.arg[fbk::F_ASKED] + 1);
    }
    block_resolve(c, f);
}

// Frenzy's AFTER_BLOCK: a second block on a defender pushed and still standing next to him.
inline bool block_frenzy(Ctx& c, Frame& f) {
    State& s = c.s;
    const int att = f.arg[fbk::F_ATTACKER];
    const int dfd = f.arg[fbk::F_DEFENDER];
    const int face = f.arg[fbk::F_FACE];
    if (f.arg[fbk::F_MULTIPLE] != 0 || (face != FACE_PUSHED && face != FACE_STUMBLES)) return false;
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
        f.arg[fbk::F_AST] = i16(strength(s, att, blitz));
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
    if (f.phase == fbk::DICE) {
        ListRef faces = list_field(s, f, fbk::F_FACES, fbk::F_FACES_AT, fbk::F_FACES_CAP);
        faces.clear();
        const Outcome& o = s.chance.outcome;
        if (o.size == 0) {
            faces.push_back(o.v[0]);
        } else {
            for (int i = 0; i < o.size; ++i) faces.push_back(o.v[static_cast<std::size_t>(i)]);
        }
        {  // types.block_dice_code: bit 0 who chooses, then the faces in base 6 (+1)
            int code = 0;
            for (int i = faces.size() - 1; i >= 0; --i) code = code * 6 + faces[i] + 1;
            note(s, frames::ev::BLOCK, att, dfd, code * 2 + (f.arg[fbk::F_ATTACKER_CHOOSES] != 0 ? 1 : 0));
        }
        f.phase = fbk::DICE_CHOICE;
        const int side = block_side(s, f);
        if (block_can_reroll(s, f) || block_can_pro(s, f) || f.arg[fbk::F_ATTACKER_CHOOSES] != 0) {
            wait(s, side, frames::dk::BLOCK_DICE);
        } else {
            wait(s, other(side), frames::dk::BLOCK_DICE);
        }
        return;
    }
    if (f.phase == fbk::REROLL_CHECK) {  // the Loner check for the team re-roll, or the Pro check
        if (die(s) >= 4) {
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
        const bool stumble_is_push = has(s, dfd, frames::skill::DODGE) && !block_cancelled(s, att, blitz, frames::skill::DODGE);
        const bool knock = face == FACE_DEFENDER_DOWN || (face == FACE_STUMBLES && !stumble_is_push);
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
            has(s, att, frames::skill::FRENZY) && block_frenzy(c, f)) {
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
        for (const int t : result_options(s, f, block_asking(f))) groups.push_back(Choice{t, {}, {}, {}});
        groups.push_back(decline);
        return groups;
    }
    if (f.phase == fbk::FORBID_FOLLOW_UP) return {Choice{frames::at::USE_SKILL, {}, {}, {}}, decline};
    Legal groups;
    const bool mine = s.decider == block_side(s, f);
    if (mine && block_can_reroll(s, f)) groups.push_back(Choice{frames::at::USE_REROLL, {}, {}, {}});
    if (mine && block_can_pro(s, f)) groups.push_back(Choice{frames::at::USE_PRO, {}, {}, {}});
    if (mine == (f.arg[fbk::F_ATTACKER_CHOOSES] != 0)) {
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
        if (t == frames::at::FOLLOW_UP) move_player(s, f.arg[fbk::F_ATTACKER], f.arg[fbk::F_DEF_SQ]);
        return;
    }
    if (f.phase == fbk::RESULT_OPTION) {
        if (t != frames::at::DECLINE) {
            const int pid = block_asking(f);
            if (t == frames::at::USE_SKILL) {  // Wrestle: both placed prone, the defender's first
                push_place_prone(s, f.arg[fbk::F_ATTACKER]);
                push_place_prone(s, f.arg[fbk::F_DEFENDER]);
                f.arg[fbk::F_FACE] = FACE_RESOLVED;
            } else if (t == frames::at::SELECT_PUSHED) {  // Juggernaut: Both Down counts as Pushed
                f.arg[fbk::F_FACE] = FACE_PUSHED;
            }
            (void)pid;
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
            request_threshold(s, 4, purpose("loner"));
        } else {
            f.phase = fbk::DICE;
            request_block_dice(s, f);
        }
        return;
    }
    if (t == frames::at::USE_PRO) {
        f.arg[fbk::F_REROLLED] = 1;
        roll_pro(s, f.arg[fbk::F_ATTACKER], true);
        f.phase = fbk::REROLL_CHECK;
        request_threshold(s, 4, purpose("pro"));
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
    if (f.phase == fbk::DICE_CHOICE) {
        const std::int16_t* faces = frame_list(c.s, f, fbk::F_FACES_AT);
        d.faces.assign(faces, faces + f.arg[fbk::F_FACES]);
    }
    d.action = f.arg[fbk::F_BLITZ] != 0 ? frames::at::START_BLITZ : frames::at::START_BLOCK;
    d.square = f.arg[fbk::F_DEF_SQ] >= 0 ? f.arg[fbk::F_DEF_SQ] : -1;
    return d;
}

}  // namespace nuffle::procs::contact
