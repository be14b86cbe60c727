// The C++ search's tree (agents/mcts/tree.py): decision nodes, action edges (each a chance node
// over the states its action leads to) and the chance steps of sampled edges.
#pragma once

#include <cstdint>
#include <utility>
#include <vector>

#include "nuffle/mcts/values.hpp"
#include "nuffle/state.hpp"

namespace nuffle::mcts {

// What selection and backups read of an edge, kept in its node (one array per node, in the
// order the edges were made): its value, visits, whether it is solved, its action's index and
// the edge itself.
struct EdgeStat {
    double value = 0.0;
    int visits = 0;
    int index = 0;  // the action's index in its node's `actions`
    int edge = 0;  // in the search's edges
    bool solved = false;
};

// A decision (or a leaf: end of the game, end of the searched turn). `actions` are the legal
// actions in expansion order with their `priors`; `edges` the expanded edges in the order they
// were made, `edge_at[i]` the edge of action i or -1. `state`: the slot of its state in the
// search's store, or -1 for a leaf outside the table (never expanded nor looked up).
struct Node {
    int state = -1;
    std::int8_t side = 0;
    bool final = false;
    bool solved = false;
    bool prepared = false;
    bool in_table = false;
    int visits = 0;
    int tried = 0;  // how many actions, in order, have an edge (UCT expands in order)
    double value = 0.0;
    std::vector<Move> actions;
    std::vector<double> priors;
    std::vector<EdgeStat> edges;
    std::vector<int> edge_at;
};

// An action taken at a node (its value, visits and whether it is solved are its node's
// EdgeStat number `slot`). `probs[i]`: the exact probability of `children[i]` (0.0 where
// sampled), `counts[i]`: how often it was drawn. A sampled edge keeps the state its action
// leads to (`after`, a slot of the store) and the root of its chance steps (`chance`).
struct Edge {
    Move action{};
    int slot = 0;
    double prior = 0.0;
    bool exact = true;
    int after = -1;
    int chance = -1;
    std::vector<int> children;
    std::vector<double> probs;
    std::vector<int> counts;

    // Add an outcome (merged with an equal one already there); returns its index.
    std::size_t add(int child, double prob) {
        for (std::size_t i = 0; i < children.size(); ++i) {
            if (children[i] == child) {
                probs[i] += prob;
                return i;
            }
        }
        children.push_back(child);
        probs.push_back(prob);
        counts.push_back(0);
        return children.size() - 1;
    }
};

// A sampled edge's chance events as a tree of the raw outcomes sampled so far (tree.ChanceStep):
// the event pending here and where each outcome led: a step (>= 0) or a node (-1 - node).
struct Step {
    Chance event{};
    std::vector<std::pair<Outcome, int>> next;

    const int* find(const Outcome& o) const noexcept {
        for (const auto& [k, v] : next) {
            if (k == o) return &v;
        }
        return nullptr;
    }
};

}  // namespace nuffle::mcts
