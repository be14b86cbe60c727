// The search's use of exact outcome distributions (transitions.hpp's `explore`) as floats, and
// the `lookahead` bot's choice in C++ (agents/mcts/bot.py's LookaheadBot.act).
#pragma once

#include <cstdint>
#include <functional>
#include <vector>

#include "nuffle/mcts/pyrandom.hpp"
#include "nuffle/mcts/rollout.hpp"
#include "nuffle/mcts/values.hpp"
#include "nuffle/transitions.hpp"

namespace nuffle::mcts {

// The probabilities of an explored graph's absorbing nodes as floats (float(Fraction)), for
// the graphs C++ does not solve or cannot round exactly (a cycle; parts over 2**53): filled by
// the binding through Python. Index: node number; nodes not absorbing are ignored.
using Solver = std::function<std::vector<double>(const Explored&)>;

// float(probability) of each node of the last exploration (0 for those not absorbing).
inline std::vector<double> masses(const Explored& ex, const Solver& solver) {
    const std::size_t n = ex.states.size();
    std::vector<double> probs(n, 0.0);
    bool solved = ex.solved;
    if (solved) {
        for (std::size_t k = 0; k < n && solved; ++k) {
            if (ex.states[k].decider == D_CHANCE || ex.mass[k].num == 0) continue;
            solved = exact_ratio(ex.mass[k].num, ex.mass[k].den, probs[k]);
        }
    }
    if (!solved) probs = solver(ex);
    return probs;
}

// The exact expected heuristic value over `g`'s outcomes (Python's sum, in the outcomes'
// order); false past `limit` states (or with no limit).
inline bool expectation(const Config& cfg, const Board& b, const State& g, int limit, Explored& ex, const Solver& solver,
                        double& out) {
    if (limit <= 0) return false;
    try {
        explore(g, b, limit, ex);
    } catch (const TooManyStatesError&) {
        return false;
    }
    const std::vector<double> probs = masses(ex, solver);
    double total = 0.0;
    for (std::size_t k = 0; k < probs.size(); ++k) {
        if (ex.states[k].decider == D_CHANCE || probs[k] == 0.0) continue;
        total += probs[k] * heuristic_value(cfg.heuristic, ex.states[k], b);
    }
    out = total;
    return true;
}

// bot.LookaheadBot.act: the index (in legal-action order) of the action whose expected
// heuristic value after it (up to the next decision: exact over at most `limit` states, else
// the mean of `samples` samples drawn from `rng`) is best for the side to decide; ties go
// to the larger seeded hash of the action in the side's own frame.
inline int lookahead(const Config& cfg, const Board& b, const State& view, int limit, int samples, PyRandom& rng,
                     Explored& ex, const Solver& solver, std::vector<Move>& actions) {
    State s = view;
    const int side = s.decider;
    list_actions(s, b, actions);
    int best = -1;
    double best_value = 0.0;
    std::int64_t best_tie = 0;
    for (std::size_t i = 0; i < actions.size(); ++i) {
        State g = s;
        act_explicit(g, b, actions[i]);
        double v;
        if (g.decider != D_CHANCE) {
            v = heuristic_value(cfg.heuristic, g, b);
        } else if (!expectation(cfg, b, g, limit, ex, solver, v)) {
            double total = 0.0;
            for (int k = 0; k < samples; ++k) {
                State h = g;
                h.rng = rng.bits63() | 1ULL;
                while (h.decider == D_CHANCE) {
                    const Outcome o = sample(h.chance.event, h.rng);
                    resolve(h, b, o, true);
                }
                total += heuristic_value(cfg.heuristic, h, b);
            }
            v = total / samples;
        }
        const double mine = own(v, side);
        const std::int64_t tie = salted_hash(cfg.salt, side_relative(s, b, side, actions[i]));
        if (best < 0 || mine > best_value || (mine == best_value && tie > best_tie)) {
            best = static_cast<int>(i);
            best_value = mine;
            best_tie = tie;
        }
    }
    return best;
}

}  // namespace nuffle::mcts
