// The native game state: one fixed-size block with no pointers, so a copy is a memcpy (a
// search snapshot) and two states are equal exactly when their bytes are.
//
// Static player data (characteristics, skills) sits beside the mutable parts in the same
// block; the board geometry is not part of it (states refer to a Board by its variant).
// Procedures are small frames on a fixed stack: a procedure id, a phase and a few ints.
#pragma once

#include <array>
#include <bit>
#include <cstdint>
#include <cstring>
#include <stdexcept>
#include <string>
#include <type_traits>

#include "nuffle/board.hpp"
#include "nuffle/chance.hpp"
#include "nuffle/frames.hpp"

namespace nuffle {

constexpr int MAX_PLAYERS = frames::limits::MAX_PLAYERS;  // 16 a side on board 11
constexpr int MAX_FRAMES = frames::limits::MAX_FRAMES;  // procedure stack depth
constexpr int FRAME_ARGS = frames::MAX_FIELDS;  // a procedure's fields (one slot each; frames.hpp)
constexpr int LIST_POOL = frames::limits::LIST_POOL;  // list and tuple elements of all frames (frames.hpp's `pool`)
constexpr int MAX_CROWD = frames::limits::MAX_CROWD;  // the crowd list: 4 ints per player pushed into the crowd, until resolved
constexpr int PSTATS = frames::limits::PSTATS;  // per-player match record (state.py's PSTATS)
constexpr int SKILL_WORDS = 3;  // a 192-bit skill set (77 LRB6 skills, BB2020's from 126)
constexpr int SKILL_IDS = 64 * SKILL_WORDS;  // skill ids a skill set holds: 0..191
constexpr int TEAM_STATS = frames::limits::TEAM_STATS;  // per-half statistics and match totals (state.py's `stats`)
// Roster keyword bits of Player::keywords (state.GameState.keywords; native_state.KEYWORDS).
constexpr std::uint8_t KW_UNDEAD = frames::kw::UNDEAD;  // Stakes
constexpr std::uint8_t KW_THRALL = frames::kw::THRALL;  // Blood Lust's feeding
constexpr std::int8_t SQUARE_OFF = frames::square::OFF;  // grid value of a padding square (board.OFF)
constexpr std::int8_t SQUARE_EMPTY = frames::square::EMPTY;  // grid value of an empty pitch square (board.EMPTY)

// Where a player is and his posture (types.Status; generated).
using Status = frames::Status;

// Who acts (types.HOME, AWAY, CHANCE, NOBODY; RUNNING while the engine advances; generated).
using Decider = frames::Decider;
using enum frames::Decider;

// One player: static data and his mutable status. 48 bytes.
struct Player {
    std::int16_t square;  // flat square, -1 off the pitch
    std::uint8_t team;
    std::uint8_t number;
    std::uint8_t status;  // Status
    std::uint8_t ma, st, ag, av;
    std::uint8_t niggles;  // niggling injuries: +1 each to his injury rolls
    std::uint8_t keywords;  // the roster keywords the rules name: KW_UNDEAD, KW_THRALL bits
    std::uint8_t race;  // his race (passing_skills.race_of) as a code: equal codes, same race
    std::uint32_t flags;  // types.PFlag bits
    std::uint64_t skills[SKILL_WORDS];  // bit i: skills.Skill(i)
    std::uint8_t pa;  // BB2020's Passing Ability (X of "X+"); 0: none (LRB6, or PA "-")
    // skill_values.hpp: his skills' values, 0 the skill's default: Dirty Player's and Mighty
    // Blow's +X, Bloodlust's and Loner's X+ (VALUED order), and Animosity's team-mates
    std::uint8_t values[4];
    std::uint8_t marks;  // BB2020: a bit per prayer whose gift he has (procs/prayer_state.hpp mark_bit)
    std::uint16_t animosity;  // bit i: his team's i-th player (his own set); 0: LRB6's races

    bool has_skill(int skill) const noexcept {
        return skill >= 0 && skill < 64 * SKILL_WORDS &&
               ((skills[skill / 64] >> (skill % 64)) & 1ULL) != 0;
    }
    bool has_keyword(std::uint8_t kw) const noexcept { return (keywords & kw) != 0; }
    // His first skill from `from` on, in skill order; -1 when none is left. Loops over a
    // player's skills in skill order: for (int k = next_skill(0); k >= 0; k = next_skill(k + 1)).
    int next_skill(int from) const noexcept {
        for (int w = from / 64; w < SKILL_WORDS && from < 64 * SKILL_WORDS; ++w, from = 64 * w) {
            const std::uint64_t bits = skills[w] >> (from % 64);
            if (bits != 0) return from + std::countr_zero(bits);
        }
        return -1;
    }
};

// One procedure frame. The procedure id and phase are stable numbers (frames.hpp, generated
// from the Python engine's registry); `arg` holds the procedure's fields, one slot each, in the
// Python field order; a list or tuple field's slot holds its length and its elements lie in
// the state's `pool` from `pool_base` + the field's offset.
struct Frame {
    std::uint16_t proc;
    std::uint16_t phase;
    std::uint16_t pool_base;
    std::int16_t arg[FRAME_ARGS];
};

// Mutable per-team counters (state.TeamState) and statistics.
struct Team {
    std::uint8_t rerolls, bonus_reroll, reroll_used, turn;
    std::uint8_t score, bribes, apothecaries, fame;
    std::uint8_t blitz_used, pass_used, handoff_used, foul_used;
    std::int16_t stats[TEAM_STATS];
    std::uint8_t igor;  // an induced Igor's re-roll, once a match
    // The team as it entered the match (TeamSpec): what procedures read, never changed.
    std::uint8_t spec_rerolls, spec_apothecary, fan_factor;
    std::uint8_t ind_babes, ind_bribes, ind_training, ind_chef, ind_igor, ind_apothecaries;
    std::uint8_t cheerleaders, assistant_coaches;
    std::uint8_t wizard;  // the induced Wizard's spell, once a match (TeamState.wizard)
    std::uint8_t ind_wizard;  // a Wizard induced (Inducements.wizard)
    std::int16_t fans;  // its fans in thousands, rolled before the match (GameState.fans[side])
    // BB2020 Prayers to Nuffle (procs/prayers.hpp): bit n-1 for result n, in effect / given
    // this match; the drive's Brilliant Coaching re-roll (TeamState.drive_reroll).
    std::uint16_t prayers, prayed, drive_reroll;
    // BB2020's Weather Mage: its change still to use (TeamState.weather_mage), one induced.
    std::uint8_t weather_mage, ind_weather_mage;
    std::uint8_t ktm_used;  // BB2020: the turn's Kick Team-mate was declared (TeamState.ktm_used)
    std::uint8_t reserved[7];  // always zero: a team stays 16 bytes longer, so the state's head
                               // (players' offset) stays whole hash blocks (transitions.hpp)
};

// A pending chance event and the outcome handed back (dice.Chance / Outcome).
struct ChanceSlot {
    Chance event;
    Outcome outcome;
};

struct State {
    std::uint64_t rng;  // the xorshift64 generator state
    std::uint8_t board;  // players a side of the variant (1, 3, 5, 7, 11)
    std::int8_t decider;  // Decider
    std::uint8_t waiting;  // the DecisionKind asked of `decider`
    std::int8_t half;
    std::int8_t first_kicker;
    std::int8_t kicking;
    std::uint8_t weather;
    std::uint8_t ball_state;
    std::int16_t ball;  // flat square of the ball
    std::int16_t active;  // the side whose team turn it is (state.py's `active`), -1 none
    std::int16_t ok;  // hand-over from a child to its parent: its roll succeeded (0/1)
    std::int16_t last_die;  // hand-over: the last die a child rolled
    std::uint8_t turnover;
    std::int8_t touchdown;
    std::uint8_t player_count;
    std::uint8_t frame_count;
    ChanceSlot chance;
    std::uint8_t pending;  // a chance event is pending (`chance.event`); Python's `pending`
    std::uint8_t assisted_moves;  // the match option (state.Options)
    std::uint8_t crowd_count;
    std::uint8_t ruleset;  // hooks::Ruleset: whose skill handlers the hook points call (0: LRB6)
    std::uint8_t coach_ejected[2];  // per side, BB2020: the head coach was ejected (TeamState.coach_ejected)
    std::uint8_t ind_biased_referee[2];  // per side, BB2020: a Biased Referee induced (Inducements.biased_referee)
    std::int16_t crowd[MAX_CROWD];  // state.py's `crowd`: (pid, last square, out square, had ball) a surf
    std::int16_t reactor, square, last_square, extra_moves;  // the other hand-over fields
    Team teams[2];
    Player players[MAX_PLAYERS];
    std::int16_t pstats[MAX_PLAYERS * PSTATS];
    Frame stack[MAX_FRAMES];
    std::int16_t pool[LIST_POOL];  // the frames' list and tuple fields
    std::int8_t grid[MAX_SQUARES];  // player id on each flat square, SQUARE_EMPTY or SQUARE_OFF
    std::uint8_t ind_plague_doctor[2];  // per side, BB2020: the Igor counter is a Plague Doctor's (Inducements.plague_doctor)
    std::uint8_t pad1[2];
    std::uint8_t primary[MAX_PLAYERS];  // BB2020: each player's Primary categories (prayer_training.primary_bits)
};

static_assert(std::is_trivially_copyable_v<State>, "a state is copied with memcpy");
static_assert(std::is_standard_layout_v<State>);
static_assert(std::has_unique_object_representations_v<State>,
              "no padding bytes: equal states have equal bytes");
static_assert(sizeof(State) <= 8192, "a state fits in 8 KB");
static_assert(sizeof(Player) == 48 && sizeof(Frame) == 6 + 2 * FRAME_ARGS);

// An empty state on `board`: every player slot unused, the grid cleared, an empty stack.
inline State make_state(const Board& board, std::uint64_t rng) {
    State s;
    std::memset(&s, 0, sizeof s);
    s.rng = rng;
    s.board = static_cast<std::uint8_t>(board.variant.players);
    s.decider = D_RUNNING;
    s.ball = -1;
    s.active = HOME;
    s.touchdown = -1;
    s.reactor = s.square = s.last_square = -1;
    for (int i = 0; i < MAX_SQUARES; ++i) {
        s.grid[i] = board.on_pitch(i) ? SQUARE_EMPTY : SQUARE_OFF;
    }
    return s;
}

// The tables of the ruleset `s` plays (State::ruleset; frames::rules, generated from the data).
inline const frames::rules::Tables& rules_of(const State& s) noexcept { return frames::rules::TABLES[s.ruleset]; }

// An exact copy (the whole search snapshot).
inline State clone(const State& s) noexcept {
    State c;
    std::memcpy(&c, &s, sizeof c);
    return c;
}

inline bool same_state(const State& a, const State& b) noexcept {
    return std::memcmp(&a, &b, sizeof a) == 0;
}

// Adds a player in reserve; throws std::invalid_argument when the state is full.
inline int add_player(State& s, int team, int number, int ma, int st, int ag, int av) {
    if (s.player_count >= MAX_PLAYERS) {
        throw std::invalid_argument("a state holds at most " + std::to_string(MAX_PLAYERS) + " players");
    }
    if (team != HOME && team != AWAY) throw std::invalid_argument("team must be 0 or 1, got " + std::to_string(team));
    for (const int v : {number, ma, st, ag, av}) {
        if (v < 0 || v > 99) throw std::invalid_argument("a player's number and characteristics are 0 to 99");
    }
    const int pid = s.player_count++;
    Player& p = s.players[pid];
    std::memset(&p, 0, sizeof p);
    p.square = -1;
    p.team = static_cast<std::uint8_t>(team);
    p.number = static_cast<std::uint8_t>(number);
    p.status = static_cast<std::uint8_t>(Status::RESERVE);
    p.ma = static_cast<std::uint8_t>(ma);
    p.st = static_cast<std::uint8_t>(st);
    p.ag = static_cast<std::uint8_t>(ag);
    p.av = static_cast<std::uint8_t>(av);
    return pid;
}

// Puts player `pid` standing on `square`; throws std::invalid_argument (state unchanged) for
// an unknown player, a square off the pitch or an occupied square.
inline void place_player(State& s, const Board& board, int pid, int square) {
    if (pid < 0 || pid >= s.player_count) throw std::invalid_argument("no player " + std::to_string(pid));
    if (!board.on_pitch(square)) throw std::invalid_argument("square " + std::to_string(square) + " is off the pitch");
    if (s.grid[square] != SQUARE_EMPTY && s.grid[square] != pid) {
        throw std::invalid_argument("square " + std::to_string(square) + " holds player " +
                                    std::to_string(s.grid[square]));
    }
    Player& p = s.players[pid];
    if (p.square >= 0) s.grid[p.square] = SQUARE_EMPTY;
    p.square = static_cast<std::int16_t>(square);
    p.status = static_cast<std::uint8_t>(Status::STANDING);
    s.grid[square] = static_cast<std::int8_t>(pid);
}

// Where a frame of `proc` pushed now would start in the list pool.
inline int next_pool_base(const State& s) noexcept {
    if (s.frame_count == 0) return 0;
    const Frame& below = s.stack[s.frame_count - 1];
    return below.pool_base + frames::PROCS[below.proc].pool;
}

// Pushes a frame of procedure `proc` at `phase`, its fields zero and its lists empty; throws
// std::invalid_argument for an unknown procedure and std::length_error when the stack or the
// list pool is full.
inline Frame& push_frame(State& s, int proc, int phase) {
    if (s.frame_count >= MAX_FRAMES) throw std::length_error("the procedure stack is full");
    if (proc < 0 || proc >= frames::PROC_COUNT || phase < 0 || phase > 0xFFFF) {
        throw std::invalid_argument("procedure id must be 0 to " + std::to_string(frames::PROC_COUNT - 1) +
                                    " and phase 0 to 65535");
    }
    const int base = next_pool_base(s);
    if (base + frames::PROCS[proc].pool > LIST_POOL) throw std::length_error("the frames' list pool is full");
    Frame& f = s.stack[s.frame_count++];
    std::memset(&f, 0, sizeof f);
    f.proc = static_cast<std::uint16_t>(proc);
    f.phase = static_cast<std::uint16_t>(phase);
    f.pool_base = static_cast<std::uint16_t>(base);
    return f;
}

// Pops the top frame (its list elements cleared); throws std::out_of_range when the stack is empty.
inline void pop_frame(State& s) {
    if (s.frame_count == 0) throw std::out_of_range("the procedure stack is empty");
    Frame& f = s.stack[--s.frame_count];
    const int n = frames::PROCS[f.proc].pool;
    if (n > 0) std::memset(&s.pool[f.pool_base], 0, sizeof(std::int16_t) * static_cast<std::size_t>(n));
    std::memset(&f, 0, sizeof(Frame));
}

// The elements of list field `offset` of frame `f` in the pool (length in its slot).
inline std::int16_t* frame_list(State& s, const Frame& f, int offset) noexcept { return &s.pool[f.pool_base + offset]; }
inline const std::int16_t* frame_list(const State& s, const Frame& f, int offset) noexcept {
    return &s.pool[f.pool_base + offset];
}

}  // namespace nuffle
