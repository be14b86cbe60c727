// What the block, push, foul and block-substitute procedures share: the skills they consult,
// the state helpers of core/state.py and core/procedures/ball.py they call, and the frames of
// other rule areas they push (KnockDown, PlaceProne, Injury, PlayerRoll, Bounce, ThrowIn), each
// filled in as the Python constructor fills it. Named in namespace `contact` so they stand
// beside the other areas' helpers without clashing.
#pragma once

#include <cstdint>

#include "nuffle/engine_base.hpp"
#include "nuffle/rules.hpp"

namespace nuffle::procs::contact {

// skills.Skill values of the skills the contact procedures consult (their hook handlers).
namespace csk {
constexpr int BLOCK = 0, DAUNTLESS = 1, DIRTY_PLAYER = 2, FEND = 3, FRENZY = 4, PRO = 8, STRIP_BALL = 10,
              SURE_HANDS = 11, TACKLE = 12, WRESTLE = 13, DODGE = 23, SIDE_STEP = 26, SNEAKY_GIT = 27,
              DUMP_OFF = 41, GRAB = 61, GUARD = 62, JUGGERNAUT = 63, MIGHTY_BLOW = 64, MULTIPLE_BLOCK = 65,
              STAND_FIRM = 67, CLAWS = 81, FOUL_APPEARANCE = 84, HORNS = 85, CHAINSAW = 106, LONER = 110,
              MONSTROUS_MOUTH = 111, STAB = 118, STAKES = 119, TAKE_ROOT = 122;
}  // namespace csk

// types.RollKind values of the rolls they push.
constexpr int RK_GFI = 1, RK_FOUL_APPEARANCE = 21, RK_DAUNTLESS = 22, RK_CHAINSAW = 23;

// injury.py's `how` values.
constexpr int HOW_FALL = 0, HOW_BLOCK = 1, HOW_FOUL = 2, HOW_HIT = 3, HOW_PLACED = 4, HOW_CROWD = 5;

constexpr int STANDING = static_cast<int>(Status::STANDING);

inline const Player& pl(const State& s, int pid) noexcept { return s.players[pid]; }
inline int team_of(const State& s, int pid) noexcept { return s.players[pid].team; }
inline int pos(const State& s, int pid) noexcept { return s.players[pid].square; }
inline bool standing(const State& s, int pid) noexcept { return s.players[pid].status == STANDING; }
inline std::int16_t i16(int v) noexcept { return static_cast<std::int16_t>(v); }

// GameState.move_player: a carried ball moves with him.
inline void move_player(State& s, int pid, int sq) noexcept {
    Player& p = s.players[pid];
    const int old = p.square;
    s.grid[old] = SQUARE_EMPTY;
    s.grid[sq] = static_cast<std::int8_t>(pid);
    p.square = i16(sq);
    if (s.ball_state == frames::ball::CARRIED && s.ball == old) s.ball = i16(sq);
}

// GameState.carrier: the player holding the ball, or -1.
inline int carrier(const State& s) noexcept {
    return s.ball_state == frames::ball::CARRIED ? s.grid[s.ball] : -1;
}

// GameState.adjacent_players: players next to `sq`, in neighbour order; returns the count.
inline int adjacent_players(const State& s, const Board& b, int sq, int out[8]) noexcept {
    int n = 0;
    for (const int off : b.neighbours) {
        const int q = s.grid[sq + off];
        if (q >= 0) out[n++] = q;
    }
    return n;
}

constexpr int PSTAT_TOUCHDOWNS = 1;  // state.py's PSTATS index

// ball.check_touchdown: score if `pid` stands holding the ball in the end zone he attacks.
inline bool check_touchdown(State& s, const Board& b, int pid) noexcept {
    if (s.ball_state != frames::ball::CARRIED || s.grid[s.ball] != pid) return false;
    const Player& p = s.players[pid];
    if (p.status != STANDING || (p.flags & frames::flag::MUST_FEED) != 0) return false;
    const int side = p.team;
    if (b.scoring_side_at(p.square) != side) return false;
    ++s.teams[side].score;
    add_stat(s, side, STAT_TD);
    ++s.pstats[pid * PSTATS + PSTAT_TOUCHDOWNS];
    s.touchdown = static_cast<std::int8_t>(side);
    if (s.active >= 0 && s.active != side) {  // a touchdown in the opponent's turn spends the scorer's next
        Team& t = s.teams[side];
        const int tph = b.variant.turns_per_half;
        t.turn = static_cast<std::uint8_t>(t.turn + 1 < tph ? t.turn + 1 : tph);
    }
    return true;
}

// ball.drop_ball_if_carried: a ball he holds drops on his square; true if a bounce is due.
inline bool drop_ball_if_carried(State& s, int pid) noexcept {
    const int sq = pos(s, pid);
    if (s.ball_state == frames::ball::CARRIED && s.ball == sq) {
        s.ball_state = frames::ball::ON_GROUND;
        return true;
    }
    return s.ball_state == frames::ball::ON_GROUND && s.ball == sq;
}

// --- frames of other rule areas, as their Python constructors fill them ---------------------

// Bounce(sq, kickoff).
inline void push_bounce(State& s, int sq, bool kickoff = false) {
    Frame& f = push(s, frames::BOUNCE);
    f.arg[frames::p_bounce::F_SQ] = i16(sq);
    f.arg[frames::p_bounce::F_KICKOFF] = kickoff ? 1 : 0;
}

// ThrowIn(last, out): direction (0, 0).
inline void push_throw_in(State& s, int last, int out) {
    namespace ft = frames::p_throw_in;
    Frame& f = push(s, frames::THROW_IN);
    f.arg[ft::F_LAST] = i16(last);
    f.arg[ft::F_OUT] = i16(out);
    ListRef dir = list_field(s, f, ft::F_DIRECTION, ft::F_DIRECTION_AT, 2);
    dir.push_back(0);
    dir.push_back(0);
}

// ball.take_off_pitch: off the pitch with `status`; a ball he held bounces from his square.
inline bool take_off_pitch(State& s, int pid, int status) {
    const int sq = pos(s, pid);
    const bool held = s.ball_state == frames::ball::CARRIED && s.ball == sq;
    remove_player(s, pid, status);
    if (held) {
        s.ball_state = frames::ball::ON_GROUND;
        push_bounce(s, sq);
    }
    return held;
}

// KnockDown(pid, attacker, turnover, armour_mod, by, how, raw), or PlaceProne(pid, by) with
// `proc` frames::PLACE_PRONE and how PLACED.
inline void push_knock_down(State& s, int pid, int attacker = -1, bool turnover = true, int armour_mod = 0,
                            int by = -1, int how = -1, int proc = frames::KNOCK_DOWN) {
    namespace fk = frames::p_knock_down;
    static_assert(fk::F_PID == frames::p_place_prone::F_PID && fk::F_HOW == frames::p_place_prone::F_HOW &&
                  fk::F_BOUNCE_FROM == frames::p_place_prone::F_BOUNCE_FROM &&
                  fk::F_TURNOVER == frames::p_place_prone::F_TURNOVER);
    Frame& f = push(s, proc);
    f.arg[fk::F_PID] = i16(pid);
    f.arg[fk::F_BY] = i16(attacker >= 0 ? attacker : by);
    f.arg[fk::F_HOW] = i16(how >= 0 ? how : (attacker >= 0 ? HOW_BLOCK : HOW_FALL));
    f.arg[fk::F_TURNOVER] = turnover ? 1 : 0;
    f.arg[fk::F_ARMOUR_MOD] = i16(armour_mod);
    f.arg[fk::F_RAW] = 0;
    f.arg[fk::F_BOUNCE_FROM] = -1;
    f.arg[fk::F_HAD_BALL] = 0;
    f.arg[fk::F_REROLLED] = 0;
}

inline void push_place_prone(State& s, int pid, int by = -1) {
    push_knock_down(s, pid, -1, true, 0, by, HOW_PLACED, frames::PLACE_PRONE);
}

// Injury(pid, mod, crowd, foul=False, by, how).
inline void push_injury(State& s, int pid, int mod = 0, bool crowd = false, int by = -1, int how = -1) {
    namespace fi = frames::p_injury;
    Frame& f = push(s, frames::INJURY);
    f.arg[fi::F_PID] = i16(pid);
    f.arg[fi::F_MOD] = i16(mod);
    f.arg[fi::F_CROWD] = crowd ? 1 : 0;
    f.arg[fi::F_BY] = i16(by);
    f.arg[fi::F_HOW] = i16(how >= 0 ? how : (crowd ? HOW_CROWD : HOW_FALL));
    f.arg[fi::F_REROLLED] = 0;
    f.arg[fi::F_RAW] = 0;
    f.arg[fi::F_CAP] = 0;
    f.arg[fi::F_DOUBLES] = 0;
    f.arg[fi::F_RESULT] = -1;
    f.arg[fi::F_CAS] = 0;
    f.arg[fi::F_CAS2] = -1;
}

// PlayerRoll(kind, pid, target, mod, agility, blocked_skill).
inline void push_roll(State& s, int kind, int pid, int target, int mod, bool agility) {
    namespace fr = frames::p_player_roll;
    Frame& f = push(s, frames::PLAYER_ROLL);
    f.arg[fr::F_KIND] = i16(kind);
    f.arg[fr::F_PID] = i16(pid);
    f.arg[fr::F_TARGET] = i16(target);
    f.arg[fr::F_MOD] = i16(mod);
    f.arg[fr::F_AGILITY] = agility ? 1 : 0;
    f.arg[fr::F_BLOCKED_SKILL] = 0;
    f.arg[fr::F_REROLLED] = 0;
    f.arg[fr::F_DIE] = 0;
}

// --- re-rolls (rolls.py) ----------------------------------------------------------------------

// rolls.spend_team_reroll: the Leader's bonus re-roll first; true if a Loner check comes first.
inline bool spend_team_reroll(State& s, int pid) noexcept {
    const int side = team_of(s, pid);
    Team& t = s.teams[side];
    t.reroll_used = 1;
    if (bonus_reroll_usable(s, side)) {
        t.bonus_reroll = 0;
    } else {
        --t.rerolls;
    }
    return has(s, pid, csk::LONER);  // rolls.TEAM_REROLL_CHECK: Loner
}

// rolls.checked_reroll (CHECKED_REROLL: Pro, once a turn); `use` records its use.
inline bool checked_reroll(State& s, int pid, bool use) noexcept {
    Player& p = s.players[pid];
    if (!p.has_skill(csk::PRO) || (p.flags & frames::flag::PRO_USED) != 0) return false;
    if (use) p.flags |= frames::flag::PRO_USED;
    return true;
}

// movement.gfi_first over a frame whose phases are START 0, GFI_ROLLED 1, GO_AHEAD 2, DONE 99:
// true while something was pushed (the GFI roll, or the fall after a failed one).
constexpr int GF_START = 0, GF_GFI_ROLLED = 1, GF_GO_AHEAD = 2, GF_DONE = 99;
inline bool gfi_first(State& s, Frame& f, int pid, bool gfi) {
    if (f.phase == GF_START) {
        f.phase = GF_GO_AHEAD;
        if (gfi) {
            f.phase = GF_GFI_ROLLED;
            push_roll(s, RK_GFI, pid, gfi_target(s), 0, false);
            return true;
        }
        return false;
    }
    if (s.ok == 0) {
        f.phase = GF_DONE;
        push_knock_down(s, pid);
        return true;
    }
    f.phase = GF_GO_AHEAD;
    return false;
}

}  // namespace nuffle::procs::contact
