// Policy improvement by rollouts over grod (the bot "grod-rollouts", agents/grod/rollouts.py):
// at each team-turn decision (which player acts, and how) grod's own top options are each played
// out several times on copies of the position with sampled dice, grod playing both sides, to a
// horizon (by default the end of the opponent's next team turn); the option whose outcomes are
// worth most on average is played, grod's own choice on a tie. Every option is played on the same
// dice streams (common random numbers), so the options are compared on matched luck. Every other
// decision is grod's. The search has a per-decision time limit: it plays whole rounds (one
// rollout of every option on one dice stream) until `samples` rounds or the limit, and always at
// least one.
#pragma once

#include <array>
#include <cmath>
#include <cstdint>
#include <ctime>
#include <stdexcept>
#include <string>
#include <vector>

#include "nuffle/bots/grod.hpp"
#include "nuffle/engine.hpp"
#include "nuffle/rng.hpp"

namespace nuffle::bots {

// The search's settings (the bot spec's options; agents/grod/rollouts.py checks them too).
struct RolloutSettings {
    int candidates = 3;  // grod's best options searched (its choice among them)
    int samples = 64;  // rounds: dice streams every option is played on
    double seconds = 0.1;  // per-decision limit on the search (at least one round is played)
    int horizon = 2;  // team-turn ends a rollout runs to: 1 this turn, 2 the opponent's next too
    bool end_turn = false;  // ending the turn now is an option too
    double margin = 0.0;  // another option is played only if it beats grod's by more than this
    double z = 2.0;  // ... and by more than z standard errors of the paired difference (0: any)
    int min_samples = 8;  // rounds before the search may stop because every option is worth the same
    std::uint64_t seed = 0;

    // One line saying what is wrong, or "" when every setting is allowed.
    std::string problem() const {
        if (candidates < 1 || candidates > 16) return "candidates must be 1..16";
        if (samples < 1 || samples > 10000) return "samples must be 1..10000";
        if (!std::isfinite(seconds) || seconds <= 0.0 || seconds > 60.0) return "seconds must be > 0 and at most 60";
        if (horizon < 1 || horizon > 4) return "horizon must be 1..4";
        if (!std::isfinite(margin) || margin < 0.0) return "margin must be a finite number >= 0";
        if (!std::isfinite(z) || z < 0.0 || z > 10.0) return "z must be 0..10";
        return "";
    }
};

// What the searches have done since the last reset (the bot's `stats`).
struct RolloutStats {
    long decisions = 0;  // team-turn decisions searched (two options or more)
    long rounds = 0;  // rounds played in all
    long rollouts = 0;
    long changed = 0;  // searched decisions where another option than grod's was played
    double seconds = 0.0;  // time spent searching
};

// The worth for `side` of a position where a rollout stops: score difference; who holds the ball
// and how far it has come (nothing once its side has no team turn left in the half); players
// lost, knocked out and down on each side. A finished game adds 3 for a win.
inline double rollout_value(const State& s, const Board& b, int side) noexcept {
    const int other = 1 - side;
    double x = static_cast<double>(s.teams[side].score) - static_cast<double>(s.teams[other].score);
    if (s.decider == D_NOBODY) return x + (x > 0 ? 3.0 : x < 0 ? -3.0 : 0.0);
    const int c = carrier(s);
    if (c >= 0 && s.players[c].status == static_cast<std::uint8_t>(Status::STANDING)) {
        const int owner = s.players[c].team;
        const int left = b.variant.turns_per_half - s.teams[owner].turn + (s.active == owner ? 1 : 0);
        if (left > 0) {
            const int w = b.width - 1;
            const int cx = b.xs[static_cast<std::size_t>(s.players[c].square)];
            const double progress = owner == 0 ? static_cast<double>(cx) / w : static_cast<double>(w - cx) / w;
            const double worth = 0.3 + 0.5 * progress - 0.05 * tackle_zones(s, b, s.players[c].square, owner);
            x += owner == side ? worth : -worth;
        }
    }
    for (int p = 0; p < s.player_count; ++p) {
        const double sign = s.players[p].team == side ? -1.0 : 1.0;  // our losses count against us
        switch (static_cast<Status>(s.players[p].status)) {
            case Status::CASUALTY: x += 0.2 * sign; break;
            case Status::KO: x += 0.1 * sign; break;
            case Status::STUNNED: x += 0.04 * sign; break;
            case Status::PRONE: x += 0.02 * sign; break;
            default: break;
        }
    }
    return x;
}

class GrodRollouts {
public:
    // Rollouts stop after this many decisions (a safeguard; a team turn takes well under 200).
    static constexpr int MAX_ROLLOUT_DECISIONS = 4000;
    static constexpr double TIE = 1e-9;  // mean worths closer than this are equal

    GrodRollouts(const Board& b, const setup_plan::Formations& offense, const setup_plan::Formations& defense,
                 const GrodValues& v, bool compensated, const RolloutSettings& settings)
        : b_(b), cfg_(settings), play_(b, offense, defense, v, compensated),
          sims_{GrodBot(b, offense, defense, v, compensated), GrodBot(b, offense, defense, v, compensated)} {
        const std::string why = cfg_.problem();
        if (!why.empty()) throw std::invalid_argument(why);
    }

    // A new match: grod's memory forgotten, the dice streams of the searches start again.
    void reset() noexcept {
        play_.reset();
        counter_ = 0;
        stats_ = RolloutStats{};
    }

    const RolloutStats& stats() const noexcept { return stats_; }

    // The decision of the side deciding `s` (`plain`: as if the match offered no assisted moves).
    Act act(const State& s, bool plain = false) {
        if ((s.decider != D_HOME && s.decider != D_AWAY) || s.waiting != frames::dk::SELECT_ACTION ||
            s.board != b_.variant.players) {
            return play_.act(s, plain);
        }
        State view = s;
        if (plain) view.assisted_moves = 0;
        const Legal legal = legal_actions(view, b_);
        std::vector<GrodBot::Option> options = play_.options(view, legal, cfg_.candidates);
        const bool can_end = cfg_.end_turn && group_of(legal, fat::END_TURN) != nullptr;
        const std::size_t n = options.size() + (can_end && !options.empty() ? 1 : 0);
        if (n < 2) return play_.act(s, plain);  // nothing to compare: grod's own decision
        const int best = search(view, options, n);
        if (best == 0) return play_.act(s, plain);
        ++stats_.changed;
        if (static_cast<std::size_t>(best) == options.size()) {  // ending the turn
            play_.follow(-1, Plan{});
            return Act{fat::END_TURN, -1, -1};
        }
        const GrodBot::Option& o = options[static_cast<std::size_t>(best)];
        play_.follow(o.pid, o.plan);
        return o.plan[0];
    }

    // grod's options searched at the team-turn decision `s` (legal actions `legal`), its own
    // first (GrodBot::options); std::invalid_argument at any other decision.
    std::vector<GrodBot::Option> options(const State& s, const Legal& legal) {
        if ((s.decider != D_HOME && s.decider != D_AWAY) || s.waiting != frames::dk::SELECT_ACTION) {
            throw std::invalid_argument("grod's options are those of a team-turn decision (which player acts)");
        }
        return play_.options(s, legal, cfg_.candidates);
    }

    // One rollout from `s` (a team-turn decision of its decider) that first plays `option` (its
    // index in `options`; options.size(): ending the turn) on the dice stream `dice`; returns the
    // worth of where it stops for the side that decided. Public for the tests.
    double rollout(const State& s, const std::vector<GrodBot::Option>& options, std::size_t option,
                   std::uint64_t dice) {
        const int side = s.decider;
        State sim = s;
        sim.rng = seed_state(dice);
        sims_[0].reset();
        sims_[1].reset();
        Act first{fat::END_TURN, -1, -1};
        if (option < options.size()) {
            const GrodBot::Option& o = options[option];
            sims_[side].follow(o.pid, o.plan);
            first = o.plan[0];
        } else {
            sims_[side].follow(-1, Plan{});
        }
        TurnKey key = turn_of(sim);
        play(sim, first);
        int ends = 0;
        for (int k = 0; k < MAX_ROLLOUT_DECISIONS; ++k) {
            if ((sim.decider != D_HOME && sim.decider != D_AWAY) || sim.waiting == frames::dk::SETUP) break;
            const TurnKey now = turn_of(sim);
            if (now != key) {
                key = now;
                if (++ends >= cfg_.horizon) break;
            }
            play(sim, sims_[sim.decider].act(sim));
        }
        return rollout_value(sim, b_, side);
    }

private:
    using TurnKey = std::array<int, 4>;  // half, active side, both turn markers

    const Board& b_;
    RolloutSettings cfg_;
    GrodBot play_;  // the bot that plays the match (its memory: the chosen player action)
    GrodBot sims_[2];  // grod in the rollouts, one per side
    std::uint64_t counter_ = 0;  // searched decisions this match: picks their dice streams
    RolloutStats stats_;

    static TurnKey turn_of(const State& s) noexcept { return {s.half, s.active, s.teams[0].turn, s.teams[1].turn}; }

    static double now_seconds() noexcept {
        timespec ts{};
        clock_gettime(CLOCK_MONOTONIC, &ts);
        return static_cast<double>(ts.tv_sec) + static_cast<double>(ts.tv_nsec) * 1e-9;
    }

    // A decision in a rollout, its dice drawn from the copy's own generator.
    void play(State& s, const Act& a) const {
        Ctx c{s, b_};
        s.decider = D_RUNNING;
        act_top(c, a);
        advance(s, b_, false);
    }

    // The option to play: index into options, options.size() for ending the turn; 0 (grod's
    // choice) unless another one's mean worth beats it by more than the margin and by more than
    // z standard errors of their paired difference (the rounds are the pairs). Once
    // `min_samples` rounds have given every option the same worth in every round, the options
    // are taken as equal and the search stops there (grod's choice).
    int search(const State& view, const std::vector<GrodBot::Option>& options, std::size_t n) {
        const double start = now_seconds();
        const double deadline = start + cfg_.seconds;
        const std::uint64_t base = seed_state(cfg_.seed ^ (0x9E3779B97F4A7C15ULL * ++counter_));
        std::vector<double> sum(n, 0.0), sq(n, 0.0), round(n, 0.0);  // sq: squared differences from option 0
        int rounds = 0;
        bool same = true;  // every round so far gave every option the same worth
        for (int r = 0; r < cfg_.samples; ++r) {
            const std::uint64_t dice = base + static_cast<std::uint64_t>(r) * 0xD1B54A32D192ED03ULL;
            bool full = true;
            for (std::size_t i = 0; i < n; ++i) {
                if (r > 0 && now_seconds() >= deadline) {
                    full = false;  // a part-played round is dropped: the options stay matched
                    break;
                }
                round[i] = rollout(view, options, i, dice);
                ++stats_.rollouts;
            }
            if (!full) break;
            for (std::size_t i = 0; i < n; ++i) {
                sum[i] += round[i];
                const double d = round[i] - round[0];
                sq[i] += d * d;
                if (std::abs(d) > TIE) same = false;
            }
            ++rounds;
            if (same && rounds >= cfg_.min_samples) break;
            if (now_seconds() >= deadline) break;
        }
        ++stats_.decisions;
        stats_.rounds += rounds;
        stats_.seconds += now_seconds() - start;
        int best = 0;
        double best_gain = 0.0;
        for (std::size_t i = 1; i < n; ++i) {
            const double gain = (sum[i] - sum[0]) / rounds;  // mean paired difference from grod's option
            if (gain <= cfg_.margin + TIE || gain <= best_gain + TIE) continue;
            if (cfg_.z > 0.0) {
                if (rounds < 2) continue;
                const double var = std::max(0.0, (sq[i] - rounds * gain * gain) / (rounds - 1));
                if (gain <= cfg_.z * std::sqrt(var / rounds)) continue;
            }
            best = static_cast<int>(i);
            best_gain = gain;
        }
        return best;
    }
};

}  // namespace nuffle::bots
