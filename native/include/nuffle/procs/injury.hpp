// Knock-downs, armour, injury, casualties, the apothecary and Regeneration
// (core/procedures/injury.py) with their hook points; the LRB6 handlers (Python's
// skill_rules/contact_skills.py: Mighty Blow, Dirty Player, Claws, Chainsaw's armour modifier,
// Thick Skull, Stunty, Ball & Chain, Decay, Regeneration, Nurgle's Rot, Piling On) are
// skill_rules/injury_skills.hpp's. The PilingOn and Regenerate frames (with Igor) are here.
#pragma once

#include "nuffle/engine_base.hpp"
#include "nuffle/procs/ball.hpp"
#include "nuffle/procs/prayer_state.hpp"
#include "nuffle/rules.hpp"

namespace nuffle::procs {

namespace fkd = frames::p_knock_down;
namespace fpp = frames::p_place_prone;
namespace finj = frames::p_injury;

static_assert(fkd::F_PID == fpp::F_PID && fkd::F_BY == fpp::F_BY && fkd::F_HOW == fpp::F_HOW &&
                  fkd::F_TURNOVER == fpp::F_TURNOVER && fkd::F_ARMOUR_MOD == fpp::F_ARMOUR_MOD &&
                  fkd::F_RAW == fpp::F_RAW && fkd::F_BOUNCE_FROM == fpp::F_BOUNCE_FROM &&
                  fkd::F_HAD_BALL == fpp::F_HAD_BALL && fkd::F_REROLLED == fpp::F_REROLLED,
              "PlaceProne is a KnockDown");

// injury.py's hook points (`kd`: a KnockDown or PlaceProne frame; `inj`: an Injury frame).
NUFFLE_HOOK_POINT(ArmourModifier, "injury.armour_modifier", int(const State&, int owner, int victim, int by, int how));
NUFFLE_HOOK_POINT(ArmourOrInjury, "injury.armour_or_injury", int(const State&, int victim, int by, int how));
NUFFLE_HOOK_POINT(ArmourBreaksAt, "injury.armour_breaks_at", std::optional<int>(const State&, int victim, int by, int how));
NUFFLE_HOOK_POINT(ArmourImmune, "injury.armour_immune", bool(const State&, int victim, int by, int how));
inline constexpr int NEVER = 99;  // injury.NEVER: an armour total no roll reaches
NUFFLE_HOOK_POINT(FallCaused, "injury.fall_caused", bool(const State&, int owner, int pid));

// injury.fall_caused_by: the opponent marking `start` whose FALL_CAUSED skill makes `pid`'s
// failed dodge, jump or leap from there his doing (the first in tackle-zone order), or -1.
inline int fall_caused_by(const State& s, const Board& b, int pid, int start) noexcept {
    int ms[8];
    const int k = tz_players(s, b, start, s.players[pid].team, ms);
    for (int i = 0; i < k; ++i) {
        if (hooks::any<FallCaused>(s, ms[i], s, ms[i], pid)) return ms[i];
    }
    return -1;
}
NUFFLE_HOOK_POINT(ArmourSkipped, "injury.armour_skipped", bool(const State&, const Frame& kd));
NUFFLE_HOOK_POINT(AfterArmour, "injury.after_armour", bool(Ctx&, const Frame& kd));
NUFFLE_HOOK_POINT(InjuryModifier, "injury.modifier", int(const State&, int owner, const Frame& inj));
NUFFLE_HOOK_POINT_BB2020(InjuryTable, "injury.table", int(const State&, const Frame& inj, int total, int result));
NUFFLE_HOOK_POINT(AfterInjury, "injury.after_injury", bool(Ctx&, const Frame& inj, int result));
NUFFLE_HOOK_POINT(CasualtyRolls, "injury.casualty_rolls", int(const State&, const Frame& inj));
NUFFLE_HOOK_POINT(Recover, "injury.recover", bool(State&, const Frame& inj));
NUFFLE_HOOK_POINT(CasualtyCaused, "injury.casualty_caused", void(State&, const Frame& inj));
NUFFLE_HOOK_POINT(BallDropped, "injury.ball_dropped", bool(State&, const Board&, int pid, int sq));

inline bool is_dead(const State& s, int d68) noexcept {
    return d68 >= rules_of(s).dead_first && d68 <= rules_of(s).dead_last;
}
inline bool badly_hurt(const State& s, int d68) noexcept {
    return d68 < 0 || (d68 >= rules_of(s).badly_hurt_first && d68 <= rules_of(s).badly_hurt_last);
}

// Injury(pid, mod, crowd, foul=False, by, how, rerolled, raw); `how` -1: CROWD or FALL.
inline void push_injury(State& s, int pid, int mod = 0, bool crowd = false, int by = -1, int how = -1,
                        bool rerolled = false, bool raw = false) {
    if (how < 0) how = crowd ? how::CROWD : how::FALL;
    Frame& f = push(s, frames::INJURY);
    f.arg[finj::F_PID] = static_cast<std::int16_t>(pid);
    f.arg[finj::F_MOD] = static_cast<std::int16_t>(mod);
    f.arg[finj::F_CROWD] = crowd ? 1 : 0;
    f.arg[finj::F_BY] = static_cast<std::int16_t>(by);
    f.arg[finj::F_HOW] = static_cast<std::int16_t>(how);
    f.arg[finj::F_REROLLED] = rerolled ? 1 : 0;
    f.arg[finj::F_RAW] = raw ? 1 : 0;
    f.arg[finj::F_RESULT] = -1;
    f.arg[finj::F_CAS2] = -1;
}

// KnockDown(pid, attacker, turnover, armour_mod, by, how, raw), or PlaceProne(pid, by) with
// `proc` frames::PLACE_PRONE and how PLACED.
inline void push_knock_down(State& s, int pid, int attacker = -1, bool turnover = true, int armour_mod = 0,
                            int by = -1, int how = -1, int proc = frames::KNOCK_DOWN) {
    Frame& f = push(s, proc);
    f.arg[fkd::F_PID] = i16(pid);
    f.arg[fkd::F_BY] = i16(attacker >= 0 ? attacker : by);
    f.arg[fkd::F_HOW] = i16(how >= 0 ? how : (attacker >= 0 ? how::BLOCK : how::FALL));
    f.arg[fkd::F_TURNOVER] = turnover ? 1 : 0;
    f.arg[fkd::F_ARMOUR_MOD] = i16(armour_mod);
    f.arg[fkd::F_BOUNCE_FROM] = -1;
}

inline void push_place_prone(State& s, int pid, int by = -1) {
    push_knock_down(s, pid, -1, true, 0, by, how::PLACED, frames::PLACE_PRONE);
}

// --- KnockDown / PlaceProne ----------------------------------------------------------------

inline void knock_down_fall(State& s, Frame& f) {
    const int pid = f.arg[fkd::F_PID];
    Player& p = s.players[pid];
    p.status = static_cast<std::uint8_t>(Status::PRONE);
    p.flags &= ~frames::flag::ROOTED;
    const int sq = p.square;
    if (s.ball == sq && (s.ball_state == frames::ball::CARRIED || s.ball_state == frames::ball::ON_GROUND)) {
        f.arg[fkd::F_HAD_BALL] = s.ball_state == frames::ball::CARRIED ? 1 : 0;
        s.ball_state = frames::ball::ON_GROUND;
        f.arg[fkd::F_BOUNCE_FROM] = static_cast<std::int16_t>(sq);
    }
    if (f.arg[fkd::F_TURNOVER] && p.team == s.active && (f.arg[fkd::F_HOW] != how::PLACED || f.arg[fkd::F_HAD_BALL])) {
        s.turnover = 1;
    }
}

// KnockDown._armour: the modified total, the highest total that holds, the bonus `by` may
// spend, and the highest total that holds against total + bonus.
inline void knock_down_armour(const State& s, const Frame& f, int dice, int& total, int& limit, int& bonus,
                              int& bonus_limit) {
    const int pid = f.arg[fkd::F_PID];
    const int by = f.arg[fkd::F_BY];
    const int how = f.arg[fkd::F_HOW];
    limit = armour_holds_to(s, pid);
    bonus_limit = limit;
    total = dice + f.arg[fkd::F_ARMOUR_MOD];
    bonus = 0;
    if (f.arg[fkd::F_RAW]) return;
    // ARMOUR_MODIFIER with the victim's skills, then with by's (unless ARMOUR_IMMUNE);
    // by's ARMOUR_OR_INJURY, ARMOUR_BREAKS_AT
    total += hooks::total<ArmourModifier>(s, pid, s, pid, pid, by, how);
    if (by >= 0 && by != pid) {
        bonus = hooks::total<ArmourOrInjury>(s, by, s, pid, by, how);
        if (hooks::any<ArmourImmune>(s, pid, s, pid, by, how)) {
            bonus_limit = NEVER;
            return;
        }
        total += hooks::total<ArmourModifier>(s, by, s, by, pid, by, how);
        for (const auto& h : hooks::handlers<ArmourBreaksAt>(s)) {
            if (!has(s, by, h.skill)) continue;
            if (const std::optional<int> at = h.fn(s, pid, by, how)) limit = std::min(limit, *at - 1);
        }
        if (rules_of(s).claws_with_bonus) bonus_limit = limit;
    }
}

// --- Piling On (skill_rules/contact_skills.py) -------------------------------------------------

namespace fpo = frames::p_piling_on;

// contact_skills._can_pile_on: standing and next to the victim he knocked down.
inline bool can_pile_on(const State& s, const Board& b, int attacker, int victim) noexcept {
    return standing(s, attacker) && pos(s, victim) >= 0 && b.distance(pos(s, attacker), pos(s, victim)) == 1;
}

// Pushes PilingOn(attacker, kind): kind SELECT_ARMOUR or SELECT_INJURY.
inline void push_piling_on(State& s, int attacker, int kind) {
    Frame& f = push(s, frames::PILING_ON);
    f.arg[fpo::F_ATTACKER] = i16(attacker);
    f.arg[fpo::F_KIND] = i16(kind);
}

inline void piling_on_run(Ctx& c) {
    State& s = c.s;
    const Frame& f = c.top();
    if (f.phase == fpo::START) {
        wait(s, s.players[f.arg[fpo::F_ATTACKER]].team, frames::dk::USE_SKILL);
        return;
    }
    s.ok = 1;  // he has been placed prone: the roll is re-rolled
    pop(s);
}

inline Legal piling_on_legal(Ctx& c) {
    return {Choice{c.top().arg[fpo::F_KIND], {}, {}, {}}, Choice{frames::at::DECLINE, {}, {}, {}}};
}

// DECLINE: the roll stands; else the attacker is placed prone and the roll is re-rolled.
inline void piling_on_act(Ctx& c, const Act& a) {
    State& s = c.s;
    Frame& f = c.top();
    if (a.type == frames::at::DECLINE) {
        s.ok = 0;
        pop(s);
        return;
    }
    f.phase = fpo::PLACED_PRONE;
    push_place_prone(s, f.arg[fpo::F_ATTACKER]);
}

// PilingOn.decision_detail: the attacker, the victim of the knock-down or injury below.
inline Detail piling_on_detail(Ctx& c) {
    Detail d;
    d.player = c.top().arg[fpo::F_ATTACKER];
    d.skill = frames::skill::PILING_ON;
    if (c.s.frame_count > 1) {
        const Frame& below = c.s.stack[c.s.frame_count - 2];
        const frames::ProcInfo& info = frames::PROCS[below.proc];
        for (int k = 0; k < info.field_count; ++k) {
            if (std::string_view(info.fields[k].name) == "pid") d.target = below.arg[info.fields[k].slot];
        }
    }
    return d;
}

inline void knock_down_run(Ctx& c) {
    State& s = c.s;
    Frame& f = c.top();
    const int pid = f.arg[fkd::F_PID];
    const int how = f.arg[fkd::F_HOW];
    const int ph = f.phase;
    if (ph == fkd::START) {
        if (how != how::HIT) {
            knock_down_fall(s, f);
            if (hooks::any<ArmourSkipped>(s, pid, s, f)) {
                int total = 0, limit = 0, bonus = 0, bonus_limit = 0;
                knock_down_armour(s, f, 0, total, limit, bonus, bonus_limit);
                f.phase = fkd::ARMOUR_DONE;
                push_injury(s, pid, bonus, false, f.arg[fkd::F_BY], how, f.arg[fkd::F_REROLLED] != 0, f.arg[fkd::F_RAW] != 0);
                return;
            }
        }
        if (how != how::PLACED) {
            f.phase = fkd::ARMOUR_ROLLED;
            request(s, Dice::TWO_D6, 1, purpose("armour"), Group::SUM);
            return;
        }
        f.phase = fkd::ARMOUR_DONE;
    }
    if (ph == fkd::ARMOUR_ROLLED) {
        int total = 0, limit = 0, bonus = 0, bonus_limit = 0;
        knock_down_armour(s, f, dice_sum(s), total, limit, bonus, bonus_limit);
        int left = bonus;
        bool broken = total > limit;
        if (!broken && bonus && total + bonus > bonus_limit) {
            broken = true;
            left = 0;
            total += bonus;
        }
        note(s, frames::ev::ARMOUR, pid, total, broken ? 1 : 0);
        if (broken) {
            if (how == how::HIT) knock_down_fall(s, f);
            f.phase = fkd::ARMOUR_DONE;
            push_injury(s, pid, left, false, f.arg[fkd::F_BY], how, f.arg[fkd::F_REROLLED] != 0, f.arg[fkd::F_RAW] != 0);
            return;
        }
        const int by = f.arg[fkd::F_BY];  // AFTER_ARMOUR, with by's skills
        if (!f.arg[fkd::F_REROLLED] && by >= 0 && by != pid && hooks::any<AfterArmour>(s, by, c, f)) {
            f.phase = fkd::AFTER_ARMOUR_USED;
            return;
        }
        f.phase = fkd::ARMOUR_DONE;
    }
    if (f.phase == fkd::AFTER_ARMOUR_USED) {  // an after-armour reaction returned
        if (s.ok) {
            f.arg[fkd::F_REROLLED] = 1;
            f.phase = fkd::ARMOUR_ROLLED;
            request(s, Dice::TWO_D6, 1, purpose("armour"), Group::SUM);
            return;
        }
        f.phase = fkd::ARMOUR_DONE;
    }
    if (f.phase == fkd::ARMOUR_DONE) {
        f.phase = fkd::DONE;
        if (f.arg[fkd::F_BOUNCE_FROM] >= 0 && s.ball_state == frames::ball::ON_GROUND) {
            // BALL_DROPPED: his carried ball may be placed instead (not when he fell over)
            const int from = f.arg[fkd::F_BOUNCE_FROM];
            if (f.arg[fkd::F_HAD_BALL] != 0 && how != how::FALL && hooks::any<BallDropped>(s, pid, s, c.b, pid, from)) return;
            push_bounce(s, from, false);
            return;
        }
    }
    pop(s);
}

// --- Injury --------------------------------------------------------------------------------

inline int injury_result(const State& s, const Frame& f, int dice) {
    const int pid = f.arg[finj::F_PID];
    const Player& p = s.players[pid];
    int total = dice + (rules_of(s).niggles_on_injury ? p.niggles : 0);  // LRB6: +1 per niggling injury
    if (!f.arg[finj::F_RAW]) {  // INJURY_MODIFIER with the victim's skills, then with by's
        total += f.arg[finj::F_MOD] + hooks::total<InjuryModifier>(s, pid, s, pid, f);
        const int by = f.arg[finj::F_BY];
        if (by >= 0 && by != pid) total += hooks::total<InjuryModifier>(s, by, s, by, f);
    }
    int result = total >= rules_of(s).casualty_from ? inj::CASUALTY : (total >= rules_of(s).ko_from ? inj::KO : inj::STUNNED);
    for (const auto& h : hooks::handlers<InjuryTable>(s)) {  // INJURY_TABLE, in skill order
        if (p.has_skill(h.skill)) result = h.fn(s, f, total, result);
    }
    return result;
}

// casualty_roll.py: the ruleset's casualty die (grouped unless niggles modify it), its result
// (BB2020: +1 per niggling injury, capped at the die's highest face), lasting injuries.
inline void casualty_request(State& s, int pid, int why) {  // why: purpose("...")
    const frames::rules::Tables& t = rules_of(s);
    const bool niggled = !t.niggles_on_injury && s.players[pid].niggles > 0;
    request(s, static_cast<Dice>(t.casualty_die), 1, why, niggled ? Group::NONE : Group::CASUALTY);
}
inline std::int16_t casualty_result(const State& s, int pid, int die) {
    const frames::rules::Tables& t = rules_of(s);
    if (t.niggles_on_injury) return static_cast<std::int16_t>(die);
    return static_cast<std::int16_t>(std::min(die + s.players[pid].niggles, t.casualty_max));
}
inline bool is_lasting(const State& s, int cas) noexcept {
    const frames::rules::Tables& t = rules_of(s);
    return t.lasting_first >= 0 && cas >= t.lasting_first && cas <= t.lasting_last;
}

inline void injury_finish(State& s, const Frame& f) {
    s.ok = f.arg[finj::F_DOUBLES];
    pop(s);
}

inline void injury_roll(State& s, const Frame& f) {
    request(s, Dice::TWO_D6, 1, purpose("injury"), f.arg[finj::F_HOW] == how::FOUL ? Group::NONE : Group::SUM);
}

inline void injury_stun(State& s, const Frame& f) {
    const int pid = f.arg[finj::F_PID];
    Player& p = s.players[pid];
    if (f.arg[finj::F_CROWD] || p.square < 0) {
        remove_player(s, pid, static_cast<int>(Status::RESERVE));
        return;
    }
    p.status = static_cast<std::uint8_t>(Status::STUNNED);
    if (p.team == s.active) p.flags |= frames::flag::JUST_STUNNED;
}

inline void injury_knock_out(State& s, const Frame& f) {
    const int pid = f.arg[finj::F_PID];
    remove_player(s, pid, static_cast<int>(Status::KO));
    add_stat(s, other(s.players[pid].team), stat::KO);
}

inline void injury_casualty(State& s, const Frame& f) {
    const int pid = f.arg[finj::F_PID];
    remove_player(s, pid, static_cast<int>(Status::CASUALTY));
    add_stat(s, other(s.players[pid].team), stat::CAS);
    const int cas = f.arg[finj::F_CAS], cas2 = f.arg[finj::F_CAS2];
    s.pstats[pid * PSTATS + pstat::INJURY] = static_cast<std::int16_t>(cas);
    s.pstats[pid * PSTATS + pstat::INJURY2] = static_cast<std::int16_t>(cas2 > 0 ? cas2 : 0);
    const int by = f.arg[finj::F_BY];
    if (by >= 0) hooks::each<CasualtyCaused>(s, by, s, f);
}

// Injury._casualty_spp: a block's casualty counts for its opposing blocker; BB2020's SPP
// prayers count theirs (Necessary Violence, Fouling Frenzy, Fan Interaction for the actor).
inline void injury_casualty_spp(State& s, const Frame& f) {
    const int by = f.arg[finj::F_BY], how = f.arg[finj::F_HOW];
    const int own = s.players[f.arg[finj::F_PID]].team;
    const bool opposing = by >= 0 && s.players[by].team != own;
    if (how == how::BLOCK && opposing) ++s.pstats[by * PSTATS + pstat::CASUALTIES];
    if (s.teams[0].prayers == 0 && s.teams[1].prayers == 0) return;
    if (how == how::BLOCK && opposing) {
        count_under(s, by, frames::prayer::NECESSARY_VIOLENCE, pstat::NECESSARY_VIOLENCE);
    } else if (how == how::FOUL && opposing) {
        count_under(s, by, frames::prayer::FOULING_FRENZY, pstat::FOULING_FRENZY);
    } else if (how == how::CROWD) {
        const int actor = acting_player(s);
        if (actor >= 0 && s.players[actor].team != own) {
            count_under(s, actor, frames::prayer::FAN_INTERACTION, pstat::FAN_INTERACTION);
        }
    }
}

inline void injury_offer_apothecary(State& s, Frame& f) {
    const int owner = s.players[f.arg[finj::F_PID]].team;
    if (s.teams[owner].apothecaries > 0) {
        wait(s, owner, frames::dk::APOTHECARY);
    } else {
        f.phase = finj::NO_APOTHECARY;
    }
}

// Injury._stands: a D6 for each lasting injury (BB2020), then the casualty box.
inline void injury_stands(State& s, Frame& f) {
    if (is_lasting(s, f.arg[finj::F_CAS]) || is_lasting(s, f.arg[finj::F_CAS2])) {
        f.phase = finj::LASTING_ROLLED;
        request(s, Dice::D6, 1, purpose("lasting injury"));
        return;
    }
    injury_casualty(s, f);
    injury_finish(s, f);
}

inline void injury_recover(State& s, Frame& f) {
    f.phase = finj::RECOVERED;
    const int pid = f.arg[finj::F_PID];
    if (hooks::any<Recover>(s, pid, s, f)) return;  // RECOVER
    injury_stands(s, f);
}

// injury.plague_doctor_left: BB2020, `side`'s Plague Doctor (its Igor counter) is still unused.
inline bool plague_doctor_left(const State& s, int side) noexcept {
    return s.ind_plague_doctor[side] != 0 && s.teams[side].igor > 0;
}

inline void injury_apply(State& s, Frame& f, int result) {
    const int owner = s.players[f.arg[finj::F_PID]].team;
    if (result == inj::STUNNED) {
        injury_stun(s, f);
        injury_finish(s, f);
    } else if (result == inj::KO) {
        if (s.teams[owner].apothecaries > 0 || plague_doctor_left(s, owner)) {
            f.phase = finj::KO_APOTHECARY;
            wait(s, owner, frames::dk::APOTHECARY);
        } else {
            injury_knock_out(s, f);
            injury_finish(s, f);
        }
    } else if (result == inj::BADLY_HURT || f.arg[finj::F_CAP]) {
        injury_casualty_spp(s, f);
        f.arg[finj::F_CAS] = rules_of(s).badly_hurt_first;
        f.phase = finj::CASUALTY_APOTHECARY;
        injury_offer_apothecary(s, f);
    } else {
        injury_casualty_spp(s, f);
        f.phase = finj::CASUALTY_ROLLED;
        casualty_request(s, f.arg[finj::F_PID], purpose("casualty"));
    }
}

inline void injury_run(Ctx& c) {
    State& s = c.s;
    Frame& f = c.top();
    const int pid = f.arg[finj::F_PID];
    const int by = f.arg[finj::F_BY];
    switch (f.phase) {
        case finj::START:
            f.phase = finj::ROLLED;
            injury_roll(s, f);
            return;
        case finj::ROLLED: {
            const int a = s.chance.outcome.v[0], b = s.chance.outcome.v[1];
            f.arg[finj::F_DOUBLES] = a == b ? 1 : 0;
            const int result = injury_result(s, f, a + b);
            note(s, frames::ev::INJURY, pid, a + b, result);
            const bool react = !f.arg[finj::F_REROLLED] && by >= 0 && by != pid;
            if (react && hooks::any<AfterInjury>(s, by, c, f, result)) {  // AFTER_INJURY, with by's skills
                f.arg[finj::F_RESULT] = i16(result);
                f.phase = finj::AFTER_INJURY_USED;
                return;
            }
            injury_apply(s, f, result);
            return;
        }
        case finj::AFTER_INJURY_USED:  // an after-injury reaction returned
            if (s.ok) {
                f.arg[finj::F_REROLLED] = 1;
                f.phase = finj::ROLLED;
                injury_roll(s, f);
                return;
            }
            injury_apply(s, f, f.arg[finj::F_RESULT]);
            return;
        case finj::CASUALTY_ROLLED:
            f.arg[finj::F_CAS] = casualty_result(s, pid, die(s));
            note(s, frames::ev::CASUALTY, pid, f.arg[finj::F_CAS], 0);
            if (hooks::total<CasualtyRolls>(s, pid, s, f) > 0) {  // CASUALTY_ROLLS
                f.phase = finj::SECOND_CASUALTY_ROLLED;
                casualty_request(s, pid, purpose("casualty"));
                return;
            }
            f.phase = finj::CASUALTY_APOTHECARY;
            injury_offer_apothecary(s, f);
            return;
        case finj::SECOND_CASUALTY_ROLLED:
            f.arg[finj::F_CAS2] = casualty_result(s, pid, die(s));
            note(s, frames::ev::CASUALTY, pid, f.arg[finj::F_CAS2], 0);
            f.phase = finj::CASUALTY_APOTHECARY;
            injury_offer_apothecary(s, f);
            return;
        case finj::APOTHECARY_ROLLED: {
            const int d = casualty_result(s, pid, die(s));
            note(s, frames::ev::CASUALTY, pid, d, 0);
            std::int16_t& cas = f.arg[finj::F_CAS];
            std::int16_t& cas2 = f.arg[finj::F_CAS2];
            if (cas2 >= 0 && cas2 > cas) {
                cas2 = static_cast<std::int16_t>(cas2 < d ? cas2 : d);
            } else {
                cas = static_cast<std::int16_t>(cas < d ? cas : d);
            }
            if (badly_hurt(s, cas) && badly_hurt(s, cas2)) {
                remove_player(s, pid, static_cast<int>(Status::RESERVE));
                injury_finish(s, f);
                return;
            }
            injury_recover(s, f);
            return;
        }
        case finj::NO_APOTHECARY:
            injury_recover(s, f);
            return;
        case finj::RECOVERED:
            if (s.ok) {
                remove_player(s, pid, static_cast<int>(Status::RESERVE));
                injury_finish(s, f);
            } else {
                injury_stands(s, f);
            }
            return;
        case finj::LASTING_ROLLED: {  // the D6 of the first lasting injury still unrolled
            const auto code = static_cast<std::int16_t>(rules_of(s).lasting_base + die(s));
            note(s, frames::ev::CASUALTY, pid, code, 0);
            f.arg[is_lasting(s, f.arg[finj::F_CAS]) ? finj::F_CAS : finj::F_CAS2] = code;
            injury_stands(s, f);
            return;
        }
        default:
            return;
    }
}

inline Legal injury_legal(Ctx&) {
    return {Choice{frames::at::USE_APOTHECARY, {}, {}, {}}, Choice{frames::at::DECLINE, {}, {}, {}}};
}

inline void injury_act(Ctx& c, const Act& a) {
    State& s = c.s;
    Frame& f = c.top();
    const int pid = f.arg[finj::F_PID];
    const int owner = s.players[pid].team;
    const bool use = a.type == frames::at::USE_APOTHECARY;
    if (f.phase == finj::KO_APOTHECARY) {
        if (use) {
            Team& t = s.teams[owner];
            if (t.apothecaries > 0) {
                --t.apothecaries;
            } else {
                --t.igor;  // the Plague Doctor's one use
            }
            injury_stun(s, f);
        } else {
            injury_knock_out(s, f);
        }
        injury_finish(s, f);
        return;
    }
    if (use) {
        --s.teams[owner].apothecaries;
        if (badly_hurt(s, f.arg[finj::F_CAS]) && badly_hurt(s, f.arg[finj::F_CAS2])) {
            remove_player(s, pid, static_cast<int>(Status::RESERVE));
            injury_finish(s, f);
            return;
        }
        f.phase = finj::APOTHECARY_ROLLED;
        casualty_request(s, pid, purpose("apothecary casualty"));
        return;
    }
    f.phase = finj::NO_APOTHECARY;
}

// --- Regenerate ----------------------------------------------------------------------------

inline void regenerate_run(Ctx& c) {
    State& s = c.s;
    Frame& f = c.top();
    if (f.phase == frames::p_regenerate::START) {
        f.phase = frames::p_regenerate::ROLLED;
        request_threshold(s, 4, purpose("regeneration"));
        return;
    }
    s.ok = die(s) >= 4 ? 1 : 0;
    Team& team = s.teams[s.players[f.arg[frames::p_regenerate::F_PID]].team];
    if (!s.ok && team.igor > 0) {
        --team.igor;
        request_threshold(s, 4, purpose("regeneration (Igor)"));
        return;
    }
    pop(s);
}

}  // namespace nuffle::procs

#include "nuffle/skill_rules/injury_skills.hpp"
