// The reward events of a learner's step and the weighted rewards over them, in C++ for the
// batched environments: envs/rewards.py's `StepEvents`, `EventTracker` and `WeightedReward`,
// which stay the reference (tests/native/test_native_step_events.py compares them after every
// engine decision of random games). The tracker reads the engine's event log (engine_base.hpp's
// EventLog: decisions, catches, touchdowns) and compares the players' squares and statuses
// before and after each decision for what the engine does not log. The reward weights are not
// restated here: the caller passes the (event, weight) terms envs/rewards.py's presets give.
#pragma once

#include <algorithm>
#include <array>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "nuffle/board.hpp"
#include "nuffle/engine_base.hpp"
#include "nuffle/state.hpp"

namespace nuffle::rewards {

// The events in envs/rewards.py's EVENT_NAMES order (a test checks the names).
enum Event : int {
    WIN = 0,
    LOSS,
    DRAW,
    TOUCHDOWNS,  // the learner's touchdowns (the log's SCORE entries)
    TOUCHDOWNS_AGAINST,
    KNOCKOUTS,  // opponents knocked out
    CASUALTIES,  // opponents made casualties
    CROWD_PUSHES,  // opponents pushed into the crowd by the learner's blocks
    COMPLETIONS,  // the learner's passes caught by a team-mate
    HANDOFFS,  // the learner's hand-offs caught by a team-mate
    FUMBLES_CAUSED,  // the opposing carrier lost the ball in the learner's turn
    KNOCKDOWNS,  // opposing players knocked down in the learner's turn
    OPPONENT_FALLS,  // opposing players who fell moving in their own turn
    BALL_PROGRESS,  // columns the learner's carrier gained towards the end zone / (W - 1)
    BALL_GAINED,  // the learner's team took possession of the ball
    EVENT_COUNT
};

inline constexpr std::array<const char*, EVENT_COUNT> EVENT_NAMES = {
    "win", "loss", "draw", "touchdowns", "touchdowns_against", "knockouts", "casualties", "crowd_pushes",
    "completions", "handoffs", "fumbles_caused", "knockdowns", "opponent_falls", "ball_progress", "ball_gained"};

// What happened, from the learner's point of view, since its previous decision: counts (whole
// numbers) and ball_progress, all held as doubles so a reward is one dot product.
struct StepEvents {
    std::array<double, EVENT_COUNT> v{};
    void clear() noexcept { v.fill(0.0); }
    void add(const StepEvents& o) noexcept {
        for (std::size_t i = 0; i < v.size(); ++i) v[i] += o.v[i];
    }
    double& operator[](Event e) noexcept { return v[static_cast<std::size_t>(e)]; }
    double operator[](Event e) const noexcept { return v[static_cast<std::size_t>(e)]; }
};

// The index of event `name`; std::invalid_argument naming it (and the choices) when unknown.
inline int event_index(const std::string& name) {
    for (int i = 0; i < EVENT_COUNT; ++i) {
        if (name == EVENT_NAMES[static_cast<std::size_t>(i)]) return i;
    }
    std::string names;
    for (const char* n : EVENT_NAMES) names += (names.empty() ? "" : ", ") + std::string(n);
    throw std::invalid_argument("unknown reward event '" + name + "': choose from " + names);
}

// WeightedReward: the sum of weight * event over the terms, in the terms' order (the weight
// dict's order), as Python's sum() adds floats from the int 0: a left fold before 3.12,
// Neumaier's compensated sum from 3.12 on (`compensated`; the caller says which Python it
// matches), so the float is the one Python computes.
class Reward {
public:
    Reward() = default;
    explicit Reward(std::vector<std::pair<int, double>> terms, bool compensated = false)
        : terms_(std::move(terms)), compensated_(compensated) {
        for (const auto& term : terms_) {
            if (term.first < 0 || term.first >= EVENT_COUNT) {
                throw std::invalid_argument("reward event index " + std::to_string(term.first) + " is not 0 to " +
                                            std::to_string(EVENT_COUNT - 1));
            }
        }
    }
    double operator()(const StepEvents& e) const noexcept {
        if (terms_.empty()) return 0.0;
        auto item = [&](std::size_t i) { return terms_[i].second * e.v[static_cast<std::size_t>(terms_[i].first)]; };
        double f = 0.0 + item(0);  // Python: the int 0 plus the first product
        if (!compensated_) {
            for (std::size_t i = 1; i < terms_.size(); ++i) f += item(i);
            return f;
        }
        double c = 0.0;
        for (std::size_t i = 1; i < terms_.size(); ++i) {
            const double x = item(i);
            const double t = f + x;
            c += std::fabs(f) >= std::fabs(x) ? (f - t) + x : (x - t) + f;
            f = t;
        }
        if (c != 0.0 && std::isfinite(c)) f += c;
        return f;
    }
    const std::vector<std::pair<int, double>>& terms() const noexcept { return terms_; }
    bool compensated() const noexcept { return compensated_; }

private:
    std::vector<std::pair<int, double>> terms_;
    bool compensated_ = false;
};

// EventTracker: turns the engine's log and consecutive positions into StepEvents for one side.
// `reset` at the start of a match (or whenever tracking starts), `after` after every engine
// decision (the learner's and the opponent's), `finish` once at the end of the match.
class EventTracker {
public:
    EventTracker() = default;
    EventTracker(const State& s, const Board& b, const EventLog& log, int side) { reset(s, b, log, side); }

    void reset(const State& s, const Board& b, const EventLog& log, int side) {
        if (side != HOME && side != AWAY) throw std::invalid_argument("side must be 0 or 1, got " + std::to_string(side));
        side_ = side;
        width_ = b.width;
        height_ = b.height;
        n_ = s.player_count;
        for (int q = 0; q < b.size && q < MAX_SQUARES; ++q) {
            const int x = b.xs[static_cast<std::size_t>(q)];
            col_[static_cast<std::size_t>(q)] = static_cast<std::int8_t>(side ? b.width - 1 - x : x);
            x_[static_cast<std::size_t>(q)] = static_cast<std::int8_t>(x);
            y_[static_cast<std::size_t>(q)] = b.ys[static_cast<std::size_t>(q)];
        }
        seen_ = log.size();
        throw_side_ = -1;
        throw_handoff_ = false;
        snapshot(s);
    }

    // Remember the position before an engine decision (EventTracker.snapshot).
    void snapshot(const State& s) noexcept {
        for (int p = 0; p < n_; ++p) {
            pos_[static_cast<std::size_t>(p)] = s.players[p].square;
            status_[static_cast<std::size_t>(p)] = s.players[p].status;
        }
        carrier_ = carrier(s);
    }

    // Adds the events of the decision of type `action_type` just taken by `actor` (0/1) to
    // `out`, then remembers the new position.
    void after(const State& s, const EventLog& log, int actor, int action_type, StepEvents& out) {
        const int side = side_;
        bool start_action = false;
        for (const int t : frames::at::START_ACTIONS) start_action = start_action || t == action_type;
        // the engine clears its log when a player action starts, then logs the decision
        const std::size_t start = (start_action || seen_ > log.size()) ? 0 : seen_;
        for (std::size_t i = start; i < log.size(); ++i) {
            const LogEntry& e = log[i];
            if (e.event == frames::ev::DECISION) {
                const int t = e.a;
                if (t == frames::at::PASS || t == frames::at::HAIL_MARY || t == frames::at::DUMP_OFF ||
                    t == frames::at::HANDOFF) {
                    throw_side_ = actor;
                    throw_handoff_ = t == frames::at::HANDOFF;
                } else if (t == frames::at::END_TURN || is_start(t)) {
                    throw_side_ = -1;
                }
            } else if (e.event == frames::ev::SCORE) {
                out[team(s, e.a) == side ? TOUCHDOWNS : TOUCHDOWNS_AGAINST] += 1.0;
            } else if (e.event == frames::ev::CATCH && e.c != 0) {
                if (throw_side_ == side && team(s, e.a) == side) out[throw_handoff_ ? HANDOFFS : COMPLETIONS] += 1.0;
                throw_side_ = -1;
            }
        }
        seen_ = log.size();
        // no events for these: compare positions
        const int opp = 1 - side;
        constexpr auto STANDING = static_cast<std::uint8_t>(Status::STANDING);
        const bool moving = action_type == frames::at::MOVE || action_type == frames::at::LEAP;
        for (int p = 0; p < n_; ++p) {
            const auto k = static_cast<std::size_t>(p);
            const std::uint8_t was = status_[k], now = s.players[p].status;
            if (s.players[p].team != opp || was == now) continue;
            if (now == static_cast<std::uint8_t>(Status::KO)) {
                out[KNOCKOUTS] += 1.0;
            } else if (now == static_cast<std::uint8_t>(Status::CASUALTY)) {
                out[CASUALTIES] += 1.0;
            }
            if (was == STANDING && now != static_cast<std::uint8_t>(Status::SENT_OFF)) {
                if (actor == side) {
                    out[KNOCKDOWNS] += 1.0;
                    const int sq = pos_[k];
                    if (s.players[p].square < 0 && sq >= 0 && on_edge(sq)) out[CROWD_PUSHES] += 1.0;
                } else if (moving) {
                    out[OPPONENT_FALLS] += 1.0;
                }
            }
        }
        const int old = carrier_;
        const int now = carrier(s);
        if (old != now) {
            const bool old_own = old >= 0 && team(s, old) == side;
            if (now >= 0 && team(s, now) == side && !old_own) out[BALL_GAINED] += 1.0;
            if (old >= 0 && team(s, old) == opp && actor == side) out[FUMBLES_CAUSED] += 1.0;
        } else if (old >= 0 && team(s, old) == side) {
            const int a = pos_[static_cast<std::size_t>(old)], b = s.players[old].square;
            if (a >= 0 && b >= 0 && a != b) {
                const int gained = col_[static_cast<std::size_t>(b)] - col_[static_cast<std::size_t>(a)];
                out[BALL_PROGRESS] += static_cast<double>(gained) / static_cast<double>(std::max(1, width_ - 1));
            }
        }
        snapshot(s);
    }

    // Adds the result (win, loss or draw for the tracked side) when the match is over.
    void finish(const State& s, StepEvents& out) const noexcept {
        if (s.decider != D_NOBODY) return;
        const int home = s.teams[HOME].score, away = s.teams[AWAY].score;
        if (home == away) {
            out[DRAW] += 1.0;
        } else if ((home > away) == (side_ == HOME)) {
            out[WIN] += 1.0;
        } else {
            out[LOSS] += 1.0;
        }
    }

    int side() const noexcept { return side_; }

private:
    static bool is_start(int t) noexcept {
        for (const int s : frames::at::START_ACTIONS) {
            if (s == t) return true;
        }
        return false;
    }
    static int team(const State& s, int pid) noexcept { return s.players[pid].team; }
    bool on_edge(int sq) const noexcept {
        const int x = x_[static_cast<std::size_t>(sq)], y = y_[static_cast<std::size_t>(sq)];
        return x == 0 || x == width_ - 1 || y == 0 || y == height_ - 1;
    }

    int side_ = 0;
    int width_ = 0, height_ = 0;
    int n_ = 0;  // players in the match
    std::size_t seen_ = 0;  // log entries already read
    int throw_side_ = -1;  // the side of a ball in flight to a team-mate, -1 none
    bool throw_handoff_ = false;  // ... a hand-off (else a pass)
    int carrier_ = -1;
    std::array<std::int16_t, MAX_PLAYERS> pos_{};
    std::array<std::uint8_t, MAX_PLAYERS> status_{};
    std::array<std::int8_t, MAX_SQUARES> col_{};  // column towards the tracked side's end zone
    std::array<std::int8_t, MAX_SQUARES> x_{}, y_{};
};

}  // namespace nuffle::rewards
