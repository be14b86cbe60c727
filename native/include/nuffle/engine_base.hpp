// What every ported procedure uses: the decisions' shapes (legal action groups, an action, the
// decision detail), errors, and the state plumbing core/state.py gives procedures (push, pop,
// request, wait, dice, place/remove players, statistics).
#pragma once

#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "nuffle/board.hpp"
#include "nuffle/chance.hpp"
#include "nuffle/frames.hpp"
#include "nuffle/state.hpp"

namespace nuffle {

// Running a frame whose procedure the native engine has not ported: none today (every frame
// is), the guard for a frame the Python registry gains before its port.
struct NotPortedError : std::runtime_error {
    explicit NotPortedError(const std::string& frame)
        : std::runtime_error("the native engine has not ported frame '" + frame + "' yet") {}
};

// An action that is not legal now (the state is unchanged).
struct IllegalActionError : std::runtime_error {
    using std::runtime_error::runtime_error;
};

// One group of legal actions (actions.ActionChoice): every player with every square; flat
// squares; empty players or squares mean none.
struct Choice {
    int type = 0;
    std::vector<int> players;
    std::vector<int> squares;
    std::vector<double> probabilities;
};
using Legal = std::vector<Choice>;

// One decision (actions.Action): a type, a player or -1, a flat square or -1.
struct Act {
    int type = 0;
    int player = -1;
    int square = -1;
};

// What a waiting decision concerns (decision.Decision without kind and side); -1 for None.
struct Detail {
    int player = -1, target = -1, skill = -1, roll = -1, need = -1, dice = -1;
    std::vector<int> faces;
    int action = -1, moved = -1, square = -1;
};

// The engine's view of one state: the state and its board geometry.
struct Ctx {
    State& s;
    const Board& b;
    Frame& top() noexcept { return s.stack[s.frame_count - 1]; }
};

// The id of a chance purpose (frames::PURPOSES), checked at compile time.
consteval int purpose(std::string_view name) {
    for (int i = 0; i < frames::PURPOSE_COUNT; ++i) {
        if (name == frames::PURPOSES[i]) return i;
    }
    throw "unknown chance purpose";
}

inline void request(State& s, Dice kind, int n, int purpose_id, Group group = Group::NONE) noexcept {
    s.chance.event = Chance{kind, static_cast<std::uint8_t>(n), group, static_cast<std::uint8_t>(purpose_id)};
    s.pending = 1;
    s.decider = D_CHANCE;
}

// dice.threshold: a D6 that succeeds on n or more (at least 2).
inline void request_threshold(State& s, int n, int purpose_id) noexcept {
    request(s, Dice::D6, n < 2 ? 2 : n, purpose_id, Group::THRESHOLD);
}

inline void wait(State& s, int side, int kind) noexcept {
    s.decider = static_cast<std::int8_t>(side);
    s.waiting = static_cast<std::uint8_t>(kind);
}

inline int die(const State& s) noexcept { return s.chance.outcome.v[0]; }
// dice.total: a single value, or the sum of a tuple of dice.
inline int dice_sum(const State& s) noexcept {
    if (s.chance.outcome.size == 0) return s.chance.outcome.v[0];
    int t = 0;
    for (int i = 0; i < s.chance.outcome.size; ++i) t += s.chance.outcome.v[static_cast<std::size_t>(i)];
    return t;
}

inline Frame& push(State& s, int proc, int phase = 0) { return push_frame(s, proc, phase); }
inline void pop(State& s) { pop_frame(s); }

inline int other(int side) noexcept { return 1 - side; }

inline bool in_own_half(const Board& b, int sq, int side) noexcept {
    return b.on_pitch(sq) && (((b.flags[static_cast<std::size_t>(sq)] & HOME_HALF) != 0) == (side == HOME));
}

// state.GameState.remove: a player off the pitch into a dugout box.
inline void remove_player(State& s, int pid, int status) noexcept {
    Player& p = s.players[pid];
    if (p.square >= 0) s.grid[p.square] = SQUARE_EMPTY;
    p.square = -1;
    p.status = static_cast<std::uint8_t>(status);
}

// state.GameState.add_stat: one event of `stat` for `side` in the current half.
inline void add_stat(State& s, int side, int stat) noexcept {
    const int half = (s.half == 1 || s.half == 2) ? s.half : 1;
    ++s.teams[side].stats[(half - 1) * 4 + stat];
}

inline bool on_pitch_status(int status) noexcept {
    return status >= static_cast<int>(Status::STANDING) && status <= static_cast<int>(Status::STUNNED);
}

// A list field of the top frame: its elements and its length slot.
struct ListRef {
    std::int16_t* at;
    std::int16_t& len;
    int cap;
    void clear() noexcept {
        for (int i = 0; i < len; ++i) at[i] = 0;
        len = 0;
    }
    void push_back(int v) {
        if (len >= cap) throw std::length_error("a frame's list is full");
        at[len++] = static_cast<std::int16_t>(v);
    }
    void erase_front() noexcept {
        for (int i = 1; i < len; ++i) at[i - 1] = at[i];
        if (len > 0) at[--len] = 0;
    }
    int size() const noexcept { return len; }
    int operator[](int i) const noexcept { return at[i]; }
};

inline ListRef list_field(State& s, Frame& f, int slot, int offset, int cap) noexcept {
    return ListRef{&s.pool[f.pool_base + offset], f.arg[slot], cap};
}

// --- GameState accessors every procedure shares ------------------------------------------------

inline std::int16_t i16(int v) noexcept { return static_cast<std::int16_t>(v); }
inline int team_of(const State& s, int pid) noexcept { return s.players[pid].team; }
inline int pos(const State& s, int pid) noexcept { return s.players[pid].square; }
inline bool standing(const State& s, int pid) noexcept {
    return s.players[pid].status == static_cast<std::uint8_t>(Status::STANDING);
}

// GameState.carrier: the player holding the ball, or -1.
inline int carrier(const State& s) noexcept {
    return s.ball_state == frames::ball::CARRIED ? static_cast<int>(s.grid[s.ball]) : -1;
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

// --- the event log (GameState.log, GameState.note; evlog) ---------------------------------------
// The log is not part of a position (Python leaves it out of `key()`), so it lives beside the
// state, not in its bytes: equal positions stay equal bytes whatever led to them. A `LogScope`
// binds a log to one state for the calls in its scope (the binding opens one around every engine
// call); `note` appends to it and does nothing for any other state (a clone a procedure builds,
// or a call with no scope, as a search's playouts). Entries as Python's: (event, a, b, c).
struct LogEntry {
    int event, a, b, c;
    bool operator==(const LogEntry&) const = default;
};
using EventLog = std::vector<LogEntry>;

struct LogBinding {
    const State* state;
    EventLog* log;
};
inline thread_local LogBinding log_binding{nullptr, nullptr};

// Binds `log` to `s` until the scope ends (the previous binding is restored).
class LogScope {
public:
    LogScope(const State& s, EventLog& log) noexcept : saved_(log_binding) { log_binding = {&s, &log}; }
    ~LogScope() { log_binding = saved_; }
    LogScope(const LogScope&) = delete;
    LogScope& operator=(const LogScope&) = delete;

private:
    LogBinding saved_;
};

// GameState.note: one forced event (types.Event) in the log bound to `s`, if any.
inline void note(const State& s, int event, int a = -1, int b = -1, int c = 1) {
    if (log_binding.state == &s) log_binding.log->push_back(LogEntry{event, a, b, c});
}

// Game.step's log: a player action's declaration clears it, then the decision is logged
// (Event.DECISION: action type, player, flat square).
inline void note_decision(const State& s, int type, int player, int square) {
    if (log_binding.state != &s) return;
    for (const int t : frames::at::START_ACTIONS) {
        if (t == type) log_binding.log->clear();
    }
    log_binding.log->push_back(LogEntry{frames::ev::DECISION, type, player, square});
}

}  // namespace nuffle
