// The batched environment's core (envs/batched.py): N matches of one board stepped by one call,
// each match's learner decision written as an observation and a mask straight into arrays the
// caller owns (encode.hpp, mask.hpp), with automatic reset in the same step.
//
// Between two learner decisions the matches run here: the C++ random opponent
// (random_play.hpp), the C++ scripted bot (bots/scripted.hpp), self-play (both sides learners:
// a row shows the side to decide) and the learner's set-up decisions by the C++ set-up plan. A decision that Python takes (a Python
// opponent or set-up bot) stops its row as "pending"; the caller takes it (`act`) and the row
// runs on. A policy opponent's decisions stop their rows as pending for the policy: the caller
// has every such row's observation written at once (`policy_observe`), decides them all with
// one forward pass and sends the indices back (`policy_act`). The next episode's seeds are the caller's (drawn as BloodBowlEnv.reset draws them).
#pragma once

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#include "nuffle/bots/grod.hpp"
#include "nuffle/bots/scripted.hpp"
#include "nuffle/encode.hpp"
#include "nuffle/engine.hpp"
#include "nuffle/engine_base.hpp"
#include "nuffle/mask.hpp"
#include "nuffle/random_play.hpp"
#include "nuffle/rng.hpp"
#include "nuffle/setup_plan.hpp"
#include "nuffle/step_events.hpp"

namespace nuffle::vec {

// An action the caller sent that a row cannot take (nothing has been stepped).
class ActionError : public std::invalid_argument {
public:
    using std::invalid_argument::invalid_argument;
};

// who takes the other side's decisions (SCRIPTED: the C++ scripted bot; GROD: the C++ grod bot)
enum class Opponent : int { RANDOM = 0, SELF = 1, PYTHON = 2, POLICY = 3, SCRIPTED = 4, GROD = 5 };
enum class Setup : int { LEARNER = 0, PYTHON = 1, SCRIPTED = 2 };  // who takes the learner's set-up decisions
enum Pending : std::uint8_t { NONE = 0, NEW_EPISODE = 1, DECISION = 2, POLICY = 3 };  // why a row waits for Python

struct Options {
    Opponent opponent = Opponent::RANDOM;
    Setup setup = Setup::LEARNER;
    Setup opponent_setup = Setup::LEARNER;  // Opponent::POLICY: its set-ups by the policy (LEARNER) or the plan (SCRIPTED)
    int max_steps = 0;  // learner steps before truncation (0: none)
    int setup_kind = -1;  // DecisionKind.SETUP's value (State::waiting)
    rewards::Reward reward;  // the reward of a step's events (envs/rewards.py's weights)
    setup_plan::Formations offense, defense;  // the board's formations (Setup::SCRIPTED, Opponent::SCRIPTED)
    bool compensated = false;  // Opponent::SCRIPTED / GROD: its sums as Python 3.12+ does them
    setup_plan::Formations grod_offense, grod_defense;  // Opponent::GROD: the formation it sets up in of each kind
    bots::GrodValues grod_values{};  // Opponent::GROD: its purpose values (agents/grod/values.py's table)
    bool keep_final = false;  // keep each ended episode's final position (Python's observation features read it)
};

// The caller's arrays, `n` rows each (checked by the binding).
struct Arrays {
    float* spatial = nullptr;
    float* non_spatial = nullptr;
    bool* mask = nullptr;
    double* reward = nullptr;
    bool* terminated = nullptr;
    bool* truncated = nullptr;
    std::int8_t* side = nullptr;  // the side each row's observation shows
    std::int64_t* actions = nullptr;
    const std::int64_t* seeds = nullptr;  // n x 3: the next episode's learner side, game seed, opponent seed
    float* final_spatial = nullptr;  // an ended episode's last observation (rows that ended only)
    float* final_non_spatial = nullptr;
    bool* final_mask = nullptr;
    std::int8_t* final_side = nullptr;
    std::int16_t* final_score = nullptr;  // n x 2
    double* other_reward = nullptr;  // self-play: the final reward of the side that did not act last
};

// One match and what the loop keeps of it.
struct Row {
    State s{};
    EventLog log;
    int learner = 0;  // the learner's side (self-play: unused)
    int shown = 0;  // the side the observation shows (the one to decide)
    int acted = 0;  // the side that took this step's learner action
    long steps = 0;  // learner steps in this episode
    long episode = 0;  // episodes started
    std::uint64_t chooser = 0;  // the random opponent's stream
    rewards::EventTracker tracker[2];  // the learner's (self-play: both sides')
    rewards::StepEvents ev[2];  // each tracked side's events since its previous step
    std::vector<setup_plan::SetupPlanner> planners;  // the scripted set-up of each learner side
    std::vector<setup_plan::SetupPlanner> opponent_planner;  // a policy opponent's scripted set-up
    std::unique_ptr<bots::ScriptedBot> scripted;  // Opponent::SCRIPTED: the opponent
    std::unique_ptr<bots::GrodBot> grod;  // Opponent::GROD: the opponent
    std::uint8_t pending = NONE;
    bool ended = false;  // an episode ended in this step
    std::vector<std::int64_t> idx;  // the legal indices shown now
    std::vector<Act> acts;  // their actions
    std::vector<std::int64_t> mask_idx;  // the indices set in the row of the caller's mask
    encode::Written written;  // the entries set in the row of the caller's spatial array
    State final_state{};  // the last ended episode's final position (Python's end_game and observation features)
};

class VecEnv {
public:
    VecEnv(int n, const Board& b, const encode::Spec& spec, const encode::CodecSpec& codec, const State& start,
           const Options& opt)
        : b_(b), observer_(b, spec), codec_(codec, b), start_(start), opt_(opt), rows_(static_cast<std::size_t>(n)) {
        if (n < 1) throw std::invalid_argument("a batched environment has at least one match, got " + std::to_string(n));
        python_ = opt.opponent == Opponent::PYTHON || opt.setup == Setup::PYTHON;
        if (opt.setup == Setup::SCRIPTED) {
            const setup_plan::SetupPlanner planner(b, opt.offense, opt.defense);
            for (Row& r : rows_) r.planners.assign(opt.opponent == Opponent::SELF ? 2 : 1, planner);
        }
        if (opt.opponent == Opponent::POLICY && opt.opponent_setup == Setup::SCRIPTED) {
            const setup_plan::SetupPlanner planner(b, opt.offense, opt.defense);
            for (Row& r : rows_) r.opponent_planner.assign(1, planner);
        }
        if (opt.opponent == Opponent::SCRIPTED) {
            for (Row& r : rows_) r.scripted = std::make_unique<bots::ScriptedBot>(b, opt.offense, opt.defense, opt.compensated);
        }
        if (opt.opponent == Opponent::GROD) {
            for (Row& r : rows_) {
                r.grod = std::make_unique<bots::GrodBot>(b, opt.grod_offense, opt.grod_defense, opt.grod_values, opt.compensated);
            }
        }
    }

    int size() const noexcept { return static_cast<int>(rows_.size()); }
    int spatial_size() const noexcept { return observer_.layers() * observer_.height() * observer_.width(); }
    const encode::Observer& observer() const noexcept { return observer_; }
    const encode::Codec& codec() const noexcept { return codec_; }
    const Board& board() const noexcept { return b_; }
    // Binds the caller's arrays; their mask rows must be all false (each row's mask, and
    // after its first observation its spatial layers, are then kept by clearing the entries
    // they set last, not the whole row).
    void bind(const Arrays& a) {
        a_ = a;
        for (Row& r : rows_) {
            r.mask_idx.clear();
            r.written = {};
        }
    }
    Row& row(int i) { return rows_.at(static_cast<std::size_t>(i)); }

    // Starts every row's first episode from the seeds (Gymnasium's reset).
    void reset() {
        for (int i = 0; i < size(); ++i) {
            Row& r = rows_[static_cast<std::size_t>(i)];
            r.pending = NONE;
            r.ended = false;
            a_.terminated[i] = a_.truncated[i] = false;
            a_.reward[i] = 0.0;
            a_.other_reward[i] = 0.0;
            start_episode(i);
            run(i);
        }
    }

    // Checks every row's action, then takes them all and runs each row to its learner's next
    // decision (or to a decision Python takes). Throws ActionError, stepping nothing, when an
    // index is outside the grid or not legal for its row.
    void step() {
        check();
        const auto n = static_cast<std::size_t>(size());
        for (std::size_t i = 0; i < n; ++i) {
            Row& r = rows_[i];
            r.ended = false;
            a_.terminated[i] = a_.truncated[i] = false;
            a_.other_reward[i] = 0.0;
            r.acted = r.shown;
            apply(r, r.acts[chosen_[i]]);
            ++r.steps;
            run(static_cast<int>(i));
        }
    }

    // step's check of every row's action, alone (ActionError naming the first bad row).
    void check() {
        const auto n = static_cast<std::size_t>(size());
        chosen_.resize(n);
        const std::int64_t cells = codec_.spec().size();
        for (std::size_t i = 0; i < n; ++i) {
            const Row& r = rows_[i];
            const std::int64_t a = a_.actions[i];
            if (r.pending != NONE) throw ActionError("row " + std::to_string(i) + " waits for a Python decision");
            if (a < 0 || a >= cells) {
                throw ActionError("row " + std::to_string(i) + ": action index " + std::to_string(a) +
                                  " is out of range 0.." + std::to_string(cells - 1));
            }
            std::size_t k = 0;
            while (k < r.idx.size() && r.idx[k] != a) ++k;
            if (k == r.idx.size()) {
                throw ActionError("row " + std::to_string(i) + ": action index " + std::to_string(a) + " is not legal now; " +
                                  std::to_string(r.idx.size()) + " actions are legal (see the action mask)");
            }
            chosen_[i] = k;
        }
    }

    // Python's decision for a pending row (checked by the engine), then the row runs on.
    void act(int i, const Act& a) {
        Row& r = row(i);
        if (r.pending != DECISION) throw std::invalid_argument("row " + std::to_string(i) + " does not wait for a decision");
        const int actor = r.s.decider;
        {
            const LogScope scope(r.s, r.log);
            nuffle::step(r.s, b_, a, false);  // IllegalActionError, state unchanged, when it is not legal
        }
        track(r, actor, a.type);
        r.pending = NONE;
        run(i);
    }

    // Random legal actions into `actions` (benchmarks, smoke tests): per row the C++ random
    // player's set-up move where random_setup_act has one, else a uniformly random action type
    // of the legal ones, then one of its indices uniformly; row i from its own stream, seeded
    // by `seed + i` (a block of rows starting at row `first` is given `seed + first`, so the
    // draws do not depend on how the rows are split over workers).
    void sample(std::uint64_t seed) {
        for (int i = 0; i < size(); ++i) {
            std::uint64_t r = seed_state(seed + static_cast<std::uint64_t>(i));
            const Row& row = rows_[static_cast<std::size_t>(i)];
            const std::size_t n = row.idx.size();
            if (n == 0) continue;
            std::size_t k = n;
            Act a;
            if (random_setup_act(row.s, b_, r, a)) {
                for (k = 0; k < n; ++k) {
                    const Act& b = row.acts[k];
                    if (b.type == a.type && b.player == a.player && b.square == a.square) break;
                }
            }
            if (k == n) {
                types_.clear();
                for (const Act& b : row.acts) {
                    if (std::find(types_.begin(), types_.end(), b.type) == types_.end()) types_.push_back(b.type);
                }
                const int type = types_[random_pick(r, types_.size())];
                std::size_t count = 0;
                for (const Act& b : row.acts) count += b.type == type;
                std::size_t nth = random_pick(r, count);
                for (k = 0; k < n; ++k) {
                    if (row.acts[k].type == type && nth-- == 0) break;
                }
            }
            a_.actions[i] = row.idx[k];
        }
    }

    // Writes the observation, as its decider sees it, of every row waiting for the policy
    // opponent into the first rows of the given arrays (`sp`, `ns`: whole observations; `u`: a
    // uniform draw in (0, 1) from the row's opponent stream, for the policy's sampling); its
    // legal indices stay in the row (`policy_legal`). Returns how many rows, remembered in that
    // order for `policy_act`.
    int policy_observe(float* sp, float* ns, double* u) {
        policy_rows_.clear();
        const auto ssize = static_cast<std::size_t>(spatial_size());
        const auto nsize = static_cast<std::size_t>(observer_.non_spatial_size());
        for (int i = 0; i < size(); ++i) {
            Row& r = rows_[static_cast<std::size_t>(i)];
            if (r.pending != POLICY) continue;
            const std::size_t k = policy_rows_.size();
            observe(r, r.s.decider, sp + k * ssize, ns + k * nsize, nullptr);
            if (r.idx.empty()) throw std::logic_error("row " + std::to_string(i) + ": the opponent decides with no legal action");
            u[k] = (static_cast<double>(random_pick(r.chooser, std::size_t{1} << 24U)) + 0.5) / 16777216.0;
            policy_rows_.push_back(i);
        }
        return static_cast<int>(policy_rows_.size());
    }

    // The rows policy_observe wrote, in its order.
    const std::vector<int>& policy_rows() const noexcept { return policy_rows_; }

    // The policy's index for each row `policy_observe` wrote, in its order: all checked
    // first (ActionError naming the row and index, nothing stepped), then each row runs on.
    void policy_act(const std::int64_t* index, std::size_t n) {
        if (n != policy_rows_.size()) {
            throw std::invalid_argument("policy_act takes one index per observed row: " + std::to_string(policy_rows_.size()) +
                                        ", got " + std::to_string(n));
        }
        chosen_.resize(n);
        for (std::size_t j = 0; j < n; ++j) {
            const Row& r = rows_[static_cast<std::size_t>(policy_rows_[j])];
            std::size_t k = 0;
            while (k < r.idx.size() && r.idx[k] != index[j]) ++k;
            if (r.pending != POLICY || k == r.idx.size()) {
                throw ActionError("row " + std::to_string(policy_rows_[j]) + ": the policy opponent's action index " +
                                  std::to_string(index[j]) + " is not legal now");
            }
            chosen_[j] = k;
        }
        for (std::size_t j = 0; j < n; ++j) {
            Row& r = rows_[static_cast<std::size_t>(policy_rows_[j])];
            r.pending = NONE;
            apply(r, r.acts[chosen_[j]]);
            run(policy_rows_[j]);
        }
        policy_rows_.clear();
    }

    // A row waiting at the start of its episode runs on.
    void resume(int i) {
        Row& r = row(i);
        if (r.pending != NEW_EPISODE) throw std::invalid_argument("row " + std::to_string(i) + " does not wait for a new episode");
        r.pending = NONE;
        run(i);
    }

    // Writes the observation of row i seen by `side` into the given row buffers (the mask
    // unless `mk` is null; with `w`, clearing only what the last observation into `sp` set);
    // its legal indices and actions go into the row.
    void observe(Row& r, int side, float* sp, float* ns, bool* mk, encode::Written* w = nullptr) {
        codec_.indices(r.s, b_, observer_.geometry(side), side, r.idx, &r.acts);
        codec_.cells(r.idx, cells_);
        observer_.observe(r.s, side, cells_, sp, ns, w);
        if (mk != nullptr) codec_.mask(r.idx, mk);
    }

private:
    // A decision the engine listed (so not checked again), logged as Game.step logs it.
    void apply(Row& r, const Act& a) {
        const int actor = r.s.decider;
        {
            const LogScope scope(r.s, r.log);
            note_decision(r.s, a.type, a.player, a.square);
            Ctx c{r.s, b_};
            r.s.decider = D_RUNNING;
            act_top(c, a);
            advance(r.s, b_, false);
        }
        track(r, actor, a.type);
    }

    bool tracked(const Row& r, int side) const noexcept { return opt_.opponent == Opponent::SELF || side == r.learner; }

    // Every tracked side's events of the decision `actor` just took (as BloodBowlEnv's tracker).
    void track(Row& r, int actor, int type) {
        for (int t = 0; t < 2; ++t) {
            if (tracked(r, t)) r.tracker[t].after(r.s, r.log, actor, type, r.ev[t]);
        }
    }

    void start_episode(int i) {
        Row& r = rows_[static_cast<std::size_t>(i)];
        const std::int64_t* seed = a_.seeds + 3 * static_cast<std::ptrdiff_t>(i);
        r.s = start_;
        r.s.rng = seed_state(static_cast<std::uint64_t>(seed[1]));
        r.log.clear();
        r.learner = static_cast<int>(seed[0]) == 1 ? 1 : 0;
        r.shown = r.acted = r.learner;
        r.steps = 0;
        r.chooser = seed_state(static_cast<std::uint64_t>(seed[2]));
        ++r.episode;
        {
            const LogScope scope(r.s, r.log);
            advance(r.s, b_, false);
        }
        for (int t = 0; t < 2; ++t) {
            if (tracked(r, t)) r.tracker[t].reset(r.s, b_, r.log, t);
            r.ev[t].clear();
        }
        for (setup_plan::SetupPlanner& p : r.planners) p.reset();
        for (setup_plan::SetupPlanner& p : r.opponent_planner) p.reset();
        if (r.scripted) r.scripted->reset();
        if (r.grod) r.grod->reset();
        if (python_) r.pending = NEW_EPISODE;
    }

    // Runs row i until its learner decides (observation written), Python must decide, or it
    // waits for Python at a new episode; an ended or truncated episode is closed and the next
    // one started on the way.
    void run(int i) {
        Row& r = rows_[static_cast<std::size_t>(i)];
        const bool self = opt_.opponent == Opponent::SELF;
        while (r.pending == NONE) {
            const int d = r.s.decider;
            if (d == D_NOBODY) {
                close_episode(i, true, r.acted);
                start_episode(i);
                continue;
            }
            if (d != D_HOME && d != D_AWAY) throw std::logic_error("row " + std::to_string(i) + " stopped with nobody to decide");
            const bool mine = self || d == r.learner;
            if (mine && opt_.setup != Setup::LEARNER && r.s.waiting == opt_.setup_kind) {
                if (opt_.setup == Setup::PYTHON) {
                    r.pending = DECISION;  // the set-up bot (Python)
                    return;
                }
                setup_plan::SetupPlanner& planner = r.planners[self ? static_cast<std::size_t>(d) : 0];
                apply(r, planner.act(r.s, legal_actions(r.s, b_)));
                continue;
            }
            if (!mine) {
                if (opt_.opponent == Opponent::SCRIPTED) {
                    apply(r, r.scripted->act(r.s, true));  // shown the plain rules, as envs' Opponent
                    continue;
                }
                if (opt_.opponent == Opponent::GROD) {
                    apply(r, r.grod->act(r.s, true));
                    continue;
                }
                if (opt_.opponent == Opponent::PYTHON) {
                    r.pending = DECISION;
                    return;
                }
                if (opt_.opponent == Opponent::POLICY) {
                    if (!r.opponent_planner.empty() && r.s.waiting == opt_.setup_kind) {
                        apply(r, r.opponent_planner[0].act(r.s, legal_actions(r.s, b_)));
                        continue;
                    }
                    r.pending = POLICY;  // the policy opponent (policy_observe, policy_act)
                    return;
                }
                Act a;
                if (!random_setup_act(r.s, b_, r.chooser, a)) {
                    const Legal legal = legal_actions(r.s, b_);
                    if (legal.empty()) throw std::logic_error("row " + std::to_string(i) + ": a coach decides with no legal action");
                    a = random_act(legal, r.chooser);
                }
                apply(r, a);
                continue;
            }
            if (opt_.max_steps > 0 && r.steps >= opt_.max_steps) {
                close_episode(i, false, d);
                start_episode(i);
                continue;
            }
            r.shown = d;
            const auto k = static_cast<std::size_t>(i);
            observe(r, d, a_.spatial + k * static_cast<std::size_t>(spatial_size()),
                    a_.non_spatial + k * static_cast<std::size_t>(observer_.non_spatial_size()), nullptr, &r.written);
            encode::Codec::keep_mask(r.idx, r.mask_idx, a_.mask + k * static_cast<std::size_t>(codec_.spec().size()));
            if (r.idx.empty()) throw std::logic_error("row " + std::to_string(i) + ": the learner decides with no legal action");
            a_.side[i] = static_cast<std::int8_t>(d);
            if (!r.ended) a_.reward[i] = opt_.reward(r.ev[r.acted]);
            r.ev[r.acted].clear();  // the other side's events wait for its own next step
            if (r.ended) r.ev[1 - r.acted].clear();  // a new episode: what its start did is no one's reward
            return;
        }
    }

    // Closes row i's episode (terminated: the match is over; else truncated): its last
    // observation, seen by `shown`, into the final arrays, the rewards (of the side that acted
    // last, and of the other), the flags.
    void close_episode(int i, bool terminated, int shown) {
        Row& r = rows_[static_cast<std::size_t>(i)];
        const auto k = static_cast<std::size_t>(i);
        const int side = r.acted;
        observe(r, shown, a_.final_spatial + k * static_cast<std::size_t>(spatial_size()),
                a_.final_non_spatial + k * static_cast<std::size_t>(observer_.non_spatial_size()),
                a_.final_mask + k * static_cast<std::size_t>(codec_.spec().size()));
        if (terminated) {
            for (int t = 0; t < 2; ++t) {
                if (tracked(r, t)) r.tracker[t].finish(r.s, r.ev[t]);
            }
        }
        a_.reward[i] = opt_.reward(r.ev[side]);
        a_.other_reward[i] = opt_.reward(r.ev[1 - side]);
        a_.terminated[i] = terminated;
        a_.truncated[i] = !terminated;
        a_.final_side[i] = static_cast<std::int8_t>(shown);
        a_.final_score[2 * k] = r.s.teams[HOME].score;
        a_.final_score[2 * k + 1] = r.s.teams[AWAY].score;
        if (python_ || opt_.keep_final) r.final_state = r.s;
        r.ended = true;
    }

    const Board& b_;
    encode::Observer observer_;
    encode::Codec codec_;
    State start_;
    Options opt_;
    std::vector<Row> rows_;
    Arrays a_{};
    bool python_ = false;
    std::vector<std::size_t> chosen_;
    std::vector<int> policy_rows_;  // the rows policy_observe wrote, in its order
    std::vector<int> cells_;
    std::vector<int> types_;
};

}  // namespace nuffle::vec
