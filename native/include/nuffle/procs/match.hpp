// The match sequence (core/procedures/match.py and inducements.py): Match (fans, weather, coin
// toss, kick or receive, two halves), Half, Drive, EndDrive (heat, KO recovery, Secret Weapons
// and bribes) and the Halfling Master Chef.
#pragma once

#include "nuffle/engine_base.hpp"
#include "nuffle/procs/prayers.hpp"
#include "nuffle/procs/weather_mage.hpp"
#include "nuffle/rules.hpp"

namespace nuffle::procs {

namespace fm = frames::p_match;

// match.SENT_OFF_AFTER_DRIVE: a player who played in the drive is sent off after it.
NUFFLE_HOOK_POINT(SentOffAfterDrive, "match.sent_off_after_drive", bool(const State&, int pid));
namespace fh = frames::p_half;
namespace fd = frames::p_drive;
namespace fe = frames::p_end_drive;
// EndDrive's `sending`: every player of both sides may be sent off after a drive (Secret Weapon
// given to all); its capacity as gen_frames.py laid it out.
static_assert(fe::F_SENDING_CAP >= MAX_PLAYERS, "EndDrive.sending holds every player of both sides");
namespace fc = frames::p_master_chef;

// match.fame: FAME from the two gates.
inline int fame(int fans, int opponent_fans) noexcept {
    if (fans <= opponent_fans) return 0;
    return fans >= 2 * opponent_fans ? 2 : 1;
}

inline bool half_over(const Ctx& c) noexcept {
    const int tph = c.b.variant.turns_per_half;
    return c.s.teams[0].turn >= tph && c.s.teams[1].turn >= tph;
}

// match.available: players of `side` who may be set up.
inline int available_count(const State& s, int side) noexcept {
    int n = 0;
    for (int p = 0; p < s.player_count; ++p) {
        const Player& pl = s.players[p];
        if (pl.team != side) continue;
        if ((pl.status == static_cast<int>(Status::RESERVE) && (pl.flags & frames::flag::HEAT) == 0) ||
            on_pitch_status(pl.status)) {
            ++n;
        }
    }
    return n;
}

// --- Match ---------------------------------------------------------------------------------

inline void match_run(Ctx& c) {
    State& s = c.s;
    Frame& f = c.top();
    switch (f.phase) {
        case fm::START:
            for (int side = 0; side < 2; ++side) {
                Team& t = s.teams[side];
                t.apothecaries = static_cast<std::uint8_t>((t.spec_apothecary ? 1 : 0) + t.ind_apothecaries);
                t.bribes = t.ind_bribes;
                t.igor = t.ind_igor;
                t.wizard = t.ind_wizard;
                t.weather_mage = t.ind_weather_mage;
            }
            if (rules_of(s).fans_given) {  // BB2020: the pre-game's Fan Factors, no FAME
                s.teams[0].fans = static_cast<std::int16_t>(s.teams[0].fan_factor);
                s.teams[1].fans = static_cast<std::int16_t>(s.teams[1].fan_factor);
                f.phase = fm::WEATHER;
                request(s, Dice::TWO_D6, 1, purpose("weather"), Group::SUM);
                return;
            }
            f.phase = fm::HOME_FANS;
            request(s, Dice::TWO_D6, 1, purpose("home fans"), Group::SUM);
            return;
        case fm::HOME_FANS:
            f.arg[fm::F_FANS] = static_cast<std::int16_t>(dice_sum(s) + s.teams[0].fan_factor);
            f.phase = fm::AWAY_FANS;
            request(s, Dice::TWO_D6, 1, purpose("away fans"), Group::SUM);
            return;
        case fm::AWAY_FANS: {
            const int away = dice_sum(s) + s.teams[1].fan_factor;
            s.teams[0].fans = f.arg[fm::F_FANS];
            s.teams[1].fans = static_cast<std::int16_t>(away);
            s.teams[0].fame = static_cast<std::uint8_t>(fame(f.arg[fm::F_FANS], away));
            s.teams[1].fame = static_cast<std::uint8_t>(fame(away, f.arg[fm::F_FANS]));
            f.phase = fm::WEATHER;
            request(s, Dice::TWO_D6, 1, purpose("weather"), Group::SUM);
            return;
        }
        case fm::WEATHER:
            s.weather = static_cast<std::uint8_t>(rules_of(s).weather[dice_sum(s)]);
            note(s, frames::ev::WEATHER, -1, s.weather, 0);
            if (push_weather_mage(s, dice_sum(s))) {  // BB2020: a Weather Mage may change it
                f.phase = fm::WEATHER_MAGE;
                return;
            }
            f.phase = fm::COIN_TOSS;
            request(s, Dice::COIN, 1, purpose("coin toss"));
            return;
        case fm::WEATHER_MAGE:
            f.phase = fm::COIN_TOSS;
            request(s, Dice::COIN, 1, purpose("coin toss"));
            return;
        case fm::COIN_TOSS:
            f.arg[fm::F_WINNER] = static_cast<std::int16_t>(die(s));
            f.phase = fm::KICK_OR_RECEIVE;
            wait(s, f.arg[fm::F_WINNER], frames::dk::KICK_OR_RECEIVE);
            return;
        case fm::FIRST_HALF:
            s.half = 1;
            note(s, frames::ev::HALF, -1, 1, 0);
            f.phase = fm::SECOND_HALF;
            push(s, frames::HALF);
            return;
        case fm::SECOND_HALF:
            s.half = 2;
            note(s, frames::ev::HALF, -1, 2, 0);
            f.phase = fm::OVER;
            push(s, frames::HALF);
            return;
        default:
            s.decider = D_NOBODY;
            s.waiting = 0;  // DecisionKind.NONE: ended matches differ in no stale kind
    }
}

inline Legal match_legal(Ctx&) { return {Choice{frames::at::KICK, {}, {}, {}}, Choice{frames::at::RECEIVE, {}, {}, {}}}; }

inline void match_act(Ctx& c, const Act& a) {
    Frame& f = c.top();
    const int winner = f.arg[fm::F_WINNER];
    c.s.first_kicker = static_cast<std::int8_t>(a.type == frames::at::KICK ? winner : other(winner));
    f.phase = fm::FIRST_HALF;
}

// --- Half ----------------------------------------------------------------------------------

inline void push_drive(State& s) { push(s, frames::DRIVE); }

inline void half_run(Ctx& c) {
    State& s = c.s;
    Frame& f = c.top();
    if (f.phase == fh::START) {
        for (int side = 0; side < 2; ++side) {
            Team& t = s.teams[side];
            t.rerolls = static_cast<std::uint8_t>(t.spec_rerolls + t.ind_training);
            bool leader = false;
            for (int p = 0; p < s.player_count; ++p) {
                const Player& pl = s.players[p];
                if (pl.team != side || pl.status == static_cast<int>(Status::CASUALTY) ||
                    pl.status == static_cast<int>(Status::SENT_OFF)) {
                    continue;
                }
                leader = leader || hooks::any<BonusReroll>(s, p, s, p);
            }
            t.bonus_reroll = leader ? 1 : 0;
            t.reroll_used = 0;
            t.turn = 0;
        }
        s.kicking = static_cast<std::int8_t>(s.half == 1 ? s.first_kicker : other(s.first_kicker));
        f.phase = fh::DRIVE;
        push_drive(s);
        for (const int side : {1, 0}) {  // inducements.push_half_inducements
            if (s.teams[side].ind_chef) {
                Frame& chef = push(s, frames::MASTER_CHEF);
                chef.arg[fc::F_SIDE] = static_cast<std::int16_t>(side);
            }
        }
    } else if (f.phase == fh::DRIVE) {
        f.phase = fh::DRIVE_ENDED;
        Frame& e = push(s, frames::END_DRIVE);
        e.arg[fe::F_END_OF_HALF] = half_over(c) ? 1 : 0;
    } else {
        if (half_over(c)) {
            pop(s);
            return;
        }
        if (s.touchdown >= 0) s.kicking = s.touchdown;
        f.phase = fh::DRIVE;
        push_drive(s);
    }
}

// --- Drive ---------------------------------------------------------------------------------

inline bool after_setups(Ctx& c);  // swarming.hpp: the AFTER_SETUPS skills (BB2020's Swarming)

inline void drive_run(Ctx& c) {
    State& s = c.s;
    Frame& f = c.top();
    const int ph = f.phase;
    if (ph == fd::START) {
        s.turnover = 0;
        s.touchdown = -1;
        s.ball = -1;
        s.ball_state = static_cast<std::uint8_t>(frames::ball::NONE);
        s.active = -1;
        const int counts[2] = {available_count(s, 0), available_count(s, 1)};
        if (counts[0] == 0 || counts[1] == 0) {  // Drive._nobody_to_field
            const int tph = c.b.variant.turns_per_half;
            for (int side = 0; side < 2; ++side) {
                const int t = s.teams[side].turn + 2;
                s.teams[side].turn = static_cast<std::uint8_t>(t < tph ? t : tph);
            }
            for (int side = 0; side < 2; ++side) {
                if (counts[side] > 0 && counts[other(side)] == 0) {
                    ++s.teams[side].score;
                    add_stat(s, side, stat::TD);
                    s.touchdown = static_cast<std::int8_t>(side);
                }
            }
            pop(s);
            return;
        }
        f.phase = fd::RECEIVING_SETUP;
        Frame& st = push(s, frames::SETUP);
        st.arg[frames::p_setup::F_SIDE] = s.kicking;
        return;
    }
    if (ph == fd::RECEIVING_SETUP) {
        f.phase = fd::KICKOFF;
        Frame& st = push(s, frames::SETUP);
        st.arg[frames::p_setup::F_SIDE] = static_cast<std::int16_t>(other(s.kicking));
        return;
    }
    if (ph == fd::KICKOFF && after_setups(c)) {  // Swarming placed first, then the kick-off
        f.phase = fd::SET_UP;
        return;
    }
    if (ph == fd::KICKOFF || ph == fd::SET_UP) {
        for (int p = 0; p < s.player_count; ++p) {
            if (s.players[p].square >= 0) s.players[p].flags |= frames::flag::PLAYED;
        }
        f.phase = fd::KICKED_OFF;
        Frame& k = push(s, frames::KICKOFF);  // Kickoff(): no target, no other distance
        k.arg[frames::p_kickoff::F_TARGET] = -1;
        k.arg[frames::p_kickoff::F_ALT] = -1;
        return;
    }
    if (ph == fd::KICKED_OFF) {
        f.arg[fd::F_NEXT_SIDE] = static_cast<std::int16_t>(other(s.kicking));
        f.phase = fd::TURNS;
    }
    if (f.phase == fd::TURNS) {
        if (s.touchdown >= 0 || half_over(c)) {
            pop(s);
            return;
        }
        const int tph = c.b.variant.turns_per_half;
        int side = f.arg[fd::F_NEXT_SIDE];
        if (s.teams[side].turn >= tph) side = other(side);
        f.arg[fd::F_NEXT_SIDE] = static_cast<std::int16_t>(other(side));
        Frame& t = push(s, frames::TURN);
        t.arg[frames::p_turn::F_SIDE] = static_cast<std::int16_t>(side);
    }
}

// --- EndDrive ------------------------------------------------------------------------------

// heat.py: BB2020's Sweltering Heat, D3 random players of each team on the pitch miss the next
// drive. F_IDX = side * 100 + stage * 10 + picks left; `todo` the side's players not picked yet.
// True after requesting a roll, false when both teams are done.
inline bool heat_picks(State& s, Frame& f, ListRef& todo) {
    for (;;) {
        const int idx = f.arg[fe::F_IDX];
        const int side = idx / 100, stage = idx % 100 / 10;
        int left = idx % 10;
        if (stage == 0) {
            todo.clear();
            for (int p = 0; p < s.player_count; ++p) {
                if (s.players[p].team == side && s.players[p].square >= 0) todo.push_back(p);
            }
            if (todo.size() > 0) {
                f.arg[fe::F_IDX] = i16(side * 100 + 10);
                request(s, Dice::D3, 1, purpose("heat"));
                return true;
            }
        } else {
            if (stage == 1) {  // the D3: that many picks, at most the players there are
                left = std::min(die(s), todo.size());
            } else {  // a pick: that player misses the next drive
                const int i = die(s);
                s.players[todo[i]].flags |= frames::flag::HEAT;
                for (int k = i + 1; k < todo.size(); ++k) todo.at[k - 1] = todo.at[k];
                todo.at[--todo.len] = 0;
                --left;
            }
            if (left > 0 && todo.size() > 0) {
                f.arg[fe::F_IDX] = i16(side * 100 + 20 + left);
                request(s, Dice::PICK, todo.size(), purpose("heat"));
                return true;
            }
        }
        if (side == 1) return false;
        f.arg[fe::F_IDX] = 100;
    }
}

inline void end_drive_run(Ctx& c) {
    State& s = c.s;
    Frame& f = c.top();
    ListRef todo = list_field(s, f, fe::F_TODO, fe::F_TODO_AT, fe::F_TODO_CAP);
    ListRef sending = list_field(s, f, fe::F_SENDING, fe::F_SENDING_AT, fe::F_SENDING_CAP);
    const int n = s.player_count;
    const bool last = f.arg[fe::F_END_OF_HALF] != 0 && s.half == 2;
    if (f.phase == fe::START) {
        end_drive_rerolls(s);  // prayers.end_drive_rerolls, then prayers.expire
        expire_prayers(s, f.arg[fe::F_END_OF_HALF] != 0 ? 1 : 0);
        if (!last) {  // after the match nobody is sent off
            sending.clear();
            for (int p = 0; p < n; ++p) {
                const Player& pl = s.players[p];
                if ((pl.flags & frames::flag::PLAYED) != 0 && pl.status != static_cast<int>(Status::CASUALTY) &&
                    pl.status != static_cast<int>(Status::SENT_OFF) && hooks::any<SentOffAfterDrive>(s, p, s, p)) {
                    sending.push_back(p);
                }
            }
        }
        for (int p = 0; p < n; ++p) s.players[p].flags &= ~frames::flag::CLEARED_AT_DRIVE_END;
        f.phase = fe::HEAT;
        if (s.weather == frames::weather::SWELTERING_HEAT) {
            if (rules_of(s).heat_random) {
                f.phase = fe::HEAT_PICKS;
            } else {
                todo.clear();
                for (int p = 0; p < n; ++p) {
                    if (s.players[p].square >= 0) todo.push_back(p);
                }
            }
        }
    }
    if (f.phase == fe::HEAT_PICKS) {
        if (heat_picks(s, f, todo)) return;
        todo.clear();
        f.arg[fe::F_IDX] = 0;
        f.phase = fe::HEAT;
    }
    if (f.phase == fe::HEAT) {
        const int i = f.arg[fe::F_IDX];
        if (i > 0 && die(s) == 1) s.players[todo[i - 1]].flags |= frames::flag::HEAT;
        if (i < todo.size()) {
            f.arg[fe::F_IDX] = static_cast<std::int16_t>(i + 1);
            request_threshold(s, 2, purpose("heat"));
            return;
        }
        for (int p = 0; p < n; ++p) {
            if (s.players[p].square >= 0) remove_player(s, p, static_cast<int>(Status::RESERVE));
        }
        s.ball = -1;
        s.ball_state = static_cast<std::uint8_t>(frames::ball::NONE);
        todo.clear();
        if (!last) {
            for (int p = 0; p < n; ++p) {
                if (s.players[p].status == static_cast<int>(Status::KO)) todo.push_back(p);
            }
        }
        f.arg[fe::F_IDX] = 0;
        f.phase = fe::KO_RECOVERY;
    }
    if (f.phase == fe::KO_RECOVERY) {
        const int i = f.arg[fe::F_IDX];
        if (i > 0) {
            const int d = die(s);
            const int p = todo[i - 1];
            if (d != 1 && d + s.teams[s.players[p].team].ind_babes >= 4) {
                s.players[p].status = static_cast<std::uint8_t>(Status::RESERVE);
            }
        }
        if (i < todo.size()) {
            f.arg[fe::F_IDX] = static_cast<std::int16_t>(i + 1);
            const int p = todo[i];
            request_threshold(s, 4 - s.teams[s.players[p].team].ind_babes, purpose("KO recovery"));
            return;
        }
        f.phase = fe::SENDING_OFF;
    }
    if (f.phase == fe::BRIBE_ROLLED) {
        if (die(s) < 2) remove_player(s, sending[0], static_cast<int>(Status::SENT_OFF));
        sending.erase_front();
        f.phase = fe::SENDING_OFF;
    }
    while (sending.size() > 0) {
        const int p = sending[0];
        const int side = s.players[p].team;
        if (s.teams[side].bribes > 0) {
            wait(s, side, frames::dk::BRIBE);
            return;
        }
        remove_player(s, p, static_cast<int>(Status::SENT_OFF));
        sending.erase_front();
    }
    pop(s);
}

inline Legal end_drive_legal(Ctx&) {
    return {Choice{frames::at::USE_BRIBE, {}, {}, {}}, Choice{frames::at::DECLINE, {}, {}, {}}};
}

inline void end_drive_act(Ctx& c, const Act& a) {
    State& s = c.s;
    Frame& f = c.top();
    ListRef sending = list_field(s, f, fe::F_SENDING, fe::F_SENDING_AT, fe::F_SENDING_CAP);
    const int p = sending[0];
    if (a.type == frames::at::USE_BRIBE) {
        --s.teams[s.players[p].team].bribes;
        f.phase = fe::BRIBE_ROLLED;
        request_threshold(s, 2, purpose("bribe"));
        return;
    }
    remove_player(s, p, static_cast<int>(Status::SENT_OFF));
    sending.erase_front();
}

inline Detail end_drive_detail(Ctx& c) {
    Frame& f = c.top();
    Detail d;
    if (f.arg[fe::F_SENDING] > 0) d.player = list_field(c.s, f, fe::F_SENDING, fe::F_SENDING_AT, fe::F_SENDING_CAP)[0];
    return d;
}

// --- MasterChef ----------------------------------------------------------------------------

inline void master_chef_run(Ctx& c) {
    State& s = c.s;
    Frame& f = c.top();
    if (f.phase == fc::ROLLING && die(s) >= rule::CHEF_STEALS_ON) ++f.arg[fc::F_HITS];
    if (f.arg[fc::F_ROLLED] < rule::CHEF_DICE) {
        ++f.arg[fc::F_ROLLED];
        f.phase = fc::ROLLING;
        request(s, Dice::D6, 1, purpose("master chef"));
        return;
    }
    const int side = f.arg[fc::F_SIDE];
    Team& mine = s.teams[side];
    Team& theirs = s.teams[other(side)];
    const int stolen = f.arg[fc::F_HITS] < theirs.rerolls ? f.arg[fc::F_HITS] : theirs.rerolls;
    theirs.rerolls = static_cast<std::uint8_t>(theirs.rerolls - stolen);
    mine.rerolls = static_cast<std::uint8_t>(mine.rerolls + stolen);
    pop(s);
}

}  // namespace nuffle::procs

#include "nuffle/skill_rules/team_skills.hpp"
